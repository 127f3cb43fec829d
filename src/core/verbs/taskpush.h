#pragma once

#include "core/docshape.h"
#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>
#include <QStringList>

namespace Grex {

class OperationContext;
class Workspace;

struct TaskPushOptions
{
    QString name;
    QStringList packs; // only these; "" for every pack of the task
    bool dryRun = false;

    static Result<TaskPushOptions> fromJson(const QJsonObject &args);
};

// What happened to one pack's branch.
enum class PushResult {
    Pushed,
    WouldPush, // a dry run, or the plan an approval shows
    UpToDate,  // the last push took every commit
    Failed,
};
QString pushResultName(PushResult result);
QStringList pushResultWords();

struct TaskPushReport
{
    struct Pack
    {
        QString id;
        QString remote;
        QString url;              // secrets redacted
        QString sha;              // what goes (or went) out
        int commits = 0;          // commits the push takes
        bool uncommitted = false; // changes in the worktree no commit holds, which stay here
        PushResult result = PushResult::UpToDate;
        QString error; // why it failed
        QString hint;
    };
    QString task;
    QString branch;
    QList<Pack> packs;
    bool dryRun = false;

    int count(PushResult result) const;
    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// `grex task push NAME [PACK...]`: pushes the task's branch of every pack with commits no push
// took to the pack's remote, under the same name, after one approval of that plan (the packs,
// remotes, branch and commits). A pack whose push fails is reported and the others go on; each
// push that went out is recorded in the journal at once, so the next task push sends only the
// rest. Errors: Usage "unknown_task", "not_in_task"; NotApproved; PackOp "nothing_to_push",
// "push_failed" (details.report says which packs went out and which did not).
Result<TaskPushReport> taskPush(Workspace &workspace, const TaskPushOptions &options,
                                OperationContext &ctx);

} // namespace Grex
