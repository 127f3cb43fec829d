#pragma once

// The io.modelcontextprotocol/tasks extension (2026-07-28): a long tools/call answers with a
// handle at once and runs on; the client follows it with tasks/get, answers its questions with
// tasks/update, stops it with tasks/cancel, or hears of it on subscriptions/listen.

#include "mcp/toolcall.h"
#include "core/operationcontext.h"
#include "core/result.h"

#include <QDateTime>
#include <QHash>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <variant>

namespace Grex::Mcp {

class Listeners;

// A tools/call run as a task. Guarded by its Tasks.
struct Task
{
    QString id; // 128 random bits: a handle nobody can guess
    QString tool;
    QString status = QStringLiteral("working"); // input_required, completed, failed, cancelled
    QString statusMessage;
    QDateTime createdAt;
    QDateTime lastUpdatedAt;
    std::optional<JsonObject> result; // completed: the CallToolResult
    std::optional<JsonObject> error;  // failed: the JSON-RPC error
    std::optional<JsonObject> inputRequests;
    QJsonObject inputResponses;     // from tasks/update
    std::shared_ptr<ToolCall> call; // until it finished
    bool terminal() const
    {
        return status == QLatin1String("completed") || status == QLatin1String("failed") ||
               status == QLatin1String("cancelled");
    }
};

class Tasks
{
public:
    Tasks(Outbox &out, Listeners &listeners);

    // Whether a call runs as a task: a long verb, asked for by a request that declared the
    // extension. The server alone decides.
    static bool runsAsTask(const RequestScope &scope, const VerbSpec &verb);
    // Makes the call a task and returns the answer its request gets (the task's handle), or
    // the error it gets when too many tasks run already.
    std::variant<JsonObject, ProtocolFault> open(const std::shared_ptr<ToolCall> &call);
    // tasks/get, tasks/update and tasks/cancel.
    void handle(const RequestScope &scope, const JsonValue &id, const QString &method,
                const QJsonObject &params);
    bool exists(const QString &taskId) const;

    // What the call's task tells tasks/get while it runs.
    void progress(const ToolCall &call, const QString &message);
    // The call ended: its CallToolResult `body`, or the JSON-RPC `error` it failed with.
    void finish(const ToolCall &call, const Result<JsonValue> &result, const JsonObject &body,
                const JsonObject &error);
    // Puts the task in input_required with this question and waits for tasks/update to answer
    // it; nullopt when stopped or not answered in time.
    std::optional<QJsonObject> ask(const ToolCall &call, const JsonObject &question,
                                   std::chrono::milliseconds timeout, std::stop_token stop);

private:
    JsonObject document(const Task &task) const;
    // Records the task's new state and tells its listeners; call without the mutex held.
    void changed(const std::shared_ptr<Task> &task);

    Outbox &m_out;
    Listeners &m_listeners;
    mutable std::mutex m_mutex;
    std::condition_variable_any m_answered;
    QHash<QString, std::shared_ptr<Task>> m_tasks; // by task id
};

} // namespace Grex::Mcp
