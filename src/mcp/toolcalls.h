#pragma once

// The session's tools/call requests: admission, the verb's run on a thread of its own,
// cancellation (by the client, the window, or the server when it stops) and the answer.

#include "mcp/serverconfig.h"
#include "mcp/toolcall.h"

#include <QHash>
#include <QThreadPool>

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace Grex::Mcp {

class Approvals;
class Handshake;
class Listeners;
class Tasks;

class ToolCalls
{
public:
    // What a call reaches besides its own state.
    struct Parts
    {
        const ServerConfig &config;
        Outbox &out;
        Handshake &handshake; // whether a handshake client may hear log messages yet
        Listeners &listeners; // hear of what a call changed
        Tasks &tasks;
        Approvals &approvals;
        ControlClient *control; // the window, or null
    };
    explicit ToolCalls(Parts parts);
    ~ToolCalls(); // stops every call and waits for it

    // tools/call: checks the request, then runs the verb (or opens a task) and answers later.
    void call(const RequestScope &scope, const JsonValue &id, const QJsonObject &params);
    bool has(const QByteArray &key) const;
    int inFlight() const;

    enum class By { Client, Window, Server, EndOfInput };
    // Stops the call with this key; unknown or finished calls are ignored. A call stopped
    // because input ended still answers when it finishes first.
    void cancel(const QByteArray &key, By by);
    void cancelAll(By by);
    // Waits until no call is in flight; false when some still run after `timeout`.
    bool drain(std::chrono::milliseconds timeout);

private:
    class Sink;

    void run(const std::shared_ptr<ToolCall> &call);
    void finish(const std::shared_ptr<ToolCall> &call, const Result<JsonValue> &result);
    // A call's CallToolResult, or (in protocolError) the JSON-RPC error it ends with.
    JsonObject resultBody(const ToolCall &call, const Result<JsonValue> &result,
                          JsonObject &protocolError) const;
    // A warning of the call's verb as the client's log message, where its scope allows one.
    void log(const ToolCall &call, const QString &level, const QString &text);

    Parts m_parts;
    mutable std::mutex m_mutex;
    std::condition_variable_any m_changed;
    QHash<QByteArray, std::shared_ptr<ToolCall>> m_calls; // by the id's JSON text
    QThreadPool m_pool; // the admission gate, not the pool, bounds how many run
};

} // namespace Grex::Mcp
