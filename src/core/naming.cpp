#include "core/naming.h"

#include "core/secrets.h"
#include "core/visibletext.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// sourceText has %1 for the path (shown with its hidden characters escaped) and %2 for `extra`.
Error notBare(const QString &path, const char *sourceText, const QString &extra = {})
{
    QStringList arguments{visibleText(path)};
    if (!extra.isEmpty())
        arguments.append(extra);
    // What is wrong, without the path: a nested path's message quotes it for the part.
    const QString message = Message(sourceText, arguments).text();
    const QString prefix = u"'%1' is not a valid pack path: "_s.arg(visibleText(path));
    const QString why = message.startsWith(prefix) ? message.mid(prefix.size()) : message;
    return Error(ErrorKind::Usage, u"path_not_bare"_s, Message(sourceText, arguments))
        .withDetail(u"path"_s, path)
        .withDetail(u"why"_s, why)
        .withHint(Message(QT_TRANSLATE_NOOP(
            "Grex",
            "a pack path is relative to the workspace, like 'dotfiles' or 'src/tools/fd'")));
}

// The same for a nested path: %1 the whole path, then `extra` (the part and what is wrong).
Error notNested(const QString &path, const char *sourceText, const QStringList &extra = {})
{
    QStringList arguments{visibleText(path)};
    arguments += extra;
    return Error(ErrorKind::Usage, u"path_not_bare"_s, Message(sourceText, arguments))
        .withDetail(u"path"_s, path)
        .withHint(Message(QT_TRANSLATE_NOOP("Grex", "a pack path is relative to the workspace, "
                                                    "like 'dotfiles' or 'src/tools/fd'")));
}

// sourceText has %1 for the URL (shown with its hidden characters escaped) and %2 for `extra`.
Error badUrl(const QString &url, const char *sourceText, const QString &extra = {})
{
    QStringList arguments{visibleText(redactUrl(url))};
    if (!extra.isEmpty())
        arguments.append(extra);
    return Error(ErrorKind::Usage, u"invalid_url"_s, Message(sourceText, arguments))
        .withDetail(u"url"_s, redactUrl(url));
}

bool hasControl(const QString &text)
{
    for (QChar c : text) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return true;
    }
    return false;
}

// "user@host:path" with no scheme; a Windows drive letter ("C:") does not count.
bool isScpLike(const QString &url)
{
    static const QRegularExpression re(u"^(?:[^@/:\\s]+@)?([^@/:\\s]+):(.*)$"_s);
    const QRegularExpressionMatch m = re.match(url);
    return m.hasMatch() && m.captured(1).size() > 1 && !url.contains(u"://");
}

QString stripGitSuffix(QString s)
{
    while (s.endsWith(u'/'))
        s.chop(1);
    if (s.endsWith(u".git"))
        s.chop(4);
    return s;
}

} // namespace

