#pragma once

#include "core/result.h"

#include <QString>

#include <stop_token>

namespace Grex::Git {

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
