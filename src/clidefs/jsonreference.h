#pragma once

#include <QString>

namespace Grex::Cli {

// docs/json.md: the document of every verb's --json (and of its MCP tool), made from the shapes
// the verbs declare (VerbSpec::documentShape); tst_clidocs keeps the file equal to it.
QString jsonReference();

} // namespace Grex::Cli
