#pragma once

#include "mcp/control.h"
#include "mcp/protocol.h"
#include "core/json.h"
#include "core/operationcontext.h"
#include "core/sched/scheduler.h"
#include "core/workspace.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QThreadPool>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>

namespace Grex {
struct VerbSpec;
}

namespace Grex::Mcp {

// Longest inbound line; a longer one is dropped (docs/design.md, "MCP transport and framing").
inline constexpr qsizetype kMaxLineLength = 16 * 1024 * 1024;

// Where a session's frames go: one complete JSON-RPC message per call, without the newline.
// Called from several threads; an implementation writes each frame whole and in one piece.
class FrameSink
{
public:
    virtual ~FrameSink();
    virtual void send(const QByteArray &frame) = 0;
    // A server request that belongs to the call with this id (JSON text), such as its
    // elicitation: a transport with a stream per call sends it there. Default: send(frame).
    virtual void sendRelated(const QByteArray &frame, const QByteArray &relatedCall);
    // The answer to a 2026-era subscriptions/listen closed its stream: over HTTP the stream
    // ends. Default: nothing.
    virtual void endStream(const QByteArray &requestKey);
};

// How a request id (or progress token) is matched with what a session writes back: the JSON
// text of the value as the session echoes it (7 and "7" differ; 7.0 is 7).
QByteArray requestKey(const QJsonValue &id);
// Whether a JSON-RPC id is one grex accepts: a string, or a whole number within 64 bits.
bool isRequestId(const QJsonValue &id);

// The admission scheduler of a server process: toolCalls tool calls at once (at least one).
std::shared_ptr<Scheduler> admissionFor(int toolCalls);

// Everything fixed when `grex serve` starts.
struct ServerConfig
{
    Workspace workspace{QString()}; // every call works here; no argument can change it
    int toolCalls = 2;              // tool calls that run at once; the rest queue
    // Admits tool calls (docs/design.md, "MCP admission and busy workspaces"): at most toolCalls
    // run at once, the others queue and can be cancelled. A Scheduler of tier Admission, shared
    // by the sessions of one process; null: the session makes its own.
    std::shared_ptr<Scheduler> admission;
    Width width = Width::chosen(2); // the width of a call that gives no `parallel`
    bool approveDestructive = false;
    // The tools this server offers (grex serve --read-only, --tools): the others are absent from
    // tools/list and unknown to tools/call. Empty: every tool.
    QStringList tools;
    bool offers(const QString &tool) const { return tools.isEmpty() || tools.contains(tool); }
    bool cancelReplies = false; // answer a cancelled call with -32800
    int drainTimeoutMs = 30000; // how long `shutdown` lets calls finish
    int endOfInputGraceMs = 2000;
    int elicitationTimeoutMs = 10 * 60 * 1000;
    // Answers approvals before the control socket's window does; for tests and embedders.
    std::shared_ptr<ApprovalDelegate> window;
    // "stdio" or "http": announce the session on the workspace's control socket, so that a
    // grex-gui window sees its calls, may cancel them and answers its approvals. Empty: don't.
    QString controlTransport;
};

// One MCP session over the verb registry: JSON-RPC parsing, the lifecycle, tools, resources,
// logging, cancellation and approvals, for every revision grex serves (protocol.h). A handshake
// client opens with initialize and the session remembers what it said; a 2026-era request
// says it all in its own _meta and is served without that state, so one Session serves both
// on stdio, and the HTTP transport keeps one for all 2026-era requests. Transport-free: a
// transport feeds it lines and gives it a FrameSink. receive() never blocks on a tool call;
// calls run on their own threads.
class Session
{
public:
    Session(ServerConfig config, FrameSink &out);
    ~Session(); // stops every call and waits for it
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    // One inbound line, without its newline (a trailing \r is ignored).
    void receive(QByteArrayView line);
    // A line longer than kMaxLineLength was dropped by the transport.
    void lineTooLong();
    // stdin closed: stop every call, wait up to the grace period for them to wind down and
    // send what they completed. Returns true when every call finished.
    bool endOfInput();
    // True once a `shutdown` request was answered: the transport exits soon after.
    bool shutdownAnswered() const;

    // Calls in flight, for tests and the window.
    int callsInFlight() const;
    // Stops the call whose id has this JSON text and answers it with -32800, as the window's
    // Cancel does. Unknown or finished calls are ignored.
    void cancelFromWindow(const QByteArray &callKey);

    // What a request's answers depend on: its revision and what its client declared, from the
    // initialize (the handshake) or from the request's _meta (2026-07-28).
    struct Scope
    {
        Revision revision = Revision::V2025_06_18;
        QJsonObject capabilities;
        QString clientName;
        QString logLevel; // 2026-07-28: empty unless the request asked for log messages
        QString clientVersion;
        bool elicitsForm() const { return Mcp::elicitsForm(capabilities); }
        // Who a session grant is given to (ApprovalOrigin::grantee): the handshake session's
        // client, or a 2026-era client by the name and version it declares on each request; "" for
        // an unnamed 2026-era client, which cannot be told from another and gets no grant.
        QString grantee() const;
        bool wantsTasks() const { return Mcp::wantsTasks(capabilities); }
        bool perRequest() const { return isPerRequest(revision); }
    };

private:
    struct Call;
    struct Pending;
    struct Subscription;
    struct Task;
    class ToolSink;
    class Approval;
    friend class ToolSink;
    friend class Approval;