Result<void> checkBarePath(const QString &path)
{
    if (path.isEmpty())
        return notBare(path,
                       QT_TRANSLATE_NOOP("Grex", "'%1' is not a valid pack path: it is empty"));
    if (path.contains(u'/') || path.contains(u'\\'))
        return notBare(
            path, QT_TRANSLATE_NOOP("Grex",
                                    "'%1' is not a valid pack path: it contains a path separator"));
    if (path == u".")
        return notBare(
            path,
            QT_TRANSLATE_NOOP("Grex", "'%1' is not a valid pack path: it is the workspace itself"));
    if (path == u"..")
        return notBare(path, QT_TRANSLATE_NOOP("Grex", "'%1' is not a valid pack path: it points "
                                                       "outside the workspace"));
    if (path.startsWith(u'.'))
        return notBare(path,
                       QT_TRANSLATE_NOOP(
                           "Grex",
                           "'%1' is not a valid pack path: it starts with '.', which grex reserves "
                           "for its own files"));
    if (path.startsWith(u'-'))
        return notBare(
            path, QT_TRANSLATE_NOOP("Grex", "'%1' is not a valid pack path: it starts with '-'"));
    if (hasControl(path))
        return notBare(
            path, QT_TRANSLATE_NOOP(
                      "Grex", "'%1' is not a valid pack path: it contains control characters"));
    // A right-to-left override or a zero-width character lets one name pass for another.
    if (const std::optional<char32_t> hidden = firstHiddenCharacter(path))
        return notBare(path,
                       QT_TRANSLATE_NOOP("Grex", "'%1' is not a valid pack path: it contains %2, "
                                                 "a character that is invisible or changes how "
                                                 "the name reads"),
                       codePointName(*hidden));
    if (!path.isValidUtf16())
        return notBare(path, QT_TRANSLATE_NOOP("Grex", "'%1' is not a valid pack path: it is not "
                                                       "valid Unicode"));
    if (path.contains(u'<') || path.contains(u'>'))
        return notBare(path, QT_TRANSLATE_NOOP(
                                 "Grex", "'%1' is not a valid pack path: it contains '<' or '>'"));
    if (path == u"_workspace")
        return notBare(
            path, QT_TRANSLATE_NOOP("Grex", "'%1' is not a valid pack path: the name is reserved"));
    // Sidecars derive their names from the pack path (.grex-backend-<path>.lock, Qt's
    // <lock>.rmlock): 200 bytes keeps every one of them within NAME_MAX (255).
    if (path.toUtf8().size() > MaxPackPathBytes)
        return notBare(
            path, QT_TRANSLATE_NOOP("Grex",
                                    "'%1' is not a valid pack path: it is longer than 200 bytes"));
    return {};
}

Result<void> checkPackPath(const QString &path)
{
    if (path.isEmpty() || !path.contains(u'/'))
        return checkBarePath(path);
    if (path.contains(u'\\'))
        return checkBarePath(path); // names the separator
    if (path.startsWith(u'/'))
        return notNested(path, QT_TRANSLATE_NOOP("Grex", "'%1' is not a valid pack path: it is "
                                                         "absolute; give it relative to the "
                                                         "workspace"));
    if (path.toUtf8().size() > MaxNestedPackPathBytes)
        return notNested(path, QT_TRANSLATE_NOOP("Grex", "'%1' is not a valid pack path: it is "
                                                         "longer than 400 bytes"));
    const QStringList parts = path.split(u'/');
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString &part = parts.at(i);
        if (part.isEmpty())
            return notNested(path, QT_TRANSLATE_NOOP("Grex", "'%1' is not a valid pack path: it "
                                                             "has an empty part (a trailing or "
                                                             "doubled '/')"));
        if (part == u"..")
            return notNested(path, QT_TRANSLATE_NOOP("Grex", "'%1' is not a valid pack path: it "
                                                             "points outside the workspace"));
        if (Result<void> valid = checkBarePath(part); !valid) {
            return notNested(path,
                             QT_TRANSLATE_NOOP("Grex", "'%1' is not a valid pack path: its part "
                                                       "'%2' is not a valid folder name (%3)"),
                             {visibleText(part), valid.error().details().value(u"why"_s).toString()});
        }
    }
    return {};
}

QString packBaseName(const QString &path)
{
    return path.mid(path.lastIndexOf(u'/') + 1);
}

void PackPathSet::insert(const QString &path)
{
    m_paths.insert(path);
    for (qsizetype cut = path.indexOf(u'/'); cut > 0; cut = path.indexOf(u'/', cut + 1))
        m_below.insert(path.left(cut), path);
}

std::optional<QString> PackPathSet::enclosing(const QString &path) const
{
    for (qsizetype cut = path.indexOf(u'/'); cut > 0; cut = path.indexOf(u'/', cut + 1)) {
        if (m_paths.contains(path.left(cut)))
            return path.left(cut);
    }
    if (const auto below = m_below.constFind(path); below != m_below.cend())
        return *below;
    return std::nullopt;
}

std::optional<QString> enclosingPack(const QString &path, const QStringList &others)
{
    PackPathSet set;
    for (const QString &other : others)
        set.insert(other);
    return set.enclosing(path);
}

