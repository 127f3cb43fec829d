#include "text/texttr.h"
#include "text/verbtexts_p.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace Grex::Text::Internal {

Lines execText(const JsonArray &rows)
{
    if (rows.isEmpty())
        return {Line(Tr::tr("No pack matched; nothing ran."))};
    QStringList failed;
    bool dryRun = true;
    for (const JsonValue &v : rows) {
        const JsonObject r = v.toObject();
        if (!r.value(u"exit"_s).isNull())
            dryRun = false;
        if (r.value(u"exit"_s).toInteger(0) != 0) {
            failed << u"%1 (exit %2)"_s.arg(r.value(u"pack"_s).toString())
                          .arg(r.value(u"exit"_s).toInteger());
        }
    }
    Lines lines;
    if (dryRun) {
        for (const JsonValue &v : rows)
            lines.append(
                Line(Tr::tr("would run in %1").arg(v.toObject().value(u"pack"_s).toString())));
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

Lines runText(const JsonArray &rows)
{
    if (rows.isEmpty())
        return {Line(Tr::tr("No matching pack has such an action; nothing ran."))};
    qsizetype changed = 0;
    QSet<QString> packs;
    for (const JsonValue &v : rows) {
        const JsonObject r = v.toObject();
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
