#pragma once

#include "engine/packfilter.h"
#include "engine/runner.h"
#include "result.h"

#include <QJsonObject>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

struct TeardownOptions
{
    PackFilter filter; // --filter
    std::optional<QString> packRoot;
    std::optional<QString> workspace;
    bool dryRun = false;
    bool noValidate = false;

    static Result<TeardownOptions> fromJson(const QJsonObject &args);
};

// `grex teardown [pack_root]`: walks the graph from disk (no network) and runs each pack type's
// teardown parents first, removing their lock entries and .gitignore blocks. Registrations and
// directories stay. Errors as sync.
Result<RunReport> teardown(Workspace &workspace, const TeardownOptions &options,
                           OperationContext &ctx);

} // namespace Grex
