#include "text/reporttext.h"

#include "text/texttr.h"
#include "text/verbtexts_p.h"

#include "core/engine/lifecycles.h"
#include "core/error.h"
#include "core/verbs/verbregistry.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Grex::Text {

using namespace Internal;

namespace {

using Render = Lines (*)(const DocView &document, const Options &options);

// The text of each verb: one row per verb of the registry (a test checks there is one).
const QHash<QString, Render> &renderers()
{
    static const QHash<QString, Render> table{
        {u"init"_s, [](const DocView &d, const Options &) { return initText(d); }},
        {u"add"_s, [](const DocView &d, const Options &o) { return addText(d, o); }},
        {u"rm"_s, [](const DocView &d, const Options &) { return rmText(d); }},
        {u"tag"_s, [](const DocView &d, const Options &) { return tagText(d); }},
        {u"ls"_s, [](const DocView &d, const Options &o) { return lsText(d, o); }},
        {u"sync"_s, [](const DocView &d, const Options &o) { return syncText(d, o); }},
        {u"teardown"_s, [](const DocView &d, const Options &o) { return syncText(d, o); }},
        {u"update"_s, [](const DocView &d, const Options &) { return updateText(d); }},
        {u"status"_s, [](const DocView &d, const Options &o) { return statusText(d, o); }},
        {u"doctor"_s, [](const DocView &d, const Options &) { return doctorText(d); }},
        {u"import"_s, [](const DocView &d, const Options &o) { return importText(d, o); }},
        {u"run"_s, [](const DocView &d, const Options &) { return runText(d); }},
        {u"exec"_s, [](const DocView &d, const Options &) { return execText(d); }},
        {u"safe-to-leave"_s, [](const DocView &d, const Options &) { return safeToLeaveText(d); }},
        {u"switch"_s, [](const DocView &d, const Options &) { return packGitText(d); }},
        {u"stash"_s, [](const DocView &d, const Options &) { return packGitText(d); }},
        {u"discard"_s, [](const DocView &d, const Options &) { return packGitText(d); }},
        {u"commit"_s, [](const DocView &d, const Options &) { return packGitText(d); }},
        {u"push"_s, [](const DocView &d, const Options &) { return packGitText(d); }},
        {u"task-start"_s, [](const DocView &d, const Options &) { return taskStartText(d); }},
        {u"task-status"_s, [](const DocView &d, const Options &) { return taskStatusText(d); }},
        {u"task-diff"_s, [](const DocView &d, const Options &) { return taskDiffText(d); }},
        {u"task-commit"_s, [](const DocView &d, const Options &) { return taskCommitText(d); }},
        {u"task-push"_s, [](const DocView &d, const Options &) { return taskPushText(d); }},
        {u"task-finish"_s, [](const DocView &d, const Options &) { return taskEndText(d); }},
        {u"task-abandon"_s, [](const DocView &d, const Options &) { return taskEndText(d); }},
    };
    return table;
}

// The shape a verb declares for its document, which the renderers read through.
const DocShape &declaredShape(const QString &verb)
{
    const VerbSpec *spec = findVerb(verb);
    return spec && spec->documentShape ? spec->documentShape() : DocShape::anything();
}

// The JSON type of a verb's document, as its registry row records it; a failure's
// details.report is shown only in that shape.
JsonValue::Type documentType(const VerbSpec &spec)
{
    return spec.objectResult ? JsonValue::Type::Object : JsonValue::Type::Array;
}

QString indentedJson(const JsonValue &document)
{
    const QJsonValue value = document.toQJsonValue();
    return QString::fromUtf8(value.isArray()
                                 ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented)
                                 : QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented));
}

} // namespace

bool hasReportText(const QString &verb)
{
    return renderers().contains(verb);
}

Lines reportLines(const QString &verb, const JsonValue &document, const Options &options)
{
    if (const Render render = renderers().value(verb))
        return render(DocView(document, declaredShape(verb)), options);
    Lines lines;
    for (const QString &line : indentedJson(document).split(u'\n', Qt::SkipEmptyParts))
        lines.append(Line(line));
    return lines;
}

Failure failureLines(const QString &verb, const Error &error, const Options &options)
{
    const VerbSpec *spec = findVerb(verb);
    if (!spec)
        return {};
    const JsonValue report = error.details().value(u"report"_s);
    const bool hasShape = report.type() == documentType(*spec);
    const bool runReport = spec->reportShape == ReportShape::RunReport;
    // A verb whose packs failed one by one carries its outcomes: its own document.
    if (spec->failureCarriesReport ||
        (spec->reportShape == ReportShape::PackOutcomes && error.reason() == u"packs_failed")) {
        if (hasShape)
            return {reportLines(verb, report, options), true};
        return {};
    }
    if (spec->reportShape == ReportShape::Own)
        return {};
    if (report.toObject().isEmpty())
        return {};
    const DocView run(report, shapeOf<LifecycleReport>());
    Failure failure;
    if (runReport) {
        failure.lines = syncText(run, options);
        if (error.kind() == ErrorKind::Cancelled || error.reason() == u"packs_failed")
            return failure;
    } else if (error.kind() == ErrorKind::Cancelled) {
        return {};
    }
    const Lines halt = haltText(run);
    failure.lines += halt;
    failure.showsError = halt.isEmpty();
    return failure;
}

