#include "mcp/client.h"

#include "core/jsonrpccodes.h"
#include "mcp/protocol.h"
#include "mcp/session.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

namespace {

Error protocolError(const QString &reason, const QString &text)
{
    return Error(ErrorKind::Protocol, reason, Message("%1", {text}));
}

// A JSON-RPC error the server answered, as the Protocol error the CLI reports (exit 6).
Error rpcError(const QString &method, const QJsonObject &error)
{
    return Error(ErrorKind::Protocol, u"json_rpc_error"_s,
                 Message("%1", {u"%1 failed: %2 (%3)"_s.arg(method,
                                                           error.value(u"message"_s).toString())
                                    .arg(error.value(u"code"_s).toInt())}))
        .withDetail(u"code"_s, qint64(error.value(u"code"_s).toInt()))
        .withDetail(u"error"_s, JsonValue::fromQJsonValue(error));
}

QString lastLines(const QByteArray &text, int count)
{
    QStringList lines = QString::fromUtf8(text).trimmed().split(u'\n');
    if (lines.size() > count)
        lines = lines.mid(lines.size() - count);
    return lines.join(u'\n');
}

} // namespace

class Client::Private
{
public:
    ClientTarget target;
    qint64 nextId = 1;

    // stdio
    QProcess process;
    QByteArray stdoutBuffer;
    QByteArray stderrText;
    QHash<qint64, QJsonObject> responses;
    bool exited = false;

    // HTTP
    QNetworkAccessManager network;
    QByteArray sessionId;
    bool initialized = false;

    // What was agreed: a 2026-era client sends its envelope with every request.
    QString version;
    bool perRequest = false;
    QJsonObject clientInfo;

    Result<QJsonObject> exchange(const QJsonObject &message, qint64 id, int timeoutMs = 0);
    Result<QJsonObject> exchangeStdio(const QJsonObject &message, qint64 id, int timeoutMs);
    Result<QJsonObject> exchangeHttp(const QJsonObject &message, qint64 id, int timeoutMs);
    QJsonObject withEnvelope(QJsonObject params) const;
    Result<QJsonObject> discover(int timeoutMs);
    Result<QJsonObject> initialize(const QString &requested);
    void send(const QJsonObject &message) // stdio only
    {
        process.write(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
    }
    void readStdout();
    // A server request or notification that arrived while waiting; answers requests.
    void handleServerMessage(const QJsonObject &message);
    QNetworkRequest httpRequest(const QJsonObject &message = {}) const;
    Result<void> startProcess();
    void cancelRequest(qint64 id, const QString &why);
};

Result<void> Client::Private::startProcess()
{
    if (process.state() != QProcess::NotRunning)
        return {};
    QObject::connect(&process, &QProcess::readyReadStandardOutput, &process,
                     [this] { readStdout(); });
    QObject::connect(&process, &QProcess::readyReadStandardError, &process,
                     [this] {
                         stderrText += process.readAllStandardError();
                         if (stderrText.size() > 64 * 1024) // the end is what explains
                             stderrText = stderrText.right(32 * 1024);
                     });
    QObject::connect(&process, &QProcess::finished, &process, [this] { exited = true; });
    process.start(target.command.constFirst(), target.command.mid(1));
    if (!process.waitForStarted(10000)) {
        return protocolError(u"server_not_started"_s,
                             u"cannot start the server '%1': %2"_s.arg(
                                 target.command.join(u' '), process.errorString()));
    }
    return {};
}

void Client::Private::readStdout()
{
    stdoutBuffer += process.readAllStandardOutput();
    for (;;) {
        const qsizetype newline = stdoutBuffer.indexOf('\n');
        if (newline < 0)
            break;
        const QByteArray line = stdoutBuffer.left(newline).trimmed();
        stdoutBuffer.remove(0, newline + 1);
        if (line.isEmpty())
            continue;
        const QJsonObject message = QJsonDocument::fromJson(line).object();
        if (message.contains(u"method"_s))
            handleServerMessage(message);
        else if (message.value(u"id"_s).isDouble())
            responses.insert(qint64(message.value(u"id"_s).toDouble()), message);
    }
}

void Client::Private::handleServerMessage(const QJsonObject &message)
{
    if (!message.contains(u"id"_s))
        return; // notifications: progress, logs, list_changed
    const QString method = message.value(u"method"_s).toString();
    QJsonObject answer{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, message.value(u"id"_s)}};
    if (method == u"ping")
        answer.insert(u"result"_s, QJsonObject());
    else if (method == u"elicitation/create") // this client approves nothing
        answer.insert(u"result"_s, QJsonObject{{u"action"_s, u"decline"_s}});
    else
        answer.insert(u"error"_s,
                      QJsonObject{{u"code"_s, JsonRpc::MethodNotFound},
                                  {u"message"_s, QString(u"method not found: "_s + method)}});
    if (target.url.isEmpty()) {
        send(answer);
        return;
    }
    QNetworkReply *reply =
        network.post(httpRequest(), QJsonDocument(answer).toJson(QJsonDocument::Compact));
    QObject::connect(reply, &QNetworkReply::finished, reply, &QObject::deleteLater);
}

