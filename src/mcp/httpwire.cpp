#include "mcp/httpwire_p.h"

#include "core/jsonrpccodes.h"
#include "core/logging.h"

#include <QAbstractHttpServer>
#include <QHttpServerRequest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QDateTime>
#include <QHostAddress>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex::Mcp::Http {

namespace {

QByteArray reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 202: return "Accepted";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 406: return "Not Acceptable";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 413: return "Content Too Large";
    case 415: return "Unsupported Media Type";
    case 431: return "Request Header Fields Too Large";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    }
    return "Error";
}

} // namespace

QByteArray errorBody(int code, const QString &message, const QByteArray &idJson,
                     const QByteArray &dataJson)
{
    QByteArray error = QJsonDocument(QJsonObject{{u"code"_s, code}, {u"message"_s, message}})
                           .toJson(QJsonDocument::Compact);
    if (!dataJson.isEmpty())
        error.insert(error.size() - 1, ",\"data\":" + dataJson);
    return "{\"jsonrpc\":\"2.0\",\"id\":" + idJson + ",\"error\":" + error + '}';
}

QByteArray jsonText(const QJsonValue &value)
{
    if (value.isUndefined())
        return "null";
    return QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
}

QByteArray header(const QHttpServerRequest &request, QByteArrayView name)
{
    for (const auto &[key, value] : request.headers()) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value.trimmed();
    }
    return {};
}

bool accepts(const QByteArray &accept, QByteArrayView type)
{
    const QByteArray lower = accept.toLower();
    return lower.contains(type.toByteArray()) || lower.contains("*/*");
}

void writeResponse(QTcpSocket *socket, int status, const QByteArray &body, const Headers &headers,
                   const QByteArray &contentType)
{
    if (!socket)
        return;
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason(status) + "\r\n";
    if (!body.isEmpty())
        out += "Content-Type: " + contentType + "\r\n";
    out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    for (const auto &[key, value] : headers)
        out += key + ": " + value + "\r\n";
    out += "\r\n";
    out += body;
    socket->write(out);
}

void writeError(QTcpSocket *socket, int status, int code, const QString &message,
                const Headers &headers)
{
    writeResponse(socket, status, errorBody(code, message), headers);
}

void writeEvent(QTcpSocket *socket, const QByteArray &frame, const QByteArray &eventId)
{
    if (!socket)
        return;
    if (eventId.isEmpty())
        socket->write("event: message\ndata: " + frame + "\n\n");
    else
        socket->write("id: " + eventId + "\nevent: message\ndata: " + frame + "\n\n");
}

void startEventStream(QAbstractHttpServer *server, QTcpSocket *socket, const Headers &headers)
{
    GuardedTcpServer::markStreaming(socket);
    // The connection is this stream's until it closes: Qt's parser must not read the next
    // request from it and answer into the stream.
    QObject::disconnect(socket, &QTcpSocket::readyRead, server, nullptr);
    QByteArray out = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                     "Cache-Control: no-cache\r\nX-Accel-Buffering: no\r\nConnection: close\r\n";
    for (const auto &[key, value] : headers)
        out += key + ": " + value + "\r\n";
    out += "\r\n";
    socket->write(out);
}

namespace {

// Watches what a client sends before Qt's HTTP parser buffers it: headers over 64 KiB (431),
// chunked bodies (501: a body must say its length) and bodies over the limit (413) are refused
// before they use memory. Qt 6.4's parser reads everything available on each readyRead, so the
// bytes unread when this runs (connected first) are the new ones. Reset for each request.
//
// It also gives each connection a deadline: a whole request must arrive within the request
// timeout of the connection opening or of the last request, so that connections that send
// half a request, or nothing, cannot hold the server's slots. An event stream has none.
class ConnectionGuard : public QObject
{
public:
    ConnectionGuard(QTcpSocket *socket, qsizetype maxBody, int timeoutMs)
        : QObject(socket), m_socket(socket), m_maxBody(maxBody), m_peer(socket->peerAddress())
    {
        connect(socket, &QTcpSocket::readyRead, this, &ConnectionGuard::onReadyRead);
        m_deadline.setSingleShot(true);
        m_deadline.setInterval(timeoutMs);
        connect(&m_deadline, &QTimer::timeout, this, &ConnectionGuard::expire);
        wait();
    }

