#include "core/verbs/importformats.h"

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

namespace Grex {

namespace {

// How deep a repo manifest's elements may nest: real ones use three levels (manifest, project,
// linkfile), and the reader recurses once per level.
constexpr int MaxXmlDepth = 64;
// How long a quoted piece of the file may be in a notCarried phrase.
constexpr qsizetype MaxPhraseText = 80;

struct FormatInfo
{
    ImportFormat format;
    QStringView name;
    QStringView label; // how a message names such a file
};

constexpr FormatInfo Formats[] = {
    {ImportFormat::ReposJson, u"repos-json", u"REPOS.json"},
    {ImportFormat::Gita, u"gita", u"gita repos.csv"},
    {ImportFormat::MrConfig, u"mrconfig", u".mrconfig"},
    {ImportFormat::Vcstool, u"vcstool", u"vcstool .repos file"},
    {ImportFormat::Mani, u"mani", u"mani.yaml"},
    {ImportFormat::RepoManifest, u"repo", u"repo manifest"},
    {ImportFormat::West, u"west", u"west.yml"},
};

QString formatLabel(ImportFormat format)
{
    for (const FormatInfo &info : Formats) {
        if (info.format == format)
            return info.label.toString();
    }
    return {};
}

// One file being read: the messages name it, relative paths and URLs start from it.
struct Context
{
    ImportFormat format;
    QString file;
    QString dir; // the absolute folder holding file
    QString baseUrl;

    Error fail(int line, const QString &what, int column = 0) const
    {
        QString where = file;
        if (line > 0)
            where += u':' + QString::number(line);
        if (line > 0 && column > 0)
            where += u':' + QString::number(column);
        Error error(ErrorKind::Usage, u"invalid_import_file"_s,
                    Message(QT_TRANSLATE_NOOP("Grex", "malformed %1 at %2: %3"),
                            {formatLabel(format), where, what}));
        error.withDetail(u"path"_s, file);
        if (line > 0)
            error.withDetail(u"line"_s, qint64(line));
        if (line > 0 && column > 0)
            error.withDetail(u"column"_s, qint64(column));
        return error;
    }

    Context sibling(const QString &other) const
    {
        return Context{format, other, QFileInfo(other).absolutePath(), baseUrl};
    }
};

Result<QByteArray> readBytes(const QString &file)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly)) {
        return Error(ErrorKind::Usage, u"unreadable_import_file"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"),
                             {file, in.errorString()}))
            .withDetail(u"path"_s, file);
    }
    const auto tooLarge = [&file] {
        return Error(ErrorKind::Usage, u"invalid_import_file"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1 is larger than %2 bytes, the most an "
                                                       "import file may have"),
                             {file, QString::number(MaxImportFileBytes)}))
            .withDetail(u"path"_s, file);
    };
    if (!in.isSequential() && in.size() > MaxImportFileBytes)
        return tooLarge();
    // A pipe has no size: reading one byte past the limit stops one that never ends.
    const QByteArray bytes = in.isSequential() ? in.read(MaxImportFileBytes + 1) : in.readAll();
    if (bytes.size() > MaxImportFileBytes)
        return tooLarge();
    if (in.error() != QFileDevice::NoError) {
        return Error(ErrorKind::Usage, u"unreadable_import_file"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"),
                             {file, in.errorString()}))
            .withDetail(u"path"_s, file);
    }
    // Editors on Windows start UTF-8 files with a byte order mark, which an INI or CSV line
    // would otherwise begin with.
    if (bytes.startsWith("\xEF\xBB\xBF"))
        return bytes.mid(3);
    return bytes;
}

Result<void> roomForEntry(const Context &ctx, qsizetype count, int line)
{
    if (count < MaxImportEntries)
        return {};
    return ctx.fail(
        line, u"it has more than %1 entries; one import takes at most %1"_s.arg(MaxImportEntries));
}

// Text quoted in a phrase: one line, spaces collapsed, cut at MaxPhraseText characters.
QString brief(const QString &text)
{
    QString line = text.simplified();
    if (line.size() > MaxPhraseText)
        line = line.left(MaxPhraseText - 3) + u"..."_s;
    return line;
}

QString shortRef(const QString &ref)
{
    for (const QString &prefix : {u"refs/heads/"_s, u"refs/tags/"_s}) {
        if (ref.startsWith(prefix) && ref.size() > prefix.size())
            return ref.mid(prefix.size());
    }
    return ref;
}

std::optional<QString> refOf(const QString &revision)
{
    if (revision.isEmpty())
        return std::nullopt;
    return shortRef(revision);
}

// A group or tag of the file as a grex tag; `kind` names it in the phrase ("group", "tag").
void addTag(ImportEntry &entry, const QString &tag, const QString &kind)
{
    if (tag.isEmpty() || entry.tags.contains(tag))
        return;
    if (!checkTag(tag)) {
        entry.notCarried.append(u"%1 '%2' is not a valid tag"_s.arg(kind, tag));
        return;
    }
    if (entry.tags.size() >= MaxTagsPerPack) {
        entry.notCarried.append(
            u"%1 '%2' is past the %3 tags a pack can have"_s.arg(kind, tag).arg(MaxTagsPerPack));
        return;
    }
    entry.tags.append(tag);
}

QString cleanEntryPath(const QString &path)
{
    return QDir::cleanPath(path);
}

// `absolute` relative to `dir` when it lies inside it ("." for dir itself).
std::optional<QString> insideDir(const QString &dir, const QString &absolute)
{
    const QString base = QDir::cleanPath(dir);
    const QString path = QDir::cleanPath(absolute);
    if (path == base)
        return u"."_s;
    const QString prefix = base.endsWith(u'/') ? base : base + u'/';
    if (path.startsWith(prefix))
        return path.mid(prefix.size());
    return std::nullopt;
}

// "~" and "~/x" as the home folder, which people write for their own checkouts.
QString expandHome(const QString &path)
{
    if (path == u"~" || path.startsWith(u"~/"))
        return QDir::homePath() + path.mid(1);
    return path;
}

bool isScpLike(const QString &url)
{
    const qsizetype colon = url.indexOf(u':');
    const qsizetype slash = url.indexOf(u'/');
    // One letter before the colon is a Windows drive, not a host.
    return colon > 1 && (slash < 0 || colon < slash) && !url.contains(u"://"_s);
}

// A URL without a scheme, host or absolute path, which only means something next to the URL the
// file came from: "..", "../tools", "./x".
bool isRelativeUrl(const QString &url)
{
    if (url.isEmpty() || url.contains(u"://"_s) || isScpLike(url))
        return false;
    if (url.startsWith(u'/') || url.startsWith(u'\\') || url.startsWith(u'~'))
        return false;
    return !(url.size() >= 2 && url.at(1) == u':' && url.at(0).isLetter());
}

// The path without "." and ".." segments, as URL resolution removes them.
QString removeDotSegments(const QString &path)
{
    const QStringList parts = path.split(u'/');
    QStringList kept;
    bool trailingSlash = false;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString &part = parts.at(i);
        const bool last = i + 1 == parts.size();
        if (part == u"..") {
            if (!kept.isEmpty())
                kept.removeLast();
        } else if (part != u"." && !part.isEmpty()) {
            kept.append(part);
            continue;
        }
        if (last)
            trailingSlash = true;
    }
    QString result = path.startsWith(u'/') ? u"/"_s : QString();
    result += kept.join(u'/');
    if (trailingSlash && !kept.isEmpty())
        result += u'/';
    return result;
}

