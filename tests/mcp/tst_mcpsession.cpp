#include "support/grexrunner.h"
#include "core/operationcontext.h"
#include "support/remotebuilder.h"
#include "mcp/session.h"
#include "mcpframes.h"
#include "mcp/stdioserver.h"
#include "mcp/tools.h"
#include "core/workspace.h"
#include "support/workspacefixture.h"

#include <QFileInfo>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <condition_variable>
#include <mutex>

using namespace Grex;
using namespace Grex::Mcp;
using namespace Grex::Test;
using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

// The MCP session over in-memory frames: the MCP conformance rules that apply to a stdio server,
// and grex's own (docs/design.md, "MCP transport and framing" and the sections after it).
class tst_McpSession : public QObject, public Grex::Test::WorkspaceCases
{
    Q_OBJECT

    static ServerConfig config(const Workspace &ws)
    {
        ServerConfig c;
        c.workspace = ws;
        c.toolCalls = 4;
        c.width = Width::chosen(2);
        c.endOfInputGraceMs = 5000;
        return c;
    }

    // A session past initialize and notifications/initialized.
    static void start(Session &session, Recorder &out, const QJsonObject &capabilities = {})
    {
        session.receive(request(0, u"initialize"_s, initializeParams(capabilities)));
        QVERIFY(out.response(0).contains(u"result"_s));
        session.receive(notification(u"notifications/initialized"_s));
    }

private Q_SLOTS:
    void initTestCase()
    {
        RemoteBuilder builder(m_remotes);
        for (const QString &name : {u"alpha"_s, u"beta"_s})
            builder.create(name, RemoteBuilder::packFiles(name, u"declarative"_s));
        builder.create(u"sleeper"_s,
                       {{u".grex/pack.yaml"_s,
                         RemoteBuilder::packYaml(u"sleeper"_s, u"declarative"_s,
                                                 "actions:\n  - exec: {cmd: [sleep, '30']}\n")}});
    }

