#include "mcp/toolcalls.h"

#include "mcp/approvals.h"
#include "mcp/approvalstate.h"
#include "mcp/confine.h"
#include "mcp/handshake.h"
#include "mcp/listeners.h"
#include "mcp/tasks.h"
#include "core/errorkind.h"
#include "core/jsonrpccodes.h"
#include "core/logging.h"
#include "core/visibletext.h"
#include "core/verbs/verbregistry.h"

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

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

} // namespace

// Turns the engine's events into MCP notifications for one call: progress when the client
// gave a token, warnings as log messages. Nothing is sent once the call's answer is out.
class ToolCalls::Sink : public EventSink
{
public:
    Sink(ToolCalls &calls, const std::shared_ptr<ToolCall> &call) : m_calls(calls), m_call(call) {}

    void warning(const Message &message) override
    {
        if (!closed() && !m_call->task) // a task's warnings are in its result
            m_calls.log(*m_call, u"warning"_s, message.text());
    }

    void progress(qint64 done, qint64 total, const Message &message) override
    {
        ControlClient *control = m_calls.m_parts.control;
        if (m_call->task) {
            // A task reports progress in its status message, which tasks/get and its
            // listeners see.
            m_calls.m_parts.tasks.progress(
                *m_call, total > 0 ? u"%1 (%2/%3)"_s.arg(message.text()).arg(done).arg(total)
                                   : message.text());
            if (control)
                control->callProgress(m_call->key(), done, total, message.text());
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
            control->callProgress(m_call->key(), value, total, text);
        if (m_call->progressToken.isNull())
            return;
        JsonObject params{{u"progressToken"_s, m_call->progressToken}, {u"progress"_s, value}};
        if (total >= value)
            params.insert(u"total"_s, total);
        if (!text.isEmpty())
            params.insert(u"message"_s, text);
        m_calls.m_parts.out.notifyAbout(m_call->key(), u"notifications/progress"_s, params);
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

    ToolCalls &m_calls;
    std::shared_ptr<ToolCall> m_call;
    std::mutex m_mutex;
    qint64 m_last = 0;
    qint64 m_stageDone = 0; // the count the current stage reported last
    qint64 m_offset = 0;    // where the current stage's count starts
    bool m_closed = false;
};

ToolCalls::ToolCalls(Parts parts) : m_parts(parts)
{
    // Threads wait in the admission gate, not in the pool's queue, so that a queued call can be
    // cancelled; the pool only has to be wide enough for the calls a client keeps open.
    m_pool.setMaxThreadCount(256);
}

ToolCalls::~ToolCalls()
{
    cancelAll(By::Server);
    m_pool.waitForDone();
}

bool ToolCalls::has(const QByteArray &key) const
{
    std::lock_guard lock(m_mutex);
    return m_calls.contains(key);
}

int ToolCalls::inFlight() const
{
    std::lock_guard lock(m_mutex);
    return int(m_calls.size());
}

void ToolCalls::cancel(const QByteArray &key, By by)
{
    std::lock_guard lock(m_mutex);
    const auto it = m_calls.constFind(key);
    if (it == m_calls.constEnd())
        return; // unknown or already answered: ignored, the answer may be on its way
    if (by == By::Client)
        (*it)->cancelledByClient = true;
    else if (by == By::Window)
        (*it)->cancelledByWindow = true;
    else if (by == By::Server)
        (*it)->cancelledByServer = true;
    (*it)->stop.request_stop();
}

void ToolCalls::cancelAll(By by)
{
    std::lock_guard lock(m_mutex);
    for (const std::shared_ptr<ToolCall> &call : std::as_const(m_calls)) {
        if (by == By::Server)
            call->cancelledByServer = true;
        call->stop.request_stop();
    }
}

bool ToolCalls::drain(std::chrono::milliseconds timeout)
{
    std::unique_lock lock(m_mutex);
    return m_changed.wait_for(lock, timeout, [this] { return m_calls.isEmpty(); });
}

void ToolCalls::call(const RequestScope &scope, const JsonValue &id, const QJsonObject &params)
{
    const QString name = params.value(u"name"_s).toString();
    const VerbSpec *verb = findVerb(name);
    if (!verb || !verb->mcpTool || !m_parts.config.offers(name)) {
        // A tool this server leaves out (--read-only, --tools) is as unknown as a made-up one:
        // an agent cannot tell them apart, and cannot talk its way in.
        // The name as sent stays in data; the message, which clients show, escapes what a
        // person could not see or would read reordered (NUL, bidi overrides).
        m_parts.out.error(id, InvalidParams, u"unknown tool '%1'"_s.arg(visibleText(name)),
                          JsonObject{{u"kind"_s, u"usage"_s}, {u"tool"_s, name}});
        return;
    }
    const QJsonValue rawArguments = params.value(u"arguments"_s);
    if (!rawArguments.isUndefined() && !rawArguments.isNull() && !rawArguments.isObject()) {
        m_parts.out.error(id, InvalidParams, u"\"arguments\" must be an object"_s);
        return;
    }
    const QJsonObject arguments = rawArguments.toObject();
    if (Result<void> valid = verb->validateToolArguments(arguments); !valid) {
        // From 2025-11-25 on, input the model got wrong is a tool error it can read and fix.
        if (scope.revision >= Revision::V2025_11_25)
            m_parts.out.reply(scope, id, toolErrorBody(valid.error()));
        else
            m_parts.out.error(id, InvalidParams, valid.error().message().text(),
                              valid.error().toJson());
        return;
    }

    auto call = std::make_shared<ToolCall>();
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
            state.isString()
                ? ApprovalStates::instance().redeem(state.toString(), name, arguments)
                : Result<QByteArray>(
                      Error(ErrorKind::Usage, u"request_state"_s,
                            Message(QT_TRANSLATE_NOOP("Grex", "requestState must be a string"))));
        if (!plan && plan.error().kind() == ErrorKind::Usage) {
            m_parts.out.error(id, InvalidParams, plan.error().message().text(),
                              plan.error().toJson());
            return;
        }
        if (!plan) {
            qCWarning(lcCore, "refused an approval state for %s: %s", qUtf8Printable(name),
                      qUtf8Printable(plan.error().message().text()));
            m_parts.out.reply(scope, id, toolErrorBody(plan.error()));
            return;
        }
        call->approvedPlan = *plan;
        call->inputResponses = params.value(u"inputResponses"_s).toObject();
    }
    {
        std::lock_guard lock(m_mutex);
        if (m_calls.contains(idKey(id))) {
            m_parts.out.error(id, InvalidRequest,
                              u"request id already in use by a call in flight"_s);
            return;
        }
        m_calls.insert(idKey(id), call);
    }
    if (Tasks::runsAsTask(scope, *verb)) {
        const std::variant<JsonObject, ProtocolFault> handle = m_parts.tasks.open(call);
        const JsonObject *created = std::get_if<JsonObject>(&handle);
        {
            std::lock_guard lock(m_mutex);
            m_calls.remove(idKey(id));
            if (created)
                m_calls.insert(call->key(), call);
        }
        if (!created) {
            m_changed.notify_all(); // a drain may be waiting for this call to go
            m_parts.out.error(id, std::get<ProtocolFault>(handle));
            return;
        }
        // The handle goes out once tasks/get finds it.
        m_parts.out.reply(scope, id, *created);
    }
    if (m_parts.control)
        m_parts.control->callStarted(call->key(), name, arguments, scope.clientName);
    m_pool.start([this, call] { run(call); });
}

void ToolCalls::run(const std::shared_ptr<ToolCall> &call)
{
    const std::stop_token stop = call->stop.get_token();
    Result<Scheduler::Permit> admitted = m_parts.config.admission->acquire(stop);
    if (!admitted) {
        finish(call, cancelledError());
        return;
    }
    call->admission = std::move(admitted).value();
    Result<JsonValue> result = [&]() -> Result<JsonValue> {
        Result<QJsonObject> arguments =
            confineArguments(*call->verb, call->arguments, m_parts.config.workspace);
        if (!arguments)
            return arguments.error();
        Workspace workspace = m_parts.config.workspace;
        OperationContext ctx(stop);
        ctx.setWidth(m_parts.config.width);
        Sink sink(*this, call);
        ctx.setEventSink(&sink);
        const std::unique_ptr<ApprovalPolicy> approval = m_parts.approvals.policyFor(call);
        ctx.setApprovalPolicy(approval.get());
        const bool changesPacks = !call->verb->readOnly;
        const QStringList before =
            changesPacks ? m_parts.listeners.registeredPacks() : QStringList();
        Result<JsonValue> document = invokeVerb(*call->verb, workspace, *arguments, ctx);
        sink.close();
        if (changesPacks) {
            const QStringList after = m_parts.listeners.registeredPacks();
            m_parts.listeners.workspaceChanged(after != before, after);
        }
        return document;
    }();
    call->admission.release();
    if (!result && call->verb->reportIsVerdict &&
        result.error().details().value(u"report"_s).isObject())
        result = result.error().details().value(u"report"_s);
    finish(call, result);
}

void ToolCalls::finish(const std::shared_ptr<ToolCall> &call, const Result<JsonValue> &result)
{
    bool byClient = false;
    bool byServer = false;
    bool byWindow = false;
    {
        std::lock_guard lock(m_mutex);
        m_calls.remove(call->key());
        byClient = call->cancelledByClient;
        byServer = call->cancelledByServer;
        byWindow = call->cancelledByWindow;
    }
    m_changed.notify_all();
    const bool cancelled = !result.ok() && result.error().kind() == ErrorKind::Cancelled;
    if (ControlClient *control = m_parts.control) {
        if (result.ok())
            control->callFinished(call->key(), u"ok"_s, QString());
        else
            control->callFinished(call->key(), cancelled ? u"cancelled"_s : u"error"_s,
                                  result.error().message().text());
    }
    JsonObject error;
    const JsonObject body = resultBody(*call, result, error);
    if (call->task) {
        m_parts.tasks.finish(*call, result, body, error); // nobody waits: the task records it
        return;
    }
    if (byWindow && !result.ok() && !byClient) {
        m_parts.out.error(call->id, RequestCancelled, u"request cancelled in the grex window"_s,
                          result.error().toJson());
        return;
    }
    // A call the client cancelled gets no answer unless it finished first (docs/design.md,
    // "MCP cancellation"); one that `shutdown` gave up on gets -32800, and so does any with
    // --cancel-replies. One stopped because stdin closed has nobody left to answer.
    if (cancelled || (byClient && !result.ok())) {
        if (byServer || m_parts.config.cancelReplies) {
            m_parts.out.error(call->id, RequestCancelled, u"request cancelled"_s,
                              result.error().toJson());
        }
        return;
    }
    if (call->inputRequired) {
        m_parts.out.reply(call->scope, call->id, *call->inputRequired);
        return;
    }
    if (!error.isEmpty()) {
        m_parts.out.error(call->id, int(error.value(u"code"_s).toInteger()),
                          error.value(u"message"_s).toString(), error.value(u"data"_s));
        return;
    }
    m_parts.out.reply(call->scope, call->id, body);
}

JsonObject ToolCalls::resultBody(const ToolCall &call, const Result<JsonValue> &result,
                                 JsonObject &protocolError) const
{
    JsonObject body;
    const Error *error = result.ok() ? nullptr : &result.error();
    if (error && mcpReply(error->kind()) != McpReply::ToolError) {
        protocolError = JsonObject{{u"code"_s, mcpReply(error->kind()) == McpReply::ProtocolError
                                                   ? mcpCode(error->kind())
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
        body.insert(u"_meta"_s, JsonObject{{u"dev.grex/approval"_s,
                                            JsonObject{{u"by"_s, call.approvedBy},
                                                       {u"client"_s, call.scope.clientName}}}});
    }
    return body;
}

void ToolCalls::log(const ToolCall &call, const QString &level, const QString &text)
{
    // The engine logged it to stderr already (OperationContext::warn); this is the client's copy.
    // A 2026-era request hears log messages only when it asked, and on its own stream.
    if (call.scope.perRequest()) {
        if (call.scope.logLevel.isEmpty() ||
            logLevels().indexOf(level) < logLevels().indexOf(call.scope.logLevel))
            return;
    } else if (!m_parts.handshake.mayLog(level)) {
        return;
    }
    m_parts.out.notifyAbout(
        call.key(), u"notifications/message"_s,
        JsonObject{{u"level"_s, level}, {u"logger"_s, u"grex"_s}, {u"data"_s, text}});
}
} // namespace Grex::Mcp
