#include "core/manifest/intentlog.h"
#include "core/operationcontext.h"
#include "core/tasks/taskstate.h"
#include "core/verbs/rm.h"
#include "core/verbs/safetoleave.h"
#include "core/verbs/sync.h"
#include "core/verbs/taskcommit.h"
#include "core/verbs/taskend.h"
#include "core/verbs/taskpush.h"
#include "core/verbs/taskstart.h"
#include "core/verbs/taskstatus.h"
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

template<typename T>
QString errorText(const Result<T> &r)
{
    return r.ok() ? QString() : r.error().text();
}

Result<TaskStartReport> start(Workspace &ws, const QString &name, const QStringList &packs,
                              const QString &branch = {})
{
    OperationContext ctx;
    QJsonObject args{
        {u"name"_s, name}, {u"packs"_s, QJsonArray::fromStringList(packs)}, {u"branch"_s, branch}};
    Result<TaskStartOptions> options = TaskStartOptions::fromJson(args);
    if (!options)
        return options.error();
    return taskStart(ws, *options, ctx);
}

TaskStatusReport::Task statusOf(Workspace &ws, const QString &name, bool files = false)
{
    OperationContext ctx;
    TaskStatusOptions options;
    options.name = name;
    options.files = files;
    Result<TaskStatusReport> report = taskStatus(ws, options, ctx);
    if (!report || report->tasks.size() != 1)
        qFatal("task status %s: %s", qPrintable(name), qPrintable(errorText(report)));
    return report->tasks.constFirst();
}

Result<TaskCommitReport> commit(Workspace &ws, const QString &name, const QString &message)
{
    OperationContext ctx;
    TaskCommitOptions options;
    options.name = name;
    options.message = message;
    return taskCommit(ws, options, ctx);
}

// The files of the pack's own checkout, its git dir left out but for HEAD and the index: what a
// task must not touch.
QMap<QString, QByteArray> checkout(const QString &dir)
{
    QMap<QString, QByteArray> files;
    const QMap<QString, QByteArray> all = snapshot(dir);
    for (auto it = all.cbegin(); it != all.cend(); ++it) {
        if (!it.key().startsWith(u".git/"_s) || it.key() == u".git/HEAD" ||
            it.key() == u".git/index")
            files.insert(it.key(), it.value());
    }
    return files;
}

} // namespace

