#include "core/verbs/teardown.h"

#include "core/engine/pipeline.h"
#include "core/operationcontext.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"

using namespace Qt::StringLiterals;

namespace Grex {

Result<TeardownOptions> TeardownOptions::fromJson(const QJsonObject &args)
{
    TeardownOptions options;
    if (Result<void> filter = readFilter(args, options.request.lifecycles.filter); !filter)
        return filter.error();
    options.packRoot = optionalString(args, u"packRoot"_s);
    options.workspace = optionalString(args, u"workspace"_s);
    options.request.lifecycles.dryRun = args.value(u"dryRun"_s).toBool();
    options.request.noValidate = args.value(u"noValidate"_s).toBool();
    return options;
}

Result<LifecycleReport> teardown(Workspace &workspace, const TeardownOptions &options,
                                 OperationContext &ctx)
{
    Result<Workspace> target =
        resolvePipelineWorkspace(workspace, options.packRoot, options.workspace);
    if (!target)
        return target.error();
    Result<std::optional<FileLock>> lock =
        target->lockForWritingIf(!options.request.lifecycles.dryRun);
    if (!lock)
        return lock.error();
    Result<QList<WalkSeed>> seeds = pipelineSeeds(*target, ctx);
    if (!seeds)
        return seeds.error();
    Result<LifecycleReport> report = executePipeline(*target, *seeds, options.request, ctx);
    if (!report)
        return report.error();
    return concludeLifecycles(std::move(report).value(), ctx);
}

} // namespace Grex
