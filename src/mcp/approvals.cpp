// Who lets a destructive tool call run: the window, the client's elicitation, or the launch flag.

#include "mcp/approvals.h"

#include "mcp/approvalstate.h"
#include "mcp/handshake.h"
#include "mcp/protocol.h"
#include "mcp/tasks.h"
#include "core/logging.h"
#include "core/verbs/verbspec.h"
#include "core/visibletext.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <chrono>

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

// The policy of one call: an attached window first, then elicitation when the client declared
// it, then --approve-destructive; by default a refusal.
class Approvals::CallApproval : public ApprovalPolicy
{
public:
    CallApproval(Approvals &approvals, const std::shared_ptr<ToolCall> &call)
        : m_approvals(approvals)
        , m_call(call)
    {
    }

    ApprovalDecision approve(const ApprovalRequest &request, std::stop_token stop) override;

private:
    ApprovalDecision decide(const ApprovalRequest &request, std::stop_token stop);
    ApprovalDecision askClient(const ApprovalRequest &request, std::stop_token stop);
    // 2026-07-28: the answer that came back with a requestState, or a question to send.
    ApprovalDecision askClientPerRequest(const ApprovalRequest &request);
    // A task asks by going to input_required and waits for tasks/update.
    ApprovalDecision askClientInTask(const ApprovalRequest &request, std::stop_token stop);
    ApprovalDecision noAnswer() const;

    Approvals &m_approvals;
    std::shared_ptr<ToolCall> m_call;
};

Approvals::Approvals(const ServerConfig &config, Outbox &out, Handshake &handshake, Tasks &tasks,
                     ControlClient *control)
    : m_config(config)
    , m_out(out)
    , m_handshake(handshake)
    , m_tasks(tasks)
    , m_control(control)
{
}

std::unique_ptr<ApprovalPolicy> Approvals::policyFor(const std::shared_ptr<ToolCall> &call)
{
    return std::make_unique<CallApproval>(*this, call);
}

ApprovalDecision Approvals::CallApproval::approve(const ApprovalRequest &request,
                                                  std::stop_token stop)
{
    // Waiting for a person or a client takes no admission slot: the other calls (of every
    // session) go on meanwhile, and the call queues again once it has its answer.
    m_call->admission.suspend();
    ApprovalDecision decision = decide(request, stop);
    decision.client = m_call->scope.clientName;
    decision.grantee = m_call->scope.grantee();
    if (decision.approved) {
        m_call->approvedBy = decision.by;
        // Only run and exec quote a command; the others log just their verb.
        const QString quoted =
            request.command.isEmpty() ? QString() : u' ' + shellQuoted(request.command);
        qCInfo(lcCore, "approved %s%s for %lld pack(s), asked by %s: by the %s",
               qUtf8Printable(request.verb), qUtf8Printable(quoted),
               qlonglong(request.packs.size()),
               qUtf8Printable(m_call->scope.clientName.isEmpty() ? u"an unnamed client"_s
                                                                 : m_call->scope.clientName),
               qUtf8Printable(decision.by));
    }
    if (!m_call->admission.resume(stop)) {
        return ApprovalDecision::refuse(
            Message(QT_TRANSLATE_NOOP("Grex", "the call was cancelled while it waited for "
                                              "approval")));
    }
    return decision;
}

