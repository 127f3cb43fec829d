#include "mcp/httptransport_p.h"
#include "mcp/protocol.h"

#include "core/jsonrpccodes.h"
#include "core/logging.h"

#include <QCoreApplication>
#include <QHttpServerRequest>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>
#include <QUrlQuery>

#include <csignal>

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

bool hostAllowed(const QByteArray &host, const HttpConfig &http)
{
    // Beyond loopback the token is what guards; the names the machine goes by are not known.
    if (!http.address.isLoopback())
        return true;
    QByteArray name = host.trimmed().toLower();
    if (name.startsWith('[')) {
        name = name.mid(1, name.indexOf(']') - 1);
    } else if (name.count(':') == 1) {
        name = name.left(name.indexOf(':'));
    }
    if (name.isEmpty())
        return false;
    QStringList allowed{u"localhost"_s, u"127.0.0.1"_s, u"::1"_s, http.address.toString()};
    for (const QString &origin : http.allowedOrigins)
        allowed.append(QUrl(origin).host().toLower());
    return allowed.contains(QString::fromLatin1(name));
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

namespace Http {

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


void SessionSink::endStream(const QByteArray &requestKey)
{
    QPointer<HttpTransport> transport = m_transport;
    if (!transport || !m_sessionId.isEmpty())
        return;
    QMetaObject::invokeMethod(
        transport.data(),
        [transport, requestKey] {
            if (transport)
                transport->endPerRequestStream(requestKey);
        },
        Qt::QueuedConnection);
}

HttpTransport::HttpTransport(ServerConfig config, const HttpConfig &http)
    : m_config(std::move(config)), m_http(http)
{
}

HttpTransport::~HttpTransport()
{
    const QStringList ids = m_sessions.keys();
    for (const QString &id : ids)
        endSession(id);
    m_perRequest.reset(); // stops its calls and waits for them; the sink drops what they still say
}

void HttpTransport::missingHandler(const QHttpServerRequest &, QTcpSocket *socket)
{
    writeError(socket, 404, JsonRpc::TransportRefused, u"not found: the MCP endpoint is /mcp"_s);
}


bool HttpTransport::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    GuardedTcpServer::resetGuard(socket);
    if (request.url().path() != QStringView(kEndpoint)) {
        // A JSON 404 also for /.well-known/oauth-*: grex has no OAuth, and clients that look
        // for its metadata stop there.
        writeError(socket, 404, JsonRpc::TransportRefused,
                   u"not found: the MCP endpoint is /mcp"_s);
        return true;
    }
    // A web page that made its own name resolve to 127.0.0.1 (DNS rebinding) still sends that
    // name as the Host: only this machine's names reach a server on loopback.
    if (!hostAllowed(header(request, "host"), m_http)) {
        qCWarning(lcCore, "refusing a request for host '%s'", header(request, "host").constData());
        writeError(socket, 403, JsonRpc::TransportRefused,
                   u"forbidden: '%1' is not a name of this server"_s.arg(
                       QString::fromLatin1(header(request, "host"))));
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
    // A session of the 2024-11-05 transport answers on its event stream only (httplegacy.cpp).
    if (!s || s->legacy) {
        writeError(socket, 404, JsonRpc::TransportRefused, u"session not found"_s);
        return nullptr;
    }
    // Every revision grex speaks is accepted, and the one before grex's oldest, which clients of
    // 2025-03-26 servers send; the session's own revision decides. A client that discovered
    // 2026-07-28 before it initialized may go on naming it.
    const QByteArray version = header(request, "mcp-protocol-version");
    const std::optional<Revision> revision = revisionNamed(QString::fromLatin1(version));
    if (!version.isEmpty() && version != "2025-03-26" && !revision) {
        writeError(socket, 400, JsonRpc::TransportRefused,
                   u"bad request: unsupported MCP-Protocol-Version '%1' in a session; the "
                   "session speaks %2"_s.arg(QString::fromLatin1(version),
                                             revisionName(s->revision)));
        return nullptr;
    }
    s->idle.start();
    return s;
}

HttpSession *HttpTransport::createSession()
{
    auto owned = std::make_unique<HttpSession>();
    HttpSession *s = owned.get();
    s->id = randomHandle();
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
        // Busy is not idle, and a 2024-11-05 session lives as long as its stream.
        const bool streaming = expired->legacy && expired->getStream &&
                               expired->getStream->state() == QAbstractSocket::ConnectedState;
        if (expired->session->callsInFlight() > 0 || streaming) {
            expired->idle.start();
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

std::optional<QJsonObject> HttpTransport::readPost(const QHttpServerRequest &request,
                                                   QTcpSocket *socket)
{
    const QByteArray contentType = header(request, "content-type").toLower();
    if (!contentType.startsWith("application/json")) {
        writeError(socket, 415, JsonRpc::TransportRefused,
                   u"unsupported media type: POST a JSON-RPC message as application/json"_s);
        return std::nullopt;
    }
    const QByteArray accept = header(request, "accept");
    if (!accepts(accept, "application/json") || !accepts(accept, "text/event-stream")) {
        writeError(socket, 406, JsonRpc::TransportRefused,
                   u"not acceptable: Accept must list application/json and text/event-stream"_s);
        return std::nullopt;
    }
    const QByteArray body = request.body();
    if (body.size() > m_http.maxBody) {
        writeError(socket, 413, JsonRpc::TransportRefused,
                   u"request body of %1 bytes is over the limit of %2"_s.arg(body.size())
                       .arg(m_http.maxBody));
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        writeError(
            socket, 400, JsonRpc::ParseError,
            u"parse error: %1 at offset %2"_s.arg(parseError.errorString()).arg(parseError.offset));
        return std::nullopt;
    }
    if (!document.isObject()) {
        writeError(socket, 400, JsonRpc::InvalidRequest,
                   u"a POST carries one JSON-RPC message, not a batch"_s);
        return std::nullopt;
    }
    return document.object();
}

void HttpTransport::post(const QHttpServerRequest &request, QTcpSocket *socket)
{
    // A 2024-11-05 client posts to the address its event stream named, and may not accept
    // event streams on a POST.
    if (const QString legacy = QUrlQuery(request.url()).queryItemValue(u"sessionId"_s);
        !legacy.isEmpty()) {
        postLegacy(request, socket, legacy);
        return;
    }
    const std::optional<QJsonObject> read = readPost(request, socket);
    if (!read)
        return;
    const QJsonObject &message = *read;
    const QByteArray body = request.body();
    // A message that names its revision in _meta is a 2026-era one (docs/design.md, "MCP
    // protocol revisions"); everything else belongs to a handshake session.
    if (hasEnvelope(message.value(u"params"_s).toObject())) {
        postPerRequest(request, socket, message);
        return;
    }
    const QString method = message.value(u"method"_s).toString();
    // initialize is where a handshake agrees on its revision, so what the header names does not
    // count there: a client that discovered 2026-07-28 (server/discover) and initializes
    // anyway, as Claude Code does, still names that revision.
    const std::optional<Revision> named =
        revisionNamed(QString::fromLatin1(header(request, "mcp-protocol-version")));
    if (named && isPerRequest(*named) && method != u"initialize" &&
        header(request, "mcp-session-id").isEmpty()) {
        writeResponse(socket, 400,
                      errorBody(JsonRpc::InvalidParams,
                                u"MCP-Protocol-Version says %1, but the body has no _meta "
                                "naming it"_s.arg(revisionName(*named)),
                                jsonText(message.value(u"id"_s))));
        return;
    }
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
    HttpSession::Stream opened;
    opened.socket = socket;
    opened.sse = sse;
    s->pending.insert(idKey, opened);
    if (sse && s->revision >= Revision::V2025_11_25) {
        HttpSession::Stream &stream = s->pending[idKey];
        stream.streamId = QByteArray::number(s->nextStream++);
    }
    if (sse) {
        const QJsonValue token =
            message.value(u"params"_s).toObject().value(u"_meta"_s).toObject().value(
                u"progressToken"_s);
        if (token.isString() || token.isDouble()) {
            s->progressCall.insert(requestKey(token), idKey);
        }
        s->sseOrder.append(idKey);
        startEventStream(this, socket, sessionHeader(*s));
        const HttpSession::Stream &stream = s->pending[idKey];
        if (!stream.streamId.isEmpty()) {
            // The priming event: an id to resume from, and how long to wait before trying.
            socket->write("id: " + stream.streamId + "-0\nretry: 3000\ndata: \n\n");
        }
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
    // Without a session, the GET of a client falling back to the 2024-11-05 transport, which
    // opens its session with it.
    if (header(request, "mcp-session-id").isEmpty()) {
        openLegacyStream(socket);
        return;
    }
    HttpSession *s = sessionFor(request, socket);
    if (!s)
        return;
    if (const QByteArray last = header(request, "last-event-id"); !last.isEmpty()) {
        if (!resumeStream(*s, last, socket)) {
            writeError(socket, 404, JsonRpc::TransportRefused,
                       u"no stream of this session to resume from event '%1'"_s.arg(
                           QString::fromLatin1(last)));
        }
        return;
    }
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
    if (sessionId.isEmpty()) {
        routePerRequest(frame, relatedCall);
        return;
    }
    HttpSession *s = m_sessions.value(sessionId);
    if (!s)
        return; // the session ended; nobody listens
    if (s->legacy) {
        routeLegacy(*s, frame);
        return;
    }
    const QJsonObject message = QJsonDocument::fromJson(frame).object();
    const auto openStream = [](const QPointer<QTcpSocket> &socket) {
        return socket && socket->state() == QAbstractSocket::ConnectedState;
    };
    if (message.contains(u"method"_s)) {
        const QString method = message.value(u"method"_s).toString();
        if (method == u"notifications/progress") {
            const QByteArray tokenKey =
                requestKey(message.value(u"params"_s).toObject().value(u"progressToken"_s));
            const auto stream = s->pending.find(s->progressCall.value(tokenKey));
            if (stream != s->pending.end() && stream->sse)
                writeStreamEvent(*stream, frame);
            return;
        }
        // A call's own request (its elicitation) goes on that call's stream.
        if (!relatedCall.isEmpty()) {
            const auto stream = s->pending.find(relatedCall);
            if (stream != s->pending.end() && stream->sse &&
                (openStream(stream->socket) || !stream->streamId.isEmpty())) {
                writeStreamEvent(*stream, frame);
                return;
            }
        }
        // Other server requests and notifications: on the newest call stream, else on the
        // GET stream (each message goes on one stream only).
        for (auto it = s->sseOrder.crbegin(); it != s->sseOrder.crend(); ++it) {
            const auto stream = s->pending.find(*it);
            if (stream != s->pending.end() && openStream(stream->socket)) {
                writeStreamEvent(*stream, frame);
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
    if (!stream.socket || stream.socket->state() != QAbstractSocket::ConnectedState) {
        // The client went away, which is not a cancellation; from 2025-11-25 on it may come
        // back for the answer.
        if (!stream.streamId.isEmpty()) {
            HttpSession::Stream done = stream;
            writeStreamEvent(done, frame);
            if (s->finished.size() >= 32)
                s->finished.erase(s->finished.begin());
            s->finished.insert(done.streamId, done);
        }
        return;
    }
    if (stream.sse) {
        HttpSession::Stream last = stream;
        writeStreamEvent(last, frame);
        stream.socket->flush();
        stream.socket->disconnectFromHost();
        return;
    }
    if (!s->initialized && message.value(u"result"_s).toObject().contains(u"protocolVersion"_s)) {
        s->revision = handshakeRevisionFor(
            message.value(u"result"_s).toObject().value(u"protocolVersion"_s).toString());
    }
    writeResponse(stream.socket, 200, frame, sessionHeader(*s));
    // An initialize that failed leaves no session behind.
    if (message.contains(u"error"_s) && !s->initialized) {
        endSession(sessionId);
        return;
    }
    s->initialized = true;
}


void HttpTransport::writeStreamEvent(HttpSession::Stream &stream, const QByteArray &frame)
{
    if (stream.streamId.isEmpty()) {
        writeEvent(stream.socket, frame);
        return;
    }
    // Kept until the stream ends, so that a client that reconnects misses nothing.
    const int number = stream.nextEvent++;
    stream.events.append({number, frame});
    if (stream.socket && stream.socket->state() == QAbstractSocket::ConnectedState)
        writeEvent(stream.socket, frame, stream.streamId + '-' + QByteArray::number(number));
}

bool HttpTransport::resumeStream(HttpSession &s, const QByteArray &lastEventId, QTcpSocket *socket)
{
    const qsizetype dash = lastEventId.lastIndexOf('-');
    if (dash <= 0)
        return false;
    const QByteArray streamId = lastEventId.left(dash);
    bool ok = false;
    const int seen = lastEventId.mid(dash + 1).toInt(&ok);
    if (!ok)
        return false;
    if (const auto done = s.finished.constFind(streamId); done != s.finished.constEnd()) {
        startEventStream(this, socket, sessionHeader(s));
        for (const auto &[number, frame] : std::as_const(done->events)) {
            if (number > seen)
                writeEvent(socket, frame, streamId + '-' + QByteArray::number(number));
        }
        s.finished.erase(done);
        socket->flush();
        socket->disconnectFromHost();
        return true;
    }
    for (auto it = s.pending.begin(); it != s.pending.end(); ++it) {
        if (it->streamId != streamId)
            continue;
        if (it->socket && it->socket != socket)
            it->socket->disconnectFromHost(); // one connection per stream
        it->socket = socket;
        startEventStream(this, socket, sessionHeader(s));
        for (const auto &[number, frame] : std::as_const(it->events)) {
            if (number > seen)
                writeEvent(socket, frame, streamId + '-' + QByteArray::number(number));
        }
        socket->flush();
        return true;
    }
    return false;
}

} // namespace Http

int runHttpServer(ServerConfig config, const HttpConfig &http, std::stop_token stop)
{
    std::signal(SIGPIPE, SIG_IGN);
    // One admission gate for every session: --parallel bounds the process, not each client.
    config.admission = admissionFor(config.toolCalls);
    Http::HttpTransport transport(std::move(config), http);
    auto *tcp = new Http::GuardedTcpServer(http.maxBody, http.limits, &transport);
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