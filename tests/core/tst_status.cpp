#include "support/grexrunner.h"
#include "core/operationcontext.h"
#include "core/pack/actionshash.h"
#include "core/pack/packmanifest.h"
#include "support/remotebuilder.h"
#include "support/testfiles.h"
#include "core/verbs/add.h"
#include "core/verbs/init.h"
#include "core/verbs/status.h"
#include "core/verbs/sync.h"
#include "core/workspace.h"
#include "support/workspacefixture.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// The entry of `id`; a default entry (empty id) when the report has none.
StatusEntry entryOf(const StatusReport &report, const QString &id)
{
    for (const StatusEntry &e : report.packs) {
        if (e.id == id)
            return e;
    }
    return {};
}

QStringList idsOf(const StatusReport &report)
{
    QStringList ids;
    for (const StatusEntry &e : report.packs)
        ids.append(e.id);
    return ids;
}

QString errorText(const Result<StatusReport> &r)
{
    return r.ok() ? QString() : r.error().text();
}

} // namespace

// `grex status`: each drift kind produced by a fixture and reported (docs/design.md, "Drift").
class tst_Status : public QObject, public Grex::Test::WorkspaceCases
{
    Q_OBJECT

    static RemoteBuilder::Files packFiles(const QString &name)
    {
        return RemoteBuilder::packFiles(name, u"declarative"_s,
                                        "actions:\n  - mkdir: {path: made}\n");
    }

    // A remote of its own, for a test that commits to it.
    QString freshRemote(const QString &name)
    {
        RemoteBuilder builder(m_remotes);
        builder.create(name, packFiles(name));
        return remote(name);
    }

    static void addPack(Workspace &ws, const QString &url) { addPackOrDie(ws, url); }

    static void syncAll(Workspace &ws)
    {
        OperationContext ctx;
        ctx.setWidth(Width::chosen(2));
        const Result<LifecycleReport> r = sync(ws, {}, ctx);
        if (!r.ok())
            qFatal("sync failed: %s", qPrintable(r.error().text()));
    }

    // A workspace with the given remotes added and synced: every pack clean.
    Workspace synced(const QStringList &urls)
    {
        Workspace ws = newWorkspace();
        for (const QString &url : urls)
            addPack(ws, url);
        syncAll(ws);
        return ws;
    }

    static StatusReport statusOf(Workspace &ws, const StatusOptions &options = {})
    {
        OperationContext ctx;
        ctx.setWidth(Width::chosen(4));
        const Result<StatusReport> r = status(ws, options, ctx);
        if (!r.ok())
            qFatal("status failed: %s", qPrintable(r.error().text()));
        return r.value();
    }

    static StatusOptions optionsFrom(const QJsonObject &args)
    {
        const Result<StatusOptions> r = StatusOptions::fromJson(args);
        if (!r.ok())
            qFatal("bad status options: %s", qPrintable(r.error().text()));
        return r.value();
    }

    static void rewriteLockEntry(const Workspace &ws, const QString &id,
                                 const std::function<void(LockEntry &)> &change)
    {
        Result<LockEntries> entries = ws.lockfile().read();
        QVERIFY(entries.ok());
        QVERIFY(entries->contains(id));
        change((*entries)[id]);
        QVERIFY(ws.lockfile().write(*entries).ok());
    }

private Q_SLOTS:
    void initTestCase()
    {
        RemoteBuilder builder(m_remotes);
        for (const QString &name : {u"alpha"_s, u"beta"_s, u"gamma"_s, u"delta"_s})
            builder.create(name, packFiles(name));
        builder.create(u"kid"_s, packFiles(u"kid"_s));
        builder.create(u"parent"_s, RemoteBuilder::packFiles(
                                        u"parent"_s, u"meta"_s,
                                        "children:\n  - url: " + remote(u"kid"_s).toUtf8() + "\n"));
        // Two commits: the lockfile can name the first while the clone is at the second.
        builder.create(u"twice"_s, packFiles(u"twice"_s));
        RemoteBuilder::Files second = packFiles(u"twice"_s);
        second.insert(u"second.txt"_s, "2\n");
        builder.commit(remote(u"twice"_s), second);
    }