// Tasks (docs/design.md, "Tasks"): a branch in a worktree of its own per pack, recorded in the
// journal, committed, and ended, against real clones of local remotes.
class tst_Tasks : public QObject, public WorkspaceCases
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // The person's identity, as their git config would give it.
        useTestIdentity();
        RemoteBuilder builder(m_remotes);
        for (const QString &name : {u"alpha"_s, u"beta"_s, u"gamma"_s, u"delta"_s})
            builder.create(name, RemoteBuilder::packFiles(name));
    }

    void startMakesABranchInAWorktreeOfEachPack()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s, u"gamma"_s});
        const auto alphaBefore = checkout(ws.packDir(u"alpha"_s));
        const Result<TaskStartReport> r = start(ws, u"fix-login"_s, {u"alpha"_s, u"beta"_s});
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QCOMPARE(r->packs.size(), 2);
        for (const TaskStartReport::Pack &p : r->packs) {
            const QString dir = absoluteWorktree(ws, p.worktree);
            QCOMPARE(p.worktree, u".grex-tasks/fix-login/"_s + p.id);
            QCOMPARE(runGit(dir, {u"branch"_s, u"--show-current"_s}), u"fix-login"_s);
            QCOMPARE(p.base, std::optional<QString>(u"origin/main"_s));
            QCOMPARE(runGit(dir, {u"rev-parse"_s, u"HEAD"_s}), p.baseSha);
        }
        QVERIFY(!QFileInfo::exists(ws.root() + u"/.grex-tasks/fix-login/gamma"_s));
        // The person's checkout is as it was, on its branch.
        QCOMPARE(checkout(ws.packDir(u"alpha"_s)), alphaBefore);
        QCOMPARE(runGit(ws.packDir(u"alpha"_s), {u"branch"_s, u"--show-current"_s}), u"main"_s);
        // Recorded in the journal, ignored by the workspace's git.
        QVERIFY(readFile(ws.intentLog().journalPath()).contains("\"op\":\"task_started\""));
        QVERIFY(!readFile(ws.manifestPath()).contains("task_"));
        QVERIFY(readFile(ws.gitignorePath()).contains("/.grex-tasks/"));
        const TaskStatusReport::Task status = statusOf(ws, u"fix-login"_s);
        QCOMPARE(status.branch, u"fix-login"_s);
        QCOMPARE(status.packs.size(), 2);
        QVERIFY(status.packs.at(0).settled());
    }

    // The person's uncommitted work stays in their checkout; the task starts from the upstream.
    void aDirtyCheckoutIsLeftAlone()
    {
        Workspace ws = workspaceWith({u"alpha"_s});
        const QString mine = ws.packDir(u"alpha"_s) + u"/README.md"_s;
        QVERIFY(writeFile(mine, "my own edit\n"));
        QVERIFY(writeFile(ws.packDir(u"alpha"_s) + u"/notes.txt"_s, "mine\n"));
        const auto before = checkout(ws.packDir(u"alpha"_s));
        const Result<TaskStartReport> r = start(ws, u"t"_s, {u"alpha"_s});
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        const QString tree = absoluteWorktree(ws, r->packs.at(0).worktree);
        QVERIFY(readFile(tree + u"/README.md"_s) != "my own edit\n");
        QVERIFY(!QFileInfo::exists(tree + u"/notes.txt"_s));
        QCOMPARE(checkout(ws.packDir(u"alpha"_s)), before);
        QVERIFY(statusOf(ws, u"t"_s).packs.at(0).settled());
    }

    // Two agents, two tasks, one pack: two worktrees, two branches; a branch already used is
    // refused before anything is made.
    void twoTasksShareAPack()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        QVERIFY(start(ws, u"agent-1"_s, {u"alpha"_s}).ok());
        QVERIFY(start(ws, u"agent-2"_s, {u"alpha"_s, u"beta"_s}).ok());
        const QString one = ws.root() + u"/.grex-tasks/agent-1/alpha"_s;
        const QString two = ws.root() + u"/.grex-tasks/agent-2/alpha"_s;
        QVERIFY(writeFile(one + u"/one.txt"_s, "1\n"));
        QVERIFY(writeFile(two + u"/two.txt"_s, "2\n"));
        QVERIFY(commit(ws, u"agent-1"_s, u"one"_s).ok());
        QVERIFY(!QFileInfo::exists(two + u"/one.txt"_s));
        QCOMPARE(statusOf(ws, u"agent-2"_s).packs.at(0).untrackedFiles, 1);

        const auto before = snapshot(ws.root());
        const Result<TaskStartReport> clash =
            start(ws, u"agent-3"_s, {u"beta"_s, u"alpha"_s}, u"agent-1"_s);
        QVERIFY(!clash.ok());
        QCOMPARE(clash.error().reason(), u"branch_exists"_s);
        QCOMPARE(clash.error().details().value(u"pack"_s).toString(), u"alpha"_s);
        QCOMPARE(snapshot(ws.root()), before);
        const Result<TaskStartReport> again = start(ws, u"agent-1"_s, {u"beta"_s});
        QVERIFY(!again.ok());
        QCOMPARE(again.error().reason(), u"task_exists"_s);
    }

    void badInputIsRefusedWithItsName_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("packs");
        QTest::addColumn<QString>("branch");
        QTest::addColumn<QString>("reason");
        QTest::newRow("no packs") << u"t"_s << QStringList() << QString() << u"missing_argument"_s;
        QTest::newRow("name with a slash")
            << u"a/b"_s << QStringList{u"alpha"_s} << QString() << u"invalid_task_name"_s;
        QTest::newRow("name with ..")
            << u"a..b"_s << QStringList{u"alpha"_s} << QString() << u"invalid_task_name"_s;
        QTest::newRow("bidi in the name")
            << u"a\u202Eb"_s << QStringList{u"alpha"_s} << QString() << u"invalid_task_name"_s;
        QTest::newRow("branch git refuses")
            << u"t"_s << QStringList{u"alpha"_s} << u"a..b"_s << u"invalid_branch"_s;
        QTest::newRow("branch like an option")
            << u"t"_s << QStringList{u"alpha"_s} << u"-f"_s << u"invalid_branch"_s;
        QTest::newRow("unknown pack")
            << u"t"_s << QStringList{u"nope"_s} << QString() << u"unknown_pack"_s;
    }
    void badInputIsRefusedWithItsName()
    {
        QFETCH(QString, name);
        QFETCH(QStringList, packs);
        QFETCH(QString, branch);
        QFETCH(QString, reason);
        Workspace ws = workspaceWith({u"alpha"_s});
        const auto before = snapshot(ws.root());
        const Result<TaskStartReport> r = start(ws, name, packs, branch);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), reason);
        QCOMPARE(snapshot(ws.root()), before);
    }

    // git fails in the second pack (its post-checkout hook exits 1): the first pack's worktree
    // and branch are removed again and no task is recorded.
    void aFailedStartLeavesNothing()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        const QString hook = ws.packDir(u"beta"_s) + u"/.git/hooks/post-checkout"_s;
        QVERIFY(writeFile(hook, "#!/bin/sh\nexit 1\n"));
        QVERIFY(
            QFile::setPermissions(hook, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const QByteArray journalBefore = readFile(ws.intentLog().journalPath());
        const Result<TaskStartReport> r = start(ws, u"t"_s, {u"alpha"_s, u"beta"_s});
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"worktree_failed"_s);
        QCOMPARE(r.error().details().value(u"pack"_s).toString(), u"beta"_s);
        QVERIFY(!QFileInfo::exists(ws.root() + u"/.grex-tasks/t"_s));
        for (const QString &pack : {u"alpha"_s, u"beta"_s}) {
            QCOMPARE(runGit(ws.packDir(pack), {u"branch"_s, u"--list"_s, u"t"_s}), QString());
            QCOMPARE(runGit(ws.packDir(pack), {u"worktree"_s, u"list"_s, u"--porcelain"_s})
                         .count(u"worktree "_s),
                     1);
        }
        QCOMPARE(readFile(ws.intentLog().journalPath()), journalBefore);
    }

    void commitStatusAndDiff()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s, u"gamma"_s});
        QVERIFY(start(ws, u"t"_s, {u"alpha"_s, u"beta"_s, u"gamma"_s}).ok());
        const QString a = ws.root() + u"/.grex-tasks/t/alpha"_s;
        const QString b = ws.root() + u"/.grex-tasks/t/beta"_s;
        QVERIFY(writeFile(a + u"/README.md"_s, "changed\n"));
        QVERIFY(writeFile(b + u"/new file.txt"_s, "new\n"));

        TaskStatusReport::Task status = statusOf(ws, u"t"_s, true);
        QCOMPARE(status.packs.at(0).changedFiles, 1);
        QCOMPARE(status.packs.at(0).files, QStringList{u"M README.md"_s});
        QCOMPARE(status.packs.at(1).files, QStringList{u"?? new file.txt"_s});
        QVERIFY(status.packs.at(2).settled());

        OperationContext ctx;
        TaskDiffOptions diffOptions;
        diffOptions.name = u"t"_s;
        const Result<TaskDiffReport> diff = taskDiff(ws, diffOptions, ctx);
        QVERIFY2(diff.ok(), qPrintable(errorText(diff)));
        QVERIFY(diff->packs.at(0).diff.contains(u"+changed"_s));
        QVERIFY(diff->packs.at(1).diff.contains(u"+new"_s));
        QCOMPARE(diff->packs.at(2).diff, QString());

        const Result<TaskCommitReport> committed = commit(ws, u"t"_s, u"One change\n\nIn two."_s);
        QVERIFY2(committed.ok(), qPrintable(errorText(committed)));
        QCOMPARE(committed->packs.size(), 2); // gamma had nothing
        QCOMPARE(committed->committed(), 2);
        QCOMPARE(runGit(a, {u"log"_s, u"-1"_s, u"--format=%B"_s}), u"One change\n\nIn two."_s);
        QCOMPARE(runGit(b, {u"log"_s, u"-1"_s, u"--format=%an"_s}), u"Tess Tester"_s);
        status = statusOf(ws, u"t"_s);
        QCOMPARE(status.packs.at(0).commits, 1);
        QCOMPARE(status.packs.at(0).unpushed, 1);
        QCOMPARE(status.packs.at(0).changedFiles, 0);
        QVERIFY(!status.packs.at(0).settled());
        // The diff still shows the committed change.
        const Result<TaskDiffReport> after = taskDiff(ws, diffOptions, ctx);
        QVERIFY(after->packs.at(0).diff.contains(u"+changed"_s));

        const Result<TaskCommitReport> nothing = commit(ws, u"t"_s, u"again"_s);
        QVERIFY(!nothing.ok());
        QCOMPARE(nothing.error().reason(), u"nothing_to_commit"_s);
    }

    // A hook refuses the commit in one pack: the others are committed, the report says which.
    void aRefusedCommitInOnePack()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        QVERIFY(start(ws, u"t"_s, {u"alpha"_s, u"beta"_s}).ok());
        const QString hook = ws.packDir(u"beta"_s) + u"/.git/hooks/pre-commit"_s;
        QVERIFY(writeFile(hook, "#!/bin/sh\necho 'lint says no' >&2\nexit 1\n"));
        QVERIFY(
            QFile::setPermissions(hook, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        for (const QString &pack : {u"alpha"_s, u"beta"_s})
            QVERIFY(writeFile(ws.root() + u"/.grex-tasks/t/"_s + pack + u"/x.txt"_s, "x\n"));
        const Result<TaskCommitReport> r = commit(ws, u"t"_s, u"x"_s);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"commit_failed"_s);
        const JsonObject report = r.error().details().value(u"report"_s).toObject();
        QCOMPARE(report.value(u"committed"_s).toInteger(), 1);
        QCOMPARE(report.value(u"failed"_s).toInteger(), 1);
        const JsonObject beta = report.value(u"packs"_s).toArray().at(1).toObject();
        QVERIFY(beta.value(u"error"_s).toString().contains(u"lint says no"_s));
        // Its change stays, staged, as git leaves a refused commit.
        QCOMPARE(statusOf(ws, u"t"_s).packs.at(1).changedFiles, 1);
    }

    void endingATask()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        QVERIFY(start(ws, u"t"_s, {u"alpha"_s, u"beta"_s}).ok());
        QVERIFY(writeFile(ws.root() + u"/.grex-tasks/t/alpha/x.txt"_s, "x\n"));
        QVERIFY(commit(ws, u"t"_s, u"x"_s).ok());

        // Work only here: finish and a plain abandon refuse, and change nothing.
        const auto before = snapshot(ws.root());
        OperationContext ctx;
        TaskEndOptions options;
        options.name = u"t"_s;
        const Result<TaskEndReport> finished = taskFinish(ws, options, ctx);
        QVERIFY(!finished.ok());
        QCOMPARE(finished.error().reason(), u"task_not_settled"_s);
        const Result<TaskEndReport> dropped = taskAbandon(ws, options, ctx);
        QVERIFY(!dropped.ok());
        QCOMPARE(dropped.error().reason(), u"unsaved_work"_s);
        QCOMPARE(snapshot(ws.root()), before);
        // rm keeps the pack while a task uses it.
        RmOptions rmOptions;
        rmOptions.path = u"alpha"_s;
        ScriptedApproval yes;
        OperationContext approving;
        approving.setApprovalPolicy(&yes);
        const Result<RmReport> removed = rm(ws, rmOptions, approving);
        QVERIFY(!removed.ok());
        QCOMPARE(removed.error().reason(), u"pack_in_task"_s);

        // --force asks, and a no keeps everything.
        options.force = true;
        ScriptedApproval no(false);
        OperationContext refusing;
        refusing.setApprovalPolicy(&no);
        QCOMPARE(taskAbandon(ws, options, refusing).error().reason(), u"not_approved"_s);
        QVERIFY(QFileInfo::exists(ws.root() + u"/.grex-tasks/t/alpha/x.txt"_s));

        const Result<TaskEndReport> forced = taskAbandon(ws, options, approving);
        QVERIFY2(forced.ok(), qPrintable(errorText(forced)));
        QCOMPARE(yes.requests().size(), 1);
        QVERIFY(!QFileInfo::exists(ws.root() + u"/.grex-tasks"_s));
        for (const QString &pack : {u"alpha"_s, u"beta"_s}) {
            QCOMPARE(runGit(ws.packDir(pack), {u"branch"_s, u"--list"_s, u"t"_s}), QString());
            QCOMPARE(runGit(ws.packDir(pack), {u"worktree"_s, u"list"_s, u"--porcelain"_s})
                         .count(u"worktree "_s),
                     1);
        }
        OperationContext reading;
        QVERIFY(readTasks(ws, reading)->isEmpty());
        // The name is free again.
        QVERIFY(start(ws, u"t"_s, {u"beta"_s}).ok());
    }

    // Every pack's commits go out after one approval of the plan; the task then finishes and
    // its branches stay on the remotes.
    void pushThenFinish()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s, u"gamma"_s});
        QVERIFY(start(ws, u"publish"_s, {u"alpha"_s, u"beta"_s, u"gamma"_s}).ok());
        for (const QString &pack : {u"alpha"_s, u"beta"_s})
            QVERIFY(writeFile(ws.root() + u"/.grex-tasks/publish/"_s + pack + u"/p.txt"_s, "p\n"));
        QVERIFY(commit(ws, u"publish"_s, u"Publish"_s).ok());

        ScriptedApproval yes;
        OperationContext ctx;
        ctx.setApprovalPolicy(&yes);
        TaskPushOptions options;
        options.name = u"publish"_s;
        const Result<TaskPushReport> pushed = taskPush(ws, options, ctx);
        QVERIFY2(pushed.ok(), qPrintable(errorText(pushed)));
        QCOMPARE(pushed->count(PushResult::Pushed), 2);
        QCOMPARE(pushed->count(PushResult::UpToDate), 1); // gamma had no commit
        QCOMPARE(yes.requests().size(), 1);
        QCOMPARE(yes.requests().at(0).packs, (QStringList{u"alpha"_s, u"beta"_s}));
        const QString tip =
            runGit(ws.root() + u"/.grex-tasks/publish/alpha"_s, {u"rev-parse"_s, u"HEAD"_s});
        QCOMPARE(runGit(remote(u"alpha"_s), {u"rev-parse"_s, u"refs/heads/publish"_s}), tip);
        QCOMPARE(runGit(ws.root() + u"/.grex-tasks/publish/alpha"_s,
                        {u"rev-parse"_s, u"--abbrev-ref"_s, u"@{upstream}"_s}),
                 u"origin/publish"_s);
        for (const TaskPackStatus &pack : statusOf(ws, u"publish"_s).packs)
            QVERIFY2(pack.settled(), qPrintable(pack.id));

        TaskEndOptions end;
        end.name = u"publish"_s;
        QVERIFY(taskFinish(ws, end, ctx).ok());
        QCOMPARE(runGit(remote(u"alpha"_s), {u"rev-parse"_s, u"refs/heads/publish"_s}), tip);
    }

    // The remote of one pack among three refuses the push: the other two go out and are
    // recorded; the next push sends only the one that failed.
    void aRejectedPushAmongThree()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"gamma"_s, u"delta"_s});
        QVERIFY(start(ws, u"partial"_s, {u"alpha"_s, u"delta"_s, u"gamma"_s}).ok());
        for (const QString &pack : {u"alpha"_s, u"gamma"_s, u"delta"_s})
            QVERIFY(writeFile(ws.root() + u"/.grex-tasks/partial/"_s + pack + u"/q.txt"_s, "q\n"));
        QVERIFY(commit(ws, u"partial"_s, u"Partial"_s).ok());
        const QString hook = remote(u"delta"_s) + u"/hooks/pre-receive"_s;
        QVERIFY(writeFile(hook, "#!/bin/sh\necho 'delta is frozen' >&2\nexit 1\n"));
        QVERIFY(
            QFile::setPermissions(hook, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));

        ScriptedApproval yes;
        OperationContext ctx;
        ctx.setApprovalPolicy(&yes);
        TaskPushOptions options;
        options.name = u"partial"_s;
        const Result<TaskPushReport> first = taskPush(ws, options, ctx);
        QVERIFY(!first.ok());
        QCOMPARE(first.error().reason(), u"push_failed"_s);
        const JsonObject report = first.error().details().value(u"report"_s).toObject();
        QCOMPARE(report.value(u"pushed"_s).toInteger(), 2);
        QCOMPARE(report.value(u"failed"_s).toInteger(), 1);
        const JsonObject delta = report.value(u"packs"_s).toArray().at(1).toObject();
        QCOMPARE(delta.value(u"id"_s).toString(), u"delta"_s);
        QCOMPARE(delta.value(u"result"_s).toString(), u"failed"_s);
        QVERIFY(delta.value(u"error"_s).toString().contains(u"delta is frozen"_s));
        QCOMPARE(runGit(remote(u"delta"_s), {u"branch"_s, u"--list"_s, u"partial"_s}), QString());
        QVERIFY(!runGit(remote(u"gamma"_s), {u"branch"_s, u"--list"_s, u"partial"_s}).isEmpty());
        QVERIFY(QFile::remove(hook));

        const Result<TaskPushReport> second = taskPush(ws, options, ctx);
        QVERIFY2(second.ok(), qPrintable(errorText(second)));
        QCOMPARE(second->count(PushResult::Pushed), 1);
        QCOMPARE(second->count(PushResult::UpToDate), 2);
        QCOMPARE(yes.requests().at(1).packs, QStringList{u"delta"_s});
    }

    void aRefusedOrEmptyPushSendsNothing()
    {
        Workspace ws = workspaceWith({u"alpha"_s});
        QVERIFY(start(ws, u"quiet"_s, {u"alpha"_s}).ok());
        OperationContext ctx;
        TaskPushOptions options;
        options.name = u"quiet"_s;
        QCOMPARE(taskPush(ws, options, ctx).error().reason(), u"nothing_to_push"_s);
        QVERIFY(writeFile(ws.root() + u"/.grex-tasks/quiet/alpha/r.txt"_s, "r\n"));
        QVERIFY(commit(ws, u"quiet"_s, u"r"_s).ok());
        ScriptedApproval no(false);
        ctx.setApprovalPolicy(&no);
        QCOMPARE(taskPush(ws, options, ctx).error().reason(), u"not_approved"_s);
        QCOMPARE(runGit(remote(u"alpha"_s), {u"branch"_s, u"--list"_s, u"quiet"_s}), QString());
        QCOMPARE(statusOf(ws, u"quiet"_s).packs.at(0).unpushed, 1);
    }

    // safe-to-leave: nothing only here, then a commit on a branch no remote has and a task's
    // uncommitted file; rm refuses the same branch.
    void safeToLeaveListsWhatOnlyThisMachineHas()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        OperationContext ctx;
        const Result<SafeToLeaveReport> clean = safeToLeave(ws, SafeToLeaveOptions(), ctx);
        QVERIFY2(clean.ok(), qPrintable(errorText(clean)));
        QCOMPARE(clean->checked, 2);
        QVERIFY(clean->safe());

        runGit(ws.packDir(u"beta"_s), {u"checkout"_s, u"-q"_s, u"-b"_s, u"spike"_s});
        runGit(ws.packDir(u"beta"_s), {u"commit"_s, u"-q"_s, u"--allow-empty"_s, u"-m"_s, u"s"_s});
        runGit(ws.packDir(u"beta"_s), {u"checkout"_s, u"-q"_s, u"main"_s});
        QVERIFY(start(ws, u"t"_s, {u"alpha"_s}).ok());
        QVERIFY(writeFile(ws.root() + u"/.grex-tasks/t/alpha/w.txt"_s, "w\n"));
        const Result<SafeToLeaveReport> busy = safeToLeave(ws, SafeToLeaveOptions(), ctx);
        QVERIFY(!busy.ok());
        QCOMPARE(busy.error().kind(), ErrorKind::Drift);
        const JsonObject report = busy.error().details().value(u"report"_s).toObject();
        const JsonArray packs = report.value(u"packs"_s).toArray();
        QCOMPARE(packs.size(), 1);
        QCOMPARE(packs.at(0).toObject().value(u"id"_s).toString(), u"beta"_s);
        QCOMPARE(packs.at(0).toObject().value(u"branches"_s).toArray(), JsonArray{u"spike"_s});
        const JsonArray tasks = report.value(u"tasks"_s).toArray();
        QCOMPARE(tasks.size(), 1);
        QCOMPARE(tasks.at(0).toObject().value(u"uncommitted_files"_s).toInteger(), 1);

        ScriptedApproval yes;
        OperationContext approving;
        approving.setApprovalPolicy(&yes);
        RmOptions rmOptions;
        rmOptions.path = u"beta"_s;
        const Result<RmReport> removed = rm(ws, rmOptions, approving);
        QVERIFY(!removed.ok());
        QVERIFY(QFileInfo::exists(ws.packDir(u"beta"_s)));
    }

    // The pack's own sync goes on while a task exists, and does not touch the task's worktree.
    void syncWorksBesideATask()
    {
        Workspace ws = workspaceWith({u"alpha"_s}, true);
        QVERIFY(start(ws, u"t"_s, {u"alpha"_s}).ok());
        const QString tree = ws.root() + u"/.grex-tasks/t/alpha"_s;
        QVERIFY(writeFile(tree + u"/wip.txt"_s, "wip\n"));
        RemoteBuilder builder(m_remotes);
        auto files = RemoteBuilder::packFiles(u"alpha"_s);
        files.insert(u"upstream.txt"_s, "new upstream\n");
        const QString upstream = builder.commit(remote(u"alpha"_s), files);
        OperationContext ctx;
        const Result<LifecycleReport> synced = sync(ws, SyncOptions(), ctx);
        QVERIFY2(synced.ok(), qPrintable(errorText(synced)));
        QCOMPARE(runGit(ws.packDir(u"alpha"_s), {u"rev-parse"_s, u"HEAD"_s}), upstream);
        QVERIFY(!QFileInfo::exists(tree + u"/upstream.txt"_s));
        QVERIFY(QFileInfo::exists(tree + u"/wip.txt"_s));
        // The base moved on: the task's branch is one behind it now.
        QCOMPARE(statusOf(ws, u"t"_s).packs.at(0).behind, 1);
    }

    // Compaction keeps what a live task recorded and drops what an ended one did.
    void compactionKeepsLiveTasks()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        QVERIFY(start(ws, u"live"_s, {u"alpha"_s}).ok());
        QVERIFY(start(ws, u"gone"_s, {u"beta"_s}).ok());
        OperationContext ctx;
        TaskEndOptions options;
        options.name = u"gone"_s;
        QVERIFY(taskFinish(ws, options, ctx).ok());
        QVERIFY(ws.intentLog().compact().ok());
        const QByteArray journal = readFile(ws.intentLog().journalPath());
        QVERIFY(journal.contains("\"task\":\"live\""));
        QVERIFY(!journal.contains("\"task\":\"gone\""));
        const Result<QMap<QString, TaskState>> tasks = readTasks(ws, ctx);
        QCOMPARE(tasks->keys(), QStringList{u"live"_s});
        QCOMPARE(tasks->value(u"live"_s).packs.size(), 1);
    }
};

QTEST_GUILESS_MAIN(tst_Tasks)
#include "tst_tasks.moc"
