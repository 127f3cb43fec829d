#include "packmanifest.h"

#include "fs/gitignore.h"
#include "naming.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringDecoder>
#include <QSet>

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <sstream>

using namespace Qt::StringLiterals;

namespace Grex {

const QStringList &packTypeNames()
{
    static const QStringList types{u"meta"_s, u"declarative"_s, u"scripted"_s};
    return types;
}

namespace {

int lineOf(const YAML::Node &node)
{
    return node.Mark().line >= 0 ? node.Mark().line + 1 : 1;
}

QString scalarText(const YAML::Node &node)
{
    return QString::fromStdString(node.Scalar());
}

bool isQuoted(const YAML::Node &node)
{
    return node.Tag() == "!";
}

// A plain scalar YAML 1.1 would read as a number, a boolean or null.
bool looksTyped(const QString &text)
{
    static const QRegularExpression typed(
        u"^(?:[-+]?[0-9][0-9_]*(?:\\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|0x[0-9a-fA-F]+|0o[0-7]+|"
        "true|false|True|False|TRUE|FALSE|yes|no|Yes|No|YES|NO|on|off|On|Off|ON|OFF|~|null|"
        "Null|NULL|\\.inf|\\.nan)$"_s);
    return typed.match(text).hasMatch();
}

// Checks the event stream before any node is built: the first anchor or alias (an alias can expand
// a small file into an enormous document) and the first mapping key given twice (yaml-cpp keeps one
// silently, so a repeated `actions:` would lose a list).
class StructureChecker : public YAML::EventHandler
{
public:
    int aliasLine = 0;
    int duplicateLine = 0;
    QString duplicateKey;
    int stalledLine = 0;
    int stalledPos = 0;

    bool failed() const { return aliasLine || duplicateLine || stalledLine; }

    void OnDocumentStart(const YAML::Mark &mark) override
    {
        // yaml-cpp 0.7 reports a null document without consuming anything when a document
        // starts with a token that cannot start a node (a stray ','), and would report it
        // forever: a second document at the same position means the parser is stuck.
        if (mark.pos == m_lastDocumentPos && mark.pos >= 0 && stalledLine == 0) {
            stalledLine = mark.line + 1;
            stalledPos = mark.pos;
        }
        m_lastDocumentPos = mark.pos;
    }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) override
    {
        check(mark, anchor);
        node(mark, nullptr);
    }
    void OnAlias(const YAML::Mark &mark, YAML::anchor_t) override
    {
        flagAlias(mark);
        node(mark, nullptr);
    }
    void OnScalar(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                  const std::string &value) override
    {
        check(mark, anchor);
        node(mark, &value);
    }
    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override
    {
        check(mark, anchor);
        node(mark, nullptr);
        m_frames.push_back({false, true, {}});
    }
    void OnSequenceEnd() override { m_frames.pop_back(); }
    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override
    {
        check(mark, anchor);
        node(mark, nullptr);
        m_frames.push_back({true, true, {}});
    }
    void OnMapEnd() override { m_frames.pop_back(); }

private:
    struct Frame
    {
        bool isMap;
        bool expectKey;
        QSet<QString> keys;
    };

    // A node starts in the current container: in a mapping, keys and values alternate.
    void node(const YAML::Mark &mark, const std::string *scalar)
    {
        if (m_frames.empty() || !m_frames.back().isMap)
            return;
        Frame &frame = m_frames.back();
        if (frame.expectKey && scalar) {
            const QString key = QString::fromStdString(*scalar);
            if (frame.keys.contains(key) && duplicateLine == 0) {
                duplicateLine = mark.line + 1;
                duplicateKey = key;
            }
            frame.keys.insert(key);
        }
        frame.expectKey = !frame.expectKey;
    }
    void check(const YAML::Mark &mark, YAML::anchor_t anchor)
    {
        if (anchor != YAML::NullAnchor)
            flagAlias(mark);
    }
    void flagAlias(const YAML::Mark &mark)
    {
        if (aliasLine == 0)
            aliasLine = mark.line + 1;
    }

