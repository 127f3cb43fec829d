#pragma once

// What the parts of GitFetcher share: the git and libgit2 helpers, the backend lock and the
// repairs after a killed grex. Not part of core's API; only git/git*.cpp include it.

#include "core/git/gitfetcher.h"
#include "core/fs/filelock.h"
#include "core/fs/fsutil.h"
#include "core/git/gitprocess_p.h"
#include "core/git/libgit2_p.h"
#include "core/git/remoteconfig_p.h"
#include "core/git/remoteprobe_p.h"
#include "core/git/repository.h"
#include "core/logging.h"
#include "core/operationcontext.h"
#include "core/secrets.h"

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
#include <functional>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace Grex::GitImpl {

using namespace Git;

using TreePtr = std::unique_ptr<git_tree, Deleter<git_tree, git_tree_free>>;
using DiffPtr = std::unique_ptr<git_diff, Deleter<git_diff, git_diff_free>>;
using ReflogPtr = std::unique_ptr<git_reflog, Deleter<git_reflog, git_reflog_free>>;

struct UpstreamRecord
{
    QString branch; // the local branch whose upstream was gone
    QString remoteDefault;
};

// What a fetch learned about the upstream of the checked-out branch.
struct FetchFacts
{
    QString remote;         // the remote fetched (primaryRemote); "" before a fetch
    QString upstreamBranch; // the remote's branch the local one follows; "" when none
    bool gone = false;      // the remote no longer has it
    QString remoteDefault;  // with gone: the remote's default branch, when it could be asked
};

// While this process holds the sync lock (tier 1) of the workspace dest lives in, no other grex
// process can touch dest: the threads of this one only need to keep out of each other's way,
// and the backend lock needs no file. A QLockFile flushes every new lock file to disk, which
// for hundreds of packs made the flushes, not git, the cost of a sync.
Result<FileLock> lockBackend(const QString &dest, std::stop_token stop);

Error gitError(const QString &reason, const char *sourceText, const QStringList &args, int rc);
// libgit2's status list of the repository at dir, as options ask. Error: PackOp "git".
Result<StatusListPtr> statusList(git_repository *repo, const git_status_options &options,
                                 const QString &dir);

Result<GitOutput> runGit(const QString &dir, const QStringList &args, std::stop_token stop,
                         std::optional<QByteArray> input = std::nullopt,
                         const QStringList &environment = {});

// A git command that talks to remote: bounded stalls, a shared SSH connection.
Result<GitOutput> networkGit(const QString &dir, const QString &remote, const QStringList &args,
                             std::stop_token stop);

// The branch HEAD names, also before its first commit; nullopt when HEAD is detached.
std::optional<QString> branchOf(git_repository *repo);

QString headOf(git_repository *repo);

Result<FetchReport> describeHead(git_repository *repo);

bool looksLikeCommitId(const QString &ref);

bool isGrexSidecar(const char *path);

QString gitDirOf(git_repository *repo);

// Whether the user's git config rewrites url (url.<base>.insteadOf).
bool isRewrittenByInsteadOf(const QString &url);

// Whether git would run an external filter driver (filter=lfs, a smudge/clean pair) on path:
// libgit2 compares such a file's bytes with the index without running the driver, so its
// "modified" needs git's confirmation.
bool hasExternalFilter(git_repository *repo, git_config *config, const char *path);

// Tracked files (and submodules) git status would list as changed. libgit2 answers in process;
// only files an external filter owns are confirmed by `git status`.
Result<int> countTrackedChanges(git_repository *repo, const QString &dest);

// The status flags of a change that is in the index: what git status calls staged.
inline constexpr unsigned StagedFlags = GIT_STATUS_INDEX_NEW | GIT_STATUS_INDEX_MODIFIED |
                                        GIT_STATUS_INDEX_DELETED | GIT_STATUS_INDEX_RENAMED |
                                        GIT_STATUS_INDEX_TYPECHANGE;

// The working tree as `git status` shows it: tracked changes (as countTrackedChanges), the staged
// ones among them, and untracked files and directories not ignored, a directory counted once as
// git's default (-unormal) lists it.
struct TreeCounts
{
    int changed = 0;
    int staged = 0;
    int untracked = 0;
};
Result<TreeCounts> countTree(git_repository *repo, const QString &dest);

// Whether libgit2 1.5 misreads this working tree (a sparse checkout or a sparse index, also
// when config.worktree says so): then git's own status is read instead.
bool needsGitStatus(git_repository *repo);

// `git status --porcelain=v1 -z` of dest as (X, Y, path) records, a rename's source left out.
Result<QList<std::tuple<char, char, QByteArray>>> gitStatusRecords(const QString &dest,
                                                                   bool withUntracked);

// Whether the repository's files in Git LFS were left as pointer files, and what to do then.
QList<Message> lfsWarnings(git_repository *repo, const QString &dest);

