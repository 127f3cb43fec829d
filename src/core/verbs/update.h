#pragma once

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
    // --filter, --force, --only and --dry-run as the pipeline takes them.
    PipelineRequest request = PipelineRequest::of(QStringLiteral("update"), Lifecycle::Update);

    static Result<UpdateOptions> fromJson(const QJsonObject &args);
};

struct UpdateReport
{
    LifecycleReport run;
    JsonValue toJson() const; // [{"id","synced","reinstalled","reason"}] only
};

// `grex update [pack]` (docs/design.md, "grex update"): the sync pipeline, running the update
// lifecycle of each pack whose lock entry is missing, whose HEAD or actions_hash changed, or with
// --force. Errors as sync; an unknown pack is Usage "unknown_pack".
Result<UpdateReport> update(Workspace &workspace, const UpdateOptions &options,
                            OperationContext &ctx);

} // namespace Grex
