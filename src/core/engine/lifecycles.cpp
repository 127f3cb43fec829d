#include "core/engine/lifecycles.h"

#include "core/actions/actionregistry.h"
#include "core/exec/execerror.h"
#include "core/logging.h"
#include "core/manifest/event.h"
#include "core/operationcontext.h"
#include "core/pack/actionshash.h"
#include "core/sched/packlock.h"
#include "core/sched/scheduler.h"
#include "core/vars/varenv.h"
#include "core/workspace.h"

#include <QMutex>
#include <QThreadPool>
#include <QWaitCondition>

#include <algorithm>
#include <numeric>
#include <set>
#include <vector>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// How many bytes of sync events a run gathers before it appends them: about 120 lines, so
// 10 000 packs make 84 appends, each one lock and one flush of the journal.
constexpr qsizetype SyncLinesBatch = 16 * 1024;

// Appends the audit events of one pack's lifecycle call to the intent log. A failed append is
// not fatal: it becomes an event_log_warning, since the run's own work matters more.
class IntentLogAudit final : public AuditTrail
{
public:
    IntentLogAudit(const IntentLog &log, QString pack, QStringList &warnings, QMutex &mutex)
        : m_log(log)
        , m_pack(std::move(pack))
        , m_warnings(warnings)
        , m_mutex(mutex)
    {
    }

    void started(qint64 idx, const QString &actionName) override
    {
        append(Event::actionStarted(m_pack, idx, actionName));
    }

    void completed(qint64 idx, StepResult result) override
    {
        append(Event::actionCompleted(m_pack, idx, stepResultName(result)));
    }

    void halted(qint64 idx, const QString &actionName, const Error &error) override
    {
        QString summary =
            error.kind() == ErrorKind::Cancelled ? u"cancelled"_s : error.message().text();
        const QString stderrTail = error.details().value(u"stderr"_s).toString();
        if (!stderrTail.isEmpty())
            summary += u"\n"_s + stderrTail;
        append(Event::actionHalted(m_pack, idx, actionName, summary));
    }

private:
    // The run's pipeline checks for compaction once it has let go of its graph.
    void append(const Event &event)
    {
        Result<AppendReport> appended = m_log.append(event, IntentLog::Compaction::Deferred);
        if (!appended) {
            QMutexLocker locker(&m_mutex);
            m_warnings.append(appended.error().text());
        }
    }

    const IntentLog &m_log;
    QString m_pack;
    QStringList &m_warnings;
    QMutex &m_mutex;
};

// What one pack's turn produced; merged into the report by the coordinator.
struct PackTurn
{
    PackOutcome outcome;
    QList<StepRecord> steps;
    std::optional<HaltRecord> halt;
    enum class LockChange { None, Upsert, Remove } lockChange = LockChange::None;
    LockEntry entry;
    std::optional<Event> syncEvent; // appended with the others when the run ends
    // err because its clone or fetch failed, or its pack.yaml could not be read or ordered:
    // the pack fails alone and halts nothing.
    bool fetchFailed = false;
};

} // namespace

namespace {

// Puts the list in the order of its elements' keys, stably, moving the elements within the list:
// a stable sort's buffer holds half the list again (1.8 MB of a 10 000-pack report).
template<typename T, typename KeyOf>
void orderInPlace(QList<T> &list, KeyOf keyOf)
{
    const qsizetype n = list.size();
    std::vector<qsizetype> keys(n);
    for (qsizetype i = 0; i < n; ++i)
        keys[i] = keyOf(list.at(i));
    std::vector<qsizetype> from(n); // from[k]: the index of the element that belongs at k
    std::iota(from.begin(), from.end(), 0);
    std::stable_sort(from.begin(), from.end(),
                     [&keys](qsizetype a, qsizetype b) { return keys[a] < keys[b]; });
    std::vector<bool> placed(n, false);
    for (qsizetype start = 0; start < n; ++start) {
        if (placed[start] || from[start] == start)
            continue;
        // One cycle of the permutation: each element moves once, the first through `held`.
        T held = std::move(list[start]);
        qsizetype at = start;
        while (from[at] != start) {
            placed[at] = true;
            list[at] = std::move(list[from[at]]);
            at = from[at];
        }
        placed[at] = true;
        list[at] = std::move(held);
    }
}

// One lifecycle over a graph: which packs run and in what order, each pack's turn on a worker
// thread, and the coordinator that starts ready packs and records finished ones. The state the
// turns share is read-only while they run; what they produce is merged on the coordinator's
// thread (record), so only the finished list is guarded.
class LifecycleRunner
{
public:
    LifecycleRunner(Workspace &workspace, const PackGraph &graph, const LifecycleRequest &request,
                    LockEntries &locks, OperationContext &ctx, bool &locksChanged)
        : m_workspace(workspace)
        , m_graph(graph)
        , m_request(request)
        , m_locks(locks)
        , m_ctx(ctx)
        , m_teardown(request.lifecycle == Lifecycle::Teardown)
        , m_locksChanged(locksChanged)
        , m_baseVars(VarEnv::fromProcess())
        , m_log(workspace.intentLog())
        , m_scheduler(ctx.width().local())
    {
        m_report.verb = request.verb;
        m_report.dryRun = request.dryRun;
        m_report.teardown = m_teardown;
    }

