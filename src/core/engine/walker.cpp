#include "core/engine/walker.h"

#include "core/allocator.h"
#include "core/fs/fsutil.h"
#include "core/git/fetcher.h"
#include "core/git/repository.h"
#include "core/logging.h"
#include "core/naming.h"
#include "core/operationcontext.h"
#include "core/secrets.h"
#include "core/workspace.h"

#include <QElapsedTimer>
#include <QHash>
#include <QFileInfo>
#include <QMutex>
#include <QSet>
#include <QThreadPool>
#include <QWaitCondition>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// A submodule that could not be brought in, as the pack's warning: which one, from where, why,
// and what to do.
Message submoduleWarning(const Error &error)
{
    if (error.hint().isEmpty()) {
        return Message(QT_TRANSLATE_NOOP("Grex", "a submodule was not brought in: %1"),
                       {error.message().text()});
    }
    return Message(QT_TRANSLATE_NOOP("Grex", "a submodule was not brought in: %1 (hint: %2)"),
                   {error.message().text(), error.hint().text()});
}


// How often the walk reports progress while its workers are busy.
constexpr qint64 kProgressInterval = 50; // ms

Error treeError(Error error, const QString &pack)
{
    return std::move(error).withDetail(u"phase"_s, u"tree"_s).withDetail(u"pack"_s, pack);
}

FetchState fetchStateOf(UpdateOutcome::State state)
{
    switch (state) {
    case UpdateOutcome::State::UpToDate:
        return FetchState::UpToDate;
    case UpdateOutcome::State::FastForwarded:
        return FetchState::Updated;
    case UpdateOutcome::State::CheckedOut:
        return FetchState::CheckedOut;
    case UpdateOutcome::State::LeftAlone:
        return FetchState::LeftAlone;
    }
    return FetchState::None;
}

// An existing clone updated in one go (fetch, fast-forward or checkout), into node; its head
// afterwards, or nullopt when it is not a repository. One bad remote is one failed pack: the
// clone stays as it was and is read as it is, so its children are still known. Fails only when
// cancelled.
Result<std::optional<FetchReport>> updateClone(Fetcher &git, PackNode &node, std::stop_token stop)
{
    Result<UpdateOutcome> updated = git.update(node.dir, node.ref, stop);
    if (updated) {
        node.commitsTaken = updated->taken;
        FetchNotes notes{updated->why, updated->remoteDefaultBranch, updated->note,
                         updated->warnings};
        if (!notes.isEmpty())
            node.notes = std::move(notes);
        node.shaBefore = updated->shaBefore;
        node.fetchState = fetchStateOf(updated->state);
        return std::optional<FetchReport>(FetchReport{updated->shaAfter, updated->branch, {}});
    }
    if (updated.error().kind() == ErrorKind::Cancelled)
        return updated.error();
    if (updated.error().reason() == u"not_a_repository")
        return std::optional<FetchReport>();
    node.fetchState = FetchState::Failed;
    node.fetchError = std::move(updated).error().withDetail(u"pack"_s, node.id);
    Result<FetchReport> described = git.describe(node.dir);
    if (!described)
        return std::optional<FetchReport>();
    node.shaBefore = described->sha;
    return std::optional<FetchReport>(std::move(described).value());
}

// The pack.yaml of a pack on disk, or the implicit manifest of a plain repository; the root
// pack takes the name its pack.yaml gives it.
Result<void> loadManifest(PackNode &node)
{
    if (!hasPackManifest(node.dir)) {
        node.manifest = sharedImplicitManifest();
        return {};
    }
    // The root pack is the user's own checkout, named by its pack.yaml.
    Result<PackManifest> manifest = node.isRoot ? loadPackManifest(node.dir)
                                                : loadPackManifestAs(node.dir, node.path, node.dir);
    if (!manifest)
        return treeError(manifest.error(), node.id);
    node.manifest = std::make_shared<const PackManifest>(std::move(manifest).value());
    if (node.isRoot)
        node.id = node.manifest->name;
    return {};
}

