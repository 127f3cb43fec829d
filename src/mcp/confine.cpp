#include "mcp/confine.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

namespace {

// The arguments that name a file or directory, and whether the verb wants it absolute.
struct PathArgument
{
    const char16_t *name;
    // A pack's `path` is a name and init's hooksPath is kept relative so that git resolves it
    // against the repository wherever it is moved; both are checked, and stay as given.
    bool makeAbsolute;
};

constexpr PathArgument kPathArguments[] = {
    {u"packRoot", true},
    {u"workspace", true},
    {u"fromReposJson", true},
    {u"from", true},
    // init's core.hooksPath: git would run hooks from wherever it points.
    {u"hooksPath", false},
    {u"path", false},
};

// Symbolic links followed in a row before a path counts as unresolvable (Linux's own limit).
constexpr int kMaxLinks = 40;

// The canonical form of path: the deepest existing ancestor canonicalised (symlinks
// resolved, dangling ones followed), the rest appended; a path that does not exist yet can
// still be checked.
QString canonicalOf(const QString &path)
{
    QString existing = QDir::cleanPath(path);
    QStringList rest;
    int links = 0;
    while (!QFileInfo::exists(existing)) {
        // A dangling link still leads somewhere: what is created through it lands there.
        const QFileInfo info(existing);
        if (info.isSymLink() && ++links <= kMaxLinks) {
            existing = QDir::cleanPath(info.symLinkTarget());
            continue;
        }
        const qsizetype slash = existing.lastIndexOf(u'/');
        if (slash <= 0)
            return QDir::cleanPath(path);
        rest.prepend(existing.mid(slash + 1));
        existing.truncate(slash);
    }
    QString canonical = QFileInfo(existing).canonicalFilePath();
    for (const QString &part : std::as_const(rest))
        canonical += u'/' + part;
    return QDir::cleanPath(canonical);
}

} // namespace

Result<QString> confinePath(const QString &path, const QString &root, const QString &argument)
{
    const QString rootCanonical = canonicalOf(root);
    const QString absolute = QDir::isAbsolutePath(path) ? path : root + u'/' + path;
    const QString canonical = canonicalOf(absolute);
    if (canonical == rootCanonical || canonical.startsWith(rootCanonical + u'/'))
        return canonical;
    return Error(ErrorKind::PackOp, u"path_escapes_workspace"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "path %1 escapes workspace %2"),
                         {path, rootCanonical}))
        .withDetail(u"argument"_s, argument)
        .withDetail(u"path"_s, path)
        .withDetail(u"workspace"_s, rootCanonical);
}

Result<QJsonObject> confineArguments(const VerbSpec &verb, const QJsonObject &arguments,
                                     const Workspace &workspace)
{
    QJsonObject confined = arguments;
    for (const PathArgument &candidate : kPathArguments) {
        const QString name = QString::fromUtf16(candidate.name);
        if (!verb.param(name) || !arguments.value(name).isString())
            continue;
        const QString given = arguments.value(name).toString();
        if (given.isEmpty())
            continue;
        Result<QString> path = confinePath(given, workspace.root(), name);
        if (!path)
            return path.error();
        if (candidate.makeAbsolute)
            confined.insert(name, *path);
    }
    return confined;
}

} // namespace Grex::Mcp
