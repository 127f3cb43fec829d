// The parts of an MCP session on their own, without JSON-RPC parsing or a transport: each
// dialect (handshake, per-request), the listeners and the tasks. tst_mcpsession and
// tst_mcprevisions drive them together through Session.

#include "mcp/handshake.h"
#include "mcp/listeners.h"
#include "mcp/perrequest.h"
#include "mcp/tasks.h"
#include "mcpframes.h"
#include "core/jsonrpccodes.h"
#include "core/verbs/verbregistry.h"
#include "support/workspacefixture.h"

#include <QTemporaryDir>
#include <QTest>

#include <thread>

using namespace Grex;
using namespace Grex::Mcp;
using namespace Grex::Test;

namespace {

QJsonObject envelope(const QString &version = u"2026-07-28"_s, const QString &client = u"c"_s)
{
    return {
        {u"_meta"_s, QJsonObject{{u"io.modelcontextprotocol/protocolVersion"_s, version},
                                 {u"io.modelcontextprotocol/clientCapabilities"_s, QJsonObject()},
                                 {u"io.modelcontextprotocol/clientInfo"_s,
                                  QJsonObject{{u"name"_s, client}, {u"version"_s, u"1"_s}}}}}};
}

QJsonObject plain(const JsonObject &object)
{
    return JsonValue(object).toQJsonValue().toObject();
}

bool isMethod(const QJsonObject &frame, const QString &method)
{
    return frame.value(u"method"_s).toString() == method;
}

} // namespace

class TestMcpParts : public QObject
{
    Q_OBJECT

private slots:
    void handshakeServesNothingBeforeInitialize()
    {
        Handshake handshake;
        const std::optional<ProtocolFault> refused = handshake.admit();
        QVERIFY(refused);
        QCOMPARE(refused->code, JsonRpc::InvalidRequest);
        QVERIFY(!handshake.mayLog(u"error"_s));
        QVERIFY(!handshake.ready());

        const auto agreed = handshake.initialize(QJsonObject{
            {u"protocolVersion"_s, u"2025-11-25"_s},
            {u"clientInfo"_s, QJsonObject{{u"name"_s, u"tst"_s}, {u"version"_s, u"3"_s}}}});
        const RequestScope *scope = std::get_if<RequestScope>(&agreed);
        QVERIFY(scope);
        QCOMPARE(scope->revision, Revision::V2025_11_25);
        QCOMPARE(scope->grantee(), u"session: tst 3"_s);
        QVERIFY(!handshake.admit());
        // Requests are served now, but log messages wait for notifications/initialized.
        QVERIFY(!handshake.mayLog(u"error"_s));
        handshake.initialized();
        QVERIFY(handshake.ready());
        QVERIFY(handshake.mayLog(u"info"_s));
        QVERIFY(!handshake.mayLog(u"debug"_s));
    }

    void handshakeAgreesOnceAndOnARevisionItSpeaks()
    {
        Handshake handshake;
        const auto malformed = handshake.initialize(QJsonObject{{u"protocolVersion"_s, 7}});
        QCOMPARE(std::get<ProtocolFault>(malformed).code, JsonRpc::InvalidParams);
        // An initialize asking for a revision grex does not speak gets the newest handshake one.
        const auto agreed =
            handshake.initialize(QJsonObject{{u"protocolVersion"_s, u"2031-01-01"_s}});
        QCOMPARE(std::get<RequestScope>(agreed).revision, Revision::V2025_11_25);
        const auto again =
            handshake.initialize(QJsonObject{{u"protocolVersion"_s, u"2025-06-18"_s}});
        QCOMPARE(std::get<ProtocolFault>(again).code, JsonRpc::InvalidRequest);
        // A second one is refused as such, even when it is malformed too.
        const auto malformedAgain = handshake.initialize(QJsonObject{{u"protocolVersion"_s, 7}});
        QCOMPARE(std::get<ProtocolFault>(malformedAgain).code, JsonRpc::InvalidRequest);
        QCOMPARE(handshake.scope().revision, Revision::V2025_11_25);
    }

