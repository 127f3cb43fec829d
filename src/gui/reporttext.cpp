#include "reporttext.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

namespace {

struct ReportText
{
    Q_DECLARE_TR_FUNCTIONS(Grex::Gui::ReportText)
};

QString runText(const QJsonObject &report)
{
    QStringList lines;
    const bool dryRun = report.value(u"dry_run"_s).toBool();
    for (const QJsonValue &v : report.value(u"steps"_s).toArray()) {
        const QJsonObject s = v.toObject();
        QString line = u"  %1  %2 #%3  %4"_s.arg(s.value(u"pack"_s).toString(),
                                                  s.value(u"action"_s).toString())
                           .arg(s.value(u"idx"_s).toInteger())
                           .arg(s.value(u"result"_s).toString());
        const QString details = stepDetailsText(s.value(u"details"_s));
        if (!details.isEmpty())
            line += u"  "_s + details;
        lines.append(line);
    }
    QStringList packs;
    for (const QJsonValue &v : report.value(u"packs"_s).toArray()) {
        const QJsonObject p = v.toObject();
        if (p.value(u"result"_s).toString() == u"filtered")
            continue;
        QString line = u"  %1: %2"_s.arg(p.value(u"id"_s).toString(),
                                          p.value(u"result"_s).toString());
        const QString message = p.value(u"message"_s).toString();
        if (!message.isEmpty())
            line += u" — "_s + message;
        // What the git work did: why a pack failed or was left alone, and what moved.
        const QString fetch = p.value(u"fetch"_s).toString();
        const QString before = p.value(u"sha_before"_s).toString().left(7);
        const QString after = p.value(u"sha_after"_s).toString().left(7);
        if (fetch == u"failed") {
            const QString hint = p.value(u"error"_s).toObject().value(u"hint"_s).toString();
            line += u" ("_s + p.value(u"error"_s).toObject().value(u"reason"_s).toString() + u')';
            if (!hint.isEmpty())
                line += u"\n    "_s + ReportText::tr("hint: %1").arg(hint);
        } else if (fetch == u"left_alone") {
            line += u" — "_s + ReportText::tr("left alone: %1")
                                   .arg(p.value(u"fetch_note"_s).toString());
        } else if (fetch == u"updated" || fetch == u"checked_out") {
            line += u" — "_s + ReportText::tr("updated %1..%2").arg(before, after);
        } else if (fetch == u"cloned") {
            line += u" — "_s + ReportText::tr("cloned at %1").arg(after);
        }
        for (const QJsonValue &warning : p.value(u"warnings"_s).toArray())
            line += u"\n    "_s + ReportText::tr("warning: %1").arg(warning.toString());
        packs.append(line);
    }
    QString text;
    text += (dryRun ? ReportText::tr("Steps a run would take (%n):", nullptr, int(lines.size()))
                    : ReportText::tr("Steps (%n):", nullptr, int(lines.size()))) +
            u'\n';
    text += lines.isEmpty() ? ReportText::tr("  none") + u'\n' : lines.join(u'\n') + u'\n';
    text += ReportText::tr("Packs:") + u'\n' + (packs.isEmpty() ? ReportText::tr("  none") : packs.join(u'\n')) + u'\n';
    const QJsonObject halted = report.value(u"halted"_s).toObject();
    if (!halted.isEmpty())
        text += ReportText::tr("Halted at %1: %2")
                    .arg(halted.value(u"pack"_s).toString(), halted.value(u"error"_s).toString()) +
                u'\n';
    return text;
}

QString yesNo(bool value)
{
    return value ? ReportText::tr("yes") : ReportText::tr("no");
}

} // namespace

