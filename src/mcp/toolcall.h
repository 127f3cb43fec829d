#pragma once

// One tools/call in flight, which the session's calls, tasks and approvals share.

#include "mcp/requestscope.h"
#include "core/sched/scheduler.h"

#include <QJsonObject>

#include <atomic>
#include <memory>
#include <optional>
#include <stop_token>

namespace Grex {
struct VerbSpec;
}

namespace Grex::Mcp {

struct Task;

struct ToolCall
{
    JsonValue id; // a task's call goes on under the task's name (Tasks::open)
    const VerbSpec *verb = nullptr;
    QJsonObject arguments;
    JsonValue progressToken; // null: the client asked for no progress
    std::stop_source stop;
    std::atomic<bool> cancelledByClient = false;
    std::atomic<bool> cancelledByServer = false; // shutdown gave up on it
    std::atomic<bool> cancelledByWindow = false; // the grex window's Cancel
    Scheduler::Permit admission;                 // taken and given back on the call's thread
    RequestScope scope;                          // the revision and client this call answers

    // 2026-07-28 approvals (docs/design.md, "Approvals bound to the plan").
    QByteArray approvedPlan;    // from a redeemed requestState: the plan digest it approved
    QJsonObject inputResponses; // the client's answers that came with it
    // Set by the approval when the client must be asked: answered as input_required.
    std::optional<JsonObject> inputRequired;
    // Who approved this call ("window", "client", "flag"), for its result and the log.
    QString approvedBy;
    // The task this call runs as (the tasks extension), or null.
    std::shared_ptr<Task> task;

    QByteArray key() const { return idKey(id); }
};

} // namespace Grex::Mcp
