#include "mcp/session_p.h"

#include "mcp/confine.h"
#include "core/logging.h"
#include "core/errorkind.h"
#include "core/jsonrpccodes.h"
#include "core/manifest/event.h"
#include "core/manifest/intentlog.h"
#include "mcp/tools.h"
#include "core/verbs/verbregistry.h"
#include "core/verbs/verbsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QSet>
#include <QThread>

#include <chrono>
#include <optional>

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

FrameSink::~FrameSink() = default;

void FrameSink::sendRelated(const QByteArray &frame, const QByteArray &)
{
    send(frame);
}

void FrameSink::endStream(const QByteArray &)
{
}

namespace {

using namespace JsonRpc;

// A failure the model can read and act on: a tool result with isError and {code, message,
// data} as its text.
JsonObject toolErrorBody(const Error &error)
{
    const JsonObject failure{{u"code"_s, mcpCode(error.kind())},
                             {u"message"_s, error.message().text()},
                             {u"data"_s, error.toJson()}};
    return JsonObject{
        {u"content"_s, JsonArray{JsonObject{{u"type"_s, u"text"_s},
                                            {u"text"_s, QString::fromUtf8(failure.toJson())}}}},
        {u"isError"_s, true}};
}

JsonValue idFrom(const QJsonValue &id)
{
    if (id.isDouble()) {
        if (const std::optional<qint64> integer = exactInteger(id.toDouble()))
            return JsonValue(*integer);
    }
    return JsonValue::fromQJsonValue(id);
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

// Turns the engine's events into MCP notifications for one call: progress when the client
// gave a token, warnings as log messages. Nothing is sent once the call's answer is out.
class Session::ToolSink : public EventSink
{
public:
    ToolSink(Session &session, const std::shared_ptr<Call> &call) : m_session(session), m_call(call)
    {
    }

    void warning(const Message &message) override
    {
        if (!closed() && !m_call->task) // a task's warnings are in its result
            m_session.log(*m_call, u"warning"_s, message.text());
    }

    void progress(qint64 done, qint64 total, const Message &message) override
    {
        ControlClient *control = m_session.m_control.get();
        if (m_call->task) {
            // A task reports progress in its status message, which tasks/get and its
            // listeners see.
            {
                std::lock_guard lock(m_session.m_mutex);
                m_call->task->statusMessage =
                    total > 0 ? u"%1 (%2/%3)"_s.arg(message.text()).arg(done).arg(total)
                              : message.text();
            }
            m_session.taskChanged(m_call->task);
            if (control)
                control->callProgress(idKey(m_call->id), done, total, message.text());
            return; // tasks carry no progress notifications
        }
        if (m_call->progressToken.isNull() && !control)
            return;
        std::lock_guard lock(m_mutex);
        if (m_closed)
            return;
        // Strictly increasing across the verb's stages (sync resolves its packs, then installs
        // them), each of which counts from the start again: a stage's count goes on from where
        // the one before ended, and so does its total.
        if (done < m_stageDone)
            m_offset = m_last;
        m_stageDone = done;
        const qint64 value = std::max(m_last + 1, m_offset + done);
        m_last = value;
        total = total > 0 ? m_offset + total : 0;
        const QString text =
            total > 0 ? u"%1 (%2/%3)"_s.arg(message.text()).arg(done).arg(total - m_offset)
                      : message.text();
        if (control)
            control->callProgress(idKey(m_call->id), value, total, text);
        if (m_call->progressToken.isNull())
            return;
        JsonObject params{{u"progressToken"_s, m_call->progressToken}, {u"progress"_s, value}};
        if (total >= value)
            params.insert(u"total"_s, total);
        if (!text.isEmpty())
            params.insert(u"message"_s, text);
        m_session.m_out.sendRelated(JsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                               {u"method"_s, u"notifications/progress"_s},
                                               {u"params"_s, params}}
                                        .toJson(),
                                    idKey(m_call->id));
    }

    void close()
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
    }

private:
    bool closed()
    {
        std::lock_guard lock(m_mutex);
        return m_closed;
    }