// `relative` against `base` as repo resolves a remote's fetch against the manifest's URL
// (tests/data/manifests/README.md): the base loses its trailing '/', then the relative part
// replaces its last segment, so "https://h/platform/manifest" and ".." give "https://h/".
// `base` is a URL, an scp-like address or an absolute path.
QString resolveUrl(QString base, const QString &relative)
{
    while (base.size() > 1 && base.endsWith(u'/'))
        base.chop(1);
    QString root;
    QString path = base;
    if (const qsizetype scheme = base.indexOf(u"://"_s); scheme > 0) {
        const qsizetype pathStart = base.indexOf(u'/', scheme + 3);
        root = pathStart < 0 ? base : base.left(pathStart);
        path = pathStart < 0 ? u"/"_s : base.mid(pathStart);
    } else if (isScpLike(base)) {
        const qsizetype colon = base.indexOf(u':');
        root = base.left(colon + 1);
        path = base.mid(colon + 1);
    }
    if (relative.startsWith(u'/'))
        return root + removeDotSegments(relative);
    const qsizetype lastSlash = path.lastIndexOf(u'/');
    const QString merged = (lastSlash < 0 ? QString() : path.left(lastSlash + 1)) + relative;
    return root + removeDotSegments(merged);
}

// A relative URL resolved against the caller's base URL; "" with a phrase when there is none.
QString resolvedOrEmpty(const Context &ctx, const QString &url, QStringList &notCarried)
{
    if (!isRelativeUrl(url))
        return url;
    if (ctx.baseUrl.isEmpty() || isRelativeUrl(ctx.baseUrl)) {
        notCarried.append(u"relative remote '%1' needs --base-url"_s.arg(url));
        return {};
    }
    return resolveUrl(ctx.baseUrl, url);
}

QString joinUrl(QString base, const QString &name)
{
    while (base.endsWith(u'/'))
        base.chop(1);
    return base + u'/' + name;
}

// ---- YAML -------------------------------------------------------------------------------------

// Finds the first alias before a tree is built: an alias can make a small file stand for an
// enormous one, and nothing grex reads needs one.
class AliasFinder : public YAML::EventHandler
{
public:
    int aliasLine = 0;

    void OnDocumentStart(const YAML::Mark &) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark &, YAML::anchor_t) override {}
    void OnAlias(const YAML::Mark &mark, YAML::anchor_t) override
    {
        if (aliasLine == 0)
            aliasLine = mark.line + 1;
    }
    void OnScalar(const YAML::Mark &, const std::string &, YAML::anchor_t,
                  const std::string &) override
    {
    }
    void OnSequenceStart(const YAML::Mark &, const std::string &, YAML::anchor_t,
                         YAML::EmitterStyle::value) override
    {
    }
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark &, const std::string &, YAML::anchor_t,
                    YAML::EmitterStyle::value) override
    {
    }
    void OnMapEnd() override {}
};

Result<YAML::Node> loadYaml(const Context &ctx, const QByteArray &bytes)
{
    const std::string text = bytes.toStdString();
    try {
        std::istringstream events(text);
        YAML::Parser parser(events);
        AliasFinder finder;
        // YAML::Load reads the first document only, and so does this check.
        parser.HandleNextDocument(finder);
        if (finder.aliasLine)
            return ctx.fail(finder.aliasLine, u"YAML aliases (*name) are not read"_s);
        return YAML::Load(text);
    } catch (const YAML::Exception &e) {
        return ctx.fail(e.mark.line >= 0 ? e.mark.line + 1 : 0,
                        u"not YAML: %1"_s.arg(QString::fromStdString(e.msg)),
                        e.mark.column >= 0 ? e.mark.column + 1 : 0);
    }
}

// A scalar, or nullopt when the node is absent or null ("branch:" with nothing after it).
Result<std::optional<QString>> optionalScalar(const Context &ctx, const YAML::Node &node,
                                              const QString &what)
{
    if (!node || node.IsNull())
        return std::optional<QString>();
    if (!node.IsScalar())
        return ctx.fail(lineOf(node), u"%1 is not a string"_s.arg(what));
    return std::optional<QString>(scalarText(node));
}

// The node written compactly for a phrase: "submanifests", "[a, b]", "{file: x.yml}".
QString yamlBrief(const YAML::Node &node)
{
    if (!node || node.IsNull())
        return u"null"_s;
    if (node.IsScalar())
        return scalarText(node);
    QStringList parts;
    if (node.IsSequence()) {
        for (const YAML::Node &item : node)
            parts.append(yamlBrief(item));
        return brief(u'[' + parts.join(u", "_s) + u']');
    }
    for (const auto &member : node)
        parts.append(scalarText(member.first) + u": "_s + yamlBrief(member.second));
    return brief(u'{' + parts.join(u", "_s) + u'}');
}

// ---- repos-json -------------------------------------------------------------------------------

Result<ImportSource> readReposJson(const Context &ctx, const QByteArray &bytes)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // The byte offset as line and column, which is what an editor shows.
        const qsizetype offset = qBound(qsizetype(0), qsizetype(parseError.offset), bytes.size());
        const qsizetype line = bytes.left(offset).count('\n') + 1;
        const qsizetype column = offset - (bytes.lastIndexOf('\n', offset - 1) + 1) + 1;
        return ctx.fail(int(line), u"not JSON: %1"_s.arg(parseError.errorString()), int(column));
    }
    if (!doc.isArray())
        return ctx.fail(0, u"expected an array of {\"url\", \"path\"} objects"_s);
    const QJsonArray array = doc.array();
    if (array.size() > MaxImportEntries) {
        return ctx.fail(0, u"it has %1 entries; one import takes at most %2"_s.arg(array.size())
                               .arg(MaxImportEntries));
    }
    ImportSource source{ImportFormat::ReposJson, {}, {}};
    source.entries.reserve(array.size());
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonValue value = array.at(i);
        const QString which = QString::number(i + 1);
        if (!value.isObject())
            return ctx.fail(0, u"entry %1 is not an object"_s.arg(which));
        const QJsonObject o = value.toObject();
        ImportEntry entry;
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString key = it.key();
            const QJsonValue member = it.value();
            if (key == u"path") {
                if (!member.isString())
                    return ctx.fail(0, u"entry %1 has no string \"path\""_s.arg(which));
                entry.path = cleanEntryPath(member.toString());
            } else if (key == u"url") {
                if (!member.isString() && !member.isNull())
                    return ctx.fail(0, u"the \"url\" of entry %1 is not a string"_s.arg(which));
                entry.url = member.toString();
            } else if (key == u"ref" || key == u"branch") {
                if (!member.isString() && !member.isNull())
                    return ctx.fail(0, u"the \"%1\" of entry %2 is not a string"_s.arg(key, which));
                const std::optional<QString> ref = refOf(member.toString());
                if (ref && entry.ref && *ref != *entry.ref) {
                    return ctx.fail(
                        0, u"entry %1 has a \"ref\" and a \"branch\" that differ"_s.arg(which));
                }
                if (ref)
                    entry.ref = ref;
            } else if (key == u"tags") {
                if (!member.isArray() && !member.isNull())
                    return ctx.fail(0, u"the \"tags\" of entry %1 is not an array"_s.arg(which));
                for (const QJsonValue tag : member.toArray()) {
                    if (!tag.isString())
                        return ctx.fail(0, u"a tag of entry %1 is not a string"_s.arg(which));
                    addTag(entry, tag.toString(), u"tag"_s);
                }
            } else {
                entry.notCarried.append(u"key '%1'"_s.arg(key));
            }
        }
        if (!o.contains(u"path"_s))
            return ctx.fail(0, u"entry %1 has no string \"path\""_s.arg(which));
        source.entries.append(entry);
    }
    return source;
}

// ---- gita -------------------------------------------------------------------------------------

struct CsvRow
{
    QStringList fields;
    int line = 0;
};

