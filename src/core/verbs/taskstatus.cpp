#include "core/verbs/taskstatus.h"

#include "core/git/taskgit.h"
#include "core/operationcontext.h"
#include "core/tasks/taskstate.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"

#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// A diff longer than this is cut: it is for reading, and the worktree has the rest.
constexpr qsizetype MaxDiffBytes = 512 * 1024;

} // namespace

Result<TaskStatusOptions> TaskStatusOptions::fromJson(const QJsonObject &args)
{
    TaskStatusOptions options;
    options.name = args.value(u"name"_s).toString();
    options.files = args.value(u"files"_s).toBool();
    return options;
}

JsonObject TaskPackStatus::toJson() const
{
    return JsonObject{{u"id"_s, id},
                      {u"worktree"_s, worktree},
                      {u"present"_s, present},
                      {u"head"_s, head},
                      {u"base"_s, JsonValue::fromOptional(base)},
                      {u"changed_files"_s, qint64(changedFiles)},
                      {u"untracked_files"_s, qint64(untrackedFiles)},
                      {u"commits"_s, qint64(commits)},
                      {u"ahead"_s, qint64(ahead)},
                      {u"behind"_s, qint64(behind)},
                      {u"unpushed"_s, qint64(unpushed)},
                      {u"pushed_sha"_s, pushedSha},
                      {u"pushed_to"_s, pushedTo},
                      {u"settled"_s, settled()},
                      {u"files"_s, JsonValue(files)}};
}

DocShape TaskPackStatus::shape()
{
    using S = DocShape;
    return S::object(
        {field(u"id"_s, S::string(), "the pack"),
         field(u"worktree"_s, S::string(), "its worktree, relative to the workspace"),
         field(u"present"_s, S::boolean(), "the worktree is there"),
         field(u"head"_s, S::string(), "the commit checked out in it"),
         field(u"base"_s, S::string().orNull(), "the ref the branch started from"),
         field(u"changed_files"_s, S::integer(), "tracked files changed, not committed"),
         field(u"untracked_files"_s, S::integer(), "untracked files, not ignored"),
         field(u"commits"_s, S::integer(), "commits since the branch started"),
         field(u"ahead"_s, S::integer(), "commits not on the base as it is now"),
         field(u"behind"_s, S::integer(), "commits of the base not on the branch"),
         field(u"unpushed"_s, S::integer(), "commits the last push did not take"),
         field(u"pushed_sha"_s, S::string(), "the commit pushed last; empty before a push"),
         field(u"pushed_to"_s, S::string(), "the remote it was pushed to"),
         field(u"settled"_s, S::boolean(), "nothing of it exists only here"),
         field(u"files"_s, S::array(S::string()),
               "with files: its changes since the start, \"M path\", \"?? path\"")});
}

JsonObject TaskStatusReport::toJson() const
{
    JsonArray list;
    for (const Task &task : tasks) {
        JsonArray packs;
        for (const TaskPackStatus &pack : task.packs)
            packs.append(pack.toJson());
        list.append(JsonObject{{u"task"_s, task.name},
                               {u"branch"_s, task.branch},
                               {u"started_at"_s, task.startedAt},
                               {u"packs"_s, packs}});
    }
    return JsonObject{{u"tasks"_s, list}};
}

DocShape TaskStatusReport::shape()
{
    using S = DocShape;
    const DocShape task =
        S::object({field(u"task"_s, S::string(), "the task"),
                   field(u"branch"_s, S::string(), "its branch in every pack"),
                   field(u"started_at"_s, S::string(), "when it started (RFC 3339)"),
                   field(u"packs"_s, S::array(TaskPackStatus::shape()), "its packs")});
    return S::object({field(u"tasks"_s, S::array(task), "the tasks, by name")});
}

QList<TaskPackStatus> taskPackStatus(const Workspace &workspace, const TaskState &task, bool files,
                                     OperationContext &ctx)
{
    QList<TaskPackStatus> list;
    for (const TaskPack &p : task.packs) {
        TaskPackStatus status;
        status.id = p.pack;
        status.worktree = p.worktree;
        status.base = p.base;
        status.pushedSha = p.pushedSha;
        status.pushedTo = p.pushedTo;
        const QString dir = absoluteWorktree(workspace, p.worktree);
        status.present = QFileInfo(dir).isDir();
        if (status.present) {
            Result<Git::TaskTree> tree = Git::readTaskTree(dir, p.base, p.baseSha, p.pushedSha);
            if (tree) {
                status.head = tree->head;
                status.changedFiles = tree->changedFiles;
                status.untrackedFiles = tree->untrackedFiles;
                status.commits = tree->commits;
                status.ahead = tree->ahead;
                status.behind = tree->behind;
                status.unpushed = tree->unpushed;
            } else {
                ctx.warn(tree.error().message());
                status.present = false;
            }
            if (files) {
                if (Result<QStringList> changed =
                        Git::changedSince(dir, p.baseSha, ctx.stopToken()))
                    status.files = *changed;
            }
        }
        list.append(status);
    }
    return list;
}

