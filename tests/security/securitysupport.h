#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace Grex::Test {

// Every entry below dir (dir itself included, hidden ones too, symlinks not followed) described
// by what a write would change: for a file its size, SHA-256, mode and mtime; for a symlink its
// target; for a directory its mode. Directory mtimes are left out: a lock file that comes and
// goes while a refused operation holds the lock is not a write.
QMap<QString, QString> treeState(const QString &dir);

// Snapshots of a few directories taken now; changes() tells what differs later.
class TreeGuard
{
public:
    explicit TreeGuard(const QStringList &dirs);
    // One line per added, removed or changed entry; empty when nothing changed.
    QString changes() const;

private:
    QStringList m_dirs;
    QList<QMap<QString, QString>> m_before;
};

// The peak resident set of a running process (VmHWM), in KiB; 0 when it cannot be read.
qint64 peakRssKib(qint64 pid);

// A memory bound set for the plain build, widened in a build with AddressSanitizer, whose shadow
// memory and quarantine add what an idle grex of that build holds (sanitizedIdleKib, at least
// 160 MiB) to every process and a quarter to what it allocates.
qint64 rssBoundKib(qint64 plainKib);
qint64 sanitizedIdleKib();

// One run of a program, measured: its exit, what it printed, how long it took and the peak
// resident set it reached.
struct MeasuredRun
{
    int exitCode = -1;
    bool crashed = false; // killed by a signal, or by the timeout
    QByteArray out;
    QByteArray err;
    qint64 peakRssKib = 0;
    qint64 elapsedMs = 0;
};

// Runs program with args given as raw bytes (so they need not be UTF-8) in workDir, with the
// KEY=VALUE entries of env added to this process's environment and stdin empty.
MeasuredRun runMeasured(const QByteArray &program, const QByteArrayList &args,
                        const QString &workDir, const QStringList &env, int timeoutMs);

// A running `grex serve` on stdio, initialised, spoken to one request at a time.
class McpStdio
{
public:
    McpStdio(const QString &workDir, const QStringList &arguments, const QStringList &env);
    ~McpStdio();
    McpStdio(const McpStdio &) = delete;
    McpStdio &operator=(const McpStdio &) = delete;

    bool started() const { return m_started; }
    // Sends bytes as they are (a whole line or part of one).
    void write(const QByteArray &bytes);
    // Sends a request and returns its response (an empty object when none came in time).
    QJsonObject request(const QString &method, const QJsonObject &params, int timeoutMs = 30000);
    QJsonObject callTool(const QString &tool, const QJsonObject &arguments);
    // The response to a request sent earlier with write().
    QJsonObject response(const QJsonValue &id, int timeoutMs = 30000);
    // The next frame that has no id or a null id (an answer to a line that could not be read).
    QJsonObject nextIdlessError(int timeoutMs = 30000);
    qint64 pid() const { return m_process.processId(); }
    // Closes stdin and waits for the exit; true when it exited 0.
    bool finish();
    QByteArray stderrText();

private:
    QJsonObject waitFor(const std::function<bool(const QJsonObject &)> &match, int timeoutMs);
    void readFrames();

    QProcess m_process;
    bool m_started = false;
    int m_nextId = 1;
    QByteArray m_pending;
    QList<QJsonObject> m_frames;
    QByteArray m_err;
};

// What an MCP tool call was refused with, whichever way: a JSON-RPC error (code, message,
// data.kind/reason) or an isError result whose text is {"code","message","data"}. code is 0
// when the call succeeded.
struct ToolRefusal
{
    int code = 0;
    QString message;
    QString kind;
    QString reason;
};
ToolRefusal toolRefusal(const QJsonObject &response);

} // namespace Grex::Test
