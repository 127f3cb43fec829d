#include "core/git/taskgit.h"

#include "core/git/gitfetcher_p.h"
#include "core/operationcontext.h"
#include "core/secrets.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Grex::Git {

namespace {

using namespace GitImpl;

Error worktreeFailed(const char *what, const QStringList &args, const GitOutput &out)
{
    return Error(ErrorKind::PackOp, u"worktree_failed"_s, Message(what, args))
        .withDetail(u"detail"_s, out.err.trimmed());
}

std::optional<git_oid> resolved(git_repository *repo, const QString &spec)
{
    git_object *raw = nullptr;
    if (git_revparse_single(&raw, repo, spec.toUtf8().constData()) != 0) {
        git_error_clear();
        return std::nullopt;
    }
    ObjectPtr object(raw);
    git_object *peeled = nullptr;
    if (git_object_peel(&peeled, object.get(), GIT_OBJECT_COMMIT) != 0) {
        git_error_clear();
        return std::nullopt;
    }
    ObjectPtr commit(peeled);
    return *git_object_id(commit.get());
}

// Commits on `from` not on `to`, and on `to` not on `from`.
std::pair<int, int> aheadBehind(git_repository *repo, const git_oid &from, const git_oid &to)
{
    size_t ahead = 0;
    size_t behind = 0;
    if (git_graph_ahead_behind(&ahead, &behind, repo, &from, &to) != 0) {
        git_error_clear();
        return {0, 0};
    }
    return {int(ahead), int(behind)};
}

} // namespace

Result<BranchBase> branchBase(const QString &dir)
{
    Result<RepositoryPtr> repo = openRepository(dir);
    if (!repo)
        return repo.error();
    BranchBase base;
    if (const std::optional<git_oid> upstream = resolved(repo->get(), u"@{upstream}"_s)) {
        git_buf name = GIT_BUF_INIT;
        if (const std::optional<QString> branch = branchOf(repo->get());
            branch && git_branch_upstream_name(
                          &name, repo->get(),
                          QByteArray("refs/heads/" + branch->toUtf8()).constData()) == 0) {
            QString full = QString::fromUtf8(name.ptr, qsizetype(name.size));
            if (full.startsWith(u"refs/remotes/"))
                full = full.mid(13);
            else if (full.startsWith(u"refs/heads/"))
                full = full.mid(11);
            base.ref = full;
        }
        git_buf_dispose(&name);
        git_error_clear();
        base.sha = oidToHex(&*upstream);
        if (base.ref)
            return base;
    }
    base.sha = headOf(repo->get());
    if (base.sha.isEmpty()) {
        return Error(ErrorKind::PackOp, u"no_commit"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1 has no commit to start a branch from"),
                             {dir}))
            .withDetail(u"path"_s, dir);
    }
    return base;
}

Result<bool> hasLocalBranch(const QString &dir, const QString &branch)
{
    Result<RepositoryPtr> repo = openRepository(dir);
    if (!repo)
        return repo.error();
    git_reference *raw = nullptr;
    const int rc =
        git_branch_lookup(&raw, repo->get(), branch.toUtf8().constData(), GIT_BRANCH_LOCAL);
    git_reference_free(raw);
    git_error_clear();
    return rc == 0;
}

Result<void> checkBranchName(const QString &branch)
{
    int valid = 0;
    ensureInitialised();
    const QByteArray full = "refs/heads/" + branch.toUtf8();
    if (!branch.startsWith(u'-') && git_reference_name_is_valid(&valid, full.constData()) == 0 &&
        valid)
        return {};
    git_error_clear();
    return Error(ErrorKind::Usage, u"invalid_branch"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "'%1' is not a branch name git accepts"),
                         {branch}))
        .withDetail(u"branch"_s, branch);
}

Result<void> addWorktree(const QString &dir, const QString &worktree, const QString &branch,
                         const QString &sha, std::stop_token stop)
{
    return withLockedClone(dir, stop, [&]() -> Result<void> {
        if (!QDir().mkpath(QFileInfo(worktree).absolutePath())) {
            return Error(
                ErrorKind::PackOp, u"worktree_failed"_s,
                Message(QT_TRANSLATE_NOOP("Grex", "cannot make the folder of %1"), {worktree}));
        }
        // --no-track: the task's branch follows nothing until its first push names one.
        Result<GitOutput> added = runGit(dir,
                                         {u"worktree"_s, u"add"_s, u"--quiet"_s, u"--no-track"_s,
                                          u"-b"_s, branch, worktree, sha},
                                         stop);
        if (!added)
            return added.error();
        if (!added->ok()) {
            return worktreeFailed(QT_TRANSLATE_NOOP("Grex", "cannot make the worktree %1: %2"),
                                  {worktree, added->err.trimmed()}, *added);
        }
        return {};
    });
}

