#include "core/verbs/taskcommit.h"

#include "core/git/taskgit.h"
#include "core/operationcontext.h"
#include "core/tasks/taskstate.h"
#include "core/verbs/taskstatus.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"

using namespace Qt::StringLiterals;

namespace Grex {

Result<TaskCommitOptions> TaskCommitOptions::fromJson(const QJsonObject &args)
{
    TaskCommitOptions options;
    options.name = args.value(u"name"_s).toString();
    options.packs = args.value(u"packs"_s).toVariant().toStringList();
    options.dryRun = args.value(u"dryRun"_s).toBool();
    Result<QString> message = readMessage(args, true);
    if (!message)
        return message.error();
    options.message = *message;
    return options;
}

int TaskCommitReport::committed() const
{
    return int(
        std::count_if(packs.begin(), packs.end(), [](const Pack &p) { return !p.sha.isEmpty(); }));
}

int TaskCommitReport::failed() const
{
    return int(std::count_if(packs.begin(), packs.end(),
                             [](const Pack &p) { return !p.error.isEmpty(); }));
}

JsonObject TaskCommitReport::toJson() const
{
    JsonArray list;
    for (const Pack &p : packs) {
        list.append(JsonObject{{u"id"_s, p.id},
                               {u"files"_s, qint64(p.files)},
                               {u"sha"_s, p.sha},
                               {u"error"_s, p.error}});
    }
    return JsonObject{{u"task"_s, task},
                      {u"message"_s, message},
                      {u"packs"_s, list},
                      {u"committed"_s, qint64(committed())},
                      {u"failed"_s, qint64(failed())},
                      {u"dry_run"_s, dryRun}};
}

DocShape TaskCommitReport::shape()
{
    using S = DocShape;
    const DocShape pack =
        S::object({field(u"id"_s, S::string(), "the pack"),
                   field(u"files"_s, S::integer(), "the changed and untracked files it had"),
                   field(u"sha"_s, S::string(), "the new commit; empty when none was made"),
                   field(u"error"_s, S::string(), "why its commit failed; empty when it did not")});
    return S::object({field(u"task"_s, S::string(), "the task"),
                      field(u"message"_s, S::string(), "the commit message"),
                      field(u"packs"_s, S::array(pack), "the packs that had changes"),
                      field(u"committed"_s, S::integer(), "commits made"),
                      field(u"failed"_s, S::integer(), "packs whose commit failed"),
                      field(u"dry_run"_s, S::boolean(), "nothing was committed")});
}

Result<TaskCommitReport> taskCommit(Workspace &workspace, const TaskCommitOptions &options,
                                    OperationContext &ctx)
{
    Result<TaskState> task = findTaskWithPacks(workspace, options.name, options.packs, ctx);
    if (!task)
        return task.error();
    TaskCommitReport report;
    report.task = task->name;
    report.message = options.message;
    report.dryRun = options.dryRun;
    for (const TaskPackStatus &status : taskPackStatus(workspace, *task, false, ctx)) {
        if (!options.packs.isEmpty() && !options.packs.contains(status.id))
            continue;
        if (!status.present || (status.changedFiles == 0 && status.untrackedFiles == 0))
            continue;
        TaskCommitReport::Pack pack{status.id, status.changedFiles + status.untrackedFiles, {}, {}};
        if (!options.dryRun) {
            Result<QString> sha = Git::commitAll(absoluteWorktree(workspace, status.worktree),
                                                 options.message, ctx.stopToken());
            if (sha)
                pack.sha = *sha;
            else if (sha.error().kind() == ErrorKind::Cancelled)
                return sha.error();
            else
                pack.error = sha.error().text();
        }
        report.packs.append(pack);
    }
    if (report.packs.isEmpty()) {
        return stateError(u"nothing_to_commit"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "no pack of task '%1' has changes "
                                                            "to commit"),
                                  {task->name}))
            .withDetail(u"task"_s, task->name);
    }
    if (report.failed() > 0) {
        return Error(ErrorKind::PackOp, u"commit_failed"_s,
                     Message(
                         QT_TRANSLATE_NOOP("Grex", "the commit failed in %1 of %2 packs"),
                         {QString::number(report.failed()), QString::number(report.packs.size())}))
            .withDetail(u"report"_s, report.toJson());
    }
    return report;
}

VerbSpec makeTaskCommitVerb()
{
    VerbSpec verb;
    verb.name = u"task-commit"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Commit a task");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Commit the changes of a task's packs with one "
                                             "message.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Stages every change in the worktrees of the task's packs (or of the packs "
                "named), untracked files included, and commits it with MESSAGE, using your own "
                "git, its identity and its hooks. Packs without changes are left alone. When "
                "the commit fails in some packs, the others are committed and the report says "
                "which failed and why.");
    verb.examples = {
        {"grex task commit fix-login -m 'Check the session before the login form'",
         QT_TRANSLATE_NOOP("Grex", "Commit every changed pack of the task.")},
        {"grex task commit fix-login web -m 'Style the error'",
         QT_TRANSLATE_NOOP("Grex", "Commit only in web.")},
    };
    verb.icon = u"task"_s;
    verb.failureCarriesReport = true;
    ParamSpec message = param(u"message"_s, ParamType::String,
                              QT_TRANSLATE_NOOP("Grex", "The commit message."), u"TEXT"_s, true);
    message.shortName = u'm';
    verb.params = {
        taskNameParam(),
        taskPacksParam(),
        message,
        dryRunParam(),
    };
    bindInvoker<TaskCommitOptions, TaskCommitReport, taskCommit>(verb);
    return verb;
}

} // namespace Grex
