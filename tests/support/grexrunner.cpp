#include "support/grexrunner.h"
#include "support/remotebuilder.h"

#include "core/verbs/verbregistry.h"

#include <QDir>
#include <QProcess>
#include <QElapsedTimer>
#include <QProcessEnvironment>
#include <QRegularExpression>

#include <grp.h>
#include <unistd.h>

namespace Grex::Test {

QJsonDocument RunResult::json() const
{
    return QJsonDocument::fromJson(out);
}

QStringList mcpToolNames()
{
    QStringList names;
    for (const VerbSpec &verb : verbRegistry()) {
        if (verb.mcpTool)
            names.append(verb.name);
    }
    names.sort();
    return names;
}

QStringList destructiveToolNames()
{
    QStringList names;
    for (const VerbSpec &verb : verbRegistry()) {
        if (verb.mcpTool && verb.destructive)
            names.append(verb.name);
    }
    names.sort();
    return names;
}

QString grexBinary()
{
    return QStringLiteral(GREX_BINARY);
}

QString helperBinary()
{
    return QStringLiteral(GREX_TEST_HELPER);
}

QUrl startHttpServer(QProcess &server, const QString &workDir, const QStringList &arguments,
                     const QStringList &env, QByteArray *log)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &entry : env) {
        const qsizetype equals = entry.indexOf(u'=');
        environment.insert(entry.left(equals), entry.mid(equals + 1));
    }
    server.setProcessEnvironment(environment);
    server.setWorkingDirectory(workDir);
    server.start(grexBinary(), QStringList{QStringLiteral("serve"), QStringLiteral("--http"),
                                           QStringLiteral("127.0.0.1:0")} +
                                   arguments);
    if (!server.waitForStarted())
        return {};
    static const QRegularExpression listening(
        QStringLiteral("listening on (http://127\\.0\\.0\\.1:\\d+/mcp)"));
    QByteArray err;
    QElapsedTimer timer;
    timer.start();
    QUrl url;
    while (!url.isValid() && timer.elapsed() < 20000 && server.state() == QProcess::Running) {
        server.waitForReadyRead(200);
        err += server.readAllStandardError();
        const QRegularExpressionMatch match = listening.match(QString::fromUtf8(err));
        if (match.hasMatch())
            url = QUrl(match.captured(1));
    }
    if (log)
        log->append(err);
    return url;
}

bool addedByGrex(const QString &workspace, const QString &remotes, const QStringList &packs,
                 RunOptions options)
{
    RemoteBuilder builder(remotes);
    for (const QString &name : packs)
        builder.create(name, RemoteBuilder::packFiles(name));
    options.workDir = workspace;
    if (!QDir().mkpath(workspace) || runGrex({QStringLiteral("init")}, options).exitCode != 0) {
        qWarning("grex init in %s failed", qUtf8Printable(workspace));
        return false;
    }
    for (const QString &name : packs) {
        const RunResult added = runGrex(
            {QStringLiteral("add"), remotes + u'/' + name + QStringLiteral(".git")}, options);
        if (added.exitCode != 0) {
            qWarning("grex add %s: %s", qUtf8Printable(name), added.err.constData());
            return false;
        }
    }
    return true;
}

bool runningAsRoot()
{
    return ::geteuid() == 0;
}

RunResult runPrepared(QProcess &process, const QString &program, const QStringList &args,
                      const RunOptions &options)
{
    QProcessEnvironment environment = process.processEnvironment();
    for (const QString &entry : options.env) {
        const qsizetype equals = entry.indexOf(u'=');
        environment.insert(entry.left(equals), entry.mid(equals + 1));
    }
    process.setProcessEnvironment(environment);
    if (!options.workDir.isEmpty())
        process.setWorkingDirectory(options.workDir);
    process.start(program, args);
    RunResult result;
    if (!process.waitForStarted()) {
        result.err = "cannot start " + program.toUtf8() + ": " + process.errorString().toUtf8();
        return result;
    }
    if (!options.stdinData.isEmpty())
        process.write(options.stdinData);
    process.closeWriteChannel();
    if (!process.waitForFinished(options.timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = "timed out\n";
        result.crashed = true;
    }
    result.out += process.readAllStandardOutput();
    result.err += process.readAllStandardError();
    result.crashed = result.crashed || process.exitStatus() == QProcess::CrashExit;
    result.exitCode = process.exitCode();
    return result;
}

RunResult runProgram(const QString &program, const QStringList &args, const RunOptions &options)
{
    QProcess process;
    process.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
    if (options.asNobody && runningAsRoot()) {
        process.setChildProcessModifier([] {
            const gid_t groups[] = {65534};
            if (::setgroups(1, groups) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0)
                ::_exit(127);
        });
    }
    return runPrepared(process, program, args, options);
}

RunResult runGrex(const QStringList &args, const RunOptions &options)
{
    return runProgram(grexBinary(), args, options);
}

} // namespace Grex::Test
