#pragma once

#include "error.h"

namespace Grex {

// Errors of the action executors (spec §5.12): PackOp with the taxonomy's name as reason
// ("symlink_dest_occupied", "exec_non_zero", ...) and the recovery hint the spec gives.
Error execError(const QString &reason, Message message);
// exec_non_zero for a command or hook that exited with status: the message ends with the last
// lines it wrote on stderr, which say why; the details carry all of it.
Error nonZeroExit(int status, const QString &command, const QByteArray &stderrData);
Error cancelledRun();

} // namespace Grex
