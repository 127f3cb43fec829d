#include "gitfetcher.h"

#include "exec/processrunner.h"
#include "fs/filelock.h"
#include "fs/fsutil.h"
#include "git/libgit2_p.h"
#include "git/remoteconfig_p.h"
#include "logging.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUrl>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex {

Fetcher::~Fetcher() = default;

Result<RepoStatus> Fetcher::inspect(const QString &dest)
{
    Result<FetchReport> head = describe(dest);
    if (!head)
        return head.error();
    Result<bool> dirty = isDirty(dest);
    if (!dirty)
        return dirty.error();
    RepoStatus status;
    status.sha = head->sha;
    status.branch = head->branch;
    status.changedFiles = *dirty ? 1 : 0;
    return status;
}

QString backendLockPath(const QString &dest)
{
    const QFileInfo info(dest);
    return info.absolutePath() + u"/.grex-backend-"_s + info.fileName() + u".lock"_s;
}

QString cloneStagingPath(const QString &dest)
{
    const QFileInfo info(dest);
    return info.absolutePath() + u'/' + CloneStagingPrefix + info.fileName();
}

namespace {

using namespace Git;

// While this process holds the sync lock (tier 1) of the workspace dest lives in, no other grex
// process can touch dest: the threads of this one only need to keep out of each other's way,
// and the backend lock needs no file. A QLockFile flushes every new lock file to disk, which
// for hundreds of packs made the flushes, not git, the cost of a sync.
Result<FileLock> lockBackend(const QString &dest, std::stop_token stop)
{
    const QString syncLock =
        QFileInfo(dest).absolutePath() + u'/' + WorkspaceSyncLockName.toString();
    const FileLock::Scope scope =
        FileLock::isHeldHere(syncLock) ? FileLock::Scope::Process : FileLock::Scope::System;
    return FileLock::acquire(backendLockPath(dest), LockTier::Backend, stop, scope);
}

struct CallbackState
{
    std::stop_token stop;
    int sshKeyAttempts = 0; // counted apart: a username request first must not skip the agent
    int usernameAttempts = 0;
    bool helpersAsked = false;
    // Where credential.helper is read from, only once a remote asks for a password.
    git_repository *repo = nullptr;
    quint64 receivedBytes = 0;
};

// Whether the user's git config rewrites url (url.<base>.insteadOf).
bool isRewrittenByInsteadOf(const QString &url)
{
    git_config *raw = nullptr;
    if (git_config_open_default(&raw) != 0) {
        git_error_clear();
        return false;
    }
    ConfigPtr config(raw);
    const QByteArray original = url.toUtf8();
    return applyInsteadOf(config.get(), original) != original;
}

// credential.helper values of the repository's config, or of the user's when there is none yet.
QStringList credentialHelpersFor(git_repository *repo)
{
    git_config *raw = nullptr;
    if ((repo ? git_repository_config(&raw, repo) : git_config_open_default(&raw)) != 0) {
        git_error_clear();
        return {};
    }
    ConfigPtr config(raw);
    return credentialHelpers(config.get());
}

int onTransferProgress(const git_indexer_progress *stats, void *payload)
{
    auto *state = static_cast<CallbackState *>(payload);
    state->receivedBytes = stats->received_bytes;
    return state->stop.stop_requested() ? -1 : 0;
}

int onSidebandProgress(const char *, int, void *payload)
{
    return static_cast<CallbackState *>(payload)->stop.stop_requested() ? -1 : 0;
}

// ssh-agent first, then the usual key files; anonymous otherwise. No prompting.
int onCredentials(git_credential **out, const char *url, const char *usernameFromUrl,
                  unsigned int allowedTypes, void *payload)
{
    auto *state = static_cast<CallbackState *>(payload);
    if ((allowedTypes & GIT_CREDENTIAL_USERPASS_PLAINTEXT) && !state->helpersAsked) {
        state->helpersAsked = true;
        const std::optional<Credential> credential =
            credentialFromHelpers(QString::fromUtf8(url), credentialHelpersFor(state->repo),
                                  state->stop);
        if (credential) {
            return git_credential_userpass_plaintext_new(out,
                                                         credential->username.toUtf8().constData(),
                                                         credential->password.toUtf8().constData());
        }
    }
    const QByteArray user = usernameFromUrl ? QByteArray(usernameFromUrl) : QByteArray("git");
    if (allowedTypes & GIT_CREDENTIAL_SSH_KEY) {
        const int attempt = state->sshKeyAttempts++;
        if (attempt == 0)
            return git_credential_ssh_key_from_agent(out, user.constData());
        static const char *const keys[] = {"id_ed25519", "id_ecdsa", "id_rsa"};
        int index = attempt - 1;
        for (const char *key : keys) {
            const QString privateKey = QDir::homePath() + u"/.ssh/"_s + QString::fromLatin1(key);
            if (!QFileInfo::exists(privateKey))
                continue;
            if (index-- == 0) {
                const QByteArray priv = QFile::encodeName(privateKey);
                const QByteArray pub = QFile::encodeName(privateKey + u".pub"_s);
                return git_credential_ssh_key_new(
                    out, user.constData(),
                    QFileInfo::exists(privateKey + u".pub"_s) ? pub.constData() : nullptr,
                    priv.constData(), "");
            }
        }
        return GIT_EAUTH;
    }
    if ((allowedTypes & GIT_CREDENTIAL_USERNAME) && state->usernameAttempts++ == 0)
        return git_credential_username_new(out, user.constData());
    return GIT_PASSTHROUGH;
}

void installCallbacks(git_remote_callbacks &callbacks, CallbackState &state)
{
    callbacks.transfer_progress = onTransferProgress;
    callbacks.sideband_progress = onSidebandProgress;
    callbacks.credentials = onCredentials;
    callbacks.payload = &state;
}

Error cancelled()
{
    return Error(ErrorKind::Cancelled, u"cancelled"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "cancelled")));
}

Error gitError(const QString &reason, const char *sourceText, const QStringList &args, int rc)
{
    return Error(ErrorKind::PackOp, reason, Message(sourceText, args))
        .withDetail(u"detail"_s, lastErrorText(rc));
}

