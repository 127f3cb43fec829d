#pragma once

#include "core/workspace.h"

#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace Grex::Test {

// A workspace initialised in dir (created first). Fatal when init fails: the tests that use it
// are about something else.
Workspace initialisedWorkspace(const QString &dir);

// The repository at url cloned and registered in ws, and installed when install is set. Fatal
// when add fails.
void addPackOrDie(Workspace &ws, const QString &url, bool install = false);

// What a test class that makes a workspace per case keeps: one temporary folder, the bare
// remotes its initTestCase makes in m_remotes, and a new workspace folder for each call.
// A test class derives from it after QObject.
class WorkspaceCases
{
protected:
    QString remote(const QString &name) const
    {
        return m_remotes + u'/' + name + QStringLiteral(".git");
    }
    Workspace newWorkspace()
    {
        return initialisedWorkspace(m_tmp.filePath(QStringLiteral("ws%1").arg(++m_counter)));
    }
    // The packs cloned from m_remotes and registered; installed when `install`.
    Workspace workspaceWith(const QStringList &names, bool install = false)
    {
        Workspace ws = newWorkspace();
        for (const QString &name : names)
            addPackOrDie(ws, remote(name), install);
        return ws;
    }

    QTemporaryDir m_tmp;
    QString m_remotes = m_tmp.filePath(QStringLiteral("remotes"));
    int m_counter = 0;
};

} // namespace Grex::Test
