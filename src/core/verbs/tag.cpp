#include "core/verbs/tag.h"

#include "core/engine/drift.h"
#include "core/engine/walker.h"
#include "core/manifest/intentlog.h"
#include "core/naming.h"
#include "core/operationcontext.h"
#include "core/pack/packmanifest.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

Result<TagOptions> TagOptions::fromJson(const QJsonObject &args)
{
    TagOptions options;
    options.dryRun = args.value(u"dryRun"_s).toBool();
    if (Result<void> filter = readFilter(args, options.filter); !filter)
        return filter.error();
    // The first word fills `pack` on a command line: grex tag +work a b puts +work there.
    QStringList words = args.value(u"changes"_s).toVariant().toStringList();
    if (const QString pack = args.value(u"pack"_s).toString(); !pack.isEmpty())
        words.prepend(pack);
    for (const QString &word : std::as_const(words)) {
        const bool removing = word.startsWith(u'-');
        if (!removing && !word.startsWith(u'+')) {
            if (!options.packs.contains(word))
                options.packs.append(word);
            continue;
        }
        const QString name = word.mid(1);
        if (Result<void> valid = checkTag(name); !valid)
            return valid.error();
        QStringList &list = removing ? options.remove : options.add;
        if (!list.contains(name))
            list.append(name);
    }
    options.pack = options.packs.value(0);
    if (options.packs.isEmpty() && options.filter.isEmpty()) {
        return usageError(u"missing_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "tag needs the packs: grex tag PACK "
                                                            "[+TAG|-TAG...], grex tag +TAG PACK "
                                                            "PACK..., or grex tag +TAG --filter "
                                                            "EXPR")));
    }
    for (const QString &name : std::as_const(options.add)) {
        if (options.remove.contains(name)) {
            return usageError(u"conflicting_tags"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "tag '%1' is both added and "
                                                                "removed"),
                                      {name}))
                .withDetail(u"tag"_s, name);
        }
    }
    return options;
}

QStringList TagReport::tags() const
{
    return joinTags(workspaceTags, packYamlTags);
}

JsonObject TagReport::toJson() const
{
    return JsonObject{{u"id"_s, id},
                      {u"tags"_s, JsonValue(tags())},
                      {u"workspace_tags"_s, JsonValue(workspaceTags)},
                      {u"pack_yaml_tags"_s, JsonValue(packYamlTags)},
                      {u"added"_s, JsonValue(added)},
                      {u"removed"_s, JsonValue(removed)},
                      {u"changed"_s, !added.isEmpty() || !removed.isEmpty()},
                      {u"dry_run"_s, dryRun}};
}

DocShape TagReport::shape()
{
    using S = DocShape;
    return S::object(
        {field(u"id"_s, S::string(), "the pack"),
         field(u"tags"_s, S::array(S::string()), "all its tags"),
         field(u"workspace_tags"_s, S::array(S::string()), "the tags grex.jsonl gives it"),
         field(u"pack_yaml_tags"_s, S::array(S::string()),
               "the tags of its pack.yaml and of its parent's children entry"),
         field(u"added"_s, S::array(S::string()), "tags this run added"),
         field(u"removed"_s, S::array(S::string()), "tags this run removed"),
         field(u"changed"_s, S::boolean(), "grex.jsonl changed"),
         field(u"dry_run"_s, S::boolean(), "nothing was changed")});
}

JsonObject TagsReport::toJson() const
{
    if (single && packs.size() == 1)
        return packs.constFirst().toJson();
    JsonArray list;
    bool changed = false;
    for (const TagReport &report : packs) {
        list.append(report.toJson());
        changed = changed || !report.added.isEmpty() || !report.removed.isEmpty();
    }
    return JsonObject{{u"packs"_s, list}, {u"changed"_s, changed}, {u"dry_run"_s, dryRun}};
}