// The branch HEAD names, also before its first commit; nullopt when HEAD is detached.
std::optional<QString> branchOf(git_repository *repo)
{
    git_reference *raw = nullptr;
    if (git_reference_lookup(&raw, repo, "HEAD") != 0) {
        git_error_clear();
        return std::nullopt;
    }
    ReferencePtr head(raw);
    if (git_reference_type(head.get()) != GIT_REFERENCE_SYMBOLIC)
        return std::nullopt;
    QString target = QString::fromUtf8(git_reference_symbolic_target(head.get()));
    if (target.startsWith(u"refs/heads/"))
        target = target.mid(11);
    return target;
}

Result<FetchReport> describeHead(git_repository *repo)
{
    FetchReport report;
    git_oid oid;
    if (git_reference_name_to_id(&oid, repo, "HEAD") == 0)
        report.sha = oidToHex(&oid);
    else
        git_error_clear(); // no commit yet
    report.branch = branchOf(repo);
    return report;
}

// Makes ref the checked-out state of a fresh clone: a remote branch becomes a local tracking
// branch; a tag or a commit is checked out detached.
Result<void> checkoutRef(git_repository *repo, const QString &ref)
{
    const QByteArray name = ref.toUtf8();
    git_checkout_options checkout = GIT_CHECKOUT_OPTIONS_INIT;
    checkout.checkout_strategy = GIT_CHECKOUT_FORCE;

    git_reference *rawRemote = nullptr;
    const QByteArray remoteName = "origin/" + name;
    if (git_branch_lookup(&rawRemote, repo, remoteName.constData(), GIT_BRANCH_REMOTE) == 0) {
        ReferencePtr remoteBranch(rawRemote);
        git_object *rawTarget = nullptr;
        int rc = git_reference_peel(&rawTarget, remoteBranch.get(), GIT_OBJECT_COMMIT);
        if (rc != 0)
            return gitError(u"git"_s, QT_TRANSLATE_NOOP("Grex", "cannot resolve branch '%1'"),
                            {ref}, rc);
        ObjectPtr target(rawTarget);
        git_reference *rawLocal = nullptr;
        if (git_branch_lookup(&rawLocal, repo, name.constData(), GIT_BRANCH_LOCAL) != 0) {
            rc = git_branch_create(&rawLocal, repo, name.constData(),
                                   reinterpret_cast<const git_commit *>(target.get()), 0);
            if (rc != 0)
                return gitError(u"git"_s,
                                QT_TRANSLATE_NOOP("Grex", "cannot create local branch '%1'"), {ref},
                                rc);
            setUpstream(repo, name, "origin");
        }
        ReferencePtr local(rawLocal);
        rc = git_checkout_tree(repo, target.get(), &checkout);
        if (rc == 0)
            rc = git_repository_set_head(repo, git_reference_name(local.get()));
        if (rc != 0)
            return gitError(u"git"_s, QT_TRANSLATE_NOOP("Grex", "cannot check out branch '%1'"),
                            {ref}, rc);
        return {};
    }

    git_object *rawObject = nullptr;
    int rc = git_revparse_single(&rawObject, repo, name.constData());
    if (rc != 0) {
        return Error(ErrorKind::PackOp, u"ref_not_found"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "ref '%1' does not exist in the remote"),
                             {ref}))
            .withDetail(u"ref"_s, ref);
    }
    ObjectPtr object(rawObject);
    git_object *rawCommit = nullptr;
    rc = git_object_peel(&rawCommit, object.get(), GIT_OBJECT_COMMIT);
    if (rc != 0) {
        return Error(ErrorKind::PackOp, u"ref_not_found"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "ref '%1' does not name a commit"), {ref}))
            .withDetail(u"ref"_s, ref);
    }
    ObjectPtr commit(rawCommit);
    rc = git_checkout_tree(repo, commit.get(), &checkout);
    if (rc == 0)
        rc = git_repository_set_head_detached(repo, git_object_id(commit.get()));
    if (rc != 0)
        return gitError(u"git"_s, QT_TRANSLATE_NOOP("Grex", "cannot check out '%1'"), {ref}, rc);
    return {};
}

bool looksLikeCommitId(const QString &ref)
{
    static const QRegularExpression hex(u"^[0-9a-fA-F]{4,40}$"_s);
    return hex.match(ref).hasMatch();
}

bool isGrexSidecar(const char *path)
{
    const QByteArray p(path);
    return p == ".grex-lock" || p.startsWith(".grex/.state/");
}

Result<LocalChanges> countChanges(const QString &dest, bool includeUntracked)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    git_status_options options = GIT_STATUS_OPTIONS_INIT;
    options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
    // The dirty check of D-43 looks at tracked files; the loss check looks at everything.
    options.flags = includeUntracked
                        ? GIT_STATUS_OPT_INCLUDE_UNTRACKED | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS
                        : GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
    git_status_list *rawList = nullptr;
    const int rc = git_status_list_new(&rawList, repo->get(), &options);
    if (rc != 0)
        return gitError(u"git"_s, QT_TRANSLATE_NOOP("Grex", "cannot read the status of %1"), {dest},
                        rc);
    StatusListPtr list(rawList);
    LocalChanges changes;
    const size_t count = git_status_list_entrycount(list.get());
    for (size_t i = 0; i < count; ++i) {
        const git_status_entry *entry = git_status_byindex(list.get(), i);
        if (entry->status == GIT_STATUS_CURRENT || (entry->status & GIT_STATUS_IGNORED))
            continue;
        if (entry->status == GIT_STATUS_WT_NEW) {
            const char *path =
                entry->index_to_workdir ? entry->index_to_workdir->new_file.path : nullptr;
            if (path && !isGrexSidecar(path))
                ++changes.untracked;
            continue;
        }
        ++changes.tracked;
    }
    if (!includeUntracked)
        return changes;

    git_stash_foreach(
        repo->get(),
        [](size_t, const char *, const git_oid *, void *payload) {
            ++*static_cast<int *>(payload);
            return 0;
        },
        &changes.stashes);

    // Commits no remote-tracking branch contains: pushed nowhere, so only this clone has them.
    git_revwalk *rawWalk = nullptr;
    if (git_revwalk_new(&rawWalk, repo->get()) == 0) {
        std::unique_ptr<git_revwalk, Deleter<git_revwalk, git_revwalk_free>> walk(rawWalk);
        if (git_revwalk_push_head(walk.get()) == 0) {
            git_revwalk_hide_glob(walk.get(), "refs/remotes/*");
            git_oid oid;
            while (changes.unpushed < 10000 && git_revwalk_next(&oid, walk.get()) == 0)
                ++changes.unpushed;
        }
    }
    return changes;
}

} // namespace

