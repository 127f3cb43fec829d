#include "mcp/session.h"

#include "mcp/approvals.h"
#include "mcp/listeners.h"
#include "mcp/tasks.h"
#include "mcp/toolcalls.h"
#include "mcp/tools.h"
#include "core/jsonrpccodes.h"
#include "core/logging.h"
#include "core/manifest/event.h"
#include "core/manifest/intentlog.h"

#include <QJsonDocument>
#include <QJsonParseError>

#include <chrono>

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

using namespace JsonRpc;

namespace {

// What a request gets once shutdown or the end of input began.
ProtocolFault shuttingDown()
{
    return ProtocolFault{InvalidRequest, u"server is shutting down"_s,
                         JsonObject{{u"kind"_s, u"shutting_down"_s}}};
}

} // namespace

std::shared_ptr<Scheduler> admissionFor(int toolCalls)
{
    return std::make_shared<Scheduler>(std::max(1, toolCalls), LockTier::Admission);
}

bool isRequestId(const QJsonValue &id)
{
    return id.isString() || (id.isDouble() && exactInteger(id.toDouble()));
}

QByteArray requestKey(const QJsonValue &id)
{
    return idKey(idFrom(id));
}

Session::Session(ServerConfig config, FrameSink &out) : m_config(std::move(config)), m_out(out)
{
    if (!m_config.admission)
        m_config.admission = admissionFor(m_config.toolCalls);
    // The server lives for many calls: ls remembers what it read of each clone until inotify
    // reports a change there.
    m_config.workspace.rememberProbes();
    if (!m_config.controlTransport.isEmpty()) {
        m_control = std::make_unique<ControlClient>(
            m_config.workspace.root(), m_config.controlTransport,
            [this](const QByteArray &callKey) {
                // The control thread may call before the constructor made the calls' part.
                if (ToolCalls *calls = m_windowCancels.load())
                    calls->cancel(callKey, ToolCalls::By::Window);
            },
            [this](const QString &tool, const QString &grantee) {
                // A revoke is a decision too: it goes into the audit log with the grants.
                const Event revoked = Event::grant(EventOp::Revoked, tool, grantee, u"window"_s);
                if (Result<AppendReport> logged = m_config.workspace.intentLog().append(revoked);
                    !logged)
                    qCWarning(lcCore, "%s", qUtf8Printable(logged.error().message().text()));
            });
    }
    m_listeners = std::make_unique<Listeners>(m_config.workspace, m_out,
                                              [this] { return m_handshake.ready(); });
    m_tasks = std::make_unique<Tasks>(m_out, *m_listeners);
    m_approvals =
        std::make_unique<Approvals>(m_config, m_out, m_handshake, *m_tasks, m_control.get());
    m_calls = std::make_unique<ToolCalls>(ToolCalls::Parts{
        m_config, m_out, m_handshake, *m_listeners, *m_tasks, *m_approvals, m_control.get()});
    m_windowCancels = m_calls.get();
}

Session::~Session()
{
    close();
    m_calls->cancelAll(ToolCalls::By::Server);
    // No window may cancel or approve anything from here on; calls still report into a closed
    // client, which drops what they say.
    if (m_control)
        m_control->close();
    if (m_shutdownThread.joinable())
        m_shutdownThread.join();
    m_calls.reset(); // waits for every call
}

