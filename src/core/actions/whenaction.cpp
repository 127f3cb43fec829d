#include "core/actions/whenaction.h"

#include "core/actions/actionplugin.h"
#include "core/actions/actionregistry.h"
#include "core/exec/execcontext.h"
#include "core/manifest/fold.h"
#include "core/pack/actionargsreader.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// Every object below value with its keys sorted byte-wise.
JsonValue sortedKeys(const JsonValue &value)
{
    if (value.isArray()) {
        JsonArray array;
        for (const JsonValue &element : value.toArray())
            array.append(sortedKeys(element));
        return array;
    }
    if (!value.isObject())
        return value;
    QList<JsonObject::Member> members = value.toObject().members();
    std::sort(members.begin(), members.end(),
              [](const JsonObject::Member &a, const JsonObject::Member &b) {
                  return utf8Less(a.first, b.first);
              });
    JsonObject sorted;
    for (const auto &[key, member] : members)
        sorted.insert(key, sortedKeys(member));
    return sorted;
}

class WhenAction final : public ActionPluginFor<WhenArgs>
{
public:
    QString name() const override { return u"when"_s; }
    const char *help() const override
    {
        return QT_TRANSLATE_NOOP("Grex", "Run nested actions when the operating system and the "
                                         "predicates match.");
    }

    Result<ActionArgs> parse(const ActionArgsReader &in) const override
    {
        if (Result<void> ok =
                in.checkKeys({u"os"_s, u"all_of"_s, u"any_of"_s, u"none_of"_s, u"actions"_s});
            !ok)
            return ok.error();
        WhenArgs a;
        if (const YAML::Node os = in.value(u"os"_s); os) {
            Result<QString> value =
                in.reader().oneOf(os, u"when.os"_s, {u"windows"_s, u"linux"_s, u"macos"_s});
            if (!value)
                return value.error();
            a.os = *value;
        }
        for (const auto &[key, field] :
             {std::pair{u"all_of"_s, &a.allOf}, std::pair{u"any_of"_s, &a.anyOf},
              std::pair{u"none_of"_s, &a.noneOf}}) {
            if (!in.value(key))
                continue;
            Result<std::vector<Predicate>> predicates = readPredicateList(in, key);
            if (!predicates)
                return predicates.error();
            *field = std::move(predicates).value();
        }
        Result<std::vector<Action>> nested = in.nestedActions(u"actions"_s);
        if (!nested)
            return nested.error();
        a.actions = std::move(nested).value();
        return ActionArgs(std::move(a));
    }

    // Unlike the other actions, keys are sorted byte-wise at every level, nested actions
    // included (docs/design.md, "actions_hash").
    JsonValue canonicalArgs(const Action &action) const override
    {
        const WhenArgs &a = argsOf(action);
        JsonArray nested;
        for (const Action &child : a.actions) {
            nested.append(JsonObject{{u"args"_s, builtinActions().canonicalArgs(child)},
                                     {u"name"_s, child.name}});
        }
        const JsonObject when{{u"actions"_s, nested},
                              {u"all_of"_s, predicateListJson(a.allOf)},
                              {u"any_of"_s, predicateListJson(a.anyOf)},
                              {u"none_of"_s, predicateListJson(a.noneOf)},
                              {u"os"_s, JsonValue::fromOptional(a.os)}};
        return sortedKeys(when);
    }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        ExecContext planning = ctx;
        planning.dryRun = true;
        return runBranch(action, planning);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        return runBranch(action, ctx);
    }

    // The same gate over the inverses of the nested actions, last first.
    std::optional<Action> inverse(const Action &action) const override
    {
        const WhenArgs &args = argsOf(action);
        WhenArgs reversed = args;
        reversed.actions.clear();
        for (auto it = args.actions.rbegin(); it != args.actions.rend(); ++it) {
            if (std::optional<Action> inverse = builtinActions().inverse(*it))
                reversed.actions.push_back(std::move(*inverse));
        }
        Action when;
        when.name = u"when"_s;
        when.args = std::move(reversed);
        when.line = action.line;
        return when;
    }

    std::span<const Action> nested(const Action &action) const override
    {
        return argsOf(action).actions;
    }

    // The os matches and the all_of, any_of and none_of lists hold.
    Result<bool> runsNested(const Action &action, const ExecContext &ctx) const override
    {
        const WhenArgs &args = argsOf(action);
        if (args.os && *args.os != ctx.os)
            return false;
        for (const auto &[list, kind] : {std::pair{&args.allOf, Predicate::Kind::AllOf},
                                         std::pair{&args.anyOf, Predicate::Kind::AnyOf},
                                         std::pair{&args.noneOf, Predicate::Kind::NoneOf}}) {
            if (!*list)
                continue;
            Predicate combiner;
            combiner.kind = kind;
            combiner.children = **list;
            Result<bool> holds = evaluatePredicate(combiner, ctx, false);
            if (!holds || !*holds)
                return holds;
        }
        return true;
    }

private:
    Result<ExecStep> runBranch(const Action &action, ExecContext &ctx) const
    {
        Result<bool> open = runsNested(action, ctx);
        if (!open)
            return open.error();
        if (!*open)
            return makeStep(name(), StepResult::NoOp, u"condition false"_s);
        const ActionRegistry &registry = ctx.actions ? *ctx.actions : builtinActions();
        bool changed = false;
        bool skipRest = false;
        for (const Action &nested : argsOf(action).actions) {
            if (skipRest)
                break;
            Result<ExecStep> s = registry.run(nested, ctx);
            if (!s)
                return s.error();
            changed = changed || s->result == StepResult::PerformedChange ||
                      s->result == StepResult::WouldPerformChange;
            skipRest = s->skipRest;
        }
        // A taken branch changed something only if a nested action did, so a second sync of a
        // pack that uses `when` is all no-ops.
        ExecStep s = makeStep(
            name(),
            changed ? (ctx.dryRun ? StepResult::WouldPerformChange : StepResult::PerformedChange)
                    : StepResult::AlreadySatisfied,
            u"condition true"_s);
        s.skipRest = skipRest;
        return s;
    }
};

} // namespace

std::shared_ptr<const ActionPlugin> makeWhenAction()
{
    return std::make_shared<WhenAction>();
}

} // namespace Grex
