#pragma once

#include "core/error.h"
#include "core/json.h"
#include "core/workspace.h"
#include "mcp/protocol.h"

#include <optional>

namespace Grex::Mcp {

// tools/list: one tool per MCP verb of the registry, in registry order, the same order every
// time (docs/design.md, "MCP tools and results"); with `only`, just those (empty: all). Each
// revision gets what it knows of: icons and the schema dialect from 2025-11-25.
JsonArray toolList(const QStringList &only = {}, Revision revision = Revision::V2025_06_18);
// The names of the read-only tools (ls, status, doctor): what grex serve --read-only offers.
QStringList readOnlyToolNames();
// Every tool's name, in registry order.
QStringList toolNames();

// resources/list: the workspace's manifest, lockfile and status, and every registered pack's
// pack.yaml.
JsonArray resourceList(const Workspace &workspace);
JsonArray resourceTemplates();

struct ResourceContent
{
    QString mimeType;
    QString text;
    std::optional<Error> error; // the resource exists but could not be read
};

// nullopt when the URI names no resource of this workspace.
std::optional<ResourceContent> readResourceUri(const QString &uri, const Workspace &workspace);

} // namespace Grex::Mcp
