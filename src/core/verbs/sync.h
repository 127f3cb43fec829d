#pragma once

#include "core/engine/packfilter.h"
#include "core/engine/pipeline.h"
#include "core/engine/lifecycles.h"
#include "core/result.h"

#include <QJsonObject>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

struct SyncOptions
{
    std::optional<QString> packRoot;  // root-pack mode
    std::optional<QString> workspace; // root-pack mode: where children go
    // Everything else (--filter, --dry-run, --ref, --only, --force, ...) as the pipeline takes it.
    PipelineRequest request = PipelineRequest::of(QStringLiteral("sync"), Lifecycle::Sync);

    static Result<SyncOptions> fromJson(const QJsonObject &args);
};

// `grex sync [pack_root]`: fetches and fast-forwards (or clones) every pack of the graph in
// parallel, validates the plan, then runs each pack's sync lifecycle children first, skipping packs
// whose actions_hash did not change. Errors: Usage, Manifest (corrupt log or lockfile), Lock
// (busy), PackOp (walk, validation; a halt carries details.report), PluginMissing, Cancelled (with
// details.report).
Result<LifecycleReport> sync(Workspace &workspace, const SyncOptions &options,
                             OperationContext &ctx);

} // namespace Grex
