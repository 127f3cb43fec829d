#pragma once

#include "core/exec/childenvironment.h"
#include "core/result.h"

#include <QProcessEnvironment>
#include <QStringList>

#include <functional>
#include <optional>
#include <stop_token>

namespace Grex {

struct ProcessSpec
{
    QString program; // a path, or a name looked up in PATH
    QStringList arguments;
    QString workingDirectory;
    // childEnvironment(): the caller's, without the variables that tie git to one repository.
    QProcessEnvironment environment = childEnvironment();
    qsizetype stdoutLimit = 64 * 1024; // bytes kept from the start of stdout; -1 keeps all
    qsizetype stderrTail = 2048;       // bytes kept from the end of stderr; -1 keeps all
    std::optional<QByteArray> input;   // written to stdin; without it stdin is /dev/null
    // A session of its own instead of only a process group: no controlling terminal, so
    // nothing it starts (ssh, a credential helper) can ask at the terminal.
    bool newSession = false;
    // Stops the program when it has gone this long without output and without reading a byte
    // (any process of its group); 0 waits for ever.
    qint64 stallTimeoutMs = 0;
    qint64 killGraceMs = 2000; // SIGTERM to SIGKILL when stopping it
    // SIGTERM when the thread that started it ends (a killed grex): a git command must not go
    // on writing in a clone the next grex repairs.
    bool dieWithParent = false;
    // Environment entries removed from `environment` (kept separate so callers can start from
    // the default).
    QStringList unsetEnvironment;
    // Called with each piece of stderr as it arrives (git's progress), on the calling thread.
    std::function<void(const QByteArray &)> onStderr;
    // Asked when the program seems stalled: true while it waits for a person (a password
    // prompt), whose wait its own limit bounds, so that the stall is not the program's.
    std::function<bool()> waitingForPerson;
};

struct ProcessOutcome
{
    int exitStatus = 0;    // -1 when killed by a signal
    QByteArray stdoutData; // up to stdoutLimit bytes
    QByteArray stderrData; // the tail, cut at a UTF-8 boundary
    bool stdoutTruncated = false;
    bool stalled = false; // stopped by stallTimeoutMs
};

// Runs a program (stdin from /dev/null unless spec.input) in its own process group and waits for
// it. When stop fires, or it stalls (spec.stallTimeoutMs), the whole group gets SIGTERM, then
// SIGKILL after spec.killGraceMs; a stalled run is an outcome with `stalled` set. Thread-safe;
// needs no event loop. Errors: PackOp "exec_spawn_failed", Cancelled.
Result<ProcessOutcome> runProcess(const ProcessSpec &spec, std::stop_token stop);

// Stops every process group runProcess is waiting for (SIGTERM, SIGKILL a short while later),
// for a process about to exit without unwinding (the CLI's second Ctrl-C): nothing it started
// runs on after it, whatever signals the program ignores.
void stopRunningProcessesNow();

// The last `limit` bytes of data, starting at a UTF-8 character boundary.
QByteArray utf8Tail(const QByteArray &data, qsizetype limit);

// True when an executable file called `name` is in one of the PATH directories (a name with a
// '/' is that file).
bool commandAvailable(const QString &name, const QString &path);

} // namespace Grex
