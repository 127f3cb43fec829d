#pragma once

#include "core/docshape.h"
#include "core/engine/packfilter.h"
#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>
#include <QStringList>

namespace Grex {

class OperationContext;
class Workspace;

struct SafeToLeaveOptions
{
    PackFilter filter;

    static Result<SafeToLeaveOptions> fromJson(const QJsonObject &args);
};

struct SafeToLeaveReport
{
    // A pack with work no remote has.
    struct Pack
    {
        QString id;
        QString path;
        int changedFiles = 0;   // tracked files (and submodules) changed, not committed
        int untrackedFiles = 0; // untracked, not ignored
        int stashes = 0;
        int unpushedCommits = 0; // on HEAD or a local branch, on no remote-tracking branch
        QStringList branches;    // the local branches with such commits
    };
    // A task's pack with work only here.
    struct TaskPack
    {
        QString task;
        QString pack;
        QString worktree;
        int uncommittedFiles = 0;
        int unpushedCommits = 0;
    };
    int checked = 0; // the packs looked at
    QList<Pack> packs;
    QList<TaskPack> tasks;

    bool safe() const { return packs.isEmpty() && tasks.isEmpty(); }
    int exitCode() const;
    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// `grex safe-to-leave [--filter EXPR]`: everything that exists only on this machine, per pack
// (uncommitted and untracked files, stashes, commits on local branches no remote has) and per
// task (uncommitted work, commits no push took), the same check rm makes before it deletes. Reads
// only, never the network: "no remote has" means as last fetched. Fails with Drift
// "not_safe_to_leave" (exit 7, the report in details) when there is any.
Result<SafeToLeaveReport> safeToLeave(Workspace &workspace, const SafeToLeaveOptions &options,
                                      OperationContext &ctx);

} // namespace Grex
