// The built grex against real servers on 127.0.0.1, each case next to plain git on the same
// fixture: lighttpd with git-http-backend over TLS and basic authentication (credential helpers,
// http.sslCAInfo, an untrusted certificate, a wrong password), git daemon (one unreachable remote
// among good ones), and a listener that never answers (the network timeout, and Ctrl-C or
// SIGTERM during a stalled sync). grex runs in an environment of the test's making: a HOME whose
// .gitconfig is what is tested, and none of this machine's GIT_SSL_CAINFO, SSL_CERT_FILE,
// CURL_CA_BUNDLE or /etc/gitconfig (isolatedEnvironment()). No case needs root.

#include "support/grexrunner.h"
#include "support/remotebuilder.h"
#include "remotetesting.h"
#include "support/testfiles.h"
#include "support/testservers.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

#include <csignal>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

const QString User = u"alice"_s;
// Distinctive, and the same in a URL as outside it (no character to percent-encode).
const QString Password = u"Tr0ub4dor-c0rrect-h0rse"_s;

const QByteArray Identity = "[user]\n\tname = grex tests\n\temail = tests@grex.invalid\n";

// How soon after the signal grex must be gone, its git processes with it: far below the 120 s
// the stalled fetches would wait, with room for a slow machine and a sanitizer build.
constexpr qint64 StopBoundMs = 10000;

struct ProcessInfo
{
    qint64 pid = 0;
    qint64 parent = 0;
    qint64 group = 0;
    QByteArray cmdline; // NUL separators as spaces
};

// The processes that are alive now (zombies left out), from /proc.
QList<ProcessInfo> liveProcesses()
{
    QList<ProcessInfo> processes;
    const QStringList entries = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        if (!numeric)
            continue;
        // "pid (comm) state ppid pgrp ..."; comm may hold spaces and parentheses.
        const QByteArray stat = readFile(u"/proc/"_s + entry + u"/stat"_s);
        const qsizetype close = stat.lastIndexOf(')');
        if (close < 0)
            continue;
        const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
        if (fields.size() < 3 || fields.at(0) == "Z" || fields.at(0) == "X")
            continue;
        ProcessInfo info;
        info.pid = pid;
        info.parent = fields.at(1).toLongLong();
        info.group = fields.at(2).toLongLong();
        info.cmdline = readFile(u"/proc/"_s + entry + u"/cmdline"_s).replace('\0', ' ');
        processes.append(info);
    }
    return processes;
}

} // namespace

class tst_RemotesHttps : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void storedCredentialsAndCaInfo();
    void perUrlCredentialHelper();
    void untrustedCertificate();
    void wrongPassword();
    void askpassThatNeverAnswers();
    void askpassAsksOneQuestionPerHostAtATime();
    void silentServerTimesOut();
    void signalDuringStalledSync_data();
    void signalDuringStalledSync();
    void sigtermDuringAddOnAHungSshServer();
    void unreachableAmongGoodOnes();
    void passwordInUrl();
    void taskPushOverHttps();
    void refMovesOverHttps();

private:
    // A HOME holding config as its .gitconfig (after a [user] section).
    QString makeHome(const QString &name, const QByteArray &config) const;
    QString makeWorkspace(const QString &dir, const QString &home) const;
    QString tipOf(const QString &repo) const { return m_builder->tip(m_repos + u'/' + repo); }
    static QString headOf(const QString &home, const QString &clone);

    std::unique_ptr<QTemporaryDir> m_tmp;
    QString m_repos; // bare repositories served over HTTPS and by git daemon
    std::unique_ptr<RemoteBuilder> m_builder;
    HttpsGitServer m_https;
    GitDaemon m_daemon;
    QString m_home; // credential.helper store with a good password, http.sslCAInfo
};

void tst_RemotesHttps::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_tmp = std::make_unique<QTemporaryDir>();
    QVERIFY(m_tmp->isValid());
    m_repos = m_tmp->filePath(u"repos"_s);
    m_builder = std::make_unique<RemoteBuilder>(m_repos);
    for (const QString &name :
         {u"hello"_s, u"perurl"_s, u"secret"_s, u"good1"_s, u"good2"_s, u"good3"_s, u"fetched"_s,
          u"pushA"_s, u"pushB"_s, u"pushC"_s, u"moves"_s})
        m_builder->create(name, {{u"README"_s, name.toUtf8() + "\n"}});
    QString why;
    QVERIFY2(m_https.start(m_tmp->filePath(u"https"_s), m_repos, User, Password, &why),
             qPrintable(why));
    QVERIFY2(m_daemon.start(m_repos, &why), qPrintable(why));
    m_home = makeHome(u"home"_s, "[credential]\n\thelper = store\n[http]\n\tsslCAInfo = " +
                                     m_https.caFile().toUtf8() + "\n");
    QVERIFY(writeFile(m_home + u"/.git-credentials"_s,
                      (m_https.gitCredentialsLine() + u'\n').toUtf8()));
}