    std::vector<Frame> m_frames;
    int m_lastDocumentPos = -1;
};

// The line of the first byte sequence that is not UTF-8; 0 when the text is UTF-8. yaml-cpp
// would turn such bytes into U+FFFD, so a path written in pack.yaml would not be the one used.
int invalidUtf8Line(QByteArrayView text)
{
    for (int line = 1;; ++line) {
        const qsizetype newline = text.indexOf('\n');
        QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        const QString decoded = decoder.decode(newline < 0 ? text : text.first(newline));
        if (decoder.hasError())
            return line;
        if (newline < 0)
            return 0;
        text = text.sliced(newline + 1);
    }
}

// The line of a quoted scalar that the file never closes; 0 when every quote is closed.
// yaml-cpp silently ends such a scalar at the end of the file. A quote opens a scalar only
// where a scalar can start (after indentation, "- ", ": ", "[", "{", ",", "? "); the content
// of block scalars (| and >) is text, not YAML, and is skipped.
int unclosedQuoteLine(const QByteArray &yaml)
{
    static const QRegularExpression blockHeader(u"(^|[\\s:-])[|>][-+0-9]*\\s*(#.*)?$"_s);
    const QList<QByteArray> lines = yaml.split('\n');
    char open = 0;
    int openLine = 0;
    int blockIndent = -1; // lines indented more than this belong to a block scalar
    for (qsizetype n = 0; n < lines.size(); ++n) {
        const QByteArray &text = lines.at(n);
        int indent = 0;
        while (indent < text.size() && text.at(indent) == ' ')
            ++indent;
        if (!open && blockIndent >= 0) {
            if (text.trimmed().isEmpty() || indent > blockIndent)
                continue;
            blockIndent = -1;
        }
        char previous = ' ';
        char lastSignificant = '\n';
        bool comment = false;
        for (qsizetype i = 0; i < text.size(); ++i) {
            const char c = text.at(i);
            if (open == '"') {
                if (c == '\\')
                    ++i; // skip the escaped character
                else if (c == '"')
                    open = 0;
            } else if (open == '\'') {
                if (c == '\'' && i + 1 < text.size() && text.at(i + 1) == '\'')
                    ++i; // '' is an escaped quote
                else if (c == '\'')
                    open = 0;
            } else if (!comment) {
                if (c == '#' && (previous == ' ' || previous == '\t')) {
                    comment = true;
                } else if ((c == '"' || c == '\'') &&
                           QByteArrayView("\n-:[{,?").contains(lastSignificant) &&
                           QByteArrayView(" \t[{,").contains(previous)) {
                    open = c;
                    openLine = int(n) + 1;
                }
                if (c != ' ' && c != '\t' && !comment)
                    lastSignificant = c;
            }
            previous = c;
        }
        if (!open && blockHeader.match(QString::fromUtf8(text)).hasMatch())
            blockIndent = indent;
    }
    return open ? openLine : 0;
}

JsonValue toJson(const YAML::Node &node)
{
    if (!node || node.IsNull())
        return {};
    if (node.IsScalar()) {
        const QString text = scalarText(node);
        if (isQuoted(node) || !looksTyped(text))
            return text;
        if (text == u"true" || text == u"True" || text == u"TRUE")
            return true;
        if (text == u"false" || text == u"False" || text == u"FALSE")
            return false;
        bool ok = false;
        const qint64 integer = text.toLongLong(&ok);
        if (ok)
            return integer;
        const double real = text.toDouble(&ok);
        if (ok)
            return real;
        return text;
    }
    if (node.IsSequence()) {
        JsonArray array;
        for (const YAML::Node &item : node)
            array.append(toJson(item));
        return array;
    }
    JsonObject object;
    for (const auto &member : node)
        object.insert(scalarText(member.first), toJson(member.second));
    return object;
}

// Reads one pack.yaml (or override) document. Each method reports the first broken rule.
class Parser
{
public:
    explicit Parser(QString file) : m_file(std::move(file)) {}

    Result<YAML::Node> load(const QByteArray &yaml)
    {
        if (yaml.size() > MaxPackYamlBytes)
            return failAt(1, u"size"_s,
                          QT_TRANSLATE_NOOP("Grex", "%1:%2: the file is larger than %3 bytes"),
                          {QString::number(MaxPackYamlBytes)});
        if (const int line = invalidUtf8Line(yaml)) {
            return failAt(line, u"yaml"_s,
                          QT_TRANSLATE_NOOP("Grex", "%1:%2: the file is not valid UTF-8"));
        }
        const std::string text = yaml.toStdString();
        m_lines = yaml.split('\n');
        try {
            std::istringstream events(text);
            YAML::Parser parser(events);
            StructureChecker checker;
            while (!checker.failed() && parser.HandleNextDocument(checker)) {
            }
            if (checker.stalledLine) {
                const char c = checker.stalledPos < yaml.size() ? yaml.at(checker.stalledPos) : 0;
                const QString what = c > ' ' && c < 127
                                         ? u"unexpected '%1'"_s.arg(QChar::fromLatin1(c))
                                         : u"unexpected byte 0x%1"_s.arg(uint(uchar(c)), 2, 16,
                                                                         QChar(u'0'));
                return failAt(checker.stalledLine, u"yaml"_s,
                              QT_TRANSLATE_NOOP("Grex", "%1:%2: malformed YAML: %3"), {what});
            }
            if (checker.aliasLine) {
                return failAt(checker.aliasLine, u"yaml_alias"_s,
                              QT_TRANSLATE_NOOP("Grex", "%1:%2: YAML anchors and aliases are not "
                                                        "allowed in pack.yaml"));
            }
            if (checker.duplicateLine) {
                return failAt(checker.duplicateLine, u"yaml"_s,
                              QT_TRANSLATE_NOOP("Grex", "%1:%2: the key '%3' appears twice in the "
                                                        "same mapping"),
                              {checker.duplicateKey});
            }
            if (const int quoteLine = unclosedQuoteLine(yaml)) {
                return failAt(quoteLine, u"yaml"_s,
                              QT_TRANSLATE_NOOP("Grex", "%1:%2: malformed YAML: a quoted string "
                                                        "that starts here is never closed"));
            }
            return YAML::Load(text);
        } catch (const YAML::DeepRecursion &e) {
            // yaml-cpp's own message for this is "bad file".
            return failAt(e.mark.line >= 0 ? e.mark.line + 1 : 1, u"yaml"_s,
                          QT_TRANSLATE_NOOP("Grex", "%1:%2: malformed YAML: nested more than %3 "
                                                    "levels deep"),
                          {QString::number(e.depth() - 1)});
        } catch (const YAML::Exception &e) {
            return failAt(e.mark.line >= 0 ? e.mark.line + 1 : 1, u"yaml"_s,
                          QT_TRANSLATE_NOOP("Grex", "%1:%2: malformed YAML: %3"),
                          {QString::fromStdString(e.msg)});
        }
    }

