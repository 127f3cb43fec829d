#pragma once

#include "core/result.h"

#include <QByteArray>
#include <QString>

namespace Grex {

// Replaces `target` with `bytes` so that a crash at any point leaves either the old or the new
// content: write a sibling temp file, fsync it, rename it over the target. A symlinked target
// is written through (the link survives). Refuses a directory target and a target the user made
// read-only. Errors: PackOp (reason "io", "read_only", "is_directory").
Result<void> atomicWrite(const QString &target, const QByteArray &bytes);

// Flushes a directory entry change (rename, create, unlink) to disk. Best effort.
void syncDirectory(const QString &dir);

} // namespace Grex
