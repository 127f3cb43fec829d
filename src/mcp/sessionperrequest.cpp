// Session's 2026-07-28 requests: the _meta envelope, server/discover and subscriptions/listen,
// what a result of each revision carries, and what the listeners of every era hear when the
// workspace changes.

#include "mcp/session_p.h"

#include "core/jsonrpccodes.h"
#include "core/logging.h"
#include "mcp/tools.h"

#include <QFileInfo>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

namespace {

bool isWorkspaceUri(const QString &uri)
{
    return uri.startsWith(u"grex://workspace/"_s) || uri.startsWith(u"grex://pack/"_s);
}

} // namespace

void Session::handlePerRequest(const JsonValue &id, const QString &method,
                               const QJsonObject &params)
{
    std::variant<Envelope, ProtocolFault> read = readEnvelope(params);
    if (const ProtocolFault *fault = std::get_if<ProtocolFault>(&read)) {
        sendError(id, fault->code, fault->message, fault->data);
        return;
    }
    const Envelope &envelope = std::get<Envelope>(read);
    if (!isPerRequestMethod(method)) {
        sendError(id, JsonRpc::MethodNotFound,
                  u"method not found: %1 is not a method of MCP %2"_s.arg(
                      method, revisionName(envelope.revision)));
        return;
    }
    {
        std::lock_guard lock(m_mutex);
        if (m_state == State::ShuttingDown) {
            sendError(id, JsonRpc::InvalidRequest, u"server is shutting down"_s,
                      JsonObject{{u"kind"_s, u"shutting_down"_s}});
            return;
        }
    }
    const Scope scope{envelope.revision, envelope.capabilities, envelope.clientName,
                      envelope.logLevel, envelope.clientVersion};
    // The window lists who is calling; a 2026-era client says so on each request.
    bool newClient = false;
    {
        std::lock_guard lock(m_mutex);
        newClient = !envelope.clientName.isEmpty() && envelope.clientName != m_lastPerRequestClient;
        if (newClient)
            m_lastPerRequestClient = envelope.clientName;
    }
    if (newClient && m_control)
        m_control->clientInitialized(envelope.clientName, envelope.clientVersion);

    if (method == u"server/discover")
        discover(scope, id);
    else if (method.startsWith(u"tasks/"))
        handleTaskRequest(scope, id, method, params);
    else if (method == u"subscriptions/listen")
        listen(scope, id, params);
    else if (!dispatchCommon(scope, id, method, params))
        sendError(id, JsonRpc::MethodNotFound, u"method not found: %1"_s.arg(method));
}

void Session::sendResult(const Scope &scope, const JsonValue &id, JsonObject result,
                         std::optional<std::pair<qint64, QString>> cacheable)
{
    if (scope.perRequest()) {
        if (!result.contains(u"resultType"_s))
            result.insert(u"resultType"_s, u"complete"_s);
        if (cacheable && result.value(u"resultType"_s).toString() == u"complete") {
            result.insert(u"ttlMs"_s, cacheable->first);
            result.insert(u"cacheScope"_s, cacheable->second);
        }
        // Every result names the server; only discovery carries its icon, which would
        // otherwise add a kilobyte to each answer.
        JsonObject meta = result.value(u"_meta"_s).toObject();
        meta.insert(QString::fromUtf16(MetaKey::ServerInfo),
                    serverImplementation(scope.revision, result.contains(u"supportedVersions"_s)));
        result.insert(u"_meta"_s, meta);
    }
    sendResult(id, result);
}

JsonValue Session::cachedToolList(Revision revision)
{
    // The tool set is fixed for the life of the process: each revision's list is built once
    // and sent as the bytes it was written to.
    const int slot = int(revision);
    {
        std::lock_guard lock(m_mutex);
        if (!m_toolLists[slot].isNull())
            return m_toolLists[slot];
    }
    const JsonValue built =
        JsonValue::fromSerialized(JsonValue(toolList(m_config.tools, revision)).toJson());
    std::lock_guard lock(m_mutex);
    m_toolLists[slot] = built;
    return built;
}

JsonObject Session::capabilities(const Scope &scope) const
{
    // Only what the server honours: the tool set never changes while it runs; the resources do,
    // and from 2026-07-28 a listener can follow single resources.
    JsonObject resources{{u"listChanged"_s, true}};
    if (scope.perRequest())
        resources.insert(u"subscribe"_s, true);
    JsonObject offered{{u"tools"_s, JsonObject{{u"listChanged"_s, false}}},
                       {u"resources"_s, resources},
                       {u"logging"_s, JsonObject{}}};
    if (scope.perRequest()) {
        // sync, update, run and exec run as tasks for a request that declares the extension.
        offered.insert(u"extensions"_s,
                       JsonObject{{QString::fromUtf16(kTasksExtension), JsonObject{}}});
    }
    return offered;
}

void Session::discover(const Scope &scope, const JsonValue &id)
{
    sendResult(scope, id,
               JsonObject{{u"supportedVersions"_s, JsonValue(perRequestRevisionNames())},
                          {u"capabilities"_s, capabilities(scope)},
                          {u"instructions"_s, serverInstructions()}},
               std::pair{qint64(60 * 60 * 1000), u"public"_s});
}

