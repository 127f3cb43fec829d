#include "core/git/gitprocess_p.h"

#include "core/git/repository.h"
#include "core/git/hostgate_p.h"

#include "core/git/fetcher.h"

#include "core/exec/processrunner.h"
#include "core/git/libgit2_p.h"
#include "core/git/remoteconfig_p.h"
#include "core/git/sshshare_p.h"
#include "core/logging.h"
#include "core/secrets.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QMutex>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace Grex::Git {

namespace {

QString gitProgram()
{
    static const QString program = QStandardPaths::findExecutable(u"git"_s);
    return program;
}

} // namespace

// What git would ask a person for, refused without asking: grex runs from agents, cron and a
// window, where a prompt nobody sees is a hang. A GIT_ASKPASS or core.askPass the user set
// stays: CI jobs hand tokens to git that way.
QProcessEnvironment gitEnvironment(const QStringList &extra)
{
    QProcessEnvironment env = childEnvironment();
    env.insert(u"GIT_TERMINAL_PROMPT"_s, u"0"_s);
    env.insert(u"SSH_ASKPASS_REQUIRE"_s, u"never"_s);
    env.insert(u"GCM_INTERACTIVE"_s, u"never"_s);
    env.remove(u"SSH_ASKPASS"_s); // git's last resort for a password: a desktop dialog
    // English messages, which classify() reads; gettext ignores LANGUAGE in the C locale.
    env.insert(u"LC_ALL"_s, u"C"_s);
    env.remove(u"LANGUAGE"_s);
    for (const QString &entry : extra) {
        const qsizetype equals = entry.indexOf(u'=');
        env.insert(entry.left(equals), entry.mid(equals + 1));
    }
    // No automatic maintenance after a fetch or merge: git would detach it to run on after
    // grex returned, in every clone a sync touched at once. Sync repacks the clones that need
    // it, a few at a time (gitupkeep.cpp). Added to the settings the caller passes this way.
    const int count = env.value(u"GIT_CONFIG_COUNT"_s).toInt();
    env.insert(u"GIT_CONFIG_KEY_%1"_s.arg(count), u"maintenance.auto"_s);
    env.insert(u"GIT_CONFIG_VALUE_%1"_s.arg(count), u"false"_s);
    env.insert(u"GIT_CONFIG_COUNT"_s, QString::number(count + 1));
    return env;
}

namespace {

// The askpass program the person chose: GIT_ASKPASS, else core.askPass of git's global and
// system configuration; "" when none.
QString personsAskpass(const QProcessEnvironment &env)
{
    if (const QString chosen = env.value(u"GIT_ASKPASS"_s); !chosen.isEmpty())
        return chosen;
    ensureInitialised();
    git_config *raw = nullptr;
    if (git_config_open_default(&raw) != 0) {
        git_error_clear();
        return {};
    }
    ConfigPtr config(raw);
    const std::optional<QByteArray> configured = configValue(config.get(), "core.askPass");
    return configured ? QString::fromUtf8(*configured) : QString();
}

// Runs the person's askpass program for git: one question per host at a time, within
// GREX_PROMPT_TIMEOUT seconds, and leaves in GREX_ASKPASS_MARKER what happened ("asking",
// "answered", "unanswered" or "refused", then the question), so that grex can tell a question
// nobody answered from a server that does not answer.
const char AskpassScript[] = R"(#!/bin/sh
# Written by grex for the git it runs; removed when grex exits.
host=$(printf '%s
' "$1" | sed -n "s|.*'[A-Za-z][A-Za-z0-9+.-]*://\([^/@']*@\)\{0,1\}\([^/']*\).*||p")
[ -n "$host" ] || host=any
lock="$GREX_ASKPASS_DIR/$(printf '%s' "$host" | tr -c 'A-Za-z0-9.-' '_').lock"
printf 'asking
%s
' "$1" > "$GREX_ASKPASS_MARKER"
answer=$(flock -w "$GREX_PROMPT_TIMEOUT" -E 75 "$lock"     timeout -k 2 "$GREX_PROMPT_TIMEOUT" "$GREX_ASKPASS_PROGRAM" "$1")
status=$?
case $status in
0) printf 'answered
%s
' "$1" > "$GREX_ASKPASS_MARKER"; printf '%s
' "$answer"; exit 0 ;;
75|124|137) printf 'unanswered
%s
' "$1" > "$GREX_ASKPASS_MARKER" ;;
*) printf 'refused
%s
' "$1" > "$GREX_ASKPASS_MARKER" ;;
esac
exit $status
)";