QNetworkRequest Client::Private::httpRequest(const QJsonObject &message) const
{
    QNetworkRequest request(target.url);
    // A redirect could carry the token to another host.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
    request.setRawHeader("Content-Type", "application/json");
    request.setRawHeader("Accept", "application/json, text/event-stream");
    if (!target.token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + target.token);
    if (!sessionId.isEmpty())
        request.setRawHeader("Mcp-Session-Id", sessionId);
    if (!version.isEmpty())
        request.setRawHeader("MCP-Protocol-Version", version.toLatin1());
    if (perRequest && message.contains(u"id"_s)) {
        // The headers a proxy routes by, as the 2026-07-28 transport wants them.
        const QString method = message.value(u"method"_s).toString();
        request.setRawHeader("Mcp-Method", method.toUtf8());
        if (const QString member = nameParamOf(method); !member.isEmpty()) {
            const QByteArray name =
                message.value(u"params"_s).toObject().value(member).toString().toUtf8();
            bool plain = !name.isEmpty() && !name.startsWith(' ') && !name.endsWith(' ');
            for (const char c : name)
                plain = plain && c >= 0x20 && c < 0x7f;
            request.setRawHeader("Mcp-Name",
                                 plain ? name : "=?base64?" + name.toBase64() + "?=");
        }
    }
    return request;
}

Result<QJsonObject> Client::Private::exchange(const QJsonObject &message, qint64 id,
                                              int timeoutMs)
{
    if (timeoutMs <= 0)
        timeoutMs = target.timeoutMs;
    return target.url.isEmpty() ? exchangeStdio(message, id, timeoutMs)
                                : exchangeHttp(message, id, timeoutMs);
}

Result<QJsonObject> Client::Private::exchangeStdio(const QJsonObject &message, qint64 id,
                                                   int timeoutMs)
{
    if (exited) {
        return protocolError(u"server_exited"_s,
                             u"the server has exited; its stderr ends with:\n%1"_s.arg(
                                 lastLines(stderrText, 5)));
    }
    send(message);
    if (id == 0)
        return QJsonObject();
    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    QObject::connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(&process, &QProcess::readyReadStandardOutput, &loop, &QEventLoop::quit);
    QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
    timer.start(timeoutMs);
    while (!responses.contains(id) && !exited && timer.isActive())
        loop.exec();
    readStdout();
    if (responses.contains(id))
        return responses.take(id);
    if (exited) {
        return protocolError(
            u"server_exited"_s,
            u"the server exited (%1) before it answered %2; its stderr ends with:\n%3"_s
                .arg(process.exitStatus() == QProcess::CrashExit
                         ? u"crashed"_s
                         : u"exit code %1"_s.arg(process.exitCode()),
                     message.value(u"method"_s).toString(), lastLines(stderrText, 5)));
    }
    cancelRequest(id, u"no answer in time"_s);
    return protocolError(u"timeout"_s, u"no answer to %1 within %2 s"_s.arg(
                                           message.value(u"method"_s).toString())
                                           .arg(timeoutMs / 1000));
}