ApprovalDecision Approvals::CallApproval::decide(const ApprovalRequest &request,
                                                 std::stop_token stop)
{
    // An attached window is the approval an agent cannot give itself: when one is there, its
    // answer decides, whatever the client would say.
    const ApprovalOrigin origin{m_call->scope.clientName, m_call->scope.clientVersion,
                                m_call->key(), m_call->scope.grantee()};
    // The first destructive call of an agent may come before this process reached the window.
    if (m_approvals.m_control)
        m_approvals.m_control->waitAttached(std::chrono::seconds(3), stop);
    for (ApprovalDelegate *window :
         {static_cast<ApprovalDelegate *>(m_approvals.m_config.window.get()),
          static_cast<ApprovalDelegate *>(m_approvals.m_control)}) {
        if (!window || !window->attached())
            continue;
        // A client that cannot be asked may not wait either: many give up on a call after a
        // minute, and a person may be away. Its call answers waiting_for_approval and the same
        // call again takes the answer; a task's client polls, so a task waits.
        if (!m_call->scope.elicitsForm() && !m_call->task)
            return m_approvals.askWindowInBackground(*window, request, origin, *m_call, stop);
        if (m_call->task)
            m_approvals.m_tasks.progress(*m_call, u"waiting for approval in the grex window"_s);
        std::optional<ApprovalDecision> answer = window->approve(request, origin, stop);
        if (answer) {
            if (answer->by.isEmpty())
                answer->by = u"window"_s;
            return *answer;
        }
    }
    if (m_call->scope.elicitsForm()) {
        if (m_call->task)
            return askClientInTask(request, stop);
        return m_call->scope.perRequest() ? askClientPerRequest(request) : askClient(request, stop);
    }
    if (m_approvals.m_config.approveDestructive)
        return ApprovalDecision::approve(u"flag"_s);
    return ApprovalDecision::refuse(
        Message(QT_TRANSLATE_NOOP("Grex", "grex serve runs destructive tools only when a "
                                          "window or the client (by elicitation) approves "
                                          "them, or when started with "
                                          "--approve-destructive")),
        u"policy"_s);
}

namespace {

// What the client shows its person, which must read one way only: the command as a shell would
// need it typed, hidden characters escaped, and the packs by name.
QString describe(const ApprovalRequest &request)
{
    const QString packs =
        u"%1 pack(s): %2"_s.arg(request.packs.size()).arg(nameList(request.packs));
    if (request.command.isEmpty())
        return u"%1, in %2"_s.arg(visibleText(request.summary.text()), packs);
    return u"%1 of the command\n%2\nin %3"_s.arg(request.verb, shellQuoted(request.command), packs);
}

// The question grex asks: from 2025-11-25 a titled choice that defaults to deny, before it a
// yes/no that defaults to no.
JsonObject approvalSchema(Revision revision, const QString &message)
{
    if (revision < Revision::V2025_11_25) {
        return JsonObject{
            {u"type"_s, u"object"_s},
            {u"properties"_s, JsonObject{{u"confirm"_s, JsonObject{{u"type"_s, u"boolean"_s},
                                                                   {u"title"_s, u"Allow"_s},
                                                                   {u"description"_s, message},
                                                                   {u"default"_s, false}}}}},
            {u"required"_s, JsonArray{JsonValue(u"confirm"_s)}}};
    }
    const JsonArray choices{JsonObject{{u"const"_s, u"allow"_s}, {u"title"_s, u"Allow"_s}},
                            JsonObject{{u"const"_s, u"deny"_s}, {u"title"_s, u"Deny"_s}}};
    return JsonObject{
        {u"type"_s, u"object"_s},
        {u"properties"_s, JsonObject{{u"decision"_s, JsonObject{{u"type"_s, u"string"_s},
                                                                {u"title"_s, u"Decision"_s},
                                                                {u"description"_s, message},
                                                                {u"oneOf"_s, choices},
                                                                {u"default"_s, u"deny"_s}}}}},
        {u"required"_s, JsonArray{JsonValue(u"decision"_s)}}};
}

constexpr char16_t kApprovalKey[] = u"grex_approval";

} // namespace

JsonObject approvalQuestion(const ApprovalRequest &request, Revision revision)
{
    const QString message = u"Allow %1?"_s.arg(describe(request));
    return JsonObject{
        {u"method"_s, u"elicitation/create"_s},
        {u"params"_s, JsonObject{{u"mode"_s, u"form"_s},
                                 {u"message"_s, message},
                                 {u"requestedSchema"_s, approvalSchema(revision, message)}}}};
}

