#pragma once

#include "core/docshape.h"
#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>
#include <QStringList>

namespace Grex {

class OperationContext;
class Workspace;

struct TaskCommitOptions
{
    QString name;
    QString message;
    QStringList packs; // only these; "" for every pack of the task with changes
    bool dryRun = false;

    // Errors: Usage "missing_argument" (no message), "invalid_argument" (a NUL in it).
    static Result<TaskCommitOptions> fromJson(const QJsonObject &args);
};

struct TaskCommitReport
{
    struct Pack
    {
        QString id;
        int files = 0; // changed and untracked files it had
        QString sha;   // the new commit; "" when nothing was committed
        QString error; // why committing failed; "" when it did not
    };
    QString task;
    QString message;
    QList<Pack> packs;
    bool dryRun = false;

    int committed() const;
    int failed() const;
    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// `grex task commit NAME -m MESSAGE [PACK...]`: one commit with MESSAGE in every pack of the task
// that has changes (or in those named), with the person's own git and identity. A pack whose
// commit fails (no identity, a hook's refusal) is reported and the others go on; the verb then
// fails with PackOp "commit_failed" carrying the report. Errors: Usage "unknown_task",
// "not_in_task"; PackOp "nothing_to_commit".
Result<TaskCommitReport> taskCommit(Workspace &workspace, const TaskCommitOptions &options,
                                    OperationContext &ctx);

} // namespace Grex
