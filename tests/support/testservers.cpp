#include "support/testservers.h"

#include "support/testfiles.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryFile>
#include <QThread>
#include <QUrl>

#include <functional>

#include <cerrno>
#include <csignal>
#include <grp.h>
#include <pwd.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex::Test {

namespace {

constexpr int StartAttempts = 5;
constexpr int StartTimeoutMs = 15000;
const QString UserPrefix = u"grext"_s;

bool fail(QString *why, const QString &reason)
{
    if (why)
        *why = reason;
    return false;
}

// A port nobody listens on right now; the server started next may still lose it to another
// process, so callers retry with another one when the bind fails.
int pickFreePort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

// Starts a server on a free port: a port taken between picking and binding is tried again, any
// other failure ends the attempts. Sets *port to the port it listens on, or 0.
bool startOnFreePort(int *port, const std::function<bool(QString *)> &launch, QString *why)
{
    QString reason;
    for (int attempt = 0; attempt < StartAttempts; ++attempt) {
        *port = pickFreePort();
        if (launch(&reason))
            return true;
        if (!reason.contains(u"Address already in use"_s))
            break;
    }
    *port = 0;
    return fail(why, reason);
}

// Runs in the child between fork and exec: the server must not outlive a test that crashed.
void dieWithParent(pid_t parent)
{
    if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || ::getppid() != parent)
        ::_exit(126);
}

std::function<void()> childSetup(bool switchUser, uid_t uid, gid_t gid)
{
    const pid_t parent = ::getpid();
    return [switchUser, uid, gid, parent] {
        if (switchUser) {
            const gid_t groups[] = {gid};
            if (::setgroups(1, groups) != 0 || ::setgid(gid) != 0 || ::setuid(uid) != 0)
                ::_exit(126);
        }
        // After the uid switch: changing credentials clears the parent-death signal.
        dieWithParent(parent);
    };
}

RunOptions timeout(int milliseconds)
{
    RunOptions options;
    options.timeoutMs = milliseconds;
    return options;
}

QString describe(const RunResult &result)
{
    return u"exit %1: %2"_s.arg(result.exitCode).arg(result.errText().trimmed());
}

// useradd and userdel refuse to work while another process holds the lock on /etc/passwd, as
// happens when several test programs create their users at the same time.
RunResult runAccountTool(const QString &program, const QStringList &args)
{
    RunResult result;
    for (int attempt = 0; attempt < 30; ++attempt) {
        result = runProgram(program, args, timeout(30000));
        if (result.exitCode == 0 || !result.errText().contains(u"lock"_s))
            break;
        QThread::msleep(100);
    }
    return result;
}

QString systemProgram(const QString &name)
{
    return QStandardPaths::findExecutable(name, {u"/usr/sbin"_s, u"/sbin"_s, u"/usr/bin"_s});
}

QList<pid_t> processesOf(uid_t uid)
{
    QList<pid_t> pids;
    const QStringList entries = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool numeric = false;
        const pid_t pid = pid_t(entry.toInt(&numeric));
        if (!numeric)
            continue;
        const QByteArray status = readFile(u"/proc/"_s + entry + u"/status"_s);
        for (const QByteArray &line : status.split('\n')) {
            if (!line.startsWith("Uid:"))
                continue;
            const QList<QByteArray> ids = line.mid(4).simplified().split(' ');
            for (const QByteArray &id : ids) {
                if (id.toUInt() == uid) {
                    pids.append(pid);
                    break;
                }
            }
            break;
        }
    }
    return pids;
}

void killProcessesOf(uid_t uid)
{
    if (uid == 0 || uid == ::geteuid())
        return; // never the test itself
    for (int round = 0; round < 100; ++round) {
        const QList<pid_t> pids = processesOf(uid);
        if (pids.isEmpty())
            return;
        for (const pid_t pid : pids)
            ::kill(pid, SIGKILL);
        QThread::msleep(20);
    }
}

void removeUser(const QString &userdel, const QString &name, uid_t uid)
{
    killProcessesOf(uid);
    const RunResult result = runAccountTool(userdel, {name});
    if (result.exitCode != 0)
        qWarning("TestUser: userdel %s failed: %s", qPrintable(name), qPrintable(describe(result)));
}

