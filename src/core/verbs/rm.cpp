#include "core/verbs/rm.h"

#include "core/engine/pipeline.h"
#include "core/fs/atomicwrite.h"
#include "core/fs/fserror.h"
#include "core/fs/fsutil.h"
#include "core/fs/gitignore.h"
#include "core/git/fetcher.h"
#include "core/git/repository.h"
#include "core/git/worktree.h"
#include "core/tasks/taskstate.h"
#include "core/manifest/fold.h"
#include "core/manifest/intentlog.h"
#include "core/operationcontext.h"
#include "core/timestamp.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/visibletext.h"
#include "core/workspace.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSet>

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
                      {u"teardown"_s, teardownRan ? u"ok"_s : u"skipped"_s},
                      {u"children"_s, JsonValue(children)},
                      {u"dependents"_s, JsonValue(dependents)},
                      {u"path"_s, path},
                      {u"dry_run"_s, dryRun}};
}

DocShape RmReport::shape()
{
    using S = DocShape;
    return S::object(
        {field(u"id"_s, S::string(), "the pack"),
         field(u"removed"_s, S::boolean(), "it is no longer registered"),
         field(u"files_deleted"_s, S::boolean(), "its folder was deleted"),
         field(u"teardown"_s, S::string({u"ok"_s, u"skipped"_s}), "whether its teardown ran"),
         field(u"children"_s, S::array(S::string()), "children removed with it"),
         field(u"dependents"_s, S::array(S::string()), "packs that depended on it"),
         field(u"path"_s, S::string(), "its folder"),
         field(u"dry_run"_s, S::boolean(), "nothing was changed")});
}

namespace {

Message keepOrForceHint()
{
    return Message(QT_TRANSLATE_NOOP("Grex", "keep the directory with --keep-files, or delete "
                                             "anyway with --force"));
}

// Whether the remote still has every commit of the clone: a remote-tracking branch seen before
// proves nothing once the remote is gone, rewritten or deleted the branch, so it is asked now.
// nullopt when the remote is reachable and has them all.
Result<std::optional<Error>> remoteLacksCommits(Workspace &workspace, const QString &id,
                                                const QString &dir, std::stop_token stop)
{
    Result<int> missing = workspace.fetcher().commitsMissingUpstream(dir, stop);
    if (!missing && missing.error().kind() == ErrorKind::Cancelled)
        return missing.error();
    if (!missing) {
        const Error &why = missing.error();
        return std::optional<Error>(
            Error(ErrorKind::PackOp, u"remote_unconfirmed"_s,
                  Message(QT_TRANSLATE_NOOP("Grex", "cannot confirm that the remote of pack '%1' "
                                                    "still has its commits (%2); nothing was "
                                                    "removed"),
                          {id, why.message().text()}))
                .withDetail(u"pack"_s, id)
                .withDetail(u"cause"_s, why.toJson())
                .withHint(keepOrForceHint()));
    }
    if (*missing == 0)
        return std::optional<Error>();
    return std::optional<Error>(
        Error(ErrorKind::PackOp, u"remote_lacks_commits"_s,
              Message(QT_TRANSLATE_NOOP("Grex", "the remote of pack '%1' does not have %2 of its "
                                                "commits, which exist only in %3; nothing was "
                                                "removed"),
                      {id, QString::number(*missing), dir}))
            .withDetail(u"pack"_s, id)
            .withDetail(u"missing"_s, *missing)
            .withHint(Message(QT_TRANSLATE_NOOP("Grex", "push them first, keep the directory "
                                                        "with --keep-files, or delete anyway "
                                                        "with --force"))));
}

// Work in `dir` that exists nowhere else, here or on the remote; nullopt when there is none (or
// it is not a clone).
Result<std::optional<Error>> lostWork(Workspace &workspace, const QString &id, const QString &dir,
                                      std::stop_token stop)
{
    const QFileInfo info(dir);
    if (!info.isDir() || info.isSymLink() || !Git::isRepository(dir))
        return std::optional<Error>();
    Result<LocalChanges> changes = workspace.fetcher().localChanges(dir);
    if (!changes)
        return changes.error();
    if (changes->isClean())
        return remoteLacksCommits(workspace, id, dir, stop);
    return std::optional<Error>(
        Error(ErrorKind::PackOp, u"local_changes"_s,
              Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' has work that exists only in %2 "
                                                "(changed tracked files: %3, untracked files: %4, "
                                                "commits on no remote: %5, stashes: %6); nothing "
                                                "was removed"),
                      {id, dir, QString::number(changes->tracked),
                       QString::number(changes->untracked), QString::number(changes->unpushed),
                       QString::number(changes->stashes)}))
            .withDetail(u"pack"_s, id)
            .withDetail(u"tracked"_s, changes->tracked)
            .withDetail(u"untracked"_s, changes->untracked)
            .withDetail(u"unpushed"_s, changes->unpushed)
            .withDetail(u"stashes"_s, changes->stashes)
            .withHint(Message(QT_TRANSLATE_NOOP("Grex", "commit and push it first, keep the "
                                                        "directory with --keep-files, or delete "
                                                        "anyway with --force"))));
}

