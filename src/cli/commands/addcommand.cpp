#include "addcommand.h"

#include "clitr.h"
#include "output.h"

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

void AddCommand::render(const JsonValue &document, Output &output) const
{
    const JsonObject r = document.toObject();
    const QString id = r.value(u"id"_s).toString();
    const QString type = r.value(u"type"_s).toString();
    const QString url = r.value(u"url"_s).toString();
    const QString sha = shortSha(r.value(u"sha"_s));
    const QString ref = r.value(u"ref"_s).isNull() ? QString() : r.value(u"ref"_s).toString();
    QTextStream &out = output.out();
    if (r.value(u"dry_run"_s).toBool()) {
        out << Tr::tr("Would add pack %1 (%2) from %3").arg(id, type, url);
        if (!ref.isEmpty())
            out << u' ' << Tr::tr("at %1").arg(ref);
        if (sha != u"-")
            out << u' ' << Tr::tr("(remote commit %1)").arg(sha);
        out << u'\n';
        return;
    }
    out << Tr::tr("Added pack %1 (%2) from %3")
               .arg(output.style(id, Output::Style::Bold), type, url)
        << u'\n';
    out << u"  "_s << Tr::tr("commit %1").arg(output.style(sha, Output::Style::Cyan));
    if (!ref.isEmpty())
        out << u"  "_s << Tr::tr("ref %1").arg(ref);
    out << u'\n';
    if (r.value(u"adopted"_s).toBool())
        out << u"  "_s << Tr::tr("the existing clone in %1 was adopted as it is").arg(id) << u'\n';
    for (const JsonValue &warning : r.value(u"warnings"_s).toArray())
        out << u"  "_s << output.style(Tr::tr("warning:"), Output::Style::Yellow) << u' '
            << warning.toString() << u'\n';
}

} // namespace Grex::Cli
