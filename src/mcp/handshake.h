#pragma once

// The handshake dialect (2025-06-18 and 2025-11-25): the client opens with initialize, the
// session remembers what it said and serves every later request in that scope, until the
// connection ends (docs/design.md, "MCP session lifecycle").

#include "mcp/requestscope.h"

#include <condition_variable>
#include <mutex>
#include <optional>
#include <stop_token>
#include <variant>

namespace Grex::Mcp {

class Handshake
{
public:
    // What an initialize agreed: the revision asked for when grex speaks it, else the newest
    // handshake one; or why it was refused (a second initialize, a malformed one).
    std::variant<RequestScope, ProtocolFault> initialize(const QJsonObject &params);
    // initialize's answer for the scope it agreed.
    static JsonObject initializeResult(const RequestScope &scope);
    // notifications/initialized: from now on the server may send requests and log messages.
    void initialized();
    // Why a request other than initialize and ping cannot be served yet; nullopt: it can.
    std::optional<ProtocolFault> admit() const;
    // logging/setLevel; the fault names the levels when the asked one is not among them.
    std::optional<ProtocolFault> setLogLevel(const QJsonObject &params);

    // The scope of the session's requests, as initialize left it and setLevel changed it.
    RequestScope scope() const;
    // Whether a log message of this level goes to the client now.
    bool mayLog(const QString &level) const;
    // Whether notifications/initialized arrived (or the session closes).
    bool ready() const;
    // Blocks until ready(); false when stopped first.
    bool waitReady(std::stop_token stop);
    // The session ends: wakes everyone in waitReady.
    void close();

private:
    enum class State { Fresh, Initialized, Ready };

    mutable std::mutex m_mutex;
    std::condition_variable_any m_changed;
    State m_state = State::Fresh;
    bool m_closed = false;
    RequestScope m_scope{Revision::V2025_06_18, {}, {}, QStringLiteral("info"), {}};
};

} // namespace Grex::Mcp
