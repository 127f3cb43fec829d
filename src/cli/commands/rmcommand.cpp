#include "rmcommand.h"

#include "clitr.h"
#include "output.h"

using namespace Qt::StringLiterals;

namespace Grex::Cli {

void RmCommand::render(const JsonValue &document, Output &output) const
{
    const JsonObject r = document.toObject();
    const QString id = r.value(u"id"_s).toString();
    const QString path = r.value(u"path"_s).toString();
    const bool deleted = r.value(u"files_deleted"_s).toBool();
    QTextStream &out = output.out();
    if (r.value(u"dry_run"_s).toBool()) {
        out << (deleted ? Tr::tr("Would remove pack %1 and delete %2").arg(id, path)
                        : Tr::tr("Would remove pack %1 and keep its files").arg(id))
            << u'\n';
        return;
    }
    const QString name = output.style(id, Output::Style::Bold);
    out << (deleted ? Tr::tr("Removed pack %1 and deleted %2").arg(name, path)
                    : Tr::tr("Removed pack %1; its files stay in %2").arg(name, path))
        << u'\n';
}

} // namespace Grex::Cli
