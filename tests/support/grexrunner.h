#pragma once

#include <QByteArray>
#include <QJsonDocument>
#include <QString>
#include <QStringList>
#include <QUrl>

class QProcess;

namespace Grex::Test {

struct RunOptions
{
    QString workDir;
    QStringList env; // extra KEY=VALUE entries
    QByteArray stdinData;
    bool asNobody = false; // when running as root, drop to uid/gid 65534 first
    int timeoutMs = 120000;
};

struct RunResult
{
    int exitCode = -1;
    bool crashed = false;
    QByteArray out;
    QByteArray err;

    QJsonDocument json() const;
    QString outText() const { return QString::fromUtf8(out); }
    QString errText() const { return QString::fromUtf8(err); }
};

// The built `grex` and test helper executables.
QString grexBinary();
// The MCP tools this build serves and the destructive ones among them, sorted, from the verb
// registry: a test counts tools from here, so a new verb changes no test but its own.
QStringList mcpToolNames();
QStringList destructiveToolNames();
QString helperBinary();

// Runs the built grex in a separate process and collects what it printed.
RunResult runGrex(const QStringList &args, const RunOptions &options = {});
RunResult runProgram(const QString &program, const QStringList &args, const RunOptions &options);
// Runs program in process, whose environment, working directory and child set-up the caller
// has chosen; options add KEY=VALUE entries, a working directory, input and a time limit.
RunResult runPrepared(QProcess &process, const QString &program, const QStringList &args,
                      const RunOptions &options);

bool runningAsRoot();

// A workspace made the way a person makes one, by the built grex: `grex init` in workspace,
// then `grex add` of each of packs (bare remotes RemoteBuilder makes in remotes), with options'
// environment. False, with a warning naming the step, when a step fails.
bool addedByGrex(const QString &workspace, const QString &remotes, const QStringList &packs,
                 RunOptions options = {});

// Starts `grex serve --http 127.0.0.1:0 ARGUMENTS…` in workDir, with the extra KEY=VALUE
// entries of env, and returns the URL it logs when it listens; an invalid URL when it does not
// within 20 s. What it wrote on stderr until then is appended to *log.
QUrl startHttpServer(QProcess &server, const QString &workDir, const QStringList &arguments,
                     const QStringList &env = {}, QByteArray *log = nullptr);

} // namespace Grex::Test
