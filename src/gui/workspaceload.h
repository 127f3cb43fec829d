#pragma once

#include "gui/detailspane.h"
#include "gui/packtreemodel.h"
#include "core/sched/width.h"
#include "core/verbs/taskstatus.h"
#include "core/workspacelocks.h"

#include <QHash>
#include <QList>
#include <QString>

namespace Grex {
class Workspace;
}

namespace Grex::Gui {

// What the window shows of a workspace, read in one go on a worker thread: its packs joined
// with their status, and the last events of each pack from grex.jsonl.
struct WorkspaceLoad
{
    QList<PackRow> rows;
    QHash<QString, QList<AuditLine>> events; // by pack id, the newest last
    QString error;                           // why the packs or their status could not be read
    // Read here, not on the window's thread, because each costs a look at every pack's folder.
    QList<LockFileInfo> locks; // the lock files present, for the Locks panel
    QStringList watchPaths;    // what the window's file watcher follows (watchPathsFor)
    QStringList cloneDirs;     // what LiveState watches (cloneWatchDirs)
    QList<TaskStatusReport::Task> tasks; // for the Tasks panel, with their changed files
    QString tasksError;                  // why the tasks could not be read

    static WorkspaceLoad read(const QString &dir, Width width);
};

// The workspace's own files and the folders that hold its packs (for the top-level packs, the
// workspace itself): a pack folder made or deleted shows there. Edits inside the clones are
// LiveState's, within its budget of kernel watches, which one watch per pack of a large
// workspace would exceed.
QStringList watchPathsFor(const Workspace &workspace, const QList<PackDir> &packs);

} // namespace Grex::Gui
