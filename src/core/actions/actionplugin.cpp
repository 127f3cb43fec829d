#include "core/actions/actionplugin.h"

namespace Grex {

ActionPlugin::~ActionPlugin() = default;

QList<Error> ActionPlugin::validate(const std::vector<const Action *> &, const QString &) const
{
    return {};
}

std::optional<Action> ActionPlugin::inverse(const Action &) const
{
    return std::nullopt;
}

std::span<const Action> ActionPlugin::nested(const Action &) const
{
    return {};
}

Result<bool> ActionPlugin::runsNested(const Action &, const ExecContext &) const
{
    return true;
}

bool ActionPlugin::takes(const ActionArgs &) const
{
    return true;
}

} // namespace Grex
