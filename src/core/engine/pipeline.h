#pragma once

#include "engine/runner.h"
#include "engine/walker.h"
#include "result.h"

#include <functional>
#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

struct PipelineRequest
{
    QString verb;
    Lifecycle lifecycle = Lifecycle::Sync;
    bool dryRun = false;
    bool noValidate = false;
    bool network = true;    // fetch, fast-forward and clone during the walk
    bool noInstall = false; // stop after the walk (sync --no-install)
    bool recoveryScan = true;
    std::optional<QString> refOverride;
    bool recursive = true;
    QStringList only;
    bool force = false;
    bool keepGoing = false;
    QStringList packs; // restrict the lifecycle run to these ids; empty: all
    PackFilter filter; // --filter; drift is computed before the walk when it asks for it
    std::optional<QString> action; // `grex run <action>` (see RunRequest)
    bool tolerateErrors = false;   // walk: see WalkOptions
    // Called with the walked, validated graph before any pack runs; an error stops the run
    // there (run and exec ask for approval here).
    std::function<Result<void>(const PackGraph &)> beforeRun;
};

// The walk, validate and execute pipeline (docs/architecture.md, "sync, update, teardown") shared
// by sync, update, teardown, add (install) and rm (teardown). The caller holds the workspace lock.
// Writes the managed .gitignore blocks of walked packs (removes them for torn-down packs) and the
// lockfile snapshot, both outside a dry run. graphOut receives the walked graph.
Result<RunReport> runPipeline(Workspace &workspace, const QList<WalkSeed> &seeds,
                              const PipelineRequest &request, OperationContext &ctx,
                              PackGraph *graphOut = nullptr);

// The workspace a sync/update/teardown call works on: workspace mode, or root-pack mode when
// packRoot is given (a pack directory or the path of its pack.yaml). Errors: Usage.
Result<Workspace> resolveRunWorkspace(const Workspace &workspace,
                                      const std::optional<QString> &packRoot,
                                      const std::optional<QString> &workspaceDir);

// The seeds of a run on `workspace`: its registered packs (and itself when it is a pack), or
// the root pack in root-pack mode.
Result<QList<WalkSeed>> runSeeds(const Workspace &workspace, OperationContext &ctx);

} // namespace Grex
