#include "cli/text/texttr.h"
#include "cli/text/verbtexts_p.h"

#include "core/i18n.h"

#include <QMap>

using namespace Qt::StringLiterals;

namespace Grex::Text::Internal {

namespace {

// What the walk's git work did to each pack, most urgent first: failed (why, and a hint),
// left alone (why), then what moved; packs with nothing new are only counted.
Lines fetchOutcomes(const JsonArray &packs)
{
    QList<JsonObject> failed;
    QList<JsonObject> leftAlone;
    QList<JsonObject> moved;
    int upToDate = 0;
    for (const JsonValue &p : packs) {
        const JsonObject pack = p.toObject();
        const QString fetch = pack.value(u"fetch"_s).toString();
        if (fetch == u"failed")
            failed.append(pack);
        else if (fetch == u"left_alone")
            leftAlone.append(pack);
        else if (fetch == u"updated" || fetch == u"checked_out" || fetch == u"cloned")
            moved.append(pack);
        else if (fetch == u"up_to_date")
            ++upToDate;
    }
    Lines lines;
    for (const JsonObject &pack : std::as_const(failed)) {
        const JsonObject error = pack.value(u"error"_s).toObject();
        lines.append(
            Line({Span{u"  "_s}, Span{pack.value(u"id"_s).toString(), Style::Bold}, Span{u": "_s},
                  Span{Tr::tr("failed (%1)").arg(error.value(u"reason"_s).toString()), Style::Red},
                  Span{u": "_s + displayTextOf(error.value(u"message"_s).toString())}}));
        if (error.contains(u"hint"_s)) {
            lines.append(Line(u"    "_s + Tr::tr("hint:") + u' ' +
                              displayTextOf(error.value(u"hint"_s).toString())));
        }
    }
    for (const JsonObject &pack : std::as_const(leftAlone)) {
        lines.append(Line({Span{u"  "_s}, Span{pack.value(u"id"_s).toString(), Style::Bold},
                           Span{u": "_s}, Span{Tr::tr("left alone"), Style::Yellow},
                           Span{u": "_s + displayTextOf(pack.value(u"fetch_note"_s).toString())}}));
    }
    for (const JsonObject &pack : std::as_const(moved)) {
        const QString fetch = pack.value(u"fetch"_s).toString();
        const QString after = shortSha(pack.value(u"sha_after"_s));
        QString what;
        if (fetch == u"cloned")
            what = Tr::tr("cloned at %1").arg(after);
        else if (fetch == u"checked_out")
            what = Tr::tr("checked out %1..%2").arg(shortSha(pack.value(u"sha_before"_s)), after);
        else
            what = Tr::tr("updated %1..%2").arg(shortSha(pack.value(u"sha_before"_s)), after);
        lines.append(Line(
            {Span{u"  "_s + pack.value(u"id"_s).toString() + u": "_s}, Span{what, Style::Green}}));
    }
    for (const JsonValue &p : packs) {
        for (const JsonValue &warning : p.toObject().value(u"warnings"_s).toArray()) {
            lines.append(Line({Span{u"  "_s + p.toObject().value(u"id"_s).toString() + u": "_s},
                               Span{Tr::tr("warning:"), Style::Yellow},
                               Span{u' ' + displayTextOf(warning.toString())}}));
        }
    }
    if (upToDate > 0)
        lines.append(Line(u"  "_s + Tr::tr("%n pack(s) up to date", nullptr, upToDate)));
    return lines;
}

} // namespace

Lines syncText(const JsonObject &report, const Options &options)
{
    Lines lines;
    if (options.listSteps) {
        for (const JsonValue &step : report.value(u"steps"_s).toArray())
            lines.append(Line(stepLine(step.toObject(), options)));
    }
    QMap<QString, int> counts;
    for (const JsonValue &p : report.value(u"packs"_s).toArray())
        ++counts[p.toObject().value(u"result"_s).toString()];
    QStringList parts;
    for (const QString &result : {u"ok"_s, u"skipped"_s, u"filtered"_s, u"err"_s, u"not_run"_s}) {
        if (counts.value(result) > 0)
            parts.append(Tr::tr("%1 %2").arg(counts.value(result)).arg(result));
    }
    const qint64 steps = report.value(u"summary"_s).toObject().value(u"total_steps"_s).toInteger();
    const QString summary =
        report.value(u"verb"_s).toString() +
        (report.value(u"dry_run"_s).toBool() ? Tr::tr(" (dry run)") : QString()) + u": "_s +
        (parts.isEmpty() ? Tr::tr("no packs") : parts.join(u", "_s)) + u"; "_s +
        Tr::tr("%n step(s)", nullptr, int(steps));
    lines.append(Line({Span{summary, Style::Bold}}));
    const JsonArray packs = report.value(u"packs"_s).toArray();
    lines += fetchOutcomes(packs);
    for (const JsonValue &p : packs) {
        const JsonObject pack = p.toObject();
        const QString message = pack.value(u"message"_s).toString();
        const QString result = pack.value(u"result"_s).toString();
        // A failed fetch and a left-alone clone were shown above, with their reasons.
        const QString fetch = pack.value(u"fetch"_s).toString();
        if (fetch == u"failed" || (fetch == u"left_alone" && result == u"ok"))
            continue;
        if (!message.isEmpty() && result != u"ok") {
            lines.append(
                Line(u"  "_s + pack.value(u"id"_s).toString() + u": "_s + displayTextOf(message)));
        }
    }
    return lines;
}

Lines updateText(const JsonArray &packs)
{
    QList<QList<Cell>> rows;
    for (const JsonValue &entry : packs) {
        const JsonObject o = entry.toObject();
        rows.append({{Span{o.value(u"id"_s).toString()}},
                     {Span{o.value(u"reason"_s).toString()}},
                     {Span{o.value(u"reinstalled"_s).toBool() ? Tr::tr("yes") : Tr::tr("no")}}});
    }
    if (rows.isEmpty())
        return {Line(Tr::tr("No packs to update."))};
    Lines lines = table({Tr::tr("ID"), Tr::tr("REASON"), Tr::tr("REINSTALLED")}, rows);
    lines += fetchOutcomes(packs);
    return lines;
}

Lines haltText(const JsonObject &report)
{
    const JsonObject halted = report.value(u"halted"_s).toObject();
    if (halted.isEmpty())
        return {};
    Lines lines;
    lines.append(
        Line(Tr::tr("%1 halted at pack `%2` action #%3 (%4):")
                 .arg(report.value(u"verb"_s).toString(), halted.value(u"pack"_s).toString(),
                      QString::number(halted.value(u"idx"_s).toInteger()),
                      halted.value(u"action"_s).toString()),
             Channel::Err));
    lines.append(
        Line(u"  "_s + Tr::tr("error:") + u' ' + displayTextOf(halted.value(u"error"_s).toString()),
             Channel::Err));
    if (!halted.value(u"recovery_hint"_s).isNull()) {
        lines.append(Line(u"  "_s + Tr::tr("hint: ") + u' ' +
                              displayTextOf(halted.value(u"recovery_hint"_s).toString()),
                          Channel::Err));
    }
    return lines;
}

} // namespace Grex::Text::Internal
