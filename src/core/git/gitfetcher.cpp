#include "core/git/gitfetcher_p.h"

using namespace Qt::StringLiterals;

namespace Grex {

Fetcher::~Fetcher() = default;

Result<void> Fetcher::updateSubmodules(const QString &, bool, std::stop_token)
{
    return {};
}

Result<RepoStatus> Fetcher::inspect(const QString &dest, const std::optional<QString> &)
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

namespace GitImpl {

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

Error gitError(const QString &reason, const char *sourceText, const QStringList &args, int rc)
{
    return Error(ErrorKind::PackOp, reason, Message(sourceText, args))
        .withDetail(u"detail"_s, lastErrorText(rc));
}

Result<StatusListPtr> statusList(git_repository *repo, const git_status_options &options,
                                 const QString &dir)
{
    git_status_list *raw = nullptr;
    if (const int rc = git_status_list_new(&raw, repo, &options); rc != 0)
        return gitError(u"git"_s, QT_TRANSLATE_NOOP("Grex", "cannot read the status of %1"), {dir},
                        rc);
    return StatusListPtr(raw);
}

Result<GitOutput> runGit(const QString &dir, const QStringList &args, std::stop_token stop,
                         std::optional<QByteArray> input, const QStringList &environment)
{
    GitCall call;
    call.args = args;
    call.workDir = dir;
    call.input = std::move(input);
    call.environment = environment;
    return Git::run(call, stop);
}

// A git command that talks to remote: bounded stalls, a shared SSH connection.
Result<GitOutput> networkGit(const QString &dir, const QString &remote, const QStringList &args,
                             std::stop_token stop)
{
    GitCall call;
    call.args = args;
    call.workDir = dir;
    call.network = true;
    call.remote = remote;
    return Git::run(call, stop);
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

QString headOf(git_repository *repo)
{
    git_oid oid;
    if (git_reference_name_to_id(&oid, repo, "HEAD") == 0)
        return oidToHex(&oid);
    git_error_clear();
    return {};
}

Result<FetchReport> describeHead(git_repository *repo)
{
    FetchReport report;
    report.sha = headOf(repo);
    report.branch = branchOf(repo);
    return report;
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

QString gitDirOf(git_repository *repo)
{
    return QFile::decodeName(git_repository_path(repo));
}

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

} // namespace GitImpl

using namespace GitImpl;

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

namespace {

// Whether a clone that git reports failed has its commit checked out and a post-checkout hook:
// then the hook, which git runs last, is what failed.
bool cloneCompleteButHook(const QString &staging)
{
    if (!QFileInfo::exists(staging + u"/.git"_s))
        return false;
    Result<RepositoryPtr> repo = openRepository(staging);
    return repo && !headOf(repo->get()).isEmpty() && hasHook(repo->get(), "post-checkout") &&
           QFileInfo::exists(gitDirOf(repo->get()) + u"index"_s);
}

} // namespace

Result<FetchReport> GitFetcher::clone(const QString &url, const QString &dest,
                                      const std::optional<QString> &ref,
                                      const CloneOptions &options, std::stop_token stop)
{
    // A nested pack path (src/tools/fd) gets its folders; the backend lock lives beside dest.
    QDir().mkpath(QFileInfo(dest).absolutePath());
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
    if (stop.stop_requested())
        return cancelledError();

    // A branch or a tag is cloned by name (a shallow clone needs that); a commit id is checked
    // out after a clone without checkout, as git has no option for it.
    const bool byName = ref && !looksLikeCommitId(*ref);
    // Submodules are brought in afterwards, only when there are any: clone's
    // --recurse-submodules starts `git submodule update` (a script and its helpers) for every
    // clone, which cost more than the clone itself on a busy machine.
    QStringList args{u"clone"_s, u"--progress"_s};
    if (options.depth)
        args.append(u"--depth=%1"_s.arg(*options.depth));
    if (!options.filter.isEmpty())
        args.append(u"--filter="_s + options.filter);
    if (byName)
        args.append({u"--branch"_s, *ref});
    else if (ref)
        args.append(u"--no-checkout"_s);
    // A file:// URL is cloned as the local path it names, which git does by hard-linking the
    // objects (they are never modified in place) instead of packing them through its transport:
    // several times faster. The clone's origin then gets the URL as given. Not for a shallow or
    // partial clone, which a local clone ignores, nor when insteadOf sends the URL elsewhere.
    const QString localPath = url.startsWith(u"file://"_s) && !options.depth &&
                                      options.filter.isEmpty() && !isRewrittenByInsteadOf(url)
                                  ? QUrl(url).toLocalFile()
                                  : QString();
    args.append({u"--"_s, localPath.isEmpty() ? url : localPath, staging});

    qCDebug(lcGit, "cloning %s into %s", qPrintable(redactUrl(url)), qPrintable(dest));
    Result<GitOutput> cloned = networkGit(destInfo.absolutePath(), url, args, stop);
    const auto cleanUp = [&] { removeCreated(staging, false); };
    if (!cloned) {
        cleanUp();
        return cloned.error();
    }
    QList<Message> hookWarnings;
    // git runs the post-checkout hook (from init.templateDir or core.hooksPath) once the clone
    // is complete; its failure is the hook's, and the clone stays.
    if (!cloned->ok() && cloneCompleteButHook(staging)) {
        hookWarnings.append(hookFailure("post-checkout", *cloned));
        cloned->exitStatus = 0;
    }
    if (!cloned->ok()) {
        cleanUp();
        if (byName && cloned->err.contains(u"not found in upstream"_s))
            return refNotFound(*ref, redactUrl(url)).withDetail(u"url"_s, redactUrl(url));
        return networkFailure(u"clone_failed"_s, QT_TRANSLATE_NOOP("Grex", "cannot clone %1: %2"),
                              {redactUrl(url)}, url, dest, *cloned);
    }
    if (!localPath.isEmpty()) {
        if (Result<void> origin = setConfigString(staging, u"remote.origin.url"_s, url); !origin) {
            cleanUp();
            return origin.error();
        }
    }
    // Submodules are the caller's next step (updateSubmodules): one whose remote fails must
    // not cost the clone of the pack.
    if (ref && !byName) {
        if (Result<void> checkedOut = checkOutFreshClone(staging, *ref, stop, &hookWarnings);
            !checkedOut) {
            cleanUp();
            return std::move(checkedOut).error().withDetail(u"url"_s, redactUrl(url));
        }
    }
    if (stop.stop_requested()) {
        cleanUp();
        return cancelledError();
    }
    Result<FetchReport> report = [&]() -> Result<FetchReport> {
        Result<RepositoryPtr> repo = openRepository(staging);
        if (!repo)
            return repo.error();
        Result<FetchReport> described = describeHead(repo->get());
        if (described)
            described->warnings = hookWarnings + lfsWarnings(repo->get(), dest);
        return described;
    }();
    // A clone grex cannot read (a SHA-256 repository) is not left behind for a later add to
    // trip over: the error names the reason.
    if (!report) {
        cleanUp();
        const Error &error = report.error();
        if (error.reason() != u"unsupported_repository")
            return Error(error).withDetail(u"url"_s, redactUrl(url));
        // Named by its URL: the folder it was cloned into is gone.
        QStringList arguments = error.message().arguments();
        if (!arguments.isEmpty())
            arguments.first() = redactUrl(url);
        Error named(error.kind(), error.reason(), Message(error.message().sourceText(), arguments));
        named.withHint(error.hint())
            .withDetail(u"url"_s, redactUrl(url))
            .withDetail(u"extension"_s, error.details().value(u"extension"_s));
        return named;
    }
    // rename(2) also replaces the empty directory the user may have made at dest.
    if (std::rename(QFile::encodeName(staging).constData(), QFile::encodeName(dest).constData()) !=
        0) {
        const QString detail = QString::fromLocal8Bit(std::strerror(errno));
        cleanUp();
        return Error(ErrorKind::PackOp, u"clone_failed"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot move the clone of %1 to %2: %3"),
                             {redactUrl(url), dest, detail}))
            .withDetail(u"url"_s, redactUrl(url))
            .withDetail(u"path"_s, dest)
            .withDetail(u"detail"_s, detail);
    }
    return report;
}

Result<void> GitFetcher::fetch(const QString &dest, std::stop_token stop)
{
    return withLockedClone(dest, stop, [&]() -> Result<void> {
        Result<FetchFacts> facts = fetchLocked(dest, stop);
        if (!facts)
            return facts.error();
        return {};
    });
}

Result<UpdateOutcome> GitFetcher::fastForward(const QString &dest, std::stop_token stop)
{
    return withLockedClone(dest, stop, [&] { return fastForwardLocked(dest, {}, stop); });
}

Result<UpdateOutcome> GitFetcher::checkout(const QString &dest, const QString &ref,
                                           std::stop_token stop)
{
    return withLockedClone(dest, stop, [&] { return checkoutLocked(dest, ref, {}, stop); });
}

Result<UpdateOutcome> GitFetcher::update(const QString &dest, const std::optional<QString> &ref,
                                         std::stop_token stop)
{
    return withLockedClone(dest, stop, [&]() -> Result<UpdateOutcome> {
        QString before;
        if (Result<RepositoryPtr> repo = openRepository(dest))
            before = headOf(repo->get());
        Result<FetchFacts> facts = fetchLocked(dest, stop);
        if (!facts)
            return facts.error();
        Result<UpdateOutcome> outcome =
            ref ? checkoutLocked(dest, *ref, *facts, stop) : fastForwardLocked(dest, *facts, stop);
        if (!outcome)
            return outcome;
        Result<RepositoryPtr> repo = openRepository(dest);
        if (!repo)
            return repo.error();
        outcome->shaBefore = before;
        // Most updates move nothing: both heads then share one string (2 MB at 10 000 packs).
        const QString after = headOf(repo->get());
        outcome->shaAfter = after == before ? before : after;
        outcome->branch = branchOf(repo->get());
        outcome->warnings += lfsWarnings(repo->get(), dest);
        return outcome;
    });
}

Result<int> GitFetcher::commitsMissingUpstream(const QString &dest, std::stop_token stop)
{
    return withLockedClone(dest, stop, [&]() -> Result<int> {
        Result<CloneRemote> at = readCloneRemote(dest);
        if (!at)
            return at.error();
        if (!at->url) {
            return Error(ErrorKind::PackOp, u"no_remote"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "%1 has no remote to compare with"),
                                 {dest}))
                .withDetail(u"path"_s, dest);
        }
        Result<GitOutput> fetched = fetchRecordingFailure(
            dest, *at, {u"fetch"_s, u"--prune"_s, u"--quiet"_s, at->remote}, stop);
        if (!fetched)
            return fetched.error();
        // git walks a shallow history too, which libgit2 1.5 cannot.
        Result<GitOutput> counted = runGit(dest,
                                           {u"rev-list"_s, u"--count"_s, u"HEAD"_s, u"--branches"_s,
                                            u"--not"_s, u"--remotes"_s},
                                           stop);
        if (!counted)
            return counted.error();
        if (!counted->ok()) {
            // An unborn HEAD has no commit to lose.
            return 0;
        }
        return counted->out.trimmed().toInt();
    });
}

