#pragma once

// Every JSON-RPC error code grex sends or answers with, named once. errorkind.cpp maps the
// error kinds to tool-body codes with these names; the MCP session and HTTP transport use them
// for protocol errors.
namespace Grex::JsonRpc {

// JSON-RPC 2.0's own codes.
inline constexpr int ParseError = -32700;
inline constexpr int InvalidRequest = -32600;
inline constexpr int MethodNotFound = -32601;
inline constexpr int InvalidParams = -32602;
inline constexpr int InternalError = -32603;

// The HTTP transport refused the request; the HTTP status says why (400, 404, 405, 406, 409,
// 413, 415, 503). The range -32000 to -32099 is left to servers by JSON-RPC 2.0.
inline constexpr int TransportRefused = -32000;
// The HTTP transport wants a (valid) bearer token: HTTP 401.
inline constexpr int Unauthorized = -32001;
// resources/read of a URI the server does not have, the code MCP's own examples use.
inline constexpr int ResourceNotFound = -32002;
// A call stopped by notifications/cancelled or by the window, when answered at all.
inline constexpr int RequestCancelled = -32800;

// Codes the 2026-07-28 revision adds: an HTTP header that disagrees with the body, a request
// that needs a client capability it did not declare, a revision grex does not serve.
inline constexpr int HeaderMismatch = -32020;
inline constexpr int MissingClientCapability = -32021;
inline constexpr int UnsupportedProtocolVersion = -32022;

// Tool-body codes of the error kinds (errorkind.cpp); they travel inside a tool result or a
// protocol error's data, never as the code of a transport refusal.
inline constexpr int ManifestError = -32001;
inline constexpr int PackOpError = -32002;
inline constexpr int LockError = -32003;
inline constexpr int DriftError = -32004;
inline constexpr int PluginMissingError = -32005;
inline constexpr int NotApprovedError = -32006;

} // namespace Grex::JsonRpc