// Beside each trash directory: which pack's rm moved it there and from where, so that the next
// run can finish an rm that was killed (finishInterruptedRemovals).
QString trashNotePath(const QString &trash)
{
    return trash + TrashNoteSuffix;
}

// Moves dir aside (so that it can be put back) and returns where it went. The note is written
// first, so a trash directory never exists without it; it is written in place, not through a
// temporary file, so that a kill leaves no debris under another name: a torn note has no trash
// directory beside it, and finishInterruptedRemovals deletes it.
Result<QString> moveAside(const Workspace &workspace, const QString &dir, const QString &packId)
{
    // Short, so a long pack name cannot push it past NAME_MAX.
    const QString trash =
        workspace.root() + u"/.grex-trash-"_s + QString::number(Timestamp::now().unixNanos(), 16);
    const QByteArray note =
        JsonValue(JsonObject{{u"pack"_s, packId}, {u"path"_s, dir}}).toJson() + '\n';
    QFile noteFile(trashNotePath(trash));
    if (!noteFile.open(QIODevice::WriteOnly | QIODevice::NewOnly) ||
        noteFile.write(note) != note.size() || !noteFile.flush()) {
        const QString reason = noteFile.errorString();
        noteFile.close();
        QFile::remove(noteFile.fileName());
        return Error(ErrorKind::PackOp, u"io"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot write %1: %2"),
                             {noteFile.fileName(), reason}))
            .withDetail(u"path"_s, noteFile.fileName());
    }
    noteFile.close();
    if (std::rename(QFile::encodeName(dir).constData(), QFile::encodeName(trash).constData()) !=
        0) {
        const int error = errno;
        QFile::remove(trashNotePath(trash));
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot remove %1: %2"), dir, error);
    }
    return trash;
}

bool deleteTree(const QString &path)
{
    const QFileInfo info(path);
    return info.isDir() && !info.isSymLink() ? QDir(path).removeRecursively() : QFile::remove(path);
}

} // namespace

void finishInterruptedRemovals(const Workspace &workspace, OperationContext &ctx)
{
    const QFileInfoList notes =
        QDir(workspace.root())
            .entryInfoList({u".grex-trash-*"_s + TrashNoteSuffix}, QDir::Files | QDir::Hidden);
    if (notes.isEmpty())
        return;
    Result<LogSummary> log = workspace.intentLog().summary();
    if (!log)
        return; // the run that follows reports the log's problem
    const QMap<QString, PackState> &packs = log->packs;
    for (const QFileInfo &noteInfo : notes) {
        const QString note = noteInfo.absoluteFilePath();
        const QString trash = note.chopped(TrashNoteSuffix.size());
        QFile file(note);
        const QJsonObject what = file.open(QIODevice::ReadOnly)
                                     ? QJsonDocument::fromJson(file.readAll()).object()
                                     : QJsonObject();
        file.close();
        const QString packId = what.value(u"pack"_s).toString();
        const QString original = what.value(u"path"_s).toString();
        const QFileInfo trashInfo(trash);
        if (!trashInfo.exists() && !trashInfo.isSymLink()) {
            QFile::remove(note); // the rm was killed before the move, or after the delete
            continue;
        }
        if (packId.isEmpty() || original.isEmpty())
            continue; // unreadable: doctor reports the directory
        if (packs.contains(packId)) {
            // The rm event was never written: the pack is still registered, so its files go back.
            const QFileInfo originalInfo(original);
            if (originalInfo.exists() || originalInfo.isSymLink() ||
                QFileInfo(original).absolutePath() != workspace.root())
                continue; // something new took its place: doctor reports the directory
            if (std::rename(QFile::encodeName(trash).constData(),
                            QFile::encodeName(original).constData()) == 0) {
                QFile::remove(note);
                ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "an interrupted grex rm of '%1' was "
                                                           "undone: %2 is back"),
                                 {packId, original}));
            }
            continue;
        }
        // The rm event was written: the pack is gone, and so go its files.
        if (deleteTree(trash)) {
            QFile::remove(note);
            ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "finished an interrupted grex rm of '%1': "
                                                       "deleted %2"),
                             {packId, trash}));
        }
    }
}

