#pragma once

#include "core/operationcontext.h"

#include <QList>
#include <QMutex>

namespace Grex::Test {

// An ApprovalPolicy that answers from a script and records what it was asked.
class ScriptedApproval final : public ApprovalPolicy
{
public:
    explicit ScriptedApproval(bool defaultAnswer = true) : m_default(defaultAnswer) {}

    void queue(bool answer);
    ApprovalDecision approve(const ApprovalRequest &request, std::stop_token stop) override;
    QList<ApprovalRequest> requests() const;

private:
    bool m_default;
    mutable QMutex m_mutex;
    QList<bool> m_answers;
    QList<ApprovalRequest> m_requests;
};

} // namespace Grex::Test
