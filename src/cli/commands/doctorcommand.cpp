#include "doctorcommand.h"

#include "clitr.h"
#include "error.h"
#include "output.h"

using namespace Qt::StringLiterals;

namespace Grex::Cli {

namespace {

QString checkName(const JsonObject &f)
{
    const JsonValue pack = f.value(u"pack"_s);
    return pack.isNull() ? f.value(u"check"_s).toString()
                         : f.value(u"check"_s).toString() + u'[' + pack.toString() + u']';
}

void renderReport(const JsonObject &report, Output &output)
{
    QList<QStringList> rows;
    int fixable = 0;
    for (const JsonValue &v : report.value(u"findings"_s).toArray()) {
        const JsonObject f = v.toObject();
        const QString severity = f.value(u"severity"_s).toString();
        const QString status = severity == u"ok" ? output.style(u"OK"_s, Output::Style::Green)
                               : severity == u"warning"
                                   ? output.style(u"WARN"_s, Output::Style::Yellow)
                                   : output.style(u"ERROR"_s, Output::Style::Red);
        QString detail = f.value(u"detail"_s).toString();
        if (detail.isEmpty())
            detail = u"-"_s;
        if (f.value(u"auto_fixable"_s).toBool()) {
            detail += Tr::tr(" [fixable]");
            ++fixable;
        }
        rows.append({checkName(f), status, detail});
    }
    output.table({Tr::tr("CHECK"), Tr::tr("STATUS"), Tr::tr("DETAIL")}, rows);
    const JsonArray fixed = report.value(u"fixed"_s).toArray();
    for (const JsonValue &v : fixed) {
        const JsonObject f = v.toObject();
        output.out() << output.style(Tr::tr("fixed"), Output::Style::Green) << u' ' << checkName(f)
                     << u": "_s << f.value(u"detail"_s).toString() << u'\n';
    }
    const JsonObject compacted = report.value(u"compacted"_s).toObject();
    if (!compacted.isEmpty()) {
        output.out() << Tr::tr("compacted grex.jsonl from %1 to %2 event(s); removed %3 orphan "
                               "lockfile entr(ies)")
                            .arg(compacted.value(u"events_before"_s).toInteger())
                            .arg(compacted.value(u"events_after"_s).toInteger())
                            .arg(compacted.value(u"lock_entries_removed"_s).toInteger())
                     << u'\n';
    }
    if (report.value(u"worst_severity"_s).toString() == u"ok")
        output.out() << output.style(Tr::tr("No problems found."), Output::Style::Green) << u'\n';
}

} // namespace

void DoctorCommand::render(const JsonValue &document, Output &output) const
{
    renderReport(document.toObject(), output);
}

void DoctorCommand::renderFailure(const Error &error, Output &output) const
{
    renderReportThenError(error, output, JsonValue::Type::Object);
}

} // namespace Grex::Cli
