// The built grex against a real OpenSSH server on 127.0.0.1, each case next to plain git on the
// same fixture. OpenSSH takes the home directory (~/.ssh/config, known_hosts, keys) from the
// password database, not from $HOME, so grex and git run as a throwaway user (TestUser) whose
// home is this test's folder, without an agent (no SSH_AUTH_SOCK): Host aliases with key files,
// RSA and ed25519 keys, a URL without a user, core.sshCommand and GIT_SSH_COMMAND, ProxyJump,
// and the failures an unknown or changed host key and a refused key bring. Needs root.

#include "support/grexrunner.h"
#include "support/remotebuilder.h"
#include "remotetesting.h"
#include "support/testfiles.h"
#include "support/testservers.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QScopeGuard>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <utility>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

const QByteArray Identity = "[user]\n\tname = grex tests\n\temail = tests@grex.invalid\n";

// A failure must come at once: ssh cannot ask anything, so nothing waits for an answer. Below the
// 60 s a stalled ssh would be given, with room for a slow machine.
constexpr qint64 QuickMs = 45000;

// For plain git's failures: ssh fails where it would ask on a terminal.
const QString BatchMode = u"GIT_SSH_COMMAND=ssh -o BatchMode=yes"_s;

// The processes of user whose command line matches pattern, as "pid args" lines; zombies left
// out (they hold nothing, and this machine's init may reap them late).
QString liveProcesses(const QString &user, const QString &pattern)
{
    const RunResult listed =
        runProgram(u"ps"_s, {u"-u"_s, user, u"-o"_s, u"pid=,stat=,args="_s}, {});
    const QRegularExpression match(pattern);
    QStringList lines;
    for (const QString &line : listed.outText().split(u'\n', Qt::SkipEmptyParts)) {
        const QStringList fields = line.simplified().split(u' ');
        if (fields.size() < 3 || fields.at(1).startsWith(u'Z'))
            continue;
        const QString args = fields.mid(2).join(u' ');
        if (match.match(args).hasMatch())
            lines.append(fields.at(0) + u' ' + args);
    }
    return lines.join(u'\n');
}

} // namespace

class tst_RemoteSsh : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanupTestCase();

    void hostAliasWithKeyFile();
    void keyTypes_data();
    void keyTypes();
    void urlWithoutUserLogsInAsLocalUser();
    void coreSshCommand();
    void gitSshCommand();
    void proxyJump();
    void unknownHostKey();
    void refusedKey();
    void changedHostKey();
    void sharedConnection();
    void sharedConnectionEndsWithEachCall();
    void killedRunsConnectionsAreEnded();
    void pathWithSpace();
    void passphraseKeyWithoutAgent();
    void taskPushOverSsh();
    void refMovesOverSsh();

private:
    RunResult grex(const QString &ws, const QStringList &args, const QStringList &env = {}) const;
    RunResult git(const QString &dir, const QStringList &args, const QStringList &env = {}) const;
    // A workspace below the user's home, made by the user with grex init.
    QString makeWorkspace(const QString &name) const;
    QString headOf(const QString &clone) const;
    // A new commit on hello.git's main, given to the user.
    QString commitUpstream(const QByteArray &readme);
    // "SHA256:…" of a public key file.
    static QString fingerprint(const QString &publicKey);
    // The sshd log lines written since offset that accepted a key of the user.
    QStringList acceptedSince(qsizetype offset) const;
    void writeKnownHosts(const QByteArray &text) const;
    void writeGitConfig(const QByteArray &text) const;
    // Plain git (ssh in batch mode) must refuse url with gitWords in its error, then grex args
    // must fail (exit 4) without a prompt or a wait: within QuickMs. Returns what went
    // otherwise, "" when both failed as they should; *result is grex's run.
    QString failsAsGitDoes(const QString &url, const QString &gitWords, const QString &ws,
                           const QStringList &args, RunResult *result) const;

    std::unique_ptr<QTemporaryDir> m_tmp;
    std::unique_ptr<TestUser> m_user;
    QString m_skip;
    SshServer m_sshd;
    std::unique_ptr<RemoteBuilder> m_builder;
    QString m_home;
    QString m_repo; // hello.git, the user's
};

void tst_RemoteSsh::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_tmp = std::make_unique<QTemporaryDir>();
    QVERIFY(m_tmp->isValid());
    QVERIFY(letOthersEnter(m_tmp->path())); // the test user's home lies below
    m_home = m_tmp->filePath(u"user"_s);
    m_user = TestUser::create(m_home, &m_skip);
    if (!m_user)
        return;
    if (!m_user->canRead(grexBinary(), &m_skip)) {
        m_user.reset();
        return;
    }
    QVERIFY(!m_user->environment().contains(u"SSH_AUTH_SOCK"_s));

    const QString ssh = m_home + u"/.ssh"_s;
    QString why;
    for (const auto &[name, type] :
         {std::pair{u"id_ed25519"_s, u"ed25519"_s}, std::pair{u"id_rsa"_s, u"rsa"_s},
          std::pair{u"other"_s, u"ed25519"_s}, std::pair{u"envkey"_s, u"ed25519"_s},
          std::pair{u"refused"_s, u"ed25519"_s}})
        QVERIFY2(makeKeyPair(ssh + u'/' + name, type, &why), qPrintable(why));
    QVERIFY2(m_sshd.start(*m_user, m_home + u"/sshd"_s, &why), qPrintable(why));
    for (const QString &name : {u"id_ed25519"_s, u"id_rsa"_s, u"other"_s, u"envkey"_s})
        m_sshd.authorize(ssh + u'/' + name + u".pub"_s);
    // IdentitiesOnly keeps ssh from offering the default keys as well, so the key each alias
    // names is the one the server accepts. 127.0.0.1 itself has no entry.
    const QString config = uR"(Host grex-ed25519 grex-rsa grex-refused grex-jump
    HostName 127.0.0.1
    Port %1
    User %2
    IdentitiesOnly yes