    Result<PackManifest> manifest(const YAML::Node &root, bool isOverride,
                                  QStringList *present = nullptr, bool *actionsReplace = nullptr)
    {
        if (!root || root.IsNull()) {
            if (isOverride)
                return PackManifest();
            return failAt(1, u"name"_s,
                          QT_TRANSLATE_NOOP("Grex", "%1:%2: the file is empty; it needs at least "
                                                    "schema_version, name and type"));
        }
        if (!root.IsMap())
            return fail(root, u"root"_s,
                        QT_TRANSLATE_NOOP("Grex", "%1:%2: the top level must be a mapping"));

        static const QStringList known{u"schema_version"_s, u"name"_s,       u"type"_s,
                                       u"version"_s,        u"depends_on"_s, u"children"_s,
                                       u"actions"_s,        u"teardown"_s};
        PackManifest m;
        m.file = m_file;
        for (const auto &member : root) {
            if (!member.first.IsScalar())
                return fail(member.first, u"key"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: keys must be strings"));
            const QString key = scalarText(member.first);
            const bool overrideKey = isOverride && key == u"actions_replace";
            if (!known.contains(key) && !key.startsWith(u"x-") && !overrideKey)
                return fail(member.first, u"unknown_key"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: unknown key '%3' (extension keys "
                                                      "start with 'x-')"),
                            {key});
            if (present)
                present->append(key);
            if (key.startsWith(u"x-"))
                m.extensions.insert(key, toJson(member.second));
        }

        const YAML::Node schema = root["schema_version"];
        if (!isOverride && !schema)
            return failAt(1, u"schema_version"_s,
                          QT_TRANSLATE_NOOP("Grex", "%1:%2: 'schema_version' is missing; write "
                                                    "schema_version: \"1\""));
        if (schema) {
            if (!schema.IsScalar() || scalarText(schema) != u"1")
                return fail(schema, u"schema_version"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: schema_version '%3' is not "
                                                      "supported; write schema_version: \"1\""),
                            {schema.IsScalar() ? scalarText(schema) : QString()});
            if (!isQuoted(schema))
                return fail(schema, u"schema_version"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: schema_version must be the quoted "
                                                      "string \"1\", not the number 1"));
        }

        static const QRegularExpression namePattern(u"^[a-z][a-z0-9-]*$"_s);
        const YAML::Node name = root["name"];
        if (name || !isOverride) {
            if (!name || !name.IsScalar() || (!isQuoted(name) && looksTyped(scalarText(name))) ||
                !namePattern.match(scalarText(name)).hasMatch())
                return fail(name ? name : root, u"name"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: 'name' must be lowercase letters, "
                                                      "digits and '-', starting with a letter "
                                                      "(got '%3')"),
                            {name && name.IsScalar() ? scalarText(name) : QString()}, name ? 0 : 1);
            m.name = scalarText(name);
        }

        const YAML::Node type = root["type"];
        if (!type && !isOverride)
            return failAt(1, u"type"_s,
                          QT_TRANSLATE_NOOP("Grex", "%1:%2: 'type' is missing (meta, declarative "
                                                    "or scripted)"));
        if (type) {
            if (!type.IsScalar() || (!isQuoted(type) && looksTyped(scalarText(type))))
                return fail(type, u"type"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: 'type' must be a string"));
            m.type = scalarText(type);
            if (!packTypeNames().contains(m.type)) {
                return Error(ErrorKind::PluginMissing, u"unknown_pack_type"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "%1:%2: unknown pack type '%3' "
                                                               "(expected meta, declarative or "
                                                               "scripted)"),
                                     {m_file, QString::number(lineOf(type)), m.type}))
                    .withDetail(u"file"_s, m_file)
                    .withDetail(u"line"_s, qint64(lineOf(type)))
                    .withDetail(u"rule"_s, u"type"_s)
                    .withDetail(u"type"_s, m.type);
            }
        }

        if (const YAML::Node version = root["version"]; version && !version.IsNull()) {
            if (!version.IsScalar())
                return fail(version, u"version"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: 'version' must be a scalar"));
            m.version = scalarText(version);
        }

        Result<QStringList> depends = stringList(root["depends_on"], u"depends_on"_s);
        if (!depends)
            return depends.error();
        m.dependsOn = *depends;

        Result<QList<ChildRef>> children = childList(root["children"]);
        if (!children)
            return children.error();
        m.children = *children;

        if (const YAML::Node actions = root["actions"]; actions && !actions.IsNull()) {
            Result<std::vector<Action>> list = actionList(actions, u"actions"_s, 0);
            if (!list)
                return list.error();
            m.actions = std::move(list).value();
        }
        if (const YAML::Node teardown = root["teardown"]; teardown && !teardown.IsNull()) {
            Result<std::vector<Action>> list = actionList(teardown, u"teardown"_s, 0);
            if (!list)
                return list.error();
            m.teardown = std::move(list).value();
        }

        const YAML::Node ignores = root["x-gitignore"];
        Result<QStringList> gitignore = stringList(ignores, u"x-gitignore"_s);
        if (!gitignore)
            return gitignore.error();
        for (qsizetype i = 0; i < gitignore->size(); ++i) {
            if (!Gitignore::validatePattern(gitignore->at(i)))
                return fail(ignores[size_t(i)], u"x-gitignore"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: x-gitignore entry '%3' spans lines "
                                                      "or looks like a grex marker"),
                            {gitignore->at(i)});
        }
        m.gitignore = *gitignore;

        if (isOverride && actionsReplace) {
            if (const YAML::Node replace = root["actions_replace"]; replace) {
                Result<bool> value = boolean(replace, u"actions_replace"_s);
                if (!value)
                    return value.error();
                *actionsReplace = *value;
            }
        }
        return m;
    }