    Session &m_session;
    std::shared_ptr<Call> m_call;
    std::mutex m_mutex;
    qint64 m_last = 0;
    qint64 m_stageDone = 0; // the count the current stage reported last
    qint64 m_offset = 0;    // where the current stage's count starts
    bool m_closed = false;
};

Session::Session(ServerConfig config, FrameSink &out) : m_config(std::move(config)), m_out(out)
{
    // Threads wait in the admission gate, not in the pool's queue, so that a queued call can be
    // cancelled; the pool only has to be wide enough for the calls a client keeps open.
    m_pool.setMaxThreadCount(256);
    if (!m_config.admission)
        m_config.admission = admissionFor(m_config.toolCalls);
    // The server lives for many calls: ls remembers what it read of each clone until inotify
    // reports a change there.
    m_config.workspace.rememberProbes();
    if (!m_config.controlTransport.isEmpty()) {
        m_control = std::make_unique<ControlClient>(
            m_config.workspace.root(), m_config.controlTransport,
            [this](const QByteArray &callKey) { cancelFromWindow(callKey); },
            [this](const QString &tool, const QString &grantee) {
                // A revoke is a decision too: it goes into the audit log with the grants.
                const Event revoked = Event::grant(EventOp::Revoked, tool, grantee, u"window"_s);
                if (Result<AppendReport> logged = m_config.workspace.intentLog().append(revoked);
                    !logged)
                    qCWarning(lcCore, "%s", qUtf8Printable(logged.error().message().text()));
            });
    }
}

Session::~Session()
{
    if (m_watcher.joinable()) {
        m_watcher.request_stop();
        m_changed.notify_all();
        m_watcher.join();
    }
    {
        std::lock_guard lock(m_mutex);
        for (const std::shared_ptr<Call> &call : std::as_const(m_calls)) {
            call->cancelledByServer = true;
            call->stop.request_stop();
        }
    }
    m_changed.notify_all();
    // No window may cancel or approve anything from here on; calls still report into a closed
    // client, which drops what they say.
    if (m_control)
        m_control->close();
    m_pool.waitForDone();
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
        sendError(
            JsonValue(), ParseError,
            u"parse error: %1 at offset %2"_s.arg(parseError.errorString()).arg(parseError.offset));
        return;
    }
    if (document.isArray()) {
        sendError(JsonValue(), InvalidRequest, u"batches are not supported by MCP 2025-06-18 on"_s,
                  JsonObject{{u"kind"_s, u"batch"_s}});
        return;
    }
    const QJsonObject message = document.object();
    const QJsonValue rawId = message.value(u"id"_s);
    const bool hasId = message.contains(u"id"_s);
    const JsonValue id = hasId && isRequestId(rawId) ? idFrom(rawId) : JsonValue();
    if (message.value(u"jsonrpc"_s).toString() != u"2.0") {
        sendError(id, InvalidRequest, u"\"jsonrpc\" must be \"2.0\""_s);
        return;
    }
    if (!message.contains(u"method"_s)) {
        if (hasId && isRequestId(rawId) &&
            (message.contains(u"result"_s) || message.contains(u"error"_s))) {
            handleResponse(id, message);
            return;
        }
        sendError(id, InvalidRequest,
                  u"a message needs a \"method\", or an \"id\" and a "
                  "\"result\" or \"error\""_s);
        return;
    }
    if (!message.value(u"method"_s).isString()) {
        sendError(id, InvalidRequest, u"\"method\" must be a string"_s);
        return;
    }
    const QString method = message.value(u"method"_s).toString();
    const QJsonValue params = message.value(u"params"_s);
    if (!params.isUndefined() && !params.isObject()) {
        if (hasId)
            sendError(id, InvalidParams, u"\"params\" must be an object"_s);
        return;
    }
    if (!hasId) {
        handleNotification(method, params.toObject());
        return;
    }
    if (!isRequestId(rawId)) {
        sendError(JsonValue(), InvalidRequest, u"\"id\" must be a string or an integer"_s);
        return;
    }
    handleRequest(id, method, params.toObject());
}

