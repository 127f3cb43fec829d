// States that must not lie, through the built grex against local remotes made with plain git: a
// fetch that failed stays on the pack until one succeeds (status without --fetch, its summary,
// --fail-on-drift), a clone sync left alone is never recorded as installed where the person put
// it, and following grex's own hints leads to a clean status.

#include "support/grexrunner.h"
#include "remotetesting.h"
#include "support/testfiles.h"
#include "support/testservers.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

#include <csignal>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

class tst_TrueStates : public QObject, public Grex::Test::HomeCases
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void failedFetchStaysUntilOneSucceeds();
    void statusFetchNeverSaysCleanAfterAFailure();
    void detachedHeadLeftAloneIsNotInstalled();
    void renamedDefaultBranchHintLeadsToClean();
    void pathsWithSpacesAndUnicode();
    void failingHookIsTheHooksFailure();
    void interruptedInstallRunsAgain_data();
    void interruptedInstallRunsAgain();

private:
    QString caseDir(const QString &name) const;
    // dir/<name>.git with one commit (a.txt), and dir/<name>-work, a clone that pushes to it.
    bool makeUpstream(const QString &dir, const QString &name, QString *why) const;
    // A commit on <name>-work pushed to <name>.git.
    bool pushCommit(const QString &dir, const QString &name, const QString &file) const;
    QString makeWorkspace(const QString &dir) const;
    QJsonObject statusOf(const QString &ws, const QString &id) const;
    QString revParse(const QString &dir, const QString &rev) const;
    // The lockfile's line of a pack.
    QJsonObject lockOf(const QString &ws, const QString &id) const;
};

void tst_TrueStates::initTestCase()
{
    QVERIFY(setUpHome());
}

void tst_TrueStates::cleanupTestCase()
{
    m_tmp.reset();
}

QString tst_TrueStates::caseDir(const QString &name) const
{
    const QString dir = m_tmp->filePath(name);
    QDir().mkpath(dir);
    return dir;
}

bool tst_TrueStates::makeUpstream(const QString &dir, const QString &name, QString *why) const
{
    const RunResult made =
        shell(dir, u"git init -q --bare -b main %1.git\n"
                   "git clone -q %1.git %1-work 2>/dev/null\n"
                   "cd %1-work && printf 'a\\n' > a.txt && git add -A && git commit -qm a\n"
                   "git push -q origin main\n"_s.arg(name));
    if (made.exitCode != 0)
        *why = show(made);
    return made.exitCode == 0;
}

bool tst_TrueStates::pushCommit(const QString &dir, const QString &name, const QString &file) const
{
    return shell(dir + u'/' + name + u"-work"_s,
                 u"printf 'x\\n' >> %1 && git add -A && git commit -qm %1 && "
                 "git push -q origin HEAD\n"_s.arg(file))
               .exitCode == 0;
}

QString tst_TrueStates::makeWorkspace(const QString &dir) const
{
    QDir().mkpath(dir);
    return grex(dir, {u"init"_s}).exitCode == 0 ? dir : QString();
}

QJsonObject tst_TrueStates::statusOf(const QString &ws, const QString &id) const
{
    return packIn(grex(ws, {u"status"_s, u"--json"_s}), id);
}

QString tst_TrueStates::revParse(const QString &dir, const QString &rev) const
{
    const RunResult parsed = git(dir, {u"rev-parse"_s, rev});
    return parsed.exitCode == 0 ? parsed.outText().trimmed() : QString();
}

QJsonObject tst_TrueStates::lockOf(const QString &ws, const QString &id) const
{
    for (const QByteArray &line : readFile(ws + u"/grex.lock.jsonl"_s).split('\n')) {
        const QJsonObject entry = QJsonDocument::fromJson(line).object();
        if (entry.value(u"id"_s).toString() == id)
            return entry;
    }
    return {};
}

