#include "core/workspacelocks.h"

#include "core/workspace.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

void addIfPresent(QList<LockFileInfo> &found, const QString &path, const QString &scope,
                  const QString &pack)
{
    const QFileInfo info(path);
    if (!info.exists())
        return;
    LockFileInfo lock;
    lock.path = path;
    lock.scope = scope;
    lock.pack = pack;
    lock.holder = FileLock::holder(path);
    if (!lock.holder) {
        // Caught in the middle of a change, a lock file without a live holder is not stale: its
        // holder may have let go since exists() above (the file is gone now), or a new holder
        // may have created it and not written its pid yet.
        if (!QFileInfo::exists(path))
            return;
        lock.holder = FileLock::creator(path);
    }
    lock.modified = info.lastModified();
    found.append(std::move(lock));
}

} // namespace

QList<LockFileInfo> workspaceLockFiles(const Workspace &workspace, const QList<PackDir> &packs)
{
    QList<LockFileInfo> found;
    addIfPresent(found, workspace.syncLockPath(), u"workspace"_s, {});
    addIfPresent(found, workspace.manifestLockPath(), u"manifest"_s, {});
    const QStringList backends =
        QDir(workspace.root())
            .entryList({u".grex-backend-*.lock"_s}, QDir::Files | QDir::Hidden | QDir::System,
                       QDir::Name);
    for (const QString &name : backends)
        addIfPresent(found, workspace.root() + u'/' + name, u"backend"_s, {});
    for (const PackDir &pack : packs) {
        addIfPresent(found, pack.dir + u"/.grex-lock"_s, u"pack"_s, pack.id);
        // A nested pack's backend lock is beside it, not at the top.
        const QFileInfo dir(pack.dir);
        if (dir.absolutePath() != workspace.root()) {
            addIfPresent(found,
                         dir.absolutePath() + u"/.grex-backend-"_s + dir.fileName() + u".lock"_s,
                         u"backend"_s, {});
        }
    }
    return found;
}

} // namespace Grex
