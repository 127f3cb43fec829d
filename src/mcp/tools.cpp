#include "mcp/tools.h"

#include "mcp/confine.h"
#include "core/fs/fsutil.h"
#include "core/i18n.h"
#include "core/operationcontext.h"
#include "core/pack/packmanifest.h"
#include "mcp/session.h"
#include "core/docshape.h"
#include "core/verbs/verbregistry.h"

#include <QFile>
#include <QJsonDocument>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

namespace {

const QString kManifestUri = u"grex://workspace/manifest"_s;
const QString kLockfileUri = u"grex://workspace/lockfile"_s;
const QString kStatusUri = u"grex://workspace/status"_s;
const QString kPackPrefix = u"grex://pack/"_s;
const QString kPackSuffix = u"/pack.yaml"_s;

JsonObject resource(const QString &uri, const QString &name, const QString &description,
                    const QString &mimeType)
{
    return JsonObject{{u"uri"_s, uri},
                      {u"name"_s, name},
                      {u"description"_s, description},
                      {u"mimeType"_s, mimeType}};
}

// A verb's document, as the CLI's --json prints it.
Result<JsonValue> verbDocument(const QString &name, const Workspace &workspace)
{
    const VerbSpec *verb = findVerb(name);
    if (!verb)
        return Error::internal(__FILE__, __LINE__, u"no verb "_s + name);
    Workspace copy = workspace;
    OperationContext ctx;
    return invokeVerb(*verb, copy, {}, ctx);
}

// A file's text as a resource, or an error when it is larger than limit: a frame is never
// built around a file of any size.
ResourceContent fileResource(QFile &file, const QString &mimeType, qint64 limit)
{
    if (file.size() > limit) {
        return ResourceContent{
            mimeType,
            {},
            Error(ErrorKind::PackOp, u"too_large"_s,
                  Message("%1 is larger than %2 bytes", {file.fileName(), QString::number(limit)}))
                .withDetail(u"path"_s, file.fileName())};
    }
    return ResourceContent{mimeType, QString::fromUtf8(file.readAll()), {}};
}

std::optional<ResourceContent> document(const QString &verb, const Workspace &workspace)
{
    Result<JsonValue> result = verbDocument(verb, workspace);
    if (!result)
        return ResourceContent{u"application/json"_s, {}, result.error()};
    return ResourceContent{u"application/json"_s, QString::fromUtf8(result->toJson()), {}};
}

} // namespace

QStringList toolNames()
{
    QStringList names;
    for (const VerbSpec &verb : verbRegistry()) {
        if (verb.mcpTool)
            names.append(verb.name);
    }
    return names;
}

QStringList readOnlyToolNames()
{
    QStringList names;
    for (const VerbSpec &verb : verbRegistry()) {
        if (verb.mcpTool && verb.readOnly)
            names.append(verb.name);
    }
    return names;
}

JsonArray toolList(const QStringList &only, Revision revision)
{
    // From 2025-11-25 on, schemas name their dialect, JSON Schema 2020-12; grex's use no
    // keyword whose meaning changed since draft-07, so the same schema serves the older era.
    const bool dialect = revision >= Revision::V2025_11_25;
    const QString draft = u"https://json-schema.org/draft/2020-12/schema"_s;
    JsonArray tools;
    for (const VerbSpec &verb : verbRegistry()) {
        if (!verb.mcpTool || (!only.isEmpty() && !only.contains(verb.name)))
            continue;
        QJsonObject input = verb.inputSchema();
        if (dialect)
            input.insert(u"$schema"_s, draft);
        JsonObject tool{{u"name"_s, verb.name},
                        {u"title"_s, QString::fromUtf8(verb.title)},
                        {u"description"_s, QString::fromUtf8(verb.summary)}};
        if (const JsonArray icons = iconsFor(verb.icon, revision); !icons.isEmpty())
            tool.insert(u"icons"_s, icons);
        tool.insert(u"inputSchema"_s, JsonValue::fromQJsonValue(input));
        // structuredContent must be an object: verbs whose document is an array (ls, status)
        // return it as text only and declare no output schema.
        if (verb.objectResult) {
            // The declared document; an undeclared one is only said to be an object.
            JsonObject output = verb.documentShape ? verb.documentShape().toJsonSchema()
                                                   : JsonObject{{u"type"_s, u"object"_s}};
            if (dialect)
                output.insert(u"$schema"_s, draft);
            tool.insert(u"outputSchema"_s, output);
        }
        tool.insert(u"annotations"_s, JsonObject{{u"title"_s, QString::fromUtf8(verb.title)},
                                                 {u"readOnlyHint"_s, verb.readOnly},
                                                 {u"destructiveHint"_s, verb.destructive},
                                                 {u"idempotentHint"_s, verb.idempotent},
                                                 {u"openWorldHint"_s, verb.openWorld}});
        tools.append(tool);
    }
    return tools;
}

