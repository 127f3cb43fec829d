#include "runner.h"

#include "actions/actionregistry.h"
#include "exec/execerror.h"
#include "logging.h"
#include "manifest/event.h"
#include "operationcontext.h"
#include "pack/actionshash.h"
#include "sched/packlock.h"
#include "sched/scheduler.h"
#include "vars/varenv.h"
#include "workspace.h"

#include <QMutex>
#include <QRegularExpression>
#include <QThreadPool>
#include <QWaitCondition>

#include <set>

using namespace Qt::StringLiterals;

namespace Grex {

JsonObject StepRecord::toJson() const
{
    return JsonObject{{u"pack"_s, pack},
                      {u"action"_s, step.actionName},
                      {u"idx"_s, idx},
                      {u"result"_s, stepResultName(step.result)},
                      {u"details"_s, step.details}};
}

JsonObject HaltRecord::toJson() const
{
    return JsonObject{
        {u"pack"_s, pack},
        {u"action"_s, action},
        {u"idx"_s, idx},
        {u"error"_s, error.message().text()},
        {u"recovery_hint"_s, error.hint().isEmpty() ? JsonValue() : JsonValue(error.hint().text())},
        {u"kind"_s, wireName(error.kind())},
        {u"reason"_s, error.reason()}};
}

JsonObject RunReport::toJson() const
{
    JsonArray stepArray;
    for (const StepRecord &s : steps)
        stepArray.append(s.toJson());
    JsonArray packArray;
    for (const PackOutcome &p : packs) {
        JsonObject o{{u"id"_s, p.id},
                     {u"result"_s, p.result},
                     {u"sha_before"_s, p.shaBefore},
                     {u"sha_after"_s, p.shaAfter},
                     {u"message"_s, p.message}};
        if (!p.reason.isEmpty())
            o.insert(u"reason"_s, p.reason);
        p.addFetchTo(o);
        packArray.append(o);
    }
    JsonObject o{{u"verb"_s, verb},
                 {u"dry_run"_s, dryRun},
                 {u"steps"_s, stepArray},
                 {u"halted"_s, halted ? JsonValue(halted->toJson()) : JsonValue()},
                 {u"event_log_warnings"_s, JsonValue(eventLogWarnings)},
                 {u"summary"_s, JsonObject{{u"total_steps"_s, qint64(steps.size())}}},
                 {u"packs"_s, packArray}};
    if (!recovery.isEmpty())
        o.insert(u"recovery"_s, recovery);
    return o;
}

void PackOutcome::addFetchTo(JsonObject &o) const
{
    o.insert(u"fetch"_s, fetchState.isEmpty() ? JsonValue() : JsonValue(fetchState));
    if (!leftAloneWhy.isEmpty())
        o.insert(u"left_alone"_s, leftAloneWhy);
    if (!fetchNote.isEmpty())
        o.insert(u"fetch_note"_s, fetchNote);
    if (!warnings.isEmpty())
        o.insert(u"warnings"_s, JsonValue(warnings));
    if (error)
        o.insert(u"error"_s, error->toJson());
}

const PackOutcome *RunReport::outcome(const QString &id) const
{
    for (const PackOutcome &p : packs) {
        if (p.id == id)
            return &p;
    }
    return nullptr;
}

namespace {

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
    void append(const Event &event)
    {
        Result<AppendReport> appended = m_log.append(event);
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
    bool fetchFailed = false;       // err because its clone or fetch failed
};

QString forwardSlashPath(const PackNode &node)
{
    if (!node.isRoot)
        return node.path;
    QString path = node.dir;
    return path.replace(u'\\', u'/');
}

} // namespace

Result<void> checkGlob(const QString &glob)
{
    if (Result<bool> compiled = globMatches(glob, QString()); !compiled)
        return compiled.error();
    return {};
}

Result<bool> globMatches(const QString &glob, const QString &path)
{
    const auto invalid = [&](const char *why) {
        return Error(ErrorKind::Usage, u"invalid_glob"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "invalid glob '%1': %2"),
                             {glob, QString::fromLatin1(why)}))
            .withDetail(u"glob"_s, glob);
    };
    if (glob.isEmpty())
        return invalid("it is empty");
    QString pattern = u"^"_s;
    int braces = 0;
    for (qsizetype i = 0; i < glob.size(); ++i) {
        const QChar c = glob.at(i);
        if (c == u'\\') {
            if (i + 1 >= glob.size())
                return invalid("it ends with a backslash");
            pattern += QRegularExpression::escape(QString(glob.at(++i)));
        } else if (c == u'*') {
            if (i + 1 < glob.size() && glob.at(i + 1) == u'*') {
                pattern += u".*"_s;
                ++i;
            } else {
                pattern += u"[^/]*"_s;
            }
        } else if (c == u'?') {
            pattern += u"[^/]"_s;
        } else if (c == u'[') {
            const qsizetype close = glob.indexOf(u']', i + 2);
            if (close < 0)
                return invalid("'[' is never closed");
            QString set = glob.mid(i + 1, close - i - 1);
            if (set.startsWith(u'!'))
                set[0] = u'^';
            pattern += u'[' + set.replace(u"\\"_s, u"\\\\"_s) + u']';
            i = close;
        } else if (c == u'{') {
            ++braces;
            pattern += u"(?:"_s;
        } else if (c == u'}' && braces > 0) {
            --braces;
            pattern += u')';
        } else if (c == u',' && braces > 0) {
            pattern += u'|';
        } else {
            pattern += QRegularExpression::escape(QString(c));
        }
    }
    if (braces > 0)
        return invalid("'{' is never closed");
    pattern += u'$';
    const QRegularExpression re(pattern);
    if (!re.isValid())
        return invalid("it is not a valid pattern");
    return re.match(path).hasMatch();
}

