#include "gui/controlserver.h"
#include "gui/detailspane.h"
#include "gui/livestate.h"
#include "gui/mainwindow.h"
#include "gui/operationrunner.h"
#include "gui/packfilterproxy.h"
#include "gui/packtreemodel.h"
#include "gui/panels.h"
#include "support/remotebuilder.h"
#include "support/testfiles.h"
#include "support/workspacefixture.h"
#include "windowtesting.h"
#include "core/i18n.h"
#include "core/workspace.h"
#include "mcp/control.h"

#include <QAction>
#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QApplication>
#include <QTabBar>
#include <QInputDialog>
#include <QTimer>
#include <QBrush>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QTreeView>
#include <QTreeWidget>

#include <csignal>
#include <utime.h>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

using Gui::PackTreeModel;

// The model's index of a pack, in the given column.
QModelIndex packIndex(const PackTreeModel *model, const QString &id, int column)
{
    const QModelIndexList found = model->match(model->index(0, 0), PackTreeModel::PackIdRole, id, 1,
                                               Qt::MatchExactly | Qt::MatchRecursive);
    return found.isEmpty() ? QModelIndex() : found.constFirst().siblingAtColumn(column);
}

QString stateOf(const PackTreeModel *model, const QString &id)
{
    return packIndex(model, id, PackTreeModel::DriftColumn).data().toString();
}

// The pack's files and one more: a commit replaces the whole tree.
RemoteBuilder::Files withFile(const QString &pack, const QString &file)
{
    RemoteBuilder::Files files = RemoteBuilder::packFiles(pack);
    files.insert(file, file.toUtf8() + '\n');
    return files;
}

// Makes every file under a clone's .git that tells when it last fetched an hour old.
void ageFetches(const QString &dir)
{
    for (const QString &name : {u"FETCH_HEAD"_s, u"packed-refs"_s}) {
        const QByteArray path = QFile::encodeName(dir + u"/.git/"_s + name);
        const time_t hourAgo = time(nullptr) - 3600;
        const struct utimbuf times
        {
            hourAgo, hourAgo
        };
        utime(path.constData(), &times);
    }
}

} // namespace

// What the window shows as a pack's state, and what a person can do with the packs they
// selected: real clones of local remotes, the real window on the offscreen platform.
class tst_GuiStates : public QObject, public Grex::Test::WorkspaceCases
{
    Q_OBJECT

    QTemporaryDir m_runtime;

    // Runs an action and waits for its operation and the reload after it.
    static bool runAction(Gui::MainWindow &window, const QString &action)
    {
        QSignalSpy finished(&window, &Gui::MainWindow::operationFinished);
        QSignalSpy loaded(&window, &Gui::MainWindow::loaded);
        auto *a = window.findChild<QAction *>(action);
        if (!a || !a->isEnabled())
            return false;
        a->trigger();
        return finished.wait(30000) && loaded.wait(10000);
    }