struct AskpassDir
{
    QMutex mutex;
    QString dir; // mode 0700, holding askpass.sh, the host locks and the markers
    bool failed = false;
    QAtomicInteger<quint64> calls = 0;
};

AskpassDir &askpassDir()
{
    static AskpassDir d;
    return d;
}

void removeAskpassDir()
{
    AskpassDir &d = askpassDir();
    QMutexLocker locker(&d.mutex);
    if (!d.dir.isEmpty())
        QDir(d.dir).removeRecursively();
    d.dir.clear();
}

// The folder of the wrapper, made once per process; "" when it cannot be made.
QString askpassFolder()
{
    AskpassDir &d = askpassDir();
    QMutexLocker locker(&d.mutex);
    if (!d.dir.isEmpty() || d.failed)
        return d.dir;
    QByteArray pattern = QFile::encodeName(QDir::tempPath() + u"/grex-askpass-XXXXXX"_s);
    if (!::mkdtemp(pattern.data())) {
        d.failed = true;
        return {};
    }
    const QString dir = QFile::decodeName(pattern);
    QFile script(dir + u"/askpass.sh"_s);
    if (!script.open(QIODevice::WriteOnly) || script.write(AskpassScript) < 0 ||
        !script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner)) {
        QDir(dir).removeRecursively();
        d.failed = true;
        return {};
    }
    d.dir = dir;
    if (QCoreApplication::instance())
        qAddPostRoutine(removeAskpassDir);
    return d.dir;
}

// Sends git's questions through the wrapper when the person has an askpass program; the marker
// file it answers in, "" when there is none.
QString routeAskpass(QProcessEnvironment &env)
{
    const QString program = personsAskpass(env);
    if (program.isEmpty())
        return {};
    const QString dir = askpassFolder();
    if (dir.isEmpty())
        return {};
    const QString marker =
        dir + u"/call-"_s + QString::number(askpassDir().calls.fetchAndAddRelaxed(1));
    env.insert(u"GIT_ASKPASS"_s, dir + u"/askpass.sh"_s);
    env.insert(u"GREX_ASKPASS_PROGRAM"_s, program);
    env.insert(u"GREX_ASKPASS_DIR"_s, dir);
    env.insert(u"GREX_ASKPASS_MARKER"_s, marker);
    env.insert(u"GREX_PROMPT_TIMEOUT"_s, QString::number(promptTimeoutSeconds()));
    return marker;
}

