#include "gitfetcher.h"

#include "fs/filelock.h"
#include "fs/fsutil.h"
#include "git/gitprocess_p.h"
#include "git/libgit2_p.h"
#include "git/remoteconfig_p.h"
#include "git/repository.h"
#include "logging.h"
#include "operationcontext.h"
#include "secrets.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QUrl>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex {

Fetcher::~Fetcher() = default;

Result<RepoStatus> Fetcher::inspect(const QString &dest, const std::optional<QString> &)
{
    Result<FetchReport> head = describe(dest);
    if (!head)
        return head.error();
    Result<bool> dirty = isDirty(dest);
    if (!dirty)
        return dirty.error();
    RepoStatus status;
    status.sha = head->sha;
    status.branch = head->branch;
    status.changedFiles = *dirty ? 1 : 0;
    return status;
}

QString backendLockPath(const QString &dest)
{
    const QFileInfo info(dest);
    return info.absolutePath() + u"/.grex-backend-"_s + info.fileName() + u".lock"_s;
}

QString cloneStagingPath(const QString &dest)
{
    const QFileInfo info(dest);
    return info.absolutePath() + u'/' + CloneStagingPrefix + info.fileName();
}

namespace {

using namespace Git;

using TreePtr = std::unique_ptr<git_tree, Deleter<git_tree, git_tree_free>>;
using DiffPtr = std::unique_ptr<git_diff, Deleter<git_diff, git_diff_free>>;
using ReflogPtr = std::unique_ptr<git_reflog, Deleter<git_reflog, git_reflog_free>>;

// While this process holds the sync lock (tier 1) of the workspace dest lives in, no other grex
// process can touch dest: the threads of this one only need to keep out of each other's way,
// and the backend lock needs no file. A QLockFile flushes every new lock file to disk, which
// for hundreds of packs made the flushes, not git, the cost of a sync.
Result<FileLock> lockBackend(const QString &dest, std::stop_token stop)
{
    const QString syncLock =
        QFileInfo(dest).absolutePath() + u'/' + WorkspaceSyncLockName.toString();
    const FileLock::Scope scope =
        FileLock::isHeldHere(syncLock) ? FileLock::Scope::Process : FileLock::Scope::System;
    return FileLock::acquire(backendLockPath(dest), LockTier::Backend, stop, scope);
}

Error gitError(const QString &reason, const char *sourceText, const QStringList &args, int rc)
{
    return Error(ErrorKind::PackOp, reason, Message(sourceText, args))
        .withDetail(u"detail"_s, lastErrorText(rc));
}

Result<GitOutput> runGit(const QString &dir, const QStringList &args, std::stop_token stop,
                         std::optional<QByteArray> input = std::nullopt,
                         const QStringList &environment = {})
{
    GitCall call;
    call.args = args;
    call.workDir = dir;
    call.input = std::move(input);
    call.environment = environment;
    return Git::run(call, stop);
}

// A git command that talks to remote: bounded stalls, a shared SSH connection.
Result<GitOutput> networkGit(const QString &dir, const QString &remote, const QStringList &args,
                             std::stop_token stop)
{
    GitCall call;
    call.args = args;
    call.workDir = dir;
    call.network = true;
    call.remote = remote;
    return Git::run(call, stop);
}

// The branch HEAD names, also before its first commit; nullopt when HEAD is detached.
std::optional<QString> branchOf(git_repository *repo)
{
    git_reference *raw = nullptr;
    if (git_reference_lookup(&raw, repo, "HEAD") != 0) {
        git_error_clear();
        return std::nullopt;
    }
    ReferencePtr head(raw);
    if (git_reference_type(head.get()) != GIT_REFERENCE_SYMBOLIC)
        return std::nullopt;
    QString target = QString::fromUtf8(git_reference_symbolic_target(head.get()));
    if (target.startsWith(u"refs/heads/"))
        target = target.mid(11);
    return target;
}

QString headOf(git_repository *repo)
{
    git_oid oid;
    if (git_reference_name_to_id(&oid, repo, "HEAD") == 0)
        return oidToHex(&oid);
    git_error_clear();
    return {};
}

Result<FetchReport> describeHead(git_repository *repo)
{
    FetchReport report;
    report.sha = headOf(repo);
    report.branch = branchOf(repo);
    return report;
}

bool looksLikeCommitId(const QString &ref)
{
    static const QRegularExpression hex(u"^[0-9a-fA-F]{4,40}$"_s);
    return hex.match(ref).hasMatch();
}

bool isGrexSidecar(const char *path)
{
    const QByteArray p(path);
    return p == ".grex-lock" || p.startsWith(".grex/.state/");
}

QString gitDirOf(git_repository *repo)
{
    return QFile::decodeName(git_repository_path(repo));
}

// Whether the user's git config rewrites url (url.<base>.insteadOf).
bool isRewrittenByInsteadOf(const QString &url)
{
    git_config *raw = nullptr;
    if (git_config_open_default(&raw) != 0) {
        git_error_clear();
        return false;
    }
    ConfigPtr config(raw);
    const QByteArray original = url.toUtf8();
    return applyInsteadOf(config.get(), original) != original;
}

// ---- what git's filters and submodules make of the working tree -----------------------------

// Whether git would run an external filter driver (filter=lfs, a smudge/clean pair) on path:
// libgit2 compares such a file's bytes with the index without running the driver, so its
// "modified" needs git's confirmation.
bool hasExternalFilter(git_repository *repo, git_config *config, const char *path)
{
    const char *value = nullptr;
    if (git_attr_get(&value, repo, GIT_ATTR_CHECK_FILE_THEN_INDEX, path, "filter") != 0) {
        git_error_clear();
        return false;
    }
    if (git_attr_value(value) != GIT_ATTR_VALUE_STRING)
        return false;
    const QByteArray driver = "filter." + QByteArray(value);
    return configValue(config, driver + ".clean") || configValue(config, driver + ".process");
}

// Tracked files (and submodules) git status would list as changed. libgit2 answers in process;
// only files an external filter owns are confirmed by `git status`.
Result<int> countTrackedChanges(git_repository *repo, const QString &dest)
{
    git_status_options options = GIT_STATUS_OPTIONS_INIT;
    options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
    options.flags = 0; // submodules included: a moved or dirty submodule is a change
    git_status_list *rawList = nullptr;
    if (const int rc = git_status_list_new(&rawList, repo, &options); rc != 0)
        return gitError(u"git"_s, QT_TRANSLATE_NOOP("Grex", "cannot read the status of %1"), {dest},
                        rc);
    StatusListPtr list(rawList);
    git_config *rawConfig = nullptr;
    if (git_repository_config_snapshot(&rawConfig, repo) != 0)
        git_error_clear();
    ConfigPtr config(rawConfig);
    int changed = 0;
    QList<QByteArray> uncertain;
    const size_t count = git_status_list_entrycount(list.get());
    for (size_t i = 0; i < count; ++i) {
        const git_status_entry *entry = git_status_byindex(list.get(), i);
        if (entry->status == GIT_STATUS_CURRENT || (entry->status & GIT_STATUS_IGNORED) ||
            entry->status == GIT_STATUS_WT_NEW)
            continue;
        const char *path =
            entry->index_to_workdir ? entry->index_to_workdir->new_file.path : nullptr;
        if (entry->status == GIT_STATUS_WT_MODIFIED && path && config &&
            hasExternalFilter(repo, config.get(), path)) {
            uncertain.append(QByteArray(path));
            continue;
        }
        ++changed;
    }
    if (uncertain.isEmpty())
        return changed;
    // git status, which runs the filters, decides for those files; it has no pathspec file
    // (git 2.39), so it looks at every tracked file and only the uncertain ones are counted.
    Result<GitOutput> confirmed =
        runGit(dest,
               {u"--no-optional-locks"_s, u"status"_s, u"--porcelain=v1"_s, u"-z"_s,
                u"--untracked-files=no"_s, u"--ignore-submodules=all"_s},
               {});
    if (!confirmed)
        return confirmed.error();
    if (!confirmed->ok())
        return commandFailure(u"git"_s, QT_TRANSLATE_NOOP("Grex", "cannot read the status of "
                                                                  "%1: %2"),
                              {dest}, dest, *confirmed);
    const QSet<QByteArray> unsure(uncertain.cbegin(), uncertain.cend());
    for (const QByteArray &record : confirmed->out.split('\0')) {
        // "XY path"; a rename's second (source) record has no status and is skipped here.
        if (record.size() > 3 && record.at(2) == ' ' && unsure.contains(record.mid(3)))
            ++changed;
    }
    return changed;
}

// Whether the repository's files in Git LFS were left as pointer files, and what to do then.
QList<Message> lfsWarnings(git_repository *repo, const QString &dest)
{
    QFile attributes(dest + u"/.gitattributes"_s);
    if (!attributes.open(QIODevice::ReadOnly) || !attributes.readAll().contains("filter=lfs"))
        return {};
    if (QStandardPaths::findExecutable(u"git-lfs"_s).isEmpty()) {
        return {Message(QT_TRANSLATE_NOOP("Grex", "it keeps files in Git LFS and git-lfs is not "
                                                  "installed, so they are pointer files: install "
                                                  "git-lfs, run git lfs install, then git lfs "
                                                  "pull in %1"),
                        {dest})};
    }
    git_config *raw = nullptr;
    if (git_repository_config_snapshot(&raw, repo) != 0) {
        git_error_clear();
        return {};
    }
    ConfigPtr config(raw);
    if (!configValue(config.get(), "filter.lfs.process") &&
        !configValue(config.get(), "filter.lfs.smudge")) {
        return {Message(QT_TRANSLATE_NOOP("Grex", "it keeps files in Git LFS and git lfs install "
                                                  "was never run, so they are pointer files: "
                                                  "run git lfs install, then git lfs pull in %1"),
                        {dest})};
    }
    return {};
}

// Whether a submodule is not initialised or not at the commit the superproject records.
bool submodulesNeedUpdate(git_repository *repo)
{
    bool needed = false;
    std::pair<git_repository *, bool *> context(repo, &needed);
    git_submodule_foreach(
        repo,
        [](git_submodule *, const char *name, void *payload) {
            auto *state = static_cast<std::pair<git_repository *, bool *> *>(payload);
            unsigned int status = 0;
            if (git_submodule_status(&status, state->first, name,
                                     GIT_SUBMODULE_IGNORE_DIRTY) != 0) {
                git_error_clear();
                return 0;
            }
            // An active submodule that is absent, or whose HEAD is not the recorded commit.
            if ((status & GIT_SUBMODULE_STATUS_WD_UNINITIALIZED) ||
                (status & GIT_SUBMODULE_STATUS_WD_MODIFIED) ||
                ((status & GIT_SUBMODULE_STATUS_IN_HEAD) &&
                 !(status & GIT_SUBMODULE_STATUS_IN_WD))) {
                *state->second = true;
                return 1;
            }
            return 0;
        },
        &context);
    git_error_clear();
    return needed;
}

// Brings the submodules to the commits the superproject records, recursively, as
// `git clone --recurse-submodules` and submodule.recurse do.
Result<void> updateSubmodules(const QString &dest, std::stop_token stop)
{
    if (!QFileInfo::exists(dest + u"/.gitmodules"_s))
        return {};
    QString origin;
    {
        Result<RepositoryPtr> repo = openRepository(dest);
        if (repo && !submodulesNeedUpdate(repo->get()))
            return {};
        if (repo)
            origin = QString::fromUtf8(remoteUrl(repo->get(), "origin").value_or(QByteArray()));
    }
    Result<GitOutput> updated = networkGit(
        dest, origin, {u"submodule"_s, u"update"_s, u"--init"_s, u"--recursive"_s}, stop);
    if (!updated)
        return updated.error();
    if (!updated->ok())
        return networkFailure(u"fetch_failed"_s,
                              QT_TRANSLATE_NOOP("Grex", "cannot update the submodules of %1: %2"),
                              {dest}, QString(), dest, *updated);
    return {};
}

// ---- ahead, behind and a rewritten upstream ------------------------------------------------

// Commits on local not on upstream, and on upstream not on local. libgit2 1.5 cannot walk the
// history of a shallow clone (its grafted parents are missing): git counts those.
std::optional<std::pair<int, int>> aheadBehind(git_repository *repo, const QString &dest,
                                               const git_oid *local, const git_oid *upstream)
{
    if (git_oid_equal(local, upstream))
        return std::pair<int, int>{0, 0};
    size_t ahead = 0;
    size_t behind = 0;
    if (git_graph_ahead_behind(&ahead, &behind, repo, local, upstream) == 0)
        return std::pair<int, int>{int(ahead), int(behind)};
    git_error_clear();
    if (git_repository_is_shallow(repo) != 1)
        return std::nullopt;
    Result<GitOutput> counted =
        runGit(dest, {u"rev-list"_s, u"--left-right"_s, u"--count"_s,
                      oidToHex(local) + u"..."_s + oidToHex(upstream)},
               {});
    if (!counted || !counted->ok())
        return std::nullopt;
    const QList<QByteArray> numbers = counted->out.trimmed().split('\t');
    if (numbers.size() != 2)
        return std::nullopt;
    return std::pair<int, int>{numbers.at(0).toInt(), numbers.at(1).toInt()};
}

// Whether HEAD's own commits were once upstream: an earlier value of the remote-tracking ref
// (its reflog, which git fetch writes) contains HEAD. Then the upstream was rewritten (force-
// pushed) under the branch, and "N local commits" would mislead.
bool wasUpstreamOnce(git_repository *repo, const git_oid *head, const QByteArray &trackingRef)
{
    git_reflog *raw = nullptr;
    if (git_reflog_read(&raw, repo, trackingRef.constData()) != 0) {
        git_error_clear();
        return false;
    }
    ReflogPtr reflog(raw);
    const size_t count = qMin<size_t>(git_reflog_entrycount(reflog.get()), 200);
    for (size_t i = 0; i < count; ++i) {
        const git_reflog_entry *entry = git_reflog_entry_byindex(reflog.get(), i);
        for (const git_oid *old : {git_reflog_entry_id_old(entry), git_reflog_entry_id_new(entry)}) {
            if (git_oid_is_zero(old))
                continue;
            if (git_oid_equal(old, head))
                return true;
            const int descends = git_graph_descendant_of(repo, old, head);
            if (descends == 1)
                return true;
            if (descends < 0)
                git_error_clear();
        }
    }
    return false;
}

// <git dir>/grex-upstream: what the last fetch learned about the upstream of the branch,
// when it was gone from the remote: "<branch> <remote's default branch or ->". Status reads it
// without network; the next fetch rewrites or removes it.
QString upstreamRecordPath(git_repository *repo)
{
    return gitDirOf(repo) + UpstreamRecordName;
}

struct UpstreamRecord
{
    QString branch; // the local branch whose upstream was gone
    QString remoteDefault;
};

std::optional<UpstreamRecord> readUpstreamRecord(git_repository *repo)
{
    QFile file(upstreamRecordPath(repo));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QList<QByteArray> words = file.readAll().trimmed().split(' ');
    if (words.size() != 2)
        return std::nullopt;
    UpstreamRecord record{QString::fromUtf8(words.at(0)), QString::fromUtf8(words.at(1))};
    if (record.remoteDefault == u"-")
        record.remoteDefault.clear();
    return record;
}

// ---- a killed grex's leftovers -----------------------------------------------------------

// A grex killed while git writes in a clone also leaves git's own lock files behind
// (index.lock during a checkout, a ref's .lock during a fetch) when git could not remove them:
// until someone deletes them, every later checkout fails with "the index is locked". So each
// writing operation leaves <git dir>/grex-busy while it runs. Finding one, the next operation,
// which holds the clone's backend lock so no other grex is inside, knows the last one was
// killed, and removes the lock files made since the marker that no process has open: a git
// command the user runs there now keeps its lock file open until it renames it into place.
QString busyMarkerPath(git_repository *repo)
{
    return gitDirOf(repo) + BusyMarkerName;
}

void removeKilledOperationsLocks(git_repository *repo, const QString &dest)
{
    const QString marker = busyMarkerPath(repo);
    const QFileInfo markerInfo(marker);
    if (!markerInfo.exists())
        return;
    const QDateTime since = markerInfo.lastModified();
    const QString gitDir = gitDirOf(repo);
    QStringList candidates;
    for (const QFileInfo &entry :
         QDir(gitDir).entryInfoList({u"*.lock"_s}, QDir::Files | QDir::Hidden))
        candidates.append(entry.absoluteFilePath());
    for (const QString &tree : {u"refs"_s, u"logs"_s}) {
        QDirIterator it(gitDir + tree, {u"*.lock"_s}, QDir::Files | QDir::Hidden,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            candidates.append(it.next());
    }
    for (const QString &lock : std::as_const(candidates)) {
        if (QFileInfo(lock).lastModified() < since || isOpenByAnyProcess(lock))
            continue;
        if (QFile::remove(lock)) {
            qCWarning(lcGit, "%s: removed %s, left by a grex that was killed while git wrote there",
                      qPrintable(dest), qPrintable(QDir(gitDir).relativeFilePath(lock)));
        }
    }
}

// A checkout of an existing clone that is killed half-way leaves a working tree with some files
// of the new commit and some of the old: it looks like the user's own changes, so sync would
// leave it alone for ever, and a half-written pack.yaml would not even parse. Each such checkout
// therefore writes <git dir>/grex-checkout ("<HEAD before> <target>") first and removes it when
// it is over; the next operation on the clone finds the journal and rolls the files the
// checkout touches back to HEAD (rollBackInterruptedCheckout), after which it redoes its work.
QString checkoutJournalPath(git_repository *repo)
{
    return gitDirOf(repo) + CheckoutJournalName;
}

bool writeJournal(const QString &journal, const QString &from, const QString &to)
{
    const QByteArray line = from.toLatin1() + ' ' + to.toLatin1() + '\n';
    QFile file(journal);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(line) != line.size() ||
        !file.flush() || ::fsync(file.handle()) != 0) {
        file.close();
        QFile::remove(journal);
        return false;
    }
    return true;
}

void rollBackInterruptedCheckout(const QString &dest)
{
    QStringList restore; // paths of the old commit, checked out again
    QStringList added;   // paths only the new commit has, removed
    QString fromSha;
    QString journal;
    {
        Result<RepositoryPtr> opened = openRepository(dest);
        if (!opened)
            return;
        git_repository *repo = opened->get();
        journal = checkoutJournalPath(repo);
        QFile file(journal);
        if (!file.open(QIODevice::ReadOnly))
            return;
        const QList<QByteArray> ids = file.readAll().trimmed().split(' ');
        file.close();
        git_oid from;
        git_oid to;
        if (ids.size() != 2 ||
            git_oid_fromstrn(&from, ids[0].constData(), size_t(ids[0].size())) ||
            git_oid_fromstrn(&to, ids[1].constData(), size_t(ids[1].size())) ||
            headOf(repo) != oidToHex(&from)) {
            // Torn, or HEAD moved (the checkout finished, or someone moved it since): nothing to
            // undo that grex can tell apart from the user's work.
            git_error_clear();
            QFile::remove(journal);
            return;
        }
        fromSha = oidToHex(&from);
        git_commit *rawFrom = nullptr;
        git_commit *rawTo = nullptr;
        git_tree *rawFromTree = nullptr;
        git_tree *rawToTree = nullptr;
        git_diff *rawDiff = nullptr;
        int rc = git_commit_lookup(&rawFrom, repo, &from);
        CommitPtr fromCommit(rawFrom);
        if (rc == 0)
            rc = git_commit_lookup(&rawTo, repo, &to);
        CommitPtr toCommit(rawTo);
        if (rc == 0)
            rc = git_commit_tree(&rawFromTree, fromCommit.get());
        TreePtr fromTree(rawFromTree);
        if (rc == 0)
            rc = git_commit_tree(&rawToTree, toCommit.get());
        TreePtr toTree(rawToTree);
        if (rc == 0)
            rc = git_diff_tree_to_tree(&rawDiff, repo, fromTree.get(), toTree.get(), nullptr);
        DiffPtr diff(rawDiff);
        if (rc != 0) {
            qCWarning(lcGit, "cannot roll back the interrupted checkout in %s: %s",
                      qPrintable(dest), qPrintable(lastErrorText(rc)));
            return;
        }
        for (size_t i = 0; i < git_diff_num_deltas(diff.get()); ++i) {
            const git_diff_delta *delta = git_diff_get_delta(diff.get(), i);
            if (delta->status == GIT_DELTA_ADDED)
                added.append(QString::fromUtf8(delta->new_file.path));
            else
                restore.append(QString::fromUtf8(delta->old_file.path));
            if (delta->status == GIT_DELTA_RENAMED)
                added.append(QString::fromUtf8(delta->new_file.path));
        }
    }
    // git puts the files back, through the same filters (LFS, smudge) that wrote them.
    bool ok = true;
    const QStringList literal{u"GIT_LITERAL_PATHSPECS=1"_s};
    if (!restore.isEmpty()) {
        Result<GitOutput> restored =
            runGit(dest,
                   {u"checkout"_s, u"-q"_s, u"-f"_s, fromSha, u"--pathspec-from-file=-"_s,
                    u"--pathspec-file-nul"_s},
                   {}, restore.join(QChar(0)).toUtf8() + '\0', literal);
        ok = restored && restored->ok();
        if (!ok) {
            qCWarning(lcGit, "cannot roll back the interrupted checkout in %s: %s",
                      qPrintable(dest),
                      qPrintable(restored ? gitWords(restored->err)
                                          : restored.error().message().text()));
        }
    }
    if (ok && !added.isEmpty()) {
        Result<GitOutput> removed =
            runGit(dest,
                   {u"rm"_s, u"-q"_s, u"--cached"_s, u"--ignore-unmatch"_s,
                    u"--pathspec-from-file=-"_s, u"--pathspec-file-nul"_s},
                   {}, added.join(QChar(0)).toUtf8() + '\0', literal);
        ok = removed && removed->ok();
        for (const QString &path : std::as_const(added))
            QFile::remove(dest + u'/' + path);
    }
    if (!ok)
        return;
    QFile::remove(journal);
    qCWarning(lcGit, "%s: rolled back %lld file(s) of a checkout a killed grex left half-done",
              qPrintable(dest), qint64(restore.size() + added.size()));
}

// Runs operation on the clone at dest while its backend lock is held, after repairing what a
// killed operation left there, and marked busy while it runs.
template<typename Operation>
auto withLockedClone(const QString &dest, std::stop_token stop, Operation &&operation)
    -> decltype(operation())
{
    Result<FileLock> lock = lockBackend(dest, stop);
    if (!lock)
        return lock.error();
    QString marker;
    {
        Result<RepositoryPtr> repo = openRepository(dest);
        if (!repo)
            return repo.error();
        removeKilledOperationsLocks(repo->get(), dest);
        marker = busyMarkerPath(repo->get());
    }
    rollBackInterruptedCheckout(dest);
    {
        // Not flushed: only a kill, never a lost page cache, has to find it.
        QFile file(marker);
        if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            file.write(QByteArray::number(QCoreApplication::applicationPid()) + '\n');
    }
    auto result = operation();
    QFile::remove(marker);
    return result;
}

// ---- fetch ---------------------------------------------------------------------------------

// What a fetch learned about the upstream of the checked-out branch.
struct FetchFacts
{
    QString upstreamBranch; // the remote's branch the local one follows; "" when none
    bool gone = false;      // the remote no longer has it
    QString remoteDefault;  // with gone: the remote's default branch, when it could be asked
};

// The branches `git fetch` just saw on the remote, from FETCH_HEAD (one line per ref it
// fetched: "<sha>\t[not-for-merge]\tbranch '<name>' of <url>").
QSet<QString> fetchedBranches(const QString &gitDir)
{
    QSet<QString> branches;
    QFile file(gitDir + u"FETCH_HEAD"_s);
    if (!file.open(QIODevice::ReadOnly))
        return branches;
    static const QRegularExpression branch(u"\tbranch '(.+)' of "_s);
    for (const QByteArray &line : file.readAll().split('\n')) {
        const QRegularExpressionMatch match = branch.match(QString::fromUtf8(line));
        if (match.hasMatch())
            branches.insert(match.captured(1));
    }
    return branches;
}

// The remote's default branch (what its HEAD names), asked with ls-remote; "" when unknown.
QString remoteDefaultBranch(const QString &dest, const QString &url, std::stop_token stop)
{
    Result<GitOutput> listed =
        networkGit(dest, url, {u"ls-remote"_s, u"--symref"_s, u"origin"_s, u"HEAD"_s}, stop);
    if (!listed || !listed->ok())
        return {};
    for (const QByteArray &line : listed->out.split('\n')) {
        if (line.startsWith("ref: refs/heads/") && line.endsWith("\tHEAD"))
            return QString::fromUtf8(line.mid(16, line.size() - 16 - 5));
    }
    return {};
}

Error fetchFailed(const QString &dest, const QString &detail)
{
    return Error(ErrorKind::PackOp, u"fetch_failed"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "cannot fetch into %1: %2"), {dest, detail}))
        .withDetail(u"path"_s, dest)
        .withDetail(u"detail"_s, detail);
}

