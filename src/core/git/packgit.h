#pragma once

#include "core/result.h"

#include <QString>

#include <stop_token>

namespace Grex::Git {

// What a person does to a pack's own clone from the window or `grex switch|stash|discard|commit
// |push`: each runs the user's git, with the clone's backend lock held, so a sync or fetch of the
// same clone waits.

// Checks out branch: the local branch when there is one, else a new one tracking
// remote/branch. git refuses when a change in the tree would be lost. Errors: PackOp
// "switch_failed" with git's words, Cancelled.
Result<void> switchBranch(const QString &dir, const QString &remote, const QString &branch,
                          std::stop_token stop);

// What the remote at url calls its default branch now (git ls-remote --symref), else what the
// clone last learned of it (refs/remotes/<remote>/HEAD, when that branch is still there); ""
// when neither knows.
QString remoteHeadBranch(const QString &dir, const QString &remote, const QString &url,
                         std::stop_token stop);

// Records branch as remote's default branch in the clone (git remote set-head), which a pack
// that names no branch follows. Errors: PackOp "switch_failed" with git's words, Cancelled.
Result<void> setRemoteHead(const QString &dir, const QString &remote, const QString &branch,
                           std::stop_token stop);

// Puts every change, untracked files included, into a new stash with message. Returns whether
// there was anything to stash. Errors: PackOp "stash_failed" with git's words, Cancelled.
Result<bool> stashAll(const QString &dir, const QString &message, std::stop_token stop);

// Throws away every change: tracked files back to HEAD, untracked files deleted. Ignored files
// and grex's own files in the clone stay. Errors: PackOp "discard_failed" with git's words,
// Cancelled.
Result<void> discardAll(const QString &dir, std::stop_token stop);

} // namespace Grex::Git
