#pragma once

#include "result.h"

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
    explicit Scheduler(int width);
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
        bool isHeld() const { return m_scheduler != nullptr; }

    private:
        friend class Scheduler;
        explicit Permit(Scheduler *scheduler) : m_scheduler(scheduler) {}
        Scheduler *m_scheduler = nullptr;
    };

    // Waits for a permit. Error: Cancelled when stop fires first.
    Result<Permit> acquire(std::stop_token stop);

    int maxParallelism() const { return m_width; }
    int inFlight() const;
    int available() const;
    // The most permits ever held at once.
    int highWater() const;

private:
    void releaseOne();

    const int m_width; // 0: unbounded
    mutable std::mutex m_mutex;
    std::condition_variable_any m_changed;
    std::deque<std::uint64_t> m_queue; // tickets of waiters, first come first served
    std::uint64_t m_nextTicket = 0;
    int m_inFlight = 0;
    int m_highWater = 0;
};

} // namespace Grex
