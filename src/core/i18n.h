#pragma once

#include <QString>

namespace Grex {

// Installs the translators for the user's UI languages (first match wins, English otherwise)
// on the running QCoreApplication. `grex serve` never calls this: MCP payloads stay English.
// language: "" follows the system; "en", "de", … override it (grex-gui's preferences). Qt's
// own strings (standard buttons) follow when Qt's translations are installed.
void installTranslators(const QString &language = {});

} // namespace Grex