// Users named grext<pid>… whose process is gone were left behind by a test that crashed.
void removeStaleUsers(const QString &userdel)
{
    struct Stale
    {
        QString name;
        uid_t uid;
    };
    QList<Stale> stale;
    ::setpwent();
    while (const passwd *entry = ::getpwent()) {
        const QString name = QString::fromLocal8Bit(entry->pw_name);
        if (!name.startsWith(UserPrefix))
            continue;
        qsizetype end = UserPrefix.size();
        while (end < name.size() && name.at(end).isDigit())
            ++end;
        bool numeric = false;
        const pid_t pid =
            pid_t(name.mid(UserPrefix.size(), end - UserPrefix.size()).toInt(&numeric));
        if (numeric && pid != ::getpid() && ::kill(pid, 0) != 0 && errno == ESRCH)
            stale.append({name, entry->pw_uid});
    }
    ::endpwent();
    for (const Stale &user : stale)
        removeUser(userdel, user.name, user.uid);
}

enum class Startup { Ready, Exited, TimedOut };

// Waits until the log file holds needle after offset, or the process ends. *seen gets what the
// log holds after offset.
Startup waitForLog(QProcess &process, const QString &logFile, qint64 offset,
                   const QByteArray &needle, QByteArray *seen)
{
    QElapsedTimer timer;
    timer.start();
    for (;;) {
        *seen = readFile(logFile).mid(offset);
        if (seen->contains(needle))
            return Startup::Ready;
        if (process.state() == QProcess::NotRunning || process.waitForFinished(25)) {
            *seen = readFile(logFile).mid(offset);
            return Startup::Exited;
        }
        if (timer.elapsed() > StartTimeoutMs)
            return Startup::TimedOut;
    }
}

// Connects and, when banner is not empty, waits for the first bytes to start with it.
bool answers(int port, const QByteArray &banner)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, quint16(port));
    if (!socket.waitForConnected(5000))
        return false;
    if (banner.isEmpty())
        return true;
    QByteArray received;
    QElapsedTimer timer;
    timer.start();
    while (received.size() < banner.size() && timer.elapsed() < 5000) {
        if (socket.waitForReadyRead(250))
            received += socket.readAll();
        else if (socket.state() != QAbstractSocket::ConnectedState)
            break;
    }
    return received.startsWith(banner);
}

void stopProcess(std::unique_ptr<QProcess> &process)
{
    if (!process)
        return;
    if (process->state() != QProcess::NotRunning) {
        process->terminate();
        if (!process->waitForFinished(3000)) {
            process->kill();
            process->waitForFinished(3000);
        }
    }
    process.reset();
}

QString logTail(const QByteArray &log)
{
    const QList<QByteArray> lines = log.trimmed().split('\n');
    return QString::fromUtf8(lines.mid(qMax(0, int(lines.size()) - 15)).join('\n'));
}

} // namespace

QProcessEnvironment isolatedEnvironment(const QString &home)
{
    const QProcessEnvironment system = QProcessEnvironment::systemEnvironment();
    QProcessEnvironment environment;
    environment.insert(u"HOME"_s, home);
    environment.insert(u"PATH"_s, system.value(u"PATH"_s, u"/usr/local/bin:/usr/bin:/bin"_s));
    environment.insert(u"LC_ALL"_s, u"C.UTF-8"_s);
    environment.insert(u"LANG"_s, u"C.UTF-8"_s);
    environment.insert(u"GIT_CONFIG_NOSYSTEM"_s, u"1"_s);
    // A sanitizer build of grex behaves the same when a test runs it here.
    for (const QString &name :
         {u"ASAN_OPTIONS"_s, u"UBSAN_OPTIONS"_s, u"LSAN_OPTIONS"_s, u"TSAN_OPTIONS"_s}) {
        if (system.contains(name))
            environment.insert(name, system.value(name));
    }
    return environment;
}

bool letOthersEnter(const QString &dir)
{
    return QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                          QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther |
                                          QFile::ExeOther);
}

RunResult runIsolated(const QString &home, const QString &program, const QStringList &args,
                      const RunOptions &options)
{
    QProcess process;
    process.setProcessEnvironment(isolatedEnvironment(home));
    process.setWorkingDirectory(home);
    return runPrepared(process, program, args, options);
}

