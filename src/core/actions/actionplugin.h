#pragma once

#include "core/error.h"
#include "core/exec/execstep.h"
#include "core/json.h"
#include "core/pack/action.h"
#include "core/result.h"

#include <QList>
#include <QString>

#include <optional>
#include <span>
#include <vector>

namespace Grex {

class ActionArgsReader;
struct ExecContext;

// One kind of action, owning its whole life (docs/design.md, "Actions, plans and steps"): its
// name and help, reading and checking its arguments in pack.yaml, the checks across a pack, its
// canonical arguments for actions_hash, planning and applying it, and the inverse that tears it
// down. An action is one file of src/core/actions/ plus its line in builtinactions.cpp.
// Plugins are called on worker threads: they must be thread-safe and honour ctx.stop.
class ActionPlugin
{
public:
    virtual ~ActionPlugin();

    // The key that names the action in pack.yaml: "symlink".
    virtual QString name() const = 0;
    // What the action does, in one line, QT_TRANSLATE_NOOP("Grex", ...): `grex run --help` and
    // grex-run(1) show it. Null for an internal action, which pack.yaml cannot name and
    // `grex run` does not offer (unlink, the inverse of symlink).
    virtual const char *help() const = 0;

    // Reads and checks the action's arguments, stopping at the first broken rule. Errors:
    // PackOp "pack_yaml_invalid" naming the file, line and rule (ActionArgsReader::fail).
    virtual Result<ActionArgs> parse(const ActionArgsReader &args) const = 0;
    // What can only be checked across a pack, before anything of it runs (docs/design.md, "Pack
    // graph and validation"): `actions` are this plugin's actions of one pack, nested ones
    // included, in document order. Returns every violation; none by default.
    virtual QList<Error> validate(const std::vector<const Action *> &actions,
                                  const QString &file) const;
    // The argument object actions_hash v1 frames (docs/design.md, "actions_hash"): members in a
    // fixed order, defaults filled in, strings unexpanded. It must stay bit-exact: a change
    // makes every pack look changed to every lockfile.
    virtual JsonValue canonicalArgs(const Action &action) const = 0;

    // The dry run: what apply would do, without side effects.
    virtual Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const = 0;
    virtual Result<ExecStep> apply(const Action &action, ExecContext &ctx) const = 0;
    // The action that undoes this one in an automatic teardown (docs/design.md, "Automatic
    // teardown"); nullopt, the default, when there is none.
    virtual std::optional<Action> inverse(const Action &action) const;

    // The actions this one runs in turn (when's `actions`); none by default.
    virtual std::span<const Action> nested(const Action &action) const;
    // Whether it runs its nested actions now (when's condition): `grex run` looks into those
    // that do. True by default.
    virtual Result<bool> runsNested(const Action &action, const ExecContext &ctx) const;

    // Whether args are of the type this plugin reads. The registry hands a plugin only actions
    // it takes; one that reads no arguments takes any (the default).
    virtual bool takes(const ActionArgs &args) const;
};

// The base of a plugin whose arguments are an Args: the registry hands it only actions that
// hold an Args, so argsOf() always has them.
template<typename Args>
class ActionPluginFor : public ActionPlugin
{
public:
    bool takes(const ActionArgs &args) const final { return args.get<Args>() != nullptr; }

protected:
    static const Args &argsOf(const Action &action) { return *action.args.get<Args>(); }
};

} // namespace Grex
