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

struct TeardownOptions
{
    std::optional<QString> packRoot;
    std::optional<QString> workspace;
    // --filter, --dry-run and --no-validate as the pipeline takes them; no network.
    PipelineRequest request =
        offline(PipelineRequest::of(QStringLiteral("teardown"), Lifecycle::Teardown));

    static Result<TeardownOptions> fromJson(const QJsonObject &args);

private:
    static PipelineRequest offline(PipelineRequest request)
    {
        request.network = false;
        return request;
    }
};

// `grex teardown [pack_root]`: walks the graph from disk (no network) and runs each pack type's
// teardown parents first, removing their lock entries and .gitignore blocks. Registrations and
// directories stay. Errors as sync.
Result<LifecycleReport> teardown(Workspace &workspace, const TeardownOptions &options,
                                 OperationContext &ctx);

} // namespace Grex
