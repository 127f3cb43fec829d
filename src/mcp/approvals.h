#pragma once

// Who lets a destructive tool call run (docs/design.md, "Approvals for destructive verbs"): an
// attached window first, then the client by elicitation when it declared it, then
// --approve-destructive; by default a refusal.

#include "mcp/serverconfig.h"
#include "mcp/toolcall.h"
#include "core/operationcontext.h"

#include <QHash>

#include <condition_variable>
#include <memory>
#include <mutex>

namespace Grex::Mcp {

class Handshake;
class Tasks;

// The approval question grex asks, as an elicitation/create (a titled choice from 2025-11-25),
// and whether an answer to it agrees.
JsonObject approvalQuestion(const ApprovalRequest &request, Revision revision);
ApprovalDecision approvalFromAnswer(const QJsonObject &answer);

class Approvals
{
public:
    Approvals(const ServerConfig &config, Outbox &out, Handshake &handshake, Tasks &tasks,
              ControlClient *control);

    // The policy a call's verb asks when it is about to do something destructive.
    std::unique_ptr<ApprovalPolicy> policyFor(const std::shared_ptr<ToolCall> &call);
    // The client answered a request the server sent (an elicitation/create).
    void answered(const JsonValue &id, const QJsonObject &message);

private:
    class CallApproval;
    struct Pending
    {
        bool answered = false;
        QJsonObject message;
    };

    // Sends elicitation/create and waits for its answer; nullopt when stopped or timed out.
    std::optional<QJsonObject> elicit(const QString &message, const JsonObject &schema,
                                      const QByteArray &callKey, std::stop_token stop);

    const ServerConfig &m_config;
    Outbox &m_out;
    Handshake &m_handshake;
    Tasks &m_tasks;
    ControlClient *m_control;
    std::mutex m_mutex;
    std::condition_variable_any m_changed;
    QHash<QByteArray, std::shared_ptr<Pending>> m_pending; // server requests by id
    qint64 m_nextRequestId = 1;
};

} // namespace Grex::Mcp
