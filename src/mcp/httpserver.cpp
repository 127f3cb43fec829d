#include "mcp/httpserver.h"

#include "core/jsonrpccodes.h"
#include "core/logging.h"

#include <QAbstractHttpServer>
#include <QCoreApplication>
#include <QHttpServerRequest>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <csignal>
#include <list>
#include <map>
#include <thread>

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

bool originAllowed(const QByteArray &origin, const QStringList &allowed)
{
    if (origin.isEmpty())
        return true; // native clients send none
    const QString text = QString::fromLatin1(origin);
    if (allowed.contains(text))
        return true;
    const QUrl url(text);
    if (!url.isValid() || (url.scheme() != u"http" && url.scheme() != u"https"))
        return false;
    const QString host = url.host();
    return host == u"localhost" || host == u"127.0.0.1" || host == u"::1";
}

bool tokenMatches(const QByteArray &presented, const QByteArray &expected)
{
    // Every byte of the longer one is looked at, whatever differs first.
    const qsizetype n = std::max(presented.size(), expected.size());
    unsigned char diff = presented.size() == expected.size() ? 0 : 1;
    for (qsizetype i = 0; i < n; ++i) {
        const unsigned char a = i < presented.size() ? uchar(presented.at(i)) : 0;
        const unsigned char b = i < expected.size() ? uchar(expected.at(i)) : 0;
        diff |= uchar(a ^ b);
    }
    return diff == 0;
}

namespace {

constexpr char16_t kEndpoint[] = u"/mcp";
// How much of a refused body is read and dropped so that the client sees the 413.
constexpr qint64 kMaxDiscard = 256 * 1024 * 1024;
constexpr int kMaxPendingPerSession = 256;

QByteArray errorBody(int code, const QString &message)
{
    return QJsonDocument(QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                     {u"id"_s, QJsonValue::Null},
                                     {u"error"_s, QJsonObject{{u"code"_s, code},
                                                              {u"message"_s, message}}}})
        .toJson(QJsonDocument::Compact);
}

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
    case 409: return "Conflict";
    case 413: return "Content Too Large";
    case 415: return "Unsupported Media Type";
    case 503: return "Service Unavailable";
    }
    return "Error";
}

// Headers are case-insensitive.
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

// Writes one complete response; the connection stays open for the next request.
void writeResponse(QTcpSocket *socket, int status, const QByteArray &body,
                   const QList<std::pair<QByteArray, QByteArray>> &headers = {},
                   const QByteArray &contentType = "application/json")
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
                const QList<std::pair<QByteArray, QByteArray>> &headers = {})
{
    writeResponse(socket, status, errorBody(code, message), headers);
}

// Watches what a client sends before Qt's HTTP parser buffers it: headers over 64 KiB (431),
// chunked bodies (501: a body must say its length) and bodies over the limit (413) are refused
// before they use memory. Qt 6.4's parser reads everything available on each readyRead, so the
// bytes unread when this runs (connected first) are the new ones. Reset for each request.
class ConnectionGuard : public QObject
{
public:
    ConnectionGuard(QTcpSocket *socket, qsizetype maxBody)
        : QObject(socket), m_socket(socket), m_maxBody(maxBody)
    {
        connect(socket, &QTcpSocket::readyRead, this, &ConnectionGuard::onReadyRead);
    }

    void reset()
    {
        m_head.clear();
        m_inBody = false;
        m_body = 0;
    }

private:
    static constexpr qsizetype kMaxHeader = 64 * 1024;

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
        const QByteArray fresh = m_socket->peek(m_socket->bytesAvailable());
        if (m_inBody) {
            m_body += fresh.size();
            if (m_body > m_maxBody)
                refuse(413, u"request body over the limit of %1 bytes"_s.arg(m_maxBody));
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
        if (end < 0) {
            if (m_head.size() > kMaxHeader)
                refuse(431, u"request headers over %1 bytes"_s.arg(kMaxHeader));
            return;
        }
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
        if (length > m_maxBody) {
            refuse(413,
                   u"request body of %1 bytes is over the limit of %2"_s.arg(length).arg(m_maxBody),
                   length - m_body);
        }
    }

