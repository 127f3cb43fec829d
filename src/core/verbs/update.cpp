#include "core/verbs/update.h"

#include "core/engine/pipeline.h"
#include "core/operationcontext.h"
#include "core/verbs/verbparams.h"
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
        if (p.result == LifecycleResult::Filtered)
            continue;
        JsonObject o{{u"id"_s, p.id},
                     {u"synced"_s, p.result != LifecycleResult::NotRun && !p.error},
                     {u"reinstalled"_s, p.ran && p.result == LifecycleResult::Ok && !p.plain},
                     {u"plain"_s, p.plain},
                     {u"reason"_s, p.reason.isEmpty() ? u"none"_s : p.reason},
                     {u"sha_before"_s, p.shaBefore},
                     {u"sha_after"_s, p.shaAfter}};
        o.insert(u"outcome"_s, wireName(p.outcome(false)));
        p.addFetchTo(o);
        array.append(o);
    }
    return array;
}

DocShape UpdateReport::shape()
{
    using S = DocShape;
    std::vector<DocShape::Field> fields{
        field(u"id"_s, S::string(), nullptr),
        field(u"synced"_s, S::boolean(), "it was fetched and brought up to date"),
        field(u"reinstalled"_s, S::boolean(), "its actions ran again"),
        field(u"plain"_s, S::boolean(), "a repository without pack.yaml"),
        field(u"reason"_s, S::string(),
              "new, sha-changed, hash-changed, forced, interrupted, none"),
        field(u"sha_before"_s, S::string(), nullptr),
        field(u"sha_after"_s, S::string(), nullptr),
        field(u"outcome"_s, S::string(packOutcomeNames()), "what it means for the person")};
    for (DocShape::Field &f : PackOutcome::fetchFields())
        fields.push_back(std::move(f));
    return S::array(S::object(std::move(fields)));
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

VerbSpec makeUpdateVerb()
{
    VerbSpec verb;
    verb.name = u"update"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Update packs");
    verb.summary =
        QT_TRANSLATE_NOOP("Grex", "Update one or more packs (re-resolve refs, reinstall).");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Fetches and re-resolves each pack's ref as sync does, then reinstalls the packs "
                "whose commit or actions changed since their last install (all of them with "
                "--force), and says why for each: new, sha-changed, hash-changed, forced, "
                "interrupted (the last install was cut off) or "
                "none. With PACK, only that pack and its children.");
    verb.examples = {
        {"grex update dotfiles",
         QT_TRANSLATE_NOOP("Grex", "Update one pack and reinstall it if it changed.")},
        {"grex update --force", QT_TRANSLATE_NOOP("Grex", "Reinstall every pack.")},
        {"grex update dotfiles --ref trunk",
         QT_TRANSLATE_NOOP("Grex", "Make the pack follow the branch trunk from now on (after "
                                   "its remote renamed master to trunk) and switch to it.")},
    };
    verb.openWorld = true;
    verb.icon = u"update"_s;
    verb.locksWorkspace = true;
    verb.longRunning = true;
    verb.reportShape = ReportShape::PackOutcomes;
    verb.params = {
        hinted(param(u"pack"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Update only this registered pack and its "
                                               "children."),
                     u"PACK"_s, false, true, true),
               ValueHint::Pack),
        param(u"force"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Reinstall every pack, changed or not.")),
        submodulesParam(),
        param(u"ref"_s, ParamType::String,
              QT_TRANSLATE_NOOP("Grex", "With PACK: the branch, tag or commit the pack follows "
                                        "from now on; recorded in grex.jsonl and checked out "
                                        "(a branch of the remote as a tracking branch) unless "
                                        "the working tree has changes."),
              u"REF"_s),
        param(u"only"_s, ParamType::StringArray,
              QT_TRANSLATE_NOOP("Grex", "Run only packs whose workspace path matches this glob "
                                        "(repeatable)."),
              u"GLOB"_s),
        dryRunParam(),
        parallelParam(),
        filterParam(),
    };
    bindInvoker<UpdateOptions, UpdateReport, update>(verb);
    return verb;
}

} // namespace Grex
