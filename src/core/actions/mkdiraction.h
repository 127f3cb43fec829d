#pragma once

#include <QString>

#include <optional>

namespace Grex {

// The arguments of `mkdir` (mkdiraction.cpp).
struct MkdirArgs
{
    QString path;
    std::optional<QString> mode; // octal, e.g. "755"
    friend bool operator==(const MkdirArgs &, const MkdirArgs &) = default;
};

} // namespace Grex
