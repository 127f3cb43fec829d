#pragma once

#include "core/fs/changewatch.h"
#include "core/fs/filelock.h"
#include "core/lockfile/lockfile.h"
#include "core/manifest/fold.h"
#include "core/manifest/intentlog.h"
#include "core/result.h"

#include <QString>

#include <memory>
#include <optional>

namespace Grex {

class Fetcher;
class OperationContext;

// A grex workspace: the directory W holding grex.jsonl (the intent log), grex.lock.jsonl, the
// managed .gitignore and the packs cloned flat inside it (docs/design.md,
// "Workspace and root-pack mode"). Cheap to copy; holds no open files. The Fetcher it carries is
// shared by copies.
class Workspace
{
public:
    // --manifest PATH selects the log (a directory means PATH/grex.jsonl); without it the log
    // is grex.jsonl in currentDir. Error: Usage "invalid_manifest_path".
    static Result<Workspace> locate(const QString &manifestOption, const QString &currentDir);
    // Finds the workspace a command run in currentDir means, as git finds a repository
    // (docs/design.md, "Workspace discovery"): --manifest when given, else the GREX_WORKSPACE
    // directory when set, else the nearest of currentDir and its ancestors that holds
    // grex.jsonl, else currentDir itself (not initialised, so verbs say so). Errors: Usage
    // "invalid_manifest_path", "invalid_workspace" (GREX_WORKSPACE is not a directory).
    static Result<Workspace> discover(const QString &manifestOption, const QString &currentDir,
                                      const QString &environmentWorkspace);
    // The nearest ancestor of dir (not dir itself) that holds grex.jsonl, or "".
    static QString enclosingWorkspace(const QString &dir);
    explicit Workspace(const QString &root);
    // Root-pack mode: the log, lock and lockfile live in <rootPack>/.grex, the children are cloned
    // into workspaceDir (default <rootPack>/.grex/workspace).
    static Workspace forRootPack(const QString &rootPackDir, const QString &workspaceDir = {});
    const QString &rootPackDir() const { return m_rootPackDir; }
    bool isRootPackMode() const { return !m_rootPackDir.isEmpty(); }

    const QString &root() const { return m_root; }
    const QString &manifestPath() const { return m_manifestPath; }
    QString lockfilePath() const;
    QString gitignorePath() const;
    QString manifestLockPath() const;
    QString syncLockPath() const;
    QString packDir(const QString &packPath) const;

    IntentLog intentLog() const;
    Lockfile lockfile() const;

    bool isInitialised() const;
    // Usage "not_a_workspace" when grex.jsonl does not exist.
    Result<void> requireInitialised() const;

    // The workspace sync lock (tier 1), tried once. Error: Lock "workspace_busy" naming the
    // holder (details: workspace, lock_path, holder), or PackOp when it cannot be created.
    Result<FileLock> lockForWriting() const;
    // lockForWriting() when `needed` (a verb that writes: not a dry run); else no lock.
    Result<std::optional<FileLock>> lockForWritingIf(bool needed) const;

    // Reads and folds the intent log; read and fold warnings go to ctx.
    Result<QMap<QString, PackState>> readPacks(OperationContext &ctx) const;
    // What a verb that registers packs starts from: the lock when it writes (none for a dry
    // run), then the registered packs, read under it.
    struct LockedPacks
    {
        std::optional<FileLock> lock;
        QMap<QString, PackState> packs;
    };
    Result<LockedPacks> lockAndReadPacks(bool writes, OperationContext &ctx) const;

    // Long-lived processes (grex serve) turn this on: then verbs that probe many clones
    // (ls) keep what they read until inotify reports a change in the clone. Off by default: a
    // one-shot CLI run would only pay for the watches. Copies share the memo.
    void rememberProbes();
    DirMemo *probeMemo() const { return m_probeMemo.get(); }

    Fetcher &fetcher() const;
    std::shared_ptr<Fetcher> sharedFetcher() const { return m_fetcher; }
    void setFetcher(std::shared_ptr<Fetcher> fetcher);

private:
    QString m_root;
    QString m_manifestPath;
    QString m_lockfilePath;
    QString m_rootPackDir;
    std::shared_ptr<Fetcher> m_fetcher;
    std::shared_ptr<IntentLog::ReadCache> m_logCache;
    std::shared_ptr<Lockfile::ReadCache> m_lockfileCache;
    std::shared_ptr<DirMemo> m_probeMemo;
};

} // namespace Grex
