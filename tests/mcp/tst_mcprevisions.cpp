#include "mcp/approvalstate.h"
#include "mcp/session.h"
#include "mcp/tools.h"
#include "mcpframes.h"
#include "support/remotebuilder.h"
#include "support/workspacefixture.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace Grex;
using namespace Grex::Mcp;
using namespace Grex::Test;

namespace {

// The _meta a 2026-07-28 request carries.
QJsonObject envelope(const QJsonObject &capabilities = {}, const QString &version = u"2026-07-28"_s)
{
    return {{u"io.modelcontextprotocol/protocolVersion"_s, version},
            {u"io.modelcontextprotocol/clientCapabilities"_s, capabilities},
            {u"io.modelcontextprotocol/clientInfo"_s,
             QJsonObject{{u"name"_s, u"tst-modern"_s}, {u"version"_s, u"2"_s}}}};
}

QByteArray modern(const QJsonValue &id, const QString &method, QJsonObject params = {},
                  const QJsonObject &meta = envelope())
{
    params.insert(u"_meta"_s, meta);
    return request(id, method, params);
}

QJsonObject resultOf(const QJsonObject &response)
{
    return response.value(u"result"_s).toObject();
}

int errorCode(const QJsonObject &response)
{
    return response.value(u"error"_s).toObject().value(u"code"_s).toInt();
}

const QJsonObject kElicits{{u"elicitation"_s, QJsonObject{{u"form"_s, QJsonObject()}}}};
const QJsonObject kTasks{
    {u"extensions"_s, QJsonObject{{u"io.modelcontextprotocol/tasks"_s, QJsonObject()}}}};
const QJsonObject kTasksAndElicits{
    {u"elicitation"_s, QJsonObject{{u"form"_s, QJsonObject()}}},
    {u"extensions"_s, QJsonObject{{u"io.modelcontextprotocol/tasks"_s, QJsonObject()}}}};

// A window that answers every approval as told.
class Window final : public ApprovalDelegate
{
public:
    explicit Window(bool answer) : m_answer(answer) {}
    std::optional<ApprovalDecision> approve(const ApprovalRequest &, const ApprovalOrigin &,
                                            std::stop_token) override
    {
        return m_answer ? ApprovalDecision::approve()
                        : ApprovalDecision::refuse(Message("the person said no"));
    }

private:
    bool m_answer;
};

// A window whose person answers yes once let to: until then its question stays open.
class GatedWindow final : public ApprovalDelegate
{
public:
    std::optional<ApprovalDecision> approve(const ApprovalRequest &, const ApprovalOrigin &,
                                            std::stop_token stop) override
    {
        std::unique_lock lock(m_mutex);
        ++m_asked;
        m_changed.wait(lock, stop, [this] { return m_open; });
        if (!m_open)
            return ApprovalDecision::refuse(Message("withdrawn"));
        return ApprovalDecision::approve();
    }
    void answer()
    {
        {
            std::lock_guard lock(m_mutex);
            m_open = true;
        }
        m_changed.notify_all();
    }
    int asked()
    {
        std::lock_guard lock(m_mutex);
        return m_asked;
    }

private:
    std::mutex m_mutex;
    std::condition_variable_any m_changed;
    bool m_open = false;
    int m_asked = 0;
};

} // namespace

// The three MCP revisions side by side in one session core (docs/design.md, "MCP protocol
// revisions"): what each era sees of the same server, and approvals bound to the plan.
class tst_McpRevisions : public QObject, public Grex::Test::WorkspaceCases
{
    Q_OBJECT

    static ServerConfig config(const Workspace &ws)
    {
        ServerConfig c;
        c.workspace = ws;
        c.toolCalls = 2;
        c.endOfInputGraceMs = 5000;
        return c;
    }

    static QJsonObject touch() { return {{u"cmd"_s, QJsonArray{u"touch"_s, u"marker"_s}}}; }

private Q_SLOTS:
    void initTestCase()
    {
        RemoteBuilder builder(m_remotes);
        for (const QString &name : {u"alpha"_s, u"beta"_s, u"gamma"_s, u"delta"_s, u"epsilon"_s})
            builder.create(name, RemoteBuilder::packFiles(name, u"declarative"_s));
    }

