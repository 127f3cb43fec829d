#include "core/git/libgit2_p.h"

#include "core/git/repository.h"

#include "core/git/pcre2leakfix_p.h"
#include "core/logging.h"
#include "core/result.h"

#include <QFile>
#include <QList>
#include <QStringList>

#include <libssh2.h>

#include <mutex>

using namespace Qt::StringLiterals;

namespace Grex::Git {

void ensureInitialised()
{
    static std::once_flag once;
    std::call_once(once, [] {
        // grex never lets libgit2 reach a remote (git does all network work, docs/design.md),
        // so its libssh2 needs no crypto: initialised first without it, libgit2's own
        // libssh2_init only counts, and OpenSSL's engines and configuration are never loaded
        // (about 1.5 MiB of every grex process, and a few milliseconds of its start).
        libssh2_init(LIBSSH2_INIT_NO_CRYPTO);
        git_libgit2_init();
        // A long-running server or window must not lose memory on every open of a partial
        // clone (pcre2leakfix_p.h).
        installPcre2LeakFix();
        // worktreeConfig only adds config.worktree, which `git sparse-checkout` sets in a
        // linked worktree; libgit2 1.5 refuses such a repository otherwise. grex reads the one
        // setting that matters there (core.sparseCheckout) itself (needsGitStatus).
        const char *extensions[] = {"worktreeconfig"};
        git_libgit2_opts(GIT_OPT_SET_EXTENSIONS, extensions, size_t(1));
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

// What openRepository does outside a RepositoryReuse.
Result<RepositoryPtr> openAnew(const QString &dest)
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
    if (rc != 0 && QString::fromUtf8(git_error_last() ? git_error_last()->message : "")
                       .contains(u"unsupported extension name"_s)) {
        // A repository git made that libgit2 1.5 cannot read: named, never taken for a folder
        // that is no repository.
        const QString detail = lastErrorText(rc);
        const qsizetype at = detail.lastIndexOf(u"extensions."_s);
        const QString extension = at < 0 ? detail : detail.mid(at).section(u' ', 0, 0);
        const bool sha256 = extension.compare(u"extensions.objectformat"_s, Qt::CaseInsensitive) == 0;
        return Error(ErrorKind::PackOp, u"unsupported_repository"_s,
                     sha256 ? Message(QT_TRANSLATE_NOOP("Grex", "%1 uses the SHA-256 object "
                                                                "format, which grex cannot read "
                                                                "yet (its libgit2 1.5 knows "
                                                                "SHA-1 only)"),
                                      {dest})
                            : Message(QT_TRANSLATE_NOOP("Grex", "%1 uses the repository "
                                                                "extension %2, which grex's "
                                                                "libgit2 1.5 cannot read"),
                                      {dest, extension}))
            .withDetail(u"path"_s, dest)
            .withDetail(u"extension"_s, extension)
            .withHint(Message(QT_TRANSLATE_NOOP("Grex", "git itself can read it, grex cannot "
                                                        "manage it: keep it out of the "
                                                        "workspace")));
    }
    if (rc != 0) {
        return Error(ErrorKind::PackOp, u"not_a_repository"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1 is not a git repository"), {dest}))
            .withDetail(u"path"_s, dest)
            .withDetail(u"detail"_s, lastErrorText(rc));
    }
    return adoptRepository(raw);
}

// The repositories a RepositoryReuse in this thread keeps open, by folder; depth counts nested
// scopes. A handful at most: a pack's clone, and the folders it reads beside it.
struct ReusedRepositories
{
    int depth = 0;
    QList<std::pair<QString, RepositoryPtr>> open;
};

ReusedRepositories &reused()
{
    thread_local ReusedRepositories repositories;
    return repositories;
}

} // namespace

RepositoryReuse::RepositoryReuse()
{
    ++reused().depth;
}

RepositoryReuse::~RepositoryReuse()
{
    ReusedRepositories &repositories = reused();
    if (--repositories.depth == 0)
        repositories.open.clear();
}

void RepositoryReuse::forget()
{
    reused().open.clear();
}

Result<RepositoryPtr> openRepository(const QString &dest)
{
    ReusedRepositories &repositories = reused();
    if (repositories.depth == 0)
        return openAnew(dest);
    for (const auto &[dir, repo] : std::as_const(repositories.open)) {
        if (dir == dest)
            return repo;
    }
    Result<RepositoryPtr> opened = openAnew(dest);
    if (opened)
        repositories.open.append({dest, *opened});
    return opened;
}

QString oidToHex(const git_oid *oid)
{
    char buffer[GIT_OID_HEXSZ + 1] = {};
    git_oid_tostr(buffer, sizeof buffer, oid);
    return QString::fromLatin1(buffer);
}

} // namespace Grex::Git
