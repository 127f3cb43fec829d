#pragma once

#include "core/fs/stampedcache.h"
#include "core/result.h"
#include "core/timestamp.h"

#include <QMap>
#include <QString>

#include <memory>

namespace Grex {

// One resolved pack in grex.lock.jsonl (docs/design.md, "Lockfile").
struct LockEntry
{
    QString id;
    QString sha;    // 40 lowercase hex, or "" when unknown
    QString branch; // "" when detached or unknown
    Timestamp installedAt;
    QString actionsHash; // 64 lowercase hex
    QString schemaVersion = QStringLiteral("1");

    friend bool operator==(const LockEntry &a, const LockEntry &b) = default;
};

using LockEntries = QMap<QString, LockEntry>;

// The lockfile: a full snapshot rewritten atomically, one line per entry sorted byte-wise by id.
// Errors: Manifest "lockfile_corruption" (details: line, detail), Manifest "io".
class Lockfile
{
public:
    // The last parse, reused while the file is unchanged; shared by copies, thread-safe.
    using ReadCache = StampedCache<LockEntries>;

    Lockfile(QString path, QString manifestLockPath, std::shared_ptr<ReadCache> cache = {});

    const QString &path() const { return m_path; }

    // Missing file: empty. Blank lines skipped; a duplicate id: the last line wins.
    Result<LockEntries> read() const;
    static Result<LockEntries> parse(const QByteArray &bytes);
    // Drops the cached parse: a caller that keeps the entries it read need not have them twice
    // once it changes them, nor after it is done.
    void forgetCachedRead() const;

    // Writes the snapshot under the manifest lock (tier 5).
    Result<void> write(const LockEntries &entries) const;
    // The exact bytes write() produces; equal entries always give equal bytes.
    static QByteArray serialize(const LockEntries &entries);

private:
    QString m_path;
    QString m_lockPath;
    std::shared_ptr<ReadCache> m_cache;
};

} // namespace Grex
