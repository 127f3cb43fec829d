#include "core/git/sshshare_p.h"

#include "core/git/gitfetcher.h"
#include "core/git/gitfetcher_p.h"

#include "core/exec/processrunner.h"
#include "core/fs/fsutil.h"
#include "core/git/gitprocess_p.h"
#include "core/git/libgit2_p.h"
#include "core/git/remoteconfig_p.h"
#include "core/logging.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QSet>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QWaitCondition>
#include <QProcess>
#include <QRegularExpression>
#include <QUrl>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <mutex>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex::Git {

namespace {

// sshd's MaxSessions is 10 by default: a connection carries at most this many git commands at
// once, and more of them open another connection.
constexpr int SessionsPerConnection = 8;
// How long an idle shared connection stays up when nobody ends it: the run that opened it ends
// it itself (endSharedConnections); this only bounds one left by a grex killed with SIGKILL.
constexpr int PersistSeconds = 60;

struct Destination
{
    QString host;
    int port = -1;
    QString user;
};

// The ssh destination of url: ssh://[user@]host[:port]/path or scp-like [user@]host:path.
std::optional<Destination> sshDestination(const QString &url)
{
    Destination d;
    for (const QString &scheme : {u"ssh://"_s, u"git+ssh://"_s, u"ssh+git://"_s}) {
        if (!url.startsWith(scheme))
            continue;
        const QUrl parsed(url);
        if (!parsed.isValid() || parsed.host().isEmpty())
            return std::nullopt;
        d.host = parsed.host();
        d.port = parsed.port();
        d.user = parsed.userName();
        return d;
    }
    if (url.contains(u"://"_s) || url.startsWith(u'/') || url.startsWith(u'['))
        return std::nullopt;
    const qsizetype colon = url.indexOf(u':');
    const qsizetype slash = url.indexOf(u'/');
    if (colon <= 0 || (slash >= 0 && slash < colon))
        return std::nullopt;
    d.host = url.left(colon);
    if (const qsizetype at = d.host.lastIndexOf(u'@'); at >= 0) {
        d.user = d.host.left(at);
        d.host = d.host.mid(at + 1);
    }
    return d.host.isEmpty() ? std::nullopt : std::optional(d);
}

// The ssh command git would run for workDir: GIT_SSH_COMMAND, else core.sshCommand, else ssh;
// "" when it cannot be shared (GIT_SSH, another ssh variant, shell syntax that -o options could
// not simply follow). workConfig, when given, is workDir's repository's config, already read.
QString sshCommandFor(const QString &workDir, git_config *workConfig = nullptr)
{
    QString command = qEnvironmentVariable("GIT_SSH_COMMAND");
    QString variant;
    {
        ensureInitialised();
        // A caller that read the config already (a probe, for every pack) hands it over.
        ConfigPtr owned;
        if (!workConfig) {
            git_repository *rawRepo = nullptr;
            git_config *rawConfig = nullptr;
            const QByteArray path = QFile::encodeName(workDir);
            if (!workDir.isEmpty() &&
                git_repository_open_ext(&rawRepo, path.constData(), GIT_REPOSITORY_OPEN_NO_SEARCH,
                                        nullptr) == 0) {
                const RepositoryPtr repo = adoptRepository(rawRepo);
                owned = snapshotOf(repo.get());
            } else if (git_config_open_default(&rawConfig) == 0) {
                owned.reset(rawConfig);
            }
            git_error_clear();
        }
        git_config *config = workConfig ? workConfig : owned.get();
        if (command.isEmpty()) {
            if (const std::optional<QByteArray> configured = configValue(config, "core.sshCommand"))
                command = QString::fromUtf8(*configured);
        }
        if (const std::optional<QByteArray> configured = configValue(config, "ssh.variant"))
            variant = QString::fromUtf8(*configured);
    }
    if (command.isEmpty()) {
        if (!qEnvironmentVariable("GIT_SSH").isEmpty())
            return {};
        command = u"ssh"_s;
    }
    if (!variant.isEmpty() && variant != u"ssh" && variant != u"auto")
        return {};
    static const QRegularExpression shellSyntax(u"[;&|$`<>(){}#\\n\\\\]"_s);
    if (shellSyntax.match(command).hasMatch())
        return {};
    const QStringList words = QProcess::splitCommand(command);
    if (words.isEmpty() || QFileInfo(words.first()).fileName() != u"ssh")
        return {};
    return command;
}

QStringList destinationArguments(const Destination &d)
{
    QStringList args;
    if (d.port > 0)
        args << u"-p"_s << QString::number(d.port);
    if (!d.user.isEmpty())
        args << u"-l"_s << d.user;
    args << d.host;
    return args;
}

struct Registry
{
    struct Connection
    {
        QStringList command;
        Destination destination;
        QString controlPath;
        pid_t pid = 0; // the master, which -f put in the background; 0 when ssh did not say
        QString socketPath; // controlPath as ssh expanded it (%C); "" when ssh -G did not say
    };