// Fetches origin into the clone at dest (its backend lock held), as `git fetch origin` does:
// the remote's refspecs, tags that point into what it has, fetch.prune, submodules on demand.
Result<FetchFacts> fetchLocked(const QString &dest, std::stop_token stop)
{
    FetchFacts facts;
    QString url;
    QString gitDir;
    {
        Result<RepositoryPtr> repo = openRepository(dest);
        if (!repo)
            return repo.error();
        const std::optional<QByteArray> origin = remoteUrl(repo->get(), "origin");
        if (!origin)
            return fetchFailed(dest, u"no default remote configured"_s);
        url = QString::fromUtf8(*origin);
        gitDir = gitDirOf(repo->get());
        // The branch's upstream on origin, whose disappearance the fetch should notice.
        if (const std::optional<QString> branch = branchOf(repo->get())) {
            git_config *raw = nullptr;
            if (git_repository_config_snapshot(&raw, repo->get()) == 0) {
                ConfigPtr config(raw);
                const QByteArray key = "branch." + branch->toUtf8();
                const std::optional<QByteArray> remote = configValue(config.get(), key + ".remote");
                const std::optional<QByteArray> merge = configValue(config.get(), key + ".merge");
                if (remote == QByteArray("origin") && merge && merge->startsWith("refs/heads/"))
                    facts.upstreamBranch = QString::fromUtf8(merge->mid(11));
            }
            git_error_clear();
        }
    }
    if (stop.stop_requested())
        return cancelledError();
    // No --depth: in a shallow clone git adds the new commits to the history it has, where a
    // depth would cut that history again and part the new commits from HEAD.
    const QStringList args{u"fetch"_s, u"--progress"_s, u"origin"_s};
    qCDebug(lcGit, "fetching into %s", qPrintable(dest));
    Result<GitOutput> fetched = networkGit(dest, url, args, stop);
    if (!fetched)
        return fetched.error();
    if (!fetched->ok()) {
        return networkFailure(u"fetch_failed"_s,
                              QT_TRANSLATE_NOOP("Grex", "cannot fetch %1: %2"), {redactUrl(url)},
                              url, dest, *fetched);
    }
    QFile::remove(gitDir + UpstreamRecordName);
    if (facts.upstreamBranch.isEmpty())
        return facts;
    const QSet<QString> seen = fetchedBranches(gitDir);
    if (seen.contains(facts.upstreamBranch))
        return facts;
    facts.gone = true;
    facts.remoteDefault = remoteDefaultBranch(dest, url, stop);
    const QString record = facts.upstreamBranch + u' ' +
                           (facts.remoteDefault.isEmpty() ? u"-"_s : facts.remoteDefault) + u'\n';
    QFile file(gitDir + UpstreamRecordName);
    if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        file.write(record.toUtf8());
    return facts;
}

