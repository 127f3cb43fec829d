#pragma once

// Who lets a destructive tool call run (docs/design.md, "Approvals for destructive verbs"): an
// attached window first, then the client by elicitation when it declared it, then
// --approve-destructive; by default a refusal.

#include "mcp/serverconfig.h"
#include "mcp/toolcall.h"
#include "core/operationcontext.h"

#include <QHash>

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

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
    // Withdraws the questions still open in the window.
    ~Approvals();

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

    // A question the grex window answers for a client that cannot wait (docs/design.md,
    // "Approvals that never hang"), asked on a thread of its own.
    struct WindowAsk
    {
        QString handle;  // 128 random bits, named in the call's answer and the log
        QByteArray plan; // what the person is shown, as a digest
        bool done = false;
        std::chrono::steady_clock::time_point doneAt;
        ApprovalDecision decision;
        int waiters = 0; // calls waiting for the answer now
        std::jthread thread;
    };
    // The answer the window gave to the same call (who, tool, arguments) and plan, taken once;
    // else the question, asked now unless it is open already. Refuses when too many are open.
    ApprovalDecision askWindowInBackground(ApprovalDelegate &window, const ApprovalRequest &request,
                                           const ApprovalOrigin &origin, const ToolCall &call,
                                           std::stop_token stop);
    // The question on a thread of its own, which records the window's answer in the ask.
    std::shared_ptr<WindowAsk> startWindowAsk(ApprovalDelegate &window,
                                              const ApprovalRequest &request,
                                              const ApprovalOrigin &origin);

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
    std::map<QByteArray, std::shared_ptr<WindowAsk>> m_windowAsks; // by call: who, tool, arguments
};

} // namespace Grex::Mcp
