#include "cli/text/texttr.h"
#include "cli/text/verbtexts_p.h"

#include "core/engine/packfilter.h"
#include "core/i18n.h"

#include <QHash>
#include <QMap>
#include <QSet>

#include <functional>

using namespace Qt::StringLiterals;

namespace Grex::Text::Internal {

namespace {

// One drift kind in words, and the colour it is shown in.
Span kindText(const JsonObject &p, const QString &kind)
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
    if (kind == u"untracked")
        return {Tr::tr("untracked: a clone no pack accounts for"), Style::Dim};
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
Cell stateCell(const JsonObject &p)
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
    const QString error = displayTextOf(p.value(u"error"_s).toString());
    if (!error.isEmpty())
        cell.append(Span{u" ("_s + error.section(u'\n', 0, 0) + u')'});
    return cell;
}

// The packs in tree order, each with its level: a pack under the first of its parents that is
// listed, children in id order; a pack with no listed parent at the top. The report itself is
// ordered by id, which put children under whatever pack sorted before them.
QList<std::pair<JsonObject, int>> treeOrder(const JsonArray &packs)
{
    QSet<QString> listed;
    for (const JsonValue &v : packs)
        listed.insert(v.toObject().value(u"id"_s).toString());
    QHash<QString, QList<qsizetype>> childrenOf;
    QList<qsizetype> tops;
    for (qsizetype i = 0; i < packs.size(); ++i) {
        QString parent;
        for (const JsonValue &p : packs.at(i).toObject().value(u"parents"_s).toArray()) {
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
    QList<std::pair<JsonObject, int>> ordered;
    QSet<qsizetype> placed;
    const std::function<void(qsizetype, int)> place = [&](qsizetype i, int level) {
        if (placed.contains(i))
            return;
        placed.insert(i);
        const JsonObject pack = packs.at(i).toObject();
        ordered.append({pack, level});
        for (const qsizetype child : childrenOf.value(pack.value(u"id"_s).toString()))
            place(child, level + 1);
    };
    for (const qsizetype i : std::as_const(tops))
        place(i, 0);
    for (qsizetype i = 0; i < packs.size(); ++i) // a cycle, which validation forbids anyway
        place(i, 0);
    return ordered;
}

} // namespace

Lines statusText(const JsonArray &packs)
{
    if (packs.isEmpty())
        return {Line(Tr::tr("No packs to show."))};
    bool longForm = false;
    for (const JsonValue &v : packs)
        longForm = longForm || v.toObject().contains(u"lock_holder"_s);
    QStringList headers{Tr::tr("PACK"), Tr::tr("TYPE"), Tr::tr("BRANCH"), Tr::tr("SHA"),
                        Tr::tr("STATE")};
    if (longForm)
        headers << Tr::tr("INSTALLED_AT") << Tr::tr("LOCK");
    QList<QList<Cell>> rows;
    QMap<QString, int> counts;
    for (const auto &[p, depth] : treeOrder(packs)) {
        ++counts[p.value(u"drift"_s).toString()];
        const JsonValue branch = p.value(u"branch"_s);
        QList<Cell> row{
            {Span{QString(2 * depth, u' ') + p.value(u"id"_s).toString()}},
            {Span{p.value(u"type"_s).isNull() ? u"-"_s : p.value(u"type"_s).toString()}},
            {Span{branch.isNull() ? (p.value(u"sha"_s).isNull() ? u"-"_s : Tr::tr("(detached)"))
                                  : branch.toString()}},
            {Span{shortSha(p.value(u"sha"_s)), Style::Dim}},
            stateCell(p)};
        if (longForm) {
            const JsonValue installed = p.value(u"installed_at"_s);
            row.append({Span{installed.isNull() ? u"-"_s : installed.toString().left(19) + u'Z'}});
            const JsonObject holder = p.value(u"lock_holder"_s).toObject();
            row.append({Span{holder.isEmpty() ? u"-"_s
                                              : Tr::tr("%1 (pid %2 on %3)")
                                                    .arg(holder.value(u"application"_s).toString())
                                                    .arg(holder.value(u"pid"_s).toInteger())
                                                    .arg(holder.value(u"host"_s).toString())}});
        }
        rows.append(row);
    }
    Lines lines = table(headers, rows);
    const qsizetype clean = counts.value(u"clean"_s);
    if (clean == packs.size()) {
        lines.append(
            Line({Span{Tr::tr("All %n pack(s) are clean.", nullptr, int(clean)), Style::Green}}));
        return lines;
    }
    QStringList parts;
    for (const QString &kind : PackFilter::driftKinds()) {
        if (counts.value(kind) > 0)
            parts << u"%1 %2"_s.arg(counts.value(kind)).arg(kind);
    }
    lines.append(Line(Tr::tr("%n pack(s): ", nullptr, int(packs.size())) + parts.join(u", "_s)));
    return lines;
}

} // namespace Grex::Text::Internal
