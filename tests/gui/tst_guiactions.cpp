#include "gui/detailspane.h"
#include "gui/dialogs.h"
#include "support/grexrunner.h"
#include "gui/mainwindow.h"
#include "gui/operationrunner.h"
#include "gui/packfilterproxy.h"
#include "gui/packtreemodel.h"
#include "gui/panels.h"
#include "gui/taskspanel.h"
#include "support/remotebuilder.h"
#include "support/testfiles.h"

#include "core/git/worktree.h"
#include "core/i18n.h"
#include "core/operationcontext.h"
#include "core/verbs/add.h"
#include "core/verbs/ls.h"
#include "core/workspace.h"

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

#include "support/workspacefixture.h"
#include "windowtesting.h"

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

using Gui::PackTreeModel;

// The pack ids the window's model holds, top level first.
QStringList modelIds(const PackTreeModel *model)
{
    QStringList ids;
    for (int r = 0; r < model->rowCount(); ++r)
        ids.append(model->index(r, 0).data(PackTreeModel::PackIdRole).toString());
    return ids;
}

QStringList registeredPacks(Workspace ws)
{
    OperationContext ctx;
    const Result<LsReport> report = ls(ws, {}, ctx);
    QStringList ids;
    if (report) {
        for (const LsEntry &e : report->packs)
            ids.append(e.id);
    }
    return ids;
}

// The processes whose parent is this test and whose command name is comm.
QList<qint64> childProcesses(const QByteArray &comm)
{
    QList<qint64> found;
    const QString self = QString::number(QCoreApplication::applicationPid());
    for (const QString &entry : QDir(u"/proc"_s).entryList(QDir::Dirs)) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        if (!numeric)
            continue;
        QFile stat(u"/proc/"_s + entry + u"/stat"_s);
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        // pid (comm) state ppid ...
        const QByteArray line = stat.readAll();
        const qsizetype open = line.indexOf('(');
        const qsizetype close = line.lastIndexOf(')');
        if (open < 0 || close < open)
            continue;
        const QList<QByteArray> rest = line.mid(close + 2).split(' ');
        if (line.mid(open + 1, close - open - 1) == comm && rest.size() > 1 &&
            QString::fromLatin1(rest.at(1)) == self)
            found.append(pid);
    }
    return found;
}

// A grex_test_helper holding a lock file until it is killed.
class LockHolderProcess
{
public:
    explicit LockHolderProcess(const QString &path)
    {
        m_process.start(helperBinary(), {u"hold-lock"_s, path});
        m_locked = m_process.waitForStarted(5000) && m_process.waitForReadyRead(5000) &&
                   m_process.readAllStandardOutput().startsWith("locked");
    }
    ~LockHolderProcess() { kill(); }
    bool locked() const { return m_locked; }
    qint64 pid() const { return m_process.processId(); }
    void kill()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.kill(); // SIGKILL: the lock file stays behind, stale
        m_process.waitForFinished(5000);
    }

private:
    QProcess m_process;
    bool m_locked = false;
};

} // namespace

// The window's actions as a person runs them: the verbs through the window's runner, previews
// answered by the test, Cancel, a workspace another process holds, doctor.
class tst_GuiActions : public QObject, public Grex::Test::WorkspaceCases
{
    Q_OBJECT

