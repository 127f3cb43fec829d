// Session's tasks (the io.modelcontextprotocol/tasks extension of 2026-07-28): a long tools/call
// answers with a handle at once and runs on; the client follows it with tasks/get, answers its
// questions with tasks/update, stops it with tasks/cancel, or hears of it on subscriptions/listen.

#include "mcp/session_p.h"

#include "core/jsonrpccodes.h"
#include "core/logging.h"

#include <QJsonArray>
#include <QRandomGenerator>

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

namespace {

// How long a finished task's result is kept for tasks/get, and how often to ask.
constexpr qint64 kTaskTtlMs = 60 * 60 * 1000;
constexpr qint64 kPollIntervalMs = 1000;
// Tasks running at once in one session; more are refused (each holds a thread while it waits).
constexpr int kMaxRunningTasks = 64;

QString isoTime(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODateWithMs);
}

} // namespace

bool Session::runsAsTask(const Scope &scope, const VerbSpec &verb) const
{
    // The long verbs, when this request declared the extension: the server alone decides.
    return scope.perRequest() && verb.longRunning && scope.wantsTasks();
}

void Session::startTask(const std::shared_ptr<Call> &call)
{
    auto task = std::make_shared<Task>();
    QByteArray random(16, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(random.data()), 4);
    task->id = QString::fromLatin1(random.toHex());
    task->tool = call->verb->name;
    task->createdAt = task->lastUpdatedAt = QDateTime::currentDateTimeUtc();
    task->statusMessage = u"%1 started"_s.arg(task->tool);
    task->call = call;
    const JsonValue requestId = call->id;
    bool full = false;
    {
        std::lock_guard lock(m_mutex);
        const auto running = std::count_if(m_tasks.cbegin(), m_tasks.cend(),
                                           [](const std::shared_ptr<Task> &t) { return t->call; });
        full = running >= kMaxRunningTasks;
        if (full)
            m_calls.remove(idKey(requestId));
    }
    if (full) {
        sendError(requestId, JsonRpc::InvalidRequest,
                  u"%1 tasks are running already; wait for one to end"_s.arg(kMaxRunningTasks),
                  JsonObject{{u"kind"_s, u"busy"_s}});
        return;
    }
    {
        std::lock_guard lock(m_mutex);
        // The request is answered now; the call lives on under the task's name, which no
        // notifications/cancelled can reach (tasks/cancel stops it).
        m_calls.remove(idKey(requestId));
        call->id = JsonValue(u"task-"_s + task->id);
        call->task = task;
        m_calls.insert(idKey(call->id), call);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        for (auto it = m_tasks.begin(); it != m_tasks.end();) {
            const bool expired = (*it)->terminal() && (*it)->lastUpdatedAt.msecsTo(now) > kTaskTtlMs;
            it = expired ? m_tasks.erase(it) : std::next(it);
        }
        m_tasks.insert(task->id, task);
    }
    if (m_control)
        m_control->callStarted(idKey(call->id), task->tool, call->arguments,
                               call->scope.clientName);
    // The handle goes out once tasks/get finds it.
    JsonObject created = taskDocument(*task);
    created.insert(u"resultType"_s, u"task"_s);
    sendResult(call->scope, requestId, created);
    m_pool.start([this, call] { runCall(call); });
}

JsonObject Session::taskDocument(const Task &task) const
{
    JsonObject document{{u"taskId"_s, task.id},
                        {u"status"_s, task.status},
                        {u"statusMessage"_s, task.statusMessage},
                        {u"createdAt"_s, isoTime(task.createdAt)},
                        {u"lastUpdatedAt"_s, isoTime(task.lastUpdatedAt)},
                        {u"ttlMs"_s, kTaskTtlMs},
                        {u"pollIntervalMs"_s, kPollIntervalMs}};
    if (task.status == u"input_required" && task.inputRequests)
        document.insert(u"inputRequests"_s, *task.inputRequests);
    if (task.status == u"completed" && task.result)
        document.insert(u"result"_s, *task.result);
    if (task.status == u"failed" && task.error)
        document.insert(u"error"_s, *task.error);
    return document;
}

void Session::taskChanged(const std::shared_ptr<Task> &task)
{
    JsonObject document;
    QList<std::shared_ptr<Subscription>> listeners;
    {
        std::lock_guard lock(m_mutex);
        task->lastUpdatedAt = QDateTime::currentDateTimeUtc();
        document = taskDocument(*task);
        for (const std::shared_ptr<Subscription> &s : std::as_const(m_subscriptions)) {
            if (s->taskIds.contains(task->id))
                listeners.append(s);
        }
    }
    m_changed.notify_all();
    for (const std::shared_ptr<Subscription> &listener : std::as_const(listeners)) {
        JsonObject params = document;
        params.insert(u"_meta"_s,
                      JsonObject{{QString::fromUtf16(MetaKey::SubscriptionId), listener->id}});
        m_out.sendRelated(JsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                     {u"method"_s, u"notifications/tasks"_s},
                                     {u"params"_s, params}}
                              .toJson(),
                          idKey(listener->id));
    }
}

