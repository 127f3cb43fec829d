#pragma once

#include <QString>

namespace Grex {

// Installs the translators for the user's UI languages (first match wins, English otherwise)
// on the running QCoreApplication. `grex serve` never calls this: MCP payloads stay English.
// language: "" follows the system; "en", "de", … override it (grex-gui's preferences). Qt's
// own strings (standard buttons) follow when Qt's translations are installed.
void installTranslators(const QString &language = {});

// A text that a Message of this process made with text(), in the display language, as its
// displayText() reads; any other text as it is. A verb's JSON document carries its notes and
// hints in English (agents read it), so the CLI and the window translate them where they show
// them.
QString displayTextOf(const QString &text);

} // namespace Grex
