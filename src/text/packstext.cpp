#include "text/texttr.h"
#include "text/verbtexts_p.h"

#include "core/docview.h"
#include "core/i18n.h"

using namespace Qt::StringLiterals;

// The verbs that make a workspace and add, remove and list its packs.
namespace Grex::Text::Internal {

Lines initText(const DocView &report)
{
    const bool dryRun = report.value(u"dry_run"_s).toBool();
    const QString workspace = report.value(u"workspace"_s).toString();
    QStringList created;
    for (const JsonValue &name : report.value(u"created"_s).toArray())
        created.append(name.toString());
    QStringList cloned;
    for (const JsonValue &id : report.value(u"cloned"_s).toArray())
        cloned.append(id.toString());

    Lines lines;
    if (dryRun)
        lines.append(Line(Tr::tr("Would initialise workspace %1").arg(workspace)));
    else if (created.isEmpty())
        lines.append(Line(Tr::tr("Workspace %1 is already initialised").arg(workspace)));
    else
        lines.append(Line(arg(Tr::tr("Initialised workspace %1"), {Span{workspace, Style::Bold}})));
    if (!created.isEmpty()) {
        lines.append(Line(u"  "_s + (dryRun ? Tr::tr("would create: %1") : Tr::tr("created: %1"))
                                        .arg(created.join(u", "_s))));
    }
    if (!report.value(u"hooks"_s).isNull()) {
        lines.append(
            Line(u"  "_s + Tr::tr("core.hooksPath: %1").arg(report.value(u"hooks"_s).toString())));
    }
    if (!cloned.isEmpty()) {
        lines.append(Line(
            u"  "_s +
            (dryRun ? Tr::tr("would clone: %1") : Tr::tr("cloned: %1")).arg(cloned.join(u", "_s))));
    }
    return lines;
}

Lines addText(const DocView &r, const Options &options)
{
    const QString id = r.value(u"id"_s).toString();
    const QString type = r.value(u"type"_s).toString();
    const QString url = r.value(u"url"_s).toString();
    const QString sha = shortSha(r.value(u"sha"_s));
    const QString ref = r.value(u"ref"_s).isNull() ? QString() : r.value(u"ref"_s).toString();
    // A repository without pack.yaml is added as it is: its pack type is no news to its owner,
    // unless they gave one. Before the clone (a dry run) nobody knows which it is.
    const bool typeGiven = options.arguments.contains(u"type"_s);
    const bool plain = r.value(u"plain"_s).toBool() && !typeGiven;
    const bool unknown = r.value(u"plain"_s).isNull() && !typeGiven;
    if (r.value(u"dry_run"_s).toBool()) {
        QString line = plain     ? Tr::tr("Would add repository %1 from %2").arg(id, url)
                       : unknown ? Tr::tr("Would add %1 from %2").arg(id, url)
                                 : Tr::tr("Would add pack %1 (%2) from %3").arg(id, type, url);
        if (!ref.isEmpty())
            line += u' ' + Tr::tr("at %1").arg(ref);
        if (sha != u"-")
            line += u' ' + Tr::tr("(remote commit %1)").arg(sha);
        return {Line(line)};
    }
    Lines lines;
    lines.append(
        Line(plain ? arg(Tr::tr("Added repository %1 from %2"), {Span{id, Style::Bold}, Span{url}})
                   : arg(Tr::tr("Added pack %1 (%2) from %3"),
                         {Span{id, Style::Bold}, Span{type}, Span{url}})));
    QList<Span> commit{Span{u"  "_s}};
    commit += arg(Tr::tr("commit %1"), {Span{sha, Style::Cyan}});
    if (!ref.isEmpty())
        commit.append(Span{u"  "_s + Tr::tr("ref %1").arg(ref)});
    lines.append(Line(commit));
    if (r.value(u"adopted"_s).toBool())
        lines.append(
            Line(u"  "_s + Tr::tr("the existing clone in %1 was adopted as it is").arg(id)));
    if (const QStringList tags = r.value(u"tags"_s).toStringList(); !tags.isEmpty())
        lines.append(Line(u"  "_s + Tr::tr("tags: %1").arg(tags.join(u", "_s))));
    for (const JsonValue &warning : r.value(u"warnings"_s).toArray()) {
        lines.append(Line({Span{u"  "_s}, Span{Tr::tr("warning:"), Style::Yellow},
                           Span{u' ' + displayTextOf(warning.toString())}}));
    }
    return lines;
}

Lines rmText(const DocView &r)
{
    const QString id = r.value(u"id"_s).toString();
    const QString path = r.value(u"path"_s).toString();
    const bool deleted = r.value(u"files_deleted"_s).toBool();
    if (r.value(u"dry_run"_s).toBool()) {
        return {Line(deleted ? Tr::tr("Would remove pack %1 and delete %2").arg(id, path)
                             : Tr::tr("Would remove pack %1 and keep its files").arg(id))};
    }
    const Span name{id, Style::Bold};
    return {Line(deleted
                     ? arg(Tr::tr("Removed pack %1 and deleted %2"), {name, Span{path}})
                     : arg(Tr::tr("Removed pack %1; its files stay in %2"), {name, Span{path}}))};
}

Lines tagText(const DocView &r)
{
    // Several packs: each one's lines, in the order they were tagged.
    if (r.declares(u"packs"_s) && r.contains(u"packs"_s)) {
        Lines lines;
        for (const DocView &pack : r.items(u"packs"_s))
            lines += tagText(pack);
        return lines;
    }
    const QString id = r.value(u"id"_s).toString();
    const QStringList tags = r.value(u"tags"_s).toStringList();
    const QStringList added = r.value(u"added"_s).toStringList();
    const QStringList removed = r.value(u"removed"_s).toStringList();
    const QStringList fromYaml = r.value(u"pack_yaml_tags"_s).toStringList();
    Lines lines;
    if (!added.isEmpty() || !removed.isEmpty()) {
        QStringList change;
        for (const QString &tag : added)
            change.append(u'+' + tag);
        for (const QString &tag : removed)
            change.append(u'-' + tag);
        lines.append(Line(arg(r.value(u"dry_run"_s).toBool() ? Tr::tr("Would tag %1: %2")
                                                             : Tr::tr("Tagged %1: %2"),
                              {Span{id, Style::Bold}, Span{change.join(u' ')}})));
    }
    QList<Span> all{Span{tags.isEmpty() ? Tr::tr("%1 has no tags").arg(id)
                                        : Tr::tr("Tags of %1: %2").arg(id, tags.join(u", "_s))}};
    if (!fromYaml.isEmpty())
        all.append(
            Span{u"  "_s + Tr::tr("(from pack.yaml: %1)").arg(fromYaml.join(u", "_s)), Style::Dim});
    lines.append(Line(all));
    return lines;
}

namespace {

bool anyTags(const QList<DocView> &packs)
{
    for (const DocView &p : packs) {
        if (!p.value(u"tags"_s).toArray().isEmpty() || anyTags(p.items(u"children"_s)))
            return true;
    }
    return false;
}

// depth 0: registered packs; deeper rows are children drawn under `continuation`.
void addRows(const QList<DocView> &packs, int depth, const QString &continuation, bool longForm,
             bool tags, bool unicode, QList<QList<Cell>> &rows)
{
    for (qsizetype i = 0; i < packs.size(); ++i) {
        const DocView &p = packs.at(i);
        const bool last = i + 1 == packs.size();
        QString prefix;
        if (depth > 0) {
            prefix = continuation;
            if (unicode)
                prefix += last ? u"└─ "_s : u"├─ "_s;
            else
                prefix += last ? u"`- "_s : u"|- "_s;
        }
        const Span sha = p.value(u"on_disk"_s).toBool()
                             ? Span{shortSha(p.value(u"sha"_s)), Style::Cyan}
                             : Span{Tr::tr("missing"), Style::Red};
        QString ref = p.value(u"ref"_s).toString();
        if (ref.isEmpty())
            ref = p.value(u"branch"_s).isNull() ? u"-"_s : p.value(u"branch"_s).toString();
        const QString type = p.value(u"plain"_s).toBool()  ? Tr::tr("repository")
                             : p.value(u"type"_s).isNull() ? u"-"_s
                                                           : p.value(u"type"_s).toString();
        QList<Cell> row{{Span{prefix + p.value(u"id"_s).toString()}},
                        {Span{type}},
                        {Span{p.value(u"path"_s).toString()}},
                        {Span{ref}},
                        {sha}};
        if (tags)
            row.append({Span{p.value(u"tags"_s).toStringList().join(u',')}});
        if (longForm) {
            const JsonValue installed = p.value(u"installed_at"_s);
            const JsonValue hash = p.value(u"actions_hash"_s);
            row.append({Span{installed.isNull() ? u"-"_s : installed.toString().left(19) + u'Z'}});
            row.append({Span{hash.isNull() ? u"-"_s : hash.toString().left(12)}});
        }
        rows.append(row);
        if (p.contains(u"children"_s)) {
            QString next = continuation;
            if (depth > 0)
                next += last ? u"   "_s : (unicode ? u"│  "_s : u"|  "_s);
            addRows(p.items(u"children"_s), depth + 1, next, longForm, tags, unicode, rows);
        }
    }
}

} // namespace

Lines lsText(const DocView &report, const Options &options)
{
    const QList<DocView> packs = report.items();
    // With a filter or a type, an empty list is not an empty workspace.
    const bool selective = !options.arguments.value(u"filter"_s).toString().trimmed().isEmpty() ||
                           options.arguments.contains(u"type"_s);
    if (packs.isEmpty() && selective)
        return {Line(Tr::tr("No registered pack matches."))};
    if (packs.isEmpty())
        return {Line(Tr::tr("No packs registered. Add one with: grex add <url>"))};
    bool longForm = false;
    for (const DocView &p : packs)
        longForm = longForm || p.contains(u"actions_hash"_s);
    // A column only when a pack has a tag: most workspaces have none.
    const bool tags = anyTags(packs);
    QStringList headers{Tr::tr("ID"), Tr::tr("TYPE"), Tr::tr("PATH"), Tr::tr("REF"), Tr::tr("SHA")};
    if (tags)
        headers << Tr::tr("TAGS");
    if (longForm)
        headers << Tr::tr("INSTALLED_AT") << Tr::tr("ACTIONS_HASH");
    QList<QList<Cell>> rows;
    addRows(packs, 0, QString(), longForm, tags, options.unicode, rows);
    return table(headers, rows);
}

Lines importText(const DocView &report, const Options &options)
{
    const bool dryRun = report.value(u"dry_run"_s).toBool();
    const QList<DocView> imported = report.items(u"imported"_s);
    const QList<DocView> skipped = report.items(u"skipped"_s);
    const QList<DocView> failed = report.items(u"failed"_s);
    Lines lines;
    for (const DocView &i : imported) {
        const QString url = i.value(u"url"_s).toString();
        // The kind a pack.yaml or --default-type gave; the default for a repository without
        // one (or not cloned yet) is grex's word, not the person's.
        const JsonValue plain = i.value(u"plain"_s);
        const bool kindKnown =
            (plain.isBool() && !plain.toBool()) || options.arguments.contains(u"defaultType"_s);
        const QString kind = kindKnown ? i.value(u"kind"_s).toString() + u' ' : QString();
        QString line = (dryRun ? u"DRY-RUN: would add "_s : u"added "_s) +
                       i.value(u"path"_s).toString() + u' ' + kind + (url.isEmpty() ? u"-"_s : url);
        if (!i.value(u"ref"_s).isNull())
            line += u" @"_s + i.value(u"ref"_s).toString();
        QStringList tags;
        for (const JsonValue &tag : i.value(u"tags"_s).toArray())
            tags.append(u'+' + tag.toString());
        if (!tags.isEmpty())
            line += u' ' + tags.join(u' ');
        lines.append(Line(line));
    }
    // What the other tool's file said that grex keeps nowhere, so the person knows what to
    // set up by hand.
    const QList<DocView> notCarried = report.items(u"not_carried"_s);
    for (const DocView &n : notCarried) {
        const QString path = n.value(u"path"_s).toString();
        lines.append(Line(u"not carried over: "_s + (path.isEmpty() ? QString() : path + u": "_s) +
                          n.value(u"what"_s).toString()));
    }
    for (const DocView &s : skipped) {
        lines.append(Line(u"skip "_s + s.value(u"path"_s).toString() + u' ' +
                              s.value(u"reason"_s).toString().replace(u'_', u'-'),
                          Channel::Err));
    }
    for (const DocView &f : failed) {
        lines.append(Line(u"failed "_s + f.value(u"path"_s).toString() + u": "_s +
                              displayTextOf(f.value(u"error"_s).toString()),
                          Channel::Err));
    }
    QString summary = u"summary: imported=%1 skipped=%2 failed=%3"_s.arg(imported.size())
                          .arg(skipped.size())
                          .arg(failed.size());
    if (!notCarried.isEmpty())
        summary += u" not-carried=%1"_s.arg(notCarried.size());
    lines.append(Line(summary));
    return lines;
}

} // namespace Grex::Text::Internal
