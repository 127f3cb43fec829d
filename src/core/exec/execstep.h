#pragma once

#include "core/json.h"

#include <QString>
#include <QStringList>

namespace Grex {

// What an action, or a pack-type lifecycle call, did (docs/design.md, "Actions, plans and
// steps").
enum class StepResult { PerformedChange, WouldPerformChange, AlreadySatisfied, NoOp, Skipped };

QString stepResultName(StepResult result); // "performed_change", ...
QStringList stepResultWords();

struct ExecStep
{
    QString actionName; // "symlink", "pack", "meta", "teardown:no-inverse:exec", ...
    StepResult result = StepResult::NoOp;
    JsonValue details; // null except for a pack skipped by hash: {pack_path, actions_hash}
    // `require` with on_fail: skip asks for the rest of the pack's actions to be skipped.
    bool skipRest = false;
    QString message; // a human-readable note (the exec command line, the hook run); not in JSON
};

ExecStep makeStep(const QString &actionName, StepResult result, QString message = {});

} // namespace Grex