Host grex-ed25519 grex-jump
    IdentityFile ~/.ssh/id_ed25519
Host grex-rsa
    IdentityFile ~/.ssh/id_rsa
Host grex-refused
    IdentityFile ~/.ssh/refused
Host grex-locked
    HostName 127.0.0.1
    Port %1
    User %2
    IdentitiesOnly yes
    IdentityFile ~/.ssh/locked
)"_s.arg(m_sshd.port())
                               .arg(m_user->name());
    QVERIFY(writeFile(ssh + u"/config"_s, config.toUtf8()));
    // A key with a passphrase, authorised: only an agent holding it could use it.
    const RunResult locked =
        runProgram(u"ssh-keygen"_s,
                   {u"-q"_s, u"-t"_s, u"ed25519"_s, u"-N"_s, u"a passphrase"_s, u"-C"_s,
                    u"grex-test"_s, u"-f"_s, ssh + u"/locked"_s},
                   {});
    QVERIFY2(locked.exitCode == 0, qPrintable(show(locked)));
    m_sshd.authorize(ssh + u"/locked.pub"_s);
    m_builder = std::make_unique<RemoteBuilder>(m_home + u"/repos"_s);
    m_repo = m_builder->create(u"hello"_s, {{u"README"_s, "hello over ssh\n"}});
    // git refuses repositories of another owner; ssh refuses keys of another owner.
    QVERIFY(m_user->chownTree(m_home));
}

void tst_RemoteSsh::init()
{
    if (!m_user)
        return;
    writeKnownHosts(m_sshd.knownHostsLines().toUtf8());
    writeGitConfig(Identity);
}

void tst_RemoteSsh::cleanupTestCase()
{
    m_sshd.stop();
    m_user.reset();
    m_tmp.reset();
}

RunResult tst_RemoteSsh::grex(const QString &ws, const QStringList &args,
                              const QStringList &env) const
{
    RunOptions options;
    options.workDir = ws;
    options.env = env;
    options.timeoutMs = 60000;
    return m_user->run(grexBinary(), args, options);
}

RunResult tst_RemoteSsh::git(const QString &dir, const QStringList &args,
                             const QStringList &env) const
{
    RunOptions options;
    options.workDir = dir;
    // Plain git must not ask either, should the test run on a terminal.
    options.env = QStringList{u"GIT_TERMINAL_PROMPT=0"_s} + env;
    options.timeoutMs = 60000;
    return m_user->run(u"git"_s, args, options);
}

QString tst_RemoteSsh::makeWorkspace(const QString &name) const
{
    const QString ws = m_home + u'/' + name;
    QDir().mkpath(ws);
    if (!m_user->chownTree(ws))
        return {};
    const RunResult init = grex(ws, {u"init"_s});
    if (init.exitCode != 0) {
        qWarning("grex init failed: %s", qPrintable(show(init)));
        return {};
    }
    return ws;
}

QString tst_RemoteSsh::headOf(const QString &clone) const
{
    return git(clone, {u"rev-parse"_s, u"HEAD"_s}).outText().trimmed();
}

QString tst_RemoteSsh::commitUpstream(const QByteArray &readme)
{
    const QString sha = m_builder->commit(m_repo, {{u"README"_s, readme}}, u"main"_s);
    m_user->chownTree(m_repo);
    return sha;
}

QString tst_RemoteSsh::fingerprint(const QString &publicKey)
{
    // "256 SHA256:… comment (ED25519)"
    const RunResult listed = runProgram(u"ssh-keygen"_s, {u"-l"_s, u"-f"_s, publicKey}, {});
    return listed.outText().split(u' ').value(1);
}

QStringList tst_RemoteSsh::acceptedSince(qsizetype offset) const
{
    QStringList accepted;
    const QStringList lines = m_sshd.log().mid(offset).split(u'\n');
    for (const QString &line : lines) {
        if (line.contains(u"Accepted publickey for "_s))
            accepted.append(line);
    }
    return accepted;
}

void tst_RemoteSsh::writeKnownHosts(const QByteArray &text) const
{
    const QString path = m_home + u"/.ssh/known_hosts"_s;
    QVERIFY(writeFile(path, text));
    QVERIFY(m_user->chownTree(path));
}

