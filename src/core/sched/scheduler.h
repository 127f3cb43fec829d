#pragma once

#include "core/fs/filelock.h"
#include "core/result.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <stop_token>

namespace Grex {

// The counting semaphore that bounds how many pack operations run at once. Waiters are served first
// come, first served; a waiter whose token fires leaves without taking a permit. Width 0 means no
// bound. Thread-safe.
class Scheduler
{
public:
    // tier: where a permit sits in the lock order: SchedulerPermit for pack operations,
    // Admission for the MCP tool calls of a `grex serve` process.
    explicit Scheduler(int width, LockTier tier = LockTier::SchedulerPermit);
    Scheduler(const Scheduler &) = delete;
    Scheduler &operator=(const Scheduler &) = delete;

    // Held while one pack operation runs; released when destroyed (on the acquiring thread).
    class Permit
    {
    public:
        Permit() = default;
        Permit(Permit &&other) noexcept;
        Permit &operator=(Permit &&other) noexcept;
        ~Permit();
        void release();
        bool isHeld() const { return m_scheduler != nullptr && !m_suspended; }

        // Lends the slot to the next waiter while this thread waits for something that holds
        // no resource of the run (a person's approval). The tier stays recorded as held, so
        // the thread's lock order does not change; this is sound because the waiters of a
        // scheduler hold no lock of a later tier. resume() queues for a slot again; Error:
        // Cancelled when stop fires first (the permit stays suspended and releases nothing).
        void suspend();
        Result<void> resume(std::stop_token stop);

    private:
        friend class Scheduler;
        explicit Permit(Scheduler *scheduler) : m_scheduler(scheduler) {}
        Scheduler *m_scheduler = nullptr;
        bool m_suspended = false;
    };

    // Waits for a permit. Error: Cancelled when stop fires first.
    Result<Permit> acquire(std::stop_token stop);

    int maxParallelism() const { return m_width; }
    int inFlight() const;
    int available() const;
    // The most permits ever held at once.
    int highWater() const;

private:
    // Queues for a slot, first come first served; false when stop fired first.
    bool waitForSlot(const std::stop_token &stop);
    void releaseOne();

    const int m_width; // 0: unbounded
    const LockTier m_tier;
    mutable std::mutex m_mutex;
    std::condition_variable_any m_changed;
    std::deque<std::uint64_t> m_queue; // tickets of waiters, first come first served
    std::uint64_t m_nextTicket = 0;
    int m_inFlight = 0;
    int m_highWater = 0;
};

} // namespace Grex
