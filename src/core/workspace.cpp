#include "core/workspace.h"

#include "core/git/gitfetcher.h"
#include "core/operationcontext.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Grex {

Result<Workspace> Workspace::locate(const QString &manifestOption, const QString &currentDir)
{
    if (manifestOption.isEmpty())
        return Workspace(QDir(currentDir).absolutePath());

    const QString path = QDir::cleanPath(QDir(currentDir).absoluteFilePath(manifestOption));
    const QFileInfo info(path);
    if (info.isDir()) {
        Workspace ws(path);
        return ws;
    }
    if (!QFileInfo(info.absolutePath()).isDir()) {
        return Error(ErrorKind::Usage, u"invalid_manifest_path"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "--manifest %1: the directory %2 does not "
                                                       "exist"),
                             {manifestOption, info.absolutePath()}))
            .withDetail(u"path"_s, path);
    }
    Workspace ws(info.absolutePath());
    ws.m_manifestPath = path;
    return ws;
}

Result<Workspace> Workspace::discover(const QString &manifestOption, const QString &currentDir,
                                      const QString &environmentWorkspace)
{
    // A flag said on this command beats the environment, as for every other setting.
    if (!manifestOption.isEmpty())
        return locate(manifestOption, currentDir);
    if (!environmentWorkspace.isEmpty()) {
        const QString dir = QDir::cleanPath(QDir(currentDir).absoluteFilePath(environmentWorkspace));
        if (!QFileInfo(dir).isDir()) {
            return Error(ErrorKind::Usage, u"invalid_workspace"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "GREX_WORKSPACE=%1 is not a directory"),
                                 {environmentWorkspace}))
                .withDetail(u"workspace"_s, dir);
        }
        return Workspace(dir);
    }
    const QString start = QDir::cleanPath(QDir(currentDir).absolutePath());
    if (QFileInfo(start + u"/grex.jsonl"_s).isFile())
        return Workspace(start);
    if (const QString above = enclosingWorkspace(start); !above.isEmpty())
        return Workspace(above);
    return Workspace(start);
}

QString Workspace::enclosingWorkspace(const QString &dir)
{
    // Up by name, not QDir::cdUp, which stops at a folder that does not exist yet (grex init
    // DIR checks a DIR it is about to create).
    QString at = QDir::cleanPath(QDir(dir).absolutePath());
    for (QString up = QFileInfo(at).path(); up != at; at = up, up = QFileInfo(at).path()) {
        if (QFileInfo(up + u"/grex.jsonl"_s).isFile())
            return up;
    }
    return {};
}

Workspace::Workspace(const QString &root)
    : m_root(QDir::cleanPath(QDir(root).absolutePath()))
    , m_manifestPath(m_root + u"/grex.jsonl"_s)
    , m_lockfilePath(m_root + u"/grex.lock.jsonl"_s)
    , m_fetcher(std::make_shared<GitFetcher>())
    , m_logCache(IntentLog::makeReadCache())
    , m_lockfileCache(std::make_shared<Lockfile::ReadCache>())
{
}

Workspace Workspace::forRootPack(const QString &rootPackDir, const QString &workspaceDir)
{
    const QString root = QDir::cleanPath(QDir(rootPackDir).absolutePath());
    Workspace ws(workspaceDir.isEmpty() ? root + u"/.grex/workspace"_s : workspaceDir);
    ws.m_rootPackDir = root;
    ws.m_manifestPath = root + u"/.grex/grex.jsonl"_s;
    ws.m_lockfilePath = root + u"/.grex/grex.lock.jsonl"_s;
    return ws;
}

QString Workspace::lockfilePath() const
{
    return m_lockfilePath;
}

QString Workspace::gitignorePath() const
{
    return m_root + u"/.gitignore"_s;
}

QString Workspace::manifestLockPath() const
{
    return QFileInfo(m_manifestPath).absolutePath() + u"/.grex.lock"_s;
}

QString Workspace::syncLockPath() const
{
    return m_root + u'/' + WorkspaceSyncLockName.toString();
}

