#include "gui/controlserver.h"
#include "support/grexrunner.h"
#include "support/remotebuilder.h"
#include "servechild.h"

#include "mcp/control.h"
#include "core/workspace.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QJsonDocument>
#include <QProcess>
#include <QNetworkRequest>
#include <QNetworkReply>
#include <QNetworkAccessManager>

#include "support/testfiles.h"
#include "support/workspacefixture.h"

#include <algorithm>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// How long a serve may take to find the window: it retries once a second.
constexpr int kAttachMs = 5000;

QJsonObject execArguments(const QStringList &command)
{
    return {{u"cmd"_s, QJsonArray::fromStringList(command)}};
}

// A 2026-07-28 tools/call of exec from the client `name` ("" for one that does not name itself).
QJsonObject perRequestExec(int id, const QString &name, const QStringList &command)
{
    QJsonObject meta{{u"io.modelcontextprotocol/protocolVersion"_s, u"2026-07-28"_s},
                     {u"io.modelcontextprotocol/clientCapabilities"_s, QJsonObject()}};
    if (!name.isEmpty()) {
        meta.insert(u"io.modelcontextprotocol/clientInfo"_s,
                    QJsonObject{{u"name"_s, name}, {u"version"_s, u"1.0"_s}});
    }
    return QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                       {u"id"_s, id},
                       {u"method"_s, u"tools/call"_s},
                       {u"params"_s, QJsonObject{{u"name"_s, u"exec"_s},
                                                 {u"arguments"_s, execArguments(command)},
                                                 {u"_meta"_s, meta}}}};
}

// Waits until the serve announced itself; its entry in servers().
std::optional<Gui::ServeProcess> attached(Gui::ControlServer &control)
{
    if (!QTest::qWaitFor([&] { return control.servers().size() == 1; }, kAttachMs))
        return std::nullopt;
    return control.servers().constFirst();
}

// What most cases begin with: the window's control server listening on a workspace, and a grex
// serve started there. Each case binds the members by name.
struct Attached
{
    explicit Attached(Workspace workspace, QStringList serveArguments = WaitForTheWindow)
        : ws(std::move(workspace))
        , extra(std::move(serveArguments))
    {
    }
    // The serve found the window and, when `initialize`, finished its handshake.
    bool start(bool initialize)
    {
        p = attached(control);
        return control.isListening() && p && (!initialize || serve.initialize());
    }

    Workspace ws;
    QStringList extra; // grex serve's options
    Gui::ControlServer control;
    QSignalSpy asked{&control, &Gui::ControlServer::approvalRequested};
    ServeChild serve{listening(), extra}; // started once the window listens
    std::optional<Gui::ServeProcess> p;

private:
    QString listening()
    {
        control.listen(ws.root());
        return ws.root();
    }
};

QStringList strings(const QJsonValue &value)
{
    QStringList list;
    for (const QJsonValue &v : value.toArray())
        list.append(v.toString());
    return list;
}

} // namespace

// The window's end of the control socket (Gui::ControlServer) against a real `grex serve`:
// announcement, client info, call history, approvals, cancel, and a server that goes away.
class tst_ControlSocket : public QObject, public Grex::Test::WorkspaceCases
{
    Q_OBJECT

    QTemporaryDir m_runtime; // 0700, as XDG_RUNTIME_DIR must be

    // A workspace of its own with alpha and beta cloned (not installed).
    Workspace freshWorkspace() { return workspaceWith({u"alpha"_s, u"beta"_s}); }