    void framingAndLifecycle()
    {
        Recorder out;
        Session session(config(workspaceWith({u"alpha"_s})), out);
        // Before initialize: ping works, other requests are refused, notifications ignored.
        session.receive(request(1, u"ping"_s));
        QCOMPARE(out.response(1).value(u"result"_s).toObject(), QJsonObject());
        session.receive(request(2, u"tools/list"_s));
        QJsonObject refused = out.response(2).value(u"error"_s).toObject();
        QCOMPARE(refused.value(u"code"_s).toInt(), -32600);
        QCOMPARE(refused.value(u"data"_s).toObject().value(u"kind"_s).toString(), u"init_state"_s);
        // initialize without a version: invalid params; with an unknown one: ours offered.
        session.receive(request(3, u"initialize"_s, {{u"capabilities"_s, QJsonObject()}}));
        QCOMPARE(out.response(3).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32602);
        QJsonObject params = initializeParams();
        params.insert(u"protocolVersion"_s, u"1999-01-01"_s);
        session.receive(request(u"init"_s, u"initialize"_s, params));
        const QJsonObject init = out.response(u"init"_s).value(u"result"_s).toObject();
        // An unknown revision gets the newest legacy one (initialize is legacy by definition).
        QCOMPARE(init.value(u"protocolVersion"_s).toString(), u"2025-11-25"_s);
        QCOMPARE(init.value(u"serverInfo"_s).toObject().value(u"name"_s).toString(), u"grex"_s);
        QVERIFY(init.value(u"capabilities"_s).toObject().contains(u"tools"_s));
        session.receive(request(4, u"initialize"_s, initializeParams()));
        QCOMPARE(out.response(4).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32600);
        session.receive(notification(u"notifications/initialized"_s));
        session.receive(notification(u"notifications/whatever"_s));

        // Ids echo with their type; garbage, batches, null ids and unknown methods.
        session.receive(request(u"7"_s, u"ping"_s));
        session.receive(request(7, u"ping"_s));
        QVERIFY(out.response(u"7"_s).contains(u"result"_s));
        QVERIFY(out.response(7).contains(u"result"_s));
        const int before = int(out.frames().size());
        session.receive("not json at all");
        session.receive(R"([{"jsonrpc":"2.0","id":8,"method":"ping"}])");
        session.receive(R"({"jsonrpc":"2.0","id":null,"method":"ping"})");
        session.receive(R"({"jsonrpc":"1.0","id":9,"method":"ping"})");
        session.receive("");
        session.receive("\r");
        session.lineTooLong();
        session.receive(request(10, u"no/such/method"_s));
        QCOMPARE(out.response(10).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32601);
        const QList<QByteArray> frames = out.frames().mid(before);
        QCOMPARE(frames.size(), 6);
        const QJsonObject parse = QJsonDocument::fromJson(frames.at(0)).object();
        QCOMPARE(parse.value(u"error"_s).toObject().value(u"code"_s).toInt(), -32700);
        QVERIFY(parse.value(u"id"_s).isNull());
        const QJsonObject batch = QJsonDocument::fromJson(frames.at(1)).object();
        QCOMPARE(batch.value(u"error"_s).toObject().value(u"code"_s).toInt(), -32600);
        QVERIFY(batch.value(u"id"_s).isNull());
        QCOMPARE(QJsonDocument::fromJson(frames.at(2))
                     .object()
                     .value(u"error"_s)
                     .toObject()
                     .value(u"code"_s)
                     .toInt(),
                 -32600);
        QCOMPARE(QJsonDocument::fromJson(frames.at(3)).object().value(u"id"_s).toInt(), 9);
        const QJsonObject tooLong = QJsonDocument::fromJson(frames.at(4)).object();
        QCOMPARE(tooLong.value(u"error"_s)
                     .toObject()
                     .value(u"data"_s)
                     .toObject()
                     .value(u"kind"_s)
                     .toString(),
                 u"line_too_long"_s);
        // Every frame: one line of JSON-RPC 2.0, result or error but never both.
        for (const QByteArray &frame : out.frames()) {
            QVERIFY(!frame.contains('\n'));
            const QJsonObject o = QJsonDocument::fromJson(frame).object();
            QCOMPARE(o.value(u"jsonrpc"_s).toString(), u"2.0"_s);
            QVERIFY(o.contains(u"result"_s) != o.contains(u"error"_s));
        }
        // logging/setLevel checks its level.
        session.receive(request(11, u"logging/setLevel"_s, {{u"level"_s, u"verbose"_s}}));
        QCOMPARE(out.response(11).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32602);
        session.receive(request(12, u"logging/setLevel"_s, {{u"level"_s, u"warning"_s}}));
        QCOMPARE(out.response(12).value(u"result"_s).toObject(), QJsonObject());
    }

    // fuzz_session trips on it under UBSan: an id of 1e300 was converted to qint64 (undefined
    // behaviour; on x86 it became -2^63), and so was a progress token, which then echoed as
    // another number.
    void idsBeyondIntegers()
    {
        QVERIFY(isRequestId(QJsonValue(u"x"_s)));
        QVERIFY(isRequestId(QJsonValue(7.0)));
        QVERIFY(isRequestId(QJsonValue(-9223372036854775808.0)));
        QVERIFY(!isRequestId(QJsonValue(7.5)));
        QVERIFY(!isRequestId(QJsonValue(9223372036854775808.0)));
        QVERIFY(!isRequestId(QJsonValue(1e300)));
        QVERIFY(!isRequestId(QJsonValue(-1e300)));
        QCOMPARE(requestKey(QJsonValue(7.0)), QByteArray("7"));
        QCOMPARE(requestKey(QJsonValue(1e300)), QByteArray("1e+300"));
        QVERIFY(requestKey(QJsonValue(2.5)) != requestKey(QJsonValue(2)));

        Recorder out;
        Session session(config(workspaceWith({})), out);
        session.receive(R"({"jsonrpc":"2.0","id":1e300,"method":"ping"})");
        session.receive(request(1, u"ping"_s));
        QVERIFY(out.response(1).contains(u"result"_s));
        const QJsonObject refused = QJsonDocument::fromJson(out.frames().first()).object();
        QVERIFY(refused.value(u"id"_s).isNull());
        QCOMPARE(refused.value(u"error"_s).toObject().value(u"code"_s).toInt(), -32600);
    }

