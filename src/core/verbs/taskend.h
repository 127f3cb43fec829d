#pragma once

#include "core/docshape.h"
#include "core/json.h"
#include "core/result.h"
#include "core/verbs/taskstatus.h"

#include <QJsonObject>

namespace Grex {

class OperationContext;
class Workspace;

struct TaskEndOptions
{
    QString name;
    bool force = false; // abandon: also when work exists only here
    bool dryRun = false;

    static Result<TaskEndOptions> fromJson(const QJsonObject &args);
};

struct TaskEndReport
{
    QString task;
    QString how;                 // "finished" or "abandoned"
    QList<TaskPackStatus> packs; // as they stood before
    bool dryRun = false;

    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// `grex task finish NAME`: the task is done and published: removes its worktrees and its local
// branches and records its end. Refused (PackOp "task_not_settled", the report in details) while
// a pack has uncommitted changes or commits no push took.
Result<TaskEndReport> taskFinish(Workspace &workspace, const TaskEndOptions &options,
                                 OperationContext &ctx);

// `grex task abandon NAME [--force]`: drops the task the same way. Refused (PackOp
// "unsaved_work") while work exists only here unless --force, which asks for approval as rm
// does (NotApproved "not_approved").
Result<TaskEndReport> taskAbandon(Workspace &workspace, const TaskEndOptions &options,
                                  OperationContext &ctx);

} // namespace Grex
