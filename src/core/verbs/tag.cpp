#include "core/verbs/tag.h"

#include "core/engine/walker.h"
#include "core/manifest/intentlog.h"
#include "core/naming.h"
#include "core/operationcontext.h"
#include "core/pack/packmanifest.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

Result<TagOptions> TagOptions::fromJson(const QJsonObject &args)
{
    TagOptions options;
    options.pack = args.value(u"pack"_s).toString();
    options.dryRun = args.value(u"dryRun"_s).toBool();
    for (const QJsonValue &value : args.value(u"changes"_s).toArray()) {
        const QString word = value.toString();
        const bool removing = word.startsWith(u'-');
        const QString name = word.startsWith(u'+') || removing ? word.mid(1) : word;
        if (Result<void> valid = checkTag(name); !valid)
            return valid.error();
        QStringList &list = removing ? options.remove : options.add;
        if (!list.contains(name))
            list.append(name);
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
                                           graph->nodes.value(parents.first()).manifest.file}))
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

} // namespace Grex
