#include "core/verbs/taskpush.h"

#include "core/git/taskgit.h"
#include "core/manifest/intentlog.h"
#include "core/operationcontext.h"
#include "core/secrets.h"
#include "core/tasks/taskstate.h"
#include "core/verbs/taskstatus.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/wire.h"
#include "core/workspace.h"

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

constexpr WireTable<PushResult, 4> kPushResultWords{{
    {PushResult::Pushed, u"pushed"},
    {PushResult::WouldPush, u"would_push"},
    {PushResult::UpToDate, u"up_to_date"},
    {PushResult::Failed, u"failed"},
}};

} // namespace

QString pushResultName(PushResult result)
{
    return wireWord(kPushResultWords, result);
}

QStringList pushResultWords()
{
    return wireWords(kPushResultWords);
}

Result<TaskPushOptions> TaskPushOptions::fromJson(const QJsonObject &args)
{
    TaskPushOptions options;
    options.name = args.value(u"name"_s).toString();
    options.packs = args.value(u"packs"_s).toVariant().toStringList();
    options.dryRun = args.value(u"dryRun"_s).toBool();
    return options;
}

int TaskPushReport::count(PushResult result) const
{
    return int(std::count_if(packs.begin(), packs.end(),
                             [result](const Pack &p) { return p.result == result; }));
}

JsonObject TaskPushReport::toJson() const
{
    JsonArray list;
    for (const Pack &p : packs) {
        list.append(JsonObject{{u"id"_s, p.id},
                               {u"remote"_s, p.remote},
                               {u"url"_s, p.url},
                               {u"sha"_s, p.sha},
                               {u"commits"_s, qint64(p.commits)},
                               {u"uncommitted"_s, p.uncommitted},
                               {u"result"_s, pushResultName(p.result)},
                               {u"error"_s, p.error},
                               {u"hint"_s, p.hint}});
    }
    return JsonObject{{u"task"_s, task},
                      {u"branch"_s, branch},
                      {u"packs"_s, list},
                      {u"pushed"_s, qint64(count(PushResult::Pushed))},
                      {u"failed"_s, qint64(count(PushResult::Failed))},
                      {u"dry_run"_s, dryRun}};
}

DocShape TaskPushReport::shape()
{
    using S = DocShape;
    const DocShape pack = S::object(
        {field(u"id"_s, S::string(), "the pack"),
         field(u"remote"_s, S::string(), "the remote its branch goes to"),
         field(u"url"_s, S::string(), "the remote's URL, secrets left out"),
         field(u"sha"_s, S::string(), "the commit that goes out"),
         field(u"commits"_s, S::integer(), "the commits the push takes"),
         field(u"uncommitted"_s, S::boolean(), "changes no commit holds stay behind"),
         field(u"result"_s, S::string(pushResultWords()), "what happened to it"),
         field(u"error"_s, S::string(), "why its push failed; empty otherwise"),
         field(u"hint"_s, S::string(), "what to do about the failure; empty when nothing")});
    return S::object({field(u"task"_s, S::string(), "the task"),
                      field(u"branch"_s, S::string(), "the branch pushed in every pack"),
                      field(u"packs"_s, S::array(pack), "the packs of the push"),
                      field(u"pushed"_s, S::integer(), "packs whose push went out"),
                      field(u"failed"_s, S::integer(), "packs whose push failed"),
                      field(u"dry_run"_s, S::boolean(), "nothing was pushed")});
}

