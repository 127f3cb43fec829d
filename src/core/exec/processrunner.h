#pragma once

#include "result.h"

#include <QProcessEnvironment>
#include <QStringList>

#include <optional>
#include <stop_token>

namespace Grex {

struct ProcessSpec
{
    QString program; // a path, or a name looked up in PATH
    QStringList arguments;
    QString workingDirectory;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    qsizetype stdoutLimit = 64 * 1024; // bytes kept from the start of stdout; -1 keeps all
    qsizetype stderrTail = 2048;       // bytes kept from the end of stderr; -1 keeps all
    std::optional<QByteArray> input;   // written to stdin; without it stdin is /dev/null
};

struct ProcessOutcome
{
    int exitStatus = 0;    // -1 when killed by a signal
    QByteArray stdoutData; // up to stdoutLimit bytes
    QByteArray stderrData; // the tail, cut at a UTF-8 boundary
    bool stdoutTruncated = false;
};

// Runs a program (stdin from /dev/null unless spec.input) in its own process group and waits for
// it. When stop fires the whole group gets SIGTERM, then SIGKILL after 2 s. Thread-safe; needs no
// event loop. Errors: PackOp "exec_spawn_failed", Cancelled.
Result<ProcessOutcome> runProcess(const ProcessSpec &spec, std::stop_token stop);

// The last `limit` bytes of data, starting at a UTF-8 character boundary.
QByteArray utf8Tail(const QByteArray &data, qsizetype limit);

} // namespace Grex