// ---- fast-forward and checkout -------------------------------------------------------------

UpdateOutcome leftAlone(git_repository *repo, const QString &why, Message note)
{
    UpdateOutcome outcome;
    outcome.state = UpdateOutcome::State::LeftAlone;
    outcome.shaBefore = outcome.shaAfter = headOf(repo);
    outcome.branch = branchOf(repo);
    outcome.why = why;
    outcome.note = std::move(note);
    return outcome;
}

// The untracked files git named when it refused to overwrite them, or nothing when that is not
// why it failed.
QStringList untrackedInTheWay(const QString &stderrText)
{
    QStringList files;
    bool inList = false;
    for (const QString &line : stderrText.split(u'\n')) {
        if (line.contains(u"untracked working tree files would be"_s)) {
            inList = true;
            continue;
        }
        if (!inList)
            continue;
        if (!line.startsWith(u'\t'))
            break;
        files.append(line.trimmed());
    }
    return files;
}

// Runs a git command that moves the working tree from HEAD to target, journaled (see
// checkoutJournalPath). A refusal because untracked files are in the way leaves the clone
// alone and says which; any other failure is a checkout_failed error.
Result<std::optional<UpdateOutcome>> journaledGit(const QString &dest, const QString &target,
                                                  const QStringList &args, const QString &what,
                                                  std::stop_token stop)
{
    QString journal;
    {
        Result<RepositoryPtr> repo = openRepository(dest);
        if (!repo)
            return repo.error();
        journal = checkoutJournalPath(repo->get());
        if (!writeJournal(journal, headOf(repo->get()), target))
            return Error(ErrorKind::PackOp, u"checkout_failed"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "cannot check out %1 in %2: cannot "
                                                           "write %3"),
                                 {what, dest, journal}))
                .withDetail(u"path"_s, dest);
    }
    // A checkout can download (LFS): a cancel stops it, and what it wrote is rolled back now,
    // so the clone is as it was.
    Result<GitOutput> moved = runGit(dest, args, stop);
    if (!moved) {
        if (moved.error().kind() == ErrorKind::Cancelled)
            rollBackInterruptedCheckout(dest);
        return moved.error();
    }
    if (moved->ok()) {
        QFile::remove(journal);
        return std::optional<UpdateOutcome>();
    }
    // git checks before it writes: a refusal changed nothing, and a lock it found stays.
    const QStringList inTheWay = untrackedInTheWay(moved->err);
    const bool refused = !inTheWay.isEmpty() || moved->err.contains(u"index.lock"_s) ||
                         moved->err.contains(u"would be overwritten"_s);
    if (refused)
        QFile::remove(journal);
    else
        rollBackInterruptedCheckout(dest);
    if (!inTheWay.isEmpty()) {
        Result<RepositoryPtr> repo = openRepository(dest);
        if (!repo)
            return repo.error();
        return std::optional<UpdateOutcome>(leftAlone(
            repo->get(), u"untracked_in_way"_s,
            Message(QT_TRANSLATE_NOOP("Grex", "untracked files are in the way of %1: %2; move or "
                                              "remove them"),
                    {what, inTheWay.join(u", "_s)})));
    }
    return commandFailure(u"checkout_failed"_s,
                          QT_TRANSLATE_NOOP("Grex", "cannot check out %1 in %2: %3"), {what, dest},
                          dest, *moved);
}

