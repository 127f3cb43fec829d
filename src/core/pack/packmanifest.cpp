#include "core/pack/packmanifest.h"

#include "core/actions/actionregistry.h"
#include "core/fs/fsutil.h"
#include "core/fs/gitignore.h"
#include "core/naming.h"
#include "core/pack/actionargsreader.h"
#include "core/pack/manifestreader.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Grex {

const QStringList &packTypeNames()
{
    static const QStringList types{u"meta"_s, u"declarative"_s, u"scripted"_s};
    return types;
}

namespace {

// The parts of pack.yaml that are not actions (docs/design.md, "pack.yaml"); each function
// reports the first broken rule of its part. The actions are read by their plugins
// (readActionList).

// Every top-level key is known or an x-* extension key.
Result<void> readKeys(const ManifestReader &reader, const YAML::Node &root, bool isOverride,
                      PackManifest &m, QStringList *present)
{
    static const QStringList known{u"schema_version"_s, u"name"_s,     u"type"_s,
                                   u"version"_s,        u"tags"_s,     u"depends_on"_s,
                                   u"children"_s,       u"actions"_s,  u"teardown"_s,
                                   u"submodules"_s};
    for (const auto &member : root) {
        if (!member.first.IsScalar())
            return reader.fail(member.first, u"key"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: keys must be strings"));
        const QString key = scalarText(member.first);
        const bool overrideKey = isOverride && key == u"actions_replace";
        if (!known.contains(key) && !key.startsWith(u"x-") && !overrideKey)
            return reader.fail(member.first, u"unknown_key"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: unknown key '%3' (extension "
                                                         "keys start with 'x-')"),
                               {key});
        if (present)
            present->append(key);
        if (key.startsWith(u"x-"))
            m.extensions.insert(key, yamlToJson(member.second));
    }
    return {};
}

// schema_version, name and type: what every pack.yaml must say; an override may leave them out.
Result<void> readIdentity(const ManifestReader &reader, const YAML::Node &root, bool isOverride,
                          PackManifest &m)
{
    const YAML::Node schema = root["schema_version"];
    if (!isOverride && !schema)
        return reader.failAt(1, u"schema_version"_s,
                             QT_TRANSLATE_NOOP("Grex", "%1:%2: 'schema_version' is missing; "
                                                       "write schema_version: \"1\""));
    if (schema) {
        if (!schema.IsScalar() || scalarText(schema) != u"1")
            return reader.fail(schema, u"schema_version"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: schema_version '%3' is not "
                                                         "supported; write schema_version: "
                                                         "\"1\""),
                               {schema.IsScalar() ? scalarText(schema) : QString()});
        if (!isQuoted(schema))
            return reader.fail(schema, u"schema_version"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: schema_version must be the "
                                                         "quoted string \"1\", not the number 1"));
    }

    static const QRegularExpression namePattern(u"^[a-z][a-z0-9-]*$"_s);
    const YAML::Node name = root["name"];
    if (name || !isOverride) {
        if (!name || !name.IsScalar() || (!isQuoted(name) && looksTyped(scalarText(name))) ||
            !namePattern.match(scalarText(name)).hasMatch())
            return reader.fail(name ? name : root, u"name"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: 'name' must be lowercase "
                                                         "letters, digits and '-', starting with "
                                                         "a letter (got '%3')"),
                               {name && name.IsScalar() ? scalarText(name) : QString()},
                               name ? 0 : 1);
        m.name = scalarText(name);
    }

    const YAML::Node type = root["type"];
    if (!type && !isOverride)
        return reader.failAt(1, u"type"_s,
                             QT_TRANSLATE_NOOP("Grex", "%1:%2: 'type' is missing (meta, "
                                                       "declarative or scripted)"));
    if (type) {
        if (!type.IsScalar() || (!isQuoted(type) && looksTyped(scalarText(type))))
            return reader.fail(type, u"type"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: 'type' must be a string"));
        m.type = scalarText(type);
        if (!packTypeNames().contains(m.type)) {
            return Error(ErrorKind::PluginMissing, u"unknown_pack_type"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "%1:%2: unknown pack type '%3' "
                                                           "(expected meta, declarative or "
                                                           "scripted)"),
                                 {reader.file(), QString::number(lineOf(type)), m.type}))
                .withDetail(u"file"_s, reader.file())
                .withDetail(u"line"_s, qint64(lineOf(type)))
                .withDetail(u"rule"_s, u"type"_s)
                .withDetail(u"type"_s, m.type);
        }
    }
    return {};
}

