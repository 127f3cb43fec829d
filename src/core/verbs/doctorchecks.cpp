#include "core/verbs/doctorchecks_p.h"

#include "core/engine/drift.h"
#include "core/engine/layout.h"
#include "core/engine/recovery.h"
#include "core/engine/walker.h"
#include "core/fs/atomicwrite.h"
#include "core/fs/filelock.h"
#include "core/fs/fsutil.h"
#include "core/fs/gitignore.h"
#include "core/git/repository.h"
#include "core/operationcontext.h"
#include "core/secrets.h"
#include "core/workspace.h"
#include "core/workspacelocks.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

QList<DoctorFinding> checkManifest(const Workspace &workspace, Facts &facts)
{
    QList<DoctorFinding> found;
    const DoctorCheck check = DoctorCheck::ManifestSchema;
    if (!QFileInfo::exists(workspace.manifestPath()))
        return found;
    Result<LogReadResult> log = workspace.intentLog().read();
    if (!log) {
        const Error &e = log.error();
        if (e.reason() == u"corruption" || e.reason() == u"unsupported_schema") {
            found.append(finding(check, DoctorSeverity::Error, {}, e.message().text()));
        } else {
            found.append(
                finding(check, DoctorSeverity::Error, {}, u"io error: "_s + e.message().text()));
        }
        return found;
    }
    facts.logReadable = true;
    if (log->tornTail)
        found.append(finding(check, DoctorSeverity::Warning, {}, tornTailDetail()));
    const FoldResult folded = fold(log->events);
    facts.packs = folded.packs;
    for (const Message &warning : folded.warnings)
        found.append(finding(check, DoctorSeverity::Warning, {}, warning.text()));
    return found;
}