    // A request was parsed: the next bytes start the next request.
    void reset()
    {
        m_head.clear();
        m_inBody = false;
        m_body = 0;
        m_length = 0;
        if (!m_streaming)
            wait();
    }

    void stream()
    {
        m_streaming = true;
        m_waiting = false;
        m_deadline.stop();
    }

    // Still without a whole request: the kind of connection an attacker holds open.
    bool unfinished() const { return m_waiting && !m_streaming; }
    qint64 waitingSince() const { return m_since; }
    const QHostAddress &peer() const { return m_peer; }

    // Makes room for another connection.
    void evict()
    {
        qCInfo(lcCore, "closing a connection from %s that has sent no whole request, to make "
                       "room for a new one",
               qUtf8Printable(m_peer.toString()));
        close(u"the server is busy with other connections; send the request without pausing"_s);
    }

private:
    static constexpr qsizetype kMaxHeader = 64 * 1024;

    void wait()
    {
        m_waiting = true;
        m_since = QDateTime::currentMSecsSinceEpoch();
        m_deadline.start();
    }

    void requestComplete()
    {
        m_waiting = false;
        m_deadline.stop();
    }

    void expire()
    {
        if (!unfinished())
            return;
        qCInfo(lcCore, "closing a connection from %s: no whole request in %d ms",
               qUtf8Printable(m_peer.toString()), m_deadline.interval());
        close(u"no whole request within %1 ms"_s.arg(m_deadline.interval()));
    }

    void close(const QString &message)
    {
        m_waiting = false;
        m_deadline.stop();
        // A connection that started a request hears why; an idle one is closed, as any
        // keep-alive connection may be.
        if (!m_head.isEmpty() || m_inBody) {
            writeError(m_socket, 408, JsonRpc::TransportRefused, message,
                       {{"Connection", "close"}});
        }
        m_socket->readAll();
        m_socket->flush();
        m_socket->abort();
    }

    void refuse(int status, const QString &message, qint64 discard = 0)
    {
        qCWarning(lcCore, "refusing a request: %s", qUtf8Printable(message));
        writeError(m_socket, status, JsonRpc::TransportRefused, message, {{"Connection", "close"}});
        m_socket->flush();
        m_socket->readAll(); // the HTTP server's reader finds nothing from here on
        // Read and drop the rest of a refused body, so that the client, still sending, gets to
        // read the answer; then close.
        m_discard = discard > 0 && discard <= kMaxDiscard ? discard : 0;
        if (m_discard == 0)
            m_socket->disconnectFromHost();
    }

    void onReadyRead()
    {
        if (m_discard > 0) {
            m_discard -= m_socket->readAll().size();
            if (m_discard <= 0)
                m_socket->disconnectFromHost();
            return;
        }
        if (m_streaming)
            return;
        const QByteArray fresh = m_socket->peek(m_socket->bytesAvailable());
        if (m_inBody) {
            m_body += fresh.size();
            if (m_body > m_maxBody)
                refuse(413, u"request body over the limit of %1 bytes"_s.arg(m_maxBody));
            else if (m_body >= m_length)
                requestComplete();
            return;
        }
        m_head += fresh;
        qsizetype end = m_head.indexOf("\r\n\r\n");
        qsizetype separator = 4;
        const qsizetype lf = m_head.indexOf("\n\n");
        if (lf >= 0 && (end < 0 || lf < end)) {
            end = lf;
            separator = 2;
        }
        // Whether the end came in this read or not: a header that large is refused either way.
        if ((end < 0 && m_head.size() > kMaxHeader) || end > kMaxHeader) {
            refuse(431, u"request headers over %1 bytes"_s.arg(kMaxHeader));
            return;
        }
        if (end < 0)
            return;
        qlonglong length = 0;
        for (QByteArray line : m_head.left(end).split('\n')) {
            line = line.trimmed();
            const qsizetype colon = line.indexOf(':');
            if (colon <= 0)
                continue;
            const QByteArray name = line.left(colon).trimmed().toLower();
            if (name == "transfer-encoding") {
                refuse(501, u"chunked request bodies are not supported: send Content-Length"_s);
                return;
            }
            if (name == "content-length")
                length = line.mid(colon + 1).trimmed().toLongLong();
        }
        m_body = m_head.size() - (end + separator);
        m_head.clear();
        m_inBody = true;
        m_length = length;
        if (length > m_maxBody) {
            refuse(413,
                   u"request body of %1 bytes is over the limit of %2"_s.arg(length).arg(m_maxBody),
                   length - m_body);
            return;
        }
        if (m_body >= m_length)
            requestComplete();
    }