// The rows of a file written by Python's csv module (excel dialect, the given delimiter): a
// field that starts with '"' is quoted and may hold the delimiter, newlines and "" for '"'.
// Empty lines are no rows, as csv.DictReader skips them.
Result<QList<CsvRow>> readCsv(const Context &ctx, const QString &text, QChar delimiter)
{
    QList<CsvRow> rows;
    CsvRow row;
    QString field;
    bool quoted = false;
    bool fieldWasQuoted = false;
    int line = 1;
    int quoteLine = 0;
    row.line = 1;
    const auto endRow = [&] {
        row.fields.append(field);
        if (row.fields.size() > 1 || !row.fields.constFirst().isEmpty() || fieldWasQuoted)
            rows.append(row);
        row = CsvRow{{}, line};
        field.clear();
        fieldWasQuoted = false;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text.at(i + 1) == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                if (c == u'\n')
                    ++line;
                field += c;
            }
            continue;
        }
        if (c == u'"' && field.isEmpty() && !fieldWasQuoted) {
            quoted = true;
            fieldWasQuoted = true;
            quoteLine = line;
        } else if (c == delimiter) {
            row.fields.append(field);
            field.clear();
            fieldWasQuoted = false;
        } else if (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n') {
            continue; // csv.writer ends rows with "\r\n"
        } else if (c == u'\n' || c == u'\r') {
            ++line;
            endRow();
        } else {
            field += c;
        }
    }
    if (quoted)
        return ctx.fail(quoteLine, u"a quoted field that starts here is never closed"_s);
    if (!field.isEmpty() || !row.fields.isEmpty() || fieldWasQuoted)
        endRow();
    return rows;
}

// The last part of a path written with '/' or '\\'.
QString lastComponent(QString path)
{
    while (path.size() > 1 && (path.endsWith(u'/') || path.endsWith(u'\\')))
        path.chop(1);
    const qsizetype cut = std::max(path.lastIndexOf(u'/'), path.lastIndexOf(u'\\'));
    return path.mid(cut + 1);
}

void addGitaGroup(QList<ImportEntry> &entries, const QHash<QString, qsizetype> &byName,
                  const QString &group, const QStringList &members)
{
    for (const QString &member : members) {
        // gita keeps only the members it knows, and so does this.
        if (const auto it = byName.constFind(member); it != byName.cend())
            addTag(entries[*it], group, u"group"_s);
    }
}

// gita's repos.csv (path,name,type,flags: clones gita found on disk, no URLs) and the listing of
// `gita freeze` (url,name,path,type,flags,branch, then ",group,path,repo1|repo2" per group).
// An entry is placed at the last part of the clone's path, as `gita add` names a repository; the
// caller may place it elsewhere, since the clone itself is at clonePath.
Result<ImportSource> readGita(const Context &ctx, const QByteArray &bytes)
{
    Result<QList<CsvRow>> rows = readCsv(ctx, QString::fromUtf8(bytes), u',');
    if (!rows)
        return rows.error();
    bool freeze = false;
    for (const CsvRow &row : std::as_const(*rows)) {
        if (row.fields.size() >= 5 || row.fields.constFirst().isEmpty())
            freeze = true;
    }
    ImportSource source{ImportFormat::Gita, {}, {}};
    QHash<QString, qsizetype> byName;
    for (const CsvRow &row : std::as_const(*rows)) {
        QStringList fields = row.fields;
        while (fields.size() < 6)
            fields.append(QString());
        if (freeze && fields.at(0).isEmpty()) {
            addGitaGroup(source.entries, byName, fields.at(1),
                         fields.at(3).split(u'|', Qt::SkipEmptyParts));
            continue;
        }
        const QString clonePath = freeze ? fields.at(2) : fields.at(0);
        const QString name = fields.at(1);
        const QString type = fields.at(freeze ? 3 : 2);
        const QString flags = fields.at(freeze ? 4 : 3).simplified();
        if (clonePath.isEmpty())
            return ctx.fail(row.line, u"the row of '%1' has no path"_s.arg(name));
        if (Result<void> room = roomForEntry(ctx, source.entries.size(), row.line); !room)
            return room.error();
        ImportEntry entry;
        entry.clonePath = clonePath;
        entry.path = lastComponent(clonePath);
        // repos.csv has no URL: the caller reads the origin of the clone at clonePath.
        if (freeze) {
            entry.url = fields.at(0);
            entry.ref = refOf(fields.at(5).trimmed());
        }
        if (!name.isEmpty() && name != entry.path)
            entry.notCarried.append(u"gita name '%1'"_s.arg(name));
        if (!type.isEmpty())
            entry.notCarried.append(u"gita type '%1'"_s.arg(type));
        if (!flags.isEmpty())
            entry.notCarried.append(u"git flags '%1'"_s.arg(brief(flags)));
        byName.insert(name.isEmpty() ? entry.path : name, source.entries.size());
        source.entries.append(entry);
    }
    if (freeze || QFileInfo(ctx.file).fileName() != u"repos.csv")
        return source;

    // gita keeps its groups beside repos.csv: "name:repo1 repo2:path" per line.
    const QString groupsFile = QFileInfo(ctx.file).dir().filePath(u"groups.csv"_s);
    if (!QFileInfo(groupsFile).isFile())
        return source;
    Result<QByteArray> groupBytes = readBytes(groupsFile);
    if (!groupBytes)
        return groupBytes.error();
    Result<QList<CsvRow>> groups =
        readCsv(ctx.sibling(groupsFile), QString::fromUtf8(*groupBytes), u':');
    if (!groups)
        return groups.error();
    for (const CsvRow &row : std::as_const(*groups)) {
        addGitaGroup(source.entries, byName, row.fields.constFirst(),
                     row.fields.value(1).simplified().split(u' ', Qt::SkipEmptyParts));
    }
    return source;
}

// ---- mrconfig ---------------------------------------------------------------------------------

struct ShellCommand
{
    QStringList words;
    QList<bool> expands; // per word: it holds a $ or ` the shell would expand
};

// Splits a shell script into simple commands at newlines, ';', '&', '|' and parentheses, with
// '...' and "..." quoting, backslash escapes and # comments. Enough to find `git clone` and what
// follows it, not a shell.
QList<ShellCommand> splitShell(const QString &script)
{
    QList<ShellCommand> commands;
    ShellCommand current;
    QString word;
    bool inWord = false;
    bool expands = false;
    const auto endWord = [&] {
        if (inWord) {
            current.words.append(word);
            current.expands.append(expands);
        }
        word.clear();
        inWord = false;
        expands = false;
    };
    const auto endCommand = [&] {
        endWord();
        if (!current.words.isEmpty())
            commands.append(current);
        current = ShellCommand();
    };
    for (qsizetype i = 0; i < script.size(); ++i) {
        const QChar c = script.at(i);
        if (c == u'\\') {
            if (i + 1 < script.size() && script.at(i + 1) != u'\n') {
                word += script.at(i + 1);
                inWord = true;
            }
            ++i;
        } else if (c == u'\'') {
            qsizetype close = script.indexOf(u'\'', i + 1);
            if (close < 0)
                close = script.size();
            word += script.mid(i + 1, close - i - 1);
            inWord = true;
            i = close;
        } else if (c == u'"') {
            for (++i; i < script.size() && script.at(i) != u'"'; ++i) {
                const QChar d = script.at(i);
                if (d == u'\\' && i + 1 < script.size() &&
                    QStringView(u"\"\\$`\n").contains(script.at(i + 1))) {
                    if (script.at(i + 1) != u'\n')
                        word += script.at(i + 1);
                    ++i;
                    continue;
                }
                if (d == u'$' || d == u'`')
                    expands = true;
                word += d;
            }
            inWord = true;
        } else if (c == u'#' && !inWord) {
            const qsizetype newline = script.indexOf(u'\n', i);
            i = (newline < 0 ? script.size() : newline) - 1;
        } else if (c == u' ' || c == u'\t') {
            endWord();
        } else if (QStringView(u"\n;&|()").contains(c)) {
            endCommand();
        } else {
            if (c == u'$' || c == u'`')
                expands = true;
            word += c;
            inWord = true;
        }
    }
    endCommand();
    return commands;
}

