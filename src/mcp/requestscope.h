#pragma once

// What a request's answers depend on, and the frames a session writes: the pieces every part of
// a session (session.h) shares.

#include "mcp/protocol.h"
#include "core/json.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace Grex::Mcp {

// Where a session's frames go: one complete JSON-RPC message per call, without the newline.
// Called from several threads; an implementation writes each frame whole and in one piece.
class FrameSink
{
public:
    virtual ~FrameSink();
    virtual void send(const QByteArray &frame) = 0;
    // A server request that belongs to the call with this id (JSON text), such as its
    // elicitation: a transport with a stream per call sends it there. Default: send(frame).
    virtual void sendRelated(const QByteArray &frame, const QByteArray &relatedCall);
    // The answer to a 2026-era subscriptions/listen closed its stream: over HTTP the stream
    // ends. Default: nothing.
    virtual void endStream(const QByteArray &requestKey);
};

// The id's JSON text keys a call: 7 and "7" are different requests.
inline QByteArray idKey(const JsonValue &id)
{
    return id.toJson();
}
// A JSON-RPC id as the session echoes it: a whole number stays one (7.0 is 7).
JsonValue idFrom(const QJsonValue &id);

// A request's revision and what its client declared: from the initialize (the handshake
// dialect, handshake.h) or from the request's own _meta (the per-request one, perrequest.h).
struct RequestScope
{
    Revision revision = Revision::V2025_06_18;
    QJsonObject capabilities;
    QString clientName;
    QString logLevel; // per-request: empty unless the request asked for log messages
    QString clientVersion;
    bool elicitsForm() const { return Mcp::elicitsForm(capabilities); }
    // Who a session grant is given to (ApprovalOrigin::grantee): the handshake session's
    // client, or a 2026-era client by the name and version it declares on each request; "" for
    // an unnamed 2026-era client, which cannot be told from another and gets no grant.
    QString grantee() const;
    bool wantsTasks() const { return Mcp::wantsTasks(capabilities); }
    bool perRequest() const { return isPerRequest(revision); }
};

// How long a result may be reused (2026-07-28 caching hints), and by whom.
struct Cacheable
{
    qint64 ttlMs = 0;
    QString scope; // "public" or "private"
};

// The frames a session writes, in the shape JSON-RPC and the request's revision want.
class Outbox
{
public:
    explicit Outbox(FrameSink &sink) : m_sink(sink) {}

    void result(const JsonValue &id, const JsonValue &result);
    // A result in the request's revision (PerRequest::complete for a 2026-era one).
    void reply(const RequestScope &scope, const JsonValue &id, JsonObject result,
               std::optional<Cacheable> cacheable = std::nullopt);
    void error(const JsonValue &id, int code, const QString &message,
               const JsonValue &data = JsonValue());
    void error(const JsonValue &id, const ProtocolFault &fault);
    void notify(const QString &method, const JsonObject &params);
    // A notification or server request that belongs to the request keyed `related`.
    void notifyAbout(const QByteArray &related, const QString &method, const JsonObject &params);
    void ask(const QByteArray &related, const JsonValue &id, const QString &method,
             const JsonObject &params);
    // A 2026-era listen's answer went out: its stream may end.
    void endStream(const QByteArray &key) { m_sink.endStream(key); }

private:
    FrameSink &m_sink;
};

} // namespace Grex::Mcp
