#include "text/texttr.h"
#include "text/verbtexts_p.h"

#include "core/docview.h"
#include "core/engine/lifecycles.h"
#include "core/verbs/update.h"
#include "core/i18n.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>

#include <QMap>

using namespace Qt::StringLiterals;

namespace Grex::Text::Internal {

namespace {

// The halt of a report that has none (update's).
DocView noHalt()
{
    return DocView(JsonValue(), shapeOf<HaltRecord>());
}

// What a sync's pack says of its lifecycle; update's packs carry no message.
QString messageOf(const DocView &pack)
{
    return pack.declares(u"message"_s) ? pack.string(u"message"_s) : QString();
}

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
QString installWords(const DocView &pack)
{
    const QString reason = pack.value(u"reason"_s).toString();
    if (reason == u"new")
        return Tr::tr("installed");
    if (reason == u"forced")
        return Tr::tr("reinstalled (forced)");
    if (reason == u"hash-changed")
        return Tr::tr("reinstalled: its actions changed");
    if (reason == u"interrupted")
        return Tr::tr("reinstalled: the last install was interrupted");
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

// What to do about a clone left alone, by UpdateOutcome::why.
QString nextStepWords(const DocView &pack)
{
    const QString why = pack.value(u"left_alone"_s).toString();
    const QString defaultBranch = pack.value(u"remote_default_branch"_s).toString();
    if (why == u"upstream_gone" && !defaultBranch.isEmpty()) {
        // The one command that moves the pack, so that following the hint ends clean.
        return Tr::tr("follow the remote's default branch: grex update %1 --ref %2")
            .arg(pack.value(u"id"_s).toString(), defaultBranch);
    }
    if (why == u"dirty")
        return Tr::tr("commit or stash the changes, then sync again");
    if (why == u"diverged")
        return Tr::tr("merge or rebase onto the upstream (or push), then sync again");
    if (why == u"rewritten")
        return Tr::tr("the upstream was force-pushed: reset to it, or keep your commits on a "
                      "branch");
    if (why == u"detached")
        return Tr::tr("check out a branch, or pin the commit with --ref");
    if (why == u"no_upstream")
        return Tr::tr("set an upstream (git branch --set-upstream-to)");
    if (why == u"upstream_gone")
        return Tr::tr("the remote deleted or renamed the branch: switch to another branch");
    if (why == u"untracked_in_way")
        return Tr::tr("move the untracked files away, then sync again");
    return QString();
}

// A failed pack: why (its clone's or fetch's error) and a hint. Where a run halted is said once,
// on stderr, by haltText: the summary only points there.
OutcomeItem failedItem(const DocView &pack, const DocView &halted)
{
    OutcomeItem item{pack.value(u"id"_s).toString(), u"failed"_s, {}, {}, {}};
    if (halted.isObject() && halted.string(u"pack"_s) == item.pack) {
        item.headline = Tr::tr("failed at action #%1 (%2)")
                            .arg(halted.value(u"idx"_s).toInteger())
                            .arg(halted.value(u"action"_s).toString());
        item.detail = displayTextOf(halted.value(u"error"_s).toString());
        if (!halted.value(u"recovery_hint"_s).isNull())
            item.hint = displayTextOf(halted.value(u"recovery_hint"_s).toString());
        return item;
    }
    QString reason;
    QString message = messageOf(pack);
    if (pack.value(u"error"_s).isObject()) {
        const DocView error = pack.at(u"error"_s);
        reason = error.value(u"reason"_s).toString();
        message = error.value(u"message"_s).toString();
        item.hint = displayTextOf(error.value(u"hint"_s).toString());
    }
    item.headline = reason.isEmpty() ? Tr::tr("failed") : Tr::tr("failed (%1)").arg(reason);
    item.detail = displayTextOf(message);
    return item;
}

// What a pack that moved or ran did: "updated 1a2b3c4..5d6e7f8 (3 commits), reinstalled".
QString movedWords(const DocView &pack)
{
    const QString outcome = pack.value(u"outcome"_s).toString();
    const QString after = shortSha(pack.value(u"sha_after"_s));
    // sync says its result; update says whether it reinstalled.
    const bool ran = (pack.declares(u"result"_s) ? pack.string(u"result"_s) == u"ok"
                                                 : pack.boolean(u"reinstalled"_s)) &&
                     pack.contains(u"reason"_s) && pack.string(u"reason"_s) != u"none";
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
    // A plain repository's lifecycle installs nothing, so "reinstalled" would be untrue.
    if (ran && pack.declares(u"plain"_s) && !pack.boolean(u"plain"_s))
        what += u", "_s + installWords(pack);
    return what;
}

// The packs of a run, most urgent first: failed (why, and a hint), needs you (left alone, and
// why), then what moved or ran; packs with nothing new are only counted, in the headline.
QList<OutcomeItem> itemsOf(const QList<DocView> &packs, const DocView &halted)
{
    QMap<QString, QList<DocView>> byOutcome;
    for (const DocView &p : packs)
        byOutcome[p.string(u"outcome"_s)].append(p);
    // The report lists packs in the order they finished; a reader looks for a name.
    for (QList<DocView> &group : byOutcome) {
        std::stable_sort(group.begin(), group.end(), [](const DocView &a, const DocView &b) {
            return a.string(u"id"_s) < b.string(u"id"_s);
        });
    }
    QList<OutcomeItem> items;
    for (const DocView &pack : byOutcome.value(u"failed"_s))
        items.append(failedItem(pack, halted));
    for (const DocView &pack : byOutcome.value(u"needs_you"_s)) {
        const QString why = pack.value(u"left_alone"_s).toString();
        items.append({pack.value(u"id"_s).toString(), u"needs_you"_s,
                      Tr::tr("needs you (%1)").arg(leftAloneWords(why)),
                      displayTextOf(pack.value(u"fetch_note"_s).toString()), nextStepWords(pack)});
    }
    for (const QString &outcome : {u"cloned"_s, u"updated"_s, u"installed"_s, u"torn_down"_s}) {
        for (const DocView &pack : byOutcome.value(outcome))
            items.append({pack.value(u"id"_s).toString(), outcome, movedWords(pack), {}, {}});
    }
    for (const DocView &pack : byOutcome.value(u"not_run"_s)) {
        items.append({pack.value(u"id"_s).toString(),
                      u"not_run"_s,
                      Tr::tr("not run"),
                      displayTextOf(messageOf(pack)),
                      {}});
    }
    return items;
}

Lines outcomeLines(const QList<DocView> &packs, const DocView &halted)
{
    Lines lines;
    for (const OutcomeItem &item : itemsOf(packs, halted)) {
        const Style style = item.outcome == u"failed"      ? Style::Red
                            : item.outcome == u"needs_you" ? Style::Yellow
                            : item.outcome == u"not_run"   ? Style::Plain
                                                           : Style::Green;
        // Where a run halted is said on stderr (haltText); the summary line only names it.
        const bool halt =
            item.outcome == u"failed" && halted.isObject() && halted.string(u"pack"_s) == item.pack;
        QList<Span> spans{Span{u"  "_s}, Span{item.pack, Style::Bold}, Span{u": "_s},
                          Span{item.headline, style}};
        if (!item.detail.isEmpty() && !halt)
            spans.append(Span{u": "_s + item.detail});
        lines.append(Line(spans));
        if (!item.hint.isEmpty() && (item.outcome == u"failed" || item.outcome == u"needs_you") &&
            !halt)
            lines.append(Line(u"    "_s + Tr::tr("hint:") + u' ' + item.hint));
    }
    for (const DocView &p : packs) {
        for (const JsonValue &warning : p.value(u"warnings"_s).toArray()) {
            lines.append(Line({Span{u"  "_s}, Span{p.string(u"id"_s), Style::Bold}, Span{u": "_s},
                               Span{Tr::tr("warning:"), Style::Yellow},
                               Span{u' ' + displayTextOf(warning.toString())}}));
        }
    }
    return lines;
}

// "sync: 1 failed, 2 need you, 3 updated, 40 up to date", from the report's outcome counts.
Line headline(const QString &verb, bool dryRun, const QList<DocView> &packs, bool teardown)
{
    QHash<QString, int> counts;
    for (const DocView &p : packs)
        ++counts[p.string(u"outcome"_s)];
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

// The clones a sync repacked (git gc --auto), those left for later, and any repack that failed.
Lines maintenanceLines(const DocView &maintenance)
{
    Lines lines;
    if (!maintenance.isObject())
        return lines;
    const auto ids = [](const QList<DocView> &list) {
        QStringList names;
        for (const DocView &id : list)
            names.append(id.isObject() ? id.string(u"id"_s) : id.json().toString());
        return names.join(u", "_s);
    };
    const QList<DocView> repacked = maintenance.items(u"repacked"_s);
    if (!repacked.isEmpty()) {
        lines.append(Line(u"  "_s + Tr::tr("repacked %n clone(s) past git's limits: %1", nullptr,
                                           int(repacked.size()))
                                        .arg(ids(repacked))));
    }
    const QList<DocView> waiting = maintenance.items(u"waiting"_s);
    if (!waiting.isEmpty()) {
        lines.append(Line(u"  "_s + Tr::tr("%n more clone(s) wait for the next sync (grex doctor "
                                           "--fix repacks them now): %1",
                                           nullptr, int(waiting.size()))
                                        .arg(ids(waiting))));
    }
    for (const DocView &f : maintenance.items(u"failed"_s)) {
        lines.append(Line({Span{u"  "_s}, Span{f.value(u"id"_s).toString(), Style::Bold},
                           Span{u": "_s}, Span{Tr::tr("warning:"), Style::Yellow},
                           Span{u' ' + displayTextOf(f.value(u"message"_s).toString())}}));
    }
    return lines;
}

} // namespace

Lines syncText(const DocView &report, const Options &options)
{
    Lines lines;
    if (options.listSteps) {
        for (const DocView &step : report.items(u"steps"_s))
            lines.append(Line(stepLine(step.object(), options)));
    }
    const QList<DocView> packs = report.items(u"packs"_s);
    const QString verb = report.value(u"verb"_s).toString();
    const bool teardown = verb == u"teardown" || verb == u"rm";
    lines.append(headline(verb, report.value(u"dry_run"_s).toBool(), packs, teardown));
    lines += outcomeLines(packs, report.at(u"halted"_s));
    lines += maintenanceLines(report.at(u"maintenance"_s));
    return lines;
}

Lines updateText(const DocView &report)
{
    const QList<DocView> packs = report.items();
    QList<QList<Cell>> rows;
    for (const DocView &o : packs) {
        rows.append({{Span{o.value(u"id"_s).toString()}},
                     {Span{o.value(u"reason"_s).toString()}},
                     {Span{o.value(u"reinstalled"_s).toBool() ? Tr::tr("yes") : Tr::tr("no")}}});
    }
    if (rows.isEmpty())
        return {Line(Tr::tr("No packs to update."))};
    Lines lines = table({Tr::tr("ID"), Tr::tr("REASON"), Tr::tr("REINSTALLED")}, rows);
    lines += outcomeLines(packs, noHalt());
    return lines;
}

} // namespace Grex::Text::Internal

namespace Grex::Text {

QList<OutcomeItem> outcomeItems(const JsonValue &report)
{
    using namespace Internal;
    if (report.type() == JsonValue::Type::Array)
        return itemsOf(DocView(report, shapeOf<UpdateReport>()).items(), noHalt());
    const DocView run(report, shapeOf<LifecycleReport>());
    return itemsOf(run.items(u"packs"_s), run.at(u"halted"_s));
}

} // namespace Grex::Text

namespace Grex::Text::Internal {

Lines haltText(const DocView &report)
{
    const DocView halted = report.at(u"halted"_s);
    if (!halted.isObject())
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
