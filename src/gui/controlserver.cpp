#include "gui/controlserver.h"

#include "mcp/control.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalServer>
#include <QLocalSocket>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <iterator>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

namespace {

constexpr int kHistoryLimit = 200;

QDateTime timeFrom(const QJsonValue &value)
{
    QDateTime time = QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
    return time.isValid() ? time : QDateTime::currentDateTimeUtc();
}

} // namespace

struct ControlServer::Connection
{
    QLocalSocket *socket = nullptr;
    ServeProcess process;
    bool announced = false; // a hello arrived
    bool done = false;      // said all it had to say (a second window's raise): dropped next
    QSet<qint64> openApprovals;
    QHash<qint64, QString> approvalCalls; // request → call key
    QHash<qint64, std::pair<QString, QString>> approvalGrantees; // request → grantee, client
};

void ControlServer::setAwaiting(Connection *c, qint64 request, bool awaiting)
{
    const QString key = awaiting ? c->approvalCalls.value(request) : c->approvalCalls.take(request);
    const auto it = c->process.calls.find(key);
    if (it != c->process.calls.end())
        it->awaitingApproval = awaiting;
}

ControlServer::ControlServer(QObject *parent)
    : QObject(parent)
    , m_server(new QLocalServer(this))
{
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    connect(m_server, &QLocalServer::newConnection, this, &ControlServer::accept);
}

ControlServer::~ControlServer()
{
    close();
}

QString ControlServer::listen(const QString &workspaceRoot)
{
    close();
    const QString name = Mcp::controlSocketName(workspaceRoot);
    // Ask first: with socket options set, QLocalServer binds a temporary path and renames it
    // over `name`, so listen() would take a live window's socket instead of failing.
    {
        QLocalSocket probe;
        probe.connectToServer(name);
        if (probe.waitForConnected(500)) {
            probe.abort();
            return tr("another grex window is watching this workspace; its agents show there");
        }
    }
    bool listening = m_server->listen(name);
    if (!listening && m_server->serverError() == QAbstractSocket::AddressInUseError) {
        // Left behind by a window that crashed.
        QLocalServer::removeServer(name);
        listening = m_server->listen(name);
    }
    if (!listening)
        return tr("cannot listen on %1: %2").arg(name, m_server->errorString());
    // A link where a serve without XDG_RUNTIME_DIR looks; one left by a crashed window is
    // replaced. In the shared temporary directory only our own entries can be removed.
    const QString link = Mcp::controlSocketLink(workspaceRoot);
    if (!link.isEmpty()) {
        if (QFileInfo(link).isSymLink())
            QFile::remove(link);
        if (QFile::link(name, link)) {
            m_link = link;
        } else {
            // Another user's entry, most likely: a serve ignores what is not its user's, so
            // only serves started without XDG_RUNTIME_DIR miss this window.
            qWarning("cannot make %s, where a grex serve without XDG_RUNTIME_DIR looks for this "
                     "window: something else is there",
                     qUtf8Printable(link));
        }
    }
    return {};
}

bool ControlServer::askToRaise(const QString &workspaceRoot)
{
    QLocalSocket socket;
    socket.connectToServer(Mcp::controlSocketName(workspaceRoot));
    if (!socket.waitForConnected(500))
        return false;
    socket.write(
        QJsonDocument(QJsonObject{{u"type"_s, u"raise"_s}}).toJson(QJsonDocument::Compact) + '\n');
    if (!socket.waitForBytesWritten(500))
        return false;
    // The window reads the line, raises itself and closes the connection.
    socket.waitForDisconnected(1000);
    return true;
}

void ControlServer::close()
{
    const QList<Connection *> connections = m_connections;
    for (Connection *c : connections)
        drop(c);
    if (m_server->isListening()) {
        if (!m_link.isEmpty() && QFileInfo(m_link).symLinkTarget() == m_server->fullServerName())
            QFile::remove(m_link);
        m_link.clear();
        m_server->close();
    }
}

bool ControlServer::isListening() const
{
    return m_server->isListening();
}

QString ControlServer::socketName() const
{
    return m_server->fullServerName();
}

QList<ServeProcess> ControlServer::servers() const
{
    QList<ServeProcess> list;
    for (const Connection *c : m_connections) {
        if (c->announced)
            list.append(c->process);
    }
    return list;
}

