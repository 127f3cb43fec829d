#include "core/engine/packtypes.h"

#include "core/actions/actionregistry.h"
#include "core/exec/execerror.h"
#include "core/exec/processrunner.h"
#include "core/logging.h"
#include "core/operationcontext.h"
#include "core/wire.h"

#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Grex {

constexpr WireTable<Lifecycle, 4> kLifecycleWords{{
    {Lifecycle::Install, u"install"},
    {Lifecycle::Sync, u"sync"},
    {Lifecycle::Update, u"update"},
    {Lifecycle::Teardown, u"teardown"},
}};

QString lifecycleName(Lifecycle lifecycle)
{
    return wireWord(kLifecycleWords, lifecycle);
}

AuditTrail::~AuditTrail() = default;

PackTypePlugin::~PackTypePlugin() = default;

void PackTypeRegistry::add(std::shared_ptr<const PackTypePlugin> plugin)
{
    const QString name = plugin->name();
    if (m_plugins.contains(name))
        qCWarning(lcCore, "pack type plugin '%s' replaces an earlier one", qPrintable(name));
    m_plugins.insert(name, std::move(plugin));
}

const PackTypePlugin *PackTypeRegistry::get(const QString &name) const
{
    const auto it = m_plugins.find(name);
    return it == m_plugins.end() ? nullptr : it->get();
}

QString scriptedHook(const QString &packDir, Lifecycle lifecycle)
{
    QStringList stems;
    switch (lifecycle) {
    case Lifecycle::Install:
        stems = {u"setup"_s};
        break;
    case Lifecycle::Sync:
        stems = {u"sync"_s};
        break;
    case Lifecycle::Update:
        stems = {u"update"_s, u"setup"_s};
        break;
    case Lifecycle::Teardown:
        stems = {u"teardown"_s};
        break;
    }
    for (const QString &stem : stems) {
        const QString hook = packDir + u"/.grex/hooks/"_s + stem + u".sh"_s;
        if (QFileInfo(hook).isFile())
            return hook;
    }
    return {};
}

namespace {

// Records where the run stopped, in the audit trail too, and returns the error.
Error haltAt(LifecycleRun &run, qint64 idx, const QString &actionName, Error error)
{
    run.halt = {idx, actionName};
    if (run.audit)
        run.audit->halted(idx, actionName, error);
    return error;
}

// Runs one action between its audit events, under the index `idx` of its top-level action.
// teardownInverse: the automatic inverse of mkdir leaves a directory someone filled
// (docs/design.md, "Automatic teardown").
Result<ExecStep> runAudited(const Action &action, qint64 idx, LifecycleRun &run,
                            bool teardownInverse = false)
{
    if (run.exec.stop.stop_requested())
        return haltAt(run, idx, action.name, cancelledError());
    if (run.audit)
        run.audit->started(idx, action.name);
    const ActionRegistry &registry = run.exec.actions ? *run.exec.actions : builtinActions();
    Result<ExecStep> step = registry.run(action, run.exec);
    if (!step && teardownInverse && step.error().reason() == u"rmdir_not_empty") {
        run.exec.warn(Message(QT_TRANSLATE_NOOP("Grex", "%1 is not empty; left in place"),
                              {step.error().details().value(u"path"_s).toString()}));
        step = makeStep(action.name, StepResult::NoOp);
    }
    if (!step)
        return haltAt(run, idx, action.name, step.error());
    if (run.audit)
        run.audit->completed(idx, step->result);
    return step;
}

// Runs a list of actions top to bottom, bracketing each with audit events.
Result<void> runActions(const std::vector<Action> &actions, LifecycleRun &run,
                        bool teardownInverse = false)
{
    bool skipRest = false;
    for (size_t i = 0; i < actions.size(); ++i) {
        const Action &action = actions.at(i);
        const qint64 idx = qint64(i);
        if (skipRest) {
            run.steps.push_back(
                makeStep(action.name, StepResult::NoOp, u"skipped: a requirement was not met"_s));
            continue;
        }
        Result<ExecStep> step = runAudited(action, idx, run, teardownInverse);
        if (!step)
            return step.error();
        skipRest = step->skipRest;
        run.steps.push_back(std::move(step).value());
    }
    return {};
}

class MetaPackType final : public PackTypePlugin
{
public:
    QString name() const override { return u"meta"_s; }

    // The driver runs the children itself; the meta pack only reports one summary step. It
    // changes nothing, so it writes no action events: there is nothing a killed run could leave
    // half done.
    Result<void> run(Lifecycle, const PackManifest &manifest, LifecycleRun &run) const override
    {
        if (!manifest.actions.empty()) {
            run.exec.warn(Message(QT_TRANSLATE_NOOP("Grex", "the actions of meta pack '%1' are "
                                                            "ignored: a meta pack only owns "
                                                            "children (make it declarative to "
                                                            "run them)"),
                                  {manifest.name}));
        }
        ExecStep s = makeStep(name(), StepResult::NoOp);
        QStringList children;
        for (const ChildRef &child : manifest.children)
            children.append(child.effectivePath());
        s.message = children.join(u", "_s);
        run.steps.push_back(s);
        return {};
    }
};

class DeclarativePackType final : public PackTypePlugin
{
public:
    QString name() const override { return u"declarative"_s; }

