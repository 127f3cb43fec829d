#include "mcp/requestscope.h"

#include "mcp/perrequest.h"

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

FrameSink::~FrameSink() = default;

void FrameSink::sendRelated(const QByteArray &frame, const QByteArray &)
{
    send(frame);
}

void FrameSink::endStream(const QByteArray &)
{
}

JsonValue idFrom(const QJsonValue &id)
{
    if (id.isDouble()) {
        if (const std::optional<qint64> integer = exactInteger(id.toDouble()))
            return JsonValue(*integer);
    }
    return JsonValue::fromQJsonValue(id);
}

QString RequestScope::grantee() const
{
    if (!perRequest())
        return u"session: %1 %2"_s.arg(clientName, clientVersion).trimmed();
    if (clientName.isEmpty())
        return {};
    return u"%1: %2 %3"_s.arg(revisionName(revision), clientName, clientVersion).trimmed();
}

void Outbox::result(const JsonValue &id, const JsonValue &result)
{
    m_sink.send(
        JsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"result"_s, result}}.toJson());
}

void Outbox::reply(const RequestScope &scope, const JsonValue &id, JsonObject result,
                   std::optional<Cacheable> cacheable)
{
    if (scope.perRequest())
        PerRequest::complete(scope, result, std::move(cacheable));
    this->result(id, result);
}

void Outbox::error(const JsonValue &id, int code, const QString &message, const JsonValue &data)
{
    JsonObject error{{u"code"_s, code}, {u"message"_s, message}};
    if (!data.isNull())
        error.insert(u"data"_s, data);
    m_sink.send(JsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"error"_s, error}}.toJson());
}

void Outbox::error(const JsonValue &id, const ProtocolFault &fault)
{
    error(id, fault.code, fault.message, fault.data);
}

void Outbox::notify(const QString &method, const JsonObject &params)
{
    m_sink.send(JsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, method}, {u"params"_s, params}}
                    .toJson());
}

void Outbox::notifyAbout(const QByteArray &related, const QString &method, const JsonObject &params)
{
    m_sink.sendRelated(
        JsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, method}, {u"params"_s, params}}.toJson(),
        related);
}

void Outbox::ask(const QByteArray &related, const JsonValue &id, const QString &method,
                 const JsonObject &params)
{
    m_sink.sendRelated(
        JsonObject{
            {u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"method"_s, method}, {u"params"_s, params}}
            .toJson(),
        related);
}

} // namespace Grex::Mcp
