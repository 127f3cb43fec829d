#include "core/verbs/verbsupport.h"

#include "core/git/fetcher.h"
#include "core/operationcontext.h"
#include "core/suggest.h"
#include "core/visibletext.h"
#include "core/workspace.h"

#include <QMutex>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace Grex {

Error usageError(const QString &reason, Message message)
{
    return Error(ErrorKind::Usage, reason, std::move(message));
}

Error stateError(const QString &reason, Message message)
{
    return Error(ErrorKind::PackOp, reason, std::move(message));
}

Result<QString> resolvePackName(const QList<PackName> &packs, const QString &idOrPath)
{
    for (const PackName &pack : packs) {
        if (pack.id == idOrPath)
            return pack.id;
    }
    for (const PackName &pack : packs) {
        if (pack.path == idOrPath)
            return pack.id;
    }
    // A nested pack (src/tools/fd) also answers to its last part when no other pack does.
    QList<const PackName *> named;
    for (const PackName &pack : packs) {
        if (pack.path.endsWith(u'/' + idOrPath))
            named.append(&pack);
    }
    if (named.size() == 1)
        return named.constFirst()->id;
    if (named.size() > 1) {
        QStringList paths;
        for (const PackName *pack : std::as_const(named))
            paths.append(pack->path);
        return Error(ErrorKind::Usage, u"ambiguous_pack"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "'%1' could be any of %2; give the whole "
                                                       "path"),
                             {idOrPath, paths.join(u", "_s)}))
            .withDetail(u"pack"_s, idOrPath)
            .withDetail(u"candidates"_s, JsonValue(paths));
    }
    Error unknown(ErrorKind::Usage, u"unknown_pack"_s,
                  Message(QT_TRANSLATE_NOOP("Grex", "no registered pack is called '%1'"),
                          {idOrPath}));
    unknown.withDetail(u"pack"_s, idOrPath);
    QStringList names;
    for (const PackName &pack : packs)
        names.append(pack.id);
    if (const QString meant = closestWord(idOrPath, names); !meant.isEmpty()) {
        return std::move(unknown).withDetail(u"did_you_mean"_s, meant).withHint(
            Message(QT_TRANSLATE_NOOP("Grex", "did you mean '%1'?"), {meant}));
    }
    return std::move(unknown).withHint(
        Message(QT_TRANSLATE_NOOP("Grex", "'grex ls' lists the registered packs")));
}

Result<PackState> findPack(const QMap<QString, PackState> &packs, const QString &idOrPath)
{
    // The id is a key of the map: most names need no list.
    if (auto it = packs.find(idOrPath); it != packs.end())
        return *it;
    QList<PackName> names;
    names.reserve(packs.size());
    for (const PackState &pack : packs)
        names.append({pack.id, pack.path});
    Result<QString> id = resolvePackName(names, idOrPath);
    if (!id)
        return id.error();
    return packs.value(*id);
}

Result<QStringList> cloneMissingPacks(Workspace &workspace, const QList<PackState> &packs,
                                      OperationContext &ctx)
{
    if (packs.isEmpty())
        return QStringList();
    QThreadPool pool;
    pool.setMaxThreadCount(ctx.width().networkThreads());

    QMutex mutex;
    QStringList cloned;
    std::optional<Error> firstError;
    qint64 done = 0;
    const qint64 total = packs.size();
    QList<QFuture<void>> futures;
    for (const PackState &pack : packs) {
        futures.append(QtConcurrent::run(&pool, [&, pack] {
            if (ctx.stopRequested())
                return;
            qint64 finished = 0;
            {
                QMutexLocker locker(&mutex);
                finished = done;
            }
            ctx.progress(finished, total,
                         Message(QT_TRANSLATE_NOOP("Grex", "cloning %1"), {pack.id}));
            CloneOptions options;
            if (pack.depth)
                options.depth = int(*pack.depth);
            options.filter = pack.cloneFilter;
            Result<FetchReport> report = workspace.fetcher().clone(
                pack.url, workspace.packDir(pack.path), pack.ref, options, ctx.stopToken());
            QMutexLocker locker(&mutex);
            ++done;
            if (report) {
                cloned.append(pack.id);
            } else if (!firstError) {
                firstError = std::move(report).error().withDetail(u"pack"_s, pack.id);
            }
        }));
    }
    for (QFuture<void> &future : futures)
        future.waitForFinished();

    std::sort(cloned.begin(), cloned.end(), utf8Less);
    if (ctx.stopRequested()) {
        return Error(ErrorKind::Cancelled, u"cancelled"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cloning was cancelled after %1 of %2 "
                                                       "pack(s): %3"),
                             {QString::number(cloned.size()), QString::number(total),
                              cloned.isEmpty() ? u"-"_s : cloned.join(u", "_s)}))
            .withDetail(u"cloned"_s, JsonValue(cloned));
    }
    if (firstError)
        return std::move(*firstError).withDetail(u"cloned"_s, JsonValue(cloned));
    return cloned;
}

