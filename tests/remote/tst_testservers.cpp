// The servers of tests/support/testservers.h, proven with plain git (no grex): sshd with key
// files and no agent, lighttpd with git-http-backend over TLS and basic authentication, git
// daemon, and a listener that never answers. Everything listens on 127.0.0.1 only. The SSH cases
// need root (they run as a throwaway user) and are skipped, with the reason, without it.

#include "support/grexrunner.h"
#include "support/remotebuilder.h"
#include "support/testfiles.h"
#include "support/testservers.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

const QByteArray Readme = "served by a real server\n";

RunOptions gitOptions()
{
    RunOptions options;
    // Without a terminal git would fail anyway; this makes a missing credential fail at once.
    options.env = {u"GIT_TERMINAL_PROMPT=0"_s, u"GIT_SSH_COMMAND=ssh -o BatchMode=yes"_s};
    options.timeoutMs = 30000;
    return options;
}

QString show(const RunResult &result)
{
    return u"exit %1\nstdout: %2\nstderr: %3"_s.arg(result.exitCode)
        .arg(result.outText(), result.errText());
}

} // namespace

class tst_TestServers : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void sshUnknownHostKeyFails();
    void sshCloneWithEd25519Key();
    void sshCloneWithRsaKey();
    void sshChangedHostKeyFails();
    void testUserRunsBuiltBinaries();
    void serversReadRepositoriesOfTheTestUser();

    void httpsCloneWithStoredCredentials();
    void httpsPublicCloneNeedsNoPassword();
    void httpsFailsWithoutTheCa();
    void httpsWrongPasswordFails();
    void httpsUntrustedCertificateFails();

    void gitDaemonClone();
    void silentServerAcceptsAndNeverAnswers();

private:
    void setUpSsh();
    void setUpHttps();
    RunResult userGit(const QStringList &args) const;
    RunResult clientGit(const QStringList &args) const;
    void writeKnownHosts(const QString &text) const;

    std::unique_ptr<QTemporaryDir> m_tmp;
    QString m_reposRoot; // bare repositories for HTTPS and git daemon, owned by the test
    // SSH: a throwaway user whose home holds its keys, ~/.ssh/config, sshd's folder and a repo.
    std::unique_ptr<TestUser> m_user;
    QString m_skipSsh;
    SshServer m_sshd;
    QString m_sshRepo;
    // HTTPS: the client's home holds ~/.gitconfig and ~/.git-credentials.
    HttpsGitServer m_https;
    QString m_clientHome;
};

void tst_TestServers::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_tmp = std::make_unique<QTemporaryDir>();
    QVERIFY(m_tmp->isValid());
    QVERIFY(letOthersEnter(m_tmp->path())); // the test user's home lies below
    m_reposRoot = m_tmp->filePath(u"repos"_s);
    RemoteBuilder(m_reposRoot).create(u"hello"_s, {{u"README"_s, Readme}});
    setUpSsh();
    setUpHttps();
}

void tst_TestServers::setUpSsh()
{
    const QString home = m_tmp->filePath(u"user"_s);
    m_user = TestUser::create(home, &m_skipSsh);
    if (!m_user)
        return;
    const QString ssh = home + u"/.ssh"_s;
    QString why;
    QVERIFY2(makeKeyPair(ssh + u"/id_ed25519"_s, u"ed25519"_s, &why), qPrintable(why));
    QVERIFY2(makeKeyPair(ssh + u"/id_rsa"_s, u"rsa"_s, &why), qPrintable(why));
    QVERIFY2(m_sshd.start(*m_user, home + u"/sshd"_s, &why), qPrintable(why));
    m_sshd.authorize(ssh + u"/id_ed25519.pub"_s);
    m_sshd.authorize(ssh + u"/id_rsa.pub"_s);
    // Two aliases, one per key; IdentitiesOnly keeps ssh from offering the other default key.
    const QString config = uR"(Host grex-ed25519 grex-rsa
    HostName 127.0.0.1
    Port %1
    User %2
    IdentitiesOnly yes
Host grex-ed25519
    IdentityFile ~/.ssh/id_ed25519
Host grex-rsa
    IdentityFile ~/.ssh/id_rsa
)"_s;
    QVERIFY(writeFile(ssh + u"/config"_s, config.arg(m_sshd.port()).arg(m_user->name()).toUtf8()));
    m_sshRepo = RemoteBuilder(home + u"/repos"_s).create(u"hello"_s, {{u"README"_s, Readme}});
    // git refuses repositories of another owner; ssh refuses keys of another owner.
    QVERIFY(m_user->chownTree(home));
}

