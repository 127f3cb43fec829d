#include "core/verbs/taskstart.h"

#include "core/engine/drift.h"
#include "core/fs/gitignore.h"
#include "core/git/repository.h"
#include "core/git/taskgit.h"
#include "core/manifest/intentlog.h"
#include "core/operationcontext.h"
#include "core/tasks/taskstate.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Grex {

Result<TaskStartOptions> TaskStartOptions::fromJson(const QJsonObject &args)
{
    TaskStartOptions options;
    options.name = args.value(u"name"_s).toString();
    options.packs = args.value(u"packs"_s).toVariant().toStringList();
    options.branch = args.value(u"branch"_s).toString();
    options.dryRun = args.value(u"dryRun"_s).toBool();
    if (Result<void> filter = readFilter(args, options.filter); !filter)
        return filter.error();
    if (Result<void> valid = checkTaskName(options.name); !valid)
        return valid.error();
    if (options.branch.isEmpty())
        options.branch = options.name;
    if (Result<void> valid = Git::checkBranchName(options.branch); !valid)
        return valid.error();
    if (options.packs.isEmpty() && options.filter.isEmpty()) {
        return usageError(u"missing_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "a task needs its packs: grex task "
                                                            "start NAME PACK..., or --filter "
                                                            "EXPR")));
    }
    return options;
}

JsonObject TaskStartReport::toJson() const
{
    JsonArray list;
    for (const Pack &p : packs) {
        list.append(JsonObject{{u"id"_s, p.id},
                               {u"worktree"_s, p.worktree},
                               {u"base"_s, JsonValue::fromOptional(p.base)},
                               {u"base_sha"_s, p.baseSha}});
    }
    return JsonObject{
        {u"task"_s, task}, {u"branch"_s, branch}, {u"packs"_s, list}, {u"dry_run"_s, dryRun}};
}

DocShape TaskStartReport::shape()
{
    using S = DocShape;
    const DocShape pack =
        S::object({field(u"id"_s, S::string(), "the pack"),
                   field(u"worktree"_s, S::string(), "its worktree, relative to the workspace"),
                   field(u"base"_s, S::string().orNull(),
                         "the ref the branch starts from (origin/main); null: the pack's HEAD"),
                   field(u"base_sha"_s, S::string(), "the commit the branch starts from")});
    return S::object({field(u"task"_s, S::string(), "the task"),
                      field(u"branch"_s, S::string(), "its branch in every pack"),
                      field(u"packs"_s, S::array(pack), "its packs, in the order given"),
                      field(u"dry_run"_s, S::boolean(), "nothing was made")});
}

namespace {

// The packs named, then those the filter matches, each once.
Result<QList<PackState>> chosenPacks(Workspace &workspace, const TaskStartOptions &options,
                                     const QMap<QString, PackState> &packs, OperationContext &ctx)
{
    QList<PackState> chosen;
    QStringList ids;
    for (const QString &name : options.packs) {
        Result<PackState> pack = findPack(packs, name);
        if (!pack)
            return pack.error();
        if (!ids.contains(pack->id)) {
            ids.append(pack->id);
            chosen.append(*pack);
        }
    }
    if (!options.filter.isEmpty()) {
        Result<QHash<QString, QString>> drift = driftForFilter(options.filter, workspace, ctx);
        if (!drift)
            return drift.error();
        bool any = false;
        for (const PackState &pack : packsInIdOrder(packs)) {
            if (!options.filter.matches(subjectOf(pack).withDriftOf(*drift)))
                continue;
            any = true;
            if (!ids.contains(pack.id)) {
                ids.append(pack.id);
                chosen.append(pack);
            }
        }
        if (!any) {
            return usageError(u"no_packs"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "--filter matches no registered "
                                                                "pack")));
        }
    }
    return chosen;
}

} // namespace