// Brings one pack onto disk (or reads it, without network) and loads its manifest. Runs on a
// worker thread.
Result<PackNode> resolveNode(Workspace &workspace, const WalkSeed &seed, int depth,
                             const WalkOptions &options, OperationContext &ctx,
                             std::stop_token stop)
{
    PackNode node;
    node.id = seed.id;
    node.path = seed.path;
    node.dir = seed.dir;
    node.url = seed.url;
    node.ref = seed.isRoot ? seed.ref : options.refOverride ? options.refOverride : seed.ref;
    node.cloneOptions = seed.cloneOptions;
    node.registered = seed.registered;
    node.isRoot = seed.isRoot;
    Fetcher &git = workspace.fetcher();
    // What git says while it works shows in the pack's progress: the checkout phase and the
    // bytes received.
    const GitActivity activity{
        [&ctx, &node](const QString &phase) { ctx.packStarted(node.id, phase); },
        [&ctx, &node](qint64 bytes) { ctx.packReceived(node.id, bytes); }};
    const GitActivityScope listening(&activity);
    // A pack directory that links elsewhere would take the fetch, the lock and the actions out
    // of the workspace (doctor calls it "not a directory").
    if (!seed.isRoot) {
        if (Result<void> real = checkNoLinkOnTheWay(workspace.root(), node.path); !real)
            return treeError(real.error(), node.id);
    }

    const QFileInfo info(node.dir);
    // A clone the run leaves out (WalkOptions::touches) is read as it is, never fetched.
    const bool network = options.network && (!QFileInfo::exists(node.dir + u"/.git"_s) ||
                                             !options.touches || options.touches(seed, depth));
    if (info.isDir() && options.fetchOnly && !options.network && !seed.isRoot &&
        QFileInfo::exists(node.dir + u"/.git"_s) &&
        (!options.touches || options.touches(seed, depth))) {
        ctx.packStarted(node.id, u"fetch"_s);
        Result<void> fetched = git.fetch(node.dir, stop);
        if (fetched) {
            node.fetchState = FetchState::Fetched;
        } else if (fetched.error().kind() == ErrorKind::Cancelled) {
            return fetched.error();
        } else {
            // As in a sync, one bad remote is one failed pack; the clone is read as it is.
            node.fetchState = FetchState::Failed;
            node.fetchError = std::move(fetched).error().withDetail(u"pack"_s, node.id);
        }
    }
    // An existing clone is opened once: updated in one go when the network is on, else read.
    std::optional<FetchReport> head;
    if (info.isDir() && network && !seed.isRoot) {
        ctx.packStarted(node.id, u"fetch"_s);
        Result<std::optional<FetchReport>> updated = updateClone(git, node, stop);
        if (!updated)
            return updated.error();
        head = std::move(updated).value();
    } else if (info.isDir() && !options.readHead) {
        if (QFileInfo::exists(node.dir + u"/.git"_s))
            head = FetchReport{};
    } else if (info.isDir()) {
        if (Result<FetchReport> described = git.describe(node.dir)) {
            head = std::move(described).value();
            node.shaBefore = head->sha;
        }
    }
    if (head) {
        node.sha = head->sha;
        node.branch = head->branch;
    }
    if (seed.isRoot) {
        // The root pack is the user's own checkout: read, never fetched or checked out.
        node.onDisk = true;
    } else if (head) {
        node.onDisk = true;
    } else if (info.exists() && !isEmptyDirectory(node.dir)) {
        return treeError(Error(ErrorKind::PackOp, u"destination_not_empty"_s,
                               Message(QT_TRANSLATE_NOOP("Grex", "%1 exists and is not a clone of "
                                                                 "pack '%2'"),
                                       {node.dir, node.id}))
                             .withDetail(u"path"_s, node.dir),
                         node.id);
    } else if (network) {
        ctx.packStarted(node.id, u"clone"_s);
        Result<FetchReport> cloned =
            git.clone(node.url, node.dir, node.ref, node.cloneOptions, stop);
        if (!cloned && cloned.error().kind() == ErrorKind::Cancelled)
            return cloned.error();
        if (!cloned) {
            node.fetchState = FetchState::Failed;
            node.fetchError = std::move(cloned).error().withDetail(u"pack"_s, node.id);
            node.manifest = sharedImplicitManifest();
            return node;
        }
        node.onDisk = true;
        node.cloned = true;
        node.fetchState = FetchState::Cloned;
        node.sha = cloned->sha;
        node.branch = cloned->branch;
        if (!cloned->warnings.isEmpty())
            node.notes = FetchNotes{{}, {}, {}, cloned->warnings};
    } else {
        node.manifest = sharedImplicitManifest();
        return node;
    }

    if (Result<void> loaded = loadManifest(node); !loaded)
        return loaded.error();
    if (network && !seed.isRoot && options.submodules && seed.cloneOptions.submodules &&
        node.manifest->submodules) {
        const bool moved = node.cloned || headMoved(node.fetchState);
        Result<void> submodules = git.updateSubmodules(node.dir, moved, stop);
        if (!submodules && submodules.error().kind() == ErrorKind::Cancelled)
            return submodules.error();
        // A submodule's remote that fails is the pack's warning: the clone itself is whole.
        if (!submodules) {
            if (!node.notes)
                node.notes = FetchNotes();
            node.notes->warnings.append(submoduleWarning(submodules.error()));
        }
    }
    if (node.shaBefore.isEmpty() && !node.cloned)
        node.shaBefore = node.sha;
    return node;
}

} // namespace

