#include "ls.h"

#include "verbs/status.h"

#include "git/fetcher.h"
#include "operationcontext.h"
#include "pack/packmanifest.h"
#include "verbs/verbsupport.h"
#include "workspace.h"

#include <QFileInfo>
#include <QSet>
#include <QtConcurrent/QtConcurrentMap>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

JsonObject entryToJson(const LsEntry &entry, bool longForm, bool tree)
{
    // A child that is not cloned yet has no pack.yaml to tell its type.
    JsonObject o{{u"id"_s, entry.id},
                 {u"type"_s, entry.type.isEmpty() ? JsonValue() : JsonValue(entry.type)},
                 {u"path"_s, entry.path},
                 {u"url"_s, entry.url},
                 {u"ref"_s, JsonValue::fromOptional(entry.ref)},
                 {u"sha"_s, JsonValue::fromOptional(entry.sha)},
                 {u"installed_at"_s,
                  entry.installedAt ? JsonValue(entry.installedAt->toString()) : JsonValue()}};
    if (longForm)
        o.insert(u"actions_hash"_s, JsonValue::fromOptional(entry.actionsHash));
    o.insert(u"branch"_s, JsonValue::fromOptional(entry.branch));
    o.insert(u"on_disk"_s, entry.onDisk);
    o.insert(u"dir"_s, entry.dir);
    if (tree) {
        JsonArray children;
        for (const LsEntry &child : entry.children)
            children.append(entryToJson(child, longForm, tree));
        o.insert(u"children"_s, children);
    }
    return o;
}

struct Probe
{
    bool onDisk = false;
    std::optional<QString> sha;
    std::optional<QString> branch;
    std::optional<PackManifest> manifest;
};

Probe probe(Workspace &workspace, const QString &dir, OperationContext &ctx)
{
    Probe p;
    const QFileInfo info(dir);
    p.onDisk = info.isDir();
    if (!p.onDisk)
        return p;
    if (Result<QString> sha = workspace.fetcher().headSha(dir))
        p.sha = *sha;
    if (Result<std::optional<QString>> branch = workspace.fetcher().currentBranch(dir))
        p.branch = *branch;
    if (hasPackManifest(dir)) {
        Result<PackManifest> manifest = loadPackManifest(dir);
        if (manifest)
            p.manifest = *manifest;
        else
            ctx.warn(manifest.error().message());
    }
    return p;
}

void fillFromLock(LsEntry &entry, const LockEntries &locks)
{
    const auto it = locks.find(entry.id);
    if (it == locks.end())
        return;
    if (!entry.sha && !it->sha.isEmpty())
        entry.sha = it->sha;
    entry.installedAt = it->installedAt;
    entry.actionsHash = it->actionsHash;
}

// Children of a pack as its on-disk pack.yaml declares them, recursively; `visiting` breaks
// cycles (a child already on the current path is listed without its own children).
QList<LsEntry> childrenOf(Workspace &workspace, const PackManifest &manifest,
                          const LockEntries &locks, QSet<QString> &visiting, OperationContext &ctx)
{
    QList<LsEntry> result;
    for (const ChildRef &child : manifest.children) {
        LsEntry entry;
        entry.id = child.effectivePath();
        entry.path = entry.id;
        entry.dir = workspace.packDir(entry.path);
        entry.url = child.url;
        entry.ref = child.ref;
        const Probe p = probe(workspace, entry.dir, ctx);
        entry.onDisk = p.onDisk;
        entry.sha = p.sha;
        entry.branch = p.branch;
        fillFromLock(entry, locks);
        if (p.manifest) {
            entry.type = p.manifest->type;
            if (!visiting.contains(entry.id)) {
                visiting.insert(entry.id);
                entry.children = childrenOf(workspace, *p.manifest, locks, visiting, ctx);
                visiting.remove(entry.id);
            }
        }
        result.append(entry);
    }
    return result;
}

// A filter never pulls in dependencies (spec §6.4): a child that does not match goes, with
// its own children.
void filterChildren(QList<LsEntry> &children, int depth, const PackFilter &filter,
                    const QHash<QString, QString> &drift)
{
    children.removeIf([&](const LsEntry &e) {
        return !filter.matches({e.id, e.path, e.type, e.url, depth, drift.value(e.id)});
    });
    for (LsEntry &child : children)
        filterChildren(child.children, depth + 1, filter, drift);
}

} // namespace

Result<LsOptions> LsOptions::fromJson(const QJsonObject &args)
{
    LsOptions options;
    if (Result<void> filter = readFilter(args, options.filter); !filter)
        return filter.error();
    options.type = optionalString(args, u"type"_s);
    options.long_ = args.value(u"long"_s).toBool();
    options.tree = args.value(u"tree"_s).toBool();
    return options;
}

JsonValue LsReport::toJson() const
{
    JsonArray array;
    for (const LsEntry &entry : packs)
        array.append(entryToJson(entry, long_, tree));
    return array;
}

Result<LsReport> ls(Workspace &workspace, const LsOptions &options, OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    Result<QMap<QString, PackState>> packs = workspace.readPacks(ctx);
    if (!packs)
        return packs.error();
    Result<LockEntries> locks = workspace.lockfile().read();
    if (!locks)
        return locks.error();

    Result<QHash<QString, QString>> computedDrift = driftForFilter(options.filter, workspace, ctx);
    if (!computedDrift)
        return computedDrift.error();
    const QHash<QString, QString> drift = std::move(computedDrift).value();

    const QList<PackState> ordered = packsInIdOrder(*packs);
    // Opening each repository is independent work: probe them all at once.
    const QList<Probe> probes = QtConcurrent::blockingMapped(ordered, [&](const PackState &pack) {
        if (!checkBarePath(pack.path))
            return Probe{};
        return probe(workspace, workspace.packDir(pack.path), ctx);
    });

    LsReport report;
    report.long_ = options.long_;
    report.tree = options.tree;
    for (qsizetype i = 0; i < ordered.size(); ++i) {
        const PackState &pack = ordered.at(i);
        const Probe &p = probes.at(i);
        LsEntry entry;
        entry.id = pack.id;
        entry.path = pack.path;
        entry.dir = workspace.packDir(pack.path);
        entry.url = pack.url;
        entry.ref = pack.ref;
        // pack.yaml is authoritative for the type; the log keeps what add observed.
        entry.type = p.manifest ? p.manifest->type : pack.type;
        entry.onDisk = p.onDisk;
        entry.sha = p.sha;
        entry.branch = p.branch;
        fillFromLock(entry, *locks);
        if (!entry.sha && pack.lastSyncSha && !pack.lastSyncSha->isEmpty())
            entry.sha = pack.lastSyncSha;
        if (options.type && entry.type != *options.type)
            continue;
        if (!options.filter.matches(
                {entry.id, entry.path, entry.type, entry.url, 0, drift.value(entry.id)}))
            continue;
        if (options.tree && p.manifest) {
            QSet<QString> visiting{entry.id};
            entry.children = childrenOf(workspace, *p.manifest, *locks, visiting, ctx);
            filterChildren(entry.children, 1, options.filter, drift);
        }
        report.packs.append(entry);
    }
    return report;
}

} // namespace Grex
