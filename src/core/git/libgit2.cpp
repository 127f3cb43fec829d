#include "libgit2_p.h"

#include "logging.h"
#include "result.h"

#include <QFile>

#include <mutex>

using namespace Qt::StringLiterals;

namespace Grex::Git {

void ensureInitialised()
{
    static std::once_flag once;
    std::call_once(once, [] {
        git_libgit2_init();
        if (lcGit().isDebugEnabled()) {
            git_trace_set(GIT_TRACE_TRACE, [](git_trace_level_t, const char *message) {
                qCDebug(lcGit, "libgit2: %s", message);
            });
        }
    });
}

QString lastErrorText(int code)
{
    const git_error *error = git_error_last();
    if (error && error->message)
        return QString::fromUtf8(error->message).trimmed();
    return u"libgit2 error "_s + QString::number(code);
}

Result<RepositoryPtr> openRepository(const QString &dest)
{
    ensureInitialised();
    git_repository *raw = nullptr;
    const QByteArray path = QFile::encodeName(dest);
    const int rc =
        git_repository_open_ext(&raw, path.constData(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr);
    if (rc != 0) {
        return Error(ErrorKind::PackOp, u"not_a_repository"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1 is not a git repository"), {dest}))
            .withDetail(u"path"_s, dest)
            .withDetail(u"detail"_s, lastErrorText(rc));
    }
    return RepositoryPtr(raw);
}

QString oidToHex(const git_oid *oid)
{
    char buffer[GIT_OID_HEXSZ + 1] = {};
    git_oid_tostr(buffer, sizeof buffer, oid);
    return QString::fromLatin1(buffer);
}

} // namespace Grex::Git