ApprovalDecision approvalFromAnswer(const QJsonObject &answer)
{
    const QString action = answer.value(u"action"_s).toString();
    const QJsonObject content = answer.value(u"content"_s).toObject();
    const bool yes = content.value(u"confirm"_s).toBool(false) ||
                     content.value(u"decision"_s).toString() == u"allow";
    if (action == u"accept" && yes)
        return ApprovalDecision::approve(u"client"_s);
    return ApprovalDecision::refuse(Message(QT_TRANSLATE_NOOP("Grex", "the client answered '%1'"),
                                            {action == u"accept" ? u"no"_s : action}),
                                    u"client"_s);
}

ApprovalDecision Approvals::CallApproval::askClient(const ApprovalRequest &request,
                                                    std::stop_token stop)
{
    const QString message = u"Allow %1?"_s.arg(describe(request));
    const std::optional<QJsonObject> answer = m_approvals.elicit(
        message, approvalSchema(m_call->scope.revision, message), m_call->key(), stop);
    return answer ? approvalFromAnswer(*answer) : noAnswer();
}

ApprovalDecision Approvals::CallApproval::askClientInTask(const ApprovalRequest &request,
                                                          std::stop_token stop)
{
    const std::optional<QJsonObject> answer = m_approvals.m_tasks.ask(
        *m_call, approvalQuestion(request, m_call->scope.revision),
        std::chrono::milliseconds(m_approvals.m_config.elicitationTimeoutMs), stop);
    return answer ? approvalFromAnswer(*answer) : noAnswer();
}

ApprovalDecision Approvals::CallApproval::noAnswer() const
{
    return ApprovalDecision::refuse(
        Message(QT_TRANSLATE_NOOP("Grex", "the client did not answer the approval "
                                          "question")),
        u"client"_s);
}

ApprovalDecision Approvals::CallApproval::askClientPerRequest(const ApprovalRequest &request)
{
    const ApprovalPlan plan{request.verb, request.packs, request.command, request.summary.text()};
    if (!m_call->approvedPlan.isEmpty()) {
        // The answer is for the plan the client was shown; packs that came or went since, or
        // another command, need a new question.
        if (ApprovalStates::planDigest(plan) != m_call->approvedPlan) {
            return ApprovalDecision::refuse(
                Message(QT_TRANSLATE_NOOP("Grex", "the plan changed since it was approved; call "
                                                  "the tool again to be asked anew")));
        }
        return approvalFromAnswer(
            m_call->inputResponses.value(QStringView(kApprovalKey)).toObject());
    }
    const JsonObject question = approvalQuestion(request, m_call->scope.revision);
    m_call->inputRequired =
        JsonObject{{u"resultType"_s, u"input_required"_s},
                   {u"inputRequests"_s, JsonObject{{QString::fromUtf16(kApprovalKey), question}}},
                   {u"requestState"_s,
                    ApprovalStates::instance().issue(m_call->verb->name, m_call->arguments, plan)}};
    ApprovalDecision waiting = ApprovalDecision::refuse(
        Message(QT_TRANSLATE_NOOP("Grex", "waiting for the client's answer")));
    waiting.deferred = true;
    return waiting;
}

Approvals::~Approvals()
{
    std::map<QByteArray, std::shared_ptr<WindowAsk>> asks;
    {
        std::lock_guard lock(m_mutex);
        asks.swap(m_windowAsks);
    }
    asks.clear(); // each thread is stopped, which withdraws its question, and joined
}

namespace {

// More open questions than a person can read are a flood, not a request.
constexpr std::size_t kMaxWindowAsks = 16;
// A call asking again waits this long for the answer before it says it is still waiting: below
// the minute clients give a call, and a poll every few seconds would only cost the model.
constexpr std::chrono::seconds kPollWait{15};

// The same call asked again: the same client, tool and arguments.
QByteArray askKey(const ApprovalOrigin &origin, const ToolCall &call)
{
    const QString who =
        origin.grantee.isEmpty() ? origin.clientName + u'/' + origin.clientVersion : origin.grantee;
    return who.toUtf8() + '\n' + call.verb->name.toUtf8() + '\n' +
           QJsonDocument(call.arguments).toJson(QJsonDocument::Compact);
}

// What the person is shown, the preview's commits included: an answer is for that alone.
QByteArray shownPlan(const ApprovalRequest &request)
{
    return ApprovalStates::planDigest(
               {request.verb, request.packs, request.command, request.summary.text()}) +
           QCryptographicHash::hash(request.preview.toJson(), QCryptographicHash::Sha256);
}

} // namespace

