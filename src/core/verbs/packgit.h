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

// What a person does by hand to the clones of some packs, each one engine call so that the CLI
// (`grex switch|stash|discard|commit|push`), an MCP tool and the window share its preview,
// approval and report.
enum class PackGitAction { Switch, Stash, Discard, Commit, Push };

struct PackGitOptions
{
    PackGitAction action = PackGitAction::Switch;
    QStringList packs;      // by id or path
    PackFilter filter;      // with packs, narrows them; one of the two is needed
    QString message;        // commit's (required) and stash's
    bool toDefault = false; // switch to the remote's default branch, not the one the pack follows
    bool dryRun = false;

    // Errors: Usage "missing_argument" (no packs and no filter; a commit without a message),
    // "invalid_argument" (a NUL in the message), "invalid_filter".
    static Result<PackGitOptions> fromJson(PackGitAction action, const QJsonObject &args);
};

struct PackGitReport
{
    struct Pack
    {
        QString id;
        QString path;
        QString result;         // "done", "would" (a dry run), "unchanged" or "failed"
        QString branch;         // where it goes (switch, push) or is (the others)
        QString from;           // switch: the branch, or the commit of a detached HEAD, before
        QString sha;            // commit: the new commit; push: the commit that goes out
        QString remote;         // push: where to
        QStringList files;      // stash, discard, commit: "modified README.md", as the window lists
        bool moreFiles = false; // files were cut at 200
        int commits = 0;        // push: the commits that go out
        QStringList log;        // push: those commits, "1a2b3c4 Subject", newest first (20)
        QString error;          // with "failed": why
        QString hint;           // with "failed": what to do, when known
    };
    QString action; // "switch", "stash", "discard", "commit", "push"
    QString message;
    QList<Pack> packs;
    bool dryRun = false;

    int count(const QString &result) const;
    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// Applies the action to every pack named (or admitted by the filter) whose clone is on disk; a
// pack it cannot apply to (a detached HEAD for a commit, git's refusal) is reported as failed and
// the others go on, and then the verb fails with PackOp "<action>_failed" carrying the report.
// discard and push are approved first (ctx's policy) with the report of a dry run, which names
// the files and commits. Errors: Usage "unknown_pack"; NotApproved; Cancelled.
Result<PackGitReport> packGit(Workspace &workspace, const PackGitOptions &options,
                              OperationContext &ctx);

} // namespace Grex
