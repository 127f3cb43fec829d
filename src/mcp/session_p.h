#pragma once

// The parts of Session that its approval and call code share; not part of grex_mcp's API.

#include "mcp/approvalstate.h"
#include "mcp/session.h"
#include "core/verbs/verbregistry.h"

#include <QDateTime>
#include <QJsonObject>

#include <memory>
#include <stop_token>

namespace Grex::Mcp {

// The id's JSON text keys a call: 7 and "7" are different requests.
inline QByteArray idKey(const JsonValue &id)
{
    return id.toJson();
}

// One tools/call in flight.
struct Session::Call
{
    JsonValue id;
    const VerbSpec *verb = nullptr;
    QJsonObject arguments;
    JsonValue progressToken; // null: the client asked for no progress
    std::stop_source stop;
    bool cancelledByClient = false; // guarded by the session mutex
    bool cancelledByServer = false; // shutdown gave up on it
    bool cancelledByWindow = false; // the grex window's Cancel
    Scheduler::Permit admission;    // taken and given back on the call's thread
    Scope scope;                    // the revision and client this call answers

    // 2026-07-28 approvals (docs/design.md, "Approvals bound to the plan").
    QByteArray approvedPlan;    // from a redeemed requestState: the plan digest it approved
    QJsonObject inputResponses; // the client's answers that came with it
    // Set by the approval when the client must be asked: answered as input_required.
    std::optional<JsonObject> inputRequired;
    // Who approved this call ("window", "client", "flag"), for its result and the log.
    QString approvedBy;
    // The task this call runs as (the tasks extension), or null.
    std::shared_ptr<Task> task;
};

// A tools/call run as a task of the io.modelcontextprotocol/tasks extension: the client gets
// its handle at once and asks for its state with tasks/get. Guarded by the session mutex.
struct Session::Task
{
    QString id; // 128 random bits: a handle nobody can guess
    QString tool;
    QString status = QStringLiteral("working"); // input_required, completed, failed, cancelled
    QString statusMessage;
    QDateTime createdAt;
    QDateTime lastUpdatedAt;
    std::optional<JsonObject> result;  // completed: the CallToolResult
    std::optional<JsonObject> error;   // failed: the JSON-RPC error
    std::optional<JsonObject> inputRequests;
    QJsonObject inputResponses; // from tasks/update
    std::shared_ptr<Call> call; // until it finished
    bool terminal() const
    {
        return status == QLatin1String("completed") || status == QLatin1String("failed") ||
               status == QLatin1String("cancelled");
    }
};

// A 2026-era subscriptions/listen: what the client asked to hear of, until it ends.
struct Session::Subscription
{
    JsonValue id; // the subscription id is the listen request's id, as the client sent it
    bool resourcesListChanged = false;
    QStringList resourceUris;
    QStringList taskIds;
};

// The approval question grex asks, as an elicitation/create (a titled choice from 2025-11-25),
// and whether an answer to it agrees.
JsonObject approvalQuestion(const ApprovalRequest &request, Revision revision);
ApprovalDecision approvalFromAnswer(const QJsonObject &answer);

// A request the server sent (elicitation/create) waiting for the client's answer.
struct Session::Pending
{
    bool answered = false;
    QJsonObject message;
};

// The serve approval policy (docs/design.md, "Approvals for destructive verbs"): an attached
// window first, then elicitation when the client declared it, then --approve-destructive; by
// default a refusal.
class Session::Approval : public ApprovalPolicy
{
public:
    Approval(Session &session, const std::shared_ptr<Call> &call) : m_session(session), m_call(call)
    {
    }

    ApprovalDecision approve(const ApprovalRequest &request, std::stop_token stop) override;

private:
    ApprovalDecision decide(const ApprovalRequest &request, std::stop_token stop);
    ApprovalDecision askClient(const ApprovalRequest &request, std::stop_token stop);
    // 2026-07-28: the answer that came back with a requestState, or a question to send.
    ApprovalDecision askClientPerRequest(const ApprovalRequest &request);
    // A task asks by going to input_required and waits for tasks/update.
    ApprovalDecision askClientInTask(const ApprovalRequest &request, std::stop_token stop);

    Session &m_session;
    std::shared_ptr<Call> m_call;
};

} // namespace Grex::Mcp
