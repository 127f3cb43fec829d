#include "core/engine/pipeline.h"

#include "core/allocator.h"
#include "core/engine/drift.h"
#include "core/engine/recovery.h"
#include "core/engine/upkeep.h"
#include "core/fs/gitignore.h"
#include "core/logging.h"
#include "core/naming.h"
#include "core/pack/packmanifest.h"
#include "core/operationcontext.h"
#include "core/workspace.h"

#include <QDir>
#include <QFileInfo>
#include <QFuture>
#include <QScopeGuard>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

Result<Workspace> resolvePipelineWorkspace(const Workspace &workspace,
                                           const std::optional<QString> &packRoot,
                                           const std::optional<QString> &workspaceDir)
{
    if (!packRoot) {
        if (workspaceDir) {
            return Error(ErrorKind::Usage, u"invalid_argument"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "--workspace needs a pack root")));
        }
        if (Result<void> ready = workspace.requireInitialised(); !ready)
            return ready.error();
        return workspace;
    }
    QString dir = QDir(workspace.root()).absoluteFilePath(*packRoot);
    if (QFileInfo(dir).isFile() && dir.endsWith(u"pack.yaml"))
        dir = QFileInfo(QFileInfo(dir).absolutePath()).absolutePath(); // <R>/.grex/pack.yaml
    dir = QDir::cleanPath(dir);
    if (!hasPackManifest(dir)) {
        return Error(ErrorKind::Usage, u"not_a_pack"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1 is not a pack: %2 does not exist"),
                             {dir, packManifestPath(dir)}))
            .withDetail(u"path"_s, dir);
    }
    QString target;
    if (workspaceDir)
        target = QDir::cleanPath(QDir(workspace.root()).absoluteFilePath(*workspaceDir));
    // A pack repository can carry links: its .grex (the log and the lock) and its default
    // workspace (the children) must not lead out of it. A --workspace given is the caller's.
    QStringList inside{dir + u"/.grex"_s};
    if (target.isEmpty())
        inside.append(dir + u"/.grex/workspace"_s);
    for (const QString &path : std::as_const(inside)) {
        if (Result<void> real = checkNotSymlink(path); !real)
            return real.error();
    }
    Workspace rootMode = Workspace::forRootPack(dir, target);
    rootMode.setFetcher(workspace.sharedFetcher());
    return rootMode;
}

Result<QList<WalkSeed>> pipelineSeeds(const Workspace &workspace, OperationContext &ctx)
{
    if (!workspace.isRootPackMode())
        return workspaceSeeds(workspace, ctx);
    WalkSeed root;
    root.id = u"."_s;
    root.dir = workspace.rootPackDir();
    root.isRoot = true;
    return QList<WalkSeed>{root};
}

PipelineRequest PipelineRequest::of(const QString &verb, Lifecycle lifecycle)
{
    PipelineRequest request;
    request.lifecycles.verb = verb;
    request.lifecycles.lifecycle = lifecycle;
    return request;
}

namespace {

// The .gitignore blocks of every pack on disk (and of the workspace, when it is a pack).
Result<void> writeGitignoreBlocks(const Workspace &workspace, const PackGraph &graph)
{
    QList<std::pair<QString, QStringList>> blocks;
    blocks.reserve(graph.nodes.size() + 1);
    if (workspace.isRootPackMode())
        blocks.append({QString::fromUtf16(Gitignore::WorkspaceOwner), Gitignore::workspaceBody()});
    for (const PackNode &node : graph.nodes) {
        if (!node.isRoot && node.onDisk)
            blocks.append({node.id, Gitignore::packBody(node.path, node.manifest->gitignore)});
    }
    return Gitignore::upsertBlocks(workspace.gitignorePath(), blocks);
}

} // namespace

bool touchedBy(const PackFilter &filter, const PathGlobs &only,
               const QHash<QString, QString> &drift, const WalkSeed &seed, int depth)
{
    if (seed.isRoot)
        return true;
    if (!only.admits(seed.path))
        return false;
    if (filter.isEmpty())
        return true;
    // The pack.yaml on disk gives the type and tags as they are before any fetch. When it
    // cannot be read the pack is in if some type would let it in: a fetch may bring the fix.
    QStringList types{PackManifest::implicit(seed.id).type};
    QStringList tags = seed.tags;
    if (hasPackManifest(seed.dir)) {
        if (Result<PackManifest> manifest = loadPackManifest(seed.dir)) {
            types = {manifest->type};
            tags += manifest->tags;
        } else {
            types = packTypeNames();
        }
    }
    return std::any_of(types.cbegin(), types.cend(), [&](const QString &type) {
        return filter.matches(FilterSubject{.name = seed.id,
                                            .path = seed.path,
                                            .type = type,
                                            .url = seed.url,
                                            .depth = depth,
                                            .drift = std::nullopt,
                                            .alsoDrifts = {},
                                            .tags = tags}
                                  .withDriftOf(drift));
    });
}

