#include "core/fs/gitignore.h"
#include "core/git/fetcher.h"
#include "core/git/repository.h"
#include "core/manifest/intentlog.h"
#include "core/naming.h"
#include "core/operationcontext.h"
#include "support/grexrunner.h"
#include "support/testfiles.h"
#include "support/remotebuilder.h"
#include "support/scriptedapproval.h"
#include "core/verbs/add.h"
#include "core/verbs/init.h"
#include "core/verbs/ls.h"
#include "core/verbs/rm.h"
#include "core/verbs/status.h"
#include "core/verbs/sync.h"
#include "core/verbs/tag.h"
#include "core/verbs/verbregistry.h"
#include "core/workspace.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

class tst_Verbs : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_remotes;
    QString m_alpha;
    QString m_beta;
    QString m_plain;
    QString m_parent;
    QString m_tagged; // pack.yaml tags it shared; its child alpha is tagged lib
    QString m_gamma;
    QString m_evil;
    int m_counter = 0;

    QString newWorkspaceDir()
    {
        const QString dir = m_tmp.filePath(u"ws%1"_s.arg(++m_counter));
        QDir().mkpath(dir);
        return dir;
    }

    Workspace initialised()
    {
        Workspace ws(newWorkspaceDir());
        OperationContext ctx;
        const Result<InitReport> r = init(ws, {}, ctx);
        if (!r.ok())
            qFatal("init failed: %s", qPrintable(r.error().text()));
        return ws;
    }

    AddReport mustAdd(Workspace &ws, const QString &url, std::optional<QString> path = {})
    {
        OperationContext ctx;
        AddOptions options;
        options.url = url;
        options.path = path;
        Result<AddReport> r = add(ws, options, ctx);
        if (!r.ok())
            qFatal("add failed: %s", qPrintable(r.error().text()));
        return *r;
    }

    // rm of `path` with every question answered yes.
    static Result<RmReport> rmApproved(Workspace &ws, const QString &path, bool keepFiles = false)
    {
        OperationContext ctx;
        ScriptedApproval yes;
        ctx.setApprovalPolicy(&yes);
        RmOptions options;
        options.path = path;
        options.keepFiles = keepFiles;
        return rm(ws, options, ctx);
    }

