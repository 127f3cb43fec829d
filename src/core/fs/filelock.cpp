#include "core/fs/filelock.h"

#include "core/fs/fsutil.h"
#include "core/logging.h"
#include "core/wire.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <QSet>
#include <QSysInfo>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <utility>
#include <vector>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex {

constexpr WireTable<LockTier, 6> kLockTierWords{{
    {LockTier::Admission, u"admission"},
    {LockTier::WorkspaceSync, u"workspace sync"},
    {LockTier::SchedulerPermit, u"scheduler permit"},
    {LockTier::Pack, u"pack"},
    {LockTier::Backend, u"backend"},
    {LockTier::Manifest, u"manifest"},
}};

QString lockTierName(LockTier tier)
{
    return wireWord(kLockTierWords, tier);
}

namespace LockOrder {

#ifdef GREX_DEBUG_CHECKS
namespace {
thread_local std::vector<LockTier> t_held;

QString describe(LockTier tier)
{
    return QString::number(int(tier)) + u" (" + lockTierName(tier) + u')';
}
} // namespace

void acquired(LockTier tier)
{
    if (!t_held.empty() && int(tier) <= int(t_held.back())) {
        qFatal("lock order violation: acquiring tier %s while holding tier %s",
               qPrintable(describe(tier)), qPrintable(describe(t_held.back())));
    }
    t_held.push_back(tier);
}

void released(LockTier tier)
{
    if (t_held.empty() || t_held.back() != tier) {
        qFatal("lock order violation: releasing tier %s out of order", qPrintable(describe(tier)));
    }
    t_held.pop_back();
}
#else
void acquired(LockTier)
{
}
void released(LockTier)
{
}
#endif

} // namespace LockOrder

namespace {

std::unique_ptr<QLockFile> makeLockFile(const QString &path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    auto lock = std::make_unique<QLockFile>(path);
    // Staleness is decided by the owner's PID and host only, never by age.
    lock->setStaleLockTime(0);
    return lock;
}

Error lockFailure(const QLockFile &lock, const QString &path)
{
    switch (lock.error()) {
    case QLockFile::LockFailedError: {
        const std::optional<LockHolder> who = FileLock::holder(path);
        // Nobody holds it, yet Qt could not replace it: the stale file of a dead holder sits
        // in a directory this user cannot write.
        const QString dir = QFileInfo(path).absolutePath();
        if (!who && ::access(QFile::encodeName(dir).constData(), W_OK) != 0) {
            return Error(ErrorKind::PackOp, u"permission_denied"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "cannot replace the stale lock file %1 "
                                                           "of a process that is gone: %2 is not "
                                                           "writable (permission denied)"),
                                 {path, dir}))
                .withDetail(u"lock_path"_s, path);
        }
        Error error(
            ErrorKind::Lock, u"lock_busy"_s,
            Message(QT_TRANSLATE_NOOP("Grex", "%1 is held by %2"), {path, describeHolder(who)}));
        error.withDetail(u"lock_path"_s, path);
        if (who) {
            error.withDetail(u"holder"_s, JsonObject{{u"pid"_s, who->pid},
                                                     {u"hostname"_s, who->hostname},
                                                     {u"application"_s, who->application}});
        }
        return error;
    }
    case QLockFile::PermissionError: {
        return Error(ErrorKind::PackOp, u"permission_denied"_s,
                     Message(
                         QT_TRANSLATE_NOOP("Grex", "cannot create lock file %1: permission denied"),
                         {path}))
            .withDetail(u"lock_path"_s, path);
    }
    default:
        return Error(ErrorKind::PackOp, u"io"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot create lock file %1"), {path}))
            .withDetail(u"lock_path"_s, path);
    }
}

// A holder killed between creating the lock file and writing its pid leaves a file whose
// holder cannot be read, which Qt never treats as stale when the stale time is 0. A live writer
// fills the file within microseconds, so an unreadable file older than a second is debris.
// removeStaleLockFile() unlinks only when no process holds flock() on the file, as every live
// QLockFile holder does. Returns true when the caller should try again.
bool recoverUnreadableLock(QLockFile &lock, const QString &path)
{
    qint64 pid = 0;
    QString hostname;
    QString application;
    if (lock.getLockInfo(&pid, &hostname, &application))
        return false;
    const QFileInfo info(path);
    if (!info.exists())
        return true;
    if (info.lastModified().msecsTo(QDateTime::currentDateTime()) < 1000)
        return false;
    const bool removed = lock.removeStaleLockFile();
    if (removed)
        qCWarning(lcLock,
                  "removed the lock file %s left by a process that died while creating "
                  "it",
                  qPrintable(path));
    return removed;
}

