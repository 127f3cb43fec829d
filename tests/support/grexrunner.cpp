#include "grexrunner.h"

#include <QProcess>
#include <QProcessEnvironment>

#include <grp.h>
#include <unistd.h>

namespace Grex::Test {

QJsonDocument RunResult::json() const
{
    return QJsonDocument::fromJson(out);
}

QString grexBinary()
{
    return QStringLiteral(GREX_BINARY);
}

QString helperBinary()
{
    return QStringLiteral(GREX_TEST_HELPER);
}

bool runningAsRoot()
{
    return ::geteuid() == 0;
}

RunResult runProgram(const QString &program, const QStringList &args, const RunOptions &options)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &entry : options.env) {
        const qsizetype eq = entry.indexOf(u'=');
        env.insert(entry.left(eq), entry.mid(eq + 1));
    }
    process.setProcessEnvironment(env);
    if (!options.workDir.isEmpty())
        process.setWorkingDirectory(options.workDir);
    if (options.asNobody && runningAsRoot()) {
        process.setChildProcessModifier([] {
            const gid_t groups[] = {65534};
            if (::setgroups(1, groups) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0)
                ::_exit(127);
        });
    }
    process.start(program, args);
    RunResult result;
    if (!process.waitForStarted()) {
        result.err = "cannot start " + program.toUtf8();
        return result;
    }
    if (!options.stdinData.isEmpty())
        process.write(options.stdinData);
    process.closeWriteChannel();
    if (!process.waitForFinished(options.timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = "timed out";
        result.crashed = true;
    }
    result.out += process.readAllStandardOutput();
    result.err += process.readAllStandardError();
    result.crashed = result.crashed || process.exitStatus() == QProcess::CrashExit;
    result.exitCode = process.exitCode();
    return result;
}

RunResult runGrex(const QStringList &args, const RunOptions &options)
{
    return runProgram(grexBinary(), args, options);
}

} // namespace Grex::Test