    void toolCatalogue()
    {
        Recorder out;
        Session session(config(workspaceWith({})), out);
        start(session, out);
        session.receive(request(1, u"tools/list"_s));
        const QJsonArray tools =
            out.response(1).value(u"result"_s).toObject().value(u"tools"_s).toArray();
        QStringList names;
        for (const QJsonValue &value : tools) {
            const QJsonObject tool = value.toObject();
            names.append(tool.value(u"name"_s).toString());
            const QJsonObject schema = tool.value(u"inputSchema"_s).toObject();
            QCOMPARE(schema.value(u"type"_s).toString(), u"object"_s);
            QCOMPARE(schema.value(u"additionalProperties"_s).toBool(true), false);
            const QJsonObject hints = tool.value(u"annotations"_s).toObject();
            for (const QString &hint :
                 {u"readOnlyHint"_s, u"destructiveHint"_s, u"idempotentHint"_s, u"openWorldHint"_s})
                QVERIFY2(hints.value(hint).isBool(), qPrintable(names.last() + u' ' + hint));
            const bool destructive = names.last() == u"rm" || names.last() == u"run" ||
                                     names.last() == u"exec" || names.last() == u"task-abandon" ||
                                     names.last() == u"discard";
            QCOMPARE(hints.value(u"destructiveHint"_s).toBool(), destructive);
            if (tool.contains(u"outputSchema"_s))
                QCOMPARE(tool.value(u"outputSchema"_s).toObject().value(u"type"_s).toString(),
                         u"object"_s);
        }
        QCOMPARE(names, (QStringList{u"init"_s,          u"add"_s,         u"rm"_s,
                                     u"tag"_s,           u"ls"_s,          u"status"_s,
                                     u"sync"_s,          u"update"_s,      u"doctor"_s,
                                     u"import"_s,        u"run"_s,         u"exec"_s,
                                     u"safe-to-leave"_s, u"switch"_s,      u"stash"_s,
                                     u"discard"_s,       u"commit"_s,      u"push"_s,
                                     u"task-start"_s,    u"task-status"_s, u"task-diff"_s,
                                     u"task-commit"_s,   u"task-push"_s,   u"task-finish"_s,
                                     u"task-abandon"_s}));
        const auto schemaOf = [&](const QString &name) {
            return tools.at(names.indexOf(name)).toObject().value(u"inputSchema"_s).toObject();
        };
        QVERIFY(!schemaOf(u"exec"_s).value(u"properties"_s).toObject().contains(u"shell"_s));
        QCOMPARE(schemaOf(u"exec"_s).value(u"required"_s).toArray(), QJsonArray{u"cmd"_s});
        QVERIFY(!schemaOf(u"doctor"_s).value(u"properties"_s).toObject().contains(u"fix"_s));

        // Unknown tool and bad arguments are protocol errors.
        session.receive(toolCall(2, u"serve"_s));
        QCOMPARE(out.response(2).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32602);
        session.receive(
            toolCall(3, u"exec"_s, {{u"cmd"_s, QJsonArray{u"true"_s}}, {u"shell"_s, true}}));
        QCOMPARE(out.response(3).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32602);
        session.receive(toolCall(4, u"ls"_s, {{u"long"_s, u"yes"_s}}));
        QCOMPARE(out.response(4).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32602);
        session.receive(toolCall(5, u"exec"_s, {{u"cmd"_s, QJsonArray()}}));
        QCOMPARE(out.response(5).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32602);
    }