std::optional<QString> optionalString(const QJsonObject &args, const QString &key)
{
    const QJsonValue value = args.value(key);
    if (!value.isString())
        return std::nullopt;
    return value.toString();
}

Result<void> requestApproval(const Workspace &workspace, const ApprovalRequest &request,
                             Message refused, OperationContext &ctx)
{
    const ApprovalDecision decision =
        ctx.approvalPolicy() ? ctx.approvalPolicy()->approve(request, ctx.stopToken())
                             : ApprovalDecision::refuse(Message(QT_TRANSLATE_NOOP(
                                   "Grex", "nothing is set up to approve destructive verbs")));
    if (ctx.stopRequested())
        return cancelledError();
    // Every decision goes into the audit log, refusals and session grants too; a failed write
    // does not change the decision.
    const auto record = [&](const Event &event) {
        if (Result<AppendReport> logged = workspace.intentLog().append(event); !logged)
            ctx.warn(logged.error().message());
    };
    const QString by = decision.by.isEmpty() ? u"policy"_s : decision.by;
    if (!decision.approved && !decision.waitingFor.isEmpty()) {
        return Error(ErrorKind::NotApproved, u"waiting_for_approval"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "waiting for approval in the grex "
                                                       "window")))
            .withHint(Message(QT_TRANSLATE_NOOP("Grex", "call it again with the same arguments "
                                                        "to go on: it waits a while for the "
                                                        "person's answer, then runs, says why "
                                                        "not, or that it is still waiting")))
            .withDetail(u"approval"_s, decision.waitingFor);
    }
    if (!decision.approved) {
        if (!decision.deferred) {
            record(Event::denied(request.verb, request.packs, shellQuoted(request.command), by,
                                 decision.client, decision.reason.text()));
        }
        return Error(ErrorKind::NotApproved, u"not_approved"_s, std::move(refused))
            .withHint(decision.reason);
    }
    record(Event::approved(request.verb, request.packs, shellQuoted(request.command), by,
                           decision.client));
    if (decision.grantsSession)
        record(Event::grant(EventOp::Granted, request.verb, decision.grantee, by));
    return {};
}

Result<void> readFilter(const QJsonObject &args, PackFilter &filter)
{
    Result<PackFilter> parsed = PackFilter::parse(args.value(u"filter"_s).toString());
    if (!parsed)
        return parsed.error();
    filter = std::move(parsed).value();
    return {};
}

Result<QString> readMessage(const QJsonObject &args, bool required)
{
    const QString message = args.value(u"message"_s).toString();
    if (required && message.trimmed().isEmpty()) {
        return usageError(u"missing_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "a commit needs a message: "
                                                            "--message TEXT")));
    }
    // git reads the message as C text: a NUL would end it early.
    if (message.contains(QChar(0))) {
        return usageError(u"invalid_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "the message contains a NUL "
                                                            "character")));
    }
    return message;
}

} // namespace Grex
