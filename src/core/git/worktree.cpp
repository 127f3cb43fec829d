// The working tree and the commits around HEAD, read for people (the window's details).

#include "core/git/worktree.h"

#include "core/git/gitfetcher_p.h"

using namespace Qt::StringLiterals;

namespace Grex::Git {

namespace {

using GitImpl::gitError;
using GitImpl::statusList;
using RevwalkPtr = std::unique_ptr<git_revwalk, Deleter<git_revwalk, git_revwalk_free>>;
using BufGuard = std::unique_ptr<git_buf, Deleter<git_buf, git_buf_dispose>>;

// The text, at most maxBytes of it and then a note that says so.
QString cut(QByteArray text, qsizetype maxBytes)
{
    if (text.size() > maxBytes) {
        text.truncate(maxBytes);
        while (!text.isEmpty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80)
            text.chop(1); // never cut inside a UTF-8 sequence
        text += "\n[… cut at " + QByteArray::number(maxBytes / 1024) + " KiB]\n";
    }
    return QString::fromUtf8(text);
}

QString stateOf(unsigned status)
{
    if (status & (GIT_STATUS_WT_NEW | GIT_STATUS_INDEX_NEW))
        return status & GIT_STATUS_INDEX_NEW ? u"added"_s : u"untracked"_s;
    if (status & (GIT_STATUS_WT_DELETED | GIT_STATUS_INDEX_DELETED))
        return u"deleted"_s;
    if (status & (GIT_STATUS_WT_RENAMED | GIT_STATUS_INDEX_RENAMED))
        return u"renamed"_s;
    if (status & (GIT_STATUS_WT_TYPECHANGE | GIT_STATUS_INDEX_TYPECHANGE))
        return u"typechange"_s;
    return u"modified"_s;
}

// The commits reachable from `from` but not from `hide`, newest first, at most limit (+1 to
// tell that there are more).
QList<CommitLine> commitsBetween(git_repository *repo, const git_oid *from, const git_oid *hide,
                                 int limit)
{
    QList<CommitLine> commits;
    git_revwalk *rawWalk = nullptr;
    if (git_revwalk_new(&rawWalk, repo) != 0) {
        git_error_clear();
        return commits;
    }
    RevwalkPtr walk(rawWalk);
    git_revwalk_sorting(walk.get(), GIT_SORT_TOPOLOGICAL | GIT_SORT_TIME);
    if (git_revwalk_push(walk.get(), from) != 0 || git_revwalk_hide(walk.get(), hide) != 0) {
        git_error_clear();
        return commits;
    }
    git_oid oid;
    while (commits.size() <= limit && git_revwalk_next(&oid, walk.get()) == 0) {
        git_commit *rawCommit = nullptr;
        if (git_commit_lookup(&rawCommit, repo, &oid) != 0) {
            git_error_clear();
            break;
        }
        CommitPtr commit(rawCommit);
        const git_signature *author = git_commit_author(commit.get());
        commits.append(CommitLine{
            oidToHex(&oid), QString::fromUtf8(git_commit_summary(commit.get())),
            author ? QString::fromUtf8(author->name) : QString(),
            QDateTime::fromSecsSinceEpoch(git_commit_time(commit.get()), Qt::UTC)});
    }
    git_error_clear();
    return commits;
}

// The changed and untracked files as libgit2's status lists them.
Result<void> statusFiles(git_repository *repo, const QString &dir, int limit,
                         WorktreeChanges &changes)
{
    git_status_options options = GIT_STATUS_OPTIONS_INIT;
    options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
    options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED | GIT_STATUS_OPT_RENAMES_HEAD_TO_INDEX |
                    GIT_STATUS_OPT_SORT_CASE_SENSITIVELY;
    Result<StatusListPtr> list = statusList(repo, options, dir);
    if (!list)
        return list.error();
    const size_t count = git_status_list_entrycount(list->get());
    for (size_t i = 0; i < count; ++i) {
        const git_status_entry *entry = git_status_byindex(list->get(), i);
        if (entry->status == GIT_STATUS_CURRENT || (entry->status & GIT_STATUS_IGNORED))
            continue;
        const git_diff_delta *delta = entry->index_to_workdir ? entry->index_to_workdir
                                                              : entry->head_to_index;
        if (!delta || GitImpl::isGrexSidecar(delta->new_file.path))
            continue;
        if (changes.files.size() == limit) {
            changes.truncated = true;
            break;
        }
        changes.files.append(FileChange{QString::fromUtf8(delta->new_file.path),
                                        stateOf(entry->status),
                                        (entry->status & GitImpl::StagedFlags) != 0});
    }
    return {};
}

} // namespace

Result<QList<CommitLine>> commitRange(const QString &dir, const QString &from, const QString &to,
                                      int limit)
{
    Result<RepositoryPtr> repo = openRepository(dir);
    if (!repo)
        return repo.error();
    git_oid fromOid;
    git_oid toOid;
    for (const auto &[text, oid] : {std::pair{&from, &fromOid}, std::pair{&to, &toOid}}) {
        const QByteArray spec = text->toUtf8();
        if (git_oid_fromstrp(oid, spec.constData()) == 0)
            continue;
        // A name (origin/main, HEAD): the commit it peels to.
        git_object *raw = nullptr;
        int rc = git_revparse_single(&raw, repo->get(), spec.constData());
        if (rc == 0) {
            ObjectPtr named(raw);
            git_object *peeled = nullptr;
            rc = git_object_peel(&peeled, named.get(), GIT_OBJECT_COMMIT);
            if (rc == 0) {
                git_oid_cpy(oid, git_object_id(peeled));
                git_object_free(peeled);
                continue;
            }
        }
        return gitError(u"git"_s, QT_TRANSLATE_NOOP("Grex", "cannot read commit %1 of %2"),
                        {*text, dir}, rc);
    }
    QList<CommitLine> commits = commitsBetween(repo->get(), &toOid, &fromOid, limit);
    if (commits.size() > limit)
        commits.resize(limit);
    return commits;
}

Result<QString> commitText(const QString &dir, const QString &sha, qsizetype maxBytes)
{
    Result<RepositoryPtr> repo = openRepository(dir);
    if (!repo)
        return repo.error();
    const auto unreadable = [&](int rc) {
        return gitError(u"git"_s, QT_TRANSLATE_NOOP("Grex", "cannot read commit %1 of %2"),
                        {sha, dir}, rc);
    };
    git_oid oid;
    git_commit *rawCommit = nullptr;
    if (const int rc = git_oid_fromstrp(&oid, sha.toUtf8().constData()); rc != 0)
        return unreadable(rc);
    if (const int rc = git_commit_lookup(&rawCommit, repo->get(), &oid); rc != 0)
        return unreadable(rc);
    CommitPtr commit(rawCommit);
    git_tree *rawTree = nullptr;
    if (const int rc = git_commit_tree(&rawTree, commit.get()); rc != 0)
        return unreadable(rc);
    GitImpl::TreePtr tree(rawTree);
    git_tree *rawParentTree = nullptr;
    git_commit *rawParent = nullptr;
    if (git_commit_parentcount(commit.get()) > 0 &&
        git_commit_parent(&rawParent, commit.get(), 0) == 0) {
        CommitPtr parent(rawParent);
        if (git_commit_tree(&rawParentTree, parent.get()) != 0)
            git_error_clear();
    }
    git_error_clear();
    GitImpl::TreePtr parentTree(rawParentTree);
    git_diff *rawDiff = nullptr;
    if (const int rc =
            git_diff_tree_to_tree(&rawDiff, repo->get(), parentTree.get(), tree.get(), nullptr);
        rc != 0)
        return unreadable(rc);
    GitImpl::DiffPtr diff(rawDiff);

    const git_signature *author = git_commit_author(commit.get());
    QByteArray text = "commit " + oidToHex(&oid).toLatin1() + '\n';
    if (author) {
        text += QByteArray("Author: ") + author->name + " <" + author->email + ">\n";
        text += "Date:   " +
                QDateTime::fromSecsSinceEpoch(author->when.time, Qt::OffsetFromUTC,
                                              author->when.offset * 60)
                    .toString(Qt::RFC2822Date)
                    .toUtf8() +
                '\n';
    }
    text += '\n';
    for (const QByteArray &line :
         QByteArray(git_commit_message(commit.get())).trimmed().split('\n'))
        text += (line.isEmpty() ? QByteArray() : "    " + line) + '\n';
    git_diff_stats *rawStats = nullptr;
    git_buf buf = GIT_BUF_INIT;
    if (git_diff_get_stats(&rawStats, diff.get()) == 0) {
        if (git_diff_stats_to_buf(&buf, rawStats, GIT_DIFF_STATS_FULL, 72) == 0)
            text += '\n' + QByteArray(buf.ptr, qsizetype(buf.size));
        git_buf_dispose(&buf);
        git_diff_stats_free(rawStats);
    }
    git_error_clear();
    if (const int rc = git_diff_to_buf(&buf, diff.get(), GIT_DIFF_FORMAT_PATCH); rc != 0)
        return unreadable(rc);
    BufGuard guard(&buf);
    text += '\n' + QByteArray(buf.ptr, qsizetype(buf.size));
    return cut(text, maxBytes);
}

QString linkedWorktreeCommonDir(const QString &dir)
{
    const QFileInfo dotGit(dir + u"/.git"_s);
    if (!dotGit.isFile())
        return {};
    Result<RepositoryPtr> repo = openRepository(dir);
    if (!repo || git_repository_is_worktree(repo->get()) != 1) {
        git_error_clear();
        return {};
    }
    return QFile::decodeName(git_repository_commondir(repo->get()));
}

void pruneWorktrees(const QString &commonDir)
{
    if (commonDir.isEmpty())
        return;
    Result<GitOutput> pruned =
        GitImpl::runGit(commonDir, {u"worktree"_s, u"prune"_s}, {});
    if (!pruned || !pruned->ok())
        qCDebug(lcGit, "git worktree prune in %s failed", qPrintable(commonDir));
}

Result<WorktreeChanges> readWorktreeChanges(const QString &dir, int limit)
{
    Result<RepositoryPtr> repo = openRepository(dir);
    if (!repo)
        return repo.error();
    WorktreeChanges changes;

    // A sparse checkout's absent files are no deletions: git says what changed there.
    if (GitImpl::needsGitStatus(repo->get())) {
        Result<QList<std::tuple<char, char, QByteArray>>> records =
            GitImpl::gitStatusRecords(dir, true);
        if (!records)
            return records.error();
        for (const auto &[x, y, path] : std::as_const(*records)) {
            if (changes.files.size() == limit) {
                changes.truncated = true;
                break;
            }
            const char code = x == '?' ? '?' : x != ' ' ? x : y;
            const QString state = code == '?'   ? u"untracked"_s
                                  : code == 'A' ? u"added"_s
                                  : code == 'D' ? u"deleted"_s
                                  : code == 'R' ? u"renamed"_s
                                  : code == 'T' ? u"typechange"_s
                                                : u"modified"_s;
            changes.files.append(
                FileChange{QString::fromUtf8(path), state, x != ' ' && x != '?'});
        }
    } else if (Result<void> read = statusFiles(repo->get(), dir, limit, changes); !read) {
        return read.error();
    }

    // The commits between HEAD and its upstream, as the last fetch left them.
    git_reference *rawHead = nullptr;
    if (git_repository_head(&rawHead, repo->get()) != 0) {
        git_error_clear();
        return changes;
    }
    ReferencePtr head(rawHead);
    git_reference *rawUpstream = nullptr;
    if (!git_reference_is_branch(head.get()) ||
        git_branch_upstream(&rawUpstream, head.get()) != 0) {
        git_error_clear();
        return changes;
    }
    ReferencePtr upstream(rawUpstream);
    const char *shorthand = git_reference_shorthand(upstream.get());
    changes.upstream = QString::fromUtf8(shorthand ? shorthand : "");
    const git_oid *headOid = git_reference_target(head.get());
    const git_oid *upstreamOid = git_reference_target(upstream.get());
    if (!headOid || !upstreamOid || git_oid_equal(headOid, upstreamOid))
        return changes;
    changes.incoming = commitsBetween(repo->get(), upstreamOid, headOid, limit);
    changes.outgoing = commitsBetween(repo->get(), headOid, upstreamOid, limit);
    for (QList<CommitLine> *commits : {&changes.incoming, &changes.outgoing}) {
        if (commits->size() > limit) {
            commits->removeLast();
            changes.truncated = true;
        }
    }
    return changes;
}

Result<QString> worktreeDiff(const QString &dir, const QString &path, qsizetype maxBytes)
{
    Result<RepositoryPtr> repo = openRepository(dir);
    if (!repo)
        return repo.error();
    git_tree *rawTree = nullptr;
    git_object *rawHeadTree = nullptr;
    // No HEAD yet (an unborn branch): everything is new, against an empty tree.
    if (git_revparse_single(&rawHeadTree, repo->get(), "HEAD^{tree}") == 0)
        rawTree = reinterpret_cast<git_tree *>(rawHeadTree);
    else
        git_error_clear();
    GitImpl::TreePtr tree(rawTree);

    const QByteArray pathBytes = path.toUtf8();
    char *pathspec[] = {const_cast<char *>(pathBytes.constData())};
    git_diff_options options = GIT_DIFF_OPTIONS_INIT;
    options.flags = GIT_DIFF_INCLUDE_UNTRACKED | GIT_DIFF_SHOW_UNTRACKED_CONTENT |
                    GIT_DIFF_RECURSE_UNTRACKED_DIRS | GIT_DIFF_DISABLE_PATHSPEC_MATCH;
    options.pathspec = {pathspec, 1};
    git_diff *rawDiff = nullptr;
    if (const int rc =
            git_diff_tree_to_workdir_with_index(&rawDiff, repo->get(), tree.get(), &options);
        rc != 0)
        return gitError(u"git"_s, QT_TRANSLATE_NOOP("Grex", "cannot read the changes of %1"),
                        {dir}, rc);
    GitImpl::DiffPtr diff(rawDiff);
    git_buf buf = GIT_BUF_INIT;
    const int rc = git_diff_to_buf(&buf, diff.get(), GIT_DIFF_FORMAT_PATCH);
    BufGuard guard(&buf);
    if (rc != 0)
        return gitError(u"git"_s, QT_TRANSLATE_NOOP("Grex", "cannot read the changes of %1"),
                        {dir}, rc);
    return cut(QByteArray(buf.ptr, qsizetype(buf.size)), maxBytes);
}

} // namespace Grex::Git