    static bool markerIn(const Workspace &ws, const QString &pack, const QString &name)
    {
        return QFileInfo::exists(ws.packDir(pack) + u'/' + name);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_runtime.isValid());
        QCOMPARE(QFileInfo(m_runtime.path()).permissions() &
                     (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther),
                 QFile::Permissions());
        // Before any listen(): the test and its serve children compute the same socket name.
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path()));
        RemoteBuilder builder(m_remotes);
        for (const QString &name : {u"alpha"_s, u"beta"_s})
            builder.create(name, RemoteBuilder::packFiles(name));
    }

    void helloAndClientInfo()
    {
        const Workspace ws = freshWorkspace();
        Gui::ControlServer control;
        QCOMPARE(control.listen(ws.root()), QString());
        QVERIFY(control.isListening());
        QCOMPARE(control.socketName(), Mcp::controlSocketName(ws.root()));
        QVERIFY2(control.socketName().startsWith(m_runtime.path() + u"/grex-"_s),
                 qPrintable(control.socketName()));
        QSignalSpy changed(&control, &Gui::ControlServer::serversChanged);

        ServeChild serve(ws.root());
        QVERIFY(serve.started());
        const std::optional<Gui::ServeProcess> p = attached(control);
        QVERIFY2(p, qPrintable(serve.stderrText()));
        QCOMPARE(p->pid, serve.pid());
        QCOMPARE(p->transport, u"stdio"_s);
        QVERIFY(!p->host.isEmpty());
        QVERIFY(!p->version.isEmpty());
        QVERIFY(p->startedAt.isValid());
        QVERIFY(p->attachedAt.isValid());
        QVERIFY(p->id > 0);
        QCOMPARE(p->clientName, QString()); // no initialize yet
        QVERIFY(p->calls.isEmpty());
        QVERIFY(control.server(p->id));
        QVERIFY(!control.server(p->id + 1));
        QVERIFY(changed.count() >= 1);

        QVERIFY(serve.initialize(u"tst-client"_s, u"1.2"_s));
        QTRY_COMPARE_WITH_TIMEOUT(control.servers().constFirst().clientName, u"tst-client"_s, 5000);
        QCOMPARE(control.servers().constFirst().clientVersion, u"1.2"_s);

        // A second window on the same workspace is told the first one watches it.
        Gui::ControlServer second;
        const QString refused = second.listen(ws.root());
        QVERIFY2(refused.contains(u"another grex window"_s), qPrintable(refused));
        QVERIFY(!second.isListening());
        // The first window keeps the socket: a new serve still reaches it.
        ServeChild another(ws.root());
        QVERIFY(QTest::qWaitFor([&] { return control.servers().size() == 2; }, kAttachMs));
        QCOMPARE(control.servers().at(1).pid, another.pid());
        QVERIFY(second.servers().isEmpty());
    }

    void finishedCallsGoToTheHistory()
    {
        const Workspace ws = freshWorkspace();
        Gui::ControlServer control;
        QCOMPARE(control.listen(ws.root()), QString());
        ServeChild serve(ws.root());
        QVERIFY(attached(control));
        QVERIFY(serve.initialize());
        serve.callTool(7, u"ls"_s);
        const QJsonObject response = serve.response(7);
        QVERIFY2(toolSucceeded(response), qPrintable(serve.stderrText()));
        QCOMPARE(toolDocument(response).array().size(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(control.history().size(), 1, 5000);
        const Gui::ServeCall call = control.history().constFirst();
        QCOMPARE(call.server, control.servers().constFirst().id);
        QCOMPARE(call.key, u"7"_s);
        QCOMPARE(call.tool, u"ls"_s);
        QCOMPARE(call.outcome, u"ok"_s);
        QCOMPARE(call.error, QString());
        QVERIFY(call.startedAt.isValid() && call.finishedAt.isValid());
        QVERIFY(call.finishedAt >= call.startedAt);
        QVERIFY(control.servers().constFirst().calls.isEmpty());

        // A failing call ends as an error with its message; newest first.
        serve.callTool(8, u"exec"_s, execArguments({u"no-such-command-xyz"_s}));
        QCOMPARE(serve.response(8).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32602);
        QTRY_COMPARE_WITH_TIMEOUT(control.history().size(), 2, 5000);
        QCOMPARE(control.history().constFirst().key, u"8"_s);
        QCOMPARE(control.history().constFirst().outcome, u"error"_s);
        QVERIFY2(control.history().constFirst().error.contains(u"no-such-command-xyz"_s),
                 qPrintable(control.history().constFirst().error));
    }

    void approvedExecRuns()
    {
        Attached attachedServe(freshWorkspace());
        QVERIFY(attachedServe.start(true));
        auto &[ws, extra, control, asked, serve, p] = attachedServe;

        serve.callTool(3, u"exec"_s, execArguments({u"touch"_s, u"approved-marker"_s}));
        QVERIFY(asked.wait(10000));
        QCOMPARE(asked.count(), 1);
        QCOMPARE(asked.at(0).at(0).toInt(), p->id);
        const qint64 request = asked.at(0).at(1).toLongLong();
        const QJsonObject message = asked.at(0).at(2).toJsonObject();
        QCOMPARE(message.value(u"type"_s).toString(), u"approval"_s);
        QCOMPARE(message.value(u"request"_s).toInteger(), request);
        QCOMPARE(message.value(u"tool"_s).toString(), u"exec"_s);
        QCOMPARE(message.value(u"client"_s).toString(), u"tst-client"_s);
        QCOMPARE(message.value(u"call"_s).toString(), u"3"_s);
        QCOMPARE(strings(message.value(u"packs"_s)), (QStringList{u"alpha"_s, u"beta"_s}));
        QCOMPARE(strings(message.value(u"command"_s)),
                 (QStringList{u"touch"_s, u"approved-marker"_s}));
        QVERIFY2(message.value(u"summary"_s).toString().contains(u"touch approved-marker"_s),
                 qPrintable(message.value(u"summary"_s).toString()));
        // The call waits for the answer: it is in flight and nothing ran yet.
        QVERIFY(!serve.hasResponse(3));
        QVERIFY(control.servers().constFirst().calls.contains(u"3"_s));
        QCOMPARE(control.servers().constFirst().calls.value(u"3"_s).tool, u"exec"_s);
        QCOMPARE(control.servers().constFirst().calls.value(u"3"_s).arguments,
                 execArguments({u"touch"_s, u"approved-marker"_s}));
        QVERIFY(!markerIn(ws, u"alpha"_s, u"approved-marker"_s));

        control.answerApproval(p->id, request, u"exec"_s, true, false);
        const QJsonObject response = serve.response(3);
        QVERIFY2(toolSucceeded(response), serve.describe(response).constData());
        QCOMPARE(toolDocument(response).array().size(), 2);
        QVERIFY(markerIn(ws, u"alpha"_s, u"approved-marker"_s));
        QVERIFY(markerIn(ws, u"beta"_s, u"approved-marker"_s));
        QTRY_VERIFY_WITH_TIMEOUT(!control.history().isEmpty(), 5000);
        QCOMPARE(control.history().constFirst().outcome, u"ok"_s);

        // Approved once is not approved for the session: the next exec asks again.
        serve.callTool(4, u"exec"_s, execArguments({u"true"_s}));
        QVERIFY(asked.wait(10000));
        control.answerApproval(p->id, asked.at(1).at(1).toLongLong(), u"exec"_s, true, false);
        QVERIFY(toolSucceeded(serve.response(4)));
    }

    // A client that cannot be asked (no elicitation) is not kept waiting for a person: its call
    // answers waiting_for_approval at once while the window asks; the same call again takes
    // the answer (waiting for it a while), once, and a denial is given as one.
    void aClientThatCannotBeAskedIsNotKeptWaiting()
    {
        Attached attachedServe(freshWorkspace(), {});
        QVERIFY(attachedServe.start(true));
        auto &[ws, extra, control, asked, serve, p] = attachedServe;
        const QJsonObject touch = execArguments({u"touch"_s, u"later-marker"_s});

        QElapsedTimer timer;
        timer.start();
        serve.callTool(1, u"exec"_s, touch);
        const QJsonObject waiting = toolDocument(serve.response(1)).object();
        QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(waiting.value(u"code"_s).toInt(), -32006);
        const QJsonObject data = waiting.value(u"data"_s).toObject();
        QCOMPARE(data.value(u"reason"_s).toString(), u"waiting_for_approval"_s);
        const QString handle = data.value(u"approval"_s).toString();
        QCOMPARE(handle.size(), 32);
        QVERIFY(asked.wait(10000) || asked.count() == 1);
        QVERIFY(!markerIn(ws, u"alpha"_s, u"later-marker"_s));

        // Asked again before anyone answered: the call waits for the answer, which comes.
        serve.callTool(2, u"exec"_s, touch);
        QTest::qWait(300);
        QVERIFY(!serve.hasResponse(2));
        control.answerApproval(p->id, asked.at(0).at(1).toLongLong(), u"exec"_s, true, false);
        const QJsonObject approved = serve.response(2);
        QVERIFY2(toolSucceeded(approved), serve.describe(approved).constData());
        QVERIFY(markerIn(ws, u"beta"_s, u"later-marker"_s));
        QCOMPARE(asked.count(), 1); // one question for both calls

        // Taken once: the same call a third time asks again, and a denial is given as one.
        serve.callTool(3, u"exec"_s, touch);
        QCOMPARE(
            toolDocument(serve.response(3)).object().value(u"data"_s).toObject().value(u"reason"_s),
            u"waiting_for_approval"_s);
        QTRY_COMPARE_WITH_TIMEOUT(asked.count(), 2, 10000);
        control.answerApproval(p->id, asked.at(1).at(1).toLongLong(), u"exec"_s, false, false);
        QTest::qWait(300);
        serve.callTool(4, u"exec"_s, touch);
        const QJsonObject denied = toolDocument(serve.response(4)).object();
        QCOMPARE(denied.value(u"data"_s).toObject().value(u"reason"_s).toString(),
                 u"not_approved"_s);
        QVERIFY2(denied.value(u"data"_s).toObject().value(u"hint"_s).toString().contains(
                     u"denied in the grex window"_s),
                 QJsonDocument(denied).toJson().constData());
    }

    void deniedExecIsNotApproved()
    {
        Attached attachedServe(freshWorkspace());
        QVERIFY(attachedServe.start(true));
        auto &[ws, extra, control, asked, serve, p] = attachedServe;

        serve.callTool(5, u"exec"_s, execArguments({u"touch"_s, u"denied-marker"_s}));
        QVERIFY(asked.wait(10000));
        control.answerApproval(p->id, asked.at(0).at(1).toLongLong(), u"exec"_s, false, false,
                               u"not on a Friday"_s);
        const QJsonObject response = serve.response(5);
        QVERIFY(response.value(u"result"_s).toObject().value(u"isError"_s).toBool());
        const QJsonObject body = toolDocument(response).object();
        QCOMPARE(body.value(u"code"_s).toInt(), -32006);
        const QJsonObject data = body.value(u"data"_s).toObject();
        QCOMPARE(data.value(u"kind"_s).toString(), u"not_approved"_s);
        // The window's reason reaches the client.
        QVERIFY2(QJsonDocument(data).toJson().contains("not on a Friday"),
                 QJsonDocument(body).toJson().constData());
        QVERIFY(!markerIn(ws, u"alpha"_s, u"denied-marker"_s));
        QVERIFY(!markerIn(ws, u"beta"_s, u"denied-marker"_s));
        QTRY_VERIFY_WITH_TIMEOUT(!control.history().isEmpty(), 5000);
        QCOMPARE(control.history().constFirst().outcome, u"error"_s);

        // A decision for forSession that says no allows nothing: the next call asks again.
        serve.callTool(6, u"exec"_s, execArguments({u"true"_s}));
        QVERIFY(asked.wait(10000));
        control.answerApproval(p->id, asked.at(1).at(1).toLongLong(), u"exec"_s, false, true);
        QCOMPARE(toolDocument(serve.response(6)).object().value(u"code"_s).toInt(), -32006);
        serve.callTool(7, u"exec"_s, execArguments({u"true"_s}));
        QVERIFY(asked.wait(10000));
        QCOMPARE(asked.count(), 3);
        control.answerApproval(p->id, asked.at(2).at(1).toLongLong(), u"exec"_s, true, false);
        QVERIFY(toolSucceeded(serve.response(7)));
    }

    void approvedForTheSession()
    {
        Attached attachedServe(freshWorkspace());
        QVERIFY(attachedServe.start(true));
        auto &[ws, extra, control, asked, serve, p] = attachedServe;

        serve.callTool(1, u"exec"_s, execArguments({u"touch"_s, u"first"_s}));
        QVERIFY(asked.wait(10000));
        control.answerApproval(p->id, asked.at(0).at(1).toLongLong(), u"exec"_s, true, true);
        QVERIFY(toolSucceeded(serve.response(1)));

        // exec is allowed for the rest of this session: not asked again.
        serve.callTool(2, u"exec"_s, execArguments({u"touch"_s, u"second"_s}));
        QVERIFY(!asked.wait(1500));
        const QJsonObject response = serve.response(2);
        QVERIFY2(toolSucceeded(response), serve.describe(response).constData());
        QVERIFY(markerIn(ws, u"alpha"_s, u"second"_s));
        QCOMPARE(asked.count(), 1);

        // Only exec: rm still asks (and is denied here, so beta stays).
        serve.callTool(3, u"rm"_s, {{u"path"_s, u"beta"_s}, {u"force"_s, true}});
        QVERIFY(asked.wait(10000));
        QCOMPARE(asked.at(1).at(2).toJsonObject().value(u"tool"_s).toString(), u"rm"_s);
        QCOMPARE(strings(asked.at(1).at(2).toJsonObject().value(u"packs"_s)),
                 QStringList{u"beta"_s});
        control.answerApproval(p->id, asked.at(1).at(1).toLongLong(), u"rm"_s, false, false);
        QCOMPARE(toolDocument(serve.response(3)).object().value(u"code"_s).toInt(), -32006);
        QVERIFY(QFileInfo(ws.packDir(u"beta"_s)).isDir());

        // Another serve process is another session: it asks again.
        ServeChild other(ws.root(), WaitForTheWindow);
        QVERIFY(QTest::qWaitFor([&] { return control.servers().size() == 2; }, kAttachMs));
        QVERIFY(other.initialize(u"other"_s, u"9"_s));
        other.callTool(1, u"exec"_s, execArguments({u"true"_s}));
        QVERIFY(asked.wait(10000));
        QCOMPARE(asked.at(2).at(0).toInt(), control.servers().at(1).id);
        QCOMPARE(asked.at(2).at(2).toJsonObject().value(u"client"_s).toString(), u"other"_s);
        control.answerApproval(asked.at(2).at(0).toInt(), asked.at(2).at(1).toLongLong(), u"exec"_s,
                               true, false);
        QVERIFY(toolSucceeded(other.response(1)));
    }

    // The grant a person gives one client never approves another's call: 2026-era clients share
    // one session on a server, and one process may serve a legacy session beside them.
    void aGrantStaysWithItsClient()
    {
        Attached attachedServe(freshWorkspace());
        QVERIFY(attachedServe.start(false));
        auto &[ws, extra, control, asked, serve, p] = attachedServe;
        const auto question = [&](int i) { return asked.at(i).at(2).toJsonObject(); };

        serve.send(perRequestExec(1, u"agent-A"_s, {u"touch"_s, u"by-a"_s}));
        QVERIFY(asked.wait(10000));
        QCOMPARE(question(0).value(u"client"_s).toString(), u"agent-A"_s);
        const QString granteeA = question(0).value(u"grantee"_s).toString();
        QCOMPARE(granteeA, u"2026-07-28: agent-A 1.0"_s);
        control.answerApproval(p->id, asked.at(0).at(1).toLongLong(), u"exec"_s, true, true);
        QVERIFY2(toolSucceeded(serve.response(1)), serve.describe(serve.response(1)).constData());
        QCOMPARE(control.servers().constFirst().grants.size(), 1);
        QCOMPARE(control.servers().constFirst().grants.constFirst().grantee, granteeA);

        // Another client on the same server is asked, and a client that names no one cannot
        // ride on anybody's grant.
        serve.send(perRequestExec(2, u"agent-B"_s, {u"touch"_s, u"by-b"_s}));
        QVERIFY(asked.wait(10000));
        QCOMPARE(question(1).value(u"client"_s).toString(), u"agent-B"_s);
        control.answerApproval(p->id, asked.at(1).at(1).toLongLong(), u"exec"_s, false, false);
        QCOMPARE(toolDocument(serve.response(2)).object().value(u"code"_s).toInt(), -32006);
        serve.send(perRequestExec(3, QString(), {u"touch"_s, u"by-nobody"_s}));
        QVERIFY(asked.wait(10000));
        QCOMPARE(question(2).value(u"grantee"_s).toString(), QString());
        // Even a "for the session" answer gives that client nothing to keep.
        control.answerApproval(p->id, asked.at(2).at(1).toLongLong(), u"exec"_s, true, true);
        QVERIFY(toolSucceeded(serve.response(3)));
        QCOMPARE(control.servers().constFirst().grants.size(), 1);
        serve.send(perRequestExec(4, QString(), {u"touch"_s, u"by-nobody-again"_s}));
        QVERIFY(asked.wait(10000));
        control.answerApproval(p->id, asked.at(3).at(1).toLongLong(), u"exec"_s, false, false);
        QCOMPARE(toolDocument(serve.response(4)).object().value(u"code"_s).toInt(), -32006);
        // A legacy session of the same name in the same process is not agent-A's 2026 identity.
        QVERIFY(serve.initialize(u"agent-A"_s, u"1.0"_s));
        serve.callTool(5, u"exec"_s, execArguments({u"touch"_s, u"legacy"_s}));
        QVERIFY(asked.wait(10000));
        control.answerApproval(p->id, asked.at(4).at(1).toLongLong(), u"exec"_s, false, false);
        QCOMPARE(toolDocument(serve.response(5)).object().value(u"code"_s).toInt(), -32006);

        // agent-A itself runs without a question, until the grant is revoked.
        serve.send(perRequestExec(6, u"agent-A"_s, {u"touch"_s, u"by-a-again"_s}));
        QVERIFY(toolSucceeded(serve.response(6)));
        QCOMPARE(asked.count(), 5);
        control.revokeGrant(p->id, u"exec"_s, granteeA);
        QVERIFY(control.servers().constFirst().grants.isEmpty());
        // The revoke goes over the control socket and the next call over stdin, so the call can
        // arrive first. The server records the revoke once it has dropped the grant.
        const auto revokeRecorded = [&ws] {
            const Result<LogReadResult> log = ws.intentLog().read();
            return log && std::any_of(log->events.cbegin(), log->events.cend(),
                                      [](const Event &e) { return e.op == EventOp::Revoked; });
        };
        QVERIFY(QTest::qWaitFor(revokeRecorded, 10000));
        serve.send(perRequestExec(7, u"agent-A"_s, {u"touch"_s, u"after-revoke"_s}));
        QVERIFY(asked.wait(10000));
        control.answerApproval(p->id, asked.at(5).at(1).toLongLong(), u"exec"_s, false, false);
        QCOMPARE(toolDocument(serve.response(7)).object().value(u"code"_s).toInt(), -32006);

        for (const QString &marker : {u"by-a"_s, u"by-nobody"_s, u"by-a-again"_s})
            QVERIFY2(markerIn(ws, u"alpha"_s, marker), qPrintable(marker));
        for (const QString &marker :
             {u"by-b"_s, u"by-nobody-again"_s, u"legacy"_s, u"after-revoke"_s})
            QVERIFY2(!markerIn(ws, u"alpha"_s, marker), qPrintable(marker));

        // The history names each call's own client, not the server's last one. A call's end
        // reaches the window over the control socket, which may come after its response.
        QTRY_COMPARE_WITH_TIMEOUT(control.history().size(), 7, 10000);
        QStringList clients;
        for (const Gui::ServeCall &call : control.history())
            clients.prepend(call.client);
        QCOMPARE(clients, (QStringList{u"agent-A"_s, u"agent-B"_s, QString(), QString(),
                                       u"agent-A"_s, u"agent-A"_s, u"agent-A"_s}));

        // The audit log says who decided each one, and whose grant it was.
        const QStringList decisions = decisionsIn(ws.manifestPath());
        QCOMPARE(decisions, (QStringList{
                                u"approved window agent-A"_s,
                                u"granted window 2026-07-28: agent-A 1.0"_s,
                                u"denied window agent-B"_s,
                                u"approved window "_s,
                                u"denied window "_s,
                                u"denied window agent-A"_s,
                                u"approved grant agent-A"_s,
                                u"revoked window 2026-07-28: agent-A 1.0"_s,
                                u"denied window agent-A"_s,
                            }));
    }

    void theAllowanceIsTheRequestsOwnTool()
    {
        Attached attachedServe(freshWorkspace());
        QVERIFY(attachedServe.start(true));
        auto &[ws, extra, control, asked, serve, p] = attachedServe;
        // The window names another tool in its decision: the session allows exec, the tool
        // that asked, and nothing else.
        serve.callTool(1, u"exec"_s, execArguments({u"true"_s}));
        QVERIFY(asked.wait(10000));
        control.answerApproval(p->id, asked.at(0).at(1).toLongLong(), u"rm"_s, true, true);
        QVERIFY(toolSucceeded(serve.response(1)));
        serve.callTool(2, u"rm"_s, {{u"path"_s, u"beta"_s}, {u"force"_s, true}});
        QVERIFY(asked.wait(10000));
        QCOMPARE(asked.at(1).at(2).toJsonObject().value(u"tool"_s).toString(), u"rm"_s);
        control.answerApproval(p->id, asked.at(1).at(1).toLongLong(), u"rm"_s, false, false);
        QCOMPARE(toolDocument(serve.response(2)).object().value(u"code"_s).toInt(), -32006);
        serve.callTool(3, u"exec"_s, execArguments({u"true"_s}));
        QVERIFY(!asked.wait(1000));
        QVERIFY(toolSucceeded(serve.response(3)));
    }

    void tooLargeToShowIsRefused()
    {
        Attached attachedServe(freshWorkspace());
        QVERIFY(attachedServe.start(true));
        auto &[ws, extra, control, asked, serve, p] = attachedServe;
        // A command the window could not show whole is refused, not passed to the next rule,
        // and the window stays attached.
        const QString huge(3 * 1024 * 1024, u'x');
        serve.callTool(1, u"exec"_s, execArguments({u"echo"_s, huge}));
        const QJsonObject response = serve.response(1);
        QCOMPARE(toolDocument(response).object().value(u"code"_s).toInt(), -32006);
        QVERIFY(QJsonDocument(toolDocument(response).object()).toJson().contains("too large"));
        QCOMPARE(asked.count(), 0);
        QCOMPARE(control.servers().size(), 1);
        // Its call was listed without the 3 MiB of arguments.
        QTRY_VERIFY_WITH_TIMEOUT(!control.history().isEmpty(), 5000);
        QVERIFY(control.history().constFirst().arguments.contains(u"_omitted"_s));
    }

    void cancelACallInFlight()
    {
        Attached attachedServe(freshWorkspace());
        QVERIFY(attachedServe.start(true));
        auto &[ws, extra, control, asked, serve, p] = attachedServe;

        serve.callTool(9, u"exec"_s, execArguments({u"sleep"_s, u"30"_s}));
        QVERIFY(asked.wait(10000));
        control.answerApproval(p->id, asked.at(0).at(1).toLongLong(), u"exec"_s, true, false);
        // Approved and running: listed in flight with its arguments.
        QVERIFY(control.servers().constFirst().calls.contains(u"9"_s));
        const Gui::ServeCall inFlight = control.servers().constFirst().calls.value(u"9"_s);
        QCOMPARE(inFlight.tool, u"exec"_s);
        QCOMPARE(inFlight.outcome, QString());
        QCOMPARE(inFlight.arguments, execArguments({u"sleep"_s, u"30"_s}));
        QVERIFY(!serve.hasResponse(9)); // it sleeps
        QVERIFY(!serve.response(9, 300).contains(u"result"_s));

        QElapsedTimer timer;
        timer.start();
        control.cancelCall(p->id, u"9"_s);
        const QJsonObject response = serve.response(9, 25000);
        QVERIFY2(!response.isEmpty(), "no answer to the cancelled call");
        QVERIFY(timer.elapsed() < 25000); // below the 30 s the command would sleep
        QCOMPARE(response.value(u"error"_s).toObject().value(u"code"_s).toInt(), -32800);
        QVERIFY(!response.contains(u"result"_s));
        QTRY_VERIFY_WITH_TIMEOUT(!control.history().isEmpty(), 5000);
        QCOMPARE(control.history().constFirst().key, u"9"_s);
        QCOMPARE(control.history().constFirst().outcome, u"cancelled"_s);
        QVERIFY(control.servers().constFirst().calls.isEmpty());

        // The session goes on: another call is answered.
        serve.callTool(10, u"ls"_s);
        QVERIFY(toolSucceeded(serve.response(10)));
        // Cancelling something finished or unknown changes nothing.
        control.cancelCall(p->id, u"10"_s);
        control.cancelCall(p->id, u"999"_s);
        serve.request(11, u"ping"_s);
        QVERIFY(serve.response(11).contains(u"result"_s));
    }

    void serverGoneWithdrawsItsApproval()
    {
        Attached attachedServe(freshWorkspace());
        QVERIFY(attachedServe.start(true));
        auto &[ws, extra, control, asked, serve, p] = attachedServe;
        QSignalSpy withdrawn(&control, &Gui::ControlServer::approvalWithdrawn);
        serve.callTool(4, u"exec"_s, execArguments({u"touch"_s, u"never"_s}));
        QVERIFY(asked.wait(10000));
        const qint64 request = asked.at(0).at(1).toLongLong();

        serve.kill();
        QVERIFY(withdrawn.wait(5000));
        QCOMPARE(withdrawn.count(), 1);
        QCOMPARE(withdrawn.at(0).at(0).toInt(), p->id);
        QCOMPARE(withdrawn.at(0).at(1).toLongLong(), request);
        QVERIFY(control.servers().isEmpty());
        QVERIFY(!control.server(p->id));
        // The call it had in flight ends in the history as lost.
        QCOMPARE(control.history().size(), 1);
        QCOMPARE(control.history().constFirst().key, u"4"_s);
        QCOMPARE(control.history().constFirst().outcome, u"lost"_s);
        QVERIFY(!markerIn(ws, u"alpha"_s, u"never"_s));
        // Answering it now goes nowhere and breaks nothing.
        control.answerApproval(p->id, request, u"exec"_s, true, false);
        QVERIFY(control.servers().isEmpty());
    }

    void callCancelledWhileAskingWithdrawsTheQuestion()
    {
        Attached attachedServe(freshWorkspace());
        QVERIFY(attachedServe.start(true));
        auto &[ws, extra, control, asked, serve, p] = attachedServe;
        QSignalSpy withdrawn(&control, &Gui::ControlServer::approvalWithdrawn);
        serve.callTool(5, u"exec"_s, execArguments({u"touch"_s, u"never"_s}));
        QVERIFY(asked.wait(10000));
        // The window cancels the call whose approval it is asking for.
        control.cancelCall(p->id, u"5"_s);
        QVERIFY(withdrawn.wait(5000));
        QCOMPARE(withdrawn.at(0).at(1).toLongLong(), asked.at(0).at(1).toLongLong());
        QCOMPARE(serve.response(5).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32800);
        QCOMPARE(control.servers().size(), 1); // the server stays
        QVERIFY(!markerIn(ws, u"alpha"_s, u"never"_s));
    }

    void windowClosedWhileAskingRefuses()
    {
        Attached attachedServe(freshWorkspace());
        QVERIFY(attachedServe.start(true));
        auto &[ws, extra, control, asked, serve, p] = attachedServe;
        QSignalSpy withdrawn(&control, &Gui::ControlServer::approvalWithdrawn);
        serve.callTool(6, u"exec"_s, execArguments({u"touch"_s, u"never"_s}));
        QVERIFY(asked.wait(10000));
        control.close();
        QCOMPARE(withdrawn.count(), 1); // the window takes its own question down
        QVERIFY(control.servers().isEmpty());
        // No window, no elicitation, no --approve-destructive: refused.
        const QJsonObject body = toolDocument(serve.response(6)).object();
        QCOMPARE(body.value(u"code"_s).toInt(), -32006);
        QVERIFY(!markerIn(ws, u"alpha"_s, u"never"_s));
    }

    void httpSessionsAttachLikeStdioOnes()
    {
        // grex serve --http: each MCP session over HTTP is a server of its own in the window,
        // with transport "http", its client's name, its calls, and its approvals.
        const Workspace ws = freshWorkspace();
        Gui::ControlServer control;
        QCOMPARE(control.listen(ws.root()), QString());
        QSignalSpy asked(&control, &Gui::ControlServer::approvalRequested);
        QProcess server; // inherits this test's XDG_RUNTIME_DIR, so it finds the window
        QByteArray err;
        const QUrl url = startHttpServer(server, ws.root(), WaitForTheWindow, {}, &err);
        QVERIFY2(url.isValid(), err.constData());
        QNetworkAccessManager net;
        QByteArray session;
        const auto post = [&](const QJsonObject &message) {
            QNetworkRequest request(url);
            request.setRawHeader("Content-Type", "application/json");
            request.setRawHeader("Accept", "application/json, text/event-stream");
            if (!session.isEmpty())
                request.setRawHeader("Mcp-Session-Id", session);
            QNetworkReply *reply = net.post(request, QJsonDocument(message).toJson());
            if (!QTest::qWaitFor([&] { return reply->isFinished(); }, 30000))
                return QByteArray(); // the test fails on the missing session or answer
            if (session.isEmpty())
                session = reply->rawHeader("Mcp-Session-Id");
            const QByteArray body = reply->readAll();
            reply->deleteLater();
            return body;
        };
        post({{u"jsonrpc"_s, u"2.0"_s},
              {u"id"_s, 1},
              {u"method"_s, u"initialize"_s},
              {u"params"_s,
               QJsonObject{{u"protocolVersion"_s, u"2025-06-18"_s},
                           {u"capabilities"_s, QJsonObject{}},
                           {u"clientInfo"_s, QJsonObject{{u"name"_s, u"http-client"_s},
                                                         {u"version"_s, u"3"_s}}}}}});
        QVERIFY(!session.isEmpty());
        post({{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/initialized"_s}});
        QTRY_VERIFY_WITH_TIMEOUT(control.servers().size() == 1 &&
                                     control.servers().constFirst().clientName == u"http-client",
                                 kAttachMs);
        const Gui::ServeProcess p = control.servers().constFirst();
        QCOMPARE(p.transport, u"http"_s);
        QCOMPARE(p.pid, server.processId());
        QCOMPARE(p.clientVersion, u"3"_s);
        // Its exec asks the window; the answer goes back to the HTTP client.
        QNetworkRequest request(url);
        request.setRawHeader("Content-Type", "application/json");
        request.setRawHeader("Accept", "application/json, text/event-stream");
        request.setRawHeader("Mcp-Session-Id", session);
        QNetworkReply *call = net.post(
            request, QJsonDocument(QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                               {u"id"_s, 2},
                                               {u"method"_s, u"tools/call"_s},
                                               {u"params"_s,
                                                QJsonObject{{u"name"_s, u"exec"_s},
                                                            {u"arguments"_s,
                                                             execArguments({u"true"_s})}}}})
                         .toJson());
        QVERIFY(asked.wait(20000));
        QCOMPARE(asked.at(0).at(2).toJsonObject().value(u"client"_s).toString(), u"http-client"_s);
        control.answerApproval(p.id, asked.at(0).at(1).toLongLong(), u"exec"_s, true, false);
        QTRY_VERIFY_WITH_TIMEOUT(call->isFinished(), 30000);
        const QByteArray body = call->readAll();
        call->deleteLater();
        QVERIFY2(body.contains("\"isError\":false"), body.constData());
        QTRY_VERIFY_WITH_TIMEOUT(!control.history().isEmpty(), 5000);
        QCOMPARE(control.history().constFirst().outcome, u"ok"_s);
        server.terminate();
        QVERIFY(server.waitForFinished(10000));
        QTRY_VERIFY_WITH_TIMEOUT(control.servers().isEmpty(), 5000);
    }

    // An agent's first call can come before its serve reached the window: the approval waits a
    // moment for the connection instead of refusing as if no window listened.
    void theFirstCallFindsTheWindow()
    {
        const Workspace ws = freshWorkspace();
        Gui::ControlServer control;
        QCOMPARE(control.listen(ws.root()), QString());
        QSignalSpy asked(&control, &Gui::ControlServer::approvalRequested);
        ServeChild serve(ws.root(), WaitForTheWindow);
        QVERIFY(serve.initialize());
        serve.callTool(1, u"exec"_s, execArguments({u"touch"_s, u"first-marker"_s}));
        QVERIFY(asked.wait(10000));
        control.answerApproval(asked.at(0).at(0).toInt(), asked.at(0).at(1).toLongLong(), u"exec"_s,
                               true, false);
        const QJsonObject response = serve.response(1);
        QVERIFY2(toolSucceeded(response), serve.describe(response).constData());
        QVERIFY(markerIn(ws, u"alpha"_s, u"first-marker"_s));
    }

    // MCP clients give the servers they start a few variables only (the official SDK: HOME,
    // PATH, USER and the like): a serve without XDG_RUNTIME_DIR finds the window by the link it
    // leaves in the temporary directory, which goes with the window.
    void aServeWithoutTheRuntimeDirFindsTheWindow()
    {
        const Workspace ws = freshWorkspace();
        const QString link = Mcp::controlSocketLink(ws.root());
        QVERIFY(!link.isEmpty()); // this test's XDG_RUNTIME_DIR is not the temporary directory
        {
            Gui::ControlServer control;
            QCOMPARE(control.listen(ws.root()), QString());
            QCOMPARE(QFileInfo(link).symLinkTarget(), Mcp::controlSocketName(ws.root()));
            ServeChild serve(ws.root(), {}, {u"XDG_RUNTIME_DIR"_s});
            QVERIFY(serve.initialize(u"minimal-env"_s));
            QTRY_VERIFY_WITH_TIMEOUT(control.servers().size() == 1 &&
                                         control.servers().constFirst().clientName ==
                                             u"minimal-env",
                                     kAttachMs);
        }
        QVERIFY(!QFileInfo(link).isSymLink());
    }

    void withoutAWindowExecIsRefused()
    {
        const Workspace ws = freshWorkspace();
        // Nobody listens on this workspace's socket.
        QVERIFY(!QFileInfo::exists(Mcp::controlSocketName(ws.root())));
        ServeChild serve(ws.root());
        QVERIFY(serve.initialize());
        QElapsedTimer timer;
        timer.start();
        serve.callTool(1, u"exec"_s, execArguments({u"touch"_s, u"marker"_s}));
        const QJsonObject response = serve.response(1);
        QVERIFY(timer.elapsed() < 20000); // refused at once, nobody is waited for
        QVERIFY(response.value(u"result"_s).toObject().value(u"isError"_s).toBool());
        const QJsonObject body = toolDocument(response).object();
        QCOMPARE(body.value(u"code"_s).toInt(), -32006);
        QCOMPARE(body.value(u"data"_s).toObject().value(u"kind"_s).toString(), u"not_approved"_s);
        QVERIFY2(QJsonDocument(body).toJson().contains("--approve-destructive"),
                 QJsonDocument(body).toJson().constData());
        QVERIFY(!markerIn(ws, u"alpha"_s, u"marker"_s));
        QVERIFY(!markerIn(ws, u"beta"_s, u"marker"_s));
        // A read-only tool still works.
        serve.callTool(2, u"ls"_s);
        QVERIFY(toolSucceeded(serve.response(2)));
    }
};

QTEST_GUILESS_MAIN(tst_ControlSocket)
#include "tst_controlsocket.moc"
