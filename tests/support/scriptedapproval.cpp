#include "support/scriptedapproval.h"

namespace Grex::Test {

void ScriptedApproval::queue(bool answer)
{
    QMutexLocker locker(&m_mutex);
    m_answers.append(answer);
}

ApprovalDecision ScriptedApproval::approve(const ApprovalRequest &request, std::stop_token)
{
    QMutexLocker locker(&m_mutex);
    m_requests.append(request);
    const bool answer = m_answers.isEmpty() ? m_default : m_answers.takeFirst();
    return answer ? ApprovalDecision::approve()
                  : ApprovalDecision::refuse(Message("the test script said no"));
}

QList<ApprovalRequest> ScriptedApproval::requests() const
{
    QMutexLocker locker(&m_mutex);
    return m_requests;
}

} // namespace Grex::Test
