#pragma once

#include "core/json.h"
#include "core/message.h"

#include <QList>
#include <QString>

#include <stop_token>

namespace Grex {

class Workspace;

struct RecoveryFindings
{
    JsonObject report;       // empty when the scan found nothing
    QList<Message> warnings; // for the caller to show: one summary, or why the log was unread
};

// The pre-run recovery scan (docs/design.md, "Recovery scan"), informational only: backups and
// tombstones left by symlink/rmdir (.grex.bak, .grex.bak.<suffix>), directories an interrupted `rm`
// moved aside (.grex-trash-*), action_started events with no end, and lock files held by another
// process. Never changes anything. Paths come sorted. Stops early, with what it found, when stop
// fires.
RecoveryFindings recoveryScan(const Workspace &workspace, const QString &rootPackDir,
                              std::stop_token stop = {});

} // namespace Grex