    void handshakeRevisionsAreNegotiated()
    {
        const Workspace ws = workspaceWith({u"alpha"_s});
        for (const QString &version : {u"2025-06-18"_s, u"2025-11-25"_s}) {
            Recorder out;
            Session session(config(ws), out);
            QJsonObject params = initializeParams();
            params.insert(u"protocolVersion"_s, version);
            session.receive(request(0, u"initialize"_s, params));
            const QJsonObject init = resultOf(out.response(0));
            QCOMPARE(init.value(u"protocolVersion"_s).toString(), version);
            QVERIFY(!init.contains(u"resultType"_s)); // a 2026-07-28 member only
            session.receive(notification(u"notifications/initialized"_s));
            const bool newer = version == u"2025-11-25"_s;
            QCOMPARE(init.value(u"serverInfo"_s).toObject().contains(u"icons"_s), newer);

            session.receive(request(1, u"tools/list"_s));
            const QJsonArray tools = resultOf(out.response(1)).value(u"tools"_s).toArray();
            const QJsonObject sync = tools.at(toolNames().indexOf(u"sync"_s)).toObject();
            QCOMPARE(sync.value(u"name"_s).toString(), u"sync"_s);
            QCOMPARE(sync.contains(u"icons"_s), newer);
            QCOMPARE(sync.value(u"inputSchema"_s).toObject().value(u"$schema"_s).toString(),
                     newer ? u"https://json-schema.org/draft/2020-12/schema"_s : QString());
            if (newer) {
                QVERIFY(sync.value(u"icons"_s).toArray().at(0).toObject().value(u"src"_s)
                            .toString()
                            .startsWith(u"data:image/svg+xml;base64,"_s));
            }

            // Arguments the model got wrong: a protocol error before 2025-11-25, a tool error
            // it can read and fix from then on.
            session.receive(toolCall(2, u"status"_s, {{u"bogus"_s, 1}}));
            const QJsonObject wrong = out.response(2);
            if (newer) {
                QVERIFY(resultOf(wrong).value(u"isError"_s).toBool());
                QVERIFY(resultDocument(wrong).object().value(u"message"_s).toString().contains(
                    u"bogus"_s));
            } else {
                QCOMPARE(errorCode(wrong), -32602);
            }
        }
    }