Result<RunReport> runLifecycles(Workspace &workspace, const PackGraph &graph,
                                const RunRequest &request, LockEntries &locks,
                                OperationContext &ctx)
{
    RunReport report;
    report.verb = request.verb;
    report.dryRun = request.dryRun;

    QStringList order = graph.postOrder();
    if (!request.packs.isEmpty())
        order.removeIf([&](const QString &id) { return !request.packs.contains(id); });
    const bool teardown = request.lifecycle == Lifecycle::Teardown;
    if (teardown)
        std::reverse(order.begin(), order.end());

    for (const QString &id : order) {
        const PackNode &node = graph.nodes.value(id);
        if (node.onDisk && !builtinPackTypes().get(node.manifest.type)) {
            return Error(ErrorKind::PluginMissing, u"unknown_pack_type"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' has the unknown type '%2'"),
                                 {id, node.manifest.type}))
                .withDetail(u"pack"_s, id);
        }
    }
    for (const QString &glob : request.only) {
        if (Result<void> valid = checkGlob(glob); !valid)
            return valid.error();
    }

    // A pack waits for its children and the packs it depends on; in a teardown, for its
    // parents and the packs that depend on it.
    const QSet<QString> inRun(order.begin(), order.end());
    QMap<QString, QStringList> waitsFor;
    for (const QString &id : order) {
        const PackNode &node = graph.nodes.find(id).value();
        for (const QString &before : node.children + node.dependencies) {
            if (!inRun.contains(before) || before == id)
                continue;
            if (teardown)
                waitsFor[before].append(id);
            else
                waitsFor[id].append(before);
        }
    }

    const LockEntries prior = locks;
    const VarEnv baseVars = VarEnv::fromProcess();
    const IntentLog log = workspace.intentLog();
    QMutex warningsMutex;
    Scheduler scheduler(ctx.width().local());

    const auto runPack = [&](const PackNode &node) -> PackTurn {
        PackTurn turn;
        turn.outcome.id = node.id;
        turn.outcome.shaBefore = node.shaBefore;
        turn.outcome.shaAfter = node.sha;
        // A pack whose clone or fetch failed is not installed; the others go on (a failed
        // remote is not a failed install: it halts nothing).
        if (node.fetchError) {
            turn.outcome.result = u"err"_s;
            turn.outcome.message = node.fetchError->message().text();
            turn.fetchFailed = true;
            return turn;
        }

        if (!request.only.isEmpty()) {
            bool selected = false;
            for (const QString &glob : request.only)
                selected = selected || globMatches(glob, forwardSlashPath(node)).valueOr(false);
            if (!selected) {
                turn.outcome.result = u"filtered"_s;
                return turn;
            }
        }
        if (!request.filter.isEmpty()) {
            FilterSubject subject = filterSubject(node, request.drift);
            subject.path = forwardSlashPath(node);
            if (!subject.drift)
                subject.drift = QString();
            if (!request.filter.matches(subject)) {
                turn.outcome.result = u"filtered"_s;
                return turn;
            }
        }
        if (request.action && (!node.onDisk || node.manifest.type == u"meta" ||
                               !hasNamedAction(node.manifest.actions, *request.action))) {
            turn.outcome.result = u"skipped"_s;
            turn.outcome.message = u"no action '%1'"_s.arg(*request.action);
            return turn;
        }
        if (!node.onDisk) {
            turn.outcome.result = teardown ? u"skipped"_s : u"ok"_s;
            turn.outcome.message = teardown ? u"not on disk"_s : u"would be cloned"_s;
            if (!teardown) {
                ExecStep clone;
                clone.actionName = u"clone"_s;
                clone.result = StepResult::WouldPerformChange;
                turn.steps.append({node.id, 0, clone});
            }
            return turn;
        }

        // Whether the pack runs at all is decided first: a skip reads and changes nothing, so it
        // needs neither a scheduler slot nor the pack lock (the workspace sync lock already
        // keeps other grex runs out).
        const QString hash = actionsHash(node.manifest.actions, node.sha);
        const auto priorEntry = prior.find(node.id);
        const bool hasPrior = priorEntry != prior.end();
        if (request.lifecycle == Lifecycle::Sync && !request.action && !request.dryRun &&
            !request.force && hasPrior && priorEntry->actionsHash == hash) {
            ExecStep skipped;
            skipped.actionName = u"pack"_s;
            skipped.result = StepResult::Skipped;
            skipped.details = JsonObject{{u"pack_path"_s, node.dir}, {u"actions_hash"_s, hash}};
            turn.steps.append({node.id, 0, skipped});
            turn.outcome.result = u"skipped"_s;
            return turn;
        }
        if (request.lifecycle == Lifecycle::Update) {
            if (request.force)
                turn.outcome.reason = u"forced"_s;
            else if (!hasPrior)
                turn.outcome.reason = u"new"_s;
            else if (priorEntry->sha != node.sha)
                turn.outcome.reason = u"sha-changed"_s;
            else if (priorEntry->actionsHash != hash)
                turn.outcome.reason = u"hash-changed"_s;
            else
                turn.outcome.reason = u"none"_s;
            if (turn.outcome.reason == u"none") {
                turn.outcome.result = u"skipped"_s;
                return turn;
            }
        }

        Result<Scheduler::Permit> permit = scheduler.acquire(ctx.stopToken());
        if (!permit) {
            turn.outcome.result = u"not_run"_s;
            turn.outcome.message = u"cancelled"_s;
            return turn;
        }
        std::optional<PackLock> packLock;
        if (!request.dryRun) {
            Result<PackLock> lock = PackLock::acquire(node.dir, ctx.stopToken());
            if (!lock) {
                turn.outcome.result =
                    lock.error().kind() == ErrorKind::Cancelled ? u"not_run"_s : u"err"_s;
                turn.outcome.message = lock.error().message().text();
                if (lock.error().kind() != ErrorKind::Cancelled)
                    turn.halt = HaltRecord{node.id, u"pack"_s, 0, lock.error()};
                return turn;
            }
            packLock = std::move(lock).value();
        }

        ctx.packStarted(node.id, request.action ? u"run"_s : lifecycleName(request.lifecycle));
        ExecContext exec;
        exec.vars = baseVars.forPack(node.dir, workspace.root(), node.id);
        exec.packRoot = node.dir;
        exec.workspace = workspace.root();
        exec.packName = node.id;
        exec.os = currentOs();
        exec.dryRun = request.dryRun;
        exec.actions = &builtinActions();
        exec.operation = &ctx;
        exec.stop = ctx.stopToken();
        std::optional<IntentLogAudit> audit;
        if (!request.dryRun)
            audit.emplace(log, node.id, report.eventLogWarnings, warningsMutex);
        LifecycleRun run{exec, audit ? &*audit : nullptr, {}, {}};
        const PackTypePlugin *plugin = builtinPackTypes().get(node.manifest.type);
        Result<void> result = request.action
                                  ? runNamedActions(*request.action, node.manifest.actions, run)
                                  : plugin->run(request.lifecycle, node.manifest, run);
        turn.outcome.ran = true;
        for (size_t i = 0; i < run.steps.size(); ++i)
            turn.steps.append({node.id, qint64(i), run.steps.at(i)});

        if (!result) {
            turn.outcome.result = u"err"_s;
            turn.outcome.message = result.error().message().text();
            turn.halt = HaltRecord{node.id, run.halt.actionName, run.halt.idx, result.error()};
            if (!request.dryRun && !request.action)
                turn.lockChange = PackTurn::LockChange::Remove; // the next run re-executes it
            return turn;
        }
        turn.outcome.result = u"ok"_s;
        if (request.dryRun || request.action)
            return turn;
        if (teardown) {
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
    };

    // The coordinator: a pack is ready once every pack it waits for has finished; ready packs
    // start in `order`, up to the scheduler's width. Linear in packs and edges.
    const qsizetype count = order.size();
    QHash<QString, qsizetype> position;
    position.reserve(count);
    for (qsizetype i = 0; i < count; ++i)
        position.insert(order.at(i), i);
    QList<int> unfinished(count, 0);   // prerequisites not finished yet
    QList<bool> blocked(count, false); // a prerequisite failed
    QList<bool> handled(count, false); // started, or recorded as not run
    QList<QList<qsizetype>> dependents(count);
    for (qsizetype i = 0; i < count; ++i) {
        for (const QString &before : waitsFor.value(order.at(i))) {
            const qsizetype j = position.value(before);
            ++unfinished[i];
            dependents[j].append(i);
        }
    }
    std::set<qsizetype> ready;
    for (qsizetype i = 0; i < count; ++i) {
        if (unfinished[i] == 0)
            ready.insert(i);
    }

    QThreadPool pool;
    pool.setMaxThreadCount(ctx.width().localThreads());
    QMutex mutex;
    QWaitCondition turnDone;
    QList<PackTurn> finished;
    int running = 0;
    bool halting = false;
    const qint64 total = order.size();
    qint64 doneCount = 0;
    // The sync events of the packs that finished, written together once the run ends, like the
    // lockfile: one append instead of one per pack. A killed run loses them with the lockfile
    // update, and the next run does those packs again.
    QList<Event> syncEvents;

    const auto record = [&](PackTurn &turn) {
        const bool failed = turn.outcome.result == u"err" || turn.outcome.result == u"not_run";
        for (const qsizetype d : dependents.at(position.value(turn.outcome.id))) {
            if (failed)
                blocked[d] = true;
            if (--unfinished[d] == 0)
                ready.insert(d);
        }
        for (const StepRecord &s : turn.steps) {
            report.steps.append(s);
            ctx.stepFinished(s.toJson());
        }
        switch (turn.lockChange) {
        case PackTurn::LockChange::Upsert:
            locks.insert(turn.entry.id, turn.entry);
            break;
        case PackTurn::LockChange::Remove:
            locks.remove(turn.outcome.id);
            break;
        case PackTurn::LockChange::None:
            break;
        }
        if (turn.syncEvent)
            syncEvents.append(*turn.syncEvent);
        if (turn.halt && !report.halted)
            report.halted = turn.halt;
        if (turn.outcome.result == u"err" && !turn.fetchFailed && !request.keepGoing)
            halting = true;
        ctx.packFinished(turn.outcome.id, turn.outcome.result, turn.outcome.message);
        ctx.progress(
            ++doneCount, total,
            Message(QT_TRANSLATE_NOOP("Grex", "%1: %2"), {turn.outcome.id, turn.outcome.result}));
        report.packs.append(std::move(turn.outcome));
    };

    for (;;) {
        const bool stopping = halting || ctx.stopRequested();
        // Recording a pack that cannot run makes others ready, maybe earlier in `order`: the
        // scan restarts from the front until nothing changes.
        for (auto it = ready.begin(); it != ready.end();) {
            const qsizetype i = *it;
            const QString &id = order.at(i);
            if (blocked[i]) {
                // Something it builds on failed: it does not run (--keep-going included).
                ready.erase(it);
                handled[i] = true;
                PackTurn turn;
                turn.outcome.id = id;
                turn.outcome.result = u"not_run"_s;
                turn.outcome.message =
                    teardown ? u"a pack that owns it failed"_s : u"a pack it owns failed"_s;
                turn.outcome.shaBefore = graph.nodes.value(id).shaBefore;
                turn.outcome.shaAfter = graph.nodes.value(id).sha;
                record(turn);
                it = ready.begin();
                continue;
            }
            if (stopping || !ctx.width().admits(running)) {
                ++it;
                continue;
            }
            it = ready.erase(it);
            handled[i] = true;
            ++running;
            const PackNode *node = &graph.nodes.find(id).value();
            pool.start([&, node] {
                PackTurn turn = runPack(*node);
                QMutexLocker locker(&mutex);
                finished.append(std::move(turn));
                turnDone.wakeAll();
            });
        }
        if (running == 0)
            break;
        QList<PackTurn> batch;
        {
            QMutexLocker locker(&mutex);
            while (finished.isEmpty())
                turnDone.wait(&mutex);
            batch.swap(finished);
        }
        for (PackTurn &turn : batch) {
            --running;
            record(turn);
        }
    }
    if (!syncEvents.isEmpty()) {
        if (Result<AppendReport> appended = log.append(syncEvents); !appended)
            report.eventLogWarnings.append(appended.error().text());
    }
    for (qsizetype i = 0; i < count; ++i) {
        if (handled[i])
            continue;
        const QString &id = order.at(i);
        PackOutcome outcome;
        outcome.id = id;
        outcome.result = u"not_run"_s;
        outcome.message = ctx.stopRequested() ? u"cancelled"_s : u"the run halted"_s;
        outcome.shaBefore = graph.nodes.value(id).shaBefore;
        outcome.shaAfter = graph.nodes.value(id).sha;
        report.packs.append(outcome);
    }
    for (PackOutcome &outcome : report.packs)
        recordFetch(outcome, graph.nodes.value(outcome.id));
    return report;
}

