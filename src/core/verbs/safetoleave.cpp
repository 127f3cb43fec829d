#include "core/verbs/safetoleave.h"

#include "core/engine/drift.h"
#include "core/errorkind.h"
#include "core/git/fetcher.h"
#include "core/git/repository.h"
#include "core/operationcontext.h"
#include "core/tasks/taskstate.h"
#include "core/verbs/taskstatus.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"

#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Grex {

Result<SafeToLeaveOptions> SafeToLeaveOptions::fromJson(const QJsonObject &args)
{
    SafeToLeaveOptions options;
    if (Result<void> filter = readFilter(args, options.filter); !filter)
        return filter.error();
    return options;
}

int SafeToLeaveReport::exitCode() const
{
    return safe() ? 0 : Grex::exitCode(ErrorKind::Drift);
}

JsonObject SafeToLeaveReport::toJson() const
{
    JsonArray packList;
    for (const Pack &p : packs) {
        packList.append(JsonObject{{u"id"_s, p.id},
                                   {u"path"_s, p.path},
                                   {u"changed_files"_s, qint64(p.changedFiles)},
                                   {u"untracked_files"_s, qint64(p.untrackedFiles)},
                                   {u"stashes"_s, qint64(p.stashes)},
                                   {u"unpushed_commits"_s, qint64(p.unpushedCommits)},
                                   {u"branches"_s, JsonValue(p.branches)}});
    }
    JsonArray taskList;
    for (const TaskPack &t : tasks) {
        taskList.append(JsonObject{{u"task"_s, t.task},
                                   {u"pack"_s, t.pack},
                                   {u"worktree"_s, t.worktree},
                                   {u"uncommitted_files"_s, qint64(t.uncommittedFiles)},
                                   {u"unpushed_commits"_s, qint64(t.unpushedCommits)}});
    }
    return JsonObject{{u"safe"_s, safe()},
                      {u"exit_code"_s, qint64(exitCode())},
                      {u"checked"_s, qint64(checked)},
                      {u"packs"_s, packList},
                      {u"tasks"_s, taskList}};
}

DocShape SafeToLeaveReport::shape()
{
    using S = DocShape;
    const DocShape pack = S::object(
        {field(u"id"_s, S::string(), "the pack"),
         field(u"path"_s, S::string(), "its folder in the workspace"),
         field(u"changed_files"_s, S::integer(), "tracked files and submodules changed"),
         field(u"untracked_files"_s, S::integer(), "untracked files, not ignored"),
         field(u"stashes"_s, S::integer(), "its stashes"),
         field(u"unpushed_commits"_s, S::integer(),
               "commits on HEAD or a local branch that no remote-tracking branch has"),
         field(u"branches"_s, S::array(S::string()), "the local branches with such commits")});
    const DocShape task = S::object(
        {field(u"task"_s, S::string(), "the task"), field(u"pack"_s, S::string(), "its pack"),
         field(u"worktree"_s, S::string(), "the worktree, relative to the workspace"),
         field(u"uncommitted_files"_s, S::integer(), "changed and untracked files"),
         field(u"unpushed_commits"_s, S::integer(), "commits no task push took")});
    return S::object({field(u"safe"_s, S::boolean(), "nothing exists only on this machine"),
                      field(u"exit_code"_s, S::integer(), "0 when safe, 7 when not"),
                      field(u"checked"_s, S::integer(), "the packs looked at"),
                      field(u"packs"_s, S::array(pack), "the packs with work only here"),
                      field(u"tasks"_s, S::array(task), "the tasks' packs with work only here")});
}

Result<SafeToLeaveReport> safeToLeave(Workspace &workspace, const SafeToLeaveOptions &options,
                                      OperationContext &ctx)
{
    Result<QMap<QString, PackState>> packs = workspace.readPacks(ctx);
    if (!packs)
        return packs.error();
    QHash<QString, QString> drift;
    if (!options.filter.isEmpty()) {
        Result<QHash<QString, QString>> read = driftForFilter(options.filter, workspace, ctx);
        if (!read)
            return read.error();
        drift = *read;
    }
    SafeToLeaveReport report;
    for (const PackState &pack : packsInIdOrder(*packs)) {
        if (!options.filter.isEmpty() &&
            !options.filter.matches(subjectOf(pack).withDriftOf(drift)))
            continue;
        const QString dir = workspace.packDir(pack.path);
        if (!QFileInfo(dir).isDir() || !Git::isRepository(dir))
            continue;
        ++report.checked;
        Result<LocalChanges> local = workspace.fetcher().localChanges(dir);
        if (!local)
            return std::move(local).error().withDetail(u"pack"_s, pack.id);
        if (local->isClean())
            continue;
        report.packs.append({pack.id, pack.path, local->tracked, local->untracked, local->stashes,
                             local->unpushed, local->branchesOnlyHere});
    }
    Result<QMap<QString, TaskState>> tasks = readTasks(workspace, ctx);
    if (!tasks)
        return tasks.error();
    for (const TaskState &task : std::as_const(*tasks)) {
        for (const TaskPackStatus &status : taskPackStatus(workspace, task, false, ctx)) {
            if (!status.present || status.settled())
                continue;
            report.tasks.append({task.name, status.id, status.worktree,
                                 status.changedFiles + status.untrackedFiles, status.unpushed});
        }
    }
    if (!report.safe()) {
        return Error(ErrorKind::Drift, u"not_safe_to_leave"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "work exists only on this machine: %1 "
                                                       "pack(s), %2 task pack(s)"),
                             {QString::number(report.packs.size()),
                              QString::number(report.tasks.size())}))
            .withDetail(u"report"_s, report.toJson());
    }
    return report;
}

VerbSpec makeSafeToLeaveVerb()
{
    VerbSpec verb;
    verb.name = u"safe-to-leave"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Check nothing is only here");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "List the work that exists only on this machine.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Before you wipe or leave this machine: lists, for every pack, the uncommitted "
                "and untracked files, the stashes and the commits on any local branch that no "
                "remote-tracking branch has, and for every task the work no commit or push "
                "holds yet. It exits with 7 when there is any, 0 when there is none. It reads "
                "only what the last fetch learned: fetch first (grex status --fetch) to compare "
                "with the remotes as they are now. grex rm and grex task abandon refuse on the "
                "same findings.");
    verb.examples = {
        {"grex safe-to-leave", QT_TRANSLATE_NOOP("Grex", "Say what only this machine has.")},
        {"grex safe-to-leave --filter tag=work",
         QT_TRANSLATE_NOOP("Grex", "Check only the packs tagged work.")},
    };
    verb.readOnly = true;
    verb.idempotent = true;
    verb.icon = u"lock"_s;
    verb.failureCarriesReport = true;
    verb.reportIsVerdict = true;
    verb.params = {filterParam()};
    bindInvoker<SafeToLeaveOptions, SafeToLeaveReport, safeToLeave>(verb);
    return verb;
}

} // namespace Grex