    void cleanPacks()
    {
        Workspace ws = synced({remote(u"beta"_s), remote(u"alpha"_s)});
        const auto before = snapshot(ws.root());
        const StatusReport report = statusOf(ws);
        QCOMPARE(idsOf(report), (QStringList{u"alpha"_s, u"beta"_s}));
        const LockEntries locks = ws.lockfile().read().value();
        for (const StatusEntry &e : report.packs) {
            QVERIFY(e.registered);
            QVERIFY(e.onDisk);
            QVERIFY(e.shaMatch);
            QVERIFY(e.actionsHashMatch);
            QCOMPARE(e.drift, u"clean"_s);
            QCOMPARE(e.staleReason, QString());
            QCOMPARE(e.type, u"declarative"_s);
            QCOMPARE(e.depth, 0);
            QCOMPARE(e.sha, locks.value(e.id).sha);
            QCOMPARE(e.branch, std::optional<QString>(u"main"_s));
            QCOMPARE(e.upstream, std::optional<QString>(u"origin/main"_s));
            QCOMPARE(e.ahead, 0);
            QCOMPARE(e.behind, 0);
            QCOMPARE(e.changedFiles, 0);
            QCOMPARE(e.installedAt, std::optional<Timestamp>(locks.value(e.id).installedAt));
            QCOMPARE(e.error, QString());
        }
        QCOMPARE(report.driftSummary(), QString());
        const JsonArray json = report.toJson().toArray();
        QCOMPARE(json.size(), 2);
        const JsonObject alpha = json.at(0).toObject();
        // id first, and the original's members in their order; the additions sit among them
        // (docs/design.md, "JSON documents").
        QCOMPARE(alpha.keys().first(), u"id"_s);
        QStringList specKeys;
        for (const QString &key : alpha.keys()) {
            if (key == u"on_disk" || key == u"sha_match" || key == u"actions_hash_match" ||
                key == u"drift")
                specKeys.append(key);
        }
        QCOMPARE(specKeys,
                 (QStringList{u"on_disk"_s, u"sha_match"_s, u"actions_hash_match"_s, u"drift"_s}));
        QCOMPARE(alpha.value(u"drift"_s).toString(), u"clean"_s);
        QCOMPARE(alpha.value(u"on_disk"_s).toBool(), true);
        QVERIFY(!alpha.contains(u"lock_holder"_s));

        StatusOptions failOnDrift;
        failOnDrift.failOnDrift = true;
        QVERIFY(statusOf(ws, failOnDrift).packs.size() == 2); // nothing drifted: no error
        QCOMPARE(snapshot(ws.root()), before);                // read-only
    }

