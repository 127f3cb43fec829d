#include "core/exec/processrunner.h"

#include "core/exec/execerror.h"
#include "core/logging.h"
#include "core/operationcontext.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QScopeGuard>
#include <QSet>

#include <mutex>

#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex {

QByteArray utf8Tail(const QByteArray &data, qsizetype limit)
{
    if (limit < 0 || data.size() <= limit)
        return data;
    qsizetype start = data.size() - limit;
    while (start < data.size() && (static_cast<unsigned char>(data.at(start)) & 0xC0) == 0x80)
        ++start;
    return data.mid(start);
}

bool commandAvailable(const QString &name, const QString &path)
{
    if (name.isEmpty())
        return false;
    if (name.contains(u'/')) {
        const QFileInfo info(name);
        return info.isFile() && info.isExecutable();
    }
    for (const QString &dir : path.split(u':', Qt::SkipEmptyParts)) {
        const QFileInfo info(QDir(dir).filePath(name));
        if (info.isFile() && info.isExecutable())
            return true;
    }
    return false;
}

namespace {

// Bytes read so far by the processes of group pgid (network, pipes and files alike), from
// /proc: a transfer in progress keeps growing it even while the program prints nothing.
quint64 groupBytesRead(pid_t pgid)
{
    quint64 total = 0;
    const QStringList pids = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : pids) {
        if (name.isEmpty() || !name.at(0).isDigit())
            continue;
        QFile stat(u"/proc/"_s + name + u"/stat"_s);
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
        const QByteArray line = stat.readAll();
        const qsizetype close = line.lastIndexOf(')');
        if (close < 0)
            continue;
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');
        if (fields.size() < 3 || fields.at(2).toLongLong() != pgid)
            continue;
        QFile io(u"/proc/"_s + name + u"/io"_s);
        if (!io.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray &entry : io.readAll().split('\n')) {
            if (entry.startsWith("rchar:"))
                total += entry.mid(6).trimmed().toULongLong();
        }
    }
    return total;
}

// The process groups runProcess waits for, for stopRunningProcessesNow().
std::mutex g_groupsMutex;
QSet<pid_t> g_groups;

} // namespace

