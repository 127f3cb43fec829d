#include "mcp/tasks.h"

#include "mcp/listeners.h"
#include "mcp/protocol.h"
#include "core/jsonrpccodes.h"
#include "core/verbs/verbspec.h"

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

Tasks::Tasks(Outbox &out, Listeners &listeners) : m_out(out), m_listeners(listeners)
{
}

bool Tasks::runsAsTask(const RequestScope &scope, const VerbSpec &verb)
{
    return scope.perRequest() && verb.longRunning && scope.wantsTasks();
}

std::variant<JsonObject, ProtocolFault> Tasks::open(const std::shared_ptr<ToolCall> &call)
{
    auto task = std::make_shared<Task>();
    task->id = randomHandle();
    task->tool = call->verb->name;
    task->createdAt = task->lastUpdatedAt = QDateTime::currentDateTimeUtc();
    task->statusMessage = u"%1 started"_s.arg(task->tool);
    task->call = call;
    std::lock_guard lock(m_mutex);
    const auto running = std::count_if(m_tasks.cbegin(), m_tasks.cend(),
                                       [](const std::shared_ptr<Task> &t) { return t->call; });
    if (running >= kMaxRunningTasks) {
        return ProtocolFault{
            JsonRpc::InvalidRequest,
            u"%1 tasks are running already; wait for one to end"_s.arg(kMaxRunningTasks),
            JsonObject{{u"kind"_s, u"busy"_s}}};
    }
    // The request is answered now; the call lives on under the task's name, so a
    // notifications/cancelled of the request's id no longer reaches it (tasks/cancel does).
    call->id = JsonValue(u"task-"_s + task->id);
    call->task = task;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (auto it = m_tasks.begin(); it != m_tasks.end();) {
        const bool expired = (*it)->terminal() && (*it)->lastUpdatedAt.msecsTo(now) > kTaskTtlMs;
        it = expired ? m_tasks.erase(it) : std::next(it);
    }
    m_tasks.insert(task->id, task);
    JsonObject created = document(*task);
    created.insert(u"resultType"_s, u"task"_s);
    return created;
}

bool Tasks::exists(const QString &taskId) const
{
    std::lock_guard lock(m_mutex);
    return m_tasks.contains(taskId);
}

JsonObject Tasks::document(const Task &task) const
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

void Tasks::changed(const std::shared_ptr<Task> &task)
{
    JsonObject now;
    {
        std::lock_guard lock(m_mutex);
        task->lastUpdatedAt = QDateTime::currentDateTimeUtc();
        now = document(*task);
    }
    m_listeners.taskChanged(task->id, now);
}

void Tasks::progress(const ToolCall &call, const QString &message)
{
    {
        std::lock_guard lock(m_mutex);
        call.task->statusMessage = message;
    }
    changed(call.task);
}

void Tasks::finish(const ToolCall &call, const Result<JsonValue> &result, const JsonObject &body,
                   const JsonObject &error)
{
    const std::shared_ptr<Task> task = call.task;
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
            task->statusMessage =
                result.ok() ? u"%1 finished"_s.arg(task->tool) : result.error().message().text();
            task->result = body;
        }
    }
    changed(task);
}

void Tasks::handle(const RequestScope &scope, const JsonValue &id, const QString &method,
                   const QJsonObject &params)
{
    if (!scope.wantsTasks()) {
        m_out.error(
            id, JsonRpc::MissingClientCapability,
            u"%1 needs the tasks extension in the request's client capabilities"_s.arg(method),
            tasksCapabilityRequired());
        return;
    }
    const QString taskId = params.value(u"taskId"_s).toString();
    std::shared_ptr<Task> task;
    JsonObject now;
    {
        std::lock_guard lock(m_mutex);
        task = m_tasks.value(taskId);
        if (task)
            now = document(*task);
    }
    if (!task) {
        m_out.error(id, JsonRpc::InvalidParams, u"task not found: '%1'"_s.arg(taskId),
                    JsonObject{{u"taskId"_s, taskId}});
        return;
    }
    if (method == u"tasks/get") {
        m_out.reply(scope, id, now);
    } else if (method == u"tasks/update") {
        const QJsonValue responses = params.value(u"inputResponses"_s);
        if (!responses.isObject()) {
            m_out.error(id, JsonRpc::InvalidParams,
                        u"tasks/update needs \"inputResponses\" as an object"_s);
            return;
        }
        {
            std::lock_guard lock(m_mutex);
            // Answers to questions the task did not ask are ignored.
            const QJsonObject asked =
                task->inputRequests ? JsonValue(*task->inputRequests).toQJsonValue().toObject()
                                    : QJsonObject();
            const QJsonObject answers = responses.toObject();
            for (auto it = answers.begin(); it != answers.end(); ++it) {
                if (asked.contains(it.key()))
                    task->inputResponses.insert(it.key(), it.value());
            }
        }
        m_answered.notify_all();
        m_out.reply(scope, id, JsonObject{});
    } else { // tasks/cancel: cooperative, the task may still finish
        {
            std::lock_guard lock(m_mutex);
            if (task->call) {
                task->call->cancelledByClient = true;
                task->call->stop.request_stop();
            }
        }
        m_out.reply(scope, id, JsonObject{});
    }
}

std::optional<QJsonObject> Tasks::ask(const ToolCall &call, const JsonObject &question,
                                      std::chrono::milliseconds timeout, std::stop_token stop)
{
    const QString key = u"grex_approval_%1"_s.arg(QDateTime::currentMSecsSinceEpoch());
    const std::shared_ptr<Task> task = call.task;
    {
        std::lock_guard lock(m_mutex);
        task->status = u"input_required"_s;
        task->statusMessage = question.value(u"params"_s).toObject().value(u"message"_s).toString();
        task->inputRequests = JsonObject{{key, question}};
    }
    changed(task);
    std::unique_lock lock(m_mutex);
    const bool answered = m_answered.wait_for(lock, stop, timeout,
                                              [&] { return task->inputResponses.contains(key); });
    const QJsonObject answer = task->inputResponses.value(key).toObject();
    task->status = u"working"_s;
    task->inputRequests.reset();
    task->statusMessage = u"%1 running"_s.arg(task->tool);
    lock.unlock();
    changed(task);
    if (!answered)
        return std::nullopt;
    return answer;
}

} // namespace Grex::Mcp