bool matchesAny(const QString &text, std::initializer_list<const char16_t *> needles)
{
    for (const char16_t *needle : needles) {
        if (text.contains(QStringView(needle), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

bool isSshUrl(const QString &url)
{
    if (url.startsWith(u"ssh://"_s) || url.startsWith(u"git+ssh://"_s) ||
        url.startsWith(u"ssh+git://"_s))
        return true;
    // scp-like [user@]host:path, which git takes for ssh when no '/' comes before the ':'.
    const qsizetype colon = url.indexOf(u':');
    const qsizetype slash = url.indexOf(u'/');
    return colon > 0 && (slash < 0 || colon < slash) && !url.contains(u"://"_s);
}

// The host (and port, -1 when none) a URL names, for the hints.
std::pair<QString, int> hostOf(const QString &url)
{
    if (url.contains(u"://"_s)) {
        const QUrl parsed(url);
        return {parsed.host(), parsed.port()};
    }
    QString host = url.left(url.indexOf(u':'));
    if (const qsizetype at = host.lastIndexOf(u'@'); at >= 0)
        host = host.mid(at + 1);
    return {host, -1};
}

// Where ssh really connects for host (a Host alias of ~/.ssh/config names another host and
// port), as `ssh -G` says; host and port as given when it cannot tell.
std::pair<QString, int> sshTarget(const QString &host, int port)
{
    QStringList destination;
    if (port > 0)
        destination << u"-p"_s << QString::number(port);
    destination << host;
    const std::optional<QHash<QByteArray, QByteArray>> options =
        sshOptionsFor({u"ssh"_s}, destination);
    if (!options)
        return {host, port};
    const QByteArray resolvedPort = options->value("port");
    return {options->contains("hostname") ? QString::fromUtf8(options->value("hostname")) : host,
            resolvedPort.isEmpty() ? port : resolvedPort.toInt()};
}

} // namespace

Message hintFor(const QString &reason, const QString &url, const QString &stderrText)
{
    const auto [host, port] = hostOf(url);
    const bool ssh = isSshUrl(url);
    if (reason == u"unsafe_repository") {
        static const QRegularExpression at(u"dubious ownership in repository at '([^']+)'"_s);
        const QString path = at.match(stderrText).captured(1);
        return Message(QT_TRANSLATE_NOOP("Grex", "git refuses a repository that belongs to "
                                                 "another user; if you trust it: git config "
                                                 "--global --add safe.directory %1"),
                       {path.isEmpty() ? u"PATH"_s : path});
    }
    if (reason == u"auth" && ssh) {
        if (const QStringList locked = lockedKeysFor(url); !locked.isEmpty()) {
            return Message(QT_TRANSLATE_NOOP("Grex", "your key %1 is protected by a passphrase "
                                                     "and no ssh-agent holds it, and grex never "
                                                     "asks for one: add it to your agent "
                                                     "(ssh-add %1), then run grex again"),
                           {locked.first()});
        }
        return Message(QT_TRANSLATE_NOOP("Grex", "the server did not accept your SSH key: load "
                                                 "it with ssh-add, or name it with IdentityFile "
                                                 "for %1 in ~/.ssh/config"),
                       {host});
    }
    if (reason == u"auth" && url.isEmpty()) {
        return Message(QT_TRANSLATE_NOOP("Grex", "give git the credentials through a credential "
                                                 "helper (git config --global credential.helper "
                                                 "store, or your platform's)"));
    }
    if (reason == u"auth") {
        return Message(QT_TRANSLATE_NOOP("Grex", "give git the credentials through a credential "
                                                 "helper (git config --global credential.helper "
                                                 "store, or your platform's), then check them "
                                                 "with: git ls-remote %1"),
                       {redactUrl(url)});
    }
    if (reason == u"host_key") {
        // ssh reads ~/.ssh/config (a Host alias), ssh-keyscan and ssh-keygen -R do not: they
        // get the host and port the alias stands for.
        const auto [realHost, realPort] = ssh ? sshTarget(host, port) : std::pair{host, port};
        const bool otherPort = realPort > 0 && realPort != 22;
        if (stderrText.contains(u"CHANGED"_s)) {
            return Message(
                QT_TRANSLATE_NOOP("Grex", "the host key of %1 changed: if that is "
                                          "expected, remove the old key with "
                                          "ssh-keygen -R %2 and add the new one after "
                                          "checking its fingerprint"),
                {host, otherPort ? u"'[%1]:%2'"_s.arg(realHost).arg(realPort) : realHost});
        }
        return Message(QT_TRANSLATE_NOOP("Grex", "%1 is not a known host: connect once in a "
                                                 "terminal to check its fingerprint and accept "
                                                 "it (ssh %2), or add its key with ssh-keyscan "
                                                 "%3 >> ~/.ssh/known_hosts"),
                       {host, port > 0 ? u"-p %1 %2"_s.arg(port).arg(host) : host,
                        otherPort ? u"-p %1 %2"_s.arg(realPort).arg(realHost) : realHost});
    }
    if (reason == u"certificate") {
        return Message(QT_TRANSLATE_NOOP("Grex", "git does not trust the certificate of %1: set "
                                                 "http.sslCAInfo to the file of the authority "
                                                 "that signed it (git config --global "
                                                 "http.sslCAInfo /path/to/ca.pem)"),
                       {host});
    }
    if (reason == u"not_found") {
        return Message(QT_TRANSLATE_NOOP("Grex", "check the URL: the repository may have moved "
                                                 "or been deleted, or your account cannot see "
                                                 "it"));
    }
    if (reason == u"unreachable" && url.isEmpty()) {
        return Message(QT_TRANSLATE_NOOP("Grex", "check the address, the network and any proxy "
                                                 "settings"));
    }
    if (reason == u"unreachable") {
        return Message(QT_TRANSLATE_NOOP("Grex", "check the address, the network and any proxy "
                                                 "settings; git ls-remote %1 shows the same "
                                                 "error"),
                       {redactUrl(url)});
    }
    if (reason == u"timeout") {
        return Message(QT_TRANSLATE_NOOP("Grex", "the server stopped answering; "
                                                 "GREX_NETWORK_TIMEOUT sets how many seconds "
                                                 "grex waits (now %1)"),
                       {QString::number(networkTimeoutSeconds())});
    }
    return {};
}

int promptTimeoutSeconds()
{
    bool ok = false;
    const int seconds = qEnvironmentVariableIntValue("GREX_PROMPT_TIMEOUT", &ok);
    return ok && seconds > 0 ? seconds : 120;
}

int networkTimeoutSeconds()
{
    bool ok = false;
    const int seconds = qEnvironmentVariableIntValue("GREX_NETWORK_TIMEOUT", &ok);
    return ok && seconds > 0 ? seconds : 60;
}

namespace {

// "1.20 MiB" in git's progress ("Receiving objects:  45% (450/1000), 1.20 MiB | 2.00 MiB/s").
std::optional<qint64> receivedBytes(const QByteArray &line)
{
    static const QRegularExpression amount(
        u"Receiving objects:.*, ([0-9]+(?:\\.[0-9]+)?) (bytes|KiB|MiB|GiB)"_s);
    const QRegularExpressionMatch m = amount.match(QString::fromLatin1(line));
    if (!m.hasMatch())
        return std::nullopt;
    const double value = m.captured(1).toDouble();
    const QString unit = m.captured(2);
    const double scale = unit == u"GiB"   ? 1024.0 * 1024 * 1024
                         : unit == u"MiB" ? 1024.0 * 1024
                         : unit == u"KiB" ? 1024.0
                                          : 1.0;
    return qint64(value * scale);
}

// Reads git's progress as it comes, in lines ended by '\r' or '\n', and tells the thread's
// listener what it learns.
class ProgressReader
{
public:
    // checkoutFollows: the command checks out once it has received everything (a clone).
    ProgressReader(const GitActivity &activity, bool checkoutFollows)
        : m_activity(activity)
        , m_checkoutFollows(checkoutFollows)
    {
    }

    void read(const QByteArray &chunk)
    {
        m_pending += chunk;
        qsizetype start = 0;
        for (qsizetype i = 0; i < m_pending.size(); ++i) {
            const char c = m_pending.at(i);
            if (c != '\r' && c != '\n')
                continue;
            line(m_pending.mid(start, i - start));
            start = i + 1;
        }
        m_pending.remove(0, start);
        if (m_pending.size() > 4096)
            m_pending.clear(); // not progress: nothing to learn from it
    }

private:
    void line(const QByteArray &text)
    {
        if (const std::optional<qint64> bytes = receivedBytes(text); bytes && m_activity.received)
            m_activity.received(*bytes);
        // git shows "Updating files" only for a slow checkout: the end of the transfer is the
        // surer sign that a clone is checking out now.
        const bool transferred = m_checkoutFollows && text.endsWith(", done.") &&
                                 (text.startsWith("Receiving objects:") ||
                                  text.startsWith("Resolving deltas:"));
        if ((transferred || text.startsWith("Updating files:")) && !m_checkingOut &&
            m_activity.phase) {
            m_checkingOut = true;
            m_activity.phase(u"checkout"_s);
        }
    }

    const GitActivity &m_activity;
    bool m_checkoutFollows = false;
    QByteArray m_pending;
    bool m_checkingOut = false;
};

} // namespace

Result<GitOutput> run(const GitCall &call, std::stop_token stop)
{
    RepositoryReuse::forget();
    const QString program = gitProgram();
    if (program.isEmpty()) {
        return Error(ErrorKind::PackOp, u"git_missing"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "grex needs git, and there is no git on "
                                                       "PATH")))
            .withHint(Message(QT_TRANSLATE_NOOP("Grex", "install it (on Debian: sudo apt install "
                                                        "git)")));
    }
    std::unique_ptr<HostPermit> hostPermit;
    SshLease lease;
    if (call.network && !call.remote.isEmpty()) {
        Result<std::unique_ptr<HostPermit>> entered = enterHost(call.remote, stop);
        if (!entered)
            return entered.error();
        hostPermit = std::move(*entered);
        lease = leaseSshConnection(call.remote, call.workDir, stop);
    }
    ProcessSpec spec;
    spec.program = program;
    spec.arguments = call.args;
    spec.workingDirectory = call.workDir;
    spec.environment = gitEnvironment(call.environment + lease.environment());
    const QString marker = routeAskpass(spec.environment);
    const auto markerState = [&marker]() -> QStringList {
        QFile file(marker);
        if (marker.isEmpty() || !file.open(QIODevice::ReadOnly))
            return {};
        return QString::fromUtf8(file.read(4096)).split(u'\n');
    };
    // A question on the screen is the person's time, bounded by the wrapper, not a stall.
    if (!marker.isEmpty())
        spec.waitingForPerson = [&] { return markerState().value(0) == u"asking"; };
    spec.input = call.input;
    spec.stdoutLimit = -1;
    spec.stderrTail = call.stderrTail;
    spec.newSession = true;
    spec.dieWithParent = true;
    // git removes its lock files on SIGTERM; a second is more than it needs.
    spec.killGraceMs = 500;
    if (call.network)
        spec.stallTimeoutMs = qint64(networkTimeoutSeconds()) * 1000;
    std::optional<ProgressReader> progress;
    if (const GitActivity *activity = GitActivityScope::current()) {
        // A command that changes the working tree is the checkout phase of its pack.
        static const QStringList checkouts{u"checkout"_s, u"merge"_s, u"reset"_s, u"switch"_s};
        if (!call.args.isEmpty() && checkouts.contains(call.args.first()) && activity->phase)
            activity->phase(u"checkout"_s);
        progress.emplace(*activity, !call.args.isEmpty() && call.args.first() == u"clone" &&
                                        !call.args.contains(u"--no-checkout"_s));
        spec.onStderr = [&progress](const QByteArray &chunk) { progress->read(chunk); };
    }
    qCDebug(lcGit, "git %s (in %s)", qPrintable(redactSecrets(call.args.join(u' '))),
            qPrintable(call.workDir));
    Result<ProcessOutcome> outcome = runProcess(spec, stop);
    if (!outcome) {
        if (outcome.error().kind() == ErrorKind::Cancelled)
            return outcome.error();
        return Error(ErrorKind::PackOp, u"git_missing"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot run git: %1"),
                             {outcome.error().message().text()}));
    }
    GitOutput output;
    output.exitStatus = outcome->exitStatus;
    output.out = std::move(outcome->stdoutData);
    output.err = redactSecrets(QString::fromUtf8(outcome->stderrData));
    output.stalled = outcome->stalled;
    if (const QStringList state = markerState();
        state.value(0) == u"unanswered" || state.value(0) == u"refused") {
        output.unansweredPrompt = state.value(1).trimmed();
        output.promptTimedOut = state.value(0) == u"unanswered";
    }
    if (!marker.isEmpty())
        QFile::remove(marker);
    if (!output.ok()) {
        qCDebug(lcGit, "git %s failed (%d): %s", qPrintable(call.args.value(0)), output.exitStatus,
                qPrintable(output.err.trimmed()));
    }
    return output;
}