    static void select(Gui::MainWindow &window, const QStringList &ids)
    {
        auto *view = window.findChild<QTreeView *>(u"packView"_s);
        view->clearSelection();
        for (const QString &id : ids) {
            const QModelIndex source = packIndex(window.packModel(), id, 0);
            view->selectionModel()->select(window.packProxy()->mapFromSource(source),
                                           QItemSelectionModel::Select | QItemSelectionModel::Rows);
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        installTranslators();
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path()));
        useTestIdentity();
        RemoteBuilder builder(m_remotes);
        for (const QString &name : {u"alpha"_s, u"beta"_s, u"gamma"_s, u"delta"_s, u"epsilon"_s})
            builder.create(name, RemoteBuilder::packFiles(name));
    }

    void cleanupTestCase() { QSettings().clear(); }

    // A remote that is gone, a remote removed from the clone, untracked files: each says so,
    // and a failed fetch stays red until a fetch succeeds.
    void statesThatUsedToReadClean()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s, u"gamma"_s}, true);
        QVERIFY(writeFile(ws.packDir(u"alpha"_s) + u"/notes.txt"_s, "scratch\n"));
        const QString betaRemote = remote(u"beta"_s);
        QVERIFY(QDir().rename(betaRemote, betaRemote + u".gone"_s));
        runGit(ws.packDir(u"gamma"_s), {u"remote"_s, u"remove"_s, u"origin"_s});

        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        const PackTreeModel *model = window.packModel();
        // Untracked files need a look: their own words, sorted before the clean packs.
        QCOMPARE(stateOf(model, u"alpha"_s), u"1 untracked file"_s);
        QCOMPARE(PackTreeModel::shownKind(*model->row(packIndex(model, u"alpha"_s, 0))->status),
                 u"untracked_files"_s);
        QVERIFY(PackTreeModel::attentionRank(u"untracked_files"_s) <
                PackTreeModel::attentionRank(u"clean"_s));
        QVERIFY(PackTreeModel::attentionRank(u"untracked_files"_s) >
                PackTreeModel::attentionRank(u"dirty"_s));
        QCOMPARE(model->driftCounts().value(u"untracked_files"_s), 1);

        QVERIFY(runAction(window, u"fetchAction"_s));
        // Why, in words, not the reason's identifier.
        QCOMPARE(stateOf(model, u"beta"_s), u"fetch failed: the remote repository is not there"_s);
        QCOMPARE(stateOf(model, u"gamma"_s), u"fetch failed: no remote configured"_s);
        for (const QString &id : {u"beta"_s, u"gamma"_s}) {
            const QModelIndex state = packIndex(model, id, PackTreeModel::DriftColumn);
            QCOMPARE(state.data(PackTreeModel::DriftRole).toString(), u"fetch_failed"_s);
            QVERIFY2(state.data().toString().startsWith(u"fetch failed"_s),
                     qPrintable(state.data().toString()));
            QCOMPARE(state.data(Qt::ForegroundRole).value<QBrush>().color(), QColor(0xc62828));
            QVERIFY(!state.data(Qt::ToolTipRole).toString().isEmpty());
        }
        QCOMPARE(packIndex(model, u"alpha"_s, PackTreeModel::FetchedColumn).data().toString(),
                 u"now"_s);

        // A sync's own fetch fails too, and a reload does not make them clean.
        QVERIFY(runAction(window, u"syncAction"_s));
        QCOMPARE(packIndex(model, u"gamma"_s, 0)
                     .siblingAtColumn(PackTreeModel::DriftColumn)
                     .data(PackTreeModel::DriftRole)
                     .toString(),
                 u"fetch_failed"_s);
        QCOMPARE(packIndex(model, u"beta"_s, PackTreeModel::DriftColumn)
                     .data(PackTreeModel::DriftRole)
                     .toString(),
                 u"fetch_failed"_s);

        // The remote back: the next fetch clears it.
        QVERIFY(QDir().rename(betaRemote + u".gone"_s, betaRemote));
        QVERIFY(runAction(window, u"fetchAction"_s));
        QCOMPARE(stateOf(model, u"beta"_s), u"clean"_s);
        QCOMPARE(packIndex(model, u"beta"_s, PackTreeModel::DriftColumn)
                     .data(Qt::ForegroundRole)
                     .isValid(),
                 false);
        QCOMPARE(packIndex(model, u"gamma"_s, PackTreeModel::DriftColumn)
                     .data(PackTreeModel::DriftRole)
                     .toString(),
                 u"fetch_failed"_s);
    }

    // A detached HEAD a sync leaves alone stays "detached", also after the sync.
    void detachedStaysDetached()
    {
        Workspace ws = workspaceWith({u"delta"_s}, true);
        // On the commit before the tip: the sync installs that commit (its HEAD moved) and must
        // not take the person's detached HEAD for one it chose.
        RemoteBuilder(m_remotes).commit(remote(u"delta"_s), withFile(u"delta"_s, u"two.txt"_s));
        runGit(ws.packDir(u"delta"_s), {u"pull"_s, u"--ff-only"_s, u"-q"_s});
        runGit(ws.packDir(u"delta"_s), {u"checkout"_s, u"-q"_s, u"--detach"_s, u"HEAD~1"_s});
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        QCOMPARE(stateOf(window.packModel(), u"delta"_s), u"detached, not on main"_s);
        QVERIFY(runAction(window, u"syncAction"_s));
        QCOMPARE(stateOf(window.packModel(), u"delta"_s), u"detached, not on main"_s);
    }

    // Ctrl+click selects several packs; Fetch Selected and Sync Selected work on those only.
    void selectedPacksOnly()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s, u"gamma"_s}, true);
        RemoteBuilder builder(m_remotes);
        for (const QString &name : {u"alpha"_s, u"beta"_s, u"gamma"_s})
            builder.commit(remote(name), withFile(name, u"more.txt"_s));
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        select(window, {u"alpha"_s, u"gamma"_s});
        auto *fetchSelected = window.findChild<QAction *>(u"fetchSelectedAction"_s);
        QVERIFY(fetchSelected->isEnabled());
        QCOMPARE(fetchSelected->text(), u"F&etch 2 Selected Packs"_s);
        QVERIFY(runAction(window, u"fetchSelectedAction"_s));
        const PackTreeModel *model = window.packModel();
        QCOMPARE(stateOf(model, u"alpha"_s), u"behind by 1"_s);
        QCOMPARE(stateOf(model, u"gamma"_s), u"behind by 1"_s);
        QCOMPARE(stateOf(model, u"beta"_s), u"clean"_s); // not fetched

        // The reload after the fetch kept the selection.
        QCOMPARE(fetchSelected->text(), u"F&etch 2 Selected Packs"_s);
        // Fast-forward: beta's checkout moves to its upstream, nothing is installed.
        select(window, {u"beta"_s});
        QCOMPARE(window.findChild<QAction *>(u"fastForwardSelectedAction"_s)->text(),
                 u"Fast-&forward beta"_s);
        QVERIFY(runAction(window, u"fastForwardSelectedAction"_s));
        QVERIFY(QFileInfo::exists(ws.packDir(u"beta"_s) + u"/more.txt"_s));
        QCOMPARE(stateOf(model, u"beta"_s), u"stale: commit changed"_s);
        QCOMPARE(stateOf(model, u"alpha"_s), u"behind by 1"_s);

        select(window, {u"gamma"_s});
        QCOMPARE(window.findChild<QAction *>(u"syncSelectedAction"_s)->text(), u"S&ync gamma"_s);
        const QString alphaBefore = runGit(ws.packDir(u"alpha"_s), {u"rev-parse"_s, u"HEAD"_s});
        QVERIFY(runAction(window, u"syncSelectedAction"_s));
        QCOMPARE(stateOf(model, u"gamma"_s), u"clean"_s);
        QCOMPARE(stateOf(model, u"alpha"_s), u"behind by 1"_s);
        QCOMPARE(runGit(ws.packDir(u"alpha"_s), {u"rev-parse"_s, u"HEAD"_s}), alphaBefore);
        QVERIFY(QFileInfo::exists(ws.packDir(u"gamma"_s) + u"/more.txt"_s));
    }

    // Open in Editor starts the editor GREX_EDITOR names, on the selected pack's folder.
    void openInEditor()
    {
        Workspace ws = workspaceWith({u"alpha"_s});
        const QString marker = m_tmp.filePath(u"editor-saw"_s);
        const QString editor = m_tmp.filePath(u"fake-editor"_s);
        QVERIFY(writeFile(editor, "#!/bin/sh\npwd > '" + QFile::encodeName(marker) +
                                      "'\necho \"$1\" >> '" + QFile::encodeName(marker) + "'\n"));
        QFile::setPermissions(editor, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                          QFileDevice::ExeOwner);
        qputenv("GREX_EDITOR", QFile::encodeName(editor));
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        select(window, {u"alpha"_s});
        auto *view = window.findChild<QTreeView *>(u"packView"_s);
        view->setCurrentIndex(
            window.packProxy()->mapFromSource(packIndex(window.packModel(), u"alpha"_s, 0)));
        window.findChild<QAction *>(u"openEditorAction"_s)->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(
            readFile(marker),
            QFile::encodeName(ws.packDir(u"alpha"_s) + u'\n' + ws.packDir(u"alpha"_s) + u'\n'),
            10000);
        qunsetenv("GREX_EDITOR");
    }

    // A word in the filter finds packs by name or path; the old key=value form still works.
    void filterTakesAWord()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s, u"gamma"_s});
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        auto *filter = window.findChild<QLineEdit *>(u"filterEdit"_s);
        filter->setText(u"AMM"_s);
        QCOMPARE(window.packProxy()->shownCount(), 1);
        QVERIFY(window.findChild<QLabel *>(u"filterError"_s)->isHidden());
        filter->setText(u"a, name=b*"_s);
        QCOMPARE(window.packProxy()->shownCount(), 1);
        filter->setText(u"name=b*, drift=nonsense"_s);
        QVERIFY(!window.findChild<QLabel *>(u"filterError"_s)->isHidden());
    }

    // The background fetch starts by itself when the packs' last fetch is older than the
    // interval, and gives way to what the person starts.
    void backgroundFetchGivesWay()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s}, true);
        RemoteBuilder(m_remotes).commit(remote(u"beta"_s), withFile(u"beta"_s, u"new.txt"_s));
        for (const QString &name : {u"alpha"_s, u"beta"_s})
            ageFetches(ws.packDir(name));
        QSettings().setValue(u"fetch/intervalMinutes"_s, 5);
        Gui::MainWindow window;
        QSignalSpy finished(&window, &Gui::MainWindow::operationFinished);
        QVERIFY(openWindow(window, ws));
        // Due at once: the load found fetches an hour old.
        QTRY_VERIFY_WITH_TIMEOUT(window.runner()->isRunning() || finished.count() > 0, 5000);
        QCOMPARE(window.runner()->verb(), u"status"_s);
        // Sync now: it runs, after the background fetch stopped or ended.
        QVERIFY(window.invokeVerb(u"sync"_s, {}, u"Sync"_s));
        QTRY_VERIFY_WITH_TIMEOUT(
            std::any_of(finished.cbegin(), finished.cend(),
                        [](const QList<QVariant> &f) { return f.at(0).toString() == u"sync"; }),
            30000);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(window.packModel(), u"beta"_s), u"clean"_s, 10000);
        QVERIFY(QFileInfo::exists(ws.packDir(u"beta"_s) + u"/new.txt"_s));
        // Not again at the next tick: the interval has not passed since it started.
        auto *live = window.findChild<Gui::LiveState *>();
        QVERIFY(live);
        const qsizetype before = finished.count();
        Q_EMIT live->fetchDue();
        QVERIFY(!window.runner()->isRunning());
        QCOMPARE(finished.count(), before);
        QSettings().remove(u"fetch/intervalMinutes"_s);
    }

    // The preview says what a sync would do in the report's words, and what it cannot see.
    void previewInWords()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"delta"_s}, true);
        QVERIFY(writeFile(ws.packDir(u"delta"_s) + u"/README.md"_s, "changed\n"));
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        QCOMPARE(window.packModel()->driftCounts().value(u"dirty"_s), 1);
        QSignalSpy shown(&window, &Gui::MainWindow::previewShown);
        window.findChild<QAction *>(u"previewSyncAction"_s)->trigger();
        QVERIFY(shown.wait(20000));
        QPointer<QDialog> dialog = shown.at(0).at(0).value<QDialog *>();
        const QString text = dialog->findChild<QPlainTextEdit *>(u"previewText"_s)->toPlainText();
        QVERIFY2(!text.contains(u"idx="_s) && !text.contains(u"pack="_s), qPrintable(text));
        QVERIFY2(text.contains(u"does not fetch"_s), qPrintable(text));
        QVERIFY2(text.contains(u"delta: dirty"_s), qPrintable(text));
        dialog->reject();
        // The log keeps the engine's step lines out unless the person asks for them.
        QVERIFY2(!window.activity()->logText().contains(u"idx="_s),
                 qPrintable(window.activity()->logText()));
    }

    // The Git submenu on the selection: switch back to the branch, discard after a preview
    // that names the files, commit with one message, push after a preview of the commits.
    void gitActionsOnTheSelection()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s, u"gamma"_s}, true);
        runGit(ws.packDir(u"alpha"_s), {u"switch"_s, u"--quiet"_s, u"--create"_s, u"feature"_s});
        const QString beta = ws.packDir(u"beta"_s);
        QVERIFY(writeFile(beta + u"/README.md"_s, "mine\n"));
        QVERIFY(writeFile(beta + u"/scratch.txt"_s, "scratch\n"));
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        select(window, {u"alpha"_s, u"beta"_s});
        // Remove acts on one pack: with two selected it waits.
        QVERIFY(!window.findChild<QAction *>(u"removeAction"_s)->isEnabled());
        QCOMPARE(window.findChild<QAction *>(u"commitSelectedAction"_s)->text(),
                 u"&Commit 2 Selected Packs…"_s);

        select(window, {u"alpha"_s});
        QVERIFY(runAction(window, u"switchSelectedAction"_s));
        QCOMPARE(runGit(ws.packDir(u"alpha"_s), {u"branch"_s, u"--show-current"_s}), u"main"_s);

        select(window, {u"beta"_s});
        QSignalSpy shown(&window, &Gui::MainWindow::previewShown);
        window.findChild<QAction *>(u"discardSelectedAction"_s)->trigger();
        QVERIFY(shown.wait(20000));
        QPointer<QDialog> dialog = shown.at(0).at(0).value<QDialog *>();
        const QString text = dialog->findChild<QPlainTextEdit *>(u"previewText"_s)->toPlainText();
        QVERIFY2(text.contains(u"README.md"_s) && text.contains(u"scratch.txt"_s),
                 qPrintable(text));
        QVERIFY(QFileInfo::exists(beta + u"/scratch.txt"_s)); // nothing before the button
        {
            QSignalSpy finished(&window, &Gui::MainWindow::operationFinished);
            QSignalSpy loaded(&window, &Gui::MainWindow::loaded);
            dialog->accept();
            QVERIFY(finished.wait(20000) && loaded.wait(10000));
        }
        QVERIFY(!QFileInfo::exists(beta + u"/scratch.txt"_s));
        QCOMPARE(stateOf(window.packModel(), u"beta"_s), u"clean"_s);

        // Commit asks for the message; push shows the commits first.
        QVERIFY(writeFile(beta + u"/new.txt"_s, "new\n"));
        // The message dialog is modal: answer it from the event loop it runs.
        QTimer answer;
        answer.setInterval(50);
        connect(&answer, &QTimer::timeout, &answer, [&answer] {
            if (auto *ask = qobject_cast<QInputDialog *>(QApplication::activeModalWidget())) {
                answer.stop();
                ask->setTextValue(u"From the window"_s);
                ask->accept();
            }
        });
        answer.start();
        auto *commit = window.findChild<QAction *>(u"commitSelectedAction"_s);
        QVERIFY2(commit->isEnabled(), qPrintable(commit->text()));
        {
            QSignalSpy finished(&window, &Gui::MainWindow::operationFinished);
            commit->trigger();
            QVERIFY(finished.wait(30000));
            QCOMPARE(finished.at(0).at(0).toString(), u"commit"_s);
            QCOMPARE(finished.at(0).at(1).toString(), QString());
        }
        QCOMPARE(runGit(beta, {u"log"_s, u"-1"_s, u"--format=%s"_s}), u"From the window"_s);
        shown.clear();
        window.findChild<QAction *>(u"pushSelectedAction"_s)->trigger();
        QVERIFY(shown.wait(20000));
        dialog = shown.at(0).at(0).value<QDialog *>();
        QVERIFY2(dialog->findChild<QPlainTextEdit *>(u"previewText"_s)
                     ->toPlainText()
                     .contains(u"would push 1 commit to origin main"_s),
                 qPrintable(dialog->findChild<QPlainTextEdit *>(u"previewText"_s)->toPlainText()));
        QSignalSpy finished(&window, &Gui::MainWindow::operationFinished);
        dialog->accept();
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(0).at(1).toString(), QString());
        QCOMPARE(runGit(remote(u"beta"_s), {u"log"_s, u"-1"_s, u"--format=%s"_s, u"main"_s}),
                 u"From the window"_s);
    }

    // Every Tab stop of the main window shows where the keys go: a widget the style frames
    // when it has focus (buttons, fields, tabs), or one the window's style sheet frames.
    void everyTabStopShowsFocus()
    {
        Workspace ws = workspaceWith({u"alpha"_s});
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        QApplication::setActiveWindow(&window);
        window.findChild<QTreeView *>(u"packView"_s)->setFocus(Qt::OtherFocusReason);
        QList<QWidget *> stops;
        QStringList names;
        for (int i = 0; i < 30; ++i) {
            QWidget *focused = QApplication::focusWidget();
            if (!focused || stops.contains(focused))
                break;
            stops.append(focused);
            names.append(QString::fromLatin1(focused->metaObject()->className()) + u'#' +
                         focused->objectName());
            QTest::keyClick(focused, Qt::Key_Tab);
        }
        qInfo() << names;
        QVERIFY(stops.size() >= 4);
        for (QWidget *stop : std::as_const(stops)) {
            const bool framedByStyle = qobject_cast<QAbstractButton *>(stop) ||
                                       qobject_cast<QLineEdit *>(stop) ||
                                       qobject_cast<QTabBar *>(stop);
            const bool framedBySheet = qobject_cast<QAbstractScrollArea *>(stop) &&
                                       window.styleSheet().contains(u"QAbstractScrollArea:focus"_s);
            QVERIFY2(framedByStyle || framedBySheet, qPrintable(names.join(u", "_s)));
        }
    }

    // An incoming commit reads as git show shows it, its diff coloured; after the sync, the
    // History says from which commit to which and lists what came in.
    void commitsCanBeRead()
    {
        Workspace ws = workspaceWith({u"epsilon"_s}, true);
        RemoteBuilder(m_remotes).commit(remote(u"epsilon"_s), withFile(u"epsilon"_s, u"two.txt"_s),
                                        u"main"_s, u"Add two\n\nBecause one was lonely."_s);
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        QVERIFY(runAction(window, u"fetchAction"_s));
        auto *details = window.findChild<Gui::DetailsPane *>();
        QSignalSpy changesShown(details, &Gui::DetailsPane::changesShown);
        auto *view = window.findChild<QTreeView *>(u"packView"_s);
        view->setCurrentIndex(
            window.packProxy()->mapFromSource(packIndex(window.packModel(), u"epsilon"_s, 0)));
        QVERIFY(changesShown.wait(10000));
        auto *changes = window.findChild<QTreeWidget *>(u"packChanges"_s);
        const QList<QTreeWidgetItem *> incoming =
            changes->findItems(u"Add two"_s, Qt::MatchContains | Qt::MatchRecursive);
        QCOMPARE(incoming.size(), 1);
        changes->setCurrentItem(incoming.constFirst());
        auto *diff = window.findChild<QPlainTextEdit *>(u"packDiff"_s);
        const QString text = diff->toPlainText();
        QVERIFY2(text.startsWith(u"commit "_s), qPrintable(text));
        QVERIFY2(text.contains(u"Author: grex tests"_s), qPrintable(text));
        QVERIFY2(text.contains(u"    Because one was lonely."_s), qPrintable(text));
        QVERIFY2(text.contains(u"two.txt | 1 +"_s), qPrintable(text));
        QVERIFY2(text.contains(u"+two.txt"_s), qPrintable(text));
        // Coloured: the added line has a format of its own.
        const QTextBlock added = diff->document()->find(u"+two.txt"_s).block();
        QVERIFY(added.isValid());
        QVERIFY(!added.layout()->formats().isEmpty());

        QVERIFY(runAction(window, u"syncAction"_s));
        view->setCurrentIndex(
            window.packProxy()->mapFromSource(packIndex(window.packModel(), u"epsilon"_s, 0)));
        auto *history = window.findChild<QTreeWidget *>(u"packEvents"_s);
        const QList<QTreeWidgetItem *> updated =
            history->findItems(u"Updated "_s, Qt::MatchStartsWith, 1);
        QCOMPARE(updated.size(), 1);
        QVERIFY2(updated.constFirst()->text(1).contains(u".."_s),
                 qPrintable(updated.constFirst()->text(1)));
        QCOMPARE(updated.constFirst()->childCount(), 1);
        QVERIFY(updated.constFirst()->child(0)->text(1).contains(u"Add two"_s));
    }

    // The real grex-gui: a second one on the same workspace raises the first and exits; the first
    // stops cleanly on SIGTERM, SIGINT or SIGHUP, its control socket gone with it.
    void theRealWindowStopsCleanly_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("SIGTERM") << int(SIGTERM);
        QTest::newRow("SIGINT") << int(SIGINT);
        QTest::newRow("SIGHUP") << int(SIGHUP);
    }

    void theRealWindowStopsCleanly()
    {
        QFETCH(int, signal);
        Workspace ws = workspaceWith({u"alpha"_s});
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        env.insert(u"HOME"_s, m_tmp.filePath(u"home"_s));
        QProcess first;
        first.setProcessEnvironment(env);
        first.start(QStringLiteral(GREX_GUI_BINARY), {ws.root()});
        QVERIFY(first.waitForStarted(10000));
        const QString socket = Mcp::controlSocketName(ws.root());
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(socket), 20000);

        QProcess second;
        second.setProcessEnvironment(env);
        second.start(QStringLiteral(GREX_GUI_BINARY), {ws.root()});
        QVERIFY(second.waitForFinished(20000));
        QCOMPARE(second.exitCode(), 0);
        QVERIFY2(second.readAllStandardError().contains("open already"), "no word of the first");
        QCOMPARE(first.state(), QProcess::Running);

        QVERIFY(::kill(pid_t(first.processId()), signal) == 0);
        QVERIFY(first.waitForFinished(20000));
        QCOMPARE(first.exitStatus(), QProcess::NormalExit);
        QCOMPARE(first.exitCode(), 0);
        QVERIFY(!QFileInfo::exists(socket));
    }

    // One window per workspace: a second grex-gui asks the first to come forward.
    void aSecondWindowRaisesTheFirst()
    {
        Workspace ws = workspaceWith({u"alpha"_s});
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        QSignalSpy raised(window.controlServer(), &Gui::ControlServer::raiseRequested);
        QVERIFY(Gui::ControlServer::askToRaise(ws.root()));
        QVERIFY(raised.count() == 1 || raised.wait(5000));
        QVERIFY(!Gui::ControlServer::askToRaise(newWorkspace().root()));
    }
};

QTEST_MAIN(tst_GuiStates)
#include "tst_guistates.moc"