void Session::receive(QByteArrayView line)
{
    if (line.endsWith('\r'))
        line.chop(1);
    if (line.trimmed().isEmpty())
        return; // empty lines are ignored
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(line.toByteArray(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        m_out.error(
            JsonValue(), ParseError,
            u"parse error: %1 at offset %2"_s.arg(parseError.errorString()).arg(parseError.offset));
        return;
    }
    if (document.isArray()) {
        m_out.error(JsonValue(), InvalidRequest,
                    u"batches are not supported by MCP 2025-06-18 on"_s,
                    JsonObject{{u"kind"_s, u"batch"_s}});
        return;
    }
    const QJsonObject message = document.object();
    const QJsonValue rawId = message.value(u"id"_s);
    const bool hasId = message.contains(u"id"_s);
    const JsonValue id = hasId && isRequestId(rawId) ? idFrom(rawId) : JsonValue();
    if (message.value(u"jsonrpc"_s).toString() != u"2.0") {
        m_out.error(id, InvalidRequest, u"\"jsonrpc\" must be \"2.0\""_s);
        return;
    }
    if (!message.contains(u"method"_s)) {
        if (hasId && isRequestId(rawId) &&
            (message.contains(u"result"_s) || message.contains(u"error"_s))) {
            m_approvals->answered(id, message);
            return;
        }
        m_out.error(id, InvalidRequest,
                    u"a message needs a \"method\", or an \"id\" and a "
                    "\"result\" or \"error\""_s);
        return;
    }
    if (!message.value(u"method"_s).isString()) {
        m_out.error(id, InvalidRequest, u"\"method\" must be a string"_s);
        return;
    }
    const QString method = message.value(u"method"_s).toString();
    const QJsonValue params = message.value(u"params"_s);
    if (!params.isUndefined() && !params.isObject()) {
        if (hasId)
            m_out.error(id, InvalidParams, u"\"params\" must be an object"_s);
        return;
    }
    if (!hasId) {
        handleNotification(method, params.toObject());
        return;
    }
    if (!isRequestId(rawId)) {
        m_out.error(JsonValue(), InvalidRequest, u"\"id\" must be a string or an integer"_s);
        return;
    }
    handleRequest(id, method, params.toObject());
}

void Session::lineTooLong()
{
    m_out.error(JsonValue(), InvalidRequest,
                u"line longer than %1 bytes dropped"_s.arg(kMaxLineLength),
                JsonObject{{u"kind"_s, u"line_too_long"_s}, {u"limit"_s, kMaxLineLength}});
}

void Session::handleRequest(const JsonValue &id, const QString &method, const QJsonObject &params)
{
    // A request that names its revision in _meta is a 2026-era one, whatever came before on
    // this connection (docs/design.md, "MCP protocol revisions").
    if (hasEnvelope(params)) {
        handlePerRequest(id, method, params);
        return;
    }
    if (method == u"ping") {
        m_out.result(id, JsonObject{});
        return;
    }
    if (method == u"initialize") {
        std::variant<RequestScope, ProtocolFault> agreed = m_handshake.initialize(params);
        if (const ProtocolFault *fault = std::get_if<ProtocolFault>(&agreed)) {
            m_out.error(id, *fault);
            return;
        }
        const RequestScope &scope = std::get<RequestScope>(agreed);
        if (m_control)
            m_control->clientInitialized(scope.clientName, scope.clientVersion);
        m_out.result(id, Handshake::initializeResult(scope));
        return;
    }
    std::optional<ProtocolFault> refused = m_handshake.admit();
    if (!refused && m_closing)
        refused = shuttingDown();
    if (refused) {
        m_out.error(id, *refused);
        return;
    }
    if (dispatchCommon(m_handshake.scope(), id, method, params))
        return;
    if (method == u"logging/setLevel") {
        if (std::optional<ProtocolFault> fault = m_handshake.setLogLevel(params))
            m_out.error(id, *fault);
        else
            m_out.result(id, JsonObject{});
    } else if (method == u"shutdown") {
        shutdown(id);
    } else {
        m_out.error(id, MethodNotFound, u"method not found: %1"_s.arg(method));
    }
}

void Session::handlePerRequest(const JsonValue &id, const QString &method,
                               const QJsonObject &params)
{
    std::variant<RequestScope, ProtocolFault> read = PerRequest::scopeOf(method, params);
    if (m_closing && std::holds_alternative<RequestScope>(read))
        read = shuttingDown();
    if (const ProtocolFault *fault = std::get_if<ProtocolFault>(&read)) {
        m_out.error(id, *fault);
        return;
    }
    const RequestScope &scope = std::get<RequestScope>(read);
    if (m_perRequest.isNewClient(scope) && m_control)
        m_control->clientInitialized(scope.clientName, scope.clientVersion);

    if (method == u"server/discover")
        m_out.reply(scope, id, PerRequest::discovery(scope),
                    Cacheable{60 * 60 * 1000, u"public"_s});
    else if (method.startsWith(u"tasks/"))
        m_tasks->handle(scope, id, method, params);
    else if (method == u"subscriptions/listen")
        listen(scope, id, params);
    else if (!dispatchCommon(scope, id, method, params))
        m_out.error(id, MethodNotFound, u"method not found: %1"_s.arg(method));
}

bool Session::dispatchCommon(const RequestScope &scope, const JsonValue &id, const QString &method,
                             const QJsonObject &params)
{
    // Caching hints (2026-07-28): the tool list is fixed for the life of the process and the
    // same for everyone; what the workspace holds changes under the client's feet and is not
    // everyone's to see.
    const Cacheable stable{60 * 60 * 1000, u"public"_s};
    const Cacheable changing{0, u"private"_s};
    if (method == u"tools/list") {
        m_out.reply(scope, id, JsonObject{{u"tools"_s, cachedToolList(scope.revision)}}, stable);
    } else if (method == u"tools/call") {
        m_calls->call(scope, id, params);
    } else if (method == u"resources/list") {
        m_out.reply(scope, id, JsonObject{{u"resources"_s, resourceList(m_config.workspace)}},
                    changing);
    } else if (method == u"resources/templates/list") {
        m_out.reply(scope, id, JsonObject{{u"resourceTemplates"_s, resourceTemplates()}}, stable);
    } else if (method == u"resources/read") {
        readResource(scope, id, params);
    } else {
        return false;
    }
    return true;
}

void Session::handleNotification(const QString &method, const QJsonObject &params)
{
    if (method == u"notifications/initialized") {
        m_handshake.initialized();
        return;
    }
    if (method == u"notifications/cancelled") {
        const QJsonValue requestId = params.value(u"requestId"_s);
        if (!isRequestId(requestId))
            return;
        const QByteArray key = requestKey(requestId);
        m_listeners->end(key); // a listener that stops listening
        m_calls->cancel(key, ToolCalls::By::Client);
        return;
    }
    // Unknown notifications are ignored.
}

void Session::listen(const RequestScope &scope, const JsonValue &id, const QJsonObject &params)
{
    // Requests are read on one thread: nothing can take this id between the check and listen.
    if (m_listeners->has(idKey(id)) || m_calls->has(idKey(id))) {
        m_out.error(id, InvalidRequest, u"request id already in use"_s);
        return;
    }
    m_listeners->listen(scope, id, params,
                        [this](const QString &taskId) { return m_tasks->exists(taskId); });
}

JsonValue Session::cachedToolList(Revision revision)
{
    // The tool set is fixed for the life of the process: each revision's list is built once
    // and sent as the bytes it was written to.
    const int slot = int(revision);
    {
        std::lock_guard lock(m_toolListMutex);
        if (!m_toolLists[slot].isNull())
            return m_toolLists[slot];
    }
    const JsonValue built =
        JsonValue::fromSerialized(JsonValue(toolList(m_config.tools, revision)).toJson());
    std::lock_guard lock(m_toolListMutex);
    m_toolLists[slot] = built;
    return built;
}

void Session::readResource(const RequestScope &scope, const JsonValue &id,
                           const QJsonObject &params)
{
    const QString uri = params.value(u"uri"_s).toString();
    std::optional<ResourceContent> content = readResourceUri(uri, m_config.workspace);
    if (!content) {
        // 2026-07-28 retired -32002 for an unknown resource: it is invalid params there.
        m_out.error(id, scope.perRequest() ? InvalidParams : ResourceNotFound,
                    u"resource not found: %1"_s.arg(uri), JsonObject{{u"uri"_s, uri}});
        return;
    }
    if (content->error) {
        m_out.error(id, InternalError, content->error->message().text(), content->error->toJson());
        return;
    }
    m_out.reply(scope, id,
                JsonObject{{u"contents"_s, JsonArray{JsonObject{{u"uri"_s, uri},
                                                                {u"mimeType"_s, content->mimeType},
                                                                {u"text"_s, content->text}}}}},
                Cacheable{0, u"private"_s});
}

void Session::close()
{
    m_closing = true;
    m_handshake.close(); // a call waiting for notifications/initialized gives up
}

void Session::shutdown(const JsonValue &id)
{
    close();
    // The reader goes on reading (and refusing) while the calls drain.
    m_shutdownThread = std::jthread([this, id] {
        if (!m_calls->drain(std::chrono::milliseconds(m_config.drainTimeoutMs))) {
            m_calls->cancelAll(ToolCalls::By::Server);
            m_calls->drain(std::chrono::seconds(5));
        }
        m_out.result(id, JsonObject{});
        m_shutdownAnswered = true;
    });
}

bool Session::endOfInput()
{
    close();
    // Not the client's cancel: finished results are still sent.
    m_calls->cancelAll(ToolCalls::By::EndOfInput);
    return m_calls->drain(std::chrono::milliseconds(m_config.endOfInputGraceMs));
}

bool Session::shutdownAnswered() const
{
    return m_shutdownAnswered;
}

void Session::cancelFromWindow(const QByteArray &callKey)
{
    m_calls->cancel(callKey, ToolCalls::By::Window);
}

int Session::callsInFlight() const
{
    return m_calls->inFlight();
}

} // namespace Grex::Mcp