void tst_RemoteSsh::writeGitConfig(const QByteArray &text) const
{
    const QString path = m_home + u"/.gitconfig"_s;
    QVERIFY(writeFile(path, text));
    QVERIFY(m_user->chownTree(path));
}

QString tst_RemoteSsh::failsAsGitDoes(const QString &url, const QString &gitWords,
                                      const QString &ws, const QStringList &args,
                                      RunResult *result) const
{
    // BatchMode: ssh would ask on a terminal the test may have; grex's git has none.
    const RunResult plain = git(m_home, {u"ls-remote"_s, url}, {BatchMode});
    if (plain.exitCode == 0 || !plain.errText().contains(gitWords))
        return u"plain git did not fail with \""_s + gitWords + u"\": "_s + show(plain);
    QElapsedTimer timer;
    timer.start();
    *result = grex(ws, args);
    if (timer.elapsed() >= QuickMs || result->crashed || result->exitCode != 4)
        return u"grex took %1 ms: "_s.arg(timer.elapsed()) + show(*result);
    return {};
}

// The fetches of one sync share one SSH connection to the host (fewer logins than packs), and
// nothing of it is left once grex has ended: no ssh process of the user, no socket directory.
// GREX_SSH_SHARE=0 connects once per fetch, as plain git does.
void tst_RemoteSsh::sharedConnection()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    const QString ws = makeWorkspace(u"ws-shared"_s);
    QVERIFY(!ws.isEmpty());
    constexpr int Packs = 6;
    for (int i = 0; i < Packs; ++i) {
        const QString name = u"shared%1"_s.arg(i);
        const QString repo = m_builder->create(name, {{u"README"_s, "shared\n"}});
        QVERIFY(m_user->chownTree(repo));
        GREX_VERIFY_RAN(grex(ws, {u"add"_s, u"--no-install"_s, u"grex-ed25519:"_s + repo}));
    }
    const auto sshProcesses = [&] { return liveProcesses(m_user->name(), u"^(\\S*/)?ssh "_s); };
    const auto socketDirs = [] {
        return QDir(u"/tmp"_s).entryList({u"grex-ssh-*"_s}, QDir::Dirs | QDir::NoDotAndDotDot);
    };
    const QStringList dirsBefore = socketDirs();

    qsizetype offset = m_sshd.log().size();
    GREX_VERIFY_RAN(grex(ws, {u"sync"_s, u"--parallel"_s, u"6"_s}));
    const qsizetype shared = acceptedSince(offset).size();
    QVERIFY2(shared >= 1 && shared < Packs, qPrintable(m_sshd.log().mid(offset)));
    // Ended by grex before it exits, not by ControlPersist's timer.
    QCOMPARE(sshProcesses(), QString());
    QCOMPARE(socketDirs(), dirsBefore);

    offset = m_sshd.log().size();
    GREX_VERIFY_RAN(grex(ws, {u"sync"_s, u"--parallel"_s, u"6"_s}, {u"GREX_SSH_SHARE=0"_s}));
    QCOMPARE(acceptedSince(offset).size(), qsizetype(Packs));
}

// In a process that lives on (grex serve), the connections a tool call shared end with the call.
void tst_RemoteSsh::sharedConnectionEndsWithEachCall()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    const QString ws = makeWorkspace(u"ws-serve"_s);
    QVERIFY(!ws.isEmpty());
    for (int i = 0; i < 3; ++i) {
        const QString repo = m_builder->create(u"served%1"_s.arg(i), {{u"README"_s, "x\n"}});
        QVERIFY(m_user->chownTree(repo));
        GREX_VERIFY_RAN(grex(ws, {u"add"_s, u"--no-install"_s, u"grex-ed25519:"_s + repo}));
    }
    QProcess serve;
    m_user->prepareProcess(serve);
    serve.setWorkingDirectory(ws);
    serve.start(grexBinary(), {u"serve"_s});
    QVERIFY(serve.waitForStarted());
    const auto cleanup = qScopeGuard([&] {
        serve.closeWriteChannel();
        if (!serve.waitForFinished(10000))
            serve.kill();
    });
    const auto call = [&](const QByteArray &frame, int id) {
        serve.write(frame + '\n');
        QByteArray buffer;
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 60000) {
            serve.waitForReadyRead(200);
            buffer += serve.readAllStandardOutput();
            for (const QByteArray &line : buffer.split('\n')) {
                if (line.contains(QByteArray("\"id\":" + QByteArray::number(id) + ",")))
                    return line;
            }
        }
        return QByteArray();
    };
    QVERIFY(!call(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":)"
                  R"("2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})",
                  1)
                 .isEmpty());
    serve.write(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"
                "\n");
    const qsizetype offset = m_sshd.log().size();
    const QByteArray synced =
        call(R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"sync",)"
             R"("arguments":{"parallel":3}}})",
             2);
    QVERIFY2(synced.contains("\"isError\":false"), synced.constData());
    QVERIFY2(!acceptedSince(offset).isEmpty(), qPrintable(m_sshd.log().mid(offset)));
    // The call is over: no ssh of the user's is left, though grex serve runs on.
    QCOMPARE(liveProcesses(m_user->name(), u"^(\\S*/)?ssh "_s), QString());
    QCOMPARE(serve.state(), QProcess::Running);
}

