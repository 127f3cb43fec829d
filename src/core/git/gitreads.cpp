// GitFetcher's in-process reads: the working tree as git's filters and submodules make it,
// ahead and behind, a rewritten or vanished upstream, local changes.

#include "core/git/gitfetcher_p.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Grex::GitImpl {

// ---- what git's filters and submodules make of the working tree -----------------------------

// Whether git would run an external filter driver (filter=lfs, a smudge/clean pair) on path:
// libgit2 compares such a file's bytes with the index without running the driver, so its
// "modified" needs git's confirmation.
bool hasExternalFilter(git_repository *repo, git_config *config, const char *path)
{
    const char *value = nullptr;
    if (git_attr_get(&value, repo, GIT_ATTR_CHECK_FILE_THEN_INDEX, path, "filter") != 0) {
        git_error_clear();
        return false;
    }
    if (git_attr_value(value) != GIT_ATTR_VALUE_STRING)
        return false;
    const QByteArray driver = "filter." + QByteArray(value);
    return configValue(config, driver + ".clean") || configValue(config, driver + ".process");
}

// Whether libgit2 1.5 misreads this working tree: a sparse checkout (the files outside it are
// absent on purpose, which libgit2 counts as deleted) or a sparse index (which it cannot read).
// In a linked worktree the setting may live in config.worktree, which libgit2 does not read.
bool needsGitStatus(git_repository *repo)
{
    const auto isOn = [](const std::optional<QByteArray> &value) {
        return value && (value->compare("true", Qt::CaseInsensitive) == 0 ||
                         value->compare("yes", Qt::CaseInsensitive) == 0 ||
                         value->compare("on", Qt::CaseInsensitive) == 0 || *value == "1" ||
                         value->isEmpty());
    };
    bool sparse = false;
    git_config *raw = nullptr;
    if (git_repository_config_snapshot(&raw, repo) == 0) {
        ConfigPtr config(raw);
        sparse = isOn(configValue(config.get(), "core.sparsecheckout")) ||
                 isOn(configValue(config.get(), "index.sparse"));
    }
    git_error_clear();
    const QByteArray worktreeConfig = QFile::encodeName(gitDirOf(repo)) + "config.worktree";
    if (!sparse && QFile::exists(QFile::decodeName(worktreeConfig))) {
        git_config *rawWorktree = nullptr;
        if (git_config_open_ondisk(&rawWorktree, worktreeConfig.constData()) == 0) {
            ConfigPtr config(rawWorktree);
            sparse = isOn(configValue(config.get(), "core.sparsecheckout")) ||
                     isOn(configValue(config.get(), "index.sparse"));
        }
        git_error_clear();
    }
    return sparse;
}

Result<QList<std::tuple<char, char, QByteArray>>> gitStatusRecords(const QString &dest,
                                                                   bool withUntracked)
{
    Result<GitOutput> status =
        runGit(dest,
               {u"--no-optional-locks"_s, u"status"_s, u"--porcelain=v1"_s, u"-z"_s,
                withUntracked ? u"--untracked-files=normal"_s : u"--untracked-files=no"_s},
               {});
    if (!status)
        return status.error();
    if (!status->ok())
        return commandFailure(u"git"_s,
                              QT_TRANSLATE_NOOP("Grex", "cannot read the status of %1: %2"),
                              {dest}, dest, *status);
    QList<std::tuple<char, char, QByteArray>> records;
    const QList<QByteArray> fields = status->out.split('\0');
    for (qsizetype i = 0; i < fields.size(); ++i) {
        const QByteArray &field = fields.at(i);
        if (field.size() < 4)
            continue;
        const char x = field.at(0);
        if (x == 'R' || x == 'C')
            ++i; // the source path follows as a field of its own
        if (x == '!' || isGrexSidecar(field.mid(3).constData()))
            continue;
        records.append({x, field.at(1), field.mid(3)});
    }
    return records;
}

