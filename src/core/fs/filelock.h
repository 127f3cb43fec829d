#pragma once

#include "core/result.h"

#include <QString>

#include <memory>
#include <optional>
#include <stop_token>

class QLockFile;

namespace Grex {

// The fixed lock order (docs/design.md, "Lock order"). A thread acquires locks only in strictly
// increasing tier order and releases them in reverse, so grex threads and processes never
// deadlock.
enum class LockTier {
    Admission = 0,       // MCP request admission (in memory)
    WorkspaceSync = 1,   // <workspace>/.grex.sync.lock, try once
    SchedulerPermit = 2, // in memory
    Pack = 3,            // <pack>/.grex-lock
    Backend = 4,         // <parent>/.grex-backend-<name>.lock
    Manifest = 5,        // .grex.lock beside grex.jsonl
};

QString lockTierName(LockTier tier);

// Per-thread record of held tiers. With GREX_DEBUG_CHECKS an out-of-order acquisition or release
// aborts the process; otherwise the calls are free. In-memory locks (admission gate, scheduler
// permits) report through acquired()/released() as file locks do.
namespace LockOrder {
void acquired(LockTier tier);
void released(LockTier tier);
} // namespace LockOrder

// Who holds a lock file, as QLockFile recorded it.
struct LockHolder
{
    qint64 pid = 0;
    QString hostname;
    QString application;
};

// An exclusive advisory lock on a file, held while the object lives (RAII, move-only). Built on
// QLockFile with stale-lock detection by the owner's PID and host only, so a holder killed with
// SIGKILL never blocks the next run. Thread rule: release on the thread that acquired.
class FileLock
{
public:
    FileLock();
    FileLock(FileLock &&other) noexcept;
    FileLock &operator=(FileLock &&other) noexcept;
    ~FileLock();

    // Who a lock keeps out: other processes too (a QLockFile on disk), or only the other
    // threads of this process, for a lock whose file another held lock already covers.
    enum class Scope { System, Process };

    // One attempt. Errors: Lock "lock_busy" (details: lock_path, holder), PackOp (cannot create).
    static Result<FileLock> tryAcquire(const QString &path, LockTier tier);
    // Waits until acquired or stop is requested: threads of this process are woken when the
    // holder lets go, other processes are polled in short steps. Errors: Cancelled, PackOp.
    static Result<FileLock> acquire(const QString &path, LockTier tier, std::stop_token stop,
                                    Scope scope = Scope::System);
    // Whether a FileLock of this process holds path right now (acquired, not just waiting).
    static bool isHeldHere(const QString &path);
    // Removes the lock files this process holds, for a process about to exit without unwinding
    // (the CLI's second Ctrl-C): the next run then finds no lock to take over.
    static void removeHeldFilesNow();

    // The holder of `path` when a live process holds it; nullopt when free or stale.
    static std::optional<LockHolder> holder(const QString &path);
    // For a lock file holder() names no live holder in: who is taking it right now. This
    // process, when one of its threads holds or is acquiring it; a process of unknown pid
    // (LockHolder with pid 0), when the file has no readable holder but someone holds flock()
    // on it, as a QLockFile holder does from creating the file until it has written its pid.
    // nullopt when the file is stale or gone.
    static std::optional<LockHolder> creator(const QString &path);

    bool isLocked() const { return m_held; }
    QString path() const { return m_path; }
    void unlock();

private:
    std::unique_ptr<QLockFile> m_lock; // null for a Scope::Process lock
    QString m_path;
    LockTier m_tier = LockTier::Admission;
    bool m_held = false;
};

// The file name of a workspace's sync lock (tier 1), in the workspace root.
inline constexpr QStringView WorkspaceSyncLockName = u".grex.sync.lock";

// "grex (pid 123 on host)" for messages.
QString describeHolder(const std::optional<LockHolder> &holder);

} // namespace Grex
