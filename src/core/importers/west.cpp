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

// What `manifest` says for every project: the remotes' url-bases and the defaults.
struct WestDefaults
{
    QHash<QString, QString> urlBases;
    QString remote;
    int remoteLine = 0;
    QString revision = u"master"_s;
};

Result<void> readRemotes(const Context &ctx, const YAML::Node &value, WestDefaults &defaults)
{
    if (value.IsNull())
        return {};
    if (!value.IsSequence())
        return ctx.fail(lineOf(value), u"'remotes' is not a list"_s);
    for (const YAML::Node &remote : value) {
        if (!remote.IsMap())
            return ctx.fail(lineOf(remote), u"a remote is not a mapping"_s);
        Result<std::optional<QString>> name =
            optionalScalar(ctx, remote["name"], u"a remote's name"_s);
        if (!name)
            return name.error();
        if (!*name)
            return ctx.fail(lineOf(remote), u"a remote has no 'name'"_s);
        Result<std::optional<QString>> base =
            optionalScalar(ctx, remote["url-base"], u"the url-base of remote '%1'"_s.arg(**name));
        if (!base)
            return base.error();
        if (!*base)
            return ctx.fail(lineOf(remote), u"remote '%1' has no 'url-base'"_s.arg(**name));
        defaults.urlBases.insert(**name, **base);
    }
    return {};
}

Result<void> readDefaults(const Context &ctx, const YAML::Node &value, WestDefaults &defaults,
                          QStringList &notCarried)
{
    if (value.IsNull())
        return {};
    if (!value.IsMap())
        return ctx.fail(lineOf(value), u"'defaults' is not a mapping"_s);
    for (const auto &setting : value) {
        const QString name = scalarText(setting.first);
        Result<std::optional<QString>> text =
            optionalScalar(ctx, setting.second, u"defaults '%1'"_s.arg(name));
        if (name != u"remote" && name != u"revision") {
            notCarried.append(u"defaults %1"_s.arg(name));
            continue;
        }
        if (!text)
            return text.error();
        if (name == u"remote" && *text) {
            defaults.remote = **text;
            defaults.remoteLine = lineOf(setting.second);
        } else if (name == u"revision" && *text) {
            defaults.revision = **text;
        }
    }
    return {};
}

// The manifest repository itself: west clones it before it reads this file, and the file does
// not say where from.
void noteSelf(const YAML::Node &value, QStringList &notCarried)
{
    QString path;
    if (value.IsMap()) {
        for (const auto &setting : value) {
            const QString name = scalarText(setting.first);
            if (name == u"path")
                path = yamlBrief(setting.second);
            else
                notCarried.append(u"self %1: %2"_s.arg(name, yamlBrief(setting.second)));
        }
    }
    notCarried.append(
        path.isEmpty()
            ? u"self: the manifest repository has no URL in the file"_s
            : u"self: the manifest repository at '%1' has no URL in the file"_s.arg(path));
}

// The members of `manifest`; projects is what it lists, read after the defaults it may follow.
Result<void> readManifest(const Context &ctx, const YAML::Node &manifest, WestDefaults &defaults,
                          YAML::Node &projects, QStringList &notCarried)
{
    for (const auto &member : manifest) {
        const QString key = scalarText(member.first);
        const YAML::Node &value = member.second;
        Result<void> read;
        if (key == u"version")
            continue;
        if (key == u"remotes")
            read = readRemotes(ctx, value, defaults);
        else if (key == u"defaults")
            read = readDefaults(ctx, value, defaults, notCarried);
        else if (key == u"projects")
            projects = value;
        else if (key == u"group-filter")
            notCarried.append(u"group-filter %1"_s.arg(yamlBrief(value)));
        else if (key == u"self")
            noteSelf(value, notCarried);
        else
            notCarried.append(u"key '%1'"_s.arg(key));
        if (!read)
            return read.error();
    }
    if (!defaults.remote.isEmpty() && !defaults.urlBases.contains(defaults.remote)) {
        return ctx.fail(defaults.remoteLine,
                        u"the default remote '%1' is not defined"_s.arg(defaults.remote));
    }
    return {};
}

// A project's scalars by key, its groups, and what of it grex cannot keep.
Result<QHash<QString, QString>> projectScalars(const Context &ctx, const YAML::Node &project,
                                               YAML::Node &groups, QStringList &notCarried)
{
    QHash<QString, QString> text;
    for (const auto &member : project) {
        const QString key = scalarText(member.first);
        const YAML::Node &value = member.second;
        static const QStringList scalars{u"name"_s,     u"url"_s,  u"remote"_s,     u"repo-path"_s,
                                         u"revision"_s, u"path"_s, u"clone-depth"_s};
        if (scalars.contains(key)) {
            Result<std::optional<QString>> scalar =
                optionalScalar(ctx, value, u"'%1' of a project"_s.arg(key));
            if (!scalar)
                return scalar.error();
            if (*scalar)
                text.insert(key, **scalar);
        } else if (key == u"groups") {
            groups = value;
        } else if (key == u"import") {
            notCarried.append(u"import %1"_s.arg(yamlBrief(value)));
        } else if (key == u"west-commands" || key == u"submodules") {
            notCarried.append(u"%1 %2"_s.arg(key, yamlBrief(value)));
        } else if (key == u"userdata" || key == u"description") {
            notCarried.append(key);
        } else {
            notCarried.append(u"key '%1'"_s.arg(key));
        }
    }
    return text;
}

