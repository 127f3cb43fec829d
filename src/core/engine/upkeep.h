#pragma once

#include "core/git/fetcher.h"
#include "core/json.h"

#include <QList>
#include <QString>

#include <stop_token>

namespace Grex {

class Workspace;
struct PackGraph;

// A clone whose objects are past git's limits (CloneUpkeep::needed()).
struct UpkeepNeed
{
    QString id;
    QString dir;
    CloneUpkeep upkeep;
};

// How many clones one sync repacks at most: the others wait for the next sync or doctor --fix,
// so that a sync after months away does not pay for every clone at once.
inline constexpr int kUpkeepPerSync = 3;

// The clones among ids (packs of graph on disk) that need upkeep, in the order of ids.
QList<UpkeepNeed> clonesNeedingUpkeep(Workspace &workspace, const PackGraph &graph,
                                      const QStringList &ids);

// Repacks the clone (Fetcher::maintain) and checks that it is within git's limits afterwards.
// Error: PackOp "git".
Result<void> repackClone(Workspace &workspace, const UpkeepNeed &need, std::stop_token stop);

// After a sync: the clones its walk fetched new commits into that need upkeep, up to
// kUpkeepPerSync of them repacked (git gc --auto). The sync document's "maintenance" member:
// {"repacked": [ids], "waiting": [ids], "failed": [{"id", "message"}]}, or empty when no clone
// needed it.
JsonObject upkeepAfterSync(Workspace &workspace, const PackGraph &graph, std::stop_token stop);

// For people: "74 pack files (git repacks past 50)" or "6912 loose objects (past 6700)".
QString upkeepDetail(const CloneUpkeep &upkeep);

} // namespace Grex