// Moves the current branch to its upstream when that is a fast-forward and the tree is clean
// (docs/design.md, "Fast-forward and checkout"). Called with the backend lock held.
Result<UpdateOutcome> fastForwardLocked(const QString &dest, const FetchFacts &facts,
                                        std::stop_token stop)
{
    QString upstreamRef;
    QString upstreamName;
    QString target;
    UpdateOutcome outcome;
    {
        Result<RepositoryPtr> opened = openRepository(dest);
        if (!opened)
            return opened.error();
        git_repository *repo = opened->get();
        outcome.shaBefore = outcome.shaAfter = headOf(repo);
        outcome.branch = branchOf(repo);
        if (git_repository_head_detached(repo) == 1) {
            return leftAlone(repo, u"detached"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "HEAD is detached at %1; not "
                                                               "moved"),
                                     {outcome.shaBefore.left(7)}));
        }
        git_reference *rawHead = nullptr;
        if (git_repository_head(&rawHead, repo) != 0) {
            git_error_clear();
            return leftAlone(repo, u"no_commit"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "no commit is checked out")));
        }
        ReferencePtr head(rawHead);
        const QString branch = outcome.branch.value_or(QString());
        if (facts.gone) {
            UpdateOutcome gone = leftAlone(
                repo, u"upstream_gone"_s,
                facts.remoteDefault.isEmpty()
                    ? Message(QT_TRANSLATE_NOOP("Grex", "the upstream branch %1 is gone from the "
                                                        "remote (deleted or renamed); %2 not "
                                                        "moved"),
                              {facts.upstreamBranch, branch})
                    : Message(QT_TRANSLATE_NOOP("Grex", "the upstream branch %1 is gone from the "
                                                        "remote (deleted or renamed), whose "
                                                        "default branch is now %2; %3 not "
                                                        "moved"),
                              {facts.upstreamBranch, facts.remoteDefault, branch}));
            gone.remoteDefaultBranch = facts.remoteDefault;
            return gone;
        }
        const std::optional<QByteArray> trackingRef = upstreamRefName(repo, branch.toUtf8());
        git_reference *rawUpstream = nullptr;
        if (!trackingRef ||
            git_reference_lookup(&rawUpstream, repo, trackingRef->constData()) != 0) {
            git_error_clear();
            return leftAlone(repo, u"no_upstream"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "branch %1 tracks no upstream; not "
                                                               "moved"),
                                     {branch}));
        }
        ReferencePtr upstream(rawUpstream);
        const git_oid *local = git_reference_target(head.get());
        const git_oid *remote = git_reference_target(upstream.get());
        if (!local || !remote || git_oid_equal(local, remote))
            return outcome;
        upstreamRef = QString::fromUtf8(*trackingRef);
        upstreamName = QString::fromUtf8(git_reference_shorthand(upstream.get()));
        target = oidToHex(remote);
        const std::optional<std::pair<int, int>> counts = aheadBehind(repo, dest, local, remote);
        if (!counts)
            return Error(ErrorKind::PackOp, u"git"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "cannot compare %1 with %2 in %3"),
                                 {branch, upstreamName, dest}))
                .withDetail(u"path"_s, dest);
        outcome.ahead = counts->first;
        outcome.behind = counts->second;
        if (outcome.behind == 0)
            return outcome; // only local commits: nothing to take
        if (outcome.ahead > 0) {
            const bool rewritten = wasUpstreamOnce(repo, local, *trackingRef);
            UpdateOutcome alone =
                rewritten
                    ? leftAlone(repo, u"rewritten"_s,
                                Message(QT_TRANSLATE_NOOP("Grex", "%1 was rewritten upstream "
                                                                  "(force-pushed): %2 commit(s) "
                                                                  "of %3 are no longer upstream "
                                                                  "and %4 new ones replace "
                                                                  "them; not moved"),
                                        {upstreamName, QString::number(outcome.ahead), branch,
                                         QString::number(outcome.behind)}))
                    : leftAlone(repo, u"diverged"_s,
                                Message(QT_TRANSLATE_NOOP("Grex", "%1 has diverged from %2 (%3 "
                                                                  "local and %4 new upstream "
                                                                  "commits); not moved"),
                                        {branch, upstreamName, QString::number(outcome.ahead),
                                         QString::number(outcome.behind)}));
            alone.ahead = outcome.ahead;
            alone.behind = outcome.behind;
            return alone;
        }
        Result<int> changed = countTrackedChanges(repo, dest);
        if (!changed)
            return changed.error();
        if (*changed > 0) {
            UpdateOutcome alone = leftAlone(
                repo, u"dirty"_s,
                Message(QT_TRANSLATE_NOOP("Grex", "the working tree has uncommitted changes (%1 "
                                                  "file(s)) and is %2 commit(s) behind %3; not "
                                                  "fast-forwarded"),
                        {QString::number(*changed), QString::number(outcome.behind),
                         upstreamName}));
            alone.behind = outcome.behind;
            return alone;
        }
    }
    Result<std::optional<UpdateOutcome>> merged = journaledGit(
        dest, target,
        {u"merge"_s, u"--ff-only"_s, u"--no-stat"_s, u"-q"_s, upstreamRef},
        u"the fast-forward to "_s + upstreamName, stop);
    if (!merged)
        return merged.error();
    if (*merged) {
        (*merged)->behind = outcome.behind;
        return **merged;
    }
    if (Result<void> submodules = updateSubmodules(dest, stop); !submodules)
        return submodules.error();
    outcome.state = UpdateOutcome::State::FastForwarded;
    outcome.shaAfter = target;
    outcome.behind = 0;
    return outcome;
}

