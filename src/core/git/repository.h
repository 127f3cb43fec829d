#pragma once

#include "result.h"

#include <QString>

namespace Grex::Git {

// True when dir is the top of a git working tree (not a directory inside one).
bool isRepository(const QString &dir);

// Sets a key in the repository's local config. Error: PackOp "git".
Result<void> setConfigString(const QString &repoDir, const QString &key, const QString &value);

} // namespace Grex::Git