    void dirtyMeansTrackedChanges()
    {
        Workspace ws = synced({remote(u"alpha"_s), remote(u"beta"_s), remote(u"gamma"_s)});
        // alpha: a modified tracked file; beta: a staged new file; gamma: only an untracked one.
        QVERIFY(writeFile(ws.packDir(u"alpha"_s) + u"/README.md"_s, "edited\n"));
        QVERIFY(writeFile(ws.packDir(u"beta"_s) + u"/staged.txt"_s, "s\n"));
        runGit(ws.packDir(u"beta"_s), {u"add"_s, u"staged.txt"_s});
        QVERIFY(writeFile(ws.packDir(u"gamma"_s) + u"/scratch.txt"_s, "u\n"));
        const StatusReport report = statusOf(ws);
        const StatusEntry alpha = entryOf(report, u"alpha"_s);
        QCOMPARE(alpha.drift, u"dirty"_s);
        QCOMPARE(alpha.changedFiles, 1);
        QVERIFY(alpha.shaMatch); // the commit did not change
        QVERIFY(alpha.actionsHashMatch);
        QCOMPARE(entryOf(report, u"beta"_s).drift, u"dirty"_s);
        QCOMPARE(entryOf(report, u"gamma"_s).drift, u"clean"_s);
        QCOMPARE(entryOf(report, u"gamma"_s).changedFiles, 0);
        QCOMPARE(report.driftSummary(), u"2 of 3 pack(s) drifted: 2 dirty"_s);

        // Counted as git status counts them: the staged file, and untracked entries (a new
        // directory once), which never make a pack drift but can be filtered on.
        QCOMPARE(alpha.stagedFiles, 0);
        QCOMPARE(entryOf(report, u"beta"_s).stagedFiles, 1);
        QDir().mkpath(ws.packDir(u"gamma"_s) + u"/scratch-dir/deeper"_s);
        QVERIFY(writeFile(ws.packDir(u"gamma"_s) + u"/scratch-dir/deeper/a.txt"_s, "a\n"));
        QVERIFY(writeFile(ws.packDir(u"gamma"_s) + u"/scratch-dir/b.txt"_s, "b\n"));
        const StatusEntry gamma = entryOf(statusOf(ws), u"gamma"_s);
        QCOMPARE(gamma.untrackedFiles, 2); // scratch.txt and scratch-dir/
        QCOMPARE(gamma.drift, u"clean"_s);
        QCOMPARE(gamma.drifts, (QStringList{u"clean"_s, u"untracked_files"_s}));
        QCOMPARE(gamma.toJson().value(u"untracked_files"_s).toInteger(), 2);
        QCOMPARE(entryOf(report, u"alpha"_s).untrackedFiles, 0);
    }

    void missingPackDirectory()
    {
        Workspace ws = synced({remote(u"alpha"_s), remote(u"beta"_s)});
        QVERIFY(QDir(ws.packDir(u"beta"_s)).removeRecursively());
        const StatusReport report = statusOf(ws);
        const StatusEntry beta = entryOf(report, u"beta"_s);
        QCOMPARE(beta.drift, u"missing"_s);
        QVERIFY(beta.registered);
        QVERIFY(!beta.onDisk);
        QVERIFY(!beta.shaMatch);
        QVERIFY(!beta.actionsHashMatch);
        QVERIFY(beta.installedAt.has_value()); // the lock entry is still there
        QCOMPARE(entryOf(report, u"alpha"_s).drift, u"clean"_s);
        const JsonObject json = beta.toJson();
        QCOMPARE(json.value(u"on_disk"_s).toBool(true), false);
        QVERIFY(json.value(u"sha"_s).isNull());
    }

    void untrackedClones()
    {
        Workspace ws = synced({remote(u"alpha"_s)});
        runGit(ws.root(), {u"clone"_s, u"-q"_s, remote(u"gamma"_s), u"stray"_s});
        runGit(ws.root(), {u"clone"_s, u"-q"_s, remote(u"delta"_s), u".hidden"_s});
        QDir().mkpath(ws.root() + u"/notes"_s); // not a git directory
        const StatusReport report = statusOf(ws);
        QCOMPARE(idsOf(report), (QStringList{u"alpha"_s, u"stray"_s}));
        const StatusEntry stray = entryOf(report, u"stray"_s);
        QCOMPARE(stray.drift, u"untracked"_s);
        QVERIFY(stray.onDisk);
        QVERIFY(!stray.registered);
        QVERIFY(!stray.shaMatch);
        QVERIFY(!stray.actionsHashMatch);
        QCOMPARE(stray.sha, runGit(ws.packDir(u"stray"_s), {u"rev-parse"_s, u"HEAD"_s}));
        const JsonObject json = stray.toJson();
        QCOMPARE(json.value(u"id"_s).toString(), u"stray"_s);
        QCOMPARE(json.value(u"on_disk"_s).toBool(), true);
        QCOMPARE(json.value(u"sha_match"_s).toBool(true), false);
        QCOMPARE(json.value(u"actions_hash_match"_s).toBool(true), false);
        QCOMPARE(json.value(u"drift"_s).toString(), u"untracked"_s);
        QVERIFY(json.value(u"type"_s).isNull());
    }

