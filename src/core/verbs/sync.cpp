#include "core/verbs/sync.h"

#include "core/engine/pipeline.h"
#include "core/operationcontext.h"
#include "core/verbs/rm.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QScopeGuard>

using namespace Qt::StringLiterals;

namespace Grex {

Result<SyncOptions> SyncOptions::fromJson(const QJsonObject &args)
{
    SyncOptions options;
    PipelineRequest &request = options.request;
    if (Result<void> filter = readFilter(args, request.lifecycles.filter); !filter)
        return filter.error();
    options.packRoot = optionalString(args, u"packRoot"_s);
    options.workspace = optionalString(args, u"workspace"_s);
    request.lifecycles.dryRun = args.value(u"dryRun"_s).toBool();
    request.noValidate = args.value(u"noValidate"_s).toBool();
    request.refOverride = optionalString(args, u"ref"_s);
    for (const QJsonValue &glob : args.value(u"only"_s).toArray())
        request.lifecycles.only.append(glob.toString());
    request.lifecycles.force = args.value(u"force"_s).toBool();
    request.recursive = !args.value(u"noRecursive"_s).toBool();
    request.submodules = !args.value(u"noSubmodules"_s).toBool();
    request.noInstall = args.value(u"noInstall"_s).toBool();
    request.lifecycles.keepGoing = args.value(u"keepGoing"_s).toBool();
    if (request.refOverride && request.refOverride->trimmed().isEmpty())
        return usageError(u"invalid_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "--ref must not be empty")));
    for (const QString &glob : std::as_const(request.lifecycles.only)) {
        if (glob.isEmpty())
            return usageError(u"invalid_glob"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "--only must not be empty")));
    }
    return options;
}

Result<LifecycleReport> sync(Workspace &workspace, const SyncOptions &options,
                             OperationContext &ctx)
{
    Result<Workspace> target =
        resolvePipelineWorkspace(workspace, options.packRoot, options.workspace);
    if (!target)
        return target.error();
    // A run refused before it put anything into a workspace it created leaves none behind (the
    // guard runs after the lock is released).
    const bool created = !options.request.lifecycles.dryRun && !QFileInfo::exists(target->root()) &&
                         QDir().mkpath(target->root());
    const auto dropUnused = qScopeGuard([&] {
        if (created)
            QDir().rmdir(target->root());
    });
    Result<std::optional<FileLock>> lock =
        target->lockForWritingIf(!options.request.lifecycles.dryRun);
    if (!lock)
        return lock.error();
    if (!options.request.lifecycles.dryRun)
        finishInterruptedRemovals(*target, ctx);
    Result<QList<WalkSeed>> seeds = pipelineSeeds(*target, ctx);
    if (!seeds)
        return seeds.error();

    Result<LifecycleReport> report = executePipeline(*target, *seeds, options.request, ctx);
    if (!report)
        return report.error();
    return concludeLifecycles(std::move(report).value(), ctx);
}

} // namespace Grex
