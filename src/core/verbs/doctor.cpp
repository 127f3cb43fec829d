#include "core/verbs/doctor.h"

#include "core/engine/layout.h"
#include "core/engine/recovery.h"
#include "core/engine/upkeep.h"
#include "core/engine/walker.h"
#include "core/fs/atomicwrite.h"
#include "core/fs/filelock.h"
#include "core/fs/fsutil.h"
#include "core/fs/gitignore.h"
#include "core/git/repository.h"
#include "core/operationcontext.h"
#include "core/secrets.h"
#include "core/engine/drift.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"
#include "core/workspacelocks.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QSet>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

int rank(const QString &severity)
{
    return severity == u"error" ? 2 : severity == u"warning" ? 1 : 0;
}

DoctorFinding finding(const QString &check, const QString &severity, const QString &pack,
                      const QString &detail, bool fixable = false)
{
    return DoctorFinding{check, severity, pack, detail, fixable};
}

// One `ok` row for a check that found nothing, so the report shows what was checked.
void addChecked(QList<DoctorFinding> &all, const QString &check, QList<DoctorFinding> found)
{
    if (found.isEmpty())
        found.append(finding(check, u"ok"_s, {}, {}));
    all.append(found);
}

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

QString tornTailDetail()
{
    return u"the last line of grex.jsonl is torn (a write was interrupted); the next write or "
           u"grex doctor --compact drops it"_s;
}

QList<DoctorFinding> checkManifest(const Workspace &workspace, Facts &facts)
{
    QList<DoctorFinding> found;
    const QString check = u"manifest-schema"_s;
    if (!QFileInfo::exists(workspace.manifestPath()))
        return found;
    Result<LogReadResult> log = workspace.intentLog().read();
    if (!log) {
        const Error &e = log.error();
        if (e.reason() == u"corruption") {
            found.append(finding(check, u"error"_s, {}, e.message().text()));
        } else if (e.reason() == u"unsupported_schema") {
            found.append(finding(check, u"error"_s, {}, e.message().text()));
        } else {
            found.append(finding(check, u"error"_s, {}, u"io error: "_s + e.message().text()));
        }
        return found;
    }
    facts.logReadable = true;
    if (log->tornTail)
        found.append(finding(check, u"warning"_s, {}, tornTailDetail()));
    const FoldResult folded = fold(log->events);
    facts.packs = folded.packs;
    for (const Message &warning : folded.warnings)
        found.append(finding(check, u"warning"_s, {}, warning.text()));
    return found;
}

QList<DoctorFinding> checkLockfile(const Workspace &workspace, Facts &facts)
{
    QList<DoctorFinding> found;
    Result<LockEntries> locks = workspace.lockfile().read();
    if (!locks) {
        found.append(
            finding(u"lockfile"_s, u"error"_s, {},
                    locks.error().message().text() + u"; grex sync --force rewrites it"_s));
        return found;
    }
    facts.locks = std::move(locks).value();
    facts.locksReadable = true;
    return found;
}

// The blocks doctor expects in W/.gitignore: every pack on disk or registered, and the
// workspace's own.
QList<std::pair<QString, QStringList>> expectedBlocks(const Facts &facts)
{
    QList<std::pair<QString, QStringList>> blocks;
    for (const PackNode &node : facts.graph.nodes) {
        if (node.isRoot || (!node.registered && !node.onDisk))
            continue;
        blocks.append({node.id, Gitignore::packBody(node.path, node.manifest.gitignore)});
    }
    return blocks;
}

QList<DoctorFinding> checkGitignore(const Workspace &workspace, const Facts &facts,
                                    const PackFilter &filter, const QHash<QString, QString> &drift)
{
    QList<DoctorFinding> found;
    const QString check = u"gitignore-sync"_s;
    QByteArray content;
    QFile file(workspace.gitignorePath());
    bool missing = false;
    if (openForReading(file, &missing)) {
        content = file.readAll();
    } else if (!missing) {
        found.append(finding(check, u"error"_s, {},
                             u"cannot read %1: %2"_s.arg(file.fileName(), file.errorString())));
        return found;
    }
    QList<std::pair<QString, QStringList>> expected;
    for (auto &[owner, body] : expectedBlocks(facts)) {
        if (filter.matches(filterSubject(facts.graph.nodes[owner], drift)))
            expected.append({owner, std::move(body)});
    }
    QStringList owners;
    for (const auto &[owner, body] : std::as_const(expected))
        owners.append(owner);
    const auto blocks = Gitignore::readMany(content, owners);
    for (qsizetype i = 0; i < expected.size(); ++i) {
        const auto &[owner, body] = expected.at(i);
        const Result<std::optional<QStringList>> &block = blocks.at(size_t(i));
        if (!block) {
            found.append(finding(check, u"warning"_s, owner,
                                 u"cannot read managed block: "_s + block.error().message().text(),
                                 true));
        } else if (!*block) {
            found.append(finding(check, u"warning"_s, owner, u"managed block missing"_s, true));
        } else if (**block != body) {
            found.append(
                finding(check, u"warning"_s, owner,
                        u"managed block drift: expected %1 line(s), got %2"_s.arg(body.size())
                            .arg((*block)->size()),
                        true));
        }
    }
    return found;
}

