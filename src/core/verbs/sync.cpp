#include "sync.h"

#include "engine/pipeline.h"
#include "operationcontext.h"
#include "verbs/rm.h"
#include "verbs/verbsupport.h"
#include "workspace.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QScopeGuard>

using namespace Qt::StringLiterals;

namespace Grex {

Result<SyncOptions> SyncOptions::fromJson(const QJsonObject &args)
{
    SyncOptions options;
    if (Result<void> filter = readFilter(args, options.filter); !filter)
        return filter.error();
    options.packRoot = optionalString(args, u"packRoot"_s);
    options.workspace = optionalString(args, u"workspace"_s);
    options.dryRun = args.value(u"dryRun"_s).toBool();
    options.noValidate = args.value(u"noValidate"_s).toBool();
    options.ref = optionalString(args, u"ref"_s);
    for (const QJsonValue &glob : args.value(u"only"_s).toArray())
        options.only.append(glob.toString());
    options.force = args.value(u"force"_s).toBool();
    options.recursive = !args.value(u"noRecursive"_s).toBool();
    options.noInstall = args.value(u"noInstall"_s).toBool();
    options.keepGoing = args.value(u"keepGoing"_s).toBool();
    if (options.ref && options.ref->trimmed().isEmpty())
        return usageError(u"invalid_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "--ref must not be empty")));
    for (const QString &glob : options.only) {
        if (glob.isEmpty())
            return usageError(u"invalid_glob"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "--only must not be empty")));
    }
    return options;
}

Result<RunReport> sync(Workspace &workspace, const SyncOptions &options, OperationContext &ctx)
{
    Result<Workspace> target = resolveRunWorkspace(workspace, options.packRoot, options.workspace);
    if (!target)
        return target.error();
    // A run refused before it put anything into a workspace it created leaves none behind (the
    // guard runs after the lock is released).
    const bool created =
        !options.dryRun && !QFileInfo::exists(target->root()) && QDir().mkpath(target->root());
    const auto dropUnused = qScopeGuard([&] {
        if (created)
            QDir().rmdir(target->root());
    });
    Result<std::optional<FileLock>> lock = target->lockForWritingIf(!options.dryRun);
    if (!lock)
        return lock.error();
    if (!options.dryRun)
        finishInterruptedRemovals(*target, ctx);
    Result<QList<WalkSeed>> seeds = runSeeds(*target, ctx);
    if (!seeds)
        return seeds.error();

    PipelineRequest request;
    request.verb = u"sync"_s;
    request.filter = options.filter;
    request.lifecycle = Lifecycle::Sync;
    request.dryRun = options.dryRun;
    request.noValidate = options.noValidate;
    request.noInstall = options.noInstall;
    request.refOverride = options.ref;
    request.recursive = options.recursive;
    request.only = options.only;
    request.force = options.force;
    request.keepGoing = options.keepGoing;
    Result<RunReport> report = runPipeline(*target, *seeds, request, ctx);
    if (!report)
        return report.error();
    return concludeRun(std::move(report).value(), ctx);
}

} // namespace Grex