// A grex killed with SIGKILL cannot end its connections; the next grex that shares one ends
// those the killed one left, and removes its socket directory.
void tst_RemoteSsh::killedRunsConnectionsAreEnded()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    const QString ws = makeWorkspace(u"ws-killed"_s);
    QVERIFY(!ws.isEmpty());
    const QString repo = m_builder->create(
        u"sleeper"_s,
        {{u".grex/pack.yaml"_s,
          RemoteBuilder::packYaml(u"sleeper"_s, u"declarative"_s,
                                  "actions:\n  - exec: {cmd: [sleep, \"60\"]}\n")}});
    QVERIFY(m_user->chownTree(repo));
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, u"--no-install"_s, u"grex-ed25519:"_s + repo}));
    const auto masters = [&] { return liveProcesses(m_user->name(), u"ssh .*-M -N -f"_s); };
    QCOMPARE(masters(), QString());

    QProcess run;
    m_user->prepareProcess(run);
    run.setWorkingDirectory(ws);
    run.start(grexBinary(), {u"sync"_s});
    QVERIFY(run.waitForStarted());
    // The install's sleep runs after the fetch, while the connection is still shared.
    QTRY_VERIFY_WITH_TIMEOUT(
        !runProgram(u"pgrep"_s, {u"-u"_s, m_user->name(), u"-x"_s, u"sleep"_s}, {})
             .outText()
             .trimmed()
             .isEmpty(),
        30000);
    QVERIFY(!masters().isEmpty());
    run.kill();
    run.waitForFinished();
    runProgram(u"pkill"_s, {u"-u"_s, m_user->name(), u"-x"_s, u"sleep"_s}, {});
    QVERIFY2(!masters().isEmpty(), "the master ended with grex: nothing left to end");

    GREX_VERIFY_RAN(grex(ws, {u"sync"_s, u"--no-install"_s}));
    QCOMPARE(liveProcesses(m_user->name(), u"^(\\S*/)?ssh "_s), QString());
}

// A key protected by a passphrase, no agent: ssh cannot use it and says only "Permission
// denied"; grex says which key and that it needs ssh-add, at once.
void tst_RemoteSsh::passphraseKeyWithoutAgent()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    const QString ws = makeWorkspace(u"ws-locked"_s);
    QVERIFY(!ws.isEmpty());
    RunResult added;
    const QString failure = failsAsGitDoes(u"grex-locked:"_s + m_repo, u"Permission denied"_s, ws,
                                           {u"add"_s, u"grex-locked:"_s + m_repo, u"--json"_s},
                                           &added);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    const QJsonObject error = errorOf(added);
    QCOMPARE(error.value(u"reason"_s).toString(), u"auth"_s);
    const QString hint = error.value(u"hint"_s).toString();
    QVERIFY2(hint.contains(u"passphrase"_s) && hint.contains(u"ssh-add"_s) &&
                 hint.contains(u"/.ssh/locked"_s),
             qPrintable(show(added)));
}

// A repository path with a space, which git takes over SSH as it is.
void tst_RemoteSsh::pathWithSpace()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    const QString repo = m_builder->create(u"my repo"_s, {{u"README"_s, "spaced\n"}});
    QVERIFY(m_user->chownTree(repo));
    const QString url = u"grex-ed25519:"_s + repo;
    GREX_VERIFY_RAN(git(m_home, {u"ls-remote"_s, url}));
    const QString ws = makeWorkspace(u"ws-space"_s);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, url, u"spaced"_s}));
    QCOMPARE(readFile(ws + u"/spaced/README"_s), QByteArray("spaced\n"));
    GREX_VERIFY_RAN(grex(ws, {u"sync"_s}));
}

