#pragma once

// The per-request dialect (2026-07-28 on): every request names its revision, its client and
// what the client can do in its own _meta, and is served without any state from earlier
// requests (docs/design.md, "MCP protocol revisions").

#include "mcp/requestscope.h"

#include <mutex>
#include <variant>

namespace Grex::Mcp {

class PerRequest
{
public:
    // The scope a request's envelope gives, or why it cannot be served: a malformed envelope,
    // a revision grex does not speak, a method that revision does not have.
    static std::variant<RequestScope, ProtocolFault> scopeOf(const QString &method,
                                                             const QJsonObject &params);
    // What a 2026-era result carries beside its content: its resultType, the caching hints when
    // `cacheable`, and the server's name in _meta.
    static void complete(const RequestScope &scope, JsonObject &result,
                         std::optional<Cacheable> cacheable);
    // server/discover's answer.
    static JsonObject discovery(const RequestScope &scope);

    // True when this request's client is not the one the last request named: the window lists
    // who is calling, and a 2026-era client only says so on each request.
    bool isNewClient(const RequestScope &scope);

private:
    std::mutex m_mutex;
    QString m_lastClient;
};

} // namespace Grex::Mcp
