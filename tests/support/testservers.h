#pragma once

#include "support/grexrunner.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>

class QProcess;
class QThread;
class QTcpServer;
class QTemporaryFile;

namespace Grex::Test {

// Real servers for tests that talk to remotes: sshd, lighttpd with git-http-backend, git daemon
// and a listener that never answers. Each listens on 127.0.0.1 only, on a free port, and is
// killed with the test process (PR_SET_PDEATHSIG), so start them from the thread that outlives
// them (the test's main thread). None of them needs the network.

// A minimal environment for a client program: HOME=home, PATH, LC_ALL=C.UTF-8,
// GIT_CONFIG_NOSYSTEM=1 and the sanitizers' options; nothing else of the caller's, so no SSH
// agent, no GIT_SSL_CAINFO (which overrides http.sslCAInfo) and no proxy.
QProcessEnvironment isolatedEnvironment(const QString &home);
// Runs program in isolatedEnvironment(home) plus options.env, in options.workDir (default:
// home). options.asNobody is ignored.
RunResult runIsolated(const QString &home, const QString &program, const QStringList &args,
                      const RunOptions &options = {});

// Creates a key pair with ssh-keygen -N "" (no passphrase): privateKeyPath and
// privateKeyPath.pub. type is "ed25519" or "rsa" (3072 bits). Overwrites existing files.
bool makeKeyPair(const QString &privateKeyPath, const QString &type, QString *why);

// Lets every user enter and read dir (mode 0755), so that a TestUser's home below it is
// reachable; QTemporaryDir makes its folder 0700.
bool letOthersEnter(const QString &dir);

// A throwaway Unix user whose home is a test's folder. OpenSSH takes the home directory (and so
// ~/.ssh/config, known_hosts and keys) from the password database, not from $HOME, so SSH test
// cases run their clients as this user. Needs root. Everything the user runs or reads must be
// reachable by it: the build tree must be world-readable (every parent directory searchable);
// canRead() tells which directory is in the way.
class TestUser
{
public:
    // Creates the user (useradd, shell /bin/sh, no home creation) with a name unique to this
    // process, grext<pid> (grext<pid>x<n> for the n-th after the first), and gives it home. Removes
    // users left by earlier test processes that crashed. Null, with the reason in *whyNot, when not
    // root, useradd is missing, or home is not reachable by the user.
    static std::unique_ptr<TestUser> create(const QString &home, QString *whyNot);
    // Kills the user's remaining processes, then removes the user (userdel).
    ~TestUser();
    TestUser(const TestUser &) = delete;
    TestUser &operator=(const TestUser &) = delete;

    QString name() const { return m_name; }
    uint uid() const { return m_uid; }
    uint gid() const { return m_gid; }
    QString home() const { return m_home; }

    // Gives path and everything below it to the user (symbolic links themselves, not targets).
    bool chownTree(const QString &path) const;
    // Whether the user can read path (run as the user); otherwise *why names the first directory
    // on the way that it cannot search.
    bool canRead(const QString &path, QString *why) const;

    // The environment the user's programs get: isolatedEnvironment(home()) plus USER and
    // LOGNAME.
    QProcessEnvironment environment() const;
    // Makes process run as the user: environment(), working directory home() and a switch to
    // the user's uid, gid and groups in the child before exec. Set another environment or
    // working directory afterwards if needed.
    void prepareProcess(QProcess &process) const;
    // Runs program as the user with environment() plus options.env, in options.workDir (default:
    // home()). options.asNobody is ignored.
    RunResult run(const QString &program, const QStringList &args,
                  const RunOptions &options = {}) const;

private:
    TestUser(QString name, uint uid, uint gid, QString home);

    QString m_name;
    uint m_uid = 0;
    uint m_gid = 0;
    QString m_home;
};

// OpenSSH's sshd on 127.0.0.1, run as a TestUser (an unprivileged sshd accepts logins of its own
// user only, which is all tests need). Host keys ed25519 and RSA, public key authentication
// only, against one authorized_keys file. Its config, keys and log (sshd.log) live in the
// directory given to start().
class SshServer
{
public:
    SshServer();
    ~SshServer();
    SshServer(const SshServer &) = delete;
    SshServer &operator=(const SshServer &) = delete;

