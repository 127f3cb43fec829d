#pragma once

#include "error.h"

namespace Grex {

// Errors of the action executors (spec §5.12): PackOp with the taxonomy's name as reason
// ("symlink_dest_occupied", "exec_non_zero", ...) and the recovery hint the spec gives.
Error execError(const QString &reason, Message message);
Error cancelledRun();

} // namespace Grex