Result<TaskStatusReport> taskStatus(Workspace &workspace, const TaskStatusOptions &options,
                                    OperationContext &ctx)
{
    QList<TaskState> tasks;
    if (options.name.isEmpty()) {
        Result<QMap<QString, TaskState>> all = readTasks(workspace, ctx);
        if (!all)
            return all.error();
        tasks = all->values();
    } else {
        Result<TaskState> one = findTask(workspace, options.name, ctx);
        if (!one)
            return one.error();
        tasks.append(*one);
    }
    TaskStatusReport report;
    for (const TaskState &task : std::as_const(tasks)) {
        report.tasks.append({task.name, task.branch, task.startedAt.toString(),
                             taskPackStatus(workspace, task, options.files, ctx)});
    }
    return report;
}

Result<TaskDiffOptions> TaskDiffOptions::fromJson(const QJsonObject &args)
{
    TaskDiffOptions options;
    options.name = args.value(u"name"_s).toString();
    options.packs = args.value(u"packs"_s).toVariant().toStringList();
    return options;
}

JsonObject TaskDiffReport::toJson() const
{
    JsonArray list;
    for (const Pack &p : packs) {
        list.append(
            JsonObject{{u"id"_s, p.id}, {u"files"_s, JsonValue(p.files)}, {u"diff"_s, p.diff}});
    }
    return JsonObject{{u"task"_s, task}, {u"packs"_s, list}};
}

DocShape TaskDiffReport::shape()
{
    using S = DocShape;
    const DocShape pack = S::object(
        {field(u"id"_s, S::string(), "the pack"),
         field(u"files"_s, S::array(S::string()), "its changed files, \"M path\", \"?? path\""),
         field(u"diff"_s, S::string(), "the unified diff since the branch started")});
    return S::object({field(u"task"_s, S::string(), "the task"),
                      field(u"packs"_s, S::array(pack), "the packs asked for, or all")});
}

Result<TaskDiffReport> taskDiff(Workspace &workspace, const TaskDiffOptions &options,
                                OperationContext &ctx)
{
    Result<TaskState> task = findTaskWithPacks(workspace, options.name, options.packs, ctx);
    if (!task)
        return task.error();
    TaskDiffReport report;
    report.task = task->name;
    for (const TaskPack &p : std::as_const(task->packs)) {
        if (!options.packs.isEmpty() && !options.packs.contains(p.pack))
            continue;
        const QString dir = absoluteWorktree(workspace, p.worktree);
        TaskDiffReport::Pack pack{p.pack, {}, {}};
        if (QFileInfo(dir).isDir()) {
            Result<QStringList> files = Git::changedSince(dir, p.baseSha, ctx.stopToken());
            if (!files)
                return files.error();
            pack.files = *files;
            Result<QString> diff =
                Git::diffSince(dir, p.baseSha, pack.files, MaxDiffBytes, ctx.stopToken());
            if (!diff)
                return diff.error();
            pack.diff = *diff;
        }
        report.packs.append(pack);
    }
    return report;
}

VerbSpec makeTaskStatusVerb()
{
    VerbSpec verb;
    verb.name = u"task-status"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Show tasks");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Show where each pack of a task stands.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "For each task (or the one named), every pack: its worktree, the files changed "
                "and not committed, the commits since the task started, how far the branch is "
                "ahead of and behind its base as last fetched, and the commits no push has "
                "taken yet. A pack is settled when nothing of it exists only on this machine.");
    verb.examples = {
        {"grex task status", QT_TRANSLATE_NOOP("Grex", "Show every task.")},
        {"grex task status fix-login --files",
         QT_TRANSLATE_NOOP("Grex", "Show one task with the files it changed.")},
    };
    verb.readOnly = true;
    verb.idempotent = true;
    verb.icon = u"task"_s;
    verb.params = {
        param(u"name"_s, ParamType::String,
              QT_TRANSLATE_NOOP("Grex", "The task; every task when none is named."), u"NAME"_s,
              false, true),
        param(u"files"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "List the files each pack changed.")),
    };
    bindInvoker<TaskStatusOptions, TaskStatusReport, taskStatus>(verb);
    return verb;
}

VerbSpec makeTaskDiffVerb()
{
    VerbSpec verb;
    verb.name = u"task-diff"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Show a task's changes");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Show what a task changed in its packs.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "The unified diff of each pack of the task (or of the packs named) against the "
                "commit its branch started from: committed and uncommitted changes together, "
                "untracked files as new ones.");
    verb.examples = {
        {"grex task diff fix-login", QT_TRANSLATE_NOOP("Grex", "Show everything the task "
                                                               "changed.")},
        {"grex task diff fix-login web", QT_TRANSLATE_NOOP("Grex", "Show what it changed in web.")},
    };
    verb.readOnly = true;
    verb.idempotent = true;
    verb.icon = u"task"_s;
    verb.params = {
        taskNameParam(),
        taskPacksParam(),
    };
    bindInvoker<TaskDiffOptions, TaskDiffReport, taskDiff>(verb);
    return verb;
}

} // namespace Grex