    QTcpSocket *m_socket;
    qsizetype m_maxBody;
    QByteArray m_head;
    bool m_inBody = false;
    qint64 m_body = 0;
    qint64 m_discard = 0;
};

// Puts a ConnectionGuard on each connection, before the HTTP server's own reader, and bounds
// the number of connections at once.
class GuardedTcpServer : public QTcpServer
{
public:
    GuardedTcpServer(qsizetype maxBody, QObject *parent) : QTcpServer(parent), m_maxBody(maxBody)
    {
    }

protected:
    void incomingConnection(qintptr descriptor) override
    {
        auto *socket = new QTcpSocket(this);
        if (!socket->setSocketDescriptor(descriptor)) {
            delete socket;
            return;
        }
        if (findChildren<QTcpSocket *>(QString(), Qt::FindDirectChildrenOnly).size() > kMaxConnections) {
            writeError(socket, 503, JsonRpc::TransportRefused, u"too many connections at once"_s,
                       {{"Connection", "close"}});
            socket->disconnectFromHost();
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            return;
        }
        new ConnectionGuard(socket, m_maxBody);
        addPendingConnection(socket);
    }

private:
    static constexpr int kMaxConnections = 256;
    qsizetype m_maxBody;
};

class HttpTransport;

// One MCP session over HTTP: the session, where its answers go, and when it expires.
struct HttpSession
{
    QString id;
    std::unique_ptr<FrameSink> sink;
    std::unique_ptr<Session> session;
    struct Stream
    {
        QPointer<QTcpSocket> socket;
        bool sse = false;
    };
    QHash<QByteArray, Stream> pending;          // request id (JSON text) → where it is answered
    QHash<QByteArray, QByteArray> progressCall; // progress token (JSON text) → request id
    QList<QByteArray> sseOrder;                 // open SSE request streams, oldest first
    QPointer<QTcpSocket> getStream;
    QTimer idle;
    bool initialized = false;
};

// Hands every frame of one session to the transport's thread.
class SessionSink : public FrameSink
{
public:
    SessionSink(HttpTransport *transport, QString sessionId)
        : m_transport(transport), m_sessionId(std::move(sessionId))
    {
    }
    void send(const QByteArray &frame) override { sendRelated(frame, {}); }
    void sendRelated(const QByteArray &frame, const QByteArray &relatedCall) override;

private:
    QPointer<HttpTransport> m_transport;
    QString m_sessionId;
};

class HttpTransport : public QAbstractHttpServer
{
public:
    HttpTransport(ServerConfig config, const HttpConfig &http)
        : m_config(std::move(config)), m_http(http)
    {
    }

    ~HttpTransport() override
    {
        const QStringList ids = m_sessions.keys();
        for (const QString &id : ids)
            endSession(id);
    }

    void route(const QString &sessionId, const QByteArray &frame, const QByteArray &relatedCall);

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &, QTcpSocket *socket) override
    {
        writeError(socket, 404, JsonRpc::TransportRefused,
                   u"not found: the MCP endpoint is /mcp"_s);
    }

private:
    void post(const QHttpServerRequest &request, QTcpSocket *socket);
    void openGetStream(const QHttpServerRequest &request, QTcpSocket *socket);
    HttpSession *sessionFor(const QHttpServerRequest &request, QTcpSocket *socket);
    HttpSession *createSession();
    void endSession(const QString &id);
    QList<std::pair<QByteArray, QByteArray>> sessionHeader(const HttpSession &s) const
    {
        return {{"Mcp-Session-Id", s.id.toLatin1()}};
    }

    ServerConfig m_config;
    HttpConfig m_http;
    std::map<QString, std::unique_ptr<HttpSession>> m_sessionStore;
    QHash<QString, HttpSession *> m_sessions;
    std::list<std::jthread> m_reapers; // ending sessions; joined when the transport goes
};

void SessionSink::sendRelated(const QByteArray &frame, const QByteArray &relatedCall)
{
    QPointer<HttpTransport> transport = m_transport;
    if (!transport)
        return;
    QMetaObject::invokeMethod(
        transport.data(),
        [transport, id = m_sessionId, frame, relatedCall] {
            if (transport)
                transport->route(id, frame, relatedCall);
        },
        Qt::QueuedConnection);
}