Error refNotFound(const QString &ref, const QString &where)
{
    return Error(ErrorKind::PackOp, u"ref_not_found"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "ref '%1' does not exist in %2"), {ref, where}))
        .withDetail(u"ref"_s, ref);
}

// The clean check before a switch to ref, which runs under the backend lock so that no other
// grex changes the tree between the check and the switch: the outcome of leaving a dirty tree
// alone, or nothing.
Result<std::optional<UpdateOutcome>> refuseIfDirty(git_repository *repo, const QString &dest,
                                                   const QString &ref)
{
    Result<int> changed = countTrackedChanges(repo, dest);
    if (!changed)
        return changed.error();
    if (*changed == 0)
        return std::optional<UpdateOutcome>();
    return std::optional<UpdateOutcome>(
        leftAlone(repo, u"dirty"_s,
                  Message(QT_TRANSLATE_NOOP("Grex", "the working tree has uncommitted changes; "
                                                    "not switched to %1"),
                          {ref})));
}

// Checks out ref (see Fetcher::checkout). Called with the backend lock held.
Result<UpdateOutcome> checkoutLocked(const QString &dest, const QString &ref,
                                     const FetchFacts &facts, std::stop_token stop)
{
    QString before;
    QString target;
    QStringList args;
    bool branchSwitch = false;
    {
        Result<RepositoryPtr> opened = openRepository(dest);
        if (!opened)
            return opened.error();
        git_repository *r = opened->get();
        before = headOf(r);
        const QByteArray name = ref.toUtf8();
        git_reference *rawRemote = nullptr;
        const QByteArray remoteName = "origin/" + name;
        if (git_branch_lookup(&rawRemote, r, remoteName.constData(), GIT_BRANCH_REMOTE) == 0) {
            ReferencePtr remoteBranch(rawRemote);
            if (branchOf(r) != std::optional<QString>(ref)) {
                branchSwitch = true;
                Result<std::optional<UpdateOutcome>> dirty = refuseIfDirty(r, dest, ref);
                if (!dirty)
                    return dirty.error();
                if (*dirty)
                    return **dirty;
                git_reference *rawLocal = nullptr;
                if (git_branch_lookup(&rawLocal, r, name.constData(), GIT_BRANCH_LOCAL) == 0) {
                    ReferencePtr local(rawLocal);
                    target = oidToHex(git_reference_target(local.get()));
                    args = QStringList{u"checkout"_s, u"-q"_s, ref, u"--"_s};
                } else {
                    git_error_clear();
                    target = oidToHex(git_reference_target(remoteBranch.get()));
                    args = QStringList{u"checkout"_s, u"-q"_s, u"-b"_s, ref, u"--track"_s,
                                       u"origin/"_s + ref, u"--"_s};
                }
            }
        } else {
            git_error_clear();
            git_object *rawObject = nullptr;
            const QByteArray spec = name + "^{commit}";
            if (git_revparse_single(&rawObject, r, spec.constData()) != 0) {
                git_error_clear();
                return refNotFound(ref, dest).withDetail(u"path"_s, dest);
            }
            ObjectPtr commit(rawObject);
            target = oidToHex(git_object_id(commit.get()));
            if (before == target && git_repository_head_detached(r) == 1) {
                UpdateOutcome outcome;
                outcome.shaBefore = outcome.shaAfter = target;
                return outcome;
            }
            Result<std::optional<UpdateOutcome>> dirty = refuseIfDirty(r, dest, ref);
            if (!dirty)
                return dirty.error();
            if (*dirty)
                return **dirty;
            args = QStringList{u"checkout"_s, u"-q"_s, u"--detach"_s, target, u"--"_s};
        }
    }
    if (!args.isEmpty()) {
        Result<std::optional<UpdateOutcome>> switched =
            journaledGit(dest, target, args, u'\'' + ref + u'\'', stop);
        if (!switched)
            return switched.error();
        if (*switched)
            return **switched;
    }
    if (!branchSwitch && !args.isEmpty()) {
        if (Result<void> submodules = updateSubmodules(dest, stop); !submodules)
            return submodules.error();
        UpdateOutcome outcome;
        outcome.state = UpdateOutcome::State::CheckedOut;
        outcome.shaBefore = before;
        outcome.shaAfter = target;
        return outcome;
    }
    Result<UpdateOutcome> moved = fastForwardLocked(dest, facts, stop);
    if (moved && moved->state == UpdateOutcome::State::UpToDate && branchSwitch) {
        if (Result<void> submodules = updateSubmodules(dest, stop); !submodules)
            return submodules.error();
    }
    if (moved && moved->state != UpdateOutcome::State::LeftAlone && before != moved->shaAfter)
        moved->state = UpdateOutcome::State::CheckedOut;
    if (moved)
        moved->shaBefore = before;
    return moved;
}

