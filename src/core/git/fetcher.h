#pragma once

#include "core/error.h"
#include "core/message.h"
#include "core/result.h"

#include <QList>
#include <QDateTime>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <stop_token>

namespace Grex {

// How a pack is cloned (git clone's --depth and --filter); later fetches keep it so.
struct CloneOptions
{
    std::optional<int> depth; // a shallow clone of this many commits
    QString filter;           // a partial clone: "blob:none", "tree:0", "blob:limit=1m"
    bool submodules = true;   // false: grex add --no-submodules; the pack's submodules stay out
};

// What a clone or checkout left on disk.
struct FetchReport
{
    QString sha;                   // HEAD, 40 lowercase hex
    std::optional<QString> branch; // checked-out branch; nullopt when detached
    QList<Message> warnings;       // e.g. LFS files left as pointers (no git-lfs)
};

// What bringing an existing clone up to date did.
struct UpdateOutcome
{
    enum class State {
        UpToDate,      // nothing to do
        FastForwarded, // the tracking branch moved to its upstream
        CheckedOut,    // a pinned ref was checked out
        LeftAlone,     // not touched: see why and note
    };
    State state = State::UpToDate;
    QString shaBefore;
    QString shaAfter;
    std::optional<QString> branch;
    // Why a clone was left alone: "dirty", "diverged", "rewritten" (the upstream was force-
    // pushed), "detached", "no_upstream", "upstream_gone" (deleted or renamed upstream),
    // "untracked_in_way", "no_commit"; "" otherwise.
    QString why;
    int ahead = 0;               // commits of the branch not upstream (after the fetch)
    int behind = 0;              // upstream commits not taken
    int taken = 0;               // commits a fast-forward brought in
    QString remoteDefaultBranch; // with "upstream_gone": the remote's default branch now
    Message note;                // the whole story, for people
    QList<Message> warnings;     // e.g. LFS files left as pointers (no git-lfs)
};

// Work in a clone that exists nowhere else, which deleting the clone would lose.
struct LocalChanges
{
    int tracked = 0;   // modified, staged, deleted or renamed tracked files (submodules too)
    int untracked = 0; // untracked files that are not ignored (grex's own sidecars excluded)
    // Commits reachable from HEAD or a local branch but from no remote-tracking branch.
    int unpushed = 0;
    QStringList branchesOnlyHere; // the local branches with such commits
    int stashes = 0;
    bool isClean() const { return tracked == 0 && untracked == 0 && unpushed == 0 && stashes == 0; }
};

// What `status` reads from a clone in one go. Never touches the network.
struct RepoStatus
{
    QString sha;                   // HEAD; "" before the first commit
    std::optional<QString> branch; // nullopt when detached
    int changedFiles = 0;          // tracked files modified, staged, deleted or renamed
    int stagedFiles = 0;           // of those, the ones whose change is staged
    int untrackedFiles = 0;        // untracked, not ignored; a directory once, as git status
    // When the clone last fetched (or was cloned), as git's files record it; nullopt: unknown.
    std::optional<QDateTime> lastFetched;
    std::optional<QString> upstream; // the branch's tracking ref, "origin/main"
    int ahead = 0;                   // commits on HEAD not on the upstream (when there is one)
    int behind = 0;                  // commits on the upstream not on HEAD
    // The local commits were once upstream: the upstream was rewritten (force-pushed), which
    // ahead/behind alone would call diverged.
    bool upstreamRewritten = false;
    // The branch's upstream branch no longer exists on the remote (deleted, or renamed: then
    // remoteDefaultBranch names what the remote's HEAD is now, when the last fetch learned it).
    bool upstreamGone = false;
    QString remoteDefaultBranch;
    // The branch the pack should be on: its ref when that is a branch of origin, else (no
    // ref) the remote's default branch as git clone recorded it (origin/HEAD); "" when the
    // ref is a tag or commit (a detached HEAD is expected) or nothing is known.
    QString expectedBranch;
    // The failure of the last fetch, when it failed: kept until a fetch succeeds.
    std::optional<Error> lastFetchError;
};

// How a clone's objects stand against the limits `git gc --auto` keeps (gc.auto loose objects,
// gc.autoPackLimit pack files). Every fetch that brings objects adds loose objects or a pack;
// past either limit, lookups slow down until git repacks.
struct CloneUpkeep
{
    int looseObjects = 0; // estimated as git does: those in objects/17, times 256
    int looseLimit = 0;   // gc.auto (default 6700); 0 turns git's automatic upkeep off
    int packs = 0;        // pack files without a .keep
    int packLimit = 0;    // gc.autoPackLimit (default 50); 0 ignores the number of packs
    // As git's need_to_gc(): more loose objects in the sample folder than gc.auto / 256,
    // rounded up, or more packs than gc.autoPackLimit.
    bool needed() const
    {
        return looseLimit > 0 && (looseObjects / 256 > (looseLimit + 255) / 256 ||
                                  (packLimit > 0 && packs > packLimit));
    }
};

// What the git commands a thread runs report while they work, for a live progress display: the
// phase ("checkout" while a working tree changes) and the bytes received so far by the current
// clone or fetch. Set on the worker thread of one pack around its Fetcher calls.
struct GitActivity
{
    std::function<void(const QString &phase)> phase;
    std::function<void(qint64 bytes)> received;
};

// Makes activity the current thread's listener until the scope ends (scopes nest).
class GitActivityScope
{
public:
    explicit GitActivityScope(const GitActivity *activity);
    ~GitActivityScope();
    GitActivityScope(const GitActivityScope &) = delete;
    GitActivityScope &operator=(const GitActivityScope &) = delete;