void Session::lineTooLong()
{
    sendError(JsonValue(), InvalidRequest,
              u"line longer than %1 bytes dropped"_s.arg(kMaxLineLength),
              JsonObject{{u"kind"_s, u"line_too_long"_s}, {u"limit"_s, kMaxLineLength}});
}

Session::Scope Session::handshakeScope() const
{
    std::lock_guard lock(m_mutex);
    return Scope{m_revision, m_clientCapabilities, m_clientName, m_logLevel, m_clientVersion};
}

QString Session::Scope::grantee() const
{
    if (!perRequest())
        return u"session: %1 %2"_s.arg(clientName, clientVersion).trimmed();
    if (clientName.isEmpty())
        return {};
    return u"%1: %2 %3"_s.arg(revisionName(revision), clientName, clientVersion).trimmed();
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
        sendResult(id, JsonObject{});
        return;
    }
    State state;
    {
        std::lock_guard lock(m_mutex);
        state = m_state;
    }
    if (method == u"initialize") {
        if (state != State::Fresh) {
            sendError(id, InvalidRequest, u"server already initialized"_s,
                      JsonObject{{u"kind"_s, u"init_state"_s}});
            return;
        }
        initialize(id, params);
        return;
    }
    if (state == State::Fresh) {
        sendError(id, InvalidRequest,
                  u"server not initialized: send initialize first, or name the revision in "
                  "_meta (2026-07-28)"_s,
                  JsonObject{{u"kind"_s, u"init_state"_s}});
        return;
    }
    if (state == State::ShuttingDown) {
        sendError(id, InvalidRequest, u"server is shutting down"_s,
                  JsonObject{{u"kind"_s, u"shutting_down"_s}});
        return;
    }
    if (dispatchCommon(handshakeScope(), id, method, params))
        return;
    if (method == u"logging/setLevel") {
        const QString level = params.value(u"level"_s).toString();
        if (!logLevels().contains(level)) {
            sendError(id, InvalidParams,
                      u"unknown log level '%1'; the levels are %2"_s.arg(
                          level, logLevels().join(u", "_s)));
            return;
        }
        {
            std::lock_guard lock(m_mutex);
            m_logLevel = level;
        }
        sendResult(id, JsonObject{});
    } else if (method == u"shutdown") {
        shutdown(id);
    } else {
        sendError(id, MethodNotFound, u"method not found: %1"_s.arg(method));
    }
}

bool Session::dispatchCommon(const Scope &scope, const JsonValue &id, const QString &method,
                             const QJsonObject &params)
{
    // Caching hints (2026-07-28): the tool list is fixed for the life of the process and the
    // same for everyone; what the workspace holds changes under the client's feet and is not
    // everyone's to see.
    constexpr qint64 kStable = 60 * 60 * 1000;
    if (method == u"tools/list") {
        sendResult(scope, id, JsonObject{{u"tools"_s, cachedToolList(scope.revision)}},
                   std::pair{kStable, u"public"_s});
    } else if (method == u"tools/call") {
        callTool(scope, id, params);
    } else if (method == u"resources/list") {
        sendResult(scope, id, JsonObject{{u"resources"_s, resourceList(m_config.workspace)}},
                   std::pair{qint64(0), u"private"_s});
    } else if (method == u"resources/templates/list") {
        sendResult(scope, id, JsonObject{{u"resourceTemplates"_s, resourceTemplates()}},
                   std::pair{kStable, u"public"_s});
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
        {
            std::lock_guard lock(m_mutex);
            if (m_state == State::Initialized)
                m_state = State::Ready;
        }
        m_changed.notify_all();
        return;
    }
    if (method == u"notifications/cancelled") {
        const QJsonValue requestId = params.value(u"requestId"_s);
        if (!isRequestId(requestId))
            return;
        std::lock_guard lock(m_mutex);
        m_subscriptions.remove(idKey(idFrom(requestId))); // a listener that stops listening
        const auto it = m_calls.constFind(idKey(idFrom(requestId)));
        if (it == m_calls.constEnd())
            return; // unknown or already answered: ignored, the answer may be on its way
        (*it)->cancelledByClient = true;
        (*it)->stop.request_stop();
        m_changed.notify_all();
        return;
    }
    // Unknown notifications are ignored.
}

