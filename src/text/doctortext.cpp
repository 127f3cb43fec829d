#include "text/texttr.h"
#include "text/verbtexts_p.h"

#include "core/i18n.h"
#include "core/verbs/doctor.h"

using namespace Qt::StringLiterals;

namespace Grex::Text::Internal {

namespace {

QString checkName(const DocView &f)
{
    const JsonValue pack = f.value(u"pack"_s);
    return pack.isNull() ? f.value(u"check"_s).toString()
                         : f.value(u"check"_s).toString() + u'[' + pack.toString() + u']';
}

} // namespace

Lines doctorText(const DocView &report)
{
    QList<QList<Cell>> rows;
    for (const DocView &f : report.items(u"findings"_s)) {
        Span status{u"ERROR"_s, Style::Red};
        switch (severityNamed(f.string(u"severity"_s)).value_or(DoctorSeverity::Error)) {
        case DoctorSeverity::Ok:
            status = Span{u"OK"_s, Style::Green};
            break;
        case DoctorSeverity::Warning:
            status = Span{u"WARN"_s, Style::Yellow};
            break;
        case DoctorSeverity::Error:
            break;
        }
        QString detail = displayTextOf(f.value(u"detail"_s).toString());
        if (detail.isEmpty())
            detail = u"-"_s;
        if (f.value(u"auto_fixable"_s).toBool())
            detail += Tr::tr(" [fixable]");
        rows.append({{Span{checkName(f)}}, {status}, {Span{detail}}});
    }
    Lines lines = table({Tr::tr("CHECK"), Tr::tr("STATUS"), Tr::tr("DETAIL")}, rows);
    for (const DocView &f : report.items(u"fixed"_s)) {
        lines.append(Line({Span{Tr::tr("fixed"), Style::Green},
                           Span{u' ' + checkName(f) + u": "_s +
                                displayTextOf(f.value(u"detail"_s).toString())}}));
    }
    const DocView compacted = report.at(u"compacted"_s);
    if (compacted.isObject()) {
        lines.append(Line(Tr::tr("compacted grex.jsonl from %1 to %2 event(s); removed %3 orphan "
                                 "lockfile entr(ies)")
                              .arg(compacted.value(u"events_before"_s).toInteger())
                              .arg(compacted.value(u"events_after"_s).toInteger())
                              .arg(compacted.value(u"lock_entries_removed"_s).toInteger())));
    }
    if (report.value(u"worst_severity"_s).toString() == u"ok")
        lines.append(Line({Span{Tr::tr("No problems found."), Style::Green}}));
    return lines;
}

} // namespace Grex::Text::Internal
