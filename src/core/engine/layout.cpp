#include "core/engine/layout.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

QStringList subfolders(const QString &dir)
{
    return QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks, QDir::Name);
}

// Every folder that leads to a known path: "src" and "src/tools" for "src/tools/fd".
QSet<QString> ancestorsOf(const QSet<QString> &known)
{
    QSet<QString> ancestors;
    for (const QString &path : known) {
        for (qsizetype cut = path.indexOf(u'/'); cut > 0; cut = path.indexOf(u'/', cut + 1))
            ancestors.insert(path.left(cut));
    }
    return ancestors;
}

void collectClones(const QString &root, const QString &relative, int depth,
                   const QSet<QString> &known, QStringList &found)
{
    const QString dir = relative.isEmpty() ? root : root + u'/' + relative;
    for (const QString &name : subfolders(dir)) {
        if (name.startsWith(u'.'))
            continue;
        const QString path = relative.isEmpty() ? name : relative + u'/' + name;
        if (known.contains(path))
            continue;
        if (QFileInfo::exists(dir + u'/' + name + u"/.git"_s)) {
            found.append(path);
            continue;
        }
        if (depth < MaxLayoutDepth)
            collectClones(root, path, depth + 1, known, found);
    }
}

} // namespace

QStringList findClones(const QString &root, const QSet<QString> &known)
{
    QStringList found;
    collectClones(root, QString(), 1, known, found);
    std::sort(found.begin(), found.end());
    return found;
}

QStringList unaccountedFolders(const QString &root, const QSet<QString> &known)
{
    const QSet<QString> ancestors = ancestorsOf(known);
    QStringList found;
    QStringList pending{QString()};
    while (!pending.isEmpty()) {
        const QString relative = pending.takeLast();
        for (const QString &name : subfolders(relative.isEmpty() ? root : root + u'/' + relative)) {
            if (name.startsWith(u'.'))
                continue;
            const QString path = relative.isEmpty() ? name : relative + u'/' + name;
            if (known.contains(path))
                continue;
            if (ancestors.contains(path))
                pending.append(path);
            else
                found.append(path);
        }
    }
    std::sort(found.begin(), found.end());
    return found;
}

} // namespace Grex
