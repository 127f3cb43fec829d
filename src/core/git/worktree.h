#pragma once

#include "core/result.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace Grex::Git {

// One file of a clone that differs from its HEAD, as git status lists it.
struct FileChange
{
    QString path;
    // "modified", "added", "deleted", "renamed", "typechange" or "untracked".
    QString state;
    bool staged = false; // the change (or part of it) is in the index
};

struct CommitLine
{
    QString sha; // 40 hex
    QString summary;
    QString author;
    QDateTime when;
};

// What a person wants to see of a clone to know why it drifted (the window's details): its
// changed and untracked files, and the commits between it and its upstream as last fetched.
// At most `limit` of each list; `truncated` says when more were left out.
struct WorktreeChanges
{
    QList<FileChange> files;
    std::optional<QString> upstream; // "origin/main"; nullopt without one
    QList<CommitLine> incoming;      // on the upstream, not on HEAD (newest first)
    QList<CommitLine> outgoing;      // on HEAD, not on the upstream (newest first)
    bool truncated = false;
};

// Reads dir in process (libgit2), without the network and without changing anything. Error:
// PackOp "not_a_repository", "git".
Result<WorktreeChanges> readWorktreeChanges(const QString &dir, int limit = 200);

// The unified diff of one file against HEAD, index and working tree together, as `git diff HEAD
// -- path` shows it; an untracked file as all new. At most maxBytes, then cut with a note.
// Error: PackOp "not_a_repository", "git".
Result<QString> worktreeDiff(const QString &dir, const QString &path, qsizetype maxBytes = 256 * 1024);

// The commits reachable from `to` but not from `from` (git log from..to), newest first, at most
// limit; each is a commit id or a name git resolves (origin/main, HEAD). Error: PackOp
// "not_a_repository", "git" (either is no commit of the clone).
Result<QList<CommitLine>> commitRange(const QString &dir, const QString &from, const QString &to,
                                      int limit = 50);

// One commit as `git show --stat --patch` shows it: its sha, author, date and whole message, the
// files it changed with their counts, then its diff against its first parent (against nothing
// for a root commit). At most maxBytes, then cut with a note. Error: PackOp "not_a_repository",
// "git" (sha is no commit of the clone).
Result<QString> commitText(const QString &dir, const QString &sha, qsizetype maxBytes = 256 * 1024);

// The git dir of the repository a linked worktree belongs to (`git worktree add` made dir, whose
// .git is a file naming <common>/worktrees/<name>); "" when dir is no linked worktree.
QString linkedWorktreeCommonDir(const QString &dir);

// Forgets the worktrees whose folders are gone (`git worktree prune`) in the repository whose
// git dir is commonDir, as removing a worktree with git would.
void pruneWorktrees(const QString &commonDir);

} // namespace Grex::Git
