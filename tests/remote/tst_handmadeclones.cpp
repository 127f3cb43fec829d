// Clones people already have, made by hand with plain git and brought in with import --scan:
// a sparse checkout (cone mode), one with a sparse index, a linked worktree of a clone elsewhere
// (sparse too, so extensions.worktreeConfig is on), a clone whose remote is named "upstream",
// and a shallow clone. Each is read as git reads it (clean is clean), synced (fast-forwarded,
// still sparse), and removed as git would (a worktree's repository forgets it). A SHA-256
// repository, which libgit2 1.5 cannot read, is refused with the reason and leaves nothing.

#include "support/grexrunner.h"
#include "remotetesting.h"
#include "support/testfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

const QStringList Clones{u"sparse"_s, u"sparseidx"_s, u"wt"_s, u"renamed"_s, u"shallow"_s};

} // namespace

class tst_HandMadeClones : public QObject, public Grex::Test::HomeCases
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void importedAsTheyAre();
    void readAsGitReadsThem();
    void syncedAndStillSparse();
    void removedAsGitWould();
    void sha256IsRefusedAndLeavesNothing();

private:
    QJsonObject statusOf(const QString &id) const;
    RunResult grex(const QStringList &args) const { return runGrexIn(m_home, m_ws, args); }

    QString m_dir;
    QString m_ws;
};

