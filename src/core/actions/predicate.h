#pragma once

#include "core/json.h"
#include "core/result.h"

#include <QString>

#include <optional>
#include <vector>

namespace Grex {

class ActionArgsReader;
struct ExecContext;

// A predicate of `require`, `when` and the combiners (docs/design.md, "Predicates"). This file
// holds its whole life: reading it from pack.yaml, its canonical form for actions_hash, and
// evaluating it.
struct Predicate
{
    enum class Kind {
        PathExists,
        CmdAvailable,
        RegKey,
        Os,
        PsVersion,
        SymlinkOk,
        SymlinkPrivilege,
        AllOf,
        AnyOf,
        NoneOf
    };
    Kind kind = Kind::PathExists;
    QString value;                 // path, command, os, version spec, reg path, symlink src
    std::optional<QString> second; // reg_key name, symlink_ok dst
    std::vector<Predicate> children;

    bool isCombiner() const
    {
        return kind == Kind::AllOf || kind == Kind::AnyOf || kind == Kind::NoneOf;
    }
    friend bool operator==(const Predicate &, const Predicate &) = default;
};

// The list of predicates in the argument `key` of an action ("all_of"), one level deeper than
// the action. Errors: PackOp "pack_yaml_invalid", rules invalid_predicate and require_depth
// (more than MaxPredicateDepth levels).
Result<std::vector<Predicate>> readPredicateList(const ActionArgsReader &args, const QString &key);

// The canonical form of actions_hash v1 (docs/design.md, "actions_hash"); null for an absent
// list.
JsonValue predicateJson(const Predicate &predicate);
JsonValue predicateListJson(const std::optional<std::vector<Predicate>> &list);

// Evaluates a predicate. Leaves a platform cannot answer (reg_key, psversion off Windows) fail
// with PackOp "predicate_not_supported"; inside combiner lists they count as false unless
// strictLeaves (the top-level combiner of `require`). Nested combiners are always tolerant.
// "predicate_probe_failed" is never tolerated.
Result<bool> evaluatePredicate(const Predicate &predicate, const ExecContext &ctx,
                               bool strictLeaves);

} // namespace Grex
