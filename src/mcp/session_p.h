#pragma once

// The parts of Session that its approval and call code share; not part of grex_mcp's API.

#include "mcp/session.h"
#include "core/verbs/verbregistry.h"

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
};

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
    QString clientName();
    bool clientElicits();
    ApprovalDecision askClient(const ApprovalRequest &request, std::stop_token stop);

    Session &m_session;
    std::shared_ptr<Call> m_call;
};

} // namespace Grex::Mcp
