// The window's menus, toolbar and context menu, and what their actions do: each runs a core verb
// through invokeVerb, and asks first where the verb changes what a person may not have looked at.

#include "gui/mainwindow.h"

#include "gui/dialogs.h"
#include "gui/livestate.h"
#include "gui/operationrunner.h"
#include "gui/packfilterproxy.h"
#include "gui/packtreemodel.h"
#include "gui/panels.h"
#include "gui/taskspanel.h"

#include "core/engine/globs.h"
#include "core/operationcontext.h"
#include "core/verbs/tag.h"
#include "core/verbs/verbregistry.h"
#include "core/workspace.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolBar>
#include <QTreeView>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QMenu *packs = menuBar()->addMenu(tr("&Packs"));
    QToolBar *toolbar = addToolBar(tr("Workspace"));
    toolbar->setObjectName(u"workspaceToolBar"_s);
    toolbar->setMovable(false);
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    const auto make = [this](const QString &icon, const QString &text, const QString &name,
                             auto slot) {
        QAction *action = new QAction(actionIcon(icon), text, this);
        action->setObjectName(name);
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    // An action that runs a verb shows the icon its row declares, as the verb's MCP tool does.
    const auto iconOf = [](const QString &verb) {
        const VerbSpec *spec = findVerb(verb);
        return spec ? spec->icon : QString();
    };

    QAction *newWs = make(iconOf(u"init"_s), tr("&New Workspace…"), u"newWorkspaceAction"_s,
                          &MainWindow::newWorkspace);
    QAction *open = make(u"open"_s, tr("&Open Workspace…"), u"openWorkspaceAction"_s,
                         &MainWindow::chooseWorkspace);
    open->setShortcut(QKeySequence::Open);
    file->addAction(newWs);
    file->addAction(open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    file->addSeparator();
    QAction *prefs = file->addAction(actionIcon(u"preferences"_s), tr("&Preferences…"), this,
                                     [this] {
                                         if (PreferencesDialog(this).exec() == QDialog::Accepted)
                                             m_live->applyFetchInterval();
                                     });
    prefs->setObjectName(u"preferencesAction"_s);
    prefs->setMenuRole(QAction::PreferencesRole);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QAction *reload =
        make(iconOf(u"status"_s), tr("Refresh"), u"refreshAction"_s, &MainWindow::refresh);
    reload->setShortcut(QKeySequence::Refresh);
    QAction *sync =
        make(iconOf(u"sync"_s), tr("&Sync"), u"syncAction"_s, [this] { syncAction(false); });
    sync->setToolTip(tr("Clone what is missing, fetch and fast-forward, install (grex sync)"));
    QAction *previewSync = make(iconOf(u"sync"_s), tr("Preview S&ync…"), u"previewSyncAction"_s,
                                [this] { syncAction(true); });
    QAction *update = make(iconOf(u"update"_s), tr("&Update"), u"updateAction"_s,
                           [this] { updateAction(false); });
    update->setToolTip(tr("Sync, then reinstall the packs whose actions changed (grex update)"));
    QAction *previewUpdate = make(iconOf(u"update"_s), tr("Preview U&pdate…"),
                                  u"previewUpdateAction"_s, [this] { updateAction(true); });
    QAction *add = make(iconOf(u"add"_s), tr("&Add…"), u"addAction"_s, &MainWindow::addAction);
    QAction *remove =
        make(iconOf(u"rm"_s), tr("&Remove…"), u"removeAction"_s, &MainWindow::removeAction);
    remove->setShortcut(QKeySequence::Delete);
    QAction *import =
        make(iconOf(u"import"_s), tr("&Import…"), u"importAction"_s, &MainWindow::importAction);
    sync->setShortcut(Qt::CTRL | Qt::Key_S);
    update->setShortcut(Qt::CTRL | Qt::Key_U);
    QAction *fetch =
        make(u"fetch"_s, tr("&Fetch"), u"fetchAction"_s, [this] { fetchAction(false); });
    fetch->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_F);
    fetch->setToolTip(tr("Fetch every pack and show what is new upstream; no working tree "
                         "changes (grex status --fetch)"));
    // Outside grex, on the selected pack's folder: each says in the status bar what it did.
    const auto place = [this, &make](const QString &icon, const QString &text,
                                     const QString &name, QString (*visit)(const QString &)) {
        return make(icon, text, name, [this, visit] {
            if (const QString dir = selectedDir(); !dir.isEmpty())
                statusBar()->showMessage(visit(dir), 6000);
        });
    };
    QAction *openFolder =
        place(u"open"_s, tr("Open &Folder"), u"openFolderAction"_s, &Gui::openFolder);
    QAction *openTerminal = place(u"terminal"_s, tr("Open &Terminal Here"),
                                  u"openTerminalAction"_s, &Gui::openTerminal);
    openTerminal->setShortcut(Qt::CTRL | Qt::ALT | Qt::Key_T);
    QAction *copyPath = place(u"copy"_s, tr("&Copy Path"), u"copyPathAction"_s, &Gui::copyPath);
    copyPath->setShortcut(QKeySequence::Copy);
    copyPath->setShortcutContext(Qt::WidgetShortcut);
    QAction *openEditor =
        place(u"open"_s, tr("Open in &Editor"), u"openEditorAction"_s, &Gui::openEditor);
    // The selected packs only: Ctrl+click or Shift+click selects several.
    QAction *syncSelected = make(iconOf(u"sync"_s), tr("Sync Selected"), u"syncSelectedAction"_s,
                                 &MainWindow::syncSelectedAction);
    syncSelected->setToolTip(tr("Fetch, fast-forward and install only the selected packs "
                                "(grex sync --filter name=…)"));
    QAction *fetchSelected = make(u"fetch"_s, tr("Fetch Selected"), u"fetchSelectedAction"_s,
                                  &MainWindow::fetchSelectedAction);
    fetchSelected->setToolTip(tr("Fetch only the selected packs; no working tree changes "
                                 "(grex status --fetch --filter name=…)"));
    QAction *forwardSelected =
        make(iconOf(u"sync"_s), tr("Fast-forward Selected"), u"fastForwardSelectedAction"_s,
             &MainWindow::fastForwardSelectedAction);
    forwardSelected->setToolTip(tr("Fetch and fast-forward only the selected packs; install "
                                   "nothing (grex sync --no-install --filter name=…)"));
    QAction *tags =
        make(iconOf(u"tag"_s), tr("Edit &Tags…"), u"tagsAction"_s, &MainWindow::tagsAction);
    tags->setToolTip(tr("Add or remove the selected pack's tags (grex tag)"));
    QAction *doctor =
        make(iconOf(u"doctor"_s), tr("&Doctor…"), u"doctorAction"_s, &MainWindow::doctorAction);
    doctor->setToolTip(tr("Check the workspace and repair what can be repaired (grex doctor)"));
    doctor->setShortcut(Qt::CTRL | Qt::Key_D);

    for (QAction *a : {reload, fetch, sync, previewSync, update, previewUpdate, fetchSelected,
                       forwardSelected, syncSelected, add, remove, tags, import, doctor}) {
        packs->addAction(a);
        m_workspaceActions.append(a);
    }
    QMenu *git = createGitMenu();
    packs->addMenu(git);
    packs->addSeparator();
    for (QAction *a : {openFolder, openTerminal, openEditor, copyPath})
        packs->addAction(a);
    toolbar->addAction(open);
    toolbar->addAction(reload);
    toolbar->addSeparator();
    for (QAction *a : {fetch, sync, update, add, remove, import, doctor})
        toolbar->addAction(a);
    // The context menu (right click, or the menu key on the selected row).
    for (QAction *a : {openFolder, openTerminal, openEditor, copyPath})
        m_view->addAction(a);
    auto *separator = new QAction(this);
    separator->setSeparator(true);
    m_view->addAction(separator);
    m_view->addAction(fetchSelected);
    m_view->addAction(forwardSelected);
    m_view->addAction(syncSelected);
    m_view->addAction(git->menuAction());
    m_view->addAction(tags);
    m_view->addAction(remove);
}

