#include "cli/commands/addcommand.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Grex::Cli {

void AddCommand::prepareArguments(QJsonObject &args, const QString &currentDir) const
{
    // A relative local path means "relative to where I am", not to the workspace.
    const QString url = args.value(u"url"_s).toString();
    const bool isLocal =
        !url.contains(u"://") && !url.isEmpty() &&
        (url.startsWith(u'.') || QFileInfo::exists(QDir(currentDir).filePath(url)));
    if (isLocal && QDir::isRelativePath(url))
        args.insert(u"url"_s, QDir::cleanPath(QDir(currentDir).absoluteFilePath(url)));
}

} // namespace Grex::Cli
