#include "core/verbs/status.h"

#include "core/engine/walker.h"
#include "core/git/fetcher.h"
#include "core/manifest/fold.h"
#include "core/operationcontext.h"
#include "core/pack/actionshash.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"

#include <QDir>
#include <QFileInfo>
#include <QMutex>
#include <QSet>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

Error invalidDuration(const QString &text, const QString &why)
{
    return usageError(u"invalid_duration"_s,
                      Message(QT_TRANSLATE_NOOP("Grex", "invalid --stale-after '%1': %2 (use a "
                                                        "number and a unit s, m, h, d or w, "
                                                        "like 7d or 12h)"),
                              {text, why}))
        .withDetail(u"value"_s, text);
}

} // namespace

Result<qint64> parseDuration(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return invalidDuration(text, u"it is empty"_s);
    qint64 total = 0;
    qsizetype pos = 0;
    while (pos < trimmed.size()) {
        const qsizetype start = pos;
        while (pos < trimmed.size() && trimmed.at(pos).isDigit())
            ++pos;
        if (pos == start)
            return invalidDuration(text, u"expected a number at '%1'"_s.arg(trimmed.mid(start)));
        bool ok = false;
        const qint64 number = trimmed.mid(start, pos - start).toLongLong(&ok);
        if (!ok || number > 1'000'000)
            return invalidDuration(text, u"the number is too large"_s);
        if (pos == trimmed.size())
            return invalidDuration(text, u"the number %1 has no unit"_s.arg(number));
        qint64 unit = 0;
        switch (trimmed.at(pos).unicode()) {
        case 's':
            unit = 1;
            break;
        case 'm':
            unit = 60;
            break;
        case 'h':
            unit = 3600;
            break;
        case 'd':
            unit = 86400;
            break;
        case 'w':
            unit = 7 * 86400;
            break;
        default:
            return invalidDuration(text, u"unknown unit '%1'"_s.arg(trimmed.at(pos)));
        }
        ++pos;
        total += number * unit;
    }
    return total;
}

Result<StatusOptions> StatusOptions::fromJson(const QJsonObject &args)
{
    StatusOptions options;
    if (const std::optional<QString> staleAfter = optionalString(args, u"staleAfter"_s)) {
        Result<qint64> seconds = parseDuration(*staleAfter);
        if (!seconds)
            return seconds.error();
        options.staleAfterSeconds = *seconds;
    }
    options.failOnDrift = args.value(u"failOnDrift"_s).toBool();
    options.long_ = args.value(u"long"_s).toBool();
    options.fetch = args.value(u"fetch"_s).toBool();
    if (Result<void> filter = readFilter(args, options.filter); !filter)
        return filter.error();
    return options;
}

JsonValue StatusReport::toJson() const
{
    JsonArray array;
    for (const StatusEntry &entry : packs)
        array.append(entry.toJson());
    return array;
}

QString StatusReport::driftSummary() const
{
    QMap<QString, int> counts;
    int drifted = 0;
    for (const StatusEntry &e : packs) {
        if (e.drift == u"clean")
            continue;
        ++drifted;
        ++counts[e.drift];
    }
    if (drifted == 0)
        return {};
    QStringList parts;
    for (const QString &kind : PackFilter::driftKinds()) {
        if (counts.value(kind) > 0)
            parts.append(u"%1 %2"_s.arg(counts.value(kind)).arg(kind));
    }
    return u"%1 of %2 pack(s) drifted: %3"_s.arg(drifted)
        .arg(packs.size())
        .arg(parts.join(u", "_s));
}

Result<StatusReport> status(Workspace &workspace, const StatusOptions &options,
                            OperationContext &ctx)
{
    InspectOptions inspect;
    inspect.long_ = options.long_;
    inspect.fetch = options.fetch;
    inspect.staleAfterSeconds = options.staleAfterSeconds;
    Result<QList<StatusEntry>> entries = inspectWorkspace(workspace, inspect, ctx);
    if (!entries)
        return entries.error();
    StatusReport report;
    for (StatusEntry &e : *entries) {
        if (options.filter.matches(
                FilterSubject::of(e.id, e.path, e.type, e.url, e.depth, e.drifts, e.tags)))
            report.packs.append(std::move(e));
    }
    std::sort(report.packs.begin(), report.packs.end(),
              [](const StatusEntry &a, const StatusEntry &b) { return utf8Less(a.id, b.id); });

    // As in a sync, packs whose remote failed make the run fail, with the whole report. Without
    // --fetch, a failure an earlier fetch left is drift (fetch_failed), not this run's.
    QStringList failed;
    for (const StatusEntry &e : report.packs) {
        if (options.fetch && e.fetchError)
            failed.append(u"%1 (%2)"_s.arg(e.id, e.fetchError->reason()));
    }
    if (!failed.isEmpty()) {
        return Error(ErrorKind::PackOp, u"packs_failed"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "status: %1 of %2 pack(s) could not be "
                                                       "fetched: %3"),
                             {QString::number(failed.size()), QString::number(report.packs.size()),
                              failed.join(u", "_s)}))
            .withDetail(u"report"_s, report.toJson());
    }
    if (options.failOnDrift) {
        const QString summary = report.driftSummary();
        if (!summary.isEmpty()) {
            return Error(ErrorKind::Drift, u"drift_found"_s, Message("%1", {summary}))
                .withDetail(u"report"_s, report.toJson());
        }
    }
    return report;
}

} // namespace Grex