QString classify(const GitOutput &output)
{
    // A question nobody answered is about credentials, whatever git made of it.
    if (!output.unansweredPrompt.isEmpty())
        return u"auth"_s;
    if (output.stalled)
        return u"timeout"_s;
    const QString &e = output.err;
    if (matchesAny(e, {u"detected dubious ownership"}))
        return u"unsafe_repository"_s;
    if (matchesAny(e, {u"Host key verification failed", u"REMOTE HOST IDENTIFICATION HAS CHANGED",
                       u"No matching host key type found", u"Host key for "}))
        return u"host_key"_s;
    if (matchesAny(e, {u"SSL certificate problem", u"server certificate verification failed",
                       u"certificate verify failed", u"unable to get local issuer certificate",
                       u"self-signed certificate", u"self signed certificate",
                       u"certificate has expired", u"no alternative certificate subject name",
                       u"SSL: certificate subject name"}))
        return u"certificate"_s;
    if (matchesAny(e, {u"Permission denied (", u"Permission denied, please try again",
                       u"Authentication failed for", u"could not read Username",
                       u"could not read Password", u"terminal prompts disabled",
                       u"The requested URL returned error: 401",
                       u"The requested URL returned error: 403", u"HTTP Basic: Access denied",
                       u"Invalid username or password", u"Too many authentication failures",
                       u"incorrect passphrase", u"UNPROTECTED PRIVATE KEY FILE"}))
        return u"auth"_s;
    if (matchesAny(e, {u"Repository not found", u"does not appear to be a git repository",
                       u"The requested URL returned error: 404", u"not exported", u"' not found",
                       u"does not exist", u"No such repository", u"not a git repository"}))
        return u"not_found"_s;
    if (matchesAny(e, {u"Could not resolve host", u"Name or service not known",
                       u"Temporary failure in name resolution", u"Connection refused",
                       u"Connection timed out", u"No route to host", u"Network is unreachable",
                       u"Failed to connect to", u"Couldn't connect to server",
                       u"unable to connect to", u"Connection closed by", u"Connection reset",
                       u"kex_exchange_identification", u"Could not read from remote repository",
                       u"the remote end hung up unexpectedly", u"early EOF", u"unable to access",
                       u"Operation too slow"}))
        return u"unreachable"_s;
    return {};
}

