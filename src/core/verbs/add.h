#pragma once

#include "core/docshape.h"
#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

struct AddOptions
{
    QString url;
    std::optional<QString> path; // derived from the URL when absent
    std::optional<QString> type; // used when the pack has no pack.yaml
    std::optional<QString> ref;
    std::optional<qint64> depth; // --depth: a shallow clone, kept by later syncs
    QString filter;              // --filter: a partial clone (blob:none, ...), kept by git
    bool submodules = true;      // false: --no-submodules, recorded with the pack
    QStringList tags;            // --tag, checked and sorted
    bool noInstall = false;
    bool dryRun = false;

    static Result<AddOptions> fromJson(const QJsonObject &args);
};

struct AddReport
{
    QString id;
    QString type;
    QString path;
    QString url;
    std::optional<QString> ref;
    std::optional<qint64> depth;
    QString filter;
    bool submodules = true; // false: --no-submodules, recorded with the pack
    QStringList tags;     // what --tag gave; pack.yaml may add its own (ls shows them all)
    QStringList warnings; // what the clone left undone (LFS files as pointers)
    QString sha;          // HEAD of the clone; in a dry run the remote's commit, if known
    bool installed = false;
    bool adopted = false; // the directory already held a clone of this URL
    // No .grex/pack.yaml: a repository with nothing to install; unknown before the clone (a
    // dry run of a URL).
    std::optional<bool> plain;
    bool dryRun = false;

    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// `grex add <url> [path]`: clones url at ref into <workspace>/<path>, reads its pack.yaml,
// registers it in grex.jsonl and writes its .gitignore block. An existing clone of the same URL is
// adopted as it is. A failure leaves every file as it was. Errors: Usage (invalid URL or path, a
// URL with a password, a bad --depth, --filter or --tag, already registered, not a workspace), PackOp
// (clone failed, directory not empty, pack.yaml invalid, name mismatch), PluginMissing (unknown
// type), Manifest, Lock, Cancelled.
Result<AddReport> add(Workspace &workspace, const AddOptions &options, OperationContext &ctx);

} // namespace Grex