    // grex serve --read-only and --tools: the tools left out are neither listed nor callable,
    // and the resources stay.
    void agentSafeModes()
    {
        const Workspace ws = workspaceWith({u"alpha"_s});
        ServerConfig readOnly = config(ws);
        readOnly.tools = readOnlyToolNames();
        QCOMPARE(readOnly.tools, (QStringList{u"ls"_s, u"status"_s, u"doctor"_s, u"safe-to-leave"_s,
                                              u"task-status"_s, u"task-diff"_s}));
        Recorder out;
        Session session(readOnly, out);
        start(session, out);
        session.receive(request(1, u"tools/list"_s));
        QStringList names;
        for (const QJsonValue &tool :
             out.response(1).value(u"result"_s).toObject().value(u"tools"_s).toArray())
            names.append(tool.toObject().value(u"name"_s).toString());
        QCOMPARE(names, readOnly.tools);
        session.receive(toolCall(2, u"rm"_s, {{u"path"_s, u"alpha"_s}}));
        const QJsonObject refused = out.response(2).value(u"error"_s).toObject();
        QCOMPARE(refused.value(u"code"_s).toInt(), -32602);
        QCOMPARE(refused.value(u"message"_s).toString(), u"unknown tool 'rm'"_s);
        // A name with hidden characters is shown escaped; data keeps it as it came.
        const QString hostile = u"sy"_s + QChar(0) + u"nc\u202E"_s;
        session.receive(toolCall(5, hostile));
        const QJsonObject hidden = out.response(5).value(u"error"_s).toObject();
        QCOMPARE(hidden.value(u"message"_s).toString(), u"unknown tool 'sy\\x00nc\\u{202E}'"_s);
        QCOMPARE(hidden.value(u"data"_s).toObject().value(u"tool"_s).toString(), hostile);
        QVERIFY(QFileInfo(ws.packDir(u"alpha"_s)).isDir());
        session.receive(toolCall(3, u"status"_s));
        QVERIFY(out.response(3).contains(u"result"_s));
        session.receive(request(4, u"resources/list"_s));
        QVERIFY(!out.response(4)
                     .value(u"result"_s)
                     .toObject()
                     .value(u"resources"_s)
                     .toArray()
                     .isEmpty());
    }

    // The tool result is the CLI's --json document (docs/design.md, "MCP tools and results").
    void toolResultsEqualCliJson()
    {
        const Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        // A missing clone: drift for status, a finding for doctor.
        QVERIFY(QDir(ws.packDir(u"beta"_s)).removeRecursively());
        Recorder out;
        Session session(config(ws), out);
        start(session, out);
        int id = 100;
        for (const auto &[tool, cli] :
             QList<std::pair<QString, QStringList>>{{u"ls"_s, {u"ls"_s, u"--json"_s}},
                                                    {u"status"_s, {u"status"_s, u"--json"_s}},
                                                    {u"doctor"_s, {u"doctor"_s, u"--json"_s}}}) {
            session.receive(toolCall(++id, tool));
            const QJsonObject response = out.response(id);
            QVERIFY2(!response.value(u"result"_s).toObject().value(u"isError"_s).toBool(),
                     QJsonDocument(response).toJson().constData());
            RunOptions options;
            options.workDir = ws.root();
            const RunResult r = runGrex(cli, options);
            // doctor's findings are a successful result carrying the report.
            QVERIFY(!response.value(u"result"_s).toObject().value(u"isError"_s).toBool());
            QVERIFY2(r.exitCode == (tool == u"doctor" ? 7 : 0), r.err.constData());
            QCOMPARE(resultDocument(response), QJsonDocument::fromJson(r.out));
            const QJsonValue structured =
                response.value(u"result"_s).toObject().value(u"structuredContent"_s);
            if (resultDocument(response).isObject())
                QCOMPARE(structured.toObject(), resultDocument(response).object());
            else
                QVERIFY(structured.isUndefined());
        }
    }

