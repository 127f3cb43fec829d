#include "core/engine/drift.h"

#include "core/engine/layout.h"
#include "core/engine/pipeline.h"
#include "core/engine/walker.h"
#include "core/git/fetcher.h"
#include "core/manifest/fold.h"
#include "core/naming.h"
#include "core/operationcontext.h"
#include "core/pack/actionshash.h"
#include "core/workspace.h"

#include <QDir>
#include <QFileInfo>
#include <QMutex>
#include <QSet>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

JsonValue optionalJson(const std::optional<QString> &value)
{
    return value ? JsonValue(*value) : JsonValue();
}

// Whether an age in nanoseconds exceeds a number of seconds, to the nanosecond and without
// overflow for the largest --stale-after.
bool olderThan(qint64 ageNanos, qint64 seconds)
{
    constexpr qint64 NanosPerSecond = 1'000'000'000;
    const qint64 whole = ageNanos / NanosPerSecond;
    return whole > seconds || (whole == seconds && ageNanos % NanosPerSecond > 0);
}

// The lock and drift facts of one walked pack.
StatusEntry inspectNode(Workspace &workspace, const PackNode &node, const LockEntries &locks,
                        const InspectOptions &options, qint64 nowNanos)
{
    StatusEntry e;
    e.id = node.id;
    e.path = node.path;
    e.type = node.manifest->type;
    e.url = node.url;
    e.depth = node.depth;
    e.registered = node.registered;
    e.onDisk = node.onDisk;
    e.long_ = options.long_;
    e.fetchError = node.fetchError;
    if (node.loadError)
        e.error = node.loadError->message().text();
    const auto lock = locks.find(node.id);
    if (lock != locks.end())
        e.installedAt = lock->installedAt;
    if (options.long_)
        e.holder = FileLock::holder(node.dir + u"/.grex-lock"_s);
    if (!e.onDisk) {
        e.drift = u"missing"_s;
        e.drifts = {e.drift};
        return e;
    }
    Result<RepoStatus> repo = workspace.fetcher().inspect(node.dir, node.ref);
    if (!repo) {
        e.error = repo.error().message().text();
        e.drift = u"broken"_s;
        e.drifts = {e.drift};
        return e;
    }
    e.sha = repo->sha;
    e.branch = repo->branch;
    e.upstream = repo->upstream;
    e.ahead = repo->ahead;
    e.behind = repo->behind;
    e.changedFiles = repo->changedFiles;
    e.stagedFiles = repo->stagedFiles;
    e.untrackedFiles = repo->untrackedFiles;
    e.lastFetched = repo->lastFetched;
    e.expectedBranch = repo->expectedBranch;
    e.upstreamGone = repo->upstreamGone;
    e.remoteDefaultBranch = repo->remoteDefaultBranch;
    e.upstreamRewritten = repo->upstreamRewritten;
    // The fetch of this run, else the last one's failure the clone keeps until one succeeds.
    if (!e.fetchError)
        e.fetchError = repo->lastFetchError;
    if (lock != locks.end()) {
        e.shaMatch = !lock->sha.isEmpty() && lock->sha == e.sha;
        e.actionsHashMatch =
            !node.loadError && lock->actionsHash == actionsHash(node.manifest->actions, e.sha);
    }
    // A local commit or a fetched upstream explains a changed HEAD better than "stale": the
    // pack is ahead or behind. Stale is what needs a sync for another reason, so neither a
    // plain repository (nothing to install) nor a broken pack (no sync can install it until a
    // person fixes it) is ever stale.
    e.plain = !node.loadError && node.manifest->isImplicit();
    const bool installable = !node.loadError && !e.plain;
    if (!installable) {
        e.staleReason.clear();
    } else if (lock == locks.end()) {
        e.staleReason = u"not_installed"_s;
    } else if (lock->actionsHash != actionsHash(node.manifest->actions, lock->sha)) {
        e.staleReason = u"actions_changed"_s;
    } else if (options.staleAfterSeconds &&
               olderThan(nowNanos - lock->installedAt.unixNanos(), *options.staleAfterSeconds)) {
        e.staleReason = u"too_old"_s;
    } else if (e.behind == 0 && e.ahead == 0 && !e.shaMatch) {
        e.staleReason = u"sha_changed"_s;
    }

    // Not on the branch the pack follows: another branch, or a detached HEAD that no install
    // put there (sync --ref leaves a detached HEAD the lockfile records).
    const bool detachedByInstall =
        !e.branch && lock != locks.end() && lock->branch.isEmpty() && e.shaMatch;
    const bool offBranch = !e.expectedBranch.isEmpty() && !e.sha.isEmpty() &&
                           (e.branch ? *e.branch != e.expectedBranch : !detachedByInstall);

    // Every kind that holds, in the order of PackFilter::driftKinds(): dirty and behind at once
    // are both reported, since one kind alone misled people (docs/design.md, "Drift").
    QSet<QString> holds;
    if (node.loadError)
        holds.insert(u"broken"_s);
    if (e.fetchError)
        holds.insert(u"fetch_failed"_s);
    if (e.changedFiles > 0)
        holds.insert(u"dirty"_s);
    if (e.upstreamGone)
        holds.insert(u"upstream_gone"_s);
    if (e.ahead > 0 && e.behind > 0)
        holds.insert(e.upstreamRewritten ? u"rewritten"_s : u"diverged"_s);
    if (offBranch)
        holds.insert(u"off_branch"_s);
    if (!e.staleReason.isEmpty())
        holds.insert(u"stale"_s);
    if (e.behind > 0 && e.ahead == 0)
        holds.insert(u"behind"_s);
    if (e.ahead > 0 && e.behind == 0)
        holds.insert(u"ahead"_s);
    for (const QString &kind : PackFilter::driftKinds()) {
        if (holds.contains(kind))
            e.drifts.append(kind);
    }
    if (e.drifts.isEmpty())
        e.drifts.append(u"clean"_s);
    e.drift = e.drifts.first();
    // Untracked files are worth knowing (and filtering on) but are no drift: a clean pack with
    // a scratch file stays clean.
    if (e.untrackedFiles > 0)
        e.drifts.append(u"untracked_files"_s);
    return e;
}

} // namespace

