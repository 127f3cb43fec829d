#include "core/importers/importcontext.h"

#include "core/naming.h"
#include "core/pack/manifestreader.h"
#include "core/verbs/import.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QXmlStreamReader>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <sstream>

using namespace Qt::StringLiterals;

namespace Grex::Importers {

// vcstool's .repos: `repositories:` maps a path to {type, url, version}. vcstool skips an entry
// without type or url with a warning; here it stays, without a URL, so an existing clone can
// still be registered.
Result<ImportSource> readVcstool(const Context &ctx, const QByteArray &bytes)
{
    Result<YAML::Node> loaded = loadYaml(ctx, bytes);
    if (!loaded)
        return loaded.error();
    const YAML::Node &root = *loaded;
    if (!root.IsMap())
        return ctx.fail(lineOf(root), u"expected a mapping with 'repositories'"_s);
    ImportSource source{ImportFormat::Vcstool, {}, {}};
    YAML::Node repositories;
    bool found = false;
    for (const auto &member : root) {
        const QString key = scalarText(member.first);
        if (key == u"repositories") {
            repositories = member.second;
            found = true;
        } else {
            source.notCarried.append(u"top-level '%1'"_s.arg(key));
        }
    }
    if (!found)
        return ctx.fail(lineOf(root), u"expected a mapping with 'repositories'"_s);
    if (repositories.IsNull())
        return source;
    if (!repositories.IsMap())
        return ctx.fail(lineOf(repositories), u"'repositories' is not a mapping"_s);
    for (const auto &repository : repositories) {
        const int line = lineOf(repository.first);
        if (!repository.first.IsScalar())
            return ctx.fail(line, u"a repository's path is not a string"_s);
        const QString path = scalarText(repository.first);
        const YAML::Node &attributes = repository.second;
        if (!attributes.IsMap())
            return ctx.fail(line, u"repository '%1' is not a mapping"_s.arg(path));
        if (Result<void> room = roomForEntry(ctx, source.entries.size(), line); !room)
            return room.error();
        ImportEntry entry;
        entry.path = cleanEntryPath(path);
        std::optional<QString> type;
        std::optional<QString> url;
        for (const auto &attribute : attributes) {
            const QString key = scalarText(attribute.first);
            if (key != u"type" && key != u"url" && key != u"version") {
                entry.notCarried.append(u"key '%1'"_s.arg(key));
                continue;
            }
            Result<std::optional<QString>> value =
                optionalScalar(ctx, attribute.second, u"'%1' of '%2'"_s.arg(key, path));
            if (!value)
                return value.error();
            if (key == u"type")
                type = *value;
            else if (key == u"url")
                url = *value;
            else if (*value)
                entry.ref = refOf(**value);
        }
        if (!type)
            entry.notCarried.append(u"no type"_s);
        else if (*type != u"git")
            entry.notCarried.append(u"type %1 is not git"_s.arg(*type));
        if (!url)
            entry.notCarried.append(u"no url"_s);
        else if (type && *type == u"git")
            entry.url = resolvedOrEmpty(ctx, *url, entry.notCarried);
        source.entries.append(entry);
    }
    return source;
}

} // namespace Grex::Importers
