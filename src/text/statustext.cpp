#include "text/reporttext.h"
#include "text/texttr.h"
#include "text/verbtexts_p.h"

#include "core/docview.h"
#include "core/engine/packfilter.h"
#include "core/i18n.h"

#include <QDateTime>
#include <QHash>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <functional>

using namespace Qt::StringLiterals;

namespace Grex::Text::Internal {

namespace {

// Why the pack's pack.yaml or clone could not be read, after its state: its first line.
void appendReadError(Cell &cell, const DocView &p)
{
    const QString error = displayTextOf(p.value(u"error"_s).toString());
    if (!error.isEmpty())
        cell.append(Span{u" ("_s + error.section(u'\n', 0, 0) + u')'});
}

// One drift kind in words, and the colour it is shown in.
Span kindText(const DocView &p, const QString &kind)
{
    const QString upstream = p.value(u"upstream"_s).toString();
    const qint64 ahead = p.value(u"ahead"_s).toInteger();
    const qint64 behind = p.value(u"behind"_s).toInteger();
    if (kind == u"clean")
        return {Tr::tr("clean"), Style::Green};
    if (kind == u"dirty") {
        return {Tr::tr("dirty: %n changed file(s)", nullptr,
                       int(p.value(u"changed_files"_s).toInteger())),
                Style::Yellow};
    }
    if (kind == u"missing")
        return {Tr::tr("missing: not on disk (grex sync clones it)"), Style::Red};
    if (kind == u"broken")
        return {Tr::tr("broken"), Style::Red};
    if (kind == u"fetch_failed") {
        const DocView error = p.at(u"fetch_error"_s);
        return {Tr::tr("fetch failed: %1")
                    .arg(displayTextOf(error.value(u"message"_s).toString()).section(u'\n', 0, 0)),
                Style::Red};
    }
    if (kind == u"untracked")
        return {Tr::tr("untracked: a clone no pack accounts for"), Style::Dim};
    if (kind == u"untracked_files") {
        return {
            Tr::tr("%n untracked file(s)", nullptr, int(p.value(u"untracked_files"_s).toInteger())),
            Style::Dim};
    }
    if (kind == u"behind")
        return {Tr::tr("behind %1 by %2").arg(upstream).arg(behind), Style::Cyan};
    if (kind == u"ahead")
        return {Tr::tr("ahead of %1 by %2").arg(upstream).arg(ahead), Style::Cyan};
    if (kind == u"diverged") {
        return {Tr::tr("diverged from %1: %2 local, %3 upstream commit(s)")
                    .arg(upstream)
                    .arg(ahead)
                    .arg(behind),
                Style::Red};
    }
    if (kind == u"rewritten") {
        return {Tr::tr("%1 was rewritten (force-pushed): %2 commit(s) here are no longer "
                       "upstream, %3 replace them")
                    .arg(upstream)
                    .arg(ahead)
                    .arg(behind),
                Style::Red};
    }
    if (kind == u"upstream_gone") {
        const QString defaultBranch = p.value(u"remote_default_branch"_s).toString();
        return {defaultBranch.isEmpty()
                    ? Tr::tr("the upstream branch is gone from the remote")
                    : Tr::tr("the upstream branch is gone; the remote's default is now %1")
                          .arg(defaultBranch),
                Style::Red};
    }
    if (kind == u"off_branch") {
        const QString expected = p.value(u"expected_branch"_s).toString();
        const JsonValue branch = p.value(u"branch"_s);
        return {branch.isNull()
                    ? Tr::tr("detached at %1, not on %2").arg(shortSha(p.value(u"sha"_s)), expected)
                    : Tr::tr("on %1, not on %2").arg(branch.toString(), expected),
                Style::Yellow};
    }
    if (kind == u"stale") {
        const QString reason = p.value(u"stale_reason"_s).toString();
        if (reason == u"not_installed")
            return {Tr::tr("stale: not installed yet"), Style::Yellow};
        if (reason == u"sha_changed")
            return {Tr::tr("stale: the commit changed since the install"), Style::Yellow};
        if (reason == u"actions_changed")
            return {Tr::tr("stale: pack.yaml changed since the install"), Style::Yellow};
        if (reason == u"too_old")
            return {Tr::tr("stale: installed %1").arg(p.value(u"installed_at"_s).toString()),
                    Style::Yellow};
        return {Tr::tr("stale"), Style::Yellow};
    }
    return {kind, Style::Yellow};
}

// Every drift kind that holds, most urgent first: a dirty pack that is behind says both.
Cell stateCell(const DocView &p)
{
    QStringList kinds;
    for (const JsonValue &kind : p.value(u"drifts"_s).toArray())
        kinds.append(kind.toString());
    if (kinds.isEmpty())
        kinds.append(p.value(u"drift"_s).toString());
    Cell cell;
    for (const QString &kind : std::as_const(kinds)) {
        if (!cell.isEmpty())
            cell.append(Span{u"; "_s});
        cell.append(kindText(p, kind));
    }
    appendReadError(cell, p);
    return cell;
}

// The compact state, as gita and git's short status show it: ↑ahead ↓behind (red when both,
// diverged), *changed +staged ?untracked, and a word only for what symbols cannot say (missing,
// broken, rewritten, detached or on another branch, upstream gone, stale); ✓ (or "ok") when
// clean.
Cell compactState(const DocView &p, const Options &options)
{
    QSet<QString> kinds;
    for (const JsonValue &kind : p.value(u"drifts"_s).toArray())
        kinds.insert(kind.toString());
    if (kinds.isEmpty())
        kinds.insert(p.value(u"drift"_s).toString());
    Cell cell;
    const auto add = [&](const QString &text, Style style) {
        if (!cell.isEmpty())
            cell.append(Span{u" "_s});
        cell.append(Span{text, style});
    };
    if (p.value(u"fetch_error"_s).isObject()) {
        add(Tr::tr("fetch failed (%1)").arg(p.at(u"fetch_error"_s).string(u"reason"_s)),
            Style::Red);
    }
    if (kinds.contains(u"missing"_s)) {
        add(Tr::tr("missing"), Style::Red);
        return cell;
    }
    if (kinds.contains(u"broken"_s))
        add(Tr::tr("broken"), Style::Red);
    if (kinds.contains(u"untracked"_s)) {
        add(Tr::tr("not a pack"), Style::Dim);
        return cell;
    }
    const qint64 ahead = p.value(u"ahead"_s).toInteger();
    const qint64 behind = p.value(u"behind"_s).toInteger();
    const bool split = kinds.contains(u"diverged"_s) || kinds.contains(u"rewritten"_s);
    const Style arrows = split ? Style::Red : Style::Cyan;
    QString motion;
    if (ahead > 0)
        motion += (options.unicode ? u"↑"_s : u"^"_s) + QString::number(ahead);
    if (behind > 0)
        motion += (options.unicode ? u"↓"_s : u"v"_s) + QString::number(behind);
    if (!motion.isEmpty())
        add(motion, arrows);
    if (kinds.contains(u"rewritten"_s))
        add(Tr::tr("rewritten"), Style::Red);
    else if (kinds.contains(u"diverged"_s))
        add(Tr::tr("diverged"), Style::Red);
    const qint64 changed = p.value(u"changed_files"_s).toInteger();
    const qint64 staged = p.value(u"staged_files"_s).toInteger();
    const qint64 untracked = p.value(u"untracked_files"_s).toInteger();
    if (changed > staged)
        add(u"*"_s + QString::number(changed - staged), Style::Yellow);
    if (staged > 0)
        add(u"+"_s + QString::number(staged), Style::Green);
    if (untracked > 0)
        add(u"?"_s + QString::number(untracked), Style::Dim);
    if (kinds.contains(u"off_branch"_s)) {
        const JsonValue branch = p.value(u"branch"_s);
        add(branch.isNull() ? Tr::tr("detached")
                            : Tr::tr("not on %1").arg(p.value(u"expected_branch"_s).toString()),
            Style::Yellow);
    }
    if (kinds.contains(u"upstream_gone"_s))
        add(Tr::tr("upstream gone"), Style::Red);
    if (kinds.contains(u"stale"_s))
        add(Tr::tr("stale"), Style::Yellow);
    if (cell.isEmpty())
        add(options.unicode ? u"✓"_s : Tr::tr("ok"), Style::Green);
    appendReadError(cell, p);
    return cell;
}

// How long ago a pack last fetched, as a person reads it: "5m", "3h", "2d"; "-" when unknown.
QString fetchedAgo(const JsonValue &lastFetched, const QDateTime &now)
{
    if (!lastFetched.isString())
        return u"-"_s;
    const QDateTime then = QDateTime::fromString(lastFetched.toString(), Qt::ISODate);
    if (!then.isValid())
        return u"-"_s;
    const qint64 seconds = std::max<qint64>(0, then.secsTo(now));
    if (seconds < 60)
        return Tr::tr("now");
    if (seconds < 3600)
        return Tr::tr("%1m").arg(seconds / 60);
    if (seconds < 86400)
        return Tr::tr("%1h").arg(seconds / 3600);
    return Tr::tr("%1d").arg(seconds / 86400);
}

// The packs in tree order, each with its level: a pack under the first of its parents that is
// listed, children in id order; a pack with no listed parent at the top. The report itself is
// ordered by id, which put children under whatever pack sorted before them.
QList<std::pair<DocView, int>> treeOrder(const QList<DocView> &packs)
{
    QSet<QString> listed;
    for (const DocView &v : packs)
        listed.insert(v.string(u"id"_s));
    QHash<QString, QList<qsizetype>> childrenOf;
    QList<qsizetype> tops;
    for (qsizetype i = 0; i < packs.size(); ++i) {
        QString parent;
        for (const JsonValue &p : packs.at(i).value(u"parents"_s).toArray()) {
            if (listed.contains(p.toString())) {
                parent = p.toString();
                break;
            }
        }
        if (parent.isEmpty())
            tops.append(i);
        else
            childrenOf[parent].append(i);
    }
    QList<std::pair<DocView, int>> ordered;
    QSet<qsizetype> placed;
    const std::function<void(qsizetype, int)> place = [&](qsizetype i, int level) {
        if (placed.contains(i))
            return;
        placed.insert(i);
        const DocView &pack = packs.at(i);
        ordered.append({pack, level});
        for (const qsizetype child : childrenOf.value(pack.string(u"id"_s)))
            place(child, level + 1);
    };
    for (const qsizetype i : std::as_const(tops))
        place(i, 0);
    for (qsizetype i = 0; i < packs.size(); ++i) // a cycle, which validation forbids anyway
        place(i, 0);
    return ordered;
}

} // namespace

Lines statusText(const DocView &report, const Options &options)
{
    const QList<DocView> packs = report.items();
    if (packs.isEmpty())
        return {Line(Tr::tr("No packs to show."))};
    bool longForm = false;
    bool fetchTimes = false; // a report that says when packs fetched (not a hand-made one)
    bool tags = false;       // a column only when a pack has a tag: most workspaces have none
    for (const DocView &v : packs) {
        longForm = longForm || v.contains(u"lock_holder"_s);
        fetchTimes = fetchTimes || v.contains(u"last_fetched"_s);
        tags = tags || !v.value(u"tags"_s).toArray().isEmpty();
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    // The type says something only in the long form, where a plain repository is a
    // "repository" (grex's "meta" is not the person's word).
    QStringList headers{Tr::tr("PACK")};
    if (longForm)
        headers << Tr::tr("TYPE");
    headers << Tr::tr("BRANCH") << Tr::tr("SHA");
    if (fetchTimes)
        headers << Tr::tr("FETCHED");
    headers << Tr::tr("STATE");
    if (tags)
        headers << Tr::tr("TAGS");
    if (longForm)
        headers << Tr::tr("INSTALLED_AT") << Tr::tr("LOCK");
    QList<QList<Cell>> rows;
    QMap<QString, int> counts;
    for (const auto &[p, depth] : treeOrder(packs)) {
        ++counts[p.value(u"drift"_s).toString()];
        // Untracked files are no drift, but a summary that counted them clean would hide them.
        if (p.value(u"drifts"_s).toStringList().contains(u"untracked_files"_s))
            ++counts[u"untracked_files"_s];
        const JsonValue branch = p.value(u"branch"_s);
        QList<Cell> row{{Span{QString(2 * depth, u' ') + p.value(u"id"_s).toString()}}};
        if (longForm) {
            row.append({Span{p.value(u"plain"_s).toBool()  ? Tr::tr("repository")
                             : p.value(u"type"_s).isNull() ? u"-"_s
                                                           : p.value(u"type"_s).toString()}});
        }
        row.append(
            {Span{branch.isNull() ? (p.value(u"sha"_s).isNull() ? u"-"_s : Tr::tr("(detached)"))
                                  : branch.toString()}});
        row.append({Span{shortSha(p.value(u"sha"_s)), Style::Dim}});
        if (fetchTimes)
            row.append({Span{fetchedAgo(p.value(u"last_fetched"_s), now), Style::Dim}});
        row.append(longForm ? stateCell(p) : compactState(p, options));
        if (tags)
            row.append({Span{p.value(u"tags"_s).toStringList().join(u','), Style::Dim}});
        if (longForm) {
            const JsonValue installed = p.value(u"installed_at"_s);
            row.append({Span{installed.isNull() ? u"-"_s : installed.toString().left(19) + u'Z'}});
            const DocView holder = p.at(u"lock_holder"_s);
            row.append(
                {Span{!holder.isObject() ? u"-"_s
                                         : Tr::tr("%1 (pid %2 on %3)")
                                               .arg(holder.value(u"application"_s).toString())
                                               .arg(holder.value(u"pid"_s).toInteger())
                                               .arg(holder.value(u"host"_s).toString())}});
        }
        rows.append(row);
    }
    Lines lines = table(headers, rows);
    const qsizetype clean = counts.value(u"clean"_s);
    if (clean == packs.size() && counts.value(u"untracked_files"_s) == 0) {
        lines.append(
            Line({Span{Tr::tr("All %n pack(s) are clean.", nullptr, int(clean)), Style::Green}}));
        return lines;
    }
    QStringList parts;
    for (const QString &kind : PackFilter::driftKinds()) {
        if (counts.value(kind) > 0)
            parts << driftCount(kind, int(counts.value(kind)));
    }
    lines.append(Line(Tr::tr("%n pack(s): ", nullptr, int(packs.size())) + parts.join(u", "_s)));
    return lines;
}

} // namespace Grex::Text::Internal

namespace Grex::Text {

QString reasonWords(const QString &reason)
{
    if (reason == u"auth")
        return Tr::tr("access refused");
    if (reason == u"not_found")
        return Tr::tr("the remote repository is not there");
    if (reason == u"unreachable")
        return Tr::tr("cannot reach the remote");
    if (reason == u"host_key")
        return Tr::tr("the host key is unknown or changed");
    if (reason == u"certificate")
        return Tr::tr("the certificate is not trusted");
    if (reason == u"timeout")
        return Tr::tr("no answer in time");
    if (reason == u"unsafe_repository")
        return Tr::tr("git refuses a clone owned by another user");
    if (reason == u"no_remote")
        return Tr::tr("no remote configured");
    return {};
}

QString driftCount(const QString &kind, int count)
{
    if (kind == u"clean")
        return Tr::tr("%n clean", nullptr, count);
    if (kind == u"dirty")
        return Tr::tr("%n dirty", nullptr, count);
    if (kind == u"missing")
        return Tr::tr("%n missing", nullptr, count);
    if (kind == u"broken")
        return Tr::tr("%n broken", nullptr, count);
    if (kind == u"fetch_failed")
        return Tr::tr("%n failed to fetch", nullptr, count);
    if (kind == u"stale")
        return Tr::tr("%n stale", nullptr, count);
    if (kind == u"behind")
        return Tr::tr("%n behind", nullptr, count);
    if (kind == u"ahead")
        return Tr::tr("%n ahead", nullptr, count);
    if (kind == u"untracked")
        return Tr::tr("%n untracked", nullptr, count);
    if (kind == u"diverged")
        return Tr::tr("%n diverged", nullptr, count);
    if (kind == u"rewritten")
        return Tr::tr("%n rewritten upstream", nullptr, count);
    if (kind == u"upstream_gone")
        return Tr::tr("%n with upstream gone", nullptr, count);
    if (kind == u"off_branch")
        return Tr::tr("%n off branch", nullptr, count);
    if (kind == u"untracked_files")
        return Tr::tr("%n with untracked files", nullptr, count);
    return u"%1 %2"_s.arg(count).arg(kind);
}

} // namespace Grex::Text