void writeEvent(QTcpSocket *socket, const QByteArray &frame)
{
    if (socket)
        socket->write("event: message\ndata: " + frame + "\n\n");
}

void startEventStream(QAbstractHttpServer *server, QTcpSocket *socket,
                      const QList<std::pair<QByteArray, QByteArray>> &headers)
{
    // The connection is this stream's until it closes: Qt's parser must not read the next
    // request from it and answer into the stream.
    QObject::disconnect(socket, &QTcpSocket::readyRead, server, nullptr);
    QByteArray out = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                     "Cache-Control: no-cache\r\nConnection: close\r\n";
    for (const auto &[key, value] : headers)
        out += key + ": " + value + "\r\n";
    out += "\r\n";
    socket->write(out);
}

bool HttpTransport::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    for (QObject *child : socket->children()) { // ConnectionGuard has no meta-object of its own
        if (auto *guard = dynamic_cast<ConnectionGuard *>(child))
            guard->reset(); // the next bytes start the next request
    }
    if (request.url().path() != QStringView(kEndpoint)) {
        writeError(socket, 404, JsonRpc::TransportRefused,
                   u"not found: the MCP endpoint is /mcp"_s);
        return true;
    }
    if (!originAllowed(header(request, "origin"), m_http.allowedOrigins)) {
        qCWarning(lcCore, "refusing a request from origin %s",
                  header(request, "origin").constData());
        writeError(socket, 403, JsonRpc::TransportRefused,
                   u"forbidden: this Origin may not use the server"_s);
        return true;
    }
    if (!m_http.token.isEmpty()) {
        const QByteArray authorization = header(request, "authorization");
        const bool bearer = authorization.size() > 7 &&
                            authorization.first(7).compare("bearer ", Qt::CaseInsensitive) == 0;
        if (!bearer || !tokenMatches(authorization.mid(7).trimmed(), m_http.token)) {
            // The token itself is never logged.
            qCWarning(lcCore, "refusing a request from %s: %s",
                      qUtf8Printable(request.remoteAddress().toString()),
                      authorization.isEmpty() ? "no bearer token" : "wrong bearer token");
            writeError(socket, 401, JsonRpc::Unauthorized, u"unauthorized"_s,
                       {{"WWW-Authenticate", "Bearer"}});
            return true;
        }
    }
    switch (request.method()) {
    case QHttpServerRequest::Method::Post:
        post(request, socket);
        break;
    case QHttpServerRequest::Method::Get:
        openGetStream(request, socket);
        break;
    case QHttpServerRequest::Method::Delete:
        if (HttpSession *s = sessionFor(request, socket)) {
            const QString id = s->id;
            endSession(id);
            writeResponse(socket, 200, {});
        }
        break;
    default:
        writeError(socket, 405, JsonRpc::TransportRefused,
                   u"method not allowed: use POST, GET or DELETE"_s,
                   {{"Allow", "GET, POST, DELETE"}});
    }
    return true;
}

HttpSession *HttpTransport::sessionFor(const QHttpServerRequest &request, QTcpSocket *socket)
{
    const QString id = QString::fromLatin1(header(request, "mcp-session-id"));
    if (id.isEmpty()) {
        writeError(socket, 400, JsonRpc::TransportRefused,
                   u"bad request: Mcp-Session-Id is missing (initialize first)"_s);
        return nullptr;
    }
    HttpSession *s = m_sessions.value(id);
    if (!s) {
        writeError(socket, 404, JsonRpc::TransportRefused, u"session not found"_s);
        return nullptr;
    }
    const QByteArray version = header(request, "mcp-protocol-version");
    if (!version.isEmpty() && version != "2025-06-18" && version != "2025-03-26") {
        writeError(socket, 400, JsonRpc::TransportRefused,
                   u"bad request: unsupported MCP-Protocol-Version '%1'"_s.arg(
                       QString::fromLatin1(version)));
        return nullptr;
    }
    s->idle.start();
    return s;
}

