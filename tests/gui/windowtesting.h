#pragma once

#include "gui/mainwindow.h"
#include "core/workspace.h"

#include <QSignalSpy>

namespace Grex::Test {

// Shows the window on ws and waits for its first load; false when the load failed or took over
// 10 s.
inline bool openWindow(Gui::MainWindow &window, const Workspace &ws)
{
    QSignalSpy loaded(&window, &Gui::MainWindow::loaded);
    window.show();
    window.openWorkspace(ws.root());
    return loaded.wait(10000) && loaded.at(0).at(0).toString().isEmpty();
}

} // namespace Grex::Test