QString commandText(const ShellCommand &command)
{
    return command.words.join(u' ');
}

// git clone's options that take the next word as their value.
bool takesValue(const QString &option)
{
    static const QStringList options =
        u"-o --origin -c --config -u --upload-pack --reference --reference-if-able --template "
        u"--separate-git-dir -j --jobs --filter --shallow-since --shallow-exclude "
        u"--server-option --bundle-uri --ref-format --revision"_s.split(u' ');
    return options.contains(option);
}

// What an mr checkout command gives: `git clone [options] URL [dir]`, and any other command is
// reported. mr runs the checkout in the parent folder of the repository, so a relative local URL
// starts there.
void readCheckout(const Context &ctx, const QString &script, ImportEntry &entry)
{
    const QList<ShellCommand> commands = splitShell(script);
    if (commands.isEmpty()) {
        entry.notCarried.append(u"an empty checkout command"_s);
        return;
    }
    const ShellCommand &clone = commands.constFirst();
    const QStringList &words = clone.words;
    if (words.size() < 2 || words.at(0) != u"git" || words.at(1) != u"clone") {
        entry.notCarried.append(u"not a git checkout: %1"_s.arg(brief(script)));
        return;
    }
    QList<qsizetype> positional;
    bool optionsEnded = false;
    const auto next = [&words](qsizetype &j) {
        return j + 1 < words.size() ? words.at(++j) : QString();
    };
    for (qsizetype j = 2; j < words.size(); ++j) {
        const QString &word = words.at(j);
        if (optionsEnded || !word.startsWith(u'-') || word.size() == 1) {
            positional.append(j);
        } else if (word == u"--") {
            optionsEnded = true;
        } else if (word == u"-b" || word == u"--branch") {
            entry.ref = refOf(next(j));
        } else if (word.startsWith(u"--branch=")) {
            entry.ref = refOf(word.mid(9));
        } else if (word.startsWith(u"-b")) {
            entry.ref = refOf(word.mid(2));
        } else if (word == u"--depth" || word.startsWith(u"--depth=")) {
            const QString value = word == u"--depth" ? next(j) : word.mid(8);
            bool ok = false;
            const qint64 depth = value.toLongLong(&ok);
            if (ok && depth > 0)
                entry.depth = depth;
            else
                entry.notCarried.append(u"git clone --depth %1"_s.arg(value));
        } else if (QStringList{u"-q"_s, u"--quiet"_s, u"-v"_s, u"--verbose"_s, u"--progress"_s,
                               u"--no-progress"_s}
                       .contains(word)) {
            // Output only.
        } else if (takesValue(word)) {
            const QString value = next(j);
            entry.notCarried.append(u"git clone %1 %2"_s.arg(word, value));
        } else {
            entry.notCarried.append(u"git clone %1"_s.arg(word));
        }
    }
    if (positional.isEmpty()) {
        entry.notCarried.append(u"a git clone without a URL"_s);
    } else {
        const QString url = words.at(positional.constFirst());
        if (clone.expands.at(positional.constFirst())) {
            entry.notCarried.append(u"the URL '%1' needs the shell to expand it"_s.arg(url));
        } else if (isRelativeUrl(url)) {
            const QString parent = QFileInfo(entry.path).path();
            entry.url = QDir::cleanPath(ctx.dir + u'/' + parent + u'/' + url);
        } else {
            entry.url = url;
        }
    }
    QStringList rest;
    for (qsizetype k = 1; k < commands.size(); ++k)
        rest.append(commandText(commands.at(k)));
    if (!rest.isEmpty())
        entry.notCarried.append(u"checkout also runs: %1"_s.arg(brief(rest.join(u"; "_s))));
}

struct MrSetting
{
    QString key;
    QString value;
    int line = 0;
};

struct MrSection
{
    QString name;
    int line = 0;
    QList<MrSetting> settings;
};

// myrepos' .mrconfig, by the rules mr itself reads it with: "#" comments and blank lines,
// "[section]", "key = value" with values continued on lines that start with whitespace; a section
// given twice adds to the first; a setting outside any section is an error, except include and
// jobs. A section is a repository's folder, relative to the file's folder.
Result<ImportSource> readMrConfig(const Context &ctx, const QByteArray &bytes)
{
    static const QRegularExpression sectionLine(u"^\\[([^\\]]*)\\]\\s*$"_s);
    static const QRegularExpression settingLine(u"^(\\w+)\\s*=\\s*(.*)$"_s);
    static const QRegularExpression skippedLine(u"^\\s*(#.*)?$"_s);
    static const QRegularExpression continuation(u"^\\s(.+)$"_s);
    QStringList lines = QString::fromUtf8(bytes).split(u'\n');
    for (QString &line : lines) {
        if (line.endsWith(u'\r'))
            line.chop(1);
    }
    ImportSource source{ImportFormat::MrConfig, {}, {}};
    QList<MrSection> sections;
    qsizetype current = -1;
    for (qsizetype n = 0; n < lines.size();) {
        const QString line = lines.at(n);
        const int lineNumber = int(++n);
        if (skippedLine.match(line).hasMatch())
            continue;
        if (const QRegularExpressionMatch section = sectionLine.match(line); section.hasMatch()) {
            const QString name = section.captured(1);
            current = -1;
            for (qsizetype s = 0; s < sections.size(); ++s) {
                if (sections.at(s).name == name)
                    current = s;
            }
            if (current < 0) {
                sections.append(MrSection{name, lineNumber, {}});
                current = sections.size() - 1;
            }
            continue;
        }
        const QRegularExpressionMatch setting = settingLine.match(line);
        if (!setting.hasMatch()) {
            return ctx.fail(lineNumber, u"'%1' is not a [section], a \"key = value\" line or a "
                                        u"comment"_s.arg(brief(line)));
        }
        const QString key = setting.captured(1);
        QString value = setting.captured(2);
        while (n < lines.size()) {
            const QRegularExpressionMatch more = continuation.match(lines.at(n));
            if (!more.hasMatch())
                break;
            value += u'\n' + more.captured(1);
            ++n;
        }
        if (key == u"include") {
            source.notCarried.append(
                u"include = %1 (a command whose output is not read)"_s.arg(brief(value)));
            continue;
        }
        if (key == u"jobs") {
            source.notCarried.append(u"jobs = %1"_s.arg(brief(value)));
            continue;
        }
        if (current < 0)
            return ctx.fail(lineNumber, u"the setting '%1' is not in a section"_s.arg(key));
        sections[current].settings.append(MrSetting{key, value, lineNumber});
    }

    for (const MrSection &section : std::as_const(sections)) {
        if (section.name == u"DEFAULT" || section.name == u"ALIAS") {
            for (const MrSetting &s : section.settings) {
                source.notCarried.append(
                    u"[%1] %2 = %3"_s.arg(section.name, s.key, brief(s.value)));
            }
            continue;
        }
        QString folder = expandHome(section.name);
        folder.replace(u"${HOME}"_s, QDir::homePath());
        folder.replace(u"$HOME"_s, QDir::homePath());
        if (folder.contains(u'$') || folder.contains(u'`')) {
            source.notCarried.append(
                u"[%1] names its folder with a shell variable"_s.arg(section.name));
            continue;
        }
        QString path = folder;
        if (QDir::isAbsolutePath(folder)) {
            const std::optional<QString> inside = insideDir(ctx.dir, folder);
            if (!inside) {
                source.notCarried.append(
                    u"[%1] is outside the folder of the file"_s.arg(section.name));
                continue;
            }
            path = *inside;
        }
        path = cleanEntryPath(path);
        if (path == u".") {
            source.notCarried.append(u"[%1] is the folder of the file itself"_s.arg(section.name));
            continue;
        }
        ImportEntry entry;
        entry.path = path;
        std::optional<QString> checkout;
        bool deleted = false;
        for (const MrSetting &s : section.settings) {
            if (s.key == u"checkout")
                checkout = s.value;
            else if (s.key == u"deleted" && s.value.trimmed() == u"true")
                deleted = true;
            else
                entry.notCarried.append(u"%1 = %2"_s.arg(s.key, brief(s.value)));
        }
        if (deleted) {
            source.notCarried.append(u"[%1] is marked deleted"_s.arg(section.name));
            continue;
        }
        if (checkout)
            readCheckout(ctx, *checkout, entry);
        else
            entry.notCarried.append(u"no checkout command"_s);
        if (Result<void> room = roomForEntry(ctx, source.entries.size(), section.line); !room)
            return room.error();
        source.entries.append(entry);
    }
    return source;
}

