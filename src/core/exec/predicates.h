#pragma once

#include "pack/action.h"
#include "result.h"

namespace Grex {

struct ExecContext;

// Evaluates a predicate (docs/design.md, "Predicates"). Leaves a platform cannot answer (reg_key,
// psversion off Windows) fail with PackOp "predicate_not_supported"; inside combiner lists they
// count as false unless strictLeaves (the top-level combiner of `require`). Nested combiners are
// always tolerant. "predicate_probe_failed" is never tolerated.
Result<bool> evaluatePredicate(const Predicate &predicate, const ExecContext &ctx,
                               bool strictLeaves);

// Whether a `when` runs its actions: its os matches and its all_of, any_of and none_of lists
// hold.
Result<bool> whenGateHolds(const WhenArgs &args, const ExecContext &ctx);

// True when an executable file called `name` is in one of the PATH directories.
bool commandAvailable(const QString &name, const QString &path);

} // namespace Grex
