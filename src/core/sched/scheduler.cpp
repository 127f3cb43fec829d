#include "core/sched/scheduler.h"

#include "core/fs/filelock.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

Error cancelled()
{
    return Error(ErrorKind::Cancelled, u"cancelled"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "cancelled while waiting for a slot")));
}

} // namespace

Scheduler::Scheduler(int width, LockTier tier) : m_width(std::max(0, width)), m_tier(tier)
{
}

Scheduler::Permit::Permit(Permit &&other) noexcept
    : m_scheduler(other.m_scheduler), m_suspended(other.m_suspended)
{
    other.m_scheduler = nullptr;
    other.m_suspended = false;
}

Scheduler::Permit &Scheduler::Permit::operator=(Permit &&other) noexcept
{
    if (this != &other) {
        release();
        m_scheduler = other.m_scheduler;
        m_suspended = other.m_suspended;
        other.m_scheduler = nullptr;
        other.m_suspended = false;
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
    if (!m_suspended)
        m_scheduler->releaseOne();
    LockOrder::released(m_scheduler->m_tier);
    m_scheduler = nullptr;
    m_suspended = false;
}

void Scheduler::Permit::suspend()
{
    if (!m_scheduler || m_suspended)
        return;
    m_scheduler->releaseOne();
    m_suspended = true;
}

Result<void> Scheduler::Permit::resume(std::stop_token stop)
{
    if (!m_scheduler || !m_suspended)
        return {};
    if (!m_scheduler->waitForSlot(stop))
        return cancelled();
    m_suspended = false;
    return {};
}

Result<Scheduler::Permit> Scheduler::acquire(std::stop_token stop)
{
    LockOrder::acquired(m_tier);
    if (!waitForSlot(stop)) {
        LockOrder::released(m_tier);
        return cancelled();
    }
    return Permit(this);
}

bool Scheduler::waitForSlot(const std::stop_token &stop)
{
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
        return false;
    }
    m_queue.pop_front();
    ++m_inFlight;
    m_highWater = std::max(m_highWater, m_inFlight);
    m_changed.notify_all(); // the next waiter may fit too
    return true;
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