// ---- vcstool ----------------------------------------------------------------------------------

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

// ---- mani -------------------------------------------------------------------------------------

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

// ---- repo -------------------------------------------------------------------------------------

struct XmlElement
{
    QString name;
    QList<std::pair<QString, QString>> attributes; // in file order
    int line = 0;
    QList<XmlElement> children;

    QString attribute(const QString &key) const
    {
        for (const auto &attributePair : attributes) {
            if (attributePair.first == key)
                return attributePair.second;
        }
        return {};
    }
    bool has(const QString &key) const
    {
        for (const auto &attributePair : attributes) {
            if (attributePair.first == key)
                return true;
        }
        return false;
    }
    void set(const QString &key, const QString &value)
    {
        for (auto &attributePair : attributes) {
            if (attributePair.first == key) {
                attributePair.second = value;
                return;
            }
        }
        attributes.append({key, value});
    }
};

Result<void> readXmlChildren(const Context &ctx, QXmlStreamReader &xml, XmlElement &parent,
                             int depth)
{
    while (!xml.atEnd()) {
        const QXmlStreamReader::TokenType token = xml.readNext();
        if (token == QXmlStreamReader::EndElement)
            return {};
        if (token != QXmlStreamReader::StartElement)
            continue;
        if (depth >= MaxXmlDepth) {
            return ctx.fail(int(xml.lineNumber()),
                            u"elements nest more than %1 levels deep"_s.arg(MaxXmlDepth),
                            int(xml.columnNumber()));
        }
        XmlElement element;
        element.name = xml.name().toString();
        element.line = int(xml.lineNumber());
        for (const QXmlStreamAttribute &attribute : xml.attributes())
            element.attributes.append({attribute.name().toString(), attribute.value().toString()});
        if (Result<void> children = readXmlChildren(ctx, xml, element, depth + 1); !children)
            return children;
        parent.children.append(std::move(element));
    }
    return {};
}

Result<XmlElement> readManifestXml(const Context &ctx, const QByteArray &bytes)
{
    QXmlStreamReader xml(bytes);
    XmlElement document;
    Result<void> read = readXmlChildren(ctx, xml, document, 0);
    if (!read)
        return read.error();
    if (xml.hasError()) {
        return ctx.fail(int(xml.lineNumber()), u"not XML: %1"_s.arg(xml.errorString()),
                        int(xml.columnNumber()));
    }
    if (document.children.isEmpty())
        return ctx.fail(0, u"there is no <manifest> element"_s);
    const XmlElement &root = document.children.constFirst();
    if (root.name != u"manifest")
        return ctx.fail(root.line, u"the root element is <%1>, not <manifest>"_s.arg(root.name));
    return root;
}

// Groups as repo reads them: separated by commas and whitespace.
QStringList splitGroups(const QString &groups)
{
    static const QRegularExpression separator(u"[,\\s]+"_s);
    return groups.split(separator, Qt::SkipEmptyParts);
}

// A child of <manifest>, with the file it came from and what the includes on the way add.
struct RepoNode
{
    XmlElement element;
    QString file;
    QStringList includeGroups;
};

struct RepoRemote
{
    QString fetch;
    QString revision;
    int line = 0;
};

class RepoReader
{
public:
    explicit RepoReader(const Context &top) : m_top(top), m_root(top.dir) {}

    Result<ImportSource> read(const QByteArray &bytes);

private:
    Result<void> gather(const Context &ctx, const QByteArray &bytes, const QStringList &stack,
                        const QStringList &groups, const QString &revision);
    Result<void> readRemote(const Context &ctx, const XmlElement &element);
    Result<void> readDefault(const Context &ctx, const XmlElement &element);
    Result<void> addProject(const Context &ctx, const XmlElement &element,
                            const QStringList &includeGroups, const QString &parentName,
                            const QString &parentPath);
    Result<void> extendProject(const Context &ctx, const RepoNode &node);
    Result<void> removeProject(const Context &ctx, const XmlElement &element);
    Result<QString> urlFor(const Context &ctx, const XmlElement &element, const QString &remoteName,
                           const QString &name, QStringList &notCarried) const;

    Context m_top;
    QString m_root; // includes are named relative to the first manifest's folder
    QList<RepoNode> m_nodes;
    QMap<QString, RepoRemote> m_remotes;
    bool m_haveDefault = false;
    QString m_defaultRemote;
    QString m_defaultRevision;
    ImportSource m_source{ImportFormat::RepoManifest, {}, {}};
    QStringList m_names; // the repo name of each entry
};

// The nodes of a manifest with its includes in place, as repo gathers them: an include's groups
// go to every project and extend-project below it, its revision to every project and include
// below it that has none.
Result<void> RepoReader::gather(const Context &ctx, const QByteArray &bytes,
                                const QStringList &stack, const QStringList &groups,
                                const QString &revision)
{
    Result<XmlElement> manifest = readManifestXml(ctx, bytes);
    if (!manifest)
        return manifest.error();
    for (XmlElement &element : manifest->children) {
        if (!revision.isEmpty() && (element.name == u"include" || element.name == u"project") &&
            element.attribute(u"revision"_s).isEmpty())
            element.set(u"revision"_s, revision);
        if (element.name != u"include") {
            RepoNode node{element, ctx.file, {}};
            if (element.name == u"project" || element.name == u"extend-project")
                node.includeGroups = groups;
            m_nodes.append(node);
            continue;
        }
        const QString name = element.attribute(u"name"_s);
        if (name.isEmpty())
            return ctx.fail(element.line, u"<include> has no name"_s);
        const QString target = QDir::cleanPath(m_root + u'/' + name);
        if (!insideDir(m_root, target)) {
            m_source.notCarried.append(
                u"include '%1' is outside the manifest's folder"_s.arg(name));
            continue;
        }
        if (!QFileInfo(target).isFile()) {
            m_source.notCarried.append(u"include '%1' is not beside the manifest"_s.arg(name));
            continue;
        }
        const QString canonical = QFileInfo(target).canonicalFilePath();
        if (stack.contains(canonical)) {
            QStringList cycle;
            for (qsizetype i = stack.indexOf(canonical); i < stack.size(); ++i)
                cycle.append(QFileInfo(stack.at(i)).fileName());
            cycle.append(QFileInfo(canonical).fileName());
            return ctx.fail(element.line,
                            u"the includes form a cycle: %1"_s.arg(cycle.join(u" -> "_s)));
        }
        if (stack.size() > MaxImportIncludeDepth) {
            return ctx.fail(element.line,
                            u"includes nest more than %1 levels deep"_s.arg(MaxImportIncludeDepth));
        }
        Result<QByteArray> included = readBytes(target);
        if (!included)
            return included.error();
        QStringList innerGroups = groups;
        innerGroups.append(splitGroups(element.attribute(u"groups"_s)));
        if (Result<void> inner =
                gather(ctx.sibling(target), *included, stack + QStringList{canonical}, innerGroups,
                       element.attribute(u"revision"_s));
            !inner)
            return inner;
    }
    return {};
}

