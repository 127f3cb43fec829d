#include "teardown.h"

#include "engine/pipeline.h"
#include "operationcontext.h"
#include "verbs/verbsupport.h"
#include "workspace.h"

using namespace Qt::StringLiterals;

namespace Grex {

Result<TeardownOptions> TeardownOptions::fromJson(const QJsonObject &args)
{
    TeardownOptions options;
    if (Result<void> filter = readFilter(args, options.request.run.filter); !filter)
        return filter.error();
    options.packRoot = optionalString(args, u"packRoot"_s);
    options.workspace = optionalString(args, u"workspace"_s);
    options.request.run.dryRun = args.value(u"dryRun"_s).toBool();
    options.request.noValidate = args.value(u"noValidate"_s).toBool();
    return options;
}

Result<RunReport> teardown(Workspace &workspace, const TeardownOptions &options,
                           OperationContext &ctx)
{
    Result<Workspace> target = resolveRunWorkspace(workspace, options.packRoot, options.workspace);
    if (!target)
        return target.error();
    Result<std::optional<FileLock>> lock = target->lockForWritingIf(!options.request.run.dryRun);
    if (!lock)
        return lock.error();
    Result<QList<WalkSeed>> seeds = runSeeds(*target, ctx);
    if (!seeds)
        return seeds.error();
    Result<RunReport> report = runPipeline(*target, *seeds, options.request, ctx);
    if (!report)
        return report.error();
    return concludeRun(std::move(report).value(), ctx);
}

} // namespace Grex