// Checks out ref in a clone made with --no-checkout (its index is empty): a branch of origin as
// a local tracking branch, a tag or a commit detached.
Result<void> checkOutFreshClone(const QString &dir, const QString &ref, std::stop_token stop)
{
    QStringList args{u"checkout"_s, u"-q"_s};
    {
        Result<RepositoryPtr> opened = openRepository(dir);
        if (!opened)
            return opened.error();
        git_repository *repo = opened->get();
        const QByteArray name = ref.toUtf8();
        git_reference *raw = nullptr;
        if (git_branch_lookup(&raw, repo, QByteArray("origin/" + name).constData(),
                              GIT_BRANCH_REMOTE) == 0) {
            ReferencePtr remote(raw);
            if (branchOf(repo) == std::optional<QString>(ref))
                args.append({ref, u"--"_s});
            else
                args.append({u"-b"_s, ref, u"--track"_s, u"origin/"_s + ref, u"--"_s});
        } else {
            git_error_clear();
            git_object *rawObject = nullptr;
            if (git_revparse_single(&rawObject, repo, QByteArray(name + "^{commit}").constData()) !=
                0) {
                git_error_clear();
                return refNotFound(ref, u"the remote"_s);
            }
            ObjectPtr commit(rawObject);
            args.append({u"--detach"_s, oidToHex(git_object_id(commit.get())), u"--"_s});
        }
    }
    Result<GitOutput> checkedOut = runGit(dir, args, stop);
    if (!checkedOut)
        return checkedOut.error();
    if (!checkedOut->ok())
        return commandFailure(u"checkout_failed"_s,
                              QT_TRANSLATE_NOOP("Grex", "cannot check out '%1' in %2: %3"),
                              {ref, dir}, dir, *checkedOut);
    return updateSubmodules(dir, stop);
}

// ---- reads -----------------------------------------------------------------------------------

Result<LocalChanges> countChanges(const QString &dest, bool includeUntracked)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    LocalChanges changes;
    Result<int> tracked = countTrackedChanges(repo->get(), dest);
    if (!tracked)
        return tracked.error();
    changes.tracked = *tracked;
    if (!includeUntracked)
        return changes;

    git_status_options options = GIT_STATUS_OPTIONS_INIT;
    options.show = GIT_STATUS_SHOW_WORKDIR_ONLY;
    options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS |
                    GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
    git_status_list *rawList = nullptr;
    if (const int rc = git_status_list_new(&rawList, repo->get(), &options); rc != 0)
        return gitError(u"git"_s, QT_TRANSLATE_NOOP("Grex", "cannot read the status of %1"), {dest},
                        rc);
    StatusListPtr list(rawList);
    const size_t count = git_status_list_entrycount(list.get());
    for (size_t i = 0; i < count; ++i) {
        const git_status_entry *entry = git_status_byindex(list.get(), i);
        if (entry->status != GIT_STATUS_WT_NEW)
            continue;
        const char *path =
            entry->index_to_workdir ? entry->index_to_workdir->new_file.path : nullptr;
        if (path && !isGrexSidecar(path))
            ++changes.untracked;
    }

    git_stash_foreach(
        repo->get(),
        [](size_t, const char *, const git_oid *, void *payload) {
            ++*static_cast<int *>(payload);
            return 0;
        },
        &changes.stashes);

    // Commits no remote-tracking branch contains: pushed nowhere, so only this clone has them.
    git_revwalk *rawWalk = nullptr;
    if (git_revwalk_new(&rawWalk, repo->get()) == 0) {
        std::unique_ptr<git_revwalk, Deleter<git_revwalk, git_revwalk_free>> walk(rawWalk);
        if (git_revwalk_push_head(walk.get()) == 0) {
            git_revwalk_hide_glob(walk.get(), "refs/remotes/*");
            git_oid oid;
            while (changes.unpushed < 10000 && git_revwalk_next(&oid, walk.get()) == 0)
                ++changes.unpushed;
        }
    }
    git_error_clear();
    return changes;
}

} // namespace

GitFetcher::GitFetcher()
{
    ensureInitialised();
}

QString GitFetcher::scheme() const
{
    return u"git"_s;
}

bool GitFetcher::handles(const QString &url) const
{
    return !url.isEmpty();
}