namespace {

// The workspace's graph as it is on disk.
Result<PackGraph> walkWorkspace(Workspace &workspace, OperationContext &ctx)
{
    Result<QList<WalkSeed>> seeds = workspaceSeeds(workspace, ctx);
    if (!seeds)
        return seeds.error();
    WalkOptions walk;
    walk.network = false;
    return walkPacks(workspace, std::move(seeds).value(), walk, ctx);
}

// The children of id on disk that no other registered pack reaches: they go with it, the
// others stay with the packs that still own them.
QStringList childrenGoingWith(const PackGraph &graph, const QString &id)
{
    QSet<QString> keptByOthers;
    for (const QString &root : graph.roots) {
        if (root == id)
            continue;
        for (const QString &other : graph.subtree(root))
            keptByOthers.insert(other);
    }
    QStringList going;
    for (const QString &child : graph.subtree(id)) {
        if (child != id && !keptByOthers.contains(child) && graph.nodes.value(child).onDisk)
            going.append(child);
    }
    return going;
}

// Tears down the packs in removing (children first). Error: the run's, with a hint.
Result<void> tearDown(Workspace &workspace, const QString &id, const QStringList &removing,
                      OperationContext &ctx)
{
    PipelineRequest teardownRequest = PipelineRequest::of(u"rm"_s, Lifecycle::Teardown);
    teardownRequest.network = false;
    teardownRequest.noValidate = true;
    teardownRequest.recoveryScan = false;
    teardownRequest.lifecycles.packs = removing;
    Result<QList<WalkSeed>> seeds = workspaceSeeds(workspace, ctx);
    if (!seeds)
        return seeds.error();
    Result<LifecycleReport> run = executePipeline(workspace, *seeds, teardownRequest, ctx);
    if (run)
        run = concludeLifecycles(std::move(run).value(), ctx);
    if (!run) {
        return std::move(run).error().withHint(
            Message(QT_TRANSLATE_NOOP("Grex", "nothing was removed; retry, or remove without "
                                              "the teardown: grex rm %1 --skip-teardown"),
                    {id}));
    }
    return {};
}

// Removes the .gitignore blocks and the lock entries of the packs removed; a failure is a
// warning, since the pack is unregistered already.
void forgetBlocksAndLocks(Workspace &workspace, const QString &id, const QStringList &blocks,
                          OperationContext &ctx)
{
    if (Result<void> removed = Gitignore::removeBlocks(workspace.gitignorePath(), blocks);
        !removed) {
        ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "the .gitignore block of '%1' was not removed: "
                                                   "%2"),
                         {id, removed.error().text()}));
    }

    Result<LockEntries> entries = workspace.lockfile().read();
    if (!entries) {
        ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "grex.lock.jsonl was not updated: %1"),
                         {entries.error().text()}));
        return;
    }
    qsizetype dropped = 0;
    for (const QString &block : blocks)
        dropped += entries->remove(block);
    if (dropped > 0) {
        if (Result<void> written = workspace.lockfile().write(*entries); !written)
            ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "grex.lock.jsonl was not updated: %1"),
                             {written.error().text()}));
    }
}

