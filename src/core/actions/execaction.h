#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace Grex {

// The arguments of the `exec` action (execaction.cpp); the `exec` verb runs commands without it.
struct ExecArgs
{
    std::optional<QStringList> cmd;
    std::optional<QString> cmdShell;
    bool shell = false;
    std::optional<QString> cwd;
    QMap<QString, QString> env;               // ordered by key
    QString onFail = QStringLiteral("error"); // error | warn | ignore
    friend bool operator==(const ExecArgs &, const ExecArgs &) = default;
};

} // namespace Grex
