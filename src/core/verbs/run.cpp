#include "core/verbs/run.h"

#include "core/engine/pipeline.h"
#include "core/actions/actionregistry.h"
#include "core/operationcontext.h"
#include "core/engine/drift.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/visibletext.h"
#include "core/workspace.h"

using namespace Qt::StringLiterals;

namespace Grex {

Result<RunActionOptions> RunActionOptions::fromJson(const QJsonObject &args)
{
    RunActionOptions options;
    options.action = args.value(u"action"_s).toString().trimmed();
    options.dryRun = args.value(u"dryRun"_s).toBool();
    if (Result<void> filter = readFilter(args, options.filter); !filter)
        return filter.error();
    if (options.action.isEmpty()) {
        return usageError(u"missing_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "run needs the name of an action")));
    }
    return options;
}

JsonValue RunActionReport::toJson() const
{
    JsonArray array;
    for (const Row &row : rows) {
        array.append(JsonObject{{u"pack"_s, row.pack},
                                {u"action"_s, row.action},
                                {u"changed"_s, row.changed},
                                {u"message"_s, row.message}});
    }
    return array;
}

DocShape RunActionReport::shape()
{
    using S = DocShape;
    return S::array(
        S::object({field(u"pack"_s, S::string(), nullptr), field(u"action"_s, S::string(), nullptr),
                   field(u"changed"_s, S::boolean(), "it changed something"),
                   field(u"message"_s, S::string(), "what it did")}));
}

Result<RunActionReport> runAction(Workspace &workspace, const RunActionOptions &options,
                                  OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    if (!builtinActions().getPublic(options.action)) {
        QStringList names = builtinActions().publicNames();
        names.sort();
        return Error(ErrorKind::PluginMissing, u"unknown_action"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "there is no action called '%1'; the "
                                                       "actions are %2"),
                             {options.action, names.join(u", "_s)}))
            .withDetail(u"action"_s, options.action);
    }
    Result<std::optional<FileLock>> lock = workspace.lockForWritingIf(!options.dryRun);
    if (!lock)
        return lock.error();
    Result<QList<WalkSeed>> seeds = pipelineSeeds(workspace, ctx);
    if (!seeds)
        return seeds.error();

    PipelineRequest request = PipelineRequest::of(u"run"_s, Lifecycle::Sync);
    request.network = false;
    request.recoveryScan = false;
    request.lifecycles.dryRun = options.dryRun;
    request.lifecycles.action = options.action;
    request.lifecycles.filter = options.filter;
    Result<QHash<QString, QString>> computedDrift = driftForFilter(options.filter, workspace, ctx);
    if (!computedDrift)
        return computedDrift.error();
    const QHash<QString, QString> drift = std::move(computedDrift).value();
    request.beforeLifecycles = [&](const PackGraph &graph) -> Result<void> {
        // One unreadable pack.yaml does not keep the action from the other packs: it is named.
        for (const PackNode &node : graph.nodes) {
            if (node.loadError) {
                ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' is left out: %2"),
                                 {node.id, node.loadError->message().text()}));
            }
        }
        if (options.dryRun)
            return {};
        {
            QStringList packs;
            for (const PackNode &node : graph.nodes) {
                if (node.onDisk && !node.loadError && node.manifest->type != u"meta" &&
                    hasNamedAction(node.manifest->actions, options.action) &&
                    options.filter.matches(filterSubject(node, drift)))
                    packs.append(node.id);
            }
            if (packs.isEmpty())
                return {};
            ApprovalRequest approval;
            approval.verb = u"run"_s;
            approval.summary =
                Message(QT_TRANSLATE_NOOP("Grex", "run the '%1' actions of %2 "
                                                  "pack(s): %3"),
                        {options.action, QString::number(packs.size()), nameList(packs)});
            approval.packs = packs;
            approval.command = {options.action};
            return requestApproval(
                workspace, approval,
                Message(QT_TRANSLATE_NOOP("Grex", "running '%1' was not approved"),
                        {options.action}),
                ctx);
        }
    };
    Result<LifecycleReport> ran = executePipeline(workspace, *seeds, request, ctx);
    if (!ran)
        return ran.error();

    RunActionReport report;
    report.dryRun = options.dryRun;
    for (const StepRecord &s : ran->steps) {
        const bool changed = s.step.result == StepResult::PerformedChange ||
                             s.step.result == StepResult::WouldPerformChange;
        report.rows.append({s.pack, s.step.actionName, changed, s.step.message});
    }
    if (ran->halted) {
        const HaltRecord &halt = *ran->halted;
        report.rows.append({halt.pack, halt.action, false, halt.error.message().text()});
        if (halt.error.kind() == ErrorKind::Cancelled || ctx.stopRequested())
            return cancelledError();
        return Error(ErrorKind::PackOp, u"run_failed"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "action '%1' failed in pack '%2': %3"),
                             {halt.action, halt.pack, halt.error.message().text()}))
            .withDetail(u"pack"_s, halt.pack)
            .withDetail(u"report"_s, report.toJson());
    }
    if (ctx.stopRequested())
        return cancelledError();
    return report;
}

namespace {

// The run verb's ACTION: its choices, their help and the list in its own help come from the
// action registry, so a new action is offered without a change here.
ParamSpec actionParam()
{
    ParamSpec p =
        param(u"action"_s, ParamType::String,
              QT_TRANSLATE_NOOP("Grex", "The action to run: %1 or %2."), u"ACTION"_s, true, true);
    p.helpArguments = builtinActions().publicNamesInSentence();
    for (const ActionPlugin *plugin : builtinActions().publicPlugins()) {
        p.choices.append(plugin->name());
        p.choiceHelp.append(plugin->help());
    }
    return p;
}

} // namespace

VerbSpec makeRunVerb()
{
    VerbSpec verb;
    verb.name = u"run"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Run an action");
    verb.summary =
        QT_TRANSLATE_NOOP("Grex", "Run the actions of one kind (symlink, exec, ...) of every "
                                  "matching pack.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Runs only the actions named ACTION of every matching pack, and those inside a "
                "when block whose condition holds, without updating the lockfile and without "
                "skipping unchanged packs: grex run symlink re-creates the symlinks, for "
                "example.");
    verb.examples = {
        {"grex run symlink", QT_TRANSLATE_NOOP("Grex", "Re-create every pack's symlinks.")},
        {"grex run exec --filter name=dotfiles --yes",
         QT_TRANSLATE_NOOP("Grex", "Run one pack's exec actions again, from a script.")},
    };
    verb.destructive = true;
    verb.typedCommandApproves = true;
    verb.icon = u"terminal"_s;
    verb.locksWorkspace = true;
    verb.longRunning = true;
    verb.failureCarriesReport = true;
    verb.stepsAreTheReport = true;
    verb.approvalQuotes = QT_TRANSLATE_NOOP("Grex", "Action:");
    verb.params = {
        actionParam(),
        dryRunParam(),
        parallelParam(),
        filterParam(),
    };
    bindInvoker<RunActionOptions, RunActionReport, runAction>(verb);
    return verb;
}

} // namespace Grex