void tst_TestServers::setUpHttps()
{
    QString why;
    QVERIFY2(
        m_https.start(m_tmp->filePath(u"https"_s), m_reposRoot, u"alice"_s, u"open sesame"_s, &why),
        qPrintable(why));
    m_clientHome = m_tmp->filePath(u"client"_s);
    QVERIFY(QDir().mkpath(m_clientHome));
    QVERIFY(writeFile(m_clientHome + u"/.gitconfig"_s, "[credential]\n\thelper = store\n"));
}

void tst_TestServers::cleanupTestCase()
{
    m_sshd.stop();
    m_https.stop();
    m_user.reset();
    m_tmp.reset();
}

RunResult tst_TestServers::userGit(const QStringList &args) const
{
    return m_user->run(u"git"_s, args, gitOptions());
}

RunResult tst_TestServers::clientGit(const QStringList &args) const
{
    return runIsolated(m_clientHome, u"git"_s, args, gitOptions());
}

void tst_TestServers::writeKnownHosts(const QString &text) const
{
    const QString path = m_user->home() + u"/.ssh/known_hosts"_s;
    QVERIFY(writeFile(path, text.toUtf8()));
    QVERIFY(m_user->chownTree(path));
}

void tst_TestServers::sshUnknownHostKeyFails()
{
    if (!m_user)
        QSKIP(qPrintable(m_skipSsh));
    QFile::remove(m_user->home() + u"/.ssh/known_hosts"_s);
    const RunResult result = userGit({u"ls-remote"_s, u"grex-ed25519:"_s + m_sshRepo});
    QVERIFY2(result.exitCode != 0, qPrintable(show(result)));
    QVERIFY2(result.errText().contains(u"Host key verification failed"_s),
             qPrintable(show(result)));
}

void tst_TestServers::sshCloneWithEd25519Key()
{
    if (!m_user)
        QSKIP(qPrintable(m_skipSsh));
    writeKnownHosts(m_sshd.knownHostsLine() + u'\n');
    const QString clone = m_user->home() + u"/clone-ed25519"_s;
    const RunResult result = userGit({u"clone"_s, u"grex-ed25519:"_s + m_sshRepo, clone});
    QVERIFY2(result.exitCode == 0, qPrintable(show(result) + m_sshd.log()));
    QCOMPARE(readFile(clone + u"/README"_s), Readme);
    QVERIFY(!m_user->environment().contains(u"SSH_AUTH_SOCK"_s));
    QVERIFY2(m_sshd.log().contains(u"Accepted publickey for %1"_s.arg(m_user->name())),
             qPrintable(m_sshd.log()));
    QVERIFY(m_sshd.log().contains(u"ssh2: ED25519 SHA256:"_s));
}

void tst_TestServers::sshCloneWithRsaKey()
{
    if (!m_user)
        QSKIP(qPrintable(m_skipSsh));
    writeKnownHosts(m_sshd.knownHostsLine() + u'\n');
    const QString clone = m_user->home() + u"/clone-rsa"_s;
    const RunResult result = userGit({u"clone"_s, u"grex-rsa:"_s + m_sshRepo, clone});
    QVERIFY2(result.exitCode == 0, qPrintable(show(result) + m_sshd.log()));
    QCOMPARE(readFile(clone + u"/README"_s), Readme);
    QVERIFY2(m_sshd.log().contains(u"ssh2: RSA SHA256:"_s), qPrintable(m_sshd.log()));
}

