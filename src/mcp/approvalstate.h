#pragma once

// The requestState a 2026-era approval travels in (docs/design.md, "Approvals bound to the
// plan"): what the server hands out with its question, signed with a secret only this process
// knows, and bound to the tool, its arguments and the plan the verb resolved.

#include "core/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <chrono>

namespace Grex::Mcp {

// Longest requestState accepted; grex's own are a few hundred bytes.
inline constexpr qsizetype kMaxRequestState = 4096;

// What an approval is for: the plan the verb resolved before it asked.
struct ApprovalPlan
{
    QString verb;
    QStringList packs;
    QStringList command;
    QString summary; // what the person is told: rm's "… and delete DIR" or "(keeping DIR)"
};

// Signs and checks approval states. One per process: a state from another process (or an
// earlier run) fails its signature. Thread-safe.
class ApprovalStates
{
public:
    static ApprovalStates &instance();

    // A state for this call and plan, valid for `lifetime`, usable once.
    QString issue(const QString &tool, const QJsonObject &arguments, const ApprovalPlan &plan,
                  std::chrono::milliseconds lifetime = std::chrono::minutes(10));

    // Checks a state handed back with a tools/call before the verb runs: its form and signature
    // (-32602 territory, kind "request_state"), then that it belongs to this tool and these
    // arguments, is not expired and was not used before (kind "not_approved"). A state that
    // passes is spent. Returns the plan digest the verb's plan must match.
    Result<QByteArray> redeem(const QString &state, const QString &tool,
                              const QJsonObject &arguments);

    static QByteArray planDigest(const ApprovalPlan &plan);

    // For tests: states issued from now on expire after `lifetime` whatever issue() is given.
    void setLifetimeForTests(std::chrono::milliseconds lifetime) { m_testLifetime = lifetime; }

private:
    ApprovalStates();
    QByteArray sign(const QByteArray &payload) const;

    QByteArray m_secret;
    std::chrono::milliseconds m_testLifetime{0};
};

} // namespace Grex::Mcp
