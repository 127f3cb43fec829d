#include "gui/mainwindow.h"

#include "gui/approvaldialog.h"
#include "mcp/control.h"
#include "gui/controlserver.h"
#include "gui/dialogs.h"
#include "gui/livestate.h"
#include "gui/operationrunner.h"
#include "gui/packfilterproxy.h"
#include "gui/packtreemodel.h"
#include "gui/panels.h"
#include "gui/taskspanel.h"
#include "gui/workspaceload.h"

#include "core/docview.h"
#include "core/verbs/init.h"
#include "core/verbs/verbregistry.h"
#include "core/workspace.h"
#include "core/workspacelocks.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QSystemTrayIcon>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

namespace {

constexpr int kRecentLimit = 8;
// Up to this many packs the filter runs at every key; above, once the typing pauses.
constexpr int kInstantFilterPacks = 2000;
// Up to this many selected packs stay selected when the window reads the workspace again.
constexpr qsizetype kReselectLimit = 200;

} // namespace

QIcon MainWindow::actionIcon(const QString &name)
{
    return QIcon(u":/grex/icons/actions/%1.svg"_s.arg(name));
}

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_model(new PackTreeModel(this))
    , m_proxy(new PackFilterProxy(this))
    , m_view(new QTreeView(this))
    , m_filter(new QLineEdit(this))
    , m_filterError(new QLabel(this))
    , m_message(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_loadingHint(new QLabel(this))
    , m_details(new DetailsPane(this))
    , m_runner(new OperationRunner(this))
    , m_activity(new ActivityPanel(m_runner, this))
    , m_locks(new LocksPanel(this))
    , m_control(new ControlServer(this))
    , m_agents(new AgentsPanel(m_control, this))
    , m_tasks(new TasksPanel(this))
    , m_watcher(new QFileSystemWatcher(this))
    , m_refreshTimer(new QTimer(this))
    , m_filterTimer(new QTimer(this))
    , m_lockTimer(new QTimer(this))
    , m_ageTimer(new QTimer(this))
    , m_live(new LiveState(this))
    , m_desk(new ApprovalDesk(m_control, m_activity, this))
{
    setObjectName(u"mainWindow"_s);
    setWindowTitle(tr("grex"));
    // The style draws no focus frame around lists and text views: without one, a person moving
    // with Tab cannot see where the keys go.
    setStyleSheet(u"QAbstractScrollArea:focus { border: 1px solid palette(highlight); }"_s);
    resize(1280, 800);

    m_proxy->setSourceModel(m_model);
    m_view->setObjectName(u"packView"_s);
    m_view->setModel(m_proxy);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(PackTreeModel::NameColumn, Qt::AscendingOrder);
    // Ctrl+click and Shift+click select several packs for the actions that take a selection.
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->header()->setStretchLastSection(true);
    // Fitting the columns measures each row considered; the first 200 rows (Qt's default is
    // 1000) fit them as well and keep a large workspace's load from freezing the window.
    m_view->header()->setResizeContentsPrecision(200);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);

    createCentralArea();

    const QList<QDockWidget *> docks = createDocks();
    createActions();
    createViewAndHelpMenus(docks);

    connectFilter();
    m_view->installEventFilter(this);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MainWindow::updateSelection);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { setActionsEnabled(!m_runner->isRunning()); });
    connect(m_runner, &OperationRunner::finished, this, &MainWindow::onFinished);
    connect(m_activity, &ActivityPanel::outcomesChanged, m_model, &PackTreeModel::setOutcomes);
    connect(m_activity, &ActivityPanel::packActivated, this, [this](const QString &id) {
        const QModelIndexList found =
            m_proxy->match(m_proxy->index(0, 0), PackTreeModel::PackIdRole, id, 1,
                           Qt::MatchExactly | Qt::MatchRecursive);
        if (found.isEmpty()) {
            statusBar()->showMessage(tr("%1 is not shown: clear the filter.").arg(id), 5000);
            return;
        }
        m_view->setCurrentIndex(found.constFirst());
        m_view->scrollTo(found.constFirst());
        m_details->setCurrentIndex(1); // Changes: why it needs you
        m_view->setFocus(Qt::OtherFocusReason);
    });
    connect(m_runner, &OperationRunner::started, this, [this] {
        setActionsEnabled(false);
        // A fetch nobody asked for now does not take the person's eyes off what they look at.
        if (m_backgroundFetch)
            return;
        if (auto *d = findChild<QDockWidget *>(u"activityDock"_s))
            d->raise();
    });
    connectPanels();
    connect(m_desk, &ApprovalDesk::shown, this, &MainWindow::approvalShown);
    connect(m_control, &ControlServer::raiseRequested, this, [this] {
        showNormal();
        raise();
        activateWindow();
    });
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, &MainWindow::scheduleRefresh);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &MainWindow::scheduleRefresh);
    m_refreshTimer->setSingleShot(true);
    m_refreshTimer->setInterval(400);
    connect(m_refreshTimer, &QTimer::timeout, this, &MainWindow::refresh);
    // Lock files come and go faster than a person looks; poll them too.
    m_lockTimer->setInterval(2000);
    connect(m_lockTimer, &QTimer::timeout, this, &MainWindow::refreshLocks);
    m_lockTimer->start();
    connect(m_live, &LiveState::changed, this, [this] {
        if (!m_workspace.isEmpty())
            scheduleRefresh();
    });
    connect(m_live, &LiveState::fetchDue, this, &MainWindow::maybeFetchInBackground);
    m_ageTimer->setInterval(60 * 1000);
    connect(m_ageTimer, &QTimer::timeout, this, [this] {
        m_model->refreshAges();
        updateSummary();
    });
    m_ageTimer->start();

    if (QSystemTrayIcon::isSystemTrayAvailable()) {
        m_tray = new QSystemTrayIcon(QIcon(u":/grex/icons/grex.svg"_s), this);
        m_tray->setToolTip(tr("grex"));
        m_desk->setTray(m_tray);
        connect(m_tray, &QSystemTrayIcon::activated, this, [this] {
            showNormal();
            raise();
            activateWindow();
        });
        m_tray->show();
    }

    const QSettings settings;
    restoreGeometry(settings.value(u"window/geometry"_s).toByteArray());
    restoreState(settings.value(u"window/state"_s).toByteArray());
    setActionsEnabled(true);
    m_summary->setObjectName(u"summaryLabel"_s);
    // The summary stays; messages about single operations come and go beside it.
    statusBar()->addPermanentWidget(m_summary);
    m_summary->setText(tr("No workspace open"));
}