Error packInsidePack(const QString &path, const QString &other, ErrorKind kind)
{
    const bool inside = path.startsWith(other + u'/');
    return Error(kind, u"pack_inside_pack"_s,
                 inside ? Message(QT_TRANSLATE_NOOP("Grex", "'%1' is inside the working tree of "
                                                            "pack '%2'"),
                                  {path, other})
                        : Message(QT_TRANSLATE_NOOP("Grex", "'%1' would hold the working tree of "
                                                            "pack '%2'"),
                                  {path, other}))
        .withDetail(u"path"_s, path)
        .withDetail(u"pack"_s, other)
        .withHint(Message(QT_TRANSLATE_NOOP("Grex", "a pack cannot live inside another pack's "
                                                    "clone; choose a path beside it")));
}

bool differsOnlyInCase(const QString &path, const QString &other)
{
    return path != other && path.compare(other, Qt::CaseInsensitive) == 0;
}

Error caseClash(const QString &path, const QString &existing, ErrorKind kind)
{
    return Error(kind, u"case_clash"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "'%1' differs only in case from the pack '%2'; "
                                                   "on a case-insensitive file system both would "
                                                   "be one directory"),
                         {path, existing}))
        .withDetail(u"path"_s, path)
        .withDetail(u"pack"_s, existing)
        .withHint(Message(QT_TRANSLATE_NOOP("Grex", "choose a name that differs in more than "
                                                    "letter case")));
}

Result<void> checkNotSymlink(const QString &path)
{
    const QFileInfo info(path);
    if (!info.isSymLink())
        return {};
    return Error(ErrorKind::PackOp, u"symlink_refused"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "%1 is a symbolic link (to %2); grex does not "
                                                   "follow links out of the workspace"),
                         {path, info.symLinkTarget()}))
        .withDetail(u"path"_s, path)
        .withHint(Message(QT_TRANSLATE_NOOP("Grex", "replace the link with a real directory, or "
                                                    "remove it")));
}

Result<void> checkNoLinkOnTheWay(const QString &root, const QString &path)
{
    QString dir = root;
    for (const QString &part : path.split(u'/')) {
        dir += u'/' + part;
        if (Result<void> real = checkNotSymlink(dir); !real)
            return real;
    }
    return {};
}

QString derivePathFromUrl(const QString &url)
{
    QString s = url;
    while (s.endsWith(u'/') || s.endsWith(u'\\'))
        s.chop(1);
    qsizetype cut = qMax(s.lastIndexOf(u'/'), s.lastIndexOf(u'\\'));
    if (cut < 0 && isScpLike(s))
        cut = s.indexOf(u':');
    QString segment = s.mid(cut + 1);
    if (segment.endsWith(u".git"))
        segment.chop(4);
    return segment;
}

Result<void> checkCloneFilter(const QString &filter)
{
    static const QRegularExpression one(
        u"^(blob:none|blob:limit=[0-9]+[kmgKMG]?|tree:[0-9]+|object:type=(blob|tree|commit|tag))$"_s);
    QStringList parts{filter};
    if (filter.startsWith(u"combine:"_s))
        parts = filter.mid(8).split(u'+');
    for (const QString &part : std::as_const(parts)) {
        if (!one.match(part).hasMatch()) {
            return Error(ErrorKind::Usage, u"invalid_clone_filter"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "invalid clone filter '%1' (use "
                                                           "blob:none, blob:limit=1m, tree:0, "
                                                           "object:type=blob or combine:A+B)"),
                                 {filter}))
                .withDetail(u"filter"_s, filter);
        }
    }
    return {};
}

Result<void> checkCloneDepth(qint64 depth)
{
    if (depth >= 1 && depth <= 1'000'000)
        return {};
    return Error(ErrorKind::Usage, u"invalid_depth"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "invalid depth %1: a shallow clone keeps at "
                                                   "least 1 and at most 1000000 commits"),
                         {QString::number(depth)}))
        .withDetail(u"depth"_s, depth);
}

