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

namespace {

// Where a project of a file placed relative to the file sits: nullopt, with a phrase, when it
// is outside the file's folder or is that folder.
std::optional<QString> placeInFolder(const Context &ctx, const QString &what, const QString &given,
                                     QStringList &notCarried)
{
    QString path = expandHome(given);
    if (QDir::isAbsolutePath(path)) {
        const std::optional<QString> inside = insideDir(ctx.dir, path);
        if (!inside) {
            notCarried.append(u"%1 is outside the folder of the file"_s.arg(what));
            return std::nullopt;
        }
        path = *inside;
    }
    path = cleanEntryPath(path);
    if (path == u".") {
        notCarried.append(u"%1 is the folder of the file itself"_s.arg(what));
        return std::nullopt;
    }
    return path;
}

} // namespace

// mani's mani.yaml: `projects:` maps a name to {path (the name when absent, relative to the
// file), url, branch, tags, ...}; everything else in the file is mani's own (tasks, specs,
// targets, themes).
Result<ImportSource> readMani(const Context &ctx, const QByteArray &bytes)
{
    Result<YAML::Node> loaded = loadYaml(ctx, bytes);
    if (!loaded)
        return loaded.error();
    const YAML::Node &root = *loaded;
    if (!root.IsMap())
        return ctx.fail(lineOf(root), u"expected a mapping with 'projects'"_s);
    ImportSource source{ImportFormat::Mani, {}, {}};
    YAML::Node projects;
    for (const auto &member : root) {
        const QString key = scalarText(member.first);
        if (key == u"projects") {
            projects = member.second;
        } else if (key == u"import") {
            const YAML::Node &imports = member.second;
            if (imports.IsSequence()) {
                for (const YAML::Node &item : imports)
                    source.notCarried.append(u"import '%1' is not read"_s.arg(yamlBrief(item)));
            } else {
                source.notCarried.append(u"import '%1' is not read"_s.arg(yamlBrief(imports)));
            }
        } else {
            source.notCarried.append(u"top-level '%1'"_s.arg(key));
        }
    }
    if (!projects || projects.IsNull())
        return source;
    if (!projects.IsMap())
        return ctx.fail(lineOf(projects), u"'projects' is not a mapping"_s);
    for (const auto &project : projects) {
        const int line = lineOf(project.first);
        if (!project.first.IsScalar())
            return ctx.fail(line, u"a project's name is not a string"_s);
        const QString name = scalarText(project.first);
        const YAML::Node &body = project.second;
        if (!body.IsNull() && !body.IsMap())
            return ctx.fail(line, u"project '%1' is not a mapping"_s.arg(name));
        ImportEntry entry;
        QString path = name;
        if (body.IsMap()) {
            for (const auto &member : body) {
                const QString key = scalarText(member.first);
                const YAML::Node &value = member.second;
                const QString what = u"'%1' of project '%2'"_s.arg(key, name);
                if (key == u"path" || key == u"url" || key == u"branch") {
                    Result<std::optional<QString>> text = optionalScalar(ctx, value, what);
                    if (!text)
                        return text.error();
                    if (!*text)
                        continue;
                    if (key == u"path")
                        path = **text;
                    else if (key == u"url")
                        entry.url = resolvedOrEmpty(ctx, **text, entry.notCarried);
                    else
                        entry.ref = refOf(**text);
                } else if (key == u"tags") {
                    if (value.IsNull())
                        continue;
                    if (!value.IsSequence())
                        return ctx.fail(lineOf(value), u"%1 is not a list"_s.arg(what));
                    for (const YAML::Node &tag : value) {
                        if (!tag.IsScalar())
                            return ctx.fail(lineOf(tag), u"a tag of project '%1' is not a "
                                                         u"string"_s.arg(name));
                        addTag(entry, scalarText(tag), u"tag"_s);
                    }
                } else if (key == u"env" && value.IsMap()) {
                    for (const auto &variable : value) {
                        entry.notCarried.append(u"env %1=%2"_s.arg(scalarText(variable.first),
                                                                   yamlBrief(variable.second)));
                    }
                } else if (key == u"remotes" && value.IsMap()) {
                    for (const auto &remote : value) {
                        entry.notCarried.append(u"remote %1 %2"_s.arg(scalarText(remote.first),
                                                                      yamlBrief(remote.second)));
                    }
                } else if (key == u"worktrees" && value.IsSequence()) {
                    for (const YAML::Node &worktree : value)
                        entry.notCarried.append(u"worktree %1"_s.arg(yamlBrief(worktree)));
                } else if (key == u"sync" && value.IsScalar() && scalarText(value) == u"true") {
                    // mani's default.
                } else if (key == u"single_branch" && value.IsScalar() &&
                           scalarText(value) == u"false") {
                    // mani's default.
                } else {
                    entry.notCarried.append(u"%1: %2"_s.arg(key, yamlBrief(value)));
                }
            }
        }
        const std::optional<QString> placed =
            placeInFolder(ctx, u"project '%1'"_s.arg(name), path, source.notCarried);
        if (!placed)
            continue;
        entry.path = *placed;
        if (Result<void> room = roomForEntry(ctx, source.entries.size(), line); !room)
            return room.error();
        source.entries.append(entry);
    }
    return source;
}

} // namespace Grex::Importers
