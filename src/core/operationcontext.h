#pragma once

#include "core/json.h"
#include "core/message.h"
#include "core/result.h"
#include "core/sched/width.h"

#include <QList>
#include <QMutex>
#include <QStringList>

#include <stop_token>

namespace Grex {

// Receives what a running verb wants a person or agent to see while it works. Called from
// worker threads; implementations must be thread-safe.
class EventSink
{
public:
    virtual ~EventSink();
    virtual void warning(const Message &message);
    // A stage of the verb begins: "fetch" (clone and fetch the pack graph), "read" (read it
    // without network), or a lifecycle: "install", "sync", "update", "teardown". Progress
    // counts start again at each stage.
    virtual void phase(const QString &name);
    // done/total in units of work (packs); total is 0 when unknown. In the fetch stage the
    // total grows as packs name their children.
    virtual void progress(qint64 done, qint64 total, const Message &message);
    // A pack's work began, or moved on to another phase: activity is "clone", "fetch",
    // "checkout" (its working tree changes), "install", "sync", "update", "teardown".
    virtual void packStarted(const QString &pack, const QString &activity);
    // The clone or fetch of a pack has received this many bytes so far.
    virtual void packReceived(const QString &pack, qint64 bytes);
    // A step of a pack finished: {"pack","action","idx","result","details"}.
    virtual void stepFinished(const JsonObject &step);
    // A pack is done: result is "ok", "skipped", "filtered", "err" or "not_run".
    virtual void packFinished(const QString &pack, const QString &result, const QString &message);
    // `exec` finished in one pack: {"pack","stdout","stderr","exit"}, the whole output at once
    // so that front ends can show each pack's lines together.
    virtual void packOutput(const JsonObject &output);
};

class OperationContext;

// Cancelled "cancelled": what a step that saw its stop token fire returns.
Error cancelledError();
// cancelledError() when the operation's stop token fired.
Result<void> checkCancelled(const OperationContext &ctx);

// What a destructive verb asks for before it touches anything.
struct ApprovalRequest
{
    QString verb;        // "rm", "run", "exec"
    Message summary;     // "remove pack 'x' and delete /w/x"
    QStringList packs;   // the packs the operation touches
    QStringList command; // exec's argv, run's action; empty otherwise
    JsonObject preview;  // a dry-run report when there is one
};

// The answer to an ApprovalRequest; a refusal says why, for the person or agent who asked.
struct ApprovalDecision
{
    bool approved = false;
    Message reason; // "you answered no", "there is no terminal to ask: pass --yes"
    // Who decided, for the result and the audit log (Event::approvedBy): "window", "grant",
    // "client", "flag", "terminal" or "policy".
    QString by;
    QString client; // the MCP client whose call it was, when one asked
    // The person also allowed this client the verb for the rest of its session; grantee says
    // who that client is (the MCP session's name for it).
    bool grantsSession = false;
    QString grantee;
    // Nobody has decided yet: the question went to the client with the answer (2026-era
    // input_required), so the refusal is not a denial to record.
    bool deferred = false;
    // The question went to the grex window for a client that cannot wait for it: the handle
    // the answer names; the same call again takes the person's answer (docs/design.md,
    // "Approvals that never hang").
    QString waitingFor;

    static ApprovalDecision approve(QString by = {})
    {
        ApprovalDecision decision;
        decision.approved = true;
        decision.by = std::move(by);
        return decision;
    }
    static ApprovalDecision refuse(Message reason, QString by = {})
    {
        ApprovalDecision decision;
        decision.reason = std::move(reason);
        decision.by = std::move(by);
        return decision;
    }
};

// Decides whether a destructive operation may run. Core defines it; each front end implements
// it (CLI: --yes or a terminal prompt; serve: the window, elicitation or a launch flag).
class ApprovalPolicy
{
public:
    virtual ~ApprovalPolicy();
    // Called on the verb's thread; may block (cancellable through stop).
    virtual ApprovalDecision approve(const ApprovalRequest &request, std::stop_token stop) = 0;
};

// Everything a verb needs from its caller besides the workspace and its options: the stop
// token, the event sink, the approval policy and the width. Thread-safe.
class OperationContext
{
public:
    OperationContext() = default;
    explicit OperationContext(std::stop_token stop);

    std::stop_token stopToken() const { return m_stop; }
    bool stopRequested() const { return m_stop.stop_requested(); }

    void setEventSink(EventSink *sink) { m_sink = sink; }
    EventSink *eventSink() const { return m_sink; }

    // Without a policy, destructive verbs are refused.
    void setApprovalPolicy(ApprovalPolicy *policy) { m_approval = policy; }
    ApprovalPolicy *approvalPolicy() const { return m_approval; }

    // How many packs the run works on at once, resolved by the front end (Width::resolve).
    void setWidth(Width width) { m_width = width; }
    Width width() const { return m_width; }

    // Logs the warning, forwards it to the sink and records it for the report.
    void warn(const Message &message);
    QList<Message> warnings() const;

    void phase(const QString &name);
    void progress(qint64 done, qint64 total, const Message &message);
    void packStarted(const QString &pack, const QString &activity);
    void packReceived(const QString &pack, qint64 bytes);
    void stepFinished(const JsonObject &step);
    void packFinished(const QString &pack, const QString &result, const QString &message);
    void packOutput(const JsonObject &output);

private:
    std::stop_token m_stop;
    EventSink *m_sink = nullptr;
    ApprovalPolicy *m_approval = nullptr;
    Width m_width = Width::chosen(1);
    mutable QMutex m_mutex;
    QList<Message> m_warnings;
};

} // namespace Grex
