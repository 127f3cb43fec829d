#pragma once

#include <QString>

namespace Grex {

// True for an existing directory with no entries at all (hidden ones included).
bool isEmptyDirectory(const QString &path);

// Undoes a directory an operation filled: removes it when it did not exist before, otherwise
// removes only what is inside it. Symlinks inside are removed, never followed.
void removeCreated(const QString &dir, bool existedBefore);

} // namespace Grex