// Unregisters the pack and deletes the directories of the packs going with it. The directories
// are moved aside first: if the append fails they are moved back, and if the process dies in
// between, the pack is still registered and its files are in the trash.
Result<void> unregisterAndDelete(Workspace &workspace, const QString &id,
                                 const QStringList &packDirs, bool deleteFiles,
                                 OperationContext &ctx)
{
    QList<std::pair<QString, QString>> moved; // (trash, original)
    // A pack that is a linked worktree of a repository elsewhere: that repository forgets it
    // once the folder is gone, as `git worktree remove` leaves it.
    QStringList worktreeOwners;
    if (deleteFiles) {
        for (const QString &packDir : packDirs) {
            if (const QString owner = Git::linkedWorktreeCommonDir(packDir); !owner.isEmpty())
                worktreeOwners.append(owner);
            Result<QString> trash = moveAside(workspace, packDir, id);
            if (!trash) {
                for (const auto &[from, to] : moved)
                    std::rename(QFile::encodeName(from).constData(),
                                QFile::encodeName(to).constData());
                return trash.error();
            }
            moved.append({*trash, packDir});
        }
        syncDirectory(workspace.root());
    }

    Result<AppendReport> appended = workspace.intentLog().append(Event::rm(id));
    if (!appended) {
        for (const auto &[trash, original] : moved) {
            if (std::rename(QFile::encodeName(trash).constData(),
                            QFile::encodeName(original).constData()) != 0) {
                ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "the files of %1 are in %2; move "
                                                           "them back"),
                                 {original, trash}));
            } else {
                QFile::remove(trashNotePath(trash));
            }
        }
        return appended.error();
    }

    for (const auto &[trash, original] : moved)
        removeEmptyParents(original, workspace.root());
    for (const auto &[trash, original] : moved) {
        if (!deleteTree(trash)) {
            ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' is removed but %2 could not be "
                                                       "deleted completely; delete it by hand"),
                             {id, trash}));
        } else {
            QFile::remove(trashNotePath(trash));
        }
    }
    for (const QString &owner : std::as_const(worktreeOwners))
        Git::pruneWorktrees(owner);
    return {};
}

} // namespace

Result<RmReport> rm(Workspace &workspace, const RmOptions &options, OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    if (options.path.isEmpty())
        return usageError(u"missing_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "rm needs the path of a pack")));

    Result<std::optional<FileLock>> lock = workspace.lockForWritingIf(!options.dryRun);
    if (!lock)
        return lock.error();
    if (!options.dryRun)
        finishInterruptedRemovals(workspace, ctx);

    Result<QMap<QString, PackState>> packs = workspace.readPacks(ctx);
    if (!packs)
        return packs.error();
    Result<PackState> found = findPack(*packs, options.path);
    if (!found)
        return found.error();
    const PackState pack = *found;
    // A task's branch and worktree live in the pack's clone: deleting it would lose them.
    if (Result<void> free = checkNotInTask(workspace, pack.id, ctx); !free)
        return free.error();
    // The folders above a nested pack must not be links either (the pack's own folder may be:
    // only the link is removed then).
    const bool barePath = checkPackPath(pack.path).ok() &&
                          (!pack.path.contains(u'/') ||
                           checkNoLinkOnTheWay(workspace.root(), pack.path.section(u'/', 0, -2)));
    // The path comes from grex.jsonl, which people edit: never delete outside the workspace.
    // Unregistering alone (--keep-files) touches no directory and stays possible.
    if (!barePath && !options.keepFiles) {
        return Error(ErrorKind::Manifest, u"invalid_pack_path"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "grex.jsonl records the path '%1' for pack "
                                                       "'%2', which is not a valid pack path; "
                                                       "nothing was removed"),
                             {pack.path, pack.id}))
            .withDetail(u"pack"_s, pack.id)
            .withHint(Message(QT_TRANSLATE_NOOP("Grex", "unregister it without touching files: "
                                                        "grex rm %1 --keep-files"),
                              {pack.id}));
    }

    const QString dir = workspace.packDir(pack.path);
    const QFileInfo info(dir);
    const bool onDisk = info.exists() || info.isSymLink();
    // A pack directory that is a link is not walked or torn down (that would happen wherever
    // it points): only the link itself is removed.
    const bool walkable = barePath && onDisk && !info.isSymLink();

    // The pack's subtree as it is on disk; children that no other registered pack reaches go
    // with it, the others stay with the packs that still own them.
    QStringList removing{pack.id};
    PackGraph graph;
    if (walkable) {
        Result<PackGraph> walked = walkWorkspace(workspace, ctx);
        if (!walked)
            return walked.error();
        graph = std::move(walked).value();
        removing += childrenGoingWith(graph, pack.id);
    }

    QStringList packDirs;
    for (const QString &id : removing)
        packDirs.append(id == pack.id ? dir : graph.nodes.value(id).dir);
    const bool deleteFiles = !options.keepFiles && onDisk;
    if (deleteFiles && !options.force) {
        for (qsizetype i = 0; i < removing.size(); ++i) {
            Result<std::optional<Error>> lost =
                lostWork(workspace, removing.at(i), packDirs.at(i), ctx.stopToken());
            if (!lost)
                return lost.error();
            if (*lost)
                return **lost;
        }
    }
    const bool runTeardown = !options.skipTeardown && walkable;

    RmReport report;
    report.id = pack.id;
    report.path = dir;
    report.teardownRan = runTeardown;
    report.dryRun = options.dryRun;
    report.removed = true;
    report.filesDeleted = deleteFiles;
    report.children = removing.mid(1);
    for (const PackNode &node : std::as_const(graph.nodes)) {
        if (removing.contains(node.id))
            continue;
        for (const QString &dependency : node.dependencies) {
            if (removing.contains(dependency)) {
                report.dependents.append(node.id);
                break;
            }
        }
    }
    if (!report.dependents.isEmpty()) {
        ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "%1 depend(s) on '%2': they will fail to sync "
                                                   "until it is added back or taken out of their "
                                                   "depends_on"),
                         {nameList(report.dependents), pack.id}));
    }
    if (options.dryRun)
        return report;

    ApprovalRequest request;
    request.verb = u"rm"_s;
    request.summary =
        deleteFiles
            ? (removing.size() > 1
                   ? Message(QT_TRANSLATE_NOOP("Grex", "remove pack '%1' and delete "
                                                       "%2 with its children %3"),
                             {pack.id, dir, nameList(removing.mid(1))})
                   : Message(QT_TRANSLATE_NOOP("Grex", "remove pack '%1' and delete "
                                                       "%2"),
                             {pack.id, dir}))
            : Message(QT_TRANSLATE_NOOP("Grex", "remove pack '%1' (keeping %2)"), {pack.id, dir});
    request.packs = removing;
    RmReport preview = report;
    preview.dryRun = true;
    request.preview = preview.toJson();
    if (Result<void> approved = requestApproval(
            workspace, request,
            Message(QT_TRANSLATE_NOOP("Grex", "removing pack '%1' was not approved"), {pack.id}),
            ctx);
        !approved)
        return std::move(approved).error().withDetail(u"pack"_s, pack.id);

    // Teardown first: if it fails, nothing is deleted and nothing is unregistered.
    if (runTeardown) {
        if (Result<void> tornDown = tearDown(workspace, pack.id, removing, ctx); !tornDown)
            return tornDown.error();
    }

    if (Result<void> gone = unregisterAndDelete(workspace, pack.id, packDirs, deleteFiles, ctx);
        !gone)
        return gone.error();

    const QStringList blocks = deleteFiles ? removing : QStringList{pack.id};
    forgetBlocksAndLocks(workspace, pack.id, blocks, ctx);
    return report;
}