bool makeKeyPair(const QString &privateKeyPath, const QString &type, QString *why)
{
    QStringList args{u"-q"_s, u"-t"_s,        type,    u"-N"_s,       QString(),
                     u"-C"_s, u"grex-test"_s, u"-f"_s, privateKeyPath};
    if (type == u"rsa")
        args << u"-b"_s << u"3072"_s;
    else if (type != u"ed25519")
        return fail(why, u"makeKeyPair: unknown key type "_s + type);
    // ssh-keygen asks before overwriting, and reads no answer from a closed stdin.
    QFile::remove(privateKeyPath);
    QFile::remove(privateKeyPath + u".pub"_s);
    QDir().mkpath(QFileInfo(privateKeyPath).absolutePath());
    const RunResult result = runProgram(u"ssh-keygen"_s, args, timeout(60000));
    if (result.exitCode != 0 || result.crashed)
        return fail(why, u"ssh-keygen -t %1 failed, %2"_s.arg(type, describe(result)));
    return true;
}

// ---- TestUser ----

TestUser::TestUser(QString name, uint uid, uint gid, QString home)
    : m_name(std::move(name))
    , m_uid(uid)
    , m_gid(gid)
    , m_home(std::move(home))
{
}

std::unique_ptr<TestUser> TestUser::create(const QString &home, QString *whyNot)
{
    const auto refuse = [whyNot](const QString &reason) {
        fail(whyNot, reason);
        return std::unique_ptr<TestUser>();
    };
    if (::geteuid() != 0)
        return refuse(u"needs root: SSH cases run as a throwaway user made with useradd"_s);
    const QString useradd = systemProgram(u"useradd"_s);
    const QString userdel = systemProgram(u"userdel"_s);
    if (useradd.isEmpty() || userdel.isEmpty())
        return refuse(u"useradd or userdel is missing (Debian package passwd)"_s);
    removeStaleUsers(userdel);

    static std::atomic<int> created{0};
    const int serial = created++;
    QString name = UserPrefix + QString::number(::getpid());
    if (serial > 0)
        name += u'x' + QString::number(serial);
    // A user of this name belongs to an earlier process with the same pid.
    if (const passwd *old = ::getpwnam(QFile::encodeName(name).constData()))
        removeUser(userdel, name, old->pw_uid);

    const QString absoluteHome = QFileInfo(home).absoluteFilePath();
    QDir().mkpath(absoluteHome);
    // No home creation, no lastlog entry; "*" is a password nobody can use yet not "locked",
    // which an sshd running as root would refuse for key logins too.
    const RunResult added =
        runAccountTool(useradd, {u"--no-create-home"_s, u"--no-log-init"_s, u"--home-dir"_s,
                                 absoluteHome, u"--shell"_s, u"/bin/sh"_s, u"--password"_s, u"*"_s,
                                 u"--comment"_s, u"grex test user"_s, name});
    if (added.exitCode != 0)
        return refuse(u"useradd %1 failed, %2"_s.arg(name, describe(added)));
    const passwd *entry = ::getpwnam(QFile::encodeName(name).constData());
    if (!entry)
        return refuse(u"useradd made %1, but getpwnam does not find it"_s.arg(name));
    std::unique_ptr<TestUser> user(new TestUser(name, entry->pw_uid, entry->pw_gid, absoluteHome));
    if (!user->chownTree(absoluteHome))
        return refuse(u"cannot give %1 to %2"_s.arg(absoluteHome, name));
    QString why;
    if (!user->canRead(absoluteHome, &why))
        return refuse(why);
    return user;
}

TestUser::~TestUser()
{
    removeUser(systemProgram(u"userdel"_s), m_name, m_uid);
}