void tst_HandMadeClones::initTestCase()
{
    QVERIFY(setUpHome());
    m_dir = m_tmp->filePath(u"case"_s);
    m_ws = m_dir + u"/ws"_s;
    QDir().mkpath(m_ws);
    GREX_VERIFY_RAN(grex({u"init"_s}));
    // The clones, each as a person makes it.
    GREX_VERIFY_RAN(shell(m_dir, uR"(git init -q --bare -b main up.git
git clone -q up.git work 2>/dev/null
cd work && mkdir a b && echo 1 > a/x && echo 2 > b/y && echo t > top
git add -A && git commit -qm one && git push -q origin main
cd ../ws
git clone -q --no-checkout ../up.git sparse && git -C sparse sparse-checkout set a
git -C sparse checkout -q main
git clone -q --no-checkout ../up.git sparseidx
git -C sparseidx sparse-checkout set --sparse-index a && git -C sparseidx checkout -q main
git clone -q ../up.git ../elsewhere
git -C ../elsewhere worktree add -q --track -b feature "$PWD/wt" origin/main 2>/dev/null
git -C wt sparse-checkout set a
git clone -q -o upstream ../up.git renamed
git clone -q --depth 1 "file://$(cd .. && pwd)/up.git" shallow
)"_s));
    QCOMPARE(runGitIn(m_home, m_dir + u"/elsewhere"_s, {u"config"_s, u"extensions.worktreeConfig"_s})
                 .outText()
                 .trimmed(),
             u"true"_s);
}

void tst_HandMadeClones::cleanupTestCase()
{
    m_tmp.reset();
}

QJsonObject tst_HandMadeClones::statusOf(const QString &id) const
{
    return packIn(grex({u"status"_s, u"--json"_s}), id);
}

// import --scan registers every one, with the URL of its remote (upstream as well as origin),
// and the worktree with its own branch.
void tst_HandMadeClones::importedAsTheyAre()
{
    const RunResult imported = grex({u"import"_s, u"--scan"_s, u"--json"_s});
    GREX_VERIFY_RAN(imported);
    const QJsonObject report = imported.json().object();
    QStringList paths;
    for (const QJsonValue &entry : report.value(u"imported"_s).toArray()) {
        paths.append(entry.toObject().value(u"path"_s).toString());
        QCOMPARE(QDir::cleanPath(entry.toObject().value(u"url"_s).toString().remove(u"file://"_s)),
                 QDir::cleanPath(m_dir + u"/up.git"_s));
    }
    paths.sort();
    QStringList expected = Clones;
    expected.sort();
    QCOMPARE(paths, expected);
    QVERIFY(report.value(u"skipped"_s).toArray().isEmpty());
    QVERIFY(readFile(m_ws + u"/grex.jsonl"_s).contains("\"ref\":\"feature\""));
    GREX_VERIFY_RAN(grex({u"sync"_s}));
}

// Clean clones read clean (no sparse file counts as deleted); a change in the sparse cone is
// dirty, as git status says.
void tst_HandMadeClones::readAsGitReadsThem()
{
    for (const QString &id : Clones) {
        const QJsonObject state = statusOf(id);
        QVERIFY2(stringsOf(state.value(u"drifts"_s)) == QStringList{u"clean"_s},
                 qPrintable(id + u": "_s + QString::fromUtf8(QJsonDocument(state).toJson())));
    }
    for (const QString &id : {u"sparse"_s, u"sparseidx"_s, u"wt"_s}) {
        QVERIFY(appendFile(m_ws + u'/' + id + u"/a/x"_s, "local\n"));
        const QJsonObject state = statusOf(id);
        QCOMPARE(state.value(u"drift"_s).toString(), u"dirty"_s);
        QCOMPARE(state.value(u"changed_files"_s).toInt(), 1);
        GREX_VERIFY_RAN(runGitIn(m_home, m_ws + u'/' + id, {u"checkout"_s, u"--"_s, u"a/x"_s}));
        QCOMPARE(statusOf(id).value(u"drift"_s).toString(), u"clean"_s);
    }
    const RunResult all = grex({u"status"_s, u"--fail-on-drift"_s});
    GREX_VERIFY_RAN(all);
}

// An upstream commit touching the cone and the rest: every clone is fast-forwarded, the sparse
// ones stay sparse, and all read clean.
void tst_HandMadeClones::syncedAndStillSparse()
{
    GREX_VERIFY_RAN(shell(m_dir + u"/work"_s, u"echo 3 >> a/x && echo 4 >> b/y && "
                                              "git commit -qam two && git push -q origin main\n"_s));
    const QString tip =
        runGitIn(m_home, m_dir + u"/up.git"_s, {u"rev-parse"_s, u"main"_s}).outText().trimmed();
    const RunResult synced = grex({u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    for (const QString &id : Clones) {
        const QString fetch = packIn(synced, id).value(u"fetch"_s).toString();
        QVERIFY2(fetch == u"updated"_s || fetch == u"checked_out"_s,
                 qPrintable(id + u": "_s + show(synced)));
        QCOMPARE(runGitIn(m_home, m_ws + u'/' + id, {u"rev-parse"_s, u"HEAD"_s}).outText().trimmed(),
                 tip);
        QCOMPARE(statusOf(id).value(u"drift"_s).toString(), u"clean"_s);
    }
    for (const QString &id : {u"sparse"_s, u"sparseidx"_s, u"wt"_s}) {
        QCOMPARE(readFile(m_ws + u'/' + id + u"/a/x"_s), QByteArray("1\n3\n"));
        QVERIFY2(!QFileInfo::exists(m_ws + u'/' + id + u"/b"_s), qPrintable(id));
    }
}

// rm of each: the folder goes, and the worktree's repository no longer lists it.
void tst_HandMadeClones::removedAsGitWould()
{
    for (const QString &id : Clones) {
        const RunResult removed = grex({u"rm"_s, u"--yes"_s, id});
        QVERIFY2(removed.exitCode == 0, qPrintable(id + u": "_s + show(removed)));
        QVERIFY(!QFileInfo::exists(m_ws + u'/' + id));
    }
    const RunResult listed =
        runGitIn(m_home, m_dir + u"/elsewhere"_s, {u"worktree"_s, u"list"_s, u"--porcelain"_s});
    QVERIFY2(!listed.outText().contains(u"/ws/wt"_s), qPrintable(show(listed)));
}

// A SHA-256 repository: add refuses it naming the object format, leaves no folder and no line in
// grex.jsonl, and says the same again (not "is not a clone of"); import --scan names the reason
// for one made by hand.
void tst_HandMadeClones::sha256IsRefusedAndLeavesNothing()
{
    GREX_VERIFY_RAN(shell(m_dir, u"git init -q --object-format=sha256 -b main sha-src\n"
                                 "cd sha-src && echo a > a && git add a && git commit -qm a\n"
                                 "cd .. && git clone -q --bare sha-src sha.git\n"
                                 "git clone -q sha.git ws/byhand\n"_s));
    const QByteArray logBefore = readFile(m_ws + u"/grex.jsonl"_s);
    for (int attempt = 0; attempt < 2; ++attempt) {
        const RunResult added = grex({u"add"_s, m_dir + u"/sha.git"_s, u"--json"_s});
        QCOMPARE(added.exitCode, 4);
        const QJsonObject error = errorOf(added);
        QCOMPARE(error.value(u"reason"_s).toString(), u"unsupported_repository"_s);
        QVERIFY2(error.value(u"message"_s).toString().contains(u"SHA-256"_s), qPrintable(show(added)));
        QVERIFY(!QFileInfo::exists(m_ws + u"/sha"_s));
        QCOMPARE(readFile(m_ws + u"/grex.jsonl"_s), logBefore);
    }
    const RunResult imported = grex({u"import"_s, u"--scan"_s, u"--json"_s});
    QCOMPARE(imported.exitCode, 4);
    QVERIFY2(imported.outText().contains(u"SHA-256"_s), qPrintable(show(imported)));
    QCOMPARE(readFile(m_ws + u"/grex.jsonl"_s), logBefore);
}

QTEST_GUILESS_MAIN(tst_HandMadeClones)
#include "tst_handmadeclones.moc"