    // Makes host keys and a config in dir, gives dir to user, then starts sshd as user on a free
    // port and returns once it sent its banner. user must outlive the server.
    bool start(const TestUser &user, const QString &dir, QString *why);
    int port() const { return m_port; }
    // Appends the key in publicKeyFile (a .pub file) to the authorized_keys file sshd reads.
    void authorize(const QString &publicKeyFile);
    // "[127.0.0.1]:PORT ssh-ed25519 AAAA…", the ed25519 line ssh-keyscan would print.
    QString knownHostsLine() const;
    // Every host key (ed25519 and RSA) as known_hosts lines, each ending in a newline.
    QString knownHostsLines() const;
    // Stops sshd, replaces both host keys and starts it again on the same port.
    bool restartWithNewHostKey(QString *why);
    // What sshd logged so far (for failure messages).
    QString log() const;
    void stop();

private:
    bool makeHostKeys(QString *why);
    bool launch(QString *why);

    const TestUser *m_user = nullptr;
    QString m_dir;
    int m_port = 0;
    std::unique_ptr<QProcess> m_process;
};

// lighttpd serving git-http-backend (fetch and clone, no push) over TLS on 127.0.0.1, as the
// current user. /git/<repo> asks for HTTP basic authentication, /public/<repo> serves the same
// repositories without. The certificate (for 127.0.0.1 and localhost) comes from a CA made for
// the test; give caFile() to git as http.sslCAInfo.
class HttpsGitServer
{
public:
    HttpsGitServer();
    ~HttpsGitServer();
    HttpsGitServer(const HttpsGitServer &) = delete;
    HttpsGitServer &operator=(const HttpsGitServer &) = delete;

    // Makes the CA, certificate, user file and config in dir, then starts lighttpd on a free
    // port serving the repositories below projectRoot.
    bool start(const QString &dir, const QString &projectRoot, const QString &user,
               const QString &password, QString *why);
    int port() const { return m_port; }
    QString caFile() const;
    // https://127.0.0.1:PORT/git/<repoRelPath>, or /public/<repoRelPath> when not authenticated.
    QString url(const QString &repoRelPath, bool authenticated = true) const;
    // "https://USER:PASSWORD@127.0.0.1:PORT", a line for ~/.git-credentials.
    QString gitCredentialsLine() const;
    // Stops lighttpd and starts it again on the same port with a certificate from a second CA,
    // one that caFile() does not hold.
    bool restartWithUntrustedCertificate(QString *why);
    // What lighttpd logged so far (for failure messages).
    QString log() const;
    void stop();

private:
    bool writeConfig(const QString &certificate, QString *why);
    bool launch(QString *why);

    QString m_dir;
    QString m_projectRoot;
    QString m_user;
    QString m_password;
    int m_port = 0;
    std::unique_ptr<QProcess> m_process;
};

// git daemon on 127.0.0.1, exporting every repository below a root, read-only.
class GitDaemon
{
public:
    GitDaemon();
    ~GitDaemon();
    GitDaemon(const GitDaemon &) = delete;
    GitDaemon &operator=(const GitDaemon &) = delete;

    // Starts git daemon on a free port and returns once it is ready to accept.
    bool start(const QString &root, QString *why);
    int port() const { return m_port; }
    // git://127.0.0.1:PORT/<repo>
    QString url(const QString &repo) const;
    // What git daemon logged so far (for failure messages).
    QString log() const;
    void stop();

private:
    QString m_root;
    int m_port = 0;
    std::unique_ptr<QProcess> m_process;
    std::unique_ptr<QTemporaryFile> m_log;
};

// A TCP listener on 127.0.0.1 that accepts connections and never sends a byte: a remote that
// hangs, so that only the client's own timeout can end the wait. It runs on a thread of its own,
// so it keeps accepting while the test's thread blocks waiting for a child process.
class SilentServer
{
public:
    SilentServer();
    ~SilentServer();
    SilentServer(const SilentServer &) = delete;
    SilentServer &operator=(const SilentServer &) = delete;

    bool start(QString *why);
    int port() const { return m_port; }
    // Connections accepted so far.
    int connectionCount() const { return m_connections.load(); }
    // Closes the listener and every accepted connection.
    void stop();

private:
    QThread *m_thread = nullptr;
    QTcpServer *m_server = nullptr; // lives on m_thread
    int m_port = 0;
    std::atomic<int> m_connections{0};
};

} // namespace Grex::Test