    void handshakeLogLevels()
    {
        Handshake handshake;
        handshake.initialize(QJsonObject{{u"protocolVersion"_s, u"2025-06-18"_s}});
        handshake.initialized();
        const std::optional<ProtocolFault> unknown =
            handshake.setLogLevel(QJsonObject{{u"level"_s, u"loud"_s}});
        QVERIFY(unknown);
        QVERIFY(unknown->message.contains(u"'loud'"_s));
        QVERIFY(unknown->message.contains(u"warning"_s));
        QVERIFY(!handshake.setLogLevel(QJsonObject{{u"level"_s, u"error"_s}}));
        QVERIFY(!handshake.mayLog(u"warning"_s));
        QVERIFY(handshake.mayLog(u"critical"_s));
        QCOMPARE(handshake.scope().logLevel, u"error"_s);
    }

    void handshakeWaitEndsWhenReadyStoppedOrClosed()
    {
        Handshake handshake;
        std::stop_source stopped;
        stopped.request_stop();
        QVERIFY(!handshake.waitReady(stopped.get_token()));

        std::jthread closer([&] {
            std::this_thread::sleep_for(20ms);
            handshake.close();
        });
        QVERIFY(handshake.waitReady(std::stop_source().get_token()));
    }

    void perRequestScopeComesFromTheEnvelope()
    {
        const auto read = PerRequest::scopeOf(u"tools/list"_s, envelope());
        const RequestScope *scope = std::get_if<RequestScope>(&read);
        QVERIFY(scope);
        QCOMPARE(scope->revision, Revision::V2026_07_28);
        QVERIFY(scope->perRequest());
        QCOMPARE(scope->grantee(), u"2026-07-28: c 1"_s);
        QVERIFY(scope->logLevel.isEmpty());

        // A handshake method is not one of this dialect.
        const auto initialize = PerRequest::scopeOf(u"initialize"_s, envelope());
        QCOMPARE(std::get<ProtocolFault>(initialize).code, JsonRpc::MethodNotFound);
        const auto unknown = PerRequest::scopeOf(u"tools/list"_s, envelope(u"2099-01-01"_s));
        QCOMPARE(std::get<ProtocolFault>(unknown).code, JsonRpc::UnsupportedProtocolVersion);
        QJsonObject broken = envelope();
        broken.insert(u"_meta"_s,
                      QJsonObject{{u"io.modelcontextprotocol/protocolVersion"_s, u"2026-07-28"_s}});
        const auto missing = PerRequest::scopeOf(u"tools/list"_s, broken);
        QCOMPARE(std::get<ProtocolFault>(missing).code, JsonRpc::InvalidParams);
    }

    void perRequestResultsNameTheServerAndTheirCaching()
    {
        const RequestScope scope =
            std::get<RequestScope>(PerRequest::scopeOf(u"tools/list"_s, envelope()));
        JsonObject result{{u"tools"_s, JsonArray()}};
        PerRequest::complete(scope, result, Cacheable{5000, u"public"_s});
        const QJsonObject done = plain(result);
        QCOMPARE(done.value(u"resultType"_s).toString(), u"complete"_s);
        QCOMPARE(done.value(u"ttlMs"_s).toInteger(), 5000);
        QCOMPARE(done.value(u"cacheScope"_s).toString(), u"public"_s);
        const QJsonObject server = done.value(u"_meta"_s)
                                       .toObject()
                                       .value(u"io.modelcontextprotocol/serverInfo"_s)
                                       .toObject();
        QCOMPARE(server.value(u"name"_s).toString(), u"grex"_s);
        QVERIFY(!server.contains(u"icons"_s)); // only discovery carries the icon

        // A question for the client is no answer to cache.
        JsonObject asking{{u"resultType"_s, u"input_required"_s}};
        PerRequest::complete(scope, asking, Cacheable{5000, u"public"_s});
        QVERIFY(!plain(asking).contains(u"ttlMs"_s));

        const QJsonObject discovery = plain(PerRequest::discovery(scope));
        QVERIFY(discovery.value(u"supportedVersions"_s).toArray().contains(u"2026-07-28"_s));
        QVERIFY(discovery.value(u"capabilities"_s)
                    .toObject()
                    .value(u"extensions"_s)
                    .toObject()
                    .contains(u"io.modelcontextprotocol/tasks"_s));
    }

