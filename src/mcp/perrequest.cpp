#include "mcp/perrequest.h"

#include "core/jsonrpccodes.h"

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

std::variant<RequestScope, ProtocolFault> PerRequest::scopeOf(const QString &method,
                                                              const QJsonObject &params)
{
    std::variant<Envelope, ProtocolFault> read = readEnvelope(params);
    if (const ProtocolFault *fault = std::get_if<ProtocolFault>(&read))
        return *fault;
    const Envelope &envelope = std::get<Envelope>(read);
    if (!isPerRequestMethod(method)) {
        return ProtocolFault{JsonRpc::MethodNotFound,
                             u"method not found: %1 is not a method of MCP %2"_s.arg(
                                 method, revisionName(envelope.revision)),
                             JsonValue()};
    }
    return RequestScope{envelope.revision, envelope.capabilities, envelope.clientName,
                        envelope.logLevel, envelope.clientVersion};
}

void PerRequest::complete(const RequestScope &scope, JsonObject &result,
                          std::optional<Cacheable> cacheable)
{
    if (!result.contains(u"resultType"_s))
        result.insert(u"resultType"_s, u"complete"_s);
    if (cacheable && result.value(u"resultType"_s).toString() == u"complete") {
        result.insert(u"ttlMs"_s, cacheable->ttlMs);
        result.insert(u"cacheScope"_s, cacheable->scope);
    }
    // Every result names the server; only discovery carries its icon, which would otherwise add
    // a kilobyte to each answer.
    JsonObject meta = result.value(u"_meta"_s).toObject();
    meta.insert(QString::fromUtf16(MetaKey::ServerInfo),
                serverImplementation(scope.revision, result.contains(u"supportedVersions"_s)));
    result.insert(u"_meta"_s, meta);
}

JsonObject PerRequest::discovery(const RequestScope &scope)
{
    return JsonObject{{u"supportedVersions"_s, JsonValue(perRequestRevisionNames())},
                      {u"capabilities"_s, serverCapabilities(scope.revision)},
                      {u"instructions"_s, serverInstructions()}};
}

bool PerRequest::isNewClient(const RequestScope &scope)
{
    std::lock_guard lock(m_mutex);
    if (scope.clientName.isEmpty() || scope.clientName == m_lastClient)
        return false;
    m_lastClient = scope.clientName;
    return true;
}

} // namespace Grex::Mcp