    void perRequestCallsNeedNoHandshake()
    {
        const Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        Recorder out;
        Session session(config(ws), out);

        session.receive(modern(1, u"server/discover"_s));
        const QJsonObject discovered = resultOf(out.response(1));
        QCOMPARE(discovered.value(u"resultType"_s).toString(), u"complete"_s);
        QCOMPARE(discovered.value(u"supportedVersions"_s).toArray(),
                 QJsonArray{u"2026-07-28"_s});
        QVERIFY(discovered.value(u"capabilities"_s).toObject().contains(u"tools"_s));
        QVERIFY(discovered.value(u"ttlMs"_s).toInteger() > 0);
        QCOMPARE(discovered.value(u"_meta"_s)
                     .toObject()
                     .value(u"io.modelcontextprotocol/serverInfo"_s)
                     .toObject()
                     .value(u"name"_s)
                     .toString(),
                 u"grex"_s);
        QVERIFY(!discovered.contains(u"protocolVersion"_s));

        // The same order every time, with caching hints.
        session.receive(modern(2, u"tools/list"_s));
        const QJsonObject list = resultOf(out.response(2));
        QStringList names;
        for (const QJsonValue &tool : list.value(u"tools"_s).toArray())
            names.append(tool.toObject().value(u"name"_s).toString());
        QCOMPARE(names, toolNames());
        QCOMPARE(list.value(u"cacheScope"_s).toString(), u"public"_s);
        QVERIFY(list.contains(u"ttlMs"_s));

        session.receive(modern(3, u"tools/call"_s,
                               {{u"name"_s, u"ls"_s}, {u"arguments"_s, QJsonObject()}}));
        const QJsonObject ls = out.response(3);
        QCOMPARE(resultOf(ls).value(u"resultType"_s).toString(), u"complete"_s);
        QCOMPARE(resultDocument(ls).array().size(), 2);

        session.receive(modern(4, u"resources/read"_s, {{u"uri"_s, u"grex://nothing"_s}}));
        const QJsonObject missing = out.response(4);
        QCOMPARE(errorCode(missing), -32602);
        QCOMPARE(missing.value(u"error"_s).toObject().value(u"data"_s).toObject().value(u"uri"_s)
                     .toString(),
                 u"grex://nothing"_s);
        session.receive(modern(5, u"resources/read"_s, {{u"uri"_s, u"grex://workspace/status"_s}}));
        QCOMPARE(resultOf(out.response(5)).value(u"cacheScope"_s).toString(), u"private"_s);

        // Bad envelopes and methods this revision does not have.
        QJsonObject noCapabilities = envelope();
        noCapabilities.remove(u"io.modelcontextprotocol/clientCapabilities"_s);
        session.receive(modern(6, u"tools/list"_s, {}, noCapabilities));
        const QJsonObject bad = out.response(6);
        QCOMPARE(errorCode(bad), -32602);
        QCOMPARE(bad.value(u"error"_s).toObject().value(u"data"_s).toObject().value(u"envelope"_s)
                     .toObject()
                     .value(u"key"_s)
                     .toString(),
                 u"io.modelcontextprotocol/clientCapabilities"_s);
        session.receive(modern(7, u"tools/list"_s, {}, envelope({}, u"2025-06-18"_s)));
        const QJsonObject old = out.response(7);
        QCOMPARE(errorCode(old), -32022);
        const QJsonObject data = old.value(u"error"_s).toObject().value(u"data"_s).toObject();
        QCOMPARE(data.value(u"requested"_s).toString(), u"2025-06-18"_s);
        QVERIFY(data.value(u"supported"_s).toArray().contains(u"2026-07-28"_s));
        for (const QString &gone : {u"ping"_s, u"initialize"_s, u"logging/setLevel"_s}) {
            session.receive(modern(gone, gone));
            QCOMPARE(errorCode(out.response(gone)), -32601);
        }
        QJsonObject badLevel = envelope();
        badLevel.insert(u"io.modelcontextprotocol/logLevel"_s, u"loud"_s);
        session.receive(modern(8, u"tools/list"_s, {}, badLevel));
        QCOMPARE(errorCode(out.response(8)), -32602);
        // Nothing asked for log messages, so there were none.
        QCOMPARE(out.count([](const QJsonObject &o) {
                     return o.value(u"method"_s).toString() == u"notifications/message"_s;
                 }),
                 0);
    }

