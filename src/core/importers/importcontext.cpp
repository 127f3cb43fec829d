#include "core/importers/importcontext.h"

#include "core/fs/fsutil.h"

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

} // namespace

Error Context::fail(int line, const QString &what, int column) const
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

Context Context::sibling(const QString &other) const
{
    return Context{format, other, QFileInfo(other).absolutePath(), baseUrl};
}

Result<QByteArray> readBytes(const QString &file)
{
    BoundedRead read = readBounded(file, MaxImportFileBytes);
    if (read.fault == BoundedRead::Fault::Unreadable) {
        return Error(ErrorKind::Usage, u"unreadable_import_file"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"), {file, read.reason}))
            .withDetail(u"path"_s, file);
    }
    if (read.fault == BoundedRead::Fault::TooLarge) {
        return Error(ErrorKind::Usage, u"invalid_import_file"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1 is larger than %2 bytes, the most an "
                                                       "import file may have"),
                             {file, QString::number(MaxImportFileBytes)}))
            .withDetail(u"path"_s, file);
    }
    const QByteArray &bytes = read.bytes;
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

} // namespace Grex::Importers
