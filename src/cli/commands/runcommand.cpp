#include "runcommand.h"

#include "clitr.h"
#include "error.h"
#include "output.h"

#include <QMap>

using namespace Qt::StringLiterals;

namespace Grex::Cli {

namespace {

QString tag(const QString &result)
{
    if (result == u"performed_change")
        return u"ok"_s;
    if (result == u"would_perform_change")
        return u"would"_s;
    if (result == u"skipped")
        return u"skipped"_s;
    if (result == u"noop" || result == u"already_satisfied")
        return u"noop"_s;
    return u"other"_s;
}

// What the walk's git work did to each pack, most urgent first: failed (why, and a hint),
// left alone (why), then what moved; packs with nothing new are only counted.
void renderFetchOutcomes(const JsonArray &packs, Output &output)
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
    QTextStream &out = output.out();
    for (const JsonObject &pack : std::as_const(failed)) {
        const JsonObject error = pack.value(u"error"_s).toObject();
        out << u"  "_s << output.style(pack.value(u"id"_s).toString(), Output::Style::Bold)
            << u": "_s
            << output.style(Tr::tr("failed (%1)").arg(error.value(u"reason"_s).toString()),
                            Output::Style::Red)
            << u": "_s << error.value(u"message"_s).toString() << u'\n';
        if (error.contains(u"hint"_s))
            out << u"    "_s << Tr::tr("hint:") << u' ' << error.value(u"hint"_s).toString()
                << u'\n';
    }
    for (const JsonObject &pack : std::as_const(leftAlone)) {
        out << u"  "_s << output.style(pack.value(u"id"_s).toString(), Output::Style::Bold)
            << u": "_s << output.style(Tr::tr("left alone"), Output::Style::Yellow) << u": "_s
            << pack.value(u"fetch_note"_s).toString() << u'\n';
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
        out << u"  "_s << pack.value(u"id"_s).toString() << u": "_s
            << output.style(what, Output::Style::Green) << u'\n';
    }
    for (const JsonValue &p : packs) {
        for (const JsonValue &warning : p.toObject().value(u"warnings"_s).toArray()) {
            out << u"  "_s << p.toObject().value(u"id"_s).toString() << u": "_s
                << output.style(Tr::tr("warning:"), Output::Style::Yellow) << u' '
                << warning.toString() << u'\n';
        }
    }
    if (upToDate > 0)
        out << u"  "_s << Tr::tr("%n pack(s) up to date", nullptr, upToDate) << u'\n';
}

void renderSummary(const JsonObject &report, Output &output)
{
    QMap<QString, int> counts;
    for (const JsonValue &p : report.value(u"packs"_s).toArray())
        ++counts[p.toObject().value(u"result"_s).toString()];
    QStringList parts;
    for (const QString &result : {u"ok"_s, u"skipped"_s, u"filtered"_s, u"err"_s, u"not_run"_s}) {
        if (counts.value(result) > 0)
            parts.append(Tr::tr("%1 %2").arg(counts.value(result)).arg(result));
    }
    const qint64 steps = report.value(u"summary"_s).toObject().value(u"total_steps"_s).toInteger();
    QString line = report.value(u"verb"_s).toString() +
                   (report.value(u"dry_run"_s).toBool() ? Tr::tr(" (dry run)") : QString()) +
                   u": "_s + (parts.isEmpty() ? Tr::tr("no packs") : parts.join(u", "_s)) +
                   u"; "_s + Tr::tr("%n step(s)", nullptr, int(steps));
    output.out() << output.style(line, Output::Style::Bold) << u'\n';
    const JsonArray packs = report.value(u"packs"_s).toArray();
    renderFetchOutcomes(packs, output);
    for (const JsonValue &p : packs) {
        const JsonObject pack = p.toObject();
        const QString message = pack.value(u"message"_s).toString();
        const QString result = pack.value(u"result"_s).toString();
        // A failed fetch and a left-alone clone were shown above, with their reasons.
        const QString fetch = pack.value(u"fetch"_s).toString();
        if (fetch == u"failed" || (fetch == u"left_alone" && result == u"ok"))
            continue;
        if (!message.isEmpty() && result != u"ok")
            output.out() << u"  "_s << pack.value(u"id"_s).toString() << u": "_s << message
                         << u'\n';
    }
    output.out().flush();
}

void renderHalt(const JsonObject &report, const Error &error, Output &output)
{
    const JsonObject halted = report.value(u"halted"_s).toObject();
    if (halted.isEmpty()) {
        output.printError(error);
        return;
    }
    QTextStream &err = output.err();
    err << Tr::tr("%1 halted at pack `%2` action #%3 (%4):")
               .arg(report.value(u"verb"_s).toString(), halted.value(u"pack"_s).toString(),
                    QString::number(halted.value(u"idx"_s).toInteger()),
                    halted.value(u"action"_s).toString())
        << u'\n';
    err << u"  "_s << Tr::tr("error:") << u' ' << halted.value(u"error"_s).toString() << u'\n';
    if (!halted.value(u"recovery_hint"_s).isNull())
        err << u"  "_s << Tr::tr("hint: ") << u' ' << halted.value(u"recovery_hint"_s).toString()
            << u'\n';
    err.flush();
}

} // namespace

QString RunCommand::stepLine(const JsonObject &step)
{
    const QString result = step.value(u"result"_s).toString();
    const QString pack = step.value(u"pack"_s).toString();
    if (result == u"skipped") {
        const JsonObject details = step.value(u"details"_s).toObject();
        return u"[skipped] pack="_s + pack + u" path="_s +
               details.value(u"pack_path"_s).toString() + u" hash="_s +
               details.value(u"actions_hash"_s).toString();
    }
    return u'[' + tag(result) + u"] pack="_s + pack + u" action="_s +
           step.value(u"action"_s).toString() + u" idx="_s +
           QString::number(step.value(u"idx"_s).toInteger());
}

void RunCommand::render(const JsonValue &document, Output &output) const
{
    renderSummary(document.toObject(), output);
}

void RunCommand::renderFailure(const Error &error, Output &output) const
{
    const JsonObject report = error.details().value(u"report"_s).toObject();
    if (report.isEmpty()) {
        output.printError(error);
        return;
    }
    renderSummary(report, output);
    if (error.kind() == ErrorKind::Cancelled || error.reason() == u"packs_failed")
        output.printError(error);
    else
        renderHalt(report, error, output);
}

void UpdateCommand::render(const JsonValue &document, Output &output) const
{
    QList<QStringList> rows;
    for (const JsonValue &entry : document.toArray()) {
        const JsonObject o = entry.toObject();
        rows.append({o.value(u"id"_s).toString(), o.value(u"reason"_s).toString(),
                     o.value(u"reinstalled"_s).toBool() ? Tr::tr("yes") : Tr::tr("no")});
    }
    if (rows.isEmpty()) {
        output.out() << Tr::tr("No packs to update.") << u'\n';
        return;
    }
    output.table({Tr::tr("ID"), Tr::tr("REASON"), Tr::tr("REINSTALLED")}, rows);
    renderFetchOutcomes(document.toArray(), output);
    output.out().flush();
}

void UpdateCommand::renderFailure(const Error &error, Output &output) const
{
    if (error.reason() == u"packs_failed") {
        renderReportThenError(error, output, JsonValue::Type::Array);
        return;
    }
    const JsonObject report = error.details().value(u"report"_s).toObject();
    if (report.isEmpty() || error.kind() == ErrorKind::Cancelled) {
        output.printError(error);
        return;
    }
    renderHalt(report, error, output);
}

} // namespace Grex::Cli
