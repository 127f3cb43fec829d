#pragma once

#include "core/result.h"

#include <QJsonObject>
#include <QStringList>
#include <QUrl>

#include <memory>

namespace Grex::Mcp {

// Where an MCP client connects: a command it spawns and speaks stdio with, or a streamable
// HTTP endpoint (with an optional bearer token).
struct ClientTarget
{
    QStringList command; // program and arguments; empty when url is set
    QUrl url;
    QByteArray token;
    int timeoutMs = 60000; // for each request
    // The revision to speak: empty tries 2026-07-28 (server/discover) and falls back to
    // initialize; a handshake revision name asks initialize for that one; "2026-07-28" allows no
    // fallback.
    QString protocol;
};

// A small MCP client over stdio or streamable HTTP, of either era: server/discover and a _meta
// envelope on every request (2026-07-28), or the initialize handshake; then requests one at a
// time. Server requests are answered (ping; elicitation is declined, and so is an
// input_required question) and notifications are ignored. Every
// error is Protocol ("server_exited", "timeout", "http_status", "bad_message", "json_rpc_error"
// with details.code), so the CLI exits 6. Runs a local event loop while it waits: use it from a
// thread without another one running, like the CLI's.
class Client
{
public:
    explicit Client(ClientTarget target);
    ~Client(); // ends the session (DELETE over HTTP; closes stdin and reaps the child)
    Client(const Client &) = delete;
    Client &operator=(const Client &) = delete;

    // server/discover, or initialize + notifications/initialized. Returns what the server said
    // about itself in one shape for both eras: protocolVersion, serverInfo, capabilities and
    // instructions.
    Result<QJsonObject> connect(const QString &clientName, const QString &clientVersion);
    // One request; returns its result object.
    Result<QJsonObject> request(const QString &method, const QJsonObject &params = {});

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Grex::Mcp