JsonObject StatusEntry::toJson() const
{
    JsonObject o{
        {u"id"_s, id},
        {u"path"_s, path},
        {u"type"_s, type.isEmpty() ? JsonValue() : JsonValue(type)},
        {u"depth"_s, qint64(depth)},
        {u"parents"_s, JsonValue(JsonArray(parents.cbegin(), parents.cend()))},
        {u"tags"_s, JsonValue(tags)},
        {u"registered"_s, registered},
        {u"on_disk"_s, onDisk},
        {u"plain"_s, plain},
        {u"sha_match"_s, shaMatch},
        {u"actions_hash_match"_s, actionsHashMatch},
        {u"drift"_s, drift},
        {u"drifts"_s, JsonValue(JsonArray(drifts.cbegin(), drifts.cend()))},
        {u"stale_reason"_s, staleReason.isEmpty() ? JsonValue() : JsonValue(staleReason)},
        {u"sha"_s, sha.isEmpty() ? JsonValue() : JsonValue(sha)},
        {u"branch"_s, optionalJson(branch)},
        {u"upstream"_s, optionalJson(upstream)},
        {u"ahead"_s, qint64(ahead)},
        {u"behind"_s, qint64(behind)},
        {u"changed_files"_s, qint64(changedFiles)},
        {u"staged_files"_s, qint64(stagedFiles)},
        {u"untracked_files"_s, qint64(untrackedFiles)},
        {u"expected_branch"_s, expectedBranch.isEmpty() ? JsonValue() : JsonValue(expectedBranch)},
        {u"upstream_gone"_s, upstreamGone},
        {u"remote_default_branch"_s,
         remoteDefaultBranch.isEmpty() ? JsonValue() : JsonValue(remoteDefaultBranch)},
        {u"upstream_rewritten"_s, upstreamRewritten},
        {u"installed_at"_s, installedAt ? JsonValue(installedAt->toString()) : JsonValue()},
        {u"last_fetched"_s,
         lastFetched ? JsonValue(lastFetched->toString(Qt::ISODate)) : JsonValue()},
        {u"error"_s, error.isEmpty() ? JsonValue() : JsonValue(error)}};
    if (fetchError)
        o.insert(u"fetch_error"_s, fetchError->toJson());
    if (long_) {
        o.insert(u"lock_holder"_s,
                 holder ? JsonValue(JsonObject{{u"pid"_s, holder->pid},
                                               {u"host"_s, holder->hostname},
                                               {u"application"_s, holder->application}})
                        : JsonValue());
    }
    return o;
}