void MainWindow::createViewAndHelpMenus(const QList<QDockWidget *> &docks)
{
    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *find = view->addAction(tr("&Filter Packs"), this, [this] {
        m_filter->setFocus(Qt::ShortcutFocusReason);
        m_filter->selectAll();
    });
    find->setObjectName(u"findAction"_s);
    find->setShortcut(QKeySequence::Find);
    QAction *attention = view->addAction(tr("Sort by &Needs Attention"), this, [this] {
        m_view->sortByColumn(PackTreeModel::DriftColumn, Qt::AscendingOrder);
    });
    attention->setObjectName(u"sortAttentionAction"_s);
    attention->setShortcut(Qt::CTRL | Qt::Key_1);
    QAction *byName = view->addAction(tr("Sort by &Name"), this, [this] {
        m_view->sortByColumn(PackTreeModel::NameColumn, Qt::AscendingOrder);
    });
    byName->setShortcut(Qt::CTRL | Qt::Key_2);
    view->addSeparator();
    for (QDockWidget *dock : docks)
        view->addAction(dock->toggleViewAction());
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About grex"), this, [this] {
        QMessageBox::about(
            this, tr("About grex"),
            tr("<h3>grex %1</h3><p>Manages a workspace of git repositories (packs) as one "
               "graph, for people and for AI agents.</p><p>Agents connect through "
               "<code>grex serve</code> (MCP); this window shows their calls and asks you "
               "before they remove packs or run commands.</p>")
                .arg(QCoreApplication::applicationVersion()));
    });
}

