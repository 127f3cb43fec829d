// The words of the reports of switch, stash, discard, commit and push: one line per pack, and
// under a pack the files it would stash, discard or commit.

#include "text/texttr.h"
#include "text/verbtexts_p.h"

using namespace Qt::StringLiterals;

namespace Grex::Text {

QString fileStateWords(const QString &state, bool staged)
{
    QString words;
    if (state == u"untracked")
        words = Tr::tr("untracked");
    else if (state == u"added")
        words = Tr::tr("added");
    else if (state == u"deleted")
        words = Tr::tr("deleted");
    else if (state == u"renamed")
        words = Tr::tr("renamed");
    else if (state == u"typechange")
        words = Tr::tr("type changed");
    else
        words = Tr::tr("modified");
    return staged ? Tr::tr("%1, staged").arg(words) : words;
}

namespace Internal {

namespace {

// What happened to one pack, or would: "switched to main (was feature)".
Span packResult(const QString &action, const DocView &pack)
{
    const QString result = pack.string(u"result"_s);
    const QString branch = pack.string(u"branch"_s);
    const int files = int(pack.items(u"files"_s).size());
    const int commits = int(pack.integer(u"commits"_s));
    if (result == u"failed")
        return {Tr::tr("failed: %1").arg(pack.string(u"error"_s)), Style::Red};
    const bool done = result == u"done";
    if (result == u"unchanged") {
        if (action == u"switch")
            return {Tr::tr("already on %1").arg(branch), Style::Dim};
        if (action == u"push")
            return {Tr::tr("nothing to push"), Style::Dim};
        return {Tr::tr("no changes"), Style::Dim};
    }
    const Style style = done ? Style::Green : Style::Plain;
    if (action == u"switch") {
        return {(done ? Tr::tr("switched to %1 (was %2)") : Tr::tr("would switch to %1 (now %2)"))
                    .arg(branch, pack.string(u"from"_s)),
                style};
    }
    if (action == u"push") {
        const QString to = pack.string(u"remote"_s) + u' ' + branch;
        return {(done ? Tr::tr("pushed %n commit(s) to %1", nullptr, commits)
                      : Tr::tr("would push %n commit(s) to %1", nullptr, commits))
                    .arg(to),
                style};
    }
    if (action == u"commit" && done) {
        return {
            Tr::tr("committed %1 (%n file(s))", nullptr, files).arg(pack.string(u"sha"_s).left(7)),
            style};
    }
    if (action == u"commit")
        return {Tr::tr("would commit %n file(s)", nullptr, files), style};
    if (action == u"stash") {
        return {done ? Tr::tr("stashed %n file(s)", nullptr, files)
                     : Tr::tr("would stash %n file(s)", nullptr, files),
                style};
    }
    return {done ? Tr::tr("discarded %n file(s)", nullptr, files)
                 : Tr::tr("would discard %n file(s)", nullptr, files),
            done ? Style::Yellow : Style::Plain};
}

} // namespace

Lines packGitText(const DocView &r)
{
    const QString action = r.string(u"action"_s);
    const bool dryRun = r.boolean(u"dry_run"_s);
    Lines lines;
    for (const DocView &pack : r.items(u"packs"_s)) {
        const QString id = pack.string(u"id"_s);
        lines.append(
            Line(arg(Tr::tr("%1: %2"), {Span{id, Style::Bold}, packResult(action, pack)})));
        // A preview names every file and commit, so that what a discard throws away or a push
        // sends is seen first.
        if (dryRun && pack.string(u"result"_s) == u"would") {
            for (const DocView &file : pack.items(u"files"_s)) {
                const QString entry = file.json().toString();
                const qsizetype space = entry.indexOf(u' ');
                lines.append(Line(u"    %1  %2"_s.arg(fileStateWords(entry.left(space), false),
                                                      entry.mid(space + 1))));
            }
            for (const DocView &commit : pack.items(u"log"_s))
                lines.append(Line(u"    "_s + commit.json().toString()));
            if (pack.boolean(u"more_files"_s))
                lines.append(Line(u"    "_s + Tr::tr("and more: see git status in the pack")));
        }
        if (!pack.string(u"hint"_s).isEmpty())
            lines.append(Line(arg(Tr::tr("%1: hint: %2"),
                                  {Span{id, Style::Bold}, Span{pack.string(u"hint"_s)}})));
    }
    if (lines.isEmpty())
        lines.append(Line(Tr::tr("No pack matched.")));
    return lines;
}

} // namespace Internal

} // namespace Grex::Text
