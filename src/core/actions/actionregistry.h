#pragma once

#include "core/actions/actionplugin.h"

#include <QStringList>

#include <memory>
#include <vector>

namespace Grex {

// The actions grex knows, in the order they were registered: the order in which pack.yaml's
// errors, `grex run`, its help and the manual name them. Read-only once built, so runs on any
// thread may share it.
class ActionRegistry
{
public:
    // A plugin named like an earlier one replaces it, in its place.
    void add(std::shared_ptr<const ActionPlugin> plugin);
    const ActionPlugin *get(const QString &name) const;
    // The plugin of an action pack.yaml may name; null for an unknown or internal one.
    const ActionPlugin *getPublic(const QString &name) const;
    qsizetype size() const { return qsizetype(m_plugins.size()); }
    // Every name, the internal ones included.
    QStringList names() const;
    // The actions pack.yaml may name and `grex run` offers.
    QList<const ActionPlugin *> publicPlugins() const;
    QStringList publicNames() const;
    // publicNames() as the two arguments of a sentence's "%1 and %2" or "%1 or %2", so that a
    // translation keeps its own word for "and": "symlink, env, ..., when" and "exec".
    QStringList publicNamesInSentence() const;

    // Plans (ctx.dryRun) or applies the action through its plugin. Errors: PluginMissing
    // "unknown_action"; Internal when its arguments are not of the plugin's type.
    Result<ExecStep> run(const Action &action, ExecContext &ctx) const;
    // The action's canonical arguments for actions_hash; an empty object when no plugin takes
    // it.
    JsonValue canonicalArgs(const Action &action) const;
    std::optional<Action> inverse(const Action &action) const;
    std::span<const Action> nested(const Action &action) const;
    Result<bool> runsNested(const Action &action, const ExecContext &ctx) const;
    // Every plugin's checks across the pack's actions (ActionPlugin::validate), in registration
    // order.
    QList<Error> validate(const std::vector<Action> &actions, const QString &file) const;

private:
    // The plugin named by action when it takes the action's arguments, else null.
    const ActionPlugin *taking(const Action &action) const;

    std::vector<std::shared_ptr<const ActionPlugin>> m_plugins;
};

// Registers the built-in actions, in the order of the list in builtinactions.cpp.
void registerBuiltinActions(ActionRegistry &registry);

// A registry with the built-ins, shared by every run of the process.
const ActionRegistry &builtinActions();

} // namespace Grex