GitFetcher::GitFetcher()
{
    ensureInitialised();
}

QString GitFetcher::scheme() const
{
    return u"git"_s;
}

bool GitFetcher::handles(const QString &url) const
{
    return !url.isEmpty();
}

Result<FetchReport> GitFetcher::clone(const QString &url, const QString &dest,
                                      const std::optional<QString> &ref, std::stop_token stop)
{
    Result<FileLock> lock = lockBackend(dest, stop);
    if (!lock)
        return lock.error();

    const QFileInfo destInfo(dest);
    const bool existed = destInfo.exists() || destInfo.isSymLink();
    if (existed && (!destInfo.isDir() || destInfo.isSymLink() || !isEmptyDirectory(dest))) {
        return Error(
                   ErrorKind::PackOp, u"destination_not_empty"_s,
                   Message(QT_TRANSLATE_NOOP("Grex", "%1 already exists and is not empty"), {dest}))
            .withDetail(u"path"_s, dest);
    }

    // The clone is made in a hidden sibling and renamed to dest once complete: a process killed
    // mid-clone then leaves no half-made repository at dest, which a later `grex add` would take
    // for the user's own clone. A staging directory found here is such a leftover: only a clone
    // of dest makes one, and this process holds dest's backend lock.
    const QString staging = cloneStagingPath(dest);
    if (QFileInfo(staging).exists() || QFileInfo(staging).isSymLink()) {
        qCInfo(lcGit, "removing %s, left by an interrupted clone", qPrintable(staging));
        removeCreated(staging, false);
    }

    // Local clones never report transfer progress, so the token is also checked around them.
    if (stop.stop_requested())
        return cancelled();
    CallbackState state;
    state.stop = stop;
    git_clone_options options = GIT_CLONE_OPTIONS_INIT;
    installCallbacks(options.fetch_opts.callbacks, state);
    options.checkout_opts.checkout_strategy = ref ? GIT_CHECKOUT_NONE : GIT_CHECKOUT_SAFE;
    options.remote_cb = createCloneRemote;
    // A file:// URL is cloned like a local path: objects are hard-linked (copied across file
    // systems) instead of being packed by libgit2's in-process pack builder, which is several
    // times slower than git's. The clone is the same; git objects are never modified in place.
    // Not when insteadOf sends the URL elsewhere: libgit2 would open the rewritten URL as a path.
    if (url.startsWith(u"file://"_s) && !isRewrittenByInsteadOf(url))
        options.local = GIT_CLONE_LOCAL;

    qCDebug(lcGit, "cloning %s into %s", qPrintable(url), qPrintable(dest));
    git_repository *rawRepo = nullptr;
    const QByteArray nativeUrl = url.toUtf8();
    const QByteArray nativeStaging = QFile::encodeName(staging);
    const int rc = git_clone(&rawRepo, nativeUrl.constData(), nativeStaging.constData(), &options);
    RepositoryPtr repo(rawRepo);
    if (rc != 0) {
        const QString detail = lastErrorText(rc);
        repo.reset();
        removeCreated(staging, false);
        if (stop.stop_requested())
            return cancelled();
        return Error(ErrorKind::PackOp, u"clone_failed"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot clone %1: %2"), {url, detail}))
            .withDetail(u"url"_s, url)
            .withDetail(u"detail"_s, detail);
    }
    if (ref) {
        Result<void> checkedOut = checkoutRef(repo.get(), *ref);
        if (!checkedOut) {
            repo.reset();
            removeCreated(staging, false);
            return std::move(checkedOut).error().withDetail(u"url"_s, url);
        }
    }
    if (stop.stop_requested()) {
        repo.reset();
        removeCreated(staging, false);
        return cancelled();
    }
    Result<FetchReport> report = describeHead(repo.get());
    repo.reset();
    if (report)
        report->bytes = state.receivedBytes;
    // rename(2) also replaces the empty directory the user may have made at dest.
    if (std::rename(nativeStaging.constData(), QFile::encodeName(dest).constData()) != 0) {
        const QString detail = QString::fromLocal8Bit(std::strerror(errno));
        removeCreated(staging, false);
        return Error(ErrorKind::PackOp, u"clone_failed"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot move the clone of %1 to %2: %3"),
                             {url, dest, detail}))
            .withDetail(u"url"_s, url)
            .withDetail(u"path"_s, dest)
            .withDetail(u"detail"_s, detail);
    }
    return report;
}

namespace {

Error fetchFailed(const QString &dest, const QString &detail)
{
    return Error(ErrorKind::PackOp, u"fetch_failed"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "cannot fetch into %1: %2"), {dest, detail}))
        .withDetail(u"path"_s, dest)
        .withDetail(u"detail"_s, detail);
}

Error checkoutFailed(const QString &dest, const QString &ref, int rc)
{
    const QString detail = lastErrorText(rc);
    return Error(ErrorKind::PackOp, u"checkout_failed"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "cannot check out '%1' in %2: %3"),
                         {ref, dest, detail}))
        .withDetail(u"path"_s, dest)
        .withDetail(u"ref"_s, ref)
        .withDetail(u"detail"_s, detail);
}

QString headOf(git_repository *repo)
{
    git_oid oid;
    return git_reference_name_to_id(&oid, repo, "HEAD") == 0 ? oidToHex(&oid) : QString();
}