// A `tags` list, of the pack or of a child: each tag checked, sorted, no duplicates.
Result<QStringList> readTags(const ManifestReader &reader, const YAML::Node &node)
{
    Result<QStringList> list = reader.stringList(node, u"tags"_s);
    if (!list)
        return list.error();
    Result<QStringList> tags = normaliseTags(*list);
    if (!tags)
        return reader.fail(node, u"tags"_s, QT_TRANSLATE_NOOP("Grex", "%1:%2: %3"),
                           {tags.error().message().text()});
    return tags;
}

Result<QList<ChildRef>> readChildren(const ManifestReader &reader, const YAML::Node &node)
{
    QList<ChildRef> children;
    if (!node || node.IsNull())
        return children;
    if (!node.IsSequence())
        return reader.fail(node, u"children"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: 'children' must be a list"));
    for (const YAML::Node &child : node) {
        if (!child.IsMap())
            return reader.fail(child, u"children"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: a child must be a mapping with "
                                                         "'url' and optional 'path', 'ref', "
                                                         "'depth', 'filter' and 'tags'"));
        ChildRef ref;
        ref.line = lineOf(child);
        for (const auto &member : child) {
            const QString key = scalarText(member.first);
            if (key != u"url" && key != u"path" && key != u"ref" && key != u"depth" &&
                key != u"filter" && key != u"tags")
                return reader.fail(member.first, u"children"_s,
                                   QT_TRANSLATE_NOOP("Grex", "%1:%2: unknown child key '%3'"),
                                   {key});
            if (key == u"tags") {
                Result<QStringList> tags = readTags(reader, member.second);
                if (!tags)
                    return tags.error();
                ref.tags = std::move(tags).value();
            } else if (!member.second.IsScalar())
                return reader.fail(member.second, u"children"_s,
                                   QT_TRANSLATE_NOOP("Grex", "%1:%2: child '%3' must be a string"),
                                   {key});
        }
        if (!child["url"] || scalarText(child["url"]).isEmpty())
            return reader.fail(child, u"children"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: a child needs a 'url'"));
        ref.url = scalarText(child["url"]);
        if (child["path"])
            ref.path = scalarText(child["path"]);
        if (child["ref"])
            ref.ref = scalarText(child["ref"]);
        if (child["depth"]) {
            bool ok = false;
            const qint64 depth = scalarText(child["depth"]).toLongLong(&ok);
            if (!ok || !checkCloneDepth(depth))
                return reader.fail(child["depth"], u"children"_s,
                                   QT_TRANSLATE_NOOP("Grex", "%1:%2: a child's 'depth' must be a "
                                                             "whole number of at least 1"));
            ref.depth = depth;
        }
        if (child["filter"]) {
            ref.filter = scalarText(child["filter"]);
            if (Result<void> valid = checkCloneFilter(ref.filter); !valid)
                return reader.fail(child["filter"], u"children"_s,
                                   QT_TRANSLATE_NOOP("Grex", "%1:%2: %3"),
                                   {valid.error().message().text()});
        }
        if (!checkBarePath(ref.effectivePath()))
            return reader.fail(child, u"child_path_not_bare"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: child path '%3' must be a single "
                                                         "directory name"),
                               {ref.effectivePath()});
        children.append(ref);
    }
    return children;
}

// `actions` and `teardown`, each entry read by the plugin of the action it names.
Result<void> readActionLists(const ManifestReader &reader, const YAML::Node &root, PackManifest &m)
{
    if (const YAML::Node actions = root["actions"]; actions && !actions.IsNull()) {
        Result<std::vector<Action>> list =
            readActionList(reader, builtinActions(), actions, u"actions"_s, 0);
        if (!list)
            return list.error();
        m.actions = std::move(list).value();
    }
    if (const YAML::Node teardown = root["teardown"]; teardown && !teardown.IsNull()) {
        Result<std::vector<Action>> list =
            readActionList(reader, builtinActions(), teardown, u"teardown"_s, 0);
        if (!list)
            return list.error();
        m.teardown = std::move(list).value();
    }
    return {};
}