Result<TaskStartReport> taskStart(Workspace &workspace, const TaskStartOptions &options,
                                  OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    Result<Workspace::LockedPacks> locked = workspace.lockAndReadPacks(!options.dryRun, ctx);
    if (!locked)
        return locked.error();
    Result<QMap<QString, TaskState>> tasks = readTasks(workspace, ctx);
    if (!tasks)
        return tasks.error();
    if (tasks->contains(options.name)) {
        return usageError(
                   u"task_exists"_s,
                   Message(QT_TRANSLATE_NOOP("Grex", "task '%1' exists already"), {options.name}))
            .withDetail(u"task"_s, options.name)
            .withHint(
                Message(QT_TRANSLATE_NOOP("Grex", "grex task status %1 shows it"), {options.name}));
    }
    Result<QList<PackState>> chosen = chosenPacks(workspace, options, locked->packs, ctx);
    if (!chosen)
        return chosen.error();

    TaskStartReport report;
    report.task = options.name;
    report.branch = options.branch;
    report.dryRun = options.dryRun;
    // Every check before anything is made, so that a refusal leaves nothing behind.
    for (const PackState &pack : std::as_const(*chosen)) {
        const QString dir = workspace.packDir(pack.path);
        if (!QFileInfo(dir).isDir() || !Git::isRepository(dir)) {
            return stateError(u"not_cloned"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' is not cloned at %2; "
                                                                "grex sync clones it"),
                                      {pack.id, dir}))
                .withDetail(u"pack"_s, pack.id);
        }
        Result<bool> taken = Git::hasLocalBranch(dir, options.branch);
        if (!taken)
            return taken.error();
        if (*taken) {
            return stateError(u"branch_exists"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' has a branch '%2' "
                                                                "already"),
                                      {pack.id, options.branch}))
                .withDetail(u"pack"_s, pack.id)
                .withDetail(u"branch"_s, options.branch)
                .withHint(Message(QT_TRANSLATE_NOOP("Grex", "name another branch with "
                                                            "--branch")));
        }
        Result<Git::BranchBase> base = Git::branchBase(dir);
        if (!base)
            return base.error();
        const QString worktree = taskWorktree(options.name, pack.path);
        if (QFileInfo::exists(absoluteWorktree(workspace, worktree))) {
            return stateError(u"worktree_exists"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "%1 exists already; remove it or "
                                                                "name the task otherwise"),
                                      {absoluteWorktree(workspace, worktree)}));
        }
        report.packs.append({pack.id, worktree, base->ref, base->sha});
    }
    if (options.dryRun)
        return report;

    if (!workspace.isRootPackMode()) {
        if (Result<void> ignored = Gitignore::upsertBlock(
                workspace.gitignorePath(), QString::fromUtf16(Gitignore::WorkspaceOwner),
                Gitignore::workspaceBody());
            !ignored)
            return ignored.error();
    }
    QList<std::pair<QString, QString>> made; // pack directory, worktree
    const auto undo = [&] {
        for (const auto &[dir, worktree] : std::as_const(made))
            (void)Git::removeWorktree(dir, worktree, options.branch, {});
        QDir(tasksDir(workspace) + u'/' + options.name).removeRecursively();
    };
    QList<Event> events{Event::taskStarted(options.name, options.branch)};
    for (qsizetype i = 0; i < report.packs.size(); ++i) {
        const TaskStartReport::Pack &p = report.packs.at(i);
        const QString dir = workspace.packDir(chosen->at(i).path);
        const QString worktree = absoluteWorktree(workspace, p.worktree);
        if (Result<void> added =
                Git::addWorktree(dir, worktree, options.branch, p.baseSha, ctx.stopToken());
            !added) {
            made.append({dir, worktree}); // git may have made part of it (a hook that failed)
            undo();
            return std::move(added).error().withDetail(u"pack"_s, p.id);
        }
        made.append({dir, worktree});
        events.append(Event::taskPack(options.name, p.id, p.worktree, p.base, p.baseSha));
    }
    if (Result<AppendReport> appended = workspace.intentLog().append(events); !appended) {
        undo();
        return appended.error();
    }
    return report;
}

VerbSpec makeTaskStartVerb()
{
    VerbSpec verb;
    verb.name = u"task-start"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Start a task");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Start a change across packs, on a branch of its own "
                                             "in a worktree of each.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "A task is one change over several packs. task start makes, in each pack named "
                "and each one --filter matches, a branch (NAME, or --branch) from the upstream "
                "of the branch the pack follows, checked out in a worktree of its own under "
                ".grex-tasks/NAME in the workspace. Your own checkouts are not touched, and "
                "other tasks may use the same packs at the same time.\n\n"
                "Work in the worktrees, then grex task commit, grex task push and grex task "
                "finish; grex task status says where each pack stands. A branch name already "
                "used in a pack is refused; nothing is made unless every pack can have its "
                "worktree.");
    verb.examples = {
        {"grex task start fix-login api web",
         QT_TRANSLATE_NOOP("Grex", "Start the task fix-login in the packs api and web.")},
        {"grex task start bump-deps --filter tag=service --branch deps/2026-11",
         QT_TRANSLATE_NOOP("Grex", "Start a task in every pack tagged service, on a branch "
                                   "named otherwise.")},
    };
    verb.icon = u"task"_s;
    verb.locksWorkspace = true;
    verb.params = {
        param(u"name"_s, ParamType::String, QT_TRANSLATE_NOOP("Grex", "The task's name."),
              u"NAME"_s, true, true),
        hinted(param(u"packs"_s, ParamType::StringArray,
                     QT_TRANSLATE_NOOP("Grex", "The packs of the task, by id or path."),
                     u"PACK..."_s, false, true),
               ValueHint::Pack),
        param(u"branch"_s, ParamType::String,
              QT_TRANSLATE_NOOP("Grex", "The branch to make in each pack (default: the task's "
                                        "name)."),
              u"BRANCH"_s),
        dryRunParam(),
        filterParam(),
    };
    bindInvoker<TaskStartOptions, TaskStartReport, taskStart>(verb);
    return verb;
}

} // namespace Grex