void Client::Private::cancelRequest(qint64 id, const QString &why)
{
    // The server stops the work instead of finishing it for nobody.
    const QJsonObject cancel{{u"jsonrpc"_s, u"2.0"_s},
                             {u"method"_s, u"notifications/cancelled"_s},
                             {u"params"_s, withEnvelope(QJsonObject{{u"requestId"_s, id},
                                                                    {u"reason"_s, why}})}};
    if (target.url.isEmpty()) {
        if (!exited)
            send(cancel);
        return;
    }
    QNetworkReply *reply =
        network.post(httpRequest(), QJsonDocument(cancel).toJson(QJsonDocument::Compact));
    QEventLoop loop;
    QTimer::singleShot(3000, &loop, &QEventLoop::quit);
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    reply->deleteLater();
}

Result<QJsonObject> Client::Private::exchangeHttp(const QJsonObject &message, qint64 id,
                                                  int timeoutMs)
{
    QNetworkReply *reply =
        network.post(httpRequest(message), QJsonDocument(message).toJson(QJsonDocument::Compact));
    QJsonObject response;
    QByteArray sse;
    // Server requests on a call's stream are answered as they come.
    QObject::connect(reply, &QNetworkReply::readyRead, reply, [&] {
        if (!reply->header(QNetworkRequest::ContentTypeHeader).toString().startsWith(
                u"text/event-stream"_s))
            return;
        // SSE lines end with \n, \r\n or \r; an empty line ends an event.
        sse += reply->readAll();
        sse.replace("\r\n", "\n");
        sse.replace('\r', '\n');
        for (;;) {
            const qsizetype end = sse.indexOf("\n\n");
            if (end < 0)
                break;
            const QByteArray event = sse.left(end);
            sse.remove(0, end + 2);
            QByteArrayList data;
            for (const QByteArray &line : event.split('\n')) {
                if (line.startsWith("data:"))
                    data.append(line.mid(line.startsWith("data: ") ? 6 : 5));
            }
            if (data.isEmpty())
                continue;
            const QJsonObject m = QJsonDocument::fromJson(data.join('\n')).object();
            if (m.contains(u"method"_s))
                handleServerMessage(m);
            else if (m.value(u"id"_s).toInteger() == id)
                response = m;
        }
    });
    QEventLoop loop;
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    // The answer is what counts, not the end of the stream that brought it.
    QObject::connect(reply, &QNetworkReply::readyRead, &loop, [&] {
        if (!response.isEmpty())
            loop.quit();
    });
    if (!reply->isFinished())
        loop.exec();
    reply->deleteLater();
    if (!response.isEmpty() && !reply->isFinished()) {
        reply->abort();
        return response;
    }
    if (!reply->isFinished()) {
        reply->abort();
        cancelRequest(id, u"no answer in time"_s);
        return protocolError(u"timeout"_s, u"no answer to %1 within %2 s"_s.arg(
                                               message.value(u"method"_s).toString())
                                               .arg(timeoutMs / 1000));
    }
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray session = reply->rawHeader("Mcp-Session-Id");
    if (!session.isEmpty())
        sessionId = session;
    if (status == 0) {
        return protocolError(u"http_unreachable"_s, u"cannot reach %1: %2"_s.arg(
                                                        target.url.toString(), reply->errorString()));
    }
    const QByteArray rest = reply->readAll();
    if (status == 202)
        return QJsonObject();
    // A 2026-07-28 server refuses a request with a 4xx that carries its JSON-RPC error.
    if (const QJsonObject refusal = QJsonDocument::fromJson(rest).object();
        (status == 400 || status == 404) && refusal.value(u"error"_s).isObject() &&
        refusal.value(u"id"_s).toInteger(-1) == id)
        return refusal;
    if (status != 200) {
        const QString detail =
            QJsonDocument::fromJson(rest).object().value(u"error"_s).toObject().value(
                u"message"_s).toString();
        QString text = u"HTTP %1 from %2"_s.arg(status).arg(target.url.toString());
        if (status == 401)
            text += target.token.isEmpty() ? u": the server wants a bearer token (--token)"_s
                                           : u": the server refused the token"_s;
        else if (!detail.isEmpty())
            text += u": "_s + detail;
        return Error(ErrorKind::Protocol, u"http_status"_s, Message("%1", {text}))
            .withDetail(u"status"_s, qint64(status));
    }
    const bool streamed =
        reply->header(QNetworkRequest::ContentTypeHeader).toString().startsWith(
            u"text/event-stream"_s);
    if (response.isEmpty() && streamed) {
        return protocolError(u"stream_ended"_s,
                             u"the server ended the event stream before it answered %1"_s.arg(
                                 message.value(u"method"_s).toString()));
    }
    if (response.isEmpty())
        response = QJsonDocument::fromJson(rest).object();
    if (response.isEmpty()) {
        return protocolError(u"bad_message"_s,
                             u"the answer to %1 is not a JSON-RPC response"_s.arg(
                                 message.value(u"method"_s).toString()));
    }
    return response;
}

