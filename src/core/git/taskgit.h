#pragma once

#include "core/result.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <stop_token>

namespace Grex::Git {

// What a task's branch starts from in a clone: the upstream of the checked-out branch as last
// fetched ("origin/main"), else HEAD's commit (ref none).
struct BranchBase
{
    std::optional<QString> ref;
    QString sha;
};

// Reads it in process. Errors: PackOp "not_a_repository", "no_commit" (nothing to branch from).
Result<BranchBase> branchBase(const QString &dir);

// Whether the clone at dir has a local branch named branch.
Result<bool> hasLocalBranch(const QString &dir, const QString &branch);

// Whether git accepts branch as a branch name (git check-ref-format --branch). Error: Usage
// "invalid_branch".
Result<void> checkBranchName(const QString &branch);

// The user's git makes worktree (absent) with a new branch at sha in the clone at dir, and
// removes both again; each holds the clone's backend lock. Errors: PackOp "worktree_failed"
// with git's words, Cancelled.
Result<void> addWorktree(const QString &dir, const QString &worktree, const QString &branch,
                         const QString &sha, std::stop_token stop);
// Removes worktree even with changes in it, then forgets it, and deletes branch when given.
Result<void> removeWorktree(const QString &dir, const QString &worktree, const QString &branch,
                            std::stop_token stop);

// How a task's worktree stands, read in process.
struct TaskTree
{
    QString head;           // its commit
    int changedFiles = 0;   // tracked files modified, staged, deleted or renamed
    int untrackedFiles = 0; // untracked and not ignored
    int commits = 0;        // on the branch since the base commit
    int ahead = 0;          // on the branch, not on the base ref as it is now
    int behind = 0;         // on the base ref now, not on the branch
    int unpushed = 0;       // on the branch, not in what was pushed last (all when never)
    int stashes = 0;        // the clone's stashes (shared by its worktrees)
    bool hasChanges() const { return changedFiles > 0 || untrackedFiles > 0; }
};
// Error: PackOp "not_a_repository" for a worktree that is gone.
Result<TaskTree> readTaskTree(const QString &worktree, const std::optional<QString> &baseRef,
                              const QString &baseSha, const QString &pushedSha);

// Commits every change of worktree (git add -A, git commit) with message, as the person's git
// would. Returns the new commit, or "" when there was nothing to commit. Errors: PackOp
// "commit_failed" with git's words (no identity, a hook that refused), Cancelled.
Result<QString> commitAll(const QString &worktree, const QString &message, std::stop_token stop);

// The files the task changed in worktree since sha, "M path", "A path", as `git diff
// --name-status sha` prints them, untracked files as "?? path".
Result<QStringList> changedSince(const QString &worktree, const QString &sha, std::stop_token stop);

// What the task changed in worktree since sha: `git diff sha` (commits and uncommitted work),
// then the untracked files of changed (changedSince's list) as new. At most maxBytes, then cut
// with a note.
Result<QString> diffSince(const QString &worktree, const QString &sha, const QStringList &changed,
                          qsizetype maxBytes, std::stop_token stop);

// Where a task's branch goes: the clone's primary remote (origin in a clone grex made) and its
// URL. Error: PackOp "no_remote".
struct PushTarget
{
    QString remote;
    QString url;
};
Result<PushTarget> pushTarget(const QString &worktree);

// Pushes the branch checked out in worktree to the same name on target.remote (or to
// remoteBranch when given), setting it as the branch's upstream, with the clone at packDir
// locked as a fetch locks it. Errors: PackOp
// "push_failed" or the reason git's words give ("auth", "host_key", "unreachable", ...) with
// git's words and a hint; Cancelled.
Result<void> pushBranch(const QString &packDir, const QString &worktree, const PushTarget &target,
                        const QString &branch, std::stop_token stop,
                        const QString &remoteBranch = {});

} // namespace Grex::Git
