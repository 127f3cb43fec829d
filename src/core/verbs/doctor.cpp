#include "core/verbs/doctor.h"

#include "core/fs/atomicwrite.h"
#include "core/fs/filelock.h"
#include "core/operationcontext.h"
#include "core/verbs/doctorchecks_p.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/wire.h"
#include "core/workspace.h"

#include <QFile>
#include <QFileInfo>
#include <QLockFile>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

constexpr WireTable<DoctorCheck, 11> kCheckWords{{
    {DoctorCheck::ManifestSchema, u"manifest-schema"},
    {DoctorCheck::Lockfile, u"lockfile"},
    {DoctorCheck::GitignoreSync, u"gitignore-sync"},
    {DoctorCheck::PackSchema, u"pack-schema"},
    {DoctorCheck::PackGraph, u"pack-graph"},
    {DoctorCheck::OnDiskDrift, u"on-disk-drift"},
    {DoctorCheck::CloneUpkeep, u"clone-upkeep"},
    {DoctorCheck::UrlSecrets, u"url-secrets"},
    {DoctorCheck::OrphanLockEntries, u"orphan-lock-entries"},
    {DoctorCheck::LockFiles, u"lock-files"},
    {DoctorCheck::UnfinishedWork, u"unfinished-work"},
}};

constexpr WireTable<DoctorSeverity, 3> kSeverityWords{{
    {DoctorSeverity::Ok, u"ok"},
    {DoctorSeverity::Warning, u"warning"},
    {DoctorSeverity::Error, u"error"},
}};

} // namespace

QString wireName(DoctorCheck check)
{
    return wireWord(kCheckWords, check);
}

QList<DoctorCheck> allDoctorChecks()
{
    QList<DoctorCheck> checks;
    for (const auto &[check, word] : kCheckWords)
        checks.append(check);
    return checks;
}

std::optional<DoctorSeverity> severityNamed(const QString &word)
{
    return fromWireWord(kSeverityWords, word);
}

QString wireName(DoctorSeverity severity)
{
    return wireWord(kSeverityWords, severity);
}

Result<DoctorOptions> DoctorOptions::fromJson(const QJsonObject &args)
{
    DoctorOptions options;
    options.fix = args.value(u"fix"_s).toBool();
    options.compact = args.value(u"compact"_s).toBool();
    if (Result<void> filter = readFilter(args, options.filter); !filter)
        return filter.error();
    return options;
}

JsonObject DoctorFinding::toJson() const
{
    return JsonObject{{u"check"_s, wireName(check)},
                      {u"severity"_s, wireName(severity)},
                      {u"pack"_s, pack.isEmpty() ? JsonValue() : JsonValue(pack)},
                      {u"detail"_s, detail},
                      {u"auto_fixable"_s, autoFixable}};
}

DocShape DoctorFinding::shape()
{
    using S = DocShape;
    return S::object({field(u"check"_s, S::string(wireWords(kCheckWords)), "which check"),
                      field(u"severity"_s, S::string(wireWords(kSeverityWords)), "how bad"),
                      field(u"pack"_s, S::string().orNull(), "the pack it is about"),
                      field(u"detail"_s, S::string(), "what was found, and what to do"),
                      field(u"auto_fixable"_s, S::boolean(), "grex doctor --fix repairs it")});
}

DoctorSeverity DoctorReport::worstSeverity() const
{
    DoctorSeverity worst = DoctorSeverity::Ok;
    for (const DoctorFinding &f : findings)
        worst = std::max(worst, f.severity);
    return worst;
}

int DoctorReport::exitCode() const
{
    for (const DoctorFinding &f : findings) {
        if (f.check == DoctorCheck::ManifestSchema && f.severity == DoctorSeverity::Error)
            return Grex::exitCode(ErrorKind::Manifest);
    }
    return worstSeverity() == DoctorSeverity::Ok ? 0 : Grex::exitCode(ErrorKind::Drift);
}

