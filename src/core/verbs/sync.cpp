#include "core/verbs/sync.h"

#include "core/engine/pipeline.h"
#include "core/operationcontext.h"
#include "core/verbs/rm.h"
#include "core/verbs/verbparams.h"
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
    return runWorkspacePipeline(*target, options.request, ctx);
}

VerbSpec makeSyncVerb()
{
    VerbSpec verb;
    verb.name = u"sync"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Sync packs");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Sync all packs recursively.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Brings the whole workspace to what it declares, in parallel: clones missing "
                "packs and children, fetches and fast-forwards clean checkouts (a checkout with "
                "local changes or commits is left alone and reported), then installs each pack "
                "after its children and after the packs it depends_on. A pack whose commit and "
                "actions have not changed since its last install is skipped, so a second sync "
                "does nothing.\n\n"
                "With PACK_ROOT, sync works on that pack and its children instead (root-pack "
                "mode). A failure halts the run: the packs in flight finish, and nothing new "
                "starts. Ctrl-C stops it the same way, and the next sync carries on.");
    verb.examples = {
        {"grex sync", QT_TRANSLATE_NOOP("Grex", "Fetch, fast-forward and install every pack.")},
        {"grex sync --dry-run", QT_TRANSLATE_NOOP("Grex", "Show what a sync would do.")},
        {"grex sync --parallel 16 --keep-going",
         QT_TRANSLATE_NOOP("Grex", "Work on 16 packs at once, and go on past a failed pack.")},
        {"grex sync --only 'tools/*' --force",
         QT_TRANSLATE_NOOP("Grex", "Reinstall only the packs under tools/, changed or not.")},
    };
    verb.idempotent = true;
    verb.openWorld = true;
    verb.icon = u"sync"_s;
    verb.locksWorkspace = true;
    verb.longRunning = true;
    verb.reportShape = ReportShape::RunReport;
    verb.params = {
        hinted(param(u"packRoot"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Sync this pack and its children instead of the "
                                               "workspace (root-pack mode)."),
                     u"PACK_ROOT"_s, false, true),
               ValueHint::Directory),
        hinted(param(u"workspace"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Root-pack mode: where children are cloned "
                                               "(default: <pack_root>/.grex/workspace)."),
                     u"DIR"_s, false, false, true),
               ValueHint::Directory),
        param(u"ref"_s, ParamType::String,
              QT_TRANSLATE_NOOP("Grex", "Check out this ref in every pack but the root."), u"REF"_s,
              false, false, true),
        param(u"only"_s, ParamType::StringArray,
              QT_TRANSLATE_NOOP("Grex", "Run only packs whose workspace path matches this glob "
                                        "(repeatable)."),
              u"GLOB"_s),
        param(u"force"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Run every pack, even when its actions and commit did "
                                        "not change.")),
        param(u"noInstall"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Only fetch and clone; run no pack lifecycle.")),
        param(u"noRecursive"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Do not walk into children.")),
        submodulesParam(),
        param(u"noValidate"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Skip the plan validators (debugging only).")),
        param(u"keepGoing"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "After a failure, go on with packs that do not build on "
                                        "the failed one.")),
        dryRunParam(),
        parallelParam(),
        filterParam(),
    };
    bindInvoker<SyncOptions, LifecycleReport, sync>(verb);
    return verb;
}

} // namespace Grex