bool hasTrackedChanges(git_repository *repo)
{
    git_status_options options = GIT_STATUS_OPTIONS_INIT;
    options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
    options.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
    git_status_list *raw = nullptr;
    if (git_status_list_new(&raw, repo, &options) != 0)
        return true; // cannot tell: treat as dirty, never overwrite
    StatusListPtr list(raw);
    const size_t count = git_status_list_entrycount(list.get());
    for (size_t i = 0; i < count; ++i) {
        const git_status_entry *entry = git_status_byindex(list.get(), i);
        if (entry->status != GIT_STATUS_CURRENT && !(entry->status & GIT_STATUS_IGNORED) &&
            entry->status != GIT_STATUS_WT_NEW)
            return true;
    }
    return false;
}

UpdateOutcome leftAlone(git_repository *repo, Message note)
{
    UpdateOutcome outcome;
    outcome.state = UpdateOutcome::State::LeftAlone;
    outcome.shaBefore = outcome.shaAfter = headOf(repo);
    outcome.branch = branchOf(repo);
    outcome.note = std::move(note);
    return outcome;
}

// A checkout of an existing clone that is killed half-way leaves a working tree with some files
// of the new commit and some of the old: it looks like the user's own changes, so sync would
// leave it alone for ever, and a half-written pack.yaml would not even parse. Each such checkout
// therefore writes <git dir>/grex-checkout ("<HEAD before> <target>") first and removes it when
// it is over; the next operation on the clone finds the journal and rolls the files the
// checkout touches back to HEAD (rollBackInterruptedCheckout), after which it redoes its work.
QString checkoutJournalPath(git_repository *repo)
{
    return QFile::decodeName(git_repository_path(repo)) + CheckoutJournalName;
}

// A git lock file of the clone that is there before a checkout starts: another git process at
// work there, or one that died. libgit2 takes the index's lock only after it has written the
// working tree, and the ref's only after that: a checkout that starts anyway leaves the files of
// the new commit beside the old HEAD, which looks like the user's own changes.
std::optional<QString> existingCheckoutLock(git_repository *repo)
{
    const QString gitDir = QFile::decodeName(git_repository_path(repo));
    QStringList locks{u"index.lock"_s, u"HEAD.lock"_s};
    git_reference *rawHead = nullptr;
    if (git_reference_lookup(&rawHead, repo, "HEAD") == 0) {
        ReferencePtr head(rawHead);
        if (git_reference_type(head.get()) == GIT_REFERENCE_SYMBOLIC)
            locks.append(QFile::decodeName(git_reference_symbolic_target(head.get())) + u".lock"_s);
    }
    git_error_clear();
    for (const QString &lock : std::as_const(locks)) {
        if (QFileInfo::exists(gitDir + lock))
            return lock;
    }
    return std::nullopt;
}

// Checks out target, then moves HEAD with moveHead(), journaled. Returns libgit2's code.
template<typename MoveHead>
int journaledCheckout(git_repository *repo, const git_object *target,
                      const git_checkout_options &options, MoveHead &&moveHead)
{
    if (const std::optional<QString> lock = existingCheckoutLock(repo)) {
        const QByteArray text = "the clone is locked: .git/" + QFile::encodeName(*lock) +
                                " exists (another git command is at work in it, or one was "
                                "killed: then delete that file)";
        git_error_set_str(GIT_ERROR_INDEX, text.constData());
        return GIT_ELOCKED;
    }
    const QString journal = checkoutJournalPath(repo);
    const QByteArray line =
        headOf(repo).toLatin1() + ' ' + oidToHex(git_object_id(target)).toLatin1() + '\n';
    QFile file(journal);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(line) != line.size() ||
        !file.flush() || ::fsync(file.handle()) != 0) {
        git_error_set_str(GIT_ERROR_OS, "cannot write the checkout journal");
        file.close();
        QFile::remove(journal);
        return -1;
    }
    file.close();
    int rc = git_checkout_tree(repo, target, &options);
    if (rc == GIT_ECONFLICT) {
        // Refused before writing anything (a file would be overwritten): nothing to undo.
        QFile::remove(journal);
        return rc;
    }
    if (rc == 0)
        rc = moveHead();
    // Any other failure may come after files were written: the journal stays, and the next
    // operation rolls them back to HEAD, as after a kill.
    if (rc == 0)
        QFile::remove(journal);
    return rc;
}

void rollBackInterruptedCheckout(git_repository *repo, const QString &dest)
{
    const QString journal = checkoutJournalPath(repo);
    QFile file(journal);
    if (!file.open(QIODevice::ReadOnly))
        return;
    const QList<QByteArray> ids = file.readAll().trimmed().split(' ');
    file.close();
    git_oid from;
    git_oid to;
    const QString head = headOf(repo);
    if (ids.size() != 2 || git_oid_fromstrn(&from, ids[0].constData(), size_t(ids[0].size())) ||
        git_oid_fromstrn(&to, ids[1].constData(), size_t(ids[1].size())) ||
        head != oidToHex(&from)) {
        // Torn, or HEAD moved (the checkout finished, or someone moved it since): nothing to undo
        // that grex can tell apart from the user's work.
        git_error_clear();
        QFile::remove(journal);
        return;
    }
    git_commit *rawFrom = nullptr;
    git_commit *rawTo = nullptr;
    git_tree *rawFromTree = nullptr;
    git_tree *rawToTree = nullptr;
    git_diff *rawDiff = nullptr;
    int rc = git_commit_lookup(&rawFrom, repo, &from);
    CommitPtr fromCommit(rawFrom);
    if (rc == 0)
        rc = git_commit_lookup(&rawTo, repo, &to);
    CommitPtr toCommit(rawTo);
    if (rc == 0)
        rc = git_commit_tree(&rawFromTree, fromCommit.get());
    std::unique_ptr<git_tree, Deleter<git_tree, git_tree_free>> fromTree(rawFromTree);
    if (rc == 0)
        rc = git_commit_tree(&rawToTree, toCommit.get());
    std::unique_ptr<git_tree, Deleter<git_tree, git_tree_free>> toTree(rawToTree);
    if (rc == 0)
        rc = git_diff_tree_to_tree(&rawDiff, repo, fromTree.get(), toTree.get(), nullptr);
    std::unique_ptr<git_diff, Deleter<git_diff, git_diff_free>> diff(rawDiff);
    if (rc != 0) {
        qCWarning(lcGit, "cannot roll back the interrupted checkout in %s: %s",
                  qPrintable(dest), qPrintable(lastErrorText(rc)));
        return;
    }
    QList<QByteArray> paths;
    for (size_t i = 0; i < git_diff_num_deltas(diff.get()); ++i) {
        const git_diff_delta *delta = git_diff_get_delta(diff.get(), i);
        paths.append(QByteArray(delta->old_file.path));
        if (qstrcmp(delta->old_file.path, delta->new_file.path) != 0)
            paths.append(QByteArray(delta->new_file.path));
    }
    QList<char *> pathPointers;
    for (QByteArray &path : paths)
        pathPointers.append(path.data());
    git_checkout_options options = GIT_CHECKOUT_OPTIONS_INIT;
    options.checkout_strategy =
        GIT_CHECKOUT_FORCE | GIT_CHECKOUT_REMOVE_UNTRACKED | GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH;
    options.paths = {pathPointers.data(), size_t(pathPointers.size())};
    if (!pathPointers.isEmpty()) {
        rc = git_checkout_tree(repo, reinterpret_cast<const git_object *>(fromCommit.get()),
                               &options);
    }
    if (rc != 0) {
        qCWarning(lcGit, "cannot roll back the interrupted checkout in %s: %s",
                  qPrintable(dest), qPrintable(lastErrorText(rc)));
        return;
    }
    QFile::remove(journal);
    qCWarning(lcGit, "%s: rolled back %lld file(s) of a checkout a killed grex left half-done",
              qPrintable(dest), qint64(paths.size()));
}

