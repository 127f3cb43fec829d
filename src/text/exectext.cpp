#include "text/texttr.h"
#include "text/verbtexts_p.h"

#include "core/docview.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace Grex::Text::Internal {

Lines execText(const DocView &report)
{
    const QList<DocView> rows = report.items();
    if (rows.isEmpty())
        return {Line(Tr::tr("No pack matched; nothing ran."))};
    QStringList failed;
    bool dryRun = true;
    for (const DocView &r : rows) {
        if (!r.value(u"exit"_s).isNull())
            dryRun = false;
        if (r.value(u"exit"_s).toInteger(0) != 0) {
            failed << u"%1 (exit %2)"_s.arg(r.value(u"pack"_s).toString())
                          .arg(r.value(u"exit"_s).toInteger());
        }
    }
    Lines lines;
    if (dryRun) {
        for (const DocView &r : rows)
            lines.append(Line(Tr::tr("would run in %1").arg(r.string(u"pack"_s))));
        return lines;
    }
    const qsizetype ok = rows.size() - failed.size();
    QList<Span> summary{Span{Tr::tr("%n pack(s): ", nullptr, int(rows.size()))},
                        Span{Tr::tr("%1 ok").arg(ok), Style::Green}};
    if (!failed.isEmpty()) {
        summary.append(Span{u", "_s});
        summary.append(
            Span{Tr::tr("%1 failed: %2").arg(failed.size()).arg(failed.join(u", "_s)), Style::Red});
    }
    lines.append(Line(summary));
    return lines;
}

Lines runText(const DocView &report)
{
    const QList<DocView> rows = report.items();
    if (rows.isEmpty())
        return {Line(Tr::tr("No matching pack has such an action; nothing ran."))};
    qsizetype changed = 0;
    QSet<QString> packs;
    for (const DocView &r : rows) {
        changed += r.value(u"changed"_s).toBool() ? 1 : 0;
        packs.insert(r.value(u"pack"_s).toString());
    }
    return {Line(Tr::tr("%1 action(s) in %2 pack(s): %3 changed something, %4 had nothing "
                        "to do")
                     .arg(rows.size())
                     .arg(packs.size())
                     .arg(changed)
                     .arg(rows.size() - changed))};
}

} // namespace Grex::Text::Internal