void MainWindow::setActionsEnabled(bool enabled)
{
    const bool open = !m_workspace.isEmpty();
    for (QAction *a : std::as_const(m_workspaceActions))
        a->setEnabled(enabled && open && !m_runner->isRunning());
    if (QAction *reload = findChild<QAction *>(u"refreshAction"_s))
        reload->setEnabled(open); // reading is fine while an operation runs
    // The selection actions say what they act on: "Sync api" or "Sync 3 Packs".
    const QStringList selected = selectedPacks();
    const int count = int(selected.size());
    // Remove and Edit Tags act on one pack: with several selected, they would act on one of
    // them only, so they wait for a single selection.
    for (const QString &name : {u"removeAction"_s, u"tagsAction"_s}) {
        if (QAction *perPack = findChild<QAction *>(name))
            perPack->setEnabled(perPack->isEnabled() && !selectedPack().isEmpty() && count <= 1);
    }
    updateGitActions(selected);
    labelForSelection(u"syncSelectedAction"_s, tr("S&ync %1"),
                      tr("S&ync %n Selected Pack(s)", nullptr, count), selected);
    labelForSelection(u"fastForwardSelectedAction"_s, tr("Fast-&forward %1"),
                      tr("Fast-&forward %n Selected Pack(s)", nullptr, count), selected);
    labelForSelection(u"fetchSelectedAction"_s, tr("F&etch %1"),
                      tr("F&etch %n Selected Pack(s)", nullptr, count), selected);
    // Looking at a clone needs no workspace lock: only that it is on disk.
    const bool onDisk = QFileInfo(selectedDir()).isDir();
    for (const QString &name : {u"openFolderAction"_s, u"openTerminalAction"_s,
                                u"openEditorAction"_s, u"copyPathAction"_s}) {
        if (QAction *look = findChild<QAction *>(name))
            look->setEnabled(onDisk);
    }
}

void MainWindow::labelForSelection(const QString &action, const QString &one, const QString &many,
                                   const QStringList &selected)
{
    if (QAction *a = findChild<QAction *>(action)) {
        a->setEnabled(a->isEnabled() && !selected.isEmpty());
        a->setText(selected.size() == 1 ? one.arg(selected.constFirst()) : many);
    }
}

void MainWindow::syncAction(bool preview)
{
    if (preview)
        invokeWithPreview(u"sync"_s, {}, tr("Sync"), tr("A sync would do this. Run it?"));
    else
        invokeVerb(u"sync"_s, {}, tr("Sync"));
}