    Result<void> plan();
    LifecycleReport run();

private:
    PackTurn turn(const PackNode &node);
    std::optional<PackTurn> notSelected(const PackNode &node) const;
    std::optional<PackTurn> unchanged(const PackNode &node, const QString &hash,
                                      PackTurn &turn) const;
    PackTurn execute(const PackNode &node, const QString &hash, PackTurn turn);
    void record(PackTurn &turn);
    void startReady();
    QString blockedWhy(qsizetype i) const;
    void finish();
    void writeSyncLines();

    Workspace &m_workspace;
    const PackGraph &m_graph;
    const LifecycleRequest &m_request;
    LockEntries &m_locks;
    OperationContext &m_ctx;
    const bool m_teardown;
    // A pack's turn (on a worker) reads its entry as the run found it while record (on this
    // thread) changes others': the entries are changed in place under a mutex rather than
    // copied whole for the workers, which was 2 MB at 10 000 packs.
    mutable QMutex m_locksMutex;
    bool &m_locksChanged;
    std::optional<LockEntry> priorEntry(const QString &id) const;
    PathGlobs m_only; // m_request.only, compiled by plan()
    const VarEnv m_baseVars;
    const IntentLog m_log;
    QMutex m_warningsMutex; // the report's event-log warnings, written by the audits
    Scheduler m_scheduler;
    LifecycleReport m_report;

    // The coordinator's state: packs by their position in m_order.
    QStringList m_order;
    QHash<QString, qsizetype> m_position;
    QList<int> m_unfinished; // prerequisites not finished yet
    QList<bool> m_blocked;   // a prerequisite failed
    QStringList m_blockedBy; // the first prerequisite that failed, by id
    QList<bool> m_handled;   // started, or recorded as not run
    QList<QList<qsizetype>> m_dependents;
    std::set<qsizetype> m_ready;
    int m_running = 0;
    bool m_halting = false;
    qint64 m_doneCount = 0;
    // The sync events of the packs that finished, as lines, appended a batch at a time
    // (writeSyncLines): held to the run's end they were 1.4 MB at 10 000 packs, at the run's
    // peak (docs/performance.md). A killed run has appended some of them without the lockfile
    // update, which the next run makes when it does those packs again.
    IntentLog::Lines m_syncLines;

    QThreadPool m_pool;
    QMutex m_mutex;
    QWaitCondition m_turnDone;
    QList<PackTurn> m_finished; // guarded by m_mutex
};

Result<void> LifecycleRunner::plan()
{
    m_order = m_graph.postOrder();
    if (!m_request.packs.isEmpty())
        m_order.removeIf([&](const QString &id) { return !m_request.packs.contains(id); });
    if (m_teardown)
        std::reverse(m_order.begin(), m_order.end());

    for (const QString &id : std::as_const(m_order)) {
        const PackNode &node = m_graph.nodes.value(id);
        if (node.onDisk && !builtinPackTypes().get(node.manifest->type)) {
            return Error(ErrorKind::PluginMissing, u"unknown_pack_type"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' has the unknown type '%2'"),
                                 {id, node.manifest->type}))
                .withDetail(u"pack"_s, id);
        }
    }
    Result<PathGlobs> only = PathGlobs::compile(m_request.only);
    if (!only)
        return only.error();
    m_only = std::move(only).value();