Result<FetchReport> GitFetcher::describe(const QString &dest)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    return describeHead(repo->get());
}

Result<QString> GitFetcher::probeRemote(const QString &url, const std::optional<QString> &ref,
                                        std::stop_token stop)
{
    Result<GitOutput> listed =
        networkGit(QDir::tempPath(), url, {u"ls-remote"_s, u"--"_s, url}, stop);
    if (!listed)
        return listed.error();
    if (!listed->ok()) {
        return networkFailure(u"remote_unreachable"_s,
                              QT_TRANSLATE_NOOP("Grex", "cannot reach %1: %2"), {redactUrl(url)},
                              url, QString(), *listed);
    }
    QHash<QByteArray, QString> heads;
    QList<QString> shas;
    for (const QByteArray &line : listed->out.split('\n')) {
        const qsizetype tab = line.indexOf('\t');
        if (tab != 40)
            continue;
        const QString sha = QString::fromLatin1(line.left(40));
        heads.insert(line.mid(41), sha);
        shas.append(sha);
    }
    std::optional<QString> sha;
    if (!ref) {
        sha = heads.value("HEAD"); // "" for an empty repository, which advertises no HEAD
    } else {
        const QByteArray name = ref->toUtf8();
        for (const QByteArray &candidate :
             {QByteArray("refs/heads/" + name), QByteArray("refs/tags/" + name + "^{}"),
              QByteArray("refs/tags/" + name), name}) {
            if (heads.contains(candidate)) {
                sha = heads.value(candidate);
                break;
            }
        }
        if (!sha && looksLikeCommitId(*ref)) {
            for (const QString &hex : std::as_const(shas)) {
                if (hex.startsWith(ref->toLower())) {
                    sha = hex;
                    break;
                }
            }
            if (!sha)
                sha = QString(); // a commit the remote does not advertise: checked at clone
        }
    }
    if (!sha) {
        return refNotFound(ref.value_or(QString()), redactUrl(url))
            .withDetail(u"url"_s, redactUrl(url));
    }
    return *sha;
}

