#include "core/engine/recovery.h"

#include "core/fs/atomicwrite.h"
#include "core/fs/filelock.h"
#include "core/fs/fsutil.h"
#include "core/git/gitfetcher.h"
#include "core/manifest/fold.h"
#include "core/manifest/intentlog.h"
#include "core/operationcontext.h"
#include "core/workspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QScopeGuard>

#include <algorithm>

#include <dirent.h>
#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

bool isTombstoneName(QByteArrayView name)
{
    // <x>.grex.bak.<non-empty suffix>
    const qsizetype at = name.indexOf(".grex.bak.");
    return at >= 0 && at + 10 < name.size();
}

// Walks dir with readdir(3), taking each entry's type from the listing: no stat and no QString
// per file, which matters in a workspace of hundreds of clones.
void scanTree(const QByteArray &dir, int depth, QStringList &backups, QStringList &tombstones,
              const std::stop_token &stop)
{
    if (depth > 6 || stop.stop_requested())
        return;
    DIR *handle = ::opendir(dir.constData());
    if (!handle)
        return;
    const auto closeDir = qScopeGuard([handle] { ::closedir(handle); });
    while (const dirent *entry = ::readdir(handle)) {
        const QByteArrayView name(entry->d_name);
        if (name == "." || name == "..")
            continue;
        const QByteArray path = dir + '/' + name;
        if (name.endsWith(".grex.bak"))
            backups.append(QFile::decodeName(path));
        else if (isTombstoneName(name))
            tombstones.append(QFile::decodeName(path));
        // Backups never live inside .git, and symlinks are not followed.
        if (name == ".git")
            continue;
        bool isDir = entry->d_type == DT_DIR;
        if (entry->d_type == DT_UNKNOWN) {
            struct stat st
            {
            };
            isDir = ::lstat(path.constData(), &st) == 0 && S_ISDIR(st.st_mode);
        }
        if (isDir)
            scanTree(path, depth + 1, backups, tombstones, stop);
    }
}

std::optional<JsonObject> heldLock(const QString &path)
{
    if (!QFileInfo::exists(path))
        return std::nullopt;
    const std::optional<LockHolder> who = FileLock::holder(path);
    if (!who || who->pid == qint64(QCoreApplication::applicationPid()))
        return std::nullopt;
    return JsonObject{{u"path"_s, path},
                      {u"pid"_s, who->pid},
                      {u"hostname"_s, who->hostname},
                      {u"application"_s, who->application}};
}

// A clone's <git dir>/grex-busy names the process writing there (GitFetcher); a checkout
// journal outlives a checkout that failed or was killed. Work is unfinished when the marker's
// process is gone, or the journal stays with no live writer.
bool hasUnfinishedGitWork(const QString &dir)
{
    const QString gitDir = dir + u"/.git/"_s;
    QFile marker(gitDir + BusyMarkerName);
    if (marker.open(QIODevice::ReadOnly)) {
        // The scan runs beside the run's own fetches: an empty marker is one being written
        // this instant (a kill in that instant is healed by the clone's next operation).
        const QByteArray pid = marker.readAll().trimmed();
        return !pid.isEmpty() && !processAlive(pid.toLongLong());
    }
    return QFileInfo::exists(gitDir + CheckoutJournalName);
}

} // namespace

RecoveryLeads recoveryLeads(const QString &workspaceRoot, const Result<LogSummary> &log)
{
    RecoveryLeads leads;
    if (!log) {
        leads.warnings.append(
            Message(QT_TRANSLATE_NOOP("Grex", "recovery scan: %1"), {log.error().text()}));
        return leads;
    }
    for (const PackState &pack : log->packs) {
        if (pack.path.contains(u'/'))
            leads.nestedFolders.append(workspaceRoot + u'/' + pack.path.section(u'/', 0, -2));
    }
    for (const Event &e : log->unfinished) {
        leads.dangling.append(JsonObject{{u"pack"_s, e.id},
                                         {u"action_idx"_s, e.extra().actionIdx},
                                         {u"action_name"_s, e.extra().actionName},
                                         {u"ts"_s, e.ts.toString()}});
    }
    return leads;
}

QHash<QString, Timestamp> unfinishedActions(const QList<Event> &events)
{
    UnfinishedActions open;
    for (const Event &e : events)
        open.apply(e);
    QHash<QString, Timestamp> latest;
    for (const Event &start : open.events()) {
        Timestamp &at = latest[start.id];
        if (at < start.ts)
            at = start.ts;
    }
    return latest;
}

QSet<QString> interruptedInstalls(const QHash<QString, Timestamp> &unfinished,
                                  const LockEntries &locks)
{
    QSet<QString> packs;
    for (auto it = unfinished.cbegin(); it != unfinished.cend(); ++it) {
        const auto lock = locks.find(it.key());
        if (lock != locks.end() && lock->installedAt < it.value())
            packs.insert(it.key());
    }
    return packs;
}