// Clones past git's limits for loose objects or packs (gc.auto, gc.autoPackLimit), which a sync
// left for later or which were never synced by grex; --fix repacks them (git gc --auto).
QList<DoctorFinding> checkCloneUpkeep(Workspace &workspace, const Facts &facts,
                                      const PackFilter &filter,
                                      const QHash<QString, QString> &drift,
                                      QList<UpkeepNeed> &needs)
{
    QStringList ids;
    for (const PackNode &node : facts.graph.nodes) {
        if (filter.matches(filterSubject(node, drift)))
            ids.append(node.id);
    }
    needs = clonesNeedingUpkeep(workspace, facts.graph, ids);
    QList<DoctorFinding> found;
    for (const UpkeepNeed &need : std::as_const(needs)) {
        found.append(finding(u"clone-upkeep"_s, u"warning"_s, need.id,
                             upkeepDetail(need.upkeep) + u"; git gc --auto repacks it"_s, true));
    }
    return found;
}

// doctor --fix for clone-upkeep: repacks each clone, and moves its finding to the fixed ones.
void fixCloneUpkeep(Workspace &workspace, const QList<UpkeepNeed> &needs, DoctorReport &report,
                    std::stop_token stop)
{
    QSet<QString> repacked;
    for (const UpkeepNeed &need : needs) {
        if (Result<void> done = repackClone(workspace, need, stop); done)
            repacked.insert(need.id);
        else
            report.findings.append(finding(u"clone-upkeep"_s, u"error"_s, need.id,
                                           done.error().message().text()));
    }
    QList<DoctorFinding> remaining;
    for (const DoctorFinding &f : std::as_const(report.findings)) {
        if (f.check == u"clone-upkeep" && repacked.contains(f.pack))
            report.fixed.append(f);
        else
            remaining.append(f);
    }
    report.findings = remaining;
    if (!std::any_of(report.findings.begin(), report.findings.end(),
                     [](const DoctorFinding &f) { return f.check == u"clone-upkeep"; }))
        addChecked(report.findings, u"clone-upkeep"_s, {});
}

QList<DoctorFinding> checkPackSchemas(const Facts &facts, const PackFilter &filter,
                                      const QHash<QString, QString> &drift)
{
    QList<DoctorFinding> found;
    for (const PackNode &node : facts.graph.nodes) {
        if (!node.loadError || !filter.matches(filterSubject(node, drift)))
            continue;
        found.append(
            finding(u"pack-schema"_s, u"error"_s, node.id, node.loadError->message().text()));
    }
    return found;
}

// What keeps packs from being ordered (docs/design.md, "Pack graph and validation"): depends_on
// cycles and children cycles, dependencies that are not in the workspace, and invalid actions; each
// with its fix. The packs a finding names fail alone in a sync, with the packs that build on them.
QList<DoctorFinding> checkPackGraph(const Facts &facts, const PackFilter &filter,
                                    const QHash<QString, QString> &drift)
{
    QList<DoctorFinding> found;
    for (const GraphProblem &problem : validateGraph(facts.graph)) {
        const bool wanted = std::any_of(problem.packs.begin(), problem.packs.end(), [&](const QString &id) {
            const auto node = facts.graph.nodes.find(id);
            return node != facts.graph.nodes.end() && filter.matches(filterSubject(*node, drift));
        });
        if (!wanted)
            continue;
        found.append(finding(u"pack-graph"_s, u"error"_s, problem.packs.join(u", "_s),
                             problem.error.text()));
    }
    return found;
}

const QSet<QString> &ignoredTopLevel()
{
    static const QSet<QString> names{u"target"_s, u"node_modules"_s, u"crates"_s, u"openspec"_s,
                                     u"dist"_s};
    return names;
}

