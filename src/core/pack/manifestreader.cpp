#include "core/pack/manifestreader.h"

#include "core/pack/packmanifest.h"

#include <QRegularExpression>
#include <QSet>
#include <QStringDecoder>

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>

#include <sstream>

using namespace Qt::StringLiterals;

namespace Grex {

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

namespace {

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

} // namespace

JsonValue yamlToJson(const YAML::Node &node)
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
            array.append(yamlToJson(item));
        return array;
    }
    JsonObject object;
    for (const auto &member : node)
        object.insert(scalarText(member.first), yamlToJson(member.second));
    return object;
}

ManifestReader::ManifestReader(QString file) : m_file(std::move(file))
{
}

Result<YAML::Node> ManifestReader::load(const QByteArray &yaml)
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
            const QString what =
                c > ' ' && c < 127
                    ? u"unexpected '%1'"_s.arg(QChar::fromLatin1(c))
                    : u"unexpected byte 0x%1"_s.arg(uint(uchar(c)), 2, 16, QChar(u'0'));
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

Error ManifestReader::failAt(int line, const QString &rule, const char *sourceText,
                             QStringList args) const
{
    QStringList all{m_file, QString::number(line)};
    all.append(args);
    return Error(ErrorKind::PackOp, u"pack_yaml_invalid"_s, Message(sourceText, all))
        .withDetail(u"file"_s, m_file)
        .withDetail(u"line"_s, qint64(line))
        .withDetail(u"rule"_s, rule);
}

Error ManifestReader::fail(const YAML::Node &node, const QString &rule, const char *sourceText,
                           QStringList args, int line) const
{
    return failAt(line ? line : lineOf(node), rule, sourceText, std::move(args));
}

Result<QString> ManifestReader::string(const YAML::Node &node, const QString &what) const
{
    if (!node.IsScalar() || (!isQuoted(node) && looksTyped(scalarText(node))))
        return fail(node, u"action_args"_s,
                    QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' must be a string"), {what});
    return scalarText(node);
}

Result<bool> ManifestReader::boolean(const YAML::Node &node, const QString &what) const
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

Result<QString> ManifestReader::oneOf(const YAML::Node &node, const QString &what,
                                      const QStringList &values) const
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

Result<QStringList> ManifestReader::stringList(const YAML::Node &node, const QString &key) const
{
    if (!node || node.IsNull())
        return QStringList();
    if (!node.IsSequence())
        return fail(node, key, QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' must be a list of strings"),
                    {key});
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

int ManifestReader::entryLine(const YAML::Node &entry) const
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

} // namespace Grex
