#pragma once

#include "core/docshape.h"
#include "core/engine/packfilter.h"
#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

struct TaskStartOptions
{
    QString name;
    QStringList packs; // ids or paths
    PackFilter filter; // besides the packs named
    QString branch;    // "" for the task's name
    bool dryRun = false;

    // Errors: Usage "invalid_task_name", "invalid_branch", "missing_argument" (no pack named,
    // no filter).
    static Result<TaskStartOptions> fromJson(const QJsonObject &args);
};

struct TaskStartReport
{
    struct Pack
    {
        QString id;
        QString worktree; // relative to the folder of grex.jsonl
        std::optional<QString> base;
        QString baseSha;
    };
    QString task;
    QString branch;
    QList<Pack> packs;
    bool dryRun = false;

    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// `grex task start NAME PACK... [--filter EXPR] [--branch B]` (docs/design.md, "Tasks"): in each
// pack a branch B (default NAME) from the upstream of its checked-out branch (else its HEAD), in
// a worktree of its own under .grex-tasks/NAME, and the task in the journal. The person's
// checkouts are not touched. All or nothing: a failure removes what this call made. Errors:
// Usage "task_exists", "unknown_pack", "no_packs"; PackOp "branch_exists" (in some pack),
// "worktree_exists", "not_cloned", "worktree_failed", "no_commit"; Lock; Manifest.
Result<TaskStartReport> taskStart(Workspace &workspace, const TaskStartOptions &options,
                                  OperationContext &ctx);

} // namespace Grex
