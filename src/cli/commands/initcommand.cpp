#include "initcommand.h"

#include "clitr.h"
#include "output.h"

using namespace Qt::StringLiterals;

namespace Grex::Cli {

void InitCommand::render(const JsonValue &document, Output &output) const
{
    const JsonObject report = document.toObject();
    const bool dryRun = report.value(u"dry_run"_s).toBool();
    const QString workspace = report.value(u"workspace"_s).toString();
    QStringList created;
    for (const JsonValue &name : report.value(u"created"_s).toArray())
        created.append(name.toString());
    QStringList cloned;
    for (const JsonValue &id : report.value(u"cloned"_s).toArray())
        cloned.append(id.toString());

    QTextStream &out = output.out();
    if (dryRun)
        out << Tr::tr("Would initialise workspace %1").arg(workspace) << u'\n';
    else if (created.isEmpty())
        out << Tr::tr("Workspace %1 is already initialised").arg(workspace) << u'\n';
    else
        out << Tr::tr("Initialised workspace %1").arg(output.style(workspace, Output::Style::Bold))
            << u'\n';
    if (!created.isEmpty())
        out << u"  "_s
            << (dryRun ? Tr::tr("would create: %1") : Tr::tr("created: %1"))
                   .arg(created.join(u", "_s))
            << u'\n';
    if (!report.value(u"hooks"_s).isNull())
        out << u"  "_s << Tr::tr("core.hooksPath: %1").arg(report.value(u"hooks"_s).toString())
            << u'\n';
    if (!cloned.isEmpty())
        out << u"  "_s
            << (dryRun ? Tr::tr("would clone: %1") : Tr::tr("cloned: %1")).arg(cloned.join(u", "_s))
            << u'\n';
}

} // namespace Grex::Cli