Client::Client(ClientTarget target) : d(std::make_unique<Private>())
{
    d->target = std::move(target);
}

Client::~Client()
{
    if (d->target.url.isEmpty()) {
        if (d->process.state() != QProcess::NotRunning) {
            d->process.closeWriteChannel(); // end of input: the server exits
            if (!d->process.waitForFinished(3000)) {
                d->process.terminate();
                if (!d->process.waitForFinished(2000))
                    d->process.kill();
                d->process.waitForFinished(1000);
            }
        }
        return;
    }
    if (!d->sessionId.isEmpty()) {
        QNetworkRequest request = d->httpRequest();
        QNetworkReply *reply = d->network.deleteResource(request);
        QEventLoop loop;
        QTimer::singleShot(3000, &loop, &QEventLoop::quit);
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        reply->deleteLater();
    }
}

QJsonObject Client::Private::withEnvelope(QJsonObject params) const
{
    if (!perRequest)
        return params;
    QJsonObject meta = params.value(u"_meta"_s).toObject();
    meta.insert(QString::fromUtf16(MetaKey::ProtocolVersion), version);
    meta.insert(QString::fromUtf16(MetaKey::ClientCapabilities), QJsonObject());
    meta.insert(QString::fromUtf16(MetaKey::ClientInfo), clientInfo);
    params.insert(u"_meta"_s, meta);
    return params;
}

Result<QJsonObject> Client::Private::discover(int timeoutMs)
{
    perRequest = true;
    version = perRequestRevisionNames().constFirst();
    const qint64 id = nextId++;
    Result<QJsonObject> response =
        exchange({{u"jsonrpc"_s, u"2.0"_s},
                  {u"id"_s, id},
                  {u"method"_s, u"server/discover"_s},
                  {u"params"_s, withEnvelope({})}},
                 id, timeoutMs);
    // Only a result that lists our revision is a 2026-era server; anything else is an answer to
    // something else, from a server that may not know what it read.
    const bool answered =
        response &&
        response->value(u"result"_s).toObject().value(u"supportedVersions"_s).toArray().contains(
            version);
    if (!answered) {
        perRequest = false;
        version.clear();
        if (!response)
            return response.error();
        if (!response->contains(u"error"_s))
            return protocolError(u"not_modern"_s, u"server/discover answered without %1"_s.arg(
                                                      perRequestRevisionNames().constFirst()));
        const QJsonObject error = response->value(u"error"_s).toObject();
        return protocolError(u"not_modern"_s, u"server/discover failed: %1 (%2)"_s
                                                  .arg(error.value(u"message"_s).toString())
                                                  .arg(error.value(u"code"_s).toInt()));
    }
    const QJsonObject result = response->value(u"result"_s).toObject();
    return QJsonObject{
        {u"protocolVersion"_s, version},
        {u"serverInfo"_s, result.value(u"_meta"_s).toObject().value(
                              QStringView(MetaKey::ServerInfo))},
        {u"capabilities"_s, result.value(u"capabilities"_s)},
        {u"instructions"_s, result.value(u"instructions"_s)},
        {u"supportedVersions"_s, result.value(u"supportedVersions"_s)}};
}

