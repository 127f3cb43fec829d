#include "core/fs/fsutil.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>

#include <dirent.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>

using namespace Qt::StringLiterals;

namespace Grex {

BoundedRead readBounded(const QString &file, qint64 limit)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return {{}, BoundedRead::Fault::Unreadable, in.errorString()};
    if (!in.isSequential() && in.size() > limit)
        return {{}, BoundedRead::Fault::TooLarge, {}};
    QByteArray bytes = in.isSequential() ? in.read(limit + 1) : in.readAll();
    if (bytes.size() > limit)
        return {{}, BoundedRead::Fault::TooLarge, {}};
    if (in.error() != QFileDevice::NoError)
        return {{}, BoundedRead::Fault::Unreadable, in.errorString()};
    return {std::move(bytes), BoundedRead::Fault::None, {}};
}

bool isEmptyDirectory(const QString &path)
{
    const QFileInfo info(path);
    return info.isDir() && QDir(path).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::System |
                                              QDir::NoDotAndDotDot);
}

void removeCreated(const QString &dir, bool existedBefore)
{
    if (!existedBefore) {
        QDir(dir).removeRecursively();
        return;
    }
    const QFileInfoList entries = QDir(dir).entryInfoList(QDir::AllEntries | QDir::Hidden |
                                                          QDir::System | QDir::NoDotAndDotDot);
    for (const QFileInfo &entry : entries) {
        if (entry.isDir() && !entry.isSymLink())
            QDir(entry.absoluteFilePath()).removeRecursively();
        else
            QFile::remove(entry.absoluteFilePath());
    }
}

void removeEmptyParents(const QString &dir, const QString &root)
{
    const QString top = QDir::cleanPath(root);
    QString parent = QFileInfo(QDir::cleanPath(dir)).absolutePath();
    while (parent.startsWith(top + u'/') && QDir().rmdir(parent))
        parent = QFileInfo(parent).absolutePath();
}

bool openForReading(QFile &file, bool *missing)
{
    *missing = false;
    if (file.open(QIODevice::ReadOnly))
        return true;
    *missing = !QFileInfo::exists(file.fileName());
    return false;
}

QByteArray readToEnd(QFile &file)
{
    if (file.isSequential())
        return file.readAll();
    QByteArray bytes = file.read(qMax<qint64>(file.size() - file.pos(), 0));
    // A file that grew since its size was taken (an append) is read to its new end.
    if (!file.atEnd())
        bytes += file.readAll();
    return bytes;
}

namespace {

bool isProcessId(const char *name)
{
    if (!*name)
        return false;
    for (; *name; ++name) {
        if (*name < '0' || *name > '9')
            return false;
    }
    return true;
}

} // namespace

bool processAlive(qint64 pid)
{
    if (pid <= 0 || (::kill(pid_t(pid), 0) != 0 && errno != EPERM))
        return false;
    QFile stat(u"/proc/"_s + QString::number(pid) + u"/stat"_s);
    if (!stat.open(QIODevice::ReadOnly))
        return true;
    // "<pid> (<command>) <state> ...": the command may itself hold parentheses.
    const QByteArray line = stat.read(4096);
    const qsizetype close = line.lastIndexOf(')');
    const char state = close >= 0 && close + 2 < line.size() ? line.at(close + 2) : '?';
    return state != 'Z' && state != 'X';
}

bool isOpenByAnyProcess(const QString &path)
{
    char resolved[PATH_MAX];
    if (!::realpath(QFile::encodeName(path).constData(), resolved))
        return false; // gone: nobody holds it any more
    const QByteArray target(resolved);
    DIR *proc = ::opendir("/proc");
    if (!proc)
        return true;
    const auto closeProc = qScopeGuard([proc] { ::closedir(proc); });
    bool sawOwnProcess = false;
    const QByteArray self = QByteArray::number(qint64(::getpid()));
    while (const dirent *process = ::readdir(proc)) {
        if (!isProcessId(process->d_name))
            continue;
        const QByteArray fdDir = QByteArray("/proc/") + process->d_name + "/fd";
        DIR *fds = ::opendir(fdDir.constData());
        if (!fds)
            continue; // another user's, or it just ended
        const auto closeFds = qScopeGuard([fds] { ::closedir(fds); });
        if (self == process->d_name)
            sawOwnProcess = true;
        while (const dirent *fd = ::readdir(fds)) {
            if (fd->d_name[0] == '.')
                continue;
            const QByteArray link = fdDir + '/' + fd->d_name;
            char buffer[PATH_MAX];
            const ssize_t length = ::readlink(link.constData(), buffer, sizeof buffer);
            if (length == qsizetype(target.size()) &&
                QByteArrayView(buffer, length) == QByteArrayView(target))
                return true;
        }
    }
    // A /proc that does not show this very process is not one that can be trusted to show
    // the others (mounted with hidepid, or not procfs at all).
    return !sawOwnProcess;
}

} // namespace Grex