DocShape TagsReport::shape()
{
    using S = DocShape;
    return S::oneOf({TagReport::shape(),
                     S::object({field(u"packs"_s, S::array(TagReport::shape()),
                                      "one report per pack, when more than one is named"),
                                field(u"changed"_s, S::boolean(), "grex.jsonl changed"),
                                field(u"dry_run"_s, S::boolean(), "nothing was changed")})});
}

Result<TagsReport> tagPacks(Workspace &workspace, const TagOptions &options,
                            OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    Result<QMap<QString, PackState>> packs = workspace.readPacks(ctx);
    if (!packs)
        return packs.error();
    QStringList targets;
    for (const QString &name : options.packs) {
        Result<PackState> pack = findPack(*packs, name);
        if (!pack) {
            TagOptions one = options;
            one.pack = name;
            one.dryRun = true;
            Error error = tag(workspace, one, ctx).error(); // says when it is a child pack
            // A bare word is a pack, never a tag: one that names no pack says how a tag is
            // written.
            if (error.reason() == u"unknown_pack" && checkTag(name) &&
                error.details().value(u"did_you_mean"_s).isNull()) {
                error.withHint(Message(QT_TRANSLATE_NOOP("Grex", "to add the tag '%1', write "
                                                                 "+%1; to remove it, -%1"),
                                       {name}));
            }
            return error;
        }
        if (!targets.contains(pack->id))
            targets.append(pack->id);
    }
    if (!options.filter.isEmpty()) {
        Result<QHash<QString, QString>> drift = driftForFilter(options.filter, workspace, ctx);
        if (!drift)
            return drift.error();
        qsizetype matched = 0;
        for (const PackState &pack : packsInIdOrder(*packs)) {
            if (!options.filter.matches(subjectOf(pack).withDriftOf(*drift)))
                continue;
            ++matched;
            if (!targets.contains(pack.id))
                targets.append(pack.id);
        }
        if (matched == 0) {
            return usageError(u"no_packs"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "--filter matches no registered "
                                                                "pack")));
        }
    }

    TagsReport report;
    report.single = options.packs.size() == 1 && options.filter.isEmpty();
    report.dryRun = options.dryRun;
    QList<Event> events;
    for (const QString &id : std::as_const(targets)) {
        TagOptions one = options;
        one.pack = id;
        one.dryRun = true; // written below, all in one append
        Result<TagReport> tagged = tag(workspace, one, ctx);
        if (!tagged)
            return tagged.error();
        tagged->dryRun = options.dryRun;
        if (!tagged->added.isEmpty() || !tagged->removed.isEmpty())
            events.append(Event::tag(tagged->id, tagged->added, tagged->removed));
        report.packs.append(std::move(tagged).value());
    }
    if (!options.dryRun && !events.isEmpty()) {
        if (Result<AppendReport> appended = workspace.intentLog().append(events); !appended)
            return appended.error();
    }
    return report;
}