namespace {

// The working tree as `git status` counts it, from git itself.
Result<TreeCounts> gitStatusCounts(const QString &dest, bool withUntracked)
{
    Result<QList<std::tuple<char, char, QByteArray>>> records =
        gitStatusRecords(dest, withUntracked);
    if (!records)
        return records.error();
    TreeCounts counts;
    for (const auto &[x, y, path] : std::as_const(*records)) {
        if (x == '?') {
            ++counts.untracked;
            continue;
        }
        ++counts.changed;
        if (x != ' ')
            ++counts.staged;
    }
    return counts;
}

// One status pass over the clone; untracked files only when asked, since finding them means
// reading every directory.
Result<TreeCounts> scanTree(git_repository *repo, const QString &dest, bool withUntracked)
{
    if (needsGitStatus(repo))
        return gitStatusCounts(dest, withUntracked);
    git_status_options options = GIT_STATUS_OPTIONS_INIT;
    options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
    options.flags = 0; // submodules included: a moved or dirty submodule is a change
    if (withUntracked)
        options.flags |= GIT_STATUS_OPT_INCLUDE_UNTRACKED;
    Result<StatusListPtr> list = statusList(repo, options, dest);
    if (!list)
        return list.error();
    git_config *rawConfig = nullptr;
    if (git_repository_config_snapshot(&rawConfig, repo) != 0)
        git_error_clear();
    ConfigPtr config(rawConfig);
    TreeCounts counts;
    QList<QByteArray> uncertain;
    const size_t count = git_status_list_entrycount(list->get());
    for (size_t i = 0; i < count; ++i) {
        const git_status_entry *entry = git_status_byindex(list->get(), i);
        if (entry->status == GIT_STATUS_CURRENT || (entry->status & GIT_STATUS_IGNORED))
            continue;
        const char *path =
            entry->index_to_workdir ? entry->index_to_workdir->new_file.path : nullptr;
        if (entry->status == GIT_STATUS_WT_NEW) {
            if (path && !isGrexSidecar(path))
                ++counts.untracked;
            continue;
        }
        if (entry->status & StagedFlags)
            ++counts.staged;
        if (entry->status == GIT_STATUS_WT_MODIFIED && path && config &&
            hasExternalFilter(repo, config.get(), path)) {
            uncertain.append(QByteArray(path));
            continue;
        }
        ++counts.changed;
    }
    if (uncertain.isEmpty())
        return counts;
    // git status, which runs the filters, decides for those files; it has no pathspec file
    // (git 2.39), so it looks at every tracked file and only the uncertain ones are counted.
    Result<GitOutput> confirmed =
        runGit(dest,
               {u"--no-optional-locks"_s, u"status"_s, u"--porcelain=v1"_s, u"-z"_s,
                u"--untracked-files=no"_s, u"--ignore-submodules=all"_s},
               {});
    if (!confirmed)
        return confirmed.error();
    if (!confirmed->ok())
        return commandFailure(u"git"_s,
                              QT_TRANSLATE_NOOP("Grex", "cannot read the status of "
                                                        "%1: %2"),
                              {dest}, dest, *confirmed);
    const QSet<QByteArray> unsure(uncertain.cbegin(), uncertain.cend());
    for (const QByteArray &record : confirmed->out.split('\0')) {
        // "XY path"; a rename's second (source) record has no status and is skipped here.
        if (record.size() > 3 && record.at(2) == ' ' && unsure.contains(record.mid(3)))
            ++counts.changed;
    }
    return counts;
}

} // namespace

// Tracked files (and submodules) git status would list as changed. libgit2 answers in process;
// only files an external filter owns are confirmed by `git status`.
Result<int> countTrackedChanges(git_repository *repo, const QString &dest)
{
    Result<TreeCounts> counts = scanTree(repo, dest, false);
    if (!counts)
        return counts.error();
    return counts->changed;
}

Result<TreeCounts> countTree(git_repository *repo, const QString &dest)
{
    return scanTree(repo, dest, true);
}

