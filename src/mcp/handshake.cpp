#include "mcp/handshake.h"

#include "core/jsonrpccodes.h"

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

std::variant<RequestScope, ProtocolFault> Handshake::initialize(const QJsonObject &params)
{
    std::lock_guard lock(m_mutex);
    // A second initialize is refused as such, however it is written.
    if (m_state != State::Fresh) {
        return ProtocolFault{JsonRpc::InvalidRequest, u"server already initialized"_s,
                             JsonObject{{u"kind"_s, u"init_state"_s}}};
    }
    const QJsonValue version = params.value(u"protocolVersion"_s);
    if (!version.isString()) {
        return ProtocolFault{JsonRpc::InvalidParams,
                             u"initialize needs \"protocolVersion\" as a string"_s, JsonValue()};
    }
    const QJsonObject info = params.value(u"clientInfo"_s).toObject();
    // The client decides whether it can go on with the revision it gets (docs/design.md, "MCP
    // protocol revisions").
    m_state = State::Initialized;
    m_scope.revision = handshakeRevisionFor(version.toString());
    m_scope.capabilities = params.value(u"capabilities"_s).toObject();
    m_scope.clientName = info.value(u"name"_s).toString();
    m_scope.clientVersion = info.value(u"version"_s).toString();
    return m_scope;
}

JsonObject Handshake::initializeResult(const RequestScope &scope)
{
    return JsonObject{{u"protocolVersion"_s, revisionName(scope.revision)},
                      {u"capabilities"_s, serverCapabilities(scope.revision)},
                      {u"serverInfo"_s, serverImplementation(scope.revision)},
                      {u"instructions"_s, serverInstructions()}};
}

void Handshake::initialized()
{
    {
        std::lock_guard lock(m_mutex);
        if (m_state == State::Initialized)
            m_state = State::Ready;
    }
    m_changed.notify_all();
}

std::optional<ProtocolFault> Handshake::admit() const
{
    std::lock_guard lock(m_mutex);
    if (m_state != State::Fresh)
        return std::nullopt;
    return ProtocolFault{JsonRpc::InvalidRequest,
                         u"server not initialized: send initialize first, or name the revision "
                         "in _meta (2026-07-28)"_s,
                         JsonObject{{u"kind"_s, u"init_state"_s}}};
}

std::optional<ProtocolFault> Handshake::setLogLevel(const QJsonObject &params)
{
    const QString level = params.value(u"level"_s).toString();
    if (!logLevels().contains(level)) {
        return ProtocolFault{
            JsonRpc::InvalidParams,
            u"unknown log level '%1'; the levels are %2"_s.arg(level, logLevels().join(u", "_s)),
            JsonValue()};
    }
    std::lock_guard lock(m_mutex);
    m_scope.logLevel = level;
    return std::nullopt;
}

RequestScope Handshake::scope() const
{
    std::lock_guard lock(m_mutex);
    return m_scope;
}

bool Handshake::mayLog(const QString &level) const
{
    std::lock_guard lock(m_mutex);
    if (m_state != State::Ready && !m_closed)
        return false;
    return logLevels().indexOf(level) >= logLevels().indexOf(m_scope.logLevel);
}

bool Handshake::ready() const
{
    std::lock_guard lock(m_mutex);
    return m_state == State::Ready || m_closed;
}

bool Handshake::waitReady(std::stop_token stop)
{
    std::unique_lock lock(m_mutex);
    return m_changed.wait(lock, stop, [this] { return m_state == State::Ready || m_closed; });
}

void Handshake::close()
{
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
    }
    m_changed.notify_all();
}

} // namespace Grex::Mcp
