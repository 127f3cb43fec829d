#include "core/operationcontext.h"
#include "core/verbs/packgit.h"
#include "core/workspace.h"
#include "support/remotebuilder.h"
#include "support/scriptedapproval.h"
#include "support/testfiles.h"
#include "support/workspacefixture.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTest>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

Result<PackGitReport> act(Workspace &ws, PackGitAction action, QJsonObject args,
                          ApprovalPolicy *policy = nullptr)
{
    OperationContext ctx;
    if (policy)
        ctx.setApprovalPolicy(policy);
    Result<PackGitOptions> options = PackGitOptions::fromJson(action, args);
    if (!options)
        return options.error();
    return packGit(ws, *options, ctx);
}

QJsonObject packs(const QStringList &ids, QJsonObject more = {})
{
    more.insert(u"packs"_s, QJsonArray::fromStringList(ids));
    return more;
}

// A list of the first pack of a report (an approval's preview): its files or its log.
JsonArray firstPackList(const JsonObject &report, const QString &key)
{
    return report.value(u"packs"_s).toArray().at(0).toObject().value(key).toArray();
}

QString errorText(const Result<PackGitReport> &r)
{
    return r.ok() ? QString() : r.error().text();
}

} // namespace

// switch, stash, discard, commit and push (docs/design.md, "Per-pack git"), on real clones of
// local remotes, with the person's own git doing the work.
class tst_PackGit : public QObject, public WorkspaceCases
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        useTestIdentity();
        RemoteBuilder builder(m_remotes);
        for (const QString &name : {u"alpha"_s, u"beta"_s, u"gamma"_s})
            builder.create(name, RemoteBuilder::packFiles(name));
    }

    void aCallNamesItsPacks()
    {
        Workspace ws = workspaceWith({u"alpha"_s});
        QCOMPARE(act(ws, PackGitAction::Stash, {}).error().reason(), u"missing_argument"_s);
        QCOMPARE(act(ws, PackGitAction::Commit, packs({u"alpha"_s})).error().reason(),
                 u"missing_argument"_s);
        QCOMPARE(act(ws, PackGitAction::Stash, packs({u"nope"_s})).error().reason(),
                 u"unknown_pack"_s);
        QCOMPARE(
            act(ws, PackGitAction::Commit, packs({u"alpha"_s}, {{u"message"_s, u"a\u0000b"_s}}))
                .error()
                .reason(),
            u"invalid_argument"_s);
    }

    // One message, one commit in each pack with changes; a clean pack is left alone.
    void commitThenPush()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s, u"gamma"_s});
        QVERIFY(writeFile(ws.packDir(u"alpha"_s) + u"/new.txt"_s, "new\n"));
        QVERIFY(writeFile(ws.packDir(u"beta"_s) + u"/README.md"_s, "changed\n"));
        const QJsonObject args =
            packs({u"alpha"_s, u"beta"_s, u"gamma"_s}, {{u"message"_s, u"Bump both"_s}});
        QJsonObject dryRun = args;
        dryRun.insert(u"dryRun"_s, true);
        const Result<PackGitReport> preview = act(ws, PackGitAction::Commit, dryRun);
        QVERIFY2(preview.ok(), qPrintable(errorText(preview)));
        QCOMPARE(preview->packs.at(0).files, QStringList{u"untracked new.txt"_s});
        QCOMPARE(preview->packs.at(1).files, QStringList{u"modified README.md"_s});
        QCOMPARE(preview->packs.at(2).result, u"unchanged"_s);
        QCOMPARE(runGit(ws.packDir(u"alpha"_s), {u"status"_s, u"--short"_s}), u"?? new.txt"_s);

        const Result<PackGitReport> r = act(ws, PackGitAction::Commit, args);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QCOMPARE(r->count(u"done"_s), 2);
        for (const QString &id : {u"alpha"_s, u"beta"_s}) {
            QCOMPARE(runGit(ws.packDir(id), {u"log"_s, u"-1"_s, u"--format=%s"_s}), u"Bump both"_s);
            QCOMPARE(runGit(ws.packDir(id), {u"status"_s, u"--short"_s}), QString());
        }
        QCOMPARE(runGit(ws.packDir(u"alpha"_s), {u"rev-parse"_s, u"HEAD"_s}), r->packs.at(0).sha);

        // The push is approved once, with the commits that go out, then both go out.
        ScriptedApproval yes;
        const Result<PackGitReport> pushed =
            act(ws, PackGitAction::Push, packs({u"alpha"_s, u"beta"_s, u"gamma"_s}), &yes);
        QVERIFY2(pushed.ok(), qPrintable(errorText(pushed)));
        QCOMPARE(pushed->count(u"done"_s), 2);
        QCOMPARE(pushed->packs.at(0).commits, 1);
        QCOMPARE(pushed->packs.at(2).result, u"unchanged"_s);
        QCOMPARE(yes.requests().size(), 1);
        QCOMPARE(yes.requests().at(0).packs, (QStringList{u"alpha"_s, u"beta"_s}));
        // The person approves the commits by name.
        const JsonArray log = firstPackList(yes.requests().at(0).preview, u"log"_s);
        QCOMPARE(log.size(), 1);
        QVERIFY2(log.at(0).toString().endsWith(u" Bump both"_s), qPrintable(log.at(0).toString()));
        QCOMPARE(runGit(remote(u"alpha"_s), {u"log"_s, u"-1"_s, u"--format=%s"_s, u"main"_s}),
                 u"Bump both"_s);
        // Nothing left to push.
        const Result<PackGitReport> again = act(ws, PackGitAction::Push, packs({u"alpha"_s}), &yes);
        QVERIFY(again.ok());
        QCOMPARE(again->packs.at(0).result, u"unchanged"_s);
        QCOMPARE(yes.requests().size(), 1);
    }

    // A push the remote refuses (not a fast-forward) is reported with git's words; a refused
    // approval pushes nothing.
    void aRefusedPush()
    {
        Workspace ws = workspaceWith({u"alpha"_s});
        const QString dir = ws.packDir(u"alpha"_s);
        QVERIFY(writeFile(dir + u"/mine.txt"_s, "mine\n"));
        QVERIFY(
            act(ws, PackGitAction::Commit, packs({u"alpha"_s}, {{u"message"_s, u"Mine"_s}})).ok());
        ScriptedApproval no(false);
        QCOMPARE(act(ws, PackGitAction::Push, packs({u"alpha"_s}), &no).error().reason(),
                 u"not_approved"_s);
        // Someone else pushed meanwhile, and this clone fetched it: diverged.
        RemoteBuilder::Files theirs = RemoteBuilder::packFiles(u"alpha"_s);
        theirs.insert(u"theirs.txt"_s, "theirs\n");
        RemoteBuilder(m_remotes).commit(remote(u"alpha"_s), theirs, u"main"_s, u"Theirs"_s);
        runGit(dir, {u"fetch"_s, u"--quiet"_s});
        ScriptedApproval yes;
        const Result<PackGitReport> r = act(ws, PackGitAction::Push, packs({u"alpha"_s}), &yes);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"push_failed"_s);
        const JsonObject report = r.error().details().value(u"report"_s).toObject();
        const JsonObject alpha = report.value(u"packs"_s).toArray().at(0).toObject();
        QCOMPARE(alpha.value(u"result"_s).toString(), u"failed"_s);
        QVERIFY(!alpha.value(u"hint"_s).toString().isEmpty());
        QVERIFY2(alpha.value(u"error"_s).toString().contains(u"[rejected]"_s),
                 qPrintable(alpha.value(u"error"_s).toString()));
    }

    // Stash keeps the changes in a stash; discard throws them away, after an approval that
    // names the files, and keeps ignored files and grex's own.
    void stashAndDiscard()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        const QString alpha = ws.packDir(u"alpha"_s);
        const QString beta = ws.packDir(u"beta"_s);
        QVERIFY(writeFile(alpha + u"/README.md"_s, "mine\n"));
        QVERIFY(writeFile(alpha + u"/scratch.txt"_s, "scratch\n"));
        const Result<PackGitReport> stashed =
            act(ws, PackGitAction::Stash, packs({u"alpha"_s}, {{u"message"_s, u"Aside"_s}}));
        QVERIFY2(stashed.ok(), qPrintable(errorText(stashed)));
        QCOMPARE(stashed->packs.at(0).files.size(), 2);
        QCOMPARE(runGit(alpha, {u"status"_s, u"--short"_s}), QString());
        QVERIFY(runGit(alpha, {u"stash"_s, u"list"_s}).contains(u"Aside"_s));

        QVERIFY(writeFile(beta + u"/README.md"_s, "mine\n"));
        QVERIFY(QDir(beta).mkpath(u"build/out"_s));
        QVERIFY(writeFile(beta + u"/build/out/x.o"_s, "o\n"));
        QVERIFY(writeFile(beta + u"/.git/info/exclude"_s, "/secret.env\n"));
        QVERIFY(writeFile(beta + u"/secret.env"_s, "TOKEN=1\n"));
        ScriptedApproval no(false);
        QCOMPARE(act(ws, PackGitAction::Discard, packs({u"beta"_s}), &no).error().reason(),
                 u"not_approved"_s);
        QCOMPARE(no.requests().at(0).verb, u"discard"_s);
        const JsonArray files = firstPackList(no.requests().at(0).preview, u"files"_s);
        QCOMPARE(files.size(), 2);
        QCOMPARE(files.at(0).toString(), u"modified README.md"_s);
        QCOMPARE(files.at(1).toString(), u"untracked build/"_s);
        QVERIFY(QFileInfo::exists(beta + u"/build/out/x.o"_s));

        ScriptedApproval yes;
        const Result<PackGitReport> r = act(ws, PackGitAction::Discard, packs({u"beta"_s}), &yes);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QCOMPARE(runGit(beta, {u"status"_s, u"--short"_s}), QString());
        QVERIFY(!QFileInfo::exists(beta + u"/build"_s));
        QVERIFY(QFileInfo::exists(beta + u"/secret.env"_s)); // ignored: kept
    }

    // Back to the branch the pack follows; and, after the remote renamed its default branch,
    // to the new default, which the clone then follows.
    void switchBackAndToTheNewDefault()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        const QString alpha = ws.packDir(u"alpha"_s);
        runGit(alpha, {u"switch"_s, u"--quiet"_s, u"--create"_s, u"feature"_s});
        const Result<PackGitReport> back = act(ws, PackGitAction::Switch, packs({u"alpha"_s}));
        QVERIFY2(back.ok(), qPrintable(errorText(back)));
        QCOMPARE(back->packs.at(0).from, u"feature"_s);
        QCOMPARE(back->packs.at(0).branch, u"main"_s);
        QCOMPARE(runGit(alpha, {u"branch"_s, u"--show-current"_s}), u"main"_s);

        const QString upstream = remote(u"beta"_s);
        runGit(upstream, {u"branch"_s, u"-m"_s, u"main"_s, u"trunk"_s});
        runGit(upstream, {u"symbolic-ref"_s, u"HEAD"_s, u"refs/heads/trunk"_s});
        const QString beta = ws.packDir(u"beta"_s);
        runGit(beta, {u"fetch"_s, u"--quiet"_s, u"--prune"_s});
        const Result<PackGitReport> moved =
            act(ws, PackGitAction::Switch, packs({u"beta"_s}, {{u"toDefault"_s, true}}));
        QVERIFY2(moved.ok(), qPrintable(errorText(moved)));
        QCOMPARE(moved->packs.at(0).branch, u"trunk"_s);
        QCOMPARE(runGit(beta, {u"branch"_s, u"--show-current"_s}), u"trunk"_s);
        QCOMPARE(runGit(beta, {u"rev-parse"_s, u"--abbrev-ref"_s, u"@{upstream}"_s}),
                 u"origin/trunk"_s);
        QCOMPARE(runGit(beta, {u"symbolic-ref"_s, u"refs/remotes/origin/HEAD"_s}),
                 u"refs/remotes/origin/trunk"_s);
    }

    // git refuses a switch that would lose a change; a commit on a detached HEAD is refused
    // before git is asked. Each is that pack's failure, and the others go on.
    void refusalsAreThePacksOwn()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        const QString alpha = ws.packDir(u"alpha"_s);
        runGit(alpha, {u"switch"_s, u"--quiet"_s, u"--create"_s, u"feature"_s});
        QVERIFY(writeFile(alpha + u"/README.md"_s, "feature\n"));
        runGit(alpha, {u"commit"_s, u"--quiet"_s, u"-am"_s, u"Feature"_s});
        QVERIFY(writeFile(alpha + u"/README.md"_s, "uncommitted\n"));
        const Result<PackGitReport> r = act(ws, PackGitAction::Switch, packs({u"alpha"_s}));
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"switch_failed"_s);
        QCOMPARE(runGit(alpha, {u"branch"_s, u"--show-current"_s}), u"feature"_s);
        QVERIFY(readFile(alpha + u"/README.md"_s).startsWith("uncommitted"));

        const QString beta = ws.packDir(u"beta"_s);
        runGit(beta, {u"switch"_s, u"--quiet"_s, u"--detach"_s});
        QVERIFY(writeFile(beta + u"/x.txt"_s, "x\n"));
        const Result<PackGitReport> c = act(
            ws, PackGitAction::Commit, packs({u"alpha"_s, u"beta"_s}, {{u"message"_s, u"Both"_s}}));
        QVERIFY(!c.ok());
        const JsonArray list =
            c.error().details().value(u"report"_s).toObject().value(u"packs"_s).toArray();
        QCOMPARE(list.at(0).toObject().value(u"result"_s).toString(), u"done"_s);
        QCOMPARE(list.at(1).toObject().value(u"result"_s).toString(), u"failed"_s);
        QVERIFY(!list.at(1).toObject().value(u"hint"_s).toString().isEmpty());
        QCOMPARE(runGit(beta, {u"status"_s, u"--short"_s}), u"?? x.txt"_s);
    }

    // --filter picks the packs as status would: the dirty ones.
    void aFilterPicksThePacks()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s, u"gamma"_s});
        QVERIFY(writeFile(ws.packDir(u"gamma"_s) + u"/README.md"_s, "dirty\n"));
        const Result<PackGitReport> r =
            act(ws, PackGitAction::Stash, {{u"filter"_s, u"drift=dirty"_s}, {u"dryRun"_s, true}});
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QCOMPARE(r->packs.size(), 1);
        QCOMPARE(r->packs.at(0).id, u"gamma"_s);
        QCOMPARE(r->packs.at(0).result, u"would"_s);
    }
};

QTEST_GUILESS_MAIN(tst_PackGit)
#include "tst_packgit.moc"
