#pragma once

#include "core/json.h"
#include "core/pack/action.h"

#include <QString>

#include <vector>

namespace Grex {

// The canonical argument object of an action for actions_hash v1 (docs/design.md,
// "actions_hash"), as the action's plugin gives it (ActionPlugin::canonicalArgs); an empty object
// for an action no built-in plugin takes.
JsonValue canonicalArgs(const Action &action);

// actions_hash v1: lowercase hex SHA-256 of "grex-actions-v1" 0x00, one frame per action
// (name 0x00 args_json 0x1E), 0x00, then the commit SHA. Bit-exact with the original.
QString actionsHash(const std::vector<Action> &actions, const QString &commitSha);

} // namespace Grex
