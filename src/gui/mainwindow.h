#pragma once

#include "gui/detailspane.h"
#include "core/sched/width.h"

#include <QHash>
#include <QJsonObject>
#include <QDateTime>
#include <QMainWindow>
#include <QPointer>
#include <QThreadPool>

#include <functional>

class QAction;
class QDockWidget;
class QFileSystemWatcher;
class QLabel;
class QLineEdit;
class QMenu;
class QSystemTrayIcon;
class QTimer;
class QTreeView;

namespace Grex::Gui {

class ActivityPanel;
class AgentsPanel;
class TasksPanel;
class ApprovalDesk;
class ApprovalDialog;
class ControlServer;
class DoctorDialog;
class LiveState;
class LocksPanel;
class OperationRunner;
class PackFilterProxy;
class PackTreeModel;

// The grex window: a workspace's packs with drift and locks, actions through the core verbs on
// a worker thread, the agents attached through `grex serve`, and their approvals.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Shows the packs of the workspace whose grex.jsonl is in dir.
    void openWorkspace(const QString &dir);
    QString workspace() const { return m_workspace; }
    // How many packs every load and operation of the window works on at once.
    void setWidth(Width width);

    // For tests: the parts a person looks at.
    PackTreeModel *packModel() const { return m_model; }
    PackFilterProxy *packProxy() const { return m_proxy; }
    OperationRunner *runner() const { return m_runner; }
    ControlServer *controlServer() const { return m_control; }
    ActivityPanel *activity() const { return m_activity; }
    // What the action that started a verb does with its document or error once it finished.
    using Then = std::function<void(const QJsonValue &document, const QString &error)>;
    // Runs a registry verb on the open workspace as the window's actions do. Returns false when
    // it cannot start now (another operation runs, or the workspace is busy).
    bool invokeVerb(const QString &verb, const QJsonObject &arguments, const QString &title,
                    Then then = {}, bool background = false);
    // Starts the fetch the window runs by itself every interval, now (for the benchmark);
    // false when another operation runs.
    bool fetchInBackground();
    // Runs a dry run first and asks the person before the real run.
    void invokeWithPreview(const QString &verb, const QJsonObject &arguments, const QString &title,
                           const QString &question, Then then = {});

Q_SIGNALS:
    // Emitted after each load, with the error text or an empty string.
    void loaded(const QString &error);
    // An approval dialog opened for a serve process.
    void approvalShown(Grex::Gui::ApprovalDialog *dialog);
    // A preview dialog opened; accept() runs the verb.
    void previewShown(QDialog *dialog);
    // An operation finished (after the window updated itself).
    void operationFinished(const QString &verb, const QString &error);

protected:
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    static QIcon actionIcon(const QString &name);
    // The filter above the pack tree, the banner above both, the tree and the details beside it.
    void createCentralArea();
    // The Activity, Locks and Agents docks, in the order the View menu lists them.
    QList<QDockWidget *> createDocks();
    // File and Packs menus, the toolbar and the pack view's context menu.
    void createActions();
    void createViewAndHelpMenus(const QList<QDockWidget *> &docks);
    // The filter field: when it filters, and where Return and Tab go from it.
    void connectFilter();
    // What the buttons of the Tasks and Locks panels run.
    void connectPanels();
    void chooseWorkspace();
    void newWorkspace();
    void refresh();
    void refreshLocks();
    void scheduleRefresh();
    void watchWorkspace(const QStringList &paths);
    void updateSelection();
    void updateSummary();
    void applyFilter();
    void rememberRecent(const QString &dir);
    void rebuildRecentMenu();
    QString selectedPack() const;
    // Every selected pack (Ctrl+click, Shift+click), by id; folders left out.
    QStringList selectedPacks() const;
    // After a reload: the current row and the selection as they were, by pack id.
    void reselect(const QString &current, const QStringList &selected);
    QString busyHolder() const;
    void syncAction(bool preview);
    void updateAction(bool preview);
    void addAction();
    void removeAction();
    void tagsAction();
    // Fetches every pack (status --fetch); in the background it skips while anything runs.
    void fetchAction(bool background);
    // Runs the verb on exactly the selected packs (--filter name=a|b); title has %1 for them.
    // With a question (%1 for them too), a dry run shows what it would do first.
    void invokeOnSelection(const QString &verb, QJsonObject arguments, const QString &title,
                           const QString &question = {});
    // "api" for one pack, "api, web and 3 more" for many.
    static QString packList(const QStringList &ids);
    // The Git submenu (switch, commit, push, stash, discard) of the Packs and context menus,
    // and its labels for the selection (mainwindowgit.cpp).
    QMenu *createGitMenu();
    void updateGitActions(const QStringList &selected);
    // Names a selection action for what it acts on, "Sync api" (one, with %1) or "Sync 3
    // Selected Packs" (many), and enables it only with a selection.
    void labelForSelection(const QString &action, const QString &one, const QString &many,
                           const QStringList &selected);
    // Asks for the message, then commits the selected packs with it.
    void commitSelectedAction();
    // Sync or fetch only the selected packs, as `grex sync --filter name=a|b` does.
    void syncSelectedAction();
    void fetchSelectedAction();
    // Fetch and fast-forward the selected packs without installing (sync --no-install).
    void fastForwardSelectedAction();
    // Starts the background fetch when the packs' oldest fetch is older than the interval the
    // preferences set (and the last one the window started is too).
    void maybeFetchInBackground();
    // What a sync's preview cannot see, since it does not fetch, and what the window knows
    // already: the packs a sync would leave alone or fail now, with their state in words.
    QString syncPreviewNote() const;
    QString selectedDir() const;
    // Fits the tree's columns to what they show, none but the name wider than 260 px.
    void fitColumns();
    void importAction();
    void doctorAction();
    void showDoctorReport(const QJsonValue &document, const QString &error);
    void onFinished(const QString &verb, bool dryRun, const QJsonValue &document,
                    const QString &error, const QString &errorKind, const QString &text);
    void setActionsEnabled(bool enabled);