Result<void> checkTag(const QString &tag)
{
    const auto invalid = [&tag](const char *message) {
        return Error(ErrorKind::Usage, u"invalid_tag"_s, Message(message, {tag}))
            .withDetail(u"tag"_s, tag);
    };
    if (tag.isEmpty())
        return invalid(QT_TRANSLATE_NOOP("Grex", "invalid tag '%1': a tag cannot be empty"));
    if (tag.size() > MaxTagLength)
        return invalid(QT_TRANSLATE_NOOP("Grex", "invalid tag '%1': a tag has at most 40 "
                                                 "characters"));
    const auto isAlnum = [](QChar c) {
        return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9');
    };
    if (!isAlnum(tag.front()))
        return invalid(QT_TRANSLATE_NOOP("Grex", "invalid tag '%1': a tag starts with a letter "
                                                 "or a digit"));
    for (const QChar c : tag) {
        if (!isAlnum(c) && c != u'.' && c != u'_' && c != u'-')
            return invalid(QT_TRANSLATE_NOOP("Grex", "invalid tag '%1': a tag holds only "
                                                     "letters, digits, '.', '_' and '-'"));
    }
    return {};
}

Result<QStringList> normaliseTags(const QStringList &tags)
{
    QStringList sorted;
    for (const QString &tag : tags) {
        if (Result<void> valid = checkTag(tag); !valid)
            return valid.error();
        if (!sorted.contains(tag))
            sorted.append(tag);
    }
    if (sorted.size() > MaxTagsPerPack) {
        return Error(ErrorKind::Usage, u"too_many_tags"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1 tags are too many: a pack has at most "
                                                       "%2"),
                             {QString::number(sorted.size()), QString::number(MaxTagsPerPack)}))
            .withDetail(u"count"_s, qint64(sorted.size()));
    }
    std::sort(sorted.begin(), sorted.end());
    return sorted;
}

QStringList joinTags(const QStringList &a, const QStringList &b)
{
    QStringList tags = a + b;
    tags.removeDuplicates();
    std::sort(tags.begin(), tags.end());
    return tags;
}

Error secretInUrl(const QString &url)
{
    return Error(ErrorKind::Usage, u"url_has_secret"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "the URL %1 carries a password or access "
                                                   "token, which grex would write into "
                                                   "grex.jsonl for anyone who reads it"),
                         {redactUrl(url)}))
        .withDetail(u"url"_s, redactUrl(url))
        .withHint(Message(QT_TRANSLATE_NOOP("Grex", "give it to git instead: git config --global "
                                                    "credential.helper store (or your platform's "
                                                    "helper), run git ls-remote with the URL "
                                                    "without it once to log in, then use that "
                                                    "URL here; or use SSH")));
}

