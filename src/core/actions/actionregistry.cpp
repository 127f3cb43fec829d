#include "core/actions/actionregistry.h"

#include "core/exec/execcontext.h"
#include "core/exec/execerror.h"
#include "core/logging.h"
#include "core/operationcontext.h"

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// The actions called `name` among `actions` and the actions they nest, in document order.
void collectNamed(const ActionRegistry &registry, std::span<const Action> actions,
                  const ActionPlugin &plugin, std::vector<const Action *> &out)
{
    for (const Action &action : actions) {
        if (action.name == plugin.name() && plugin.takes(action.args))
            out.push_back(&action);
        collectNamed(registry, registry.nested(action), plugin, out);
    }
}

} // namespace

void ActionRegistry::add(std::shared_ptr<const ActionPlugin> plugin)
{
    for (std::shared_ptr<const ActionPlugin> &existing : m_plugins) {
        if (existing->name() == plugin->name()) {
            qCWarning(lcCore, "action plugin '%s' replaces an earlier one",
                      qPrintable(plugin->name()));
            existing = std::move(plugin);
            return;
        }
    }
    m_plugins.push_back(std::move(plugin));
}

const ActionPlugin *ActionRegistry::get(const QString &name) const
{
    for (const std::shared_ptr<const ActionPlugin> &plugin : m_plugins) {
        if (plugin->name() == name)
            return plugin.get();
    }
    return nullptr;
}

const ActionPlugin *ActionRegistry::getPublic(const QString &name) const
{
    const ActionPlugin *plugin = get(name);
    return plugin && plugin->help() ? plugin : nullptr;
}

QStringList ActionRegistry::names() const
{
    QStringList names;
    for (const std::shared_ptr<const ActionPlugin> &plugin : m_plugins)
        names.append(plugin->name());
    return names;
}

QList<const ActionPlugin *> ActionRegistry::publicPlugins() const
{
    QList<const ActionPlugin *> plugins;
    for (const std::shared_ptr<const ActionPlugin> &plugin : m_plugins) {
        if (plugin->help())
            plugins.append(plugin.get());
    }
    return plugins;
}

QStringList ActionRegistry::publicNames() const
{
    QStringList names;
    for (const ActionPlugin *plugin : publicPlugins())
        names.append(plugin->name());
    return names;
}

QStringList ActionRegistry::publicNamesInSentence() const
{
    const QStringList names = publicNames();
    if (names.size() < 2)
        return {names.join(u", "_s), QString()};
    return {names.first(names.size() - 1).join(u", "_s), names.last()};
}

const ActionPlugin *ActionRegistry::taking(const Action &action) const
{
    const ActionPlugin *plugin = get(action.name);
    return plugin && plugin->takes(action.args) ? plugin : nullptr;
}

Result<ExecStep> ActionRegistry::run(const Action &action, ExecContext &ctx) const
{
    if (ctx.stop.stop_requested())
        return cancelledError();
    const ActionPlugin *plugin = get(action.name);
    if (!plugin) {
        return Error(ErrorKind::PluginMissing, u"unknown_action"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "no action called '%1' is registered"),
                             {action.name}))
            .withDetail(u"action"_s, action.name);
    }
    GREX_ASSERT(plugin->takes(action.args));
    return ctx.dryRun ? plugin->plan(action, ctx) : plugin->apply(action, ctx);
}

JsonValue ActionRegistry::canonicalArgs(const Action &action) const
{
    const ActionPlugin *plugin = taking(action);
    return plugin ? plugin->canonicalArgs(action) : JsonObject();
}

std::optional<Action> ActionRegistry::inverse(const Action &action) const
{
    const ActionPlugin *plugin = taking(action);
    return plugin ? plugin->inverse(action) : std::nullopt;
}

std::span<const Action> ActionRegistry::nested(const Action &action) const
{
    const ActionPlugin *plugin = taking(action);
    return plugin ? plugin->nested(action) : std::span<const Action>();
}

Result<bool> ActionRegistry::runsNested(const Action &action, const ExecContext &ctx) const
{
    const ActionPlugin *plugin = taking(action);
    return plugin ? plugin->runsNested(action, ctx) : Result<bool>(true);
}

QList<Error> ActionRegistry::validate(const std::vector<Action> &actions, const QString &file) const
{
    QList<Error> errors;
    for (const std::shared_ptr<const ActionPlugin> &plugin : m_plugins) {
        std::vector<const Action *> own;
        collectNamed(*this, actions, *plugin, own);
        if (!own.empty())
            errors += plugin->validate(own, file);
    }
    return errors;
}

const ActionRegistry &builtinActions()
{
    static const ActionRegistry registry = [] {
        ActionRegistry r;
        registerBuiltinActions(r);
        return r;
    }();
    return registry;
}

} // namespace Grex
