#pragma once

#include "mcp/session.h"

#include <QByteArray>
#include <QHostAddress>
#include <QStringList>

namespace Grex::Mcp {

// How many connections the server keeps, and how long one may take to send a request.
struct ConnectionLimits
{
    int connections = 256;        // open at once
    int unfinishedPerPeer = 32;   // of one address, without a whole request yet
    int requestTimeoutMs = 10000; // for a whole request, from the connection or the last request
};

// What `grex serve --http` is started with besides the session configuration.
struct HttpConfig
{
    QHostAddress address = QHostAddress(QHostAddress::LocalHost);
    quint16 port = 0;                        // 0: any free port (it is logged)
    QByteArray token;                        // bearer token; empty: none (loopback only)
    QStringList allowedOrigins;              // besides http(s)://localhost|127.0.0.1|[::1]
    qsizetype maxBody = kMaxLineLength;      // larger POST bodies get 413
    int idleTimeoutMs = 30 * 60 * 1000;      // a session without requests for this long ends
    int maxSessions = 64;                    // more at once get 503
    ConnectionLimits limits;
};

// Whether `origin` (an Origin header) may talk to the server: absent, a loopback origin, or
// one of `allowed`.
bool originAllowed(const QByteArray &origin, const QStringList &allowed);
// Whether a Host header names this server: on loopback, localhost, 127.0.0.1, ::1, the listening
// address or the host of an allowed Origin, any port; beyond loopback, any.
bool hostAllowed(const QByteArray &host, const HttpConfig &http);
// Constant-time comparison of a presented bearer token with the configured one.
bool tokenMatches(const QByteArray &presented, const QByteArray &expected);

// `grex serve --http`: the session logic of the stdio server at one endpoint, /mcp, over streamable
// HTTP (docs/design.md, "Streamable HTTP"). Runs the event loop until stop fires; returns the
// exit code. Listening problems are reported through `error` and exit 1… before it runs.
int runHttpServer(ServerConfig config, const HttpConfig &http, std::stop_token stop);

} // namespace Grex::Mcp
