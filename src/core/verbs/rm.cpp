#include "rm.h"

#include "fs/atomicwrite.h"
#include "fs/fserror.h"
#include "fs/gitignore.h"
#include "git/fetcher.h"
#include "git/repository.h"
#include "operationcontext.h"
#include "timestamp.h"
#include "verbs/verbsupport.h"
#include "workspace.h"

#include <QDir>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace Grex {

Result<RmOptions> RmOptions::fromJson(const QJsonObject &args)
{
    RmOptions options;
    options.path = args.value(u"path"_s).toString();
    options.keepFiles = args.value(u"keepFiles"_s).toBool();
    options.force = args.value(u"force"_s).toBool();
    options.skipTeardown = args.value(u"skipTeardown"_s).toBool();
    options.dryRun = args.value(u"dryRun"_s).toBool();
    return options;
}

JsonObject RmReport::toJson() const
{
    return JsonObject{{u"id"_s, id},
                      {u"removed"_s, removed},
                      {u"files_deleted"_s, filesDeleted},
                      {u"teardown"_s, teardown},
                      {u"path"_s, path},
                      {u"dry_run"_s, dryRun}};
}

Result<RmReport> rm(Workspace &workspace, const RmOptions &options, OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    if (options.path.isEmpty())
        return usageError(u"missing_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "rm needs the path of a pack")));

    std::optional<FileLock> lock;
    if (!options.dryRun) {
        Result<FileLock> acquired = workspace.lockForWriting();
        if (!acquired)
            return acquired.error();
        lock = std::move(acquired).value();
    }

    Result<QMap<QString, PackState>> packs = workspace.readPacks(ctx);
    if (!packs)
        return packs.error();
    Result<PackState> found = findPack(*packs, options.path);
    if (!found)
        return found.error();
    const PackState pack = *found;
    // The path comes from grex.jsonl, which people edit: never delete outside the workspace.
    // Unregistering alone (--keep-files) touches no directory and stays possible.
    if (Result<void> bare = checkBarePath(pack.path); !bare && !options.keepFiles) {
        return Error(ErrorKind::Manifest, u"invalid_pack_path"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "grex.jsonl records the path '%1' for pack "
                                                       "'%2', which is not a single directory "
                                                       "name; nothing was removed"),
                             {pack.path, pack.id}))
            .withDetail(u"pack"_s, pack.id)
            .withHint(Message(QT_TRANSLATE_NOOP("Grex", "unregister it without touching files: "
                                                        "grex rm %1 --keep-files"),
                              {pack.id}));
    }

    const QString dir = workspace.packDir(pack.path);
    const QFileInfo info(dir);
    const bool onDisk = info.exists() || info.isSymLink();
    const bool deleteFiles = !options.keepFiles && onDisk;

    if (deleteFiles && !options.force && info.isDir() && !info.isSymLink() &&
        Git::isRepository(dir)) {
        Result<LocalChanges> changes = workspace.fetcher().localChanges(dir);
        if (!changes)
            return changes.error();
        if (!changes->isClean()) {
            return Error(ErrorKind::PackOp, u"local_changes"_s,
                         Message(QT_TRANSLATE_NOOP("Grex",
                                                   "pack '%1' has work that exists only in %2 "
                                                   "(changed tracked files: %3, untracked files: "
                                                   "%4, commits on no remote: %5, stashes: %6); "
                                                   "nothing was removed"),
                                 {pack.id, dir, QString::number(changes->tracked),
                                  QString::number(changes->untracked),
                                  QString::number(changes->unpushed),
                                  QString::number(changes->stashes)}))
                .withDetail(u"pack"_s, pack.id)
                .withDetail(u"tracked"_s, changes->tracked)
                .withDetail(u"untracked"_s, changes->untracked)
                .withDetail(u"unpushed"_s, changes->unpushed)
                .withDetail(u"stashes"_s, changes->stashes)
                .withHint(Message(QT_TRANSLATE_NOOP("Grex", "commit and push it first, keep the "
                                                            "directory with --keep-files, or "
                                                            "delete anyway with --force")));
        }
    }

    RmReport report;
    report.id = pack.id;
    report.path = dir;
    report.teardown = u"skipped"_s;
    report.dryRun = options.dryRun;
    report.removed = true;
    report.filesDeleted = deleteFiles;
    if (options.dryRun)
        return report;

    ApprovalRequest request;
    request.verb = u"rm"_s;
    request.summary =
        deleteFiles
            ? Message(QT_TRANSLATE_NOOP("Grex", "remove pack '%1' and delete %2"), {pack.id, dir})
            : Message(QT_TRANSLATE_NOOP("Grex", "remove pack '%1' (keeping %2)"), {pack.id, dir});
    request.packs = QStringList{pack.id};
    RmReport preview = report;
    preview.dryRun = true;
    request.preview = preview.toJson();
    const ApprovalDecision decision =
        ctx.approvalPolicy() ? ctx.approvalPolicy()->approve(request, ctx.stopToken())
                             : ApprovalDecision::refuse(Message(QT_TRANSLATE_NOOP(
                                   "Grex", "nothing is set up to approve destructive verbs")));
    if (ctx.stopRequested())
        return cancelledError();
    if (!decision.approved) {
        return Error(ErrorKind::NotApproved, u"not_approved"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "removing pack '%1' was not approved"),
                             {pack.id}))
            .withDetail(u"pack"_s, pack.id)
            .withHint(decision.reason);
    }

    // Move the directory aside first: if the append fails it is moved back, and if the process
    // dies in between, the pack is still registered and its files are in the trash directory.
    QString trash;
    if (deleteFiles) {
        // Short, so a long pack name cannot push it past NAME_MAX.
        trash = workspace.root() + u"/.grex-trash-"_s +
                QString::number(Timestamp::now().unixNanos(), 16);
        if (std::rename(QFile::encodeName(dir).constData(), QFile::encodeName(trash).constData()) !=
            0) {
            return fileError(QT_TRANSLATE_NOOP("Grex", "cannot remove %1: %2"), dir, errno);
        }
        syncDirectory(workspace.root());
    }

    Result<AppendReport> appended = workspace.intentLog().append(Event::rm(pack.id));
    if (!appended) {
        if (deleteFiles && std::rename(QFile::encodeName(trash).constData(),
                                       QFile::encodeName(dir).constData()) != 0) {
            ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "the files of pack '%1' are in %2; move "
                                                       "them back to %3"),
                             {pack.id, trash, dir}));
        }
        return appended.error();
    }

    if (deleteFiles) {
        QFileInfo trashInfo(trash);
        const bool deleted = trashInfo.isDir() && !trashInfo.isSymLink()
                                 ? QDir(trash).removeRecursively()
                                 : QFile::remove(trash);
        if (!deleted) {
            ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' is removed but %2 could not be "
                                                       "deleted completely; delete it by hand"),
                             {pack.id, trash}));
        }
    }

    if (Result<void> block = Gitignore::removeBlock(workspace.gitignorePath(), pack.id); !block) {
        ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "the .gitignore block of '%1' was not removed: "
                                                   "%2"),
                         {pack.id, block.error().text()}));
    }

    Result<LockEntries> entries = workspace.lockfile().read();
    if (entries && entries->remove(pack.id) > 0) {
        if (Result<void> written = workspace.lockfile().write(*entries); !written)
            ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "grex.lock.jsonl was not updated: %1"),
                             {written.error().text()}));
    } else if (!entries) {
        ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "grex.lock.jsonl was not updated: %1"),
                         {entries.error().text()}));
    }
    return report;
}

} // namespace Grex