JsonArray resourceList(const Workspace &workspace)
{
    JsonArray list{
        resource(kManifestUri, u"manifest"_s,
                 u"The registered packs, folded from grex.jsonl (the ls document)."_s,
                 u"application/json"_s),
        resource(kLockfileUri, u"lockfile"_s,
                 u"grex.lock.jsonl: what was installed, at which commit."_s,
                 u"application/x-ndjson"_s),
        resource(kStatusUri, u"status"_s, u"The status document: drift of every pack."_s,
                 u"application/json"_s),
    };
    OperationContext quiet;
    Result<QMap<QString, PackState>> packs = workspace.readPacks(quiet);
    if (!packs)
        return list;
    for (const PackState &pack : packsInIdOrder(*packs)) {
        if (!hasPackManifest(workspace.packDir(pack.path)))
            continue;
        list.append(resource(kPackPrefix + QString::fromUtf8(QUrl::toPercentEncoding(pack.id)) +
                                 kPackSuffix,
                             pack.id + kPackSuffix, u"The pack.yaml of pack '%1'."_s.arg(pack.id),
                             u"application/yaml"_s));
    }
    return list;
}

JsonArray resourceTemplates()
{
    return JsonArray{JsonObject{{u"uriTemplate"_s, QString(kPackPrefix + u"{id}"_s + kPackSuffix)},
                                {u"name"_s, u"pack.yaml"_s},
                                {u"description"_s, u"The pack.yaml of a registered pack."_s},
                                {u"mimeType"_s, u"application/yaml"_s}}};
}

std::optional<ResourceContent> readResourceUri(const QString &uri, const Workspace &workspace)
{
    if (uri == kManifestUri)
        return document(u"ls"_s, workspace);
    if (uri == kStatusUri)
        return document(u"status"_s, workspace);
    if (uri == kLockfileUri) {
        QFile file(workspace.lockfilePath());
        bool missing = false;
        if (!openForReading(file, &missing)) {
            if (missing)
                return ResourceContent{u"application/x-ndjson"_s, {}, {}};
            return ResourceContent{
                u"application/x-ndjson"_s,
                {},
                Error(ErrorKind::PackOp, u"unreadable"_s,
                      Message("cannot read %1: %2", {file.fileName(), file.errorString()}))};
        }
        return fileResource(file, u"application/x-ndjson"_s, kMaxLineLength / 2);
    }
    if (!uri.startsWith(kPackPrefix) || !uri.endsWith(kPackSuffix))
        return std::nullopt;
    const QString id = QUrl::fromPercentEncoding(
        uri.mid(kPackPrefix.size(), uri.size() - kPackPrefix.size() - kPackSuffix.size()).toUtf8());
    OperationContext quiet;
    Result<QMap<QString, PackState>> packs = workspace.readPacks(quiet);
    if (!packs || !packs->contains(id))
        return std::nullopt;
    // The file must be inside the workspace after symlinks: a pack.yaml linking to /etc/shadow
    // is not served.
    Result<QString> path = confinePath(packManifestPath(workspace.packDir(packs->value(id).path)),
                                       workspace.root(), u"uri"_s);
    if (!path)
        return std::nullopt;
    QFile file(*path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return fileResource(file, u"application/yaml"_s, MaxPackYamlBytes);
}

} // namespace Grex::Mcp
