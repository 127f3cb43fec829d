#pragma once

#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

struct ImportOptions
{
    std::optional<QString> fromReposJson; // absolute path of a REPOS.json
    bool scan = false;                    // register the untracked clones in the workspace
    std::optional<QString> defaultType;   // for repositories without pack.yaml (default meta)
    bool dryRun = false;

    static Result<ImportOptions> fromJson(const QJsonObject &args);
};

struct ImportReport
{
    struct Imported
    {
        QString path;
        QString url;
        QString kind;
    };
    struct Skipped
    {
        QString path;
        QString reason; // path_collision | duplicate_in_input | no_remote
    };
    struct Failed
    {
        QString path;
        QString error;
    };
    bool dryRun = false;
    QList<Imported> imported;
    QList<Skipped> skipped;
    QList<Failed> failed;

    JsonObject toJson() const;
};

// The most entries a REPOS.json may have.
inline constexpr qsizetype MaxImportEntries = 10000;

// `grex import` (docs/design.md, "grex import"): registers existing repositories without cloning or
// installing them, from a REPOS.json array of {url, path} and/or the untracked clones at the top of
// the workspace. Idempotent: a path already registered is skipped. All adds are appended in one
// write under the workspace lock, with their .gitignore blocks. Errors: Usage (no source, a bad
// --default-type, a REPOS.json that cannot be read, is not JSON, not an array of objects with a
// string path, or has more than MaxImportEntries entries), Manifest (corrupt log), Lock (busy),
// PackOp "import_failed" when an entry failed (details.report holds the document; the others were
// imported).
Result<ImportReport> importPacks(Workspace &workspace, const ImportOptions &options,
                                 OperationContext &ctx);

} // namespace Grex