namespace {

// The seed of the pack whose directory is path in the workspace, cloned from url as its
// registration or its parent's children entry says.
WalkSeed seedAt(const Workspace &workspace, const QString &path, const QString &url,
                const std::optional<QString> &ref, std::optional<qint64> depth,
                const QString &filter, bool submodules)
{
    WalkSeed seed;
    seed.cloneOptions.submodules = submodules;
    seed.id = seed.path = path;
    seed.dir = workspace.packDir(path);
    seed.url = url;
    seed.ref = ref;
    if (depth)
        seed.cloneOptions.depth = int(*depth);
    seed.cloneOptions.filter = filter;
    return seed;
}

} // namespace

Result<QList<WalkSeed>> workspaceSeeds(const Workspace &workspace, OperationContext &ctx)
{
    Result<QMap<QString, PackState>> packs = workspace.readPacks(ctx);
    if (!packs)
        return packs.error();
    QList<WalkSeed> seeds;
    seeds.reserve(packs->size() + 1);
    if (hasPackManifest(workspace.root())) {
        WalkSeed root;
        root.id = u"."_s;
        root.dir = workspace.root();
        root.isRoot = true;
        seeds.append(root);
    }
    for (const PackState &pack : packsInIdOrder(*packs)) {
        if (!checkPackPath(pack.path)) {
            ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' has the invalid path '%2' in "
                                                       "grex.jsonl; skipped"),
                             {pack.id, pack.path}));
            continue;
        }
        WalkSeed seed =
            seedAt(workspace, pack.path, pack.url, pack.ref, pack.depth, pack.cloneFilter,
                   pack.submodules);
        seed.registered = true;
        seed.tags = pack.tags;
        seeds.append(seed);
    }
    return seeds;
}