void recordFetch(PackOutcome &outcome, const PackNode &node)
{
    outcome.fetchState = node.fetchState;
    outcome.leftAloneWhy = node.leftAloneWhy;
    outcome.fetchNote = node.note.text();
    outcome.warnings.clear();
    for (const Message &warning : node.warnings)
        outcome.warnings.append(warning.text());
    outcome.error = node.fetchError;
}

Result<RunReport> concludeRun(RunReport report, const OperationContext &ctx)
{
    const bool cancelled = ctx.stopRequested() ||
                           (report.halted && report.halted->error.kind() == ErrorKind::Cancelled);
    if (cancelled) {
        qint64 finishedPacks = 0;
        for (const PackOutcome &p : report.packs)
            finishedPacks += p.result == u"ok" || p.result == u"skipped" ? 1 : 0;
        return Error(ErrorKind::Cancelled, u"cancelled"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1 was cancelled after %2 of %3 pack(s); "
                                                       "run it again to finish"),
                             {report.verb, QString::number(finishedPacks),
                              QString::number(report.packs.size())}))
            .withDetail(u"report"_s, report.toJson());
    }
    if (!report.halted) {
        QStringList failed;
        for (const PackOutcome &p : report.packs) {
            if (p.error)
                failed.append(u"%1 (%2)"_s.arg(p.id, p.error->reason()));
        }
        if (failed.isEmpty())
            return report;
        const qsizetype count = failed.size();
        if (count > 5) {
            failed = failed.mid(0, 5);
            failed.append(u"..."_s);
        }
        return Error(ErrorKind::PackOp, u"packs_failed"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1: %2 of %3 pack(s) could not be cloned "
                                                       "or fetched: %4"),
                             {report.verb, QString::number(count),
                              QString::number(report.packs.size()), failed.join(u", "_s)}))
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
