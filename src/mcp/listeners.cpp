#include "mcp/listeners.h"

#include "core/jsonrpccodes.h"
#include "core/operationcontext.h"

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

// A 2026-era subscriptions/listen: what the client asked to hear of, until it ends.
struct Listeners::Subscription
{
    JsonValue id; // the subscription id is the listen request's id, as the client sent it
    bool resourcesListChanged = false;
    QStringList resourceUris;
    QStringList taskIds;
};

Listeners::Listeners(Workspace workspace, Outbox &out, std::function<bool()> handshakeReady)
    : m_workspace(std::move(workspace))
    , m_out(out)
    , m_handshakeReady(std::move(handshakeReady))
{
}

Listeners::~Listeners()
{
    if (m_watcher.joinable()) {
        m_watcher.request_stop();
        m_watcher.join();
    }
}

void Listeners::listen(const RequestScope &scope, const JsonValue &id, const QJsonObject &params,
                       const std::function<bool(const QString &)> &taskExists)
{
    const QJsonValue filter = params.value(u"notifications"_s);
    if (!filter.isObject()) {
        m_out.error(id, JsonRpc::InvalidParams,
                    u"subscriptions/listen needs \"notifications\" as an object"_s);
        return;
    }
    const QJsonObject asked = filter.toObject();
    if (asked.contains(u"taskIds"_s) && !scope.wantsTasks()) {
        m_out.error(id, JsonRpc::MissingClientCapability,
                    u"listening for tasks needs the tasks extension in the request's client "
                    "capabilities"_s,
                    tasksCapabilityRequired());
        return;
    }
    auto subscription = std::make_shared<Subscription>();
    subscription->id = id;
    subscription->resourcesListChanged = asked.value(u"resourcesListChanged"_s).toBool();
    if (scope.wantsTasks()) {
        for (const QJsonValue &task : asked.value(u"taskIds"_s).toArray()) {
            if (taskExists(task.toString()))
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
    m_out.notifyAbout(idKey(id), u"notifications/subscriptions/acknowledged"_s,
                      JsonObject{{u"_meta"_s, meta}, {u"notifications"_s, honoured}});
    if (honoured.isEmpty()) {
        // Nothing to listen for: the subscription ends at once, as a completed request.
        m_out.reply(scope, id, JsonObject{{u"_meta"_s, meta}});
        m_out.endStream(idKey(id));
        return;
    }
    const QString stamp = workspaceStamp();
    const QStringList packs = registeredPacks();
    std::lock_guard lock(m_mutex);
    m_subscriptions.insert(idKey(id), subscription);
    if (!m_watcher.joinable()) {
        m_workspaceStamp = stamp;
        m_knownPacks = packs;
        m_watcher = std::jthread([this](std::stop_token stop) { watch(stop); });
    }
}

bool Listeners::has(const QByteArray &key) const
{
    std::lock_guard lock(m_mutex);
    return m_subscriptions.contains(key);
}

void Listeners::end(const QByteArray &key)
{
    std::lock_guard lock(m_mutex);
    m_subscriptions.remove(key);
}

QStringList Listeners::registeredPacks() const
{
    OperationContext quiet;
    Result<QMap<QString, PackState>> packs = m_workspace.readPacks(quiet);
    return packs ? packs->keys() : QStringList();
}

QString Listeners::workspaceStamp() const
{
    QString stamp;
    for (const QString &path : {m_workspace.manifestPath(), m_workspace.lockfilePath()}) {
        const QFileInfo file(path);
        stamp += u"%1:%2:%3;"_s.arg(file.size())
                     .arg(file.lastModified().toMSecsSinceEpoch())
                     .arg(file.exists());
    }
    return stamp;
}

void Listeners::watch(std::stop_token stop)
{
    std::mutex sleeping;
    std::condition_variable_any wake;
    for (;;) {
        {
            std::unique_lock lock(sleeping);
            wake.wait_for(lock, stop, std::chrono::seconds(1), [] { return false; });
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
        workspaceChanged(packsChanged, packs);
    }
}

void Listeners::workspaceChanged(bool packsChanged, const QStringList &packs)
{
    // What the listeners now know, so that the watch does not tell them again.
    const QString stamp = workspaceStamp();
    QList<std::shared_ptr<Subscription>> listeners;
    {
        std::lock_guard lock(m_mutex);
        m_workspaceStamp = stamp;
        m_knownPacks = packs;
        listeners = m_subscriptions.values();
    }
    if (packsChanged && m_handshakeReady())
        m_out.notify(u"notifications/resources/list_changed"_s, JsonObject{});
    for (const std::shared_ptr<Subscription> &listener : std::as_const(listeners)) {
        const JsonObject meta{{QString::fromUtf16(MetaKey::SubscriptionId), listener->id}};
        const auto send = [&](const QString &method, JsonObject params) {
            params.insert(u"_meta"_s, meta);
            m_out.notifyAbout(idKey(listener->id), method, params);
        };
        if (packsChanged && listener->resourcesListChanged)
            send(u"notifications/resources/list_changed"_s, {});
        // A verb that writes anything may have changed every workspace resource: the listener
        // reads again what it follows.
        for (const QString &uri : std::as_const(listener->resourceUris))
            send(u"notifications/resources/updated"_s, JsonObject{{u"uri"_s, uri}});
    }
}

void Listeners::taskChanged(const QString &taskId, const JsonObject &document)
{
    QList<JsonValue> listeners;
    {
        std::lock_guard lock(m_mutex);
        for (const std::shared_ptr<Subscription> &s : std::as_const(m_subscriptions)) {
            if (s->taskIds.contains(taskId))
                listeners.append(s->id);
        }
    }
    for (const JsonValue &listener : std::as_const(listeners)) {
        JsonObject params = document;
        params.insert(u"_meta"_s,
                      JsonObject{{QString::fromUtf16(MetaKey::SubscriptionId), listener}});
        m_out.notifyAbout(idKey(listener), u"notifications/tasks"_s, params);
    }
}

} // namespace Grex::Mcp