JsonObject DoctorReport::toJson() const
{
    JsonArray rows;
    for (const DoctorFinding &f : findings)
        rows.append(f.toJson());
    JsonArray fixedRows;
    for (const DoctorFinding &f : fixed)
        fixedRows.append(f.toJson());
    return JsonObject{{u"exit_code"_s, qint64(exitCode())},
                      {u"worst_severity"_s, wireName(worstSeverity())},
                      {u"findings"_s, rows},
                      {u"fixed"_s, fixedRows},
                      {u"compacted"_s, compactRan ? JsonValue(compacted) : JsonValue()}};
}

DocShape DoctorReport::shape()
{
    using S = DocShape;
    return S::object(
        {field(u"exit_code"_s, S::integer(), "0 all well, 7 findings, 3 grex.jsonl damaged"),
         field(u"worst_severity"_s, S::string(wireWords(kSeverityWords)),
               "the worst finding's severity"),
         field(u"findings"_s, S::array(DoctorFinding::shape()), "one or more rows per check"),
         field(u"fixed"_s, S::array(DoctorFinding::shape()), "what --fix repaired"),
         field(u"compacted"_s,
               S::object({field(u"events_before"_s, S::integer(), nullptr),
                          field(u"events_after"_s, S::integer(), nullptr),
                          field(u"lock_entries_removed"_s, S::integer(), nullptr)})
                   .orNull(),
               "what --compact did")});
}