Result<FetchReport> GitFetcher::clone(const QString &url, const QString &dest,
                                      const std::optional<QString> &ref,
                                      const CloneOptions &options, std::stop_token stop)
{
    Result<FileLock> lock = lockBackend(dest, stop);
    if (!lock)
        return lock.error();

    const QFileInfo destInfo(dest);
    const bool existed = destInfo.exists() || destInfo.isSymLink();
    if (existed && (!destInfo.isDir() || destInfo.isSymLink() || !isEmptyDirectory(dest))) {
        return Error(
                   ErrorKind::PackOp, u"destination_not_empty"_s,
                   Message(QT_TRANSLATE_NOOP("Grex", "%1 already exists and is not empty"), {dest}))
            .withDetail(u"path"_s, dest);
    }

    // The clone is made in a hidden sibling and renamed to dest once complete: a process killed
    // mid-clone then leaves no half-made repository at dest, which a later `grex add` would take
    // for the user's own clone. A staging directory found here is such a leftover: only a clone
    // of dest makes one, and this process holds dest's backend lock.
    const QString staging = cloneStagingPath(dest);
    if (QFileInfo(staging).exists() || QFileInfo(staging).isSymLink()) {
        qCInfo(lcGit, "removing %s, left by an interrupted clone", qPrintable(staging));
        removeCreated(staging, false);
    }
    if (stop.stop_requested())
        return cancelledError();

    // A branch or a tag is cloned by name (a shallow clone needs that); a commit id is checked
    // out after a clone without checkout, as git has no option for it.
    const bool byName = ref && !looksLikeCommitId(*ref);
    // Submodules are brought in afterwards, only when there are any: clone's
    // --recurse-submodules starts `git submodule update` (a script and its helpers) for every
    // clone, which cost more than the clone itself on a busy machine.
    QStringList args{u"clone"_s, u"--progress"_s};
    if (options.depth)
        args.append(u"--depth=%1"_s.arg(*options.depth));
    if (!options.filter.isEmpty())
        args.append(u"--filter="_s + options.filter);
    if (byName)
        args.append({u"--branch"_s, *ref});
    else if (ref)
        args.append(u"--no-checkout"_s);
    // A file:// URL is cloned as the local path it names, which git does by hard-linking the
    // objects (they are never modified in place) instead of packing them through its transport:
    // several times faster. The clone's origin then gets the URL as given. Not for a shallow or
    // partial clone, which a local clone ignores, nor when insteadOf sends the URL elsewhere.
    const QString localPath = url.startsWith(u"file://"_s) && !options.depth &&
                                      options.filter.isEmpty() && !isRewrittenByInsteadOf(url)
                                  ? QUrl(url).toLocalFile()
                                  : QString();
    args.append({u"--"_s, localPath.isEmpty() ? url : localPath, staging});

    qCDebug(lcGit, "cloning %s into %s", qPrintable(redactUrl(url)), qPrintable(dest));
    Result<GitOutput> cloned = networkGit(destInfo.absolutePath(), url, args, stop);
    const auto cleanUp = [&] { removeCreated(staging, false); };
    if (!cloned) {
        cleanUp();
        return cloned.error();
    }
    if (!cloned->ok()) {
        cleanUp();
        if (byName && cloned->err.contains(u"not found in upstream"_s))
            return refNotFound(*ref, redactUrl(url)).withDetail(u"url"_s, redactUrl(url));
        return networkFailure(u"clone_failed"_s, QT_TRANSLATE_NOOP("Grex", "cannot clone %1: %2"),
                              {redactUrl(url)}, url, dest, *cloned);
    }
    if (!localPath.isEmpty()) {
        if (Result<void> origin = setConfigString(staging, u"remote.origin.url"_s, url);
            !origin) {
            cleanUp();
            return origin.error();
        }
    }
    if (ref && !byName) {
        if (Result<void> checkedOut = checkOutFreshClone(staging, *ref, stop); !checkedOut) {
            cleanUp();
            return std::move(checkedOut).error().withDetail(u"url"_s, redactUrl(url));
        }
    } else if (Result<void> submodules = updateSubmodules(staging, stop); !submodules) {
        cleanUp();
        return std::move(submodules).error().withDetail(u"url"_s, redactUrl(url));
    }
    if (stop.stop_requested()) {
        cleanUp();
        return cancelledError();
    }
    Result<FetchReport> report = [&]() -> Result<FetchReport> {
        Result<RepositoryPtr> repo = openRepository(staging);
        if (!repo)
            return repo.error();
        Result<FetchReport> described = describeHead(repo->get());
        if (described)
            described->warnings = lfsWarnings(repo->get(), dest);
        return described;
    }();
    // rename(2) also replaces the empty directory the user may have made at dest.
    if (std::rename(QFile::encodeName(staging).constData(), QFile::encodeName(dest).constData()) !=
        0) {
        const QString detail = QString::fromLocal8Bit(std::strerror(errno));
        cleanUp();
        return Error(ErrorKind::PackOp, u"clone_failed"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot move the clone of %1 to %2: %3"),
                             {redactUrl(url), dest, detail}))
            .withDetail(u"url"_s, redactUrl(url))
            .withDetail(u"path"_s, dest)
            .withDetail(u"detail"_s, detail);
    }
    return report;
}

Result<void> GitFetcher::fetch(const QString &dest, std::stop_token stop)
{
    return withLockedClone(dest, stop, [&]() -> Result<void> {
        Result<FetchFacts> facts = fetchLocked(dest, stop);
        if (!facts)
            return facts.error();
        return {};
    });
}

Result<UpdateOutcome> GitFetcher::fastForward(const QString &dest, std::stop_token stop)
{
    return withLockedClone(dest, stop, [&] { return fastForwardLocked(dest, {}, stop); });
}

Result<UpdateOutcome> GitFetcher::checkout(const QString &dest, const QString &ref,
                                           std::stop_token stop)
{
    return withLockedClone(dest, stop, [&] { return checkoutLocked(dest, ref, {}, stop); });
}

Result<UpdateOutcome> GitFetcher::update(const QString &dest, const std::optional<QString> &ref,
                                         std::stop_token stop)
{
    return withLockedClone(dest, stop, [&]() -> Result<UpdateOutcome> {
        QString before;
        if (Result<RepositoryPtr> repo = openRepository(dest))
            before = headOf(repo->get());
        Result<FetchFacts> facts = fetchLocked(dest, stop);
        if (!facts)
            return facts.error();
        Result<UpdateOutcome> outcome =
            ref ? checkoutLocked(dest, *ref, *facts, stop) : fastForwardLocked(dest, *facts, stop);
        if (!outcome)
            return outcome;
        Result<RepositoryPtr> repo = openRepository(dest);
        if (!repo)
            return repo.error();
        outcome->shaBefore = before;
        outcome->shaAfter = headOf(repo->get());
        outcome->branch = branchOf(repo->get());
        outcome->warnings = lfsWarnings(repo->get(), dest);
        return outcome;
    });
}

Result<int> GitFetcher::commitsMissingUpstream(const QString &dest, std::stop_token stop)
{
    return withLockedClone(dest, stop, [&]() -> Result<int> {
        QString url;
        {
            Result<RepositoryPtr> repo = openRepository(dest);
            if (!repo)
                return repo.error();
            const std::optional<QByteArray> origin = remoteUrl(repo->get(), "origin");
            if (!origin) {
                return Error(ErrorKind::PackOp, u"no_remote"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "%1 has no remote origin"), {dest}))
                    .withDetail(u"path"_s, dest);
            }
            url = QString::fromUtf8(*origin);
        }
        Result<GitOutput> fetched =
            networkGit(dest, url, {u"fetch"_s, u"--prune"_s, u"--quiet"_s, u"origin"_s}, stop);
        if (!fetched)
            return fetched.error();
        if (!fetched->ok()) {
            return networkFailure(u"fetch_failed"_s,
                                  QT_TRANSLATE_NOOP("Grex", "cannot fetch %1: %2"),
                                  {redactUrl(url)}, url, dest, *fetched);
        }
        // git walks a shallow history too, which libgit2 1.5 cannot.
        Result<GitOutput> counted =
            runGit(dest, {u"rev-list"_s, u"--count"_s, u"HEAD"_s, u"--branches"_s, u"--not"_s,
                          u"--remotes=origin"_s},
                   stop);
        if (!counted)
            return counted.error();
        if (!counted->ok()) {
            // An unborn HEAD has no commit to lose.
            return 0;
        }
        return counted->out.trimmed().toInt();
    });
}