QList<DoctorFinding> checkOnDisk(const Workspace &workspace, const Facts &facts,
                                 const PackFilter &filter, const QHash<QString, QString> &drift)
{
    QList<DoctorFinding> found;
    const QString check = u"on-disk-drift"_s;
    QSet<QString> known;
    for (const PackState &pack : packsInIdOrder(facts.packs)) {
        known.insert(pack.path);
        if (!filter.matches(
                FilterSubject::of(pack.id, pack.path, pack.type, pack.url, 0, drift, pack.tags)))
            continue;
        const QFileInfo info(workspace.packDir(pack.path));
        if (!info.exists() && !info.isSymLink()) {
            found.append(
                finding(check, u"error"_s, pack.id,
                        u"registered pack dir missing: %1 (grex sync clones it)"_s.arg(pack.path)));
        } else if (!info.isDir() || info.isSymLink()) {
            found.append(finding(check, u"error"_s, pack.id,
                                 u"registered pack path is not a directory: "_s + pack.path));
        }
    }
    for (const PackNode &node : facts.graph.nodes)
        known.insert(node.path);
    for (const QString &id : facts.locks.keys())
        known.insert(id);
    for (const QString &name : unaccountedFolders(workspace.root(), known)) {
        if (ignoredTopLevel().contains(name))
            continue;
        const bool isGit = QFileInfo::exists(workspace.root() + u'/' + name + u"/.git"_s);
        found.append(finding(check, u"warning"_s, {},
                             isGit ? u"unregistered directory on disk: %1 (a git clone: grex "
                                     u"import --scan registers it)"_s.arg(name)
                                   : u"unregistered directory on disk: "_s + name));
    }
    return found;
}

// A password or token in a pack's URL: registered packs (grex.jsonl, which people commit and
// share) and children (their pack.yaml, in the parent's repository).
QList<DoctorFinding> checkUrlSecrets(const Workspace &workspace, const Facts &facts)
{
    QList<DoctorFinding> found;
    const QString check = u"url-secrets"_s;
    const bool helper = Git::hasCredentialHelper(workspace.root());
    for (const PackState &pack : packsInIdOrder(facts.packs)) {
        if (!urlHasSecret(pack.url))
            continue;
        // Only a password can be handed to a credential helper; a token in the user name
        // cannot be told apart from the name git must send with it.
        const bool fixable = helper && !QUrl(pack.url).password().isEmpty();
        QString detail = u"the URL of pack '%1' in grex.jsonl carries a password or token "
                         u"(%2), and anyone who can read grex.jsonl can read it"_s.arg(
                             pack.id, redactUrl(pack.url));
        if (fixable) {
            detail += u"; grex doctor --fix gives it to git's credential helper and keeps the "
                      u"URL without it"_s;
        } else {
            detail += u"; give it to a credential helper (git config --global credential.helper "
                      u"store), then grex doctor --fix moves it there"_s;
        }
        found.append(finding(check, u"error"_s, pack.id, detail, fixable));
    }
    for (const PackNode &node : facts.graph.nodes) {
        if (node.registered || !urlHasSecret(node.url))
            continue;
        found.append(finding(check, u"error"_s, node.id,
                             u"the pack.yaml of '%1' names child '%2' with a password or token in "
                             u"its URL (%3); change it there and use a credential helper"_s.arg(
                                 node.manifest.name.isEmpty() ? node.id : node.manifest.name,
                                 node.id, redactUrl(node.url))));
    }
    return found;
}

// Moves the passwords of fixable url-secrets findings into git's credential helper: the
// credential is approved, grex.jsonl records the URL without it and is compacted so that no
// line keeps the old one, and the clone's origin follows.
Result<QStringList> fixUrlSecrets(const Workspace &workspace, const Facts &facts,
                                  const QList<DoctorFinding> &findings)
{
    QStringList fixed;
    QList<Event> events;
    for (const DoctorFinding &f : findings) {
        if (f.check != u"url-secrets" || !f.autoFixable)
            continue;
        const PackState pack = facts.packs.value(f.pack);
        if (Result<void> approved = Git::approveCredential(workspace.root(), pack.url); !approved)
            return approved.error();
        QUrl clean(pack.url);
        clean.setPassword(QString());
        const QString url = clean.toString(QUrl::FullyEncoded);
        events.append(Event::update(pack.id, u"url"_s, url));
        const QString dir = workspace.packDir(pack.path);
        if (QFileInfo::exists(dir + u"/.git"_s))
            (void)Git::setConfigString(dir, u"remote.origin.url"_s, url);
        fixed.append(pack.id);
    }
    if (events.isEmpty())
        return fixed;
    if (Result<AppendReport> appended = workspace.intentLog().append(events); !appended)
        return appended.error();
    if (Result<void> compacted = workspace.intentLog().compact(); !compacted)
        return compacted.error();
    return fixed;
}

