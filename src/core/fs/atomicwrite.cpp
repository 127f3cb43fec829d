#include "core/fs/atomicwrite.h"

#include "core/fs/fserror.h"

#include <QDir>
#include <QFileInfo>

#include <atomic>
#include <cerrno>

#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

std::atomic<quint64> g_tempCounter{0};

// Follows a chain of symlinks to the file that should receive the bytes.
QString resolveTarget(const QString &target)
{
    QString current = target;
    for (int hops = 0; hops < 40; ++hops) {
        const QFileInfo info(current);
        if (!info.isSymLink())
            return current;
        const QString link = info.symLinkTarget();
        if (link.isEmpty())
            return current;
        current = link;
    }
    return current;
}

bool writeAll(int fd, const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, size_t(bytes.size() - done));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        done += n;
    }
    return true;
}

} // namespace

void syncDirectory(const QString &dir)
{
    const int fd = ::open(QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

Result<void> atomicWrite(const QString &target, const QByteArray &bytes)
{
    const QString path = resolveTarget(QFileInfo(target).absoluteFilePath());
    const QByteArray nativePath = QFile::encodeName(path);

    struct stat st
    {
    };
    const bool exists = ::stat(nativePath.constData(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        return Error(
                   ErrorKind::PackOp, u"is_directory"_s,
                   Message(QT_TRANSLATE_NOOP("Grex", "cannot write %1: it is a directory"), {path}))
            .withDetail(u"path"_s, path);
    }
    // rename(2) would replace a read-only file as long as the directory is writable; a file
    // without any write permission bit is a decision grex respects, whoever runs it.
    if (exists && (st.st_mode & 0222) == 0) {
        return Error(ErrorKind::PackOp, u"read_only"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot write %1: the file is read-only"),
                             {path}))
            .withDetail(u"path"_s, path);
    }

    timespec ts{};
    ::clock_gettime(CLOCK_REALTIME, &ts);
    const quint64 nanos = quint64(ts.tv_sec) * 1'000'000'000ull + quint64(ts.tv_nsec);
    const QString temp = path + u".tmp."_s + QString::number(::getpid()) + u'.' +
                         QString::number(nanos, 16) + u'.' +
                         QString::number(g_tempCounter.fetch_add(1), 16);
    const QByteArray nativeTemp = QFile::encodeName(temp);

    const mode_t mode = exists ? (st.st_mode & 07777) : 0666;
    const int fd = ::open(nativeTemp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0)
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot create %1: %2"), temp, errno);
    if (exists)
        ::fchmod(fd, mode); // O_CREAT applies the umask; keep the target's permissions

    if (!writeAll(fd, bytes) || ::fsync(fd) != 0) {
        const int err = errno;
        ::close(fd);
        ::unlink(nativeTemp.constData());
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot write %1: %2"), temp, err);
    }
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(nativeTemp.constData());
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot write %1: %2"), temp, err);
    }
    if (::rename(nativeTemp.constData(), nativePath.constData()) != 0) {
        const int err = errno;
        ::unlink(nativeTemp.constData());
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot replace %1: %2"), path, err);
    }
    syncDirectory(QFileInfo(path).absolutePath());
    return {};
}

} // namespace Grex