MainWindow::~MainWindow()
{
    m_runner->cancel();
    m_runner->waitForFinished();
    m_loadPool.waitForDone();
    // Now, while the window is whole: closing the socket withdraws open approvals through
    // onApprovalWithdrawn, which must not run from ~QWidget deleting the ControlServer.
    m_control->close();
}

void MainWindow::createCentralArea()
{
    m_filter->setObjectName(u"filterEdit"_s);
    m_filter->setPlaceholderText(tr("Filter: a word, or name=api-*, drift=dirty|behind, tag=work"));
    m_filter->setClearButtonEnabled(true);
    m_filter->addAction(actionIcon(u"filter"_s), QLineEdit::LeadingPosition);
    m_filterError->setObjectName(u"filterError"_s);
    m_filterError->setStyleSheet(u"color: #c62828;"_s);
    m_filterError->setFont(QFont(u"monospace"_s));
    m_filterError->hide();

    m_message->setObjectName(u"messageLabel"_s);
    m_message->setWordWrap(true);
    m_message->setMargin(8);
    m_message->setStyleSheet(u"background: #fff3e0; border-bottom: 1px solid #ffb74d;"_s);
    // As tall as its text: the layout must not hand the banner the tree's spare height.
    m_message->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_message->hide();

    m_loadingHint->setObjectName(u"loadingHint"_s);
    m_loadingHint->setParent(m_view->viewport());
    m_loadingHint->setAlignment(Qt::AlignCenter);
    m_loadingHint->setWordWrap(true);
    m_loadingHint->hide();
    m_view->viewport()->installEventFilter(this);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(2);
    leftLayout->addWidget(m_filter);
    leftLayout->addWidget(m_filterError);
    leftLayout->addWidget(m_view);
    auto *splitter = new QSplitter(this);
    splitter->addWidget(left);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_message);
    layout->addWidget(splitter);
    setCentralWidget(central);
}

