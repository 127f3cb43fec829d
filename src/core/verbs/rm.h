#pragma once

#include "core/docshape.h"
#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>

namespace Grex {

class OperationContext;
class Workspace;

struct RmOptions
{
    QString path;              // the pack's path or id
    bool keepFiles = false;    // unregister only, keep the directory
    bool force = false;        // delete even work that exists nowhere else
    bool skipTeardown = false; // remove without running the pack's teardown
    bool dryRun = false;

    static Result<RmOptions> fromJson(const QJsonObject &args);
};

struct RmReport
{
    QString id;
    QString path; // absolute directory of the pack
    bool removed = false;
    bool filesDeleted = false;
    bool teardownRan = false; // "teardown": "ok" when the pack's teardown ran, else "skipped"
    QStringList children; // children removed with it: no other registered pack owns them
    // Packs that stay and name a removed pack in depends_on: they fail until it is back or
    // their pack.yaml no longer asks for it.
    QStringList dependents;
    bool dryRun = false;  // removed/filesDeleted then say what a real run would do

    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// `grex rm <path>` (docs/design.md, "Removing a pack"): runs the teardown of the pack and of
// its children no other registered pack owns (parents first), then unregisters it and
// deletes those directories. Destructive: asks ctx's ApprovalPolicy first (not in a dry run).
// Refuses to delete work that exists nowhere else unless forced. A failed teardown removes
// nothing. Directories are moved aside before the rm event is appended and deleted after, so
// an interrupted run loses nothing. Errors: Usage (unknown pack), NotApproved, PackOp
// ("local_changes", teardown halted, filesystem), Manifest, Lock, Cancelled.
Result<RmReport> rm(Workspace &workspace, const RmOptions &options, OperationContext &ctx);

// Each directory `rm` moves aside (<workspace>/.grex-trash-<n>) has a note beside it, named with
// this suffix, that says which pack's rm moved it and from where.
inline constexpr QStringView TrashNoteSuffix = u".rm";

// Finishes what a killed `rm` left in the trash, as its note says: when the rm event was never
// written (the pack is still registered) the directory goes back where it was, unless something
// new is there; when it was written, the directory is deleted. Warns about each one. The caller
// holds the workspace's sync lock. `rm` and `sync` call it before they start.
void finishInterruptedRemovals(const Workspace &workspace, OperationContext &ctx);

} // namespace Grex
