#include "support/testfiles.h"

#include "core/manifest/event.h"
#include "core/manifest/intentlog.h"

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
    // grex.jsonl and its journal, as grex reads them: decisions are journal events.
    const Result<LogReadResult> log =
        IntentLog(manifestPath, manifestPath + QStringLiteral(".lock")).read();
    if (!log)
        return {};
    QStringList decisions;
    for (const Event &event : log->events) {
        if (event.isDecision())
            decisions.append(
                QStringList{eventOpName(event.op), event.extra().approvedBy, event.extra().client}
                    .join(u' '));
    }
    return decisions;
}

QMap<QString, QByteArray> withoutDenials(QMap<QString, QByteArray> files, int *denials)
{
    int found = 0;
    // Denials are journal events (docs/design.md, "The journal"); a log from before it may still
    // hold them.
    for (const QString &name :
         {QStringLiteral("grex.jsonl"), QStringLiteral("grex.journal.jsonl")}) {
        const auto log = files.find(name);
        if (log == files.end())
            continue;
        QByteArrayList kept;
        for (const QByteArray &line : log->split('\n')) {
            if (line.contains("\"op\":\"denied\""))
                ++found;
            else
                kept.append(line);
        }
        *log = kept.join('\n');
        // A journal that holds nothing but the denials was made by them.
        if (name != QStringLiteral("grex.jsonl") && log->trimmed().isEmpty())
            files.erase(log);
    }
    if (denials)
        *denials = found;
    return files;
}

void useTestIdentity()
{
    qputenv("GIT_AUTHOR_NAME", "Tess Tester");
    qputenv("GIT_AUTHOR_EMAIL", "tess@example.org");
    qputenv("GIT_COMMITTER_NAME", "Tess Tester");
    qputenv("GIT_COMMITTER_EMAIL", "tess@example.org");
}

} // namespace Grex::Test
