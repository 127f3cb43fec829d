#pragma once

#include "core/engine/packfilter.h"
#include "core/fs/filelock.h"
#include "core/json.h"
#include "core/result.h"
#include "core/timestamp.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QStringList>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

// One pack as `status` sees it (docs/design.md, "Drift").
struct StatusEntry
{
    QString id;
    QString path;
    QString type; // "" for an untracked directory
    QString url;  // the remote it is cloned from; not part of the document, --filter url= reads it
    int depth = 0;
    QStringList parents; // the packs whose children it is, by id (the root pack left out)
    QStringList tags;    // PackNode::tags
    bool registered = false;
    bool onDisk = false;
    bool plain = false; // a clone without .grex/pack.yaml: nothing to install
    bool shaMatch = false;
    bool actionsHashMatch = false;
    // The most urgent of drifts (PackFilter::driftKinds() order): broken (error says why: its
    // pack.yaml or clone cannot be read, or it cannot be ordered) | missing | fetch_failed |
    // dirty | upstream_gone | rewritten | diverged | off_branch | stale | behind | ahead | clean |
    // untracked (a clone no pack accounts for). drifts may end with untracked_files, which
    // never makes the pack drift on its own.
    QString drift;
    QStringList drifts;  // every kind that holds, most urgent first (dirty and behind, ...)
    QString staleReason; // not_installed | sha_changed | actions_changed | too_old; "" otherwise
    QString sha;
    std::optional<QString> branch;
    std::optional<QString> upstream;
    int ahead = 0;
    int behind = 0;
    int changedFiles = 0;
    int stagedFiles = 0;
    int untrackedFiles = 0;
    QString expectedBranch;      // the branch the pack should be on; "" when detached is expected
    bool upstreamGone = false;   // its branch's upstream was deleted or renamed on the remote
    QString remoteDefaultBranch; // with upstreamGone: the remote's default branch, when known
    bool upstreamRewritten = false; // ahead and behind because the upstream was force-pushed
    std::optional<Timestamp> installedAt;
    std::optional<QDateTime> lastFetched; // when the clone last fetched, as git recorded it
    // This run's fetch failed (status --fetch), or the clone's last one did and none succeeded
    // since.
    std::optional<Error> fetchError;
    QString error; // why the pack's pack.yaml or repository could not be read
    bool long_ = false;
    std::optional<LockHolder> holder; // with long_: who holds <pack>/.grex-lock

    JsonObject toJson() const;
};

// What inspectWorkspace looks at besides git: who holds each pack's lock, and the age after
// which an install counts as stale.
struct InspectOptions
{
    bool long_ = false;
    bool fetch = false; // fetch every clone first (status --fetch)
    // With fetch: fetch only the clones this filter admits (status --fetch --filter); a filter
    // on drift cannot be judged before the fetch, so it admits every clone.
    PackFilter fetchFilter;
    std::optional<qint64> staleAfterSeconds;
};

// Every pack of the workspace's graph (read from disk, no network) and every git directory in
// the workspace that no pack accounts for, inspected in parallel: one in-process libgit2 query
// per clone, done by the walk's worker that found it. Ordered as the walk found them. Errors:
// Usage (not a workspace), Manifest (corrupt log or lockfile), Cancelled.
Result<QList<StatusEntry>> inspectWorkspace(Workspace &workspace, const InspectOptions &options,
                                            OperationContext &ctx);

// The drift kind of every pack inspectWorkspace reports, by id: what --filter drift=... compares
// with.
Result<QHash<QString, QString>> driftByPack(Workspace &workspace, OperationContext &ctx);
// driftByPack when the filter compares drift, else an empty map (no status query).
Result<QHash<QString, QString>> driftForFilter(const PackFilter &filter, Workspace &workspace,
                                               OperationContext &ctx);

} // namespace Grex
