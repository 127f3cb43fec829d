#include "core/exec/execstep.h"

#include "core/wire.h"

using namespace Qt::StringLiterals;

namespace Grex {

constexpr WireTable<StepResult, 5> kStepResultWords{{
    {StepResult::PerformedChange, u"performed_change"},
    {StepResult::WouldPerformChange, u"would_perform_change"},
    {StepResult::AlreadySatisfied, u"already_satisfied"},
    {StepResult::NoOp, u"noop"},
    {StepResult::Skipped, u"skipped"},
}};

QStringList stepResultWords()
{
    return wireWords(kStepResultWords);
}

QString stepResultName(StepResult result)
{
    return wireWord(kStepResultWords, result);
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
