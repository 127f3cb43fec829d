#include "core/verbs/update.h"

#include "core/engine/pipeline.h"
#include "core/operationcontext.h"
#include "core/verbs/verbsupport.h"
#include "core/manifest/intentlog.h"
#include "core/workspace.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Grex {

Result<UpdateOptions> UpdateOptions::fromJson(const QJsonObject &args)
{
    UpdateOptions options;
    LifecycleRequest &lifecycles = options.request.lifecycles;
    if (Result<void> filter = readFilter(args, lifecycles.filter); !filter)
        return filter.error();
    options.pack = optionalString(args, u"pack"_s);
    options.ref = optionalString(args, u"ref"_s);
    if (options.ref && options.ref->trimmed().isEmpty())
        return usageError(u"invalid_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "--ref must not be empty")));
    if (options.ref && !options.pack)
        return usageError(u"ref_needs_pack"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "--ref changes the ref of one pack: "
                                                            "name it (grex update PACK --ref "
                                                            "%1)"),
                                  {*options.ref}));
    lifecycles.force = args.value(u"force"_s).toBool();
    options.request.submodules = !args.value(u"noSubmodules"_s).toBool();
    lifecycles.dryRun = args.value(u"dryRun"_s).toBool();
    for (const QJsonValue &glob : args.value(u"only"_s).toArray())
        lifecycles.only.append(glob.toString());
    return options;
}

JsonValue UpdateReport::toJson() const
{
    JsonArray array;
    for (const PackOutcome &p : run.packs) {
        if (p.result == u"filtered")
            continue;
        JsonObject o{{u"id"_s, p.id},
                     {u"synced"_s, p.result != u"not_run" && !p.error},
                     {u"reinstalled"_s, p.ran && p.result == u"ok" && !p.plain},
                     {u"plain"_s, p.plain},
                     {u"reason"_s, p.reason.isEmpty() ? u"none"_s : p.reason},
                     {u"sha_before"_s, p.shaBefore},
                     {u"sha_after"_s, p.shaAfter}};
        o.insert(u"outcome"_s, p.outcome(false));
        p.addFetchTo(o);
        array.append(o);
    }
    return array;
}

Result<UpdateReport> update(Workspace &workspace, const UpdateOptions &options,
                            OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    Result<std::optional<FileLock>> lock =
        workspace.lockForWritingIf(!options.request.lifecycles.dryRun);
    if (!lock)
        return lock.error();
    if (options.ref) {
        // A registered pack's ref is the workspace's to change; a child's is in its parent's
        // pack.yaml.
        Result<QMap<QString, PackState>> packs = workspace.readPacks(ctx);
        if (!packs)
            return packs.error();
        Result<PackState> pack = findPack(*packs, *options.pack);
        if (!pack)
            return pack.error();
        if (pack->ref != options.ref && !options.request.lifecycles.dryRun) {
            if (Result<AppendReport> appended = workspace.intentLog().append(
                    Event::update(pack->id, u"ref"_s, options.ref));
                !appended)
                return appended.error();
        }
    }
    Result<QList<WalkSeed>> seeds = pipelineSeeds(workspace, ctx);
    if (!seeds)
        return seeds.error();
    QList<WalkSeed> walked = *seeds;
    if (options.pack) {
        walked.removeIf([&](const WalkSeed &seed) { return seed.id != *options.pack; });
        if (walked.isEmpty())
            return findPack({}, *options.pack).error();
        if (options.ref)
            walked.first().ref = options.ref; // a dry run records nothing
    }

    Result<LifecycleReport> report = executePipeline(workspace, walked, options.request, ctx);
    if (!report)
        return report.error();
    const LifecycleReport run = *report;
    Result<LifecycleReport> concluded = concludeLifecycles(std::move(report).value(), ctx);
    // A run whose packs could not all be fetched still has update's document (docs/design.md,
    // "grex update").
    if (!concluded && concluded.error().reason() == u"packs_failed")
        return Error(concluded.error()).withDetail(u"report"_s, UpdateReport{run}.toJson());
    if (!concluded)
        return concluded.error();
    return UpdateReport{std::move(concluded).value()};
}

} // namespace Grex
