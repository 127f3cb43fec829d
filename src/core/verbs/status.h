#pragma once

#include "engine/packfilter.h"
#include "fs/filelock.h"
#include "json.h"
#include "result.h"
#include "timestamp.h"

#include <QHash>
#include <QJsonObject>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

struct StatusOptions
{
    std::optional<qint64> staleAfterSeconds; // --stale-after
    bool failOnDrift = false;
    bool long_ = false; // add who holds each pack's lock
    PackFilter filter;

    static Result<StatusOptions> fromJson(const QJsonObject &args);
};

// "7d", "12h", "30m", "45s", "2w" and sums of them ("1d12h"). Error: Usage "invalid_duration".
Result<qint64> parseDuration(const QString &text);

// One pack as `status` sees it (docs/design.md, "Drift").
struct StatusEntry
{
    QString id;
    QString path;
    QString type; // "" for an untracked directory
    int depth = 0;
    QStringList parents; // the packs whose children it is, by id (the root pack left out)
    bool registered = false;
    bool onDisk = false;
    bool shaMatch = false;
    bool actionsHashMatch = false;
    // The most urgent of drifts (PackFilter::driftKinds() order): missing | dirty |
    // upstream_gone | rewritten | diverged | off_branch | stale | behind | ahead | clean |
    // untracked.
    QString drift;
    QStringList drifts;  // every kind that holds, most urgent first (dirty and behind, ...)
    QString staleReason; // not_installed | sha_changed | actions_changed | too_old; "" otherwise
    QString sha;
    std::optional<QString> branch;
    std::optional<QString> upstream;
    int ahead = 0;
    int behind = 0;
    int changedFiles = 0;
    QString expectedBranch;   // the branch the pack should be on; "" when detached is expected
    bool upstreamGone = false; // its branch's upstream was deleted or renamed on the remote
    QString remoteDefaultBranch; // with upstreamGone: the remote's default branch, when known
    bool upstreamRewritten = false; // ahead and behind because the upstream was force-pushed
    std::optional<Timestamp> installedAt;
    QString error; // why the pack's pack.yaml or repository could not be read
    bool long_ = false;
    std::optional<LockHolder> holder; // with long_: who holds <pack>/.grex-lock

    JsonObject toJson() const;
};

struct StatusReport
{
    QList<StatusEntry> packs; // ordered by id

    JsonValue toJson() const; // an array
    // "3 of 50 packs drifted: 2 dirty, 1 missing"; "" when every pack is clean.
    QString driftSummary() const;
};

// `grex status`: per registered pack and every child on disk whether it is on disk, matches the
// lockfile, has local changes or differs from its tracking branch, plus the git directories in the
// workspace nobody registered. Read-only: no lock, no network, one in-process libgit2 query per
// pack, in parallel. Errors: Usage (not a workspace, a bad --stale-after), Manifest (corrupt log or
// lockfile), Drift "drift_found" with --fail-on-drift (details.report holds the document).
Result<StatusReport> status(Workspace &workspace, const StatusOptions &options,
                            OperationContext &ctx);

// The drift kind of every pack status reports, by id: what --filter drift=... compares with.
Result<QHash<QString, QString>> driftByPack(Workspace &workspace, OperationContext &ctx);
// driftByPack when the filter compares drift, else an empty map (no status query).
Result<QHash<QString, QString>> driftForFilter(const PackFilter &filter, Workspace &workspace,
                                               OperationContext &ctx);

} // namespace Grex
