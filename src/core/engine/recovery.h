#pragma once

#include "core/json.h"
#include "core/lockfile/lockfile.h"
#include "core/manifest/event.h"
#include "core/manifest/intentlog.h"
#include "core/message.h"
#include "core/result.h"

#include <QList>
#include <QHash>
#include <QSet>
#include <QString>

#include <stop_token>

namespace Grex {

class Workspace;

struct RecoveryFindings
{
    JsonObject report;       // empty when the scan found nothing
    QList<Message> warnings; // for the caller to show: one summary, or why the log was unread
};

// What the recovery scan looks for in the intent log, taken from it first so that the log need
// not be held while the scan walks the tree: the folders of nested packs, looked at as the
// workspace's top is (a clone is staged and a backend lock sits beside its pack: src/tools for
// src/tools/fd), and the action_started events never followed by completed or halted for the
// same (pack, idx). A log that could not be read is a warning.
struct RecoveryLeads
{
    QStringList nestedFolders;
    JsonArray dangling;
    QList<Message> warnings;
};
RecoveryLeads recoveryLeads(const QString &workspaceRoot, const Result<LogSummary> &log);

// The pre-run recovery scan (docs/design.md, "Recovery scan"), informational only: backups and
// tombstones left by symlink/rmdir (.grex.bak, .grex.bak.<suffix>), directories an interrupted `rm`
// moved aside (.grex-trash-*), action_started events with no end, lock files held by another
// process, and the temp files of a killed write of the workspace's own files (grex.jsonl, the
// journal, the lockfile, .gitignore). Never changes anything. Paths come sorted. Stops early, with
// what it found, when stop fires.
RecoveryFindings recoveryScan(const Workspace &workspace, const QString &rootPackDir,
                              const RecoveryLeads &leads, std::stop_token stop = {});

// The packs whose last install was interrupted: an action or hook of theirs started after the
// install their lock entry records and never completed or halted (a killed grex, a second
// Ctrl-C). The lockfile still names the install before it, so without this the next sync would
// skip them as unchanged; it runs them again instead. In two steps, so that a run can let the
// log go before it reads the lockfile: first the actions the log shows started and never ended
// (per pack, when the last of them started; from the log's events, or its summary's
// unfinished ones), then the packs whose lock entry is older.
QHash<QString, Timestamp> unfinishedActions(const QList<Event> &events);
QSet<QString> interruptedInstalls(const QHash<QString, Timestamp> &unfinished,
                                  const LockEntries &locks);

} // namespace Grex
