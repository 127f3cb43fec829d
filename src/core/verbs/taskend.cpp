#include "core/verbs/taskend.h"

#include "core/git/taskgit.h"
#include "core/manifest/intentlog.h"
#include "core/operationcontext.h"
#include "core/tasks/taskstate.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"

#include <QDir>

using namespace Qt::StringLiterals;

namespace Grex {

Result<TaskEndOptions> TaskEndOptions::fromJson(const QJsonObject &args)
{
    TaskEndOptions options;
    options.name = args.value(u"name"_s).toString();
    options.force = args.value(u"force"_s).toBool();
    options.dryRun = args.value(u"dryRun"_s).toBool();
    return options;
}

JsonObject TaskEndReport::toJson() const
{
    JsonArray list;
    for (const TaskPackStatus &pack : packs)
        list.append(pack.toJson());
    return JsonObject{
        {u"task"_s, task}, {u"how"_s, how}, {u"packs"_s, list}, {u"dry_run"_s, dryRun}};
}

DocShape TaskEndReport::shape()
{
    using S = DocShape;
    return S::object(
        {field(u"task"_s, S::string(), "the task"),
         field(u"how"_s, S::string({u"finished"_s, u"abandoned"_s}), "how it ended"),
         field(u"packs"_s, S::array(TaskPackStatus::shape()), "its packs as they stood"),
         field(u"dry_run"_s, S::boolean(), "nothing was removed")});
}

namespace {

// The packs whose worktree holds what exists nowhere else.
QStringList unsettled(const QList<TaskPackStatus> &packs)
{
    QStringList ids;
    for (const TaskPackStatus &pack : packs) {
        if (pack.present && !pack.settled())
            ids.append(pack.id);
    }
    return ids;
}

// Removes the task's worktrees and branches, then records its end. A pack whose removal fails
// stops the end: the task stays, so that running it again finishes the rest.
Result<void> endTask(const Workspace &workspace, const TaskState &task, const QString &how,
                     OperationContext &ctx)
{
    Result<QMap<QString, PackState>> packs = workspace.readPacks(ctx);
    if (!packs)
        return packs.error();
    for (const TaskPack &p : task.packs) {
        const auto pack = packs->constFind(p.pack);
        const QString worktree = absoluteWorktree(workspace, p.worktree);
        if (pack == packs->cend()) {
            // The pack was removed: its clone and with it the branch are gone.
            QDir(worktree).removeRecursively();
            continue;
        }
        if (Result<void> removed = Git::removeWorktree(workspace.packDir(pack->path), worktree,
                                                       task.branch, ctx.stopToken());
            !removed)
            return std::move(removed).error().withDetail(u"pack"_s, p.pack);
    }
    QDir(tasksDir(workspace) + u'/' + task.name).removeRecursively();
    QDir().rmdir(tasksDir(workspace));
    if (Result<AppendReport> appended =
            workspace.intentLog().append(Event::taskEnded(task.name, how));
        !appended)
        return appended.error();
    return {};
}

// What ending a task starts from: the workspace lock (none for a dry run), the task, and its
// packs as they stand.
struct Ending
{
    std::optional<FileLock> lock;
    TaskState task;
    TaskEndReport report;
};

Result<Ending> prepare(Workspace &workspace, const TaskEndOptions &options, const QString &how,
                       OperationContext &ctx)
{
    Result<std::optional<FileLock>> lock = workspace.lockForWritingIf(!options.dryRun);
    if (!lock)
        return lock.error();
    Result<TaskState> task = findTask(workspace, options.name, ctx);
    if (!task)
        return task.error();
    Ending ending{std::move(lock).value(), *task, {}};
    ending.report.task = task->name;
    ending.report.how = how;
    ending.report.dryRun = options.dryRun;
    ending.report.packs = taskPackStatus(workspace, *task, false, ctx);
    return ending;
}

} // namespace

Result<TaskEndReport> taskFinish(Workspace &workspace, const TaskEndOptions &options,
                                 OperationContext &ctx)
{
    Result<Ending> ending = prepare(workspace, options, u"finished"_s, ctx);
    if (!ending)
        return ending.error();
    const TaskState &task = ending->task;
    TaskEndReport &report = ending->report;
    if (const QStringList open = unsettled(report.packs); !open.isEmpty()) {
        report.dryRun = true; // what finishing would have removed, as a preview
        return stateError(u"task_not_settled"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "task '%1' still has work only on "
                                                            "this machine in %2"),
                                  {task.name, open.join(u", "_s)}))
            .withDetail(u"report"_s, report.toJson())
            .withHint(Message(QT_TRANSLATE_NOOP("Grex", "commit and push it (grex task commit, "
                                                        "grex task push), or drop it with grex "
                                                        "task abandon")));
    }
    if (options.dryRun)
        return report;
    if (Result<void> ended = endTask(workspace, task, report.how, ctx); !ended)
        return ended.error();
    return report;
}