namespace {

// doctor --fix: repairs the managed blocks, the URL secrets, the stale lock files and the temp
// files of killed writes it found, then runs those checks again so that the report shows what
// is left.
Result<void> applyFixes(const Workspace &workspace, const Facts &facts, const PackFilter &filter,
                        const QStringList &staleLocks, const QStringList &abandonedTemps,
                        DoctorReport &report)
{
    Result<QStringList> fixedOwners = fixGitignore(workspace, facts, report.findings);
    if (!fixedOwners)
        return fixedOwners.error();
    Result<QStringList> fixedSecrets = fixUrlSecrets(workspace, facts, report.findings);
    if (!fixedSecrets)
        return fixedSecrets.error();
    QStringList removed;
    for (const QString &path : std::as_const(staleLocks)) {
        // Checked again just before: a run may have started since. A holder that has
        // created its file but not written its pid yet already holds flock() on it, and
        // removeStaleLockFile() leaves such a file alone; QFile::remove() would not.
        if (FileLock::holder(path) || !QLockFile(path).removeStaleLockFile())
            continue;
        removed.append(path);
    }
    for (const QString &path : abandonedTemps) {
        // Checked again, as a lock is: a grex may have started writing since.
        const QString name = QFileInfo(path).fileName();
        const QStringView target = QStringView(name).left(name.lastIndexOf(u".tmp."));
        if (isAbandonedTempFile(name, target) && QFile::remove(path))
            removed.append(path);
    }
    QList<DoctorFinding> remaining;
    for (const DoctorFinding &f : std::as_const(report.findings)) {
        const bool gitignoreFixed =
            f.check == DoctorCheck::GitignoreSync && fixedOwners->contains(f.pack);
        const bool removedFixed =
            (f.check == DoctorCheck::LockFiles || f.check == DoctorCheck::UnfinishedWork) &&
            f.autoFixable && std::any_of(removed.begin(), removed.end(), [&](const QString &p) {
                return f.detail.contains(p);
            });
        const bool secretFixed =
            f.check == DoctorCheck::UrlSecrets && fixedSecrets->contains(f.pack) && f.autoFixable;
        if (gitignoreFixed || removedFixed || secretFixed)
            report.fixed.append(f);
        else
            remaining.append(f);
    }
    // The fixed checks are run again and their findings replace the old ones.
    QList<DoctorFinding> gitignoreNow =
        checkGitignore(workspace, facts, filter, QHash<QString, QString>());
    QList<DoctorFinding> locksNow = checkLockFiles(workspace, facts);
    report.findings.clear();
    for (const DoctorFinding &f : std::as_const(remaining)) {
        if (f.check == DoctorCheck::GitignoreSync || f.check == DoctorCheck::LockFiles)
            continue;
        report.findings.append(f);
    }
    addChecked(report.findings, DoctorCheck::GitignoreSync, gitignoreNow);
    addChecked(report.findings, DoctorCheck::LockFiles, locksNow);
    for (const DoctorCheck fixedWhole : {DoctorCheck::UrlSecrets, DoctorCheck::UnfinishedWork}) {
        if (!std::any_of(report.findings.begin(), report.findings.end(),
                         [&](const DoctorFinding &f) { return f.check == fixedWhole; }))
            addChecked(report.findings, fixedWhole, {});
    }
    return {};
}

// doctor --compact: rewrites the intent log without what its fold no longer needs, and drops
// the lockfile's entries of packs that are gone.
Result<void> compactWorkspace(Workspace &workspace, const Facts &facts, DoctorReport &report)
{
    Result<LogReadResult> before = workspace.intentLog().read();
    if (!before)
        return before.error();
    if (Result<void> compacted = workspace.intentLog().compact(); !compacted)
        return compacted.error();
    Result<LogReadResult> after = workspace.intentLog().read();
    if (!after)
        return after.error();
    // The fold is the same, but for updated_at (docs/design.md, "Compaction").
    if (!foldsAlike(after->events, before->events)) {
        return Error::internal(__FILE__, __LINE__,
                               u"compaction changed the folded state of grex.jsonl"_s);
    }
    // The rewrite dropped a torn last line: that finding is fixed, as the detail promised.
    if (before->tornTail && !after->tornTail) {
        QList<DoctorFinding> remaining;
        for (const DoctorFinding &f : std::as_const(report.findings)) {
            if (f.check == DoctorCheck::ManifestSchema && f.detail == tornTailDetail())
                report.fixed.append(f);
            else
                remaining.append(f);
        }
        report.findings = remaining;
        const bool manifestRows =
            std::any_of(report.findings.begin(), report.findings.end(), [](const DoctorFinding &f) {
                return f.check == DoctorCheck::ManifestSchema;
            });
        if (!manifestRows)
            addChecked(report.findings, DoctorCheck::ManifestSchema, {});
    }
    qint64 lockRemoved = 0;
    if (facts.locksReadable) {
        LockEntries kept;
        for (const LockEntry &entry : std::as_const(facts.locks)) {
            if (facts.packs.contains(entry.id) || facts.graph.nodes.contains(entry.id))
                kept.insert(entry.id, entry);
            else
                ++lockRemoved;
        }
        if (Result<void> written = workspace.lockfile().write(kept); !written)
            return written.error();
        QList<DoctorFinding> remaining;
        for (const DoctorFinding &f : std::as_const(report.findings)) {
            if (f.check == DoctorCheck::OrphanLockEntries && f.severity != DoctorSeverity::Ok)
                report.fixed.append(f);
            else if (f.check != DoctorCheck::OrphanLockEntries)
                remaining.append(f);
        }
        report.findings = remaining;
        addChecked(report.findings, DoctorCheck::OrphanLockEntries, {});
    }
    report.compactRan = true;
    report.compacted = JsonObject{{u"events_before"_s, qint64(before->events.size())},
                                  {u"events_after"_s, qint64(after->events.size())},
                                  {u"lock_entries_removed"_s, lockRemoved}};
    return {};
}

// The error a report with problems ends in: Manifest when the log is unreadable, else Drift.
Error findingsError(const DoctorReport &report, const DoctorOptions &options)
{
    const ErrorKind kind =
        report.exitCode() == exitCode(ErrorKind::Manifest) ? ErrorKind::Manifest : ErrorKind::Drift;
    int problems = 0;
    int fixable = 0;
    for (const DoctorFinding &f : std::as_const(report.findings)) {
        problems += f.severity != DoctorSeverity::Ok ? 1 : 0;
        fixable += f.autoFixable ? 1 : 0;
    }
    Message message = fixable > 0 && !options.fix
                          ? Message(QT_TRANSLATE_NOOP("Grex", "doctor found %1 problem(s); "
                                                              "grex doctor --fix repairs %2 "
                                                              "of them"),
                                    {QString::number(problems), QString::number(fixable)})
                          : Message(QT_TRANSLATE_NOOP("Grex", "doctor found %1 problem(s)"),
                                    {QString::number(problems)});
    return Error(kind, u"doctor_findings"_s, std::move(message))
        .withDetail(u"report"_s, report.toJson());
}

} // namespace