QList<DoctorFinding> checkOrphanLockEntries(const Facts &facts)
{
    QList<DoctorFinding> found;
    for (const QString &id : facts.locks.keys()) {
        if (facts.packs.contains(id) || facts.graph.nodes.contains(id))
            continue;
        found.append(finding(u"orphan-lock-entries"_s, u"warning"_s, id,
                             u"grex.lock.jsonl has an entry for '%1', which is neither registered "
                             u"nor a child of a pack; grex doctor --compact removes it"_s.arg(id)));
    }
    return found;
}

QList<DoctorFinding> checkLockFiles(const Workspace &workspace, const Facts &facts,
                                    QStringList *staleOut = nullptr)
{
    QList<DoctorFinding> found;
    const QString check = u"lock-files"_s;
    const qint64 self = QCoreApplication::applicationPid();
    QList<PackDir> dirs;
    for (const PackNode &node : facts.graph.nodes)
        dirs.append({node.id, node.dir});
    for (const LockFileInfo &lock : workspaceLockFiles(workspace, dirs)) {
        const QString &path = lock.path;
        const std::optional<LockHolder> &holder = lock.holder;
        if (holder && holder->pid == self)
            continue; // this doctor's own workspace lock (--fix, --compact)
        if (holder) {
            found.append(finding(check, u"warning"_s, {},
                                 u"%1 is held by %2"_s.arg(path, describeHolder(holder))));
            continue;
        }
        if (staleOut)
            staleOut->append(path);
        found.append(finding(check, u"warning"_s, {},
                             u"stale lock file %1: the process that held it is gone"_s.arg(path),
                             true));
    }
    return found;
}

QList<DoctorFinding> checkRecovery(const Workspace &workspace, const OperationContext &ctx)
{
    QList<DoctorFinding> found;
    const QString check = u"unfinished-work"_s;
    const RecoveryFindings scan = recoveryScan(workspace, workspace.rootPackDir(), ctx.stopToken());
    const JsonObject &r = scan.report;
    for (const JsonValue &v : r.value(u"dangling_starts"_s).toArray()) {
        const JsonObject s = v.toObject();
        found.append(
            finding(check, u"warning"_s, s.value(u"pack"_s).toString(),
                    u"action #%1 '%2' started at %3 and never finished (the run was "
                    u"killed); grex sync --force redoes the pack"_s
                        .arg(s.value(u"action_idx"_s).toInteger(0))
                        .arg(s.value(u"action_name"_s).toString(), s.value(u"ts"_s).toString())));
    }
    for (const JsonValue &v : r.value(u"orphan_backups"_s).toArray()) {
        found.append(finding(
            check, u"warning"_s, {},
            u"backup left by a replaced file: %1 (restore or delete it)"_s.arg(v.toString())));
    }
    for (const JsonValue &v : r.value(u"orphan_tombstones"_s).toArray()) {
        found.append(finding(
            check, u"warning"_s, {},
            u"directory set aside by rmdir: %1 (delete it when unneeded)"_s.arg(v.toString())));
    }
    for (const JsonValue &v : r.value(u"orphan_clones"_s).toArray()) {
        found.append(
            finding(check, u"warning"_s, {},
                    u"clone an interrupted grex add or sync left unfinished: %1 (the "
                    u"next clone of that pack removes it; or delete it)"_s.arg(v.toString())));
    }
    for (const JsonValue &v : r.value(u"interrupted_git"_s).toArray()) {
        found.append(finding(check, u"warning"_s, {},
                             u"git work a killed grex left unfinished in %1 (a half-done checkout "
                             u"or git's lock files; the next grex sync or grex update of that "
                             u"pack rolls it back and redoes it)"_s.arg(v.toString())));
    }
    for (const JsonValue &v : r.value(u"orphan_trash"_s).toArray()) {
        found.append(finding(check, u"warning"_s, {},
                             u"pack directory an interrupted grex rm moved aside: %1 (the next "
                             u"grex sync or grex rm puts it back or deletes it, as far as the rm "
                             u"got)"_s.arg(v.toString())));
    }
    return found;
}

