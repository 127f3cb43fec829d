#pragma once

#include "core/vars/varenv.h"

#include <QString>

#include <stop_token>

namespace Grex {

class ActionRegistry;
class OperationContext;

// Everything an action needs while it runs for one pack. Built fresh per pack lifecycle call; the
// variables are the pack's own copy, so `env` with scope session changes what later actions of that
// pack see.
struct ExecContext
{
    VarEnv vars;
    QString packRoot;  // absolute pack directory: relative action paths resolve against it
    QString workspace; // absolute workspace directory
    QString packName;
    QString os = QStringLiteral("linux");
    bool dryRun = false;
    const ActionRegistry *actions = nullptr; // for `when`
    OperationContext *operation = nullptr;   // warnings; may be null in unit tests
    std::stop_token stop;
    // Where `env` scope machine writes; a test points it elsewhere.
    QString machineEnvironmentFile = QStringLiteral("/etc/environment");

    void warn(const class Message &message) const;
};

} // namespace Grex
