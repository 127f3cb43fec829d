#pragma once

// For the tests of locks and permits: polling for a condition, and a thread that takes
// something and keeps it until told to let go.

#include <QElapsedTimer>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace Grex::Test {

// Polls until `done` holds or timeoutMs passed; true when it held.
inline bool waitFor(const std::function<bool()> &done, int timeoutMs = 3000)
{
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > timeoutMs)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return true;
}

// A thread that calls take() (which returns a Result, such as a lock or a permit) and keeps
// what it got until release() or destruction; it goes back on that thread, as it must.
class Holder
{
public:
    template<typename Take>
    explicit Holder(Take take)
        : m_thread([this, take] {
            auto held = take();
            m_ok = held.ok();
            m_acquired = true;
            std::unique_lock guard(m_mutex);
            m_wake.wait(guard, [this] { return m_release; });
            m_releasing = true;
        })
    {
    }
    Holder(const Holder &) = delete;
    Holder &operator=(const Holder &) = delete;
    ~Holder()
    {
        release();
        m_thread.join();
    }

    // It took what it asked for, within timeoutMs.
    bool waitAcquired(int timeoutMs = 5000) const
    {
        return waitFor([this] { return m_acquired.load(); }, timeoutMs) && m_ok.load();
    }
    bool hasAcquired() const { return m_acquired.load(); }
    // It was told to let go and is about to.
    bool releasing() const { return m_releasing.load(); }
    void release()
    {
        {
            std::lock_guard guard(m_mutex);
            m_release = true;
        }
        m_wake.notify_all();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_release = false;
    std::atomic<bool> m_acquired{false};
    std::atomic<bool> m_ok{false};
    std::atomic<bool> m_releasing{false};
    std::thread m_thread; // last: starts once everything above exists
};

} // namespace Grex::Test
