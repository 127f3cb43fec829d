#pragma once

#include "core/result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace Grex {

// Replaces `target` with `bytes` so that a crash at any point leaves either the old or the new
// content: write a sibling temp file, fsync it, rename it over the target. A symlinked target
// is written through (the link survives). Refuses a directory target and a target the user made
// read-only. Errors: PackOp (reason "io", "read_only", "is_directory").
Result<void> atomicWrite(const QString &target, const QByteArray &bytes);

// A file replaced whole as atomicWrite() replaces it, written in pieces: the bytes go to a
// sibling temp file, which commit() renames over the target. Whatever is not committed is
// removed with the object. Errors as atomicWrite()'s.
class AtomicFile
{
public:
    explicit AtomicFile(const QString &target);
    ~AtomicFile();
    AtomicFile(const AtomicFile &) = delete;
    AtomicFile &operator=(const AtomicFile &) = delete;

    // Creates the temp file.
    Result<void> open();
    // Buffered; a failure shows at close().
    void write(QByteArrayView bytes);
    // Writes what is buffered and flushes the temp file to disk: it can be read back then.
    Result<void> close();
    // Renames the closed temp file over the target.
    Result<void> commit();
    const QString &tempPath() const { return m_temp; }

private:
    void flushBuffer();

    QString m_path;
    QString m_temp;
    QByteArray m_buffer;
    int m_fd = -1;
    int m_error = 0; // errno of the first failed write
    bool m_closed = false;
};

// Whether fileName is the temp file of an AtomicFile (or atomicWrite) of a file named
// targetName in the same folder that was never committed and whose process is gone: what a
// killed write leaves. The file it would have replaced is whole.
bool isAbandonedTempFile(QStringView fileName, QStringView targetName);

// Flushes a directory entry change (rename, create, unlink) to disk. Best effort.
void syncDirectory(const QString &dir);

} // namespace Grex
