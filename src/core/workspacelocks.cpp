#include "workspacelocks.h"

#include "timestamp.h"
#include "workspace.h"

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
    lock.modified = info.lastModified();
    found.append(std::move(lock));
}

} // namespace

JsonObject LockFileInfo::toJson() const
{
    JsonObject object{{u"path"_s, path}, {u"scope"_s, scope}, {u"stale"_s, stale()}};
    if (!pack.isEmpty())
        object.insert(u"pack"_s, pack);
    if (holder) {
        object.insert(u"holder"_s, JsonObject{{u"pid"_s, holder->pid},
                                              {u"hostname"_s, holder->hostname},
                                              {u"application"_s, holder->application}});
    }
    return object;
}

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
    for (const PackDir &pack : packs)
        addIfPresent(found, pack.dir + u"/.grex-lock"_s, u"pack"_s, pack.id);
    return found;
}

} // namespace Grex