VerbSpec makeRmVerb()
{
    VerbSpec verb;
    verb.name = u"rm"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Remove a pack");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Unregister a pack and delete its directory.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Removes a registered pack: runs its teardown, which undoes what its actions "
                "installed, deletes its directory and those of its children that no other pack "
                "owns, and records the removal. It refuses to delete work that exists nowhere "
                "else (uncommitted changes, unpushed commits, stashes) unless --force is "
                "given.\n\n"
                "An rm that was interrupted is finished or undone by the next grex rm or grex "
                "sync.");
    verb.examples = {
        {"grex rm my-tools",
         QT_TRANSLATE_NOOP("Grex", "Tear down and delete a pack, after asking.")},
        {"grex rm old-notes --keep-files --yes",
         QT_TRANSLATE_NOOP("Grex", "Unregister a pack but keep its directory, without "
                                   "asking.")},
    };
    verb.destructive = true;
    verb.icon = u"remove"_s;
    verb.locksWorkspace = true;
    verb.confirmWord = QT_TRANSLATE_NOOP("Grex", "&Remove");
    verb.params = {
        hinted(param(u"path"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "The pack to remove (its path or id)."), u"PATH"_s,
                     true, true),
               ValueHint::Pack),
        param(u"keepFiles"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Unregister only; keep the directory.")),
        param(u"force"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Delete the directory even if it holds work that exists "
                                        "nowhere else (changes, commits, stashes).")),
        param(u"skipTeardown"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Remove without running the pack's teardown.")),

        dryRunParam(),
        parallelParam(),
    };
    bindInvoker<RmOptions, RmReport, rm>(verb);
    return verb;
}

} // namespace Grex
