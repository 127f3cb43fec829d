#pragma once

#include "core/actions/predicate.h"
#include "core/pack/action.h"

#include <QString>

#include <optional>
#include <vector>

namespace Grex {

// The arguments of `when` (whenaction.cpp).
struct WhenArgs
{
    std::optional<QString> os;
    std::optional<std::vector<Predicate>> allOf;
    std::optional<std::vector<Predicate>> anyOf;
    std::optional<std::vector<Predicate>> noneOf;
    std::vector<Action> actions;
    friend bool operator==(const WhenArgs &, const WhenArgs &) = default;
};

} // namespace Grex
