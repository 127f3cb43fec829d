#include "support/grexrunner.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>
#include <vector>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

struct Reply
{
    int status = 0;
    QByteArray body;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    // The JSON-RPC messages of an SSE body, in order.
    QList<QJsonObject> events() const
    {
        QList<QJsonObject> list;
        for (const QByteArray &line : body.split('\n')) {
            if (line.startsWith("data: "))
                list.append(QJsonDocument::fromJson(line.mid(6)).object());
        }
        return list;
    }
};

constexpr char kToken[] = "s3cret-token-for-tests";

} // namespace

// `grex serve --http` on an ephemeral loopback port, spoken to with plain HTTP: every status
// code of the streamable HTTP transport (docs/design.md, "Streamable HTTP").
class tst_McpHttp : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_workspace;
    QProcess m_server;
    QByteArray m_serverErr;
    QUrl m_url;
    QNetworkAccessManager m_net;

    // The servers' XDG_RUNTIME_DIR: their own, with no window to attach to.
    QString runtimeEnv() const { return u"XDG_RUNTIME_DIR="_s + m_tmp.filePath(u"run"_s); }

    Reply send(const QByteArray &method, const QJsonObject &message,
               QList<std::pair<QByteArray, QByteArray>> headers = {}, bool withToken = true,
               bool defaultHeaders = true, const QByteArray &rawBody = {})
    {
        QNetworkRequest request(m_url);
        if (defaultHeaders) {
            request.setRawHeader("Content-Type", "application/json");
            request.setRawHeader("Accept", "application/json, text/event-stream");
        }
        if (withToken)
            request.setRawHeader("Authorization", QByteArray("Bearer ") + kToken);
        for (const auto &[key, value] : headers)
            request.setRawHeader(key, value);
        const QByteArray body =
            !rawBody.isEmpty() ? rawBody
                               : (message.isEmpty() ? QByteArray()
                                                    : QJsonDocument(message).toJson(
                                                          QJsonDocument::Compact));
        QNetworkReply *reply = m_net.sendCustomRequest(request, method, body);
        QEventLoop loop;
        QTimer::singleShot(30000, &loop, &QEventLoop::quit);
        connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        Reply r;
        r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        r.body = reply->readAll();
        for (const auto &[key, value] : reply->rawHeaderPairs())
            r.headers.insert(key.toLower(), value);
        reply->deleteLater();
        return r;
    }

    static QJsonObject request(int id, const QString &method, const QJsonObject &params = {})
    {
        return {{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"method"_s, method},
                {u"params"_s, params}};
    }

    static QJsonObject initialize(int id = 1)
    {
        return request(id, u"initialize"_s,
                       {{u"protocolVersion"_s, u"2025-06-18"_s},
                        {u"capabilities"_s, QJsonObject{}},
                        {u"clientInfo"_s,
                         QJsonObject{{u"name"_s, u"tst-http"_s}, {u"version"_s, u"1"_s}}}});
    }

    // A ready session: initialize and notifications/initialized. Returns its id.
    QByteArray openSession()
    {
        const Reply init = send("POST", initialize());
        if (init.status != 200)
            return {};
        const QByteArray session = init.header("Mcp-Session-Id");
        const Reply ready =
            send("POST", {{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/initialized"_s}},
                 {{"Mcp-Session-Id", session}});
        return ready.status == 202 ? session : QByteArray();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_workspace = m_tmp.filePath(u"ws"_s);
        QVERIFY(addedByGrex(m_workspace, m_tmp.filePath(u"remotes"_s), {u"alpha"_s, u"beta"_s}));

        QDir().mkpath(m_tmp.filePath(u"run"_s));
        m_url = startHttpServer(m_server, m_workspace,
                                {u"--token"_s, QString::fromLatin1(kToken), u"--session-idle"_s,
                                 u"2"_s},
                                {runtimeEnv()}, &m_serverErr);
        QVERIFY2(m_url.isValid(), m_serverErr.constData());
        // The token never reaches the log.
        QVERIFY(!m_serverErr.contains(kToken));
    }

    void cleanupTestCase()
    {
        m_server.terminate();
        QVERIFY(m_server.waitForFinished(10000));
        m_serverErr += m_server.readAllStandardError();
        QVERIFY2(!m_serverErr.contains(kToken), "the token was logged");
    }

    void unauthorized()
    {
        const Reply none = send("POST", initialize(), {}, false);
        QCOMPARE(none.status, 401);
        QCOMPARE(none.header("WWW-Authenticate"), QByteArray("Bearer"));
        QCOMPARE(none.json().value(u"error"_s).toObject().value(u"code"_s).toInt(), -32001);
        const Reply wrong = send("POST", initialize(), {{"Authorization", "Bearer nope"}}, false);
        QCOMPARE(wrong.status, 401);
        const Reply prefix =
            send("POST", initialize(), {{"Authorization", "Bearer s3cret-token-for-test"}}, false);
        QCOMPARE(prefix.status, 401);
        // GET and DELETE need it too.
        QCOMPARE(send("GET", {}, {{"Accept", "text/event-stream"}}, false, false).status, 401);
        QCOMPARE(send("DELETE", {}, {{"Mcp-Session-Id", "x"}}, false, false).status, 401);
    }

    void foreignOrigin()
    {
        const Reply foreign = send("POST", initialize(), {{"Origin", "http://evil.example"}});
        QCOMPARE(foreign.status, 403);
        QVERIFY(foreign.json().contains(u"error"_s));
        const Reply local = send("POST", initialize(), {{"Origin", "http://localhost:6274"}});
        QCOMPARE(local.status, 200);
    }

    void badRequests()
    {
        QCOMPARE(send("POST", initialize(), {{"Accept", "application/json"}}).status, 406);
        QCOMPARE(send("POST", initialize(), {{"Content-Type", "text/plain"}}).status, 415);
        const Reply broken = send("POST", {}, {}, true, true, "{\"jsonrpc\":");
        QCOMPARE(broken.status, 400);
        QCOMPARE(broken.json().value(u"error"_s).toObject().value(u"code"_s).toInt(), -32700);
        const Reply batch = send("POST", {}, {}, true, true, "[{\"jsonrpc\":\"2.0\"}]");
        QCOMPARE(batch.status, 400);
        QCOMPARE(batch.json().value(u"error"_s).toObject().value(u"code"_s).toInt(), -32600);
        QCOMPARE(send("PUT", initialize()).status, 405);
        // No session header, an unknown session, an unsupported protocol version.
        QCOMPARE(send("POST", request(2, u"tools/list"_s)).status, 400);
        QCOMPARE(send("POST", request(2, u"tools/list"_s), {{"Mcp-Session-Id", "nope"}}).status,
                 404);
        const QByteArray session = openSession();
        QVERIFY(!session.isEmpty());
        QCOMPARE(send("POST", request(3, u"tools/list"_s),
                      {{"Mcp-Session-Id", session}, {"MCP-Protocol-Version", "1999-01-01"}})
                     .status,
                 400);
        QCOMPARE(send("POST", request(3, u"tools/list"_s),
                      {{"Mcp-Session-Id", session}, {"MCP-Protocol-Version", "2025-06-18"}})
                     .status,
                 200);
    }

    // Raw bytes on a new connection; the status code of the answer (0: none).
    int rawStatus(const QByteArray &bytes)
    {
        QTcpSocket socket;
        socket.connectToHost(m_url.host(), quint16(m_url.port()));
        if (!socket.waitForConnected(5000))
            return 0;
        socket.write(bytes);
        QByteArray answer;
        QElapsedTimer timer;
        timer.start();
        while (!answer.contains("\r\n") && timer.elapsed() < 10000) {
            socket.waitForReadyRead(100);
            answer += socket.readAll();
        }
        return answer.startsWith("HTTP/1.1 ") ? answer.mid(9, 3).toInt() : 0;
    }

    void hostileRequests()
    {
        const QByteArray auth = "Authorization: Bearer " + QByteArray(kToken) + "\r\n";
        // Headers that never end.
        QByteArray endless = "POST /mcp HTTP/1.1\r\nHost: x\r\n";
        while (endless.size() < 70 * 1024)
            endless += "X-Filler: " + QByteArray(100, 'a') + "\r\n";
        QCOMPARE(rawStatus(endless), 431);
        // A chunked body has no length to check first.
        QCOMPARE(rawStatus("POST /mcp HTTP/1.1\r\nHost: x\r\n" + auth +
                           "Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n"
                           "5\r\nhello\r\n"),
                 501);
        // Bare LF line endings and a space before the colon still declare a huge body.
        QCOMPARE(rawStatus("POST /mcp HTTP/1.1\nHost: x\nContent-Length : 999999999\n\n{"),
                 413);
        // Ids that are neither strings nor integers, and a message that is nothing.
        const QByteArray session = openSession();
        QVERIFY(!session.isEmpty());
        QJsonObject fractional = request(1, u"ping"_s);
        fractional.insert(u"id"_s, 1.5);
        QCOMPARE(send("POST", fractional, {{"Mcp-Session-Id", session}}).status, 400);
        QCOMPARE(send("POST", {{u"jsonrpc"_s, u"2.0"_s}}, {{"Mcp-Session-Id", session}}).status,
                 400);
        // The scheme name is case-insensitive.
        QCOMPARE(send("POST", request(2, u"ping"_s),
                      {{"Mcp-Session-Id", session},
                       {"Authorization", QByteArray("bearer ") + kToken}},
                      false)
                     .status,
                 200);
    }

    // 300 connections that send half a request, or nothing, while a good client works: the
    // half-sent ones of one address are capped and the oldest make room, so the good client is
    // never refused or reset.
    void halfSentFloodsDoNotLockOut()
    {
        std::vector<std::unique_ptr<QTcpSocket>> flood;
        for (int i = 0; i < 300; ++i) {
            auto socket = std::make_unique<QTcpSocket>();
            socket->connectToHost(m_url.host(), quint16(m_url.port()));
            QVERIFY(socket->waitForConnected(5000));
            if (i % 2 == 0)
                socket->write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ");
            socket->flush();
            flood.push_back(std::move(socket));
        }
        QCoreApplication::processEvents();
        for (int round = 0; round < 5; ++round) {
            const QByteArray session = openSession();
            QVERIFY2(!session.isEmpty(), qPrintable(u"round %1"_s.arg(round)));
            const Reply listed = send("POST", request(2, u"tools/list"_s),
                                      {{"Mcp-Session-Id", session}});
            QCOMPARE(listed.status, 200);
            QCOMPARE(send("DELETE", {}, {{"Mcp-Session-Id", session}}).status, 200);
        }
        // Most of the flood was closed to make room; what is left is at most the cap of one
        // address.
        QTest::qWait(200);
        int open = 0;
        for (const auto &socket : flood) {
            socket->waitForReadyRead(0);
            open += socket->state() == QAbstractSocket::ConnectedState ? 1 : 0;
        }
        QVERIFY2(open <= 32, qPrintable(QString::number(open)));
    }

    // A slowloris (headers a byte at a time) and an idle connection are closed after the
    // request timeout, the first with 408; a request sent whole still works.
    void slowAndIdleConnectionsAreClosed()
    {
        QProcess server;
        QByteArray err;
        const QUrl url = startHttpServer(server, m_workspace, {u"--request-timeout"_s, u"1"_s},
                                         {runtimeEnv()}, &err);
        QVERIFY2(url.isValid(), err.constData());
        QTcpSocket slow;
        QTcpSocket idle;
        for (QTcpSocket *socket : {&slow, &idle}) {
            socket->connectToHost(url.host(), quint16(url.port()));
            QVERIFY(socket->waitForConnected(5000));
        }
        slow.write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        QByteArray answer;
        QElapsedTimer timer;
        timer.start();
        // A header line every 200 ms would keep it open for ever without the deadline.
        while (slow.state() == QAbstractSocket::ConnectedState && timer.elapsed() < 30000) {
            slow.write("X-Slow: " + QByteArray::number(timer.elapsed()) + "\r\n");
            slow.waitForReadyRead(200);
            answer += slow.readAll();
        }
        QCOMPARE(slow.state(), QAbstractSocket::UnconnectedState);
        QVERIFY2(answer.startsWith("HTTP/1.1 408 "), answer.constData());
        while (idle.state() == QAbstractSocket::ConnectedState && timer.elapsed() < 30000)
            idle.waitForDisconnected(200);
        QCOMPARE(idle.state(), QAbstractSocket::UnconnectedState);

        const QUrl saved = m_url;
        m_url = url;
        const QByteArray session = openSession();
        m_url = saved;
        QVERIFY(!session.isEmpty());
        server.terminate();
        QVERIFY(server.waitForFinished(10000));
    }

    // Headers over 64 KiB that arrive whole in one read get 431 too; a Host that is not this
    // machine's is refused (DNS rebinding); /.well-known/* is a JSON 404, so clients that look
    // for OAuth metadata stop.
    void headersHostAndWellKnown()
    {
        QByteArray big = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n";
        while (big.size() < 70 * 1024)
            big += "X-Filler: " + QByteArray(100, 'a') + "\r\n";
        QCOMPARE(rawStatus(big + "Content-Length: 2\r\n\r\n{}"), 431);

        const QByteArray port = QByteArray::number(m_url.port());
        for (const QByteArray &host : QByteArrayList{"evil.example.com",
                                                     "evil.example.com:" + port,
                                                     "127.0.0.1.nip.io"}) {
            const Reply refused = send("POST", initialize(), {{"Host", host}});
            QCOMPARE(refused.status, 403);
            QVERIFY2(refused.body.contains(host), refused.body.constData());
        }
        for (const QByteArray &host : QByteArrayList{"localhost", "localhost:" + port}) {
            const Reply allowed = send("POST", request(1, u"ping"_s), {{"Host", host}});
            QVERIFY2(allowed.status != 403, allowed.body.constData());
        }

        for (const QByteArray &path : {QByteArray("/.well-known/oauth-protected-resource"),
                                       QByteArray("/.well-known/oauth-protected-resource/mcp"),
                                       QByteArray("/.well-known/oauth-authorization-server")}) {
            QNetworkRequest request(m_url.resolved(QUrl(QString::fromLatin1(path))));
            QNetworkReply *reply = m_net.get(request);
            QEventLoop loop;
            connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
            loop.exec();
            QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 404);
            QVERIFY(reply->header(QNetworkRequest::ContentTypeHeader)
                        .toString()
                        .startsWith(u"application/json"_s));
            const QJsonObject body = QJsonDocument::fromJson(reply->readAll()).object();
            QVERIFY(body.value(u"error"_s).isObject());
            reply->deleteLater();
        }
    }

    void bodyLimit()
    {
        // Over 16 MiB: refused from its Content-Length, before it is read.
        const QByteArray big(16 * 1024 * 1024 + 10, ' ');
        const Reply reply = send("POST", {}, {}, true, true, big);
        QCOMPARE(reply.status, 413);
    }

    void plainCallsAnswerWithJson()
    {
        const Reply init = send("POST", initialize(7));
        QCOMPARE(init.status, 200);
        QVERIFY(init.header("Content-Type").startsWith("application/json"));
        const QByteArray session = init.header("Mcp-Session-Id");
        QVERIFY(session.size() >= 16);
        QCOMPARE(init.json().value(u"id"_s).toInt(), 7);
        QCOMPARE(init.json().value(u"result"_s).toObject().value(u"protocolVersion"_s).toString(),
                 u"2025-06-18"_s);
        const Reply ready =
            send("POST", {{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/initialized"_s}},
                 {{"Mcp-Session-Id", session}});
        QCOMPARE(ready.status, 202);
        QVERIFY(ready.body.isEmpty());
        const Reply tools = send("POST", request(8, u"tools/list"_s), {{"Mcp-Session-Id", session}});
        QCOMPARE(tools.status, 200);
        QCOMPARE(tools.json().value(u"result"_s).toObject().value(u"tools"_s).toArray().size(),
                 mcpToolNames().size());
        const Reply ping = send("POST", request(9, u"ping"_s), {{"Mcp-Session-Id", session}});
        QCOMPARE(ping.json().value(u"result"_s).toObject(), QJsonObject());
    }

    void toolCallsStream()
    {
        const QByteArray session = openSession();
        QVERIFY(!session.isEmpty());
        const Reply ls = send("POST",
                              request(11, u"tools/call"_s,
                                      {{u"name"_s, u"ls"_s}, {u"arguments"_s, QJsonObject{}}}),
                              {{"Mcp-Session-Id", session}});
        QCOMPARE(ls.status, 200);
        QVERIFY(ls.header("Content-Type").startsWith("text/event-stream"));
        const QList<QJsonObject> events = ls.events();
        QVERIFY(!events.isEmpty());
        QCOMPARE(events.constLast().value(u"id"_s).toInt(), 11);
        QVERIFY(!events.constLast().value(u"result"_s).toObject().value(u"isError"_s).toBool());

        // Progress travels on the call's own stream, before its answer.
        const Reply sync = send(
            "POST",
            request(12, u"tools/call"_s,
                    {{u"name"_s, u"sync"_s},
                     {u"arguments"_s, QJsonObject{{u"dryRun"_s, true}}},
                     {u"_meta"_s, QJsonObject{{u"progressToken"_s, u"tok-1"_s}}}}),
            {{"Mcp-Session-Id", session}});
        QCOMPARE(sync.status, 200);
        const QList<QJsonObject> syncEvents = sync.events();
        QVERIFY2(syncEvents.size() >= 2, sync.body.constData());
        QCOMPARE(syncEvents.constFirst().value(u"method"_s).toString(),
                 u"notifications/progress"_s);
        QCOMPARE(syncEvents.constFirst().value(u"params"_s).toObject().value(u"progressToken"_s)
                     .toString(),
                 u"tok-1"_s);
        QCOMPARE(syncEvents.constLast().value(u"id"_s).toInt(), 12);
    }

    void getStreamAndDelete()
    {
        const QByteArray session = openSession();
        QVERIFY(!session.isEmpty());
        QCOMPARE(send("GET", {}, {{"Mcp-Session-Id", session}, {"Accept", "application/json"}},
                      true, false)
                     .status,
                 406);
        // An open GET stream: read its head with a raw socket, then a second one conflicts.
        QTcpSocket stream;
        stream.connectToHost(m_url.host(), quint16(m_url.port()));
        QVERIFY(stream.waitForConnected(5000));
        stream.write("GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
                     "Authorization: Bearer " +
                     QByteArray(kToken) + "\r\nMcp-Session-Id: " + session + "\r\n\r\n");
        QByteArray head;
        QElapsedTimer timer;
        timer.start();
        while (!head.contains("\r\n\r\n") && timer.elapsed() < 5000) {
            stream.waitForReadyRead(100);
            head += stream.readAll();
        }
        QVERIFY2(head.startsWith("HTTP/1.1 200"), head.constData());
        QVERIFY(head.toLower().contains("content-type: text/event-stream"));
        QCOMPARE(send("GET", {}, {{"Mcp-Session-Id", session}, {"Accept", "text/event-stream"}},
                      true, false)
                     .status,
                 409);
        stream.abort();

        QCOMPARE(send("DELETE", {}, {{"Mcp-Session-Id", session}}, true, false).status, 200);
        const Reply gone = send("POST", request(20, u"ping"_s), {{"Mcp-Session-Id", session}});
        QCOMPARE(gone.status, 404);
        // A transport refusal, not the code of a missing token.
        QCOMPARE(gone.json().value(u"error"_s).toObject().value(u"code"_s).toInt(), -32000);
    }

    void severalSessionsAtOnce()
    {
        const QByteArray a = openSession();
        const QByteArray b = openSession();
        QVERIFY(!a.isEmpty() && !b.isEmpty() && a != b);
        QCOMPARE(send("POST", request(1, u"ping"_s), {{"Mcp-Session-Id", a}}).status, 200);
        QCOMPARE(send("POST", request(1, u"ping"_s), {{"Mcp-Session-Id", b}}).status, 200);
    }

    void idleSessionsExpire()
    {
        const QByteArray session = openSession();
        QVERIFY(!session.isEmpty());
        QTest::qWait(3500); // --session-idle 2
        QCOMPARE(send("POST", request(1, u"ping"_s), {{"Mcp-Session-Id", session}}).status, 404);
    }

    void sessionsShareOneAdmissionGate()
    {
        // A second server with --parallel 1: a call in one session waits for a call in another.
        QProcess server;
        QByteArray err;
        const QUrl url = startHttpServer(server, m_workspace,
                                         {u"--token"_s, QString::fromLatin1(kToken),
                                          u"--parallel"_s, u"1"_s, u"--approve-destructive"_s},
                                         {runtimeEnv()}, &err);
        QVERIFY2(url.isValid(), err.constData());
        const QUrl saved = m_url;
        m_url = url;
        const QByteArray a = openSession();
        const QByteArray b = openSession();
        QVERIFY(!a.isEmpty() && !b.isEmpty());
        const auto post = [&](const QByteArray &session, const QJsonObject &message) {
            QNetworkRequest request(m_url);
            request.setRawHeader("Content-Type", "application/json");
            request.setRawHeader("Accept", "application/json, text/event-stream");
            request.setRawHeader("Authorization", QByteArray("Bearer ") + kToken);
            request.setRawHeader("Mcp-Session-Id", session);
            return m_net.post(request, QJsonDocument(message).toJson(QJsonDocument::Compact));
        };
        QList<QByteArray> finishedOrder;
        // A name only this call's command carries, to find its process by.
        const QString probe = u"grex-slot-probe-%1"_s.arg(QCoreApplication::applicationPid());
        QNetworkReply *slow = post(a, request(1, u"tools/call"_s,
                                              {{u"name"_s, u"exec"_s},
                                               {u"arguments"_s,
                                                QJsonObject{{u"cmd"_s, QJsonArray{u"sh"_s, u"-c"_s,
                                                                                  u"sleep 2"_s,
                                                                                  probe}},
                                                            {u"filter"_s, u"name=alpha"_s}}}}));
        connect(slow, &QNetworkReply::finished, this, [&] { finishedOrder.append("slow"); });
        // The slow call holds the one slot once its command runs, however long that takes.
        QTRY_VERIFY_WITH_TIMEOUT(
            !runProgram(u"pgrep"_s, {u"-f"_s, probe}, {}).outText().trimmed().isEmpty(), 60000);
        QNetworkReply *quick = post(b, request(1, u"tools/call"_s,
                                               {{u"name"_s, u"ls"_s}, {u"arguments"_s, QJsonObject{}}}));
        connect(quick, &QNetworkReply::finished, this, [&] { finishedOrder.append("quick"); });
        QTRY_COMPARE_WITH_TIMEOUT(finishedOrder.size(), 2, 30000);
        const QList<QByteArray> expected{"slow", "quick"};
        QCOMPARE(finishedOrder, expected);
        QVERIFY(quick->readAll().contains("\"id\":1"));
        slow->deleteLater();
        quick->deleteLater();
        m_url = saved;
        server.terminate();
        QVERIFY(server.waitForFinished(10000));
    }

    void perRequestCallsAreStateless()
    {
        const QJsonObject meta{
            {u"io.modelcontextprotocol/protocolVersion"_s, u"2026-07-28"_s},
            {u"io.modelcontextprotocol/clientCapabilities"_s, QJsonObject()},
            {u"io.modelcontextprotocol/clientInfo"_s,
             QJsonObject{{u"name"_s, u"tst-2026"_s}, {u"version"_s, u"1"_s}}}};
        const auto perRequest = [&](int id, const QString &method, QJsonObject params = {},
                                    const QJsonObject &envelope = {}) {
            params.insert(u"_meta"_s, envelope.isEmpty() ? meta : envelope);
            return request(id, method, params);
        };
        const auto headers = [](const QByteArray &method, const QByteArray &name = {}) {
            QList<std::pair<QByteArray, QByteArray>> list{{"MCP-Protocol-Version", "2026-07-28"},
                                                          {"Mcp-Method", method}};
            if (!name.isEmpty())
                list.append({"Mcp-Name", name});
            return list;
        };
        const auto code = [](const Reply &r) {
            return r.json().value(u"error"_s).toObject().value(u"code"_s).toInt();
        };

        const Reply discovered =
            send("POST", perRequest(1, u"server/discover"_s), headers("server/discover"));
        QCOMPARE(discovered.status, 200);
        QVERIFY(discovered.header("Mcp-Session-Id").isEmpty()); // no sessions in this revision
        QCOMPARE(discovered.json().value(u"result"_s).toObject().value(u"resultType"_s).toString(),
                 u"complete"_s);

        // A call streams, and its answer carries the client's id, not the transport's.
        const QJsonObject ls{{u"name"_s, u"ls"_s}, {u"arguments"_s, QJsonObject()}};
        const Reply called =
            send("POST", perRequest(7, u"tools/call"_s, ls), headers("tools/call", "ls"));
        QCOMPARE(called.status, 200);
        QCOMPARE(called.header("Content-Type"), QByteArray("text/event-stream"));
        QCOMPARE(called.events().constLast().value(u"id"_s).toInt(), 7);
        // Mcp-Name may come base64-encoded.
        QCOMPARE(send("POST", perRequest(8, u"tools/call"_s, ls),
                      headers("tools/call", "=?base64?bHM=?="))
                     .events()
                     .constLast()
                     .value(u"id"_s)
                     .toInt(),
                 8);

        // Headers that disagree with the body, or are missing: -32020 with the request's id.
        const Reply wrongName =
            send("POST", perRequest(9, u"tools/call"_s, ls), headers("tools/call", "status"));
        QCOMPARE(wrongName.status, 400);
        QCOMPARE(code(wrongName), -32020);
        QCOMPARE(wrongName.json().value(u"id"_s).toInt(), 9);
        QCOMPARE(code(send("POST", perRequest(10, u"tools/call"_s, ls), headers("tools/call"))),
                 -32020);
        QCOMPARE(code(send("POST", perRequest(11, u"tools/list"_s),
                           {{"MCP-Protocol-Version", "2026-07-28"}})),
                 -32020);
        QCOMPARE(code(send("POST", perRequest(12, u"tools/list"_s),
                           {{"MCP-Protocol-Version", "2025-11-25"}, {"Mcp-Method", "tools/list"}})),
                 -32020);

        // Methods this revision does not have: 404.
        const Reply ping = send("POST", perRequest(13, u"ping"_s), headers("ping"));
        QCOMPARE(ping.status, 404);
        QCOMPARE(code(ping), -32601);
        // A broken envelope: 400 with -32602; a revision grex does not serve: -32022.
        QJsonObject broken = meta;
        broken.remove(u"io.modelcontextprotocol/clientCapabilities"_s);
        const Reply noCaps =
            send("POST", perRequest(14, u"tools/list"_s, {}, broken), headers("tools/list"));
        QCOMPARE(noCaps.status, 400);
        QCOMPARE(code(noCaps), -32602);
        QJsonObject ancient = meta;
        ancient.insert(u"io.modelcontextprotocol/protocolVersion"_s, u"2024-01-01"_s);
        const Reply unsupported =
            send("POST", perRequest(15, u"tools/list"_s, {}, ancient),
                 {{"MCP-Protocol-Version", "2024-01-01"}, {"Mcp-Method", "tools/list"}});
        QCOMPARE(unsupported.status, 400);
        QCOMPARE(code(unsupported), -32022);
        // What the refusal lists as supported, server/discover lists too, and it names what was
        // asked for.
        const QJsonObject refusalData =
            unsupported.json().value(u"error"_s).toObject().value(u"data"_s).toObject();
        QCOMPARE(refusalData.value(u"requested"_s).toString(), u"2024-01-01"_s);
        const QJsonArray discoveredVersions =
            send("POST", perRequest(17, u"server/discover"_s), headers("server/discover"))
                .json()
                .value(u"result"_s)
                .toObject()
                .value(u"supportedVersions"_s)
                .toArray();
        QVERIFY(!refusalData.value(u"supported"_s).toArray().isEmpty());
        for (const QJsonValue &version : refusalData.value(u"supported"_s).toArray())
            QVERIFY2(discoveredVersions.contains(version), qPrintable(version.toString()));
        // A header and a body that disagree are a mismatch, even when the body's revision is
        // one grex does not serve (the conformance suite's check).
        const Reply mismatch =
            send("POST", perRequest(18, u"tools/list"_s, {}, ancient), headers("tools/list"));
        QCOMPARE(mismatch.status, 400);
        QCOMPARE(code(mismatch), -32020);
        // The header names 2026-07-28 but the body has no envelope.
        const Reply bare = send("POST", request(16, u"tools/list"_s), headers("tools/list"));
        QCOMPARE(bare.status, 400);
        QCOMPARE(code(bare), -32602);
        // A 2026-era notification is accepted without a session.
        QCOMPARE(send("POST",
                      {{u"jsonrpc"_s, u"2.0"_s},
                       {u"method"_s, u"notifications/cancelled"_s},
                       {u"params"_s, QJsonObject{{u"requestId"_s, 99}, {u"_meta"_s, meta}}}})
                     .status,
                 202);
    }

    void primedStreamsResume()
    {
        // 2025-11-25: a call's stream starts with an id and a retry time, and a client that
        // lost it gets the rest with GET and Last-Event-ID.
        QProcess server;
        QByteArray err;
        const QUrl url = startHttpServer(server, m_workspace,
                                         {u"--token"_s, QString::fromLatin1(kToken),
                                          u"--approve-destructive"_s},
                                         {runtimeEnv()}, &err);
        QVERIFY2(url.isValid(), err.constData());
        const QUrl saved = m_url;
        m_url = url;
        QJsonObject init = initialize();
        QJsonObject params = init.value(u"params"_s).toObject();
        params.insert(u"protocolVersion"_s, u"2025-11-25"_s);
        init.insert(u"params"_s, params);
        const Reply opened = send("POST", init);
        const QByteArray session = opened.header("Mcp-Session-Id");
        QCOMPARE(send("POST",
                      {{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/initialized"_s}},
                      {{"Mcp-Session-Id", session}, {"MCP-Protocol-Version", "2025-11-25"}})
                     .status,
                 202);
        const QList<std::pair<QByteArray, QByteArray>> sessionHeaders{
            {"Mcp-Session-Id", session}, {"MCP-Protocol-Version", "2025-11-25"}};

        const Reply quick = send("POST",
                                 request(2, u"tools/call"_s,
                                         {{u"name"_s, u"ls"_s}, {u"arguments"_s, QJsonObject()}}),
                                 sessionHeaders);
        QVERIFY2(quick.body.startsWith("id: 1-0\nretry: 3000\ndata: \n\n"), quick.body.constData());
        QVERIFY(quick.body.contains("\nid: 1-1\nevent: message\ndata: "));

        // A slow call whose stream the client drops after the priming event.
        QNetworkRequest slow(m_url);
        slow.setRawHeader("Content-Type", "application/json");
        slow.setRawHeader("Accept", "application/json, text/event-stream");
        slow.setRawHeader("Authorization", QByteArray("Bearer ") + kToken);
        for (const auto &[key, value] : sessionHeaders)
            slow.setRawHeader(key, value);
        QNetworkReply *dropped = m_net.post(
            slow, QJsonDocument(request(3, u"tools/call"_s,
                                        {{u"name"_s, u"exec"_s},
                                         {u"arguments"_s,
                                          QJsonObject{{u"cmd"_s, QJsonArray{u"sleep"_s, u"1"_s}},
                                                      {u"filter"_s, u"name=alpha"_s}}}}))
                      .toJson(QJsonDocument::Compact));
        QByteArray primed;
        connect(dropped, &QNetworkReply::readyRead, this, [&] { primed += dropped->readAll(); });
        QTRY_VERIFY_WITH_TIMEOUT(primed.contains("retry: 3000"), 10000);
        const QByteArray streamId = primed.mid(4, primed.indexOf('-') - 4);
        dropped->abort();
        dropped->deleteLater();

        QList<std::pair<QByteArray, QByteArray>> resume = sessionHeaders;
        resume.append({"Last-Event-ID", streamId + "-0"});
        const Reply resumed = send("GET", {}, resume);
        QCOMPARE(resumed.status, 200);
        QCOMPARE(resumed.events().constLast().value(u"id"_s).toInt(), 3);
        QVERIFY(!resumed.events().constLast().value(u"result"_s).toObject().value(u"isError"_s)
                     .toBool());
        resume.last().second = "77-0";
        QCOMPARE(send("GET", {}, resume).status, 404);
        m_url = saved;
        server.terminate();
        QVERIFY(server.waitForFinished(10000));
    }

    void beyondLoopbackNeedsAToken()
    {
        RunOptions options;
        options.workDir = m_workspace;
        options.env << u"GREX_MCP_TOKEN="_s;
        const RunResult r = runGrex({u"serve"_s, u"--http"_s, u"0.0.0.0:0"_s}, options);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--token"), r.err.constData());
        const RunResult bad = runGrex({u"serve"_s, u"--http"_s, u"127.0.0.1:99999"_s}, options);
        QCOMPARE(bad.exitCode, 2);
        const RunResult stray = runGrex({u"serve"_s, u"--token"_s, u"x"_s}, options);
        QCOMPARE(stray.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(tst_McpHttp)
#include "tst_mcphttp.moc"