    enum class State { None, Starting, Ready };

    QMutex mutex;
    QWaitCondition started;
    QString dir;                         // the process's own socket directory, mode 0700
    bool dirFailed = false;              // no directory: nothing is shared
    QHash<QString, bool> shareable;      // command + destination -> sharing works there
    QHash<QString, QList<int>> sessions; // command + destination -> commands per connection
    QHash<QString, State> connections;   // key + slot -> its connection's state
    QHash<QString, Connection> opened;   // key + slot -> what to close at exit
    int scopes = 0;                      // SshConnectionScope objects alive
};

// The masters' pids, apart from the registry's mutex: the CLI's second Ctrl-C ends them from its
// signal thread while a worker may hold that mutex waiting for a master to start.
std::mutex g_pidsMutex;
QList<pid_t> g_masterPids;

Registry &registry()
{
    static Registry r;
    return r;
}

// Ends the masters: SIGTERM, on which ssh closes its connection and removes its socket, then
// SIGKILL for any still there after a second. They are not our children (-f put them in the
// background), so they are polled instead of waited for.
void endMasters(const QList<pid_t> &pids)
{
    for (const pid_t pid : pids) {
        if (pid > 0)
            ::kill(pid, SIGTERM);
    }
    for (int i = 0; i < 100; ++i) {
        if (std::none_of(pids.cbegin(), pids.cend(), [](pid_t pid) { return processAlive(pid); }))
            return;
        ::usleep(10'000);
    }
    for (const pid_t pid : pids) {
        if (processAlive(pid))
            ::kill(pid, SIGKILL);
    }
}

// Ends every shared connection this process opened and removes its socket directory; the next
// lease starts afresh. A master whose pid ssh did not tell is asked to exit through its socket.
void closeLocked(Registry &r)
{
    QList<pid_t> pids;
    for (const Registry::Connection &c : std::as_const(r.opened)) {
        if (c.pid > 0) {
            pids.append(c.pid);
            continue;
        }
        ProcessSpec spec;
        spec.program = c.command.first();
        spec.arguments =
            c.command.mid(1) +
            QStringList{u"-O"_s, u"exit"_s, u"-o"_s, u"ControlPath="_s + c.controlPath} +
            destinationArguments(c.destination);
        spec.newSession = true;
        spec.stallTimeoutMs = 2000;
        (void)runProcess(spec, {});
    }
    endMasters(pids);
    {
        const std::lock_guard<std::mutex> guard(g_pidsMutex);
        for (const pid_t pid : std::as_const(pids))
            g_masterPids.removeAll(pid);
    }
    if (!r.opened.isEmpty())
        qCDebug(lcGit, "ended %lld shared SSH connection(s)", qint64(r.opened.size()));
    r.opened.clear();
    r.connections.clear();
    r.sessions.clear();
    if (!r.dir.isEmpty())
        QDir(r.dir).removeRecursively();
    r.dir.clear();
}

void closeSharedConnections()
{
    Registry &r = registry();
    QMutexLocker locker(&r.mutex);
    closeLocked(r);
}

// The socket directories of grex processes that are gone (killed before they could end their
// connections): their masters are ended through their sockets and the directories removed.
void reapAbandonedDirectories(const QString &base)
{
    const QFileInfoList dirs =
        QDir(base).entryInfoList({u"grex-ssh-*"_s}, QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QFileInfo &dir : dirs) {
        if (dir.ownerId() != ::getuid())
            continue;
        QFile owner(dir.filePath() + u"/owner"_s);
        if (!owner.open(QIODevice::ReadOnly))
            continue; // an older grex's, or one being made
        const pid_t pid = pid_t(owner.readAll().trimmed().toLongLong());
        if (pid <= 0 || processAlive(pid))
            continue;
        const QFileInfoList sockets = QDir(dir.filePath()).entryInfoList(QDir::System);
        for (const QFileInfo &socket : sockets) {
            ProcessSpec spec;
            spec.program = u"ssh"_s;
            spec.arguments = {u"-O"_s, u"exit"_s, u"-o"_s, u"ControlPath="_s + socket.filePath(),
                              u"grex-abandoned"_s};
            spec.newSession = true;
            spec.stallTimeoutMs = 2000;
            (void)runProcess(spec, {});
        }
        qCDebug(lcGit, "removed %s, left by grex process %lld", qPrintable(dir.filePath()),
                qint64(pid));
        QDir(dir.filePath()).removeRecursively();
    }
}

QString socketDirectory(Registry &r)
{
    if (!r.dir.isEmpty() || r.dirFailed)
        return r.dir;
    // A socket path holds at most 107 bytes: the directory stays short, under /tmp when TMPDIR
    // is long, and must need no quoting in a shell command.
    QString base = QDir::tempPath();
    if (base.size() > 40)
        base = u"/tmp"_s;
    static std::once_flag reaped;
    std::call_once(reaped, [&] { reapAbandonedDirectories(base); });
    QByteArray pattern = QFile::encodeName(base + u"/grex-ssh-XXXXXX"_s);
    static const QRegularExpression plain(u"^[A-Za-z0-9/._-]+$"_s);
    if (!plain.match(QString::fromUtf8(pattern)).hasMatch() || !::mkdtemp(pattern.data())) {
        r.dirFailed = true;
        return {};
    }
    r.dir = QFile::decodeName(pattern);
    // Whose it is, for the run that finds it after this process was killed.
    QFile owner(r.dir + u"/owner"_s);
    if (owner.open(QIODevice::WriteOnly))
        owner.write(QByteArray::number(QCoreApplication::applicationPid()) + '\n');
    static std::once_flag registered;
    std::call_once(registered, [] {
        if (QCoreApplication::instance())
            qAddPostRoutine(closeSharedConnections);
    });
    return r.dir;
}

// Whether the user's ssh config leaves connection sharing to grex for this destination: it
// sets no ControlMaster and no ControlPath there.
bool configAllowsSharing(const QStringList &command, const Destination &d)
{
    const std::optional<QHash<QByteArray, QByteArray>> options =
        sshOptionsFor(command, destinationArguments(d));
    return options && !options->contains("controlpath") &&
           options->value("controlmaster", "false") == "false";
}

// The pid of the master listening on controlPath, as `ssh -O check` tells it ("Master running
// (pid=1234)"); 0 when it does not.
pid_t masterPid(const QStringList &command, const Destination &d, const QString &controlPath)
{
    ProcessSpec spec;
    spec.program = command.first();
    spec.arguments = command.mid(1) +
                     QStringList{u"-O"_s, u"check"_s, u"-o"_s, u"ControlPath="_s + controlPath} +
                     destinationArguments(d);
    spec.newSession = true;
    spec.stallTimeoutMs = 5000;
    Result<ProcessOutcome> checked = runProcess(spec, {});
    if (!checked)
        return 0;
    static const QRegularExpression running(u"Master running \\(pid=([0-9]+)\\)"_s);
    const QRegularExpressionMatch match =
        running.match(QString::fromUtf8(checked->stderrData + checked->stdoutData));
    return match.hasMatch() ? pid_t(match.captured(1).toLongLong()) : 0;
}

} // namespace

std::optional<QHash<QByteArray, QByteArray>> sshOptionsFor(const QStringList &command,
                                                           const QStringList &destination)
{
    ProcessSpec spec;
    spec.program = command.first();
    spec.arguments = command.mid(1) + QStringList{u"-G"_s} + destination;
    spec.newSession = true;
    spec.stallTimeoutMs = 5000;
    Result<ProcessOutcome> resolved = runProcess(spec, {});
    if (!resolved || resolved->exitStatus != 0)
        return std::nullopt;
    QHash<QByteArray, QByteArray> options;
    for (const QByteArray &line : resolved->stdoutData.split('\n')) {
        const qsizetype space = line.indexOf(' ');
        if (space > 0)
            options.insert(line.left(space), line.mid(space + 1).trimmed());
    }
    return options;
}

namespace {

// Whether an OpenSSH private key file needs a passphrase: the new format names its cipher
// ("none" when not encrypted), the PEM formats say ENCRYPTED.
bool isEncryptedKey(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || file.size() > 64 * 1024)
        return false;
    const QByteArray text = file.readAll();
    static const QByteArray begin = "-----BEGIN OPENSSH PRIVATE KEY-----";
    if (!text.startsWith(begin))
        return text.contains("ENCRYPTED");
    const qsizetype end = text.indexOf("-----END");
    const QByteArray blob =
        QByteArray::fromBase64(text.mid(begin.size(), end - begin.size()).simplified());
    static const QByteArray magic("openssh-key-v1\0", 15);
    if (!blob.startsWith(magic) || blob.size() < magic.size() + 4)
        return false;
    const auto *p = reinterpret_cast<const uchar *>(blob.constData() + magic.size());
    const quint32 length = (quint32(p[0]) << 24) | (quint32(p[1]) << 16) | (quint32(p[2]) << 8) |
                           quint32(p[3]);
    return blob.mid(magic.size() + 4, length) != "none";
}

// The public key blobs an ssh-agent holds (`ssh-add -L`); empty when there is no agent.
QSet<QByteArray> agentKeys()
{
    QSet<QByteArray> keys;
    if (qEnvironmentVariableIsEmpty("SSH_AUTH_SOCK"))
        return keys;
    ProcessSpec spec;
    spec.program = u"ssh-add"_s;
    spec.arguments = {u"-L"_s};
    spec.newSession = true;
    spec.stallTimeoutMs = 5000;
    Result<ProcessOutcome> listed = runProcess(spec, {});
    if (!listed || listed->exitStatus != 0)
        return keys;
    for (const QByteArray &line : listed->stdoutData.split('\n')) {
        const QList<QByteArray> words = line.split(' ');
        if (words.size() >= 2)
            keys.insert(words.at(1));
    }
    return keys;
}

} // namespace