    // The listener of this thread; null when none.
    static const GitActivity *current();

private:
    const GitActivity *m_previous;
};

// Moves repositories between remotes and the workspace (docs/design.md,
// "Git: the user's git does the work"). Implementations hold the backend lock (tier 4) around every
// mutating call and are thread-safe. All calls return PackOp errors with reasons "clone_failed",
// "fetch_failed", "checkout_failed", "ref_not_found", "destination_not_empty", "not_a_repository",
// "git_missing", "git", or one that says why a remote failed: "auth", "host_key", "certificate",
// "not_found", "unreachable", "timeout"; or Cancelled when `stop` fires.
class Fetcher
{
public:
    virtual ~Fetcher();

    virtual QString scheme() const = 0;
    virtual bool handles(const QString &url) const = 0;

    // Clones url into dest (absent or empty) and checks out ref: a branch (tracking), a tag or a
    // commit (detached). On failure nothing the call created is left behind.
    virtual Result<FetchReport> clone(const QString &url, const QString &dest,
                                      const std::optional<QString> &ref,
                                      const CloneOptions &options, std::stop_token stop) = 0;
    // Fetches the remote's branches and tags into an existing clone (the remote originUrl()
    // names). Error: "fetch_failed".
    virtual Result<void> fetch(const QString &dest, std::stop_token stop) = 0;
    // Moves the checked-out branch to its upstream when that is a fast-forward and the tree
    // is clean (docs/design.md, "Fast-forward and checkout"); otherwise leaves the clone alone
    // and says why.
    virtual Result<UpdateOutcome> fastForward(const QString &dest, std::stop_token stop) = 0;
    // Checks out ref in an existing clone: a remote branch as a local tracking branch brought
    // to its upstream, a tag or commit detached. A dirty tree is left alone. The clean check
    // happens under the backend lock (docs/design.md, "Fast-forward and checkout").
    virtual Result<UpdateOutcome> checkout(const QString &dest, const QString &ref,
                                           std::stop_token stop) = 0;
    // What sync does to an existing clone, under one backend lock: fetch, then fastForward
    // (no ref) or checkout(ref). shaBefore/shaAfter/branch describe HEAD before and after. A
    // shallow or partial clone stays so: git fetch adds the new commits and remembers the filter.
    virtual Result<UpdateOutcome> update(const QString &dest, const std::optional<QString> &ref,
                                         std::stop_token stop) = 0;
    // Whether the remote still has every commit of the clone's branches and HEAD: fetches
    // origin (pruning what the remote deleted), then counts the commits no remote-tracking
    // branch contains. Errors as fetch; "no_remote" when the clone has none.
    virtual Result<int> commitsMissingUpstream(const QString &dest, std::stop_token stop) = 0;
    // Asks the remote for ref (or its default branch) without cloning; returns the commit it
    // names, or "" for a commit id the remote does not advertise.
    virtual Result<QString> probeRemote(const QString &url, const std::optional<QString> &ref,
                                        std::stop_token stop) = 0;

    virtual Result<QString> headSha(const QString &dest) = 0;
    // HEAD and the checked-out branch, read together. Error: "not_a_repository".
    virtual Result<FetchReport> describe(const QString &dest) = 0;
    // The commit `ref` names in the clone at dest: a local branch, a tag, a commit id, or the
    // remote-tracking branch origin/<ref>. Error: PackOp "ref_not_found".
    virtual Result<QString> resolveRef(const QString &dest, const QString &ref) = 0;
    virtual Result<std::optional<QString>> currentBranch(const QString &dest) = 0;
    // Tracked changes only, untracked files do not count; submodules and files git filters (LFS,
    // smudge filters) count as git status counts them.
    virtual Result<bool> isDirty(const QString &dest) = 0;
    virtual Result<LocalChanges> localChanges(const QString &dest) = 0;
    // The URL of the clone's remote: its branch's, else origin, else the only one (a clone made by
    // hand may call it "upstream"); "" when there is none.
    virtual Result<QString> originUrl(const QString &dest) = 0;
    // HEAD, branch, tracked changes and ahead/behind of the tracking branch as last fetched;
    // ref is the pack's (for expectedBranch). The default asks describe() and isDirty(); a
    // backend can do it with one open.
    virtual Result<RepoStatus> inspect(const QString &dest, const std::optional<QString> &ref);
    // Where the clone's objects stand against git's limits (CloneUpkeep). Reads a few folders;
    // the default knows nothing and reports nothing needed.
    virtual Result<CloneUpkeep> upkeep(const QString &dest);
    // Brings the submodules to the commits the superproject records, recursively (what
    // `git clone --recurse-submodules` and submodule.recurse do), when one is not there: after
    // the clone or a move of HEAD (moved), or when the last attempt failed. A submodule a person
    // deinitialised in a clone that did not move stays so. A failure leaves the clone as it is.
    // Errors: PackOp with the reason of the failed submodule's remote (details: submodule,
    // url), Cancelled. The default has none to update.
    virtual Result<void> updateSubmodules(const QString &dest, bool moved, std::stop_token stop);
    // Repacks and prunes the clone as `git gc --auto` does when upkeep() says it is needed, in
    // the foreground (gc.autoDetach off) under the backend lock. Error: "git".
    virtual Result<void> maintain(const QString &dest, std::stop_token stop);
};

namespace Git {
// The host a remote URL names, lower-cased: ssh://, https://, git:// and scp-like forms; "" for
// a remote on this machine (file:// or a path).
QString hostOfRemote(const QString &url);
} // namespace Git

} // namespace Grex
