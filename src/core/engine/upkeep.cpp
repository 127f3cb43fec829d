#include "core/engine/upkeep.h"

#include "core/engine/packgraph.h"
#include "core/workspace.h"

using namespace Qt::StringLiterals;

namespace Grex {

QList<UpkeepNeed> clonesNeedingUpkeep(Workspace &workspace, const PackGraph &graph,
                                      const QStringList &ids)
{
    QList<UpkeepNeed> needs;
    for (const QString &id : ids) {
        const auto node = graph.nodes.constFind(id);
        if (node == graph.nodes.constEnd() || node->isRoot || !node->onDisk)
            continue;
        const QString dir = workspace.packDir(node->path);
        Result<CloneUpkeep> upkeep = workspace.fetcher().upkeep(dir);
        if (upkeep && upkeep->needed())
            needs.append({id, dir, *upkeep});
    }
    return needs;
}

Result<void> repackClone(Workspace &workspace, const UpkeepNeed &need, std::stop_token stop)
{
    if (Result<void> done = workspace.fetcher().maintain(need.dir, stop); !done)
        return done;
    // git gc --auto exits 0 when a pre-auto-gc hook or an earlier gc.log tells it to skip.
    Result<CloneUpkeep> after = workspace.fetcher().upkeep(need.dir);
    if (after && after->needed()) {
        return Error(ErrorKind::PackOp, u"git"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "git gc --auto left %1 past git's limits "
                                                       "(%2); run git gc there to see why"),
                             {need.dir, upkeepDetail(*after)}));
    }
    return {};
}

JsonObject upkeepAfterSync(Workspace &workspace, const PackGraph &graph, std::stop_token stop)
{
    // The clones whose fetch moved them: a fetch that left HEAD where it was may still have
    // brought tags or other branches, but checking every clone would cost a sync of thousands
    // of packs a repository open each. doctor looks at every clone.
    QStringList fetched;
    for (const QString &id : graph.postOrder()) {
        const FetchState state = graph.nodes.value(id).fetchState;
        if (headMoved(state) || state == FetchState::LeftAlone)
            fetched.append(id);
    }
    const QList<UpkeepNeed> needs = clonesNeedingUpkeep(workspace, graph, fetched);
    if (needs.isEmpty())
        return {};
    JsonArray repacked;
    JsonArray waiting;
    JsonArray failed;
    for (qsizetype i = 0; i < needs.size(); ++i) {
        const UpkeepNeed &need = needs.at(i);
        if (i >= kUpkeepPerSync || stop.stop_requested()) {
            waiting.append(need.id);
            continue;
        }
        if (Result<void> done = repackClone(workspace, need, stop); done)
            repacked.append(need.id);
        else
            failed.append(JsonObject{{u"id"_s, need.id},
                                     {u"message"_s, done.error().message().text()}});
    }
    return JsonObject{{u"repacked"_s, repacked}, {u"waiting"_s, waiting}, {u"failed"_s, failed}};
}

QString upkeepDetail(const CloneUpkeep &upkeep)
{
    if (upkeep.looseObjects / 256 > (upkeep.looseLimit + 255) / 256) {
        return u"about %1 loose objects (git repacks past gc.auto = %2)"_s.arg(upkeep.looseObjects)
            .arg(upkeep.looseLimit);
    }
    return u"%1 pack files (git repacks past gc.autoPackLimit = %2)"_s.arg(upkeep.packs)
        .arg(upkeep.packLimit);
}

} // namespace Grex