QStringList lockedKeysFor(const QString &url)
{
    const std::optional<Destination> destination = sshDestination(url);
    if (!destination)
        return {};
    QString command = sshCommandFor(QString());
    if (command.isEmpty())
        command = u"ssh"_s;
    // ssh -G prints one "identityfile" line per file (sshOptionsFor keeps the last).
    ProcessSpec spec;
    const QStringList words = QProcess::splitCommand(command);
    spec.program = words.first();
    spec.arguments = words.mid(1) + QStringList{u"-G"_s} + destinationArguments(*destination);
    spec.newSession = true;
    spec.stallTimeoutMs = 5000;
    Result<ProcessOutcome> resolved = runProcess(spec, {});
    if (!resolved || resolved->exitStatus != 0)
        return {};
    QStringList locked;
    QSet<QByteArray> held;
    bool askedAgent = false;
    for (const QByteArray &line : resolved->stdoutData.split('\n')) {
        if (!line.startsWith("identityfile "))
            continue;
        QString path = QString::fromUtf8(line.mid(13).trimmed());
        if (path.startsWith(u"~/"))
            path = QDir::homePath() + path.mid(1);
        if (!QFileInfo(path).isFile() || !isEncryptedKey(path))
            continue;
        if (!askedAgent) {
            held = agentKeys();
            askedAgent = true;
        }
        QFile pub(path + u".pub"_s);
        const QList<QByteArray> publicWords =
            pub.open(QIODevice::ReadOnly) ? pub.readAll().split(' ') : QList<QByteArray>();
        if (publicWords.size() >= 2 && held.contains(publicWords.at(1)))
            continue;
        locked.append(path);
    }
    return locked;
}

