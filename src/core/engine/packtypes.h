#pragma once

#include "core/exec/execcontext.h"
#include "core/exec/execstep.h"
#include "core/pack/packmanifest.h"
#include "core/result.h"

#include <QMap>

#include <functional>
#include <memory>
#include <vector>

namespace Grex {

enum class Lifecycle { Install, Sync, Update, Teardown };
QString lifecycleName(Lifecycle lifecycle); // "install", "sync", "update", "teardown"

// Receives the audit trail of one pack's lifecycle call: declarative packs bracket every
// top-level action, the other types the whole call (docs/design.md, "Audit events"). Never
// called in a dry run.
class AuditTrail
{
public:
    virtual ~AuditTrail();
    virtual void started(qint64 idx, const QString &actionName) = 0;
    virtual void completed(qint64 idx, StepResult result) = 0;
    virtual void halted(qint64 idx, const QString &actionName, const Error &error) = 0;
};

// Where a failed lifecycle call stopped.
struct Halt
{
    qint64 idx = 0;
    QString actionName;
};

// One pack's lifecycle call: the steps it produced and, on failure, where it stopped.
struct LifecycleRun
{
    ExecContext &exec;
    AuditTrail *audit = nullptr; // null in a dry run
    std::vector<ExecStep> steps;
    Halt halt;
};

// A pack type: what install, sync, update and teardown mean for it (docs/design.md, "Pack
// types").
class PackTypePlugin
{
public:
    virtual ~PackTypePlugin();
    virtual QString name() const = 0;
    // Runs one lifecycle; steps go into run.steps. On failure run.halt says where.
    virtual Result<void> run(Lifecycle lifecycle, const PackManifest &manifest,
                             LifecycleRun &run) const = 0;
};

class PackTypeRegistry
{
public:
    void add(std::shared_ptr<const PackTypePlugin> plugin);
    const PackTypePlugin *get(const QString &name) const;
    qsizetype size() const { return m_plugins.size(); }

private:
    QMap<QString, std::shared_ptr<const PackTypePlugin>> m_plugins;
};

// `grex run <action>` for one pack: each top-level action called `name` and each one nested in a
// `when` whose gate holds, in order, each audit-bracketed under the index of its top-level action.
// Stops at the first failure (run.halt says where).
Result<void> runNamedActions(const QString &name, const std::vector<Action> &actions,
                             LifecycleRun &run);
// Whether the actions have one called `name`, at the top level or inside a `when`.
bool hasNamedAction(const std::vector<Action> &actions, const QString &name);

// meta, declarative, scripted.
void registerBuiltinPackTypes(PackTypeRegistry &registry);
const PackTypeRegistry &builtinPackTypes();

// The hook a scripted pack runs for a lifecycle: .grex/hooks/<stem>.sh, where update falls back
// to setup (docs/design.md, "Hooks of scripted packs"). Empty when the pack has none.
QString scriptedHook(const QString &packDir, Lifecycle lifecycle);

} // namespace Grex
