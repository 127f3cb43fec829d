#pragma once

#include "core/docshape.h"
#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

struct InitOptions
{
    bool noClone = false;
    std::optional<QString> hooksPath;
    bool dryRun = false;

    static Result<InitOptions> fromJson(const QJsonObject &args);
};

struct InitReport
{
    QString workspace;
    QStringList created; // files created (or that would be, in a dry run)
    std::optional<QString> hooks;
    QStringList cloned; // registered packs cloned because their directory was missing
    bool dryRun = false;

    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// `grex init`: creates grex.jsonl and grex.lock.jsonl when missing (never truncating), writes the
// _workspace .gitignore block, optionally sets core.hooksPath, and clones registered packs whose
// directory is missing, in parallel. Idempotent. Errors: Manifest (existing log corrupt), Lock
// (workspace busy), PackOp (clone failed, workspace not writable), Usage (--hooks-path outside a
// git repository), Cancelled.
Result<InitReport> init(Workspace &workspace, const InitOptions &options, OperationContext &ctx);

} // namespace Grex