// Whether the repository's files in Git LFS were left as pointer files, and what to do then.
QList<Message> lfsWarnings(git_repository *repo, const QString &dest)
{
    QFile attributes(dest + u"/.gitattributes"_s);
    if (!attributes.open(QIODevice::ReadOnly) || !attributes.readAll().contains("filter=lfs"))
        return {};
    if (QStandardPaths::findExecutable(u"git-lfs"_s).isEmpty()) {
        return {Message(QT_TRANSLATE_NOOP("Grex", "it keeps files in Git LFS and git-lfs is not "
                                                  "installed, so they are pointer files: install "
                                                  "git-lfs, run git lfs install, then git lfs "
                                                  "pull in %1"),
                        {dest})};
    }
    git_config *raw = nullptr;
    if (git_repository_config_snapshot(&raw, repo) != 0) {
        git_error_clear();
        return {};
    }
    ConfigPtr config(raw);
    if (!configValue(config.get(), "filter.lfs.process") &&
        !configValue(config.get(), "filter.lfs.smudge")) {
        return {Message(QT_TRANSLATE_NOOP("Grex", "it keeps files in Git LFS and git lfs install "
                                                  "was never run, so they are pointer files: "
                                                  "run git lfs install, then git lfs pull in %1"),
                        {dest})};
    }
    return {};
}

// Whether a submodule is not initialised or not at the commit the superproject records.
bool submodulesNeedUpdate(git_repository *repo)
{
    bool needed = false;
    std::pair<git_repository *, bool *> context(repo, &needed);
    git_submodule_foreach(
        repo,
        [](git_submodule *, const char *name, void *payload) {
            auto *state = static_cast<std::pair<git_repository *, bool *> *>(payload);
            unsigned int status = 0;
            if (git_submodule_status(&status, state->first, name, GIT_SUBMODULE_IGNORE_DIRTY) !=
                0) {
                git_error_clear();
                return 0;
            }
            // An active submodule that is absent, or whose HEAD is not the recorded commit.
            if ((status & GIT_SUBMODULE_STATUS_WD_UNINITIALIZED) ||
                (status & GIT_SUBMODULE_STATUS_WD_MODIFIED) ||
                ((status & GIT_SUBMODULE_STATUS_IN_HEAD) &&
                 !(status & GIT_SUBMODULE_STATUS_IN_WD))) {
                *state->second = true;
                return 1;
            }
            return 0;
        },
        &context);
    git_error_clear();
    return needed;
}

// Brings the submodules to the commits the superproject records, recursively, as
// `git clone --recurse-submodules` and submodule.recurse do.
Result<void> updateSubmodules(const QString &dest, std::stop_token stop)
{
    if (!QFileInfo::exists(dest + u"/.gitmodules"_s))
        return {};
    QString origin;
    {
        Result<RepositoryPtr> repo = openRepository(dest);
        if (repo && !submodulesNeedUpdate(repo->get()))
            return {};
        if (repo)
            origin = QString::fromUtf8(
                remoteUrl(repo->get(), primaryRemote(repo->get())).value_or(QByteArray()));
    }
    Result<GitOutput> updated = networkGit(
        dest, origin, {u"submodule"_s, u"update"_s, u"--init"_s, u"--recursive"_s}, stop);
    if (!updated)
        return updated.error();
    if (updated->ok())
        return {};
    // Which submodule failed and from where, in git's words: "clone of 'URL' into submodule
    // path 'PATH' failed", or "Fetched in submodule path 'PATH', but it did not contain SHA".
    static const QRegularExpression cloneOf(
        u"clone of '([^']*)' into submodule path '([^']*)' failed"_s);
    static const QRegularExpression inPath(u"submodule path '([^']*)'"_s);
    QString url;
    QString path;
    if (const QRegularExpressionMatch m = cloneOf.match(updated->err); m.hasMatch()) {
        url = m.captured(1);
        path = m.captured(2);
    } else if (const QRegularExpressionMatch p = inPath.match(updated->err); p.hasMatch()) {
        path = p.captured(1);
    }
    if (path.startsWith(dest + u'/'))
        path = path.mid(dest.size() + 1);
    Error error = networkFailure(u"submodule_failed"_s,
                                 QT_TRANSLATE_NOOP("Grex", "submodule '%1' (%2): %3"),
                                 {path.isEmpty() ? u"?"_s : path,
                                  url.isEmpty() ? u"?"_s : redactUrl(url)},
                                 url, dest, *updated);
    error.withDetail(u"submodule"_s, path);
    return error;
}

// ---- ahead, behind and a rewritten upstream ------------------------------------------------

