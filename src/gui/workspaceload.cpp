#include "gui/workspaceload.h"

#include "core/manifest/intentlog.h"
#include "core/operationcontext.h"
#include "core/tasks/taskstate.h"
#include "core/verbs/ls.h"
#include "core/verbs/status.h"
#include "core/workspace.h"
#include "gui/livestate.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSet>

#include <functional>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

namespace {

constexpr int kEventsPerPack = 30;

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Grex::Gui::WorkspaceLoad)
};

// What one event did, in words (the History tab).
QString resultWords(const QString &summary)
{
    if (summary == u"performed_change")
        return Tr::tr("changed something");
    if (summary == u"already_satisfied" || summary == u"noop")
        return Tr::tr("nothing to change");
    if (summary == u"skipped")
        return Tr::tr("skipped");
    return summary;
}

AuditLine auditLine(const Event &e)
{
    const EventExtra &x = e.extra();
    AuditLine line;
    line.ts = e.ts;
    line.op = eventOpName(e.op);
    switch (e.op) {
    case EventOp::Add:
        line.text = Tr::tr("Registered from %1").arg(e.url);
        if (!x.tags.isEmpty())
            line.text += u"; "_s + Tr::tr("tagged %1").arg(x.tags.join(u", "_s));
        break;
    case EventOp::Update:
        if (x.field == u"ref")
            line.text = x.value ? Tr::tr("Set to follow %1").arg(*x.value)
                                : Tr::tr("Set to follow the remote's default branch");
        else if (x.field == u"url")
            line.text = Tr::tr("Remote changed to %1").arg(x.value.value_or(QString()));
        else
            line.text = Tr::tr("%1 changed to %2").arg(x.field, x.value.value_or(u"-"_s));
        break;
    case EventOp::Tag: {
        QStringList parts;
        if (!x.tags.isEmpty())
            parts.append(Tr::tr("tagged %1").arg(x.tags.join(u", "_s)));
        if (!x.untags.isEmpty())
            parts.append(Tr::tr("untagged %1").arg(x.untags.join(u", "_s)));
        line.text = parts.join(u"; "_s);
        if (!line.text.isEmpty())
            line.text[0] = line.text[0].toUpper();
        break;
    }
    case EventOp::Rm:
        line.text = Tr::tr("Removed");
        break;
    case EventOp::Sync:
        line.text = Tr::tr("Installed at commit %1").arg(e.sha.left(7));
        break;
    case EventOp::ActionStarted:
        line.text = Tr::tr("Action %1 (%2) started").arg(x.actionIdx + 1).arg(x.actionName);
        break;
    case EventOp::ActionCompleted:
        line.text =
            Tr::tr("Action %1 finished: %2").arg(x.actionIdx + 1).arg(resultWords(x.resultSummary));
        break;
    case EventOp::ActionHalted:
        line.text = Tr::tr("Action %1 (%2) failed: %3")
                        .arg(x.actionIdx + 1)
                        .arg(x.actionName, x.errorSummary);
        break;
    case EventOp::Approved:
    case EventOp::Denied: {
        const QString what = x.command.isEmpty() ? x.verb : u"%1 %2"_s.arg(x.verb, x.command);
        const bool yes = e.op == EventOp::Approved;
        QString who = x.approvedBy;
        if (who == u"window")
            who = yes ? Tr::tr("approved in the grex window") : Tr::tr("denied in the grex window");
        else if (who == u"grant")
            who = Tr::tr("approved by a session grant, without asking");
        else if (who == u"client")
            who = yes ? Tr::tr("approved by the agent's client")
                      : Tr::tr("denied by the agent's client");
        else if (who == u"flag")
            who = Tr::tr("approved by a flag (--yes or --approve-destructive)");
        else if (who == u"terminal")
            who = yes ? Tr::tr("approved at the terminal") : Tr::tr("denied at the terminal");
        else if (who == u"policy")
            who = Tr::tr("refused: nobody could be asked");
        if (!yes && !x.reason.isEmpty())
            who = u"%1 (%2)"_s.arg(who, x.reason);
        line.text = x.client.isEmpty() ? u"%1: %2"_s.arg(what, who)
                                       : Tr::tr("%1: %2, asked by %3").arg(what, who, x.client);
        break;
    }
    case EventOp::Granted:
        line.text = Tr::tr("%1 allowed for the rest of the session of %2").arg(x.verb, x.client);
        break;
    case EventOp::Revoked:
        line.text = Tr::tr("Session grant of %1 for %2 revoked").arg(x.verb, x.client);
        break;
    case EventOp::TaskStarted:
        line.text = Tr::tr("Task %1 started on branch %2").arg(x.task, x.branch);
        break;
    case EventOp::TaskPack:
        line.text = Tr::tr("Task %1: worktree from %2").arg(x.task, x.ref.value_or(e.sha.left(7)));
        break;
    case EventOp::TaskPushed:
        line.text =
            Tr::tr("Task %1: %2 pushed to %3 %4").arg(x.task, e.sha.left(7), x.remote, x.branch);
        break;
    case EventOp::TaskEnded:
        line.text = x.reason == u"abandoned" ? Tr::tr("Task %1 abandoned").arg(x.task)
                                             : Tr::tr("Task %1 finished").arg(x.task);
        break;
    }
    return line;
}

} // namespace

