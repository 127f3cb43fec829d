#include "core/tasks/taskstate.h"

#include "core/manifest/intentlog.h"
#include "core/operationcontext.h"
#include "core/suggest.h"
#include "core/workspace.h"

#include <QFileInfo>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Grex {

const TaskPack *TaskState::pack(const QString &id) const
{
    for (const TaskPack &p : packs) {
        if (p.pack == id)
            return &p;
    }
    return nullptr;
}

QMap<QString, TaskState> foldTasks(const QList<Event> &events)
{
    QMap<QString, TaskState> tasks;
    for (const Event &e : events) {
        switch (e.op) {
        case EventOp::TaskStarted:
            tasks.insert(e.extra().task, TaskState{e.extra().task, e.extra().branch, e.ts, {}});
            break;
        case EventOp::TaskPack:
            if (auto it = tasks.find(e.extra().task); it != tasks.end() && !it->pack(e.id))
                it->packs.append(TaskPack{e.id, e.path, e.extra().ref, e.sha, {}, {}});
            break;
        case EventOp::TaskPushed:
            if (auto it = tasks.find(e.extra().task); it != tasks.end()) {
                for (TaskPack &p : it->packs) {
                    if (p.pack == e.id) {
                        p.pushedSha = e.sha;
                        p.pushedTo = e.extra().remote;
                    }
                }
            }
            break;
        case EventOp::TaskEnded:
            tasks.remove(e.extra().task);
            break;
        default:
            break;
        }
    }
    return tasks;
}

Result<QMap<QString, TaskState>> readTasks(const Workspace &workspace, OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    Result<LogReadResult> log = workspace.intentLog().read();
    if (!log)
        return log.error();
    for (const Message &warning : std::as_const(log->warnings))
        ctx.warn(warning);
    return foldTasks(log->events);
}

Result<TaskState> findTask(const Workspace &workspace, const QString &name, OperationContext &ctx)
{
    Result<QMap<QString, TaskState>> tasks = readTasks(workspace, ctx);
    if (!tasks)
        return tasks.error();
    if (const auto it = tasks->constFind(name); it != tasks->cend())
        return *it;
    Error error = Error(ErrorKind::Usage, u"unknown_task"_s,
                        Message(QT_TRANSLATE_NOOP("Grex", "there is no task '%1'"), {name}))
                      .withDetail(u"task"_s, name);
    const QStringList names = tasks->keys();
    if (names.isEmpty()) {
        error.withHint(Message(QT_TRANSLATE_NOOP("Grex", "grex task start NAME PACK... starts "
                                                         "one")));
    } else if (const QString meant = closestWord(name, names); !meant.isEmpty()) {
        error.withHint(Message(QT_TRANSLATE_NOOP("Grex", "did you mean '%1'?"), {meant}));
    } else {
        error.withHint(
            Message(QT_TRANSLATE_NOOP("Grex", "the tasks are: %1"), {names.join(u", "_s)}));
    }
    return error;
}

Result<void> checkNotInTask(const Workspace &workspace, const QString &pack, OperationContext &ctx)
{
    Result<QMap<QString, TaskState>> tasks = readTasks(workspace, ctx);
    if (!tasks)
        return {};
    for (const TaskState &task : std::as_const(*tasks)) {
        if (!task.pack(pack))
            continue;
        return Error(ErrorKind::Usage, u"pack_in_task"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' is part of task '%2'"),
                             {pack, task.name}))
            .withDetail(u"pack"_s, pack)
            .withDetail(u"task"_s, task.name)
            .withHint(Message(QT_TRANSLATE_NOOP("Grex", "finish or abandon the task first "
                                                        "(grex task finish %1)"),
                              {task.name}));
    }
    return {};
}

Result<TaskState> findTaskWithPacks(const Workspace &workspace, const QString &name,
                                    const QStringList &packs, OperationContext &ctx)
{
    Result<TaskState> task = findTask(workspace, name, ctx);
    if (!task)
        return task;
    for (const QString &pack : packs) {
        if (!task->pack(pack)) {
            return Error(ErrorKind::Usage, u"not_in_task"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' is not part of task '%2'"),
                                 {pack, task->name}))
                .withDetail(u"pack"_s, pack)
                .withDetail(u"task"_s, task->name);
        }
    }
    return task;
}

QString tasksDir(const Workspace &workspace)
{
    return QFileInfo(workspace.manifestPath()).absolutePath() + u"/.grex-tasks"_s;
}

QString taskWorktree(const QString &task, const QString &packPath)
{
    return u".grex-tasks/"_s + task + u'/' + packPath;
}

QString absoluteWorktree(const Workspace &workspace, const QString &worktree)
{
    return QFileInfo(workspace.manifestPath()).absolutePath() + u'/' + worktree;
}

Result<void> checkTaskName(const QString &name)
{
    static const QRegularExpression valid(u"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"_s);
    if (valid.match(name).hasMatch() && !name.endsWith(u".lock"_s) && !name.endsWith(u'.') &&
        !name.contains(u".."_s))
        return {};
    return Error(ErrorKind::Usage, u"invalid_task_name"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "'%1' is not a task name: use up to 64 "
                                                   "letters, digits, '.', '_' and '-', starting "
                                                   "with a letter or a digit"),
                         {name}))
        .withDetail(u"task"_s, name);
}

} // namespace Grex
