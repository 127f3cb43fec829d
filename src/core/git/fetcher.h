#pragma once

#include "message.h"
#include "result.h"

#include <QString>

#include <optional>
#include <stop_token>

namespace Grex {

// What a clone or checkout left on disk.
struct FetchReport
{
    QString sha;                   // HEAD, 40 lowercase hex
    std::optional<QString> branch; // checked-out branch; nullopt when detached
    std::optional<quint64> bytes;  // received bytes, when the transport reports them
};

// What bringing an existing clone up to date did.
struct UpdateOutcome
{
    enum class State {
        UpToDate,      // nothing to do
        FastForwarded, // the tracking branch moved to its upstream
        CheckedOut,    // a pinned ref was checked out
        LeftAlone,     // not touched: see note (dirty tree, diverged, detached, no upstream)
    };
    State state = State::UpToDate;
    QString shaBefore;
    QString shaAfter;
    std::optional<QString> branch;
    Message note;
};

// Work in a clone that exists nowhere else, which deleting the clone would lose.
struct LocalChanges
{
    int tracked = 0;   // modified, staged, deleted or renamed tracked files (submodules too)
    int untracked = 0; // untracked files that are not ignored (grex's own sidecars excluded)
    int unpushed = 0;  // commits reachable from HEAD but from no remote-tracking branch
    int stashes = 0;
    bool isClean() const { return tracked == 0 && untracked == 0 && unpushed == 0 && stashes == 0; }
};

// What `status` reads from a clone in one go (spec §6.5.5). Never touches the network.
struct RepoStatus
{
    QString sha;                     // HEAD; "" before the first commit
    std::optional<QString> branch;   // nullopt when detached
    int changedFiles = 0;            // tracked files modified, staged, deleted or renamed
    std::optional<QString> upstream; // the branch's tracking ref, "origin/main"
    int ahead = 0;                   // commits on HEAD not on the upstream (when there is one)
    int behind = 0;                  // commits on the upstream not on HEAD
};

// Moves repositories between remotes and the workspace (spec §9.5). Implementations hold the
// backend lock (tier 4) around every mutating call and are thread-safe. All calls return PackOp
// errors with reasons "clone_failed", "ref_not_found", "destination_not_empty",
// "not_a_repository", "remote_unreachable" or "git", or Cancelled when `stop` fires.
class Fetcher
{
public:
    virtual ~Fetcher();

    virtual QString scheme() const = 0;
    virtual bool handles(const QString &url) const = 0;

    // Clones url into dest (absent or empty) and checks out ref: a branch (tracking), a tag or a
    // commit (detached). On failure nothing the call created is left behind.
    virtual Result<FetchReport> clone(const QString &url, const QString &dest,
                                      const std::optional<QString> &ref, std::stop_token stop) = 0;
    // Fetches origin's branches and tags into an existing clone. Error: "fetch_failed".
    virtual Result<void> fetch(const QString &dest, std::stop_token stop) = 0;
    // Moves the checked-out branch to its upstream when that is a fast-forward and the tree
    // is clean (D-44); otherwise leaves the clone alone and says why.
    virtual Result<UpdateOutcome> fastForward(const QString &dest, std::stop_token stop) = 0;
    // Checks out ref in an existing clone: a remote branch as a local tracking branch brought
    // to its upstream, a tag or commit detached. A dirty tree is left alone (D-43). The clean
    // check happens under the backend lock (spec §8.6).
    virtual Result<UpdateOutcome> checkout(const QString &dest, const QString &ref,
                                           std::stop_token stop) = 0;
    // What sync does to an existing clone, under one backend lock: fetch, then fastForward
    // (no ref) or checkout(ref). shaBefore/shaAfter/branch describe HEAD before and after.
    virtual Result<UpdateOutcome> update(const QString &dest, const std::optional<QString> &ref,
                                         std::stop_token stop) = 0;
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
    // Tracked changes only, untracked files do not count (D-43).
    virtual Result<bool> isDirty(const QString &dest) = 0;
    virtual Result<LocalChanges> localChanges(const QString &dest) = 0;
    // The URL of the "origin" remote; "" when there is none.
    virtual Result<QString> originUrl(const QString &dest) = 0;
    // HEAD, branch, tracked changes and ahead/behind of the tracking branch as last fetched.
    // The default asks describe() and isDirty(); a backend can do it with one open.
    virtual Result<RepoStatus> inspect(const QString &dest);
};

} // namespace Grex
