#pragma once

#include "gui/detailspane.h"
#include "gui/packtreemodel.h"
#include "core/sched/width.h"

#include <QHash>
#include <QList>
#include <QString>

namespace Grex::Gui {

// What the window shows of a workspace, read in one go on a worker thread: its packs joined
// with their status, and the last events of each pack from grex.jsonl.
struct WorkspaceLoad
{
    QList<PackRow> rows;
    QHash<QString, QList<AuditLine>> events; // by pack id, the newest last
    QString error;                           // why the packs or their status could not be read

    static WorkspaceLoad read(const QString &dir, Width width);
};

} // namespace Grex::Gui
