#include "support/testfiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>

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

} // namespace Grex::Test