    void approvalsAreBoundToThePlan()
    {
        const Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        const QString marker = ws.packDir(u"alpha"_s) + u"/marker"_s;
        Recorder out;
        Session session(config(ws), out);
        const QJsonObject call{{u"name"_s, u"exec"_s}, {u"arguments"_s, touch()}};

        session.receive(modern(1, u"tools/call"_s, call, envelope(kElicits)));
        const QJsonObject asked = resultOf(out.response(1));
        QCOMPARE(asked.value(u"resultType"_s).toString(), u"input_required"_s);
        QVERIFY(!asked.contains(u"ttlMs"_s));
        const QJsonObject question =
            asked.value(u"inputRequests"_s).toObject().value(u"grex_approval"_s).toObject();
        QCOMPARE(question.value(u"method"_s).toString(), u"elicitation/create"_s);
        const QJsonObject decision = question.value(u"params"_s)
                                         .toObject()
                                         .value(u"requestedSchema"_s)
                                         .toObject()
                                         .value(u"properties"_s)
                                         .toObject()
                                         .value(u"decision"_s)
                                         .toObject();
        QCOMPARE(decision.value(u"default"_s).toString(), u"deny"_s);
        QCOMPARE(decision.value(u"oneOf"_s).toArray().size(), 2);
        const QString state = asked.value(u"requestState"_s).toString();
        QVERIFY(!state.isEmpty());
        QVERIFY(!QFileInfo::exists(marker));

        const auto answer = [&](const QJsonValue &id, const QString &with,
                                const QJsonObject &arguments, const QString &choice) {
            QJsonObject retry{{u"name"_s, u"exec"_s},
                              {u"arguments"_s, arguments},
                              {u"requestState"_s, with},
                              {u"inputResponses"_s,
                               QJsonObject{{u"grex_approval"_s,
                                            QJsonObject{{u"action"_s, u"accept"_s},
                                                        {u"content"_s,
                                                         QJsonObject{{u"decision"_s, choice}}}}}}}};
            session.receive(modern(id, u"tools/call"_s, retry, envelope(kElicits)));
            return out.response(id);
        };
        const auto why = [](const QJsonObject &response) {
            return resultDocument(response).object().value(u"data"_s).toObject().value(
                u"why"_s).toString();
        };

        // Tampered: one character of the signed payload changed.
        QString tampered = state;
        tampered[3] = tampered[3] == u'A' ? u'B' : u'A';
        const QJsonObject forged = answer(2, tampered, touch(), u"allow"_s);
        QCOMPARE(errorCode(forged), -32602);
        QCOMPARE(forged.value(u"error"_s).toObject().value(u"data"_s).toObject().value(u"why"_s)
                     .toString(),
                 u"forged"_s);
        // Another command under the same state.
        const QJsonObject other =
            answer(3, state, {{u"cmd"_s, QJsonArray{u"rm"_s, u"-rf"_s, u"."_s}}}, u"allow"_s);
        QCOMPARE(errorCode(other), -32602);
        QVERIFY(!QFileInfo::exists(marker));

        // The real answer runs it once, and says who approved.
        const QJsonObject approved = answer(4, state, touch(), u"allow"_s);
        QVERIFY(!resultOf(approved).value(u"isError"_s).toBool());
        QCOMPARE(resultOf(approved).value(u"_meta"_s).toObject().value(u"dev.grex/approval"_s)
                     .toObject()
                     .value(u"by"_s)
                     .toString(),
                 u"client"_s);
        QVERIFY(QFileInfo::exists(marker));
        QFile::remove(marker);
        // ... and in the audit log.
        const Result<LogReadResult> log = ws.intentLog().read();
        QVERIFY(log.ok());
        const Event audit = log->events.constLast();
        QCOMPARE(audit.op, EventOp::Approved);
        QCOMPARE(audit.extra().verb, u"exec"_s);
        QCOMPARE(audit.extra().packs, (QStringList{u"alpha"_s, u"beta"_s}));
        QCOMPARE(audit.extra().command, u"touch marker"_s);
        QCOMPARE(audit.extra().approvedBy, u"client"_s);
        QCOMPARE(audit.extra().client, u"tst-modern"_s);
        // Replayed: refused, nothing runs again.
        const QJsonObject replayed = answer(5, state, touch(), u"allow"_s);
        QVERIFY(resultOf(replayed).value(u"isError"_s).toBool());
        QCOMPARE(why(replayed), u"replayed"_s);
        QVERIFY(!QFileInfo::exists(marker));

        // Denied.
        session.receive(modern(6, u"tools/call"_s, call, envelope(kElicits)));
        const QString second = resultOf(out.response(6)).value(u"requestState"_s).toString();
        const QJsonObject denied = answer(7, second, touch(), u"deny"_s);
        QCOMPARE(resultDocument(denied).object().value(u"data"_s).toObject().value(u"kind"_s)
                     .toString(),
                 u"not_approved"_s);
        QVERIFY(!QFileInfo::exists(marker));

        // The plan changed between the question and the answer: a pack came.
        session.receive(modern(8, u"tools/call"_s, call, envelope(kElicits)));
        const QString third = resultOf(out.response(8)).value(u"requestState"_s).toString();
        Workspace copy = ws;
        addPackOrDie(copy, m_remotes + u"/gamma.git"_s);
        const QJsonObject stale = answer(9, third, touch(), u"allow"_s);
        QVERIFY(resultOf(stale).value(u"isError"_s).toBool());
        QVERIFY2(resultDocument(stale).toJson().contains("plan changed"),
                 resultDocument(stale).toJson().constData());
        QVERIFY(!QFileInfo::exists(marker));

        // Expired.
        ApprovalStates::instance().setLifetimeForTests(std::chrono::milliseconds(1));
        session.receive(modern(10, u"tools/call"_s, call, envelope(kElicits)));
        const QString fourth = resultOf(out.response(10)).value(u"requestState"_s).toString();
        ApprovalStates::instance().setLifetimeForTests(std::chrono::milliseconds(0));
        QThread::msleep(20);
        QCOMPARE(why(answer(11, fourth, touch(), u"allow"_s)), u"expired"_s);

        // Malformed and oversized states are bad input.
        QCOMPARE(errorCode(answer(12, u"not a state"_s, touch(), u"allow"_s)), -32602);
        QCOMPARE(errorCode(answer(13, QString(kMaxRequestState + 1, u'a'), touch(), u"allow"_s)),
                 -32602);
        QVERIFY(!QFileInfo::exists(marker));
    }

