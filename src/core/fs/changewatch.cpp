#include "core/fs/changewatch.h"

#include "core/logging.h"

#include <QFile>

#include <cerrno>

#ifdef Q_OS_LINUX
#include <sys/inotify.h>
#include <unistd.h>
#endif

namespace Grex {

#ifdef Q_OS_LINUX

namespace {

constexpr uint32_t kEvents = IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_MODIFY |
                             IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF |
                             IN_ONLYDIR | IN_DONT_FOLLOW;

} // namespace

ChangeWatch::ChangeWatch() : m_fd(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC))
{
    if (m_fd < 0)
        qCDebug(lcCore, "inotify is not available: %s", strerror(errno));
}

ChangeWatch::~ChangeWatch()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

void ChangeWatch::refresh()
{
    QMutexLocker locker(&m_mutex);
    drainLocked();
}

void ChangeWatch::drainLocked()
{
    if (m_fd < 0)
        return;
    alignas(inotify_event) char buffer[16384];
    for (;;) {
        const ssize_t n = ::read(m_fd, buffer, sizeof buffer);
        if (n <= 0)
            return; // EAGAIN: nothing more queued
        for (ssize_t at = 0; at < n;) {
            const auto *event = reinterpret_cast<const inotify_event *>(buffer + at);
            at += ssize_t(sizeof(inotify_event) + event->len);
            m_lastEventAt = ++m_now;
            if (event->mask & IN_Q_OVERFLOW) {
                m_overflowAt = m_now; // events were lost: everything may have changed
                continue;
            }
            const auto dir = m_dirOfWatch.constFind(event->wd);
            if (dir == m_dirOfWatch.cend())
                continue;
            m_changedAt.insert(*dir, m_now);
            if (event->mask & (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF)) {
                // The directory went away (or moved): forget the watch; the next watch() of
                // that path starts afresh.
                if (!(event->mask & IN_IGNORED))
                    ::inotify_rm_watch(m_fd, event->wd);
                m_watchOfDir.remove(*dir);
                m_dirOfWatch.erase(dir);
            }
        }
    }
}

std::optional<ChangeWatch::Token> ChangeWatch::watch(const QStringList &dirs)
{
    QMutexLocker locker(&m_mutex);
    if (m_fd < 0)
        return std::nullopt;
    for (const QString &dir : dirs) {
        if (m_watchOfDir.contains(dir))
            continue;
        const int wd = ::inotify_add_watch(m_fd, QFile::encodeName(dir).constData(), kEvents);
        if (wd < 0) {
            qCDebug(lcCore, "cannot watch %s: %s", qPrintable(dir), strerror(errno));
            return std::nullopt;
        }
        // A path can come back under a watch descriptor another path had (after a rename).
        if (const auto old = m_dirOfWatch.constFind(wd); old != m_dirOfWatch.cend())
            m_watchOfDir.remove(*old);
        m_dirOfWatch.insert(wd, dir);
        m_watchOfDir.insert(dir, wd);
        m_changedAt.insert(dir, m_now);
    }
    // Later events get a larger generation than this token.
    return ++m_now;
}

bool ChangeWatch::unchangedSince(const QStringList &dirs, Token token) const
{
    QMutexLocker locker(&m_mutex);
    if (m_fd < 0 || token <= m_overflowAt)
        return false;
    for (const QString &dir : dirs) {
        if (!m_watchOfDir.contains(dir) || m_changedAt.value(dir) > token)
            return false;
    }
    return true;
}

bool ChangeWatch::quietSince(Token token) const
{
    QMutexLocker locker(&m_mutex);
    return m_fd >= 0 && m_lastEventAt < token && m_overflowAt < token;
}

#else // not Linux: every question answers "changed"

ChangeWatch::ChangeWatch() = default;
ChangeWatch::~ChangeWatch() = default;
void ChangeWatch::refresh() {}
void ChangeWatch::drainLocked() {}
std::optional<ChangeWatch::Token> ChangeWatch::watch(const QStringList &)
{
    return std::nullopt;
}
bool ChangeWatch::unchangedSince(const QStringList &, Token) const
{
    return false;
}
bool ChangeWatch::quietSince(Token) const
{
    return false;
}

#endif

std::optional<std::any> DirMemo::find(const QHash<QString, Entry> &entries, const QString &key,
                                      bool whole) const
{
    Entry entry;
    {
        QMutexLocker locker(&m_mutex);
        const auto it = entries.constFind(key);
        if (it == entries.cend())
            return std::nullopt;
        entry = *it;
    }
    const bool valid = whole ? m_watch->quietSince(entry.token)
                             : m_watch->unchangedSince(entry.dirs, entry.token);
    if (!valid)
        return std::nullopt;
    return entry.value;
}

std::optional<std::any> DirMemo::lookup(const QString &key) const
{
    return find(m_entries, key, false);
}

void DirMemo::store(const QString &key, const QStringList &dirs, ChangeWatch::Token token,
                    std::any value)
{
    QMutexLocker locker(&m_mutex);
    m_entries.insert(key, Entry{dirs, token, std::move(value)});
}

std::optional<std::any> DirMemo::lookupWhole(const QString &key) const
{
    return find(m_wholes, key, true);
}

void DirMemo::storeWhole(const QString &key, ChangeWatch::Token token, std::any value)
{
    QMutexLocker locker(&m_mutex);
    m_wholes.insert(key, Entry{{}, token, std::move(value)});
}

} // namespace Grex
