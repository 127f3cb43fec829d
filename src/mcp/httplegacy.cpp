// The HTTP+SSE transport of 2024-11-05 beside streamable HTTP at /mcp, for clients that fall
// back to it when a streamable POST fails them (VS Code does): a GET without a session opens
// an event stream whose first event names where to POST, every POST is answered 202, and
// every answer, request and notification of the server goes on that stream.

#include "mcp/httptransport_p.h"

#include "core/jsonrpccodes.h"
#include "core/logging.h"

#include <QHttpServerRequest>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Grex::Mcp::Http {

void HttpTransport::openLegacyStream(QTcpSocket *socket)
{
    if (m_sessions.size() >= m_http.maxSessions) {
        writeError(socket, 503, JsonRpc::TransportRefused,
                   u"too many sessions at once (%1)"_s.arg(m_http.maxSessions));
        return;
    }
    HttpSession *s = createSession();
    s->legacy = true;
    s->getStream = socket;
    // The session lives as long as its stream: the client has no other way to end it.
    QObject::connect(socket, &QTcpSocket::disconnected, this,
                     [this, id = s->id] { endSession(id); });
    startEventStream(this, socket, {});
    socket->write("event: endpoint\ndata: /mcp?sessionId=" + s->id.toLatin1() + "\n\n");
    socket->flush();
    qCInfo(lcCore, "MCP session %s uses the HTTP+SSE transport of 2024-11-05",
           qUtf8Printable(s->id));
}

void HttpTransport::postLegacy(const QHttpServerRequest &request, QTcpSocket *socket,
                               const QString &id)
{
    HttpSession *s = m_sessions.value(id);
    if (!s || !s->legacy) {
        writeError(socket, 404, JsonRpc::TransportRefused, u"session not found"_s);
        return;
    }
    if (!header(request, "content-type").toLower().startsWith("application/json")) {
        writeError(socket, 415, JsonRpc::TransportRefused,
                   u"unsupported media type: POST a JSON-RPC message as application/json"_s);
        return;
    }
    const QByteArray body = request.body();
    if (body.size() > m_http.maxBody) {
        writeError(socket, 413, JsonRpc::TransportRefused,
                   u"request body of %1 bytes is over the limit of %2"_s.arg(body.size())
                       .arg(m_http.maxBody));
        return;
    }
    if (s->session->callsInFlight() >= kMaxPendingPerSession) {
        writeError(
            socket, 503, JsonRpc::TransportRefused,
            u"too many requests in flight in this session (%1)"_s.arg(kMaxPendingPerSession));
        return;
    }
    // What is wrong with the message itself the session answers on the stream, as it would
    // on stdio.
    s->idle.start();
    s->session->receive(body);
    writeResponse(socket, 202, {}, {}, "text/plain");
}

void HttpTransport::routeLegacy(HttpSession &s, const QByteArray &frame)
{
    if (!s.getStream || s.getStream->state() != QAbstractSocket::ConnectedState)
        return; // the session ends with its stream
    if (!s.initialized) {
        const QJsonObject message = QJsonDocument::fromJson(frame).object();
        const QJsonObject result = message.value(u"result"_s).toObject();
        if (result.contains(u"protocolVersion"_s)) {
            s.revision = handshakeRevisionFor(result.value(u"protocolVersion"_s).toString());
            s.initialized = true;
        }
    }
    writeEvent(s.getStream, frame);
    s.getStream->flush();
}

} // namespace Grex::Mcp::Http