private:
    Error failAt(int line, const QString &rule, const char *sourceText, QStringList args = {})
    {
        QStringList all{m_file, QString::number(line)};
        all.append(args);
        return Error(ErrorKind::PackOp, u"pack_yaml_invalid"_s, Message(sourceText, all))
            .withDetail(u"file"_s, m_file)
            .withDetail(u"line"_s, qint64(line))
            .withDetail(u"rule"_s, rule);
    }

    Error fail(const YAML::Node &node, const QString &rule, const char *sourceText,
               QStringList args = {}, int line = 0)
    {
        return failAt(line ? line : lineOf(node), rule, sourceText, std::move(args));
    }

    Result<QString> string(const YAML::Node &node, const QString &what)
    {
        if (!node.IsScalar() || (!isQuoted(node) && looksTyped(scalarText(node))))
            return fail(node, u"action_args"_s,
                        QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' must be a string"), {what});
        return scalarText(node);
    }

    Result<bool> boolean(const YAML::Node &node, const QString &what)
    {
        if (node.IsScalar() && !isQuoted(node)) {
            const QString text = scalarText(node);
            if (text == u"true" || text == u"True" || text == u"TRUE")
                return true;
            if (text == u"false" || text == u"False" || text == u"FALSE")
                return false;
        }
        return fail(node, u"action_args"_s,
                    QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' must be true or false"), {what});
    }

    Result<QString> oneOf(const YAML::Node &node, const QString &what, const QStringList &values)
    {
        Result<QString> text = string(node, what);
        if (!text)
            return text;
        if (!values.contains(*text))
            return fail(node, u"action_args"_s,
                        QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' must be one of %4 (got '%5')"),
                        {what, values.join(u", "_s), *text});
        return text;
    }

    Result<QStringList> stringList(const YAML::Node &node, const QString &key)
    {
        if (!node || node.IsNull())
            return QStringList();
        if (!node.IsSequence())
            return fail(node, key,
                        QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' must be a list of strings"), {key});
        QStringList out;
        for (const YAML::Node &item : node) {
            if (!item.IsScalar())
                return fail(item, key,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: every entry of '%3' must be a "
                                                      "string"),
                            {key});
            out.append(scalarText(item));
        }
        return out;
    }

    Result<QList<ChildRef>> childList(const YAML::Node &node)
    {
        QList<ChildRef> children;
        if (!node || node.IsNull())
            return children;
        if (!node.IsSequence())
            return fail(node, u"children"_s,
                        QT_TRANSLATE_NOOP("Grex", "%1:%2: 'children' must be a list"));
        for (const YAML::Node &child : node) {
            if (!child.IsMap())
                return fail(child, u"children"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: a child must be a mapping with "
                                                      "'url' and optional 'path', 'ref', "
                                                      "'depth' and 'filter'"));
            ChildRef ref;
            ref.line = lineOf(child);
            for (const auto &member : child) {
                const QString key = scalarText(member.first);
                if (key != u"url" && key != u"path" && key != u"ref" && key != u"depth" &&
                    key != u"filter")
                    return fail(member.first, u"children"_s,
                                QT_TRANSLATE_NOOP("Grex", "%1:%2: unknown child key '%3'"), {key});
                if (!member.second.IsScalar())
                    return fail(member.second, u"children"_s,
                                QT_TRANSLATE_NOOP("Grex", "%1:%2: child '%3' must be a string"),
                                {key});
            }
            if (!child["url"] || scalarText(child["url"]).isEmpty())
                return fail(child, u"children"_s,
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
                    return fail(child["depth"], u"children"_s,
                                QT_TRANSLATE_NOOP("Grex", "%1:%2: a child's 'depth' must be a "
                                                          "whole number of at least 1"));
                ref.depth = depth;
            }
            if (child["filter"]) {
                ref.filter = scalarText(child["filter"]);
                if (Result<void> valid = checkCloneFilter(ref.filter); !valid)
                    return fail(child["filter"], u"children"_s,
                                QT_TRANSLATE_NOOP("Grex", "%1:%2: %3"),
                                {valid.error().message().text()});
            }
            if (!checkBarePath(ref.effectivePath()))
                return fail(child, u"child_path_not_bare"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: child path '%3' must be a single "
                                                      "directory name"),
                            {ref.effectivePath()});
            children.append(ref);
        }
        return children;
    }

    Result<std::vector<Action>> actionList(const YAML::Node &node, const QString &key, int depth)
    {
        if (!node.IsSequence())
            return fail(node, key, QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' must be a list"), {key});
        std::vector<Action> actions;
        for (const YAML::Node &entry : node) {
            Result<Action> action = parseAction(entry, depth);
            if (!action)
                return action.error();
            actions.push_back(std::move(action).value());
        }
        return actions;
    }

    // The argument mapping of an action: every key must be one of `allowed`, so a typo such as
    // `bakup: true` is an error instead of being ignored.
    Result<void> checkArgs(const YAML::Node &args, const QString &action,
                           const QStringList &allowed)
    {
        if (!args.IsMap())
            return fail(args, u"action_args"_s,
                        QT_TRANSLATE_NOOP("Grex", "%1:%2: the arguments of '%3' must be a "
                                                  "mapping"),
                        {action});
        for (const auto &member : args) {
            const QString key = scalarText(member.first);
            if (!allowed.contains(key))
                return fail(member.first, u"action_args"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' does not take the argument "
                                                      "'%4' (it takes %5)"),
                            {action, key, allowed.join(u", "_s)});
        }
        return {};
    }

    Result<QString> required(const YAML::Node &args, const QString &action, const QString &key)
    {
        const YAML::Node value = args[key.toStdString()];
        if (!value)
            return fail(args, u"action_args"_s,
                        QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' needs the argument '%4'"),
                        {action, key});
        return string(value, action + u'.' + key);
    }

    Result<Action> parseAction(const YAML::Node &entry, int depth)
    {
        if (!entry.IsMap() || entry.size() == 0)
            return fail(entry, u"empty_action_entry"_s,
                        QT_TRANSLATE_NOOP("Grex", "%1:%2: an action must be a mapping with one "
                                                  "key naming it"),
                        {}, entryLine(entry));
        if (entry.size() > 1) {
            QStringList keys;
            for (const auto &member : entry)
                keys.append(scalarText(member.first));
            return fail(entry, u"multiple_action_keys"_s,
                        QT_TRANSLATE_NOOP("Grex", "%1:%2: an action has exactly one key, this "
                                                  "entry has %3"),
                        {keys.join(u", "_s)});
        }
        const auto member = *entry.begin();
        const QString name = scalarText(member.first);
        const YAML::Node args = member.second;
        Action action;
        action.name = name;
        action.line = lineOf(member.first);

        if (name == u"symlink") {
            if (Result<void> ok = checkArgs(
                    args, name, {u"src"_s, u"dst"_s, u"backup"_s, u"normalize"_s, u"kind"_s});
                !ok)
                return ok.error();
            SymlinkArgs a;
            Result<QString> src = required(args, name, u"src"_s);
            if (!src)
                return src.error();
            Result<QString> dst = required(args, name, u"dst"_s);
            if (!dst)
                return dst.error();
            a.src = *src;
            a.dst = *dst;
            if (args["backup"]) {
                Result<bool> b = boolean(args["backup"], u"symlink.backup"_s);
                if (!b)
                    return b.error();
                a.backup = *b;
            }
            if (args["normalize"]) {
                Result<bool> b = boolean(args["normalize"], u"symlink.normalize"_s);
                if (!b)
                    return b.error();
                a.normalize = *b;
            }
            if (args["kind"]) {
                Result<QString> k =
                    oneOf(args["kind"], u"symlink.kind"_s, {u"auto"_s, u"file"_s, u"directory"_s});
                if (!k)
                    return k.error();
                a.kind = *k;
            }
            action.args = a;
        } else if (name == u"env") {
            if (Result<void> ok = checkArgs(args, name, {u"name"_s, u"value"_s, u"scope"_s}); !ok)
                return ok.error();
            EnvArgs a;
            Result<QString> varName = required(args, name, u"name"_s);
            if (!varName)
                return varName.error();
            static const QRegularExpression validName(u"^[A-Za-z_][A-Za-z0-9_]*$"_s);
            if (!validName.match(*varName).hasMatch())
                return fail(args["name"], u"action_args"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' is not a valid variable name"),
                            {*varName});
            Result<QString> value = required(args, name, u"value"_s);
            if (!value)
                return value.error();
            a.name = *varName;
            a.value = *value;
            if (args["scope"]) {
                Result<QString> scope =
                    oneOf(args["scope"], u"env.scope"_s, {u"user"_s, u"machine"_s, u"session"_s});
                if (!scope)
                    return scope.error();
                a.scope = *scope;
            }
            action.args = a;
        } else if (name == u"mkdir") {
            if (Result<void> ok = checkArgs(args, name, {u"path"_s, u"mode"_s}); !ok)
                return ok.error();
            MkdirArgs a;
            Result<QString> path = required(args, name, u"path"_s);
            if (!path)
                return path.error();
            a.path = *path;
            if (const YAML::Node mode = args["mode"]; mode) {
                static const QRegularExpression octal(u"^0?[0-7]{3,4}$"_s);
                if (!mode.IsScalar() || !octal.match(scalarText(mode)).hasMatch())
                    return fail(mode, u"action_args"_s,
                                QT_TRANSLATE_NOOP("Grex", "%1:%2: 'mkdir.mode' must be an octal "
                                                          "mode like \"755\""));
                a.mode = scalarText(mode);
            }
            action.args = a;
        } else if (name == u"rmdir") {
            if (Result<void> ok = checkArgs(args, name, {u"path"_s, u"backup"_s, u"force"_s}); !ok)
                return ok.error();
            RmdirArgs a;
            Result<QString> path = required(args, name, u"path"_s);
            if (!path)
                return path.error();
            a.path = *path;
            for (const auto &[key, field] :
                 {std::pair{u"backup"_s, &a.backup}, std::pair{u"force"_s, &a.force}}) {
                if (args[key.toStdString()]) {
                    Result<bool> b = boolean(args[key.toStdString()], u"rmdir."_s + key);
                    if (!b)
                        return b.error();
                    *field = *b;
                }
            }
            action.args = a;
        } else if (name == u"require") {
            if (Result<void> ok =
                    checkArgs(args, name, {u"all_of"_s, u"any_of"_s, u"none_of"_s, u"on_fail"_s});
                !ok)
                return ok.error();
            RequireArgs a;
            int combiners = 0;
            for (const QString &key : {u"all_of"_s, u"any_of"_s, u"none_of"_s})
                combiners += args[key.toStdString()] ? 1 : 0;
            if (combiners != 1)
                return fail(args, u"require_combiner_arity"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: 'require' needs exactly one of "
                                                      "all_of, any_of and none_of (found %3)"),
                            {QString::number(combiners)});
            for (const auto &[key, kind] : {std::pair{u"all_of"_s, Predicate::Kind::AllOf},
                                            std::pair{u"any_of"_s, Predicate::Kind::AnyOf},
                                            std::pair{u"none_of"_s, Predicate::Kind::NoneOf}}) {
                if (const YAML::Node list = args[key.toStdString()]; list) {
                    Result<std::vector<Predicate>> preds = predicateList(list, key, depth + 1);
                    if (!preds)
                        return preds.error();
                    a.combiner.kind = kind;
                    a.combiner.children = std::move(preds).value();
                }
            }
            if (args["on_fail"]) {
                Result<QString> onFail = oneOf(args["on_fail"], u"require.on_fail"_s,
                                               {u"error"_s, u"skip"_s, u"warn"_s});
                if (!onFail)
                    return onFail.error();
                a.onFail = *onFail;
            }
            action.args = a;
        } else if (name == u"when") {
            if (Result<void> ok = checkArgs(
                    args, name, {u"os"_s, u"all_of"_s, u"any_of"_s, u"none_of"_s, u"actions"_s});
                !ok)
                return ok.error();
            WhenArgs a;
            if (args["os"]) {
                Result<QString> os =
                    oneOf(args["os"], u"when.os"_s, {u"windows"_s, u"linux"_s, u"macos"_s});
                if (!os)
                    return os.error();
                a.os = *os;
            }
            for (const auto &[key, field] :
                 {std::pair{u"all_of"_s, &a.allOf}, std::pair{u"any_of"_s, &a.anyOf},
                  std::pair{u"none_of"_s, &a.noneOf}}) {
                if (const YAML::Node list = args[key.toStdString()]; list) {
                    Result<std::vector<Predicate>> preds = predicateList(list, key, depth + 1);
                    if (!preds)
                        return preds.error();
                    *field = std::move(preds).value();
                }
            }
            if (const YAML::Node nested = args["actions"]; nested && !nested.IsNull()) {
                if (depth + 1 > MaxPredicateDepth)
                    return fail(nested, u"require_depth"_s,
                                QT_TRANSLATE_NOOP("Grex", "%1:%2: nesting deeper than %3 levels"),
                                {QString::number(MaxPredicateDepth)});
                Result<std::vector<Action>> list = actionList(nested, u"when.actions"_s, depth + 1);
                if (!list)
                    return list.error();
                a.actions = std::move(list).value();
            }
            action.args = std::move(a);
        } else if (name == u"exec") {
            if (Result<void> ok = checkArgs(
                    args, name,
                    {u"cmd"_s, u"cmd_shell"_s, u"shell"_s, u"cwd"_s, u"env"_s, u"on_fail"_s});
                !ok)
                return ok.error();
            ExecArgs a;
            if (args["shell"]) {
                Result<bool> b = boolean(args["shell"], u"exec.shell"_s);
                if (!b)
                    return b.error();
                a.shell = *b;
            }
            const bool hasCmd = bool(args["cmd"]);
            const bool hasShell = bool(args["cmd_shell"]);
            if (a.shell ? (hasCmd || !hasShell) : (!hasCmd || hasShell)) {
                return fail(args, u"exec_cmd_mutex"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: 'exec' takes 'cmd' (a list) without "
                                                      "shell, or 'cmd_shell' (a string) with "
                                                      "shell: true (shell: %3, cmd: %4, "
                                                      "cmd_shell: %5)"),
                            {a.shell ? u"true"_s : u"false"_s, hasCmd ? u"yes"_s : u"no"_s,
                             hasShell ? u"yes"_s : u"no"_s});
            }
            if (hasCmd) {
                const YAML::Node cmd = args["cmd"];
                if (!cmd.IsSequence())
                    return fail(cmd, u"action_args"_s,
                                QT_TRANSLATE_NOOP("Grex", "%1:%2: 'exec.cmd' must be a list of "
                                                          "strings"));
                QStringList argv;
                for (const YAML::Node &item : cmd) {
                    if (!item.IsScalar())
                        return fail(item, u"action_args"_s,
                                    QT_TRANSLATE_NOOP("Grex", "%1:%2: every entry of 'exec.cmd' "
                                                              "must be a string"));
                    argv.append(scalarText(item));
                }
                if (argv.isEmpty())
                    return fail(cmd, u"exec_invalid"_s,
                                QT_TRANSLATE_NOOP("Grex", "%1:%2: 'exec.cmd' is empty"));
                a.cmd = argv;
            } else {
                Result<QString> line = string(args["cmd_shell"], u"exec.cmd_shell"_s);
                if (!line)
                    return line.error();
                if (line->trimmed().isEmpty())
                    return fail(args["cmd_shell"], u"exec_invalid"_s,
                                QT_TRANSLATE_NOOP("Grex", "%1:%2: 'exec.cmd_shell' is empty"));
                a.cmdShell = *line;
            }
            if (args["cwd"]) {
                Result<QString> cwd = string(args["cwd"], u"exec.cwd"_s);
                if (!cwd)
                    return cwd.error();
                a.cwd = *cwd;
            }
            if (const YAML::Node env = args["env"]; env && !env.IsNull()) {
                if (!env.IsMap())
                    return fail(env, u"action_args"_s,
                                QT_TRANSLATE_NOOP("Grex", "%1:%2: 'exec.env' must be a mapping of "
                                                          "names to strings"));
                for (const auto &var : env) {
                    if (!var.second.IsScalar())
                        return fail(var.second, u"action_args"_s,
                                    QT_TRANSLATE_NOOP("Grex", "%1:%2: 'exec.env' values must be "
                                                              "strings"));
                    a.env.insert(scalarText(var.first), scalarText(var.second));
                }
            }
            if (args["on_fail"]) {
                Result<QString> onFail =
                    oneOf(args["on_fail"], u"exec.on_fail"_s, {u"error"_s, u"warn"_s, u"ignore"_s});
                if (!onFail)
                    return onFail.error();
                a.onFail = *onFail;
            }
            action.args = a;
        } else {
            return Error(ErrorKind::PluginMissing, u"unknown_action"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "%1:%2: unknown action '%3' (the "
                                                           "actions are symlink, env, mkdir, "
                                                           "rmdir, require, when and exec)"),
                                 {m_file, QString::number(lineOf(member.first)), name}))
                .withDetail(u"file"_s, m_file)
                .withDetail(u"line"_s, qint64(lineOf(member.first)))
                .withDetail(u"rule"_s, u"unknown_action"_s)
                .withDetail(u"action"_s, name);
        }
        return action;
    }

    Result<std::vector<Predicate>> predicateList(const YAML::Node &node, const QString &key,
                                                 int depth)
    {
        if (depth > MaxPredicateDepth)
            return fail(node, u"require_depth"_s,
                        QT_TRANSLATE_NOOP("Grex", "%1:%2: predicates nest deeper than %3 levels"),
                        {QString::number(MaxPredicateDepth)});
        if (!node.IsSequence())
            return fail(node, u"invalid_predicate"_s,
                        QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' must be a list of predicates"),
                        {key});
        std::vector<Predicate> list;
        for (const YAML::Node &item : node) {
            Result<Predicate> p = predicate(item, depth);
            if (!p)
                return p.error();
            list.push_back(std::move(p).value());
        }
        return list;
    }

    Result<Predicate> predicate(const YAML::Node &node, int depth)
    {
        if (!node.IsMap() || node.size() != 1)
            return fail(node, u"invalid_predicate"_s,
                        QT_TRANSLATE_NOOP("Grex", "%1:%2: a predicate is a mapping with one key, "
                                                  "like path_exists: /usr/bin/git"));
        const auto member = *node.begin();
        const QString key = scalarText(member.first);
        const YAML::Node value = member.second;
        Predicate p;
        const auto stringValue = [&](Predicate::Kind kind) -> Result<Predicate> {
            if (!value.IsScalar())
                return fail(value, u"invalid_predicate"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: predicate '%3' takes a string"),
                            {key});
            p.kind = kind;
            p.value = scalarText(value);
            return p;
        };
        if (key == u"path_exists")
            return stringValue(Predicate::Kind::PathExists);
        if (key == u"cmd_available")
            return stringValue(Predicate::Kind::CmdAvailable);
        if (key == u"psversion")
            return stringValue(Predicate::Kind::PsVersion);
        if (key == u"os") {
            Result<Predicate> os = stringValue(Predicate::Kind::Os);
            if (os && !QStringList{u"windows"_s, u"linux"_s, u"macos"_s}.contains(os->value))
                return fail(value, u"invalid_predicate"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: predicate 'os' takes windows, "
                                                      "linux or macos (got '%3')"),
                            {os->value});
            return os;
        }
        if (key == u"reg_key" || key == u"symlink_ok") {
            const bool reg = key == u"reg_key";
            const QString first = reg ? u"path"_s : u"src"_s;
            const QString second = reg ? u"name"_s : u"dst"_s;
            if (!value.IsMap())
                return fail(value, u"invalid_predicate"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: predicate '%3' takes a mapping "
                                                      "with '%4' and '%5'"),
                            {key, first, second});
            for (const auto &arg : value) {
                const QString argKey = scalarText(arg.first);
                if ((argKey != first && argKey != second) || !arg.second.IsScalar())
                    return fail(arg.first, u"invalid_predicate"_s,
                                QT_TRANSLATE_NOOP("Grex", "%1:%2: predicate '%3' takes the "
                                                          "strings '%4' and '%5'"),
                                {key, first, second});
            }
            if (!value[first.toStdString()] || (!reg && !value[second.toStdString()]))
                return fail(value, u"invalid_predicate"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: predicate '%3' needs '%4'"),
                            {key, value[first.toStdString()] ? second : first});
            p.kind = reg ? Predicate::Kind::RegKey : Predicate::Kind::SymlinkOk;
            p.value = scalarText(value[first.toStdString()]);
            if (value[second.toStdString()])
                p.second = scalarText(value[second.toStdString()]);
            return p;
        }
        if (key == u"symlink_privilege") {
            if (!value.IsNull() && !(value.IsMap() && value.size() == 0))
                return fail(value, u"invalid_predicate"_s,
                            QT_TRANSLATE_NOOP("Grex", "%1:%2: predicate 'symlink_privilege' takes "
                                                      "no argument"));
            p.kind = Predicate::Kind::SymlinkPrivilege;
            return p;
        }
        for (const auto &[name, kind] : {std::pair{u"all_of"_s, Predicate::Kind::AllOf},
                                         std::pair{u"any_of"_s, Predicate::Kind::AnyOf},
                                         std::pair{u"none_of"_s, Predicate::Kind::NoneOf}}) {
            if (key != name)
                continue;
            Result<std::vector<Predicate>> children = predicateList(value, key, depth + 1);
            if (!children)
                return children.error();
            p.kind = kind;
            p.children = std::move(children).value();
            return p;
        }
        return fail(member.first, u"invalid_predicate"_s,
                    QT_TRANSLATE_NOOP("Grex", "%1:%2: unknown predicate '%3'"), {key});
    }

    // yaml-cpp marks a bare "-" entry (a null node) at the token after it: look back for it.
    int entryLine(const YAML::Node &entry) const
    {
        int line = lineOf(entry);
        if (!entry.IsNull())
            return line;
        for (int l = line; l >= 1 && l - 1 < m_lines.size(); --l) {
            const QByteArray text = m_lines.at(l - 1).trimmed();
            if (text == "-" || text.startsWith("- #"))
                return l;
            if (l < line && !text.isEmpty() && !text.startsWith('#'))
                break;
        }
        return line;
    }

    QString m_file;
    QList<QByteArray> m_lines;
};