Result<QString> checkRemoteUrl(const QString &url, const QString &currentDir)
{
    if (url.trimmed().isEmpty())
        return badUrl(url, QT_TRANSLATE_NOOP("Grex", "invalid URL '%1': it is empty"));
    if (hasControl(url))
        return badUrl(
            url, QT_TRANSLATE_NOOP("Grex", "invalid URL '%1': it contains control characters"));
    if (const std::optional<char32_t> hidden = firstHiddenCharacter(url))
        return badUrl(url,
                      QT_TRANSLATE_NOOP("Grex", "invalid URL '%1': it contains %2, a character "
                                                "that is invisible or changes how the URL reads"),
                      codePointName(*hidden));
    // A space inside a path is git's to take ("/srv/my repo.git"); around the URL it is a slip
    // of the copy and paste.
    if (url != url.trimmed())
        return badUrl(url, QT_TRANSLATE_NOOP("Grex", "invalid URL '%1': it begins or ends with "
                                                     "a space"));
    if (url.startsWith(u'-'))
        return badUrl(url, QT_TRANSLATE_NOOP("Grex", "invalid URL '%1': it starts with '-'"));
    if (urlHasSecret(url))
        return secretInUrl(url);

    const qsizetype schemeEnd = url.indexOf(u"://");
    if (schemeEnd >= 0) {
        const QString scheme = url.left(schemeEnd).toLower();
        static const QStringList supported{u"http"_s, u"https"_s,   u"ssh"_s,    u"git"_s,
                                           u"file"_s, u"git+ssh"_s, u"ssh+git"_s};
        if (scheme.isEmpty())
            return badUrl(url, QT_TRANSLATE_NOOP(
                                   "Grex", "invalid URL '%1': the scheme before '://' is missing"));
        if (!supported.contains(scheme))
            return badUrl(
                url,
                QT_TRANSLATE_NOOP("Grex", "invalid URL '%1': the scheme is not one of http, https, "
                                          "ssh, git or file"));
        const QString rest = url.mid(schemeEnd + 3);
        // git hands http(s) URLs to curl, which refuses a raw space.
        if ((scheme == u"http" || scheme == u"https") && rest.contains(u' '))
            return badUrl(url, QT_TRANSLATE_NOOP("Grex", "invalid URL '%1': an http(s) URL "
                                                         "writes a space as %20"));
        if (scheme == u"file") {
            if (!rest.startsWith(u'/'))
                return badUrl(
                    url, QT_TRANSLATE_NOOP(
                             "Grex", "invalid URL '%1': a file:// URL needs an absolute path"));
            return url;
        }
        const qsizetype slash = rest.indexOf(u'/');
        QString authority = slash < 0 ? rest : rest.left(slash);
        const qsizetype at = authority.lastIndexOf(u'@');
        QString host = authority.mid(at + 1);
        if (host.startsWith(u'[')) {
            if (!host.contains(u']'))
                return badUrl(url,
                              QT_TRANSLATE_NOOP("Grex", "invalid URL '%1': the host is malformed"));
        } else if (host.contains(u':')) {
            const QString port = host.mid(host.indexOf(u':') + 1);
            host = host.left(host.indexOf(u':'));
            bool ok = false;
            const int number = port.toInt(&ok);
            if (!port.isEmpty() && (!ok || number <= 0 || number > 65535))
                return badUrl(
                    url, QT_TRANSLATE_NOOP("Grex",
                                           "invalid URL '%1': the port is not a number from 1 to "
                                           "65535"));
        }
        if (host.isEmpty())
            return badUrl(url,
                          QT_TRANSLATE_NOOP("Grex", "invalid URL '%1': the host name is missing"));
        if (authority.contains(u' '))
            return badUrl(url, QT_TRANSLATE_NOOP("Grex", "invalid URL '%1': the host part "
                                                         "contains a space"));
        if (slash < 0 || rest.mid(slash + 1).isEmpty())
            return badUrl(
                url, QT_TRANSLATE_NOOP("Grex", "invalid URL '%1': the repository path is missing"));
        return url;
    }
    if (url.contains(u"://") || url.startsWith(u':'))
        return badUrl(url,
                      QT_TRANSLATE_NOOP("Grex", "invalid URL '%1': it is not a URL or a path"));
    if (isScpLike(url)) {
        const qsizetype colon = url.indexOf(u':');
        if (url.mid(colon + 1).isEmpty())
            return badUrl(
                url, QT_TRANSLATE_NOOP(
                         "Grex", "invalid URL '%1': the repository path after ':' is missing"));
        return url;
    }
    // A local path: recorded absolute so the log does not depend on the caller's directory.
    QString local = url;
    if (local == u"~" || local.startsWith(u"~/"))
        local = QDir::homePath() + local.mid(1);
    return QDir::cleanPath(QDir(currentDir).absoluteFilePath(local));
}

bool sameRemote(const QString &a, const QString &b)
{
    const auto normalise = [](QString s) {
        if (s.startsWith(u"file://"))
            s = s.mid(7);
        s = stripGitSuffix(s);
        if (s.startsWith(u'/'))
            s = QDir::cleanPath(s);
        return s;
    };
    return normalise(a) == normalise(b);
}

} // namespace Grex