bool TestUser::chownTree(const QString &path) const
{
    bool ok = ::lchown(QFile::encodeName(path).constData(), m_uid, m_gid) == 0;
    QDirIterator it(path, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        ok = ::lchown(QFile::encodeName(it.next()).constData(), m_uid, m_gid) == 0 && ok;
    return ok;
}

bool TestUser::canRead(const QString &path, QString *why) const
{
    RunOptions options;
    options.workDir = u"/"_s;
    const RunResult result =
        run(u"/bin/sh"_s, {u"-c"_s, u"test -r \"$1\""_s, u"sh"_s, path}, options);
    if (result.exitCode == 0)
        return true;
    // Find the directory on the way that the user cannot search, from the root down.
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QString blocker = absolute;
    const QStringList parts = absolute.split(u'/', Qt::SkipEmptyParts);
    QString prefix;
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
        prefix += u'/' + parts.at(i);
        struct stat info = {};
        if (::stat(QFile::encodeName(prefix).constData(), &info) != 0)
            continue;
        const mode_t bit = info.st_uid == m_uid   ? S_IXUSR
                           : info.st_gid == m_gid ? S_IXGRP
                                                  : S_IXOTH;
        if (!(info.st_mode & bit)) {
            blocker = prefix;
            break;
        }
    }
    return fail(why, u"%1 cannot read %2: %3 is in the way (the build tree and test folders "
                     "must be world-readable, every parent directory searchable); %4"_s.arg(
                         m_name, path, blocker, describe(result)));
}

QProcessEnvironment TestUser::environment() const
{
    QProcessEnvironment environment = isolatedEnvironment(m_home);
    environment.insert(u"USER"_s, m_name);
    environment.insert(u"LOGNAME"_s, m_name);
    return environment;
}

void TestUser::prepareProcess(QProcess &process) const
{
    process.setProcessEnvironment(environment());
    process.setWorkingDirectory(m_home);
    process.setChildProcessModifier(childSetup(true, m_uid, m_gid));
}

RunResult TestUser::run(const QString &program, const QStringList &args,
                        const RunOptions &options) const
{
    QProcess process;
    prepareProcess(process);
    return runPrepared(process, program, args, options);
}

// ---- SshServer ----

SshServer::SshServer() = default;

SshServer::~SshServer()
{
    stop();
}

bool SshServer::makeHostKeys(QString *why)
{
    for (const QString &type : {u"ed25519"_s, u"rsa"_s}) {
        if (!makeKeyPair(m_dir + u"/ssh_host_%1_key"_s.arg(type), type, why))
            return false;
    }
    // sshd runs as the user and must read its own keys, which must not be readable by others.
    if (!m_user->chownTree(m_dir))
        return fail(why, u"cannot give %1 to %2"_s.arg(m_dir, m_user->name()));
    return true;
}

bool SshServer::start(const TestUser &user, const QString &dir, QString *why)
{
    stop();
    m_user = &user;
    m_dir = QFileInfo(dir).absoluteFilePath();
    QDir().mkpath(m_dir);
    const QString authorized = m_dir + u"/authorized_keys"_s;
    if (!QFile::exists(authorized) && !writeFile(authorized, {}))
        return fail(why, u"cannot write "_s + authorized);
    if (!makeHostKeys(why))
        return false;
    return startOnFreePort(
        &m_port, [this](QString *reason) { return launch(reason); }, why);
}