Result<void> removeWorktree(const QString &dir, const QString &worktree, const QString &branch,
                            std::stop_token stop)
{
    return withLockedClone(dir, stop, [&]() -> Result<void> {
        if (QFileInfo::exists(worktree)) {
            Result<GitOutput> removed = runGit(
                dir, {u"worktree"_s, u"remove"_s, u"--force"_s, u"--force"_s, worktree}, stop);
            if (!removed)
                return removed.error();
            if (!removed->ok()) {
                return worktreeFailed(
                    QT_TRANSLATE_NOOP("Grex", "cannot remove the worktree %1: %2"),
                    {worktree, removed->err.trimmed()}, *removed);
            }
        }
        // A worktree deleted by hand is still known to git until pruned.
        if (Result<GitOutput> pruned = runGit(dir, {u"worktree"_s, u"prune"_s}, stop); !pruned)
            return pruned.error();
        if (branch.isEmpty())
            return {};
        Result<bool> exists = hasLocalBranch(dir, branch);
        if (!exists || !*exists)
            return {};
        Result<GitOutput> deleted = runGit(dir, {u"branch"_s, u"-D"_s, u"--"_s, branch}, stop);
        if (!deleted)
            return deleted.error();
        if (!deleted->ok()) {
            return worktreeFailed(QT_TRANSLATE_NOOP("Grex", "cannot delete the branch %1: %2"),
                                  {branch, deleted->err.trimmed()}, *deleted);
        }
        return {};
    });
}

Result<TaskTree> readTaskTree(const QString &worktree, const std::optional<QString> &baseRef,
                              const QString &baseSha, const QString &pushedSha)
{
    Result<LocalChanges> local = countChanges(worktree, true);
    if (!local)
        return local.error();
    Result<RepositoryPtr> repo = openRepository(worktree);
    if (!repo)
        return repo.error();
    TaskTree tree;
    tree.head = headOf(repo->get());
    tree.changedFiles = local->tracked;
    tree.untrackedFiles = local->untracked;
    tree.stashes = local->stashes;
    const std::optional<git_oid> head = resolved(repo->get(), u"HEAD"_s);
    if (!head)
        return tree;
    if (const std::optional<git_oid> start = resolved(repo->get(), baseSha))
        tree.commits = aheadBehind(repo->get(), *head, *start).first;
    if (const std::optional<git_oid> now = resolved(repo->get(), baseRef.value_or(baseSha)))
        std::tie(tree.ahead, tree.behind) = aheadBehind(repo->get(), *head, *now);
    if (pushedSha.isEmpty()) {
        tree.unpushed = tree.commits;
    } else if (const std::optional<git_oid> pushed = resolved(repo->get(), pushedSha)) {
        tree.unpushed = aheadBehind(repo->get(), *head, *pushed).first;
    }
    return tree;
}

Result<QString> commitAll(const QString &worktree, const QString &message, std::stop_token stop)
{
    Result<GitOutput> staged = runGit(worktree, {u"add"_s, u"--all"_s}, stop);
    if (!staged)
        return staged.error();
    if (!staged->ok()) {
        return Error(ErrorKind::PackOp, u"commit_failed"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot stage the changes in %1: %2"),
                             {worktree, staged->err.trimmed()}));
    }
    // Nothing staged after add --all: nothing to commit.
    Result<GitOutput> quiet = runGit(worktree, {u"diff"_s, u"--cached"_s, u"--quiet"_s}, stop);
    if (!quiet)
        return quiet.error();
    if (quiet->ok())
        return QString();
    // The message on stdin: it may hold anything, and git reads it as the person wrote it.
    Result<GitOutput> committed =
        runGit(worktree, {u"commit"_s, u"--quiet"_s, u"--file=-"_s}, stop, message.toUtf8());
    if (!committed)
        return committed.error();
    if (!committed->ok()) {
        return Error(ErrorKind::PackOp, u"commit_failed"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot commit in %1: %2"),
                             {worktree, committed->err.trimmed()}))
            .withDetail(u"path"_s, worktree);
    }
    Result<RepositoryPtr> repo = openRepository(worktree);
    if (!repo)
        return repo.error();
    return headOf(repo->get());
}