    PackTreeModel *m_model;
    PackFilterProxy *m_proxy;
    QTreeView *m_view;
    QLineEdit *m_filter;
    QLabel *m_filterError;
    QLabel *m_message;
    QLabel *m_summary; // the workspace and its drift counts, in the status bar
    QLabel *m_loadingHint; // over the empty tree while the first load reads the workspace
    DetailsPane *m_details;
    OperationRunner *m_runner;
    Width m_width = Width::automatic();
    ActivityPanel *m_activity;
    LocksPanel *m_locks;
    ControlServer *m_control;
    AgentsPanel *m_agents;
    TasksPanel *m_tasks;
    QSystemTrayIcon *m_tray = nullptr;
    QFileSystemWatcher *m_watcher;
    QTimer *m_refreshTimer; // debounces watcher events
    QTimer *m_filterTimer;  // debounces typing in the filter of a large workspace
    QTimer *m_lockTimer;
    QTimer *m_ageTimer; // the Fetched column and the status bar's age grow with the clock
    LiveState *m_live;
    ApprovalDesk *m_desk;
    QMenu *m_recentMenu = nullptr;
    QList<QAction *> m_workspaceActions; // need an open workspace and no running operation

    QThreadPool m_loadPool; // reads the workspace; never the global pool (see OperationRunner)
    QString m_workspace;
    quint64 m_generation = 0;
    bool m_loading = false;
    bool m_reloadAgain = false; // something changed while a load ran
    bool m_readingLocks = false;
    QHash<QString, QList<AuditLine>> m_events;
    // The verb whose dry run is showing its preview next, with its real arguments.
    struct PendingPreview
    {
        QString workspace; // the preview is only good for the workspace it looked at
        QString verb;
        QJsonObject arguments;
        QString title;
        QString question;
        Then then;
    };
    std::optional<PendingPreview> m_preview;
    Then m_then; // of the running verb
    // The running verb is the background fetch: what the person starts stops it, and runs
    // once it stopped (m_queued).
    bool m_backgroundFetch = false;
    QDateTime m_backgroundFetchStarted;
    std::function<void()> m_queued;
    QPointer<DoctorDialog> m_doctor;
};

} // namespace Grex::Gui