bool SshServer::launch(QString *why)
{
    const QString config = m_dir + u"/sshd_config"_s;
    const QString logFile = m_dir + u"/sshd.log"_s;
    // The key logins of one user, on loopback, from an unprivileged sshd: no PAM, no checks of
    // the permissions of the test's folders, nothing that needs root. GIT_PROTOCOL is accepted
    // as hosting services do, so git and grex speak protocol v2 to it.
    const QString text = u"# Written by Grex::Test::SshServer.\n"
                         "ListenAddress 127.0.0.1\n"
                         "Port %1\n"
                         "HostKey \"%2/ssh_host_ed25519_key\"\n"
                         "HostKey \"%2/ssh_host_rsa_key\"\n"
                         "PidFile \"%2/sshd.pid\"\n"
                         "AuthorizedKeysFile \"%2/authorized_keys\"\n"
                         "AuthenticationMethods publickey\n"
                         "PubkeyAuthentication yes\n"
                         "PasswordAuthentication no\n"
                         "KbdInteractiveAuthentication no\n"
                         "UsePAM no\n"
                         "StrictModes no\n"
                         "PermitRootLogin no\n"
                         "PrintMotd no\n"
                         "PrintLastLog no\n"
                         "X11Forwarding no\n"
                         "AllowAgentForwarding no\n"
                         "AllowTcpForwarding no\n"
                         "MaxStartups 64\n"
                         "MaxSessions 64\n"
                         "AcceptEnv GIT_PROTOCOL\n"
                         "LogLevel VERBOSE\n"_s.arg(m_port)
                             .arg(m_dir);
    if (!writeFile(config, text.toUtf8()) || !m_user->chownTree(config))
        return fail(why, u"cannot write "_s + config);
    const qint64 offset = QFileInfo(logFile).size();
    m_process = std::make_unique<QProcess>();
    m_user->prepareProcess(*m_process);
    m_process->setWorkingDirectory(m_dir);
    m_process->setStandardOutputFile(logFile, QIODevice::Append);
    m_process->setStandardErrorFile(logFile, QIODevice::Append);
    // sshd re-executes itself for every connection, so it needs its absolute path.
    m_process->start(u"/usr/sbin/sshd"_s, {u"-D"_s, u"-e"_s, u"-f"_s, config});
    if (!m_process->waitForStarted()) {
        const QString error = m_process->errorString();
        m_process.reset();
        return fail(why, u"cannot start /usr/sbin/sshd: "_s + error);
    }
    QByteArray seen;
    const Startup startup =
        waitForLog(*m_process, logFile, offset,
                   u"Server listening on 127.0.0.1 port %1."_s.arg(m_port).toUtf8(), &seen);
    if (startup == Startup::Ready && answers(m_port, "SSH-2.0-"))
        return true;
    stopProcess(m_process);
    return fail(why,
                u"sshd did not start on port %1; its log:\n%2"_s.arg(m_port).arg(logTail(seen)));
}

void SshServer::authorize(const QString &publicKeyFile)
{
    const QString authorized = m_dir + u"/authorized_keys"_s;
    QByteArray key = readFile(publicKeyFile).trimmed();
    QFile file(authorized);
    if (key.isEmpty() || !file.open(QIODevice::Append) || file.write(key + '\n') != key.size() + 1)
        qWarning("SshServer: cannot authorize %s in %s", qPrintable(publicKeyFile),
                 qPrintable(authorized));
}

QString SshServer::knownHostsLine() const
{
    // A .pub file is "TYPE BASE64 COMMENT"; known_hosts wants "HOST TYPE BASE64".
    const QList<QByteArray> fields =
        readFile(m_dir + u"/ssh_host_ed25519_key.pub"_s).simplified().split(' ');
    if (fields.size() < 2)
        return {};
    return u"[127.0.0.1]:%1 %2 %3"_s.arg(m_port).arg(QString::fromLatin1(fields.at(0)),
                                                     QString::fromLatin1(fields.at(1)));
}

QString SshServer::knownHostsLines() const
{
    QString lines;
    for (const QString &type : {u"ed25519"_s, u"rsa"_s}) {
        const QList<QByteArray> fields =
            readFile(m_dir + u"/ssh_host_%1_key.pub"_s.arg(type)).simplified().split(' ');
        if (fields.size() >= 2)
            lines += u"[127.0.0.1]:%1 %2 %3\n"_s.arg(m_port).arg(QString::fromLatin1(fields.at(0)),
                                                                 QString::fromLatin1(fields.at(1)));
    }
    return lines;
}

bool SshServer::restartWithNewHostKey(QString *why)
{
    if (!m_user || m_port == 0)
        return fail(why, u"sshd was not started"_s);
    stopProcess(m_process);
    return makeHostKeys(why) && launch(why);
}

QString SshServer::log() const
{
    return QString::fromUtf8(readFile(m_dir + u"/sshd.log"_s));
}

void SshServer::stop()
{
    stopProcess(m_process);
}

// ---- HttpsGitServer ----