    QTcpSocket *m_socket;
    qsizetype m_maxBody;
    QHostAddress m_peer;
    QByteArray m_head;
    bool m_inBody = false;
    qint64 m_body = 0;
    qint64 m_length = 0;
    qint64 m_discard = 0;
    QTimer m_deadline;
    bool m_waiting = false;
    bool m_streaming = false;
    qint64 m_since = 0;
};

ConnectionGuard *guardOf(QTcpSocket *socket)
{
    for (QObject *child : socket->children()) { // ConnectionGuard has no meta-object of its own
        if (auto *guard = dynamic_cast<ConnectionGuard *>(child))
            return guard;
    }
    return nullptr;
}

} // namespace

void GuardedTcpServer::resetGuard(QTcpSocket *socket)
{
    if (ConnectionGuard *guard = guardOf(socket))
        guard->reset(); // the next bytes start the next request
}

void GuardedTcpServer::markStreaming(QTcpSocket *socket)
{
    if (ConnectionGuard *guard = guardOf(socket))
        guard->stream();
}

void GuardedTcpServer::incomingConnection(qintptr descriptor)
{
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    // Room is made by closing the oldest connections that have not sent a whole request, of
    // this peer first: a good client sends its request at once, so the connections held open
    // half-sent (a slowloris) go, not the good client's. Only when every slot is busy with real
    // work is the new connection refused.
    const QHostAddress peer = socket->peerAddress();
    QList<ConnectionGuard *> unfinished;
    QList<ConnectionGuard *> unfinishedOfPeer;
    qsizetype open = 0;
    for (QTcpSocket *other : findChildren<QTcpSocket *>(QString(), Qt::FindDirectChildrenOnly)) {
        if (other == socket || other->state() != QAbstractSocket::ConnectedState)
            continue;
        ++open;
        if (ConnectionGuard *guard = guardOf(other); guard && guard->unfinished()) {
            unfinished.append(guard);
            if (guard->peer().isEqual(peer))
                unfinishedOfPeer.append(guard);
        }
    }
    const auto oldest = [](const QList<ConnectionGuard *> &guards) {
        return *std::min_element(guards.cbegin(), guards.cend(),
                                 [](const ConnectionGuard *a, const ConnectionGuard *b) {
                                     return a->waitingSince() < b->waitingSince();
                                 });
    };
    if (unfinishedOfPeer.size() >= m_limits.unfinishedPerPeer) {
        ConnectionGuard *victim = oldest(unfinishedOfPeer);
        unfinished.removeOne(victim);
        victim->evict();
        --open;
    }
    if (open >= m_limits.connections) {
        if (unfinished.isEmpty()) {
            writeError(socket, 503, JsonRpc::TransportRefused, u"too many connections at once"_s,
                       {{"Connection", "close"}});
            socket->disconnectFromHost();
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            return;
        }
        oldest(unfinished)->evict();
    }
    new ConnectionGuard(socket, m_maxBody, m_limits.requestTimeoutMs);
    addPendingConnection(socket);
}

} // namespace Grex::Mcp::Http