void Session::handleResponse(const JsonValue &id, const QJsonObject &message)
{
    {
        std::lock_guard lock(m_mutex);
        const auto it = m_pending.constFind(idKey(id));
        if (it == m_pending.constEnd())
            return; // an answer to nothing we asked, or to a request we gave up on
        (*it)->answered = true;
        (*it)->message = message;
    }
    m_changed.notify_all();
}

void Session::initialize(const JsonValue &id, const QJsonObject &params)
{
    const QJsonValue version = params.value(u"protocolVersion"_s);
    if (!version.isString()) {
        sendError(id, InvalidParams, u"initialize needs \"protocolVersion\" as a string"_s);
        return;
    }
    // The revision asked for when grex speaks it, else the newest handshake one, and the client
    // decides whether it can go on (docs/design.md, "MCP protocol revisions").
    const Revision revision = handshakeRevisionFor(version.toString());
    const QJsonObject info = params.value(u"clientInfo"_s).toObject();
    {
        std::lock_guard lock(m_mutex);
        m_state = State::Initialized;
        m_revision = revision;
        m_clientCapabilities = params.value(u"capabilities"_s).toObject();
        m_clientName = info.value(u"name"_s).toString();
        m_clientVersion = info.value(u"version"_s).toString();
    }
    if (m_control)
        m_control->clientInitialized(info.value(u"name"_s).toString(),
                                     info.value(u"version"_s).toString());
    const Scope scope = handshakeScope();
    sendResult(id, JsonObject{{u"protocolVersion"_s, revisionName(revision)},
                              {u"capabilities"_s, capabilities(scope)},
                              {u"serverInfo"_s, serverImplementation(revision)},
                              {u"instructions"_s, serverInstructions()}});
}