void tst_TestServers::sshChangedHostKeyFails()
{
    if (!m_user)
        QSKIP(qPrintable(m_skipSsh));
    writeKnownHosts(m_sshd.knownHostsLines());
    QCOMPARE(userGit({u"ls-remote"_s, u"grex-ed25519:"_s + m_sshRepo}).exitCode, 0);
    const int port = m_sshd.port();
    QString why;
    QVERIFY2(m_sshd.restartWithNewHostKey(&why), qPrintable(why));
    QCOMPARE(m_sshd.port(), port);

    const RunResult changed = userGit({u"ls-remote"_s, u"grex-ed25519:"_s + m_sshRepo});
    QVERIFY2(changed.exitCode != 0, qPrintable(show(changed)));
    QVERIFY2(changed.errText().contains(u"REMOTE HOST IDENTIFICATION HAS CHANGED"_s),
             qPrintable(show(changed)));
    QVERIFY2(changed.errText().contains(u"Host key verification failed"_s),
             qPrintable(show(changed)));

    // The restarted server itself is fine: with its new key known, the same command works.
    writeKnownHosts(m_sshd.knownHostsLines());
    const RunResult known = userGit({u"ls-remote"_s, u"grex-ed25519:"_s + m_sshRepo});
    QVERIFY2(known.exitCode == 0, qPrintable(show(known) + m_sshd.log()));
}

