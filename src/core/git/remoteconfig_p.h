#pragma once

// Private to src/core/git: remote and branch configuration read by exact key.
//
// libgit2 1.5.1 (Debian 12) leaks its PCRE2 match data, about 20 KB with PCRE2 10.42, for every
// config entry a regex or glob lookup does not match; the fix (libgit2 #6382) came in 1.6.
// git_remote_lookup, git_branch_upstream and git_config_foreach_match all make such lookups over
// every entry of every config file, so a status of 400 packs leaked over 100 MB. Everything here
// reads keys by their exact name instead, which libgit2 does without regular expressions.

#include "core/git/libgit2_p.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

#include <optional>

namespace Grex::Git {

// A snapshot of the repository's config: reads are consistent and need no locking; null when
// it cannot be read.
ConfigPtr snapshotOf(git_repository *repo);

// The last value of key (the one git uses), or nullopt.
std::optional<QByteArray> configValue(git_config *config, const QByteArray &key);
// Every value of a multi-valued key, in the order libgit2 lists them.
QList<QByteArray> configValues(git_config *config, const QByteArray &key);

// url rewritten by the longest matching url.<base>.insteadOf prefix, as git does.
QByteArray applyInsteadOf(git_config *config, const QByteArray &url);

// The URL of remote.<name>.url with insteadOf applied; nullopt when there is no such remote.
std::optional<QByteArray> remoteUrl(git_repository *repo, const QByteArray &name);

// The remote a clone follows: the checked-out branch's (branch.<branch>.remote), else origin,
// else the only remote there is; "" when none can be told. Clones people made by hand name
// theirs "upstream" or after a fork.
QByteArray primaryRemote(git_repository *repo);

// The remote-tracking ref the local branch refs/heads/<branch> follows
// (branch.<branch>.remote and .merge mapped through the remote's fetch refspecs).
std::optional<QByteArray> upstreamRefName(git_repository *repo, const QByteArray &branch);

} // namespace Grex::Git