// Moves the current branch to its upstream when that is a fast-forward and the tree is clean.
// Called with the backend lock held.
Result<UpdateOutcome> fastForwardLocked(git_repository *repo, const QString &dest)
{
    UpdateOutcome outcome;
    outcome.shaBefore = outcome.shaAfter = headOf(repo);
    outcome.branch = branchOf(repo);
    if (git_repository_head_detached(repo) == 1)
        return leftAlone(repo, Message(QT_TRANSLATE_NOOP("Grex", "HEAD is detached; not moved")));
    git_reference *rawHead = nullptr;
    if (git_repository_head(&rawHead, repo) != 0)
        return leftAlone(repo, Message(QT_TRANSLATE_NOOP("Grex", "no commit is checked out")));
    ReferencePtr head(rawHead);
    const std::optional<QByteArray> trackingRef =
        upstreamRefName(repo, QByteArray(git_reference_shorthand(head.get())));
    git_reference *rawUpstream = nullptr;
    if (!trackingRef || git_reference_lookup(&rawUpstream, repo, trackingRef->constData()) != 0) {
        git_error_clear();
        return leftAlone(repo, Message(QT_TRANSLATE_NOOP("Grex", "branch %1 tracks no upstream; "
                                                                 "not moved"),
                                       {outcome.branch.value_or(QString())}));
    }
    ReferencePtr upstream(rawUpstream);
    const git_oid *local = git_reference_target(head.get());
    const git_oid *remote = git_reference_target(upstream.get());
    if (!local || !remote || git_oid_equal(local, remote))
        return outcome;
    size_t ahead = 0;
    size_t behind = 0;
    if (git_graph_ahead_behind(&ahead, &behind, repo, local, remote) != 0)
        return checkoutFailed(dest, QString::fromUtf8(git_reference_shorthand(upstream.get())), -1);
    if (behind == 0)
        return outcome; // only local commits: nothing to take
    const QString upstreamName = QString::fromUtf8(git_reference_shorthand(upstream.get()));
    if (ahead > 0) {
        return leftAlone(repo, Message(QT_TRANSLATE_NOOP("Grex", "%1 has diverged from %2 (%3 "
                                                                 "local and %4 new upstream "
                                                                 "commits); not moved"),
                                       {outcome.branch.value_or(QString()), upstreamName,
                                        QString::number(ahead), QString::number(behind)}));
    }
    if (hasTrackedChanges(repo))
        return leftAlone(repo, Message(QT_TRANSLATE_NOOP("Grex", "the working tree has "
                                                                 "uncommitted changes; not "
                                                                 "fast-forwarded to %1"),
                                       {upstreamName}));
    git_object *rawTarget = nullptr;
    int rc = git_object_lookup(&rawTarget, repo, remote, GIT_OBJECT_COMMIT);
    if (rc != 0)
        return checkoutFailed(dest, upstreamName, rc);
    ObjectPtr target(rawTarget);
    git_checkout_options checkout = GIT_CHECKOUT_OPTIONS_INIT;
    checkout.checkout_strategy = GIT_CHECKOUT_SAFE;
    git_reference *rawMoved = nullptr;
    rc = journaledCheckout(repo, target.get(), checkout, [&] {
        return git_reference_set_target(&rawMoved, head.get(), remote, "grex: fast-forward");
    });
    ReferencePtr moved(rawMoved);
    if (rc != 0)
        return checkoutFailed(dest, upstreamName, rc);
    outcome.state = UpdateOutcome::State::FastForwarded;
    outcome.shaAfter = oidToHex(remote);
    return outcome;
}

// Fetches origin into repo. Called with the backend lock held.
Result<void> fetchLocked(git_repository *repo, const QString &dest, std::stop_token stop)
{
    ConfiguredRemote origin;
    int rc = configuredRemote(origin, repo, "origin");
    if (rc == GIT_ENOTFOUND)
        return fetchFailed(dest, u"no default remote configured"_s);
    if (rc != 0)
        return fetchFailed(dest, lastErrorText(rc));
    if (stop.stop_requested())
        return cancelled();
    CallbackState state;
    state.stop = stop;
    state.repo = repo;
    git_fetch_options options = GIT_FETCH_OPTIONS_INIT;
    installCallbacks(options.callbacks, state);
    options.download_tags = origin.tags;
    options.prune = origin.prune;
    QList<char *> specs;
    for (QByteArray &spec : origin.refspecs)
        specs.append(spec.data());
    const git_strarray refspecs{specs.data(), size_t(specs.size())};
    qCDebug(lcGit, "fetching into %s", qPrintable(dest));
    rc = git_remote_fetch(origin.remote.get(), &refspecs, &options, "grex: fetch");
    if (rc != 0) {
        if (stop.stop_requested())
            return cancelled();
        return fetchFailed(dest, lastErrorText(rc));
    }
    return {};
}