namespace {

// The filter that admits exactly these packs, whatever characters their ids hold.
QString selectionFilter(const QStringList &ids)
{
    QStringList literals;
    for (const QString &id : ids)
        literals.append(globLiteral(id));
    return u"name="_s + literals.join(u'|');
}

} // namespace

QString MainWindow::packList(const QStringList &ids)
{
    if (ids.size() <= 3)
        return QLocale().createSeparatedList(ids);
    return MainWindow::tr("%1, %2 and %n more", nullptr, int(ids.size() - 2))
        .arg(ids.at(0), ids.at(1));
}

void MainWindow::invokeOnSelection(const QString &verb, QJsonObject arguments, const QString &title,
                                   const QString &question)
{
    const QStringList packs = selectedPacks();
    if (packs.isEmpty())
        return;
    arguments.insert(u"filter"_s, selectionFilter(packs));
    const QString names = packList(packs);
    if (question.isEmpty())
        invokeVerb(verb, arguments, title.arg(names));
    else
        invokeWithPreview(verb, arguments, title.arg(names), question.arg(names));
}

void MainWindow::syncSelectedAction()
{
    invokeOnSelection(u"sync"_s, {}, tr("Sync %1"));
}

void MainWindow::fastForwardSelectedAction()
{
    invokeOnSelection(u"sync"_s, {{u"noInstall"_s, true}}, tr("Fast-forward %1"));
}

void MainWindow::fetchSelectedAction()
{
    invokeOnSelection(u"status"_s, {{u"fetch"_s, true}}, tr("Fetch %1"));
}

void MainWindow::maybeFetchInBackground()
{
    const int minutes = PreferencesDialog::fetchIntervalMinutes();
    if (minutes <= 0 || m_workspace.isEmpty() || m_runner->isRunning() || m_loading)
        return;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const qint64 interval = qint64(minutes) * 60;
    const std::optional<QDateTime> oldest = m_model->oldestFetch();
    if (!oldest || oldest->secsTo(now) < interval)
        return;
    // A remote that keeps failing is asked once per interval, not at every tick.
    if (m_backgroundFetchStarted.isValid() && m_backgroundFetchStarted.secsTo(now) < interval)
        return;
    fetchAction(true);
}

QString MainWindow::syncPreviewNote() const
{
    static const QStringList leftAlone{u"broken"_s,        u"fetch_failed"_s, u"dirty"_s,
                                       u"upstream_gone"_s, u"rewritten"_s,    u"diverged"_s,
                                       u"off_branch"_s};
    QStringList lines;
    for (const StatusEntry &s : m_model->statuses()) {
        if (leftAlone.contains(s.drift))
            lines.append(u"  "_s + s.id + u": "_s + PackTreeModel::driftText(s));
    }
    QString note = tr("The preview reads what is on disk and does not fetch: what is new "
                      "upstream shows in the real run.");
    if (!lines.isEmpty()) {
        note += u"\n"_s +
                tr("As they are now, the sync would leave %n pack(s) alone or fail them:", nullptr,
                   int(lines.size())) +
                u"\n"_s + lines.join(u'\n');
    }
    return note;
}

void MainWindow::updateAction(bool preview)
{
    if (preview)
        invokeWithPreview(u"update"_s, {}, tr("Update"), tr("An update would do this. Run it?"));
    else
        invokeVerb(u"update"_s, {}, tr("Update"));
}

void MainWindow::addAction()
{
    AddPackDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QJsonObject args = dialog.arguments();
    invokeVerb(u"add"_s, args, tr("Adding %1").arg(args.value(u"url"_s).toString()));
}

void MainWindow::connectPanels()
{
    // A task's push is an outward action: the person sees its plan and approves it, as an
    // agent's push is approved in the window's approval dialog.
    connect(m_tasks, &TasksPanel::pushRequested, this, [this](const QString &task) {
        invokeWithPreview(u"task-push"_s, {{u"name"_s, task}}, tr("Pushing task %1").arg(task),
                          tr("Pushing task %1 does this. Nothing is pushed until you press "
                             "Push.")
                              .arg(task));
    });
    connect(m_tasks, &TasksPanel::finishRequested, this, [this](const QString &task) {
        invokeVerb(u"task-finish"_s, {{u"name"_s, task}}, tr("Finishing task %1").arg(task));
    });
    connect(m_locks, &LocksPanel::clearStaleRequested, this, [this] {
        invokeVerb(u"doctor"_s, {{u"fix"_s, true}}, tr("Clearing stale locks (doctor --fix)"),
                   [this](const QJsonValue &document, const QString &error) {
                       showDoctorReport(document, error);
                   });
    });
}