Result<QJsonObject> Client::Private::initialize(const QString &requested)
{
    const qint64 id = nextId++;
    Result<QJsonObject> response = exchange(
        {{u"jsonrpc"_s, u"2.0"_s},
         {u"id"_s, id},
         {u"method"_s, u"initialize"_s},
         {u"params"_s, QJsonObject{{u"protocolVersion"_s, requested},
                                  {u"capabilities"_s, QJsonObject{}},
                                  {u"clientInfo"_s, clientInfo}}}},
        id);
    if (!response)
        return response;
    if (response->contains(u"error"_s))
        return rpcError(u"initialize"_s, response->value(u"error"_s).toObject());
    const QJsonObject result = response->value(u"result"_s).toObject();
    version = result.value(u"protocolVersion"_s).toString();
    initialized = true;
    if (Result<QJsonObject> sent = exchange(
            {{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/initialized"_s}}, 0);
        !sent)
        return sent.error();
    return result;
}

Result<QJsonObject> Client::connect(const QString &clientName, const QString &clientVersion)
{
    if (d->target.url.isEmpty()) {
        if (d->target.command.isEmpty())
            return protocolError(u"no_server"_s, u"no server command given"_s);
        if (Result<void> started = d->startProcess(); !started)
            return started.error();
    }
    d->clientInfo = QJsonObject{{u"name"_s, clientName}, {u"version"_s, clientVersion}};
    const QString &wanted = d->target.protocol;
    const std::optional<Revision> revision = revisionNamed(wanted);
    if (!wanted.isEmpty() && !revision) {
        return Error(ErrorKind::Usage, u"invalid_argument"_s,
                     Message("%1", {u"unknown MCP revision '%1'; grex speaks %2"_s.arg(
                                        wanted, supportedRevisionNames().join(u", "_s))}));
    }
    if (wanted.isEmpty() || isPerRequest(*revision)) {
        // A server of the older era answers server/discover with an error, or not at all: then
        // it gets initialize (the probe the 2026-07-28 revision describes).
        Result<QJsonObject> discovered =
            d->discover(wanted.isEmpty() ? std::min(d->target.timeoutMs, 10000) : 0);
        if (discovered || !wanted.isEmpty())
            return discovered;
        if (discovered.error().reason() == u"server_exited" ||
            discovered.error().reason() == u"http_unreachable")
            return discovered;
    }
    return d->initialize(wanted.isEmpty() ? u"2025-11-25"_s : wanted);
}

Result<QJsonObject> Client::request(const QString &method, const QJsonObject &params)
{
    QJsonObject sent = d->withEnvelope(params);
    for (int round = 0;; ++round) {
        const qint64 id = d->nextId++;
        Result<QJsonObject> response = d->exchange(
            {{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"method"_s, method}, {u"params"_s, sent}},
            id);
        if (!response)
            return response;
        if (response->contains(u"error"_s))
            return rpcError(method, response->value(u"error"_s).toObject());
        const QJsonObject result = response->value(u"result"_s).toObject();
        const QString type = result.value(u"resultType"_s).toString();
        if (d->perRequest && type != u"complete" && type != u"input_required" && type != u"task") {
            // A 2026-07-28 result must say what it is; one this client cannot read is an error.
            return protocolError(u"bad_message"_s,
                                 u"the answer to %1 has resultType '%2', which is not one of "
                                 "complete, input_required and task"_s.arg(method, type));
        }
        if (type != u"input_required" || round > 0)
            return result;
        // This client approves nothing: each question is declined, as elicitation in a handshake
        // session is, and the server's answer to that is the result.
        QJsonObject declined;
        const QJsonObject questions = result.value(u"inputRequests"_s).toObject();
        for (auto it = questions.begin(); it != questions.end(); ++it)
            declined.insert(it.key(), QJsonObject{{u"action"_s, u"decline"_s}});
        sent.insert(u"inputResponses"_s, declined);
        if (result.value(u"requestState"_s).isString())
            sent.insert(u"requestState"_s, result.value(u"requestState"_s));
    }
}

} // namespace Grex::Mcp
