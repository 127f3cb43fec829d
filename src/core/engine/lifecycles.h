#pragma once

#include "core/boxed.h"
#include "core/engine/globs.h"
#include "core/engine/packfilter.h"
#include "core/engine/packgraph.h"
#include "core/engine/packtypes.h"
#include "core/docshape.h"
#include "core/json.h"
#include "core/lockfile/lockfile.h"
#include "core/result.h"

#include <QList>
#include <QString>

#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

struct LifecycleRequest
{
    QString verb; // "sync", "update", "teardown", "add", "rm"
    Lifecycle lifecycle = Lifecycle::Sync;
    bool dryRun = false;
    bool force = false; // sync: bypass the hash skip; update: reinstall every pack
    bool keepGoing = false;
    QStringList only;              // --only globs on the workspace-relative path; empty: every pack
    QStringList packs;             // restrict to these ids (a subtree); empty: the whole graph
    PackFilter filter;             // --filter: packs it rejects are "filtered"
    QHash<QString, QString> drift; // the drift of each pack, when the filter looks at it
    QSet<QString> interrupted;     // packs whose last install was cut off: run again
    // `grex run <action>`: instead of the lifecycle, run the pack's actions of this name (also
    // inside a `when` whose gate holds); no hash skip, no lockfile or sync event.
    std::optional<QString> action;
};

struct StepRecord
{
    QString pack;
    qint64 idx = 0;
    ExecStep step;
    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// What happened to a pack, most urgent first: failed, needs_you (left alone: see
// PackOutcome::notes), cloned, updated, installed (its actions ran: see reason),
// torn_down, unchanged; or filtered and not_run. A document says it by its wire word.
enum class PackOutcomeKind {
    Failed,
    NeedsYou,
    Cloned,
    Updated,
    Installed,
    TornDown,
    Unchanged,
    Filtered,
    NotRun,
};
QString wireName(PackOutcomeKind outcome);

// What a pack's lifecycle did in a run, in the document's "result".
enum class LifecycleResult { Ok, Skipped, Filtered, Err, NotRun };
QString wireName(LifecycleResult result);
QStringList lifecycleResultWords();

struct PackOutcome
{
    QString id;
    LifecycleResult result = LifecycleResult::NotRun;
    QString shaBefore;
    QString shaAfter;
    QString message;
    // Why the actions ran (sync, update): new | sha-changed | hash-changed | forced; update also
    // says none when they did not.
    QString reason;
    bool ran = false;     // the lifecycle was called
    bool missing = false; // not on disk (a dry run would clone it)
    bool plain = false;   // a repository without .grex/pack.yaml: its lifecycle installs nothing
    // What the walk's git work did to the pack (PackNode::fetchState, commitsTaken and notes),
    // and the error of a failed clone or fetch, which makes the pack "err".
    FetchState fetchState = FetchState::None;
    int commits = 0; // the commits a fast-forward brought in
    Boxed<FetchNotes> notes;
    Boxed<Error> error;

    // Adds "fetch", "left_alone", "remote_default_branch", "commits", "fetch_note", "warnings"
    // and "error" (those that apply).
    void addFetchTo(JsonObject &object) const;
    // The fields addFetchTo adds, for the shapes of the documents that carry them.
    static std::vector<DocShape::Field> fetchFields();
    // What happened to the pack, in the words of the end-of-run summary.
    PackOutcomeKind outcome(bool teardown) const;
};

// The outcome words ("failed", "needs_you", ...) in the order a summary lists them.
const QStringList &packOutcomeNames();

struct HaltRecord
{
    QString pack;
    QString action;
    qint64 idx = 0;
    Error error;
    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// The report of sync, also used by update, teardown, add and rm (docs/design.md, "Run reports
// and step lines").
struct LifecycleReport
{
    QString verb;
    bool dryRun = false;
    bool teardown = false; // the lifecycle was teardown (teardown, rm)
    QList<StepRecord> steps;
    std::optional<HaltRecord> halted;
    QStringList eventLogWarnings;
    QList<PackOutcome> packs;
    JsonObject recovery;    // the pre-run recovery scan, when one ran
    JsonObject maintenance; // clones repacked after a sync (upkeepAfterSync), when any needed it

    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
    const PackOutcome *outcome(const QString &id) const;
};

// Runs one lifecycle over the graph (docs/design.md, "Execution order"): children before parents
// (teardown: parents first) as a DAG, up to ctx.width().local() packs at once, exactly DFS
// post-order at width 1. Each pack holds a scheduler permit and its pack lock while it runs. Writes
// audit events and `sync` events (not in a dry run) and updates `locks` (docs/design.md,
// "Lockfile"), setting locksChanged when it changed one; the caller writes the lockfile. A halt
// stops new packs from starting unless keepGoing; the report says where. Errors only for what
// prevents the run from starting (unknown pack type: PluginMissing).
Result<LifecycleReport> executeLifecycles(Workspace &workspace, const PackGraph &graph,
                                          const LifecycleRequest &request, LockEntries &locks,
                                          OperationContext &ctx, bool &locksChanged);

// Copies what the walk's git work did to node into outcome (see PackOutcome).
void recordFetch(PackOutcome &outcome, const PackNode &node);

// Turns a finished report into the verb's result: the report itself, or an error carrying it
// (PackOp "halted" with details.report; PackOp "packs_failed" when packs could not be cloned or
// fetched; Cancelled when the run was interrupted).
Result<LifecycleReport> concludeLifecycles(LifecycleReport report, const OperationContext &ctx);

} // namespace Grex