void stopRunningProcessesNow()
{
    QSet<pid_t> groups;
    {
        const std::lock_guard<std::mutex> guard(g_groupsMutex);
        groups = g_groups;
    }
    for (const pid_t group : std::as_const(groups))
        ::kill(-group, SIGTERM);
    ::usleep(300'000);
    for (const pid_t group : std::as_const(groups))
        ::kill(-group, SIGKILL);
}

Result<ProcessOutcome> runProcess(const ProcessSpec &spec, std::stop_token stop)
{
    // exec(2) takes C strings: a NUL would cut a word short, and what ran would differ from what
    // the caller asked for (and a person approved).
    for (const QString &word : QStringList{spec.program} + spec.arguments) {
        if (word.contains(QChar(0))) {
            return Error(ErrorKind::Usage, u"nul_in_argument"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "an argument of %1 contains a NUL "
                                                           "character, which no program can be "
                                                           "given; nothing was run"),
                                 {spec.program.section(QChar(0), 0, 0)}));
        }
    }
    QProcess process;
    process.setProgram(spec.program);
    process.setArguments(spec.arguments);
    process.setWorkingDirectory(spec.workingDirectory);
    QProcessEnvironment environment = spec.environment;
    for (const QString &name : spec.unsetEnvironment)
        environment.remove(name);
    process.setProcessEnvironment(environment);
    if (!spec.input)
        process.setStandardInputFile(QProcess::nullDevice());
    // Its own process group, so cancellation reaches everything it started.
    const bool session = spec.newSession;
    const bool dieWithParent = spec.dieWithParent;
    process.setChildProcessModifier([session, dieWithParent] {
        if (session)
            ::setsid();
        else
            ::setpgid(0, 0);
        if (dieWithParent)
            ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    });

    ProcessOutcome outcome;
    QByteArray stderrData;
    QElapsedTimer sinceActivity;
    const auto drain = [&] {
        const QByteArray out = process.readAllStandardOutput();
        if (spec.stdoutLimit < 0) {
            outcome.stdoutData += out;
        } else if (outcome.stdoutData.size() < spec.stdoutLimit) {
            outcome.stdoutData += out.left(spec.stdoutLimit - outcome.stdoutData.size());
            outcome.stdoutTruncated =
                outcome.stdoutTruncated || outcome.stdoutData.size() == spec.stdoutLimit;
        } else if (!out.isEmpty()) {
            outcome.stdoutTruncated = true;
        }
        const QByteArray err = process.readAllStandardError();
        if (spec.onStderr && !err.isEmpty())
            spec.onStderr(err);
        stderrData += err;
        if (spec.stderrTail >= 0 && stderrData.size() > 4 * spec.stderrTail + 4096)
            stderrData = utf8Tail(stderrData, spec.stderrTail);
        if (!out.isEmpty() || !err.isEmpty())
            sinceActivity.restart();
    };

    process.start();
    if (!process.waitForStarted(-1)) {
        return execError(u"exec_spawn_failed"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "cannot start %1: %2"),
                                 {spec.program, process.errorString()}))
            .withDetail(u"command"_s, spec.program);
    }
    if (spec.input) {
        process.write(*spec.input);
        process.closeWriteChannel();
    }
    const qint64 pid = process.processId();
    {
        const std::lock_guard<std::mutex> guard(g_groupsMutex);
        g_groups.insert(pid_t(pid));
    }
    const auto forget = qScopeGuard([pid] {
        const std::lock_guard<std::mutex> guard(g_groupsMutex);
        g_groups.remove(pid_t(pid));
    });
    bool terminated = false;
    QElapsedTimer sinceTerm;
    sinceActivity.start();
    QElapsedTimer sinceIoCheck;
    sinceIoCheck.start();
    quint64 bytesRead = 0;
    while (!process.waitForFinished(25)) {
        drain();
        // /proc is only read once the program has been quiet for a second: a fetch with nothing
        // new ends before that.
        if (!terminated && spec.stallTimeoutMs > 0 && sinceIoCheck.elapsed() >= 1000 &&
            sinceActivity.elapsed() >= 1000) {
            sinceIoCheck.restart();
            const quint64 now = groupBytesRead(pid_t(pid));
            if (now != bytesRead) {
                bytesRead = now;
                sinceActivity.restart();
            } else if (spec.waitingForPerson && spec.waitingForPerson()) {
                sinceActivity.restart();
            } else if (sinceActivity.elapsed() >= spec.stallTimeoutMs) {
                qCDebug(lcCore, "%s made no progress for %lld ms: stopping it",
                       qPrintable(spec.program), sinceActivity.elapsed());
                outcome.stalled = true;
            }
        }
        if (!stop.stop_requested() && !outcome.stalled)
            continue;
        if (!terminated) {
            ::kill(-pid_t(pid), SIGTERM);
            terminated = true;
            sinceTerm.start();
        } else if (sinceTerm.elapsed() > spec.killGraceMs) {
            ::kill(-pid_t(pid), SIGKILL);
        }
    }
    drain();
    // Whatever the leader left running in its group goes with it.
    if (terminated)
        ::kill(-pid_t(pid), SIGKILL);
    if (stop.stop_requested())
        return cancelledError();

    outcome.stderrData = utf8Tail(stderrData, spec.stderrTail);
    outcome.exitStatus = process.exitStatus() == QProcess::CrashExit ? -1 : process.exitCode();
    if (outcome.stalled)
        outcome.exitStatus = -1;
    qCDebug(lcCore, "%s exited with %d", qPrintable(spec.program), outcome.exitStatus);
    return outcome;
}

} // namespace Grex