HttpSession *HttpTransport::createSession()
{
    auto owned = std::make_unique<HttpSession>();
    HttpSession *s = owned.get();
    QByteArray random(16, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(random.data()), 4);
    s->id = QString::fromLatin1(random.toHex());
    s->sink = std::make_unique<SessionSink>(this, s->id);
    ServerConfig config = m_config;
    config.controlTransport = u"http"_s;
    s->session = std::make_unique<Session>(std::move(config), *s->sink);
    s->idle.setSingleShot(true);
    s->idle.setInterval(m_http.idleTimeoutMs);
    QObject::connect(&s->idle, &QTimer::timeout, this, [this, id = s->id] {
        HttpSession *expired = m_sessions.value(id);
        if (!expired)
            return;
        if (expired->session->callsInFlight() > 0) {
            expired->idle.start(); // busy is not idle
            return;
        }
        qCInfo(lcCore, "session %s expired after %d s without a request", qUtf8Printable(id),
               m_http.idleTimeoutMs / 1000);
        endSession(id);
    });
    s->idle.start();
    m_sessions.insert(s->id, s);
    m_sessionStore.emplace(s->id, std::move(owned));
    qCInfo(lcCore, "new MCP session %s", qUtf8Printable(s->id));
    return s;
}

void HttpTransport::endSession(const QString &id)
{
    HttpSession *s = m_sessions.take(id);
    if (!s)
        return;
    for (const HttpSession::Stream &stream : std::as_const(s->pending)) {
        if (stream.socket && stream.sse)
            stream.socket->disconnectFromHost();
    }
    if (s->getStream)
        s->getStream->disconnectFromHost();
    // Stopping its calls can take seconds: that happens off the event loop, which goes on
    // serving the other sessions. The sink drops what the calls still send.
    auto node = m_sessionStore.extract(id);
    std::shared_ptr<Session> session(std::move(node.mapped()->session));
    std::shared_ptr<FrameSink> sink(std::move(node.mapped()->sink));
    m_reapers.emplace_back([session, sink]() mutable {
        session->endOfInput();
        session.reset(); // waits for its calls
    });
    qCInfo(lcCore, "MCP session %s ended", qUtf8Printable(id));
}

