#pragma once

#include <QStringList>

namespace Grex::Cli {

class Output;
struct Environment;

// `grex mcp status` and `grex mcp call TOOL`: a real MCP client (src/mcp/client) against a
// server it spawns (`-- CMD…`, stdio) or reaches (`--url`, streamable HTTP). Exit 6 on protocol
// errors. arguments: what follows `mcp`.
int runMcpCommand(Output &output, const Environment &env, const QStringList &arguments);

} // namespace Grex::Cli
