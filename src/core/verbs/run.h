#pragma once

#include "core/docshape.h"
#include "core/engine/packfilter.h"
#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>

namespace Grex {

class OperationContext;
class Workspace;

struct RunActionOptions
{
    QString action;
    bool dryRun = false;
    PackFilter filter;

    static Result<RunActionOptions> fromJson(const QJsonObject &args);
};

struct RunActionReport
{
    struct Row
    {
        QString pack;
        QString action;
        bool changed = false;
        QString message;
    };
    bool dryRun = false;
    QList<Row> rows;

    JsonValue toJson() const; // [{"pack","action","changed","message"}]
    static DocShape shape();  // of toJson()
};

// `grex run <action>` (docs/design.md, "grex run and grex exec"): in every matching pack on disk,
// runs each action of that name (also inside a `when` whose gate holds) through the normal
// executor, audit-bracketed, children before parents, up to ctx.width().local() packs at once; no
// hash skip, no lockfile change. Destructive: asks ctx's approval policy first, naming how many
// packs it touches. Errors: PluginMissing "unknown_action", Usage (filter), NotApproved, Lock
// (busy), PackOp "run_failed" at the first failure (details.report holds the rows so far),
// Cancelled.
Result<RunActionReport> runAction(Workspace &workspace, const RunActionOptions &options,
                                  OperationContext &ctx);

} // namespace Grex