QString gitWords(const QString &stderrText)
{
    static const QRegularExpression lineBreak(u"[\r\n]"_s);
    QStringList lines;
    for (QString line : stderrText.split(lineBreak, Qt::SkipEmptyParts)) {
        line = line.trimmed();
        if (line.isEmpty() || line.startsWith(u"Cloning into"_s) ||
            line.startsWith(u"Please make sure you have the correct access rights"_s) ||
            line == u"and the repository exists."_s || line.startsWith(u"From "_s) ||
            line.startsWith(u"hint:"_s) || line == u"done."_s)
            continue;
        // Progress: "Receiving objects:  42% (...)", "remote: Counting objects: 3, done."
        if (line.contains(u"objects"_s) || line.contains(u"deltas"_s) ||
            line.startsWith(u"Updating files:"_s) || line.startsWith(u"Filtering content:"_s))
            continue;
        if (!lines.contains(line))
            lines.append(line);
    }
    // What git and ssh say went wrong, before their explanations and advice.
    // ssh prefixes some with who it is: "alice@host: Permission denied (publickey)."
    static const QRegularExpression telling(
        u"^(\\S+@\\S+: )?(fatal:|error:|ssh:|remote: |Permission denied|"
        "Host key verification failed|Host key for|No .* host key is known|@+ WARNING|"
        "kex_exchange_identification|Connection (closed|reset|refused|timed out)|Load key|"
        "Bad owner|Could not resolve)"_s);
    QStringList kept;
    for (const QString &line : std::as_const(lines)) {
        // "127.0.0.1[0: 127.0.0.1]: errno=Connection refused" is git's own connect error.
        if ((telling.match(line).hasMatch() || line.contains(u"errno="_s)) &&
            !line.startsWith(u"@@@"_s))
            kept.append(line);
    }
    if (kept.isEmpty())
        kept = lines;
    while (kept.size() > 4)
        kept.removeLast();
    return kept.join(u' ');
}

