// 2026-07-28 requests over streamable HTTP: no session, each POST checked against its headers
// and answered on its own, as JSON or, for calls and subscriptions, as an event stream.

#include "mcp/httptransport_p.h"

#include "core/jsonrpccodes.h"
#include "core/logging.h"

#include <QHttpServerRequest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Grex::Mcp::Http {

namespace {

constexpr int kMaxPerRequestInFlight = 1024;

// Puts the client's own id back where the shared session used the transport's.
void restore(QJsonObject &object, const QString &key, const QJsonValue &value)
{
    if (object.contains(key))
        object.insert(key, value);
}

} // namespace

void HttpTransport::postPerRequest(const QHttpServerRequest &request, QTcpSocket *socket,
                                   QJsonObject message)
{
    const QString method = message.value(u"method"_s).toString();
    QJsonObject params = message.value(u"params"_s).toObject();
    const QByteArray idText = jsonText(message.value(u"id"_s));
    const auto refuse = [&](int status, int code, const QString &text,
                            const QByteArray &data = {}) {
        qCInfo(lcCore, "refusing a 2026-07-28 %s: %s", qUtf8Printable(method),
               qUtf8Printable(text));
        writeResponse(socket, status, errorBody(code, text, idText, data));
    };
    if (!message.value(u"method"_s).isString()) {
        refuse(400, JsonRpc::InvalidRequest,
               u"a 2026-07-28 client posts requests and notifications only"_s);
        return;
    }
    // The headers a proxy routes by must say what the body says, before the body's revision is
    // judged: a header and a body that disagree are a mismatch whatever either names.
    const QJsonValue bodyVersion =
        params.value(u"_meta"_s).toObject().value(QStringView(MetaKey::ProtocolVersion));
    const QByteArray versionHeader = header(request, "mcp-protocol-version");
    if (message.contains(u"id"_s) && bodyVersion.isString() &&
        QString::fromLatin1(versionHeader) != bodyVersion.toString()) {
        refuse(400, JsonRpc::HeaderMismatch,
               u"header mismatch: MCP-Protocol-Version is '%1' but _meta names %2"_s.arg(
                   QString::fromLatin1(versionHeader), bodyVersion.toString()));
        return;
    }
    std::variant<Envelope, ProtocolFault> read = readEnvelope(params);
    if (const ProtocolFault *fault = std::get_if<ProtocolFault>(&read)) {
        refuse(fault->httpStatus, fault->code, fault->message, fault->data.toJson());
        return;
    }
    const Envelope &envelope = std::get<Envelope>(read);
    if (!message.contains(u"id"_s)) {
        // Over HTTP, closing a request's stream is what cancels it; a notifications/cancelled
        // names an id that other clients may use too, so it is accepted and changes nothing.
        writeResponse(socket, 202, {});
        return;
    }
    if (!isRequestId(message.value(u"id"_s))) {
        refuse(400, JsonRpc::InvalidRequest, u"\"id\" must be a string or an integer"_s);
        return;
    }
    const QString version = revisionName(envelope.revision);
    const QByteArray methodHeader = header(request, "mcp-method");
    if (QString::fromUtf8(methodHeader) != method) {
        refuse(400, JsonRpc::HeaderMismatch,
               u"header mismatch: Mcp-Method is '%1' but the body's method is '%2'"_s.arg(
                   QString::fromUtf8(methodHeader), method));
        return;
    }
    if (const QString nameParam = nameParamOf(method); !nameParam.isEmpty()) {
        const QByteArray raw = header(request, "mcp-name");
        const std::optional<QString> name = decodeHeaderValue(raw);
        const QString body = params.value(nameParam).toString();
        if (raw.isEmpty() || !name || *name != body) {
            refuse(400, JsonRpc::HeaderMismatch,
                   u"header mismatch: Mcp-Name is '%1' but the body's %2 is '%3'"_s.arg(
                       QString::fromUtf8(raw), nameParam, body));
            return;
        }
    }
    if (!isPerRequestMethod(method)) {
        refuse(404, JsonRpc::MethodNotFound,
               u"method not found: %1 is not a method of MCP %2"_s.arg(method, version));
        return;
    }
    if (m_perRequestRoutes.size() >= kMaxPerRequestInFlight) {
        refuse(503, JsonRpc::TransportRefused,
               u"too many 2026-07-28 requests in flight (%1)"_s.arg(kMaxPerRequestInFlight));
        return;
    }
    if (!m_perRequest) {
        m_perRequestSink = std::make_unique<SessionSink>(this, QString());
        ServerConfig config = m_config;
        config.controlTransport = u"http"_s;
        m_perRequest = std::make_unique<Session>(std::move(config), *m_perRequestSink);
    }

    const QString internal = u"grex-http-%1"_s.arg(m_nextPerRequest++);
    const QByteArray key = requestKey(QJsonValue(internal));
    PerRequestRoute route{QPointer<QTcpSocket>(socket), message.value(u"id"_s), QJsonValue(),
                          false};
    QJsonObject meta = params.value(u"_meta"_s).toObject();
    if (meta.contains(u"progressToken"_s)) {
        route.token = meta.value(u"progressToken"_s);
        meta.insert(u"progressToken"_s, internal);
        params.insert(u"_meta"_s, meta);
    }
    message.insert(u"id"_s, internal);
    message.insert(u"params"_s, params);
    // Calls and subscriptions answer on a stream: progress, log messages and list changes come
    // before their result.
    route.sse = method == u"tools/call" || method == u"subscriptions/listen";
    m_perRequestRoutes.insert(key, route);
    if (route.sse) {
        // Closing the stream is how a 2026-era client cancels (or stops listening). Connected
        // before the first write, which may find the peer gone already.
        connect(socket, &QTcpSocket::disconnected, this, [this, key] {
            if (m_perRequestRoutes.contains(key))
                cancelPerRequest(key);
        });
        startEventStream(this, socket, {});
        socket->flush();
        if (socket->state() != QAbstractSocket::ConnectedState) {
            m_perRequestRoutes.remove(key);
            return;
        }
    }
    m_perRequest->receive(QJsonDocument(message).toJson(QJsonDocument::Compact));
}