// Lock files this process holds. Threads of one process wait for each other here, woken the
// moment the holder lets go; QLockFile would have them poll the file, sleeping 20 ms or more
// per attempt, which serialised a sync's log appends into a crawl.
struct InProcessGate
{
    std::mutex mutex;
    std::condition_variable_any released;
    QSet<QString> held;  // a thread of this process holds or is acquiring the lock
    QSet<QString> owned; // ... and has it: the lock file too, unless Scope::Process
    // Set by removeHeldFilesNow: the process is about to _exit, and a lock taken after its
    // files went would outlive it.
    std::atomic<bool> closed{false};
};


// One spelling per file, so that threads naming it differently still meet at the gate.
QString lockKey(const QString &path)
{
    return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

InProcessGate &gate()
{
    static InProcessGate instance;
    return instance;
}

// False once the gate has closed: the caller lets go of its file and fails.
bool markOwned(const QString &path)
{
    InProcessGate &g = gate();
    std::lock_guard guard(g.mutex);
    if (g.closed)
        return false;
    g.owned.insert(path);
    return true;
}

Error stopping(const QString &path)
{
    return Error(ErrorKind::Cancelled, u"cancelled"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "cancelled while waiting for %1"), {path}));
}

void leaveGate(const QString &path)
{
    InProcessGate &g = gate();
    {
        std::lock_guard guard(g.mutex);
        g.held.remove(path);
    }
    g.released.notify_all();
}

Error busyInThisProcess(const QString &path)
{
    const LockHolder self{qint64(QCoreApplication::applicationPid()), QSysInfo::machineHostName(),
                          QCoreApplication::applicationName()};
    return Error(ErrorKind::Lock, u"lock_busy"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "%1 is held by %2"),
                         {path, describeHolder(self)}))
        .withDetail(u"lock_path"_s, path)
        .withDetail(u"holder"_s, JsonObject{{u"pid"_s, self.pid},
                                            {u"hostname"_s, self.hostname},
                                            {u"application"_s, self.application}});
}

} // namespace

FileLock::FileLock() = default;

FileLock::FileLock(FileLock &&other) noexcept
    : m_lock(std::move(other.m_lock))
    , m_path(std::move(other.m_path))
    , m_tier(other.m_tier)
    , m_held(std::exchange(other.m_held, false))
{
}

FileLock &FileLock::operator=(FileLock &&other) noexcept
{
    if (this != &other) {
        unlock();
        m_lock = std::move(other.m_lock);
        m_path = std::move(other.m_path);
        m_tier = other.m_tier;
        m_held = std::exchange(other.m_held, false);
    }
    return *this;
}

FileLock::~FileLock()
{
    unlock();
}

Result<FileLock> FileLock::tryAcquire(const QString &rawPath, LockTier tier)
{
    const QString path = lockKey(rawPath);
    LockOrder::acquired(tier);
    {
        InProcessGate &g = gate();
        std::lock_guard guard(g.mutex);
        if (g.closed) {
            LockOrder::released(tier);
            return stopping(path);
        }
        if (g.held.contains(path)) {
            LockOrder::released(tier);
            return busyInThisProcess(path);
        }
        g.held.insert(path);
    }
    auto lock = makeLockFile(path);
    bool locked = lock->tryLock(0);
    if (!locked && lock->error() == QLockFile::LockFailedError &&
        recoverUnreadableLock(*lock, path))
        locked = lock->tryLock(0);
    if (!locked) {
        leaveGate(path);
        LockOrder::released(tier);
        return lockFailure(*lock, path);
    }
    if (!markOwned(path)) {
        lock->unlock();
        leaveGate(path);
        LockOrder::released(tier);
        return stopping(path);
    }
    qCDebug(lcLock, "acquired %s lock %s", qPrintable(lockTierName(tier)), qPrintable(path));
    FileLock result;
    result.m_lock = std::move(lock);
    result.m_path = path;
    result.m_tier = tier;
    result.m_held = true;
    return result;
}