// Rewrites the managed blocks doctor found wrong; a dangling open marker goes first
// (docs/design.md, "Managed .gitignore blocks").
Result<QStringList> fixGitignore(const Workspace &workspace, const Facts &facts,
                                 const QList<DoctorFinding> &findings)
{
    QSet<QString> owners;
    for (const DoctorFinding &f : findings) {
        if (f.check == u"gitignore-sync" && f.autoFixable && !f.pack.isEmpty())
            owners.insert(f.pack);
    }
    if (owners.isEmpty())
        return QStringList();
    QByteArray content;
    QFile file(workspace.gitignorePath());
    bool missing = false;
    if (openForReading(file, &missing)) {
        content = file.readAll();
        file.close();
    } else if (!missing) {
        return Error(ErrorKind::PackOp, u"fix_failed"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"),
                             {file.fileName(), file.errorString()}));
    }
    QStringList fixedOwners;
    for (const auto &[owner, body] : expectedBlocks(facts)) {
        if (!owners.contains(owner))
            continue;
        Result<QByteArray> updated = Gitignore::upsert(content, owner, body);
        if (!updated && updated.error().reason() == u"gitignore_unclosed_block") {
            const qint64 line = updated.error().details().value(u"line"_s).toInteger(0);
            QList<QByteArray> lines = content.split('\n');
            if (line >= 1 && line <= lines.size())
                lines.removeAt(line - 1);
            content = lines.join('\n');
            updated = Gitignore::upsert(content, owner, body);
        }
        if (!updated)
            return updated.error();
        content = std::move(updated).value();
        fixedOwners.append(owner);
    }
    if (Result<void> written = atomicWrite(workspace.gitignorePath(), content); !written)
        return written.error();
    return fixedOwners;
}

} // namespace

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
    return JsonObject{{u"check"_s, check},
                      {u"severity"_s, severity},
                      {u"pack"_s, pack.isEmpty() ? JsonValue() : JsonValue(pack)},
                      {u"detail"_s, detail},
                      {u"auto_fixable"_s, autoFixable}};
}

QString DoctorReport::worstSeverity() const
{
    QString worst = u"ok"_s;
    for (const DoctorFinding &f : findings) {
        if (rank(f.severity) > rank(worst))
            worst = f.severity;
    }
    return worst;
}

int DoctorReport::exitCode() const
{
    for (const DoctorFinding &f : findings) {
        if (f.check == u"manifest-schema" && f.severity == u"error")
            return Grex::exitCode(ErrorKind::Manifest);
    }
    return worstSeverity() == u"ok" ? 0 : Grex::exitCode(ErrorKind::Drift);
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
                      {u"worst_severity"_s, worstSeverity()},
                      {u"findings"_s, rows},
                      {u"fixed"_s, fixedRows},
                      {u"compacted"_s, compactRan ? JsonValue(compacted) : JsonValue()}};
}

