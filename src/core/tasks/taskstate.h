#pragma once

#include "core/manifest/event.h"
#include "core/result.h"

#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

// One pack of a task: where its worktree is and what its branch started from
// (docs/design.md, "Tasks").
struct TaskPack
{
    QString pack;                // the pack's id
    QString worktree;            // relative to the folder of grex.jsonl
    std::optional<QString> base; // the ref the branch started from, "origin/main"; none: HEAD
    QString baseSha;             // the commit it started from
    QString pushedSha;           // the last commit pushed; "" before the first push
    QString pushedTo;            // the remote it went to

    friend bool operator==(const TaskPack &, const TaskPack &) = default;
};

// A task as the journal records it: a named change over packs, one branch of the same name in
// each, each in a worktree of its own.
struct TaskState
{
    QString name;
    QString branch;
    Timestamp startedAt;
    QList<TaskPack> packs; // in the order they were added

    const TaskPack *pack(const QString &id) const;
    friend bool operator==(const TaskState &, const TaskState &) = default;
};

// The live tasks of an event list (task_* events; others are passed by), by name. An ended
// task is gone; its name may start a new one.
QMap<QString, TaskState> foldTasks(const QList<Event> &events);

// The live tasks of the workspace. Errors: those of reading the intent log.
Result<QMap<QString, TaskState>> readTasks(const Workspace &workspace, OperationContext &ctx);

// The task named name. Error: Usage "unknown_task" listing the tasks there are.
Result<TaskState> findTask(const Workspace &workspace, const QString &name, OperationContext &ctx);

// Usage "pack_in_task" when a live task uses the pack, naming the task: removing the pack would
// lose the task's branch and worktree.
Result<void> checkNotInTask(const Workspace &workspace, const QString &pack, OperationContext &ctx);

// findTask, and every one of packs (pack ids) must be one of its packs. Error: Usage
// "not_in_task" naming the first that is not.
Result<TaskState> findTaskWithPacks(const Workspace &workspace, const QString &name,
                                    const QStringList &packs, OperationContext &ctx);

// Where the worktrees of a workspace's tasks live: .grex-tasks beside grex.jsonl, which the
// workspace's .gitignore covers.
QString tasksDir(const Workspace &workspace);
// A task pack's worktree, relative to the folder of grex.jsonl, and as an absolute path.
QString taskWorktree(const QString &task, const QString &packPath);
QString absoluteWorktree(const Workspace &workspace, const QString &worktree);

// A task name: 1 to 64 letters, digits, '.', '_' and '-', starting with a letter or digit, not
// ending in ".lock" or '.'. Error: Usage "invalid_task_name".
Result<void> checkTaskName(const QString &name);

} // namespace Grex