namespace {

// A pack whose pack.yaml could not be read, for a walk that tolerates it: the verb names the
// error and goes on with the others.
PackNode unreadableNode(const WalkSeed &seed, const Error &error)
{
    PackNode broken;
    broken.id = seed.id;
    broken.path = seed.path;
    broken.dir = seed.dir;
    broken.url = seed.url;
    broken.ref = seed.ref;
    broken.registered = seed.registered;
    broken.isRoot = seed.isRoot;
    const QFileInfo info(broken.dir);
    broken.onDisk = info.isDir() && !info.isSymLink(); // exec never runs via a link
    broken.manifest = sharedImplicitManifest();
    broken.loadError = error;
    return broken;
}

// Two children of node, or a child and a known pack, whose paths differ only in case would
// share a directory on a case-insensitive disk.
std::optional<Error> childCaseClash(const PackNode &node,
                                    const QHash<QString, QString> &knownFolded)
{
    QHash<QString, QString> siblings;
    for (const ChildRef &child : node.manifest->children) {
        const QString path = child.effectivePath();
        const QString folded = path.toCaseFolded();
        const QString twin = knownFolded.value(folded, siblings.value(folded));
        if (differsOnlyInCase(path, twin))
            return treeError(caseClash(path, twin, ErrorKind::PackOp), node.id);
        siblings.insert(folded, path);
    }
    return std::nullopt;
}

// The ids of the seeds but the root pack's, in their order: the graph's roots.
QStringList rootOrderOf(const QList<WalkSeed> &seeds)
{
    QStringList ids;
    ids.reserve(seeds.size());
    for (const WalkSeed &seed : seeds) {
        if (!seed.isRoot)
            ids.append(seed.id);
    }
    return ids;
}

// What the walk keeps of each pack it handed to a worker: enough to tell a clash.
struct KnownPack
{
    QString url;
    bool isRoot = false;
};

Error childUrlConflict(const QString &parent, const ChildRef &child, const KnownPack &other)
{
    const QString path = child.effectivePath();
    return Error(ErrorKind::PackOp, u"child_url_conflict"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' declares child '%2' from %3, but "
                                                   "'%2' comes from %4"),
                         {parent, path, redactUrl(child.url), redactUrl(other.url)}))
        .withDetail(u"phase"_s, u"tree"_s)
        .withDetail(u"pack"_s, path);
}

// The roots in seed order (rootOrder: the ids of the seeds but the root pack's), depths
// settled, dependencies resolved, tags joined (those every seed of a pack declared, and its
// pack.yaml's): the graph once every pack has been walked.
void finishGraph(PackGraph &graph, const QStringList &rootOrder,
                 const QHash<QString, QStringList> &declaredTags)
{
    for (PackNode &node : graph.nodes) {
        const QString seedId = node.isRoot ? u"."_s : node.id;
        node.tags = joinTags(declaredTags.value(seedId), node.manifest->tags);
    }
    QSet<QString> rooted(graph.roots.cbegin(), graph.roots.cend());
    for (const QString &id : rootOrder) {
        if (graph.nodes.contains(id) && !rooted.contains(id)) {
            graph.roots.append(id);
            rooted.insert(id);
        }
    }
    // A pack reached both as a root and as a child keeps the smallest depth.
    for (PackNode &node : graph.nodes) {
        if (node.registered)
            node.depth = 0;
    }
    resolveDependencies(graph);
}

// The first of a pack's children that clashes with a pack already known: a path that differs
// only in case, or the same path from another remote.
std::optional<Error> childClash(const PackNode &node, const QMap<QString, KnownPack> &known,
                                const QHash<QString, QString> &knownFolded)
{
    std::optional<Error> clash = childCaseClash(node, knownFolded);
    for (const ChildRef &child : node.manifest->children) {
        if (clash)
            break;
        const auto other = known.find(child.effectivePath());
        if (other != known.end() && !other->isRoot && !other->url.isEmpty() &&
            !sameRemote(other->url, child.url))
            clash = childUrlConflict(node.id, child, *other);
    }
    return clash;
}

// A walk the person cancelled: what was done and what was not, by name, so that they can decide
// from it what to run.
Error cancelledWalk(const QMap<QString, KnownPack> &known, const PackGraph &graph, qint64 resolved)
{
    QStringList unfinished;
    for (auto it = known.cbegin(); it != known.cend(); ++it) {
        if (!graph.nodes.contains(it.key()))
            unfinished.append(it.key());
    }
    QString names = QStringList(unfinished.mid(0, 5)).join(u", "_s);
    if (unfinished.size() > 5)
        names += u" (+%1)"_s.arg(unfinished.size() - 5);
    return Error(ErrorKind::Cancelled, u"cancelled"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "cancelled while fetching, with %1 of %2 "
                                                   "pack(s) ready; not fetched or cloned: %3; "
                                                   "nothing was installed; run it again to "
                                                   "finish"),
                         {QString::number(resolved), QString::number(known.size()), names}))
        .withDetail(u"ready"_s, resolved)
        .withDetail(u"known"_s, qint64(known.size()))
        .withDetail(u"unfinished"_s, JsonValue(unfinished));
}