QList<QDockWidget *> MainWindow::createDocks()
{
    const auto dock = [this](QWidget *widget, const QString &title, const QString &name,
                             Qt::DockWidgetArea area) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(widget);
        addDockWidget(area, d);
        return d;
    };
    QDockWidget *activityDock =
        dock(m_activity, tr("Activity"), u"activityDock"_s, Qt::BottomDockWidgetArea);
    QDockWidget *locksDock = dock(m_locks, tr("Locks"), u"locksDock"_s, Qt::BottomDockWidgetArea);
    QDockWidget *agentsDock =
        dock(m_agents, tr("Agents (grex serve)"), u"agentsDock"_s, Qt::BottomDockWidgetArea);
    QDockWidget *tasksDock = dock(m_tasks, tr("Tasks"), u"tasksDock"_s, Qt::BottomDockWidgetArea);
    tabifyDockWidget(activityDock, locksDock);
    tabifyDockWidget(locksDock, agentsDock);
    tabifyDockWidget(agentsDock, tasksDock);
    activityDock->raise();
    resizeDocks({activityDock}, {220}, Qt::Vertical); // the packs take most of the height
    return {activityDock, locksDock, agentsDock, tasksDock};
}

void MainWindow::connectFilter()
{
    // Filtering thousands of packs takes a good part of a second: there the filter waits for
    // a pause in the typing instead of running at every key.
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(250);
    connect(m_filterTimer, &QTimer::timeout, this, &MainWindow::applyFilter);
    connect(m_filter, &QLineEdit::textChanged, this, [this] {
        if (m_model->totalPackCount() > kInstantFilterPacks)
            m_filterTimer->start();
        else
            applyFilter();
    });
    // From the filter, Return or Tab goes to the packs it left, with one of them current, so
    // that the arrow keys and the menu key work at once.
    setTabOrder(m_filter, m_view);
    setTabOrder(m_view, m_details);
    connect(m_filter, &QLineEdit::returnPressed, this, [this] {
        if (m_filterTimer->isActive()) {
            m_filterTimer->stop();
            applyFilter();
        }
        m_view->setFocus(Qt::TabFocusReason);
    });
}

void MainWindow::setWidth(Width width)
{
    m_width = width;
    m_runner->setWidth(width);
}

void MainWindow::openWorkspace(const QString &dir)
{
    m_workspace = QDir(dir).absolutePath();
    setWindowTitle(tr("%1 — grex").arg(QDir(m_workspace).dirName()));
    rememberRecent(m_workspace);
    m_events.clear();
    m_details->showPack(nullptr, {});
    m_preview.reset(); // a preview of another workspace must not run here
    // Opening the same workspace again keeps the attached servers (and their questions).
    if (!m_control->isListening() ||
        m_control->socketName() != Mcp::controlSocketName(m_workspace)) {
        const QString listenError = m_control->listen(m_workspace);
        if (!listenError.isEmpty())
            qWarning("%s", qUtf8Printable(listenError));
        m_agents->setListenError(listenError);
    }
    setActionsEnabled(true);
    refresh();
}