// A remote deleted after the clone: sync fails that pack (not_found); status without --fetch
// then says so, in JSON, in words and with --fail-on-drift, until a fetch succeeds again.
void tst_TrueStates::failedFetchStaysUntilOneSucceeds()
{
    const QString dir = caseDir(u"deleted"_s);
    QString why;
    QVERIFY2(makeUpstream(dir, u"gone"_s, &why), qPrintable(why));
    QVERIFY2(makeUpstream(dir, u"kept"_s, &why), qPrintable(why));
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/gone.git"_s}));
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/kept.git"_s}));
    QVERIFY(QDir(dir + u"/gone.git"_s).rename(dir + u"/gone.git"_s, dir + u"/moved.git"_s));

    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    QCOMPARE(synced.exitCode, 4);
    QCOMPARE(packIn(synced, u"gone"_s).value(u"error"_s).toObject().value(u"reason"_s).toString(),
             u"not_found"_s);

    QJsonObject gone = statusOf(ws, u"gone"_s);
    QCOMPARE(gone.value(u"drift"_s).toString(), u"fetch_failed"_s);
    QCOMPARE(gone.value(u"fetch_error"_s).toObject().value(u"reason"_s).toString(),
             u"not_found"_s);
    QVERIFY(!gone.value(u"fetch_error"_s).toObject().value(u"hint"_s).toString().isEmpty());
    QCOMPARE(statusOf(ws, u"kept"_s).value(u"drift"_s).toString(), u"clean"_s);
    // The words: not "All 2 packs are clean."
    const RunResult text = grex(ws, {u"status"_s, u"--plain"_s});
    GREX_VERIFY_RAN(text);
    QVERIFY2(!text.outText().contains(u"clean."_s), qPrintable(show(text)));
    QVERIFY2(text.outText().contains(u"fetch failed"_s), qPrintable(show(text)));
    QCOMPARE(grex(ws, {u"status"_s, u"--fail-on-drift"_s}).exitCode, 7);

    // Back where it was: the next fetch succeeds, and the state is clean again.
    QVERIFY(QDir(dir).rename(u"moved.git"_s, u"gone.git"_s));
    GREX_VERIFY_RAN(grex(ws, {u"sync"_s}));
    gone = statusOf(ws, u"gone"_s);
    QCOMPARE(gone.value(u"drift"_s).toString(), u"clean"_s);
    QVERIFY(!gone.contains(u"fetch_error"_s));
    GREX_VERIFY_RAN(grex(ws, {u"status"_s, u"--fail-on-drift"_s}));
}

// status --fetch with a remote that fails: exit 4, and its words never end in "clean".
void tst_TrueStates::statusFetchNeverSaysCleanAfterAFailure()
{
    const QString dir = caseDir(u"status-fetch"_s);
    QString why;
    QVERIFY2(makeUpstream(dir, u"one"_s, &why), qPrintable(why));
    QVERIFY2(makeUpstream(dir, u"two"_s, &why), qPrintable(why));
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/one.git"_s}));
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/two.git"_s}));
    QVERIFY(QDir(dir + u"/two.git"_s).removeRecursively());

    const RunResult text = grex(ws, {u"status"_s, u"--fetch"_s, u"--plain"_s});
    QCOMPARE(text.exitCode, 4);
    QVERIFY2(!text.outText().contains(u"are clean"_s), qPrintable(show(text)));
    QVERIFY2(text.outText().contains(u"fetch_failed"_s) ||
                 text.outText().contains(u"fetch failed"_s),
             qPrintable(show(text)));
    const RunResult json = grex(ws, {u"status"_s, u"--fetch"_s, u"--json"_s});
    QCOMPARE(json.exitCode, 4);
    const QJsonArray packs = packsOf(json);
    QCOMPARE(packs.size(), 2);
    for (const QJsonValue &pack : packs) {
        const QJsonObject p = pack.toObject();
        QCOMPARE(p.value(u"drift"_s).toString(),
                 p.value(u"id"_s) == u"two"_s ? u"fetch_failed"_s : u"clean"_s);
    }
}

