#pragma once

#include "core/result.h"

#include <QString>

#include <stop_token>

namespace Grex::Git {

// Within a RepositoryReuse, a thread opens each repository once: every later read of the same
// folder (its head, remote, refs, status) gets the repository opened before. A sync with
// nothing new read each clone through six opens, each parsing its config files again
// (docs/performance.md). Running git in the thread ends the reuse, since git may change what
// libgit2 read and keeps; so does the end of the outermost scope. Not for sharing between
// threads: a libgit2 repository is not to be used by two at once.
class RepositoryReuse
{
public:
    RepositoryReuse();
    ~RepositoryReuse();
    RepositoryReuse(const RepositoryReuse &) = delete;
    RepositoryReuse &operator=(const RepositoryReuse &) = delete;

    // Closes what this thread keeps open; the next read opens it again.
    static void forget();
};

// True when dir is the top of a git working tree (not a directory inside one).
bool isRepository(const QString &dir);

// Sets a key in the repository's local config. Error: PackOp "git".
Result<void> setConfigString(const QString &repoDir, const QString &key, const QString &value);

// Whether git, run in dir, has a credential helper (credential.helper in any of its configs).
bool hasCredentialHelper(const QString &dir);

// Hands the user name and password in url to git's credential helpers (git credential
// approve), as git itself does after a login that worked. Error: PackOp "git".
Result<void> approveCredential(const QString &dir, const QString &url);

} // namespace Grex::Git