    QTemporaryDir m_runtime;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        installTranslators();
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path()));
        RemoteBuilder builder(m_remotes);
        for (const QString &name : {u"alpha"_s, u"beta"_s, u"gamma"_s})
            builder.create(name, RemoteBuilder::packFiles(name, u"declarative"_s,
                                                          "actions:\n  - mkdir: {path: made}\n"));
        builder.create(u"sleeper"_s,
                       {{u".grex/pack.yaml"_s,
                         RemoteBuilder::packYaml(u"sleeper"_s, u"declarative"_s,
                                                 "actions:\n  - exec: {cmd: [sleep, '30']}\n")}});
    }

    void syncBringsEveryPackToClean()
    {
        // alpha and beta cloned, never installed; gamma's clone gone.
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s, u"gamma"_s});
        QVERIFY(QDir(ws.packDir(u"gamma"_s)).removeRecursively());
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        const QHash<QString, int> before{{u"stale"_s, 2}, {u"missing"_s, 1}};
        QCOMPARE(window.packModel()->driftCounts(), before);

        QSignalSpy finished(&window, &Gui::MainWindow::operationFinished);
        QVERIFY(window.invokeVerb(u"sync"_s, {}, u"Sync"_s));
        QVERIFY(window.runner()->isRunning());
        // One operation at a time.
        QVERIFY(!window.invokeVerb(u"sync"_s, {}, u"Sync"_s));
        QVERIFY(window.statusBar()->currentMessage().contains(u"Wait"_s));
        QVERIFY(!window.findChild<QAction *>(u"syncAction"_s)->isEnabled());

        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(0).at(0).toString(), u"sync"_s);
        QCOMPARE(finished.at(0).at(1).toString(), QString());
        QVERIFY(!window.runner()->isRunning());
        QVERIFY(window.findChild<QAction *>(u"syncAction"_s)->isEnabled());
        // The window reloads itself: every pack clean, gamma back on disk.
        const QHash<QString, int> after{{u"clean"_s, 3}};
        QTRY_COMPARE_WITH_TIMEOUT(window.packModel()->driftCounts(), after, 10000);
        // A load that started during the sync can read the packs before the sync recorded their
        // installs and their state after it; the load the sync's end asks for follows it.
        const auto everyPackInstalled = [&window] {
            for (int r = 0; r < window.packModel()->rowCount(); ++r) {
                const QModelIndex index =
                    window.packModel()->index(r, PackTreeModel::InstalledColumn);
                if (index.data().toString() == u"never"_s)
                    return false;
            }
            return true;
        };
        QTRY_VERIFY_WITH_TIMEOUT(everyPackInstalled(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(window.packModel()->driftCounts(), after, 10000);
        for (int r = 0; r < window.packModel()->rowCount(); ++r) {
            const QModelIndex index = window.packModel()->index(r, PackTreeModel::DriftColumn);
            QCOMPARE(index.data(PackTreeModel::DriftRole).toString(), u"clean"_s);
            QCOMPARE(index.data().toString(), u"clean"_s);
            QVERIFY(index.siblingAtColumn(PackTreeModel::InstalledColumn).data().toString() !=
                    u"never"_s);
        }
        QVERIFY(QFileInfo(ws.packDir(u"gamma"_s) + u"/made"_s).isDir()); // installed
        QVERIFY2(window.activity()->logText().contains(u"gamma"_s),
                 qPrintable(window.activity()->logText()));
    }

    // After a sync, what needs the person comes first, with its next step; the pack's details
    // say why (its changed file and the commit it lacks); edits show without a refresh.
    void syncResultSaysWhatNeedsYou()
    {
        RemoteBuilder builder(m_remotes);
        builder.create(u"delta"_s, RemoteBuilder::packFiles(u"delta"_s));
        builder.create(u"omega"_s, RemoteBuilder::packFiles(u"omega"_s));
        Workspace ws = workspaceWith({u"delta"_s, u"omega"_s}, true);
        RemoteBuilder::Files next = RemoteBuilder::packFiles(u"delta"_s);
        next.insert(u"NEWS"_s, "upstream news\n");
        builder.commit(remote(u"delta"_s), next, u"main"_s, u"news upstream"_s);
        QVERIFY(writeFile(ws.packDir(u"delta"_s) + u"/README.md"_s, "# mine\n"));

        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        QSignalSpy finished(&window, &Gui::MainWindow::operationFinished);
        QVERIFY(window.invokeVerb(u"sync"_s, {}, u"Sync"_s));
        QVERIFY(finished.wait(30000));
        QCOMPARE(window.activity()->summaryRows(),
                 QStringList{u"delta: needs you (local changes)"_s});
        QVERIFY(!window.activity()->logShown()); // folded away under the summary
        const QModelIndex delta =
            window.packModel()->match(window.packModel()->index(0, 0), PackTreeModel::PackIdRole,
                                      u"delta"_s, 1, Qt::MatchExactly)
                .constFirst();
        QVERIFY(delta.data(Qt::BackgroundRole).isValid()); // marked in the tree
        QVERIFY(delta.data(Qt::ToolTipRole).toString().contains(u"needs you"_s));

        // Show: the pack is selected and its changes say why.
        auto *details = window.findChild<Gui::DetailsPane *>(u"detailsPane"_s);
        QSignalSpy changesShown(details, &Gui::DetailsPane::changesShown);
        auto *show = window.findChild<QWidget *>(u"runSummary"_s)->findChild<QPushButton *>();
        QVERIFY(show);
        QTest::mouseClick(show, Qt::LeftButton);
        QTRY_VERIFY(changesShown.count() > 0);
        QTRY_COMPARE(details->changes().files.size(), qsizetype(1));
        QCOMPARE(details->changes().files.constFirst().path, u"README.md"_s);
        QCOMPARE(details->changes().files.constFirst().state, u"modified"_s);
        QCOMPARE(details->changes().incoming.size(), qsizetype(1));
        QCOMPARE(details->changes().incoming.constFirst().summary, u"news upstream"_s);
        const Result<QString> diff = Git::worktreeDiff(ws.packDir(u"delta"_s), u"README.md"_s);
        QVERIFY(diff.ok() && diff->contains(u"+# mine"_s) && diff->contains(u"-# delta"_s));

        // An edit in a clone shows without F5.
        QVERIFY(writeFile(ws.packDir(u"omega"_s) + u"/README.md"_s, "# edited\n"));
        QTRY_COMPARE_WITH_TIMEOUT(
            window.packModel()
                ->match(window.packModel()->index(0, 0), PackTreeModel::PackIdRole, u"omega"_s,
                        1, Qt::MatchExactly)
                .constFirst()
                .data(PackTreeModel::DriftRole)
                .toString(),
            u"dirty"_s, 10000);

        // A filter that matches nothing says so.
        window.findChild<QLineEdit *>(u"filterEdit"_s)->setText(u"name=nothing"_s);
        QVERIFY2(window.findChild<QLabel *>(u"summaryLabel"_s)->text().contains(u"0 of 2 shown"_s),
                 qPrintable(window.findChild<QLabel *>(u"summaryLabel"_s)->text()));
    }

    // The keyboard reaches everything: Ctrl+F is the filter, Return goes on to the packs with one
    // of them current.
    void keyboardFromFilterToPacks()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        auto *filter = window.findChild<QLineEdit *>(u"filterEdit"_s);
        QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(filter->hasFocus());
        QTest::keyClicks(filter, u"name=beta"_s);
        QTest::keyClick(filter, Qt::Key_Return);
        auto *view = window.findChild<QTreeView *>(u"packView"_s);
        QTRY_VERIFY(view->hasFocus());
        QCOMPARE(view->currentIndex().data(PackTreeModel::PackIdRole).toString(), u"beta"_s);
        QCOMPARE(window.findChild<QAction *>(u"syncAction"_s)->shortcut(),
                 QKeySequence(Qt::CTRL | Qt::Key_S));
        QCOMPARE(window.findChild<QAction *>(u"fetchAction"_s)->shortcut(),
                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    }

    // The tags dialog edits the workspace's own tags as words, and gives the tag verb changes.
    void tagsDialogGivesChanges()
    {
        QCOMPARE(Gui::TagsDialog::parseTags(u"work, home  work\tx"_s),
                 (QStringList{u"home"_s, u"work"_s, u"x"_s}));
        QString error;
        QVERIFY(Gui::TagsDialog::parseTags(u"ok no/way"_s, &error).isEmpty());
        QVERIFY2(error.contains(u"invalid tag 'no/way'"_s), qPrintable(error));
        Gui::TagsDialog dialog(u"p"_s, {u"a"_s, u"b"_s}, {u"y"_s});
        auto *edit = dialog.findChild<QLineEdit *>(u"tagsEdit"_s);
        QCOMPARE(edit->text(), u"a b"_s);
        edit->setText(u"b c"_s);
        QCOMPARE(dialog.changes(), (QStringList{u"+c"_s, u"-a"_s}));
        edit->setText(u"b -c"_s);
        auto *buttons = dialog.findChild<QDialogButtonBox *>();
        QVERIFY(!buttons->button(QDialogButtonBox::Ok)->isEnabled());
    }

    void removeAfterPreview()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s, u"gamma"_s}, true);
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        QCOMPARE(modelIds(window.packModel()), (QStringList{u"alpha"_s, u"beta"_s, u"gamma"_s}));
        QSignalSpy shown(&window, &Gui::MainWindow::previewShown);
        QSignalSpy finished(&window, &Gui::MainWindow::operationFinished);

        // The dry run first; the person says no.
        window.invokeWithPreview(u"rm"_s, {{u"path"_s, u"beta"_s}}, u"Removing beta"_s,
                                 u"Remove beta?"_s);
        QVERIFY(shown.wait(20000));
        QPointer<QDialog> dialog = shown.at(0).at(0).value<QDialog *>();
        QVERIFY(dialog);
        QVERIFY(qobject_cast<Gui::PreviewDialog *>(dialog.data()));
        QVERIFY(dialog->isVisible());
        const auto *report = dialog->findChild<QPlainTextEdit *>(u"previewText"_s);
        QVERIFY(report);
        QVERIFY2(report->toPlainText().contains(u"beta"_s), qPrintable(report->toPlainText()));
        QCOMPARE(dialog->findChild<QPushButton *>(u"runButton"_s)->text(), u"&Remove"_s);
        QCOMPARE(finished.count(), 1);                     // the dry run
        QVERIFY(QFileInfo(ws.packDir(u"beta"_s)).isDir()); // a dry run removes nothing
        dialog->reject();
        QVERIFY(!window.runner()->isRunning()); // nothing started
        QTRY_VERIFY(dialog.isNull());           // closed and gone
        QVERIFY(QFileInfo(ws.packDir(u"beta"_s)).isDir());
        QCOMPARE(registeredPacks(ws), (QStringList{u"alpha"_s, u"beta"_s, u"gamma"_s}));
        QCOMPARE(modelIds(window.packModel()), (QStringList{u"alpha"_s, u"beta"_s, u"gamma"_s}));
        QCOMPARE(finished.count(), 1);

        // Again through the Remove action on the selected row; this time the person agrees.
        auto *view = window.findChild<QTreeView *>(u"packView"_s);
        const QModelIndexList beta =
            window.packProxy()->match(window.packProxy()->index(0, 0), PackTreeModel::PackIdRole,
                                      u"beta"_s, 1, Qt::MatchExactly);
        QCOMPARE(beta.size(), 1);
        view->setCurrentIndex(beta.constFirst());
        QAction *remove = window.findChild<QAction *>(u"removeAction"_s);
        QVERIFY(remove->isEnabled());
        remove->trigger();
        QVERIFY(shown.wait(20000));
        dialog = shown.at(1).at(0).value<QDialog *>();
        QVERIFY(dialog);
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"runButton"_s), Qt::LeftButton);
        QVERIFY(window.runner()->isRunning()); // the real rm
        QVERIFY(QTest::qWaitFor([&] { return finished.count() == 3; }, 20000));
        QCOMPARE(finished.at(2).at(0).toString(), u"rm"_s);
        QCOMPARE(finished.at(2).at(1).toString(), QString());
        QTRY_COMPARE_WITH_TIMEOUT(modelIds(window.packModel()),
                                  (QStringList{u"alpha"_s, u"gamma"_s}), 10000);
        QVERIFY(!QFileInfo::exists(ws.packDir(u"beta"_s)));
        QCOMPARE(registeredPacks(ws), (QStringList{u"alpha"_s, u"gamma"_s}));
        QVERIFY(QFileInfo(ws.packDir(u"alpha"_s)).isDir());
    }

    // The Tasks panel lists a task another process started and committed (packs, changed
    // files, commits, not pushed); Push shows the plan and pushes once the person agrees, then
    // Finish ends the task.
    void tasksPanelPushesAndFinishesATask()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        RunOptions in;
        in.workDir = ws.root();
        // The person's git makes the commit: it needs an identity, whatever HOME the test has.
        in.env = {u"GIT_AUTHOR_NAME=grex tests"_s, u"GIT_AUTHOR_EMAIL=tests@grex.invalid"_s,
                  u"GIT_COMMITTER_NAME=grex tests"_s, u"GIT_COMMITTER_EMAIL=tests@grex.invalid"_s};
        const auto grex = [&](const QStringList &args) {
            const RunResult ran = runGrex(args, in);
            if (ran.exitCode != 0)
                qWarning("grex %s: %s", qPrintable(args.join(u' ')), ran.err.constData());
            return ran.exitCode == 0;
        };
        QVERIFY(grex({u"task"_s, u"start"_s, u"fix"_s, u"alpha"_s, u"beta"_s}));
        QVERIFY(writeFile(ws.root() + u"/.grex-tasks/fix/alpha/fixed.txt"_s, "fixed\n"));
        QVERIFY(grex({u"task"_s, u"commit"_s, u"fix"_s, u"-m"_s, u"Fix alpha"_s}));
        QVERIFY(writeFile(ws.root() + u"/.grex-tasks/fix/beta/draft.txt"_s, "draft\n"));

        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        auto *panel = window.findChild<Gui::TasksPanel *>(u"tasksPanel"_s);
        QVERIFY(panel);
        QCOMPARE(panel->taskCount(), 1);
        QCOMPARE(panel->rowTexts(u"fix"_s),
                 (QStringList{u"fix"_s, u"fix"_s, u"1"_s, u"1"_s, u"1 commit not pushed"_s}));
        QCOMPARE(panel->rowTexts(u"fix"_s, u"alpha"_s).mid(2),
                 (QStringList{u"0"_s, u"1"_s, u"1 commit not pushed"_s}));
        QCOMPARE(panel->rowTexts(u"fix"_s, u"beta"_s).mid(2),
                 (QStringList{u"1"_s, u"0"_s, u"nothing committed"_s}));

        auto *tree = panel->findChild<QTreeWidget *>(u"tasksView"_s);
        tree->setCurrentItem(tree->topLevelItem(0));
        auto *push = panel->findChild<QPushButton *>(u"pushTaskButton"_s);
        auto *finish = panel->findChild<QPushButton *>(u"finishTaskButton"_s);
        QVERIFY(push->isEnabled());
        QVERIFY(!finish->isEnabled()); // beta has a file no commit holds
        QSignalSpy shown(&window, &Gui::MainWindow::previewShown);
        QSignalSpy finished(&window, &Gui::MainWindow::operationFinished);
        QTest::mouseClick(push, Qt::LeftButton);
        QVERIFY(shown.wait(20000));
        QPointer<QDialog> dialog = shown.at(0).at(0).value<QDialog *>();
        const auto *plan = dialog->findChild<QPlainTextEdit *>(u"previewText"_s);
        QVERIFY2(plan->toPlainText().contains(u"alpha"_s), qPrintable(plan->toPlainText()));
        QCOMPARE(dialog->findChild<QPushButton *>(u"runButton"_s)->text(), u"&Push"_s);
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"runButton"_s), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return finished.count() == 2; }, 30000));
        QCOMPARE(finished.at(1).at(1).toString(), QString());
        QVERIFY(!runGit(remote(u"alpha"_s), {u"branch"_s, u"--list"_s, u"fix"_s}).isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(panel->rowTexts(u"fix"_s, u"alpha"_s).value(4),
                                  u"pushed to origin"_s, 10000);

        // Once beta's draft is gone, everything of the task is pushed: Finish ends it.
        QVERIFY(QFile::remove(ws.root() + u"/.grex-tasks/fix/beta/draft.txt"_s));
        window.findChild<QAction *>(u"refreshAction"_s)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(finish->isEnabled(), 10000);
        QTest::mouseClick(finish, Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return finished.count() == 3; }, 30000));
        QCOMPARE(finished.at(2).at(1).toString(), QString());
        QTRY_COMPARE_WITH_TIMEOUT(panel->taskCount(), 0, 10000);
        QVERIFY(!QFileInfo::exists(ws.root() + u"/.grex-tasks/fix/alpha"_s));
    }

    // A nested pack sits under a folder row, yet it is registered: Remove previews its rm
    // instead of calling it another pack's child.
    void removesANestedPack()
    {
        Workspace ws = workspaceWith({u"alpha"_s});
        OperationContext ctx;
        AddOptions nested;
        nested.url = remote(u"beta"_s);
        nested.path = u"nest/beta"_s;
        nested.noInstall = true;
        QVERIFY(add(ws, nested, ctx).ok());
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        QSignalSpy shown(&window, &Gui::MainWindow::previewShown);
        auto *view = window.findChild<QTreeView *>(u"packView"_s);
        const QModelIndexList beta =
            window.packProxy()->match(window.packProxy()->index(0, 0), PackTreeModel::PackIdRole,
                                      u"nest/beta"_s, 1, Qt::MatchExactly | Qt::MatchRecursive);
        QCOMPARE(beta.size(), 1);
        QCOMPARE(beta.constFirst().parent().data().toString(), u"nest"_s);
        view->setCurrentIndex(beta.constFirst());
        // The refusal is a modal box: closed if it comes, so that the test fails, not hangs.
        QTimer::singleShot(5000, [] {
            if (QWidget *modal = QApplication::activeModalWidget())
                modal->close();
        });
        window.findChild<QAction *>(u"removeAction"_s)->trigger();
        QVERIFY(shown.wait(20000));
        auto *dialog = shown.at(0).at(0).value<QDialog *>();
        const auto *report = dialog->findChild<QPlainTextEdit *>(u"previewText"_s);
        QVERIFY2(report->toPlainText().contains(u"nest/beta"_s), qPrintable(report->toPlainText()));
        dialog->reject();
    }

    void cancelStopsARunningSync()
    {
        Workspace ws = workspaceWith({u"sleeper"_s}); // its install sleeps 30 s
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        QSignalSpy finished(window.runner(), &Gui::OperationRunner::finished);
        QSignalSpy lines(window.runner(), &Gui::OperationRunner::logLine);
        QVERIFY(window.invokeVerb(u"sync"_s, {}, u"Sync"_s));
        // Wait until the install step's sleep runs.
        QTRY_VERIFY_WITH_TIMEOUT(!childProcesses("sleep").isEmpty(), 10000);
        QVERIFY(QFileInfo::exists(ws.syncLockPath()));
        QVERIFY(finished.isEmpty());
        // The window still reads the workspace while the operation waits: neither may sit in
        // the global thread pool, which core's QtConcurrent calls and Qt's painting need.
        QSignalSpy loaded(&window, &Gui::MainWindow::loaded);
        QAction *reload = window.findChild<QAction *>(u"refreshAction"_s);
        QVERIFY(reload->isEnabled()); // reading never waits for an operation
        reload->trigger();
        QVERIFY2(loaded.wait(10000), "a reload during a running sync never finished");
        QVERIFY(finished.isEmpty());

        QElapsedTimer timer;
        timer.start();
        window.runner()->cancel();
        QVERIFY(finished.wait(25000));
        // Below the 30 s the pack's action would sleep, on however slow a machine.
        QVERIFY2(timer.elapsed() < 25000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(finished.at(0).at(0).toString(), u"sync"_s);
        QVERIFY(!finished.at(0).at(3).toString().isEmpty()); // error text
        QCOMPARE(finished.at(0).at(4).toString(), u"cancelled"_s);
        QCOMPARE(window.activity()->findChild<QLabel *>(u"activityTitle"_s)->text(),
                 u"Cancelled: Sync"_s);
        QVERIFY(window.statusBar()->currentMessage().contains(u"cancelled"_s));
        // The action's process is gone and the workspace is free again.
        QTRY_VERIFY_WITH_TIMEOUT(childProcesses("sleep").isEmpty(), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(ws.syncLockPath()), 5000);
        QVERIFY(!window.runner()->isRunning());
        // Nothing is recorded as installed.
        QTRY_COMPARE_WITH_TIMEOUT(
            window.packModel()->index(0, PackTreeModel::InstalledColumn).data().toString(),
            u"never"_s, 5000);
    }

    void refusesWhileAnotherProcessHoldsTheWorkspace()
    {
        Workspace ws = workspaceWith({u"alpha"_s});
        LockHolderProcess holder(ws.syncLockPath());
        QVERIFY(holder.locked());
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        auto *message = window.findChild<QLabel *>(u"messageLabel"_s);
        // The load says so already.
        QVERIFY(!message->isHidden());
        QVERIFY2(message->text().contains(u"busy"_s), qPrintable(message->text()));

        message->hide();
        QVERIFY(!window.invokeVerb(u"sync"_s, {}, u"Sync"_s));
        QVERIFY(!window.runner()->isRunning());
        QVERIFY(!message->isHidden());
        QVERIFY2(message->text().contains(u"busy"_s), qPrintable(message->text()));
        QVERIFY2(message->text().contains(u"pid %1"_s.arg(holder.pid())),
                 qPrintable(message->text()));
        QVERIFY(!window.invokeVerb(u"rm"_s, {{u"path"_s, u"alpha"_s}}, u"rm"_s));
        QVERIFY(!window.invokeVerb(u"doctor"_s, {{u"fix"_s, true}}, u"fix"_s));
        QVERIFY(QFileInfo(ws.packDir(u"alpha"_s)).isDir());

        // A read-only verb does not need the lock.
        QSignalSpy finished(&window, &Gui::MainWindow::operationFinished);
        QVERIFY(window.invokeVerb(u"doctor"_s, {}, u"Doctor"_s));
        QVERIFY(finished.wait(20000));

        // Once the holder is gone, the sync runs.
        holder.kill();
        QVERIFY(window.invokeVerb(u"sync"_s, {}, u"Sync"_s));
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(1).at(0).toString(), u"sync"_s);
        QCOMPARE(finished.at(1).at(1).toString(), QString());
    }

    void doctorFindsAndFixesAStaleLock()
    {
        Workspace ws = workspaceWith({u"alpha"_s}, true);
        const QString lock = ws.packDir(u"alpha"_s) + u"/.grex-lock"_s;
        {
            LockHolderProcess holder(lock);
            QVERIFY(holder.locked());
        } // killed: its lock file stays, stale
        QVERIFY(QFileInfo::exists(lock));
        Gui::MainWindow window;
        QVERIFY(openWindow(window, ws));
        QSignalSpy finished(&window, &Gui::MainWindow::operationFinished);

        window.findChild<QAction *>(u"doctorAction"_s)->trigger();
        auto *dialog = window.findChild<Gui::DoctorDialog *>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.at(0).at(0).toString(), u"doctor"_s);
        auto *findings = dialog->findChild<QTreeWidget *>(u"doctorFindings"_s);
        auto *fix = dialog->findChild<QPushButton *>(u"doctorFixButton"_s);
        QVERIFY(findings && fix);
        QTreeWidgetItem *stale = nullptr;
        for (int i = 0; i < findings->topLevelItemCount(); ++i) {
            QTreeWidgetItem *item = findings->topLevelItem(i);
            if (item->text(0) == u"lock-files" && item->text(3).contains(u"stale"_s))
                stale = item;
        }
        QVERIFY2(stale, "doctor did not report the stale lock");
        QCOMPARE(stale->text(1), u"warning, fixable"_s);
        QVERIFY(fix->isEnabled());

        QTest::mouseClick(fix, Qt::LeftButton);
        QVERIFY(!fix->isEnabled());
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.at(1).at(0).toString(), u"doctor"_s);
        QVERIFY(!QFileInfo::exists(lock));
        bool fixed = false;
        for (int i = 0; i < findings->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *item = findings->topLevelItem(i);
            fixed = fixed || (item->text(0) == u"lock-files" && item->text(1) == u"fixed");
            QVERIFY2(item->text(1) != u"warning, fixable" && !item->text(1).startsWith(u"error"_s),
                     qPrintable(item->text(0) + u": "_s + item->text(3)));
        }
        QVERIFY(fixed);
        QVERIFY(!fix->isEnabled()); // nothing left to fix
    }
};

QTEST_MAIN(tst_GuiActions)
#include "tst_guiactions.moc"
