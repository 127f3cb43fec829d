#pragma once

#include "core/engine/globs.h"
#include "core/engine/lifecycles.h"
#include "core/engine/walker.h"
#include "core/result.h"

#include <functional>
#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

// What one walk-validate-execute pass does: the walk's settings, and what the runner then does
// with the graph. A verb's options hold one (SyncOptions::request), so its arguments travel
// from the JSON to the runner as this one value.
struct PipelineRequest
{
    // The lifecycle run; its filter's drift is computed before the walk when it asks for it.
    LifecycleRequest lifecycles;
    bool noValidate = false;
    bool network = true;    // fetch, fast-forward and clone during the walk
    bool noInstall = false; // stop after the walk (sync --no-install)
    bool recoveryScan = true;
    std::optional<QString> refOverride; // sync --ref: the ref of every pack but the root
    bool recursive = true;
    bool submodules = true; // --no-submodules: leave every pack's submodules out
    // The workspace's packs the seeds leave out, by id with their URL (add walks only the new
    // pack): they satisfy depends_on entries, but nothing waits for them.
    QMap<QString, QString> elsewhere;
    // Called with the walked, validated graph before any pack runs; an error stops the run
    // there (run and exec ask for approval here).
    std::function<Result<void>(const PackGraph &)> beforeLifecycles;

    static PipelineRequest of(const QString &verb, Lifecycle lifecycle);
};

// Whether a run with this filter and these --only globs touches the clone of seed, judged by
// what is on disk before the run (its pack.yaml's type and tags); drift: the kinds by pack id,
// as driftByPack gives them.
bool touchedBy(const PackFilter &filter, const PathGlobs &only,
               const QHash<QString, QString> &drift, const WalkSeed &seed, int depth);

// The walk, validate and execute pipeline (docs/architecture.md, "sync, update, teardown") shared
// by sync, update, teardown, add (install) and rm (teardown). The caller holds the workspace lock.
// Writes the managed .gitignore blocks of walked packs (removes them for torn-down packs) and the
// lockfile snapshot, both outside a dry run. graphOut receives the walked graph. The seeds are let
// go once walked: a caller done with them moves them in.
Result<LifecycleReport> executePipeline(Workspace &workspace, QList<WalkSeed> seeds,
                                        const PipelineRequest &request, OperationContext &ctx,
                                        PackGraph *graphOut = nullptr);

// The workspace a sync/update/teardown call works on: workspace mode, or root-pack mode when
// packRoot is given (a pack directory or the path of its pack.yaml). Errors: Usage.
Result<Workspace> resolvePipelineWorkspace(const Workspace &workspace,
                                           const std::optional<QString> &packRoot,
                                           const std::optional<QString> &workspaceDir);

// The seeds of a run on `workspace`: its registered packs (and itself when it is a pack), or
// the root pack in root-pack mode.
Result<QList<WalkSeed>> pipelineSeeds(const Workspace &workspace, OperationContext &ctx);

// The whole of a sync or teardown on `workspace` from its seeds, its report concluded
// (concludeLifecycles). The caller holds the workspace lock.
Result<LifecycleReport> runWorkspacePipeline(Workspace &workspace, const PipelineRequest &request,
                                             OperationContext &ctx);

} // namespace Grex