    // A stateless request that cannot be asked (no elicitation) while a window is attached: it
    // answers waiting_for_approval at once with a handle, the window asks, and the same call
    // again runs once the person said yes.
    void aClientThatCannotBeAskedGetsAHandleAtOnce()
    {
        const Workspace ws = workspaceWith({u"alpha"_s});
        const QString marker = ws.packDir(u"alpha"_s) + u"/marker"_s;
        Recorder out;
        ServerConfig c = config(ws);
        auto window = std::make_shared<GatedWindow>();
        c.window = window;
        Session session(c, out);
        const QJsonObject call{{u"name"_s, u"exec"_s}, {u"arguments"_s, touch()}};
        session.receive(modern(1, u"tools/call"_s, call, envelope()));
        const QJsonObject first = resultOf(out.response(1));
        QCOMPARE(first.value(u"resultType"_s).toString(), u"complete"_s);
        QVERIFY(first.value(u"isError"_s).toBool());
        // resultDocument reads a response's result; the text is the error's document here too.
        const QJsonObject data =
            resultDocument(out.response(1)).object().value(u"data"_s).toObject();
        QCOMPARE(data.value(u"reason"_s).toString(), u"waiting_for_approval"_s);
        QCOMPARE(data.value(u"approval"_s).toString().size(), 32);
        QTRY_COMPARE(window->asked(), 1);
        QVERIFY(!QFileInfo::exists(marker));

        window->answer();
        session.receive(modern(2, u"tools/call"_s, call, envelope()));
        const QJsonObject second = resultOf(out.response(2));
        QVERIFY2(!second.value(u"isError"_s).toBool(), QJsonDocument(second).toJson().constData());
        QCOMPARE(second.value(u"_meta"_s)
                     .toObject()
                     .value(u"dev.grex/approval"_s)
                     .toObject()
                     .value(u"by"_s),
                 u"window"_s);
        QVERIFY(QFileInfo::exists(marker));
        QCOMPARE(window->asked(), 1);
    }