// Checks out ref (see Fetcher::checkout). Called with the backend lock held.
Result<UpdateOutcome> checkoutLocked(git_repository *r, const QString &dest, const QString &ref)
{
    const QString before = headOf(r);
    const QByteArray name = ref.toUtf8();

    git_checkout_options options = GIT_CHECKOUT_OPTIONS_INIT;
    options.checkout_strategy = GIT_CHECKOUT_SAFE;

    git_reference *rawRemote = nullptr;
    const QByteArray remoteName = "origin/" + name;
    if (git_branch_lookup(&rawRemote, r, remoteName.constData(), GIT_BRANCH_REMOTE) == 0) {
        ReferencePtr remoteBranch(rawRemote);
        if (branchOf(r) != std::optional<QString>(ref)) {
            // The clean check runs here, under the backend lock (spec §8.6).
            if (hasTrackedChanges(r))
                return leftAlone(r, Message(QT_TRANSLATE_NOOP("Grex", "the working tree has "
                                                                      "uncommitted changes; not "
                                                                      "switched to %1"),
                                            {ref}));
            git_reference *rawLocal = nullptr;
            int rc = git_branch_lookup(&rawLocal, r, name.constData(), GIT_BRANCH_LOCAL);
            if (rc != 0) {
                git_object *rawTip = nullptr;
                rc = git_reference_peel(&rawTip, remoteBranch.get(), GIT_OBJECT_COMMIT);
                ObjectPtr tip(rawTip);
                if (rc == 0)
                    rc = git_branch_create(&rawLocal, r, name.constData(),
                                           reinterpret_cast<const git_commit *>(tip.get()), 0);
                if (rc == 0)
                    setUpstream(r, name, "origin");
            }
            ReferencePtr local(rawLocal);
            git_object *rawTarget = nullptr;
            if (rc == 0)
                rc = git_reference_peel(&rawTarget, local.get(), GIT_OBJECT_COMMIT);
            ObjectPtr target(rawTarget);
            if (rc == 0) {
                rc = journaledCheckout(r, target.get(), options, [&] {
                    return git_repository_set_head(r, git_reference_name(local.get()));
                });
            }
            if (rc != 0)
                return checkoutFailed(dest, ref, rc);
        }
        Result<UpdateOutcome> moved = fastForwardLocked(r, dest);
        if (moved && moved->state != UpdateOutcome::State::LeftAlone && before != moved->shaAfter)
            moved->state = UpdateOutcome::State::CheckedOut;
        if (moved)
            moved->shaBefore = before;
        return moved;
    }

    git_object *rawObject = nullptr;
    if (git_revparse_single(&rawObject, r, name.constData()) != 0) {
        return Error(
                   ErrorKind::PackOp, u"ref_not_found"_s,
                   Message(QT_TRANSLATE_NOOP("Grex", "ref '%1' does not exist in %2"), {ref, dest}))
            .withDetail(u"ref"_s, ref)
            .withDetail(u"path"_s, dest);
    }
    ObjectPtr object(rawObject);
    git_object *rawCommit = nullptr;
    int rc = git_object_peel(&rawCommit, object.get(), GIT_OBJECT_COMMIT);
    ObjectPtr commit(rawCommit);
    if (rc != 0)
        return checkoutFailed(dest, ref, rc);
    const QString target = oidToHex(git_object_id(commit.get()));
    UpdateOutcome outcome;
    outcome.shaBefore = before;
    if (before == target && git_repository_head_detached(r) == 1) {
        outcome.shaAfter = target;
        return outcome;
    }
    if (hasTrackedChanges(r))
        return leftAlone(r, Message(QT_TRANSLATE_NOOP("Grex", "the working tree has uncommitted "
                                                              "changes; not switched to %1"),
                                    {ref}));
    rc = journaledCheckout(r, commit.get(), options, [&] {
        return git_repository_set_head_detached(r, git_object_id(commit.get()));
    });
    if (rc != 0)
        return checkoutFailed(dest, ref, rc);
    outcome.state = UpdateOutcome::State::CheckedOut;
    outcome.shaAfter = target;
    return outcome;
}

// A grex killed while libgit2 writes in a clone also leaves git's own lock files behind
// (index.lock during a checkout, a ref's .lock during a fetch): until someone deletes them,
// every later checkout fails with "the index is locked". So each writing operation leaves
// <git dir>/grex-busy while it runs. Finding one, the next operation, which holds the clone's
// backend lock so no other grex is inside, knows the last one was killed, and removes the lock
// files made since the marker that no process has open: a git command the user runs there
// now keeps its lock file open (git and libgit2 both do until they rename it into place).
QString busyMarkerPath(git_repository *repo)
{
    return QFile::decodeName(git_repository_path(repo)) + BusyMarkerName;
}

void removeKilledOperationsLocks(git_repository *repo, const QString &dest)
{
    const QString marker = busyMarkerPath(repo);
    const QFileInfo markerInfo(marker);
    if (!markerInfo.exists())
        return;
    const QDateTime since = markerInfo.lastModified();
    const QString gitDir = QFile::decodeName(git_repository_path(repo));
    QStringList candidates;
    for (const QFileInfo &entry : QDir(gitDir).entryInfoList({u"*.lock"_s}, QDir::Files | QDir::Hidden))
        candidates.append(entry.absoluteFilePath());
    for (const QString &tree : {u"refs"_s, u"logs"_s}) {
        QDirIterator it(gitDir + tree, {u"*.lock"_s}, QDir::Files | QDir::Hidden,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            candidates.append(it.next());
    }
    for (const QString &lock : std::as_const(candidates)) {
        if (QFileInfo(lock).lastModified() < since || isOpenByAnyProcess(lock))
            continue;
        if (QFile::remove(lock)) {
            qCWarning(lcGit, "%s: removed %s, left by a grex that was killed while git wrote there",
                      qPrintable(dest), qPrintable(QDir(gitDir).relativeFilePath(lock)));
        }
    }
}

// Runs operation on the clone at dest, opened while its backend lock is held, after repairing
// what a killed operation left there, and marked busy while it runs.
template<typename Operation>
auto withLockedRepository(const QString &dest, std::stop_token stop, Operation &&operation)
    -> decltype(operation(static_cast<git_repository *>(nullptr)))
{
    Result<FileLock> lock = lockBackend(dest, stop);
    if (!lock)
        return lock.error();
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    removeKilledOperationsLocks(repo->get(), dest);
    rollBackInterruptedCheckout(repo->get(), dest);
    const QString marker = busyMarkerPath(repo->get());
    {
        // Not flushed: only a kill, never a lost page cache, has to find it.
        QFile file(marker);
        if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            file.write(QByteArray::number(QCoreApplication::applicationPid()) + '\n');
    }
    auto result = operation(repo->get());
    QFile::remove(marker);
    return result;
}

} // namespace

