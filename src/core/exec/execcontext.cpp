#include "core/exec/execcontext.h"

#include "core/logging.h"
#include "core/message.h"
#include "core/operationcontext.h"

namespace Grex {

void ExecContext::warn(const Message &message) const
{
    if (operation)
        operation->warn(message);
    else
        qCWarning(lcCore).noquote() << message.text();
}

} // namespace Grex