    void handleRequest(const JsonValue &id, const QString &method, const QJsonObject &params);
    void handlePerRequest(const JsonValue &id, const QString &method, const QJsonObject &params);
    // What every era answers alike: tools and resources. False: not such a method.
    bool dispatchCommon(const Scope &scope, const JsonValue &id, const QString &method,
                        const QJsonObject &params);
    void handleNotification(const QString &method, const QJsonObject &params);
    void handleResponse(const JsonValue &id, const QJsonObject &message);
    void initialize(const JsonValue &id, const QJsonObject &params);
    void discover(const Scope &scope, const JsonValue &id);
    void listen(const Scope &scope, const JsonValue &id, const QJsonObject &params);
    void endSubscription(const QByteArray &key);
    // The tasks extension (sessiontasks.cpp).
    bool runsAsTask(const Scope &scope, const VerbSpec &verb) const;
    void startTask(const std::shared_ptr<Call> &call);
    void handleTaskRequest(const Scope &scope, const JsonValue &id, const QString &method,
                           const QJsonObject &params);
    // Records a task's new state and tells its listeners; call without the mutex held.
    void taskChanged(const std::shared_ptr<Task> &task);
    JsonObject taskDocument(const Task &task) const;
    void finishTask(const std::shared_ptr<Call> &call, const Result<JsonValue> &result);
    // After a change to the workspace, which now registers `packs`: tells the listeners what
    // changed.
    void notifyChanges(bool packsChanged, const QStringList &packs);
    // While anyone listens: notices changes made by others (the CLI, the window, other
    // sessions) by the workspace's files, once a second.
    void watchWorkspace(std::stop_token stop);
    QString workspaceStamp() const;
    JsonObject capabilities(const Scope &scope) const;
    JsonValue cachedToolList(Revision revision);
    void callTool(const Scope &scope, const JsonValue &id, const QJsonObject &params);
    void runCall(const std::shared_ptr<Call> &call);
    void finishCall(const std::shared_ptr<Call> &call, const Result<JsonValue> &result);
    // A call's CallToolResult, or (in protocolError) the JSON-RPC error it ends with.
    JsonObject callResultBody(const Call &call, const Result<JsonValue> &result,
                              JsonObject &protocolError) const;
    void readResource(const Scope &scope, const JsonValue &id, const QJsonObject &params);
    void shutdown(const JsonValue &id);
    Scope handshakeScope() const;

    // Blocks until notifications/initialized arrived; false when stopped first.
    bool waitInitialized(std::stop_token stop);
    // Sends elicitation/create and waits for its answer; nullopt when stopped or timed out.
    std::optional<QJsonObject> elicit(const QString &message, const JsonObject &schema,
                                      const QByteArray &callKey, std::stop_token stop);
    void log(const Call &call, const QString &level, const QString &text);
    bool mayLog(const QString &level) const;
    QStringList registeredPacks() const;

    void sendResult(const JsonValue &id, const JsonValue &result);
    // A result in the request's revision: from 2026-07-28 with its resultType and the server
    // named in _meta, and with caching hints when `cacheable` (ttlMs, then cacheScope).
    void sendResult(const Scope &scope, const JsonValue &id, JsonObject result,
                    std::optional<std::pair<qint64, QString>> cacheable = std::nullopt);
    void sendError(const JsonValue &id, int code, const QString &message,
                   const JsonValue &data = JsonValue());
    void sendNotification(const QString &method, const JsonObject &params);

    ServerConfig m_config;
    FrameSink &m_out;

    mutable std::mutex m_mutex;
    std::condition_variable_any m_changed;
    enum class State { Fresh, Initialized, Ready, ShuttingDown };
    State m_state = State::Fresh;
    Revision m_revision = Revision::V2025_06_18; // what initialize agreed
    QJsonObject m_clientCapabilities;
    QString m_clientName;
    QString m_clientVersion;
    QString m_lastPerRequestClient; // the 2026-era client the window was last told about
    QString m_logLevel = QStringLiteral("info");
    QHash<QByteArray, std::shared_ptr<Subscription>> m_subscriptions; // by the listen id
    QHash<QString, std::shared_ptr<Task>> m_tasks;                     // by task id
    JsonValue m_toolLists[3]; // tools/list of each Revision, once built
    QString m_workspaceStamp;  // grex.jsonl and the lockfile as the listeners last heard of them
    QStringList m_knownPacks;  // the registered packs then
    std::jthread m_watcher;    // watchWorkspace, from the first subscription on
    QHash<QByteArray, std::shared_ptr<Call>> m_calls;      // by the id's JSON text
    QHash<QByteArray, std::shared_ptr<Pending>> m_pending; // server requests by id
    qint64 m_nextRequestId = 1;
    bool m_shutdownAnswered = false;
    QThreadPool m_pool; // tool calls; the admission gate, not the pool, bounds how many run
    std::jthread m_shutdownThread;
    std::unique_ptr<ControlClient> m_control; // null unless controlTransport is set
};

} // namespace Grex::Mcp
