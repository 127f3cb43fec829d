#pragma once

#include "core/engine/packgraph.h"
#include "core/result.h"

#include <QList>
#include <QString>

#include <functional>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

// A pack the walk starts from: a registered pack, or the root pack.
struct WalkSeed
{
    QString id;
    QString path; // empty for the root pack
    QString dir;  // absolute
    QString url;
    std::optional<QString> ref;
    CloneOptions cloneOptions;
    QStringList tags; // from add or grex tag, or the parent's children entry
    bool registered = false;
    bool isRoot = false;
};

struct WalkOptions
{
    // Fetch, fast-forward and clone. Without it the walk reads only what is on disk (dry runs,
    // teardown, rm): a missing clone becomes a node with no manifest.
    bool network = true;
    std::optional<QString> refOverride; // --ref: every pack but the root
    bool recursive = true;              // follow `children`
    // Bring each pack's submodules in (with network): false for --no-submodules. A pack's
    // registration and its pack.yaml can each say no as well.
    bool submodules = true;
    // Read-only verbs (status, doctor, run, exec): a pack whose manifest cannot be read becomes
    // a node with loadError set and no children instead of failing the walk.
    bool tolerateErrors = false;
    // Without network: read each clone's HEAD and branch. A caller that opens every clone
    // itself anyway (status) turns it off; a node is then on disk when it has a .git.
    bool readHead = true;
    // Without network: fetch each existing clone first (status --fetch), changing no working
    // tree; a failed fetch is the node's fetchError. Walks as wide as network work.
    bool fetchOnly = false;
    // With network or fetchOnly: whether the run touches an existing clone at this depth (0:
    // registered). One it leaves out (sync --filter, status --fetch --filter) is read as it is,
    // neither fetched nor fast-forwarded; a missing clone is cloned all the same. Unset: every
    // clone.
    std::function<bool(const WalkSeed &, int depth)> touches;
    // Called on the worker thread with each node it resolved (not for tolerated failures):
    // a read-only verb inspects the clone there instead of in a second pass.
    std::function<void(const PackNode &)> visit;
};

// The seeds of a workspace run: every registered pack, plus the workspace itself when it has
// a .grex/pack.yaml.
Result<QList<WalkSeed>> workspaceSeeds(const Workspace &workspace, OperationContext &ctx);

// Walks the pack graph from the seeds (docs/design.md, "Pack graph and validation"): up to
// ctx.width().network() clones and fetches at once, children cloned flat into the workspace, each
// pack's manifest loaded and its name checked. A clone or fetch that fails is that pack's failure
// (PackNode::fetchError), and the walk goes on with the others; it fails fast on a manifest or name
// error (PackOp, phase "tree"). A clone that cannot be fast-forwarded is left alone with a note,
// not an error.
Result<PackGraph> walkPacks(Workspace &workspace, QList<WalkSeed> seeds, const WalkOptions &options,
                            OperationContext &ctx);

// The workspace's pack graph as it is on disk, read without network; a pack whose pack.yaml
// cannot be read stays in it with its loadError. What doctor, exec and import --scan look at.
Result<PackGraph> readPackGraph(Workspace &workspace, OperationContext &ctx);

} // namespace Grex