Result<void> RepoReader::readRemote(const Context &ctx, const XmlElement &element)
{
    const QString name = element.attribute(u"name"_s);
    if (name.isEmpty())
        return ctx.fail(element.line, u"<remote> has no name"_s);
    const QString fetch = element.attribute(u"fetch"_s);
    if (fetch.isEmpty())
        return ctx.fail(element.line, u"remote '%1' has no fetch URL"_s.arg(name));
    const RepoRemote remote{fetch, element.attribute(u"revision"_s), element.line};
    if (const auto it = m_remotes.constFind(name); it != m_remotes.cend()) {
        if (it->fetch != remote.fetch || it->revision != remote.revision) {
            return ctx.fail(element.line,
                            u"remote '%1' is defined again with other attributes"_s.arg(name));
        }
        return {};
    }
    m_remotes.insert(name, remote);
    for (const auto &[key, value] : element.attributes) {
        if (key != u"name" && key != u"fetch" && key != u"revision")
            m_source.notCarried.append(u"remote '%1' %2=%3"_s.arg(name, key, value));
    }
    for (const XmlElement &child : element.children) {
        if (child.name == u"annotation") {
            m_source.notCarried.append(u"remote '%1' annotation %2=%3"_s.arg(
                name, child.attribute(u"name"_s), child.attribute(u"value"_s)));
        }
    }
    return {};
}

Result<void> RepoReader::readDefault(const Context &ctx, const XmlElement &element)
{
    if (element.attributes.isEmpty() && element.children.isEmpty())
        return {};
    const QString remote = element.attribute(u"remote"_s);
    const QString revision = element.attribute(u"revision"_s);
    if (m_haveDefault) {
        if (remote != m_defaultRemote || revision != m_defaultRevision)
            return ctx.fail(element.line, u"a second <default> differs from the first"_s);
        return {};
    }
    if (!remote.isEmpty() && !m_remotes.contains(remote))
        return ctx.fail(element.line, u"the default remote '%1' is not defined"_s.arg(remote));
    m_haveDefault = true;
    m_defaultRemote = remote;
    m_defaultRevision = revision;
    for (const auto &[key, value] : element.attributes) {
        if (key != u"remote" && key != u"revision")
            m_source.notCarried.append(u"default %1=%2"_s.arg(key, value));
    }
    return {};
}

// repo joins the remote's fetch URL (resolved against the manifest's own URL) and the project
// name with '/' and adds nothing: its documentation still promises a ".git" suffix that repo
// itself no longer appends (tests/data/manifests/README.md).
Result<QString> RepoReader::urlFor(const Context &ctx, const XmlElement &element,
                                   const QString &remoteName, const QString &name,
                                   QStringList &notCarried) const
{
    if (remoteName.isEmpty()) {
        return ctx.fail(element.line, u"project '%1' has no remote and there is no default "
                                      u"remote"_s.arg(name));
    }
    const auto remote = m_remotes.constFind(remoteName);
    if (remote == m_remotes.cend())
        return ctx.fail(element.line, u"remote '%1' is not defined"_s.arg(remoteName));
    const QString fetch = resolvedOrEmpty(ctx, remote->fetch, notCarried);
    return fetch.isEmpty() ? QString() : joinUrl(fetch, name);
}

Result<void> RepoReader::addProject(const Context &ctx, const XmlElement &element,
                                    const QStringList &includeGroups, const QString &parentName,
                                    const QString &parentPath)
{
    QString name = element.attribute(u"name"_s);
    if (name.isEmpty())
        return ctx.fail(element.line, u"<project> has no name"_s);
    // A nested project (a submodule) is named and placed below its parent.
    if (!parentName.isEmpty())
        name = parentName + u'/' + name;
    QString path = element.attribute(u"path"_s);
    if (path.isEmpty())
        path = element.attribute(u"name"_s);
    if (!parentPath.isEmpty())
        path = parentPath + u'/' + path;
    if (Result<void> room = roomForEntry(ctx, m_source.entries.size(), element.line); !room)
        return room;

    ImportEntry entry;
    entry.path = cleanEntryPath(path);
    QString remoteName = element.attribute(u"remote"_s);
    if (remoteName.isEmpty())
        remoteName = m_defaultRemote;
    Result<QString> url = urlFor(ctx, element, remoteName, name, entry.notCarried);
    if (!url)
        return url.error();
    entry.url = *url;
    QString revision = element.attribute(u"revision"_s);
    if (revision.isEmpty())
        revision = m_remotes.value(remoteName).revision;
    if (revision.isEmpty())
        revision = m_defaultRevision;
    entry.ref = refOf(revision);
    for (const QString &group : splitGroups(element.attribute(u"groups"_s)) + includeGroups)
        addTag(entry, group, u"group"_s);
    if (element.has(u"clone-depth"_s)) {
        bool ok = false;
        const QString text = element.attribute(u"clone-depth"_s);
        entry.depth = text.toLongLong(&ok);
        if (!ok || entry.depth <= 0) {
            return ctx.fail(element.line, u"the clone-depth of '%1' is not a number greater "
                                          u"than 0: '%2'"_s.arg(name, text));
        }
    }
    static const QStringList read{u"name"_s,     u"path"_s,   u"remote"_s,
                                  u"revision"_s, u"groups"_s, u"clone-depth"_s};
    for (const auto &[key, value] : element.attributes) {
        if (!read.contains(key))
            entry.notCarried.append(u"%1=%2"_s.arg(key, value));
    }
    QList<const XmlElement *> nested;
    for (const XmlElement &child : element.children) {
        if (child.name == u"copyfile" || child.name == u"linkfile") {
            entry.notCarried.append(u"%1 %2 -> %3"_s.arg(child.name, child.attribute(u"src"_s),
                                                         child.attribute(u"dest"_s)));
        } else if (child.name == u"annotation") {
            entry.notCarried.append(
                u"annotation %1=%2"_s.arg(child.attribute(u"name"_s), child.attribute(u"value"_s)));
        } else if (child.name == u"project") {
            nested.append(&child);
        } else {
            entry.notCarried.append(u"element <%1>"_s.arg(child.name));
        }
    }
    const QString placed = entry.path;
    m_source.entries.append(entry);
    m_names.append(name);
    // An include's groups went to the <project> element alone, as repo sets them.
    for (const XmlElement *child : std::as_const(nested)) {
        if (Result<void> added = addProject(ctx, *child, {}, name, placed); !added)
            return added;
    }
    return {};
}

