#pragma once

#include "json.h"

#include <QString>

namespace Grex {

class OperationContext;
class Workspace;

// The pre-run recovery scan (spec §8.5), informational only: backups and tombstones left by
// symlink/rmdir (.grex.bak, .grex.bak.<suffix>), directories an interrupted `rm` moved aside
// (.grex-trash-*), action_started events with no end, and lock files held by another process.
// Never changes anything. Returns an empty object when it finds nothing; otherwise warns once.
JsonObject recoveryScan(const Workspace &workspace, const QString &rootPackDir,
                        OperationContext &ctx);

} // namespace Grex
