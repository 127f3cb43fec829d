#include "gui/workspaceload.h"

#include "core/manifest/intentlog.h"
#include "core/operationcontext.h"
#include "core/verbs/ls.h"
#include "core/verbs/status.h"
#include "core/workspace.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

namespace {

constexpr int kEventsPerPack = 30;

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Grex::Gui::WorkspaceLoad)
};

AuditLine auditLine(const Event &e)
{
    AuditLine line;
    line.ts = e.ts;
    line.op = eventOpName(e.op);
    switch (e.op) {
    case EventOp::Add:
        line.text = Tr::tr("registered from %1").arg(e.url);
        break;
    case EventOp::Update:
        line.text = u"%1 = %2"_s.arg(e.field, e.value.value_or(u"null"_s));
        break;
    case EventOp::Tag:
        line.text = u"%1 %2"_s.arg(e.tags.isEmpty() ? QString() : u"+"_s + e.tags.join(u" +"_s),
                                   e.untags.isEmpty() ? QString() : u"-"_s + e.untags.join(u" -"_s))
                        .trimmed();
        break;
    case EventOp::Rm:
        line.text = Tr::tr("removed");
        break;
    case EventOp::Sync:
        line.text = Tr::tr("synced to %1").arg(e.sha.left(12));
        break;
    case EventOp::ActionStarted:
        line.text = u"%1 #%2"_s.arg(e.actionName).arg(e.actionIdx);
        break;
    case EventOp::ActionCompleted:
        line.text = u"%1 #%2: %3"_s.arg(e.actionName).arg(e.actionIdx).arg(e.resultSummary);
        break;
    case EventOp::ActionHalted:
        line.text = u"%1 #%2: %3"_s.arg(e.actionName).arg(e.actionIdx).arg(e.errorSummary);
        break;
    }
    return line;
}

} // namespace

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
        return load;
    }
    StatusOptions statusOptions;
    statusOptions.long_ = true;
    Result<StatusReport> status = Grex::status(workspace, statusOptions, ctx);
    load.rows =
        joinPackRows(packs->packs, status ? status->packs : QList<StatusEntry>(), workspace.root());
    if (!status)
        load.error = status.error().displayText();
    Result<LogReadResult> log = workspace.intentLog().read();
    if (log) {
        for (const Event &e : std::as_const(log->events)) {
            QList<AuditLine> &lines = load.events[e.id];
            lines.append(auditLine(e));
            if (lines.size() > kEventsPerPack)
                lines.removeFirst();
        }
    }
    return load;
}

} // namespace Grex::Gui
