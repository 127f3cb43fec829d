#pragma once

#include "core/git/fetcher.h"

namespace Grex {

// The Fetcher: the user's git executable clones, fetches and changes working trees, so every URL,
// credential, ssh setting, filter and submodule git handles works; libgit2 reads refs, HEAD,
// ahead/behind and status in process.
class GitFetcher final : public Fetcher
{
public:
    GitFetcher();

    QString scheme() const override;
    bool handles(const QString &url) const override;

    Result<FetchReport> clone(const QString &url, const QString &dest,
                              const std::optional<QString> &ref, const CloneOptions &options,
                              std::stop_token stop) override;
    Result<void> fetch(const QString &dest, std::stop_token stop) override;
    Result<UpdateOutcome> fastForward(const QString &dest, std::stop_token stop) override;
    Result<UpdateOutcome> checkout(const QString &dest, const QString &ref,
                                   std::stop_token stop) override;
    Result<UpdateOutcome> update(const QString &dest, const std::optional<QString> &ref,
                                 std::stop_token stop) override;
    Result<int> commitsMissingUpstream(const QString &dest, std::stop_token stop) override;
    Result<QString> probeRemote(const QString &url, const std::optional<QString> &ref,
                                std::stop_token stop) override;
    Result<QString> headSha(const QString &dest) override;
    Result<FetchReport> describe(const QString &dest) override;
    Result<QString> resolveRef(const QString &dest, const QString &ref) override;
    Result<std::optional<QString>> currentBranch(const QString &dest) override;
    Result<bool> isDirty(const QString &dest) override;
    Result<LocalChanges> localChanges(const QString &dest) override;
    Result<QString> originUrl(const QString &dest) override;
    Result<RepoStatus> inspect(const QString &dest, const std::optional<QString> &ref) override;
    Result<CloneUpkeep> upkeep(const QString &dest) override;
    Result<void> maintain(const QString &dest, std::stop_token stop) override;
    Result<void> updateSubmodules(const QString &dest, bool moved, std::stop_token stop) override;
};

// Shared SSH connections (docs/design.md, "Shared SSH connections") live while a scope is open:
// invokeVerb opens one around every verb, and when the last scope of the process closes, every
// connection it opened ends. Thread-safe.
class SshConnectionScope
{
public:
    SshConnectionScope();
    ~SshConnectionScope();
    SshConnectionScope(const SshConnectionScope &) = delete;
    SshConnectionScope &operator=(const SshConnectionScope &) = delete;
};

// Ends the shared SSH connections at once, without waiting for their scopes: for a process about
// to exit without unwinding (the CLI's second Ctrl-C).
void endSharedSshConnectionsNow();

// The backend lock sidecar guarding clones and fetches into dest (tier 4).
QString backendLockPath(const QString &dest);
// Where a clone of dest is made before it is renamed into place: a hidden sibling that only a
// clone of dest, holding dest's backend lock, creates or removes (see GitFetcher::clone).
QString cloneStagingPath(const QString &dest);
inline constexpr QStringView CloneStagingPrefix = u".grex-clone-";
// In a clone's git dir: the pid of the grex process writing there (GitFetcher removes it when
// done), and the journal of a checkout in progress ("<HEAD before> <target>"). Either one left
// behind is work a killed or failed grex did not finish.
inline constexpr QStringView BusyMarkerName = u"grex-busy";
inline constexpr QStringView CheckoutJournalName = u"grex-checkout";
// In a clone's git dir: what the last fetch learned when the branch's upstream was gone from the
// remote ("<branch> <remote's default branch>"), for status to report without network.
inline constexpr QStringView UpstreamRecordName = u"grex-upstream";
// In a clone's git dir: the last fetch's failure (reason, message, URL, git's words, when), which
// stays on the pack until a fetch succeeds, so that status without --fetch does not call a pack
// whose remote is gone clean.
inline constexpr QStringView FetchFailureRecordName = u"grex-fetch-failed";
// In a clone's git dir: a submodule update failed, so the next sync tries again though HEAD did
// not move.
inline constexpr QStringView SubmoduleFailureRecordName = u"grex-submodules-failed";

} // namespace Grex