private Q_SLOTS:
    void initTestCase()
    {
        RemoteBuilder remotes(m_tmp.filePath(u"remotes"_s));
        m_alpha =
            remotes.create(u"alpha"_s, RemoteBuilder::packFiles(u"alpha"_s, u"declarative"_s,
                                                                "x-gitignore:\n  - \"*.cache\"\n"));
        m_beta = remotes.create(u"beta"_s, RemoteBuilder::packFiles(u"beta"_s, u"scripted"_s));
        m_plain = remotes.create(u"plain"_s, {{u"README"_s, "no pack.yaml here\n"}});
        m_gamma = remotes.create(u"gamma"_s, RemoteBuilder::packFiles(u"gamma"_s));
        remotes.tag(m_gamma, u"v1"_s, remotes.tip(m_gamma));
        RemoteBuilder::Files gamma2 = RemoteBuilder::packFiles(u"gamma"_s);
        gamma2.insert(u"two.txt"_s, "2\n");
        remotes.commit(m_gamma, gamma2);
        m_evil = remotes.create(u"evil"_s,
                                RemoteBuilder::packFiles(u"evil"_s, u"declarative"_s,
                                                         "x-gitignore:\n  - \"# <<< grex:evil "
                                                         "<<<\"\n"));
        m_parent = remotes.create(
            u"parent"_s, RemoteBuilder::packFiles(u"parent"_s, u"meta"_s,
                                                  "children:\n  - url: " + m_alpha.toUtf8() +
                                                      "\n  - url: " + m_beta.toUtf8() + "\n"));
        m_tagged = remotes.create(
            u"tagged"_s,
            RemoteBuilder::packFiles(u"tagged"_s, u"meta"_s,
                                     "tags: [shared]\nchildren:\n  - url: " + m_alpha.toUtf8() +
                                         "\n    tags: [lib]\n"));
    }

    // init
    void initCreatesFilesAndIsIdempotent()
    {
        Workspace ws(newWorkspaceDir());
        OperationContext ctx;
        const Result<InitReport> first = init(ws, {}, ctx);
        QVERIFY(first.ok());
        QCOMPARE(first->created, (QStringList{u"grex.jsonl"_s, u"grex.lock.jsonl"_s}));
        QVERIFY(QFile::exists(ws.manifestPath()));
        QVERIFY(QFile::exists(ws.lockfilePath()));
        QCOMPARE(*Gitignore::readBlock(ws.gitignorePath(), u"_workspace"_s),
                 std::optional<QStringList>(Gitignore::workspaceBody()));
        const auto before = snapshot(ws.root());
        const Result<InitReport> second = init(ws, {}, ctx);
        QVERIFY(second.ok());
        QVERIFY(second->created.isEmpty());
        QCOMPARE(snapshot(ws.root()), before);
        QCOMPARE(first->toJson().keys(), (QStringList{u"workspace"_s, u"created"_s, u"hooks"_s,
                                                      u"cloned"_s, u"dry_run"_s}));
    }

    void initDryRunWritesNothing()
    {
        Workspace ws(newWorkspaceDir());
        OperationContext ctx;
        InitOptions options;
        options.dryRun = true;
        const Result<InitReport> r = init(ws, options, ctx);
        QVERIFY(r.ok());
        QCOMPARE(r->created.size(), 2);
        QVERIFY(snapshot(ws.root()).isEmpty());
    }

    void initClonesMissingPacks()
    {
        Workspace ws = initialised();
        mustAdd(ws, m_alpha);
        mustAdd(ws, m_beta);
        QVERIFY(QDir(ws.packDir(u"alpha"_s)).removeRecursively());
        QVERIFY(QDir(ws.packDir(u"beta"_s)).removeRecursively());
        OperationContext ctx;
        ctx.setWidth(Width::chosen(2));
        const Result<InitReport> r = init(ws, {}, ctx);
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().text()));
        QCOMPARE(r->cloned, (QStringList{u"alpha"_s, u"beta"_s}));
        QVERIFY(QFile::exists(ws.packDir(u"beta"_s) + u"/.grex/pack.yaml"_s));
        InitOptions noClone;
        noClone.noClone = true;
        QVERIFY(QDir(ws.packDir(u"beta"_s)).removeRecursively());
        QVERIFY(init(ws, noClone, ctx)->cloned.isEmpty());
        QVERIFY(!QFileInfo::exists(ws.packDir(u"beta"_s)));
    }

    void initRefusesACorruptLog()
    {
        Workspace ws = initialised();
        mustAdd(ws, m_alpha);
        QFile log(ws.manifestPath());
        QVERIFY(log.open(QIODevice::ReadWrite));
        const QByteArray good = log.readAll();
        log.seek(0);
        log.write("garbage\n" + good);
        log.close();
        OperationContext ctx;
        const Result<InitReport> r = init(ws, {}, ctx);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Manifest);
        QCOMPARE(readFile(ws.manifestPath()), "garbage\n" + good);
    }

    // add
    void addClonesRegistersAndIgnores()
    {
        Workspace ws = initialised();
        const AddReport r = mustAdd(ws, m_alpha);
        QCOMPARE(r.id, u"alpha"_s);
        QCOMPARE(r.type, u"declarative"_s);
        QCOMPARE(r.sha.size(), 40);
        QVERIFY(r.installed);
        QCOMPARE(ws.lockfile().read()->value(u"alpha"_s).sha, r.sha);
        QVERIFY(QFile::exists(ws.packDir(u"alpha"_s) + u"/.grex/pack.yaml"_s));
        OperationContext ctx;
        const auto packs = ws.readPacks(ctx);
        QCOMPARE(packs->value(u"alpha"_s).url, m_alpha);
        QCOMPARE(packs->value(u"alpha"_s).type, u"declarative"_s);
        QCOMPARE(*Gitignore::readBlock(ws.gitignorePath(), u"alpha"_s),
                 std::optional<QStringList>({u".grex-lock"_s, u"/alpha/"_s, u"*.cache"_s}));
        QCOMPARE(r.toJson().keys().mid(0, 10),
                 (QStringList{u"id"_s, u"type"_s, u"path"_s, u"url"_s, u"ref"_s, u"depth"_s,
                              u"filter"_s, u"tags"_s, u"sha"_s, u"installed"_s}));
    }

    void addWithoutPackYamlUsesTypeOrMeta()
    {
        Workspace ws = initialised();
        QCOMPARE(mustAdd(ws, m_plain).type, u"meta"_s);
        OperationContext ctx;
        AddOptions options;
        options.url = m_plain;
        options.path = u"plain2"_s;
        options.type = u"scripted"_s;
        QCOMPARE(add(ws, options, ctx)->type, u"scripted"_s);
    }

    void addDryRunWritesNothing()
    {
        Workspace ws = initialised();
        const auto before = snapshot(ws.root());
        OperationContext ctx;
        AddOptions options;
        options.url = m_alpha;
        options.dryRun = true;
        const Result<AddReport> r = add(ws, options, ctx);
        QVERIFY(r.ok());
        QVERIFY(r->dryRun);
        QCOMPARE(r->sha.size(), 40);
        QCOMPARE(snapshot(ws.root()), before);
        options.ref = u"no-such-branch"_s;
        const Result<AddReport> missing = add(ws, options, ctx);
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().reason(), u"ref_not_found"_s);
    }

    void addAdoptsAnExistingCloneOfTheSameUrl()
    {
        Workspace ws = initialised();
        mustAdd(ws, m_alpha);
        QVERIFY(rmApproved(ws, u"alpha"_s, true).ok());
        QFile mine(ws.packDir(u"alpha"_s) + u"/local-notes.txt"_s);
        QVERIFY(mine.open(QIODevice::WriteOnly));
        mine.close();
        const AddReport again = mustAdd(ws, m_alpha);
        QVERIFY(again.adopted);
        QVERIFY(QFile::exists(ws.packDir(u"alpha"_s) + u"/local-notes.txt"_s));
    }

    void addBadInputChangesNothing_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("reason");
        QTest::newRow("malformed url")
            << u"https:///x"_s << QString() << int(ErrorKind::Usage) << u"invalid_url"_s;
        QTest::newRow("doubled slash path")
            << u"ALPHA"_s << u"a//b"_s << int(ErrorKind::Usage) << u"path_not_bare"_s;
        QTest::newRow("trailing slash path")
            << u"ALPHA"_s << u"a/b/"_s << int(ErrorKind::Usage) << u"path_not_bare"_s;
        QTest::newRow("dotdot path")
            << u"ALPHA"_s << u".."_s << int(ErrorKind::Usage) << u"path_not_bare"_s;
        QTest::newRow("duplicate")
            << u"ALPHA"_s << u"alpha"_s << int(ErrorKind::Usage) << u"duplicate_pack"_s;
        QTest::newRow("occupied") << u"BETA"_s << u"occupied"_s << int(ErrorKind::PackOp)
                                  << u"destination_not_empty"_s;
        QTest::newRow("name mismatch")
            << u"BETA"_s << u"other"_s << int(ErrorKind::PackOp) << u"pack_name_mismatch"_s;
        QTest::newRow("unreachable")
            << u"/nowhere/x.git"_s << QString() << int(ErrorKind::PackOp) << u"not_found"_s;
    }

    void addBadInputChangesNothing()
    {
        QFETCH(QString, url);
        QFETCH(QString, path);
        QFETCH(int, kind);
        QFETCH(QString, reason);
        url.replace(u"ALPHA"_s, m_alpha).replace(u"BETA"_s, m_beta);
        Workspace ws = initialised();
        mustAdd(ws, m_alpha);
        QDir().mkpath(ws.packDir(u"occupied"_s));
        QFile f(ws.packDir(u"occupied"_s) + u"/file"_s);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const auto before = snapshot(ws.root());
        OperationContext ctx;
        AddOptions options;
        options.url = url;
        if (!path.isEmpty())
            options.path = path;
        const Result<AddReport> r = add(ws, options, ctx);
        QVERIFY(!r.ok());
        QCOMPARE(int(r.error().kind()), kind);
        QCOMPARE(r.error().reason(), reason);
        QCOMPARE(snapshot(ws.root()), before);
    }

    void addIntoAnEmptyDirectoryLeavesItEmptyOnFailure()
    {
        Workspace ws = initialised();
        QDir().mkpath(ws.packDir(u"other"_s));
        OperationContext ctx;
        AddOptions options;
        options.url = m_beta;
        options.path = u"other"_s; // beta's pack.yaml says its name is beta
        const Result<AddReport> r = add(ws, options, ctx);
        QCOMPARE(r.error().reason(), u"pack_name_mismatch"_s);
        QVERIFY(QFileInfo(ws.packDir(u"other"_s)).isDir());
        QVERIFY(QDir(ws.packDir(u"other"_s))
                    .isEmpty(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot));
    }

    void addRefusesGitignoreEntriesThatBreakBlocks()
    {
        Workspace ws = initialised();
        const auto before = snapshot(ws.root());
        OperationContext ctx;
        AddOptions options;
        options.url = m_evil;
        const Result<AddReport> r = add(ws, options, ctx);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"pack_yaml_invalid"_s);
        QCOMPARE(r.error().details().value(u"rule"_s).toString(), u"x-gitignore"_s);
        QCOMPARE(snapshot(ws.root()), before);
    }

    void addRefusesAPathAnotherPackHolds()
    {
        Workspace ws = initialised();
        QVERIFY(ws.intentLog()
                    .append(Event::add(u"other"_s, u"u"_s, u"taken"_s, u"meta"_s, std::nullopt))
                    .ok());
        OperationContext ctx;
        AddOptions options;
        options.url = m_plain;
        options.path = u"taken"_s;
        const Result<AddReport> r = add(ws, options, ctx);
        QCOMPARE(r.error().reason(), u"duplicate_pack"_s);
        QCOMPARE(r.error().details().value(u"pack"_s).toString(), u"other"_s);
    }

    void adoptingAClonePinnedToARefNeedsItThere()
    {
        Workspace ws = initialised();
        mustAdd(ws, m_gamma);
        QVERIFY(rmApproved(ws, u"gamma"_s, true).ok());
        OperationContext ctx;
        AddOptions options;
        options.url = m_gamma;
        options.ref = u"v1"_s; // the clone is at main, one commit later
        for (bool dryRun : {true, false}) {
            options.dryRun = dryRun;
            const Result<AddReport> r = add(ws, options, ctx);
            QVERIFY(!r.ok());
            QCOMPARE(r.error().reason(), u"adopted_clone_not_at_ref"_s);
        }
        options.dryRun = false;
        options.ref = u"main"_s;
        const Result<AddReport> adopted = add(ws, options, ctx);
        QVERIFY2(adopted.ok(), qPrintable(adopted.ok() ? QString() : adopted.error().text()));
        QVERIFY(adopted->adopted);
    }

    void addRefusesWhileTheWorkspaceIsLocked()
    {
        Workspace ws = initialised();
        // Another process holds it (this thread taking tier 1 twice would be an order bug).
        QProcess holder;
        holder.start(helperBinary(), {u"hold-lock"_s, ws.syncLockPath()});
        QVERIFY(holder.waitForReadyRead(10000));
        OperationContext ctx;
        AddOptions options;
        options.url = m_alpha;
        const Result<AddReport> r = add(ws, options, ctx);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Lock);
        QCOMPARE(r.error().reason(), u"workspace_busy"_s);
        QCOMPARE(r.error().details().value(u"holder"_s).toObject().value(u"pid"_s).toInteger(),
                 holder.processId());
        QVERIFY(!QFileInfo::exists(ws.packDir(u"alpha"_s)));
        holder.kill();
        holder.waitForFinished();
    }

    void addCancelledLeavesNothing()
    {
        Workspace ws = initialised();
        const auto before = snapshot(ws.root());
        std::stop_source stop;
        stop.request_stop();
        OperationContext ctx(stop.get_token());
        AddOptions options;
        options.url = m_alpha;
        const Result<AddReport> r = add(ws, options, ctx);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Cancelled);
        QCOMPARE(snapshot(ws.root()), before);
    }

    void addNeedsAWorkspace()
    {
        Workspace ws(newWorkspaceDir());
        OperationContext ctx;
        AddOptions options;
        options.url = m_alpha;
        const Result<AddReport> r = add(ws, options, ctx);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"not_a_workspace"_s);
        QVERIFY(snapshot(ws.root()).isEmpty());
    }

    // rm
    void rmDeletesUnregistersAndCleansUp()
    {
        Workspace ws = initialised();
        mustAdd(ws, m_alpha);
        mustAdd(ws, m_beta);
        OperationContext ctx;
        ScriptedApproval approval;
        ctx.setApprovalPolicy(&approval);
        RmOptions options;
        options.path = u"alpha"_s;
        const Result<RmReport> r = rm(ws, options, ctx);
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().text()));
        QVERIFY(r->removed);
        QVERIFY(r->filesDeleted);
        QCOMPARE(approval.requests().size(), 1);
        QCOMPARE(approval.requests().at(0).packs, QStringList{u"alpha"_s});
        QVERIFY(!QFileInfo::exists(ws.packDir(u"alpha"_s)));
        QVERIFY(!ws.readPacks(ctx)->contains(u"alpha"_s));
        QVERIFY(ws.readPacks(ctx)->contains(u"beta"_s));
        QCOMPARE(*Gitignore::readBlock(ws.gitignorePath(), u"alpha"_s),
                 std::optional<QStringList>());
        QVERIFY(Gitignore::readBlock(ws.gitignorePath(), u"beta"_s)->has_value());
        // no trash left behind
        QCOMPARE(QDir(ws.root()).entryList({u".grex-trash-*"_s}, QDir::AllEntries | QDir::Hidden),
                 QStringList());
    }

    // What a killed rm leaves in the trash, by how far it got: before the rm event, the pack is
    // still registered and its directory comes back; after it, the directory is deleted. A note
    // without its directory is debris of a kill before the move (or after the delete).
    void interruptedRmIsFinishedBySync()
    {
        Workspace ws = initialised();
        mustAdd(ws, m_alpha);
        mustAdd(ws, m_beta);
        const QString alphaDir = ws.packDir(u"alpha"_s);
        const QString betaDir = ws.packDir(u"beta"_s);
        const auto note = [](const QString &pack, const QString &dir) {
            return QJsonDocument(QJsonObject{{u"pack"_s, pack}, {u"path"_s, dir}})
                .toJson(QJsonDocument::Compact);
        };
        // alpha: moved aside, rm event never written.
        const QString alphaTrash = ws.root() + u"/.grex-trash-a1"_s;
        QVERIFY(QDir().rename(alphaDir, alphaTrash));
        QVERIFY(writeFile(alphaTrash + TrashNoteSuffix, note(u"alpha"_s, alphaDir)));
        // beta: moved aside and unregistered, never deleted.
        const QString betaTrash = ws.root() + u"/.grex-trash-b2"_s;
        QVERIFY(QDir().rename(betaDir, betaTrash));
        QVERIFY(writeFile(betaTrash + TrashNoteSuffix, note(u"beta"_s, betaDir)));
        QVERIFY(ws.intentLog().append(Event::rm(u"beta"_s)).ok());
        // a note whose move never happened
        const QString torn = ws.root() + u"/.grex-trash-c3"_s + TrashNoteSuffix;
        QVERIFY(writeFile(torn, "{\"pack\":\"al"));

        OperationContext ctx;
        SyncOptions options;
        options.request.noInstall = true;
        const Result<LifecycleReport> synced = sync(ws, options, ctx);
        QVERIFY2(synced.ok(), qPrintable(synced.ok() ? QString() : synced.error().text()));
        QVERIFY(Git::isRepository(alphaDir));
        QVERIFY(!QFileInfo::exists(alphaTrash));
        QVERIFY(!QFileInfo::exists(alphaTrash + TrashNoteSuffix));
        QVERIFY(!QFileInfo::exists(betaTrash));
        QVERIFY(!QFileInfo::exists(betaDir));
        QVERIFY(!QFileInfo::exists(betaTrash + TrashNoteSuffix));
        QVERIFY(!QFileInfo::exists(torn));
        QVERIFY(ws.readPacks(ctx)->contains(u"alpha"_s));
    }

    void rmKeepFiles()
    {
        Workspace ws = initialised();
        mustAdd(ws, m_alpha);
        const Result<RmReport> r = rmApproved(ws, u"alpha"_s, true);
        QVERIFY(r.ok());
        QVERIFY(!r->filesDeleted);
        QVERIFY(QFileInfo::exists(ws.packDir(u"alpha"_s) + u"/.grex/pack.yaml"_s));
    }

    // Tags come from add, grex tag, a parent's children entry and pack.yaml; grex tag changes
    // only the workspace's own, and every refusal leaves grex.jsonl as it was.
    void tagsFromEverySource()
    {
        Workspace ws = initialised();
        OperationContext ctx;
        const auto call = [&](const QString &verb, const QJsonObject &args) {
            return invokeVerb(*findVerb(verb), ws, args, ctx);
        };
        const Result<JsonValue> added =
            call(u"add"_s, {{u"url"_s, m_tagged}, {u"tag"_s, QJsonArray{u"work"_s, u"home"_s}}});
        QVERIFY2(added.ok(), qPrintable(added.ok() ? QString() : added.error().text()));
        QCOMPARE(added->toObject().value(u"tags"_s).toStringList(),
                 (QStringList{u"home"_s, u"work"_s}));

        const Result<JsonValue> changed =
            call(u"tag"_s, {{u"pack"_s, u"tagged"_s}, {u"changes"_s, QJsonArray{u"+x"_s, u"-home"_s}}});
        QVERIFY(changed.ok());
        const JsonObject report = changed->toObject();
        QCOMPARE(report.value(u"tags"_s).toStringList(),
                 (QStringList{u"shared"_s, u"work"_s, u"x"_s}));
        QCOMPARE(report.value(u"workspace_tags"_s).toStringList(),
                 (QStringList{u"work"_s, u"x"_s}));
        QCOMPARE(report.value(u"pack_yaml_tags"_s).toStringList(), QStringList{u"shared"_s});
        QCOMPARE(report.value(u"added"_s).toStringList(), QStringList{u"x"_s});
        QCOMPARE(report.value(u"removed"_s).toStringList(), QStringList{u"home"_s});

        // What changes nothing writes nothing; every refusal names what is wrong.
        const QByteArray log = readFile(ws.manifestPath());
        const auto refusal = [&](const QJsonObject &args) {
            const Result<JsonValue> r = call(u"tag"_s, args);
            return r.ok() ? QString() : r.error().reason();
        };
        QCOMPARE(refusal({{u"pack"_s, u"tagged"_s}, {u"changes"_s, QJsonArray{u"+x"_s, u"-nope"_s}}}),
                 QString());
        QCOMPARE(refusal({{u"pack"_s, u"tagged"_s},
                          {u"changes"_s, QJsonArray{u"+new"_s}},
                          {u"dryRun"_s, true}}),
                 QString());
        QCOMPARE(refusal({{u"pack"_s, u"tagged"_s}, {u"changes"_s, QJsonArray{u"-shared"_s}}}),
                 u"tag_from_pack_yaml"_s);
        QCOMPARE(refusal({{u"pack"_s, u"alpha"_s}, {u"changes"_s, QJsonArray{u"+x"_s}}}),
                 u"child_pack"_s);
        QCOMPARE(refusal({{u"pack"_s, u"ghost"_s}}), u"unknown_pack"_s);
        QCOMPARE(refusal({{u"pack"_s, u"tagged"_s}, {u"changes"_s, QJsonArray{u"+a"_s, u"-a"_s}}}),
                 u"conflicting_tags"_s);
        QCOMPARE(refusal({{u"pack"_s, u"tagged"_s}, {u"changes"_s, QJsonArray{u"+a b"_s}}}),
                 u"invalid_tag"_s);
        QJsonArray many;
        for (int i = 0; i < MaxTagsPerPack; ++i)
            many.append(u"+t%1"_s.arg(i));
        QCOMPARE(refusal({{u"pack"_s, u"tagged"_s}, {u"changes"_s, many}}), u"too_many_tags"_s);
        QCOMPARE(readFile(ws.manifestPath()), log);

        // The child has its parent's entry's tags, and --filter selects by them.
        StatusOptions byTag;
        byTag.filter = PackFilter::parse(u"tag=lib"_s).value();
        const Result<StatusReport> status = Grex::status(ws, byTag, ctx);
        QVERIFY(status.ok());
        QCOMPARE(status->packs.size(), 1);
        QCOMPARE(status->packs.constFirst().id, u"alpha"_s);
        QCOMPARE(status->packs.constFirst().tags, QStringList{u"lib"_s});
        LsOptions lsTagged;
        lsTagged.filter = PackFilter::parse(u"tag=x"_s).value();
        const Result<LsReport> listed = ls(ws, lsTagged, ctx);
        QVERIFY(listed.ok());
        QCOMPARE(listed->packs.size(), 1);
        QCOMPARE(listed->packs.constFirst().tags, (QStringList{u"shared"_s, u"work"_s, u"x"_s}));
    }

    void rmDropsTheLockEntry()
    {
        Workspace ws = initialised();
        mustAdd(ws, m_alpha);
        LockEntry entry;
        entry.id = u"alpha"_s;
        entry.installedAt = Timestamp::now();
        entry.actionsHash = QString(64, u'0');
        LockEntry other = entry;
        other.id = u"other"_s;
        QVERIFY(ws.lockfile().write({{entry.id, entry}, {other.id, other}}).ok());
        QVERIFY(rmApproved(ws, u"alpha"_s).ok());
        QCOMPARE(ws.lockfile().read()->keys(), QStringList{u"other"_s});
    }

    void rmRefusalsChangeNothing()
    {
        Workspace ws = initialised();
        mustAdd(ws, m_alpha);
        const auto before = snapshot(ws.root());
        OperationContext ctx;
        RmOptions options;
        options.path = u"alpha"_s;

        const Result<RmReport> noPolicy = rm(ws, options, ctx);
        QCOMPARE(noPolicy.error().kind(), ErrorKind::NotApproved);
        ScriptedApproval no(false);
        ctx.setApprovalPolicy(&no);
        const Result<RmReport> denied = rm(ws, options, ctx);
        QCOMPARE(denied.error().kind(), ErrorKind::NotApproved);

        RmOptions unknown;
        unknown.path = u"nope"_s;
        const Result<RmReport> missing = rm(ws, unknown, ctx);
        QCOMPARE(missing.error().kind(), ErrorKind::Usage);
        QCOMPARE(missing.error().reason(), u"unknown_pack"_s);

        // Only the two refusals are recorded (no policy, then a no).
        int denials = 0;
        QCOMPARE(withoutDenials(snapshot(ws.root()), &denials), before);
        QCOMPARE(denials, 2);
    }

    void rmProtectsLocalChanges()
    {
        Workspace ws = initialised();
        mustAdd(ws, m_alpha);
        QFile edit(ws.packDir(u"alpha"_s) + u"/README.md"_s);
        QVERIFY(edit.open(QIODevice::Append));
        edit.write("my unsaved work\n");
        edit.close();
        const auto before = snapshot(ws.root());
        OperationContext ctx;
        ScriptedApproval approval;
        ctx.setApprovalPolicy(&approval);
        RmOptions options;
        options.path = u"alpha"_s;
        const Result<RmReport> refused = rm(ws, options, ctx);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().reason(), u"local_changes"_s);
        QCOMPARE(snapshot(ws.root()), before);
        QVERIFY(approval.requests().isEmpty()); // refused before asking
        options.force = true;
        QVERIFY(rm(ws, options, ctx).ok());
        QVERIFY(!QFileInfo::exists(ws.packDir(u"alpha"_s)));
    }

    void rmProtectsUnpushedCommitsAndStashes()
    {
        Workspace ws = initialised();
        mustAdd(ws, m_alpha);
        const QString dir = ws.packDir(u"alpha"_s);
        QVERIFY(writeFile(dir + u"/new.txt"_s, "n\n"));
        runGit(dir, {u"add"_s, u"new.txt"_s});
        runGit(dir, {u"commit"_s, u"-q"_s, u"-m"_s, u"local only"_s});
        Result<RmReport> r = rmApproved(ws, u"alpha"_s);
        QCOMPARE(r.error().reason(), u"local_changes"_s);
        QCOMPARE(r.error().details().value(u"unpushed"_s).toInteger(), 1);

        runGit(dir, {u"reset"_s, u"-q"_s, u"--hard"_s, u"origin/main"_s});
        QVERIFY(rmApproved(ws, u"alpha"_s).ok()); // nothing is lost once it matches the remote
        Workspace again = initialised();
        mustAdd(again, m_alpha);
        const QString dir2 = again.packDir(u"alpha"_s);
        QVERIFY(writeFile(dir2 + u"/README.md"_s, "stashed edit\n"));
        runGit(dir2, {u"stash"_s, u"-q"_s});
        r = rmApproved(again, u"alpha"_s);
        QCOMPARE(r.error().reason(), u"local_changes"_s);
        QCOMPARE(r.error().details().value(u"stashes"_s).toInteger(), 1);
        QCOMPARE(r.error().details().value(u"tracked"_s).toInteger(), 0);
    }

    void rmKeepFilesUnregistersALegacyPath()
    {
        Workspace ws = initialised();
        QVERIFY(ws.intentLog()
                    .append(Event::add(u"legacy"_s, u"u"_s, u".dots"_s, u"meta"_s, std::nullopt))
                    .ok());
        QCOMPARE(rmApproved(ws, u"legacy"_s).error().reason(), u"invalid_pack_path"_s);
        QVERIFY(rmApproved(ws, u"legacy"_s, true).ok());
        OperationContext ctx;
        QVERIFY(ws.readPacks(ctx)->isEmpty());
    }

    void rmWorksForTheLongestName()
    {
        Workspace ws = initialised();
        const QString name = QString(MaxPackPathBytes, u'n');
        mustAdd(ws, m_plain, name);
        const Result<RmReport> r = rmApproved(ws, name);
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().text()));
        QVERIFY(!QFileInfo::exists(ws.packDir(name)));
    }

    void rmDryRunChangesNothingAndAsksNothing()
    {
        Workspace ws = initialised();
        mustAdd(ws, m_alpha);
        const auto before = snapshot(ws.root());
        OperationContext ctx;
        RmOptions options;
        options.path = u"alpha"_s;
        options.dryRun = true;
        const Result<RmReport> r = rm(ws, options, ctx);
        QVERIFY(r.ok());
        QVERIFY(r->dryRun);
        QVERIFY(r->filesDeleted);
        QCOMPARE(snapshot(ws.root()), before);
    }

    void rmNeverDeletesOutsideTheWorkspace()
    {
        Workspace ws = initialised();
        QDir().mkpath(m_tmp.filePath(u"precious"_s));
        QVERIFY(ws.intentLog()
                    .append(Event::add(u"evil"_s, u"u"_s, u"../precious"_s, u"meta"_s, {}))
                    .ok());
        const Result<RmReport> r = rmApproved(ws, u"evil"_s);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"invalid_pack_path"_s);
        QVERIFY(QFileInfo::exists(m_tmp.filePath(u"precious"_s)));
    }

    // ls
    void lsReportsPacksInIdOrder()
    {
        Workspace ws = initialised();
        mustAdd(ws, m_beta);
        mustAdd(ws, m_alpha);
        mustAdd(ws, m_plain);
        QVERIFY(QDir(ws.packDir(u"plain"_s)).removeRecursively());
        OperationContext ctx;
        const Result<LsReport> r = ls(ws, {}, ctx);
        QVERIFY(r.ok());
        QCOMPARE(r->packs.size(), 3);
        QCOMPARE(r->packs.at(0).id, u"alpha"_s);
        QCOMPARE(r->packs.at(1).id, u"beta"_s);
        QCOMPARE(r->packs.at(1).type, u"scripted"_s);
        QCOMPARE(r->packs.at(0).sha->size(), 40);
        QCOMPARE(r->packs.at(0).branch, std::optional<QString>(u"main"_s));
        QVERIFY(!r->packs.at(2).onDisk);
        // Not on disk: the commit comes from the lockfile (add installed it).
        QCOMPARE(r->packs.at(2).sha,
                 std::optional<QString>(ws.lockfile().read()->value(u"plain"_s).sha));
        const JsonArray json = r->toJson().toArray();
        QCOMPARE(json.at(0).toObject().keys().mid(0, 7),
                 (QStringList{u"id"_s, u"type"_s, u"path"_s, u"url"_s, u"ref"_s, u"sha"_s,
                              u"installed_at"_s}));
        QCOMPARE(json.at(2).toObject().value(u"sha"_s).toString().size(), 40);
        QVERIFY(!json.at(0).toObject().contains(u"actions_hash"_s));
        QVERIFY(!json.at(0).toObject().contains(u"children"_s));
    }

    void lsTypeLongAndTree()
    {
        Workspace ws = initialised();
        {
            OperationContext ctx;
            AddOptions options;
            options.url = m_parent;
            options.noInstall = true; // its children stay uncloned
            QVERIFY(add(ws, options, ctx).ok());
        }
        mustAdd(ws, m_alpha);
        LockEntry entry;
        entry.id = u"alpha"_s;
        entry.sha = QString(40, u'e');
        entry.installedAt = Timestamp::fromUnixNanos(1776592800000000000);
        entry.actionsHash = QString(64, u'9');
        QVERIFY(ws.lockfile().write({{entry.id, entry}}).ok());
        OperationContext ctx;

        LsOptions byType;
        byType.type = u"meta"_s;
        QCOMPARE(ls(ws, byType, ctx)->packs.size(), 1);

        LsOptions longForm;
        longForm.long_ = true;
        const JsonArray longJson = ls(ws, longForm, ctx)->toJson().toArray();
        QCOMPARE(longJson.at(0).toObject().value(u"actions_hash"_s).toString(), QString(64, u'9'));
        QCOMPARE(longJson.at(0).toObject().value(u"installed_at"_s).toString(),
                 u"2026-04-19T10:00:00.000000Z"_s);
        QVERIFY(longJson.at(1).toObject().value(u"actions_hash"_s).isNull());

        LsOptions tree;
        tree.tree = true;
        const Result<LsReport> r = ls(ws, tree, ctx);
        const LsEntry parent = r->packs.at(1);
        QCOMPARE(parent.id, u"parent"_s);
        QCOMPARE(parent.children.size(), 2);
        QCOMPARE(parent.children.at(0).id, u"alpha"_s);
        QVERIFY(parent.children.at(0).onDisk);
        QCOMPARE(parent.children.at(1).id, u"beta"_s);
        QVERIFY(!parent.children.at(1).onDisk);
        const JsonObject betaJson =
            r->toJson().toArray().at(1).toObject().value(u"children"_s).toArray().at(1).toObject();
        QVERIFY(betaJson.value(u"type"_s).isNull()); // unknown until cloned
        QVERIFY(r->toJson().toArray().at(0).toObject().contains(u"children"_s));
    }

    void lsReportsACorruptLogWithItsLine()
    {
        Workspace ws = initialised();
        mustAdd(ws, m_alpha);
        mustAdd(ws, m_beta);
        QByteArray log = readFile(ws.manifestPath());
        log.insert(log.indexOf('\n') + 1, "{\"op\":\"add\",broken\n");
        QFile f(ws.manifestPath());
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(log);
        f.close();
        OperationContext ctx;
        const Result<LsReport> r = ls(ws, {}, ctx);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Manifest);
        QCOMPARE(r.error().details().value(u"line"_s).toInteger(), 2);
    }

    // registry
    void registryInvariants()
    {
        QStringList names;
        for (const VerbSpec &v : verbRegistry()) {
            names.append(v.name);
            QVERIFY(v.invoke);
            QVERIFY(v.summary && *v.summary);
            QVERIFY(v.title && *v.title);
            QCOMPARE(v.readOnly, v.name == u"ls" || v.name == u"status" || v.name == u"doctor" ||
                                     v.name == u"task-status" || v.name == u"task-diff" ||
                                     v.name == u"safe-to-leave");
            QCOMPARE(v.mcpTool, v.name != u"teardown");
            QCOMPARE(v.destructive, v.name == u"rm" || v.name == u"run" || v.name == u"exec" ||
                                        v.name == u"task-abandon" || v.name == u"discard");
            const QJsonObject schema = v.inputSchema();
            QCOMPARE(schema.value(u"additionalProperties"_s).toBool(true), false);
            QCOMPARE(schema.value(u"type"_s).toString(), u"object"_s);
            for (const ParamSpec &p : v.params) {
                QVERIFY(p.help && *p.help);
                // A CLI-only option (exec --shell) is not part of the tool.
                QCOMPARE(schema.value(u"properties"_s).toObject().contains(p.name), !p.cliOnly);
            }
            // Every verb that walks packs in parallel takes the width an agent may set, as the
            // CLI does; a task's verbs and a person's git in some packs go through their few
            // packs one by one.
            static const QStringList oneByOne{u"init"_s,   u"tag"_s,   u"safe-to-leave"_s,
                                              u"switch"_s, u"stash"_s, u"discard"_s,
                                              u"commit"_s, u"push"_s};
            QCOMPARE(schema.value(u"properties"_s).toObject().contains(u"parallel"_s),
                     !oneByOne.contains(v.name) && !v.name.startsWith(u"task-"));
        }
        QCOMPARE(names, (QStringList{
                            u"init"_s,        u"add"_s,           u"rm"_s,          u"tag"_s,
                            u"ls"_s,          u"status"_s,        u"sync"_s,        u"update"_s,
                            u"teardown"_s,    u"doctor"_s,        u"import"_s,      u"run"_s,
                            u"exec"_s,        u"safe-to-leave"_s, u"switch"_s,      u"stash"_s,
                            u"discard"_s,     u"commit"_s,        u"push"_s,        u"task-start"_s,
                            u"task-status"_s, u"task-diff"_s,     u"task-commit"_s, u"task-push"_s,
                            u"task-finish"_s, u"task-abandon"_s}));
        QVERIFY(!findVerb(u"serve"_s));
        QVERIFY(!findVerb(u"teardown"_s)->mcpTool);
    }

    void registryValidatesArguments()
    {
        const VerbSpec *addVerb = findVerb(u"add"_s);
        QVERIFY(addVerb);
        Workspace ws(newWorkspaceDir());
        OperationContext ctx;
        const auto reason = [&](const QJsonObject &args) {
            const Result<JsonValue> r = invokeVerb(*addVerb, ws, args, ctx);
            return r.ok() ? QString() : r.error().reason();
        };
        QCOMPARE(reason({}), u"missing_argument"_s);
        QCOMPARE(reason({{u"url"_s, 3}}), u"invalid_argument"_s);
        QCOMPARE(reason({{u"url"_s, u"x"_s}, {u"shell"_s, true}}), u"unknown_argument"_s);
        QCOMPARE(reason({{u"url"_s, m_alpha}, {u"path"_s, QJsonValue::Null}}),
                 u"not_a_workspace"_s);

        // An integer argument must be a whole number within 64 bits; converting 1e300 to one
        // was undefined behaviour (the pattern fuzz_intentlog found; fuzz_session trips on it).
        const VerbSpec *syncVerb = findVerb(u"sync"_s);
        QVERIFY(syncVerb);
        for (const double parallel : {1e300, -1e300, 9223372036854775808.0, 2.5}) {
            const Result<void> valid = syncVerb->validateArguments({{u"parallel"_s, parallel}});
            QVERIFY(!valid.ok());
            QCOMPARE(valid.error().reason(), u"invalid_argument"_s);
        }
        QVERIFY(syncVerb->validateArguments({{u"parallel"_s, 4.0}}).ok());
    }

    void cliNamesAreKebabCase()
    {
        ParamSpec p;
        p.name = u"keepFiles"_s;
        QCOMPARE(p.cliName(), u"keep-files"_s);
    }
};

QTEST_GUILESS_MAIN(tst_Verbs)
#include "tst_verbs.moc"