namespace {

// A CA and server certificates for it, with the openssl command line; EC keys, which are
// made in milliseconds where RSA keys take a while.
const QByteArray OpensslConfig = "[req]\n"
                                 "distinguished_name = dn\n"
                                 "[dn]\n"
                                 "[ca_ext]\n"
                                 "basicConstraints = critical, CA:TRUE\n"
                                 "keyUsage = critical, keyCertSign, cRLSign\n"
                                 "subjectKeyIdentifier = hash\n"
                                 "[server_ext]\n"
                                 "basicConstraints = critical, CA:FALSE\n"
                                 "keyUsage = critical, digitalSignature\n"
                                 "extendedKeyUsage = serverAuth\n"
                                 "subjectAltName = IP:127.0.0.1, DNS:localhost\n"
                                 "subjectKeyIdentifier = hash\n"
                                 "authorityKeyIdentifier = keyid\n";

// Makes dir/name.pem and dir/name.key: a CA when ca is empty, otherwise a server certificate
// signed by the CA dir/ca.pem.
bool makeCertificate(const QString &dir, const QString &name, const QString &ca, QString *why)
{
    const QString config = dir + u"/openssl.cnf"_s;
    if (!QFile::exists(config) && !writeFile(config, OpensslConfig))
        return fail(why, u"cannot write "_s + config);
    const QString path = dir + u'/' + name;
    QStringList args{u"req"_s, u"-x509"_s, u"-config"_s, config, u"-nodes"_s, u"-days"_s, u"30"_s};
    args << u"-newkey"_s << u"ec"_s << u"-pkeyopt"_s << u"ec_paramgen_curve:P-256"_s;
    args << u"-keyout"_s << path + u".key"_s << u"-out"_s << path + u".pem"_s;
    if (ca.isEmpty()) {
        args << u"-extensions"_s << u"ca_ext"_s << u"-subj"_s << u"/CN=grex test CA "_s + name;
    } else {
        args << u"-extensions"_s << u"server_ext"_s << u"-subj"_s << u"/CN=127.0.0.1"_s << u"-CA"_s
             << dir + u'/' + ca + u".pem"_s << u"-CAkey"_s << dir + u'/' + ca + u".key"_s;
    }
    const RunResult result = runProgram(u"openssl"_s, args, timeout(60000));
    if (result.exitCode != 0 || result.crashed)
        return fail(why, u"openssl req for %1 failed, %2"_s.arg(name, describe(result)));
    return true;
}

} // namespace

HttpsGitServer::HttpsGitServer() = default;

HttpsGitServer::~HttpsGitServer()
{
    stop();
}

bool HttpsGitServer::start(const QString &dir, const QString &projectRoot, const QString &user,
                           const QString &password, QString *why)
{
    stop();
    m_dir = QFileInfo(dir).absoluteFilePath();
    m_user = user;
    m_password = password;
    QDir().mkpath(m_dir + u"/htdocs"_s);
    if (!makeCertificate(m_dir, u"ca"_s, {}, why) ||
        !makeCertificate(m_dir, u"server"_s, u"ca"_s, why))
        return false;
    // mod_authn_file's "plain" backend: one user:password per line.
    if (!writeFile(m_dir + u"/users"_s, (user + u':' + password + u'\n').toUtf8()))
        return fail(why, u"cannot write the user file in "_s + m_dir);
    m_projectRoot = QFileInfo(projectRoot).absoluteFilePath();
    return startOnFreePort(
        &m_port,
        [this](QString *reason) { return writeConfig(u"server"_s, reason) && launch(reason); },
        why);
}