    void anAttachedWindowDecides()
    {
        const Workspace ws = workspaceWith({u"alpha"_s});
        const QString marker = ws.packDir(u"alpha"_s) + u"/marker"_s;
        for (const bool yes : {false, true}) {
            Recorder out;
            ServerConfig c = config(ws);
            c.window = std::make_shared<Window>(yes);
            Session session(c, out);
            // The client could answer, but with a window attached the person decides.
            session.receive(modern(1, u"tools/call"_s,
                                   {{u"name"_s, u"exec"_s}, {u"arguments"_s, touch()}},
                                   envelope(kElicits)));
            const QJsonObject result = resultOf(out.response(1));
            QCOMPARE(result.value(u"resultType"_s).toString(), u"complete"_s);
            QCOMPARE(result.value(u"isError"_s).toBool(), !yes);
            QCOMPARE(QFileInfo::exists(marker), yes);
            if (yes) {
                QCOMPARE(result.value(u"_meta"_s).toObject().value(u"dev.grex/approval"_s)
                             .toObject()
                             .value(u"by"_s)
                             .toString(),
                         u"window"_s);
            }
        }
    }

    void longRunsAsTasks()
    {
        const Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        Recorder out;
        ServerConfig c = config(ws);
        Session session(c, out);
        int next = 100;
        const auto get = [&](const QString &taskId) {
            const int id = next++;
            session.receive(modern(id, u"tasks/get"_s, {{u"taskId"_s, taskId}}, envelope(kTasks)));
            return resultOf(out.response(id));
        };
        const auto until = [&](const QString &taskId, const QString &status) {
            QJsonObject state;
            for (int i = 0; i < 400; ++i) {
                state = get(taskId);
                if (state.value(u"status"_s).toString() == status)
                    break;
                QThread::msleep(25);
            }
            return state;
        };

        // A sync for a client that declared the extension: a handle at once, then the result.
        session.receive(modern(1, u"tools/call"_s,
                               {{u"name"_s, u"sync"_s}, {u"arguments"_s, QJsonObject()}},
                               envelope(kTasks)));
        const QJsonObject created = resultOf(out.response(1));
        QCOMPARE(created.value(u"resultType"_s).toString(), u"task"_s);
        QCOMPARE(created.value(u"status"_s).toString(), u"working"_s);
        const QString syncTask = created.value(u"taskId"_s).toString();
        QCOMPARE(syncTask.size(), 32);
        QVERIFY(created.value(u"pollIntervalMs"_s).toInt() > 0);
        const QJsonObject done = until(syncTask, u"completed"_s);
        QCOMPARE(done.value(u"status"_s).toString(), u"completed"_s);
        QCOMPARE(done.value(u"resultType"_s).toString(), u"complete"_s);
        const QJsonObject syncResult = done.value(u"result"_s).toObject();
        QVERIFY(!syncResult.value(u"isError"_s).toBool());
        QCOMPARE(syncResult.value(u"structuredContent"_s).toObject().value(u"verb"_s).toString(),
                 u"sync"_s);
        // A short verb is answered as ever.
        session.receive(modern(2, u"tools/call"_s,
                               {{u"name"_s, u"ls"_s}, {u"arguments"_s, QJsonObject()}},
                               envelope(kTasks)));
        QCOMPARE(resultOf(out.response(2)).value(u"resultType"_s).toString(), u"complete"_s);

        // An exec asks inside its task, and goes on with the answer from tasks/update; a
        // listener hears each change.
        const QString marker = ws.packDir(u"alpha"_s) + u"/marker"_s;
        session.receive(modern(3, u"tools/call"_s,
                               {{u"name"_s, u"exec"_s}, {u"arguments"_s, touch()}},
                               envelope(kTasksAndElicits)));
        const QString execTask = resultOf(out.response(3)).value(u"taskId"_s).toString();
        session.receive(modern(u"listen-task"_s, u"subscriptions/listen"_s,
                               {{u"notifications"_s,
                                 QJsonObject{{u"taskIds"_s, QJsonArray{execTask}}}}},
                               envelope(kTasks)));
        const QJsonObject asking = until(execTask, u"input_required"_s);
        const QJsonObject questions = asking.value(u"inputRequests"_s).toObject();
        QCOMPARE(questions.size(), 1);
        QVERIFY(!QFileInfo::exists(marker));
        session.receive(modern(4, u"tasks/update"_s,
                               {{u"taskId"_s, execTask},
                                {u"inputResponses"_s,
                                 QJsonObject{{questions.keys().constFirst(),
                                              QJsonObject{{u"action"_s, u"accept"_s},
                                                          {u"content"_s,
                                                           QJsonObject{{u"decision"_s,
                                                                        u"allow"_s}}}}}}}},
                               envelope(kTasks)));
        QCOMPARE(resultOf(out.response(4)).value(u"resultType"_s).toString(), u"complete"_s);
        const QJsonObject ran = until(execTask, u"completed"_s);
        QVERIFY(QFileInfo::exists(marker));
        QCOMPARE(ran.value(u"result"_s).toObject().value(u"_meta"_s).toObject().value(
                     u"dev.grex/approval"_s).toObject().value(u"by"_s).toString(),
                 u"client"_s);
        const QJsonObject heard = out.waitFor([&](const QJsonObject &o) {
            const QJsonObject p = o.value(u"params"_s).toObject();
            return o.value(u"method"_s).toString() == u"notifications/tasks"_s &&
                   p.value(u"status"_s).toString() == u"completed"_s &&
                   p.value(u"_meta"_s).toObject().value(u"io.modelcontextprotocol/subscriptionId"_s) ==
                       u"listen-task"_s;
        });
        QCOMPARE(heard.value(u"params"_s).toObject().value(u"taskId"_s).toString(), execTask);

        // Cancelled while it runs.
        ServerConfig flagged = config(ws);
        flagged.approveDestructive = true;
        Recorder out2;
        Session session2(flagged, out2);
        session2.receive(modern(1, u"tools/call"_s,
                                {{u"name"_s, u"exec"_s},
                                 {u"arguments"_s, QJsonObject{{u"cmd"_s, QJsonArray{u"sleep"_s,
                                                                                    u"30"_s}}}}},
                                envelope(kTasks)));
        const QString sleeping = resultOf(out2.response(1)).value(u"taskId"_s).toString();
        QThread::msleep(200);
        session2.receive(modern(2, u"tasks/cancel"_s, {{u"taskId"_s, sleeping}}, envelope(kTasks)));
        QVERIFY(out2.response(2).contains(u"result"_s));
        QJsonObject stopped;
        for (int i = 0; i < 400 && stopped.value(u"status"_s).toString() != u"cancelled"_s; ++i) {
            session2.receive(modern(10 + i, u"tasks/get"_s, {{u"taskId"_s, sleeping}},
                                    envelope(kTasks)));
            stopped = resultOf(out2.response(10 + i));
            QThread::msleep(25);
        }
        QCOMPARE(stopped.value(u"status"_s).toString(), u"cancelled"_s);

        // A task id that is not ours, and tasks/* without the extension.
        session.receive(modern(5, u"tasks/get"_s, {{u"taskId"_s, u"0123"_s}}, envelope(kTasks)));
        QCOMPARE(errorCode(out.response(5)), -32602);
        session.receive(modern(6, u"tasks/get"_s, {{u"taskId"_s, syncTask}}));
        QCOMPARE(errorCode(out.response(6)), -32021);
    }