    void pathsStayInTheWorkspace()
    {
        const Workspace ws = workspaceWith({u"alpha"_s});
        QVERIFY(QFile::link(QDir::tempPath(), ws.root() + u"/outside"_s));
        Recorder out;
        Session session(config(ws), out);
        start(session, out);
        int id = 0;
        for (const auto &[tool, args] : QList<std::pair<QString, QJsonObject>>{
                 {u"sync"_s, {{u"packRoot"_s, u"../.."_s}}},
                 {u"sync"_s, {{u"packRoot"_s, u"/etc"_s}}},
                 {u"sync"_s, {{u"workspace"_s, u"outside/x"_s}}},
                 {u"import"_s, {{u"fromReposJson"_s, u"outside/repos.json"_s}}},
                 {u"rm"_s, {{u"path"_s, u"../alpha"_s}}}}) {
            session.receive(toolCall(++id, tool, args));
            const QJsonObject result = out.response(id).value(u"result"_s).toObject();
            QVERIFY(result.value(u"isError"_s).toBool());
            const QJsonObject body = resultDocument(out.response(id)).object();
            QCOMPARE(body.value(u"code"_s).toInt(), -32002);
            QCOMPARE(body.value(u"data"_s).toObject().value(u"reason"_s).toString(),
                     u"path_escapes_workspace"_s);
        }
        QVERIFY(QFileInfo::exists(ws.packDir(u"alpha"_s)));
    }