Result<void> GitFetcher::updateSubmodules(const QString &dest, bool moved, std::stop_token stop)
{
    if (!QFileInfo::exists(dest + u"/.gitmodules"_s))
        return {};
    return withLockedClone(dest, stop, [&]() -> Result<void> {
        QString record;
        {
            Result<RepositoryPtr> repo = openRepository(dest);
            if (!repo)
                return repo.error();
            record = gitDirOf(repo->get()) + SubmoduleFailureRecordName;
        }
        if (!moved && !QFileInfo::exists(record))
            return {};
        Result<void> updated = GitImpl::updateSubmodules(dest, stop);
        if (updated) {
            QFile::remove(record);
        } else if (updated.error().kind() != ErrorKind::Cancelled) {
            QFile file(record);
            if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
                file.write(updated.error().reason().toUtf8() + '\n');
        }
        return updated;
    });
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
    const QString remote = QString::fromUtf8(primaryRemote(repo->get()));
    QStringList candidates{ref};
    if (!remote.isEmpty())
        candidates.append(remote + u'/' + ref);
    for (const QString &candidate : std::as_const(candidates)) {
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
    git_error_clear();
    return refNotFound(ref, dest).withDetail(u"path"_s, dest);
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
    const QByteArray remote = primaryRemote(repo->get());
    const std::optional<QByteArray> url =
        remote.isEmpty() ? std::nullopt : remoteUrl(repo->get(), remote);
    return url ? QString::fromUtf8(*url) : QString();
}

Result<RepoStatus> GitFetcher::inspect(const QString &dest, const std::optional<QString> &ref)
{
    Result<RepositoryPtr> opened = openRepository(dest);
    if (!opened)
        return opened.error();
    git_repository *repo = opened->get();
    RepoStatus status;
    // HEAD resolved once: its commit and, when it is a branch, the branch's name.
    git_reference *rawHead = nullptr;
    if (git_repository_head(&rawHead, repo) == 0) {
        ReferencePtr head(rawHead);
        if (const git_oid *oid = git_reference_target(head.get()))
            status.sha = oidToHex(oid);
        if (git_reference_is_branch(head.get()))
            status.branch = QString::fromUtf8(git_reference_shorthand(head.get()));
    } else {
        git_error_clear(); // unborn: the branch HEAD names, no commit yet
        status.branch = branchOf(repo);
    }
    // Untracked files are counted, as git status shows them, but only tracked changes make a
    // pack dirty (docs/design.md, "Drift").
    Result<TreeCounts> tree = countTree(repo, dest);
    if (!tree)
        return tree.error();
    status.changedFiles = tree->changed;
    status.stagedFiles = tree->staged;
    status.untrackedFiles = tree->untracked;
    // git rewrites FETCH_HEAD on every fetch (and leaves it empty when the fetch failed); a clone
    // that never fetched has the remote's refs from the clone in packed-refs.
    const QString gitDir = QString::fromUtf8(git_repository_path(repo));
    for (const QString &name : {u"FETCH_HEAD"_s, u"packed-refs"_s}) {
        const QFileInfo file(gitDir + name);
        if (file.exists() && file.size() > 0) {
            status.lastFetched = file.lastModified().toUTC();
            break;
        }
    }

    const QByteArray remotePrefix = "refs/remotes/" + primaryRemote(repo) + '/';
    if (ref) {
        const QByteArray remoteBranch = remotePrefix + ref->toUtf8();
        git_reference *raw = nullptr;
        if (git_reference_lookup(&raw, repo, remoteBranch.constData()) == 0) {
            git_reference_free(raw);
            status.expectedBranch = *ref;
        }
    } else {
        // What git clone recorded as the remote's default branch: what a pack with no ref
        // follows.
        git_reference *raw = nullptr;
        const QByteArray headRef = remotePrefix + "HEAD";
        if (git_reference_lookup(&raw, repo, headRef.constData()) == 0) {
            ReferencePtr originHead(raw);
            if (git_reference_type(originHead.get()) == GIT_REFERENCE_SYMBOLIC) {
                const QByteArray target(git_reference_symbolic_target(originHead.get()));
                if (target.startsWith(remotePrefix))
                    status.expectedBranch = QString::fromUtf8(target.mid(remotePrefix.size()));
            }
        }
    }
    git_error_clear();

    status.lastFetchError = readFetchFailure(gitDir);

    if (!status.branch || status.sha.isEmpty())
        return status;
    if (const std::optional<UpstreamRecord> record = readUpstreamRecord(repo);
        record && record->branch == *status.branch) {
        status.upstreamGone = true;
        status.remoteDefaultBranch = record->remoteDefault;
    }
    const std::optional<QByteArray> upstream = upstreamRefName(repo, status.branch->toUtf8());
    if (!upstream)
        return status;
    git_oid local;
    git_oid remote;
    if (git_oid_fromstr(&local, status.sha.toLatin1().constData()) != 0 ||
        git_reference_name_to_id(&remote, repo, upstream->constData()) != 0) {
        git_error_clear();
        // The branch tracks a remote branch that is not there: never fetched, or pruned after
        // the remote deleted it, which git status calls "the upstream is gone".
        QString name = QString::fromUtf8(*upstream);
        if (name.startsWith(u"refs/remotes/"))
            name = name.mid(13);
        status.upstream = name;
        status.upstreamGone = true;
        return status;
    }
    const std::optional<std::pair<int, int>> counts = aheadBehind(repo, dest, &local, &remote);
    if (!counts)
        return status;
    QString name = QString::fromUtf8(*upstream);
    if (name.startsWith(u"refs/remotes/"))
        name = name.mid(13);
    status.upstream = name;
    status.ahead = counts->first;
    status.behind = counts->second;
    if (status.ahead > 0 && status.behind > 0)
        status.upstreamRewritten = wasUpstreamOnce(repo, &local, *upstream);
    return status;
}

} // namespace Grex