    void perRequestTellsTheWindowOfEachNewClient()
    {
        PerRequest dialect;
        const auto scopeOf = [](const QString &client) {
            return std::get<RequestScope>(
                PerRequest::scopeOf(u"tools/list"_s, envelope(u"2026-07-28"_s, client)));
        };
        QVERIFY(dialect.isNewClient(scopeOf(u"a"_s)));
        QVERIFY(!dialect.isNewClient(scopeOf(u"a"_s)));
        QVERIFY(dialect.isNewClient(scopeOf(u"b"_s)));
        QVERIFY(!dialect.isNewClient(scopeOf(QString())));
    }

    void listenersHearWhatTheyAskedFor()
    {
        QTemporaryDir tmp;
        Recorder frames;
        Outbox out(frames);
        bool handshakeReady = false;
        Listeners listeners(initialisedWorkspace(tmp.filePath(u"ws"_s)), out,
                            [&] { return handshakeReady; });
        const RequestScope scope =
            std::get<RequestScope>(PerRequest::scopeOf(u"subscriptions/listen"_s, envelope()));

        listeners.listen(
            scope, JsonValue(u"all"_s),
            QJsonObject{{u"notifications"_s, QJsonObject{{u"resourcesListChanged"_s, true},
                                                         {u"resourceSubscriptions"_s,
                                                          QJsonArray{u"grex://workspace/status"_s,
                                                                     u"file:///etc/passwd"_s}}}}},
            [](const QString &) { return false; });
        const QJsonObject ack = frames.waitFor([](const QJsonObject &o) {
            return isMethod(o, u"notifications/subscriptions/acknowledged"_s);
        });
        const QJsonObject honoured =
            ack.value(u"params"_s).toObject().value(u"notifications"_s).toObject();
        QCOMPARE(honoured.value(u"resourceSubscriptions"_s).toArray(),
                 QJsonArray{u"grex://workspace/status"_s}); // only the workspace's own
        QVERIFY(listeners.has(idKey(JsonValue(u"all"_s))));

        // Nothing to hear of: answered and over at once.
        listeners.listen(scope, JsonValue(u"none"_s),
                         QJsonObject{{u"notifications"_s, QJsonObject()}},
                         [](const QString &) { return false; });
        QVERIFY(frames.response(u"none"_s).contains(u"result"_s));
        QVERIFY(!listeners.has(idKey(JsonValue(u"none"_s))));

        listeners.workspaceChanged(true, {u"a"_s});
        QCOMPARE(frames.count([](const QJsonObject &o) {
            return isMethod(o, u"notifications/resources/list_changed"_s) &&
                   o.value(u"params"_s).toObject().contains(u"_meta"_s);
        }),
                 1);
        QCOMPARE(frames.count([](const QJsonObject &o) {
            return isMethod(o, u"notifications/resources/updated"_s);
        }),
                 1);
        // The handshake client hears of it only once it is ready.
        QCOMPARE(frames.count([](const QJsonObject &o) {
            return isMethod(o, u"notifications/resources/list_changed"_s) &&
                   !o.value(u"params"_s).toObject().contains(u"_meta"_s);
        }),
                 0);
        handshakeReady = true;
        listeners.end(idKey(JsonValue(u"all"_s)));
        listeners.workspaceChanged(true, {u"a"_s, u"b"_s});
        QCOMPARE(frames.count([](const QJsonObject &o) {
            return isMethod(o, u"notifications/resources/list_changed"_s);
        }),
                 2);
        QCOMPARE(frames.count([](const QJsonObject &o) {
            return isMethod(o, u"notifications/resources/updated"_s);
        }),
                 1);
    }