void HttpTransport::post(const QHttpServerRequest &request, QTcpSocket *socket)
{
    const QByteArray contentType = header(request, "content-type").toLower();
    if (!contentType.startsWith("application/json")) {
        writeError(socket, 415, JsonRpc::TransportRefused,
                   u"unsupported media type: POST a JSON-RPC message as application/json"_s);
        return;
    }
    const QByteArray accept = header(request, "accept");
    if (!accepts(accept, "application/json") || !accepts(accept, "text/event-stream")) {
        writeError(socket, 406, JsonRpc::TransportRefused,
                   u"not acceptable: Accept must list application/json and text/event-stream"_s);
        return;
    }
    const QByteArray body = request.body();
    if (body.size() > m_http.maxBody) {
        writeError(socket, 413, JsonRpc::TransportRefused,
                   u"request body of %1 bytes is over the limit of %2"_s.arg(body.size())
                       .arg(m_http.maxBody));
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        writeError(
            socket, 400, JsonRpc::ParseError,
            u"parse error: %1 at offset %2"_s.arg(parseError.errorString()).arg(parseError.offset));
        return;
    }
    if (!document.isObject()) {
        writeError(socket, 400, JsonRpc::InvalidRequest,
                   u"a POST carries one JSON-RPC message, not a batch"_s);
        return;
    }
    const QJsonObject message = document.object();
    const QString method = message.value(u"method"_s).toString();
    const bool isRequest = message.contains(u"method"_s) && message.contains(u"id"_s);

    HttpSession *s = nullptr;
    if (method == u"initialize" && header(request, "mcp-session-id").isEmpty()) {
        if (!isRequest) {
            writeError(socket, 400, JsonRpc::InvalidRequest,
                       u"initialize is a request: it needs an id"_s);
            return;
        }
        if (m_sessions.size() >= m_http.maxSessions) {
            writeError(
                socket, 503, JsonRpc::TransportRefused,
                u"too many sessions at once (%1); end one with DELETE"_s.arg(m_http.maxSessions));
            return;
        }
        s = createSession();
    } else {
        s = sessionFor(request, socket);
        if (!s)
            return;
    }

    if (!isRequest) {
        const bool response = !message.contains(u"method"_s) && message.contains(u"id"_s) &&
                              (message.contains(u"result"_s) || message.contains(u"error"_s));
        if (!response && !message.contains(u"method"_s)) {
            writeError(socket, 400, JsonRpc::InvalidRequest,
                       u"a message needs a \"method\", or an \"id\" and a \"result\" or "
                       "\"error\""_s);
            return;
        }
        // A notification, or the client's answer to a server request: accepted, no body.
        s->session->receive(body);
        writeResponse(socket, 202, {}, sessionHeader(*s));
        // A cancelled call gets no answer (docs/design.md, "MCP cancellation"): its stream
        // ends here.
        if (method == u"notifications/cancelled") {
            const QByteArray cancelled =
                requestKey(message.value(u"params"_s).toObject().value(u"requestId"_s));
            const HttpSession::Stream stream = s->pending.take(cancelled);
            s->sseOrder.removeAll(cancelled);
            for (auto p = s->progressCall.begin(); p != s->progressCall.end();) {
                p = p.value() == cancelled ? s->progressCall.erase(p) : std::next(p);
            }
            if (stream.sse && stream.socket)
                stream.socket->disconnectFromHost();
        }
        return;
    }
    const QJsonValue id = message.value(u"id"_s);
    if (!isRequestId(id)) {
        writeError(socket, 400, JsonRpc::InvalidRequest,
                   u"\"id\" must be a string or an integer"_s);
        return;
    }
    const QByteArray idKey = requestKey(id);
    if (s->pending.contains(idKey)) {
        writeError(socket, 400, JsonRpc::InvalidRequest,
                   u"request id already in use by a request in flight"_s);
        return;
    }
    if (s->pending.size() >= kMaxPendingPerSession) {
        writeError(
            socket, 503, JsonRpc::TransportRefused,
            u"too many requests in flight in this session (%1)"_s.arg(kMaxPendingPerSession));
        return;
    }
    // Calls stream: they may send progress, log messages and elicitation before the answer.
    const bool sse = method == u"tools/call";
    s->pending.insert(idKey, {QPointer<QTcpSocket>(socket), sse});
    if (sse) {
        const QJsonValue token =
            message.value(u"params"_s).toObject().value(u"_meta"_s).toObject().value(
                u"progressToken"_s);
        if (token.isString() || token.isDouble()) {
            s->progressCall.insert(requestKey(token), idKey);
        }
        s->sseOrder.append(idKey);
        startEventStream(this, socket, sessionHeader(*s));
    }
    s->session->receive(body);
}

void HttpTransport::openGetStream(const QHttpServerRequest &request, QTcpSocket *socket)
{
    if (!accepts(header(request, "accept"), "text/event-stream")) {
        writeError(socket, 406, JsonRpc::TransportRefused,
                   u"not acceptable: Accept must list text/event-stream"_s);
        return;
    }
    HttpSession *s = sessionFor(request, socket);
    if (!s)
        return;
    if (s->getStream && s->getStream->state() == QAbstractSocket::ConnectedState) {
        writeError(socket, 409, JsonRpc::TransportRefused,
                   u"conflict: this session already has its GET stream open"_s);
        return;
    }
    s->getStream = socket;
    startEventStream(this, socket, sessionHeader(*s));
    socket->flush();
}