bool HttpsGitServer::writeConfig(const QString &certificate, QString *why)
{
    const QString backend = u"/usr/lib/git-core/git-http-backend"_s;
    if (!QFileInfo(backend).isExecutable())
        return fail(why, backend + u" is missing (Debian package git)"_s);
    // /git and /public both map onto git-http-backend, which gets the rest of the URL as
    // PATH_INFO; only /git asks for a password. safe.directory lets the backend serve
    // repositories that belong to another user (a TestUser's).
    const QString text =
        u"# Written by Grex::Test::HttpsGitServer.\n"
        "server.modules = (\"mod_openssl\", \"mod_auth\", \"mod_authn_file\", \"mod_alias\",\n"
        "                  \"mod_setenv\", \"mod_cgi\")\n"
        "server.document-root = \"%1/htdocs\"\n"
        "server.bind = \"127.0.0.1\"\n"
        "server.port = %2\n"
        "ssl.engine = \"enable\"\n"
        "ssl.pemfile = \"%1/%3.pem\"\n"
        "ssl.privkey = \"%1/%3.key\"\n"
        "auth.backend = \"plain\"\n"
        "auth.backend.plain.userfile = \"%1/users\"\n"
        "alias.url = (\"/git/\" => \"%4/\", \"/public/\" => \"%4/\")\n"
        "$HTTP[\"url\"] =~ \"^/(git|public)/\" {\n"
        "    cgi.assign = (\"\" => \"\")\n"
        "    setenv.set-environment = (\"GIT_PROJECT_ROOT\" => \"%5\",\n"
        "                              \"GIT_HTTP_EXPORT_ALL\" => \"1\",\n"
        "                              \"GIT_CONFIG_NOSYSTEM\" => \"1\",\n"
        "                              \"GIT_CONFIG_PARAMETERS\" => \"'safe.directory'='*'\",\n"
        "                              \"PATH\" => \"/usr/bin:/bin\")\n"
        "}\n"
        "$HTTP[\"url\"] =~ \"^/git/\" {\n"
        "    auth.require = (\"\" => (\"method\" => \"basic\", \"realm\" => \"grex tests\",\n"
        "                            \"require\" => \"valid-user\"))\n"
        "}\n"_s.arg(m_dir)
            .arg(m_port)
            .arg(certificate, backend, m_projectRoot);
    const QString config = m_dir + u"/lighttpd.conf"_s;
    if (!writeFile(config, text.toUtf8()))
        return fail(why, u"cannot write "_s + config);
    return true;
}

bool HttpsGitServer::launch(QString *why)
{
    // In /usr/sbin, which is not on an ordinary user's PATH.
    const QString lighttpd = systemProgram(u"lighttpd"_s);
    if (lighttpd.isEmpty())
        return fail(why, u"lighttpd is missing (Debian packages lighttpd, lighttpd-mod-openssl)"_s);
    const QString logFile = m_dir + u"/lighttpd.log"_s;
    const qint64 offset = QFileInfo(logFile).size();
    m_process = std::make_unique<QProcess>();
    m_process->setProcessEnvironment(isolatedEnvironment(m_dir));
    m_process->setWorkingDirectory(m_dir);
    m_process->setChildProcessModifier(childSetup(false, 0, 0));
    m_process->setStandardOutputFile(logFile, QIODevice::Append);
    m_process->setStandardErrorFile(logFile, QIODevice::Append);
    m_process->start(lighttpd, {u"-D"_s, u"-f"_s, m_dir + u"/lighttpd.conf"_s});
    if (!m_process->waitForStarted()) {
        m_process.reset();
        return fail(why, u"cannot start "_s + lighttpd);
    }
    QByteArray seen;
    const Startup startup = waitForLog(*m_process, logFile, offset, "server started", &seen);
    if (startup == Startup::Ready && answers(m_port, {}))
        return true;
    stopProcess(m_process);
    return fail(
        why, u"lighttpd did not start on port %1; its log:\n%2"_s.arg(m_port).arg(logTail(seen)));
}

QString HttpsGitServer::caFile() const
{
    return m_dir + u"/ca.pem"_s;
}

QString HttpsGitServer::url(const QString &repoRelPath, bool authenticated) const
{
    return u"https://127.0.0.1:%1/%2/%3"_s.arg(m_port).arg(authenticated ? u"git"_s : u"public"_s,
                                                           repoRelPath);
}

QString HttpsGitServer::gitCredentialsLine() const
{
    return u"https://%1:%2@127.0.0.1:%3"_s
        .arg(QString::fromLatin1(QUrl::toPercentEncoding(m_user)),
             QString::fromLatin1(QUrl::toPercentEncoding(m_password)))
        .arg(m_port);
}

bool HttpsGitServer::restartWithUntrustedCertificate(QString *why)
{
    if (m_port == 0)
        return fail(why, u"lighttpd was not started"_s);
    stopProcess(m_process);
    return makeCertificate(m_dir, u"untrusted-ca"_s, {}, why) &&
           makeCertificate(m_dir, u"untrusted-server"_s, u"untrusted-ca"_s, why) &&
           writeConfig(u"untrusted-server"_s, why) && launch(why);
}

QString HttpsGitServer::log() const
{
    return QString::fromUtf8(readFile(m_dir + u"/lighttpd.log"_s));
}

void HttpsGitServer::stop()
{
    stopProcess(m_process);
}

