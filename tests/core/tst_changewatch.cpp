#include "core/fs/changewatch.h"
#include "core/operationcontext.h"
#include "support/remotebuilder.h"
#include "support/testfiles.h"
#include "core/verbs/ls.h"
#include "core/workspace.h"
#include "support/workspacefixture.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

// The inotify change watch, its memo, and ls with remembered probes (grex serve): after any
// change to a clone, ls with the memo prints what ls without it prints.
class tst_ChangeWatch : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;

    static void touch(const QString &path, const QByteArray &content = "x\n")
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
    }

    static QByteArray lsJson(Workspace &ws)
    {
        OperationContext ctx;
        LsOptions options;
        options.long_ = true;
        options.tree = true;
        const Result<LsReport> report = ls(ws, options, ctx);
        if (!report)
            return "error: " + report.error().message().text().toUtf8();
        return report->toJson().toJson();
    }

    // ls through the long-lived workspace (memo) equals ls through a fresh one (no memo).
    static void compareWithFresh(Workspace &remembering, const char *after)
    {
        Workspace fresh(remembering.root());
        const QByteArray expected = lsJson(fresh);
        QVERIFY2(lsJson(remembering) == expected, after);
    }

private Q_SLOTS:
    void watchReportsChanges()
    {
        ChangeWatch watch;
        QVERIFY(watch.isAvailable());
        const QString dir = m_tmp.filePath(u"watched"_s);
        QVERIFY(QDir().mkpath(dir + u"/sub"_s));
        const std::optional<ChangeWatch::Token> token = watch.watch({dir});
        QVERIFY(token);
        watch.refresh();
        QVERIFY(watch.unchangedSince({dir}, *token));

        touch(dir + u"/file"_s);
        QVERIFY(watch.unchangedSince({dir}, *token)); // not drained yet
        watch.refresh();
        QVERIFY(!watch.unchangedSince({dir}, *token));

        // A new token after the change is valid again; a change below a subfolder is not seen
        // (only the folders asked for are watched).
        const std::optional<ChangeWatch::Token> again = watch.watch({dir});
        QVERIFY(again && *again > *token);
        touch(dir + u"/sub/deep"_s);
        watch.refresh();
        QVERIFY(watch.unchangedSince({dir}, *again));

        // Removing the folder ends its watch; a folder that does not exist cannot be watched.
        QVERIFY(QDir(dir).removeRecursively());
        watch.refresh();
        QVERIFY(!watch.unchangedSince({dir}, *again));
        QVERIFY(!watch.watch({dir}));
    }

    void memoRecomputesAfterAChange()
    {
        DirMemo memo(std::make_shared<ChangeWatch>());
        const QString dir = m_tmp.filePath(u"memo"_s);
        QVERIFY(QDir().mkpath(dir));
        int computed = 0;
        const auto get = [&] {
            memo.refresh();
            return memo.get<int>(u"k"_s, [&] { return QStringList{dir}; },
                                 [&](bool &) { return ++computed; });
        };
        QCOMPARE(get(), 1);
        QCOMPARE(get(), 1);
        touch(dir + u"/f"_s);
        QCOMPARE(get(), 2);
        QCOMPARE(get(), 2);
        // A value the computation marks uncacheable is computed every time.
        const auto uncached = [&] {
            return memo.get<int>(u"u"_s, [&] { return QStringList{dir}; }, [&](bool &cacheable) {
                cacheable = false;
                return ++computed;
            });
        };
        QCOMPARE(uncached(), 3);
        QCOMPARE(uncached(), 4);
    }

    void lsWithRememberedProbesFollowsEveryChange()
    {
        const QString remotes = m_tmp.filePath(u"remotes"_s);
        RemoteBuilder builder(remotes);
        builder.create(u"alpha"_s, RemoteBuilder::packFiles(u"alpha"_s));
        builder.create(u"beta"_s, RemoteBuilder::packFiles(u"beta"_s));
        Workspace ws = initialisedWorkspace(m_tmp.filePath(u"ws"_s));
        addPackOrDie(ws, remotes + u"/alpha.git"_s);
        addPackOrDie(ws, remotes + u"/beta.git"_s);
        ws.rememberProbes();
        QVERIFY(ws.probeMemo());
        const QString alpha = ws.packDir(u"alpha"_s);

        compareWithFresh(ws, "at the start");
        const QByteArray before = lsJson(ws);
        QCOMPARE(lsJson(ws), before); // remembered, unchanged

        touch(alpha + u"/new.txt"_s);
        runGit(alpha, {u"add"_s, u"new.txt"_s});
        runGit(alpha, {u"commit"_s, u"-qm"_s, u"local"_s});
        compareWithFresh(ws, "after a commit");
        QVERIFY(lsJson(ws) != before);

        runGit(alpha, {u"checkout"_s, u"-qb"_s, u"other"_s});
        compareWithFresh(ws, "after checking out a new branch");
        runGit(alpha, {u"checkout"_s, u"-qb"_s, u"feature/nested"_s});
        compareWithFresh(ws, "after checking out a nested branch");
        touch(alpha + u"/nested.txt"_s);
        runGit(alpha, {u"add"_s, u"nested.txt"_s});
        runGit(alpha, {u"commit"_s, u"-qm"_s, u"nested"_s});
        compareWithFresh(ws, "after a commit on a nested branch");
        runGit(alpha, {u"checkout"_s, u"-q"_s, u"--detach"_s, u"HEAD~1"_s});
        compareWithFresh(ws, "after detaching HEAD");
        runGit(alpha, {u"pack-refs"_s, u"--all"_s});
        compareWithFresh(ws, "after packing the refs");

        touch(alpha + u"/.grex/pack.yaml"_s, RemoteBuilder::packYaml(u"alpha"_s, u"meta"_s));
        compareWithFresh(ws, "after pack.yaml changed its type");
        touch(alpha + u"/.grex/pack.yaml"_s, "name: [broken\n");
        compareWithFresh(ws, "after pack.yaml broke");

        QVERIFY(QDir(ws.packDir(u"beta"_s)).removeRecursively());
        compareWithFresh(ws, "after a clone was deleted");
        QVERIFY(QDir().rename(alpha, ws.packDir(u"beta"_s)));
        compareWithFresh(ws, "after a clone moved into another pack's place");
    }
};

QTEST_GUILESS_MAIN(tst_ChangeWatch)
#include "tst_changewatch.moc"