Result<FileLock> FileLock::acquire(const QString &rawPath, LockTier tier, std::stop_token stop,
                                   Scope scope)
{
    const QString path = lockKey(rawPath);
    LockOrder::acquired(tier);
    const auto cancelled = [&] {
        LockOrder::released(tier);
        return stopping(path);
    };
    InProcessGate &g = gate();
    {
        std::unique_lock guard(g.mutex);
        if (!g.released.wait(guard, stop, [&] { return g.closed || !g.held.contains(path); }) ||
            g.closed)
            return cancelled();
        g.held.insert(path);
    }
    FileLock result;
    result.m_path = path;
    result.m_tier = tier;
    result.m_held = true;
    const auto giveUp = [&] {
        result.m_held = false;
        leaveGate(path);
        return cancelled();
    };
    if (scope == Scope::Process) {
        if (!markOwned(path))
            return giveUp();
        qCDebug(lcLock, "acquired %s lock %s (this process)", qPrintable(lockTierName(tier)),
                qPrintable(path));
        return result;
    }
    auto lock = makeLockFile(path);
    // Another process: short waits keep cancellation responsive (well within 250 ms).
    while (!lock->tryLock(20)) {
        if (lock->error() != QLockFile::LockFailedError) {
            result.m_held = false;
            leaveGate(path);
            LockOrder::released(tier);
            return lockFailure(*lock, path);
        }
        recoverUnreadableLock(*lock, path);
        if (stop.stop_requested() || g.closed)
            return giveUp();
    }
    if (!markOwned(path)) {
        lock->unlock();
        return giveUp();
    }
    qCDebug(lcLock, "acquired %s lock %s", qPrintable(lockTierName(tier)), qPrintable(path));
    result.m_lock = std::move(lock);
    return result;
}

bool FileLock::isHeldHere(const QString &path)
{
    InProcessGate &g = gate();
    std::lock_guard guard(g.mutex);
    return g.owned.contains(lockKey(path));
}

void FileLock::removeHeldFilesNow()
{
    InProcessGate &g = gate();
    std::unique_lock guard(g.mutex);
    // Closed first: the threads keep running until _exit, and a lock they took after this
    // would leave its file behind.
    g.closed = true;
    for (const QString &path : std::as_const(g.owned))
        QFile::remove(path);
    // A thread taking a lock at this moment lets go of its file when it finds the gate closed;
    // a short wait lets it, since one stuck on another process's lock gives up within 20 ms.
    g.released.wait_for(guard, std::chrono::seconds(1), [&g] {
        return std::all_of(g.held.cbegin(), g.held.cend(),
                           [&g](const QString &path) { return g.owned.contains(path); });
    });
    // One that still has not: its file goes when it names this process.
    for (const QString &path : std::as_const(g.held)) {
        qint64 pid = 0;
        QString host;
        QString application;
        if (!g.owned.contains(path) && QLockFile(path).getLockInfo(&pid, &host, &application) &&
            pid == QCoreApplication::applicationPid() && host == QSysInfo::machineHostName())
            QFile::remove(path);
    }
}

std::optional<LockHolder> FileLock::holder(const QString &path)
{
    if (!QFileInfo::exists(path))
        return std::nullopt;
    QLockFile probe(path);
    LockHolder who;
    if (!probe.getLockInfo(&who.pid, &who.hostname, &who.application))
        return std::nullopt;
    const bool sameHost = who.hostname.isEmpty() || who.hostname == QSysInfo::machineHostName();
    if (sameHost && !processAlive(who.pid))
        return std::nullopt;
    return who;
}

std::optional<LockHolder> FileLock::creator(const QString &path)
{
    {
        InProcessGate &g = gate();
        std::lock_guard guard(g.mutex);
        if (g.held.contains(lockKey(path)))
            return LockHolder{qint64(QCoreApplication::applicationPid()),
                              QSysInfo::machineHostName(), QCoreApplication::applicationName()};
    }
    LockHolder who;
    if (QLockFile(path).getLockInfo(&who.pid, &who.hostname, &who.application))
        return std::nullopt; // it names its holder, who is gone
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return std::nullopt;
    const bool locked = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    ::close(fd); // also lets go of the shared lock this probe took
    if (!locked)
        return std::nullopt;
    return LockHolder{};
}

void FileLock::unlock()
{
    if (!m_held)
        return;
    m_held = false;
    {
        // The file goes before the path leaves `owned`, under the gate's mutex: a second Ctrl-C
        // (removeHeldFilesNow, then _exit) in between would otherwise leave the file behind.
        InProcessGate &g = gate();
        std::lock_guard guard(g.mutex);
        if (m_lock) {
            m_lock->unlock();
            m_lock.reset();
        }
        g.owned.remove(m_path);
    }
    leaveGate(m_path);
    qCDebug(lcLock, "released %s lock %s", qPrintable(lockTierName(m_tier)), qPrintable(m_path));
    LockOrder::released(m_tier);
}

QString describeHolder(const std::optional<LockHolder> &holder)
{
    if (!holder || holder->pid <= 0)
        return QStringLiteral("another process");
    const QString app =
        holder->application.isEmpty() ? QStringLiteral("a process") : holder->application;
    if (holder->hostname.isEmpty())
        return app + u" (pid " + QString::number(holder->pid) + u')';
    return app + u" (pid " + QString::number(holder->pid) + u" on " + holder->hostname + u')';
}

} // namespace Grex