void collectSymlinkDsts(const std::vector<Action> &actions, QList<std::pair<QString, int>> &out)
{
    for (const Action &action : actions) {
        if (const auto *link = std::get_if<SymlinkArgs>(&action.args))
            out.append({link->dst, action.line});
        else if (const auto *when = std::get_if<WhenArgs>(&action.args))
            collectSymlinkDsts(when->actions, out);
    }
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

namespace {

Result<QByteArray> readLimited(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        return Error(ErrorKind::PackOp, u"pack_yaml_unreadable"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"),
                             {file, f.errorString()}))
            .withDetail(u"file"_s, file);
    }
    if (f.size() > MaxPackYamlBytes) {
        return Error(ErrorKind::PackOp, u"pack_yaml_invalid"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1:%2: the file is larger than %3 bytes"),
                             {file, u"1"_s, QString::number(MaxPackYamlBytes)}))
            .withDetail(u"file"_s, file)
            .withDetail(u"line"_s, qint64(1))
            .withDetail(u"rule"_s, u"size"_s);
    }
    return f.readAll();
}

} // namespace

Result<PackManifest> parsePackManifest(const QByteArray &yaml, const QString &file)
{
    Parser parser(file);
    Result<YAML::Node> root = parser.load(yaml);
    if (!root)
        return root.error();
    return parser.manifest(*root, false);
}