// A task over three packs reached by a Host alias: the push of one is refused by the server's
// pre-receive hook, the other two go out over ssh and are recorded; the next push sends the
// rest, and the task then finishes with nothing left only here.
void tst_RemoteSsh::taskPushOverSsh()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    const QString ws = makeWorkspace(u"ws-task"_s);
    QVERIFY(!ws.isEmpty());
    const QStringList packs{u"taskA"_s, u"taskB"_s, u"taskC"_s};
    for (const QString &name : packs) {
        const QString repo = m_builder->create(name, {{u"README"_s, name.toUtf8() + "\n"}});
        QVERIFY(m_user->chownTree(repo));
        GREX_VERIFY_RAN(grex(ws, {u"add"_s, u"--no-install"_s, u"grex-ed25519:"_s + repo, name}));
    }
    const QString hook = m_home + u"/repos/taskB.git/hooks/pre-receive"_s;
    QVERIFY(writeFile(hook, "#!/bin/sh\necho 'taskB is frozen' >&2\nexit 1\n"));
    QVERIFY(QFile::setPermissions(hook, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    QVERIFY(m_user->chownTree(hook));

    const auto run = [&](const QStringList &args) { return grex(ws, args); };
    const auto remoteTip = [&](const QString &id) {
        return git(m_home + u"/repos/"_s + id + u".git"_s,
                   {u"rev-parse"_s, u"--verify"_s, u"-q"_s, u"refs/heads/fix-ssh"_s})
            .outText()
            .trimmed();
    };
    RunResult first;
    const QString failed = commitAndPushTask(run, ws, u"fix-ssh"_s, packs, &first);
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
    const QString partial = partialPushProblem(first, u"taskB"_s, u"taskB is frozen"_s, remoteTip);
    QVERIFY2(partial.isEmpty(), qPrintable(partial));
    const RunResult notYet = grex(ws, {u"safe-to-leave"_s, u"--json"_s});
    QVERIFY2(notYet.exitCode == 7, qPrintable(show(notYet)));

    QVERIFY(QFile::remove(hook));
    const RunResult second =
        grex(ws, {u"task"_s, u"push"_s, u"fix-ssh"_s, u"--yes"_s, u"--json"_s});
    GREX_VERIFY_RAN(second);
    QCOMPARE(second.json().object().value(u"pushed"_s).toInt(), 1);
    QVERIFY(!remoteTip(u"taskB"_s).isEmpty());
    GREX_VERIFY_RAN(grex(ws, {u"task"_s, u"finish"_s, u"fix-ssh"_s}));
    GREX_VERIFY_RAN(grex(ws, {u"safe-to-leave"_s}));
    QCOMPARE(liveProcesses(m_user->name(), u"^(\\S*/)?ssh "_s), QString());
}

// A Host alias of ~/.ssh/config (HostName, Port, User, IdentityFile) with a key file and no
// agent: add and a sync after an upstream commit reach the HEAD plain git reaches.
void tst_RemoteSsh::hostAliasWithKeyFile()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    const QString url = u"grex-ed25519:"_s + m_repo;
    const QString ws = makeWorkspace(u"ws-alias"_s);
    QVERIFY(!ws.isEmpty());
    const qsizetype offset = m_sshd.log().size();
    const RunResult added = grex(ws, {u"add"_s, url, u"--json"_s});
    GREX_VERIFY_RAN(added);
    GREX_VERIFY_RAN(git(m_home, {u"clone"_s, u"-q"_s, url, u"plain-alias"_s}));
    QCOMPARE(headOf(ws + u"/hello"_s), m_builder->tip(m_repo));
    QCOMPARE(headOf(ws + u"/hello"_s), headOf(m_home + u"/plain-alias"_s));
    QCOMPARE(readFile(ws + u"/hello/README"_s), QByteArray("hello over ssh\n"));
    const QStringList accepted = acceptedSince(offset);
    QVERIFY2(!accepted.isEmpty(), qPrintable(m_sshd.log().mid(offset)));
    QVERIFY2(accepted.first().contains(u"for "_s + m_user->name() + u' ') &&
                 accepted.first().contains(fingerprint(m_home + u"/.ssh/id_ed25519.pub"_s)),
             qPrintable(accepted.first()));

    const QString next = commitUpstream("hello again\n");
    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    QCOMPARE(packIn(synced, u"hello"_s).value(u"fetch"_s).toString(), u"updated"_s);
    GREX_VERIFY_RAN(git(m_home + u"/plain-alias"_s, {u"pull"_s, u"-q"_s}));
    QCOMPARE(headOf(ws + u"/hello"_s), next);
    QCOMPARE(headOf(m_home + u"/plain-alias"_s), next);
    QCOMPARE(readFile(ws + u"/hello/README"_s), QByteArray("hello again\n"));
}

void tst_RemoteSsh::keyTypes_data()
{
    QTest::addColumn<QString>("alias");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("logType");
    // An RSA key against OpenSSH 9, which refuses the old ssh-rsa (SHA-1) signature.
    QTest::newRow("rsa") << u"grex-rsa"_s << u"id_rsa"_s << u"RSA"_s;
    QTest::newRow("ed25519") << u"grex-ed25519"_s << u"id_ed25519"_s << u"ED25519"_s;
}

// Each key type logs in, with the key the alias names, for grex as for git.
void tst_RemoteSsh::keyTypes()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    QFETCH(QString, alias);
    QFETCH(QString, key);
    QFETCH(QString, logType);
    const QString url = alias + u':' + m_repo;
    const QString ws = makeWorkspace(u"ws-"_s + key);
    QVERIFY(!ws.isEmpty());
    const QString expected =
        u"ssh2: %1 %2"_s.arg(logType, fingerprint(m_home + u"/.ssh/"_s + key + u".pub"_s));

    qsizetype offset = m_sshd.log().size();
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, url, u"--json"_s}));
    QCOMPARE(headOf(ws + u"/hello"_s), m_builder->tip(m_repo));
    QStringList accepted = acceptedSince(offset);
    QVERIFY2(!accepted.isEmpty() && accepted.first().contains(expected),
             qPrintable(m_sshd.log().mid(offset)));

    offset = m_sshd.log().size();
    const RunResult plain = git(m_home, {u"ls-remote"_s, url, u"refs/heads/main"_s});
    GREX_VERIFY_RAN(plain);
    QVERIFY(plain.outText().startsWith(m_builder->tip(m_repo)));
    accepted = acceptedSince(offset);
    QVERIFY2(!accepted.isEmpty() && accepted.first().contains(expected),
             qPrintable(m_sshd.log().mid(offset)));
}