void MainWindow::rememberRecent(const QString &dir)
{
    QSettings settings;
    settings.setValue(u"workspace/last"_s, dir);
    QStringList recent = settings.value(u"workspace/recent"_s).toStringList();
    recent.removeAll(dir);
    recent.prepend(dir);
    while (recent.size() > kRecentLimit)
        recent.removeLast();
    settings.setValue(u"workspace/recent"_s, recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(u"workspace/recent"_s).toStringList();
    for (const QString &dir : recent)
        m_recentMenu->addAction(dir, this, [this, dir] { openWorkspace(dir); });
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::chooseWorkspace()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Workspace"), m_workspace);
    if (!dir.isEmpty())
        openWorkspace(dir);
}

void MainWindow::newWorkspace()
{
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("New Workspace in Folder"), m_workspace);
    if (dir.isEmpty())
        return;
    if (m_runner->isRunning()) {
        statusBar()->showMessage(tr("Wait for the running operation to finish."), 5000);
        return;
    }
    if (!m_runner->start(dir, u"init"_s, {}, tr("Creating a workspace in %1").arg(dir)))
        return;
    m_then = [this](const QJsonValue &document, const QString &error) {
        const QString root = DocView(JsonValue::fromQJsonValue(document), shapeOf<InitReport>())
                                 .string(u"workspace"_s);
        if (error.isEmpty() && !root.isEmpty())
            openWorkspace(root);
    };
}

void MainWindow::scheduleRefresh()
{
    m_refreshTimer->start();
}

void MainWindow::refresh()
{
    if (m_workspace.isEmpty())
        return;
    if (m_loading) {
        m_reloadAgain = true; // once more when this one is done, not one per change
        return;
    }
    if (m_model->rowCount() == 0) {
        m_summary->setText(tr("Reading %1…").arg(m_workspace));
        m_loadingHint->setText(tr("Reading the packs of %1…").arg(m_workspace));
        m_loadingHint->setGeometry(m_view->viewport()->rect());
        m_loadingHint->show();
    }
    const quint64 generation = ++m_generation;
    m_loading = true;
    auto *watcher = new QFutureWatcher<WorkspaceLoad>(this);
    connect(watcher, &QFutureWatcher<WorkspaceLoad>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation)
            return; // a newer load replaced this one
        m_loading = false;
        if (m_reloadAgain) {
            m_reloadAgain = false;
            QTimer::singleShot(0, this, &MainWindow::refresh);
        }
        const WorkspaceLoad result = watcher->result();
        const QString current = selectedPack();
        const QStringList selected = selectedPacks();
        m_loadingHint->hide();
        m_model->setPacks(result.rows);
        m_events = result.events;
        m_view->expandAll();
        reselect(current, selected);
        updateSelection();
        if (!result.error.isEmpty()) {
            m_message->setText(result.error);
            m_message->show();
        } else {
            const QString holder = busyHolder();
            m_message->setVisible(!holder.isEmpty());
            m_message->setText(tr("Workspace busy: %1 holds its sync lock. Sync, update, add, "
                                  "remove and import wait until it lets go.")
                                   .arg(holder));
        }
        updateSummary();
        m_locks->setLocks(result.locks, m_workspace);
        QTimer::singleShot(0, this, &MainWindow::maybeFetchInBackground);
        m_tasks->setTasks(result.tasks, result.tasksError);
        // With thousands of packs, fitting the columns and setting up the kernel watches take
        // tens of milliseconds each: each gets a turn of the event loop of its own, so that the
        // window paints and answers in between.
        QTimer::singleShot(0, this,
                           [this, generation, paths = result.watchPaths, dirs = result.cloneDirs] {
                               if (generation != m_generation)
                                   return;
                               fitColumns();
                               QTimer::singleShot(0, this, [this, generation, paths, dirs] {
                                   if (generation != m_generation)
                                       return;
                                   watchWorkspace(paths);
                                   m_live->watchDirs(dirs);
                               });
                           });
        Q_EMIT loaded(result.error);
    });
    watcher->setFuture(QtConcurrent::run(&m_loadPool, &WorkspaceLoad::read, m_workspace, m_width));
}