void Session::finishTask(const std::shared_ptr<Call> &call, const Result<JsonValue> &result)
{
    const std::shared_ptr<Task> task = call->task;
    JsonObject error;
    const JsonObject body = callResultBody(*call, result, error);
    {
        std::lock_guard lock(m_mutex);
        task->call.reset();
        task->inputRequests.reset();
        if (!result.ok() && result.error().kind() == ErrorKind::Cancelled) {
            task->status = u"cancelled"_s;
            task->statusMessage = u"%1 was cancelled"_s.arg(task->tool);
        } else if (!error.isEmpty()) {
            task->status = u"failed"_s;
            task->statusMessage = error.value(u"message"_s).toString();
            task->error = error;
        } else {
            // A tool error is a completed task whose result says isError.
            task->status = u"completed"_s;
            task->statusMessage = result.ok() ? u"%1 finished"_s.arg(task->tool)
                                              : result.error().message().text();
            task->result = body;
        }
    }
    taskChanged(task);
}

void Session::handleTaskRequest(const Scope &scope, const JsonValue &id, const QString &method,
                                const QJsonObject &params)
{
    if (!scope.wantsTasks()) {
        sendError(
            id, JsonRpc::MissingClientCapability,
            u"%1 needs the tasks extension in the request's client capabilities"_s.arg(method),
            tasksCapabilityRequired());
        return;
    }
    const QString taskId = params.value(u"taskId"_s).toString();
    std::shared_ptr<Task> task;
    JsonObject document;
    {
        std::lock_guard lock(m_mutex);
        task = m_tasks.value(taskId);
        if (task)
            document = taskDocument(*task);
    }
    if (!task) {
        sendError(id, JsonRpc::InvalidParams, u"task not found: '%1'"_s.arg(taskId),
                  JsonObject{{u"taskId"_s, taskId}});
        return;
    }
    if (method == u"tasks/get") {
        sendResult(scope, id, document);
    } else if (method == u"tasks/update") {
        const QJsonValue responses = params.value(u"inputResponses"_s);
        if (!responses.isObject()) {
            sendError(id, JsonRpc::InvalidParams,
                      u"tasks/update needs \"inputResponses\" as an object"_s);
            return;
        }
        {
            std::lock_guard lock(m_mutex);
            // Answers to questions the task did not ask are ignored.
            const QJsonObject asked = task->inputRequests
                                          ? JsonValue(*task->inputRequests).toQJsonValue().toObject()
                                          : QJsonObject();
            const QJsonObject answers = responses.toObject();
            for (auto it = answers.begin(); it != answers.end(); ++it) {
                if (asked.contains(it.key()))
                    task->inputResponses.insert(it.key(), it.value());
            }
        }
        m_changed.notify_all();
        sendResult(scope, id, JsonObject{});
    } else { // tasks/cancel: cooperative, the task may still finish
        {
            std::lock_guard lock(m_mutex);
            if (task->call) {
                task->call->cancelledByClient = true;
                task->call->stop.request_stop();
            }
        }
        m_changed.notify_all();
        sendResult(scope, id, JsonObject{});
    }
}

ApprovalDecision Session::Approval::askClientInTask(const ApprovalRequest &request,
                                                    std::stop_token stop)
{
    const QString key = u"grex_approval_%1"_s.arg(QDateTime::currentMSecsSinceEpoch());
    const std::shared_ptr<Task> task = m_call->task;
    const JsonObject question = approvalQuestion(request, m_call->scope.revision);
    {
        std::lock_guard lock(m_session.m_mutex);
        task->status = u"input_required"_s;
        task->statusMessage = question.value(u"params"_s).toObject().value(u"message"_s).toString();
        task->inputRequests = JsonObject{{key, question}};
    }
    m_session.taskChanged(task);
    std::unique_lock lock(m_session.m_mutex);
    const bool answered = m_session.m_changed.wait_for(
        lock, stop, std::chrono::milliseconds(m_session.m_config.elicitationTimeoutMs),
        [&] { return task->inputResponses.contains(key); });
    const QJsonObject answer = task->inputResponses.value(key).toObject();
    task->status = u"working"_s;
    task->inputRequests.reset();
    task->statusMessage = u"%1 running"_s.arg(task->tool);
    lock.unlock();
    m_session.taskChanged(task);
    if (!answered) {
        return ApprovalDecision::refuse(
            Message(QT_TRANSLATE_NOOP("Grex", "the client did not answer the approval "
                                              "question")),
            u"client"_s);
    }
    return approvalFromAnswer(answer);
}

} // namespace Grex::Mcp