    // A child on disk is reported with its depth; it is neither registered nor untracked.
    void childrenAreNotUntracked()
    {
        Workspace ws = synced({remote(u"parent"_s)});
        QVERIFY(QFileInfo(ws.packDir(u"kid"_s)).isDir());
        const StatusReport report = statusOf(ws);
        QCOMPARE(idsOf(report), (QStringList{u"kid"_s, u"parent"_s}));
        const StatusEntry kid = entryOf(report, u"kid"_s);
        QCOMPARE(kid.depth, 1);
        QVERIFY(!kid.registered);
        QCOMPARE(kid.drift, u"clean"_s);
        QCOMPARE(entryOf(report, u"parent"_s).type, u"meta"_s);
        QCOMPARE(entryOf(report, u"parent"_s).drift, u"clean"_s);

        StatusOptions deep;
        deep.filter = PackFilter::parse(u"depth>=1"_s).value();
        QCOMPARE(idsOf(statusOf(ws, deep)), QStringList{u"kid"_s});
    }

    void staleWithoutALockEntry()
    {
        Workspace ws = newWorkspace();
        addPack(ws, remote(u"alpha"_s)); // cloned, never installed
        const StatusEntry alpha = entryOf(statusOf(ws), u"alpha"_s);
        QCOMPARE(alpha.drift, u"stale"_s);
        QCOMPARE(alpha.staleReason, u"not_installed"_s);
        QVERIFY(alpha.onDisk);
        QVERIFY(!alpha.shaMatch);
        QVERIFY(!alpha.actionsHashMatch);
        QVERIFY(!alpha.installedAt);
        QCOMPARE(alpha.sha.size(), 40);
        QCOMPARE(alpha.toJson().value(u"stale_reason"_s).toString(), u"not_installed"_s);
        QVERIFY(alpha.toJson().value(u"installed_at"_s).isNull());

        // Dirty comes before stale.
        QVERIFY(writeFile(ws.packDir(u"alpha"_s) + u"/README.md"_s, "edited\n"));
        QCOMPARE(entryOf(statusOf(ws), u"alpha"_s).drift, u"dirty"_s);
    }

    void staleWhenTheLockfileNamesAnotherCommit()
    {
        Workspace ws = synced({remote(u"twice"_s)});
        const QString dir = ws.packDir(u"twice"_s);
        const QString head = runGit(dir, {u"rev-parse"_s, u"HEAD"_s});
        const QString first = runGit(dir, {u"rev-parse"_s, u"HEAD~1"_s});
        QCOMPARE(entryOf(statusOf(ws), u"twice"_s).drift, u"clean"_s);

        // The lockfile says the pack was installed at the first commit (a consistent entry for
        // that commit), while the clone is at the second, level with its upstream.
        const Result<PackManifest> manifest = loadPackManifest(dir);
        QVERIFY(manifest.ok());
        rewriteLockEntry(ws, u"twice"_s, [&](LockEntry &e) {
            e.sha = first;
            e.actionsHash = actionsHash(manifest->actions, first);
        });
        StatusEntry twice = entryOf(statusOf(ws), u"twice"_s);
        QCOMPARE(twice.sha, head);
        QCOMPARE(twice.drift, u"stale"_s);
        QCOMPARE(twice.staleReason, u"sha_changed"_s);
        QVERIFY(!twice.shaMatch);
        QVERIFY(!twice.actionsHashMatch); // recomputed at HEAD, it differs
        QCOMPARE(twice.behind, 0);
        QCOMPARE(twice.ahead, 0);

        // The other way round: installed at the second commit, the clone checked out at the
        // first without a branch.
        syncAll(ws); // (the hash of HEAD differs from the entry: sync installs again)
        QCOMPARE(entryOf(statusOf(ws), u"twice"_s).drift, u"clean"_s);
        runGit(dir, {u"checkout"_s, u"-q"_s, u"--detach"_s, first});
        twice = entryOf(statusOf(ws), u"twice"_s);
        QCOMPARE(twice.sha, first);
        QCOMPARE(twice.branch, std::optional<QString>());
        // Detached where no install put it: not on main any more, and stale too.
        QCOMPARE(twice.drift, u"off_branch"_s);
        QCOMPARE(twice.drifts, (QStringList{u"off_branch"_s, u"stale"_s}));
        QCOMPARE(twice.expectedBranch, u"main"_s);
        QCOMPARE(twice.staleReason, u"sha_changed"_s);
        QVERIFY(!twice.shaMatch);
    }

