#include "core/operationcontext.h"

#include "core/logging.h"

using namespace Qt::StringLiterals;

namespace Grex {

Error cancelledError()
{
    return Error(ErrorKind::Cancelled, u"cancelled"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "cancelled")));
}

Result<void> checkCancelled(const OperationContext &ctx)
{
    if (ctx.stopRequested())
        return cancelledError();
    return {};
}

EventSink::~EventSink() = default;

void EventSink::warning(const Message &)
{
}

void EventSink::progress(qint64, qint64, const Message &)
{
}

void EventSink::packReceived(const QString &, qint64)
{
}

void EventSink::packStarted(const QString &, const QString &)
{
}

void EventSink::stepFinished(const JsonObject &)
{
}

void EventSink::packFinished(const QString &, const QString &, const QString &)
{
}

void EventSink::packOutput(const JsonObject &)
{
}

void EventSink::phase(const QString &)
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

void OperationContext::phase(const QString &name)
{
    if (m_sink)
        m_sink->phase(name);
}

void OperationContext::progress(qint64 done, qint64 total, const Message &message)
{
    if (m_sink)
        m_sink->progress(done, total, message);
}

void OperationContext::packStarted(const QString &pack, const QString &activity)
{
    if (m_sink)
        m_sink->packStarted(pack, activity);
}

void OperationContext::packReceived(const QString &pack, qint64 bytes)
{
    if (m_sink)
        m_sink->packReceived(pack, bytes);
}

void OperationContext::stepFinished(const JsonObject &step)
{
    if (m_sink)
        m_sink->stepFinished(step);
}

void OperationContext::packFinished(const QString &pack, const QString &result,
                                    const QString &message)
{
    if (m_sink)
        m_sink->packFinished(pack, result, message);
}

void OperationContext::packOutput(const JsonObject &output)
{
    if (m_sink)
        m_sink->packOutput(output);
}

} // namespace Grex