Result<void> readGitignore(const ManifestReader &reader, const YAML::Node &root, PackManifest &m)
{
    const YAML::Node ignores = root["x-gitignore"];
    Result<QStringList> gitignore = reader.stringList(ignores, u"x-gitignore"_s);
    if (!gitignore)
        return gitignore.error();
    for (qsizetype i = 0; i < gitignore->size(); ++i) {
        if (!Gitignore::validatePattern(gitignore->at(i)))
            return reader.fail(ignores[size_t(i)], u"x-gitignore"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: x-gitignore entry '%3' spans "
                                                         "lines or looks like a grex marker"),
                               {gitignore->at(i)});
    }
    m.gitignore = *gitignore;
    return {};
}

// A whole document; for an override (isOverride), `present` receives the keys it sets and
// `actionsReplace` its actions_replace.
Result<PackManifest> readManifest(const ManifestReader &reader, const YAML::Node &root,
                                  bool isOverride, QStringList *present = nullptr,
                                  bool *actionsReplace = nullptr)
{
    if (!root || root.IsNull()) {
        if (isOverride)
            return PackManifest();
        return reader.failAt(1, u"name"_s,
                             QT_TRANSLATE_NOOP("Grex", "%1:%2: the file is empty; it needs at "
                                                       "least schema_version, name and type"));
    }
    if (!root.IsMap())
        return reader.fail(root, u"root"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: the top level must be a mapping"));
    PackManifest m;
    m.file = reader.file();
    if (Result<void> keys = readKeys(reader, root, isOverride, m, present); !keys)
        return keys.error();
    if (Result<void> identity = readIdentity(reader, root, isOverride, m); !identity)
        return identity.error();
    if (const YAML::Node version = root["version"]; version && !version.IsNull()) {
        if (!version.IsScalar())
            return reader.fail(version, u"version"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: 'version' must be a scalar"));
        m.version = scalarText(version);
    }
    if (const YAML::Node submodules = root["submodules"]; submodules) {
        Result<bool> value = reader.boolean(submodules, u"submodules"_s);
        if (!value)
            return value.error();
        m.submodules = *value;
    }
    Result<QStringList> depends = reader.stringList(root["depends_on"], u"depends_on"_s);
    if (!depends)
        return depends.error();
    m.dependsOn = *depends;
    Result<QStringList> tags = readTags(reader, root["tags"]);
    if (!tags)
        return tags.error();
    m.tags = std::move(tags).value();
    Result<QList<ChildRef>> children = readChildren(reader, root["children"]);
    if (!children)
        return children.error();
    m.children = *children;
    if (Result<void> actions = readActionLists(reader, root, m); !actions)
        return actions.error();
    if (Result<void> gitignore = readGitignore(reader, root, m); !gitignore)
        return gitignore.error();
    if (isOverride && actionsReplace) {
        if (const YAML::Node replace = root["actions_replace"]; replace) {
            Result<bool> value = reader.boolean(replace, u"actions_replace"_s);
            if (!value)
                return value.error();
            *actionsReplace = *value;
        }
    }
    return m;
}

Result<QByteArray> readLimited(const QString &file)
{
    BoundedRead read = readBounded(file, MaxPackYamlBytes);
    if (read.fault == BoundedRead::Fault::Unreadable) {
        return Error(ErrorKind::PackOp, u"pack_yaml_unreadable"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"), {file, read.reason}))
            .withDetail(u"file"_s, file);
    }
    if (read.fault == BoundedRead::Fault::TooLarge) {
        return Error(ErrorKind::PackOp, u"pack_yaml_invalid"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1:%2: the file is larger than %3 bytes"),
                             {file, u"1"_s, QString::number(MaxPackYamlBytes)}))
            .withDetail(u"file"_s, file)
            .withDetail(u"line"_s, qint64(1))
            .withDetail(u"rule"_s, u"size"_s);
    }
    return std::move(read.bytes);
}

} // namespace

QString ChildRef::effectivePath() const
{
    return path ? *path : derivePathFromUrl(url);
}

PackManifest PackManifest::implicit(const QString &name)
{
    PackManifest m;
    m.name = name;
    m.type = u"meta"_s;
    return m;
}

SharedManifest sharedImplicitManifest()
{
    static const SharedManifest manifest =
        std::make_shared<const PackManifest>(PackManifest::implicit({}));
    return manifest;
}

QString currentOs()
{
#if defined(Q_OS_WIN)
    return u"windows"_s;
#elif defined(Q_OS_MACOS)
    return u"macos"_s;
#else
    return u"linux"_s;
#endif
}

QString packManifestPath(const QString &packDir)
{
    return packDir + u"/.grex/pack.yaml"_s;
}

bool hasPackManifest(const QString &packDir)
{
    return QFileInfo(packManifestPath(packDir)).isFile();
}

Result<PackManifest> parsePackManifest(const QByteArray &yaml, const QString &file)
{
    ManifestReader reader(file);
    Result<YAML::Node> root = reader.load(yaml);
    if (!root)
        return root.error();
    return readManifest(reader, *root, false);
}

Result<PackOverride> parsePackOverride(const QByteArray &yaml, const QString &file)
{
    ManifestReader reader(file);
    Result<YAML::Node> root = reader.load(yaml);
    if (!root)
        return root.error();
    PackOverride result;
    Result<PackManifest> fields =
        readManifest(reader, *root, true, &result.present, &result.actionsReplace);
    if (!fields)
        return fields.error();
    result.fields = std::move(fields).value();
    return result;
}

Result<PackManifest> mergeOverride(const PackManifest &base, const PackOverride &override)
{
    const PackManifest &o = override.fields;
    const auto has = [&](const QString &key) { return override.present.contains(key); };
    for (const auto &[key, baseValue, overrideValue] :
         {std::tuple{u"name"_s, base.name, o.name}, std::tuple{u"type"_s, base.type, o.type}}) {
        if (has(key) && overrideValue != baseValue) {
            return Error(ErrorKind::PackOp, u"pack_yaml_invalid"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "%1:%2: an override cannot change "
                                                           "'%3' ('%4' in pack.yaml, '%5' here)"),
                                 {o.file, u"1"_s, key, baseValue, overrideValue}))
                .withDetail(u"file"_s, o.file)
                .withDetail(u"line"_s, qint64(1))
                .withDetail(u"rule"_s, u"override_identity"_s);
        }
    }
    PackManifest merged = base;
    if (has(u"version"_s))
        merged.version = o.version;
    merged.dependsOn += o.dependsOn;
    if (has(u"submodules"_s))
        merged.submodules = o.submodules;
    if (has(u"tags"_s))
        merged.tags = o.tags;
    merged.children += o.children;
    if (has(u"actions"_s)) {
        if (override.actionsReplace)
            merged.actions = o.actions;
        else
            merged.actions.insert(merged.actions.end(), o.actions.begin(), o.actions.end());
    }
    if (o.teardown) {
        if (override.actionsReplace || !merged.teardown)
            merged.teardown = o.teardown;
        else
            merged.teardown->insert(merged.teardown->end(), o.teardown->begin(), o.teardown->end());
    }
    for (auto it = o.extensions.begin(); it != o.extensions.end(); ++it)
        merged.extensions.insert(it.key(), it.value());
    if (has(u"x-gitignore"_s))
        merged.gitignore = o.gitignore;
    return merged;
}