Result<QString> diffSince(const QString &worktree, const QString &sha, const QStringList &changed,
                          qsizetype maxBytes, std::stop_token stop)
{
    Result<GitOutput> diff =
        runGit(worktree, {u"diff"_s, u"--no-color"_s, u"--no-ext-diff"_s, sha, u"--"_s}, stop);
    if (!diff)
        return diff.error();
    if (!diff->ok()) {
        return Error(ErrorKind::PackOp, u"git"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot read the changes of %1: %2"),
                             {worktree, diff->err.trimmed()}));
    }
    QByteArray text = diff->out;
    // Untracked files are part of the change, as new files.
    for (const QString &file : changed) {
        if (!file.startsWith(u"?? ") || text.size() > maxBytes)
            continue;
        Result<GitOutput> added = runGit(
            worktree,
            {u"diff"_s, u"--no-color"_s, u"--no-index"_s, u"--"_s, u"/dev/null"_s, file.mid(3)},
            stop);
        if (added)
            text += added->out; // exits 1 when the files differ, which they do
    }
    if (text.size() > maxBytes) {
        text.truncate(maxBytes);
        return QString(QString::fromUtf8(text) + u"\n[… cut at %1 bytes]\n"_s.arg(maxBytes));
    }
    return QString::fromUtf8(text);
}

Result<QStringList> changedSince(const QString &worktree, const QString &sha, std::stop_token stop)
{
    Result<GitOutput> names = runGit(
        worktree, {u"diff"_s, u"--name-status"_s, u"--no-renames"_s, u"-z"_s, sha, u"--"_s}, stop);
    if (!names)
        return names.error();
    QStringList files;
    const QList<QByteArray> fields = names->out.split('\0');
    for (qsizetype i = 0; i + 1 < fields.size(); i += 2)
        files.append(QString::fromUtf8(fields.at(i)) + u' ' + QString::fromUtf8(fields.at(i + 1)));
    Result<GitOutput> untracked =
        runGit(worktree, {u"ls-files"_s, u"--others"_s, u"--exclude-standard"_s, u"-z"_s}, stop);
    if (untracked && untracked->ok()) {
        for (const QByteArray &path : untracked->out.split('\0')) {
            if (!path.isEmpty())
                files.append(u"?? "_s + QString::fromUtf8(path));
        }
    }
    return files;
}

Result<PushTarget> pushTarget(const QString &worktree)
{
    Result<CloneRemote> at = readCloneRemote(worktree);
    if (!at)
        return at.error();
    if (!at->url) {
        return Error(ErrorKind::PackOp, u"no_remote"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1 has no remote to push to"), {worktree}))
            .withDetail(u"path"_s, worktree);
    }
    return PushTarget{at->remote, *at->url};
}

Result<void> pushBranch(const QString &packDir, const QString &worktree, const PushTarget &target,
                        const QString &branch, std::stop_token stop, const QString &remoteBranch)
{
    const QString to = remoteBranch.isEmpty() ? branch : remoteBranch;
    return withLockedClone(packDir, stop, [&]() -> Result<void> {
        Result<GitOutput> pushed =
            networkGit(worktree, target.url,
                       {u"push"_s, u"--set-upstream"_s, u"--porcelain"_s, target.remote,
                        u"refs/heads/"_s + branch + u":refs/heads/"_s + to},
                       stop);
        if (!pushed)
            return pushed.error();
        if (!pushed->ok()) {
            // --porcelain puts the refusal ("!<TAB>refs/heads/t:refs/heads/t<TAB>[rejected]
            // (fetch first)") on stdout, where gitWords does not look; git's hint stays on
            // stderr.
            GitOutput output = *pushed;
            bool rejected = false;
            for (const QString &line : QString::fromUtf8(pushed->out).split(u'\n')) {
                const QStringList fields = line.split(u'\t');
                if (fields.size() < 3 || fields.at(0) != u"!")
                    continue;
                output.err = u"error: %1 %2\n"_s.arg(to, fields.at(2)) + output.err;
                rejected = rejected || fields.at(2).startsWith(u"[rejected]"_s);
            }
            Error failure = networkFailure(
                u"push_failed"_s, QT_TRANSLATE_NOOP("Grex", "cannot push %1 to %2: %3"),
                {branch, redactUrl(target.url)}, target.url, worktree, output);
            if (rejected && failure.hint().isEmpty()) {
                failure.withHint(Message(QT_TRANSLATE_NOOP("Grex", "the remote has commits this "
                                                                   "branch lacks: fetch and "
                                                                   "merge or rebase, then push "
                                                                   "again")));
            }
            return failure;
        }
        return {};
    });
}

} // namespace Grex::Git