void Session::callTool(const Scope &scope, const JsonValue &id, const QJsonObject &params)
{
    const QString name = params.value(u"name"_s).toString();
    const VerbSpec *verb = findVerb(name);
    if (!verb || !verb->mcpTool || !m_config.offers(name)) {
        // A tool this server leaves out (--read-only, --tools) is as unknown as a made-up one:
        // an agent cannot tell them apart, and cannot talk its way in.
        sendError(id, InvalidParams, u"unknown tool '%1'"_s.arg(name),
                  JsonObject{{u"kind"_s, u"usage"_s}, {u"tool"_s, name}});
        return;
    }
    const QJsonValue rawArguments = params.value(u"arguments"_s);
    if (!rawArguments.isUndefined() && !rawArguments.isNull() && !rawArguments.isObject()) {
        sendError(id, InvalidParams, u"\"arguments\" must be an object"_s);
        return;
    }
    const QJsonObject arguments = rawArguments.toObject();
    if (Result<void> valid = verb->validateToolArguments(arguments); !valid) {
        // From 2025-11-25 on, input the model got wrong is a tool error it can read and fix.
        if (scope.revision >= Revision::V2025_11_25)
            sendResult(scope, id, toolErrorBody(valid.error()));
        else
            sendError(id, InvalidParams, valid.error().message().text(), valid.error().toJson());
        return;
    }

    auto call = std::make_shared<Call>();
    call->id = id;
    call->verb = verb;
    call->arguments = arguments;
    call->scope = scope;
    const QJsonValue token = params.value(u"_meta"_s).toObject().value(u"progressToken"_s);
    if (token.isString() || token.isDouble())
        call->progressToken = idFrom(token);
    if (scope.perRequest() && params.contains(u"requestState"_s)) {
        const QJsonValue state = params.value(u"requestState"_s);
        Result<QByteArray> plan =
            state.isString() ? ApprovalStates::instance().redeem(state.toString(), name, arguments)
                             : Result<QByteArray>(Error(ErrorKind::Usage, u"request_state"_s,
                                                        Message(QT_TRANSLATE_NOOP("Grex", "requestState must be a string"))));
        if (!plan && plan.error().kind() == ErrorKind::Usage) {
            sendError(id, InvalidParams, plan.error().message().text(), plan.error().toJson());
            return;
        }
        if (!plan) {
            qCWarning(lcCore, "refused an approval state for %s: %s", qUtf8Printable(name),
                      qUtf8Printable(plan.error().message().text()));
            sendResult(scope, id, toolErrorBody(plan.error()));
            return;
        }
        call->approvedPlan = *plan;
        call->inputResponses = params.value(u"inputResponses"_s).toObject();
    }
    {
        std::lock_guard lock(m_mutex);
        if (m_calls.contains(idKey(id))) {
            sendError(id, InvalidRequest, u"request id already in use by a call in flight"_s);
            return;
        }
        m_calls.insert(idKey(id), call);
    }
    if (runsAsTask(scope, *verb)) {
        startTask(call);
        return;
    }
    if (m_control)
        m_control->callStarted(idKey(id), name, arguments, scope.clientName);
    m_pool.start([this, call] { runCall(call); });
}

void Session::runCall(const std::shared_ptr<Call> &call)
{
    const std::stop_token stop = call->stop.get_token();
    Result<Scheduler::Permit> admitted = m_config.admission->acquire(stop);
    if (!admitted) {
        finishCall(call, cancelledError());
        return;
    }
    call->admission = std::move(admitted).value();
    Result<JsonValue> result = [&]() -> Result<JsonValue> {
        Result<QJsonObject> arguments =
            confineArguments(*call->verb, call->arguments, m_config.workspace);
        if (!arguments)
            return arguments.error();
        Workspace workspace = m_config.workspace;
        OperationContext ctx(stop);
        ctx.setWidth(m_config.width);
        ToolSink sink(*this, call);
        ctx.setEventSink(&sink);
        Approval approval(*this, call);
        ctx.setApprovalPolicy(&approval);
        const bool changesPacks = !call->verb->readOnly;
        const QStringList before = changesPacks ? registeredPacks() : QStringList();
        Result<JsonValue> document = invokeVerb(*call->verb, workspace, *arguments, ctx);
        sink.close();
        if (changesPacks) {
            const QStringList after = registeredPacks();
            notifyChanges(after != before, after);
        }
        return document;
    }();
    call->admission.release();
    if (!result && call->verb->reportIsVerdict &&
        result.error().details().value(u"report"_s).isObject())
        result = result.error().details().value(u"report"_s);
    finishCall(call, result);
}