// ---- GitDaemon ----

GitDaemon::GitDaemon() = default;

GitDaemon::~GitDaemon()
{
    stop();
}

bool GitDaemon::start(const QString &root, QString *why)
{
    stop();
    m_root = QFileInfo(root).absoluteFilePath();
    m_log = std::make_unique<QTemporaryFile>(QDir::tempPath() + u"/grex-git-daemon-XXXXXX.log"_s);
    if (!m_log->open())
        return fail(why, u"cannot create a log file for git daemon"_s);
    for (int attempt = 0; attempt < StartAttempts; ++attempt) {
        m_port = pickFreePort();
        const qint64 offset = QFileInfo(m_log->fileName()).size();
        m_process = std::make_unique<QProcess>();
        m_process->setProcessEnvironment(isolatedEnvironment(m_root));
        m_process->setWorkingDirectory(m_root);
        m_process->setChildProcessModifier(childSetup(false, 0, 0));
        m_process->setStandardOutputFile(m_log->fileName(), QIODevice::Append);
        m_process->setStandardErrorFile(m_log->fileName(), QIODevice::Append);
        // --verbose for the "Ready to rumble" line; --informative-errors so that a client sees
        // "not exported" or "does not exist" rather than a bare hang-up. safe.directory reaches
        // the upload-pack it runs, for repositories of another user.
        m_process->start(u"git"_s,
                         {u"-c"_s, u"safe.directory=*"_s, u"daemon"_s, u"--export-all"_s,
                          u"--base-path="_s + m_root, u"--reuseaddr"_s, u"--listen=127.0.0.1"_s,
                          u"--port=%1"_s.arg(m_port), u"--verbose"_s, u"--informative-errors"_s});
        if (!m_process->waitForStarted()) {
            fail(why, u"cannot start git daemon: "_s + m_process->errorString());
            m_process.reset();
            break;
        }
        QByteArray seen;
        const Startup startup =
            waitForLog(*m_process, m_log->fileName(), offset, "Ready to rumble", &seen);
        if (startup == Startup::Ready)
            return true;
        stopProcess(m_process);
        fail(why,
             u"git daemon did not start on port %1; its log:\n%2"_s.arg(m_port).arg(logTail(seen)));
        if (!seen.contains("Address already in use"))
            break;
    }
    m_port = 0;
    return false;
}

QString GitDaemon::url(const QString &repo) const
{
    return u"git://127.0.0.1:%1/%2"_s.arg(m_port).arg(repo);
}

QString GitDaemon::log() const
{
    return m_log ? QString::fromUtf8(readFile(m_log->fileName())) : QString();
}

void GitDaemon::stop()
{
    stopProcess(m_process);
}

// ---- SilentServer ----

SilentServer::SilentServer() = default;

SilentServer::~SilentServer()
{
    stop();
}

bool SilentServer::start(QString *why)
{
    stop();
    m_connections = 0;
    m_thread = new QThread;
    m_thread->setObjectName(u"SilentServer"_s);
    m_thread->start();
    m_server = new QTcpServer;
    m_server->moveToThread(m_thread);
    QObject::connect(m_thread, &QThread::finished, m_server, &QObject::deleteLater);
    bool listening = false;
    QMetaObject::invokeMethod(
        m_server,
        [this, &listening] {
            // Accepted sockets stay children of the server, open and unanswered, until stop().
            QObject::connect(m_server, &QTcpServer::newConnection, m_server, [this] {
                while (m_server->hasPendingConnections()) {
                    m_server->nextPendingConnection();
                    ++m_connections;
                }
            });
            listening = m_server->listen(QHostAddress::LocalHost, 0);
        },
        Qt::BlockingQueuedConnection);
    if (!listening) {
        const QString error = m_server->errorString();
        stop();
        return fail(why, u"SilentServer cannot listen: "_s + error);
    }
    m_port = m_server->serverPort();
    return true;
}

void SilentServer::stop()
{
    if (!m_thread)
        return;
    // The server and its sockets belong to the thread, which deletes them when it finishes.
    m_thread->quit();
    m_thread->wait();
    m_server = nullptr;
    delete m_thread;
    m_thread = nullptr;
    m_port = 0;
}

} // namespace Grex::Test