Result<void> RepoReader::extendProject(const Context &ctx, const RepoNode &node)
{
    const XmlElement &element = node.element;
    const QString name = element.attribute(u"name"_s);
    if (name.isEmpty())
        return ctx.fail(element.line, u"<extend-project> has no name"_s);
    const QString path = element.attribute(u"path"_s);
    bool matched = false;
    for (qsizetype i = 0; i < m_source.entries.size(); ++i) {
        ImportEntry &entry = m_source.entries[i];
        if (m_names.at(i) != name || (!path.isEmpty() && entry.path != cleanEntryPath(path)))
            continue;
        matched = true;
        for (const QString &group :
             splitGroups(element.attribute(u"groups"_s)) + node.includeGroups)
            addTag(entry, group, u"group"_s);
        if (const QString revision = element.attribute(u"revision"_s); !revision.isEmpty())
            entry.ref = refOf(revision);
        if (const QString remote = element.attribute(u"remote"_s); !remote.isEmpty()) {
            Result<QString> url = urlFor(ctx, element, remote, name, entry.notCarried);
            if (!url)
                return url.error();
            entry.url = *url;
        }
        if (const QString destination = element.attribute(u"dest-path"_s); !destination.isEmpty())
            entry.path = cleanEntryPath(destination);
        for (const auto &[key, value] : element.attributes) {
            if (key != u"name" && key != u"path" && key != u"groups" && key != u"revision" &&
                key != u"remote" && key != u"dest-path")
                entry.notCarried.append(u"%1=%2"_s.arg(key, value));
        }
        for (const XmlElement &child : element.children) {
            if (child.name == u"copyfile" || child.name == u"linkfile") {
                entry.notCarried.append(u"%1 %2 -> %3"_s.arg(child.name, child.attribute(u"src"_s),
                                                             child.attribute(u"dest"_s)));
            } else if (child.name == u"annotation") {
                entry.notCarried.append(u"annotation %1=%2"_s.arg(child.attribute(u"name"_s),
                                                                  child.attribute(u"value"_s)));
            }
        }
    }
    if (!matched)
        m_source.notCarried.append(u"extend-project '%1' matches no project"_s.arg(name));
    return {};
}

Result<void> RepoReader::removeProject(const Context &ctx, const XmlElement &element)
{
    const QString name = element.attribute(u"name"_s);
    const QString path = element.attribute(u"path"_s);
    if (name.isEmpty() && path.isEmpty())
        return ctx.fail(element.line, u"<remove-project> has neither a name nor a path"_s);
    bool removed = false;
    for (qsizetype i = m_source.entries.size() - 1; i >= 0; --i) {
        const bool nameMatches = name.isEmpty() || m_names.at(i) == name;
        const bool pathMatches =
            path.isEmpty() || m_source.entries.at(i).path == cleanEntryPath(path);
        if (nameMatches && pathMatches) {
            m_source.entries.removeAt(i);
            m_names.removeAt(i);
            removed = true;
        }
    }
    if (!removed && element.attribute(u"optional"_s) != u"true") {
        m_source.notCarried.append(
            u"remove-project '%1' matches no project"_s.arg(name.isEmpty() ? path : name));
    }
    return {};
}

// repo's manifest, in repo's order: remotes first, then the default, then projects,
// extend-project and remove-project in file order, each pass over the whole manifest with its
// includes.
Result<ImportSource> RepoReader::read(const QByteArray &bytes)
{
    const QString canonical = QFileInfo(m_top.file).canonicalFilePath();
    if (Result<void> gathered = gather(m_top, bytes, {canonical}, {}, {}); !gathered)
        return gathered.error();
    for (const RepoNode &node : std::as_const(m_nodes)) {
        if (node.element.name == u"remote") {
            if (Result<void> remote = readRemote(m_top.sibling(node.file), node.element); !remote)
                return remote.error();
        }
    }
    for (const RepoNode &node : std::as_const(m_nodes)) {
        if (node.element.name == u"default") {
            if (Result<void> def = readDefault(m_top.sibling(node.file), node.element); !def)
                return def.error();
        }
    }
    for (const RepoNode &node : std::as_const(m_nodes)) {
        const Context ctx = m_top.sibling(node.file);
        const XmlElement &element = node.element;
        const QString &kind = element.name;
        Result<void> done;
        if (kind == u"project") {
            done = addProject(ctx, element, node.includeGroups, {}, {});
        } else if (kind == u"extend-project") {
            done = extendProject(ctx, node);
        } else if (kind == u"remove-project") {
            done = removeProject(ctx, element);
        } else if (kind == u"remote" || kind == u"default") {
            // Read above.
        } else if (kind == u"notice") {
            m_source.notCarried.append(u"notice"_s);
        } else if (kind == u"superproject" || kind == u"submanifest") {
            m_source.notCarried.append(u"%1 %2"_s.arg(kind, element.attribute(u"name"_s)));
        } else if (kind == u"manifest-server") {
            m_source.notCarried.append(u"manifest-server %1"_s.arg(element.attribute(u"url"_s)));
        } else if (kind == u"contactinfo") {
            m_source.notCarried.append(u"contactinfo %1"_s.arg(element.attribute(u"bugurl"_s)));
        } else if (kind == u"repo-hooks") {
            m_source.notCarried.append(u"repo-hooks %1 in %2"_s.arg(
                element.attribute(u"enabled-list"_s), element.attribute(u"in-project"_s)));
        } else {
            m_source.notCarried.append(u"element <%1>"_s.arg(kind));
        }
        if (!done)
            return done.error();
    }
    return m_source;
}

// ---- west -------------------------------------------------------------------------------------

// west's manifest as west reads it: a project's URL is its url, else its remote's (or the
// default remote's) url-base, '/', and its repo-path or name; its path is its name when absent;
// its revision, when neither it nor `defaults` gives one, is "master".
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

    QHash<QString, QString> urlBases;
    QString defaultRemote;
    int defaultRemoteLine = 0;
    QString defaultRevision = u"master"_s;
    YAML::Node projects;
    for (const auto &member : manifest) {
        const QString key = scalarText(member.first);
        const YAML::Node &value = member.second;
        if (key == u"version") {
            continue;
        } else if (key == u"remotes") {
            if (value.IsNull())
                continue;
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
                Result<std::optional<QString>> base = optionalScalar(
                    ctx, remote["url-base"], u"the url-base of remote '%1'"_s.arg(**name));
                if (!base)
                    return base.error();
                if (!*base)
                    return ctx.fail(lineOf(remote), u"remote '%1' has no 'url-base'"_s.arg(**name));
                urlBases.insert(**name, **base);
            }
        } else if (key == u"defaults") {
            if (value.IsNull())
                continue;
            if (!value.IsMap())
                return ctx.fail(lineOf(value), u"'defaults' is not a mapping"_s);
            for (const auto &setting : value) {
                const QString name = scalarText(setting.first);
                Result<std::optional<QString>> text =
                    optionalScalar(ctx, setting.second, u"defaults '%1'"_s.arg(name));
                if (name != u"remote" && name != u"revision") {
                    source.notCarried.append(u"defaults %1"_s.arg(name));
                    continue;
                }
                if (!text)
                    return text.error();
                if (name == u"remote" && *text) {
                    defaultRemote = **text;
                    defaultRemoteLine = lineOf(setting.second);
                } else if (name == u"revision" && *text) {
                    defaultRevision = **text;
                }
            }
        } else if (key == u"projects") {
            projects = value;
        } else if (key == u"group-filter") {
            source.notCarried.append(u"group-filter %1"_s.arg(yamlBrief(value)));
        } else if (key == u"self") {
            // The manifest repository itself: west clones it before it reads this file, and
            // the file does not say where from.
            QString path;
            if (value.IsMap()) {
                for (const auto &setting : value) {
                    const QString name = scalarText(setting.first);
                    if (name == u"path")
                        path = yamlBrief(setting.second);
                    else
                        source.notCarried.append(
                            u"self %1: %2"_s.arg(name, yamlBrief(setting.second)));
                }
            }
            source.notCarried.append(
                path.isEmpty()
                    ? u"self: the manifest repository has no URL in the file"_s
                    : u"self: the manifest repository at '%1' has no URL in the file"_s.arg(path));
        } else {
            source.notCarried.append(u"key '%1'"_s.arg(key));
        }
    }
    if (!defaultRemote.isEmpty() && !urlBases.contains(defaultRemote)) {
        return ctx.fail(defaultRemoteLine,
                        u"the default remote '%1' is not defined"_s.arg(defaultRemote));
    }
    if (!projects || projects.IsNull())
        return source;
    if (!projects.IsSequence())
        return ctx.fail(lineOf(projects), u"'projects' is not a list"_s);

    for (const YAML::Node &project : projects) {
        const int line = lineOf(project);
        if (!project.IsMap())
            return ctx.fail(line, u"a project is not a mapping"_s);
        if (Result<void> room = roomForEntry(ctx, source.entries.size(), line); !room)
            return room.error();
        QHash<QString, QString> text;
        ImportEntry entry;
        YAML::Node groups;
        for (const auto &member : project) {
            const QString key = scalarText(member.first);
            const YAML::Node &value = member.second;
            static const QStringList scalars{u"name"_s,       u"url"_s,      u"remote"_s,
                                             u"repo-path"_s,  u"revision"_s, u"path"_s,
                                             u"clone-depth"_s};
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
                entry.notCarried.append(u"import %1"_s.arg(yamlBrief(value)));
            } else if (key == u"west-commands" || key == u"submodules") {
                entry.notCarried.append(u"%1 %2"_s.arg(key, yamlBrief(value)));
            } else if (key == u"userdata" || key == u"description") {
                entry.notCarried.append(key);
            } else {
                entry.notCarried.append(u"key '%1'"_s.arg(key));
            }
        }
        const QString name = text.value(u"name"_s);
        if (name.isEmpty())
            return ctx.fail(line, u"a project has no 'name'"_s);
        const QString url = text.value(u"url"_s);
        QString remote = text.value(u"remote"_s);
        if (!url.isEmpty() && !remote.isEmpty())
            return ctx.fail(line, u"project '%1' has both 'remote' and 'url'"_s.arg(name));
        if (!url.isEmpty() && text.contains(u"repo-path"_s))
            return ctx.fail(line, u"project '%1' has both 'repo-path' and 'url'"_s.arg(name));
        if (url.isEmpty() && remote.isEmpty())
            remote = defaultRemote;
        if (!url.isEmpty()) {
            entry.url = resolvedOrEmpty(ctx, url, entry.notCarried);
        } else if (!remote.isEmpty()) {
            if (!urlBases.contains(remote))
                return ctx.fail(line,
                                u"project '%1': remote '%2' is not defined"_s.arg(name, remote));
            const QString base = resolvedOrEmpty(ctx, urlBases.value(remote), entry.notCarried);
            if (!base.isEmpty())
                entry.url = joinUrl(base, text.value(u"repo-path"_s, name));
        } else {
            return ctx.fail(line, u"project '%1' has no remote or url and no default remote is "
                                  u"set"_s.arg(name));
        }
        entry.path = cleanEntryPath(text.value(u"path"_s, name));
        entry.ref = refOf(text.value(u"revision"_s, defaultRevision));
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
                    return ctx.fail(lineOf(group), u"a group of project '%1' is not a "
                                                   u"string"_s.arg(name));
                addTag(entry, scalarText(group), u"group"_s);
            }
        }
        source.entries.append(entry);
    }
    return source;
}

