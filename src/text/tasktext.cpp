// The words of the task verbs' reports (start, status, diff, commit, finish, abandon).

#include "text/texttr.h"
#include "text/verbtexts_p.h"

using namespace Qt::StringLiterals;

namespace Grex::Text::Internal {

namespace {

// One pack's state in a task, in the order a person checks it: what is not committed, what is
// not pushed, where the branch stands against its base.
Cell packState(const DocView &pack)
{
    if (!pack.boolean(u"present"_s))
        return {Span{Tr::tr("worktree missing"), Style::Red}};
    QStringList parts;
    Style style = Style::Green;
    if (const qint64 n = pack.integer(u"changed_files"_s) + pack.integer(u"untracked_files"_s)) {
        parts.append(Tr::tr("%n file(s) not committed", nullptr, int(n)));
        style = Style::Yellow;
    }
    if (const qint64 n = pack.integer(u"unpushed"_s)) {
        parts.append(Tr::tr("%n commit(s) not pushed", nullptr, int(n)));
        style = Style::Yellow;
    }
    if (const qint64 n = pack.integer(u"behind"_s))
        parts.append(Tr::tr("%n behind its base", nullptr, int(n)));
    if (parts.isEmpty()) {
        const qint64 commits = pack.integer(u"commits"_s);
        parts.append(commits == 0 ? Tr::tr("no changes yet")
                                  : Tr::tr("%n commit(s), all pushed", nullptr, int(commits)));
    }
    return {Span{parts.join(u", "_s), style}};
}

} // namespace

Lines taskStartText(const DocView &r)
{
    const QString task = r.string(u"task"_s);
    const QList<DocView> packs = r.items(u"packs"_s);
    Lines lines{Line(arg(
        r.boolean(u"dry_run"_s)
            ? Tr::tr("Would start task %1 on branch %2 in %3 pack(s):", nullptr, int(packs.size()))
            : Tr::tr("Started task %1 on branch %2 in %3 pack(s):", nullptr, int(packs.size())),
        {Span{task, Style::Bold}, Span{r.string(u"branch"_s)},
         Span{QString::number(packs.size())}}))};
    QList<QList<Cell>> rows;
    for (const DocView &pack : packs) {
        const QString base = pack.value(u"base"_s).isNull() ? QString() : pack.string(u"base"_s);
        rows.append(
            {{Span{pack.string(u"id"_s)}},
             {Span{pack.string(u"worktree"_s)}},
             {Span{base.isEmpty() ? pack.string(u"base_sha"_s).left(7) : base, Style::Dim}}});
    }
    lines += table({Tr::tr("PACK"), Tr::tr("WORKTREE"), Tr::tr("FROM")}, rows);
    return lines;
}

Lines taskStatusText(const DocView &r)
{
    const QList<DocView> tasks = r.items(u"tasks"_s);
    if (tasks.isEmpty())
        return {Line(Tr::tr("No tasks. grex task start NAME PACK... starts one."))};
    Lines lines;
    for (const DocView &task : tasks) {
        if (!lines.isEmpty())
            lines.append(Line(QString()));
        lines.append(
            Line(arg(Tr::tr("Task %1 (branch %2)"),
                     {Span{task.string(u"task"_s), Style::Bold}, Span{task.string(u"branch"_s)}})));
        QList<QList<Cell>> rows;
        for (const DocView &pack : task.items(u"packs"_s)) {
            rows.append({{Span{pack.string(u"id"_s)}},
                         {Span{QString::number(pack.integer(u"commits"_s))}},
                         packState(pack),
                         {Span{pack.string(u"worktree"_s), Style::Dim}}});
            for (const QString &file : pack.value(u"files"_s).toStringList())
                rows.append({{}, {}, {Span{file, Style::Dim}}, {}});
        }
        lines +=
            table({Tr::tr("PACK"), Tr::tr("COMMITS"), Tr::tr("STATE"), Tr::tr("WORKTREE")}, rows);
    }
    return lines;
}

Lines taskDiffText(const DocView &r)
{
    Lines lines;
    for (const DocView &pack : r.items(u"packs"_s)) {
        const QString diff = pack.string(u"diff"_s);
        lines.append(Line({Span{u"== %1 =="_s.arg(pack.string(u"id"_s)), Style::Bold}}));
        if (diff.isEmpty()) {
            lines.append(Line({Span{Tr::tr("no changes"), Style::Dim}}));
            continue;
        }
        for (const QString &text : diff.split(u'\n')) {
            Style style = Style::Plain;
            if (text.startsWith(u"+++") || text.startsWith(u"---") || text.startsWith(u"diff "))
                style = Style::Bold;
            else if (text.startsWith(u'+'))
                style = Style::Green;
            else if (text.startsWith(u'-'))
                style = Style::Red;
            else if (text.startsWith(u"@@"))
                style = Style::Cyan;
            lines.append(Line({Span{text, style}}));
        }
    }
    return lines;
}

Lines taskCommitText(const DocView &r)
{
    const bool dryRun = r.boolean(u"dry_run"_s);
    Lines lines;
    for (const DocView &pack : r.items(u"packs"_s)) {
        const QString id = pack.string(u"id"_s);
        const int files = int(pack.integer(u"files"_s));
        if (!pack.string(u"error"_s).isEmpty()) {
            lines.append(Line(arg(Tr::tr("%1: not committed: %2"),
                                  {Span{id, Style::BoldRed}, Span{pack.string(u"error"_s)}})));
        } else if (dryRun) {
            lines.append(Line(Tr::tr("%1: would commit %n file(s)", nullptr, files).arg(id)));
        } else {
            lines.append(
                Line(arg(Tr::tr("%1: committed %2 (%3)"),
                         {Span{id, Style::Bold}, Span{pack.string(u"sha"_s).left(7), Style::Green},
                          Span{Tr::tr("%n file(s)", nullptr, files)}})));
        }
    }
    return lines;
}

Lines taskPushText(const DocView &r)
{
    Lines lines;
    QList<QList<Cell>> rows;
    for (const DocView &pack : r.items(u"packs"_s)) {
        const QString result = pack.string(u"result"_s);
        const int commits = int(pack.integer(u"commits"_s));
        Cell what;
        if (result == u"pushed") {
            what = {Span{Tr::tr("pushed %n commit(s)", nullptr, commits), Style::Green}};
        } else if (result == u"would_push") {
            what = {Span{Tr::tr("would push %n commit(s)", nullptr, commits)}};
        } else if (result == u"failed") {
            what = {Span{Tr::tr("failed: %1").arg(pack.string(u"error"_s)), Style::Red}};
        } else {
            what = {Span{Tr::tr("up to date"), Style::Dim}};
        }
        if (pack.boolean(u"uncommitted"_s))
            what.append(Span{u"  "_s + Tr::tr("(uncommitted changes stay)"), Style::Yellow});
        rows.append({{Span{pack.string(u"id"_s)}},
                     {Span{u"%1 %2"_s.arg(pack.string(u"remote"_s), r.string(u"branch"_s))}},
                     {Span{pack.string(u"sha"_s).left(7), Style::Dim}},
                     what});
    }
    lines += table({Tr::tr("PACK"), Tr::tr("TO"), Tr::tr("COMMIT"), Tr::tr("RESULT")}, rows);
    for (const DocView &pack : r.items(u"packs"_s)) {
        if (!pack.string(u"hint"_s).isEmpty()) {
            lines.append(Line(arg(Tr::tr("%1: hint: %2"), {Span{pack.string(u"id"_s), Style::Bold},
                                                           Span{pack.string(u"hint"_s)}})));
        }
    }
    return lines;
}

Lines taskEndText(const DocView &r)
{
    const QString task = r.string(u"task"_s);
    const bool abandoned = r.string(u"how"_s) == u"abandoned";
    const QList<DocView> packs = r.items(u"packs"_s);
    const int count = int(packs.size());
    if (!r.boolean(u"dry_run"_s)) {
        return {Line(arg(
            abandoned
                ? Tr::tr("Abandoned task %1: %n worktree(s) and branches removed", nullptr, count)
                : Tr::tr("Finished task %1: %n worktree(s) and branches removed", nullptr, count),
            {Span{task, Style::Bold}}))};
    }
    // A preview, or a refusal's report: what each worktree holds.
    Lines lines{Line(
        abandoned ? Tr::tr("Abandoning task %1 removes %n worktree(s):", nullptr, count).arg(task)
                  : Tr::tr("Finishing task %1 removes %n worktree(s):", nullptr, count).arg(task))};
    QList<QList<Cell>> rows;
    for (const DocView &pack : packs)
        rows.append({{Span{pack.string(u"id"_s)}}, packState(pack)});
    lines += table({Tr::tr("PACK"), Tr::tr("STATE")}, rows);
    return lines;
}

Lines safeToLeaveText(const DocView &r)
{
    const int checked = int(r.integer(u"checked"_s));
    if (r.boolean(u"safe"_s)) {
        return {Line({Span{
            Tr::tr("Safe to leave: none of the %n pack(s) has work only here.", nullptr, checked),
            Style::Green}})};
    }
    Lines lines{Line({Span{Tr::tr("Not safe to leave: this work exists only on this machine."),
                           Style::BoldYellow}})};
    QList<QList<Cell>> rows;
    for (const DocView &pack : r.items(u"packs"_s)) {
        QStringList parts;
        if (const qint64 n = pack.integer(u"changed_files"_s))
            parts.append(Tr::tr("%n changed file(s)", nullptr, int(n)));
        if (const qint64 n = pack.integer(u"untracked_files"_s))
            parts.append(Tr::tr("%n untracked file(s)", nullptr, int(n)));
        if (const qint64 n = pack.integer(u"stashes"_s))
            parts.append(Tr::tr("%n stash(es)", nullptr, int(n)));
        if (const qint64 n = pack.integer(u"unpushed_commits"_s)) {
            parts.append(Tr::tr("%n unpushed commit(s) on %1", nullptr, int(n))
                             .arg(pack.value(u"branches"_s).toStringList().join(u", "_s)));
        }
        rows.append({{Span{pack.string(u"id"_s), Style::Bold}}, {Span{parts.join(u", "_s)}}});
    }
    for (const DocView &task : r.items(u"tasks"_s)) {
        QStringList parts;
        if (const qint64 n = task.integer(u"uncommitted_files"_s))
            parts.append(Tr::tr("%n file(s) not committed", nullptr, int(n)));
        if (const qint64 n = task.integer(u"unpushed_commits"_s))
            parts.append(Tr::tr("%n commit(s) not pushed", nullptr, int(n)));
        rows.append(
            {{Span{Tr::tr("task %1: %2").arg(task.string(u"task"_s), task.string(u"pack"_s)),
                   Style::Bold}},
             {Span{parts.join(u", "_s)}}});
    }
    lines += table({Tr::tr("WHERE"), Tr::tr("ONLY HERE")}, rows);
    return lines;
}

} // namespace Grex::Text::Internal
