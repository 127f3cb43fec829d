#pragma once

#include <QString>

namespace Grex {

// The arguments of `rmdir` (rmdiraction.cpp).
struct RmdirArgs
{
    QString path;
    bool backup = false;
    bool force = false;
    friend bool operator==(const RmdirArgs &, const RmdirArgs &) = default;
};

} // namespace Grex