// ssh://127.0.0.1:PORT/path names no user: ssh logs in as the local user, for git and for grex
// (not as "git").
void tst_RemoteSsh::urlWithoutUserLogsInAsLocalUser()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    const QString url = u"ssh://127.0.0.1:%1%2"_s.arg(m_sshd.port()).arg(m_repo);
    const QString ws = makeWorkspace(u"ws-nouser"_s);
    QVERIFY(!ws.isEmpty());
    qsizetype offset = m_sshd.log().size();
    GREX_VERIFY_RAN(git(m_home, {u"clone"_s, u"-q"_s, url, u"plain-nouser"_s}));
    QVERIFY2(acceptedSince(offset).value(0).contains(u"for "_s + m_user->name() + u' '),
             qPrintable(m_sshd.log().mid(offset)));

    offset = m_sshd.log().size();
    const RunResult added = grex(ws, {u"add"_s, url, u"--json"_s});
    GREX_VERIFY_RAN(added);
    const QString log = m_sshd.log().mid(offset);
    QVERIFY2(acceptedSince(offset).value(0).contains(u"for "_s + m_user->name() + u' '),
             qPrintable(log));
    QVERIFY2(!log.contains(u"Invalid user"_s), qPrintable(log));
    QCOMPARE(headOf(ws + u"/hello"_s), headOf(m_home + u"/plain-nouser"_s));
}

// core.sshCommand in ~/.gitconfig picks the key: the server sees that key, for grex as for git.
void tst_RemoteSsh::coreSshCommand()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    writeGitConfig(Identity + "[core]\n\tsshCommand = ssh -i ~/.ssh/other -o IdentitiesOnly=yes\n");
    // A URL that names no key: without core.sshCommand, ssh would offer the default id_rsa.
    const QString url =
        u"ssh://%1@127.0.0.1:%2%3"_s.arg(m_user->name()).arg(m_sshd.port()).arg(m_repo);
    const QString ws = makeWorkspace(u"ws-sshcommand"_s);
    QVERIFY(!ws.isEmpty());
    const QString other = fingerprint(m_home + u"/.ssh/other.pub"_s);

    qsizetype offset = m_sshd.log().size();
    GREX_VERIFY_RAN(git(m_home, {u"clone"_s, u"-q"_s, url, u"plain-sshcommand"_s}));
    QVERIFY2(acceptedSince(offset).value(0).contains(other), qPrintable(m_sshd.log().mid(offset)));

    offset = m_sshd.log().size();
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, url, u"--json"_s}));
    QVERIFY2(acceptedSince(offset).value(0).contains(other), qPrintable(m_sshd.log().mid(offset)));
    QCOMPARE(headOf(ws + u"/hello"_s), headOf(m_home + u"/plain-sshcommand"_s));

    // And for a fetch.
    const QString next = commitUpstream("core.sshCommand\n");
    offset = m_sshd.log().size();
    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    QCOMPARE(headOf(ws + u"/hello"_s), next);
    QVERIFY2(acceptedSince(offset).value(0).contains(other), qPrintable(m_sshd.log().mid(offset)));
}

// GIT_SSH_COMMAND in the environment picks the key, for grex as for git.
void tst_RemoteSsh::gitSshCommand()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    const QStringList env{u"GIT_SSH_COMMAND=ssh -i ~/.ssh/envkey -o IdentitiesOnly=yes"_s};
    const QString url =
        u"ssh://%1@127.0.0.1:%2%3"_s.arg(m_user->name()).arg(m_sshd.port()).arg(m_repo);
    const QString ws = makeWorkspace(u"ws-envcommand"_s);
    QVERIFY(!ws.isEmpty());
    const QString envkey = fingerprint(m_home + u"/.ssh/envkey.pub"_s);

    qsizetype offset = m_sshd.log().size();
    GREX_VERIFY_RAN(git(m_home, {u"clone"_s, u"-q"_s, url, u"plain-envcommand"_s}, env));
    QVERIFY2(acceptedSince(offset).value(0).contains(envkey), qPrintable(m_sshd.log().mid(offset)));

    offset = m_sshd.log().size();
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, url, u"--json"_s}, env));
    QVERIFY2(acceptedSince(offset).value(0).contains(envkey), qPrintable(m_sshd.log().mid(offset)));
    QCOMPARE(headOf(ws + u"/hello"_s), headOf(m_home + u"/plain-envcommand"_s));
}