void MainWindow::watchWorkspace(const QStringList &paths)
{
    if (!m_watcher->files().isEmpty())
        m_watcher->removePaths(m_watcher->files());
    if (!m_watcher->directories().isEmpty())
        m_watcher->removePaths(m_watcher->directories());
    m_watcher->addPaths(paths);
}

void MainWindow::refreshLocks()
{
    if (m_workspace.isEmpty() || m_readingLocks)
        return;
    QList<PackDir> dirs;
    for (const auto &[id, dir] : m_model->packDirs())
        dirs.append({id, dir});
    // Looking for a lock file in every pack's folder takes long in a large workspace: the
    // window reads them on its load pool and stays responsive meanwhile.
    m_readingLocks = true;
    const QString workspace = m_workspace;
    const quint64 generation = m_generation;
    auto *watcher = new QFutureWatcher<QList<LockFileInfo>>(this);
    connect(watcher, &QFutureWatcher<QList<LockFileInfo>>::finished, this,
            [this, watcher, workspace, generation] {
                watcher->deleteLater();
                m_readingLocks = false;
                // A load that finished meanwhile brought newer locks.
                if (workspace == m_workspace && generation == m_generation)
                    m_locks->setLocks(watcher->result(), m_workspace);
            });
    watcher->setFuture(QtConcurrent::run(
        &m_loadPool, [workspace, dirs] { return workspaceLockFiles(Workspace(workspace), dirs); }));
}

QString MainWindow::busyHolder() const
{
    if (m_workspace.isEmpty())
        return {};
    const std::optional<LockHolder> holder =
        FileLock::holder(Workspace(m_workspace).syncLockPath());
    if (!holder || holder->pid == QCoreApplication::applicationPid())
        return {};
    return PackTreeModel::holderText(*holder);
}

void MainWindow::updateSummary()
{
    const QHash<QString, int> counts = m_model->driftCounts();
    QStringList parts;
    for (const QString &kind : PackFilter::driftKinds()) {
        if (const int n = counts.value(kind))
            parts.append(PackTreeModel::driftCount(kind, n));
    }
    // The workspace is in the title and the tooltip: a long path here would push the status
    // bar's messages off the screen.
    m_summary->setToolTip(m_workspace);
    QString text = tr("%n pack(s)", nullptr, m_model->totalPackCount());
    if (!parts.isEmpty())
        text += u": "_s + parts.join(u", "_s);
    if (!m_filter->text().trimmed().isEmpty())
        text += u" · "_s +
                tr("%1 of %n shown", nullptr, m_model->totalPackCount()).arg(m_proxy->shownCount());
    // How fresh behind and ahead are: as of the oldest fetch, which is what a person relies on.
    if (const std::optional<QDateTime> oldest = m_model->oldestFetch()) {
        text += u" · "_s +
                (oldest->toMSecsSinceEpoch() == 0
                     ? tr("some packs never fetched")
                     : tr("fetched %1")
                           .arg(PackTreeModel::ageText(*oldest, QDateTime::currentDateTimeUtc())));
    }
    if (m_backgroundFetch)
        text += u" · "_s + tr("fetching…");
    m_summary->setText(text);
}

void MainWindow::applyFilter()
{
    const QString error = m_proxy->setFilterExpression(m_filter->text());
    m_filterError->setText(error);
    m_filterError->setVisible(!error.isEmpty());
    m_view->expandAll();
    updateSummary();
}

QString MainWindow::selectedPack() const
{
    return m_view->currentIndex().data(PackTreeModel::PackIdRole).toString();
}

