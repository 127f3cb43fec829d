#include "scheduler.h"

#include "fs/filelock.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

Scheduler::Scheduler(int width) : m_width(std::max(0, width))
{
}

Scheduler::Permit::Permit(Permit &&other) noexcept : m_scheduler(other.m_scheduler)
{
    other.m_scheduler = nullptr;
}

Scheduler::Permit &Scheduler::Permit::operator=(Permit &&other) noexcept
{
    if (this != &other) {
        release();
        m_scheduler = other.m_scheduler;
        other.m_scheduler = nullptr;
    }
    return *this;
}

Scheduler::Permit::~Permit()
{
    release();
}

void Scheduler::Permit::release()
{
    if (!m_scheduler)
        return;
    m_scheduler->releaseOne();
    m_scheduler = nullptr;
    LockOrder::released(LockTier::SchedulerPermit);
}

Result<Scheduler::Permit> Scheduler::acquire(std::stop_token stop)
{
    LockOrder::acquired(LockTier::SchedulerPermit);
    std::unique_lock lock(m_mutex);
    const std::uint64_t ticket = m_nextTicket++;
    m_queue.push_back(ticket);
    const auto mayProceed = [&] {
        return m_queue.front() == ticket && (m_width == 0 || m_inFlight < m_width);
    };
    // condition_variable_any wakes the wait when the token fires through its own internal
    // lock, never m_mutex: a stop callback taking m_mutex would deadlock against a waiter
    // that holds it (a token that already fired runs the callback inside acquire()).
    const bool proceed = m_changed.wait(lock, stop, mayProceed);
    if (!proceed || stop.stop_requested()) {
        m_queue.erase(std::find(m_queue.begin(), m_queue.end(), ticket));
        m_changed.notify_all(); // the next in line may be able to go now
        LockOrder::released(LockTier::SchedulerPermit);
        return Error(ErrorKind::Cancelled, u"cancelled"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cancelled while waiting for a slot")));
    }
    m_queue.pop_front();
    ++m_inFlight;
    m_highWater = std::max(m_highWater, m_inFlight);
    m_changed.notify_all(); // the next waiter may fit too
    return Permit(this);
}

void Scheduler::releaseOne()
{
    std::lock_guard guard(m_mutex);
    --m_inFlight;
    m_changed.notify_all();
}

int Scheduler::inFlight() const
{
    std::lock_guard guard(m_mutex);
    return m_inFlight;
}

int Scheduler::available() const
{
    std::lock_guard guard(m_mutex);
    return m_width == 0 ? INT32_MAX : m_width - m_inFlight;
}

int Scheduler::highWater() const
{
    std::lock_guard guard(m_mutex);
    return m_highWater;
}

} // namespace Grex
