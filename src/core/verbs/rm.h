#pragma once

#include "json.h"
#include "result.h"

#include <QJsonObject>

namespace Grex {

class OperationContext;
class Workspace;

struct RmOptions
{
    QString path;              // the pack's path or id
    bool keepFiles = false;    // unregister only, keep the directory
    bool force = false;        // delete even work that exists nowhere else
    bool skipTeardown = false; // nothing runs teardowns yet: the report always says "skipped"
    bool dryRun = false;

    static Result<RmOptions> fromJson(const QJsonObject &args);
};

struct RmReport
{
    QString id;
    QString path; // absolute directory of the pack
    bool removed = false;
    bool filesDeleted = false;
    QString teardown;    // "skipped": no teardown ran
    bool dryRun = false; // removed/filesDeleted then say what a real run would do

    JsonObject toJson() const;
};

// `grex rm <path>` (spec §6.5.3): unregisters a pack and deletes its directory. Destructive:
// asks ctx's ApprovalPolicy first (not in a dry run). Refuses to delete a working tree with
// uncommitted or untracked changes unless forced. The directory is moved aside before the rm
// event is appended and deleted after, so an interrupted run loses nothing. Errors: Usage
// (unknown pack), NotApproved, PackOp ("local_changes", filesystem), Manifest, Lock.
Result<RmReport> rm(Workspace &workspace, const RmOptions &options, OperationContext &ctx);

} // namespace Grex