    // A pack waits for its children and the packs it depends on; in a teardown, for its
    // parents and the packs that depend on it. A pack is ready once every pack it waits for
    // has finished. Linear in packs and edges.
    const qsizetype count = m_order.size();
    // Sized once: lists grown by doubling held a copy and a half of their packs while growing.
    // The steps are sized when the first comes: a sync with nothing new has none.
    m_report.packs.reserve(count);
    m_position.reserve(count);
    for (qsizetype i = 0; i < count; ++i)
        m_position.insert(m_order.at(i), i);
    m_unfinished = QList<int>(count, 0);
    m_blocked = QList<bool>(count, false);
    m_blockedBy = QStringList(count);
    m_handled = QList<bool>(count, false);
    m_dependents = QList<QList<qsizetype>>(count);
    for (qsizetype i = 0; i < count; ++i) {
        const PackNode &node = m_graph.nodes.find(m_order.at(i)).value();
        for (const QString &before : node.children + node.dependencies) {
            const auto at = m_position.constFind(before);
            if (at == m_position.cend() || before == node.id)
                continue;
            const qsizetype waiter = m_teardown ? *at : i;
            const qsizetype awaited = m_teardown ? i : *at;
            // A pack that fails anyway waits for nothing: the packs of a cycle fail at once
            // instead of waiting for each other forever.
            if (m_graph.nodes.value(m_order.at(waiter)).loadError)
                continue;
            ++m_unfinished[waiter];
            m_dependents[awaited].append(waiter);
        }
    }
    for (qsizetype i = 0; i < count; ++i) {
        if (m_unfinished[i] == 0)
            m_ready.insert(i);
    }
    return {};
}

// A pack's turn: whether it runs at all is decided first; a skip reads and changes nothing, so
// it needs neither a scheduler slot nor the pack lock (the workspace sync lock already keeps
// other grex runs out).
PackTurn LifecycleRunner::turn(const PackNode &node)
{
    if (std::optional<PackTurn> skipped = notSelected(node))
        return std::move(*skipped);
    PackTurn turn;
    turn.outcome.id = node.id;
    turn.outcome.shaBefore = node.shaBefore;
    turn.outcome.shaAfter = node.sha;
    turn.outcome.plain = node.onDisk && !node.loadError && node.manifest->isImplicit();
    const QString hash = actionsHash(node.manifest->actions, node.sha);
    if (std::optional<PackTurn> same = unchanged(node, hash, turn))
        return std::move(*same);
    return execute(node, hash, std::move(turn));
}

std::optional<PackTurn> LifecycleRunner::notSelected(const PackNode &node) const
{
    PackTurn turn;
    turn.outcome.id = node.id;
    turn.outcome.shaBefore = node.shaBefore;
    turn.outcome.shaAfter = node.sha;
    turn.outcome.plain = node.onDisk && !node.loadError && node.manifest->isImplicit();
    // A pack whose clone or fetch failed is not installed; the others go on (a failed
    // remote is not a failed install: it halts nothing).
    if (node.fetchError) {
        turn.outcome.result = LifecycleResult::Err;
        turn.outcome.message = node.fetchError->message().text();
        turn.fetchFailed = true;
        return turn;
    }

    if (!m_only.admits(filterPath(node))) {
        turn.outcome.result = LifecycleResult::Filtered;
        return turn;
    }
    if (!m_request.filter.isEmpty()) {
        if (!m_request.filter.matches(filterSubject(node, m_request.drift))) {
            turn.outcome.result = LifecycleResult::Filtered;
            return turn;
        }
    }
    // A pack that cannot be read or ordered fails alone, as a failed fetch does (docs/design.md,
    // "Pack graph and validation").
    if (node.loadError) {
        turn.outcome.result = LifecycleResult::Err;
        turn.outcome.message = node.loadError->message().text();
        turn.fetchFailed = true;
        return turn;
    }
    if (m_request.action && (!node.onDisk || node.manifest->type == u"meta" ||
                             !hasNamedAction(node.manifest->actions, *m_request.action))) {
        turn.outcome.result = LifecycleResult::Skipped;
        turn.outcome.message = u"no action '%1'"_s.arg(*m_request.action);
        return turn;
    }
    if (!node.onDisk) {
        turn.outcome.missing = true;
        turn.outcome.result = m_teardown ? LifecycleResult::Skipped : LifecycleResult::Ok;
        turn.outcome.message = m_teardown ? u"not on disk"_s : u"would be cloned"_s;
        if (!m_teardown) {
            ExecStep clone;
            clone.actionName = u"clone"_s;
            clone.result = StepResult::WouldPerformChange;
            turn.steps.append({node.id, 0, clone});
        }
        return turn;
    }
    // A clone sync left alone is where the person put it (another commit, a detached HEAD, a
    // branch of their own): installing it there would record their commit as the pack's, and
    // status would then call it clean. It keeps its last install until sync can move it.
    if (node.notes && !node.notes->leftAloneWhy.isEmpty() && !m_teardown && !m_request.action) {
        if (const std::optional<LockEntry> prior = priorEntry(node.id);
            prior && prior->sha == node.sha)
            return std::nullopt;
        turn.outcome.result = LifecycleResult::Skipped;
        turn.outcome.message = node.notes->note.text();
        return turn;
    }

    return std::nullopt;
}