std::shared_ptr<Approvals::WindowAsk> Approvals::startWindowAsk(ApprovalDelegate &window,
                                                                const ApprovalRequest &request,
                                                                const ApprovalOrigin &origin)
{
    auto ask = std::make_shared<WindowAsk>();
    ask->handle = randomHandle();
    ask->plan = shownPlan(request);
    // The thread holds the ask by a plain pointer, so that it is never the last owner, which
    // would have to join itself.
    ask->thread =
        std::jthread([this, asked = ask.get(), &window, request, origin](std::stop_token end) {
            std::optional<ApprovalDecision> answer = window.approve(request, origin, end);
            {
                std::lock_guard done(m_mutex);
                asked->done = true;
                asked->doneAt = std::chrono::steady_clock::now();
                // No person denied it when the window went away: the refusal is the policy's.
                asked->decision =
                    answer
                        ? *answer
                        : ApprovalDecision::refuse(
                              Message(QT_TRANSLATE_NOOP("Grex", "the grex window went away before "
                                                                "anyone answered")),
                              u"policy"_s);
            }
            m_changed.notify_all();
        });
    return ask;
}

ApprovalDecision Approvals::askWindowInBackground(ApprovalDelegate &window,
                                                  const ApprovalRequest &request,
                                                  const ApprovalOrigin &origin,
                                                  const ToolCall &call, std::stop_token stop)
{
    if (std::optional<ApprovalDecision> grant = window.granted(request, origin))
        return *grant;
    // A 2026-era client that names nobody cannot be told from another one, which would take
    // what the person allowed it: its question is its own call's, and only that call may wait
    // for the answer (--approval-wait).
    const bool anonymous = origin.grantee.isEmpty() && origin.clientName.isEmpty();
    if (anonymous && m_config.approvalWaitMs == 0) {
        return ApprovalDecision::refuse(
            Message(QT_TRANSLATE_NOOP("Grex", "the grex window is asked for a client that names "
                                              "itself (clientInfo), or for one that can wait "
                                              "(grex serve --approval-wait)")),
            u"policy"_s);
    }
    const QByteArray key =
        anonymous ? call.key() + '\n' + QByteArray::number(quintptr(&call)) : askKey(origin, call);
    const QByteArray plan = shownPlan(request);
    // Asks done with: the last owner stops and joins their thread once the lock is released,
    // so these are declared before it.
    std::vector<std::shared_ptr<WindowAsk>> gone;
    std::shared_ptr<WindowAsk> ask;
    std::unique_lock lock(m_mutex);
    const auto take = [&] {
        const auto it = m_windowAsks.find(key);
        if (it == m_windowAsks.end() || it->second != ask)
            return false; // another call with the same arguments took it first
        gone.push_back(std::move(it->second));
        m_windowAsks.erase(it);
        return true;
    };
    // An answer nobody came back for goes after as long as a client's own would be waited for.
    const auto expired =
        std::chrono::steady_clock::now() - std::chrono::milliseconds(m_config.elicitationTimeoutMs);
    std::erase_if(m_windowAsks, [&](auto &entry) {
        const bool stale = entry.second->done && entry.second->doneAt < expired;
        if (stale)
            gone.push_back(std::move(entry.second));
        return stale;
    });
    if (const auto it = m_windowAsks.find(key); it != m_windowAsks.end())
        ask = it->second;
    if (ask && ask->plan != plan) {
        take(); // the plan changed since the question: its answer is not for this one
        ask.reset();
    }
    auto wait = std::chrono::milliseconds(m_config.approvalWaitMs);
    const bool created = !ask;
    if (created) {
        const auto open = std::count_if(m_windowAsks.cbegin(), m_windowAsks.cend(),
                                        [](const auto &entry) { return !entry.second->done; });
        if (std::size_t(open) >= kMaxWindowAsks) {
            return ApprovalDecision::refuse(
                Message(QT_TRANSLATE_NOOP("Grex", "%1 approvals are waiting in the grex window "
                                                  "already; answer them there first"),
                        {QString::number(open)}),
                u"policy"_s);
        }
        ask = startWindowAsk(window, request, origin);
        m_windowAsks.emplace(key, ask);
    } else {
        wait = std::max(wait, std::chrono::milliseconds(kPollWait));
    }
    ++ask->waiters;
    m_changed.wait_for(lock, stop, wait, [&] { return ask->done; });
    --ask->waiters;
    if (!ask->done && (stop.stop_requested() || anonymous)) {
        // The call that asked is gone, and nobody else waits: the question goes from the window.
        if (created && ask->waiters == 0)
            take();
        if (anonymous && !stop.stop_requested()) {
            return ApprovalDecision::refuse(
                Message(QT_TRANSLATE_NOOP("Grex", "nobody answered in the grex window in time")));
        }
        return ApprovalDecision::refuse(Message(QT_TRANSLATE_NOOP(
            "Grex", "the call was cancelled while the window was asking for approval")));
    }
    if (!ask->done) {
        ApprovalDecision waiting = ApprovalDecision::refuse(
            Message(QT_TRANSLATE_NOOP("Grex", "waiting for approval in the grex window")));
        waiting.deferred = true;
        waiting.waitingFor = ask->handle;
        return waiting;
    }
    if (!take()) { // the answer is taken once
        return ApprovalDecision::refuse(Message(
            QT_TRANSLATE_NOOP("Grex", "another call with the same arguments took this approval")));
    }
    ApprovalDecision decision = ask->decision;
    if (decision.by.isEmpty())
        decision.by = u"window"_s;
    return decision;
}