QList<DoctorFinding> checkLockfile(const Workspace &workspace, Facts &facts)
{
    QList<DoctorFinding> found;
    Result<LockEntries> locks = workspace.lockfile().read();
    if (!locks) {
        found.append(
            finding(DoctorCheck::Lockfile, DoctorSeverity::Error, {},
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
        blocks.append({node.id, Gitignore::packBody(node.path, node.manifest->gitignore)});
    }
    return blocks;
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
        found.append(finding(DoctorCheck::CloneUpkeep, DoctorSeverity::Warning, need.id,
                             upkeepDetail(need.upkeep) + u"; git gc --auto repacks it"_s, true));
    }
    return found;
}

QList<DoctorFinding> checkPackSchemas(const Facts &facts, const PackFilter &filter,
                                      const QHash<QString, QString> &drift)
{
    QList<DoctorFinding> found;
    for (const PackNode &node : facts.graph.nodes) {
        if (!node.loadError || !filter.matches(filterSubject(node, drift)))
            continue;
        found.append(finding(DoctorCheck::PackSchema, DoctorSeverity::Error, node.id,
                             node.loadError->message().text()));
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
        const bool wanted =
            std::any_of(problem.packs.begin(), problem.packs.end(), [&](const QString &id) {
                const auto node = facts.graph.nodes.find(id);
                return node != facts.graph.nodes.end() &&
                       filter.matches(filterSubject(*node, drift));
            });
        if (!wanted)
            continue;
        found.append(finding(DoctorCheck::PackGraph, DoctorSeverity::Error,
                             problem.packs.join(u", "_s), problem.error.text()));
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
    const DoctorCheck check = DoctorCheck::OnDiskDrift;
    QSet<QString> known;
    for (const PackState &pack : packsInIdOrder(facts.packs)) {
        known.insert(pack.path);
        if (!filter.matches(subjectOf(pack).withDriftOf(drift)))
            continue;
        const QFileInfo info(workspace.packDir(pack.path));
        if (!info.exists() && !info.isSymLink()) {
            found.append(
                finding(check, DoctorSeverity::Error, pack.id,
                        u"registered pack dir missing: %1 (grex sync clones it)"_s.arg(pack.path)));
        } else if (!info.isDir() || info.isSymLink()) {
            found.append(finding(check, DoctorSeverity::Error, pack.id,
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
        found.append(finding(check, DoctorSeverity::Warning, {},
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
    const DoctorCheck check = DoctorCheck::UrlSecrets;
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
        found.append(finding(check, DoctorSeverity::Error, pack.id, detail, fixable));
    }
    for (const PackNode &node : facts.graph.nodes) {
        if (node.registered || !urlHasSecret(node.url))
            continue;
        found.append(finding(check, DoctorSeverity::Error, node.id,
                             u"the pack.yaml of '%1' names child '%2' with a password or token in "
                             u"its URL (%3); change it there and use a credential helper"_s.arg(
                                 node.manifest->name.isEmpty() ? node.id : node.manifest->name,
                                 node.id, redactUrl(node.url))));
    }
    return found;
}

QList<DoctorFinding> checkOrphanLockEntries(const Facts &facts)
{
    QList<DoctorFinding> found;
    for (const QString &id : facts.locks.keys()) {
        if (facts.packs.contains(id) || facts.graph.nodes.contains(id))
            continue;
        found.append(finding(DoctorCheck::OrphanLockEntries, DoctorSeverity::Warning, id,
                             u"grex.lock.jsonl has an entry for '%1', which is neither registered "
                             u"nor a child of a pack; grex doctor --compact removes it"_s.arg(id)));
    }
    return found;
}

QList<DoctorFinding> checkRecovery(const Workspace &workspace, const OperationContext &ctx,
                                   QStringList *abandonedOut)
{
    QList<DoctorFinding> found;
    const DoctorCheck check = DoctorCheck::UnfinishedWork;
    const RecoveryFindings scan = recoveryScan(
        workspace, workspace.rootPackDir(),
        recoveryLeads(workspace.root(), workspace.intentLog().summary()), ctx.stopToken());
    const JsonObject &r = scan.report;
    for (const JsonValue &v : r.value(u"dangling_starts"_s).toArray()) {
        const JsonObject s = v.toObject();
        found.append(
            finding(check, DoctorSeverity::Warning, s.value(u"pack"_s).toString(),
                    u"action #%1 '%2' started at %3 and never finished (the run was "
                    u"killed); grex sync --force redoes the pack"_s
                        .arg(s.value(u"action_idx"_s).toInteger(0))
                        .arg(s.value(u"action_name"_s).toString(), s.value(u"ts"_s).toString())));
    }
    for (const JsonValue &v : r.value(u"orphan_backups"_s).toArray()) {
        found.append(finding(
            check, DoctorSeverity::Warning, {},
            u"backup left by a replaced file: %1 (restore or delete it)"_s.arg(v.toString())));
    }
    for (const JsonValue &v : r.value(u"orphan_tombstones"_s).toArray()) {
        found.append(finding(
            check, DoctorSeverity::Warning, {},
            u"directory set aside by rmdir: %1 (delete it when unneeded)"_s.arg(v.toString())));
    }
    for (const JsonValue &v : r.value(u"orphan_clones"_s).toArray()) {
        found.append(
            finding(check, DoctorSeverity::Warning, {},
                    u"clone an interrupted grex add or sync left unfinished: %1 (the "
                    u"next clone of that pack removes it; or delete it)"_s.arg(v.toString())));
    }
    for (const JsonValue &v : r.value(u"interrupted_git"_s).toArray()) {
        found.append(finding(check, DoctorSeverity::Warning, {},
                             u"git work a killed grex left unfinished in %1 (a half-done checkout "
                             u"or git's lock files; the next grex sync or grex update of that "
                             u"pack rolls it back and redoes it)"_s.arg(v.toString())));
    }
    for (const JsonValue &v : r.value(u"orphan_temp_files"_s).toArray()) {
        if (abandonedOut)
            abandonedOut->append(v.toString());
        found.append(finding(check, DoctorSeverity::Warning, {},
                             u"temp file of a write a killed grex never finished: %1 (the file "
                             u"it was to replace is whole)"_s.arg(v.toString()),
                             true));
    }
    for (const JsonValue &v : r.value(u"orphan_trash"_s).toArray()) {
        found.append(finding(check, DoctorSeverity::Warning, {},
                             u"pack directory an interrupted grex rm moved aside: %1 (the next "
                             u"grex sync or grex rm puts it back or deletes it, as far as the rm "
                             u"got)"_s.arg(v.toString())));
    }
    return found;
}

// The checks, in the order of DoctorCheck and of the report. A check of the packs needs the
// pack graph, which needs a readable grex.jsonl; without one, those that say so report that
// they were skipped, and the others are left out.
struct CheckRow
{
    DoctorCheck check;
    enum Needs { Nothing, Graph, GraphOrSay, GraphAndLockfile } needs;
    QList<DoctorFinding> (*run)(CheckInput &in);
};

constexpr CheckRow kChecks[] = {
    {DoctorCheck::ManifestSchema, CheckRow::Nothing,
     [](CheckInput &in) { return checkManifest(in.workspace, in.facts); }},
    {DoctorCheck::Lockfile, CheckRow::Nothing,
     [](CheckInput &in) { return checkLockfile(in.workspace, in.facts); }},
    {DoctorCheck::GitignoreSync, CheckRow::GraphOrSay,
     [](CheckInput &in) { return checkGitignore(in.workspace, in.facts, in.filter, in.drift); }},
    {DoctorCheck::PackSchema, CheckRow::Graph,
     [](CheckInput &in) { return checkPackSchemas(in.facts, in.filter, in.drift); }},
    {DoctorCheck::PackGraph, CheckRow::Graph,
     [](CheckInput &in) { return checkPackGraph(in.facts, in.filter, in.drift); }},
    {DoctorCheck::OnDiskDrift, CheckRow::GraphOrSay,
     [](CheckInput &in) { return checkOnDisk(in.workspace, in.facts, in.filter, in.drift); }},
    {DoctorCheck::CloneUpkeep, CheckRow::Graph,
     [](CheckInput &in) {
         return checkCloneUpkeep(in.workspace, in.facts, in.filter, in.drift, in.upkeep);
     }},
    {DoctorCheck::UrlSecrets, CheckRow::Graph,
     [](CheckInput &in) { return checkUrlSecrets(in.workspace, in.facts); }},
    {DoctorCheck::OrphanLockEntries, CheckRow::GraphAndLockfile,
     [](CheckInput &in) { return checkOrphanLockEntries(in.facts); }},
    {DoctorCheck::LockFiles, CheckRow::Nothing,
     [](CheckInput &in) { return checkLockFiles(in.workspace, in.facts, &in.staleLocks); }},
    {DoctorCheck::UnfinishedWork, CheckRow::Nothing,
     [](CheckInput &in) { return checkRecovery(in.workspace, in.ctx, &in.abandonedTemps); }},
};

// The pack graph and the drift the filter needs, read once before the first check of packs.
Result<void> walk(CheckInput &in)
{
    Result<PackGraph> graph = readPackGraph(in.workspace, in.ctx);
    if (!graph)
        return graph.error();
    in.facts.graph = std::move(graph).value();
    in.facts.walked = true;
    Result<QHash<QString, QString>> drift = driftForFilter(in.filter, in.workspace, in.ctx);
    if (!drift)
        return drift.error();
    in.drift = std::move(drift).value();
    return {};
}

} // namespace

DoctorFinding finding(DoctorCheck check, DoctorSeverity severity, const QString &pack,
                      const QString &detail, bool fixable)
{
    return DoctorFinding{check, severity, pack, detail, fixable};
}

void addChecked(QList<DoctorFinding> &all, DoctorCheck check, QList<DoctorFinding> found)
{
    if (found.isEmpty())
        found.append(finding(check, DoctorSeverity::Ok, {}, {}));
    all.append(found);
}

QString staleLockDetail(const QString &path)
{
    return u"stale lock file %1: the process that held it is gone"_s.arg(path);
}

QString tornTailDetail()
{
    return u"the last line of grex.jsonl is torn (a write was interrupted); the next write or "
           u"grex doctor --compact drops it"_s;
}

QList<DoctorFinding> checkGitignore(const Workspace &workspace, const Facts &facts,
                                    const PackFilter &filter, const QHash<QString, QString> &drift)
{
    QList<DoctorFinding> found;
    const DoctorCheck check = DoctorCheck::GitignoreSync;
    QByteArray content;
    QFile file(workspace.gitignorePath());
    bool missing = false;
    if (openForReading(file, &missing)) {
        content = file.readAll();
    } else if (!missing) {
        found.append(finding(check, DoctorSeverity::Error, {},
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
            found.append(finding(check, DoctorSeverity::Warning, owner,
                                 u"cannot read managed block: "_s + block.error().message().text(),
                                 true));
        } else if (!*block) {
            found.append(
                finding(check, DoctorSeverity::Warning, owner, u"managed block missing"_s, true));
        } else if (**block != body) {
            found.append(
                finding(check, DoctorSeverity::Warning, owner,
                        u"managed block drift: expected %1 line(s), got %2"_s.arg(body.size())
                            .arg((*block)->size()),
                        true));
        }
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
            report.findings.append(finding(DoctorCheck::CloneUpkeep, DoctorSeverity::Error, need.id,
                                           done.error().message().text()));
    }
    QList<DoctorFinding> remaining;
    for (const DoctorFinding &f : std::as_const(report.findings)) {
        if (f.check == DoctorCheck::CloneUpkeep && repacked.contains(f.pack))
            report.fixed.append(f);
        else
            remaining.append(f);
    }
    report.findings = remaining;
    if (!std::any_of(report.findings.begin(), report.findings.end(),
                     [](const DoctorFinding &f) { return f.check == DoctorCheck::CloneUpkeep; }))
        addChecked(report.findings, DoctorCheck::CloneUpkeep, {});
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
        if (f.check != DoctorCheck::UrlSecrets || !f.autoFixable)
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

QList<DoctorFinding> checkLockFiles(const Workspace &workspace, const Facts &facts,
                                    QStringList *staleOut)
{
    QList<DoctorFinding> found;
    const DoctorCheck check = DoctorCheck::LockFiles;
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
            found.append(finding(check, DoctorSeverity::Warning, {},
                                 u"%1 is held by %2"_s.arg(path, describeHolder(holder))));
            continue;
        }
        if (staleOut)
            staleOut->append(path);
        found.append(finding(check, DoctorSeverity::Warning, {}, staleLockDetail(path), true));
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
        if (f.check == DoctorCheck::GitignoreSync && f.autoFixable && !f.pack.isEmpty())
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

Result<QList<DoctorFinding>> runChecks(CheckInput &in)
{
    QList<DoctorFinding> findings;
    for (const CheckRow &row : kChecks) {
        if (row.needs != CheckRow::Nothing && !in.facts.logReadable) {
            if (row.needs == CheckRow::GraphOrSay) {
                findings.append(finding(row.check, DoctorSeverity::Warning, {},
                                        u"skipped: manifest unreadable"_s));
            }
            continue;
        }
        if (row.needs != CheckRow::Nothing && !in.facts.walked) {
            if (Result<void> walked = walk(in); !walked)
                return walked.error();
        }
        if (row.needs == CheckRow::GraphAndLockfile && !in.facts.locksReadable)
            continue;
        addChecked(findings, row.check, row.run(in));
    }
    return findings;
}

} // namespace Grex