Result<FetchReport> GitFetcher::describe(const QString &dest)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    return describeHead(repo->get());
}

Result<QString> GitFetcher::probeRemote(const QString &url, const std::optional<QString> &ref,
                                        std::stop_token stop)
{
    Result<GitOutput> listed =
        networkGit(QDir::tempPath(), url, {u"ls-remote"_s, u"--"_s, url}, stop);
    if (!listed)
        return listed.error();
    if (!listed->ok()) {
        return networkFailure(u"remote_unreachable"_s,
                              QT_TRANSLATE_NOOP("Grex", "cannot reach %1: %2"), {redactUrl(url)},
                              url, QString(), *listed);
    }
    QHash<QByteArray, QString> heads;
    QList<QString> shas;
    for (const QByteArray &line : listed->out.split('\n')) {
        const qsizetype tab = line.indexOf('\t');
        if (tab != 40)
            continue;
        const QString sha = QString::fromLatin1(line.left(40));
        heads.insert(line.mid(41), sha);
        shas.append(sha);
    }
    std::optional<QString> sha;
    if (!ref) {
        sha = heads.value("HEAD"); // "" for an empty repository, which advertises no HEAD
    } else {
        const QByteArray name = ref->toUtf8();
        for (const QByteArray &candidate :
             {QByteArray("refs/heads/" + name), QByteArray("refs/tags/" + name + "^{}"),
              QByteArray("refs/tags/" + name), name}) {
            if (heads.contains(candidate)) {
                sha = heads.value(candidate);
                break;
            }
        }
        if (!sha && looksLikeCommitId(*ref)) {
            for (const QString &hex : std::as_const(shas)) {
                if (hex.startsWith(ref->toLower())) {
                    sha = hex;
                    break;
                }
            }
            if (!sha)
                sha = QString(); // a commit the remote does not advertise: checked at clone
        }
    }
    if (!sha) {
        return refNotFound(ref.value_or(QString()), redactUrl(url))
            .withDetail(u"url"_s, redactUrl(url));
    }
    return *sha;
}

Result<QString> GitFetcher::headSha(const QString &dest)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    git_oid oid;
    const int rc = git_reference_name_to_id(&oid, repo->get(), "HEAD");
    if (rc != 0)
        return gitError(u"git"_s, QT_TRANSLATE_NOOP("Grex", "%1 has no commit checked out"), {dest},
                        rc);
    return oidToHex(&oid);
}

Result<QString> GitFetcher::resolveRef(const QString &dest, const QString &ref)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    for (const QString &candidate : QStringList{ref, u"origin/"_s + ref}) {
        git_object *rawObject = nullptr;
        if (git_revparse_single(&rawObject, repo->get(), candidate.toUtf8().constData()) != 0)
            continue;
        ObjectPtr object(rawObject);
        git_object *rawCommit = nullptr;
        if (git_object_peel(&rawCommit, object.get(), GIT_OBJECT_COMMIT) != 0)
            continue;
        ObjectPtr commit(rawCommit);
        return oidToHex(git_object_id(commit.get()));
    }
    git_error_clear();
    return refNotFound(ref, dest).withDetail(u"path"_s, dest);
}

Result<std::optional<QString>> GitFetcher::currentBranch(const QString &dest)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    return branchOf(repo->get());
}

Result<bool> GitFetcher::isDirty(const QString &dest)
{
    Result<LocalChanges> changes = countChanges(dest, false);
    if (!changes)
        return changes.error();
    return changes->tracked > 0;
}

Result<LocalChanges> GitFetcher::localChanges(const QString &dest)
{
    return countChanges(dest, true);
}

Result<QString> GitFetcher::originUrl(const QString &dest)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    const std::optional<QByteArray> url = remoteUrl(repo->get(), "origin");
    return url ? QString::fromUtf8(*url) : QString();
}

Result<RepoStatus> GitFetcher::inspect(const QString &dest, const std::optional<QString> &ref)
{
    Result<RepositoryPtr> opened = openRepository(dest);
    if (!opened)
        return opened.error();
    git_repository *repo = opened->get();
    RepoStatus status;
    // HEAD resolved once: its commit and, when it is a branch, the branch's name.
    git_reference *rawHead = nullptr;
    if (git_repository_head(&rawHead, repo) == 0) {
        ReferencePtr head(rawHead);
        if (const git_oid *oid = git_reference_target(head.get()))
            status.sha = oidToHex(oid);
        if (git_reference_is_branch(head.get()))
            status.branch = QString::fromUtf8(git_reference_shorthand(head.get()));
    } else {
        git_error_clear(); // unborn: the branch HEAD names, no commit yet
        status.branch = branchOf(repo);
    }
    // Tracked files only, as the dirty check: untracked files need a directory scan and do not
    // make a pack drift (docs/design.md, "Drift").
    Result<int> changed = countTrackedChanges(repo, dest);
    if (!changed)
        return changed.error();
    status.changedFiles = *changed;

    if (ref) {
        const QByteArray remoteBranch = "refs/remotes/origin/" + ref->toUtf8();
        git_reference *raw = nullptr;
        if (git_reference_lookup(&raw, repo, remoteBranch.constData()) == 0) {
            git_reference_free(raw);
            status.expectedBranch = *ref;
        }
    } else {
        // What git clone recorded as the remote's default branch: what a pack with no ref
        // follows.
        git_reference *raw = nullptr;
        if (git_reference_lookup(&raw, repo, "refs/remotes/origin/HEAD") == 0) {
            ReferencePtr originHead(raw);
            if (git_reference_type(originHead.get()) == GIT_REFERENCE_SYMBOLIC) {
                const QString target =
                    QString::fromUtf8(git_reference_symbolic_target(originHead.get()));
                if (target.startsWith(u"refs/remotes/origin/"))
                    status.expectedBranch = target.mid(20);
            }
        }
    }
    git_error_clear();

    if (!status.branch || status.sha.isEmpty())
        return status;
    if (const std::optional<UpstreamRecord> record = readUpstreamRecord(repo);
        record && record->branch == *status.branch) {
        status.upstreamGone = true;
        status.remoteDefaultBranch = record->remoteDefault;
    }
    const std::optional<QByteArray> upstream = upstreamRefName(repo, status.branch->toUtf8());
    if (!upstream)
        return status;
    git_oid local;
    git_oid remote;
    if (git_oid_fromstr(&local, status.sha.toLatin1().constData()) != 0 ||
        git_reference_name_to_id(&remote, repo, upstream->constData()) != 0) {
        git_error_clear();
        // The branch tracks a remote branch that is not there: never fetched, or pruned after
        // the remote deleted it, which git status calls "the upstream is gone".
        QString name = QString::fromUtf8(*upstream);
        if (name.startsWith(u"refs/remotes/"))
            name = name.mid(13);
        status.upstream = name;
        status.upstreamGone = true;
        return status;
    }
    const std::optional<std::pair<int, int>> counts = aheadBehind(repo, dest, &local, &remote);
    if (!counts)
        return status;
    QString name = QString::fromUtf8(*upstream);
    if (name.startsWith(u"refs/remotes/"))
        name = name.mid(13);
    status.upstream = name;
    status.ahead = counts->first;
    status.behind = counts->second;
    if (status.ahead > 0 && status.behind > 0)
        status.upstreamRewritten = wasUpstreamOnce(repo, &local, *upstream);
    return status;
}

} // namespace Grex