namespace {

// What the lifecycles need of the lockfile and the intent log, read before the walk, which
// changes neither; and the recovery scan, started to run beside the walk.
struct BeforeWalk
{
    std::optional<LockEntries> locks; // none with noInstall
    bool locksChanged = false;        // the run changed an entry (or dropped an interrupted one)
    QSet<QString> interrupted;
    QFuture<RecoveryFindings> recovery;
};

// The log is let go before the walk, and so is its cached summary: the run appends to the log
// anyway, and a large workspace's events would otherwise stay in memory through the whole run
// (docs/performance.md). The lockfile's cached parse goes too: the run keeps its own entries
// until it ends, and the cache would hold them on while the report is made.
Result<BeforeWalk> readBeforeWalk(Workspace &workspace, const PipelineRequest &request,
                                  OperationContext &ctx)
{
    BeforeWalk before;
    if (request.noInstall) {
        workspace.intentLog().forgetCachedRead();
        return before;
    }
    const LifecycleRequest &asked = request.lifecycles;
    const bool resumes = !asked.dryRun && !asked.action && asked.lifecycle != Lifecycle::Teardown;
    // What the run needs of the log is taken from it, and the log let go, before the lockfile
    // is read: at 10 000 packs each is megabytes, and both at once made the run's peak.
    QHash<QString, Timestamp> unfinished;
    RecoveryLeads leads;
    {
        const Result<LogSummary> log = workspace.intentLog().summary();
        workspace.intentLog().forgetCachedRead();
        if (log && resumes)
            unfinished = unfinishedActions(log->unfinished);
        if (request.recoveryScan)
            leads = recoveryLeads(workspace.root(), log);
    }
    Result<LockEntries> read = workspace.lockfile().read();
    workspace.lockfile().forgetCachedRead();
    if (!read)
        return read.error();
    before.locks = std::move(read).value();
    // An install a killed run cut off runs again: its lock entry is the install before it.
    before.interrupted = interruptedInstalls(unfinished, *before.locks);
    for (const QString &id : std::as_const(before.interrupted))
        before.locks->remove(id);
    before.locksChanged = !before.interrupted.isEmpty();
    // What is left free of the log's parse is this thread's, and the walk allocates on others.
    releaseFreedMemory();
    // The recovery scan only reads (the workspace tree and what it took from the log) and
    // nothing the walk does can change what it finds, so it runs beside the walk.
    if (request.recoveryScan) {
        before.recovery =
            QtConcurrent::run([&workspace, stop = ctx.stopToken(), leads = std::move(leads)] {
                return recoveryScan(workspace, workspace.rootPackDir(), leads, stop);
            });
    }
    return before;
}

} // namespace

