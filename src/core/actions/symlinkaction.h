#pragma once

#include <QString>

namespace Grex {

// The arguments of `symlink` (symlinkaction.cpp).
struct SymlinkArgs
{
    QString src;
    QString dst;
    bool backup = false;
    bool normalize = true;
    QString kind = QStringLiteral("auto"); // auto | file | directory
    friend bool operator==(const SymlinkArgs &, const SymlinkArgs &) = default;
};

// The arguments of `unlink`, the inverse of symlink, which removes dst only when it is a
// symlink. Internal: pack.yaml cannot name it.
struct UnlinkArgs
{
    QString dst;
    friend bool operator==(const UnlinkArgs &, const UnlinkArgs &) = default;
};

} // namespace Grex