void MainWindow::reselect(const QString &current, const QStringList &selected)
{
    const auto find = [this](const QString &id) {
        const QModelIndexList found =
            m_proxy->match(m_proxy->index(0, 0), PackTreeModel::PackIdRole, id, 1,
                           Qt::MatchExactly | Qt::MatchRecursive);
        return found.isEmpty() ? QModelIndex() : found.constFirst();
    };
    if (const QModelIndex index = find(current); index.isValid())
        m_view->setCurrentIndex(index);
    // Each id is a search of the tree: a selection of thousands keeps only its current row.
    if (selected.isEmpty() || selected.size() > kReselectLimit)
        return;
    QItemSelection selection;
    for (const QString &id : selected) {
        if (const QModelIndex index = find(id); index.isValid())
            selection.select(index, index);
    }
    m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect |
                                                    QItemSelectionModel::Rows);
}

QStringList MainWindow::selectedPacks() const
{
    QStringList ids;
    const QModelIndexList rows = m_view->selectionModel()->selectedRows(PackTreeModel::NameColumn);
    for (const QModelIndex &index : rows) {
        const QString id = index.data(PackTreeModel::PackIdRole).toString();
        if (!id.isEmpty())
            ids.append(id);
    }
    ids.sort();
    return ids;
}

void MainWindow::updateSelection()
{
    const QModelIndex source = m_proxy->mapToSource(m_view->currentIndex());
    const PackRow *row = m_model->row(source);
    m_details->showPack(row, row ? m_events.value(row->entry.id) : QList<AuditLine>());
    setActionsEnabled(!m_runner->isRunning());
}

bool MainWindow::invokeVerb(const QString &verb, const QJsonObject &arguments, const QString &title,
                            Then then, bool background)
{
    if (m_workspace.isEmpty())
        return false;
    if (m_runner->isRunning() && m_backgroundFetch) {
        // What the person asks for goes first: the background fetch stops (each pack's fetch
        // is whole or not at all) and this starts once it has.
        m_runner->cancel();
        m_queued = [this, verb, arguments, title, then = std::move(then)] {
            invokeVerb(verb, arguments, title, then);
        };
        return true;
    }
    if (m_runner->isRunning()) {
        statusBar()->showMessage(tr("Wait for the running operation to finish."), 5000);
        return false;
    }
    const VerbSpec *spec = findVerb(verb);
    if (spec && spec->locks(arguments)) {
        const QString holder = busyHolder();
        if (!holder.isEmpty()) {
            m_message->setText(tr("Workspace busy: %1 holds its sync lock. Try again when it is "
                                  "done.")
                                   .arg(holder));
            m_message->show();
            return false;
        }
    }
    if (!m_runner->start(m_workspace, verb, arguments, title, background))
        return false;
    m_then = std::move(then);
    return true;
}

void MainWindow::invokeWithPreview(const QString &verb, const QJsonObject &arguments,
                                   const QString &title, const QString &question, Then then)
{
    QJsonObject dry = arguments;
    dry.insert(u"dryRun"_s, true);
    m_preview = PendingPreview{m_workspace, verb, arguments, title, question, std::move(then)};
    if (!invokeVerb(verb, dry, tr("Preview: %1").arg(title)))
        m_preview.reset();
}

void MainWindow::fitColumns()
{
    for (int c = 0; c < PackTreeModel::ColumnCount - 1; ++c) {
        // A filter that shows a few short rows does not narrow what the next reload widens.
        const int before = m_view->columnWidth(c);
        m_view->resizeColumnToContents(c);
        int width = std::max(before, m_view->columnWidth(c));
        // One long state or tag list pushed the columns after it out of a 1280 px window; the
        // whole text is in the cell's tooltip.
        if (c != PackTreeModel::NameColumn)
            width = std::min(width, 260);
        m_view->setColumnWidth(c, width);
    }
}

QString MainWindow::selectedDir() const
{
    const PackRow *row = m_model->row(m_proxy->mapToSource(m_view->currentIndex()));
    if (!row)
        return QString();
    return row->entry.dir.isEmpty() && row->status
               ? Workspace(m_workspace).packDir(row->status->path)
               : row->entry.dir;
}

