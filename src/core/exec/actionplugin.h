#pragma once

#include "exec/execstep.h"
#include "pack/action.h"
#include "result.h"

#include <QMap>

#include <memory>
#include <optional>

namespace Grex {

struct ExecContext;

// One kind of action: it plans (dry run) and applies (wet run) itself and may have an inverse for a
// declarative pack's automatic teardown. Implementations are called on worker threads and must be
// thread-safe and honour ctx.stop.
class ActionPlugin
{
public:
    virtual ~ActionPlugin();
    virtual QString name() const = 0;
    virtual Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const = 0;
    virtual Result<ExecStep> apply(const Action &action, ExecContext &ctx) const = 0;
    // The action that undoes this one; nullopt when there is none.
    virtual std::optional<Action> inverse(const Action &action) const;
};

// The actions grex can run, by name. Registering a name again replaces the earlier plugin.
class ActionRegistry
{
public:
    void add(std::shared_ptr<const ActionPlugin> plugin);
    const ActionPlugin *get(const QString &name) const;
    qsizetype size() const { return m_plugins.size(); }
    QStringList names() const { return m_plugins.keys(); }

    // Plans or applies through the plugin named by the action. Error: PluginMissing
    // "unknown_action".
    Result<ExecStep> run(const Action &action, ExecContext &ctx) const;

private:
    QMap<QString, std::shared_ptr<const ActionPlugin>> m_plugins;
};

// symlink, unlink (internal), env, mkdir, rmdir, require, when, exec.
void registerBuiltinActions(ActionRegistry &registry);

// A registry with the built-ins, shared by every run of the process.
const ActionRegistry &builtinActions();

} // namespace Grex