SshLease::SshLease(QString key, int slot, QStringList environment)
    : m_key(std::move(key))
    , m_slot(slot)
    , m_environment(std::move(environment))
{
}

SshLease::SshLease(SshLease &&other) noexcept
    : m_key(std::move(other.m_key))
    , m_slot(std::exchange(other.m_slot, -1))
    , m_environment(std::move(other.m_environment))
    , m_socketPath(std::move(other.m_socketPath))
{
}

SshLease &SshLease::operator=(SshLease &&other) noexcept
{
    std::swap(m_key, other.m_key);
    std::swap(m_slot, other.m_slot);
    std::swap(m_environment, other.m_environment);
    std::swap(m_socketPath, other.m_socketPath);
    return *this;
}

SshLease::~SshLease()
{
    if (m_slot < 0)
        return;
    Registry &r = registry();
    QMutexLocker locker(&r.mutex);
    QList<int> &counts = r.sessions[m_key];
    if (m_slot < counts.size() && counts[m_slot] > 0)
        --counts[m_slot];
}

SshLease leaseSshConnection(const QString &url, const QString &workDir, std::stop_token stop,
                            git_config *workConfig)
{
    if (qEnvironmentVariable("GREX_SSH_SHARE") == u"0")
        return {};
    const std::optional<Destination> destination = sshDestination(url);
    if (!destination)
        return {};
    const QString command = sshCommandFor(workDir, workConfig);
    if (command.isEmpty())
        return {};
    const QStringList words = QProcess::splitCommand(command);
    const QString key = command + u'\n' + destination->user + u'@' + destination->host + u':' +
                        QString::number(destination->port);

    Registry &r = registry();
    QMutexLocker locker(&r.mutex);
    auto allowed = r.shareable.find(key);
    if (allowed == r.shareable.end()) {
        // Asked once per destination; the lock keeps two threads from asking at once.
        allowed = r.shareable.insert(key, configAllowsSharing(words, *destination));
        if (!*allowed) {
            qCDebug(lcGit, "not sharing SSH connections to %s: ssh's config sets its own",
                    qPrintable(destination->host));
        }
    }
    const QString dir = socketDirectory(r);
    if (!*allowed || dir.isEmpty())
        return {};
    QList<int> &counts = r.sessions[key];
    int slot = 0;
    while (slot < counts.size() && counts[slot] >= SessionsPerConnection)
        ++slot;
    if (slot == counts.size())
        counts.append(0);
    ++counts[slot];
    // %C (a hash of the host, port and user ssh connects to) keeps a submodule on another host
    // off this connection; the command's hash keeps another identity (-i) off it.
    const QString commandHash = QString::fromLatin1(
        QCryptographicHash::hash(command.toUtf8(), QCryptographicHash::Sha1).toHex().left(8));
    const QString controlPath = dir + u'/' + commandHash + u"-%C-"_s + QString::number(slot);
    const QString connectionKey = key + u'\n' + QString::number(slot);
    const auto giveBack = [&] { --r.sessions[key][slot]; };

    // The connection is opened once, before the commands that share it start: a burst of
    // commands that each tried to become its master would all connect on their own.
    while (r.connections.value(connectionKey) == Registry::State::Starting)
        r.started.wait(&r.mutex);
    if (!r.shareable.value(key)) {
        giveBack();
        return {};
    }
    if (r.connections.value(connectionKey) != Registry::State::Ready) {
        r.connections.insert(connectionKey, Registry::State::Starting);
        locker.unlock();
        ProcessSpec spec;
        spec.program = words.first();
        spec.arguments = words.mid(1) +
                         QStringList{u"-M"_s,
                                     u"-N"_s,
                                     u"-f"_s,
                                     u"-o"_s,
                                     u"ControlPath="_s + controlPath,
                                     u"-o"_s,
                                     u"ControlPersist="_s + QString::number(PersistSeconds),
                                     u"-E"_s,
                                     dir + u"/ssh.log"_s} +
                         destinationArguments(*destination);
        spec.newSession = true;
        spec.stallTimeoutMs = qint64(networkTimeoutSeconds()) * 1000;
        Result<ProcessOutcome> master = runProcess(spec, stop);
        const bool up = master && master->exitStatus == 0;
        const pid_t pid = up ? masterPid(words, *destination, controlPath) : 0;
        QString socketPath;
        if (up) {
            const std::optional<QHash<QByteArray, QByteArray>> options =
                sshOptionsFor(words + QStringList{u"-o"_s, u"ControlPath="_s + controlPath},
                              destinationArguments(*destination));
            if (options)
                socketPath = QString::fromUtf8(options->value("controlpath"));
        }
        locker.relock();
        if (up) {
            r.connections.insert(connectionKey, Registry::State::Ready);
            r.opened.insert(connectionKey, Registry::Connection{words, *destination, controlPath,
                                                                pid, socketPath});
            if (pid > 0) {
                const std::lock_guard<std::mutex> guard(g_pidsMutex);
                g_masterPids.append(pid);
            }
        } else {
            // git connects on its own then, and says itself what went wrong.
            r.connections.remove(connectionKey);
            r.shareable.insert(key, false);
            qCDebug(lcGit, "not sharing SSH connections to %s: the shared one did not open",
                    qPrintable(destination->host));
        }
        r.started.wakeAll();
        if (!up) {
            giveBack();
            return {};
        }
    }
    // ControlMaster=no: should the master be gone, git's ssh connects on its own instead of
    // becoming a master nobody would end.
    const QString shared = command + u" -o ControlMaster=no -o ControlPath="_s + controlPath;
    SshLease lease(key, slot, {u"GIT_SSH_COMMAND="_s + shared});
    lease.m_socketPath = r.opened.value(connectionKey).socketPath;
    return lease;
}

