// Session's approvals: the window, the client's elicitation, or the launch flag decides.

#include "mcp/session_p.h"

#include <QJsonArray>

#include <chrono>

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

ApprovalDecision Session::Approval::approve(const ApprovalRequest &request, std::stop_token stop)
{
    // Waiting for a person or a client takes no admission slot: the other calls (of every
    // session) go on meanwhile, and the call queues again once it has its answer.
    m_call->admission.suspend();
    ApprovalDecision decision = decide(request, stop);
    if (!m_call->admission.resume(stop)) {
        return ApprovalDecision::refuse(
            Message(QT_TRANSLATE_NOOP("Grex", "the call was cancelled while it waited for "
                                              "approval")));
    }
    return decision;
}

ApprovalDecision Session::Approval::decide(const ApprovalRequest &request, std::stop_token stop)
{
    const ApprovalOrigin origin{clientName(), idKey(m_call->id)};
    for (ApprovalDelegate *window :
         {static_cast<ApprovalDelegate *>(m_session.m_config.window.get()),
          static_cast<ApprovalDelegate *>(m_session.m_control.get())}) {
        if (!window)
            continue;
        const std::optional<ApprovalDecision> answer = window->approve(request, origin, stop);
        if (answer)
            return *answer;
    }
    if (clientElicits())
        return askClient(request, stop);
    if (m_session.m_config.approveDestructive)
        return ApprovalDecision::approve();
    return ApprovalDecision::refuse(
        Message(QT_TRANSLATE_NOOP("Grex", "grex serve runs destructive tools only when a "
                                          "window or the client (by elicitation) approves "
                                          "them, or when started with "
                                          "--approve-destructive")));
}

QString Session::Approval::clientName()
{
    std::lock_guard lock(m_session.m_mutex);
    return m_session.m_clientName;
}

bool Session::Approval::clientElicits()
{
    std::lock_guard lock(m_session.m_mutex);
    return m_session.m_clientElicits;
}

ApprovalDecision Session::Approval::askClient(const ApprovalRequest &request, std::stop_token stop)
{
    QString what = request.summary.text();
    if (!request.command.isEmpty()) {
        what = u"%1 `%2` in %3 pack(s)"_s.arg(request.verb, request.command.join(u' '))
                   .arg(request.packs.size());
    }
    const std::optional<QJsonObject> answer =
        m_session.elicit(u"Allow %1?"_s.arg(what), idKey(m_call->id), stop);
    if (!answer) {
        return ApprovalDecision::refuse(
            Message(QT_TRANSLATE_NOOP("Grex", "the client did not answer the approval "
                                              "question")));
    }
    const QString action = answer->value(u"action"_s).toString();
    const bool confirmed = answer->value(u"content"_s).toObject().value(u"confirm"_s).toBool(false);
    if (action == u"accept" && confirmed)
        return ApprovalDecision::approve();
    return ApprovalDecision::refuse(Message(QT_TRANSLATE_NOOP("Grex", "the client answered '%1'"),
                                            {action == u"accept" ? u"no"_s : action}));
}

bool Session::waitInitialized(std::stop_token stop)
{
    std::unique_lock lock(m_mutex);
    return m_changed.wait(
        lock, stop, [this] { return m_state == State::Ready || m_state == State::ShuttingDown; });
}

std::optional<QJsonObject> Session::elicit(const QString &message, const QByteArray &callKey,
                                           std::stop_token stop)
{
    // No server request before notifications/initialized (docs/design.md, "MCP session
    // lifecycle").
    if (!waitInitialized(stop))
        return std::nullopt;
    auto pending = std::make_shared<Pending>();
    JsonValue id;
    {
        std::lock_guard lock(m_mutex);
        id = JsonValue(u"grex-%1"_s.arg(m_nextRequestId++));
        m_pending.insert(idKey(id), pending);
    }
    const JsonObject schema{
        {u"type"_s, u"object"_s},
        {u"properties"_s, JsonObject{{u"confirm"_s, JsonObject{{u"type"_s, u"boolean"_s},
                                                               {u"title"_s, u"Allow"_s},
                                                               {u"description"_s, message}}}}},
        {u"required"_s, JsonArray{JsonValue(u"confirm"_s)}}};
    m_out.sendRelated(JsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                 {u"id"_s, id},
                                 {u"method"_s, u"elicitation/create"_s},
                                 {u"params"_s, JsonObject{{u"message"_s, message},
                                                          {u"requestedSchema"_s, schema}}}}
                          .toJson(),
                      callKey);
    std::unique_lock lock(m_mutex);
    const bool answered =
        m_changed.wait_for(lock, stop, std::chrono::milliseconds(m_config.elicitationTimeoutMs),
                           [&] { return pending->answered; });
    m_pending.remove(idKey(id));
    lock.unlock();
    if (!answered) {
        sendNotification(
            u"notifications/cancelled"_s,
            JsonObject{{u"requestId"_s, id},
                       {u"reason"_s, stop.stop_requested() ? u"the tool call was cancelled"_s
                                                           : u"no answer in time"_s}});
        return std::nullopt;
    }
    if (!pending->message.contains(u"result"_s))
        return std::nullopt; // the client answered with an error
    return pending->message.value(u"result"_s).toObject();
}

} // namespace Grex::Mcp
