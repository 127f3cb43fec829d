#pragma once

#include "core/error.h"

namespace Grex {

// An error of `kind` (PackOp by default) (reason "io", or
// "permission_denied"/"read_only_filesystem" when errno says so) for a failed filesystem call.
// sourceText has %1 for the path and %2 for the system's reason.
Error fileError(const char *sourceText, const QString &path, int errnoValue,
                ErrorKind kind = ErrorKind::PackOp);

} // namespace Grex
