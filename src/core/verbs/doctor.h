#pragma once

#include "core/engine/packfilter.h"
#include "core/docshape.h"
#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>

namespace Grex {

class OperationContext;
class Workspace;

struct DoctorOptions
{
    bool fix = false;     // repair what is auto-fixable
    bool compact = false; // compact the intent log and the lockfile after the checks
    PackFilter filter;    // restricts the per-pack checks

    static Result<DoctorOptions> fromJson(const QJsonObject &args);
};

// The checks of grex doctor, in the order its report lists them (docs/design.md, "grex doctor");
// the report names each by its wire word ("manifest-schema", ...).
enum class DoctorCheck {
    ManifestSchema,
    Lockfile,
    GitignoreSync,
    PackSchema,
    PackGraph,
    OnDiskDrift,
    CloneUpkeep,
    UrlSecrets,
    OrphanLockEntries,
    LockFiles,
    UnfinishedWork,
};
QString wireName(DoctorCheck check);
QList<DoctorCheck> allDoctorChecks();

// How bad a finding is, mildest first: "ok", "warning", "error".
enum class DoctorSeverity { Ok, Warning, Error };
QString wireName(DoctorSeverity severity);
std::optional<DoctorSeverity> severityNamed(const QString &word);

struct DoctorFinding
{
    DoctorCheck check = DoctorCheck::ManifestSchema;
    DoctorSeverity severity = DoctorSeverity::Ok;
    QString pack;     // "" when the finding is about no single pack
    QString detail;
    bool autoFixable = false;

    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

struct DoctorReport
{
    QList<DoctorFinding> findings;
    QList<DoctorFinding> fixed; // what --fix changed
    JsonObject compacted;       // --compact: events and lock entries before and after
    bool compactRan = false;

    DoctorSeverity worstSeverity() const;
    int exitCode() const; // 0 all ok, 3 manifest-schema error, else 7 (drift)
    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// `grex doctor` (docs/design.md, "grex doctor"): the intent log, the lockfile, the managed
// .gitignore blocks, every pack's pack.yaml, on-disk drift, lock files left by processes that
// are gone, orphan directories and lockfile entries, and unfinished actions. Without --fix and
// --compact it changes nothing and takes no lock; with them it holds the workspace lock.
// Returns the report when every finding is ok; otherwise an error carrying it (details.report):
// Manifest "doctor_findings" when the log is unreadable, else Drift "doctor_findings". Other
// errors: Usage (not a workspace), Lock (busy, with --fix/--compact), PackOp (a repair failed).
Result<DoctorReport> doctor(Workspace &workspace, const DoctorOptions &options,
                            OperationContext &ctx);

} // namespace Grex
