#include "processrunner.h"

#include "exec/execerror.h"
#include "logging.h"

#include <QElapsedTimer>
#include <QProcess>

#include <csignal>
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

Result<ProcessOutcome> runProcess(const ProcessSpec &spec, std::stop_token stop)
{
    QProcess process;
    process.setProgram(spec.program);
    process.setArguments(spec.arguments);
    process.setWorkingDirectory(spec.workingDirectory);
    process.setProcessEnvironment(spec.environment);
    if (!spec.input)
        process.setStandardInputFile(QProcess::nullDevice());
    // Its own process group, so cancellation reaches everything it started.
    process.setChildProcessModifier([] { ::setpgid(0, 0); });

    ProcessOutcome outcome;
    QByteArray stderrData;
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
        stderrData += process.readAllStandardError();
        if (spec.stderrTail >= 0 && stderrData.size() > 4 * spec.stderrTail + 4096)
            stderrData = utf8Tail(stderrData, spec.stderrTail);
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
    bool terminated = false;
    QElapsedTimer sinceTerm;
    while (!process.waitForFinished(25)) {
        drain();
        if (!stop.stop_requested())
            continue;
        if (!terminated) {
            ::kill(-pid_t(pid), SIGTERM);
            terminated = true;
            sinceTerm.start();
        } else if (sinceTerm.elapsed() > 2000) {
            ::kill(-pid_t(pid), SIGKILL);
        }
    }
    drain();
    // Whatever the leader left running in its group goes with it.
    if (terminated)
        ::kill(-pid_t(pid), SIGKILL);
    if (terminated || stop.stop_requested())
        return cancelledRun();

    outcome.stderrData = utf8Tail(stderrData, spec.stderrTail);
    outcome.exitStatus = process.exitStatus() == QProcess::CrashExit ? -1 : process.exitCode();
    qCDebug(lcCore, "%s exited with %d", qPrintable(spec.program), outcome.exitStatus);
    return outcome;
}

} // namespace Grex