Error networkFailure(const QString &fallbackReason, const char *sourceText, QStringList args,
                     const QString &url, const QString &path, const GitOutput &output)
{
    QString reason = classify(output);
    if (reason.isEmpty())
        reason = fallbackReason;
    QString words = gitWords(output.err);
    if (!output.unansweredPrompt.isEmpty()) {
        words = output.promptTimedOut
                    ? u"nobody answered \"%1\" within %2 s"_s.arg(output.unansweredPrompt)
                          .arg(promptTimeoutSeconds())
                    : u"the askpass program gave no answer to \"%1\""_s.arg(
                          output.unansweredPrompt);
    } else if (output.stalled) {
        words = u"no answer for %1 s"_s.arg(networkTimeoutSeconds());
    } else if (words.isEmpty()) {
        words = u"git exited with status %1"_s.arg(output.exitStatus);
    }
    args.append(words);
    Error error(ErrorKind::PackOp, reason, Message(sourceText, args));
    error.withDetail(u"url"_s, redactUrl(url)).withDetail(u"git"_s, output.err.trimmed());
    if (!path.isEmpty())
        error.withDetail(u"path"_s, path);
    if (!output.unansweredPrompt.isEmpty()) {
        error.withHint(Message(QT_TRANSLATE_NOOP("Grex", "git asked your askpass program "
                                                         "(GIT_ASKPASS or core.askPass) for "
                                                         "credentials: answer its question when "
                                                         "it comes (GREX_PROMPT_TIMEOUT sets how "
                                                         "many seconds grex waits, now %1), or "
                                                         "give them to a credential helper"),
                               {QString::number(promptTimeoutSeconds())}));
        return error;
    }
    if (Message hint = hintFor(reason, url, output.err); !hint.isEmpty())
        error.withHint(std::move(hint));
    return error;
}

Error commandFailure(const QString &reason, const char *sourceText, QStringList args,
                     const QString &path, const GitOutput &output)
{
    QString words = gitWords(output.err);
    if (words.isEmpty())
        words = u"git exited with status %1"_s.arg(output.exitStatus);
    args.append(words);
    return Error(ErrorKind::PackOp, reason, Message(sourceText, args))
        .withDetail(u"path"_s, path)
        .withDetail(u"git"_s, output.err.trimmed());
}

} // namespace Grex::Git

namespace Grex {

namespace {

thread_local const GitActivity *tl_activity = nullptr;

} // namespace

GitActivityScope::GitActivityScope(const GitActivity *activity) : m_previous(tl_activity)
{
    tl_activity = activity;
}

GitActivityScope::~GitActivityScope()
{
    tl_activity = m_previous;
}

const GitActivity *GitActivityScope::current()
{
    return tl_activity;
}

} // namespace Grex
