#pragma once

// The MCP revisions grex serves and what tells them apart (docs/design.md, "MCP protocol
// revisions"). Handshake revisions open a session with `initialize`; from 2026-07-28 on, every
// request carries its revision, the client's capabilities and who the client is in `_meta`.
// Both transports and the session core use these checks, so an era is decided in one place.

#include "core/json.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>

namespace Grex::Mcp {

enum class Revision { V2025_06_18, V2025_11_25, V2026_07_28 };

QString revisionName(Revision revision);
std::optional<Revision> revisionNamed(QStringView name);
// Every revision served, newest first.
QStringList supportedRevisionNames();
// The ones a 2026-era request may name (server/discover's supportedVersions).
QStringList perRequestRevisionNames();
// The revision an `initialize` asking for `requested` gets: itself when it is a handshake one grex
// speaks, else the newest handshake revision (an `initialize` opens a handshake by definition).
Revision handshakeRevisionFor(const QString &requested);
inline bool isPerRequest(Revision revision)
{
    return revision >= Revision::V2026_07_28;
}

namespace MetaKey {
inline constexpr char16_t ProtocolVersion[] = u"io.modelcontextprotocol/protocolVersion";
inline constexpr char16_t ClientCapabilities[] = u"io.modelcontextprotocol/clientCapabilities";
inline constexpr char16_t ClientInfo[] = u"io.modelcontextprotocol/clientInfo";
inline constexpr char16_t LogLevel[] = u"io.modelcontextprotocol/logLevel";
inline constexpr char16_t ServerInfo[] = u"io.modelcontextprotocol/serverInfo";
inline constexpr char16_t SubscriptionId[] = u"io.modelcontextprotocol/subscriptionId";
} // namespace MetaKey

inline constexpr char16_t kTasksExtension[] = u"io.modelcontextprotocol/tasks";

// A JSON-RPC error decided before dispatch, with the HTTP status it travels with.
struct ProtocolFault
{
    int code = 0;
    QString message;
    JsonValue data;
    int httpStatus = 400;
};

// Whether a request's params carry the 2026-era envelope: any protocolVersion member in _meta
// makes it a 2026-era request, to be checked by readEnvelope.
bool hasEnvelope(const QJsonObject &params);

// What a 2026-era request says about its client, valid for that request only.
struct Envelope
{
    Revision revision = Revision::V2026_07_28;
    QJsonObject capabilities;
    QString clientName;
    QString clientVersion;
    QString logLevel; // empty: the request asked for no log messages
};

// What a client's capabilities (from initialize or a request's _meta) allow: a form to fill in
// (an empty elicitation capability means the form mode), and the tasks extension.
bool elicitsForm(const QJsonObject &capabilities);
bool wantsTasks(const QJsonObject &capabilities);
// The data of the -32021 a tasks request gets from a client that did not declare the extension.
JsonObject tasksCapabilityRequired();

// Checks a 2026-era request's envelope: a missing or malformed member is -32602, a revision
// grex does not serve -32022 with the supported list.
std::variant<Envelope, ProtocolFault> readEnvelope(const QJsonObject &params);

// The methods a 2026-era client may call; the rest are unknown (-32601, HTTP 404). `tasks`:
// the request declared the tasks extension.
bool isPerRequestMethod(const QString &method);
// The params member the Mcp-Name header mirrors for this method; empty when it has none.
QString nameParamOf(const QString &method);
// A header value as the 2026 revision encodes it: `=?base64?…?=` when it could not travel
// as plain text. nullopt when the encoding is broken.
std::optional<QString> decodeHeaderValue(const QByteArray &value);

const QStringList &logLevels();

// What initialize and server/discover tell an agent about grex.
QString serverInstructions();

// 128 random bits as 32 hex digits: a handle nobody can guess (sessions, tasks, approvals).
QString randomHandle();
// grex's own entry in initialize's serverInfo and results' _meta: name, title, version, and
// from 2025-11-25 a description and, with `icons`, the grex icon.
JsonObject serverImplementation(Revision revision, bool icons = true);
// The capabilities grex declares in initialize and server/discover.
JsonObject serverCapabilities(Revision revision);
// The icon list of a tool, which shows the icon the window gives the same action (VerbSpec::icon),
// or with no icon, of the grex server (2025-11-25 on); empty before.
JsonArray iconsFor(const QString &icon, Revision revision);

} // namespace Grex::Mcp
