#pragma once

#include "core/workspace.h"

#include <QString>

namespace Grex::Test {

// A workspace initialised in dir (created first). Fatal when init fails: the tests that use it
// are about something else.
Workspace initialisedWorkspace(const QString &dir);

// The repository at url cloned and registered in ws, and installed when install is set. Fatal
// when add fails.
void addPackOrDie(Workspace &ws, const QString &url, bool install = false);

} // namespace Grex::Test
