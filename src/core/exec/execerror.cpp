#include "execerror.h"

using namespace Qt::StringLiterals;

namespace Grex {

Error execError(const QString &reason, Message message)
{
    Error error(ErrorKind::PackOp, reason, std::move(message));
    error.withDetail(u"phase"_s, u"exec"_s);
    if (reason == u"symlink_dest_occupied")
        error.withHint(Message(QT_TRANSLATE_NOOP("Grex", "set backup: true or remove the entry")));
    else if (reason == u"rmdir_not_empty")
        error.withHint(Message(QT_TRANSLATE_NOOP("Grex", "set force: true")));
    else if (reason == u"env_persistence_denied")
        error.withHint(Message(QT_TRANSLATE_NOOP("Grex", "re-run elevated")));
    else if (reason == u"symlink_privilege_denied")
        error.withHint(Message(QT_TRANSLATE_NOOP("Grex", "enable Developer Mode or run elevated")));
    return error;
}

Error cancelledRun()
{
    return Error(ErrorKind::Cancelled, u"cancelled"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "cancelled")));
}

} // namespace Grex