namespace {

// doctor --fix: repairs the managed blocks, the URL secrets and the stale lock files it found,
// then runs those checks again so that the report shows what is left.
Result<void> applyFixes(const Workspace &workspace, const Facts &facts, const PackFilter &filter,
                        const QStringList &staleLocks, DoctorReport &report)
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
    QList<DoctorFinding> remaining;
    for (const DoctorFinding &f : std::as_const(report.findings)) {
        const bool gitignoreFixed = f.check == u"gitignore-sync" && fixedOwners->contains(f.pack);
        const bool lockFixed = f.check == u"lock-files" && f.autoFixable &&
                               std::any_of(removed.begin(), removed.end(),
                                           [&](const QString &p) { return f.detail.contains(p); });
        const bool secretFixed =
            f.check == u"url-secrets" && fixedSecrets->contains(f.pack) && f.autoFixable;
        if (gitignoreFixed || lockFixed || secretFixed)
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
        if (f.check == u"gitignore-sync" || f.check == u"lock-files")
            continue;
        report.findings.append(f);
    }
    addChecked(report.findings, u"gitignore-sync"_s, gitignoreNow);
    addChecked(report.findings, u"lock-files"_s, locksNow);
    if (!std::any_of(report.findings.begin(), report.findings.end(),
                     [](const DoctorFinding &f) { return f.check == u"url-secrets"; }))
        addChecked(report.findings, u"url-secrets"_s, {});
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
            if (f.check == u"manifest-schema" && f.detail == tornTailDetail())
                report.fixed.append(f);
            else
                remaining.append(f);
        }
        report.findings = remaining;
        const bool manifestRows =
            std::any_of(report.findings.begin(), report.findings.end(),
                        [](const DoctorFinding &f) { return f.check == u"manifest-schema"; });
        if (!manifestRows)
            addChecked(report.findings, u"manifest-schema"_s, {});
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
            if (f.check == u"orphan-lock-entries" && f.severity != u"ok")
                report.fixed.append(f);
            else if (f.check != u"orphan-lock-entries")
                remaining.append(f);
        }
        report.findings = remaining;
        addChecked(report.findings, u"orphan-lock-entries"_s, {});
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
        problems += f.severity != u"ok" ? 1 : 0;
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
    Result<std::optional<FileLock>> lock =
        workspace.lockForWritingIf(options.fix || options.compact);
    if (!lock)
        return lock.error();

    DoctorReport report;
    Facts facts;
    QList<UpkeepNeed> upkeep; // the clones past git's limits, which --fix repacks
    addChecked(report.findings, u"manifest-schema"_s, checkManifest(workspace, facts));
    addChecked(report.findings, u"lockfile"_s, checkLockfile(workspace, facts));
    if (!facts.logReadable) {
        for (const QString &check : {u"gitignore-sync"_s, u"on-disk-drift"_s}) {
            report.findings.append(
                finding(check, u"warning"_s, {}, u"skipped: manifest unreadable"_s));
        }
    } else {
        Result<PackGraph> graph = readPackGraph(workspace, ctx);
        if (!graph)
            return graph.error();
        facts.graph = std::move(graph).value();
        facts.walked = true;

        Result<QHash<QString, QString>> computedDrift =
            driftForFilter(options.filter, workspace, ctx);
        if (!computedDrift)
            return computedDrift.error();
        const QHash<QString, QString> drift = std::move(computedDrift).value();
        addChecked(report.findings, u"gitignore-sync"_s,
                   checkGitignore(workspace, facts, options.filter, drift));
        addChecked(report.findings, u"pack-schema"_s,
                   checkPackSchemas(facts, options.filter, drift));
        addChecked(report.findings, u"pack-graph"_s, checkPackGraph(facts, options.filter, drift));
        addChecked(report.findings, u"on-disk-drift"_s,
                   checkOnDisk(workspace, facts, options.filter, drift));
        addChecked(report.findings, u"clone-upkeep"_s,
                   checkCloneUpkeep(workspace, facts, options.filter, drift, upkeep));
        addChecked(report.findings, u"url-secrets"_s, checkUrlSecrets(workspace, facts));
        if (facts.locksReadable)
            addChecked(report.findings, u"orphan-lock-entries"_s, checkOrphanLockEntries(facts));
    }
    QStringList staleLocks; // what --fix may remove, checked again just before
    addChecked(report.findings, u"lock-files"_s, checkLockFiles(workspace, facts, &staleLocks));
    addChecked(report.findings, u"unfinished-work"_s, checkRecovery(workspace, ctx));
    if (Result<void> alive = checkCancelled(ctx); !alive)
        return alive.error();

    if (options.fix && facts.walked) {
        if (Result<void> fixed = applyFixes(workspace, facts, options.filter, staleLocks, report);
            !fixed)
            return fixed.error();
        fixCloneUpkeep(workspace, upkeep, report, ctx.stopToken());
    }

    if (options.compact && facts.logReadable) {
        if (Result<void> compacted = compactWorkspace(workspace, facts, report); !compacted)
            return compacted.error();
    }

    // Findings in the order of the checks, whatever was re-run.
    static const QStringList order{
        u"manifest-schema"_s,     u"lockfile"_s,      u"gitignore-sync"_s,
        u"pack-schema"_s,         u"pack-graph"_s,    u"on-disk-drift"_s, u"clone-upkeep"_s, u"url-secrets"_s,
        u"orphan-lock-entries"_s, u"lock-files"_s,    u"unfinished-work"_s};
    std::stable_sort(report.findings.begin(), report.findings.end(),
                     [](const DoctorFinding &a, const DoctorFinding &b) {
                         return order.indexOf(a.check) < order.indexOf(b.check);
                     });

    if (report.exitCode() != 0)
        return findingsError(report, options);
    return report;
}

} // namespace Grex
