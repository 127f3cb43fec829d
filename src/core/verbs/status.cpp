#include "core/verbs/status.h"

#include "core/engine/walker.h"
#include "core/git/fetcher.h"
#include "core/manifest/fold.h"
#include "core/operationcontext.h"
#include "core/pack/actionshash.h"
#include "core/verbs/verbparams.h"
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

DocShape StatusReport::shape()
{
    using S = DocShape;
    const DocShape text = S::string();
    const DocShape count = S::integer();
    return S::array(S::object(
        {field(u"id"_s, text, nullptr),
         field(u"path"_s, text, nullptr),
         field(u"type"_s, text.orNull(), "null before a clone tells it"),
         field(u"depth"_s, count, "0 for a registered pack, 1 for its children, ..."),
         field(u"parents"_s, S::array(text), "the packs that list it as a child"),
         field(u"tags"_s, S::array(text), nullptr),
         field(u"registered"_s, S::boolean(), "in grex.jsonl (else a child or untracked)"),
         field(u"on_disk"_s, S::boolean(), nullptr),
         field(u"plain"_s, S::boolean(), "a repository without pack.yaml"),
         field(u"sha_match"_s, S::boolean(), "at the commit it was installed from"),
         field(u"actions_hash_match"_s, S::boolean(), "its actions are those installed"),
         field(u"drift"_s, S::string(PackFilter::driftKinds()), "the most urgent drift"),
         field(u"drifts"_s, S::array(S::string(PackFilter::driftKinds())),
               "every drift that holds, most urgent first"),
         field(u"stale_reason"_s, text.orNull(), nullptr),
         field(u"sha"_s, text.orNull(), nullptr),
         field(u"branch"_s, text.orNull(), nullptr),
         field(u"upstream"_s, text.orNull(), nullptr),
         field(u"ahead"_s, count, nullptr),
         field(u"behind"_s, count, "as of the last fetch"),
         field(u"changed_files"_s, count, nullptr),
         field(u"staged_files"_s, count, nullptr),
         field(u"untracked_files"_s, count, nullptr),
         field(u"expected_branch"_s, text.orNull(), nullptr),
         field(u"upstream_gone"_s, S::boolean(), nullptr),
         field(u"remote_default_branch"_s, text.orNull(), nullptr),
         field(u"upstream_rewritten"_s, S::boolean(), nullptr),
         field(u"installed_at"_s, text.orNull(), nullptr),
         field(u"last_fetched"_s, text.orNull(), nullptr),
         field(u"error"_s, text.orNull(), "why it cannot be read"),
         optionalField(u"fetch_error"_s, Error::shape(), "status --fetch: why it failed"),
         optionalField(u"lock_holder"_s,
                       S::object({field(u"pid"_s, count, nullptr), field(u"host"_s, text, nullptr),
                                  field(u"application"_s, text, nullptr)})
                           .orNull(),
                       "status --long: who holds its lock")}));
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
    inspect.fetchFilter = options.filter;
    inspect.staleAfterSeconds = options.staleAfterSeconds;
    Result<QList<StatusEntry>> entries = inspectWorkspace(workspace, inspect, ctx);
    if (!entries)
        return entries.error();
    StatusReport report;
    for (StatusEntry &e : *entries) {
        if (options.filter.matches(subjectOf(e, e.depth).withDrifts(e.drifts)))
            report.packs.append(std::move(e));
    }
    std::sort(report.packs.begin(), report.packs.end(),
              [](const StatusEntry &a, const StatusEntry &b) { return utf8Less(a.id, b.id); });

    // As in a sync, packs whose remote failed make the run fail, with the whole report. Without
    // --fetch, a failure an earlier fetch left is drift (fetch_failed), not this run's.
    QStringList failed;
    for (const StatusEntry &e : report.packs) {
        if (options.fetch && e.fetchError)
            failed.append(e.id); // why, in the report's row of each
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

VerbSpec makeStatusVerb()
{
    VerbSpec verb;
    verb.name = u"status"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Show pack status");
    verb.summary =
        QT_TRANSLATE_NOOP("Grex", "Show what drifted: local changes, missing or stale packs, "
                                  "commits ahead or behind.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Shows, for every pack, how it drifted from what grex installed: missing "
                "(registered but not on disk), dirty (tracked files changed), stale (not "
                "installed, or installed from another commit or other actions), behind or ahead "
                "of its upstream, or untracked (a clone in the workspace that is not "
                "registered). A pack with none of these is clean.\n\n"
                "status reads local state only, so behind is as of the last fetch, which it "
                "shows; --fetch first fetches every pack in parallel (those --filter admits), "
                "changing no working tree. "
                "With --fail-on-drift it exits with 7 when any pack is not clean, for scripts "
                "and CI.");
    verb.examples = {
        {"grex status", QT_TRANSLATE_NOOP("Grex", "What drifted, pack by pack.")},
        {"grex status --fail-on-drift --json",
         QT_TRANSLATE_NOOP("Grex", "In a script: one JSON document, and exit 7 when anything "
                                   "drifted.")},
        {"grex status --fetch",
         QT_TRANSLATE_NOOP("Grex", "Fetch every pack first, then show what is new upstream.")},
        {"grex status --filter 'drift=dirty|behind'",
         QT_TRANSLATE_NOOP("Grex", "Only the packs with local changes or new upstream "
                                   "commits.")},
    };
    verb.readOnly = true; // --fetch updates remote-tracking refs, never a working tree
    verb.idempotent = true;
    verb.openWorld = true; // --fetch talks to the remotes
    verb.icon = u"refresh"_s;
    verb.failureCarriesReport = true;
    verb.params = {
        param(u"long"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Also show install times and who holds each pack's "
                                        "lock.")),
        param(u"staleAfter"_s, ParamType::String,
              QT_TRANSLATE_NOOP("Grex", "Count packs installed longer ago than this as stale "
                                        "(7d, 12h, 30m)."),
              u"DURATION"_s),
        param(u"failOnDrift"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Exit with 7 when any pack is not clean.")),
        param(u"fetch"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Fetch every pack first, in parallel (no working tree "
                                        "changes), then report.")),
        parallelParam(),
        filterParam(),
    };
    bindInvoker<StatusOptions, StatusReport, status>(verb);
    return verb;
}

} // namespace Grex
