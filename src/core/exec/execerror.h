#pragma once

#include "core/error.h"

namespace Grex {

// Errors of the action executors: PackOp with the action's reason ("symlink_dest_occupied",
// "exec_non_zero", ...) and, where one helps, a recovery hint (docs/design.md, "Errors and exit
// codes").
Error execError(const QString &reason, Message message);
// exec_non_zero for a command or hook that exited with status: the message ends with the last
// lines it wrote on stderr, which say why; the details carry all of it.
Error nonZeroExit(int status, const QString &command, const QByteArray &stderrData);

} // namespace Grex