Result<PackManifest> loadPackManifestAs(const QString &packDir, const QString &packPath,
                                        const QString &where)
{
    Result<PackManifest> manifest = loadPackManifest(packDir);
    if (!manifest)
        return manifest;
    const QString expected = packBaseName(packPath);
    if (manifest->name == expected)
        return manifest;
    return Error(ErrorKind::PackOp, u"pack_name_mismatch"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "the pack in %1 is named '%2' in its "
                                                   "pack.yaml, not '%3'"),
                         {where, manifest->name, expected}))
        .withDetail(u"got"_s, manifest->name)
        .withDetail(u"expected"_s, expected);
}

Result<PackManifest> loadPackManifest(const QString &packDir, const QString &os)
{
    const QString file = packManifestPath(packDir);
    Result<QByteArray> bytes = readLimited(file);
    if (!bytes)
        return bytes.error();
    Result<PackManifest> base = parsePackManifest(*bytes, file);
    if (!base)
        return base;
    const QString overrideFile = packDir + u"/.grex/targets/"_s + os + u".yaml"_s;
    if (!QFileInfo(overrideFile).isFile())
        return base;
    Result<QByteArray> overrideBytes = readLimited(overrideFile);
    if (!overrideBytes)
        return overrideBytes.error();
    Result<PackOverride> override = parsePackOverride(*overrideBytes, overrideFile);
    if (!override)
        return override.error();
    return mergeOverride(*base, *override);
}

QList<Error> validatePack(const PackManifest &manifest)
{
    return builtinActions().validate(manifest.actions, manifest.file);
}

} // namespace Grex
