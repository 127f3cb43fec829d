#include "core/fs/fserror.h"

#include <cerrno>
#include <cstring>

using namespace Qt::StringLiterals;

namespace Grex {

Error fileError(const char *sourceText, const QString &path, int errnoValue, ErrorKind kind)
{
    QString reason = u"io"_s;
    if (errnoValue == EACCES || errnoValue == EPERM)
        reason = u"permission_denied"_s;
    else if (errnoValue == EROFS)
        reason = u"read_only_filesystem"_s;
    else if (errnoValue == ENOSPC)
        reason = u"no_space"_s;
    return Error(kind, reason,
                 Message(sourceText, {path, QString::fromLocal8Bit(strerror(errnoValue))}))
        .withDetail(u"path"_s, path);
}

} // namespace Grex