// A project's URL: its url, else its remote's (or the default remote's) url-base, '/', and its
// repo-path or name.
Result<void> projectUrl(const Context &ctx, const QHash<QString, QString> &text,
                        const WestDefaults &defaults, int line, ImportEntry &entry)
{
    const QString name = text.value(u"name"_s);
    const QString url = text.value(u"url"_s);
    QString remote = text.value(u"remote"_s);
    if (!url.isEmpty() && !remote.isEmpty())
        return ctx.fail(line, u"project '%1' has both 'remote' and 'url'"_s.arg(name));
    if (!url.isEmpty() && text.contains(u"repo-path"_s))
        return ctx.fail(line, u"project '%1' has both 'repo-path' and 'url'"_s.arg(name));
    if (url.isEmpty() && remote.isEmpty())
        remote = defaults.remote;
    if (!url.isEmpty()) {
        entry.url = resolvedOrEmpty(ctx, url, entry.notCarried);
        return {};
    }
    if (remote.isEmpty()) {
        return ctx.fail(line, u"project '%1' has no remote or url and no default remote is "
                              u"set"_s.arg(name));
    }
    if (!defaults.urlBases.contains(remote))
        return ctx.fail(line, u"project '%1': remote '%2' is not defined"_s.arg(name, remote));
    const QString base = resolvedOrEmpty(ctx, defaults.urlBases.value(remote), entry.notCarried);
    if (!base.isEmpty())
        entry.url = joinUrl(base, text.value(u"repo-path"_s, name));
    return {};
}

Result<ImportEntry> readProject(const Context &ctx, const YAML::Node &project,
                                const WestDefaults &defaults)
{
    const int line = lineOf(project);
    if (!project.IsMap())
        return ctx.fail(line, u"a project is not a mapping"_s);
    ImportEntry entry;
    YAML::Node groups;
    Result<QHash<QString, QString>> scalars =
        projectScalars(ctx, project, groups, entry.notCarried);
    if (!scalars)
        return scalars.error();
    const QHash<QString, QString> &text = *scalars;
    const QString name = text.value(u"name"_s);
    if (name.isEmpty())
        return ctx.fail(line, u"a project has no 'name'"_s);
    if (Result<void> url = projectUrl(ctx, text, defaults, line, entry); !url)
        return url.error();
    entry.path = cleanEntryPath(text.value(u"path"_s, name));
    entry.ref = refOf(text.value(u"revision"_s, defaults.revision));
    if (text.contains(u"clone-depth"_s)) {
        bool ok = false;
        entry.depth = text.value(u"clone-depth"_s).toLongLong(&ok);
        if (!ok || entry.depth <= 0) {
            return ctx.fail(line, u"the clone-depth of project '%1' is not a number greater "
                                  u"than 0"_s.arg(name));
        }
    }
    if (groups && !groups.IsNull()) {
        if (!groups.IsSequence())
            return ctx.fail(lineOf(groups),
                            u"the groups of project '%1' are not a list"_s.arg(name));
        for (const YAML::Node &group : groups) {
            if (!group.IsScalar())
                return ctx.fail(lineOf(group),
                                u"a group of project '%1' is not a string"_s.arg(name));
            addTag(entry, scalarText(group), u"group"_s);
        }
    }
    return entry;
}

} // namespace

// west's manifest as west reads it: a project's path is its name when absent; its revision,
// when neither it nor `defaults` gives one, is "master".
Result<ImportSource> readWest(const Context &ctx, const QByteArray &bytes)
{
    Result<YAML::Node> loaded = loadYaml(ctx, bytes);
    if (!loaded)
        return loaded.error();
    const YAML::Node &root = *loaded;
    if (!root.IsMap())
        return ctx.fail(lineOf(root), u"expected a mapping with 'manifest'"_s);
    ImportSource source{ImportFormat::West, {}, {}};
    YAML::Node manifest;
    for (const auto &member : root) {
        const QString key = scalarText(member.first);
        if (key == u"manifest")
            manifest = member.second;
        else
            source.notCarried.append(u"top-level '%1'"_s.arg(key));
    }
    if (!manifest)
        return ctx.fail(lineOf(root), u"expected a mapping with 'manifest'"_s);
    if (!manifest.IsMap())
        return ctx.fail(lineOf(manifest), u"'manifest' is not a mapping"_s);
    WestDefaults defaults;
    YAML::Node projects;
    if (Result<void> read = readManifest(ctx, manifest, defaults, projects, source.notCarried);
        !read)
        return read.error();
    if (!projects || projects.IsNull())
        return source;
    if (!projects.IsSequence())
        return ctx.fail(lineOf(projects), u"'projects' is not a list"_s);
    for (const YAML::Node &project : projects) {
        if (!project.IsMap())
            return ctx.fail(lineOf(project), u"a project is not a mapping"_s);
        if (Result<void> room = roomForEntry(ctx, source.entries.size(), lineOf(project)); !room)
            return room.error();
        Result<ImportEntry> entry = readProject(ctx, project, defaults);
        if (!entry)
            return entry.error();
        source.entries.append(std::move(entry).value());
    }
    return source;
}

} // namespace Grex::Importers