Result<TaskPushReport> taskPush(Workspace &workspace, const TaskPushOptions &options,
                                OperationContext &ctx)
{
    Result<TaskState> task = findTaskWithPacks(workspace, options.name, options.packs, ctx);
    if (!task)
        return task.error();
    Result<QMap<QString, PackState>> registered = workspace.readPacks(ctx);
    if (!registered)
        return registered.error();

    // The plan: every pack with commits no push took, where they go.
    TaskPushReport report;
    report.task = task->name;
    report.branch = task->branch;
    report.dryRun = options.dryRun;
    QList<Git::PushTarget> targets;
    for (const TaskPackStatus &status : taskPackStatus(workspace, *task, false, ctx)) {
        if (!status.present || (!options.packs.isEmpty() && !options.packs.contains(status.id)))
            continue;
        TaskPushReport::Pack pack;
        pack.id = status.id;
        pack.sha = status.head;
        pack.commits = status.unpushed;
        pack.uncommitted = status.changedFiles > 0 || status.untrackedFiles > 0;
        Result<Git::PushTarget> target =
            Git::pushTarget(absoluteWorktree(workspace, status.worktree));
        if (!target)
            return std::move(target).error().withDetail(u"pack"_s, status.id);
        pack.remote = target->remote;
        pack.url = redactUrl(target->url);
        pack.result = status.unpushed > 0 ? PushResult::WouldPush : PushResult::UpToDate;
        report.packs.append(pack);
        targets.append(*target);
    }
    if (report.count(PushResult::WouldPush) == 0) {
        return stateError(u"nothing_to_push"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "task '%1' has no commit to push"),
                                  {task->name}))
            .withDetail(u"report"_s, report.toJson())
            .withHint(Message(QT_TRANSLATE_NOOP("Grex", "commit first: grex task commit %1 -m "
                                                        "MESSAGE"),
                              {task->name}));
    }
    if (options.dryRun)
        return report;

    QStringList going;
    for (const TaskPushReport::Pack &p : std::as_const(report.packs)) {
        if (p.result == PushResult::WouldPush)
            going.append(u"%1 (%2)"_s.arg(p.id, p.remote));
    }
    ApprovalRequest approval;
    approval.verb = u"task-push"_s;
    approval.summary = Message(QT_TRANSLATE_NOOP("Grex", "push the branch %1 of task '%2' to %3"),
                               {task->branch, task->name, going.join(u", "_s)});
    for (const TaskPushReport::Pack &p : std::as_const(report.packs)) {
        if (p.result == PushResult::WouldPush)
            approval.packs.append(p.id);
    }
    approval.preview = report.toJson();
    if (Result<void> approved = requestApproval(
            workspace, approval,
            Message(QT_TRANSLATE_NOOP("Grex", "pushing task '%1' was not approved"), {task->name}),
            ctx);
        !approved)
        return approved.error();

    for (qsizetype i = 0; i < report.packs.size(); ++i) {
        TaskPushReport::Pack &pack = report.packs[i];
        if (pack.result != PushResult::WouldPush)
            continue;
        if (Result<void> stopped = checkCancelled(ctx); !stopped)
            return stopped.error();
        const TaskPack *recorded = task->pack(pack.id);
        const auto registeredPack = registered->constFind(pack.id);
        const QString packDir = registeredPack == registered->cend()
                                    ? absoluteWorktree(workspace, recorded->worktree)
                                    : workspace.packDir(registeredPack->path);
        Result<void> pushed =
            Git::pushBranch(packDir, absoluteWorktree(workspace, recorded->worktree), targets.at(i),
                            task->branch, ctx.stopToken());
        if (!pushed) {
            if (pushed.error().kind() == ErrorKind::Cancelled)
                return pushed.error();
            pack.result = PushResult::Failed;
            pack.error = pushed.error().text();
            pack.hint = pushed.error().hint().text();
            continue;
        }
        pack.result = PushResult::Pushed;
        // At once, so that a push interrupted later still knows this one went out.
        if (Result<AppendReport> appended = workspace.intentLog().append(
                Event::taskPushed(task->name, pack.id, pack.sha, pack.remote, task->branch));
            !appended)
            return appended.error();
    }
    if (const int failed = report.count(PushResult::Failed); failed > 0) {
        return Error(ErrorKind::PackOp, u"push_failed"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "the push failed in %1 of %2 packs; "
                                                       "grex task push %3 sends the rest"),
                             {QString::number(failed),
                              QString::number(report.count(PushResult::Failed) +
                                              report.count(PushResult::Pushed)),
                              task->name}))
            .withDetail(u"report"_s, report.toJson());
    }
    return report;
}

VerbSpec makeTaskPushVerb()
{
    VerbSpec verb;
    verb.name = u"task-push"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Push a task");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Push a task's branch in every pack to its remote.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Pushes the task's branch of every pack (or of the packs named) that has "
                "commits no push took, to the pack's remote under the same name, and makes it "
                "the branch's upstream. The plan (packs, remotes, branch, commits) is approved "
                "once, as exec's command is. When the push fails for some packs, the others go "
                "out and the report says which did not and why; running task push again sends "
                "the rest. Uncommitted changes stay in the worktrees.");
    verb.examples = {
        {"grex task push fix-login", QT_TRANSLATE_NOOP("Grex", "Publish the task's commits.")},
        {"grex task push fix-login --dry-run",
         QT_TRANSLATE_NOOP("Grex", "Show what would be pushed where.")},
    };
    verb.openWorld = true;
    verb.typedCommandApproves = true;
    verb.icon = u"task"_s;
    verb.failureCarriesReport = true;
    verb.confirmWord = QT_TRANSLATE_NOOP("Grex", "&Push");
    verb.params = {
        taskNameParam(),
        taskPacksParam(),
        dryRunParam(),
    };
    bindInvoker<TaskPushOptions, TaskPushReport, taskPush>(verb);
    return verb;
}

} // namespace Grex
