#pragma once

// The HTTP plumbing under grex serve --http: answers written straight to the socket, the guard
// that refuses oversized requests before Qt buffers them, and server-sent events. Not part of
// grex_mcp's API.

#include "mcp/httpserver.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QString>
#include <QTcpServer>

#include <utility>

class QAbstractHttpServer;
class QJsonValue;
class QHttpServerRequest;
class QTcpSocket;

namespace Grex::Mcp::Http {

using Headers = QList<std::pair<QByteArray, QByteArray>>;

inline constexpr char16_t kEndpoint[] = u"/mcp";
// How much of a refused body is read and dropped so that the client sees the 413.
inline constexpr qint64 kMaxDiscard = 256 * 1024 * 1024;
inline constexpr int kMaxPendingPerSession = 256;

// A JSON-RPC error object as a body, with the request's id when one is known (null otherwise).
QByteArray errorBody(int code, const QString &message, const QByteArray &idJson = "null",
                     const QByteArray &dataJson = {});
// A JSON value's compact text ("null" for undefined).
QByteArray jsonText(const QJsonValue &value);
// A header's value; names are case-insensitive.
QByteArray header(const QHttpServerRequest &request, QByteArrayView name);
bool accepts(const QByteArray &accept, QByteArrayView type);
// Writes one complete response; the connection stays open for the next request.
void writeResponse(QTcpSocket *socket, int status, const QByteArray &body,
                   const Headers &headers = {},
                   const QByteArray &contentType = "application/json");
void writeError(QTcpSocket *socket, int status, int code, const QString &message,
                const Headers &headers = {});
// One server-sent event carrying a frame; with an id from 2025-11-25 on.
void writeEvent(QTcpSocket *socket, const QByteArray &frame, const QByteArray &eventId = {});
// Answers the request with an event stream that owns the connection until it closes.
void startEventStream(QAbstractHttpServer *server, QTcpSocket *socket, const Headers &headers);

// Puts a ConnectionGuard on each connection, before the HTTP server's own reader, bounds the
// number of connections at once, and closes connections that send no whole request in time.
class GuardedTcpServer : public QTcpServer
{
public:
    GuardedTcpServer(qsizetype maxBody, ConnectionLimits limits, QObject *parent)
        : QTcpServer(parent), m_maxBody(maxBody), m_limits(limits)
    {
    }

    // A new request starts on this connection: the guard measures it afresh.
    static void resetGuard(QTcpSocket *socket);
    // The connection carries an event stream from now on: no deadline.
    static void markStreaming(QTcpSocket *socket);

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    qsizetype m_maxBody;
    ConnectionLimits m_limits;
};

} // namespace Grex::Mcp::Http