// ProxyJump: the fixture's sshd has AllowTcpForwarding no, which refuses the direct-tcpip
// channel `ssh -J` needs, so the jump host is a second sshd of the same user with the same host
// keys and forwarding allowed (an unprivileged sshd may forward). The case is skipped, with the
// reason, when that sshd cannot start.
void tst_RemoteSsh::proxyJump()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    const QString dir = m_home + u"/sshd"_s;
    QString config = QString::fromUtf8(readFile(dir + u"/sshd_config"_s));
    int port = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        port = probe.serverPort();
    }
    const QString portLine = u"Port %1\n"_s.arg(m_sshd.port());
    if (!config.contains(portLine) || !config.contains(u"AllowTcpForwarding no\n"_s))
        QSKIP("the fixture's sshd_config changed shape; cannot derive a jump host from it");
    config.replace(portLine, u"Port %1\n"_s.arg(port));
    config.replace(u"AllowTcpForwarding no\n"_s, u"AllowTcpForwarding yes\n"_s);
    config.replace(u"sshd.pid"_s, u"jump.pid"_s);
    const QString jumpConfig = dir + u"/jump_config"_s;
    const QString jumpLog = dir + u"/jump.log"_s;
    QVERIFY(writeFile(jumpConfig, config.toUtf8()));
    QVERIFY(m_user->chownTree(dir));
    QProcess jump;
    m_user->prepareProcess(jump);
    jump.setWorkingDirectory(dir);
    jump.setStandardOutputFile(jumpLog);
    jump.setStandardErrorFile(jumpLog);
    jump.start(u"/usr/sbin/sshd"_s, {u"-D"_s, u"-e"_s, u"-f"_s, jumpConfig});
    const auto stopJump = qScopeGuard([&] {
        jump.terminate();
        if (!jump.waitForFinished(3000))
            jump.kill();
        jump.waitForFinished(3000);
    });
    QElapsedTimer timer;
    timer.start();
    const QByteArray ready = u"Server listening on 127.0.0.1 port %1."_s.arg(port).toUtf8();
    while (!readFile(jumpLog).contains(ready) && jump.state() != QProcess::NotRunning &&
           timer.elapsed() < 15000)
        QTest::qWait(25);
    if (!readFile(jumpLog).contains(ready)) {
        QSKIP(qPrintable(u"the jump sshd (AllowTcpForwarding yes) did not start: "_s +
                         QString::fromUtf8(readFile(jumpLog))));
    }

    // The jump host is known under its own port; ssh reaches it with the default key.
    const QString known = m_sshd.knownHostsLines();
    QString jumpKnown = known;
    jumpKnown.replace(u"]:%1 "_s.arg(m_sshd.port()), u"]:%1 "_s.arg(port));
    writeKnownHosts((known + jumpKnown).toUtf8());
    const QString ssh = m_home + u"/.ssh/config"_s;
    const QByteArray before = readFile(ssh);
    const auto restoreConfig = qScopeGuard([&] { writeFile(ssh, before); });
    QVERIFY(writeFile(ssh, "Host grex-jump\n    ProxyJump " + m_user->name().toUtf8() +
                               "@127.0.0.1:" + QByteArray::number(port) + "\n" + before));
    QVERIFY(m_user->chownTree(ssh));

    const QString url = u"grex-jump:"_s + m_repo;
    const QString ws = makeWorkspace(u"ws-jump"_s);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(git(m_home, {u"clone"_s, u"-q"_s, url, u"plain-jump"_s}));
    const qsizetype jumpOffset = readFile(jumpLog).size();
    const qsizetype offset = m_sshd.log().size();
    const RunResult added = grex(ws, {u"add"_s, url, u"--json"_s});
    GREX_VERIFY_RAN(added);
    QCOMPARE(headOf(ws + u"/hello"_s), headOf(m_home + u"/plain-jump"_s));
    QCOMPARE(headOf(ws + u"/hello"_s), m_builder->tip(m_repo));
    const QString jumped = QString::fromUtf8(readFile(jumpLog).mid(jumpOffset));
    QVERIFY2(jumped.contains(u"Accepted publickey for "_s + m_user->name() + u' '),
             qPrintable(jumped));
    QVERIFY2(!acceptedSince(offset).isEmpty(), qPrintable(m_sshd.log().mid(offset)));
}

// An unknown host key (empty known_hosts): grex fails at once, without a prompt, with reason
// host_key and a hint naming ssh-keyscan for the real host and port; plain git fails too.
void tst_RemoteSsh::unknownHostKey()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    writeKnownHosts({});
    const QString url = u"grex-ed25519:"_s + m_repo;
    const QString ws = makeWorkspace(u"ws-unknown"_s);
    QVERIFY(!ws.isEmpty());
    RunResult added;
    const QString failure = failsAsGitDoes(url, u"Host key verification failed"_s, ws,
                                           {u"add"_s, url, u"--json"_s}, &added);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    const QJsonObject error = errorOf(added);
    QCOMPARE(error.value(u"reason"_s).toString(), u"host_key"_s);
    const QString hint = error.value(u"hint"_s).toString();
    QVERIFY2(hint.contains(u"ssh-keyscan"_s), qPrintable(hint));
    QVERIFY(!QFileInfo::exists(ws + u"/hello"_s));
    QCOMPARE(readFile(m_home + u"/.ssh/known_hosts"_s), QByteArray());

    // A URL with the host and port in it: the hint's command names them.
    const QString direct =
        u"ssh://%1@127.0.0.1:%2%3"_s.arg(m_user->name()).arg(m_sshd.port()).arg(m_repo);
    const RunResult directAdded = grex(ws, {u"add"_s, direct, u"--json"_s});
    QVERIFY2(directAdded.exitCode == 4, qPrintable(show(directAdded)));
    QCOMPARE(errorOf(directAdded).value(u"reason"_s).toString(), u"host_key"_s);
    const QString keyscan = u"ssh-keyscan -p %1 127.0.0.1"_s.arg(m_sshd.port());
    QVERIFY2(errorOf(directAdded).value(u"hint"_s).toString().contains(keyscan),
             qPrintable(show(directAdded)));
    // Through an alias too: ssh-keyscan reads no ~/.ssh/config, so the command must name the
    // alias's HostName and Port (ssh's own message names them), not the alias.
    QVERIFY2(hint.contains(keyscan), qPrintable(hint));
}

