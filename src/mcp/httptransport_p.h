#pragma once

// The streamable HTTP transport of grex serve --http (docs/design.md, "Streamable HTTP"): handshake
// sessions (httpserver.cpp) and 2026-era stateless requests (httpperrequest.cpp) at one endpoint.
// Not part of grex_mcp's API.

#include "mcp/httpserver.h"
#include "mcp/httpwire_p.h"

#include <QAbstractHttpServer>
#include <QHash>
#include <QJsonValue>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

#include <list>
#include <map>
#include <thread>

namespace Grex::Mcp::Http {

class HttpTransport;

// One handshake MCP session over HTTP: the session, where its answers go, and when it expires.
struct HttpSession
{
    QString id;
    std::unique_ptr<FrameSink> sink;
    std::unique_ptr<Session> session;
    struct Stream
    {
        QPointer<QTcpSocket> socket;
        bool sse = false;
        // 2025-11-25: the stream's events carry ids, and a client that lost the connection
        // picks the stream up again with GET and Last-Event-ID.
        QByteArray streamId;
        int nextEvent = 1;
        QList<std::pair<int, QByteArray>> events; // sent so far, for a resumption
    };
    QHash<QByteArray, Stream> pending;          // request id (JSON text) → where it is answered
    QHash<QByteArray, QByteArray> progressCall; // progress token (JSON text) → request id
    QList<QByteArray> sseOrder;                 // open SSE request streams, oldest first
    QHash<QByteArray, Stream> finished; // answered while the client was away, by stream id
    QPointer<QTcpSocket> getStream;
    // The HTTP+SSE transport of 2024-11-05, which clients fall back to when streamable HTTP
    // fails them (httplegacy.cpp): every frame goes on the GET stream, POSTs get 202.
    bool legacy = false;
    QTimer idle;
    bool initialized = false;
    Revision revision = Revision::V2025_06_18; // what initialize agreed
    int nextStream = 1;
};

// A 2026-era request on its way: it was given an id of the transport's own in the shared
// session, since clients that know nothing of each other may all send id 1.
struct PerRequestRoute
{
    QPointer<QTcpSocket> socket;
    QJsonValue id;    // as the client sent it
    QJsonValue token; // its progress token, if any
    bool sse = false;
};

// Hands every frame of one session to the transport's thread. An empty session id is the
// shared session of the 2026-era requests.
class SessionSink : public FrameSink
{
public:
    SessionSink(HttpTransport *transport, QString sessionId)
        : m_transport(transport), m_sessionId(std::move(sessionId))
    {
    }
    void send(const QByteArray &frame) override { sendRelated(frame, {}); }
    void sendRelated(const QByteArray &frame, const QByteArray &relatedCall) override;
    void endStream(const QByteArray &requestKey) override;

private:
    QPointer<HttpTransport> m_transport;
    QString m_sessionId;
};

class HttpTransport : public QAbstractHttpServer
{
public:
    HttpTransport(ServerConfig config, const HttpConfig &http);
    ~HttpTransport() override;

    void route(const QString &sessionId, const QByteArray &frame, const QByteArray &relatedCall);
    void endPerRequestStream(const QByteArray &key);

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &, QTcpSocket *socket) override;

private:
    void post(const QHttpServerRequest &request, QTcpSocket *socket);
    // The one JSON-RPC message a streamable POST carries; nullopt once the error is written.
    std::optional<QJsonObject> readPost(const QHttpServerRequest &request, QTcpSocket *socket);
    void openGetStream(const QHttpServerRequest &request, QTcpSocket *socket);
    bool resumeStream(HttpSession &s, const QByteArray &lastEventId, QTcpSocket *socket);
    HttpSession *sessionFor(const QHttpServerRequest &request, QTcpSocket *socket);
    HttpSession *createSession();
    void endSession(const QString &id);
    Headers sessionHeader(const HttpSession &s) const
    {
        return {{"Mcp-Session-Id", s.id.toLatin1()}};
    }
    void writeStreamEvent(HttpSession::Stream &stream, const QByteArray &frame);

    // 2024-11-05 HTTP+SSE (httplegacy.cpp).
    void openLegacyStream(QTcpSocket *socket);
    void postLegacy(const QHttpServerRequest &request, QTcpSocket *socket, const QString &id);
    void routeLegacy(HttpSession &s, const QByteArray &frame);

    // 2026-07-28 (httpperrequest.cpp).
    void postPerRequest(const QHttpServerRequest &request, QTcpSocket *socket, QJsonObject message);
    void routePerRequest(const QByteArray &frame, const QByteArray &relatedCall);
    void cancelPerRequest(QByteArray key); // a copy: the route that held it goes first

    ServerConfig m_config;
    HttpConfig m_http;
    std::map<QString, std::unique_ptr<HttpSession>> m_sessionStore;
    QHash<QString, HttpSession *> m_sessions;
    std::list<std::jthread> m_reapers; // ending sessions; joined when the transport goes

    std::unique_ptr<SessionSink> m_perRequestSink;
    std::unique_ptr<Session> m_perRequest; // every 2026-era request, created on the first
    QHash<QByteArray, PerRequestRoute>
        m_perRequestRoutes; // by the id the transport gave the request
    qint64 m_nextPerRequest = 1;
};

} // namespace Grex::Mcp::Http