QString Workspace::packDir(const QString &packPath) const
{
    return m_root + u'/' + packPath;
}

void Workspace::rememberProbes()
{
    if (!m_probeMemo)
        m_probeMemo = std::make_shared<DirMemo>(std::make_shared<ChangeWatch>());
}

IntentLog Workspace::intentLog() const
{
    // The workspace's .gitignore covers the journal; a root pack's .grex is the pack's own.
    return IntentLog(m_manifestPath, manifestLockPath(), m_logCache,
                     isRootPackMode() ? QString() : gitignorePath());
}

Lockfile Workspace::lockfile() const
{
    return Lockfile(lockfilePath(), manifestLockPath(), m_lockfileCache);
}

bool Workspace::isInitialised() const
{
    return QFileInfo(m_manifestPath).isFile();
}

Result<void> Workspace::requireInitialised() const
{
    if (isInitialised())
        return {};
    return Error(ErrorKind::Usage, u"not_a_workspace"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "%1 is not a grex workspace: %2 does not exist"),
                         {m_root, m_manifestPath}))
        .withDetail(u"workspace"_s, m_root)
        .withHint(
            // Inside a repository, "init here" would make a workspace inside a pack.
            QFileInfo::exists(m_root + u"/.git"_s)
                ? Message(QT_TRANSLATE_NOOP(
                      "Grex", "run grex inside a workspace (any folder in it will do), name one "
                              "with -C DIR, --manifest or GREX_WORKSPACE, or create one with "
                              "'grex init' in the folder that is to hold your repositories, not "
                              "inside this repository"))
                : Message(QT_TRANSLATE_NOOP(
                      "Grex", "run grex inside a workspace (any folder in it will do), name one "
                              "with -C DIR, --manifest or GREX_WORKSPACE, or create one here "
                              "with 'grex init'")));
}

Result<std::optional<FileLock>> Workspace::lockForWritingIf(bool needed) const
{
    if (!needed)
        return std::optional<FileLock>();
    Result<FileLock> acquired = lockForWriting();
    if (!acquired)
        return acquired.error();
    return std::optional<FileLock>(std::move(acquired).value());
}

Result<Workspace::LockedPacks> Workspace::lockAndReadPacks(bool writes, OperationContext &ctx) const
{
    Result<std::optional<FileLock>> lock = lockForWritingIf(writes);
    if (!lock)
        return lock.error();
    Result<QMap<QString, PackState>> packs = readPacks(ctx);
    if (!packs)
        return packs.error();
    return LockedPacks{std::move(lock).value(), std::move(packs).value()};
}

Result<FileLock> Workspace::lockForWriting() const
{
    Result<FileLock> lock = FileLock::tryAcquire(syncLockPath(), LockTier::WorkspaceSync);
    if (lock || lock.error().kind() != ErrorKind::Lock)
        return lock;
    const std::optional<LockHolder> holder = FileLock::holder(syncLockPath());
    Error busy(ErrorKind::Lock, u"workspace_busy"_s,
               Message(QT_TRANSLATE_NOOP("Grex", "workspace %1 is busy: %2 holds %3"),
                       {m_root, describeHolder(holder), syncLockPath()}));
    busy.withDetail(u"workspace"_s, m_root).withDetail(u"lock_path"_s, syncLockPath());
    if (lock.error().details().contains(u"holder"_s))
        busy.withDetail(u"holder"_s, lock.error().details().value(u"holder"_s));
    busy.withHint(Message(QT_TRANSLATE_NOOP("Grex", "wait for it to finish and try again")));
    return busy;
}

Result<QMap<QString, PackState>> Workspace::readPacks(OperationContext &ctx) const
{
    Result<LogSummary> log = intentLog().summary();
    if (!log)
        return log.error();
    for (const Message &warning : std::as_const(log->warnings))
        ctx.warn(warning);
    return std::move(log->packs);
}

Fetcher &Workspace::fetcher() const
{
    return *m_fetcher;
}

void Workspace::setFetcher(std::shared_ptr<Fetcher> fetcher)
{
    m_fetcher = std::move(fetcher);
}

} // namespace Grex
