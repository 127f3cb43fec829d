#include "packmanifest.h"

#include "fs/gitignore.h"
#include "naming.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <sstream>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

const QStringList &builtinPackTypes()
{
    static const QStringList types{u"meta"_s, u"declarative"_s, u"scripted"_s};
    return types;
}

Error invalid(const QString &file, int line, const QString &rule, const char *sourceText,
              QStringList args = {})
{
    QStringList all{file, QString::number(line)};
    all.append(args);
    return Error(ErrorKind::PackOp, u"pack_yaml_invalid"_s, Message(sourceText, all))
        .withDetail(u"file"_s, file)
        .withDetail(u"line"_s, qint64(line))
        .withDetail(u"rule"_s, rule);
}

int lineOf(const YAML::Node &node)
{
    return node.Mark().line >= 0 ? node.Mark().line + 1 : 1;
}

// Finds the first anchor or alias, which pack.yaml does not allow (spec §3.3 step 1): an alias
// can expand a small file into an enormous document.
class AliasDetector : public YAML::EventHandler
{
public:
    int line = 0; // 1-based line of the first anchor or alias; 0 when none

    void OnDocumentStart(const YAML::Mark &) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) override { check(mark, anchor); }
    void OnAlias(const YAML::Mark &mark, YAML::anchor_t) override { flag(mark); }
    void OnScalar(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                  const std::string &) override
    {
        check(mark, anchor);
    }
    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override
    {
        check(mark, anchor);
    }
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override
    {
        check(mark, anchor);
    }
    void OnMapEnd() override {}

private:
    void check(const YAML::Mark &mark, YAML::anchor_t anchor)
    {
        if (anchor != YAML::NullAnchor)
            flag(mark);
    }
    void flag(const YAML::Mark &mark)
    {
        if (line == 0)
            line = mark.line + 1;
    }
};

QString scalarText(const YAML::Node &node)
{
    return QString::fromStdString(node.Scalar());
}

// A YAML string as written: true for quoted scalars and plain scalars that are not numbers,
// booleans or null.
bool isPlainString(const YAML::Node &node)
{
    if (!node.IsScalar())
        return false;
    if (node.Tag() == "!")
        return true; // quoted
    static const QRegularExpression nonString(
        u"^(?:[-+]?[0-9][0-9_]*(?:\\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|0x[0-9a-fA-F]+|0o[0-7]+|"
        "true|false|True|False|TRUE|FALSE|yes|no|Yes|No|YES|NO|on|off|On|Off|ON|OFF|~|null|"
        "Null|NULL|\\.inf|\\.nan)$"_s);
    return !nonString.match(scalarText(node)).hasMatch();
}

Result<QStringList> stringList(const YAML::Node &node, const QString &file, const QString &key)
{
    if (!node || node.IsNull())
        return QStringList();
    if (!node.IsSequence())
        return invalid(file, lineOf(node), key,
                       QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' must be a list of strings"), {key});
    QStringList out;
    for (const YAML::Node &item : node) {
        if (!item.IsScalar())
            return invalid(file, lineOf(item), key,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: every entry of '%3' must be a string"),
                           {key});
        out.append(scalarText(item));
    }
    return out;
}

} // namespace

QString ChildRef::effectivePath() const
{
    return path ? *path : derivePathFromUrl(url);
}

QString packManifestPath(const QString &packDir)
{
    return packDir + u"/.grex/pack.yaml"_s;
}

bool hasPackManifest(const QString &packDir)
{
    return QFileInfo(packManifestPath(packDir)).isFile();
}

Result<PackManifest> loadPackManifest(const QString &packDir)
{
    const QString file = packManifestPath(packDir);
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        return Error(ErrorKind::PackOp, u"pack_yaml_unreadable"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"),
                             {file, f.errorString()}))
            .withDetail(u"file"_s, file);
    }
    if (f.size() > MaxPackYamlBytes) {
        return invalid(file, 1, u"size"_s,
                       QT_TRANSLATE_NOOP("Grex", "%1:%2: the file is larger than %3 bytes"),
                       {QString::number(MaxPackYamlBytes)});
    }
    return parsePackManifest(f.readAll(), file);
}