Result<DoctorReport> doctor(Workspace &workspace, const DoctorOptions &options,
                            OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    // --fix takes the workspace lock over from a grex killed while holding it, so the check of
    // lock files no longer sees it: the report lists that take-over with the other fixes.
    const QString syncLock = workspace.syncLockPath();
    const bool staleSyncLock =
        options.fix && QFileInfo::exists(syncLock) && !FileLock::holder(syncLock);
    Result<std::optional<FileLock>> lock =
        workspace.lockForWritingIf(options.fix || options.compact);
    if (!lock)
        return lock.error();

    CheckInput in{workspace, ctx, options.filter, {}, {}, {}, {}, {}};
    Result<QList<DoctorFinding>> findings = runChecks(in);
    if (!findings)
        return findings.error();
    DoctorReport report;
    report.findings = std::move(findings).value();
    const Facts &facts = in.facts;
    if (Result<void> alive = checkCancelled(ctx); !alive)
        return alive.error();

    if (options.fix && facts.walked) {
        if (Result<void> fixed = applyFixes(workspace, facts, options.filter, in.staleLocks,
                                            in.abandonedTemps, report);
            !fixed)
            return fixed.error();
        fixCloneUpkeep(workspace, in.upkeep, report, ctx.stopToken());
    }
    if (staleSyncLock) {
        report.fixed.append(finding(DoctorCheck::LockFiles, DoctorSeverity::Warning, {},
                                    staleLockDetail(syncLock), true));
    }

    if (options.compact && facts.logReadable) {
        if (Result<void> compacted = compactWorkspace(workspace, facts, report); !compacted)
            return compacted.error();
    }

    // Findings in the order of the checks, whatever was re-run.
    std::stable_sort(
        report.findings.begin(), report.findings.end(),
        [](const DoctorFinding &a, const DoctorFinding &b) { return a.check < b.check; });

    if (report.exitCode() != 0)
        return findingsError(report, options);
    return report;
}

VerbSpec makeDoctorVerb()
{
    VerbSpec verb;
    verb.name = u"doctor"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Check the workspace");
    verb.summary = QT_TRANSLATE_NOOP(
        "Grex", "Check the workspace for damage and drift; repair what can be repaired.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Checks the workspace for damage and drift: grex.jsonl and grex.lock.jsonl, the "
                ".gitignore blocks, registered packs missing on disk, unregistered directories, "
                "lock files of processes that are gone, and work an interrupted grex left "
                "unfinished. Each finding says what to do about it.\n\n"
                "With --fix, doctor repairs what is marked fixable and lists what it changed; it "
                "never touches a pack's files or the intent log. --compact rewrites grex.jsonl "
                "to its shortest equivalent and drops the lockfile entries of packs that are "
                "gone. doctor exits with 0 when all is well, 7 when it found something, and 3 "
                "when grex.jsonl is damaged.");
    verb.examples = {
        {"grex doctor", QT_TRANSLATE_NOOP("Grex", "Check the workspace.")},
        {"grex doctor --fix", QT_TRANSLATE_NOOP("Grex", "Check it and repair what can be "
                                                        "repaired.")},
    };
    verb.idempotent = true;
    // The doctor tool only looks; repairs are for a person at the CLI or window.
    verb.readOnly = true;
    ParamSpec fix = param(u"fix"_s, ParamType::Boolean,
                          QT_TRANSLATE_NOOP("Grex", "Repair what is marked fixable (.gitignore "
                                                    "blocks, stale lock files) and list what "
                                                    "changed."));
    fix.cliOnly = true;
    ParamSpec compact =
        param(u"compact"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Compact grex.jsonl and drop orphan lockfile entries."));
    compact.cliOnly = true;
    verb.icon = u"doctor"_s;
    verb.lockingParams = {u"fix"_s, u"compact"_s};
    verb.failureCarriesReport = true;
    verb.reportIsVerdict = true;
    verb.params = {fix, compact, parallelParam(), filterParam()};
    bindInvoker<DoctorOptions, DoctorReport, doctor>(verb);
    return verb;
}

} // namespace Grex
