#pragma once

#include <QString>

namespace Grex {

// Installs the translators for the user's UI languages (first match wins, English otherwise)
// on the running QCoreApplication. `grex serve` never calls this: MCP payloads stay English.
void installTranslators();

} // namespace Grex
