#pragma once

#include "core/docshape.h"
#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

struct ImportOptions
{
    // Another tool's list, or grex's own REPOS.json: absolute path (--from, --from-repos-json).
    std::optional<QString> from;
    std::optional<QString> format;        // its format's wire name; detected when not given
    QString baseUrl;                      // where the file came from: resolves relative remotes
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
        std::optional<QString> ref;
        QStringList tags;
        // No .grex/pack.yaml in the clone; unknown when it is not cloned yet.
        std::optional<bool> plain;
    };
    // What the file said that grex keeps nowhere: a repo linkfile, a west import, an mr hook.
    struct NotCarried
    {
        QString path; // "" for the file as a whole
        QString what;
    };
    // Why an entry was left out.
    enum class SkipReason { PathCollision, DuplicateInInput, NoRemote, NoUrl };
    static QString wireName(SkipReason reason);
    static QStringList skipReasonWords();
    struct Skipped
    {
        QString path;
        SkipReason reason;
    };
    struct Failed
    {
        QString path;
        QString error;
    };
    bool dryRun = false;
    QString format; // the file's format; "" for --scan alone
    QList<Imported> imported;
    QList<NotCarried> notCarried;
    QList<Skipped> skipped;
    QList<Failed> failed;

    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// The most entries a REPOS.json may have.
inline constexpr qsizetype MaxImportEntries = 10000;

// `grex import` (docs/design.md, "grex import"): registers repositories without cloning or
// installing them, from another tool's list (importformats.h: gita, myrepos, vcstool, mani,
// repo, west, or a REPOS.json) and/or the untracked clones at any depth of the workspace. Paths,
// refs and groups (as tags) are kept; what cannot be is reported in notCarried. Idempotent: a
// path already registered is skipped. All adds are appended in one write under the workspace
// lock, with their .gitignore blocks. Errors: Usage (no source, a bad --default-type or
// --format, a file that cannot be read or parsed, more than MaxImportEntries entries), Manifest
// (corrupt log), Lock (busy), PackOp "import_failed" when an entry failed (details.report holds
// the document; the others were imported).
Result<ImportReport> importPacks(Workspace &workspace, const ImportOptions &options,
                                 OperationContext &ctx);

} // namespace Grex
