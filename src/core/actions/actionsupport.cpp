#include "core/actions/actionsupport.h"

#include "core/exec/execcontext.h"
#include "core/exec/execerror.h"
#include "core/vars/varenv.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstring>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace Grex {

Result<QString> expandPath(const QString &raw, const ExecContext &ctx, const QString &field,
                           bool normalize)
{
    Result<QString> expanded = expandVariables(raw, ctx.vars, field);
    if (!expanded)
        return std::move(expanded).error().withDetail(u"phase"_s, u"exec"_s);
    if (expanded->isEmpty()) {
        return execError(u"invalid_path"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "%1 is empty after expansion"), {field}))
            .withDetail(u"field"_s, field);
    }
    const QString absolute = QDir(ctx.packRoot).absoluteFilePath(*expanded);
    return normalize ? QDir::cleanPath(absolute) : absolute;
}

Error fsError(const char *op, const QString &path, int err)
{
    return execError(u"fs_io"_s, Message(QT_TRANSLATE_NOOP("Grex", "%1 failed on %2: %3"),
                                         {QString::fromLatin1(op), path,
                                          QString::fromLocal8Bit(strerror(err))}))
        .withDetail(u"op"_s, QString::fromLatin1(op))
        .withDetail(u"path"_s, path);
}

bool lexists(const QString &path)
{
    struct stat st
    {
    };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0;
}

bool removeTree(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir() && !info.isSymLink())
        return QDir(path).removeRecursively();
    return QFile::remove(path);
}

} // namespace Grex