void HttpTransport::routePerRequest(const QByteArray &frame, const QByteArray &relatedCall)
{
    const bool response = !frame.contains("\"method\":") ||
                          frame.startsWith("{\"jsonrpc\":\"2.0\",\"id\":");
    QByteArray key = relatedCall;
    QByteArray out = frame;
    const QByteArray prefix = "{\"jsonrpc\":\"2.0\",\"id\":";
    if (response) {
        if (!frame.startsWith(prefix))
            return;
        const qsizetype end = frame.indexOf(',', prefix.size());
        key = frame.mid(prefix.size(), end - prefix.size());
    }
    const auto it = m_perRequestRoutes.find(key);
    if (it == m_perRequestRoutes.end())
        return; // no such request, or its client went away
    const PerRequestRoute route = *it;
    if (response) {
        m_perRequestRoutes.erase(it);
        if (frame.contains("\"io.modelcontextprotocol/subscriptionId\"")) {
            QJsonObject message = QJsonDocument::fromJson(frame).object();
            message.insert(u"id"_s, route.id);
            QJsonObject result = message.value(u"result"_s).toObject();
            QJsonObject meta = result.value(u"_meta"_s).toObject();
            restore(meta, QString::fromUtf16(MetaKey::SubscriptionId), route.id);
            result.insert(u"_meta"_s, meta);
            message.insert(u"result"_s, result);
            out = QJsonDocument(message).toJson(QJsonDocument::Compact);
        } else {
            // Documents reach hundreds of kilobytes: only the id is put back.
            out = prefix + jsonText(route.id) + frame.mid(prefix.size() + key.size());
        }
    } else {
        QJsonObject message = QJsonDocument::fromJson(frame).object();
        QJsonObject params = message.value(u"params"_s).toObject();
        restore(params, u"progressToken"_s, route.token);
        QJsonObject meta = params.value(u"_meta"_s).toObject();
        restore(meta, QString::fromUtf16(MetaKey::SubscriptionId), route.id);
        if (!meta.isEmpty())
            params.insert(u"_meta"_s, meta);
        message.insert(u"params"_s, params);
        out = QJsonDocument(message).toJson(QJsonDocument::Compact);
    }
    if (!route.socket || route.socket->state() != QAbstractSocket::ConnectedState)
        return;
    if (!response) {
        if (route.sse)
            writeEvent(route.socket, out);
        return;
    }
    if (route.sse) {
        writeEvent(route.socket, out);
        route.socket->flush();
        route.socket->disconnectFromHost();
        return;
    }
    // A capability the request lacked is refused with 400, as the header checks are.
    const bool missingCapability = out.contains(
        QByteArray("\"error\":{\"code\":" + QByteArray::number(JsonRpc::MissingClientCapability)));
    writeResponse(route.socket, missingCapability ? 400 : 200, out);
}

void HttpTransport::endPerRequestStream(const QByteArray &key)
{
    const PerRequestRoute route = m_perRequestRoutes.take(key);
    if (route.socket && route.sse)
        route.socket->disconnectFromHost();
}

void HttpTransport::cancelPerRequest(QByteArray key)
{
    m_perRequestRoutes.remove(key);
    if (!m_perRequest)
        return;
    m_perRequest->receive(
        QJsonDocument(
            QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                        {u"method"_s, u"notifications/cancelled"_s},
                        {u"params"_s,
                         QJsonObject{{u"requestId"_s,
                                      QJsonDocument::fromJson("[" + key + "]").array().at(0)}}}})
            .toJson(QJsonDocument::Compact));
}

} // namespace Grex::Mcp::Http