    void staleWhenTheActionsChange()
    {
        Workspace ws = synced({remote(u"alpha"_s), remote(u"beta"_s)});
        // alpha: a per-OS override adds an action (an untracked file: not dirty).
        const QString targets = ws.packDir(u"alpha"_s) + u"/.grex/targets"_s;
        QVERIFY(QDir().mkpath(targets));
        QVERIFY(writeFile(targets + u'/' + currentOs() + u".yaml"_s,
                          "actions:\n  - mkdir: {path: also-made}\n"));
        // beta: the lockfile's actions_hash is not the one of this manifest.
        rewriteLockEntry(ws, u"beta"_s, [](LockEntry &e) { e.actionsHash = QString(64, u'0'); });
        const StatusReport report = statusOf(ws);
        for (const QString &id : {u"alpha"_s, u"beta"_s}) {
            const StatusEntry e = entryOf(report, id);
            QCOMPARE(e.drift, u"stale"_s);
            QCOMPARE(e.staleReason, u"actions_changed"_s);
            QVERIFY(e.shaMatch);
            QVERIFY(!e.actionsHashMatch);
            QCOMPARE(e.changedFiles, 0);
        }
    }

    void staleAfterADuration()
    {
        Workspace ws = synced({remote(u"alpha"_s), remote(u"beta"_s)});
        // alpha was installed two days ago.
        const qint64 day = 86400LL * 1'000'000'000;
        rewriteLockEntry(ws, u"alpha"_s, [&](LockEntry &e) {
            e.installedAt = Timestamp::fromUnixNanos(Timestamp::now().unixNanos() - 2 * day);
        });
        QCOMPARE(entryOf(statusOf(ws), u"alpha"_s).drift, u"clean"_s); // no --stale-after
        StatusReport report = statusOf(ws, optionsFrom({{u"staleAfter"_s, u"1d"_s}}));
        QCOMPARE(entryOf(report, u"alpha"_s).drift, u"stale"_s);
        QCOMPARE(entryOf(report, u"alpha"_s).staleReason, u"too_old"_s);
        QVERIFY(entryOf(report, u"alpha"_s).shaMatch);
        QVERIFY(entryOf(report, u"alpha"_s).actionsHashMatch);
        QCOMPARE(entryOf(report, u"beta"_s).drift, u"clean"_s);
        report = statusOf(ws, optionsFrom({{u"staleAfter"_s, u"3d"_s}}));
        QCOMPARE(entryOf(report, u"alpha"_s).drift, u"clean"_s);
        report = statusOf(ws, optionsFrom({{u"staleAfter"_s, u"1d23h59m"_s}}));
        QCOMPARE(entryOf(report, u"alpha"_s).drift, u"stale"_s);

        // Just over a second after the install, "1s" makes every pack stale.
        QThread::msleep(1100);
        report = statusOf(ws, optionsFrom({{u"staleAfter"_s, u"1s"_s}}));
        QCOMPARE(entryOf(report, u"beta"_s).drift, u"stale"_s);
        QCOMPARE(entryOf(report, u"beta"_s).staleReason, u"too_old"_s);
    }