std::optional<QJsonObject> Approvals::elicit(const QString &message, const JsonObject &schema,
                                             const QByteArray &callKey, std::stop_token stop)
{
    // No server request before notifications/initialized (docs/design.md, "MCP session
    // lifecycle").
    if (!m_handshake.waitReady(stop))
        return std::nullopt;
    auto pending = std::make_shared<Pending>();
    JsonValue id;
    {
        std::lock_guard lock(m_mutex);
        id = JsonValue(u"grex-%1"_s.arg(m_nextRequestId++));
        m_pending.insert(idKey(id), pending);
    }
    m_out.ask(callKey, id, u"elicitation/create"_s,
              JsonObject{{u"message"_s, message}, {u"requestedSchema"_s, schema}});
    std::unique_lock lock(m_mutex);
    const bool answered =
        m_changed.wait_for(lock, stop, std::chrono::milliseconds(m_config.elicitationTimeoutMs),
                           [&] { return pending->answered; });
    m_pending.remove(idKey(id));
    lock.unlock();
    if (!answered) {
        m_out.notify(
            u"notifications/cancelled"_s,
            JsonObject{{u"requestId"_s, id},
                       {u"reason"_s, stop.stop_requested() ? u"the tool call was cancelled"_s
                                                           : u"no answer in time"_s}});
        return std::nullopt;
    }
    if (!pending->message.contains(u"result"_s))
        return std::nullopt; // the client answered with an error
    return pending->message.value(u"result"_s).toObject();
}

void Approvals::answered(const JsonValue &id, const QJsonObject &message)
{
    {
        std::lock_guard lock(m_mutex);
        const auto it = m_pending.constFind(idKey(id));
        if (it == m_pending.constEnd())
            return; // an answer to nothing we asked, or to a request we gave up on
        (*it)->answered = true;
        (*it)->message = message;
    }
    m_changed.notify_all();
}

} // namespace Grex::Mcp