// The packs whose actions need not run again: a sync's unchanged hash, an update with nothing
// new. Fills turn's update reason.
std::optional<PackTurn> LifecycleRunner::unchanged(const PackNode &node, const QString &hash,
                                                   PackTurn &turn) const
{
    const std::optional<LockEntry> priorEntry = this->priorEntry(node.id);
    const bool hasPrior = priorEntry.has_value();
    if (m_request.lifecycle == Lifecycle::Sync && !m_request.action && !m_request.dryRun &&
        !m_request.force && hasPrior && priorEntry->actionsHash == hash) {
        ExecStep skipped;
        skipped.actionName = u"pack"_s;
        skipped.result = StepResult::Skipped;
        // The lock entry's string, equal to hash: kept for the report, one copy of it is enough.
        skipped.details =
            JsonObject{{u"pack_path"_s, node.dir}, {u"actions_hash"_s, priorEntry->actionsHash}};
        turn.steps.append({node.id, 0, skipped});
        turn.outcome.result = LifecycleResult::Skipped;
        return turn;
    }
    if (m_request.action || m_teardown)
        return std::nullopt;
    QString reason = u"none"_s;
    if (m_request.force)
        reason = u"forced"_s;
    else if (!hasPrior)
        reason = m_request.interrupted.contains(node.id) ? u"interrupted"_s : u"new"_s;
    else if (priorEntry->sha != node.sha)
        reason = u"sha-changed"_s;
    else if (priorEntry->actionsHash != hash)
        reason = u"hash-changed"_s;
    if (m_request.lifecycle == Lifecycle::Update) {
        turn.outcome.reason = reason;
        if (reason == u"none") {
            turn.outcome.result = LifecycleResult::Skipped;
            return turn;
        }
    } else if (reason != u"none") {
        turn.outcome.reason = reason; // sync: why the actions run again
    }

    return std::nullopt;
}

// Runs the pack's lifecycle (or its named actions) under a scheduler permit and its pack lock.
PackTurn LifecycleRunner::execute(const PackNode &node, const QString &hash, PackTurn turn)
{
    Result<Scheduler::Permit> permit = m_scheduler.acquire(m_ctx.stopToken());
    if (!permit) {
        turn.outcome.result = LifecycleResult::NotRun;
        turn.outcome.message = u"cancelled"_s;
        return turn;
    }
    std::optional<PackLock> packLock;
    if (!m_request.dryRun) {
        Result<PackLock> lock = PackLock::acquire(node.dir, m_ctx.stopToken());
        if (!lock) {
            turn.outcome.result = lock.error().kind() == ErrorKind::Cancelled
                                      ? LifecycleResult::NotRun
                                      : LifecycleResult::Err;
            turn.outcome.message = lock.error().message().text();
            if (lock.error().kind() != ErrorKind::Cancelled)
                turn.halt = HaltRecord{node.id, u"pack"_s, 0, lock.error()};
            return turn;
        }
        packLock = std::move(lock).value();
    }

    m_ctx.packStarted(node.id, m_request.action ? u"run"_s : lifecycleName(m_request.lifecycle));
    ExecContext exec;
    exec.vars = m_baseVars.forPack(node.dir, m_workspace.root(), node.id);
    exec.packRoot = node.dir;
    exec.workspace = m_workspace.root();
    exec.packName = node.id;
    exec.os = currentOs();
    exec.dryRun = m_request.dryRun;
    exec.actions = &builtinActions();
    exec.operation = &m_ctx;
    exec.stop = m_ctx.stopToken();
    std::optional<IntentLogAudit> audit;
    if (!m_request.dryRun)
        audit.emplace(m_log, node.id, m_report.eventLogWarnings, m_warningsMutex);
    LifecycleRun run{exec, audit ? &*audit : nullptr, {}, {}};
    const PackTypePlugin *plugin = builtinPackTypes().get(node.manifest->type);
    Result<void> result = m_request.action
                              ? runNamedActions(*m_request.action, node.manifest->actions, run)
                              : plugin->run(m_request.lifecycle, *node.manifest, run);
    turn.outcome.ran = true;
    for (size_t i = 0; i < run.steps.size(); ++i)
        turn.steps.append({node.id, qint64(i), run.steps.at(i)});

    if (!result) {
        turn.outcome.result = LifecycleResult::Err;
        turn.outcome.message = result.error().message().text();
        turn.halt = HaltRecord{node.id, run.halt.actionName, run.halt.idx, result.error()};
        if (!m_request.dryRun && !m_request.action)
            turn.lockChange = PackTurn::LockChange::Remove; // the next run re-executes it
        return turn;
    }
    turn.outcome.result = LifecycleResult::Ok;
    if (m_request.dryRun || m_request.action)
        return turn;
    if (m_teardown) {
        turn.lockChange = PackTurn::LockChange::Remove;
        return turn;
    }
    // The fold tracks registered packs; a child's state lives in the lockfile alone.
    if (node.registered)
        turn.syncEvent = Event::sync(node.id, node.sha);
    turn.lockChange = PackTurn::LockChange::Upsert;
    turn.entry.id = node.id;
    turn.entry.sha = node.sha;
    turn.entry.branch = node.branch.value_or(QString());
    turn.entry.installedAt = Timestamp::now();
    turn.entry.actionsHash = hash;
    return turn;
}