    void behindItsUpstream()
    {
        const QString url = freshRemote(u"upstream"_s);
        Workspace ws = synced({url});
        const QString dir = ws.packDir(u"upstream"_s);
        RemoteBuilder::Files next = packFiles(u"upstream"_s);
        next.insert(u"news.txt"_s, "n\n");
        RemoteBuilder(m_remotes).commit(url, next);
        // Nothing is fetched by status: the clone does not know yet.
        QCOMPARE(entryOf(statusOf(ws), u"upstream"_s).drift, u"clean"_s);

        runGit(dir, {u"fetch"_s, u"-q"_s});
        StatusEntry e = entryOf(statusOf(ws), u"upstream"_s);
        QCOMPARE(e.drift, u"behind"_s);
        QCOMPARE(e.behind, 1);
        QCOMPARE(e.ahead, 0);
        QVERIFY(e.shaMatch); // HEAD did not move
        QCOMPARE(e.upstream, std::optional<QString>(u"origin/main"_s));
        QCOMPARE(e.toJson().value(u"behind"_s).toInteger(), 1);

        // A local commit as well: diverged, a state of its own.
        QVERIFY(writeFile(dir + u"/local.txt"_s, "l\n"));
        runGit(dir, {u"add"_s, u"local.txt"_s});
        runGit(dir, {u"commit"_s, u"-q"_s, u"-m"_s, u"local"_s});
        e = entryOf(statusOf(ws), u"upstream"_s);
        QCOMPARE(e.behind, 1);
        QCOMPARE(e.ahead, 1);
        QCOMPARE(e.drift, u"diverged"_s);
        QVERIFY(!e.upstreamRewritten);

        // Dirty as well: both said, the most urgent first.
        QVERIFY(writeFile(dir + u"/local.txt"_s, "changed\n"));
        e = entryOf(statusOf(ws), u"upstream"_s);
        QCOMPARE(e.drifts, (QStringList{u"dirty"_s, u"diverged"_s}));
    }

    // --fetch fetches every pack, moves no working tree, and says when each last fetched; a
    // remote that fails is that pack's failure, and the report still comes back.
    void fetchFirst()
    {
        const QString url = freshRemote(u"fetched"_s);
        const QString gone = freshRemote(u"vanishing"_s);
        Workspace ws = synced({url, gone});
        const QString dir = ws.packDir(u"fetched"_s);
        const StatusEntry before = entryOf(statusOf(ws), u"fetched"_s);
        QVERIFY(before.lastFetched.has_value()); // the clone's time, until the first fetch
        RemoteBuilder::Files next = packFiles(u"fetched"_s);
        next.insert(u"news.txt"_s, "n\n");
        RemoteBuilder(m_remotes).commit(url, next);
        QCOMPARE(entryOf(statusOf(ws), u"fetched"_s).behind, 0);

        StatusOptions fetch;
        fetch.fetch = true;
        const StatusEntry after = entryOf(statusOf(ws, fetch), u"fetched"_s);
        QCOMPARE(after.behind, 1);
        QCOMPARE(after.drift, u"behind"_s);
        QCOMPARE(after.sha, before.sha); // the working tree did not move
        QVERIFY(!QFileInfo::exists(dir + u"/news.txt"_s));
        QVERIFY(after.lastFetched.has_value());
        QVERIFY(*after.lastFetched >= *before.lastFetched);
        QVERIFY(after.toJson().value(u"last_fetched"_s).isString());

        QVERIFY(QDir(gone).removeRecursively());
        OperationContext ctx;
        const Result<StatusReport> failed = status(ws, fetch, ctx);
        QVERIFY(!failed.ok());
        QCOMPARE(failed.error().kind(), ErrorKind::PackOp);
        QCOMPARE(failed.error().reason(), u"packs_failed"_s);
        const JsonArray report = failed.error().details().value(u"report"_s).toArray();
        QCOMPARE(report.size(), 2);
        for (const JsonValue &row : report) {
            const JsonObject pack = row.toObject();
            QCOMPARE(pack.contains(u"fetch_error"_s),
                     pack.value(u"id"_s).toString() == u"vanishing");
        }
    }

