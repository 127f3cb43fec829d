#include "mcp/protocol.h"

#include "core/jsonrpccodes.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QRandomGenerator>

#include <mutex>

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

QString revisionName(Revision revision)
{
    switch (revision) {
    case Revision::V2025_06_18: return u"2025-06-18"_s;
    case Revision::V2025_11_25: return u"2025-11-25"_s;
    case Revision::V2026_07_28: return u"2026-07-28"_s;
    }
    return {};
}

std::optional<Revision> revisionNamed(QStringView name)
{
    for (Revision revision :
         {Revision::V2025_06_18, Revision::V2025_11_25, Revision::V2026_07_28}) {
        if (name == revisionName(revision))
            return revision;
    }
    return std::nullopt;
}

QStringList supportedRevisionNames()
{
    return {u"2026-07-28"_s, u"2025-11-25"_s, u"2025-06-18"_s};
}

QStringList perRequestRevisionNames()
{
    return {u"2026-07-28"_s};
}

Revision handshakeRevisionFor(const QString &requested)
{
    const std::optional<Revision> revision = revisionNamed(requested);
    if (revision && !isPerRequest(*revision))
        return *revision;
    return Revision::V2025_11_25;
}

bool hasEnvelope(const QJsonObject &params)
{
    return params.value(u"_meta"_s).toObject().contains(QStringView(MetaKey::ProtocolVersion));
}

bool elicitsForm(const QJsonObject &capabilities)
{
    // A client offering only "url" cannot answer grex's question.
    const QJsonValue elicitation = capabilities.value(u"elicitation"_s);
    return elicitation.isObject() &&
           (elicitation.toObject().isEmpty() || elicitation.toObject().contains(u"form"_s));
}

bool wantsTasks(const QJsonObject &capabilities)
{
    return capabilities.value(u"extensions"_s)
        .toObject()
        .value(QStringView(kTasksExtension))
        .isObject();
}

JsonObject tasksCapabilityRequired()
{
    return JsonObject{
        {u"requiredCapabilities"_s,
         JsonObject{{u"extensions"_s,
                     JsonObject{{QString::fromUtf16(kTasksExtension), JsonObject{}}}}}}};
}

namespace {

ProtocolFault envelopeFault(const QString &key, const QString &problem)
{
    return ProtocolFault{
        JsonRpc::InvalidParams,
        u"invalid _meta for protocol revision 2026-07-28: %1 is %2"_s.arg(key, problem),
        JsonObject{{u"envelope"_s, JsonObject{{u"key"_s, key}, {u"problem"_s, problem}}}}, 400};
}

} // namespace

std::variant<Envelope, ProtocolFault> readEnvelope(const QJsonObject &params)
{
    const QJsonValue meta = params.value(u"_meta"_s);
    if (!meta.isObject())
        return envelopeFault(u"_meta"_s, u"missing"_s);
    const QJsonObject object = meta.toObject();
    const QJsonValue version = object.value(QStringView(MetaKey::ProtocolVersion));
    if (!version.isString()) {
        return envelopeFault(QString::fromUtf16(MetaKey::ProtocolVersion),
                             version.isUndefined() ? u"missing"_s : u"not a string"_s);
    }
    const std::optional<Revision> revision = revisionNamed(version.toString());
    if (!revision || !isPerRequest(*revision)) {
        // A handshake revision named in _meta is as unsupported as a made-up one: those revisions
        // start with initialize.
        return ProtocolFault{JsonRpc::UnsupportedProtocolVersion,
                             u"unsupported protocol version '%1'; this server speaks %2 per "
                             "request, and %3 after initialize"_s.arg(
                                 version.toString(), perRequestRevisionNames().join(u", "_s),
                                 u"2025-11-25, 2025-06-18"_s),
                             // What a request may name: server/discover's supportedVersions.
                             JsonObject{{u"supported"_s, JsonValue(perRequestRevisionNames())},
                                        {u"requested"_s, version.toString()}},
                             400};
    }
    Envelope envelope;
    envelope.revision = *revision;
    const QJsonValue capabilities = object.value(QStringView(MetaKey::ClientCapabilities));
    if (!capabilities.isObject()) {
        return envelopeFault(QString::fromUtf16(MetaKey::ClientCapabilities),
                             capabilities.isUndefined() ? u"missing"_s : u"not an object"_s);
    }
    envelope.capabilities = capabilities.toObject();
    const QJsonValue info = object.value(QStringView(MetaKey::ClientInfo));
    if (!info.isUndefined()) {
        const QJsonObject client = info.toObject();
        if (!info.isObject() || !client.value(u"name"_s).isString() ||
            !client.value(u"version"_s).isString()) {
            return envelopeFault(QString::fromUtf16(MetaKey::ClientInfo),
                                 u"not an object with a name and a version"_s);
        }
        envelope.clientName = client.value(u"name"_s).toString();
        envelope.clientVersion = client.value(u"version"_s).toString();
    }
    const QJsonValue level = object.value(QStringView(MetaKey::LogLevel));
    if (!level.isUndefined()) {
        if (!logLevels().contains(level.toString())) {
            return envelopeFault(QString::fromUtf16(MetaKey::LogLevel),
                                 u"not one of %1"_s.arg(logLevels().join(u", "_s)));
        }
        envelope.logLevel = level.toString();
    }
    return envelope;
}