// Merges a finished turn into the report on the coordinator's thread, and makes the packs that
// waited for it ready (or blocked, when it failed).
void LifecycleRunner::record(PackTurn &turn)
{
    const bool failed = turn.outcome.result == LifecycleResult::Err ||
                        turn.outcome.result == LifecycleResult::NotRun;
    for (const qsizetype d : m_dependents.at(m_position.value(turn.outcome.id))) {
        if (failed && !m_blocked[d]) {
            m_blocked[d] = true;
            m_blockedBy[d] = turn.outcome.id;
        }
        if (--m_unfinished[d] == 0)
            m_ready.insert(d);
    }
    if (!turn.steps.isEmpty() && m_report.steps.isEmpty())
        m_report.steps.reserve(m_order.size()); // most lifecycles give each pack a step
    for (const StepRecord &s : turn.steps) {
        m_report.steps.append(s);
        m_ctx.stepFinished(s.toJson());
    }
    if (turn.lockChange != PackTurn::LockChange::None) {
        QMutexLocker locker(&m_locksMutex);
        bool changed = false;
        if (turn.lockChange == PackTurn::LockChange::Remove) {
            changed = m_locks.remove(turn.outcome.id) > 0;
        } else if (const auto at = m_locks.constFind(turn.entry.id);
                   at == m_locks.cend() || *at != turn.entry) {
            // The hash was made on a lifecycle thread. Made again here, where the entries it
            // replaces are let go, it takes the room the last one left, instead of growing
            // that thread's heap by one hash a pack (1.6 MB at 10 000 packs).
            turn.entry.actionsHash =
                QString(turn.entry.actionsHash.constData(), turn.entry.actionsHash.size());
            m_locks.insert(turn.entry.id, turn.entry);
            changed = true;
        }
        if (changed)
            m_locksChanged = true;
    }
    if (turn.syncEvent) {
        if (Result<void> added = m_syncLines.add(*turn.syncEvent); !added)
            m_report.eventLogWarnings.append(added.error().text());
        else if (m_syncLines.declared.size() + m_syncLines.journal.size() >= SyncLinesBatch)
            writeSyncLines();
    }
    if (turn.halt && !m_report.halted)
        m_report.halted = turn.halt;
    if (turn.outcome.result == LifecycleResult::Err && !turn.fetchFailed && !m_request.keepGoing)
        m_halting = true;
    m_ctx.packFinished(turn.outcome.id, wireName(turn.outcome.result), turn.outcome.message);
    m_ctx.progress(++m_doneCount, m_order.size(),
                   Message(QT_TRANSLATE_NOOP("Grex", "%1: %2"),
                           {turn.outcome.id, wireName(turn.outcome.result)}));
    m_report.packs.append(std::move(turn.outcome));
}

