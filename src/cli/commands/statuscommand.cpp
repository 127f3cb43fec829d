#include "statuscommand.h"

#include "clitr.h"
#include "error.h"
#include "output.h"

#include <QHash>
#include <QSet>

#include <functional>

using namespace Qt::StringLiterals;

namespace Grex::Cli {

namespace {

QString stateText(const JsonObject &p, const Output &output)
{
    const QString drift = p.value(u"drift"_s).toString();
    const QString upstream = p.value(u"upstream"_s).toString();
    const qint64 ahead = p.value(u"ahead"_s).toInteger();
    const qint64 behind = p.value(u"behind"_s).toInteger();
    QString text;
    Output::Style style = Output::Style::Yellow;
    if (drift == u"clean") {
        text = Tr::tr("clean");
        style = Output::Style::Green;
    } else if (drift == u"dirty") {
        text = Tr::tr("dirty: %n changed file(s)", nullptr,
                      int(p.value(u"changed_files"_s).toInteger()));
    } else if (drift == u"missing") {
        text = Tr::tr("missing: not on disk (grex sync clones it)");
        style = Output::Style::Red;
    } else if (drift == u"untracked") {
        text = Tr::tr("untracked: a clone no pack accounts for");
        style = Output::Style::Dim;
    } else if (drift == u"behind") {
        text = Tr::tr("behind %1 by %2").arg(upstream).arg(behind);
        if (ahead > 0)
            text += Tr::tr(", ahead by %1").arg(ahead);
        style = Output::Style::Cyan;
    } else if (drift == u"ahead") {
        text = Tr::tr("ahead of %1 by %2").arg(upstream).arg(ahead);
        style = Output::Style::Cyan;
    } else if (drift == u"stale") {
        const QString reason = p.value(u"stale_reason"_s).toString();
        if (reason == u"not_installed")
            text = Tr::tr("stale: not installed yet");
        else if (reason == u"sha_changed")
            text = Tr::tr("stale: the commit changed since the install");
        else if (reason == u"actions_changed")
            text = Tr::tr("stale: pack.yaml changed since the install");
        else if (reason == u"too_old")
            text = Tr::tr("stale: installed %1").arg(p.value(u"installed_at"_s).toString());
        else
            text = Tr::tr("stale");
    } else {
        text = drift;
    }
    const QString error = p.value(u"error"_s).toString();
    if (!error.isEmpty())
        text += u" ("_s + error.section(u'\n', 0, 0) + u')';
    return output.style(text, style);
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

void renderReport(const JsonArray &packs, Output &output)
{
    if (packs.isEmpty()) {
        output.out() << Tr::tr("No packs to show.") << u'\n';
        return;
    }
    bool longForm = false;
    for (const JsonValue &v : packs)
        longForm = longForm || v.toObject().contains(u"lock_holder"_s);
    QStringList headers{Tr::tr("PACK"), Tr::tr("TYPE"), Tr::tr("BRANCH"), Tr::tr("SHA"),
                        Tr::tr("STATE")};
    if (longForm)
        headers << Tr::tr("INSTALLED_AT") << Tr::tr("LOCK");
    QList<QStringList> rows;
    QMap<QString, int> counts;
    for (const auto &[p, depth] : treeOrder(packs)) {
        ++counts[p.value(u"drift"_s).toString()];
        const JsonValue branch = p.value(u"branch"_s);
        QStringList row{
            QString(2 * depth, u' ') + p.value(u"id"_s).toString(),
            p.value(u"type"_s).isNull() ? u"-"_s : p.value(u"type"_s).toString(),
            branch.isNull() ? (p.value(u"sha"_s).isNull() ? u"-"_s : Tr::tr("(detached)"))
                            : branch.toString(),
            output.style(shortSha(p.value(u"sha"_s)), Output::Style::Dim), stateText(p, output)};
        if (longForm) {
            const JsonValue installed = p.value(u"installed_at"_s);
            row << (installed.isNull() ? u"-"_s : installed.toString().left(19) + u'Z');
            const JsonObject holder = p.value(u"lock_holder"_s).toObject();
            row << (holder.isEmpty() ? u"-"_s
                                     : Tr::tr("%1 (pid %2 on %3)")
                                           .arg(holder.value(u"application"_s).toString())
                                           .arg(holder.value(u"pid"_s).toInteger())
                                           .arg(holder.value(u"host"_s).toString()));
        }
        rows.append(row);
    }
    output.table(headers, rows);
    const qsizetype clean = counts.value(u"clean"_s);
    if (clean == packs.size()) {
        output.out() << output.style(Tr::tr("All %n pack(s) are clean.", nullptr, int(clean)),
                                     Output::Style::Green)
                     << u'\n';
        return;
    }
    QStringList parts;
    for (const QString &kind : {u"clean"_s, u"dirty"_s, u"missing"_s, u"stale"_s, u"behind"_s,
                                u"ahead"_s, u"untracked"_s}) {
        if (counts.value(kind) > 0)
            parts << u"%1 %2"_s.arg(counts.value(kind)).arg(kind);
    }
    output.out() << Tr::tr("%n pack(s): ", nullptr, int(packs.size())) << parts.join(u", "_s)
                 << u'\n';
}

} // namespace

void StatusCommand::render(const JsonValue &document, Output &output) const
{
    renderReport(document.toArray(), output);
}

void StatusCommand::renderFailure(const Error &error, Output &output) const
{
    renderReportThenError(error, output, JsonValue::Type::Array);
}

} // namespace Grex::Cli