// Commits on local not on upstream, and on upstream not on local. libgit2 1.5 cannot walk the
// history of a shallow clone (its grafted parents are missing): git counts those.
std::optional<std::pair<int, int>> aheadBehind(git_repository *repo, const QString &dest,
                                               const git_oid *local, const git_oid *upstream)
{
    if (git_oid_equal(local, upstream))
        return std::pair<int, int>{0, 0};
    size_t ahead = 0;
    size_t behind = 0;
    if (git_graph_ahead_behind(&ahead, &behind, repo, local, upstream) == 0)
        return std::pair<int, int>{int(ahead), int(behind)};
    git_error_clear();
    if (git_repository_is_shallow(repo) != 1)
        return std::nullopt;
    Result<GitOutput> counted = runGit(dest,
                                       {u"rev-list"_s, u"--left-right"_s, u"--count"_s,
                                        oidToHex(local) + u"..."_s + oidToHex(upstream)},
                                       {});
    if (!counted || !counted->ok())
        return std::nullopt;
    const QList<QByteArray> numbers = counted->out.trimmed().split('\t');
    if (numbers.size() != 2)
        return std::nullopt;
    return std::pair<int, int>{numbers.at(0).toInt(), numbers.at(1).toInt()};
}

// Whether HEAD's own commits were once upstream: an earlier value of the remote-tracking ref
// (its reflog, which git fetch writes) contains HEAD. Then the upstream was rewritten (force-
// pushed) under the branch, and "N local commits" would mislead.
bool wasUpstreamOnce(git_repository *repo, const git_oid *head, const QByteArray &trackingRef)
{
    git_reflog *raw = nullptr;
    if (git_reflog_read(&raw, repo, trackingRef.constData()) != 0) {
        git_error_clear();
        return false;
    }
    ReflogPtr reflog(raw);
    const size_t count = qMin<size_t>(git_reflog_entrycount(reflog.get()), 200);
    for (size_t i = 0; i < count; ++i) {
        const git_reflog_entry *entry = git_reflog_entry_byindex(reflog.get(), i);
        for (const git_oid *old :
             {git_reflog_entry_id_old(entry), git_reflog_entry_id_new(entry)}) {
            if (git_oid_is_zero(old))
                continue;
            if (git_oid_equal(old, head))
                return true;
            const int descends = git_graph_descendant_of(repo, old, head);
            if (descends == 1)
                return true;
            if (descends < 0)
                git_error_clear();
        }
    }
    return false;
}

// <git dir>/grex-upstream: what the last fetch learned about the upstream of the branch,
// when it was gone from the remote: "<branch> <remote's default branch or ->". Status reads it
// without network; the next fetch rewrites or removes it.
QString upstreamRecordPath(git_repository *repo)
{
    return gitDirOf(repo) + UpstreamRecordName;
}

std::optional<UpstreamRecord> readUpstreamRecord(git_repository *repo)
{
    QFile file(upstreamRecordPath(repo));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QList<QByteArray> words = file.readAll().trimmed().split(' ');
    if (words.size() != 2)
        return std::nullopt;
    UpstreamRecord record{QString::fromUtf8(words.at(0)), QString::fromUtf8(words.at(1))};
    if (record.remoteDefault == u"-")
        record.remoteDefault.clear();
    return record;
}

