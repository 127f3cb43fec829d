#pragma once

#include "core/docshape.h"
#include "core/engine/packfilter.h"
#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

struct ExecOptions
{
    QString command;
    QStringList arguments;
    bool shell = false; // join command and arguments with spaces and run them with sh -c
    bool dryRun = false;
    PackFilter filter;

    static Result<ExecOptions> fromJson(const QJsonObject &args);
};

struct ExecReport
{
    struct Row
    {
        QString pack;
        QString dir;
        QString stdoutText;
        QString stderrText;
        std::optional<int> exit; // nullopt in a dry run; -1 when killed by a signal
    };
    bool dryRun = false;
    QStringList argv; // what ran in each pack
    QList<Row> rows;  // ordered by pack id

    JsonValue toJson() const; // [{"pack","stdout","stderr","exit"}]
    static DocShape shape();  // of toJson()
    static JsonObject rowJson(const Row &row);
};

// `grex exec <cmd> [args...]` (docs/design.md, "grex run and grex exec"): runs a command in the
// directory of every matching pack on disk, up to ctx.width().local() at once, never through the
// action registry, capturing stdout and stderr in full; each pack's output reaches the event sink
// in one piece when it finishes. Destructive: asks ctx's approval policy first. Errors: Usage (no
// command, a command not on PATH, filter), NotApproved, PackOp "exec_failed" when a command exited
// non-zero somewhere (details.report holds the document), Cancelled.
Result<ExecReport> execInPacks(Workspace &workspace, const ExecOptions &options,
                               OperationContext &ctx);

} // namespace Grex