// A person detaches HEAD at an older commit; sync leaves it alone ("needs you") and does not
// install there: the lockfile keeps the last install and status says detached, not clean.
void tst_TrueStates::detachedHeadLeftAloneIsNotInstalled()
{
    const QString dir = caseDir(u"detached"_s);
    QString why;
    QVERIFY2(makeUpstream(dir, u"up"_s, &why), qPrintable(why));
    QVERIFY(pushCommit(dir, u"up"_s, u"b.txt"_s));
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/up.git"_s}));
    const QString pack = ws + u"/up"_s;
    const QString installed = revParse(pack, u"HEAD"_s);
    QCOMPARE(lockOf(ws, u"up"_s).value(u"sha"_s).toString(), installed);

    GREX_VERIFY_RAN(git(pack, {u"checkout"_s, u"-q"_s, u"--detach"_s, u"HEAD~1"_s}));
    const QString chosen = revParse(pack, u"HEAD"_s);
    QVERIFY(pushCommit(dir, u"up"_s, u"c.txt"_s));
    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    const QJsonObject outcome = packIn(synced, u"up"_s);
    QCOMPARE(outcome.value(u"left_alone"_s).toString(), u"detached"_s);
    QCOMPARE(outcome.value(u"outcome"_s).toString(), u"needs_you"_s);
    QCOMPARE(revParse(pack, u"HEAD"_s), chosen);
    QCOMPARE(lockOf(ws, u"up"_s).value(u"sha"_s).toString(), installed);

    const QJsonObject state = statusOf(ws, u"up"_s);
    QVERIFY2(state.value(u"drift"_s).toString() != u"clean"_s,
             QJsonDocument(state).toJson().constData());
    QVERIFY(stringsOf(state.value(u"drifts"_s)).contains(u"off_branch"_s));
    QVERIFY(state.value(u"branch"_s).isNull());
    QCOMPARE(grex(ws, {u"status"_s, u"--fail-on-drift"_s}).exitCode, 7);

    // Back on the branch, the next sync takes the upstream and installs it.
    GREX_VERIFY_RAN(git(pack, {u"checkout"_s, u"-q"_s, u"main"_s}));
    GREX_VERIFY_RAN(grex(ws, {u"sync"_s}));
    QCOMPARE(revParse(pack, u"HEAD"_s), revParse(dir + u"/up.git"_s, u"main"_s));
    QCOMPARE(lockOf(ws, u"up"_s).value(u"sha"_s).toString(), revParse(pack, u"HEAD"_s));
    QCOMPARE(statusOf(ws, u"up"_s).value(u"drift"_s).toString(), u"clean"_s);
}

// The remote renames its default branch master to trunk. sync leaves both packs alone, names
// trunk and the grex command that moves a pack; the clone's origin/HEAD follows the remote.
// Following the hint, or switching with plain git as git's own status suggests, ends clean.
void tst_TrueStates::renamedDefaultBranchHintLeadsToClean()
{
    const QString dir = caseDir(u"renamed"_s);
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    for (const QString &name : {u"viagrex"_s, u"viagit"_s}) {
        GREX_VERIFY_RAN(shell(dir, u"git init -q --bare -b master %1.git\n"
                                   "git clone -q %1.git %1-work 2>/dev/null\n"
                                   "cd %1-work && printf 'a\\n' > a.txt && git add -A\n"
                                   "git commit -qm a && git push -q origin master\n"_s.arg(name)));
        GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u'/' + name + u".git"_s}));
        GREX_VERIFY_RAN(shell(dir + u'/' + name + u".git"_s,
                              u"git branch -m master trunk\n"
                              "git symbolic-ref HEAD refs/heads/trunk\n"_s));
    }

    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    for (const QString &name : {u"viagrex"_s, u"viagit"_s}) {
        const QJsonObject outcome = packIn(synced, name);
        QCOMPARE(outcome.value(u"left_alone"_s).toString(), u"upstream_gone"_s);
        QCOMPARE(outcome.value(u"remote_default_branch"_s).toString(), u"trunk"_s);
        // The clone knows the remote's HEAD now, as git remote set-head -a would set it.
        QCOMPARE(git(ws + u'/' + name, {u"symbolic-ref"_s, u"refs/remotes/origin/HEAD"_s})
                     .outText()
                     .trimmed(),
                 u"refs/remotes/origin/trunk"_s);
    }
    const RunResult words = grex(ws, {u"sync"_s, u"--plain"_s});
    GREX_VERIFY_RAN(words);
    static const QRegularExpression hint(u"grex (update viagrex --ref trunk)"_s);
    const QRegularExpressionMatch match = hint.match(words.outText());
    QVERIFY2(match.hasMatch(), qPrintable(show(words)));

    // The hint, word for word.
    GREX_VERIFY_RAN(grex(ws, match.captured(1).split(u' ')));
    QCOMPARE(git(ws + u"/viagrex"_s, {u"branch"_s, u"--show-current"_s}).outText(), u"trunk\n"_s);
    QJsonObject state = statusOf(ws, u"viagrex"_s);
    QCOMPARE(stringsOf(state.value(u"drifts"_s)), QStringList{u"clean"_s});
    QCOMPARE(state.value(u"upstream"_s).toString(), u"origin/trunk"_s);
    QVERIFY(readFile(ws + u"/grex.jsonl"_s).contains("\"ref\""));

    // Plain git: switch to trunk, which git makes a branch tracking origin/trunk.
    GREX_VERIFY_RAN(git(ws + u"/viagit"_s, {u"switch"_s, u"-q"_s, u"trunk"_s}));
    state = statusOf(ws, u"viagit"_s);
    QCOMPARE(stringsOf(state.value(u"drifts"_s)), QStringList{u"clean"_s});
    QCOMPARE(state.value(u"expected_branch"_s).toString(), u"trunk"_s);
    GREX_VERIFY_RAN(grex(ws, {u"status"_s, u"--fail-on-drift"_s}));
    const RunResult again = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(again);
    QVERIFY(!packIn(again, u"viagit"_s).contains(u"left_alone"_s));
    QVERIFY(!packIn(again, u"viagrex"_s).contains(u"left_alone"_s));
}