// Why the pack at i does not run, naming the pack that failed (or did not run) before it.
QString LifecycleRunner::blockedWhy(qsizetype i) const
{
    const PackNode &node = m_graph.nodes.find(m_order.at(i)).value();
    const QString &blocker = m_blockedBy.at(i);
    const PackNode &other = m_graph.nodes.find(blocker).value();
    if (m_teardown) {
        return other.children.contains(node.id)
                   ? u"'%1', which owns it, failed"_s.arg(blocker)
                   : u"'%1', which depends on it, failed"_s.arg(blocker);
    }
    return node.children.contains(blocker) ? u"'%1', which it owns, failed"_s.arg(blocker)
                                            : u"it depends on '%1', which failed"_s.arg(blocker);
}

// Starts the ready packs in order, up to the width; a pack something it builds on failed is
// recorded as not run. Recording makes others ready, maybe earlier in the order: the scan
// restarts from the front until nothing changes.
void LifecycleRunner::startReady()
{
    const bool stopping = m_halting || m_ctx.stopRequested();
    for (auto it = m_ready.begin(); it != m_ready.end();) {
        const qsizetype i = *it;
        const QString &id = m_order.at(i);
        if (m_blocked[i]) {
            // Something it builds on failed: it does not run (--keep-going included).
            m_ready.erase(it);
            m_handled[i] = true;
            PackTurn turn;
            turn.outcome.id = id;
            turn.outcome.result = LifecycleResult::NotRun;
            turn.outcome.message = blockedWhy(i);
            turn.outcome.shaBefore = m_graph.nodes.value(id).shaBefore;
            turn.outcome.shaAfter = m_graph.nodes.value(id).sha;
            record(turn);
            it = m_ready.begin();
            continue;
        }
        if (stopping || !m_ctx.width().admits(m_running)) {
            ++it;
            continue;
        }
        it = m_ready.erase(it);
        m_handled[i] = true;
        ++m_running;
        const PackNode *node = &m_graph.nodes.find(id).value();
        m_pool.start([this, node] {
            PackTurn done = turn(*node);
            QMutexLocker locker(&m_mutex);
            m_finished.append(std::move(done));
            m_turnDone.wakeAll();
        });
    }
}

LifecycleReport LifecycleRunner::run()
{
    m_pool.setMaxThreadCount(m_ctx.width().localThreads());
    for (;;) {
        startReady();
        if (m_running == 0)
            break;
        QList<PackTurn> batch;
        {
            QMutexLocker locker(&m_mutex);
            while (m_finished.isEmpty())
                m_turnDone.wait(&m_mutex);
            batch.swap(m_finished);
        }
        for (PackTurn &turn : batch) {
            --m_running;
            record(turn);
        }
    }
    finish();
    return std::move(m_report);
}

// Appends the sync events not yet written, and keeps the batch's room for the next ones. A log
// that cannot be written is one warning, however many batches find it so.
void LifecycleRunner::writeSyncLines()
{
    if (m_syncLines.isEmpty())
        return;
    if (Result<AppendReport> appended = m_log.append(m_syncLines, IntentLog::Compaction::Deferred);
        !appended && !m_report.eventLogWarnings.contains(appended.error().text()))
        m_report.eventLogWarnings.append(appended.error().text());
    m_syncLines.declared.resize(0);
    m_syncLines.journal.resize(0);
}

// Writes the sync events, names the packs that never started, and adds the walk's git facts.
void LifecycleRunner::finish()
{
    writeSyncLines();
    m_syncLines = {};
    for (qsizetype i = 0; i < m_order.size(); ++i) {
        if (m_handled[i])
            continue;
        const QString &id = m_order.at(i);
        PackOutcome outcome;
        outcome.id = id;
        outcome.result = LifecycleResult::NotRun;
        outcome.message = m_ctx.stopRequested() ? u"cancelled"_s : u"the run halted"_s;
        outcome.shaBefore = m_graph.nodes.value(id).shaBefore;
        outcome.shaAfter = m_graph.nodes.value(id).sha;
        m_report.packs.append(outcome);
    }
    // The report lists packs (and their steps) in the run's order, whatever order they
    // finished in: two runs of the same workspace print the same, and diff.
    const auto position = [this](const QString &id) { return m_position.value(id, -1); };
    orderInPlace(m_report.packs, [&](const PackOutcome &p) { return position(p.id); });
    orderInPlace(m_report.steps, [&](const StepRecord &s) { return position(s.pack); });
    for (PackOutcome &outcome : m_report.packs)
        recordFetch(outcome, m_graph.nodes.value(outcome.id));
}

} // namespace