std::optional<QString> uploadPackRemoteCommand(const QString &url)
{
    if (!sshDestination(url))
        return std::nullopt;
    // The path as git's connect.c takes it: after the host of a URL (percent-decoded, "/~user"
    // made "~user"), after the colon of the scp-like form.
    QString path;
    if (url.contains(u"://"_s)) {
        path = QUrl(url).path(QUrl::FullyDecoded);
        if (path.startsWith(u"/~"_s))
            path.remove(0, 1);
    } else {
        path = url.mid(url.indexOf(u':') + 1);
    }
    if (path.isEmpty())
        return std::nullopt;
    // sq_quote: the remote's shell must see one word whatever the path holds.
    path.replace(u'\'', u"'\\''"_s).replace(u'!', u"'\\!'"_s);
    return u"git-upload-pack '"_s + path + u'\'';
}

std::optional<QStringList> uploadPackCommand(const SshLease &lease, const QString &url)
{
    const std::optional<Destination> destination = sshDestination(url);
    const std::optional<QString> remote = uploadPackRemoteCommand(url);
    const QString prefix = u"GIT_SSH_COMMAND="_s;
    const QString entry = lease.environment().value(0);
    if (!destination || !remote || !entry.startsWith(prefix))
        return std::nullopt;
    QStringList command = QProcess::splitCommand(entry.mid(prefix.size()));
    command << u"-o"_s << u"BatchMode=yes"_s << u"-o"_s << u"SendEnv=GIT_PROTOCOL"_s;
    command << destinationArguments(*destination) << *remote;
    return command;
}

} // namespace Grex::Git

namespace Grex {

SshConnectionScope::SshConnectionScope()
{
    Git::Registry &r = Git::registry();
    QMutexLocker locker(&r.mutex);
    ++r.scopes;
}

SshConnectionScope::~SshConnectionScope()
{
    Git::Registry &r = Git::registry();
    QMutexLocker locker(&r.mutex);
    if (--r.scopes == 0) {
        Git::closeLocked(r);
        locker.unlock();
        GitImpl::closeHttpsProbes();
    }
}

void endSharedSshConnectionsNow()
{
    QList<pid_t> pids;
    {
        const std::lock_guard<std::mutex> guard(Git::g_pidsMutex);
        pids = std::exchange(Git::g_masterPids, {});
    }
    Git::endMasters(pids);
}

} // namespace Grex
