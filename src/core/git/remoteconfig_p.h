#pragma once

// Private to src/core/git: remote and branch configuration read by exact key.
//
// libgit2 1.5.1 (Debian 12) leaks its PCRE2 match data, about 20 KB with PCRE2 10.42, for every
// config entry a regex or glob lookup does not match; the fix (libgit2 #6382) came in 1.6.
// git_remote_lookup, git_branch_upstream, git_branch_set_upstream, git_remote_create and
// git_config_foreach_match all make such lookups over every entry of every config file, so a
// sync of 400 packs leaked over 100 MB. Everything here reads keys by their exact name instead,
// which libgit2 does without regular expressions, and does what those calls did.

#include "git/libgit2_p.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

#include <optional>

namespace Grex::Git {

// The last value of key (the one git uses), or nullopt.
std::optional<QByteArray> configValue(git_config *config, const QByteArray &key);
// Every value of a multi-valued key, in the order libgit2 lists them.
QList<QByteArray> configValues(git_config *config, const QByteArray &key);

// url rewritten by the longest matching url.<base>.insteadOf prefix, as git does.
QByteArray applyInsteadOf(git_config *config, const QByteArray &url);

// A remote as git_remote_lookup would make it, without its regex lookups: an in-memory remote
// for remote.<name>.url (insteadOf applied), with the fetch refspecs, tag and prune settings
// that git_remote_fetch must then be given.
struct ConfiguredRemote
{
    RemotePtr remote;
    QList<QByteArray> refspecs;
    git_remote_autotag_option_t tags = GIT_REMOTE_DOWNLOAD_TAGS_AUTO;
    git_fetch_prune_t prune = GIT_FETCH_NO_PRUNE;
};
// Returns 0, GIT_ENOTFOUND when there is no such remote, or another libgit2 error code.
int configuredRemote(ConfiguredRemote &out, git_repository *repo, const QByteArray &name);

// The URL of remote.<name>.url with insteadOf applied; nullopt when there is no such remote.
std::optional<QByteArray> remoteUrl(git_repository *repo, const QByteArray &name);

// git_clone's remote_cb: creates "origin" from the URL with insteadOf applied by
// applyInsteadOf, never by libgit2. The original URL is what the config records.
int createCloneRemote(git_remote **out, git_repository *repo, const char *name, const char *url,
                      void *payload);

// The remote-tracking ref the local branch refs/heads/<branch> follows
// (branch.<branch>.remote and .merge mapped through the remote's fetch refspecs).
std::optional<QByteArray> upstreamRefName(git_repository *repo, const QByteArray &branch);

// Makes local branch <branch> track <remote>/<branch>. Returns a libgit2 error code.
int setUpstream(git_repository *repo, const QByteArray &branch, const QByteArray &remote);

// credential.helper values, in the order git consults them; an empty value clears the list.
QStringList credentialHelpers(git_config *config);

} // namespace Grex::Git