std::optional<LockEntry> LifecycleRunner::priorEntry(const QString &id) const
{
    QMutexLocker locker(&m_locksMutex);
    const auto at = m_locks.constFind(id);
    return at == m_locks.cend() ? std::nullopt : std::optional<LockEntry>(*at);
}

Result<LifecycleReport> executeLifecycles(Workspace &workspace, const PackGraph &graph,
                                          const LifecycleRequest &request, LockEntries &locks,
                                          OperationContext &ctx, bool &locksChanged)
{
    LifecycleRunner runner(workspace, graph, request, locks, ctx, locksChanged);
    if (Result<void> planned = runner.plan(); !planned)
        return planned.error();
    return runner.run();
}

void recordFetch(PackOutcome &outcome, const PackNode &node)
{
    outcome.fetchState = node.fetchState;
    outcome.commits = node.commitsTaken;
    outcome.notes = node.notes;
    outcome.error = node.fetchError;
    // A pack left out by the filter is not failed by its pack.yaml: this run did not need it.
    if (!outcome.error && outcome.result == LifecycleResult::Err)
        outcome.error = node.loadError;
}

Result<LifecycleReport> concludeLifecycles(LifecycleReport report, const OperationContext &ctx)
{
    const bool cancelled = ctx.stopRequested() ||
                           (report.halted && report.halted->error.kind() == ErrorKind::Cancelled);
    if (cancelled) {
        qint64 finishedPacks = 0;
        for (const PackOutcome &p : report.packs)
            finishedPacks +=
                p.result == LifecycleResult::Ok || p.result == LifecycleResult::Skipped ? 1 : 0;
        return Error(ErrorKind::Cancelled, u"cancelled"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1 was cancelled after %2 of %3 pack(s); "
                                                       "run it again to finish"),
                             {report.verb, QString::number(finishedPacks),
                              QString::number(report.packs.size())}))
            .withDetail(u"report"_s, report.toJson());
    }
    if (!report.halted) {
        QStringList failed;
        const Error *only = nullptr;
        qint64 notRun = 0;
        for (const PackOutcome &p : report.packs) {
            if (p.error) {
                failed.append(u"%1 (%2)"_s.arg(p.id, p.error->reason()));
                only = &*p.error;
            } else if (p.result == LifecycleResult::NotRun) {
                ++notRun;
            }
        }
        if (failed.isEmpty())
            return report;
        const qsizetype count = failed.size();
        if (count > 5) {
            failed = failed.mid(0, 5);
            failed.append(u"..."_s);
        }
        // One failure is told whole, so the line alone says what to fix.
        const QString what = count == 1 ? u"%1: %2"_s.arg(failed.constFirst(), only->text())
                                        : failed.join(u", "_s);
        Message message =
            notRun == 0
                ? Message(QT_TRANSLATE_NOOP("Grex", "%1: %2 of %3 pack(s) failed: %4"),
                          {report.verb, QString::number(count),
                           QString::number(report.packs.size()), what})
                : Message(QT_TRANSLATE_NOOP("Grex", "%1: %2 of %3 pack(s) failed: %4; %5 "
                                                    "pack(s) that build on them did not run"),
                          {report.verb, QString::number(count),
                           QString::number(report.packs.size()), what,
                           QString::number(notRun)});
        return Error(ErrorKind::PackOp, u"packs_failed"_s, std::move(message))
            .withDetail(u"report"_s, report.toJson());
    }
    const HaltRecord &halt = *report.halted;
    const ErrorKind kind = halt.error.kind() == ErrorKind::PluginMissing ? ErrorKind::PluginMissing
                                                                         : ErrorKind::PackOp;
    return Error(kind, u"halted"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "%1 halted at pack '%2' action #%3 (%4): %5"),
                         {report.verb, halt.pack, QString::number(halt.idx), halt.action,
                          halt.error.message().text()}))
        .withHint(halt.error.hint())
        .withDetail(u"phase"_s, u"exec"_s)
        .withDetail(u"pack"_s, halt.pack)
        .withDetail(u"report"_s, report.toJson());
}

} // namespace Grex