// Remote paths with spaces and any Unicode, which git takes as they are: a local path, a file://
// URL and a folder of the workspace's own path; an http(s) URL with a raw space is refused with
// the spelling curl needs, as git itself fails on it.
void tst_TrueStates::pathsWithSpacesAndUnicode()
{
    const QString dir = caseDir(u"dépôts à côté"_s);
    GREX_VERIFY_RAN(shell(dir, u"git init -q --bare -b main 'my repo.git'\n"
                               "git init -q --bare -b main 'dépôt ünï 漢字.git'\n"
                               "git clone -q 'my repo.git' w 2>/dev/null\n"
                               "cd w && printf 'a\\n' > a.txt && git add -A && git commit -qm a\n"
                               "git push -q origin main\n"
                               "git push -q '../dépôt ünï 漢字.git' main\n"_s));
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/my repo.git"_s, u"spaced"_s}));
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, u"file://"_s + dir + u"/my repo.git"_s, u"viafile"_s}));
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/dépôt ünï 漢字.git"_s, u"unicode"_s}));
    GREX_VERIFY_RAN(shell(dir + u"/w"_s, u"printf 'b\\n' > b.txt && git add -A && "
                                         "git commit -qm b && git push -q origin main && "
                                         "git push -q '../dépôt ünï 漢字.git' main\n"_s));
    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    for (const QString &id : {u"spaced"_s, u"viafile"_s, u"unicode"_s}) {
        QCOMPARE(packIn(synced, id).value(u"fetch"_s).toString(), u"updated"_s);
        QCOMPARE(readFile(ws + u'/' + id + u"/b.txt"_s), QByteArray("b\n"));
        QCOMPARE(statusOf(ws, id).value(u"drift"_s).toString(), u"clean"_s);
    }
    const RunResult http = grex(ws, {u"add"_s, u"https://127.0.0.1:1/my repo.git"_s});
    QCOMPARE(http.exitCode, 2);
    QVERIFY2(http.errText().contains(u"%20"_s), qPrintable(show(http)));
}