void tst_RemotesHttps::cleanupTestCase()
{
    m_https.stop();
    m_daemon.stop();
    m_tmp.reset();
}

QString tst_RemotesHttps::makeHome(const QString &name, const QByteArray &config) const
{
    const QString home = m_tmp->filePath(name);
    QDir().mkpath(home);
    if (!writeFile(home + u"/.gitconfig"_s, Identity + config))
        return {};
    return home;
}

QString tst_RemotesHttps::makeWorkspace(const QString &dir, const QString &home) const
{
    QDir().mkpath(dir);
    const RunResult init = runGrexIn(home, dir, {u"init"_s});
    if (init.exitCode != 0) {
        qWarning("grex init failed: %s", qPrintable(show(init)));
        return {};
    }
    return dir;
}

QString tst_RemotesHttps::headOf(const QString &home, const QString &clone)
{
    return runGitIn(home, clone, {u"rev-parse"_s, u"HEAD"_s}).outText().trimmed();
}

// credential.helper store and http.sslCAInfo in ~/.gitconfig: add and sync work, and reach
// the HEAD plain git reaches.
void tst_RemotesHttps::storedCredentialsAndCaInfo()
{
    const QString url = m_https.url(u"hello.git"_s);
    const QString ws = makeWorkspace(m_tmp->filePath(u"stored/ws"_s), m_home);
    QVERIFY(!ws.isEmpty());
    const RunResult added = runGrexIn(m_home, ws, {u"add"_s, url, u"--json"_s});
    GREX_VERIFY_RAN(added);
    GREX_VERIFY_RAN(
        runGitIn(m_home, m_tmp->filePath(u"stored"_s), {u"clone"_s, u"-q"_s, url, u"plain"_s}));
    const QString plain = m_tmp->filePath(u"stored/plain"_s);
    QCOMPARE(headOf(m_home, ws + u"/hello"_s), tipOf(u"hello.git"_s));
    QCOMPARE(headOf(m_home, ws + u"/hello"_s), headOf(m_home, plain));
    QCOMPARE(readFile(ws + u"/hello/README"_s), QByteArray("hello\n"));

    const QString next =
        m_builder->commit(m_repos + u"/hello.git"_s, {{u"README"_s, "hello again\n"}}, u"main"_s);
    const RunResult synced = runGrexIn(m_home, ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    QCOMPARE(packIn(synced, u"hello"_s).value(u"fetch"_s).toString(), u"updated"_s);
    GREX_VERIFY_RAN(runGitIn(m_home, plain, {u"pull"_s, u"-q"_s}));
    QCOMPARE(headOf(m_home, ws + u"/hello"_s), next);
    QCOMPARE(headOf(m_home, plain), next);
    QCOMPARE(readFile(ws + u"/hello/README"_s), QByteArray("hello again\n"));
}

// A helper for one URL only, the shape `gh auth setup-git` writes (an empty helper first, which
// drops any helper set before): add and sync work as plain git's clone does.
void tst_RemotesHttps::perUrlCredentialHelper()
{
    const QString home =
        makeHome(u"perurl-home"_s, "[http]\n\tsslCAInfo = " + m_https.caFile().toUtf8() + "\n");
    QVERIFY(!home.isEmpty());
    const QString key = u"credential.https://127.0.0.1:%1.helper"_s.arg(m_https.port());
    GREX_VERIFY_RAN(runGitIn(home, home, {u"config"_s, u"--global"_s, u"--add"_s, key, QString()}));
    GREX_VERIFY_RAN(
        runGitIn(home, home,
                 {u"config"_s, u"--global"_s, u"--add"_s, key,
                  u"!f() { echo username=%1; echo password=%2; }; f"_s.arg(User, Password)}));
    const QString url = m_https.url(u"perurl.git"_s);
    const QString dir = m_tmp->filePath(u"perurl"_s);
    const QString ws = makeWorkspace(dir + u"/ws"_s, home);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(runGitIn(home, dir, {u"clone"_s, u"-q"_s, url, u"plain"_s}));
    GREX_VERIFY_RAN(runGrexIn(home, ws, {u"add"_s, url, u"--json"_s}));
    QCOMPARE(headOf(home, ws + u"/perurl"_s), headOf(home, dir + u"/plain"_s));
    QCOMPARE(headOf(home, ws + u"/perurl"_s), tipOf(u"perurl.git"_s));

    const QString next = m_builder->commit(m_repos + u"/perurl.git"_s,
                                           {{u"README"_s, "per url again\n"}}, u"main"_s);
    const RunResult synced = runGrexIn(home, ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    QCOMPARE(packIn(synced, u"perurl"_s).value(u"fetch"_s).toString(), u"updated"_s);
    QCOMPARE(headOf(home, ws + u"/perurl"_s), next);
}

// A certificate from an authority http.sslCAInfo does not name: a failed pack with reason
// certificate and a hint naming http.sslCAInfo, exit 4, at once (no prompt).
void tst_RemotesHttps::untrustedCertificate()
{
    HttpsGitServer server;
    QString why;
    QVERIFY2(server.start(m_tmp->filePath(u"untrusted-server"_s), m_repos, u"bob"_s, u"pw"_s, &why),
             qPrintable(why));
    const QString home =
        makeHome(u"untrusted-home"_s, "[http]\n\tsslCAInfo = " + server.caFile().toUtf8() + "\n");
    const QString dir = m_tmp->filePath(u"untrusted"_s);
    const QString ws = makeWorkspace(dir + u"/ws"_s, home);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(
        runGrexIn(home, ws, {u"add"_s, server.url(u"hello.git"_s, false), u"--json"_s}));

    QVERIFY2(server.restartWithUntrustedCertificate(&why), qPrintable(why));
    const RunResult plain =
        runGitIn(home, dir, {u"ls-remote"_s, server.url(u"hello.git"_s, false)});
    QVERIFY(plain.exitCode != 0);
    QVERIFY2(plain.errText().contains(u"server certificate verification failed"_s),
             qPrintable(show(plain)));

    const auto checkError = [](const RunResult &result, const QJsonObject &error) {
        QVERIFY2(result.exitCode == 4, qPrintable(show(result)));
        QCOMPARE(error.value(u"reason"_s).toString(), u"certificate"_s);
        QVERIFY2(error.value(u"hint"_s).toString().contains(u"http.sslCAInfo"_s),
                 qPrintable(show(result)));
    };
    QElapsedTimer timer;
    timer.start();
    const RunResult synced = runGrexIn(home, ws, {u"sync"_s, u"--json"_s});
    QVERIFY2(timer.elapsed() < 45000, qPrintable(show(synced))); // below the 60 s stall limit
    const QJsonObject pack = packIn(synced, u"hello"_s);
    QCOMPARE(pack.value(u"fetch"_s).toString(), u"failed"_s);
    checkError(synced, pack.value(u"error"_s).toObject());
    if (QTest::currentTestFailed())
        return;

    timer.restart();
    const RunResult added = runGrexIn(
        home, ws, {u"add"_s, server.url(u"hello.git"_s, false), u"second"_s, u"--json"_s});
    QVERIFY2(timer.elapsed() < 45000, qPrintable(show(added))); // below the 60 s stall limit
    checkError(added, errorOf(added));
    QVERIFY(!QFileInfo::exists(ws + u"/second"_s));
    server.stop();
}

// A stored password the server refuses: reason auth, exit 4, no prompt; git says the same.
void tst_RemotesHttps::wrongPassword()
{
    const QString home =
        makeHome(u"wrong-home"_s, "[credential]\n\thelper = store\n[http]\n\tsslCAInfo = " +
                                      m_https.caFile().toUtf8() + "\n");
    const QByteArray wrong =
        u"https://%1:not-the-password@127.0.0.1:%2\n"_s.arg(User).arg(m_https.port()).toUtf8();
    const QString dir = m_tmp->filePath(u"wrong"_s);
    const QString ws = makeWorkspace(dir + u"/ws"_s, home);
    QVERIFY(!ws.isEmpty());
    const QString url = m_https.url(u"hello.git"_s);

    QVERIFY(writeFile(home + u"/.git-credentials"_s, wrong));
    QElapsedTimer timer;
    timer.start();
    const RunResult added = runGrexIn(home, ws, {u"add"_s, url, u"--json"_s});
    QVERIFY2(timer.elapsed() < 45000, qPrintable(show(added))); // below the 60 s stall limit
    QVERIFY2(added.exitCode == 4, qPrintable(show(added)));
    QCOMPARE(errorOf(added).value(u"reason"_s).toString(), u"auth"_s);
    QVERIFY2(errorOf(added).value(u"hint"_s).toString().contains(u"credential"_s),
             qPrintable(show(added)));
    QVERIFY(!QFileInfo::exists(ws + u"/hello"_s));

    // git rejects (erases) a stored credential that failed; put it back for plain git.
    QVERIFY(writeFile(home + u"/.git-credentials"_s, wrong));
    const RunResult plain = runGitIn(home, dir, {u"ls-remote"_s, url});
    QVERIFY(plain.exitCode != 0);
    QVERIFY2(plain.errText().contains(u"Authentication failed"_s), qPrintable(show(plain)));
}

// An askpass program that never answers (VS Code's, from a terminal whose window went away): the
// server answered 401 at once, so the run fails as auth within GREX_PROMPT_TIMEOUT, naming the
// question, never as the server's timeout; nothing of the prompt is left running.
void tst_RemotesHttps::askpassThatNeverAnswers()
{
    const QString home =
        makeHome(u"askpass-hang"_s, "[http]\n\tsslCAInfo = " + m_https.caFile().toUtf8() + "\n");
    const QString askpass = home + u"/askpass.sh"_s;
    QVERIFY(writeFile(askpass, "#!/bin/sh\nexec sleep 600\n"));
    QVERIFY(QFile::setPermissions(askpass, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    const QString ws = makeWorkspace(m_tmp->filePath(u"askpass-hang/ws"_s), home);
    QVERIFY(!ws.isEmpty());
    const QStringList env{u"GIT_ASKPASS="_s + askpass, u"GREX_PROMPT_TIMEOUT=3"_s,
                          u"GREX_NETWORK_TIMEOUT=60"_s};
    QElapsedTimer timer;
    timer.start();
    const RunResult added =
        runGrexIn(home, ws, {u"add"_s, m_https.url(u"hello.git"_s), u"--json"_s}, env);
    QVERIFY2(timer.elapsed() < 45000, qPrintable(show(added))); // below the 60 s stall limit
    QCOMPARE(added.exitCode, 4);
    const QJsonObject error = errorOf(added);
    QCOMPARE(error.value(u"reason"_s).toString(), u"auth"_s);
    QVERIFY2(error.value(u"message"_s).toString().contains(u"nobody answered"_s),
             qPrintable(show(added)));
    QVERIFY2(error.value(u"message"_s).toString().contains(u"Username for"_s),
             qPrintable(show(added)));
    QVERIFY2(error.value(u"hint"_s).toString().contains(u"askpass"_s), qPrintable(show(added)));
    QVERIFY(!QFileInfo::exists(ws + u"/hello"_s));
    for (const ProcessInfo &p : liveProcesses())
        QVERIFY2(!p.cmdline.contains(askpass.toUtf8()), p.cmdline.constData());
}

// Three clones from one host at once, each asking the person's askpass program for a user name
// and a password: the questions come one at a time, and the right answers get every pack.
void tst_RemotesHttps::askpassAsksOneQuestionPerHostAtATime()
{
    const QString home =
        makeHome(u"askpass-serial"_s, "[http]\n\tsslCAInfo = " + m_https.caFile().toUtf8() + "\n");
    const QString askpass = home + u"/askpass.sh"_s;
    const QString log = home + u"/askpass.log"_s;
    QVERIFY(writeFile(askpass, (u"#!/bin/sh\n"
                                "echo \"start $(date +%s.%N)\" >> '%1'\n"
                                "sleep 0.3\n"
                                "case \"$1\" in Username*) a='%2' ;; *) a='%3' ;; esac\n"
                                "echo \"end $(date +%s.%N)\" >> '%1'\n"
                                "printf '%s\\n' \"$a\"\n"_s)
                                   .arg(log, User, Password)
                                   .toUtf8()));
    QVERIFY(QFile::setPermissions(askpass, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    const QString ws = makeWorkspace(m_tmp->filePath(u"askpass-serial/ws"_s), home);
    QVERIFY(!ws.isEmpty());
    for (const QString &name : {u"good1"_s, u"good2"_s, u"good3"_s})
        QVERIFY(appendFile(ws + u"/grex.jsonl"_s,
                           manifestAddLine(name, m_https.url(name + u".git"_s))));
    const RunResult synced = runGrexIn(home, ws, {u"sync"_s, u"--parallel"_s, u"3"_s},
                                       {u"GIT_ASKPASS="_s + askpass});
    GREX_VERIFY_RAN(synced);
    for (const QString &name : {u"good1"_s, u"good2"_s, u"good3"_s})
        QCOMPARE(headOf(home, ws + u'/' + name), tipOf(name + u".git"_s));
    // start/end pairs that never overlap: one question at a time.
    const QList<QByteArray> lines = readFile(log).trimmed().split('\n');
    QCOMPARE(lines.size(), 12); // three clones, two questions each
    for (qsizetype i = 0; i + 1 < lines.size(); i += 2) {
        QVERIFY2(lines.at(i).startsWith("start") && lines.at(i + 1).startsWith("end"),
                 readFile(log).constData());
    }
}

// A server that accepts and never answers: grex gives up after GREX_NETWORK_TIMEOUT seconds
// with reason timeout, where plain git keeps waiting.
void tst_RemotesHttps::silentServerTimesOut()
{
    SilentServer silent;
    QString why;
    QVERIFY2(silent.start(&why), qPrintable(why));
    const QString url = u"git://127.0.0.1:%1/hello.git"_s.arg(silent.port());
    const QString dir = m_tmp->filePath(u"silent"_s);
    const QString ws = makeWorkspace(dir + u"/ws"_s, m_home);
    QVERIFY(!ws.isEmpty());

    QElapsedTimer timer;
    timer.start();
    const RunResult added =
        runGrexIn(m_home, ws, {u"add"_s, url, u"--json"_s}, {u"GREX_NETWORK_TIMEOUT=2"_s});
    const qint64 elapsed = timer.elapsed();
    QVERIFY2(added.exitCode == 4, qPrintable(show(added)));
    QCOMPARE(errorOf(added).value(u"reason"_s).toString(), u"timeout"_s);
    QVERIFY2(errorOf(added).value(u"hint"_s).toString().contains(u"GREX_NETWORK_TIMEOUT"_s),
             qPrintable(show(added)));
    QVERIFY2(elapsed >= 1500 && elapsed < 10000, qPrintable(QString::number(elapsed)));
    QVERIFY(silent.connectionCount() >= 1);
    QVERIFY(lockFilesUnder(ws).isEmpty());

    // Plain git, on the same server, is still waiting after as long.
    QProcess git;
    git.setProcessEnvironment(isolatedEnvironment(m_home));
    git.setWorkingDirectory(dir);
    git.start(u"git"_s, {u"ls-remote"_s, url});
    QVERIFY(git.waitForStarted());
    QVERIFY2(!git.waitForFinished(2500), git.readAllStandardError().constData());
    git.kill();
    git.waitForFinished();
    silent.stop();
}

void tst_RemotesHttps::signalDuringStalledSync_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGINT") << SIGINT;
    QTest::newRow("SIGTERM") << SIGTERM;
}

// A sync stalled on a silent server (one clone, one fetch): the signal ends grex within a
// second with 130, its git processes (each in a process group of its own) are gone, and no
// lock file is left in the workspace.
void tst_RemotesHttps::signalDuringStalledSync()
{
    QFETCH(int, signal);
    SilentServer silent;
    QString why;
    QVERIFY2(silent.start(&why), qPrintable(why));
    const QString dir = m_tmp->filePath(u"signal-"_s + QString::number(signal));
    const QString ws = makeWorkspace(dir + u"/ws"_s, m_home);
    QVERIFY(!ws.isEmpty());
    // A clone that will stall: registered by hand, since grex add would stall itself.
    QVERIFY(appendFile(
        ws + u"/grex.jsonl"_s,
        manifestAddLine(u"stalled"_s, u"git://127.0.0.1:%1/x.git"_s.arg(silent.port()))));
    // A fetch that will stall: a good clone whose origin then points at the silent server.
    GREX_VERIFY_RAN(runGrexIn(m_home, ws, {u"add"_s, m_daemon.url(u"fetched.git"_s), u"--json"_s}));
    GREX_VERIFY_RAN(runGitIn(m_home, ws + u"/fetched"_s,
                             {u"remote"_s, u"set-url"_s, u"origin"_s,
                              u"git://127.0.0.1:%1/y.git"_s.arg(silent.port())}));

    QProcess grex;
    QProcessEnvironment environment = isolatedEnvironment(m_home);
    environment.insert(u"GREX_NETWORK_TIMEOUT"_s, u"120"_s);
    grex.setProcessEnvironment(environment);
    grex.setWorkingDirectory(ws);
    grex.start(grexBinary(), {u"sync"_s, u"--json"_s, u"--parallel"_s, u"4"_s});
    QVERIFY(grex.waitForStarted());
    const qint64 grexPid = grex.processId();
    QTRY_VERIFY_WITH_TIMEOUT(silent.connectionCount() >= 2, 30000);

    // Its git processes, and their process groups.
    QList<qint64> groups;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            groups.clear();
            for (const ProcessInfo &process : liveProcesses()) {
                if (process.parent == grexPid && process.cmdline.contains("git"))
                    groups.append(process.group);
            }
            return groups.size() >= 2;
        }(),
        10000);
    QVERIFY(!groups.contains(grexPid)); // git runs in a session of its own
    // The workspace's locks are held now (so that the check below can see them at all).
    QVERIFY2(!lockFilesUnder(ws).isEmpty(), "no lock file while grex syncs");

    QElapsedTimer timer;
    timer.start();
    QCOMPARE(::kill(pid_t(grexPid), signal), 0);
    QVERIFY2(grex.waitForFinished(10000), "grex did not stop");
    const qint64 stopped = timer.elapsed();
    QVERIFY2(stopped < StopBoundMs, qPrintable(u"grex took %1 ms to stop"_s.arg(stopped)));
    QCOMPARE(grex.exitStatus(), QProcess::NormalExit);
    QCOMPARE(grex.exitCode(), 130);
    const QJsonObject error =
        QJsonDocument::fromJson(grex.readAllStandardOutput()).object().value(u"error"_s).toObject();
    QCOMPARE(error.value(u"kind"_s).toString(), u"cancelled"_s);
    // What was not done, by name.
    QVERIFY2(error.value(u"message"_s).toString().contains(u"stalled"_s),
             qPrintable(error.value(u"message"_s).toString()));

    QStringList left;
    for (const ProcessInfo &process : liveProcesses()) {
        if (groups.contains(process.group) || process.cmdline.contains(ws.toUtf8()))
            left.append(QString::fromUtf8(process.cmdline));
    }
    QVERIFY2(left.isEmpty(), qPrintable(left.join(u'\n')));
    const QStringList locks = lockFilesUnder(ws);
    QVERIFY2(locks.isEmpty(), qPrintable(locks.join(u'\n')));
    // Nor the stalled clone's half-made directory.
    const QStringList staging =
        QDir(ws).entryList({u".grex-clone-*"_s}, QDir::AllEntries | QDir::Hidden);
    QVERIFY2(staging.isEmpty(), qPrintable(staging.join(u' ')));
    silent.stop();
}

// One SIGTERM to an add whose SSH server accepted the connection and never answers: grex is
// gone with exit 130, its ssh with it, and no lock is left in the workspace; five times over,
// the signal coming at another moment each time.
void tst_RemotesHttps::sigtermDuringAddOnAHungSshServer()
{
    SilentServer silent;
    QString why;
    QVERIFY2(silent.start(&why), qPrintable(why));
    const QString dir = m_tmp->filePath(u"hung-ssh"_s);
    const QString ws = makeWorkspace(dir + u"/ws"_s, m_home);
    QVERIFY(!ws.isEmpty());
    for (int attempt = 0; attempt < 5; ++attempt) {
        QProcess grex;
        grex.setProcessEnvironment(isolatedEnvironment(m_home));
        grex.setWorkingDirectory(ws);
        const int before = silent.connectionCount();
        grex.start(grexBinary(), {u"add"_s,
                                  u"ssh://127.0.0.1:%1/x%2.git"_s.arg(silent.port()).arg(attempt)});
        QVERIFY(grex.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(silent.connectionCount() > before, 60000);
        QTest::qWait(100 * attempt);
        QVERIFY(signalProcess(grex, SIGTERM));
        QVERIFY2(grex.waitForFinished(60000), "grex did not stop");
        QCOMPARE(grex.exitCode(), 130);
        const QStringList locks = lockFilesUnder(ws);
        QVERIFY2(locks.isEmpty(), qPrintable(locks.join(u'\n')));
        QStringList left;
        const QByteArray port = QByteArray::number(silent.port());
        for (const ProcessInfo &process : liveProcesses()) {
            if ((process.cmdline.startsWith("ssh ") || process.cmdline.contains("/ssh ")) &&
                process.cmdline.contains(port))
                left.append(QString::fromUtf8(process.cmdline));
        }
        QVERIFY2(left.isEmpty(), qPrintable(left.join(u'\n')));
    }
    silent.stop();
}

// One remote unreachable among good ones on git daemon: the others are synced, the bad one is
// "failed" with its error, exit 4.
void tst_RemotesHttps::unreachableAmongGoodOnes()
{
    const QString flakyRoot = m_tmp->filePath(u"flaky-repos"_s);
    RemoteBuilder flakyBuilder(flakyRoot);
    flakyBuilder.create(u"flaky"_s, {{u"README"_s, "flaky\n"}});
    GitDaemon flaky;
    QString why;
    QVERIFY2(flaky.start(flakyRoot, &why), qPrintable(why));
    const QString flakyUrl = flaky.url(u"flaky.git"_s);
    const QString dir = m_tmp->filePath(u"unreachable"_s);
    const QString ws = makeWorkspace(dir + u"/ws"_s, m_home);
    QVERIFY(!ws.isEmpty());
    const QStringList good{u"good1"_s, u"good2"_s, u"good3"_s};
    for (const QString &name : good)
        GREX_VERIFY_RAN(runGrexIn(m_home, ws, {u"add"_s, m_daemon.url(name + u".git"_s)}));
    GREX_VERIFY_RAN(runGrexIn(m_home, ws, {u"add"_s, flakyUrl}));
    const QString flakyHead = headOf(m_home, ws + u"/flaky"_s);
    flaky.stop();
    QMap<QString, QString> tips;
    for (const QString &name : good) {
        tips.insert(name, m_builder->commit(m_repos + u'/' + name + u".git"_s,
                                            {{u"README"_s, name.toUtf8() + " two\n"}}, u"main"_s));
    }

    const RunResult plain = runGitIn(m_home, dir, {u"ls-remote"_s, flakyUrl});
    QVERIFY(plain.exitCode != 0);
    QVERIFY2(plain.errText().contains(u"Connection refused"_s), qPrintable(show(plain)));

    const RunResult synced = runGrexIn(m_home, ws, {u"sync"_s, u"--json"_s});
    QVERIFY2(synced.exitCode == 4, qPrintable(show(synced)));
    QCOMPARE(packsOf(synced).size(), 4);
    for (const QString &name : good) {
        QCOMPARE(packIn(synced, name).value(u"fetch"_s).toString(), u"updated"_s);
        QCOMPARE(headOf(m_home, ws + u'/' + name), tips.value(name));
    }
    const QJsonObject bad = packIn(synced, u"flaky"_s);
    QCOMPARE(bad.value(u"fetch"_s).toString(), u"failed"_s);
    const QJsonObject error = bad.value(u"error"_s).toObject();
    QCOMPARE(error.value(u"reason"_s).toString(), u"unreachable"_s);
    QVERIFY(!error.value(u"hint"_s).toString().isEmpty());
    QCOMPARE(headOf(m_home, ws + u"/flaky"_s), flakyHead);
    // git's words, the cause included ("unable to connect to 127.0.0.1:" alone says nothing).
    QVERIFY2(error.value(u"message"_s).toString().contains(u"Connection refused"_s),
             qPrintable(show(synced)));
}

// A URL with a password: grex add refuses it and writes nothing. A grex.jsonl that already has
// one (written by hand) still syncs, and no output of grex, human or --json, shows the password;
// grex doctor reports url-secrets.
void tst_RemotesHttps::passwordInUrl()
{
    // No credential helper: the password in the URL is all git has.
    const QString home =
        makeHome(u"secret-home"_s, "[http]\n\tsslCAInfo = " + m_https.caFile().toUtf8() + "\n");
    const QString dir = m_tmp->filePath(u"secret"_s);
    const QString ws = makeWorkspace(dir + u"/ws"_s, home);
    QVERIFY(!ws.isEmpty());
    const QString url =
        u"https://%1:%2@127.0.0.1:%3/git/secret.git"_s.arg(User, Password).arg(m_https.port());
    const auto noSecret = [](const RunResult &result) {
        return !result.out.contains(Password.toUtf8()) && !result.err.contains(Password.toUtf8());
    };

    const QMap<QString, QByteArray> before = snapshot(ws);
    const RunResult refused = runGrexIn(home, ws, {u"add"_s, url, u"--json"_s});
    QVERIFY2(refused.exitCode == 2, qPrintable(show(refused)));
    QCOMPARE(errorOf(refused).value(u"reason"_s).toString(), u"url_has_secret"_s);
    QVERIFY2(noSecret(refused), qPrintable(show(refused)));
    const RunResult refusedHuman = runGrexIn(home, ws, {u"add"_s, url});
    QCOMPARE(refusedHuman.exitCode, 2);
    QVERIFY2(noSecret(refusedHuman), qPrintable(show(refusedHuman)));
    QCOMPARE(snapshot(ws), before);

    // Plain git clones with it.
    GREX_VERIFY_RAN(runGitIn(home, dir, {u"clone"_s, u"-q"_s, url, u"plain"_s}));

    QVERIFY(appendFile(ws + u"/grex.jsonl"_s, manifestAddLine(u"secret"_s, url)));
    const RunResult cloned = runGrexIn(home, ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(cloned);
    QVERIFY2(noSecret(cloned), qPrintable(show(cloned)));
    QCOMPARE(packIn(cloned, u"secret"_s).value(u"fetch"_s).toString(), u"cloned"_s);
    QCOMPARE(headOf(home, ws + u"/secret"_s), headOf(home, dir + u"/plain"_s));

    const QString next =
        m_builder->commit(m_repos + u"/secret.git"_s, {{u"README"_s, "secret two\n"}}, u"main"_s);
    const RunResult human = runGrexIn(home, ws, {u"sync"_s, u"-vv"_s});
    GREX_VERIFY_RAN(human);
    QVERIFY2(noSecret(human), qPrintable(show(human)));
    QCOMPARE(headOf(home, ws + u"/secret"_s), next);
    for (const QStringList &args :
         {QStringList{u"sync"_s, u"--json"_s}, QStringList{u"status"_s, u"--json"_s},
          QStringList{u"status"_s}, QStringList{u"ls"_s, u"--json"_s}, QStringList{u"ls"_s}}) {
        const RunResult result = runGrexIn(home, ws, args);
        GREX_VERIFY_RAN(result);
        QVERIFY2(noSecret(result), qPrintable(args.join(u' ') + u": "_s + show(result)));
    }

    const RunResult doctor = runGrexIn(home, ws, {u"doctor"_s, u"--json"_s});
    QVERIFY2(doctor.exitCode == 7, qPrintable(show(doctor)));
    QVERIFY2(noSecret(doctor), qPrintable(show(doctor)));
    bool reported = false;
    const QJsonArray findings = doctor.json().object().value(u"findings"_s).toArray();
    for (const QJsonValue &finding : findings) {
        const QJsonObject object = finding.toObject();
        if (object.value(u"check"_s).toString() == u"url-secrets"_s &&
            object.value(u"pack"_s).toString() == u"secret"_s &&
            object.value(u"severity"_s).toString() != u"ok"_s)
            reported = true;
    }
    QVERIFY2(reported, qPrintable(show(doctor)));
    const RunResult doctorHuman = runGrexIn(home, ws, {u"doctor"_s});
    QCOMPARE(doctorHuman.exitCode, 7);
    QVERIFY2(noSecret(doctorHuman), qPrintable(show(doctorHuman)));
    QVERIFY(doctorHuman.errText().contains(u"url-secrets"_s) ||
            doctorHuman.outText().contains(u"url-secrets"_s));
}

// A task over three packs served by git-http-backend: two by the password-protected URL, whose
// pushes go out with the stored credentials, and one by the URL without authentication, whose
// push the backend refuses. The report says which went out; no output shows the password.
void tst_RemotesHttps::taskPushOverHttps()
{
    const QString ws = makeWorkspace(m_tmp->filePath(u"task/ws"_s), m_home);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(runGrexIn(m_home, ws, {u"add"_s, m_https.url(u"pushA.git"_s), u"pushA"_s}));
    GREX_VERIFY_RAN(runGrexIn(m_home, ws, {u"add"_s, m_https.url(u"pushB.git"_s), u"pushB"_s}));
    GREX_VERIFY_RAN(
        runGrexIn(m_home, ws, {u"add"_s, m_https.url(u"pushC.git"_s, false), u"pushC"_s}));

    const auto run = [&](const QStringList &args) { return runGrexIn(m_home, ws, args); };
    RunResult pushed;
    const QString failed =
        commitAndPushTask(run, ws, u"fix-https"_s, {u"pushA"_s, u"pushB"_s, u"pushC"_s}, &pushed);
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
    QVERIFY2(!pushed.out.contains(Password.toUtf8()) && !pushed.err.contains(Password.toUtf8()),
             qPrintable(show(pushed)));
    const auto remoteTip = [&](const QString &id) {
        return runGitIn(m_home, m_repos + u'/' + id + u".git"_s,
                        {u"rev-parse"_s, u"--verify"_s, u"-q"_s, u"refs/heads/fix-https"_s})
            .outText()
            .trimmed();
    };
    // git-http-backend refuses a push it did not authenticate.
    const QString partial = partialPushProblem(pushed, u"pushC"_s, u"403"_s, remoteTip);
    QVERIFY2(partial.isEmpty(), qPrintable(partial));
    // The pushed branches track their remote branch, so safe-to-leave names only pushC's work.
    const RunResult left = runGrexIn(m_home, ws, {u"safe-to-leave"_s, u"--json"_s});
    QVERIFY2(left.exitCode == 7, qPrintable(show(left)));
    const QByteArray leftText = left.out;
    QVERIFY2(leftText.contains("pushC") && !leftText.contains("\"pushA\""), leftText.constData());
}

// The refs of an HTTPS remote are asked with one protocol v2 request, with the password the
// credential helper gives and the CA http.sslCAInfo names: a sync with nothing new runs no git
// fetch, and every way a ref moves is fetched (refMovesProblem).
void tst_RemotesHttps::refMovesOverHttps()
{
    const QString ws = makeWorkspace(m_tmp->filePath(u"moves/ws"_s), m_home);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(runGrexIn(m_home, ws, {u"add"_s, m_https.url(u"moves.git"_s)}));
    RefMoveDriver driver;
    driver.grex = [&](const QStringList &args) { return runGrexIn(m_home, ws, args); };
    driver.gitInClone = [&](const QStringList &args) {
        return runGitIn(m_home, ws + u"/moves"_s, args);
    };
    driver.upstream = [&](const QString &script) {
        return runShell(m_home, m_repos + u"/moves.git"_s, script);
    };
    driver.clone = ws + u"/moves"_s;
    const QString problem = refMovesProblem(driver);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

QTEST_GUILESS_MAIN(tst_RemotesHttps)
#include "tst_remoteshttps.moc"
