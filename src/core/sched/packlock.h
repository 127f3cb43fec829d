#pragma once

#include "core/fs/filelock.h"
#include "core/result.h"

#include <QString>

#include <stop_token>

namespace Grex {

// The pack lock (tier 3, docs/design.md, "Lock order"): first an in-process mutex keyed by the
// canonical pack directory (two QLockFiles of one process on one file would both see their own
// PID), then the QLockFile <pack>/.grex-lock. Operations on one pack serialise across threads and
// processes; different packs never contend. Released in reverse order when destroyed.
class PackLock
{
public:
    PackLock() = default;
    PackLock(PackLock &&other) noexcept;
    PackLock &operator=(PackLock &&other) noexcept;
    ~PackLock();

    // Waits in short cancellable steps. Errors: Cancelled, PackOp (cannot create the file).
    static Result<PackLock> acquire(const QString &packDir, std::stop_token stop);
    // One attempt. Error: Lock "pack_lock_busy".
    static Result<PackLock> tryAcquire(const QString &packDir);

    static QString canonicalKey(const QString &packDir);
    void release();

private:
    QString m_key;
    FileLock m_file;
};

} // namespace Grex