void MainWindow::removeAction()
{
    const QString pack = selectedPack();
    if (pack.isEmpty())
        return;
    const QModelIndex source = m_proxy->mapToSource(m_view->currentIndex());
    // Under a folder row (a nested pack) a pack is still registered; under a pack it is a child.
    if (m_model->row(source.parent())) {
        QMessageBox::information(this, tr("Remove"),
                                 tr("%1 is a child of another pack; remove its parent, or "
                                    "remove it from the parent's pack.yaml.")
                                     .arg(pack));
        return;
    }
    invokeWithPreview(
        u"rm"_s, {{u"path"_s, pack}}, tr("Removing %1").arg(pack),
        tr("Removing %1 does this. Nothing is removed until you press Remove.").arg(pack));
}

void MainWindow::tagsAction()
{
    const QString pack = selectedPack();
    if (pack.isEmpty())
        return;
    // The tags as the tag verb shows them: the workspace's own apart from pack.yaml's.
    Workspace workspace(m_workspace);
    OperationContext ctx;
    TagOptions show;
    show.pack = pack;
    const Result<TagReport> current = tag(workspace, show, ctx);
    if (!current) {
        QMessageBox::information(this, tr("Edit Tags"),
                                 current.error().message().displayText());
        return;
    }
    TagsDialog dialog(pack, current->workspaceTags, current->packYamlTags, this);
    if (dialog.exec() != QDialog::Accepted || dialog.changes().isEmpty())
        return;
    invokeVerb(u"tag"_s,
               {{u"pack"_s, pack}, {u"changes"_s, QJsonArray::fromStringList(dialog.changes())}},
               tr("Tagging %1").arg(pack));
}

bool MainWindow::fetchInBackground()
{
    fetchAction(true);
    return m_backgroundFetch;
}

void MainWindow::fetchAction(bool background)
{
    if (m_workspace.isEmpty() || (background && m_runner->isRunning()))
        return;
    // Set before the start, whose started signal asks it.
    m_backgroundFetch = background;
    if (!invokeVerb(u"status"_s, {{u"fetch"_s, true}},
                    background ? tr("Fetching in the background") : tr("Fetch"), {}, background)) {
        m_backgroundFetch = false;
        return;
    }
    if (background) {
        m_backgroundFetchStarted = QDateTime::currentDateTimeUtc();
        updateSummary();
    }
}

void MainWindow::importAction()
{
    ImportDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    invokeWithPreview(u"import"_s, dialog.arguments(), tr("Import"),
                      tr("An import would register these. Import them?"));
}

void MainWindow::doctorAction()
{
    if (!m_doctor) {
        m_doctor = new DoctorDialog(this);
        m_doctor->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_doctor, &DoctorDialog::fixRequested, this, [this](bool compact) {
            QJsonObject args{{u"fix"_s, true}};
            if (compact)
                args.insert(u"compact"_s, true);
            if (!invokeVerb(u"doctor"_s, args, tr("Doctor: fixing"),
                            [this](const QJsonValue &document, const QString &error) {
                                showDoctorReport(document, error);
                            }))
                m_doctor->fixRefused(m_runner->isRunning()
                                         ? tr("Wait for the running operation to finish.")
                                         : m_message->text());
        });
    }
    m_doctor->show();
    m_doctor->raise();
    invokeVerb(u"doctor"_s, {}, tr("Doctor"),
               [this](const QJsonValue &document, const QString &error) {
                   showDoctorReport(document, error);
               });
}

void MainWindow::showDoctorReport(const QJsonValue &document, const QString &error)
{
    if (m_doctor)
        m_doctor->setReport(document, error);
}

} // namespace Grex::Gui
