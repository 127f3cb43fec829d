#include "operationcontext.h"

#include "logging.h"

namespace Grex {

EventSink::~EventSink() = default;

void EventSink::warning(const Message &)
{
}

void EventSink::progress(qint64, qint64, const Message &)
{
}

ApprovalPolicy::~ApprovalPolicy() = default;

OperationContext::OperationContext(std::stop_token stop) : m_stop(std::move(stop))
{
}

void OperationContext::warn(const Message &message)
{
    {
        QMutexLocker locker(&m_mutex);
        m_warnings.append(message);
    }
    if (m_sink)
        m_sink->warning(message);
    else
        qCWarning(lcCore).noquote() << message.text();
}

QList<Message> OperationContext::warnings() const
{
    QMutexLocker locker(&m_mutex);
    return m_warnings;
}

void OperationContext::progress(qint64 done, qint64 total, const Message &message)
{
    if (m_sink)
        m_sink->progress(done, total, message);
}

} // namespace Grex