Result<void> GitFetcher::fetch(const QString &dest, std::stop_token stop)
{
    return withLockedRepository(
        dest, stop, [&](git_repository *repo) { return fetchLocked(repo, dest, stop); });
}

Result<UpdateOutcome> GitFetcher::checkout(const QString &dest, const QString &ref,
                                           std::stop_token stop)
{
    return withLockedRepository(
        dest, stop, [&](git_repository *repo) { return checkoutLocked(repo, dest, ref); });
}

Result<UpdateOutcome> GitFetcher::update(const QString &dest, const std::optional<QString> &ref,
                                         std::stop_token stop)
{
    return withLockedRepository(dest, stop, [&](git_repository *r) -> Result<UpdateOutcome> {
        const QString before = headOf(r);
        if (Result<void> fetched = fetchLocked(r, dest, stop); !fetched)
            return fetched.error();
        Result<UpdateOutcome> outcome =
            ref ? checkoutLocked(r, dest, *ref) : fastForwardLocked(r, dest);
        if (outcome) {
            outcome->shaBefore = before;
            outcome->shaAfter = headOf(r);
            outcome->branch = branchOf(r);
        }
        return outcome;
    });
}

Result<FetchReport> GitFetcher::describe(const QString &dest)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    return describeHead(repo->get());
}


Result<UpdateOutcome> GitFetcher::fastForward(const QString &dest, std::stop_token stop)
{
    return withLockedRepository(
        dest, stop, [&](git_repository *repo) { return fastForwardLocked(repo, dest); });
}

std::optional<Credential> credentialFromHelpers(const QString &url, const QStringList &helpers,
                                                std::stop_token stop)
{
    const QUrl parsed(url);
    if (helpers.isEmpty() || !parsed.isValid() || parsed.host().isEmpty())
        return std::nullopt;
    QByteArray request =
        "protocol=" + parsed.scheme().toUtf8() + "\nhost=" + parsed.host().toUtf8();
    if (parsed.port() > 0)
        request += ':' + QByteArray::number(parsed.port());
    const QString path = parsed.path().mid(1);
    if (!path.isEmpty())
        request += "\npath=" + path.toUtf8();
    if (!parsed.userName().isEmpty())
        request += "\nusername=" + parsed.userName().toUtf8();
    request += "\n\n";

    for (const QString &helper : helpers) {
        ProcessSpec spec;
        if (helper.startsWith(u'!')) {
            spec.program = u"/bin/sh"_s;
            spec.arguments = {u"-c"_s, helper.mid(1) + u" get"_s};
        } else {
            QStringList words = helper.split(u' ', Qt::SkipEmptyParts);
            QString program = words.takeFirst();
            if (!program.startsWith(u'/')) {
                const QString name = u"git-credential-"_s + program;
                program = QStandardPaths::findExecutable(name);
                if (program.isEmpty())
                    program = QStandardPaths::findExecutable(name, {u"/usr/lib/git-core"_s});
                if (program.isEmpty())
                    continue;
            }
            spec.program = program;
            spec.arguments = words + QStringList{u"get"_s};
        }
        spec.input = request;
        spec.stderrTail = 512;
        Result<ProcessOutcome> outcome = runProcess(spec, stop);
        if (!outcome || outcome->exitStatus != 0)
            continue;
        Credential credential;
        credential.username = parsed.userName();
        for (const QByteArray &line : outcome->stdoutData.split('\n')) {
            const qsizetype eq = line.indexOf('=');
            if (eq < 0)
                continue;
            const QByteArray key = line.left(eq);
            const QString value = QString::fromUtf8(line.mid(eq + 1)).trimmed();
            if (key == "username")
                credential.username = value;
            else if (key == "password")
                credential.password = value;
        }
        if (!credential.password.isEmpty())
            return credential;
    }
    return std::nullopt;
}

