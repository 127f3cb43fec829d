#pragma once

#include "core/docshape.h"
#include "core/engine/packfilter.h"
#include "core/engine/pipeline.h"
#include "core/engine/lifecycles.h"
#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

struct UpdateOptions
{
    std::optional<QString> pack; // one pack's subtree; absent: every pack
    // With pack: the branch, tag or commit the pack follows from now on (recorded in
    // grex.jsonl), checked out by this run.
    std::optional<QString> ref;
    // --filter, --force, --only and --dry-run as the pipeline takes them.
    PipelineRequest request = PipelineRequest::of(QStringLiteral("update"), Lifecycle::Update);

    static Result<UpdateOptions> fromJson(const QJsonObject &args);
};

struct UpdateReport
{
    LifecycleReport run;
    JsonValue toJson() const; // an array, one object per pack (shape())
    static DocShape shape();  // of toJson()
};

// `grex update [pack]` (docs/design.md, "grex update"): the sync pipeline, running the update
// lifecycle of each pack whose lock entry is missing, whose HEAD or actions_hash changed, or with
// --force. With ref, the pack's ref changes first. Errors as sync; an unknown pack is Usage
// "unknown_pack", a ref without a pack Usage "ref_needs_pack".
Result<UpdateReport> update(Workspace &workspace, const UpdateOptions &options,
                            OperationContext &ctx);

} // namespace Grex
