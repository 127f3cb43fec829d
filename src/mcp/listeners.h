#pragma once

// Who hears of changes to the workspace: a handshake client (resources/list_changed once it is
// ready) and 2026-era subscriptions/listen requests, which follow the resource list, single
// resources and tasks until the client cancels them.

#include "mcp/requestscope.h"
#include "core/workspace.h"

#include <QHash>
#include <QStringList>

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>

namespace Grex::Mcp {

class Listeners
{
public:
    // handshakeReady: whether the handshake client may hear notifications now.
    Listeners(Workspace workspace, Outbox &out, std::function<bool()> handshakeReady);
    ~Listeners(); // stops the watch

    // subscriptions/listen. taskExists: whether the session has a task of that id, which the
    // request may follow when it declared the tasks extension.
    void listen(const RequestScope &scope, const JsonValue &id, const QJsonObject &params,
                const std::function<bool(const QString &)> &taskExists);
    bool has(const QByteArray &key) const;
    // The listen request with this key was cancelled: it hears nothing more.
    void end(const QByteArray &key);
    // A call changed the workspace, which now registers `packs`: tells everyone what changed.
    void workspaceChanged(bool packsChanged, const QStringList &packs);
    // A task's new state (its tasks/get document), for those who follow it.
    void taskChanged(const QString &taskId, const JsonObject &document);
    // The packs the workspace registers now.
    QStringList registeredPacks() const;

private:
    struct Subscription;

    // While anyone listens: notices changes made by others (the CLI, the window, other
    // sessions) by the workspace's files, once a second.
    void watch(std::stop_token stop);
    QString workspaceStamp() const;

    Workspace m_workspace;
    Outbox &m_out;
    std::function<bool()> m_handshakeReady;
    mutable std::mutex m_mutex;
    QHash<QByteArray, std::shared_ptr<Subscription>> m_subscriptions; // by the listen id
    QString m_workspaceStamp; // grex.jsonl and the lockfile as the listeners last heard of them
    QStringList m_knownPacks; // the registered packs then
    std::jthread m_watcher;   // watch, from the first subscription on
};

} // namespace Grex::Mcp