// Whether a submodule is not initialised or not at the commit the superproject records.
bool submodulesNeedUpdate(git_repository *repo);

// Brings the submodules to the commits the superproject records, recursively, as
// `git clone --recurse-submodules` and submodule.recurse do.
Result<void> updateSubmodules(const QString &dest, std::stop_token stop);

// Commits on local not on upstream, and on upstream not on local. libgit2 1.5 cannot walk the
// history of a shallow clone (its grafted parents are missing): git counts those.
std::optional<std::pair<int, int>> aheadBehind(git_repository *repo, const QString &dest,
                                               const git_oid *local, const git_oid *upstream);

// Whether HEAD's own commits were once upstream: an earlier value of the remote-tracking ref
// (its reflog, which git fetch writes) contains HEAD. Then the upstream was rewritten (force-
// pushed) under the branch, and "N local commits" would mislead.
bool wasUpstreamOnce(git_repository *repo, const git_oid *head, const QByteArray &trackingRef);

// <git dir>/grex-upstream: what the last fetch learned about the upstream of the branch,
// when it was gone from the remote: "<branch> <remote's default branch or ->". Status reads it
// without network; the next fetch rewrites or removes it.
QString upstreamRecordPath(git_repository *repo);

std::optional<UpstreamRecord> readUpstreamRecord(git_repository *repo);

// The fetch failure record (FetchFailureRecordName) in gitDir: written when a fetch fails,
// removed when one succeeds, read by inspect() as the pack's lastFetchError.
void recordFetchFailure(const QString &gitDir, const Error &error);
void clearFetchFailure(const QString &gitDir);
std::optional<Error> readFetchFailure(const QString &gitDir);

// A grex killed while git writes in a clone also leaves git's own lock files behind
// (index.lock during a checkout, a ref's .lock during a fetch) when git could not remove them:
// until someone deletes them, every later checkout fails with "the index is locked". So each
// writing operation leaves <git dir>/grex-busy while it runs. Finding one, the next operation,
// which holds the clone's backend lock so no other grex is inside, knows the last one was
// killed, and removes the lock files made since the marker that no process has open: a git
// command the user runs there now keeps its lock file open until it renames it into place.
QString busyMarkerPath(git_repository *repo);

void removeKilledOperationsLocks(git_repository *repo, const QString &dest);

// A checkout of an existing clone that is killed half-way leaves a working tree with some files
// of the new commit and some of the old: it looks like the user's own changes, so sync would
// leave it alone for ever, and a half-written pack.yaml would not even parse. Each such checkout
// therefore writes <git dir>/grex-checkout ("<HEAD before> <target>") first and removes it when
// it is over; the next operation on the clone finds the journal and rolls the files the
// checkout touches back to HEAD (rollBackInterruptedCheckout), after which it redoes its work.
QString checkoutJournalPath(git_repository *repo);

bool writeJournal(const QString &journal, const QString &from, const QString &to);

void rollBackInterruptedCheckout(const QString &dest);

// The branches `git fetch` just saw on the remote, from FETCH_HEAD (one line per ref it
// fetched: "<sha>\t[not-for-merge]\tbranch '<name>' of <url>").
QSet<QString> fetchedBranches(const QString &gitDir);

// The default branch of the clone's remote (what its HEAD names), asked with ls-remote; "" when
// unknown.
QString remoteDefaultBranch(const QString &dest, const QString &remote, const QString &url,
                            std::stop_token stop);

// Whether refs/remotes/<remote>/HEAD names a branch the clone does not have (the remote renamed
// or deleted its default branch, and a pruning fetch removed it).
bool remoteHeadDangles(const QString &dest, const QString &remote);

// Points refs/remotes/<remote>/HEAD at <remote>/<branch>, the remote's default branch now, as
// `git remote set-head <remote> -a` would: status reads it as the branch a pack without a ref
// follows. Nothing when branch is "" or was not fetched.
void followRemoteHead(const QString &dest, const QString &remote, const QString &branch);

Error fetchFailed(const QString &dest, const QString &detail);

// The refs of a remote on this machine (file:// or an absolute path), read in process. nullopt
// for a remote elsewhere or one it cannot open; the caller sees to insteadOf.
std::optional<RemoteRefs> readLocalRemoteRefs(const QString &url);
// The refs of the remote at url as cheaply as its transport allows (docs/design.md, "Fetching
// only what moved"): read in process on this machine, asked of upload-pack over the shared SSH
// connection, asked with one protocol v2 request over HTTPS. nullopt whenever grex cannot ask
// as git would (an ssh it cannot share, a failed answer): git fetches then. url is the one git's
// fetch uses (insteadOf applied), config the clone's at dest, whose settings that fetch follows.
std::optional<RemoteRefs> readRemoteRefs(const QString &url, const QString &dest,
                                         git_config *config, std::stop_token stop);