// A key the server does not accept: reason auth, and a hint naming ssh-add and IdentityFile.
void tst_RemoteSsh::refusedKey()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    const QString url = u"grex-refused:"_s + m_repo;
    const QString ws = makeWorkspace(u"ws-refused"_s);
    QVERIFY(!ws.isEmpty());
    RunResult added;
    const QString failure = failsAsGitDoes(url, u"Permission denied (publickey)"_s, ws,
                                           {u"add"_s, url, u"--json"_s}, &added);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    const QJsonObject error = errorOf(added);
    QCOMPARE(error.value(u"reason"_s).toString(), u"auth"_s);
    const QString hint = error.value(u"hint"_s).toString();
    QVERIFY2(hint.contains(u"ssh-add"_s) && hint.contains(u"IdentityFile"_s), qPrintable(hint));
    QVERIFY(!QFileInfo::exists(ws + u"/hello"_s));
}

// The server's host key changed (known_hosts holds the old one): the sync fails that pack with
// reason host_key and a hint naming ssh-keygen -R; plain git refuses the same way. Last, since
// it replaces the server's keys.
void tst_RemoteSsh::changedHostKey()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    const QString url = u"grex-ed25519:"_s + m_repo;
    const QString ws = makeWorkspace(u"ws-changed"_s);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, url, u"--json"_s}));
    const QString head = headOf(ws + u"/hello"_s);
    QString why;
    QVERIFY2(m_sshd.restartWithNewHostKey(&why), qPrintable(why));
    commitUpstream("after the new host key\n");

    RunResult synced;
    const QString failure = failsAsGitDoes(url, u"REMOTE HOST IDENTIFICATION HAS CHANGED"_s, ws,
                                           {u"sync"_s, u"--json"_s}, &synced);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    const QJsonObject pack = packIn(synced, u"hello"_s);
    QCOMPARE(pack.value(u"fetch"_s).toString(), u"failed"_s);
    const QJsonObject error = pack.value(u"error"_s).toObject();
    QCOMPARE(error.value(u"reason"_s).toString(), u"host_key"_s);
    const QString hint = error.value(u"hint"_s).toString();
    QVERIFY2(hint.contains(u"ssh-keygen -R"_s), qPrintable(hint));
    QCOMPARE(headOf(ws + u"/hello"_s), head);
    // The entry to remove is the one ssh names: [127.0.0.1]:PORT, not the alias.
    QVERIFY2(hint.contains(u"[127.0.0.1]:%1"_s.arg(m_sshd.port())), qPrintable(hint));
}

// The refs of an SSH remote are asked of upload-pack over the shared connection: a sync with
// nothing new runs no git fetch, and every way a ref moves is fetched (refMovesProblem).
void tst_RemoteSsh::refMovesOverSsh()
{
    if (!m_user)
        QSKIP(qPrintable(m_skip));
    const QString ws = makeWorkspace(u"ws-moves"_s);
    QVERIFY(!ws.isEmpty());
    const QString repo = m_builder->create(u"moves"_s, {{u"README"_s, "moves\n"}});
    QVERIFY(m_user->chownTree(repo));
    // The user in the URL too, which FETCH_HEAD leaves out as git does.
    const QString url = m_user->name() + u"@grex-ed25519:"_s + repo;
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, u"--no-install"_s, url}));
    RefMoveDriver driver;
    driver.grex = [&](const QStringList &args) { return grex(ws, args); };
    driver.gitInClone = [&](const QStringList &args) { return git(ws + u"/moves"_s, args); };
    driver.upstream = [&](const QString &script) {
        RunOptions options;
        options.workDir = repo;
        options.timeoutMs = 60000;
        return m_user->run(u"/bin/sh"_s, {u"-ec"_s, script}, options);
    };
    driver.clone = ws + u"/moves"_s;
    const QString problem = refMovesProblem(driver);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // As a passenger of the shared connection's master, without an ssh process of its own.
    const RunResult logged = grex(ws, {u"sync"_s}, {u"QT_LOGGING_RULES=grex.git.debug=true"_s});
    GREX_VERIFY_RAN(logged);
    QVERIFY2(logged.errText().contains(u"for its refs on the shared connection"_s),
             qPrintable(show(logged)));
    QVERIFY2(!logged.errText().contains(u"fetching into"_s), qPrintable(show(logged)));
}

QTEST_GUILESS_MAIN(tst_RemoteSsh)
#include "tst_remotessh.moc"
