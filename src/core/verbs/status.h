#pragma once

#include "core/docshape.h"
#include "core/engine/drift.h"
#include "core/engine/packfilter.h"
#include "core/fs/filelock.h"
#include "core/json.h"
#include "core/result.h"
#include "core/timestamp.h"

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
    bool fetch = false; // fetch every pack first, in parallel
    PackFilter filter;

    static Result<StatusOptions> fromJson(const QJsonObject &args);
};

// "7d", "12h", "30m", "45s", "2w" and sums of them ("1d12h"). Error: Usage "invalid_duration".
Result<qint64> parseDuration(const QString &text);

struct StatusReport
{
    QList<StatusEntry> packs; // ordered by id

    JsonValue toJson() const; // an array
    static DocShape shape();  // of toJson()
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

} // namespace Grex
