#include "core/engine/packgraph.h"

#include "core/naming.h"
#include "core/wire.h"

#include <QHash>
#include <QSet>

#include <algorithm>

#include <functional>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

constexpr WireTable<FetchState, 7> kFetchStateWords{{
    {FetchState::Cloned, u"cloned"},
    {FetchState::Fetched, u"fetched"},
    {FetchState::UpToDate, u"up_to_date"},
    {FetchState::Updated, u"updated"},
    {FetchState::CheckedOut, u"checked_out"},
    {FetchState::LeftAlone, u"left_alone"},
    {FetchState::Failed, u"failed"},
}};

} // namespace

QString wireName(FetchState state)
{
    return wireWord(kFetchStateWords, state);
}

QStringList fetchStateWords()
{
    return wireWords(kFetchStateWords);
}

bool FetchNotes::isEmpty() const
{
    return leftAloneWhy.isEmpty() && remoteDefaultBranch.isEmpty() && note.isEmpty() &&
           warnings.isEmpty();
}

QStringList PackGraph::postOrder() const
{
    QStringList order;
    QSet<QString> visited;
    std::function<void(const QString &)> visit = [&](const QString &id) {
        if (visited.contains(id) || !nodes.contains(id))
            return;
        visited.insert(id);
        const PackNode &node = nodes.find(id).value();
        for (const QString &child : node.children)
            visit(child);
        for (const QString &dependency : node.dependencies)
            visit(dependency);
        order.append(id);
    };
    for (const QString &root : roots)
        visit(root);
    return order;
}

QStringList PackGraph::subtree(const QString &id) const
{
    QStringList order;
    QSet<QString> visited;
    std::function<void(const QString &)> visit = [&](const QString &node) {
        if (visited.contains(node) || !nodes.contains(node))
            return;
        visited.insert(node);
        for (const QString &child : nodes.value(node).children)
            visit(child);
        order.append(node);
    };
    visit(id);
    return order;
}

QStringList PackGraph::parentsOf(const QString &id) const
{
    QStringList parents;
    for (const PackNode &node : nodes) {
        if (node.children.contains(id))
            parents.append(node.id);
    }
    return parents;
}

namespace {

// Every cycle once, as a chain "a -> b -> a", over the edges `next` gives.
QList<QStringList> findCycles(const PackGraph &graph,
                              const std::function<QStringList(const PackNode &)> &next)
{
    QList<QStringList> cycles;
    QSet<QString> done;
    QStringList stack;
    QSet<QString> onStack;
    std::function<void(const QString &)> visit = [&](const QString &id) {
        if (done.contains(id) || !graph.nodes.contains(id))
            return;
        stack.append(id);
        onStack.insert(id);
        for (const QString &to : next(graph.nodes.value(id))) {
            if (onStack.contains(to)) {
                QStringList chain = stack.mid(stack.indexOf(to));
                chain.append(to);
                cycles.append(chain);
            } else {
                visit(to);
            }
        }
        stack.removeLast();
        onStack.remove(id);
        done.insert(id);
    };
    for (const QString &id : graph.nodes.keys())
        visit(id);
    return cycles;
}

bool isUrl(const QString &entry)
{
    return entry.startsWith(u"http://") || entry.startsWith(u"https://") ||
           entry.startsWith(u"ssh://") || entry.startsWith(u"git@") || entry.endsWith(u".git");
}

// The node a depends_on entry names: by name, or (URL form) by source URL.
std::optional<QString> resolveDependency(const PackGraph &graph, const QString &entry)
{
    if (!isUrl(entry)) {
        if (graph.nodes.contains(entry))
            return entry;
        // A nested pack (vendor/cycb) is named in pack.yaml files by its own name, cycb: the
        // one pack so named answers.
        std::optional<QString> named;
        for (const PackNode &node : graph.nodes) {
            if (node.path.endsWith(u'/' + entry)) {
                if (named)
                    return std::nullopt;
                named = node.id;
            }
        }
        return named;
    }
    for (const PackNode &node : graph.nodes) {
        if (!node.url.isEmpty() && sameRemote(node.url, entry))
            return node.id;
    }
    return std::nullopt;
}

Error graphError(const QString &rule, Message message)
{
    return Error(ErrorKind::PackOp, u"pack_graph_invalid"_s, std::move(message))
        .withDetail(u"rule"_s, rule)
        .withDetail(u"phase"_s, u"validation"_s);
}

} // namespace

