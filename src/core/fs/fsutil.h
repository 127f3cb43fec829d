#pragma once

#include <QByteArray>
#include <QString>

class QFile;

namespace Grex {

// Opens file for reading. When it cannot, returns false and sets *missing when there is no such
// file. Asking QFile::exists() first instead is wrong for a file that grex replaces by rename
// (atomicWrite): QFile::exists() can answer false while the rename happens.
bool openForReading(QFile &file, bool *missing);

// The rest of an open file, in a buffer of the file's size: QIODevice::readAll() grows its
// buffer past the end to find it, which held twice a large lockfile in memory.
QByteArray readToEnd(QFile &file);

// What readBounded found: the bytes, or why there are none (reason is QFile's words).
struct BoundedRead
{
    enum class Fault { None, Unreadable, TooLarge };
    QByteArray bytes;
    Fault fault = Fault::None;
    QString reason;
};

// Reads the whole of file when it holds at most limit bytes. A pipe has no size: it is read one
// byte past the limit, so one that never ends stops.
BoundedRead readBounded(const QString &file, qint64 limit);

// True for an existing directory with no entries at all (hidden ones included).
bool isEmptyDirectory(const QString &path);

// Undoes a directory an operation filled: removes it when it did not exist before, otherwise
// removes only what is inside it. Symlinks inside are removed, never followed.
void removeCreated(const QString &dir, bool existedBefore);

// Removes the folders above dir, up to but not including root, while they are empty: what
// making a nested pack's folders (src/tools for src/tools/fd) left once the pack is gone.
void removeEmptyParents(const QString &dir, const QString &root);

// True when some process has path open, as far as /proc shows (the processes of other users
// are not readable there). Answers true when /proc cannot be read at all, so a caller that
// removes files nobody holds removes nothing it cannot vouch for.
bool isOpenByAnyProcess(const QString &path);

// True when a process with this pid runs on this machine (it may be another user's). One that
// exited and waits as a zombie for its parent to reap it does not: it holds no locks, files
// or connections any more, and an init that reaps late keeps it for a second or more.
bool processAlive(qint64 pid);

} // namespace Grex