// The refs of an http(s):// remote from one protocol v2 request on the process's pooled
// connections (httpsprobe.cpp); nullopt when git would not ask as grex does.
std::optional<RemoteRefs> httpsRemoteRefs(const QString &url, const QString &dest,
                                          git_config *config, std::stop_token stop);
// Ends the connections and the thread of the HTTPS probes; the next probe starts them again.
void closeHttpsProbes();
// The branches `git fetch <remote>` into the clone would move or add, with the ids the remote
// has for them (hex), by the remote's refs from probe (asked only when the clone can be
// compared, with the clone's config); empty when the fetch would change no ref. nullopt when
// the probe cannot tell, or the fetch would do more than that: the clone does not fetch with
// git clone's own refspec, the remote did not answer, deleted a branch, or has a tag the clone
// lacks or has elsewhere. *headMoved says whether the clone's refs/remotes/<remote>/HEAD names
// another branch than the remote's HEAD; false whenever it cannot tell.
using BranchMoves = QList<std::pair<QByteArray, QByteArray>>;
std::optional<BranchMoves>
branchesAFetchMoves(git_repository *clone, const QString &remote,
                    const std::function<std::optional<RemoteRefs>(git_config *)> &probe,
                    bool *headMoved);

// FETCH_HEAD as `git fetch <remote>` writes it when the remote's refs are where the clone has
// them: a line per branch, the one the checkout merges (mergeBranch) first, the others
// not-for-merge, with url as git shows it there.
QByteArray fetchHeadAfterFetch(const RemoteRefs &refs, const QString &mergeBranch,
                               const QString &url);

// Fetches origin into the clone at dest (its backend lock held), as `git fetch origin` does:
// the remote's refspecs, tags that point into what it has, fetch.prune, submodules on demand.
Result<FetchFacts> fetchLocked(const QString &dest, std::stop_token stop);

// What fetching the clone at dest needs, read with the repository closed again before git runs:
// its primary remote, that remote's URL (nullopt when there is none), the git directory and the
// remote branch the checked-out one follows on that remote ("" when none).
struct CloneRemote
{
    QString remote;
    std::optional<QString> url;
    QString gitDir;
    QString upstreamBranch;
};
Result<CloneRemote> readCloneRemote(const QString &dest);
CloneRemote readCloneRemote(git_repository *repo);

// Runs `git <args>` at dest against the remote's URL (a fetch), and records its failure where
// status reads it, or clears the failure recorded before.
Result<GitOutput> fetchRecordingFailure(const QString &dest, const CloneRemote &at,
                                        const QStringList &args, std::stop_token stop);

UpdateOutcome leftAlone(git_repository *repo, const QString &why, Message note);

// The untracked files git named when it refused to overwrite them, or nothing when that is not
// why it failed.
QStringList untrackedInTheWay(const QString &stderrText);

// Runs a git command that moves the working tree from HEAD to target, journaled (see
// checkoutJournalPath). A refusal because untracked files are in the way leaves the clone
// alone and says which; any other failure is a checkout_failed error.
// A post-checkout hook that fails makes git's checkout fail after the tree moved: that is the
// hook's failure, added to *warnings with its output, and the move stands.
Result<std::optional<UpdateOutcome>> journaledGit(const QString &dest, const QString &target,
                                                  const QStringList &args, const QString &what,
                                                  std::stop_token stop,
                                                  QList<Message> *warnings = nullptr);

// Whether the repository has the hook `name` that git would run (core.hooksPath, else the
// hooks folder of its common git dir), as an executable file.
bool hasHook(git_repository *repo, const char *name);

// A git command that failed only because the hook `name` did (its exit status, its output),
// as a warning.
Message hookFailure(const char *name, const GitOutput &output);

// Moves the current branch to its upstream when that is a fast-forward and the tree is clean
// (docs/design.md, "Fast-forward and checkout"). Called with the backend lock held.
Result<UpdateOutcome> fastForwardLocked(const QString &dest, const FetchFacts &facts,
                                        std::stop_token stop);

Error refNotFound(const QString &ref, const QString &where);

// The clean check before a switch to ref, which runs under the backend lock so that no other
// grex changes the tree between the check and the switch: the outcome of leaving a dirty tree
// alone, or nothing.
Result<std::optional<UpdateOutcome>> refuseIfDirty(git_repository *repo, const QString &dest,
                                                   const QString &ref);

// Checks out ref (see Fetcher::checkout). Called with the backend lock held.
Result<UpdateOutcome> checkoutLocked(const QString &dest, const QString &ref,
                                     const FetchFacts &facts, std::stop_token stop);

// Checks out ref in a clone made with --no-checkout (its index is empty): a branch of origin as
// a local tracking branch, a tag or a commit detached.
Result<void> checkOutFreshClone(const QString &dir, const QString &ref, std::stop_token stop,
                                QList<Message> *warnings = nullptr);

Result<LocalChanges> countChanges(const QString &dest, bool includeUntracked);

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

} // namespace Grex::GitImpl
