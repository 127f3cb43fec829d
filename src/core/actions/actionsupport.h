#pragma once

#include "core/error.h"
#include "core/result.h"

#include <QString>

namespace Grex {

struct ExecContext;

// What the built-in actions share: their paths and their file-system errors.

// Expands a field and resolves a relative path against the pack, so the result does not depend
// on where grex was started (docs/design.md, "Relative paths in actions"). Errors: the
// expansion's, PackOp "invalid_path" for a path that expands to nothing.
Result<QString> expandPath(const QString &raw, const ExecContext &ctx, const QString &field,
                           bool normalize = true);

// PackOp "fs_io": the system call `op` failed on path with errno err.
Error fsError(const char *op, const QString &path, int err);

// Whether anything, a dangling symlink included, is at path.
bool lexists(const QString &path);
// Removes a file, a symlink or a directory with its contents.
bool removeTree(const QString &path);

} // namespace Grex