Result<QString> GitFetcher::probeRemote(const QString &url, const std::optional<QString> &ref,
                                        std::stop_token stop)
{
    git_remote *rawRemote = nullptr;
    const QByteArray nativeUrl = url.toUtf8();
    int rc = git_remote_create_detached(&rawRemote, nativeUrl.constData());
    if (rc != 0)
        return gitError(u"remote_unreachable"_s, QT_TRANSLATE_NOOP("Grex", "cannot reach %1"),
                        {url}, rc);
    RemotePtr remote(rawRemote);
    CallbackState state;
    state.stop = stop;
    git_remote_callbacks callbacks = GIT_REMOTE_CALLBACKS_INIT;
    installCallbacks(callbacks, state);
    rc = git_remote_connect(remote.get(), GIT_DIRECTION_FETCH, &callbacks, nullptr, nullptr);
    if (rc != 0) {
        if (stop.stop_requested())
            return cancelled();
        const QString detail = lastErrorText(rc);
        return Error(ErrorKind::PackOp, u"remote_unreachable"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot reach %1: %2"), {url, detail}))
            .withDetail(u"url"_s, url)
            .withDetail(u"detail"_s, detail);
    }
    const git_remote_head **heads = nullptr;
    size_t count = 0;
    rc = git_remote_ls(&heads, &count, remote.get());
    if (rc != 0)
        return gitError(u"remote_unreachable"_s,
                        QT_TRANSLATE_NOOP("Grex", "cannot list the refs of %1"), {url}, rc);

    const auto find = [&](const QByteArray &name) -> std::optional<QString> {
        for (size_t i = 0; i < count; ++i) {
            if (name == heads[i]->name)
                return oidToHex(&heads[i]->oid);
        }
        return std::nullopt;
    };
    std::optional<QString> sha;
    if (!ref) {
        sha = find("HEAD");
        if (!sha)
            sha = QString(); // an empty repository advertises no HEAD
    } else {
        const QByteArray name = ref->toUtf8();
        const QList<QByteArray> candidates{QByteArray("refs/heads/" + name),
                                           QByteArray("refs/tags/" + name + "^{}"),
                                           QByteArray("refs/tags/" + name), name};
        for (const QByteArray &candidate : candidates) {
            sha = find(candidate);
            if (sha)
                break;
        }
        if (!sha && looksLikeCommitId(*ref)) {
            for (size_t i = 0; i < count && !sha; ++i) {
                const QString hex = oidToHex(&heads[i]->oid);
                if (hex.startsWith(ref->toLower()))
                    sha = hex;
            }
            if (!sha)
                sha = QString(); // a commit the remote does not advertise: checked at clone
        }
    }
    git_remote_disconnect(remote.get());
    if (!sha) {
        return Error(ErrorKind::PackOp, u"ref_not_found"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "ref '%1' does not exist in %2"),
                             {ref.value_or(QString()), url}))
            .withDetail(u"ref"_s, ref.value_or(QString()))
            .withDetail(u"url"_s, url);
    }
    return *sha;
}

Result<QString> GitFetcher::headSha(const QString &dest)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    git_oid oid;
    const int rc = git_reference_name_to_id(&oid, repo->get(), "HEAD");
    if (rc != 0)
        return gitError(u"git"_s, QT_TRANSLATE_NOOP("Grex", "%1 has no commit checked out"), {dest},
                        rc);
    return oidToHex(&oid);
}

Result<QString> GitFetcher::resolveRef(const QString &dest, const QString &ref)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    for (const QString &candidate : QStringList{ref, u"origin/"_s + ref}) {
        git_object *rawObject = nullptr;
        if (git_revparse_single(&rawObject, repo->get(), candidate.toUtf8().constData()) != 0)
            continue;
        ObjectPtr object(rawObject);
        git_object *rawCommit = nullptr;
        if (git_object_peel(&rawCommit, object.get(), GIT_OBJECT_COMMIT) != 0)
            continue;
        ObjectPtr commit(rawCommit);
        return oidToHex(git_object_id(commit.get()));
    }
    return Error(ErrorKind::PackOp, u"ref_not_found"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "ref '%1' does not exist in %2"), {ref, dest}))
        .withDetail(u"ref"_s, ref)
        .withDetail(u"path"_s, dest);
}

Result<std::optional<QString>> GitFetcher::currentBranch(const QString &dest)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    return branchOf(repo->get());
}

Result<bool> GitFetcher::isDirty(const QString &dest)
{
    Result<LocalChanges> changes = countChanges(dest, false);
    if (!changes)
        return changes.error();
    return changes->tracked > 0;
}

Result<LocalChanges> GitFetcher::localChanges(const QString &dest)
{
    return countChanges(dest, true);
}

Result<QString> GitFetcher::originUrl(const QString &dest)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    const std::optional<QByteArray> url = remoteUrl(repo->get(), "origin");
    return url ? QString::fromUtf8(*url) : QString();
}

Result<RepoStatus> GitFetcher::inspect(const QString &dest)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    RepoStatus status;
    // HEAD resolved once: its commit and, when it is a branch, the branch's name.
    git_reference *rawHead = nullptr;
    if (git_repository_head(&rawHead, repo->get()) == 0) {
        ReferencePtr head(rawHead);
        if (const git_oid *oid = git_reference_target(head.get()))
            status.sha = oidToHex(oid);
        if (git_reference_is_branch(head.get()))
            status.branch = QString::fromUtf8(git_reference_shorthand(head.get()));
    } else {
        git_error_clear(); // unborn: the branch HEAD names, no commit yet
        status.branch = branchOf(repo->get());
    }
    // Tracked files only, as the dirty check of D-43: untracked files need a directory scan
    // and do not make a pack drift.
    git_status_options options = GIT_STATUS_OPTIONS_INIT;
    options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
    options.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
    git_status_list *rawList = nullptr;
    if (const int rc = git_status_list_new(&rawList, repo->get(), &options); rc != 0)
        return gitError(u"git"_s, QT_TRANSLATE_NOOP("Grex", "cannot read the status of %1"), {dest},
                        rc);
    StatusListPtr list(rawList);
    const size_t count = git_status_list_entrycount(list.get());
    for (size_t i = 0; i < count; ++i) {
        const git_status_entry *entry = git_status_byindex(list.get(), i);
        if (entry->status != GIT_STATUS_CURRENT && !(entry->status & GIT_STATUS_IGNORED) &&
            entry->status != GIT_STATUS_WT_NEW)
            ++status.changedFiles;
    }
    if (!status.branch || status.sha.isEmpty())
        return status;
    const std::optional<QByteArray> upstream =
        upstreamRefName(repo->get(), status.branch->toUtf8());
    if (!upstream)
        return status;
    git_oid local;
    git_oid remote;
    if (git_oid_fromstr(&local, status.sha.toLatin1().constData()) != 0 ||
        git_reference_name_to_id(&remote, repo->get(), upstream->constData()) != 0) {
        git_error_clear(); // the tracking branch was never fetched
        return status;
    }
    size_t ahead = 0;
    size_t behind = 0;
    if (!git_oid_equal(&local, &remote) &&
        git_graph_ahead_behind(&ahead, &behind, repo->get(), &local, &remote) != 0) {
        git_error_clear();
        return status;
    }
    QString name = QString::fromUtf8(*upstream);
    if (name.startsWith(u"refs/remotes/"))
        name = name.mid(13);
    status.upstream = name;
    status.ahead = int(ahead);
    status.behind = int(behind);
    return status;
}

} // namespace Grex