    void taskAsksAndIsAnsweredByUpdate()
    {
        QTemporaryDir tmp;
        Recorder frames;
        Outbox out(frames);
        Listeners listeners(initialisedWorkspace(tmp.filePath(u"ws"_s)), out, [] { return false; });
        Tasks tasks(out, listeners);
        QJsonObject withTasks = envelope();
        QJsonObject meta = withTasks.value(u"_meta"_s).toObject();
        meta.insert(u"io.modelcontextprotocol/clientCapabilities"_s,
                    QJsonObject{{u"extensions"_s, QJsonObject{{u"io.modelcontextprotocol/tasks"_s,
                                                               QJsonObject()}}}});
        withTasks.insert(u"_meta"_s, meta);
        const RequestScope scope =
            std::get<RequestScope>(PerRequest::scopeOf(u"tools/call"_s, withTasks));
        const VerbSpec *sync = findVerb(u"sync"_s);
        QVERIFY(sync);
        QVERIFY(Tasks::runsAsTask(scope, *sync));
        QVERIFY(!Tasks::runsAsTask(scope, *findVerb(u"ls"_s)));

        auto call = std::make_shared<ToolCall>();
        call->id = JsonValue(7);
        call->verb = sync;
        call->scope = scope;
        const auto opened = tasks.open(call);
        const QJsonObject handle = plain(std::get<JsonObject>(opened));
        QCOMPARE(handle.value(u"resultType"_s).toString(), u"task"_s);
        QCOMPARE(handle.value(u"status"_s).toString(), u"working"_s);
        const QString taskId = handle.value(u"taskId"_s).toString();
        QCOMPARE(taskId.size(), 32);
        QCOMPARE(call->key(), idKey(JsonValue(u"task-"_s + taskId)));
        QVERIFY(tasks.exists(taskId));

        std::optional<QJsonObject> answer;
        std::jthread asking([&] {
            answer =
                tasks.ask(*call, JsonObject{{u"params"_s, JsonObject{{u"message"_s, u"Allow?"_s}}}},
                          20s, std::stop_source().get_token());
        });
        QString key;
        int polls = 0;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const QString poll = u"get%1"_s.arg(++polls);
                tasks.handle(scope, JsonValue(poll), u"tasks/get"_s,
                             QJsonObject{{u"taskId"_s, taskId}});
                const QJsonObject got = frames.response(poll).value(u"result"_s).toObject();
                if (got.value(u"status"_s).toString() != u"input_required")
                    return false;
                key = got.value(u"inputRequests"_s).toObject().keys().value(0);
                return true;
            }(),
            10000);
        // An answer to a question the task did not ask is dropped.
        tasks.handle(scope, JsonValue(u"u1"_s), u"tasks/update"_s,
                     QJsonObject{{u"taskId"_s, taskId},
                                 {u"inputResponses"_s, QJsonObject{{u"other"_s, 1}}}});
        tasks.handle(scope, JsonValue(u"u2"_s), u"tasks/update"_s,
                     QJsonObject{{u"taskId"_s, taskId},
                                 {u"inputResponses"_s,
                                  QJsonObject{{key, QJsonObject{{u"action"_s, u"accept"_s}}}}}});
        asking.join();
        QVERIFY(answer);
        QCOMPARE(answer->value(u"action"_s).toString(), u"accept"_s);

        tasks.finish(*call, Result<JsonValue>(JsonValue(JsonObject{{u"ok"_s, true}})),
                     JsonObject{{u"isError"_s, false}}, JsonObject());
        tasks.handle(scope, JsonValue(u"done"_s), u"tasks/get"_s,
                     QJsonObject{{u"taskId"_s, taskId}});
        const QJsonObject done = frames.response(u"done"_s).value(u"result"_s).toObject();
        QCOMPARE(done.value(u"status"_s).toString(), u"completed"_s);
        QCOMPARE(done.value(u"result"_s).toObject().value(u"isError"_s), QJsonValue(false));

        tasks.handle(scope, JsonValue(u"lost"_s), u"tasks/get"_s,
                     QJsonObject{{u"taskId"_s, u"nope"_s}});
        QCOMPARE(frames.response(u"lost"_s).value(u"error"_s).toObject().value(u"code"_s).toInt(),
                 JsonRpc::InvalidParams);
    }
};

QTEST_GUILESS_MAIN(TestMcpParts)
#include "tst_mcpparts.moc"
