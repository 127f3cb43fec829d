#pragma once

#include "core/operationcontext.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>

namespace Grex::Mcp {

// The control socket between `grex serve` and a grex-gui window (docs/control-socket.md).
// The window listens; every serve process on the same workspace connects to it, announces
// itself, reports its calls, and asks it for approvals. Lines of compact JSON, one per message.
inline constexpr int kControlProtocolVersion = 1;
// Longest control line either side accepts.
inline constexpr qsizetype kMaxControlLine = 4 * 1024 * 1024;

// The socket a window listens on for the workspace at root: a path in $XDG_RUNTIME_DIR (or
// the temporary directory, with the user id in the name) named after a hash of the
// workspace's canonical path, so that each workspace has its own.
QString controlSocketName(const QString &workspaceRoot);
// A link to that socket in the temporary directory, which the window also makes, so that a serve
// started without XDG_RUNTIME_DIR (MCP clients pass their servers a few variables only) finds
// it; "" when controlSocketName is that name already.
QString controlSocketLink(const QString &workspaceRoot);
// Where a serve looks for the window, in order: controlSocketName, the same name in
// /run/user/UID (XDG_RUNTIME_DIR on systemd machines), and the link.
QStringList controlSocketCandidates(const QString &workspaceRoot);

// Where an approval request comes from: the MCP client and the call that wants to run.
struct ApprovalOrigin
{
    QString clientName;
    QString clientVersion;
    QByteArray callKey; // the call's JSON-RPC id as JSON text
    // Who a session grant would be given to (RequestScope::grantee); "" when nobody can be:
    // a grant is never shared between clients, whatever the transport or era.
    QString grantee;
};

// A window attached to a serve session, which answers approvals first (docs/design.md,
// "Approvals for destructive verbs").
// nullopt means no window is attached right now.
class ApprovalDelegate
{
public:
    virtual ~ApprovalDelegate();
    virtual std::optional<ApprovalDecision>
    approve(const ApprovalRequest &request, const ApprovalOrigin &origin, std::stop_token stop) = 0;
    // Whether a window is there to ask now, without asking.
    virtual bool attached() const { return true; }
    // The approval a session grant already gives, without asking anyone; nullopt when none.
    virtual std::optional<ApprovalDecision> granted(const ApprovalRequest &, const ApprovalOrigin &)
    {
        return std::nullopt;
    }
};

// The serve side of the control socket. Keeps connecting to the workspace's window (once a
// second while none listens), tells it about the session and its calls, forwards its cancel
// requests, and asks it for approvals. Thread-safe: every method may be called from any thread;
// the socket lives on a thread of its own.
class ControlClient : public ApprovalDelegate
{
public:
    // cancel(callKey) is called on the control thread when the window cancels a call, and
    // revoked(tool, grantee) when the person takes back a session grant.
    ControlClient(const QString &workspaceRoot, const QString &transport,
                  std::function<void(const QByteArray &callKey)> cancel,
                  std::function<void(const QString &tool, const QString &grantee)> revoked = {});
    ~ControlClient() override;
    ControlClient(const ControlClient &) = delete;
    ControlClient &operator=(const ControlClient &) = delete;

    // Disconnects for good: later reports are dropped and approve() returns nullopt.
    void close();

    void clientInitialized(const QString &name, const QString &version);
    // client: the name the call's client gave (one server may serve several).
    void callStarted(const QByteArray &callKey, const QString &tool, const QJsonObject &arguments,
                     const QString &client = {});
    void callProgress(const QByteArray &callKey, qint64 progress, qint64 total,
                      const QString &message);
    // outcome: "ok", "error" (with the error's text) or "cancelled".
    void callFinished(const QByteArray &callKey, const QString &outcome, const QString &message);

    std::optional<ApprovalDecision> approve(const ApprovalRequest &request,
                                            const ApprovalOrigin &origin,
                                            std::stop_token stop) override;
    bool attached() const override;
    // A window listening on the workspace may not have taken this process's connection yet (a
    // call can come in the first moment of a serve): waits up to timeout for it. False at
    // once when no window listens.
    bool waitAttached(std::chrono::milliseconds timeout, std::stop_token stop);
    std::optional<ApprovalDecision> granted(const ApprovalRequest &request,
                                            const ApprovalOrigin &origin) override;

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Grex::Mcp