QStringList watchPathsFor(const Workspace &workspace, const QList<PackDir> &packs)
{
    QStringList paths{workspace.root()};
    // The journal says when a task started, pushed or ended, whichever process did it; the
    // tasks' folder when a worktree came or went.
    for (const QString &file : {workspace.manifestPath(), workspace.lockfilePath(),
                                workspace.intentLog().journalPath(), tasksDir(workspace)}) {
        if (QFileInfo::exists(file))
            paths.append(file);
    }
    QSet<QString> parents{workspace.root()};
    for (const PackDir &pack : packs) {
        const QString parent = QFileInfo(pack.dir).path();
        if (!parents.contains(parent)) {
            parents.insert(parent);
            if (QFileInfo(parent).isDir())
                paths.append(parent);
        }
    }
    return paths;
}

WorkspaceLoad WorkspaceLoad::read(const QString &dir, Width width)
{
    WorkspaceLoad load;
    Workspace workspace(dir);
    OperationContext ctx;
    ctx.setWidth(width);
    LsOptions lsOptions;
    lsOptions.tree = true;
    Result<LsReport> packs = ls(workspace, lsOptions, ctx);
    if (!packs) {
        load.error = packs.error().displayText();
        // Still watched, so that fixing the workspace's files shows at once.
        load.watchPaths = watchPathsFor(workspace, {});
        return load;
    }
    StatusOptions statusOptions;
    statusOptions.long_ = true;
    Result<StatusReport> status = Grex::status(workspace, statusOptions, ctx);
    load.rows =
        joinPackRows(packs->packs, status ? status->packs : QList<StatusEntry>(), workspace.root());
    if (!status)
        load.error = status.error().displayText();
    QList<PackDir> dirs;
    const std::function<void(const QList<LsEntry> &)> collect = [&](const QList<LsEntry> &entries) {
        for (const LsEntry &entry : entries) {
            if (!entry.dir.isEmpty())
                dirs.append({entry.id, entry.dir});
            collect(entry.children);
        }
    };
    collect(packs->packs);
    load.locks = workspaceLockFiles(workspace, dirs);
    load.watchPaths = watchPathsFor(workspace, dirs);
    load.cloneDirs = cloneWatchDirs(dirs);
    TaskStatusOptions taskOptions;
    taskOptions.files = true;
    if (Result<TaskStatusReport> tasks = taskStatus(workspace, taskOptions, ctx))
        load.tasks = tasks->tasks;
    else
        load.tasksError = tasks.error().displayText();
    Result<LogReadResult> log = workspace.intentLog().read();
    if (log) {
        QHash<QString, QString> installed; // each pack's commit as of the last sync event
        for (const Event &e : std::as_const(log->events)) {
            // An approval is part of the history of each pack it let a verb touch.
            const QStringList ids = e.isDecision() ? e.extra().packs : QStringList{e.id};
            for (const QString &id : ids) {
                QList<AuditLine> &lines = load.events[id];
                AuditLine line = auditLine(e);
                // A sync that moved the pack says from where to where; the details list what
                // came in between.
                if (e.op == EventOp::Sync) {
                    const QString before = installed.value(id);
                    if (!before.isEmpty() && before != e.sha) {
                        line.text = Tr::tr("Updated %1..%2").arg(before.left(7), e.sha.left(7));
                        line.fromSha = before;
                        line.toSha = e.sha;
                    }
                    installed.insert(id, e.sha);
                }
                lines.append(line);
                if (lines.size() > kEventsPerPack)
                    lines.removeFirst();
            }
        }
    }
    return load;
}

} // namespace Grex::Gui
