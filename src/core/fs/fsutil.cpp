#include "fsutil.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace Grex {

bool isEmptyDirectory(const QString &path)
{
    const QFileInfo info(path);
    return info.isDir() && QDir(path).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::System |
                                              QDir::NoDotAndDotDot);
}

void removeCreated(const QString &dir, bool existedBefore)
{
    if (!existedBefore) {
        QDir(dir).removeRecursively();
        return;
    }
    const QFileInfoList entries = QDir(dir).entryInfoList(QDir::AllEntries | QDir::Hidden |
                                                          QDir::System | QDir::NoDotAndDotDot);
    for (const QFileInfo &entry : entries) {
        if (entry.isDir() && !entry.isSymLink())
            QDir(entry.absoluteFilePath()).removeRecursively();
        else
            QFile::remove(entry.absoluteFilePath());
    }
}

bool openForReading(QFile &file, bool *missing)
{
    *missing = false;
    if (file.open(QIODevice::ReadOnly))
        return true;
    *missing = !QFileInfo::exists(file.fileName());
    return false;
}

} // namespace Grex