bool isPerRequestMethod(const QString &method)
{
    static const QStringList methods{
        u"server/discover"_s, u"tools/list"_s,     u"tools/call"_s,
        u"resources/list"_s,  u"resources/read"_s, u"resources/templates/list"_s,
        u"subscriptions/listen"_s, u"tasks/get"_s, u"tasks/update"_s,
        u"tasks/cancel"_s};
    return methods.contains(method);
}

QString nameParamOf(const QString &method)
{
    if (method == u"tools/call" || method == u"prompts/get")
        return u"name"_s;
    if (method == u"resources/read")
        return u"uri"_s;
    if (method == u"tasks/get" || method == u"tasks/update" || method == u"tasks/cancel")
        return u"taskId"_s;
    return {};
}

std::optional<QString> decodeHeaderValue(const QByteArray &value)
{
    if (!value.startsWith("=?base64?") || !value.endsWith("?=") || value.size() < 11)
        return QString::fromLatin1(value);
    const QByteArray::FromBase64Result decoded = QByteArray::fromBase64Encoding(
        value.mid(9, value.size() - 11), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    return QString::fromUtf8(*decoded);
}

const QStringList &logLevels()
{
    static const QStringList levels{u"debug"_s, u"info"_s,     u"notice"_s, u"warning"_s,
                                    u"error"_s, u"critical"_s, u"alert"_s,  u"emergency"_s};
    return levels;
}

namespace {

// An icon as a data: URI, so that a client needs no network to show it.
JsonObject svgIcon(const QString &resource)
{
    static QHash<QString, QString> cache;
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    auto it = cache.constFind(resource);
    if (it == cache.constEnd()) {
        QFile file(resource);
        const QByteArray svg = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        it = cache.insert(resource, u"data:image/svg+xml;base64,"_s +
                                        QString::fromLatin1(svg.toBase64()));
    }
    return JsonObject{{u"src"_s, *it}, {u"mimeType"_s, u"image/svg+xml"_s},
                      {u"sizes"_s, JsonArray{JsonValue(u"any"_s)}}};
}

} // namespace

JsonArray iconsFor(const QString &icon, Revision revision)
{
    if (revision < Revision::V2025_11_25)
        return {};
    return JsonArray{svgIcon(icon.isEmpty() ? u":/grex-mcp/grex.svg"_s
                                            : u":/grex-mcp/actions/%1.svg"_s.arg(icon))};
}

QString serverInstructions()
{
    return u"grex manages a workspace of git repositories (packs). Start with `status` or `ls`; "
           "`sync` brings every pack up to date. rm, run and exec are destructive and need "
           "approval."_s;
}

JsonObject serverImplementation(Revision revision, bool icons)
{
    JsonObject info{{u"name"_s, u"grex"_s},
                    {u"title"_s, u"grex MCP server"_s},
                    {u"version"_s, QStringLiteral(GREX_VERSION)}};
    if (revision >= Revision::V2025_11_25) {
        info.insert(u"description"_s,
                    u"Manages a workspace of git repositories (packs) as one graph."_s);
        if (icons)
            info.insert(u"icons"_s, iconsFor(QString(), revision));
    }
    return info;
}

JsonObject serverCapabilities(Revision revision)
{
    // Only what the server honours: the tool set never changes while it runs; the resources do,
    // and from 2026-07-28 a listener can follow single resources.
    JsonObject resources{{u"listChanged"_s, true}};
    if (isPerRequest(revision))
        resources.insert(u"subscribe"_s, true);
    JsonObject offered{{u"tools"_s, JsonObject{{u"listChanged"_s, false}}},
                       {u"resources"_s, resources},
                       {u"logging"_s, JsonObject{}}};
    if (isPerRequest(revision)) {
        // The long verbs (VerbSpec::longRunning) run as tasks for a request that declares the
        // extension.
        offered.insert(u"extensions"_s,
                       JsonObject{{QString::fromUtf16(kTasksExtension), JsonObject{}}});
    }
    return offered;
}

QString randomHandle()
{
    QByteArray random(16, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(random.data()), 4);
    return QString::fromLatin1(random.toHex());
}

} // namespace Grex::Mcp
