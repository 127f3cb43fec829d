#pragma once

#include <QString>

namespace Grex {

// The arguments of `env` (envaction.cpp).
struct EnvArgs
{
    QString name;
    QString value;
    QString scope = QStringLiteral("user"); // user | machine | session
    friend bool operator==(const EnvArgs &, const EnvArgs &) = default;
};

} // namespace Grex
