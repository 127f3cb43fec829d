#include "core/engine/recovery.h"

#include "core/fs/filelock.h"
#include "core/fs/fsutil.h"
#include "core/git/gitfetcher.h"
#include "core/manifest/fold.h"
#include "core/manifest/intentlog.h"
#include "core/operationcontext.h"
#include "core/workspace.h"

#include <QCoreApplication>
#include <QDir>
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

void heldLock(const QString &path, JsonArray &held)
{
    if (!QFileInfo::exists(path))
        return;
    if (const std::optional<LockHolder> who = FileLock::holder(path)) {
        if (who->pid == qint64(QCoreApplication::applicationPid()))
            return;
        held.append(JsonObject{{u"path"_s, path},
                               {u"pid"_s, who->pid},
                               {u"hostname"_s, who->hostname},
                               {u"application"_s, who->application}});
    }
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

QSet<QString> interruptedInstalls(const QList<Event> &events, const LockEntries &locks)
{
    QMap<std::pair<QString, qint64>, Timestamp> open;
    for (const Event &e : events) {
        const std::pair key{e.id, e.extra().actionIdx};
        if (e.op == EventOp::ActionStarted)
            open.insert(key, e.ts);
        else if (e.op == EventOp::ActionCompleted || e.op == EventOp::ActionHalted)
            open.remove(key);
    }
    QSet<QString> packs;
    for (auto it = open.cbegin(); it != open.cend(); ++it) {
        const auto lock = locks.find(it.key().first);
        if (lock != locks.end() && lock->installedAt < it.value())
            packs.insert(it.key().first);
    }
    return packs;
}

RecoveryFindings recoveryScan(const Workspace &workspace, const QString &rootPackDir,
                              std::stop_token stop)
{
    RecoveryFindings findings;
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

    Result<LogReadResult> log = workspace.intentLog().read();
    // A nested pack's clone staging and backend lock sit beside it (src/tools for
    // src/tools/fd): those folders are looked at as the workspace's top is.
    QStringList folders{workspace.root()};
    if (log) {
        for (const PackState &pack : fold(log->events).packs) {
            if (pack.path.contains(u'/'))
                folders.append(workspace.root() + u'/' + pack.path.section(u'/', 0, -2));
        }
        folders.removeDuplicates();
    }
    JsonArray trash;
    JsonArray clones;
    JsonArray held;
    JsonArray interrupted;
    for (const QString &folder : std::as_const(folders)) {
        const bool top = folder == workspace.root();
        // Names first, each looked at in turn: a list of the file infos of a 10 000-pack
        // workspace took 4.6 MB.
        const QStringList names = QDir(folder).entryList(QDir::AllEntries | QDir::Hidden |
                                                         QDir::System | QDir::NoDotAndDotDot);
        for (const QString &name : names) {
            const QFileInfo entry(folder + u'/' + name);
            if (top && name.startsWith(u".grex-trash-"))
                trash.append(entry.absoluteFilePath());
            else if (name.startsWith(CloneStagingPrefix) && entry.isDir() && !entry.isSymLink())
                clones.append(entry.absoluteFilePath());
            else if (name.startsWith(u".grex-backend-") && name.endsWith(u".lock"))
                heldLock(entry.absoluteFilePath(), held);
            else if (entry.isDir() && !entry.isSymLink()) {
                const QString dir = entry.absoluteFilePath();
                heldLock(dir + u"/.grex-lock"_s, held);
                if (hasUnfinishedGitWork(dir))
                    interrupted.append(dir);
            }
        }
    }

    // action_started events never followed by completed or halted for the same (pack, idx).
    JsonArray dangling;
    if (!log) {
        findings.warnings.append(
            Message(QT_TRANSLATE_NOOP("Grex", "recovery scan: %1"), {log.error().text()}));
    } else {
        QMap<std::pair<QString, qint64>, Event> open;
        for (const Event &e : std::as_const(log->events)) {
            const std::pair key{e.id, e.extra().actionIdx};
            if (e.op == EventOp::ActionStarted)
                open.insert(key, e);
            else if (e.op == EventOp::ActionCompleted || e.op == EventOp::ActionHalted)
                open.remove(key);
        }
        QList<Event> starts = open.values();
        std::sort(starts.begin(), starts.end(),
                  [](const Event &a, const Event &b) { return a.ts < b.ts; });
        for (const Event &e : starts) {
            dangling.append(JsonObject{{u"pack"_s, e.id},
                                       {u"action_idx"_s, e.extra().actionIdx},
                                       {u"action_name"_s, e.extra().actionName},
                                       {u"ts"_s, e.ts.toString()}});
        }
    }

    const qsizetype found = backups.size() + tombstones.size() + trash.size() + clones.size() +
                            interrupted.size() + dangling.size() + held.size();
    if (found == 0)
        return findings;
    findings.warnings.append(
        Message(QT_TRANSLATE_NOOP("Grex", "pre-run recovery scan found %1 artifact(s): %2 "
                                          "backup(s), %3 rmdir tombstone(s), %4 moved-aside "
                                          "director(ies), %5 unfinished clone(s), %6 unfinished "
                                          "action(s), %7 lock(s) held elsewhere, %8 "
                                          "interrupted git operation(s)"),
                {QString::number(found), QString::number(backups.size()),
                 QString::number(tombstones.size()), QString::number(trash.size()),
                 QString::number(clones.size()), QString::number(dangling.size()),
                 QString::number(held.size()), QString::number(interrupted.size())}));
    findings.report = JsonObject{{u"orphan_backups"_s, backups},
                                 {u"orphan_tombstones"_s, tombstones},
                                 {u"orphan_trash"_s, trash},
                                 {u"orphan_clones"_s, clones},
                                 {u"interrupted_git"_s, interrupted},
                                 {u"dangling_starts"_s, dangling},
                                 {u"held_locks"_s, held}};
    return findings;
}

} // namespace Grex