void HttpTransport::route(const QString &sessionId, const QByteArray &frame,
                          const QByteArray &relatedCall)
{
    HttpSession *s = m_sessions.value(sessionId);
    if (!s)
        return; // the session ended; nobody listens
    const QJsonObject message = QJsonDocument::fromJson(frame).object();
    const auto openStream = [](const QPointer<QTcpSocket> &socket) {
        return socket && socket->state() == QAbstractSocket::ConnectedState;
    };
    if (message.contains(u"method"_s)) {
        const QString method = message.value(u"method"_s).toString();
        if (method == u"notifications/progress") {
            const QByteArray tokenKey =
                requestKey(message.value(u"params"_s).toObject().value(u"progressToken"_s));
            const HttpSession::Stream stream = s->pending.value(s->progressCall.value(tokenKey));
            if (stream.sse && openStream(stream.socket))
                writeEvent(stream.socket, frame);
            return;
        }
        // A call's own request (its elicitation) goes on that call's stream.
        if (!relatedCall.isEmpty()) {
            const HttpSession::Stream stream = s->pending.value(relatedCall);
            if (stream.sse && openStream(stream.socket)) {
                writeEvent(stream.socket, frame);
                return;
            }
        }
        // Other server requests and notifications: on the newest call stream, else on the
        // GET stream (each message goes on one stream only).
        for (auto it = s->sseOrder.crbegin(); it != s->sseOrder.crend(); ++it) {
            const HttpSession::Stream stream = s->pending.value(*it);
            if (openStream(stream.socket)) {
                writeEvent(stream.socket, frame);
                return;
            }
        }
        if (openStream(s->getStream)) {
            writeEvent(s->getStream, frame);
            return;
        }
        // Nowhere to ask: a server request fails at once instead of waiting for its timeout.
        if (message.contains(u"id"_s)) {
            s->session->receive(
                QJsonDocument(
                    QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                {u"id"_s, message.value(u"id"_s)},
                                {u"error"_s,
                                 QJsonObject{{u"code"_s, JsonRpc::InternalError},
                                             {u"message"_s, u"the client has no open stream"_s}}}})
                    .toJson(QJsonDocument::Compact));
        }
        return;
    }
    // A response: where its request waits.
    const QByteArray idKey = requestKey(message.value(u"id"_s));
    const auto it = s->pending.find(idKey);
    if (it == s->pending.end())
        return;
    const HttpSession::Stream stream = *it;
    s->pending.erase(it);
    s->sseOrder.removeAll(idKey);
    for (auto p = s->progressCall.begin(); p != s->progressCall.end();) {
        if (p.value() == idKey)
            p = s->progressCall.erase(p);
        else
            ++p;
    }
    if (!stream.socket)
        return; // the client went away; that is not a cancellation
    if (stream.sse) {
        writeEvent(stream.socket, frame);
        stream.socket->flush();
        stream.socket->disconnectFromHost();
        return;
    }
    writeResponse(stream.socket, 200, frame, sessionHeader(*s));
    // An initialize that failed leaves no session behind.
    if (message.contains(u"error"_s) && !s->initialized) {
        endSession(sessionId);
        return;
    }
    s->initialized = true;
}

} // namespace

int runHttpServer(ServerConfig config, const HttpConfig &http, std::stop_token stop)
{
    std::signal(SIGPIPE, SIG_IGN);
    // One admission gate for every session: --parallel bounds the process, not each client.
    config.admission = admissionFor(config.toolCalls);
    HttpTransport transport(std::move(config), http);
    auto *tcp = new GuardedTcpServer(http.maxBody, &transport);
    if (!tcp->listen(http.address, http.port)) {
        qCCritical(lcCore, "cannot listen on %s:%u: %s",
                   qUtf8Printable(http.address.toString()), http.port,
                   qUtf8Printable(tcp->errorString()));
        return 1;
    }
    transport.bind(tcp);
    const QString host = http.address.protocol() == QAbstractSocket::IPv6Protocol
                             ? u"[%1]"_s.arg(http.address.toString())
                             : http.address.toString();
    qCInfo(lcCore, "listening on http://%s:%u/mcp%s", qUtf8Printable(host), tcp->serverPort(),
           http.token.isEmpty() ? "" : " (bearer token required)");

    // A stop (SIGINT or SIGTERM, through the process's signal bridge) ends the loop; the
    // sessions then stop their calls. The callback runs on the bridge's thread, so it queues.
    std::stop_callback quitOnStop(stop, [&transport] {
        QMetaObject::invokeMethod(
            &transport,
            [] {
                qCInfo(lcCore, "stopping");
                QCoreApplication::quit();
            },
            Qt::QueuedConnection);
    });
    return QCoreApplication::exec();
}

} // namespace Grex::Mcp