    void subscriptionsHearOfChanges()
    {
        const Workspace ws = workspaceWith({u"alpha"_s});
        Recorder out;
        ServerConfig c = config(ws);
        c.approveDestructive = true; // the rm below runs without a question
        Session session(c, out);
        const QJsonObject filter{
            {u"toolsListChanged"_s, true},
            {u"resourcesListChanged"_s, true},
            {u"resourceSubscriptions"_s, QJsonArray{u"grex://workspace/manifest"_s,
                                                    u"https://elsewhere"_s}}};
        session.receive(modern(u"listen:1"_s, u"subscriptions/listen"_s,
                               {{u"notifications"_s, filter}}));
        const QJsonObject ack = out.waitFor([](const QJsonObject &o) {
            return o.value(u"method"_s).toString() == u"notifications/subscriptions/acknowledged"_s;
        });
        const QJsonObject params = ack.value(u"params"_s).toObject();
        QCOMPARE(params.value(u"_meta"_s).toObject().value(u"io.modelcontextprotocol/subscriptionId"_s),
                 QJsonValue(u"listen:1"_s));
        const QJsonObject honoured = params.value(u"notifications"_s).toObject();
        QVERIFY(!honoured.contains(u"toolsListChanged"_s)); // the tool set never changes
        QVERIFY(honoured.value(u"resourcesListChanged"_s).toBool());
        QCOMPARE(honoured.value(u"resourceSubscriptions"_s).toArray(),
                 QJsonArray{u"grex://workspace/manifest"_s});

        session.receive(modern(2, u"tools/call"_s,
                               {{u"name"_s, u"add"_s},
                                {u"arguments"_s,
                                 QJsonObject{{u"url"_s, QString(m_remotes + u"/beta.git"_s)}}}}));
        QVERIFY(!resultOf(out.response(2)).value(u"isError"_s).toBool());
        const auto onSubscription = [](const QString &method) {
            return [method](const QJsonObject &o) {
                return o.value(u"method"_s).toString() == method &&
                       o.value(u"params"_s).toObject().value(u"_meta"_s).toObject().value(
                           u"io.modelcontextprotocol/subscriptionId"_s) == u"listen:1"_s;
            };
        };
        QVERIFY(!out.waitFor(onSubscription(u"notifications/resources/list_changed"_s)).isEmpty());
        const QJsonObject updated = out.waitFor(onSubscription(u"notifications/resources/updated"_s));
        QCOMPARE(updated.value(u"params"_s).toObject().value(u"uri"_s).toString(),
                 u"grex://workspace/manifest"_s);

        // Stopped listening: the next change is heard by nobody.
        session.receive(notification(u"notifications/cancelled"_s,
                                     {{u"requestId"_s, u"listen:1"_s}, {u"_meta"_s, envelope()}}));
        const int before = out.count(onSubscription(u"notifications/resources/list_changed"_s));
        session.receive(modern(3, u"tools/call"_s,
                               {{u"name"_s, u"rm"_s},
                                {u"arguments"_s, QJsonObject{{u"path"_s, u"beta"_s}}}}));
        QVERIFY(!resultOf(out.response(3)).value(u"isError"_s).toBool());
        QCOMPARE(out.count(onSubscription(u"notifications/resources/list_changed"_s)), before);

        // A pack added by someone else (the CLI, another session) is heard too, by the watch
        // on the workspace's files.
        session.receive(modern(u"listen:3"_s, u"subscriptions/listen"_s,
                               {{u"notifications"_s,
                                 QJsonObject{{u"resourcesListChanged"_s, true}}}}));
        // A change made before the watch took its baseline goes unheard: on a slow machine that
        // can be the first, so another pack follows while nothing is heard.
        Workspace elsewhere = ws;
        QJsonObject outside;
        for (const QString &name : {u"gamma"_s, u"delta"_s, u"epsilon"_s}) {
            QTest::qWait(1500); // the watch polls once a second
            addPackOrDie(elsewhere, m_remotes + u'/' + name + u".git"_s);
            outside = out.waitFor(
                [](const QJsonObject &o) {
                    return o.value(u"method"_s).toString() ==
                               u"notifications/resources/list_changed"_s &&
                           o.value(u"params"_s).toObject().value(u"_meta"_s).toObject().value(
                               u"io.modelcontextprotocol/subscriptionId"_s) == u"listen:3"_s;
                },
                10s);
            if (!outside.isEmpty())
                break;
        }
        QVERIFY(!outside.isEmpty());

        // Nothing to honour: acknowledged, then ended at once.
        session.receive(modern(u"listen:2"_s, u"subscriptions/listen"_s,
                               {{u"notifications"_s, QJsonObject{{u"toolsListChanged"_s, true}}}}));
        QCOMPARE(resultOf(out.response(u"listen:2"_s)).value(u"resultType"_s).toString(),
                 u"complete"_s);
    }
};

QTEST_GUILESS_MAIN(tst_McpRevisions)
#include "tst_mcprevisions.moc"