void Session::listen(const Scope &scope, const JsonValue &id, const QJsonObject &params)
{
    const QJsonValue filter = params.value(u"notifications"_s);
    if (!filter.isObject()) {
        sendError(id, JsonRpc::InvalidParams,
                  u"subscriptions/listen needs \"notifications\" as an object"_s);
        return;
    }
    const QJsonObject asked = filter.toObject();
    auto subscription = std::make_shared<Subscription>();
    subscription->id = id;
    subscription->resourcesListChanged = asked.value(u"resourcesListChanged"_s).toBool();
    if (asked.contains(u"taskIds"_s) && !scope.wantsTasks()) {
        sendError(id, JsonRpc::MissingClientCapability,
                  u"listening for tasks needs the tasks extension in the request's client "
                  "capabilities"_s,
                  tasksCapabilityRequired());
        return;
    }
    if (scope.wantsTasks()) {
        std::lock_guard lock(m_mutex);
        for (const QJsonValue &task : asked.value(u"taskIds"_s).toArray()) {
            if (m_tasks.contains(task.toString()))
                subscription->taskIds.append(task.toString());
        }
    }
    for (const QJsonValue &uri : asked.value(u"resourceSubscriptions"_s).toArray()) {
        if (uri.isString() && isWorkspaceUri(uri.toString()) &&
            !subscription->resourceUris.contains(uri.toString()))
            subscription->resourceUris.append(uri.toString());
    }
    // The acknowledgement names what will be honoured: tool and prompt lists never change here.
    JsonObject honoured;
    if (subscription->resourcesListChanged)
        honoured.insert(u"resourcesListChanged"_s, true);
    if (!subscription->resourceUris.isEmpty())
        honoured.insert(u"resourceSubscriptions"_s, JsonValue(subscription->resourceUris));
    if (!subscription->taskIds.isEmpty())
        honoured.insert(u"taskIds"_s, JsonValue(subscription->taskIds));
    const JsonObject meta{{QString::fromUtf16(MetaKey::SubscriptionId), id}};
    m_out.sendRelated(JsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                 {u"method"_s, u"notifications/subscriptions/acknowledged"_s},
                                 {u"params"_s, JsonObject{{u"_meta"_s, meta},
                                                          {u"notifications"_s, honoured}}}}
                          .toJson(),
                      idKey(id));
    if (honoured.isEmpty()) {
        // Nothing to listen for: the subscription ends at once, as a completed request.
        sendResult(scope, id, JsonObject{{u"_meta"_s, meta}});
        m_out.endStream(idKey(id));
        return;
    }
    const QString stamp = workspaceStamp();
    const QStringList packs = registeredPacks();
    bool taken = false;
    {
        std::lock_guard lock(m_mutex);
        taken = m_subscriptions.contains(idKey(id)) || m_calls.contains(idKey(id));
        if (!taken)
            m_subscriptions.insert(idKey(id), subscription);
        if (!taken && !m_watcher.joinable()) {
            m_workspaceStamp = stamp;
            m_knownPacks = packs;
            m_watcher = std::jthread([this](std::stop_token stop) { watchWorkspace(stop); });
        }
    }
    if (taken)
        sendError(id, JsonRpc::InvalidRequest, u"request id already in use"_s);
}

void Session::endSubscription(const QByteArray &key)
{
    std::lock_guard lock(m_mutex);
    m_subscriptions.remove(key);
}

QString Session::workspaceStamp() const
{
    QString stamp;
    for (const QString &path :
         {m_config.workspace.manifestPath(), m_config.workspace.lockfilePath()}) {
        const QFileInfo file(path);
        stamp += u"%1:%2:%3;"_s.arg(file.size())
                     .arg(file.lastModified().toMSecsSinceEpoch())
                     .arg(file.exists());
    }
    return stamp;
}

void Session::watchWorkspace(std::stop_token stop)
{
    for (;;) {
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait_for(lock, stop, std::chrono::seconds(1), [] { return false; });
        }
        if (stop.stop_requested())
            return;
        const QString now = workspaceStamp();
        {
            std::lock_guard lock(m_mutex);
            if (now == m_workspaceStamp)
                continue;
        }
        const QStringList packs = registeredPacks();
        bool packsChanged = false;
        {
            std::lock_guard lock(m_mutex);
            packsChanged = packs != m_knownPacks;
        }
        notifyChanges(packsChanged, packs);
    }
}

void Session::notifyChanges(bool packsChanged, const QStringList &packs)
{
    // What the listeners now know, so that the watch does not tell them again.
    const QString stamp = workspaceStamp();
    {
        std::lock_guard lock(m_mutex);
        m_workspaceStamp = stamp;
        m_knownPacks = packs;
    }
    QList<std::shared_ptr<Subscription>> listeners;
    bool handshakeReady = false;
    {
        std::lock_guard lock(m_mutex);
        listeners = m_subscriptions.values();
        handshakeReady = m_state == State::Ready || m_state == State::ShuttingDown;
    }
    if (packsChanged && handshakeReady)
        sendNotification(u"notifications/resources/list_changed"_s, JsonObject{});
    for (const std::shared_ptr<Subscription> &listener : std::as_const(listeners)) {
        const JsonObject meta{{QString::fromUtf16(MetaKey::SubscriptionId), listener->id}};
        const auto send = [&](const QString &method, JsonObject params) {
            params.insert(u"_meta"_s, meta);
            m_out.sendRelated(JsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                         {u"method"_s, method},
                                         {u"params"_s, params}}
                                  .toJson(),
                              idKey(listener->id));
        };
        if (packsChanged && listener->resourcesListChanged)
            send(u"notifications/resources/list_changed"_s, {});
        // A verb that writes anything may have changed every workspace resource: the listener
        // reads again what it follows.
        for (const QString &uri : std::as_const(listener->resourceUris))
            send(u"notifications/resources/updated"_s, JsonObject{{u"uri"_s, uri}});
    }
}

} // namespace Grex::Mcp