    void aheadOfItsUpstream()
    {
        Workspace ws = synced({remote(u"alpha"_s)});
        const QString dir = ws.packDir(u"alpha"_s);
        QVERIFY(writeFile(dir + u"/local.txt"_s, "l\n"));
        runGit(dir, {u"add"_s, u"local.txt"_s});
        runGit(dir, {u"commit"_s, u"-q"_s, u"-m"_s, u"local"_s});
        runGit(dir, {u"commit"_s, u"-q"_s, u"--allow-empty"_s, u"-m"_s, u"local 2"_s});
        const StatusEntry e = entryOf(statusOf(ws), u"alpha"_s);
        QCOMPARE(e.drift, u"ahead"_s);
        QCOMPARE(e.ahead, 2);
        QCOMPARE(e.behind, 0);
        QCOMPARE(e.upstream, std::optional<QString>(u"origin/main"_s));
        QCOMPARE(e.sha, runGit(dir, {u"rev-parse"_s, u"HEAD"_s}));
        QVERIFY(!e.shaMatch);
    }

    void failOnDriftCarriesTheReport()
    {
        Workspace ws = synced({remote(u"alpha"_s), remote(u"beta"_s), remote(u"gamma"_s)});
        QVERIFY(writeFile(ws.packDir(u"alpha"_s) + u"/README.md"_s, "edited\n"));
        QVERIFY(QDir(ws.packDir(u"gamma"_s)).removeRecursively());
        const StatusReport plain = statusOf(ws);
        StatusOptions options;
        options.failOnDrift = true;
        OperationContext ctx;
        const Result<StatusReport> r = status(ws, options, ctx);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Drift);
        QCOMPARE(r.error().reason(), u"drift_found"_s);
        QCOMPARE(r.error().details().value(u"report"_s), plain.toJson());
        QCOMPARE(r.error().message().text(), u"2 of 3 pack(s) drifted: 1 missing, 1 dirty"_s);