Result<TaskEndReport> taskAbandon(Workspace &workspace, const TaskEndOptions &options,
                                  OperationContext &ctx)
{
    Result<Ending> ending = prepare(workspace, options, u"abandoned"_s, ctx);
    if (!ending)
        return ending.error();
    const TaskState &task = ending->task;
    TaskEndReport &report = ending->report;
    const QStringList open = unsettled(report.packs);
    if (!open.isEmpty() && !options.force) {
        report.dryRun = true; // what abandoning would have removed, as a preview
        return stateError(u"unsaved_work"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "task '%1' has work that exists "
                                                            "only on this machine in %2"),
                                  {task.name, open.join(u", "_s)}))
            .withDetail(u"report"_s, report.toJson())
            .withHint(Message(QT_TRANSLATE_NOOP("Grex", "push it first, or pass --force to "
                                                        "throw it away")));
    }
    if (options.dryRun)
        return report;
    if (!open.isEmpty()) {
        ApprovalRequest request;
        request.verb = u"task-abandon"_s;
        request.summary = Message(QT_TRANSLATE_NOOP("Grex", "abandon task '%1' and throw away "
                                                            "its unpushed work in %2"),
                                  {task.name, open.join(u", "_s)});
        request.packs = open;
        TaskEndReport preview = report;
        preview.dryRun = true;
        request.preview = preview.toJson();
        if (Result<void> approved = requestApproval(
                workspace, request,
                Message(QT_TRANSLATE_NOOP("Grex", "abandoning task '%1' was not approved"),
                        {task.name}),
                ctx);
            !approved)
            return approved.error();
    }
    if (Result<void> ended = endTask(workspace, task, report.how, ctx); !ended)
        return ended.error();
    return report;
}

VerbSpec makeTaskFinishVerb()
{
    VerbSpec verb;
    verb.name = u"task-finish"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Finish a task");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Remove a published task's worktrees and branches.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Once every pack of the task is committed and pushed, removes its worktrees and "
                "its local branches (the pushed branches stay on the remotes) and records that "
                "the task ended. It refuses while anything of the task exists only on this "
                "machine, and says what.");
    verb.examples = {
        {"grex task finish fix-login", QT_TRANSLATE_NOOP("Grex", "End a pushed task.")},
    };
    verb.icon = u"task"_s;
    verb.locksWorkspace = true;
    verb.failureCarriesReport = true;
    verb.params = {
        taskNameParam(),
        dryRunParam(),
    };
    bindInvoker<TaskEndOptions, TaskEndReport, taskFinish>(verb);
    return verb;
}

VerbSpec makeTaskAbandonVerb()
{
    VerbSpec verb;
    verb.name = u"task-abandon"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Abandon a task");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Drop a task: its worktrees and branches.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Removes the task's worktrees and local branches and records that it ended. It "
                "refuses while work of the task exists only on this machine (uncommitted "
                "changes, commits no push took) unless --force is given, and then asks before "
                "throwing that work away.");
    verb.examples = {
        {"grex task abandon spike", QT_TRANSLATE_NOOP("Grex", "Drop a task with nothing to "
                                                              "lose.")},
        {"grex task abandon spike --force --yes",
         QT_TRANSLATE_NOOP("Grex", "Drop a task and its unpushed work, without asking.")},
    };
    verb.icon = u"remove"_s;
    verb.destructive = true;
    verb.locksWorkspace = true;
    verb.failureCarriesReport = true;
    verb.confirmWord = QT_TRANSLATE_NOOP("Grex", "&Abandon");
    verb.params = {
        taskNameParam(),
        param(u"force"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Also throw away work that exists only here.")),
        dryRunParam(),
    };
    bindInvoker<TaskEndOptions, TaskEndReport, taskAbandon>(verb);
    return verb;
}

} // namespace Grex
