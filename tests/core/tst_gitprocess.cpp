#include "core/git/gitprocess_p.h"
#include "core/git/libgit2_p.h"
#include "core/git/repository.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTcpServer>
#include <QTest>
#include <QThread>

#include <thread>

using namespace Grex;
using namespace Grex::Git;
using namespace Qt::StringLiterals;

namespace {

// git in dir, which must succeed.
void gitIn(const QString &dir, const QStringList &args)
{
    GitCall call;
    call.workDir = dir;
    call.args = QStringList{u"-c"_s, u"user.name=t"_s, u"-c"_s, u"user.email=t@t"_s} + args;
    const Result<GitOutput> output = run(call, {});
    QVERIFY(output.ok());
    QVERIFY2(output->ok(), qPrintable(output->err));
}

QString headIn(git_repository *repo)
{
    git_oid oid;
    if (git_reference_name_to_id(&oid, repo, "HEAD") != 0)
        return {};
    return oidToHex(&oid);
}

GitOutput failed(const QString &stderrText)
{
    GitOutput output;
    output.exitStatus = 128;
    output.err = stderrText;
    return output;
}

} // namespace

// How grex runs git and reads its failures: git's and ssh's words (in the C locale) decide the
// reason a pack failed for, and the hint that goes with it.
class tst_GitProcess : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classifies_data()
    {
        QTest::addColumn<QString>("stderrText");
        QTest::addColumn<QString>("reason");
        QTest::newRow("ssh key refused")
            << u"git@host: Permission denied (publickey).\r\nfatal: Could not read from remote "
               "repository.\n\nPlease make sure you have the correct access rights\nand the "
               "repository exists.\n"_s
            << u"auth"_s;
        QTest::newRow("https no credentials")
            << u"fatal: could not read Username for 'https://host': terminal prompts disabled\n"_s
            << u"auth"_s;
        QTest::newRow("https 401")
            << u"remote: Unauthorized\nfatal: Authentication failed for 'https://h/x.git/'\n"_s
            << u"auth"_s;
        QTest::newRow("unknown host key")
            << u"Host key verification failed.\r\nfatal: Could not read from remote repository.\n"_s
            << u"host_key"_s;
        QTest::newRow("changed host key")
            << u"@@@@@@@@@@@\n@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\n"
               "Host key verification failed.\n"_s
            << u"host_key"_s;
        QTest::newRow("untrusted CA")
            << u"fatal: unable to access 'https://127.0.0.1:4443/git/x.git/': SSL certificate "
               "problem: unable to get local issuer certificate\n"_s
            << u"certificate"_s;
        QTest::newRow("not found")
            << u"fatal: '/srv/x.git' does not appear to be a git repository\n"_s << u"not_found"_s;
        QTest::newRow("http 404")
            << u"fatal: repository 'https://h/x.git/' not found\n"_s << u"not_found"_s;
        QTest::newRow("daemon not exported")
            << u"fatal: remote error: access denied or repository not exported: /x.git\n"_s
            << u"not_found"_s;
        QTest::newRow("refused")
            << u"ssh: connect to host 127.0.0.1 port 1: Connection refused\r\n"_s
            << u"unreachable"_s;
        QTest::newRow("dns")
            << u"fatal: unable to access 'https://nowhere.invalid/x/': Could not resolve host: "
               "nowhere.invalid\n"_s
            << u"unreachable"_s;
        QTest::newRow("something else") << u"fatal: bad object HEAD\n"_s << QString();
    }

    void classifies()
    {
        QFETCH(QString, stderrText);
        QFETCH(QString, reason);
        QCOMPARE(classify(failed(stderrText)), reason);
    }

    void stalledIsATimeout()
    {
        GitOutput output = failed(QString());
        output.stalled = true;
        QCOMPARE(classify(output), u"timeout"_s);
        const Error error = networkFailure(u"fetch_failed"_s, "cannot fetch %1: %2",
                                           {u"git://h/x"_s}, u"git://h/x"_s, QString(), output);
        QCOMPARE(error.reason(), u"timeout"_s);
        QVERIFY(error.hint().text().contains(u"GREX_NETWORK_TIMEOUT"_s));
    }

    void hintsNameTheFix()
    {
        const Error hostKey = networkFailure(
            u"clone_failed"_s, "cannot clone %1: %2", {u"ssh://git@h:2222/x"_s},
            u"ssh://git@h:2222/x"_s, QString(), failed(u"Host key verification failed.\n"_s));
        QCOMPARE(hostKey.reason(), u"host_key"_s);
        QVERIFY2(hostKey.hint().text().contains(u"ssh-keyscan -p 2222 h"_s),
                 qPrintable(hostKey.hint().text()));
        const Error cert = networkFailure(
            u"clone_failed"_s, "cannot clone %1: %2", {u"https://h/x"_s}, u"https://h/x"_s,
            QString(), failed(u"SSL certificate problem: self-signed certificate\n"_s));
        QVERIFY(cert.hint().text().contains(u"http.sslCAInfo"_s));
        const Error sshAuth = networkFailure(
            u"clone_failed"_s, "cannot clone %1: %2", {u"forge:me/x.git"_s}, u"forge:me/x.git"_s,
            QString(), failed(u"git@forge: Permission denied (publickey).\n"_s));
        QVERIFY(sshAuth.hint().text().contains(u"ssh-add"_s));
        QVERIFY(sshAuth.message().text().contains(u"Permission denied (publickey)."_s));
    }

    void gitWordsKeepWhatMatters()
    {
        const QString words = gitWords(
            u"Cloning into 'x'...\nremote: Counting objects: 3, done.\r"
            "Receiving objects:  50% (1/2)\rfatal: Unable to create '/w/.git/index.lock': File "
            "exists.\n\nAnother git process seems to be running in this repository, e.g.\nan "
            "editor opened by 'git commit'.\n"_s);
        QCOMPARE(words, u"fatal: Unable to create '/w/.git/index.lock': File exists."_s);
    }

    // A server that accepts and never answers: git would wait for ever, grex stops it.
    void aStalledGitIsStopped()
    {
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        qputenv("GREX_NETWORK_TIMEOUT", "1");
        GitCall call;
        call.args = {u"ls-remote"_s, u"git://127.0.0.1:%1/x.git"_s.arg(silent.serverPort())};
        call.network = true;
        QElapsedTimer timer;
        timer.start();
        const Result<GitOutput> output = run(call, {});
        qunsetenv("GREX_NETWORK_TIMEOUT");
        QVERIFY(output.ok());
        QVERIFY(output->stalled);
        QVERIFY(!output->ok());
        // git on its own would wait for ever.
        QVERIFY2(timer.elapsed() < 60000, qPrintable(QString::number(timer.elapsed())));
    }

    void cancellationStopsGit()
    {
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        GitCall call;
        call.args = {u"ls-remote"_s, u"git://127.0.0.1:%1/x.git"_s.arg(silent.serverPort())};
        call.network = true;
        std::stop_source stop;
        std::jthread canceller([&] {
            QThread::msleep(300);
            stop.request_stop();
        });
        const Result<GitOutput> output = run(call, stop.get_token());
        QVERIFY(!output.ok());
        QCOMPARE(output.error().kind(), ErrorKind::Cancelled);
    }

    // A pack's reads share one opened repository (RepositoryReuse), and what git changes is
    // never read from what was opened before it ran.
    void aReuseScopeOpensOnceUntilGitRuns()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        gitIn(dir.path(), {u"init"_s, u"-q"_s});
        gitIn(dir.path(), {u"commit"_s, u"-q"_s, u"--allow-empty"_s, u"-m"_s, u"one"_s});
        {
            const RepositoryReuse reuse;
            Result<RepositoryPtr> first = openRepository(dir.path());
            QVERIFY(first.ok());
            Result<RepositoryPtr> again = openRepository(dir.path());
            QVERIFY(again.ok());
            QCOMPARE(again->get(), first->get());
            const QString before = headIn(first->get());
            QVERIFY(!before.isEmpty());

            gitIn(dir.path(), {u"commit"_s, u"-q"_s, u"--allow-empty"_s, u"-m"_s, u"two"_s});
            Result<RepositoryPtr> after = openRepository(dir.path());
            QVERIFY(after.ok());
            QVERIFY(after->get() != first->get());
            QVERIFY(headIn(after->get()) != before);
            // A scope inside another keeps what the outer one opened.
            {
                const RepositoryReuse inner;
                Result<RepositoryPtr> nested = openRepository(dir.path());
                QVERIFY(nested.ok());
                QCOMPARE(nested->get(), after->get());
            }
            Result<RepositoryPtr> stillAfter = openRepository(dir.path());
            QVERIFY(stillAfter.ok());
            QCOMPARE(stillAfter->get(), after->get());
        }
        // Outside any scope every call opens anew, as before.
        Result<RepositoryPtr> one = openRepository(dir.path());
        Result<RepositoryPtr> two = openRepository(dir.path());
        QVERIFY(one.ok() && two.ok());
        QVERIFY(one->get() != two->get());
    }

    void neverPrompts()
    {
        // No credentials anywhere: git must fail at once instead of asking on a terminal.
        GitCall call;
        call.args = {u"-c"_s, u"credential.helper="_s, u"credential"_s, u"fill"_s};
        call.input = "protocol=https\nhost=example.invalid\n\n";
        const Result<GitOutput> output = run(call, {});
        QVERIFY(output.ok());
        QVERIFY(!output->ok());
        QVERIFY2(output->err.contains(u"terminal prompts disabled"_s), qPrintable(output->err));
    }
};

QTEST_GUILESS_MAIN(tst_GitProcess)
#include "tst_gitprocess.moc"
