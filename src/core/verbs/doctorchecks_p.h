#pragma once

#include "core/engine/upkeep.h"
#include "core/lockfile/lockfile.h"
#include "core/engine/packgraph.h"
#include "core/manifest/fold.h"
#include "core/verbs/doctor.h"

#include <QHash>
#include <QMap>
#include <QStringList>

#include <stop_token>

namespace Grex {

class OperationContext;
class Workspace;

// What the read-only checks need, gathered once.
struct Facts
{
    bool logReadable = false;
    QMap<QString, PackState> packs; // live packs by id
    LockEntries locks;
    bool locksReadable = false;
    PackGraph graph;
    bool walked = false;
};

// One doctor run's checks: what they read and what --fix acts on afterwards.
struct CheckInput
{
    Workspace &workspace;
    OperationContext &ctx;
    const PackFilter &filter;
    Facts facts;
    QHash<QString, QString> drift; // of the packs the filter names by drift
    QStringList staleLocks;        // lock files --fix may remove, checked again just before
    QStringList abandonedTemps;    // temp files of killed writes --fix may remove, likewise
    QList<UpkeepNeed> upkeep;      // the clones past git's limits, which --fix repacks
};

// Runs every check in report order (doctorchecks.cpp holds the table). Fails only when the
// pack graph cannot be read; what the checks find are findings.
Result<QList<DoctorFinding>> runChecks(CheckInput &in);

// The lock-files finding's words for a lock file whose holder is gone.
QString staleLockDetail(const QString &path);
DoctorFinding finding(DoctorCheck check, DoctorSeverity severity, const QString &pack,
                      const QString &detail, bool fixable = false);
// found, or one `ok` row for a check that found nothing, so the report shows what was checked.
void addChecked(QList<DoctorFinding> &all, DoctorCheck check, QList<DoctorFinding> found);
QString tornTailDetail();

// What --fix runs again after its repairs, so that the report shows what is left.
QList<DoctorFinding> checkGitignore(const Workspace &workspace, const Facts &facts,
                                    const PackFilter &filter, const QHash<QString, QString> &drift);
QList<DoctorFinding> checkLockFiles(const Workspace &workspace, const Facts &facts,
                                    QStringList *staleOut = nullptr);

// The repairs of --fix, each returning the packs it repaired.
Result<QStringList> fixGitignore(const Workspace &workspace, const Facts &facts,
                                 const QList<DoctorFinding> &findings);
Result<QStringList> fixUrlSecrets(const Workspace &workspace, const Facts &facts,
                                  const QList<DoctorFinding> &findings);
void fixCloneUpkeep(Workspace &workspace, const QList<UpkeepNeed> &needs, DoctorReport &report,
                    std::stop_token stop);

} // namespace Grex