RecoveryFindings recoveryScan(const Workspace &workspace, const QString &rootPackDir,
                              const RecoveryLeads &leads, std::stop_token stop)
{
    RecoveryFindings findings;
    findings.warnings = leads.warnings;
    QStringList backupPaths;
    QStringList tombstonePaths;
    scanTree(QFile::encodeName(workspace.root()), 1, backupPaths, tombstonePaths, stop);
    if (!rootPackDir.isEmpty() && rootPackDir != workspace.root())
        scanTree(QFile::encodeName(rootPackDir), 1, backupPaths, tombstonePaths, stop);
    // readdir order is the file system's: sorted, the report is the same on every run.
    backupPaths.sort();
    backupPaths.removeDuplicates();
    tombstonePaths.sort();
    tombstonePaths.removeDuplicates();
    JsonArray backups;
    for (const QString &path : std::as_const(backupPaths))
        backups.append(path);
    JsonArray tombstones;
    for (const QString &path : std::as_const(tombstonePaths))
        tombstones.append(path);

    QStringList folders{workspace.root()};
    folders += leads.nestedFolders;
    folders.removeDuplicates();
    QStringList trashPaths;
    QStringList tempPaths;
    QStringList clonePaths;
    QStringList gitWorkPaths;
    QList<std::pair<QString, JsonObject>> heldLocks;
    const auto noteHeld = [&heldLocks](const QString &path) {
        if (std::optional<JsonObject> held = heldLock(path))
            heldLocks.append({path, *held});
    };
    // The files the workspace replaces whole (core/fs/atomicwrite.h), by name.
    QStringList replacedWhole;
    for (const QString &path : {workspace.intentLog().path(), workspace.intentLog().journalPath(),
                                workspace.lockfilePath(), workspace.gitignorePath()}) {
        if (QFileInfo(path).absolutePath() == QFileInfo(workspace.root()).absoluteFilePath())
            replacedWhole.append(QFileInfo(path).fileName());
    }
    const auto abandonedTemp = [&replacedWhole](const QString &name) {
        return name.contains(u".tmp.") && std::any_of(replacedWhole.cbegin(), replacedWhole.cend(),
                                                      [&name](const QString &target) {
                                                          return isAbandonedTempFile(name, target);
                                                      });
    };
    for (const QString &folder : std::as_const(folders)) {
        const bool top = folder == workspace.root();
        // One entry at a time, what is found sorted after: QDir's sorted listing holds a file
        // info per entry, 4.6 MB for a 10 000-pack workspace.
        QDirIterator it(folder,
                        QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
        while (it.hasNext()) {
            it.next();
            const QString name = it.fileName();
            const QFileInfo entry = it.fileInfo();
            if (top && name.startsWith(u".grex-trash-"))
                trashPaths.append(entry.absoluteFilePath());
            else if (top && entry.isFile() && abandonedTemp(name))
                tempPaths.append(entry.absoluteFilePath());
            else if (name.startsWith(CloneStagingPrefix) && entry.isDir() && !entry.isSymLink())
                clonePaths.append(entry.absoluteFilePath());
            else if (name.startsWith(u".grex-backend-") && name.endsWith(u".lock"))
                noteHeld(entry.absoluteFilePath());
            else if (entry.isDir() && !entry.isSymLink()) {
                const QString dir = entry.absoluteFilePath();
                noteHeld(dir + u"/.grex-lock"_s);
                if (hasUnfinishedGitWork(dir))
                    gitWorkPaths.append(dir);
            }
        }
    }
    const auto sorted = [](QStringList paths) {
        paths.sort();
        JsonArray array;
        for (const QString &path : std::as_const(paths))
            array.append(path);
        return array;
    };
    const JsonArray trash = sorted(trashPaths);
    const JsonArray temps = sorted(tempPaths);
    const JsonArray clones = sorted(clonePaths);
    const JsonArray interrupted = sorted(gitWorkPaths);
    std::sort(heldLocks.begin(), heldLocks.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    JsonArray held;
    for (const auto &[path, holder] : std::as_const(heldLocks))
        held.append(holder);

    const JsonArray &dangling = leads.dangling;

    const qsizetype found = backups.size() + tombstones.size() + trash.size() + clones.size() +
                            interrupted.size() + dangling.size() + held.size() + temps.size();
    if (found == 0)
        return findings;
    findings.warnings.append(
        Message(QT_TRANSLATE_NOOP("Grex", "pre-run recovery scan found %1 artifact(s): %2 "
                                          "backup(s), %3 rmdir tombstone(s), %4 moved-aside "
                                          "director(ies), %5 unfinished clone(s), %6 unfinished "
                                          "action(s), %7 lock(s) held elsewhere, %8 "
                                          "interrupted git operation(s), %9 unfinished "
                                          "write(s)"),
                {QString::number(found), QString::number(backups.size()),
                 QString::number(tombstones.size()), QString::number(trash.size()),
                 QString::number(clones.size()), QString::number(dangling.size()),
                 QString::number(held.size()), QString::number(interrupted.size()),
                 QString::number(temps.size())}));
    findings.report =
        JsonObject{{u"orphan_backups"_s, backups},      {u"orphan_tombstones"_s, tombstones},
                   {u"orphan_trash"_s, trash},          {u"orphan_clones"_s, clones},
                   {u"interrupted_git"_s, interrupted}, {u"orphan_temp_files"_s, temps},
                   {u"dangling_starts"_s, dangling},    {u"held_locks"_s, held}};
    return findings;
}

} // namespace Grex