const ServeProcess *ControlServer::server(int id) const
{
    for (const Connection *c : m_connections) {
        if (c->process.id == id && c->announced)
            return &c->process;
    }
    return nullptr;
}

QList<ServeCall> ControlServer::history() const
{
    return m_history;
}

void ControlServer::cancelCall(int server, const QString &callKey)
{
    send(server, QJsonObject{{u"type"_s, u"cancel"_s}, {u"call"_s, callKey}});
}

void ControlServer::answerApproval(int server, qint64 request, const QString &tool, bool approved,
                                   bool forSession, const QString &reason)
{
    for (Connection *c : std::as_const(m_connections)) {
        if (c->process.id == server) {
            c->openApprovals.remove(request);
            setAwaiting(c, request, false);
            const auto [grantee, client] = c->approvalGrantees.take(request);
            const SessionGrant grant{tool, grantee, client, QDateTime::currentDateTimeUtc()};
            const bool known = std::any_of(
                c->process.grants.cbegin(), c->process.grants.cend(), [&](const SessionGrant &g) {
                    return g.tool == tool && g.grantee == grantee;
                });
            if (approved && forSession && !grantee.isEmpty() && !known)
                c->process.grants.append(grant);
        }
    }
    Q_EMIT serversChanged();
    QJsonObject message{{u"type"_s, u"decision"_s},
                        {u"request"_s, request},
                        {u"tool"_s, tool},
                        {u"approved"_s, approved},
                        {u"forSession"_s, approved && forSession}};
    if (!reason.isEmpty())
        message.insert(u"reason"_s, reason);
    send(server, message);
}

void ControlServer::revokeGrant(int server, const QString &tool, const QString &grantee)
{
    for (Connection *c : std::as_const(m_connections)) {
        if (c->process.id != server)
            continue;
        const auto isIt = [&](const SessionGrant &g) {
            return g.tool == tool && g.grantee == grantee;
        };
        // Taken off the list before anyone hears of it, so that a listener sees it gone.
        QList<SessionGrant> revoked;
        std::copy_if(c->process.grants.cbegin(), c->process.grants.cend(),
                     std::back_inserter(revoked), isIt);
        c->process.grants.removeIf(isIt);
        for (const SessionGrant &g : std::as_const(revoked))
            Q_EMIT grantRevoked(server, g);
    }
    send(server,
         QJsonObject{{u"type"_s, u"revoke"_s}, {u"tool"_s, tool}, {u"grantee"_s, grantee}});
    Q_EMIT serversChanged();
}

void ControlServer::accept()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
        auto *c = new Connection;
        c->socket = socket;
        c->process.id = m_nextId++;
        c->process.attachedAt = QDateTime::currentDateTimeUtc();
        m_connections.append(c);
        connect(socket, &QLocalSocket::readyRead, this, [this, c] { readFrom(c); });
        connect(socket, &QLocalSocket::disconnected, this, [this, c] { drop(c); });
        readFrom(c);
    }
}

void ControlServer::readFrom(Connection *c)
{
    while (c->socket->canReadLine()) {
        const QByteArray line = c->socket->readLine(Mcp::kMaxControlLine).trimmed();
        if (line.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError || !document.isObject()) {
            qWarning("control socket: dropping a server that sent a line that is not a JSON "
                     "object (%s)",
                     qUtf8Printable(error.errorString()));
            drop(c);
            return;
        }
        handle(c, document.object());
        if (c->done) {
            drop(c);
            return;
        }
    }
    if (c->socket->bytesAvailable() > Mcp::kMaxControlLine)
        drop(c);
}

