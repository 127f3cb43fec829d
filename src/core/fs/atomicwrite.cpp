#include "core/fs/atomicwrite.h"

#include "core/fs/fserror.h"

#include <QDir>
#include <QFileInfo>

#include <atomic>
#include <cerrno>
#include <limits>

#include <fcntl.h>
#include <signal.h>
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

bool writeAll(int fd, QByteArrayView bytes)
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

AtomicFile::AtomicFile(const QString &target)
    : m_path(resolveTarget(QFileInfo(target).absoluteFilePath()))
{
}

AtomicFile::~AtomicFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
    if (!m_temp.isEmpty())
        ::unlink(QFile::encodeName(m_temp).constData());
}

Result<void> AtomicFile::open()
{
    const QByteArray nativePath = QFile::encodeName(m_path);
    struct stat st
    {
    };
    const bool exists = ::stat(nativePath.constData(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        return Error(ErrorKind::PackOp, u"is_directory"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot write %1: it is a directory"),
                             {m_path}))
            .withDetail(u"path"_s, m_path);
    }
    // rename(2) would replace a read-only file as long as the directory is writable; a file
    // without any write permission bit is a decision grex respects, whoever runs it.
    if (exists && (st.st_mode & 0222) == 0) {
        return Error(ErrorKind::PackOp, u"read_only"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot write %1: the file is read-only"),
                             {m_path}))
            .withDetail(u"path"_s, m_path);
    }

    timespec ts{};
    ::clock_gettime(CLOCK_REALTIME, &ts);
    const quint64 nanos = quint64(ts.tv_sec) * 1'000'000'000ull + quint64(ts.tv_nsec);
    const QString temp = m_path + u".tmp."_s + QString::number(::getpid()) + u'.' +
                         QString::number(nanos, 16) + u'.' +
                         QString::number(g_tempCounter.fetch_add(1), 16);
    const mode_t mode = exists ? (st.st_mode & 07777) : 0666;
    m_fd =
        ::open(QFile::encodeName(temp).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (m_fd < 0)
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot create %1: %2"), temp, errno);
    m_temp = temp;
    if (exists)
        ::fchmod(m_fd, mode); // O_CREAT applies the umask; keep the target's permissions
    return {};
}

void AtomicFile::write(QByteArrayView bytes)
{
    // Lines are small: written as they come, each would be a system call.
    constexpr qsizetype kBufferBytes = 64 * 1024;
    if (bytes.size() >= kBufferBytes) {
        flushBuffer();
        if (m_error == 0 && !writeAll(m_fd, bytes))
            m_error = errno;
        return;
    }
    if (m_buffer.isEmpty())
        m_buffer.reserve(kBufferBytes);
    m_buffer.append(bytes);
    if (m_buffer.size() >= kBufferBytes)
        flushBuffer();
}

void AtomicFile::flushBuffer()
{
    if (m_error == 0 && !writeAll(m_fd, m_buffer))
        m_error = errno;
    m_buffer.clear();
}

Result<void> AtomicFile::close()
{
    flushBuffer();
    m_buffer = {};
    if (m_error == 0 && ::fsync(m_fd) != 0)
        m_error = errno;
    if (::close(m_fd) != 0 && m_error == 0)
        m_error = errno;
    m_fd = -1;
    if (m_error != 0)
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot write %1: %2"), m_temp, m_error);
    m_closed = true;
    return {};
}

Result<void> AtomicFile::commit()
{
    if (!m_closed) {
        if (Result<void> closed = close(); !closed)
            return closed;
    }
    const QByteArray nativeTemp = QFile::encodeName(m_temp);
    if (::rename(nativeTemp.constData(), QFile::encodeName(m_path).constData()) != 0)
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot replace %1: %2"), m_path, errno);
    m_temp.clear();
    syncDirectory(QFileInfo(m_path).absolutePath());
    return {};
}

bool isAbandonedTempFile(QStringView fileName, QStringView targetName)
{
    // <target>.tmp.<pid>.<nanoseconds>.<counter>, the last two in hex, as open() names it.
    constexpr QStringView infix = u".tmp.";
    if (!fileName.startsWith(targetName) || !fileName.sliced(targetName.size()).startsWith(infix))
        return false;
    const QList<QStringView> parts = fileName.sliced(targetName.size() + infix.size()).split(u'.');
    if (parts.size() != 3)
        return false;
    bool ok = false;
    const qint64 pid = parts.at(0).toLongLong(&ok);
    if (!ok || pid <= 0 || pid > std::numeric_limits<pid_t>::max() || pid == ::getpid())
        return false;
    for (const QStringView hex : {parts.at(1), parts.at(2)}) {
        [[maybe_unused]] const quint64 value = hex.toULongLong(&ok, 16);
        if (!ok)
            return false;
    }
    // A process by that number, whoever it is now, may still be writing it.
    return ::kill(pid_t(pid), 0) != 0 && errno == ESRCH;
}

Result<void> atomicWrite(const QString &target, const QByteArray &bytes)
{
    AtomicFile file(target);
    if (Result<void> opened = file.open(); !opened)
        return opened;
    file.write(bytes);
    return file.commit();
}

} // namespace Grex