    Result<void> run(Lifecycle lifecycle, const PackManifest &manifest,
                     LifecycleRun &run) const override
    {
        if (lifecycle != Lifecycle::Teardown)
            return runActions(manifest.actions, run);
        if (manifest.teardown)
            return runActions(*manifest.teardown, run);
        // Automatic teardown: the inverses of the actions, last first (docs/design.md,
        // "Automatic teardown").
        std::vector<Action> inverses;
        const ActionRegistry &registry = run.exec.actions ? *run.exec.actions : builtinActions();
        for (auto it = manifest.actions.rbegin(); it != manifest.actions.rend(); ++it) {
            if (std::optional<Action> inverse = registry.inverse(*it)) {
                inverses.push_back(std::move(*inverse));
            } else {
                run.steps.push_back(
                    makeStep(u"teardown:no-inverse:"_s + it->name, StepResult::NoOp));
            }
        }
        return runActions(inverses, run, true);
    }
};

class ScriptedPackType final : public PackTypePlugin
{
public:
    QString name() const override { return u"scripted"_s; }

    Result<void> run(Lifecycle lifecycle, const PackManifest &, LifecycleRun &run) const override
    {
        const ExecContext &exec = run.exec;
        const QString hook = scriptedHook(exec.packRoot, lifecycle);
        if (hook.isEmpty()) {
            run.steps.push_back(makeStep(name(), StepResult::NoOp, u"no hook"_s));
            return {};
        }
        // Hooks never run in a dry run (the original ran them).
        if (exec.dryRun) {
            run.steps.push_back(makeStep(name(), StepResult::WouldPerformChange, hook));
            return {};
        }
        if (run.audit)
            run.audit->started(0, name());
        ProcessSpec spec;
        if (QFileInfo(hook).isExecutable()) {
            spec.program = hook;
        } else {
            spec.program = u"/bin/sh"_s;
            spec.arguments = {hook};
        }
        spec.workingDirectory = exec.packRoot;
        QProcessEnvironment env = childEnvironment();
        if (const std::optional<QString> home = exec.vars.value(u"HOME"_s))
            env.insert(u"HOME"_s, *home);
        env.insert(u"GREX_PACK_NAME"_s, exec.packName);
        env.insert(u"GREX_PACK_PATH"_s, exec.packRoot);
        env.insert(u"GREX_PACK_OS"_s, exec.os);
        env.insert(u"GREX_DRY_RUN"_s, u"0"_s);
        env.insert(u"GREX_WORKSPACE"_s, exec.workspace);
        env.insert(u"GREX_LIFECYCLE"_s, lifecycleName(lifecycle));
        spec.environment = env;
        spec.dieWithParent = true; // a grex that exits at once takes its hook with it
        Result<ProcessOutcome> outcome = runProcess(spec, exec.stop);
        Result<void> result;
        if (!outcome) {
            result = outcome.error();
        } else if (outcome->exitStatus != 0) {
            result = nonZeroExit(outcome->exitStatus, hook, outcome->stderrData);
        }
        if (!result)
            return haltAt(run, 0, name(), result.error());
        if (run.audit)
            run.audit->completed(0, StepResult::PerformedChange);
        run.steps.push_back(makeStep(name(), StepResult::PerformedChange, hook));
        return {};
    }
};

} // namespace

namespace {

bool hasNamed(const ActionRegistry &registry, std::span<const Action> actions, const QString &name)
{
    return std::any_of(actions.begin(), actions.end(), [&](const Action &action) {
        return action.name == name || hasNamed(registry, registry.nested(action), name);
    });
}

} // namespace

bool hasNamedAction(const std::vector<Action> &actions, const QString &name)
{
    return hasNamed(builtinActions(), actions, name);
}

namespace {

// The actions called `name` among `actions`, looking into the nested actions of those that run
// them now (a `when` whose gate holds).
Result<void> runMatching(const QString &name, std::span<const Action> actions, qint64 idx,
                         LifecycleRun &run)
{
    const ActionRegistry &registry = run.exec.actions ? *run.exec.actions : builtinActions();
    for (const Action &action : actions) {
        if (action.name != name) {
            const std::span<const Action> nested = registry.nested(action);
            if (!hasNamed(registry, nested, name))
                continue;
            Result<bool> open = registry.runsNested(action, run.exec);
            if (!open)
                return haltAt(run, idx, action.name, open.error());
            if (*open) {
                if (Result<void> ran = runMatching(name, nested, idx, run); !ran)
                    return ran;
            }
            continue;
        }
        Result<ExecStep> step = runAudited(action, idx, run);
        if (!step)
            return step.error();
        run.steps.push_back(std::move(step).value());
    }
    return {};
}

} // namespace

Result<void> runNamedActions(const QString &name, const std::vector<Action> &actions,
                             LifecycleRun &run)
{
    for (size_t i = 0; i < actions.size(); ++i) {
        const std::vector<Action> one{actions.at(i)};
        if (Result<void> ran = runMatching(name, one, qint64(i), run); !ran)
            return ran;
    }
    return {};
}

void registerBuiltinPackTypes(PackTypeRegistry &registry)
{
    registry.add(std::make_shared<MetaPackType>());
    registry.add(std::make_shared<DeclarativePackType>());
    registry.add(std::make_shared<ScriptedPackType>());
}

const PackTypeRegistry &builtinPackTypes()
{
    static const PackTypeRegistry registry = [] {
        PackTypeRegistry r;
        registerBuiltinPackTypes(r);
        return r;
    }();
    return registry;
}

} // namespace Grex