        // Only the filtered packs count.
        options.filter = PackFilter::parse(u"name=beta"_s).value();
        QVERIFY2(status(ws, options, ctx).ok(), qPrintable(errorText(status(ws, options, ctx))));
    }

    void filterByDrift()
    {
        Workspace ws =
            synced({remote(u"alpha"_s), remote(u"beta"_s), remote(u"gamma"_s), remote(u"delta"_s)});
        QVERIFY(writeFile(ws.packDir(u"alpha"_s) + u"/README.md"_s, "edited\n"));
        QVERIFY(QDir(ws.packDir(u"gamma"_s)).removeRecursively());
        runGit(ws.root(), {u"clone"_s, u"-q"_s, remote(u"twice"_s), u"stray"_s});
        StatusOptions options;
        options.filter = PackFilter::parse(u"drift=dirty|missing"_s).value();
        QCOMPARE(idsOf(statusOf(ws, options)), (QStringList{u"alpha"_s, u"gamma"_s}));
        options.filter = PackFilter::parse(u"drift=untracked"_s).value();
        QCOMPARE(idsOf(statusOf(ws, options)), QStringList{u"stray"_s});
        options.filter = PackFilter::parse(u"drift!=clean, name!=stray"_s).value();
        QCOMPARE(idsOf(statusOf(ws, options)), (QStringList{u"alpha"_s, u"gamma"_s}));
        options = optionsFrom({{u"filter"_s, u"name=b*|d*"_s}});
        QCOMPARE(idsOf(statusOf(ws, options)), (QStringList{u"beta"_s, u"delta"_s}));
        options = optionsFrom({{u"filter"_s, u"url=**/beta.git"_s}});
        QCOMPARE(idsOf(statusOf(ws, options)), QStringList{u"beta"_s});
        const Result<StatusOptions> bad = StatusOptions::fromJson({{u"filter"_s, u"drift=dirt"_s}});
        QCOMPARE(bad.error().reason(), u"invalid_filter"_s);
    }

    void parseDurations_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("seconds");
        QTest::newRow("seconds") << u"45s"_s << qint64(45);
        QTest::newRow("minutes") << u"30m"_s << qint64(30 * 60);
        QTest::newRow("hours") << u"12h"_s << qint64(12 * 3600);
        QTest::newRow("days") << u"7d"_s << qint64(7 * 86400);
        QTest::newRow("weeks") << u"2w"_s << qint64(14 * 86400);
        QTest::newRow("sum") << u"1d12h"_s << qint64(36 * 3600);
        QTest::newRow("spaces around") << u" 5m "_s << qint64(300);
        QTest::newRow("zero") << u"0s"_s << qint64(0);
    }

    void parseDurations()
    {
        QFETCH(QString, text);
        QFETCH(qint64, seconds);
        const Result<qint64> r = parseDuration(text);
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().text()));
        QCOMPARE(*r, seconds);
    }

    void badDurations_data()
    {
        QTest::addColumn<QString>("text");
        for (const QString &bad : {u""_s, u"  "_s, u"7"_s, u"d"_s, u"7x"_s, u"-1d"_s, u"1.5h"_s,
                                   u"7 d"_s, u"99999999d"_s, u"1d 2h"_s, u"7D"_s})
            QTest::newRow(qPrintable(u"'%1'"_s.arg(bad))) << bad;
    }

    void badDurations()
    {
        QFETCH(QString, text);
        const Result<qint64> r = parseDuration(text);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Usage);
        QCOMPARE(r.error().reason(), u"invalid_duration"_s);
        const Result<StatusOptions> options = StatusOptions::fromJson({{u"staleAfter"_s, text}});
        QVERIFY(!options.ok());
        QCOMPARE(options.error().kind(), ErrorKind::Usage);
        QCOMPARE(options.error().reason(), u"invalid_duration"_s);
    }

    void longNamesTheLockHolder()
    {
        Workspace ws = synced({remote(u"alpha"_s), remote(u"beta"_s)});
        QProcess holder;
        holder.start(helperBinary(), {u"hold-lock"_s, ws.packDir(u"alpha"_s) + u"/.grex-lock"_s});
        QVERIFY(holder.waitForReadyRead(10000));
        StatusOptions options;
        options.long_ = true;
        const StatusReport report = statusOf(ws, options);
        const StatusEntry alpha = entryOf(report, u"alpha"_s);
        QVERIFY(alpha.holder.has_value());
        QCOMPARE(alpha.holder->pid, holder.processId());
        const JsonObject json = alpha.toJson();
        QCOMPARE(json.value(u"lock_holder"_s).toObject().value(u"pid"_s).toInteger(),
                 holder.processId());
        QVERIFY(json.value(u"lock_holder"_s).toObject().contains(u"host"_s));
        QVERIFY(json.value(u"lock_holder"_s).toObject().contains(u"application"_s));
        QVERIFY(entryOf(report, u"beta"_s).toJson().contains(u"lock_holder"_s));
        QVERIFY(entryOf(report, u"beta"_s).toJson().value(u"lock_holder"_s).isNull());
        holder.kill();
        holder.waitForFinished();
        QVERIFY(!entryOf(statusOf(ws, options), u"alpha"_s).holder); // a dead holder holds nothing
    }

    void errors()
    {
        Workspace notInitialised(m_tmp.filePath(u"not-a-workspace"_s));
        QDir().mkpath(notInitialised.root());
        OperationContext ctx;
        const Result<StatusReport> none = status(notInitialised, {}, ctx);
        QCOMPARE(none.error().kind(), ErrorKind::Usage);
        QCOMPARE(none.error().reason(), u"not_a_workspace"_s);

        Workspace ws = synced({remote(u"alpha"_s)});
        QVERIFY(writeFile(ws.lockfilePath(), "{not json\n"));
        const Result<StatusReport> corrupt = status(ws, {}, ctx);
        QCOMPARE(corrupt.error().kind(), ErrorKind::Manifest);
    }
};

QTEST_GUILESS_MAIN(tst_Status)
#include "tst_status.moc"
