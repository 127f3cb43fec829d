#include "core/actions/actionregistry.h"

namespace Grex {

// The built-in actions, one line each, in the order pack.yaml's errors, `grex run`, its help and
// the manual list them. X(Name) registers the plugin that make<Name>Action() returns, defined in
// the action's file in src/core/actions/; that file and this line are all an action takes.
#define GREX_BUILTIN_ACTIONS(X)                                                                    \
    X(Symlink)                                                                                     \
    X(Unlink)                                                                                      \
    X(Env)                                                                                         \
    X(Mkdir)                                                                                       \
    X(Rmdir)                                                                                       \
    X(Require)                                                                                     \
    X(When)                                                                                        \
    X(Exec)                                                                                        \
    /* every line of the list ends in a backslash, so a new action changes no other line */

#define GREX_DECLARE_ACTION(Name) std::shared_ptr<const ActionPlugin> make##Name##Action();
GREX_BUILTIN_ACTIONS(GREX_DECLARE_ACTION)

void registerBuiltinActions(ActionRegistry &registry)
{
#define GREX_REGISTER_ACTION(Name) registry.add(make##Name##Action());
    GREX_BUILTIN_ACTIONS(GREX_REGISTER_ACTION)
}

} // namespace Grex