Result<PackOverride> parsePackOverride(const QByteArray &yaml, const QString &file)
{
    Parser parser(file);
    Result<YAML::Node> root = parser.load(yaml);
    if (!root)
        return root.error();
    PackOverride result;
    Result<PackManifest> fields =
        parser.manifest(*root, true, &result.present, &result.actionsReplace);
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
    QList<Error> errors;
    QList<std::pair<QString, int>> dsts;
    collectSymlinkDsts(manifest.actions, dsts);
    const bool foldCase = currentOs() != u"linux";
    for (qsizetype i = 0; i < dsts.size(); ++i) {
        for (qsizetype j = i + 1; j < dsts.size(); ++j) {
            const bool same =
                foldCase ? dsts.at(i).first.compare(dsts.at(j).first, Qt::CaseInsensitive) == 0
                         : dsts.at(i).first == dsts.at(j).first;
            if (!same)
                continue;
            errors.append(
                Error(ErrorKind::PackOp, u"pack_yaml_invalid"_s,
                      Message(QT_TRANSLATE_NOOP("Grex", "%1:%2: symlink #%3 and symlink #%4 both "
                                                        "create '%5'"),
                              {manifest.file, QString::number(dsts.at(j).second),
                               QString::number(i), QString::number(j), dsts.at(i).first}))
                    .withDetail(u"file"_s, manifest.file)
                    .withDetail(u"line"_s, qint64(dsts.at(j).second))
                    .withDetail(u"rule"_s, u"duplicate_symlink_dst"_s)
                    .withDetail(u"dst"_s, dsts.at(i).first)
                    .withDetail(u"first"_s, qint64(i))
                    .withDetail(u"second"_s, qint64(j)));
        }
    }
    return errors;
}

} // namespace Grex