Result<LifecycleReport> executePipeline(Workspace &workspace, QList<WalkSeed> seeds,
                                        const PipelineRequest &request, OperationContext &ctx,
                                        PackGraph *graphOut)
{
    Result<PathGlobs> compiledOnly = PathGlobs::compile(request.lifecycles.only);
    if (!compiledOnly)
        return compiledOnly.error();
    const PathGlobs only = std::move(compiledOnly).value();
    if (!request.lifecycles.dryRun && request.network)
        QDir().mkpath(workspace.root());
    // drift=... compares with what status sees before the run changes anything.
    Result<QHash<QString, QString>> computedDrift =
        driftForFilter(request.lifecycles.filter, workspace, ctx);
    if (!computedDrift)
        return computedDrift.error();
    const QHash<QString, QString> drift = std::move(computedDrift).value();

    Result<BeforeWalk> before = readBeforeWalk(workspace, request, ctx);
    if (!before)
        return before.error();
    std::optional<LockEntries> &locks = before->locks;
    QFuture<RecoveryFindings> &recovery = before->recovery;
    const auto joinRecovery = qScopeGuard([&recovery] { recovery.waitForFinished(); });

    WalkOptions walk;
    walk.network = request.network && !request.lifecycles.dryRun;
    walk.refOverride = request.refOverride;
    walk.recursive = request.recursive;
    walk.submodules = request.submodules;
    // One pack that cannot be read fails alone (docs/design.md, "Pack graph and validation"): its
    // loadError makes it "err".
    walk.tolerateErrors = true;
    // A filter says which packs the run is about: a clone it leaves out is not fetched or
    // fast-forwarded either (docs/design.md, "Filter expressions").
    const LifecycleRequest &selection = request.lifecycles;
    if (!selection.filter.isEmpty() || !selection.only.isEmpty()) {
        walk.touches = [&selection, &only, &drift](const WalkSeed &seed, int depth) {
            return touchedBy(selection.filter, only, drift, seed, depth);
        };
    }
    qCDebug(lcCore, "walking %lld seed pack(s)", qint64(seeds.size()));
    ctx.phase(walk.network ? u"fetch"_s : u"read"_s);
    Result<PackGraph> graph = walkPacks(workspace, std::move(seeds), walk, ctx);
    seeds = {};
    if (!graph)
        return graph.error();
    qCDebug(lcCore, "walked %lld pack(s)", qint64(graph->nodes.size()));
    releaseFreedMemory(); // what each fetch held, freed between the nodes the walk kept
    // The root pack is the checkout the run was started from: when it cannot be read there is
    // nothing to run, and its error is the run's.
    for (const PackNode &node : std::as_const(graph->nodes)) {
        if (node.isRoot && node.loadError)
            return *node.loadError;
    }
    if (!request.noValidate)
        markProblems(*graph, validateGraph(*graph, request.elsewhere));
    if (graphOut)
        *graphOut = *graph;

    LifecycleReport report;
    report.verb = request.lifecycles.verb;
    report.dryRun = request.lifecycles.dryRun;
    if (request.noInstall) {
        for (const QString &id : graph->postOrder()) {
            const PackNode &node = graph->nodes.value(id);
            PackOutcome outcome;
            outcome.id = id;
            const Boxed<Error> &failure = node.fetchError ? node.fetchError : node.loadError;
            outcome.result = failure ? LifecycleResult::Err : LifecycleResult::Ok;
            outcome.shaBefore = node.shaBefore;
            outcome.shaAfter = node.sha;
            outcome.message = failure      ? failure->message().text()
                              : node.notes ? node.notes->note.text()
                                           : QString();
            recordFetch(outcome, node);
            report.packs.append(outcome);
        }
        return report;
    }

    if (request.beforeLifecycles) {
        if (Result<void> go = request.beforeLifecycles(*graph); !go)
            return go.error();
    }

    if (!request.lifecycles.dryRun && request.lifecycles.lifecycle != Lifecycle::Teardown &&
        !request.lifecycles.action) {
        if (Result<void> written = writeGitignoreBlocks(workspace, *graph); !written)
            report.eventLogWarnings.append(written.error().text());
    }

    if (recovery.isValid()) {
        // Shown once the walk succeeded, after its own warnings.
        const RecoveryFindings findings = recovery.result();
        for (const Message &warning : findings.warnings)
            ctx.warn(warning);
        report.recovery = findings.report;
    }

    qCDebug(lcCore, "running the %s lifecycle",
            qPrintable(lifecycleName(request.lifecycles.lifecycle)));
    ctx.phase(request.lifecycles.action ? u"run"_s : lifecycleName(request.lifecycles.lifecycle));

    LifecycleRequest lifecycles = request.lifecycles;
    lifecycles.drift = drift;
    lifecycles.interrupted = before->interrupted;
    Result<LifecycleReport> executed =
        executeLifecycles(workspace, *graph, lifecycles, *locks, ctx, before->locksChanged);
    if (!executed)
        return executed.error();
    qCDebug(lcCore, "ran %lld pack(s)", qint64(executed->packs.size()));
    executed->recovery = report.recovery;
    executed->eventLogWarnings = report.eventLogWarnings + executed->eventLogWarnings;

    if (!request.lifecycles.dryRun) {
        if (request.lifecycles.lifecycle == Lifecycle::Teardown) {
            QStringList removed;
            for (const PackOutcome &p : executed->packs) {
                if (p.result == LifecycleResult::Ok && !graph->nodes.value(p.id).isRoot)
                    removed.append(p.id);
            }
            if (Result<void> blocks = Gitignore::removeBlocks(workspace.gitignorePath(), removed);
                !blocks)
                executed->eventLogWarnings.append(blocks.error().text());
        }
        // The snapshot is written even when the run halted, so the packs that finished are
        // remembered. `run` changes no entry, nor does a sync with nothing new: the file is
        // left as it is rather than serialised again and synced to disk.
        const Lockfile lockfile = workspace.lockfile();
        if (!request.lifecycles.action &&
            (before->locksChanged || !QFileInfo::exists(lockfile.path()))) {
            if (Result<void> written = lockfile.write(*locks); !written)
                executed->eventLogWarnings.append(written.error().text());
        }
        // Last, once the packs are installed: a repack never delays what the user waits for.
        if (walk.network && request.lifecycles.lifecycle == Lifecycle::Sync &&
            !request.lifecycles.action)
            executed->maintenance = upkeepAfterSync(workspace, *graph, ctx.stopToken());
    }
    // The lifecycles deferred the log's compaction check to here, where the graph is let go:
    // at 10 000 packs the check's folds of the log and of its compacted form are as much
    // again as the graph.
    *graph = PackGraph();
    // The graph was built on the walk's threads, and what this thread allocates next (the
    // compaction check, the report's document) could not reuse the pages it leaves free there.
    releaseFreedMemory();
    workspace.intentLog().compactIfGrown();
    return executed;
}

Result<LifecycleReport> runWorkspacePipeline(Workspace &workspace, const PipelineRequest &request,
                                             OperationContext &ctx)
{
    Result<QList<WalkSeed>> seeds = pipelineSeeds(workspace, ctx);
    if (!seeds)
        return seeds.error();
    Result<LifecycleReport> report = executePipeline(workspace, std::move(*seeds), request, ctx);
    if (!report)
        return report.error();
    return concludeLifecycles(std::move(report).value(), ctx);
}

} // namespace Grex
