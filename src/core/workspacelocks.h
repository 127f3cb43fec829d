#pragma once

#include "core/fs/filelock.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace Grex {

class Workspace;

// A pack's directory, for the pack lock files to look at.
struct PackDir
{
    QString id;
    QString dir;
};

// A lock file grex left on disk: held by a live process now, or stale (its holder is gone).
// A free lock has no file, so it is not listed.
struct LockFileInfo
{
    QString path;
    QString scope; // "workspace" (the sync lock), "manifest", "backend" or "pack"
    QString pack;  // the pack of a "pack" lock; "" otherwise
    std::optional<LockHolder> holder; // nullopt: stale; pid 0: a holder still writing its pid
    QDateTime modified;               // when the holder wrote it
};

// Every lock file grex may leave behind in the workspace (its sync lock, the intent-log lock,
// the backend locks) and in each of packs' directories, in that order, with who holds each.
// Read-only; takes no lock.
QList<LockFileInfo> workspaceLockFiles(const Workspace &workspace, const QList<PackDir> &packs);

} // namespace Grex