void ControlServer::handle(Connection *c, const QJsonObject &m)
{
    const QString type = m.value(u"type"_s).toString();
    ServeProcess &p = c->process;
    if (type == u"raise" && !c->announced) {
        // Another grex-gui, not a serve: it wanted this workspace, which this window shows.
        Q_EMIT raiseRequested();
        c->done = true;
        return;
    }
    if (type == u"hello") {
        p.pid = m.value(u"pid"_s).toInteger();
        p.host = m.value(u"host"_s).toString();
        p.transport = m.value(u"transport"_s).toString();
        p.version = m.value(u"version"_s).toString();
        p.startedAt = timeFrom(m.value(u"startedAt"_s));
        c->announced = true;
        c->socket->write(QJsonDocument(QJsonObject{{u"type"_s, u"welcome"_s},
                                                   {u"protocol"_s, Mcp::kControlProtocolVersion}})
                             .toJson(QJsonDocument::Compact) +
                         '\n');
    } else if (!c->announced) {
        return; // nothing counts before hello
    } else if (type == u"client") {
        p.clientName = m.value(u"name"_s).toString();
        p.clientVersion = m.value(u"version"_s).toString();
    } else if (type == u"call") {
        ServeCall call;
        call.server = p.id;
        call.key = m.value(u"call"_s).toString();
        call.tool = m.value(u"tool"_s).toString();
        call.arguments = m.value(u"arguments"_s).toObject();
        call.startedAt = timeFrom(m.value(u"startedAt"_s));
        // The call's own client when the server names it (several may share one server).
        call.client = m.contains(u"client"_s) ? m.value(u"client"_s).toString() : p.clientName;
        if (m.contains(u"progress"_s)) {
            call.progress = m.value(u"progress"_s).toInteger();
            call.total = m.value(u"total"_s).toInteger();
            call.message = m.value(u"message"_s).toString();
        }
        p.calls.insert(call.key, call);
    } else if (type == u"progress") {
        const auto it = p.calls.find(m.value(u"call"_s).toString());
        if (it == p.calls.end())
            return;
        it->progress = m.value(u"progress"_s).toInteger();
        it->total = m.value(u"total"_s).toInteger();
        it->message = m.value(u"message"_s).toString();
    } else if (type == u"done") {
        const auto it = p.calls.find(m.value(u"call"_s).toString());
        if (it == p.calls.end())
            return;
        ServeCall call = *it;
        p.calls.erase(it);
        call.outcome = m.value(u"outcome"_s).toString();
        call.error = m.value(u"message"_s).toString();
        call.finishedAt = timeFrom(m.value(u"finishedAt"_s));
        m_history.prepend(call);
        if (m_history.size() > kHistoryLimit)
            m_history.removeLast();
    } else if (type == u"approval") {
        const qint64 request = m.value(u"request"_s).toInteger();
        c->openApprovals.insert(request);
        c->approvalCalls.insert(request, m.value(u"call"_s).toString());
        c->approvalGrantees.insert(
            request, {m.value(u"grantee"_s).toString(), m.value(u"client"_s).toString()});
        setAwaiting(c, request, true);
        Q_EMIT serversChanged();
        Q_EMIT approvalRequested(p.id, request, m);
        return;
    } else if (type == u"granted") {
        const auto it = p.calls.find(m.value(u"call"_s).toString());
        if (it != p.calls.end())
            it->approvedByGrant = true;
        Q_EMIT serversChanged();
        Q_EMIT grantUsed(p.id, m);
        return;
    } else if (type == u"withdrawn") {
        const qint64 request = m.value(u"request"_s).toInteger();
        setAwaiting(c, request, false);
        c->approvalGrantees.remove(request);
        if (c->openApprovals.remove(request))
            Q_EMIT approvalWithdrawn(p.id, request);
        Q_EMIT serversChanged();
        return;
    } else {
        return; // a newer server may say more
    }
    Q_EMIT serversChanged();
}

void ControlServer::drop(Connection *c)
{
    if (!m_connections.removeOne(c))
        return;
    const int id = c->process.id;
    const QSet<qint64> open = c->openApprovals;
    // Calls still in flight when the server went away end in the history as lost.
    for (ServeCall call : std::as_const(c->process.calls)) {
        call.outcome = u"lost"_s;
        call.error = tr("the server went away");
        call.finishedAt = QDateTime::currentDateTimeUtc();
        m_history.prepend(call);
    }
    while (m_history.size() > kHistoryLimit)
        m_history.removeLast();
    c->socket->disconnect(this);
    c->socket->abort();
    c->socket->deleteLater();
    delete c;
    for (qint64 request : open)
        Q_EMIT approvalWithdrawn(id, request);
    Q_EMIT serversChanged();
}

void ControlServer::send(int server, const QJsonObject &message)
{
    for (Connection *c : std::as_const(m_connections)) {
        if (c->process.id != server)
            continue;
        c->socket->write(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
        c->socket->flush();
        return;
    }
}

} // namespace Grex::Gui