// ---- detection --------------------------------------------------------------------------------

QString rootElementName(const QByteArray &content)
{
    QXmlStreamReader xml(content);
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement)
            return xml.name().toString();
    }
    return {};
}

std::optional<ImportFormat> formatFromContent(const QByteArray &content)
{
    const QByteArray start = content.left(4096).trimmed();
    if (start.startsWith('[')) {
        QJsonParseError error;
        if (QJsonDocument::fromJson(content, &error).isArray())
            return ImportFormat::ReposJson;
    }
    if (start.startsWith('<'))
        return rootElementName(content) == u"manifest"
                   ? std::optional<ImportFormat>(ImportFormat::RepoManifest)
                   : std::nullopt;
    static const QRegularExpression mrSection(u"^\\[[^\\]\\n]*\\][ \\t]*$"_s,
                                              QRegularExpression::MultilineOption);
    static const QRegularExpression mrCheckout(u"^checkout\\s*="_s,
                                               QRegularExpression::MultilineOption);
    const QString text = QString::fromUtf8(content);
    if (mrSection.match(text).hasMatch() && mrCheckout.match(text).hasMatch())
        return ImportFormat::MrConfig;
    try {
        const YAML::Node root = YAML::Load(content.toStdString());
        if (root.IsMap()) {
            for (const auto &member : root) {
                const QString key = scalarText(member.first);
                if (key == u"manifest" && member.second.IsMap())
                    return ImportFormat::West;
                if (key == u"repositories")
                    return ImportFormat::Vcstool;
                if (key == u"projects" && member.second.IsMap())
                    return ImportFormat::Mani;
            }
        }
    } catch (const YAML::Exception &) {
        // Not YAML: maybe a CSV.
    }
    // gita: its rows start with a clone's absolute path (repos.csv) or a URL (gita freeze).
    static const QRegularExpression gitaRow(u"^(/|[A-Za-z]:[\\\\/]|[a-z+]+://|[^,\\s]+@[^,\\s]+:)"
                                            u"[^,\\n]*,[^,\\n]*,"_s);
    if (gitaRow.match(text).hasMatch())
        return ImportFormat::Gita;
    return std::nullopt;
}

} // namespace

QString importFormatName(ImportFormat format)
{
    for (const FormatInfo &info : Formats) {
        if (info.format == format)
            return info.name.toString();
    }
    return {};
}

std::optional<ImportFormat> importFormatFromName(const QString &name)
{
    for (const FormatInfo &info : Formats) {
        if (info.name == name)
            return info.format;
    }
    return std::nullopt;
}

QStringList importFormatNames()
{
    QStringList names;
    for (const FormatInfo &info : Formats)
        names.append(info.name.toString());
    return names;
}

Result<ImportFormat> detectImportFormat(const QString &file, const QByteArray &content)
{
    const QString name = QFileInfo(file).fileName().toLower();
    if (name == u".mrconfig" || name.endsWith(u".mrconfig"))
        return ImportFormat::MrConfig;
    if (name.endsWith(u".repos"))
        return ImportFormat::Vcstool;
    if (name == u"mani.yaml" || name == u"mani.yml")
        return ImportFormat::Mani;
    if (name == u"west.yml" || name == u"west.yaml")
        return ImportFormat::West;
    if (name.endsWith(u".csv"))
        return ImportFormat::Gita;
    if (name.endsWith(u".json"))
        return ImportFormat::ReposJson;
    if (const std::optional<ImportFormat> format = formatFromContent(content))
        return *format;
    return Error(ErrorKind::Usage, u"unknown_import_format"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "cannot tell which kind of file %1 is; grex "
                                                   "imports %2"),
                         {file, importFormatNames().join(u", "_s)}))
        .withDetail(u"path"_s, file);
}

Result<ImportSource> readImportFile(const QString &file, std::optional<ImportFormat> format,
                                    const QString &baseUrl)
{
    Result<QByteArray> bytes = readBytes(file);
    if (!bytes)
        return bytes.error();
    if (!format) {
        Result<ImportFormat> detected = detectImportFormat(file, *bytes);
        if (!detected)
            return detected.error();
        format = *detected;
    }
    const Context ctx{*format, file, QFileInfo(file).absolutePath(), baseUrl};
    switch (*format) {
    case ImportFormat::ReposJson:
        return readReposJson(ctx, *bytes);
    case ImportFormat::Gita:
        return readGita(ctx, *bytes);
    case ImportFormat::MrConfig:
        return readMrConfig(ctx, *bytes);
    case ImportFormat::Vcstool:
        return readVcstool(ctx, *bytes);
    case ImportFormat::Mani:
        return readMani(ctx, *bytes);
    case ImportFormat::RepoManifest:
        return RepoReader(ctx).read(*bytes);
    case ImportFormat::West:
        return readWest(ctx, *bytes);
    }
    return Error::internal(__FILE__, __LINE__, u"unknown import format"_s);
}

} // namespace Grex
