#pragma once

#include <QString>
#include <QStringList>

namespace Grex::Cli {

// The shells `grex completion` writes a script for.
QStringList completionShells();

// The completion script for shell ("bash", "zsh" or "fish"), made from the command definitions
// (clidefs.h): verbs, options, the values options and arguments take, and the packs of the
// workspace on the command line, which the script asks `grex __complete packs` for. Empty for
// another shell.
QString completionScript(const QString &shell);

} // namespace Grex::Cli
