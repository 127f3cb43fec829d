#include "execcontext.h"

#include "logging.h"
#include "message.h"
#include "operationcontext.h"

namespace Grex {

void ExecContext::warn(const Message &message) const
{
    if (operation)
        operation->warn(message);
    else
        qCWarning(lcCore).noquote() << message.text();
}

} // namespace Grex
