#pragma once

#include <QMutex>

#include <sys/stat.h>

#include <memory>
#include <optional>

namespace Grex {

// What identifies one version of a file: it changes whenever the file is rewritten (grex
// replaces its files by rename, which gives a new inode) or appended to.
struct FileStamp
{
    dev_t device = 0;
    ino_t inode = 0;
    off_t size = -1;
    timespec modified{};

    static std::optional<FileStamp> of(int fd)
    {
        struct stat st
        {
        };
        if (::fstat(fd, &st) != 0)
            return std::nullopt;
        return of(st);
    }

    static FileStamp of(const struct stat &st)
    {
        return FileStamp{st.st_dev, st.st_ino, st.st_size, st.st_mtim};
    }

    friend bool operator==(const FileStamp &a, const FileStamp &b)
    {
        return a.device == b.device && a.inode == b.inode && a.size == b.size &&
               a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec;
    }
};

// The last parse of one file, reused while the file's stamp is unchanged. Shared by the copies
// of a reader (a Workspace hands the same cache to every IntentLog or Lockfile it makes), so a
// long-lived process such as grex serve parses a file once per change, not once per call.
template<typename T, typename Stamp = FileStamp>
class StampedCache
{
public:
    std::optional<T> lookup(const Stamp &stamp) const
    {
        QMutexLocker locker(&m_mutex);
        if (m_value && m_stamp == stamp)
            return m_value;
        return std::nullopt;
    }

    void store(const Stamp &stamp, const T &value)
    {
        QMutexLocker locker(&m_mutex);
        m_stamp = stamp;
        m_value = value;
    }

    void clear()
    {
        QMutexLocker locker(&m_mutex);
        m_value.reset();
    }

private:
    mutable QMutex m_mutex;
    Stamp m_stamp{};
    std::optional<T> m_value;
};

} // namespace Grex
