#pragma once

#include "core/result.h"
#include "core/verbs/verbregistry.h"
#include "core/workspace.h"

#include <QJsonObject>

namespace Grex::Mcp {

// Every path argument of a tool call (packRoot, workspace, fromReposJson, hooksPath, path)
// resolved against the server's workspace and checked to stay inside it, symlinks followed
// (docs/design.md, "Workspace confinement").
// The returned arguments carry absolute paths where the verb reads a file or directory.
// Error: PackOp "path_escapes_workspace".
Result<QJsonObject> confineArguments(const VerbSpec &verb, const QJsonObject &arguments,
                                     const Workspace &workspace);

// `path` resolved against root and checked to lie inside it (root itself included).
Result<QString> confinePath(const QString &path, const QString &root, const QString &argument);

} // namespace Grex::Mcp