Result<TagReport> tag(Workspace &workspace, const TagOptions &options, OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    Result<QMap<QString, PackState>> packs = workspace.readPacks(ctx);
    if (!packs)
        return packs.error();
    Result<PackState> pack = findPack(*packs, options.pack);
    if (!pack) {
        // A child's tags live in its parent's pack.yaml: say which file to edit.
        if (Result<PackGraph> graph = readPackGraph(workspace, ctx)) {
            const QStringList parents = graph->parentsOf(options.pack);
            if (graph->nodes.contains(options.pack) && !parents.isEmpty()) {
                return usageError(u"child_pack"_s,
                                  Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' is a child of "
                                                                    "'%2': tag it in the "
                                                                    "children entry of %3"),
                                          {options.pack, parents.first(),
                                           graph->nodes.value(parents.first()).manifest->file}))
                    .withDetail(u"pack"_s, options.pack)
                    .withDetail(u"parent"_s, parents.first());
            }
        }
        return pack.error();
    }

    TagReport report;
    report.id = pack->id;
    report.dryRun = options.dryRun;
    const QString dir = workspace.packDir(pack->path);
    if (hasPackManifest(dir)) {
        // An unreadable pack.yaml is said, not fatal: the workspace's tags are still the
        // person's to change.
        if (Result<PackManifest> manifest = loadPackManifest(dir))
            report.packYamlTags = manifest->tags;
        else
            ctx.warn(manifest.error().message());
    }

    for (const QString &name : options.remove) {
        if (pack->tags.contains(name)) {
            report.removed.append(name);
        } else if (report.packYamlTags.contains(name)) {
            return usageError(u"tag_from_pack_yaml"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "tag '%1' of pack '%2' comes from "
                                                                "its pack.yaml; remove it there"),
                                      {name, pack->id}))
                .withDetail(u"tag"_s, name)
                .withDetail(u"file"_s, packManifestPath(dir));
        }
    }
    for (const QString &name : options.add) {
        if (!pack->tags.contains(name))
            report.added.append(name);
    }
    report.workspaceTags = pack->tags;
    report.workspaceTags += report.added;
    for (const QString &name : std::as_const(report.removed))
        report.workspaceTags.removeAll(name);
    Result<QStringList> checked = normaliseTags(report.workspaceTags);
    if (!checked)
        return checked.error();
    report.workspaceTags = std::move(checked).value();
    std::sort(report.added.begin(), report.added.end());
    std::sort(report.removed.begin(), report.removed.end());

    if (options.dryRun || (report.added.isEmpty() && report.removed.isEmpty()))
        return report;
    if (Result<AppendReport> appended =
            workspace.intentLog().append(Event::tag(pack->id, report.added, report.removed));
        !appended)
        return appended.error();
    return report;
}

VerbSpec makeTagVerb()
{
    VerbSpec verb;
    verb.name = u"tag"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Tag a pack");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Show, add or remove the tags of packs.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Without changes, shows the tags of registered packs. +TAG adds a tag and -TAG "
                "removes one, for every pack named and every registered pack --filter matches; "
                "the change is recorded in grex.jsonl. A word without + or - names a pack, so "
                "a word is never taken for a tag by mistake. A pack also has the tags of its own "
                "pack.yaml and of its parent's children entry, which only those files change.\n\n"
                "Every verb that takes --filter selects packs by tag: --filter tag=work, "
                "--filter 'tag=work|home', --filter tag!=slow. A tag is up to 40 letters, "
                "digits, '.', '_' and '-', starting with a letter or a digit; a pack has at most "
                "16.");
    verb.examples = {
        {"grex tag dotfiles", QT_TRANSLATE_NOOP("Grex", "Show the tags of dotfiles.")},
        {"grex tag dotfiles +home -work",
         QT_TRANSLATE_NOOP("Grex", "Tag dotfiles home, and no longer work.")},
        {"grex tag +work api web docs", QT_TRANSLATE_NOOP("Grex", "Tag three packs work.")},
        {"grex tag +vendor --filter 'path=vendor/**'",
         QT_TRANSLATE_NOOP("Grex", "Tag every pack under vendor/.")},
        {"grex sync --filter tag=work",
         QT_TRANSLATE_NOOP("Grex", "Sync only the packs tagged work.")},
    };
    verb.idempotent = true;
    ParamSpec changes =
        param(u"changes"_s, ParamType::StringArray,
              QT_TRANSLATE_NOOP("Grex", "+TAG to add a tag, -TAG to remove one, or more packs."),
              u"CHANGE..."_s, false, true);
    changes.signedWords = true;
    verb.icon = u"tag"_s;
    verb.params = {
        hinted(param(u"pack"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "The pack (its path or id)."), u"PACK"_s, false,
                     true),
               ValueHint::Pack),
        changes,
        filterParam(),
        dryRunParam(),
    };
    bindInvoker<TagOptions, TagsReport, tagPacks>(verb);
    return verb;
}

} // namespace Grex
