#include "cli/text/texttr.h"
#include "cli/text/verbtexts_p.h"

#include "core/engine/lifecycles.h"
#include "core/i18n.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>

#include <QMap>

using namespace Qt::StringLiterals;

namespace Grex::Text::Internal {

namespace {

// Why a clone was left alone (UpdateOutcome::why), in a few words.
QString leftAloneWords(const QString &why)
{
    static const QHash<QString, const char *> words{
        {u"dirty"_s, QT_TRANSLATE_NOOP("Grex", "local changes")},
        {u"diverged"_s, QT_TRANSLATE_NOOP("Grex", "diverged")},
        {u"rewritten"_s, QT_TRANSLATE_NOOP("Grex", "rewritten upstream")},
        {u"detached"_s, QT_TRANSLATE_NOOP("Grex", "detached HEAD")},
        {u"no_upstream"_s, QT_TRANSLATE_NOOP("Grex", "no upstream")},
        {u"upstream_gone"_s, QT_TRANSLATE_NOOP("Grex", "upstream gone")},
        {u"untracked_in_way"_s, QT_TRANSLATE_NOOP("Grex", "untracked files in the way")},
        {u"no_commit"_s, QT_TRANSLATE_NOOP("Grex", "no commit yet")},
    };
    const char *text = words.value(why);
    return text ? QCoreApplication::translate("Grex", text) : why;
}

// Why a pack's actions ran (PackOutcome::reason), after what its clone did.
QString installWords(const JsonObject &pack)
{
    const QString reason = pack.value(u"reason"_s).toString();
    if (reason == u"new")
        return Tr::tr("installed");
    if (reason == u"forced")
        return Tr::tr("reinstalled (forced)");
    if (reason == u"hash-changed")
        return Tr::tr("reinstalled: its actions changed");
    return Tr::tr("reinstalled");
}

// The headline's count of one outcome: "2 failed", "1 needs you".
QString outcomeCount(const QString &outcome, int n, bool teardown)
{
    if (outcome == u"failed")
        return Tr::tr("%n failed", nullptr, n);
    if (outcome == u"needs_you")
        return Tr::tr("%n need(s) you", nullptr, n);
    if (outcome == u"cloned")
        return Tr::tr("%n cloned", nullptr, n);
    if (outcome == u"updated")
        return Tr::tr("%n updated", nullptr, n);
    if (outcome == u"installed")
        return Tr::tr("%n installed", nullptr, n);
    if (outcome == u"torn_down")
        return Tr::tr("%n torn down", nullptr, n);
    if (outcome == u"unchanged")
        return teardown ? Tr::tr("%n not on disk", nullptr, n)
                        : Tr::tr("%n up to date", nullptr, n);
    if (outcome == u"filtered")
        return Tr::tr("%n filtered", nullptr, n);
    return Tr::tr("%n not run", nullptr, n);
}

Line packLine(const JsonObject &pack, const QList<Span> &what)
{
    QList<Span> spans{Span{u"  "_s}, Span{pack.value(u"id"_s).toString(), Style::Bold},
                      Span{u": "_s}};
    spans += what;
    return Line(spans);
}

// A failed pack: why (its clone's or fetch's error) and a hint. Where a run halted is said once,
// on stderr, by haltText: the summary only points there.
Lines failedLines(const JsonObject &pack, const JsonObject &halted)
{
    if (halted.value(u"pack"_s).toString() == pack.value(u"id"_s).toString()) {
        return {packLine(pack, {Span{Tr::tr("failed at action #%1 (%2)")
                                         .arg(halted.value(u"idx"_s).toInteger())
                                         .arg(halted.value(u"action"_s).toString()),
                                     Style::Red}})};
    }
    QString reason;
    QString message = pack.value(u"message"_s).toString();
    QString hint;
    if (pack.value(u"error"_s).isObject()) {
        const JsonObject error = pack.value(u"error"_s).toObject();
        reason = error.value(u"reason"_s).toString();
        message = error.value(u"message"_s).toString();
        hint = error.value(u"hint"_s).toString();
    }
    Lines lines{packLine(
        pack,
        {Span{reason.isEmpty() ? Tr::tr("failed") : Tr::tr("failed (%1)").arg(reason), Style::Red},
         Span{message.isEmpty() ? QString() : u": "_s + displayTextOf(message)}})};
    if (!hint.isEmpty())
        lines.append(Line(u"    "_s + Tr::tr("hint:") + u' ' + displayTextOf(hint)));
    return lines;
}

// What a pack that moved or ran did: "updated 1a2b3c4..5d6e7f8 (3 commits), reinstalled".
QString movedWords(const JsonObject &pack)
{
    const QString outcome = pack.value(u"outcome"_s).toString();
    const QString after = shortSha(pack.value(u"sha_after"_s));
    // sync says its result; update says whether it reinstalled.
    const bool ran =
        (pack.value(u"result"_s).toString() == u"ok" || pack.value(u"reinstalled"_s).toBool()) &&
        pack.contains(u"reason"_s) && pack.value(u"reason"_s).toString() != u"none";
    QString what;
    if (outcome == u"cloned") {
        what = Tr::tr("cloned at %1").arg(after);
    } else if (outcome == u"updated") {
        const QString range = shortSha(pack.value(u"sha_before"_s)) + u".."_s + after;
        what = pack.value(u"fetch"_s).toString() == u"checked_out"
                   ? Tr::tr("checked out %1").arg(range)
                   : Tr::tr("updated %1").arg(range);
        const int commits = int(pack.value(u"commits"_s).toInteger());
        if (commits > 0)
            what += u" ("_s + Tr::tr("%n commit(s)", nullptr, commits) + u')';
    } else if (outcome == u"installed") {
        return installWords(pack);
    } else if (outcome == u"torn_down") {
        return Tr::tr("torn down");
    }
    if (ran)
        what += u", "_s + installWords(pack);
    return what;
}

// The packs of a run, most urgent first: failed (why, and a hint), needs you (left alone, and
// why), then what moved or ran; packs with nothing new are only counted, in the headline.
Lines outcomeLines(const JsonArray &packs, const JsonObject &halted)
{
    QMap<QString, QList<JsonObject>> byOutcome;
    for (const JsonValue &p : packs)
        byOutcome[p.toObject().value(u"outcome"_s).toString()].append(p.toObject());
    // The report lists packs in the order they finished; a reader looks for a name.
    for (QList<JsonObject> &group : byOutcome) {
        std::stable_sort(group.begin(), group.end(), [](const JsonObject &a, const JsonObject &b) {
            return a.value(u"id"_s).toString() < b.value(u"id"_s).toString();
        });
    }
    Lines lines;
    for (const JsonObject &pack : byOutcome.value(u"failed"_s))
        lines += failedLines(pack, halted);
    for (const JsonObject &pack : byOutcome.value(u"needs_you"_s)) {
        lines.append(packLine(
            pack, {Span{Tr::tr("needs you (%1)")
                            .arg(leftAloneWords(pack.value(u"left_alone"_s).toString())),
                        Style::Yellow},
                   Span{u": "_s + displayTextOf(pack.value(u"fetch_note"_s).toString())}}));
    }
    for (const QString &outcome : {u"cloned"_s, u"updated"_s, u"installed"_s, u"torn_down"_s}) {
        for (const JsonObject &pack : byOutcome.value(outcome))
            lines.append(packLine(pack, {Span{movedWords(pack), Style::Green}}));
    }
    for (const JsonObject &pack : byOutcome.value(u"not_run"_s)) {
        const QString message = pack.value(u"message"_s).toString();
        lines.append(packLine(
            pack, {Span{Tr::tr("not run")},
                   Span{message.isEmpty() ? QString() : u": "_s + displayTextOf(message)}}));
    }
    for (const JsonValue &p : packs) {
        for (const JsonValue &warning : p.toObject().value(u"warnings"_s).toArray()) {
            lines.append(packLine(p.toObject(), {Span{Tr::tr("warning:"), Style::Yellow},
                                                 Span{u' ' + displayTextOf(warning.toString())}}));
        }
    }
    return lines;
}

// "sync: 1 failed, 2 need you, 3 updated, 40 up to date", from the report's outcome counts.
Line headline(const QString &verb, bool dryRun, const JsonArray &packs, bool teardown)
{
    QHash<QString, int> counts;
    for (const JsonValue &p : packs)
        ++counts[p.toObject().value(u"outcome"_s).toString()];
    QList<Span> spans{
        Span{verb + (dryRun ? Tr::tr(" (dry run)") : QString()) + u": "_s, Style::Bold}};
    bool first = true;
    for (const QString &outcome : packOutcomeNames()) {
        const int n = counts.value(outcome);
        if (n == 0)
            continue;
        if (!first)
            spans.append(Span{u", "_s});
        first = false;
        const Style style = outcome == u"failed"      ? Style::BoldRed
                            : outcome == u"needs_you" ? Style::BoldYellow
                                                      : Style::Bold;
        spans.append(Span{outcomeCount(outcome, n, teardown), style});
    }
    if (first)
        spans.append(Span{Tr::tr("no packs"), Style::Bold});
    return Line(spans);
}

} // namespace

Lines syncText(const JsonObject &report, const Options &options)
{
    Lines lines;
    if (options.listSteps) {
        for (const JsonValue &step : report.value(u"steps"_s).toArray())
            lines.append(Line(stepLine(step.toObject(), options)));
    }
    const JsonArray packs = report.value(u"packs"_s).toArray();
    const QString verb = report.value(u"verb"_s).toString();
    const bool teardown = verb == u"teardown" || verb == u"rm";
    lines.append(headline(verb, report.value(u"dry_run"_s).toBool(), packs, teardown));
    lines += outcomeLines(packs, report.value(u"halted"_s).toObject());
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
    lines += outcomeLines(packs, {});
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