// A post-checkout hook that fails (here from init.templateDir, as company-wide hooks come): git
// reports the clone or checkout failed with the hook's status once the tree is in place. grex
// keeps the clone and says it was that hook, with its output.
void tst_TrueStates::failingHookIsTheHooksFailure()
{
    const QString dir = caseDir(u"hook"_s);
    QString why;
    QVERIFY2(makeUpstream(dir, u"up"_s, &why), qPrintable(why));
    GREX_VERIFY_RAN(shell(dir + u"/up-work"_s, u"git tag v1 && git push -q origin v1\n"_s));
    QVERIFY(pushCommit(dir, u"up"_s, u"b.txt"_s));
    QDir().mkpath(dir + u"/template/hooks"_s);
    QVERIFY(writeFile(dir + u"/template/hooks/post-checkout"_s,
                      "#!/bin/sh\necho 'hook says no' >&2\nexit 3\n"));
    QVERIFY(QFile::setPermissions(dir + u"/template/hooks/post-checkout"_s,
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    QVERIFY(writeFile(dir + u"/gitconfig"_s,
                      baseGitConfig() + "[init]\n\ttemplateDir = " + dir.toUtf8() + "/template\n"));
    const QStringList env{u"GIT_CONFIG_GLOBAL="_s + dir + u"/gitconfig"_s};
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());

    // Plain git: the clone is there, and its exit status is the hook's.
    const RunResult plain = runGitIn(m_home, dir, {u"clone"_s, u"-q"_s, u"up.git"_s, u"plain"_s},
                                     env);
    QCOMPARE(plain.exitCode, 3);
    QVERIFY(QFileInfo::exists(dir + u"/plain/a.txt"_s));

    const RunResult added = grex(ws, {u"add"_s, dir + u"/up.git"_s, u"--json"_s}, env);
    GREX_VERIFY_RAN(added);
    const QString warning = stringsOf(added.json().object().value(u"warnings"_s)).join(u'\n');
    QVERIFY2(warning.contains(u"post-checkout hook failed (exit 3): hook says no"_s),
             qPrintable(show(added)));
    QVERIFY(QFileInfo::exists(ws + u"/up/b.txt"_s));
    QVERIFY(readFile(ws + u"/grex.jsonl"_s).contains("\"id\":\"up\""));
    const RunResult text = grex(ws, {u"sync"_s, u"--ref"_s, u"v1"_s, u"--plain"_s}, env);
    GREX_VERIFY_RAN(text);
    // git checkout exits 1 whatever the hook's status.
    QVERIFY2(text.outText().contains(u"post-checkout hook failed (exit 1): hook says no"_s),
             qPrintable(show(text)));
    QVERIFY2(!text.outText().contains(u": done."_s), qPrintable(show(text)));
    QCOMPARE(revParse(ws + u"/up"_s, u"HEAD"_s), revParse(dir + u"/up.git"_s, u"v1^{commit}"_s));
    QVERIFY(!QFileInfo::exists(ws + u"/up/b.txt"_s));
}

void tst_TrueStates::interruptedInstallRunsAgain_data()
{
    QTest::addColumn<int>("interrupts");
    QTest::newRow("Ctrl-C") << 1;
    QTest::newRow("Ctrl-C twice") << 2;
}

// sync --force interrupted while a pack's action runs: grex exits 130, leaves no lock and no
// process of its own, and the next plain sync runs that pack's actions again (the lockfile still
// names the install before). A second Ctrl-C stops at once and says so.
void tst_TrueStates::interruptedInstallRunsAgain()
{
    QFETCH(int, interrupts);
    const QString dir = caseDir(u"interrupted-%1"_s.arg(interrupts));
    const QString runs = dir + u"/runs.txt"_s;
    const QString slow = dir + u"/slow"_s;
    const QByteArray yaml = "schema_version: \"1\"\nname: up\ntype: declarative\nactions:\n"
                            "  - exec: {cmd_shell: \"trap '' TERM; if [ -e '" +
                            slow.toUtf8() + "' ]; then sleep 29.25; fi; echo ran >> '" +
                            runs.toUtf8() + "'\", shell: true}\n";
    GREX_VERIFY_RAN(shell(dir, u"git init -q --bare -b main up.git\n"
                               "git clone -q up.git up-work 2>/dev/null\n"_s));
    QDir().mkpath(dir + u"/up-work/.grex"_s);
    QVERIFY(writeFile(dir + u"/up-work/.grex/pack.yaml"_s, yaml));
    GREX_VERIFY_RAN(shell(dir + u"/up-work"_s,
                          u"git add -A && git commit -qm a && git push -q origin main\n"_s));
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/up.git"_s}));
    QCOMPARE(readFile(runs), QByteArray("ran\n"));

    QVERIFY(writeFile(slow, "1"));
    QProcess run;
    run.setProcessEnvironment(isolatedEnvironment(m_home));
    run.setWorkingDirectory(ws);
    run.start(grexBinary(), {u"sync"_s, u"--force"_s});
    QVERIFY(run.waitForStarted());
    const auto sleeping = [&] {
        // A length no other test sleeps for: tests run in parallel, and a stranger's sleep
        // would have the Ctrl-C come before the install started.
        return !runProgram(u"pgrep"_s, {u"-f"_s, u"sleep 29.25"_s}, {})
                    .outText()
                    .trimmed()
                    .isEmpty();
    };
    QTRY_VERIFY_WITH_TIMEOUT(sleeping(), 60000);
    // The action ignores SIGTERM, so the first Ctrl-C waits the grace before SIGKILL: the
    // second comes while grex is still stopping.
    QVERIFY(signalProcess(run, SIGINT));
    if (interrupts == 2) {
        QTest::qWait(300);
        QVERIFY(signalProcess(run, SIGINT));
    }
    QVERIFY(run.waitForFinished(60000));
    QCOMPARE(run.exitCode(), 130);
    const QString err = QString::fromUtf8(run.readAllStandardError());
    if (interrupts == 2)
        QVERIFY2(err.contains(u"stopped at once"_s), qPrintable(err));
    QVERIFY2(lockFilesUnder(ws).isEmpty(), qPrintable(lockFilesUnder(ws).join(u' ')));
    QTRY_VERIFY_WITH_TIMEOUT(!sleeping(), 5000);
    QCOMPARE(readFile(runs), QByteArray("ran\n"));

    QFile::remove(slow);
    const RunResult again = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(again);
    QCOMPARE(readFile(runs), QByteArray("ran\nran\n"));
    QCOMPARE(packIn(again, u"up"_s).value(u"reason"_s).toString(),
             interrupts == 2 ? u"interrupted"_s : u"new"_s);
}

QTEST_GUILESS_MAIN(tst_TrueStates)
#include "tst_truestates.moc"
