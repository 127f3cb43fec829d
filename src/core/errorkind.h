#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace Grex {

// The stable classification of every failure grex reports. The kind, never the message text,
// decides the process exit code and the MCP reply; errorkind.cpp is the one place that maps them.
enum class ErrorKind {
    Internal,
    Usage,
    Manifest,
    PackOp,
    Lock,
    Protocol,
    Drift,
    PluginMissing,
    NotApproved,
    Cancelled,
};

// How an MCP server answers a failure of this kind.
enum class McpReply {
    ProtocolError, // a JSON-RPC `error` member
    ToolError,     // a tools/call result with isError: true
    NoReply,       // the client cancelled: leave the request unanswered
    NotApplicable, // transport failures never reach a reply
};

// Wire name used in JSON documents ("pack_op", "not_approved", ...).
QString wireName(ErrorKind kind);
std::optional<ErrorKind> errorKindFromWireName(const QString &name);
// Process exit code of the CLI (1-9, 130).
int exitCode(ErrorKind kind);
// JSON-RPC or tool-body code (-32603, -32002, ...); 0 when the kind has none.
int mcpCode(ErrorKind kind);
McpReply mcpReply(ErrorKind kind);
// Every kind, in exit-code order; and what its exit code tells a script, translated. The man
// pages and help list them from here.
QList<ErrorKind> allErrorKinds();
QString exitMeaning(ErrorKind kind);

inline constexpr int ExitSuccess = 0;

} // namespace Grex
