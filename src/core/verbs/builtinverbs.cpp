#include "core/verbs/verbspec.h"

#include <QList>

namespace Grex {

// The verbs, one line each, in help order. X(Name) registers the row that make<Name>Verb()
// returns, defined in the verb's own file in src/core/verbs/ (switch, stash, discard, commit and
// push share packgit.cpp); that file, this line, its text renderer and its tests are all a verb
// takes (docs/architecture.md, "Adding a verb").
#define GREX_BUILTIN_VERBS(X)                                                                      \
    X(Init)                                                                                        \
    X(Add)                                                                                         \
    X(Rm)                                                                                          \
    X(Tag)                                                                                         \
    X(Ls)                                                                                          \
    X(Status)                                                                                      \
    X(Sync)                                                                                        \
    X(Update)                                                                                      \
    X(Teardown)                                                                                    \
    X(Doctor)                                                                                      \
    X(Import)                                                                                      \
    X(Run)                                                                                         \
    X(Exec)                                                                                        \
    X(SafeToLeave)                                                                                 \
    X(Switch)                                                                                      \
    X(Stash)                                                                                       \
    X(Discard)                                                                                     \
    X(Commit)                                                                                      \
    X(Push)                                                                                        \
    X(TaskStart)                                                                                   \
    X(TaskStatus)                                                                                  \
    X(TaskDiff)                                                                                    \
    X(TaskCommit)                                                                                  \
    X(TaskPush)                                                                                    \
    X(TaskFinish)                                                                                  \
    X(TaskAbandon)                                                                                 \
    /* every line of the list ends in a backslash, so a new verb changes no other line */

#define GREX_DECLARE_VERB(Name) VerbSpec make##Name##Verb();
GREX_BUILTIN_VERBS(GREX_DECLARE_VERB)

QList<VerbSpec> builtinVerbs()
{
    QList<VerbSpec> verbs;
#define GREX_REGISTER_VERB(Name) verbs.append(make##Name##Verb());
    GREX_BUILTIN_VERBS(GREX_REGISTER_VERB)
    return verbs;
}

} // namespace Grex
