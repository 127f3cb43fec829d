#pragma once

#include <QProcessEnvironment>
#include <QStringList>

namespace Grex {

// The variables that tie git to one repository: what `git rev-parse --local-env-vars` lists
// (asked once per process, with git 2.39's list as the floor) and GIT_QUARANTINE_PATH, which a
// receive hook gets with its quarantined object directory.
const QStringList &gitRepositoryVariables();

// The environment every process grex starts begins from (docs/design.md, "The environment of
// child processes"): the caller's, without gitRepositoryVariables(). A git hook or an editor's
// terminal exports GIT_DIR, GIT_INDEX_FILE and the object directories of the caller's
// repository; passed on, they would send the git of a pack, and any git an action runs, to that
// repository. The -c settings (GIT_CONFIG_PARAMETERS, GIT_CONFIG_COUNT and its pairs) stay, as
// git keeps them when it enters a submodule: they are the person's settings, not a repository's.
QProcessEnvironment childEnvironment();

} // namespace Grex
