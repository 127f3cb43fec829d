#include "support/testfiles.h"

#include "core/manifest/event.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>

#include <csignal>

namespace Grex::Test {

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QMap<QString, QByteArray> snapshot(const QString &dir)
{
    QMap<QString, QByteArray> entries;
    QDirIterator it(dir, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo info(path);
        entries.insert(QDir(dir).relativeFilePath(path),
                       info.isDir() && !info.isSymLink() ? QByteArray("<dir>") : readFile(path));
    }
    return entries;
}

QString runGit(const QString &dir, const QStringList &args)
{
    QProcess process;
    process.setWorkingDirectory(dir);
    process.start(QStringLiteral("git"),
                  QStringList{QStringLiteral("-c"), QStringLiteral("user.name=grex tests"),
                              QStringLiteral("-c"), QStringLiteral("user.email=tests@grex.invalid")} +
                      args);
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        qFatal("git %s in %s failed: %s", qPrintable(args.join(QLatin1Char(' '))), qPrintable(dir),
               process.readAllStandardError().constData());
    }
    return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
}

bool signalProcess(const QProcess &process, int signal)
{
    const qint64 pid = process.processId();
    if (pid <= 0 || process.state() == QProcess::NotRunning)
        return false;
    return ::kill(pid_t(pid), signal) == 0;
}

QStringList decisionsIn(const QString &manifestPath)
{
    QFile log(manifestPath);
    if (!log.open(QIODevice::ReadOnly))
        return {};
    QStringList decisions;
    for (const QByteArray &line : log.readAll().split('\n')) {
        for (const Event &event : parseEventLine(line).events) {
            if (event.isDecision())
                decisions.append(
                    QStringList{eventOpName(event.op), event.approvedBy, event.client}.join(u' '));
        }
    }
    return decisions;
}

QMap<QString, QByteArray> withoutDenials(QMap<QString, QByteArray> files, int *denials)
{
    int found = 0;
    const auto log = files.find(QStringLiteral("grex.jsonl"));
    if (log != files.end()) {
        QByteArrayList kept;
        for (const QByteArray &line : log->split('\n')) {
            if (line.contains("\"op\":\"denied\""))
                ++found;
            else
                kept.append(line);
        }
        *log = kept.join('\n');
    }
    if (denials)
        *denials = found;
    return files;
}

} // namespace Grex::Test
