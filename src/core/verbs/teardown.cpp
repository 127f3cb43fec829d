#include "core/verbs/teardown.h"

#include "core/engine/pipeline.h"
#include "core/operationcontext.h"
#include "core/verbs/verbparams.h"
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
    return runWorkspacePipeline(*target, options.request, ctx);
}

VerbSpec makeTeardownVerb()
{
    VerbSpec verb;
    verb.name = u"teardown"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Tear packs down");
    verb.summary = QT_TRANSLATE_NOOP(
        "Grex", "Undo what packs installed, parents first; keep them registered and cloned.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Undoes what packs installed, parents before children: removes the symlinks, "
                "environment entries and directories their actions made, or runs their teardown "
                "hooks. The packs stay registered and cloned, and grex sync installs them again. "
                "teardown is not an MCP tool.");
    verb.examples = {
        {"grex teardown --dry-run",
         QT_TRANSLATE_NOOP("Grex", "Show what tearing down every pack would undo.")},
        {"grex teardown --filter name=dotfiles",
         QT_TRANSLATE_NOOP("Grex", "Undo what one pack installed.")},
    };
    verb.mcpTool = false;
    verb.locksWorkspace = true;
    verb.reportShape = ReportShape::RunReport;
    verb.params = {
        hinted(param(u"packRoot"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Tear down this pack and its children instead of "
                                               "the workspace (root-pack mode)."),
                     u"PACK_ROOT"_s, false, true),
               ValueHint::Directory),
        hinted(param(u"workspace"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Root-pack mode: where the children are."), u"DIR"_s,
                     false, false, true),
               ValueHint::Directory),
        param(u"noValidate"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Skip the plan validators (debugging only).")),
        dryRunParam(),
        parallelParam(),
        filterParam(),
    };
    bindInvoker<TeardownOptions, LifecycleReport, teardown>(verb);
    return verb;
}

} // namespace Grex