void tst_TestServers::testUserRunsBuiltBinaries()
{
    if (!m_user)
        QSKIP(qPrintable(m_skipSsh));
    QString why;
    QVERIFY2(m_user->canRead(grexBinary(), &why), qPrintable(why));
    const RunResult version = m_user->run(grexBinary(), {u"--version"_s});
    QVERIFY2(version.exitCode == 0, qPrintable(show(version)));

    // A folder only root may enter is named as what is in the way.
    const QString closed = m_tmp->filePath(u"closed"_s);
    QVERIFY(QDir().mkpath(closed));
    QVERIFY(QFile::setPermissions(closed, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    QVERIFY(writeFile(closed + u"/file"_s, "x"));
    QVERIFY(!m_user->canRead(closed + u"/file"_s, &why));
    QVERIFY2(why.contains(closed + u" is in the way"_s), qPrintable(why));
}

void tst_TestServers::serversReadRepositoriesOfTheTestUser()
{
    if (!m_user)
        QSKIP(qPrintable(m_skipSsh));
    // The servers run as root here, and git refuses repositories of another owner unless told.
    const QString repos = m_user->home() + u"/repos"_s;
    QString why;
    GitDaemon daemon;
    QVERIFY2(daemon.start(repos, &why), qPrintable(why));
    const RunResult overGit = clientGit({u"ls-remote"_s, daemon.url(u"hello.git"_s)});
    QVERIFY2(overGit.exitCode == 0, qPrintable(show(overGit) + daemon.log()));

    HttpsGitServer https;
    QVERIFY2(https.start(m_tmp->filePath(u"https-user"_s), repos, u"carol"_s, u"pw"_s, &why),
             qPrintable(why));
    const RunResult overHttps = clientGit({u"-c"_s, u"http.sslCAInfo="_s + https.caFile(),
                                           u"ls-remote"_s, https.url(u"hello.git"_s, false)});
    QVERIFY2(overHttps.exitCode == 0, qPrintable(show(overHttps) + https.log()));
}

void tst_TestServers::httpsCloneWithStoredCredentials()
{
    QVERIFY(writeFile(m_clientHome + u"/.git-credentials"_s,
                      (m_https.gitCredentialsLine() + u'\n').toUtf8()));
    const QString clone = m_clientHome + u"/clone-https"_s;
    const RunResult result = clientGit({u"-c"_s, u"http.sslCAInfo="_s + m_https.caFile(),
                                        u"clone"_s, m_https.url(u"hello.git"_s), clone});
    QVERIFY2(result.exitCode == 0, qPrintable(show(result) + m_https.log()));
    QCOMPARE(readFile(clone + u"/README"_s), Readme);
}

void tst_TestServers::httpsPublicCloneNeedsNoPassword()
{
    QVERIFY(writeFile(m_clientHome + u"/.git-credentials"_s, {}));
    const QString clone = m_clientHome + u"/clone-public"_s;
    const RunResult result = clientGit({u"-c"_s, u"http.sslCAInfo="_s + m_https.caFile(),
                                        u"clone"_s, m_https.url(u"hello.git"_s, false), clone});
    QVERIFY2(result.exitCode == 0, qPrintable(show(result) + m_https.log()));
    QCOMPARE(readFile(clone + u"/README"_s), Readme);

    // The same repository under /git/ asks for a user name, which nothing gives.
    const RunResult asked = clientGit({u"-c"_s, u"http.sslCAInfo="_s + m_https.caFile(),
                                       u"ls-remote"_s, m_https.url(u"hello.git"_s)});
    QVERIFY2(asked.exitCode != 0, qPrintable(show(asked)));
    QVERIFY2(asked.errText().contains(u"could not read Username"_s), qPrintable(show(asked)));
}

void tst_TestServers::httpsFailsWithoutTheCa()
{
    QVERIFY(writeFile(m_clientHome + u"/.git-credentials"_s,
                      (m_https.gitCredentialsLine() + u'\n').toUtf8()));
    const RunResult result = clientGit({u"ls-remote"_s, m_https.url(u"hello.git"_s)});
    QVERIFY2(result.exitCode != 0, qPrintable(show(result)));
    QVERIFY2(result.errText().contains(u"server certificate verification failed"_s),
             qPrintable(show(result)));
}

void tst_TestServers::httpsWrongPasswordFails()
{
    QVERIFY(writeFile(m_clientHome + u"/.git-credentials"_s,
                      u"https://alice:wrong@127.0.0.1:%1\n"_s.arg(m_https.port()).toUtf8()));
    const RunResult result = clientGit({u"-c"_s, u"http.sslCAInfo="_s + m_https.caFile(),
                                        u"ls-remote"_s, m_https.url(u"hello.git"_s)});
    QVERIFY2(result.exitCode != 0, qPrintable(show(result)));
    QVERIFY2(result.errText().contains(u"Authentication failed"_s), qPrintable(show(result)));
    QVERIFY2(m_https.log().contains(u"password doesn't match"_s), qPrintable(m_https.log()));
}

void tst_TestServers::httpsUntrustedCertificateFails()
{
    // A server of its own, so that the shared one keeps its trusted certificate.
    HttpsGitServer server;
    QString why;
    QVERIFY2(server.start(m_tmp->filePath(u"https-untrusted"_s), m_reposRoot, u"bob"_s, u"secret"_s,
                          &why),
             qPrintable(why));
    const QStringList args{u"-c"_s, u"http.sslCAInfo="_s + server.caFile(), u"ls-remote"_s,
                           server.url(u"hello.git"_s, false)};
    const RunResult trusted = clientGit(args);
    QVERIFY2(trusted.exitCode == 0, qPrintable(show(trusted) + server.log()));

    const int port = server.port();
    QVERIFY2(server.restartWithUntrustedCertificate(&why), qPrintable(why));
    QCOMPARE(server.port(), port);
    const RunResult untrusted = clientGit(args);
    QVERIFY2(untrusted.exitCode != 0, qPrintable(show(untrusted)));
    QVERIFY2(untrusted.errText().contains(u"server certificate verification failed"_s),
             qPrintable(show(untrusted)));
}

void tst_TestServers::gitDaemonClone()
{
    GitDaemon daemon;
    QString why;
    QVERIFY2(daemon.start(m_reposRoot, &why), qPrintable(why));
    const QString clone = m_clientHome + u"/clone-daemon"_s;
    const RunResult result = clientGit({u"clone"_s, daemon.url(u"hello.git"_s), clone});
    QVERIFY2(result.exitCode == 0, qPrintable(show(result) + daemon.log()));
    QCOMPARE(readFile(clone + u"/README"_s), Readme);
}

void tst_TestServers::silentServerAcceptsAndNeverAnswers()
{
    SilentServer server;
    QString why;
    QVERIFY2(server.start(&why), qPrintable(why));
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, quint16(server.port()));
    QVERIFY(socket.waitForConnected(5000));
    QTRY_COMPARE(server.connectionCount(), 1);
    QVERIFY(!socket.waitForReadyRead(300));

    // git waits for the daemon's answer for as long as the connection stays open; a moment is
    // enough to see that it does not give up by itself.
    QProcess git;
    git.setProcessEnvironment(isolatedEnvironment(m_clientHome));
    git.start(u"git"_s, {u"ls-remote"_s, u"git://127.0.0.1:%1/x"_s.arg(server.port())});
    QVERIFY(git.waitForStarted());
    QTRY_COMPARE(server.connectionCount(), 2);
    QVERIFY2(!git.waitForFinished(1000), git.readAllStandardError().constData());
    git.kill();
    git.waitForFinished();
}

QTEST_GUILESS_MAIN(tst_TestServers)
#include "tst_testservers.moc"