void MainWindow::onFinished(const QString &verb, bool dryRun, const QJsonValue &document,
                            const QString &error, const QString &errorKind, const QString &text)
{
    setActionsEnabled(true);
    if (dryRun && m_preview && m_preview->verb == verb) {
        const PendingPreview preview = *m_preview;
        m_preview.reset();
        const bool failed = !error.isEmpty() && errorKind != u"drift";
        if (failed && (document.isUndefined() || document.isNull())) {
            m_activity->appendLine(tr("The preview failed: %1").arg(error));
            QMessageBox::warning(this, preview.title, tr("The preview failed: %1").arg(error));
        } else {
            QString report = text;
            if (failed)
                report = tr("The dry run failed: %1").arg(error) + u"\n\n"_s + report;
            if (verb == u"sync" || verb == u"update")
                report += u"\n\n"_s + syncPreviewNote();
            m_activity->appendLine(report);
            const VerbSpec *spec = findVerb(verb);
            auto *dialog = new PreviewDialog(
                preview.title, preview.question, report,
                QCoreApplication::translate("Grex", spec ? spec->confirmWord : "&Run"), this);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            if (failed)
                dialog->findChild<QPushButton *>(u"runButton"_s)->setEnabled(false);
            if (spec && !spec->changesKey.isEmpty() &&
                document.toObject().value(spec->changesKey).toArray().isEmpty()) {
                dialog->findChild<QPushButton *>(u"runButton"_s)->setEnabled(false);
                dialog->setWindowTitle(QCoreApplication::translate("Grex", spec->nothingToDo));
            }
            connect(dialog, &QDialog::accepted, this, [this, preview] {
                if (preview.workspace != m_workspace) {
                    m_activity->appendLine(tr("Not run: the preview was of %1, and %2 is open now.")
                                               .arg(preview.workspace, m_workspace));
                    return;
                }
                invokeVerb(preview.verb, preview.arguments, preview.title, preview.then);
            });
            dialog->open();
            Q_EMIT previewShown(dialog);
        }
        Q_EMIT operationFinished(verb, error);
        return;
    }
    if (const Then then = std::exchange(m_then, {}))
        then(document, error);
    if (std::exchange(m_backgroundFetch, false)) {
        // Its failures show on their packs (red until a fetch succeeds); the status bar is
        // for what the person did.
        refresh();
        Q_EMIT operationFinished(verb, error);
        if (const std::function<void()> queued = std::exchange(m_queued, {}))
            queued();
        return;
    }
    // The report, or the failure with its error, in the CLI's words.
    m_activity->appendLine(text);
    if (errorKind == u"cancelled")
        statusBar()->showMessage(tr("%1 was cancelled.").arg(verb), 10000);
    // A verdict's failure is its report, which the action that asked for it shows.
    const VerbSpec *spec = findVerb(verb);
    if (!error.isEmpty() && !(spec && spec->reportIsVerdict) && errorKind != u"cancelled")
        statusBar()->showMessage(tr("%1 failed: %2").arg(verb, error), 15000);
    refresh();
    Q_EMIT operationFinished(verb, error);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        m_loadingHint->setGeometry(m_view->viewport()->rect());
    if (watched == m_view && event->type() == QEvent::FocusIn &&
        !m_view->currentIndex().isValid() && m_proxy->rowCount() > 0)
        m_view->setCurrentIndex(m_proxy->index(0, 0));
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_runner->isRunning()) {
        const auto answer = QMessageBox::question(
            this, tr("Quit grex"),
            tr("%1 is still running. Cancel it and quit?").arg(m_runner->verb()));
        if (answer != QMessageBox::Yes) {
            event->ignore();
            return;
        }
        m_runner->cancel();
        m_runner->waitForFinished();
    }
    QSettings settings;
    settings.setValue(u"window/geometry"_s, saveGeometry());
    settings.setValue(u"window/state"_s, saveState());
    QMainWindow::closeEvent(event);
}

} // namespace Grex::Gui
