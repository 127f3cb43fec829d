#pragma once

#include "core/workspacelocks.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <utility>

class QTimer;

namespace Grex {
class ChangeWatch;
}

namespace Grex::Gui {

// What keeps the window's picture of the workspace live without F5: edits in the clones (a
// kernel watch on each clone, its .git and its top folders, read once a second, which catches the
// file writes QFileSystemWatcher's directory watches miss), the window coming back to the front,
// and the background fetch (Preferences), which the window asks about once a minute and whenever
// it comes back to the front.
class LiveState : public QObject
{
    Q_OBJECT

public:
    explicit LiveState(QObject *parent = nullptr);
    ~LiveState() override;

    // Watches these folders (cloneWatchDirs()) from now on, until the next call.
    void watchDirs(const QStringList &dirs);
    // Starts or stops the background fetch as the preferences say.
    void applyFetchInterval();

Q_SIGNALS:
    // Something in a clone changed, or the person came back to the window: time to re-read.
    void changed();
    // Time to ask whether the background fetch is due: a minute passed, or the person came back.
    void fetchDue();

private:
    void poll();

    std::unique_ptr<ChangeWatch> m_watch;
    std::optional<quint64> m_token;
    QTimer *m_pollTimer;
    QTimer *m_fetchTimer;
};

// The folders LiveState watches for these clones: each clone, its .git and its top folders,
// within a budget of kernel watches. Reads the disk: the window calls it on a worker thread.
QStringList cloneWatchDirs(const QList<PackDir> &packs);

// The selected pack's folder, outside grex: in the file manager, in a terminal, in an editor, on
// the clipboard.
// Each returns what the status bar says about it.
QString openFolder(const QString &dir);
QString openTerminal(const QString &dir);
QString openEditor(const QString &dir);
QString copyPath(const QString &dir);

} // namespace Grex::Gui