    void destructiveToolsNeedApproval()
    {
        const Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        const QJsonObject touch{{u"cmd"_s, QJsonArray{u"touch"_s, u"marker"_s}}};
        {
            Recorder out; // no window, no elicitation, no flag: refused, nothing runs
            Session session(config(ws), out);
            start(session, out);
            session.receive(toolCall(1, u"exec"_s, touch));
            const QJsonObject body = resultDocument(out.response(1)).object();
            QCOMPARE(body.value(u"code"_s).toInt(), -32006);
            QCOMPARE(body.value(u"data"_s).toObject().value(u"kind"_s).toString(),
                     u"not_approved"_s);
            QVERIFY(!QFileInfo::exists(ws.packDir(u"alpha"_s) + u"/marker"_s));
        }
        for (const QString &answer : {u"decline"_s, u"accept"_s}) {
            Recorder out; // the client elicits: the person's answer decides
            Session session(config(ws), out);
            start(session, out, {{u"elicitation"_s, QJsonObject()}});
            session.receive(toolCall(2, u"exec"_s, touch));
            const QJsonObject ask = out.waitFor([](const QJsonObject &o) {
                return o.value(u"method"_s).toString() == u"elicitation/create";
            });
            QVERIFY(!ask.isEmpty());
            const QJsonObject schema =
                ask.value(u"params"_s).toObject().value(u"requestedSchema"_s).toObject();
            QCOMPARE(schema.value(u"type"_s).toString(), u"object"_s);
            QVERIFY(ask.value(u"params"_s)
                        .toObject()
                        .value(u"message"_s)
                        .toString()
                        .contains(u"touch marker"_s));
            QJsonObject result{{u"action"_s, answer}};
            if (answer == u"accept")
                result.insert(u"content"_s, QJsonObject{{u"confirm"_s, true}});
            session.receive(QJsonDocument(QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                                      {u"id"_s, ask.value(u"id"_s)},
                                                      {u"result"_s, result}})
                                .toJson(QJsonDocument::Compact));
            const QJsonObject response = out.response(2);
            const bool ran = QFileInfo::exists(ws.packDir(u"alpha"_s) + u"/marker"_s);
            if (answer == u"accept") {
                QVERIFY(!response.value(u"result"_s).toObject().value(u"isError"_s).toBool());
                QVERIFY(ran);
                QCOMPARE(resultDocument(response).array().size(), 2);
            } else {
                QCOMPARE(resultDocument(response).object().value(u"code"_s).toInt(), -32006);
                QVERIFY(!ran);
            }
        }
    }

    // The question reads one way only: `sh -c 'echo a b'` and `sh -c echo a b` differ, hidden
    // characters show as escapes, and every pack is named.
    void theQuestionReadsOneWayOnly()
    {
        const Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        const QList<std::pair<QStringList, QString>> cases{
            {{u"sh"_s, u"-c"_s, u"echo a b"_s}, u"sh -c 'echo a b'"_s},
            {{u"sh"_s, u"-c"_s, u"echo"_s, u"a"_s, u"b"_s}, u"sh -c echo a b"_s},
            {{u"echo"_s, u"one\ntwo\u202E"_s}, u"echo $'one\\ntwo\\u202e'"_s},
        };
        int id = 10;
        for (const auto &[argv, shown] : cases) {
            Recorder out;
            Session session(config(ws), out);
            start(session, out, {{u"elicitation"_s, QJsonObject()}});
            session.receive(
                toolCall(++id, u"exec"_s, {{u"cmd"_s, QJsonArray::fromStringList(argv)}}));
            const QJsonObject ask = out.waitFor([](const QJsonObject &o) {
                return o.value(u"method"_s).toString() == u"elicitation/create";
            });
            const QString message = ask.value(u"params"_s).toObject().value(u"message"_s).toString();
            QVERIFY2(message.contains(u"\n"_s + shown + u"\n"_s), qPrintable(message));
            QVERIFY2(message.contains(u"2 pack(s): alpha, beta"_s), qPrintable(message));
            QVERIFY(!message.contains(QChar(0x202E)));
            session.receive(QJsonDocument(QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                                      {u"id"_s, ask.value(u"id"_s)},
                                                      {u"result"_s,
                                                       QJsonObject{{u"action"_s, u"decline"_s}}}})
                                .toJson(QJsonDocument::Compact));
            QCOMPARE(resultDocument(out.response(id)).object().value(u"code"_s).toInt(), -32006);
        }
    }

    void elicitationWaitsForInitialized()
    {
        const Workspace ws = workspaceWith({u"alpha"_s});
        Recorder out;
        Session session(config(ws), out);
        QJsonObject params = initializeParams({{u"elicitation"_s, QJsonObject()}});
        session.receive(request(0, u"initialize"_s, params));
        session.receive(toolCall(1, u"exec"_s, {{u"cmd"_s, QJsonArray{u"true"_s}}}));
        const auto isElicitation = [](const QJsonObject &o) {
            return o.value(u"method"_s).toString() == u"elicitation/create";
        };
        QVERIFY(out.waitFor(isElicitation, 300ms).isEmpty());
        session.receive(notification(u"notifications/initialized"_s));
        QVERIFY(!out.waitFor(isElicitation).isEmpty());
    }

    // A cancelled call stops, gets no answer, and releases the workspace lock.
    void cancelStopsTheWorkAndIsNotAnswered()
    {
        const Workspace ws = workspaceWith({u"sleeper"_s});
        Recorder out;
        Session session(config(ws), out);
        start(session, out);
        session.receive(toolCall(1, u"sync"_s, {}, u"tok"_s));
        // The sync is inside sleep 30 once its install step started.
        QVERIFY(!out.waitFor([](const QJsonObject &o) {
                        return o.value(u"method"_s).toString() == u"notifications/progress";
                    })
                     .isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(ws.syncLockPath()), 10000);
        // A second mutating call fails fast: the workspace is busy.
        session.receive(toolCall(2, u"sync"_s));
        const QJsonObject busy = resultDocument(out.response(2)).object();
        QCOMPARE(busy.value(u"code"_s).toInt(), -32003);
        // Read-only tools do not wait for the lock.
        session.receive(toolCall(3, u"ls"_s));
        QVERIFY(!out.response(3).value(u"result"_s).toObject().value(u"isError"_s).toBool());
        session.receive(notification(u"notifications/cancelled"_s,
                                     {{u"requestId"_s, 1}, {u"reason"_s, u"test"_s}}));
        QTRY_COMPARE_WITH_TIMEOUT(session.callsInFlight(), 0, 10000);
        QVERIFY(out.response(1, 500ms).isEmpty());
        // Progress was strictly increasing and none came after the call ended.
        double last = -1;
        for (const QByteArray &frame : out.frames()) {
            const QJsonObject o = QJsonDocument::fromJson(frame).object();
            if (o.value(u"method"_s).toString() != u"notifications/progress")
                continue;
            const double progress = o.value(u"params"_s).toObject().value(u"progress"_s).toDouble();
            QVERIFY(progress > last);
            last = progress;
        }
        // The lock is free again: a new sync runs (and is cancelled the same way).
        session.receive(toolCall(4, u"sync"_s, {{u"dryRun"_s, true}}));
        QVERIFY(!out.response(4).value(u"result"_s).toObject().value(u"isError"_s).toBool());
        // Cancelling something unknown is ignored.
        session.receive(notification(u"notifications/cancelled"_s, {{u"requestId"_s, 999}}));
        session.receive(request(5, u"ping"_s));
        QVERIFY(out.response(5).contains(u"result"_s));
    }

    // sync counts its packs twice (resolving, then installing): the client sees one count that
    // always has a total, rather than 1/3 … 3/3 then 4, 5, 6 with none.
    void progressHasATotalThroughEveryStage()
    {
        const Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        Recorder out;
        Session session(config(ws), out);
        start(session, out);
        session.receive(toolCall(1, u"sync"_s, {}, u"tok"_s));
        QVERIFY(!out.response(1).value(u"result"_s).toObject().value(u"isError"_s).toBool());
        double last = 0;
        int notifications = 0;
        double lastTotal = 0;
        for (const QByteArray &frame : out.frames()) {
            const QJsonObject o = QJsonDocument::fromJson(frame).object();
            if (o.value(u"method"_s).toString() != u"notifications/progress")
                continue;
            ++notifications;
            const QJsonObject params = o.value(u"params"_s).toObject();
            const double progress = params.value(u"progress"_s).toDouble();
            QVERIFY2(params.contains(u"total"_s), frame.constData());
            const double total = params.value(u"total"_s).toDouble();
            QVERIFY2(progress > last && progress <= total, frame.constData());
            last = progress;
            lastTotal = total;
        }
        QVERIFY(notifications >= 4); // two stages of two packs at least
        QCOMPARE(last, lastTotal);   // it ends full
    }

    void resources()
    {
        const Workspace ws = workspaceWith({u"alpha"_s});
        Recorder out;
        Session session(config(ws), out);
        start(session, out);
        session.receive(request(1, u"resources/list"_s));
        QStringList uris;
        for (const QJsonValue &r :
             out.response(1).value(u"result"_s).toObject().value(u"resources"_s).toArray())
            uris.append(r.toObject().value(u"uri"_s).toString());
        QCOMPARE(uris,
                 (QStringList{u"grex://workspace/manifest"_s, u"grex://workspace/lockfile"_s,
                              u"grex://workspace/status"_s, u"grex://pack/alpha/pack.yaml"_s}));
        session.receive(
            request(2, u"resources/read"_s, {{u"uri"_s, u"grex://pack/alpha/pack.yaml"_s}}));
        const QJsonObject content = out.response(2)
                                        .value(u"result"_s)
                                        .toObject()
                                        .value(u"contents"_s)
                                        .toArray()
                                        .at(0)
                                        .toObject();
        QVERIFY(content.value(u"text"_s).toString().contains(u"name: alpha"_s));
        session.receive(
            request(3, u"resources/read"_s, {{u"uri"_s, u"grex://pack/nope/pack.yaml"_s}}));
        QCOMPARE(out.response(3).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32002);
        // Adding a pack changes the list, and the client hears of it.
        session.receive(
            toolCall(4, u"add"_s,
                     {{u"url"_s, QString(m_remotes + u"/beta.git"_s)}, {u"noInstall"_s, true}}));
        QVERIFY(!out.response(4).value(u"result"_s).toObject().value(u"isError"_s).toBool());
        QVERIFY(!out.waitFor([](const QJsonObject &o) {
                        return o.value(u"method"_s).toString() ==
                               u"notifications/resources/list_changed";
                    })
                     .isEmpty());
    }

    void lineSplitterBoundsMemory()
    {
        LineSplitter splitter(16);
        QStringList lines;
        int tooLong = 0;
        const auto line = [&](QByteArrayView l) { lines.append(QString::fromUtf8(l)); };
        const auto over = [&] { ++tooLong; };
        splitter.feed("short\nthis line is far too long for the cap", line, over);
        splitter.feed(" and goes on\nnext\r\nlast", line, over);
        splitter.finish(line);
        QCOMPARE(lines, (QStringList{u"short"_s, u"next\r"_s, u"last"_s}));
        QCOMPARE(tooLong, 1);
    }
};

QTEST_GUILESS_MAIN(tst_McpSession)
#include "tst_mcpsession.moc"
