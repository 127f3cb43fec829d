#include "core/git/libgit2_p.h"

#include "core/logging.h"
#include "core/result.h"

#include <QFile>
#include <QStringList>

#include <mutex>

using namespace Qt::StringLiterals;

namespace Grex::Git {

void ensureInitialised()
{
    static std::once_flag once;
    std::call_once(once, [] {
        git_libgit2_init();
        // As git does: GIT_CONFIG_NOSYSTEM leaves /etc/gitconfig out, which libgit2 would
        // otherwise read (its filter.lfs settings, its safe.directory).
        const QString noSystem = qEnvironmentVariable("GIT_CONFIG_NOSYSTEM").toLower();
        if (qEnvironmentVariableIsSet("GIT_CONFIG_NOSYSTEM") &&
            !QStringList{u"0"_s, u"false"_s, u"no"_s, u"off"_s}.contains(noSystem))
            git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, GIT_CONFIG_LEVEL_SYSTEM, "");
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

namespace {

// Whether git's safe.directory, from the configs git reads it from (system and global, never
// the repository's own), is "*": every repository is safe. libgit2 1.5 honours listed paths
// but not "*", and refused a shared /srv/git that git itself opens.
bool allDirectoriesSafe()
{
    git_config *raw = nullptr;
    if (git_config_open_default(&raw) != 0) {
        git_error_clear();
        return false;
    }
    ConfigPtr config(raw);
    git_config_iterator *rawIterator = nullptr;
    if (git_config_multivar_iterator_new(&rawIterator, config.get(), "safe.directory", nullptr) !=
        0) {
        git_error_clear();
        return false;
    }
    std::unique_ptr<git_config_iterator, Deleter<git_config_iterator, git_config_iterator_free>>
        iterator(rawIterator);
    bool all = false;
    git_config_entry *entry = nullptr;
    // Values come lowest-priority file first; an empty one resets the list, as in git.
    while (git_config_next(&entry, iterator.get()) == 0) {
        const QByteArray value(entry->value ? entry->value : "");
        if (value.isEmpty())
            all = false;
        else if (value == "*")
            all = true;
    }
    git_error_clear();
    return all;
}

} // namespace

Result<RepositoryPtr> openRepository(const QString &dest)
{
    ensureInitialised();
    git_repository *raw = nullptr;
    const QByteArray path = QFile::encodeName(dest);
    int rc =
        git_repository_open_ext(&raw, path.constData(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr);
    if (rc == GIT_EOWNER && allDirectoriesSafe()) {
        // Process-wide, as "*" is for git: no repository is refused for its owner any more.
        git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 0);
        qCDebug(lcGit, "safe.directory is *: repositories of other users are opened");
        rc =
            git_repository_open_ext(&raw, path.constData(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr);
    }
    if (rc == GIT_EOWNER) {
        return Error(ErrorKind::PackOp, u"unsafe_repository"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1 belongs to another user, and git's "
                                                       "safe.directory does not list it"),
                             {dest}))
            .withDetail(u"path"_s, dest)
            .withHint(Message(QT_TRANSLATE_NOOP("Grex", "if you trust it: git config --global "
                                                        "--add safe.directory %1"),
                              {dest}));
    }
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