void recordFetchFailure(const QString &gitDir, const Error &error)
{
    const JsonObject details = error.details();
    const QJsonObject record{
        {u"reason"_s, error.reason()},
        {u"message"_s, error.message().text()},
        {u"url"_s, details.value(u"url"_s).toString()},
        {u"git"_s, details.value(u"git"_s).toString()},
        {u"at"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
    };
    QFile file(gitDir + FetchFailureRecordName);
    if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        file.write(QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n');
}

void clearFetchFailure(const QString &gitDir)
{
    QFile::remove(gitDir + FetchFailureRecordName);
}

std::optional<Error> readFetchFailure(const QString &gitDir)
{
    QFile file(gitDir + FetchFailureRecordName);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QJsonObject record = QJsonDocument::fromJson(file.read(64 * 1024)).object();
    const QString reason = record.value(u"reason"_s).toString();
    if (reason.isEmpty())
        return std::nullopt;
    const QString url = record.value(u"url"_s).toString();
    const QString git = record.value(u"git"_s).toString();
    Error error(ErrorKind::PackOp, reason,
                Message(QT_TRANSLATE_NOOP("Grex", "the last fetch (%1) failed: %2"),
                        {record.value(u"at"_s).toString(), record.value(u"message"_s).toString()}));
    error.withDetail(u"url"_s, url)
        .withDetail(u"git"_s, git)
        .withDetail(u"failed_at"_s, record.value(u"at"_s).toString());
    if (Message hint = hintFor(reason, url, git); !hint.isEmpty())
        error.withHint(std::move(hint));
    return error;
}

// ---- reads -----------------------------------------------------------------------------------

namespace {

// Untracked files that are not ignored, every one (a new directory's files each): what
// deleting the clone would lose.
Result<int> untrackedFiles(git_repository *repo, const QString &dest)
{
    if (needsGitStatus(repo)) {
        Result<TreeCounts> counted = gitStatusCounts(dest, true);
        if (!counted)
            return counted.error();
        return counted->untracked;
    }
    git_status_options options = GIT_STATUS_OPTIONS_INIT;
    options.show = GIT_STATUS_SHOW_WORKDIR_ONLY;
    options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS |
                    GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
    Result<StatusListPtr> list = statusList(repo, options, dest);
    if (!list)
        return list.error();
    int untracked = 0;
    const size_t count = git_status_list_entrycount(list->get());
    for (size_t i = 0; i < count; ++i) {
        const git_status_entry *entry = git_status_byindex(list->get(), i);
        if (entry->status != GIT_STATUS_WT_NEW)
            continue;
        const char *path =
            entry->index_to_workdir ? entry->index_to_workdir->new_file.path : nullptr;
        if (path && !isGrexSidecar(path))
            ++untracked;
    }
    return untracked;
}

} // namespace

Result<LocalChanges> countChanges(const QString &dest, bool includeUntracked)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    LocalChanges changes;
    Result<int> tracked = countTrackedChanges(repo->get(), dest);
    if (!tracked)
        return tracked.error();
    changes.tracked = *tracked;
    if (!includeUntracked)
        return changes;

    Result<int> untracked = untrackedFiles(repo->get(), dest);
    if (!untracked)
        return untracked.error();
    changes.untracked = *untracked;

    git_stash_foreach(
        repo->get(),
        [](size_t, const char *, const git_oid *, void *payload) {
            ++*static_cast<int *>(payload);
            return 0;
        },
        &changes.stashes);

    // Commits no remote-tracking branch contains, on HEAD or any local branch: pushed nowhere,
    // so only this clone has them.
    using WalkPtr = std::unique_ptr<git_revwalk, Deleter<git_revwalk, git_revwalk_free>>;
    // ref null: HEAD and every local branch.
    const auto onlyHere = [&repo](const char *ref) {
        int count = 0;
        git_revwalk *rawWalk = nullptr;
        if (git_revwalk_new(&rawWalk, repo->get()) != 0)
            return count;
        WalkPtr walk(rawWalk);
        const int pushed =
            ref ? git_revwalk_push_ref(walk.get(), ref) : git_revwalk_push_head(walk.get());
        if (pushed == 0) {
            if (!ref)
                git_revwalk_push_glob(walk.get(), "refs/heads/*");
            git_revwalk_hide_glob(walk.get(), "refs/remotes/*");
            git_oid oid;
            while (count < 10000 && git_revwalk_next(&oid, walk.get()) == 0)
                ++count;
        }
        return count;
    };
    changes.unpushed = onlyHere(nullptr);
    if (changes.unpushed > 0) {
        git_branch_iterator *rawBranches = nullptr;
        if (git_branch_iterator_new(&rawBranches, repo->get(), GIT_BRANCH_LOCAL) == 0) {
            git_reference *ref = nullptr;
            git_branch_t type;
            while (git_branch_next(&ref, &type, rawBranches) == 0) {
                ReferencePtr owned(ref);
                const QByteArray name = git_reference_name(ref);
                if (onlyHere(name.constData()) > 0)
                    changes.branchesOnlyHere.append(QString::fromUtf8(name.mid(11)));
            }
            git_branch_iterator_free(rawBranches);
        }
    }
    git_error_clear();
    return changes;
}

} // namespace Grex::GitImpl
