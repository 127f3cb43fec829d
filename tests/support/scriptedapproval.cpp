#include "scriptedapproval.h"

namespace Grex::Test {

void ScriptedApproval::queue(bool answer)
{
    QMutexLocker locker(&m_mutex);
    m_answers.append(answer);
}

bool ScriptedApproval::approve(const ApprovalRequest &request, std::stop_token)
{
    QMutexLocker locker(&m_mutex);
    m_requests.append(request);
    return m_answers.isEmpty() ? m_default : m_answers.takeFirst();
}

QList<ApprovalRequest> ScriptedApproval::requests() const
{
    QMutexLocker locker(&m_mutex);
    return m_requests;
}

} // namespace Grex::Test
