#pragma once

#include "mcp/control.h"
#include "core/sched/scheduler.h"
#include "core/sched/width.h"
#include "core/workspace.h"

#include <QStringList>

#include <memory>

namespace Grex::Mcp {

// Longest inbound line; a longer one is dropped (docs/design.md, "MCP transport and framing").
inline constexpr qsizetype kMaxLineLength = 16 * 1024 * 1024;

// The admission scheduler of a server process: toolCalls tool calls at once (at least one).
std::shared_ptr<Scheduler> admissionFor(int toolCalls);

// Everything fixed when `grex serve` starts.
struct ServerConfig
{
    Workspace workspace{QString()}; // every call works here; no argument can change it
    int toolCalls = 2;              // tool calls that run at once; the rest queue
    // Admits tool calls (docs/design.md, "MCP admission and busy workspaces"): at most toolCalls
    // run at once, the others queue and can be cancelled. A Scheduler of tier Admission, shared
    // by the sessions of one process; null: the session makes its own.
    std::shared_ptr<Scheduler> admission;
    Width width = Width::chosen(2); // the width of a call that gives no `parallel`
    bool approveDestructive = false;
    // The tools this server offers (grex serve --read-only, --tools): the others are absent from
    // tools/list and unknown to tools/call. Empty: every tool.
    QStringList tools;
    bool offers(const QString &tool) const { return tools.isEmpty() || tools.contains(tool); }
    bool cancelReplies = false; // answer a cancelled call with -32800
    int drainTimeoutMs = 30000; // how long `shutdown` lets calls finish
    int endOfInputGraceMs = 2000;
    int elicitationTimeoutMs = 10 * 60 * 1000;
    // How long a call whose client cannot be asked waits for the window's answer before it
    // answers waiting_for_approval (docs/design.md, "Approvals that never hang"); 0: at once.
    int approvalWaitMs = 0;
    // Answers approvals before the control socket's window does; for tests and embedders.
    std::shared_ptr<ApprovalDelegate> window;
    // "stdio" or "http": announce the session on the workspace's control socket, so that a
    // grex-gui window sees its calls, may cancel them and answers its approvals. Empty: don't.
    QString controlTransport;
};

} // namespace Grex::Mcp