Result<QList<StatusEntry>> inspectWorkspace(Workspace &workspace, const InspectOptions &options,
                                            OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    Result<LockEntries> locks = workspace.lockfile().read();
    if (!locks)
        return locks.error();
    Result<QList<WalkSeed>> seeds = workspaceSeeds(workspace, ctx);
    if (!seeds)
        return seeds.error();
    const qint64 now = Timestamp::now().unixNanos();
    // Each clone is inspected by the walk's worker that found it: one pass, one open.
    QMutex mutex;
    QHash<QString, StatusEntry> inspected;
    WalkOptions walk;
    walk.network = false;
    walk.fetchOnly = options.fetch;
    walk.tolerateErrors = true;
    walk.readHead = false; // inspect() reads HEAD with the status, in the same open
    if (options.fetch && !options.fetchFilter.isEmpty() && !options.fetchFilter.usesDrift()) {
        walk.touches = [&options](const WalkSeed &seed, int depth) {
            return touchedBy(options.fetchFilter, PathGlobs(), {}, seed, depth);
        };
    }
    walk.visit = [&](const PackNode &node) {
        if (node.isRoot)
            return;
        StatusEntry entry = inspectNode(workspace, node, *locks, options, now);
        QMutexLocker locker(&mutex);
        inspected.insert(node.id, std::move(entry));
    };
    Result<PackGraph> graph = walkPacks(workspace, std::move(seeds).value(), walk, ctx);
    if (!graph)
        return graph.error();

    // Who owns whom, for the tree the human table shows (the JSON stays ordered by id).
    QHash<QString, QStringList> parents;
    for (const PackNode &node : graph->nodes) {
        if (node.isRoot)
            continue;
        for (const QString &child : node.children)
            parents[child].append(node.id);
    }
    // What would make a sync fail a pack that reads fine (a cycle, a missing dependency) is
    // its error here too.
    QHash<QString, QString> problems;
    for (const GraphProblem &problem : validateGraph(*graph)) {
        for (const QString &id : problem.packs) {
            if (!problems.contains(id))
                problems.insert(id, problem.error.message().text());
        }
    }
    QList<StatusEntry> entries;
    for (const PackNode &node : graph->nodes) {
        // The workspace's own pack.yaml is the user's checkout, not a pack status reports.
        if (node.isRoot)
            continue;
        // A pack whose pack.yaml could not be read was not visited: inspected here.
        StatusEntry entry = inspected.contains(node.id)
                                ? inspected.take(node.id)
                                : inspectNode(workspace, node, *locks, options, now);
        // A pack no sync can order is as broken as one whose pack.yaml cannot be read: not
        // stale, and not clean.
        if (const auto problem = problems.constFind(node.id); problem != problems.cend()) {
            if (entry.error.isEmpty())
                entry.error = *problem;
            entry.staleReason.clear();
            entry.drifts.removeAll(u"clean"_s);
            entry.drifts.removeAll(u"stale"_s);
            if (!entry.drifts.contains(u"broken"_s))
                entry.drifts.prepend(u"broken"_s);
            entry.drift = u"broken"_s;
        }
        entry.depth = node.depth; // known once the walk is over
        entry.parents = parents.value(node.id);
        std::sort(entry.parents.begin(), entry.parents.end(), utf8Less);
        entry.tags = node.tags; // joined once the walk is over
        entry.registered = node.registered;
        entries.append(std::move(entry));
    }
    QThreadPool pool;
    pool.setMaxThreadCount(ctx.width().localThreads());
    if (Result<void> alive = checkCancelled(ctx); !alive)
        return alive.error();

    // Git directories in the workspace that no pack accounts for.
    QSet<QString> known;
    for (const PackNode &node : std::as_const(graph->nodes))
        known.insert(node.path);
    for (const QString &id : locks->keys())
        known.insert(id);
    QList<QString> untracked;
    for (const QString &name : unaccountedFolders(workspace.root(), known)) {
        if (QFileInfo::exists(workspace.root() + u'/' + name + u"/.git"_s))
            untracked.append(name);
    }
    const QList<StatusEntry> untrackedEntries =
        QtConcurrent::blockingMapped(&pool, untracked, [&](const QString &name) {
            StatusEntry e;
            e.id = name;
            e.path = name;
            e.onDisk = true;
            e.drift = u"untracked"_s;
            e.drifts = {e.drift};
            e.long_ = options.long_;
            if (Result<RepoStatus> repo =
                    workspace.fetcher().inspect(workspace.root() + u'/' + name, std::nullopt)) {
                e.sha = repo->sha;
                e.branch = repo->branch;
                e.changedFiles = repo->changedFiles;
            }
            return e;
        });
    entries.append(untrackedEntries);

    return entries;
}

Result<QHash<QString, QString>> driftByPack(Workspace &workspace, OperationContext &ctx)
{
    Result<QList<StatusEntry>> entries = inspectWorkspace(workspace, InspectOptions{}, ctx);
    if (!entries)
        return entries.error();
    QHash<QString, QString> drift;
    for (const StatusEntry &e : *entries)
        drift.insert(e.id, e.drifts.join(u','));
    return drift;
}

Result<QHash<QString, QString>> driftForFilter(const PackFilter &filter, Workspace &workspace,
                                               OperationContext &ctx)
{
    if (!filter.usesDrift())
        return QHash<QString, QString>();
    return driftByPack(workspace, ctx);
}

} // namespace Grex