void Session::finishCall(const std::shared_ptr<Call> &call, const Result<JsonValue> &result)
{
    bool byClient = false;
    bool byServer = false;
    bool byWindow = false;
    {
        std::lock_guard lock(m_mutex);
        m_calls.remove(idKey(call->id));
        byClient = call->cancelledByClient;
        byServer = call->cancelledByServer;
        byWindow = call->cancelledByWindow;
    }
    m_changed.notify_all();
    const bool cancelled = !result.ok() && result.error().kind() == ErrorKind::Cancelled;
    if (m_control) {
        if (result.ok())
            m_control->callFinished(idKey(call->id), u"ok"_s, QString());
        else
            m_control->callFinished(idKey(call->id), cancelled ? u"cancelled"_s : u"error"_s,
                                    result.error().message().text());
    }
    if (call->task) {
        finishTask(call, result); // nobody waits for an answer: the task records it
        return;
    }
    if (byWindow && !result.ok() && !byClient) {
        sendError(call->id, RequestCancelled, u"request cancelled in the grex window"_s,
                  result.error().toJson());
        return;
    }
    // A call the client cancelled gets no answer unless it finished first (docs/design.md,
    // "MCP cancellation"); one that `shutdown` gave up on gets -32800, and so does any with
    // --cancel-replies. One stopped because stdin closed has nobody left to answer.
    if (cancelled || (byClient && !result.ok())) {
        if (byServer || m_config.cancelReplies) {
            sendError(call->id, RequestCancelled, u"request cancelled"_s, result.error().toJson());
        }
        return;
    }
    if (call->inputRequired) {
        sendResult(call->scope, call->id, *call->inputRequired);
        return;
    }
    JsonObject error;
    const JsonObject body = callResultBody(*call, result, error);
    if (!error.isEmpty()) {
        sendError(call->id, int(error.value(u"code"_s).toInteger()),
                  error.value(u"message"_s).toString(), error.value(u"data"_s));
        return;
    }
    sendResult(call->scope, call->id, body);
}

JsonObject Session::callResultBody(const Call &call, const Result<JsonValue> &result,
                                   JsonObject &protocolError) const
{
    JsonObject body;
    const Error *error = result.ok() ? nullptr : &result.error();
    if (error && mcpReply(error->kind()) != McpReply::ToolError) {
        protocolError = JsonObject{
            {u"code"_s, mcpReply(error->kind()) == McpReply::ProtocolError ? mcpCode(error->kind())
                                                                          : InternalError},
            {u"message"_s, error->message().text()},
            {u"data"_s, error->toJson()}};
        return body;
    }
    if (error) {
        body = toolErrorBody(*error);
    } else {
        const JsonValue &document = *result;
        // The text is the document's JSON as one string, escaped straight from its UTF-8 bytes
        // (documents reach hundreds of kilobytes).
        QByteArray text;
        appendJsonString(text, QByteArrayView(document.toJson()));
        body.insert(u"content"_s,
                    JsonArray{JsonObject{{u"type"_s, u"text"_s},
                                         {u"text"_s, JsonValue::fromSerialized(text)}}});
        if (document.isObject())
            body.insert(u"structuredContent"_s, document);
        body.insert(u"isError"_s, false);
    }
    if (!call.approvedBy.isEmpty()) {
        // Who let a destructive call run, beside its document (which stays the CLI's).
        body.insert(u"_meta"_s,
                    JsonObject{{u"dev.grex/approval"_s,
                                JsonObject{{u"by"_s, call.approvedBy},
                                           {u"client"_s, call.scope.clientName}}}});
    }
    return body;
}

void Session::readResource(const Scope &scope, const JsonValue &id, const QJsonObject &params)
{
    const QString uri = params.value(u"uri"_s).toString();
    std::optional<ResourceContent> content = readResourceUri(uri, m_config.workspace);
    if (!content) {
        // 2026-07-28 retired -32002 for an unknown resource: it is invalid params there.
        sendError(id, scope.perRequest() ? InvalidParams : ResourceNotFound,
                  u"resource not found: %1"_s.arg(uri), JsonObject{{u"uri"_s, uri}});
        return;
    }
    if (content->error) {
        sendError(id, InternalError, content->error->message().text(), content->error->toJson());
        return;
    }
    sendResult(scope, id,
               JsonObject{{u"contents"_s, JsonArray{JsonObject{{u"uri"_s, uri},
                                                               {u"mimeType"_s, content->mimeType},
                                                               {u"text"_s, content->text}}}}},
               std::pair{qint64(0), u"private"_s});
}

