#include "core/actions/requireaction.h"

#include "core/actions/actionplugin.h"
#include "core/exec/execcontext.h"
#include "core/exec/execerror.h"
#include "core/pack/actionargsreader.h"

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

class RequireAction final : public ActionPluginFor<RequireArgs>
{
public:
    QString name() const override { return u"require"_s; }
    const char *help() const override
    {
        return QT_TRANSLATE_NOOP("Grex", "Check predicates; when they do not hold, fail the pack, "
                                         "warn, or skip the rest of its actions.");
    }

    Result<ActionArgs> parse(const ActionArgsReader &in) const override
    {
        if (Result<void> ok = in.checkKeys({u"all_of"_s, u"any_of"_s, u"none_of"_s, u"on_fail"_s});
            !ok)
            return ok.error();
        RequireArgs a;
        int combiners = 0;
        for (const QString &key : {u"all_of"_s, u"any_of"_s, u"none_of"_s})
            combiners += in.value(key) ? 1 : 0;
        if (combiners != 1)
            return in.fail(in.args(), u"require_combiner_arity"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: 'require' needs exactly one of "
                                                     "all_of, any_of and none_of (found %3)"),
                           {QString::number(combiners)});
        for (const auto &[key, kind] : {std::pair{u"all_of"_s, Predicate::Kind::AllOf},
                                        std::pair{u"any_of"_s, Predicate::Kind::AnyOf},
                                        std::pair{u"none_of"_s, Predicate::Kind::NoneOf}}) {
            if (!in.value(key))
                continue;
            Result<std::vector<Predicate>> predicates = readPredicateList(in, key);
            if (!predicates)
                return predicates.error();
            a.combiner.kind = kind;
            a.combiner.children = std::move(predicates).value();
        }
        if (Result<void> onFail =
                in.readChoice(u"on_fail"_s, {u"error"_s, u"skip"_s, u"warn"_s}, &a.onFail);
            !onFail)
            return onFail.error();
        return ActionArgs(std::move(a));
    }

    JsonValue canonicalArgs(const Action &action) const override
    {
        const RequireArgs &a = argsOf(action);
        return JsonObject{{u"combiner"_s, predicateJson(a.combiner)}, {u"on_fail"_s, a.onFail}};
    }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        return evaluate(action, ctx);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        return evaluate(action, ctx);
    }

private:
    Result<ExecStep> evaluate(const Action &action, const ExecContext &ctx) const
    {
        const auto &args = argsOf(action);
        Result<bool> satisfied = evaluatePredicate(args.combiner, ctx, true);
        if (!satisfied)
            return satisfied.error();
        if (*satisfied)
            return makeStep(name(), StepResult::AlreadySatisfied);
        if (args.onFail == u"error") {
            return execError(u"require_failed"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "a requirement of pack '%1' does "
                                                               "not hold"),
                                     {ctx.packName}))
                .withDetail(u"pack"_s, ctx.packName);
        }
        ExecStep s = makeStep(name(), StepResult::NoOp);
        if (args.onFail == u"skip") {
            // The rest of the pack is skipped (docs/design.md, "require and when").
            s.skipRest = true;
            s.message = u"requirement not met: the rest of the pack is skipped"_s;
        } else {
            ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "a requirement of pack '%1' does not "
                                                       "hold; continuing (on_fail: warn)"),
                             {ctx.packName}));
        }
        return s;
    }
};

} // namespace

std::shared_ptr<const ActionPlugin> makeRequireAction()
{
    return std::make_shared<RequireAction>();
}

} // namespace Grex