QString stepDetailsText(const QJsonValue &details)
{
    if (details.isString())
        return details.toString();
    QJsonObject object = details.toObject();
    object.remove(u"actions_hash"_s);
    object.remove(u"pack_path"_s);
    if (object.isEmpty())
        return {};
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QString reportText(const QString &verb, const QJsonValue &document)
{
    const QJsonObject o = document.toObject();
    if (document.isObject() && o.contains(u"steps"_s))
        return runText(o);
    if (verb == u"update" && document.isArray()) {
        QStringList lines;
        for (const QJsonValue &v : document.toArray()) {
            const QJsonObject p = v.toObject();
            lines.append(ReportText::tr("  %1: synced %2, reinstalled %3 (%4)")
                             .arg(p.value(u"id"_s).toString(), yesNo(p.value(u"synced"_s).toBool()),
                                  yesNo(p.value(u"reinstalled"_s).toBool()),
                                  p.value(u"reason"_s).toString()));
        }
        return ReportText::tr("Packs (%n):", nullptr, int(lines.size())) + u'\n' + lines.join(u'\n') + u'\n';
    }
    if (verb == u"rm" && document.isObject()) {
        const bool dryRun = o.value(u"dry_run"_s).toBool();
        QString text = (dryRun ? ReportText::tr("Would remove pack %1") : ReportText::tr("Removed pack %1"))
                           .arg(o.value(u"id"_s).toString()) +
                       u'\n';
        text += (o.value(u"files_deleted"_s).toBool()
                     ? (dryRun ? ReportText::tr("Would delete the directory %1") : ReportText::tr("Deleted %1"))
                     : ReportText::tr("Keeps the directory %1"))
                    .arg(o.value(u"path"_s).toString()) +
                u'\n';
        const bool teardown = o.value(u"teardown"_s).toString() == u"ok";
        text += (teardown ? (dryRun ? ReportText::tr("Would run the pack's teardown")
                                    : ReportText::tr("Ran the pack's teardown"))
                          : ReportText::tr("Skips the pack's teardown")) +
                u'\n';
        QStringList children;
        for (const QJsonValue &c : o.value(u"children"_s).toArray())
            children.append(c.toString());
        if (!children.isEmpty())
            text += ReportText::tr("Children removed with it: %1").arg(children.join(u", "_s)) + u'\n';
        return text;
    }
    if (verb == u"import" && document.isObject()) {
        QString text;
        const bool dryRun = o.value(u"dry_run"_s).toBool();
        const QJsonArray imported = o.value(u"imported"_s).toArray();
        text += (dryRun ? ReportText::tr("Would import (%n):", nullptr, int(imported.size()))
                        : ReportText::tr("Imported (%n):", nullptr, int(imported.size()))) +
                u'\n';
        for (const QJsonValue &v : imported) {
            const QJsonObject i = v.toObject();
            text += u"  %1  %2  %3\n"_s.arg(i.value(u"path"_s).toString(),
                                             i.value(u"kind"_s).toString(),
                                             i.value(u"url"_s).toString());
        }
        const QJsonArray skipped = o.value(u"skipped"_s).toArray();
        if (!skipped.isEmpty()) {
            text += ReportText::tr("Skipped (%n):", nullptr, int(skipped.size())) + u'\n';
            for (const QJsonValue &v : skipped)
                text += u"  %1  %2\n"_s.arg(v.toObject().value(u"path"_s).toString(),
                                             v.toObject().value(u"reason"_s).toString());
        }
        const QJsonArray failed = o.value(u"failed"_s).toArray();
        if (!failed.isEmpty()) {
            text += ReportText::tr("Failed (%n):", nullptr, int(failed.size())) + u'\n';
            for (const QJsonValue &v : failed)
                text += u"  %1  %2\n"_s.arg(v.toObject().value(u"path"_s).toString(),
                                             v.toObject().value(u"error"_s).toString());
        }
        return text;
    }
    if (verb == u"add" && document.isObject()) {
        return (o.value(u"dry_run"_s).toBool() ? ReportText::tr("Would add %1 (%2) at %3 from %4")
                                                : ReportText::tr("Added %1 (%2) at %3 from %4"))
                   .arg(o.value(u"id"_s).toString(), o.value(u"type"_s).toString(),
                        o.value(u"path"_s).toString(), o.value(u"url"_s).toString()) +
               u'\n';
    }
    if (verb == u"doctor" && document.isObject()) {
        QString text;
        for (const QJsonValue &v : o.value(u"fixed"_s).toArray())
            text += ReportText::tr("fixed %1: %2").arg(v.toObject().value(u"check"_s).toString(),
                                           v.toObject().value(u"detail"_s).toString()) +
                    u'\n';
        for (const QJsonValue &v : o.value(u"findings"_s).toArray()) {
            const QJsonObject f = v.toObject();
            if (f.value(u"severity"_s).toString() == u"ok")
                continue;
            text += u"%1  %2  %3\n"_s.arg(f.value(u"severity"_s).toString(),
                                           f.value(u"check"_s).toString(),
                                           f.value(u"detail"_s).toString());
        }
        return text.isEmpty() ? ReportText::tr("Every check passed.") + u'\n' : text;
    }
    return QString::fromUtf8(document.isArray()
                                 ? QJsonDocument(document.toArray()).toJson(QJsonDocument::Indented)
                                 : QJsonDocument(o).toJson(QJsonDocument::Indented));
}

} // namespace Grex::Gui
