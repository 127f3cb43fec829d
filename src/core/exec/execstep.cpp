#include "core/exec/execstep.h"

using namespace Qt::StringLiterals;

namespace Grex {

QString stepResultName(StepResult result)
{
    switch (result) {
    case StepResult::PerformedChange:
        return u"performed_change"_s;
    case StepResult::WouldPerformChange:
        return u"would_perform_change"_s;
    case StepResult::AlreadySatisfied:
        return u"already_satisfied"_s;
    case StepResult::NoOp:
        return u"noop"_s;
    case StepResult::Skipped:
        return u"skipped"_s;
    }
    return {};
}

ExecStep makeStep(const QString &actionName, StepResult result, QString message)
{
    ExecStep step;
    step.actionName = actionName;
    step.result = result;
    step.message = std::move(message);
    return step;
}

} // namespace Grex
