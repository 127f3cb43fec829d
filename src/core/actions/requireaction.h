#pragma once

#include "core/actions/predicate.h"

#include <QString>

namespace Grex {

// The arguments of `require` (requireaction.cpp).
struct RequireArgs
{
    Predicate combiner;                       // AllOf, AnyOf or NoneOf
    QString onFail = QStringLiteral("error"); // error | skip | warn
    friend bool operator==(const RequireArgs &, const RequireArgs &) = default;
};

} // namespace Grex
