#pragma once

#include "mcp/handshake.h"
#include "mcp/perrequest.h"
#include "mcp/requestscope.h"
#include "mcp/serverconfig.h"

#include <QByteArray>
#include <QString>

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

namespace Grex::Mcp {

class Approvals;
class Listeners;
class Tasks;
class ToolCalls;

// How a request id (or progress token) is matched with what a session writes back: the JSON
// text of the value as the session echoes it (7 and "7" differ; 7.0 is 7).
QByteArray requestKey(const QJsonValue &id);
// Whether a JSON-RPC id is one grex accepts: a string, or a whole number within 64 bits.
bool isRequestId(const QJsonValue &id);

// One MCP session over the verb registry, for every revision grex serves (protocol.h). It reads
// JSON-RPC, keeps the lifecycle and sends each request to the part whose job it is: the
// dialect that gives the request its scope (Handshake: what initialize said; PerRequest: the
// request's own _meta), tool calls (ToolCalls), tasks (Tasks), listeners (Listeners) and
// approvals (Approvals). One Session serves both dialects on stdio, and the HTTP transport
// keeps one for all 2026-era requests. Transport-free: a transport feeds it lines and gives it
// a FrameSink. receive() never blocks on a tool call; calls run on their own threads.
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

private:
    void handleRequest(const JsonValue &id, const QString &method, const QJsonObject &params);
    void handlePerRequest(const JsonValue &id, const QString &method, const QJsonObject &params);
    // What both dialects answer alike: tools and resources. False: not such a method.
    bool dispatchCommon(const RequestScope &scope, const JsonValue &id, const QString &method,
                        const QJsonObject &params);
    void handleNotification(const QString &method, const QJsonObject &params);
    void listen(const RequestScope &scope, const JsonValue &id, const QJsonObject &params);
    JsonValue cachedToolList(Revision revision);
    void readResource(const RequestScope &scope, const JsonValue &id, const QJsonObject &params);
    void shutdown(const JsonValue &id);
    // No new requests from now on (shutdown, end of input, destruction).
    void close();

    ServerConfig m_config;
    Outbox m_out;
    std::unique_ptr<ControlClient> m_control; // null unless controlTransport is set
    Handshake m_handshake;
    PerRequest m_perRequest;
    std::unique_ptr<Listeners> m_listeners;
    std::unique_ptr<Tasks> m_tasks;
    std::unique_ptr<Approvals> m_approvals;
    std::unique_ptr<ToolCalls> m_calls;
    std::atomic<ToolCalls *> m_windowCancels = nullptr; // m_calls, once the window may use it

    std::atomic<bool> m_closing = false; // shutdown or the end of input: no new requests
    std::atomic<bool> m_shutdownAnswered = false;
    std::mutex m_toolListMutex;
    JsonValue m_toolLists[3]; // tools/list of each Revision, once built
    std::jthread m_shutdownThread;
};

} // namespace Grex::Mcp