Result<PackManifest> parsePackManifest(const QByteArray &yaml, const QString &file)
{
    if (yaml.size() > MaxPackYamlBytes) {
        return invalid(file, 1, u"size"_s,
                       QT_TRANSLATE_NOOP("Grex", "%1:%2: the file is larger than %3 bytes"),
                       {QString::number(MaxPackYamlBytes)});
    }
    const std::string text = yaml.toStdString();
    YAML::Node root;
    try {
        std::istringstream events(text);
        YAML::Parser parser(events);
        AliasDetector detector;
        while (parser.HandleNextDocument(detector)) {
            if (detector.line)
                break;
        }
        if (detector.line) {
            return invalid(file, detector.line, u"yaml_alias"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: YAML anchors and aliases are not "
                                                     "allowed in pack.yaml"));
        }
        root = YAML::Load(text);
    } catch (const YAML::Exception &e) {
        return invalid(file, e.mark.line >= 0 ? e.mark.line + 1 : 1, u"yaml"_s,
                       QT_TRANSLATE_NOOP("Grex", "%1:%2: malformed YAML: %3"),
                       {QString::fromStdString(e.msg)});
    }

    if (!root || root.IsNull())
        return invalid(file, 1, u"name"_s,
                       QT_TRANSLATE_NOOP("Grex", "%1:%2: the file is empty; it needs at least "
                                                 "schema_version, name and type"));
    if (!root.IsMap())
        return invalid(file, lineOf(root), u"root"_s,
                       QT_TRANSLATE_NOOP("Grex", "%1:%2: the top level must be a mapping"));

    static const QStringList knownKeys{u"schema_version"_s, u"name"_s,       u"type"_s,
                                       u"version"_s,        u"depends_on"_s, u"children"_s,
                                       u"actions"_s,        u"teardown"_s};
    for (const auto &member : root) {
        if (!member.first.IsScalar())
            return invalid(file, lineOf(member.first), u"key"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: keys must be strings"));
        const QString key = scalarText(member.first);
        if (!knownKeys.contains(key) && !key.startsWith(u"x-"))
            return invalid(file, lineOf(member.first), u"unknown_key"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: unknown key '%3' (extension keys "
                                                     "start with 'x-')"),
                           {key});
    }

    const YAML::Node schema = root["schema_version"];
    if (!schema)
        return invalid(file, 1, u"schema_version"_s,
                       QT_TRANSLATE_NOOP("Grex", "%1:%2: 'schema_version' is missing; write "
                                                 "schema_version: \"1\""));
    if (!schema.IsScalar() || scalarText(schema) != u"1")
        return invalid(file, lineOf(schema), u"schema_version"_s,
                       QT_TRANSLATE_NOOP("Grex", "%1:%2: schema_version '%3' is not supported; "
                                                 "write schema_version: \"1\""),
                       {schema.IsScalar() ? scalarText(schema) : QString()});
    if (schema.Tag() != "!")
        return invalid(file, lineOf(schema), u"schema_version"_s,
                       QT_TRANSLATE_NOOP("Grex", "%1:%2: schema_version must be the quoted "
                                                 "string \"1\", not the number 1"));

    PackManifest manifest;
    const YAML::Node name = root["name"];
    static const QRegularExpression namePattern(u"^[a-z][a-z0-9-]*$"_s);
    if (!name || !name.IsScalar() || !isPlainString(name) ||
        !namePattern.match(scalarText(name)).hasMatch())
        return invalid(file, name ? lineOf(name) : 1, u"name"_s,
                       QT_TRANSLATE_NOOP("Grex", "%1:%2: 'name' must be lowercase letters, digits "
                                                 "and '-', starting with a letter (got '%3')"),
                       {name && name.IsScalar() ? scalarText(name) : QString()});
    manifest.name = scalarText(name);

    const YAML::Node type = root["type"];
    if (!type)
        return invalid(file, 1, u"type"_s,
                       QT_TRANSLATE_NOOP("Grex", "%1:%2: 'type' is missing (meta, declarative or "
                                                 "scripted)"));
    if (!type.IsScalar() || !isPlainString(type))
        return invalid(file, lineOf(type), u"type"_s,
                       QT_TRANSLATE_NOOP("Grex", "%1:%2: 'type' must be a string"));
    manifest.type = scalarText(type);
    if (!builtinPackTypes().contains(manifest.type)) {
        return Error(ErrorKind::PluginMissing, u"unknown_pack_type"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1:%2: unknown pack type '%3' (expected "
                                                       "meta, declarative or scripted)"),
                             {file, QString::number(lineOf(type)), manifest.type}))
            .withDetail(u"file"_s, file)
            .withDetail(u"type"_s, manifest.type);
    }

    if (const YAML::Node version = root["version"]; version && !version.IsNull()) {
        if (!version.IsScalar())
            return invalid(file, lineOf(version), u"version"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: 'version' must be a scalar"));
        manifest.version = scalarText(version);
    }

    Result<QStringList> depends = stringList(root["depends_on"], file, u"depends_on"_s);
    if (!depends)
        return depends.error();
    manifest.dependsOn = *depends;

    if (const YAML::Node children = root["children"]; children && !children.IsNull()) {
        if (!children.IsSequence())
            return invalid(file, lineOf(children), u"children"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: 'children' must be a list"));
        for (const YAML::Node &child : children) {
            if (!child.IsMap())
                return invalid(file, lineOf(child), u"children"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: a child must be a mapping with "
                                                         "'url' and optional 'path' and 'ref'"));
            ChildRef ref;
            for (const auto &member : child) {
                const QString key = scalarText(member.first);
                if (key != u"url" && key != u"path" && key != u"ref")
                    return invalid(file, lineOf(member.first), u"children"_s,
                                   QT_TRANSLATE_NOOP("Grex", "%1:%2: unknown child key '%3'"),
                                   {key});
                if (!member.second.IsScalar())
                    return invalid(file, lineOf(member.second), u"children"_s,
                                   QT_TRANSLATE_NOOP("Grex", "%1:%2: child '%3' must be a string"),
                                   {key});
            }
            if (!child["url"])
                return invalid(file, lineOf(child), u"children"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: a child needs a 'url'"));
            ref.url = scalarText(child["url"]);
            if (child["path"])
                ref.path = scalarText(child["path"]);
            if (child["ref"])
                ref.ref = scalarText(child["ref"]);
            if (!checkBarePath(ref.effectivePath()))
                return invalid(file, lineOf(child), u"child_path_not_bare"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: child path '%3' must be a single "
                                                         "directory name"),
                               {ref.effectivePath()});
            manifest.children.append(ref);
        }
    }

    Result<QStringList> gitignore = stringList(root["x-gitignore"], file, u"x-gitignore"_s);
    if (!gitignore)
        return gitignore.error();
    const YAML::Node gitignoreNode = root["x-gitignore"];
    for (qsizetype i = 0; i < gitignore->size(); ++i) {
        if (!Gitignore::validatePattern(gitignore->at(i))) {
            return invalid(file, lineOf(gitignoreNode[size_t(i)]), u"x-gitignore"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: x-gitignore entry '%3' spans lines "
                                                     "or looks like a grex marker"),
                           {gitignore->at(i)});
        }
    }
    manifest.gitignore = *gitignore;
    return manifest;
}

} // namespace Grex