Lines errorLines(const Error &error)
{
    Lines lines{Line({Span{Tr::tr("error:"), Style::BoldRed}, Span{u' ' + error.displayText()}},
                     Channel::Err)};
    if (!error.hint().isEmpty()) {
        lines.append(
            Line(u"  "_s + Tr::tr("hint:") + u' ' + error.hint().displayText(), Channel::Err));
    }
    return lines;
}

QString stepLine(const JsonObject &record, const Options &options)
{
    const DocView step(record, shapeOf<StepRecord>());
    const QString result = step.string(u"result"_s);
    const QString pack = step.value(u"pack"_s).toString();
    const JsonValue details = step.value(u"details"_s);
    if (result == u"skipped") {
        const JsonObject hashSkip = details.toObject();
        return u"[skipped] pack="_s + pack + u" path="_s +
               hashSkip.value(u"pack_path"_s).toString() + u" hash="_s +
               hashSkip.value(u"actions_hash"_s).toString();
    }
    QString tag = u"other"_s;
    if (result == u"performed_change")
        tag = u"ok"_s;
    else if (result == u"would_perform_change")
        tag = u"would"_s;
    else if (result == u"noop" || result == u"already_satisfied")
        tag = u"noop"_s;
    QString line = u'[' + tag + u"] pack="_s + pack + u" action="_s +
                   step.value(u"action"_s).toString() + u" idx="_s +
                   QString::number(step.value(u"idx"_s).toInteger());
    if (!options.stepDetails)
        return line;
    // What a person reads of the details: their text, or their JSON without the bookkeeping.
    if (details.isString() && !details.toString().isEmpty())
        return line + u"  "_s + details.toString();
    JsonObject object = details.toObject();
    object.remove(u"actions_hash"_s);
    object.remove(u"pack_path"_s);
    return object.isEmpty() ? line : line + u"  "_s + QString::fromUtf8(object.toJson());
}

Lines packOutputLines(const JsonObject &output, const Options &options)
{
    const QString pack = output.value(u"pack"_s).toString();
    const qint64 exit = output.value(u"exit"_s).toInteger(-1);
    const QString status = exit == 0 ? Tr::tr("exit 0") : Tr::tr("exit %1").arg(exit);
    const QString header = options.unicode ? u"── %1 (%2) ──"_s.arg(pack, status)
                                           : u"== %1 (%2) =="_s.arg(pack, status);
    Lines lines{Line({Span{header, exit == 0 ? Style::Bold : Style::Red}})};
    for (const QString &key : {u"stdout"_s, u"stderr"_s}) {
        QString text = output.value(key).toString();
        if (text.isEmpty())
            continue;
        if (!text.endsWith(u'\n'))
            text += u'\n';
        Line block({Span{text, key == u"stderr" ? Style::Yellow : Style::Plain}});
        block.newline = false;
        lines.append(block);
    }
    return lines;
}

QString activityText(const QString &activity)
{
    if (activity == u"fetch")
        return Tr::tr("fetching");
    if (activity == u"clone")
        return Tr::tr("cloning");
    if (activity == u"checkout")
        return Tr::tr("checking out");
    if (activity == u"sync" || activity == u"update")
        return Tr::tr("installing");
    if (activity == u"teardown")
        return Tr::tr("tearing down");
    if (activity == u"exec" || activity == u"run")
        return Tr::tr("running in");
    return activity;
}

QString packsInFlightText(const QMap<QString, QString> &activityByPack, qsizetype names)
{
    QMap<QString, QStringList> byActivity;
    qsizetype named = 0;
    for (auto it = activityByPack.begin(); it != activityByPack.end() && named < names;
         ++it, ++named)
        byActivity[it.value()].append(it.key());
    QStringList parts;
    for (auto it = byActivity.begin(); it != byActivity.end(); ++it)
        parts.append(activityText(it.key()) + u' ' + it.value().join(u", "_s));
    QString text = parts.join(u" · "_s);
    if (activityByPack.size() > named)
        text += Tr::tr(" and %1 more").arg(activityByPack.size() - named);
    return text;
}

QString bytesText(qint64 bytes)
{
    if (bytes < 1024)
        return Tr::tr("%1 B").arg(bytes);
    if (bytes < 1024 * 1024)
        return Tr::tr("%1 KiB").arg(QString::number(double(bytes) / 1024.0, 'f', 0));
    if (bytes < 1024LL * 1024 * 1024)
        return Tr::tr("%1 MiB").arg(QString::number(double(bytes) / (1024.0 * 1024), 'f', 1));
    return Tr::tr("%1 GiB").arg(QString::number(double(bytes) / (1024.0 * 1024 * 1024), 'f', 2));
}

void InFlight::started(const QString &pack, const QString &activity)
{
    m_activity.insert(pack, activity);
}

void InFlight::received(const QString &pack, qint64 bytes)
{
    m_bytes.insert(pack, bytes);
}

void InFlight::finished(const QString &pack)
{
    m_activity.remove(pack);
    m_finishedBytes += m_bytes.take(pack);
}

void InFlight::clearPacks()
{
    for (const QString &pack : m_activity.keys())
        finished(pack);
}

QString InFlight::text(qsizetype names) const
{
    QString line = packsInFlightText(m_activity, names);
    qint64 bytes = m_finishedBytes;
    for (const qint64 b : m_bytes)
        bytes += b;
    if (bytes > 0)
        line +=
            (line.isEmpty() ? QString() : u" · "_s) + Tr::tr("%1 received").arg(bytesText(bytes));
    return line;
}

QString shortSha(const JsonValue &sha)
{
    const QString text = sha.toString();
    return text.isEmpty() ? u"-"_s : text.left(7);
}

} // namespace Grex::Text