// The walk's threads. Remotes on this machine are CPU and disk work: the walk keeps to the width
// for them until a remote across the network comes. The threads beyond that cost memory and no
// time: a sync of 10 000 file:// packs with nothing new took 70 MB at 32 threads, 61 MB at 4.
class WalkPool : public QThreadPool
{
public:
    WalkPool(bool network, const Width &width) : m_network(network), m_width(width)
    {
        setMaxThreadCount(network ? width.localRemoteThreads() : width.localThreads());
    }
    // Called before the pack's work is started.
    void widenFor(const WalkSeed &seed)
    {
        if (m_network && !m_widened && !Git::hostOfRemote(seed.url).isEmpty()) {
            m_widened = true;
            // The threads beyond the local width wait on the network: they share as many malloc
            // arenas as there are cores rather than each keeping one. At 10 000 SSH packs that
            // held 3 MB less at no cost in time (docs/performance.md, "Arenas for a wide walk").
            shareArenas(m_width.localThreads());
            setMaxThreadCount(m_width.networkThreads());
        }
    }

private:
    const bool m_network;
    const Width m_width;
    bool m_widened = false;
};

} // namespace

Result<PackGraph> walkPacks(Workspace &workspace, QList<WalkSeed> seeds, const WalkOptions &options,
                            OperationContext &ctx)
{
    struct Outcome
    {
        WalkSeed seed;
        int depth = 0;
        Result<PackNode> node;
    };

    // A failure stops the rest of the walk as fast as possible; so does the caller's token.
    std::stop_source walkStop;
    std::stop_callback link(ctx.stopToken(), [&walkStop] { walkStop.request_stop(); });

    WalkPool pool(options.network || options.fetchOnly, ctx.width());
    QMutex mutex;
    QWaitCondition finished;
    QList<Outcome> done;     // guarded by mutex
    int inFlight = 0;        // guarded by mutex: handed to a worker, not yet in done
    bool wanted = false;     // guarded by mutex: the collector has work it must do now
    QElapsedTimer sinceWake; // guarded by mutex
    int running = 0;         // collector only: submitted and not yet collected
    sinceWake.start();

    QMap<QString, KnownPack> known;      // every pack handed to a worker, by id
    QHash<QString, QString> knownFolded; // the same ids, case-folded -> as spelled
    QHash<QString, QStringList> declaredTags; // what every seed of a pack said, by id
    const auto submit = [&](const WalkSeed &seed, int depth) {
        pool.widenFor(seed);
        if (!seed.tags.isEmpty())
            declaredTags[seed.id] += seed.tags;
        known.insert(seed.id, KnownPack{seed.url, seed.isRoot});
        knownFolded.insert(seed.id.toCaseFolded(), seed.id);
        ++running;
        {
            QMutexLocker locker(&mutex);
            ++inFlight;
        }
        pool.start([&, seed, depth] {
            // The pack's clone is opened once for all its reads (the head before and after, the
            // remote, the probe's comparison, and what a visit reads), not once per read.
            const Git::RepositoryReuse reuse;
            Result<PackNode> node =
                resolveNode(workspace, seed, depth, options, ctx, walkStop.get_token());
            if (node && options.visit)
                options.visit(*node);
            // The collector is woken only when it has something to do: children to hand out,
            // an error to stop on, the last pack, or progress to report. Waking it for every
            // pack costs a context switch each on a machine whose cores the workers fill.
            const bool urgent = !node || (options.recursive && !node->manifest->children.isEmpty());
            QMutexLocker locker(&mutex);
            done.append(Outcome{seed, depth, std::move(node)});
            --inFlight;
            if (urgent || inFlight == 0 || sinceWake.elapsed() >= kProgressInterval) {
                wanted = true;
                sinceWake.restart();
                finished.wakeAll();
            }
        });
    };

    PackGraph graph;
    const QStringList rootOrder = rootOrderOf(seeds);
    for (const WalkSeed &seed : std::as_const(seeds)) {
        if (!known.contains(seed.id))
            submit(seed, 0);
    }
    // The workers have their own copies: at 10 000 packs the list is 2 MB the walk need not
    // hold, and what the walk holds makes a sync's peak.
    seeds = {};

    std::optional<Error> firstError;
    qint64 resolved = 0;
    while (running > 0) {
        QList<Outcome> batch;
        {
            QMutexLocker locker(&mutex);
            while (!wanted || done.isEmpty())
                finished.wait(&mutex);
            wanted = false;
            batch.swap(done);
        }
        for (Outcome &outcome : batch) {
            --running;
            const Error *failure = !outcome.node              ? &outcome.node.error()
                                   : outcome.node->fetchError ? &*outcome.node->fetchError
                                                              : nullptr;
            ctx.packFinished(outcome.seed.id, failure ? u"err"_s : u"ok"_s,
                             failure ? failure->message().text() : QString());
            if (!outcome.node && options.tolerateErrors &&
                outcome.node.error().kind() != ErrorKind::Cancelled) {
                outcome.node = unreadableNode(outcome.seed, outcome.node.error());
            }
            if (!outcome.node) {
                if (!firstError) {
                    firstError = outcome.node.error();
                    walkStop.request_stop();
                }
                continue;
            }
            if (firstError)
                continue;
            PackNode node = std::move(outcome.node).value();
            node.depth = outcome.depth;
            // A clone left alone, and why, is part of the verb's report (PackOutcome).
            if (options.recursive) {
                // All of a pack's children are checked before any of them is cloned. A clash
                // is the parent's failure: a tolerant walk goes on without its children.
                std::optional<Error> clash = childClash(node, known, knownFolded);
                if (clash && !options.tolerateErrors) {
                    firstError = std::move(clash);
                    walkStop.request_stop();
                    continue;
                }
                if (clash) {
                    node.loadError = std::move(clash);
                    auto childless = std::make_shared<PackManifest>(*node.manifest);
                    childless->children.clear();
                    node.manifest = std::move(childless);
                }
                for (const ChildRef &child : node.manifest->children) {
                    const QString path = child.effectivePath();
                    node.children.append(path);
                    if (known.contains(path)) {
                        declaredTags[path] += child.tags;
                        continue;
                    }
                    WalkSeed childSeed = seedAt(workspace, child.effectivePath(), child.url,
                                                child.ref, child.depth, child.filter, true);
                    childSeed.tags = child.tags;
                    submit(childSeed, outcome.depth + 1);
                }
            }
            // The total grows as packs name their children.
            ctx.progress(++resolved, known.size(),
                         Message(QT_TRANSLATE_NOOP("Grex", "%1 ready"), {node.id}));
            if (node.isRoot)
                graph.roots.prepend(node.id);
            graph.nodes.insert(node.id, std::move(node));
        }
    }
    // A pack that stopped because the run was cancelled is not the story: the cancel is.
    if (firstError && !(ctx.stopRequested() && firstError->kind() == ErrorKind::Cancelled))
        return *firstError;
    if (ctx.stopRequested())
        return cancelledWalk(known, graph, resolved);
    finishGraph(graph, rootOrder, declaredTags);
    return graph;
}

Result<PackGraph> readPackGraph(Workspace &workspace, OperationContext &ctx)
{
    Result<QList<WalkSeed>> seeds = workspaceSeeds(workspace, ctx);
    if (!seeds)
        return seeds.error();
    WalkOptions walk;
    walk.network = false;
    walk.tolerateErrors = true;
    return walkPacks(workspace, std::move(seeds).value(), walk, ctx);
}

} // namespace Grex
