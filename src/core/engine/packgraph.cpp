#include "core/engine/packgraph.h"

#include "core/naming.h"

#include <QSet>

#include <functional>

using namespace Qt::StringLiterals;

namespace Grex {

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
    if (!isUrl(entry))
        return graph.nodes.contains(entry) ? std::optional<QString>(entry) : std::nullopt;
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
        for (const QString &entry : node.manifest.dependsOn) {
            if (const std::optional<QString> target = resolveDependency(graph, entry);
                target && *target != node.id)
                node.dependencies.append(*target);
        }
    }
}

QList<Error> validateGraph(const PackGraph &graph)
{
    QList<Error> errors;
    for (const PackNode &node : graph.nodes)
        errors += validatePack(node.manifest);

    for (const QStringList &cycle :
         findCycles(graph, [](const PackNode &node) { return node.children; })) {
        errors.append(
            graphError(u"graph_cycle"_s, Message(QT_TRANSLATE_NOOP("Grex", "the packs form a cycle "
                                                                           "through children: %1"),
                                                 {cycle.join(u" -> "_s)}))
                .withDetail(u"chain"_s, JsonValue(cycle)));
    }

    for (const PackNode &node : graph.nodes) {
        for (const QString &entry : node.manifest.dependsOn) {
            if (!resolveDependency(graph, entry)) {
                errors.append(graphError(u"depends_on_unsatisfied"_s,
                                         Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' depends on "
                                                                           "'%2', which is not in "
                                                                           "the workspace"),
                                                 {node.id, entry}))
                                  .withDetail(u"pack"_s, node.id)
                                  .withDetail(u"required"_s, entry));
            }
        }
    }
    const auto dependencies = [&graph](const PackNode &node) {
        QStringList targets;
        for (const QString &entry : node.manifest.dependsOn) {
            if (const std::optional<QString> target = resolveDependency(graph, entry))
                targets.append(*target);
        }
        return targets;
    };
    for (const QStringList &cycle : findCycles(graph, dependencies)) {
        errors.append(graphError(u"graph_cycle"_s,
                                 Message(QT_TRANSLATE_NOOP("Grex", "the packs form a cycle "
                                                                   "through depends_on: %1"),
                                         {cycle.join(u" -> "_s)}))
                          .withDetail(u"chain"_s, JsonValue(cycle)));
    }
    return errors;
}

Error validationFailed(const QList<Error> &errors)
{
    JsonArray list;
    for (const Error &e : errors)
        list.append(e.toJson());
    const Error &first = errors.constFirst();
    Error error(ErrorKind::PackOp, u"validation_failed"_s,
                errors.size() == 1
                    ? first.message()
                    : Message(QT_TRANSLATE_NOOP("Grex", "%1 (and %2 more problem(s))"),
                              {first.message().text(), QString::number(errors.size() - 1)}));
    error.withDetail(u"phase"_s, u"validation"_s).withDetail(u"errors"_s, list);
    return error;
}

} // namespace Grex