void Session::shutdown(const JsonValue &id)
{
    {
        std::lock_guard lock(m_mutex);
        m_state = State::ShuttingDown;
    }
    // The reader goes on reading (and refusing) while the calls drain.
    m_shutdownThread = std::jthread([this, id] {
        std::unique_lock lock(m_mutex);
        const auto drained = [this] { return m_calls.isEmpty(); };
        if (!m_changed.wait_for(lock, std::chrono::milliseconds(m_config.drainTimeoutMs),
                                drained)) {
            for (const std::shared_ptr<Call> &call : std::as_const(m_calls)) {
                call->cancelledByServer = true;
                call->stop.request_stop();
            }
            m_changed.wait_for(lock, std::chrono::seconds(5), drained);
        }
        lock.unlock();
        sendResult(id, JsonObject{});
        lock.lock();
        m_shutdownAnswered = true;
    });
}

bool Session::endOfInput()
{
    std::unique_lock lock(m_mutex);
    m_state = State::ShuttingDown;
    for (const std::shared_ptr<Call> &call : std::as_const(m_calls))
        call->stop.request_stop(); // not the client's cancel: finished results are still sent
    m_changed.notify_all();
    return m_changed.wait_for(lock, std::chrono::milliseconds(m_config.endOfInputGraceMs),
                              [this] { return m_calls.isEmpty(); });
}

bool Session::shutdownAnswered() const
{
    std::lock_guard lock(m_mutex);
    return m_shutdownAnswered;
}

void Session::cancelFromWindow(const QByteArray &callKey)
{
    {
        std::lock_guard lock(m_mutex);
        const auto it = m_calls.constFind(callKey);
        if (it == m_calls.constEnd())
            return;
        (*it)->cancelledByWindow = true;
        (*it)->stop.request_stop();
    }
    m_changed.notify_all();
}

int Session::callsInFlight() const
{
    std::lock_guard lock(m_mutex);
    return int(m_calls.size());
}

void Session::log(const Call &call, const QString &level, const QString &text)
{
    // The engine logged it to stderr already (OperationContext::warn); this is the client's copy.
    // A 2026-era request hears log messages only when it asked, and on its own stream.
    if (call.scope.perRequest()) {
        if (call.scope.logLevel.isEmpty() ||
            logLevels().indexOf(level) < logLevels().indexOf(call.scope.logLevel))
            return;
    } else if (!mayLog(level)) {
        return;
    }
    m_out.sendRelated(
        JsonObject{{u"jsonrpc"_s, u"2.0"_s},
                   {u"method"_s, u"notifications/message"_s},
                   {u"params"_s,
                    JsonObject{{u"level"_s, level}, {u"logger"_s, u"grex"_s}, {u"data"_s, text}}}}
            .toJson(),
        idKey(call.id));
}

bool Session::mayLog(const QString &level) const
{
    std::lock_guard lock(m_mutex);
    if (m_state == State::Fresh || m_state == State::Initialized)
        return false;
    return logLevels().indexOf(level) >= logLevels().indexOf(m_logLevel);
}

QStringList Session::registeredPacks() const
{
    OperationContext quiet;
    Result<QMap<QString, PackState>> packs = m_config.workspace.readPacks(quiet);
    return packs ? packs->keys() : QStringList();
}

void Session::sendResult(const JsonValue &id, const JsonValue &result)
{
    m_out.send(JsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"result"_s, result}}.toJson());
}

void Session::sendError(const JsonValue &id, int code, const QString &message,
                        const JsonValue &data)
{
    JsonObject error{{u"code"_s, code}, {u"message"_s, message}};
    if (!data.isNull())
        error.insert(u"data"_s, data);
    m_out.send(JsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"error"_s, error}}.toJson());
}

void Session::sendNotification(const QString &method, const JsonObject &params)
{
    m_out.send(JsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, method}, {u"params"_s, params}}
                   .toJson());
}

} // namespace Grex::Mcp