void resolveDependencies(PackGraph &graph)
{
    for (PackNode &node : graph.nodes) {
        node.dependencies.clear();
        for (const QString &entry : node.manifest->dependsOn) {
            if (const std::optional<QString> target = resolveDependency(graph, entry);
                target && *target != node.id)
                node.dependencies.append(*target);
        }
    }
}

QList<GraphProblem> validateGraph(const PackGraph &graph, const QMap<QString, QString> &elsewhere)
{
    const auto outside = [&elsewhere](const QString &entry) {
        if (!isUrl(entry))
            return elsewhere.contains(entry);
        return std::any_of(elsewhere.begin(), elsewhere.end(),
                           [&entry](const QString &url) { return sameRemote(url, entry); });
    };
    QList<GraphProblem> problems;
    for (const PackNode &node : graph.nodes) {
        for (Error &error : validatePack(*node.manifest))
            problems.append({{node.id}, std::move(error).withDetail(u"pack"_s, node.id)});
    }

    // A cycle fails each pack in it; the hint names the edge to cut, in the first one's file.
    const auto cycleProblem = [&graph](const QStringList &cycle, const char *message,
                                       const char *hint) -> GraphProblem {
        return {cycle.mid(0, cycle.size() - 1),
                graphError(u"graph_cycle"_s, Message(message, {cycle.join(u" -> "_s)}))
                    .withHint(Message(
                        hint, {cycle.at(1), graph.nodes.value(cycle.constFirst()).manifest->file}))
                    .withDetail(u"chain"_s, JsonValue(cycle))};
    };
    for (const QStringList &cycle :
         findCycles(graph, [](const PackNode &node) { return node.children; })) {
        problems.append(cycleProblem(
            cycle, QT_TRANSLATE_NOOP("Grex", "the packs form a cycle through children: %1"),
            QT_TRANSLATE_NOOP("Grex", "take '%1' out of children in %2")));
    }

    for (const PackNode &node : graph.nodes) {
        for (const QString &entry : node.manifest->dependsOn) {
            if (resolveDependency(graph, entry) || outside(entry))
                continue;
            problems.append(
                {{node.id},
                 graphError(u"depends_on_unsatisfied"_s,
                            Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' depends on '%2', which "
                                                              "is not in the workspace"),
                                    {node.id, entry}))
                     .withHint(Message(QT_TRANSLATE_NOOP("Grex", "add '%1' to the workspace "
                                                                 "(grex add URL), or take it out "
                                                                 "of depends_on in %2"),
                                       {entry, node.manifest->file}))
                     .withDetail(u"pack"_s, node.id)
                     .withDetail(u"required"_s, entry)});
        }
    }
    // A pack inside another pack's clone (docs/design.md, "Pack paths"): the inner one fails. Each
    // path's ancestors are looked up, so this stays linear in packs.
    QHash<QString, QString> byPath;
    for (const PackNode &node : graph.nodes) {
        if (!node.isRoot)
            byPath.insert(node.path, node.id);
    }
    for (const PackNode &node : graph.nodes) {
        if (node.isRoot)
            continue;
        for (qsizetype cut = node.path.lastIndexOf(u'/'); cut > 0;
             cut = node.path.lastIndexOf(u'/', cut - 1)) {
            const auto outer = byPath.constFind(node.path.left(cut));
            if (outer == byPath.cend())
                continue;
            problems.append({{node.id},
                             packInsidePack(node.path, *outer, ErrorKind::PackOp)
                                 .withDetail(u"rule"_s, u"pack_inside_pack"_s)
                                 .withDetail(u"phase"_s, u"validation"_s)});
            break;
        }
    }

    const auto dependencies = [&graph](const PackNode &node) {
        QStringList targets;
        for (const QString &entry : node.manifest->dependsOn) {
            if (const std::optional<QString> target = resolveDependency(graph, entry))
                targets.append(*target);
        }
        return targets;
    };
    for (const QStringList &cycle : findCycles(graph, dependencies)) {
        problems.append(cycleProblem(
            cycle, QT_TRANSLATE_NOOP("Grex", "the packs form a cycle through depends_on: %1"),
            QT_TRANSLATE_NOOP("Grex", "take '%1' out of depends_on in %2")));
    }
    return problems;
}

void markProblems(PackGraph &graph, const QList<GraphProblem> &problems)
{
    for (const GraphProblem &problem : problems) {
        for (const QString &id : problem.packs) {
            auto node = graph.nodes.find(id);
            if (node != graph.nodes.end() && !node->loadError)
                node->loadError = problem.error;
        }
    }
}

} // namespace Grex
