#pragma once

#include "core/docshape.h"
#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

struct TaskStatusOptions
{
    QString name;       // "" for every task
    bool files = false; // list each pack's changed files

    static Result<TaskStatusOptions> fromJson(const QJsonObject &args);
};

// Where one pack of a task stands.
struct TaskPackStatus
{
    QString id;
    QString worktree;
    bool present = false; // the worktree is there
    QString head;
    std::optional<QString> base;
    int changedFiles = 0;
    int untrackedFiles = 0;
    int commits = 0; // since the branch started
    int ahead = 0;   // against the base ref now
    int behind = 0;
    int unpushed = 0; // commits the last push did not take (all of them before one)
    QString pushedSha;
    QString pushedTo;
    QStringList files; // with --files: "M path", "?? path"

    // Nothing of it exists only here: no change, every commit pushed.
    bool settled() const
    {
        return present && changedFiles == 0 && untrackedFiles == 0 && unpushed == 0;
    }
    JsonObject toJson() const;
    static DocShape shape();
};

struct TaskStatusReport
{
    struct Task
    {
        QString name;
        QString branch;
        QString startedAt;
        QList<TaskPackStatus> packs;
    };
    QList<Task> tasks;

    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// `grex task status [NAME] [--files]`: every pack of the task (or of every task): changed and
// untracked files in its worktree, its commits since the start, ahead and behind of the base as
// it is now, what is not pushed. Reads only. Errors: Usage "unknown_task"; Manifest.
Result<TaskStatusReport> taskStatus(Workspace &workspace, const TaskStatusOptions &options,
                                    OperationContext &ctx);

// The status of one task's packs, for the verbs that act on them.
struct TaskState;
QList<TaskPackStatus> taskPackStatus(const Workspace &workspace, const TaskState &task, bool files,
                                     OperationContext &ctx);

struct TaskDiffOptions
{
    QString name;
    QStringList packs; // "" for all of the task's

    static Result<TaskDiffOptions> fromJson(const QJsonObject &args);
};

struct TaskDiffReport
{
    struct Pack
    {
        QString id;
        QStringList files;
        QString diff;
    };
    QString task;
    QList<Pack> packs;

    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// `grex task diff NAME [PACK...]`: what the task changed in each pack since its branch started,
// committed or not, untracked files as new. Errors: Usage "unknown_task", "not_in_task".
Result<TaskDiffReport> taskDiff(Workspace &workspace, const TaskDiffOptions &options,
                                OperationContext &ctx);

} // namespace Grex
