// What a killed grex leaves in a clone, and how the next operation on it repairs that.

#include "core/git/gitfetcher_p.h"

using namespace Qt::StringLiterals;

namespace Grex::GitImpl {

// ---- a killed grex's leftovers -----------------------------------------------------------

// A grex killed while git writes in a clone also leaves git's own lock files behind
// (index.lock during a checkout, a ref's .lock during a fetch) when git could not remove them:
// until someone deletes them, every later checkout fails with "the index is locked". So each
// writing operation leaves <git dir>/grex-busy while it runs. Finding one, the next operation,
// which holds the clone's backend lock so no other grex is inside, knows the last one was
// killed, and removes the lock files made since the marker that no process has open: a git
// command the user runs there now keeps its lock file open until it renames it into place.
QString busyMarkerPath(git_repository *repo)
{
    return gitDirOf(repo) + BusyMarkerName;
}

void removeKilledOperationsLocks(git_repository *repo, const QString &dest)
{
    const QString marker = busyMarkerPath(repo);
    const QFileInfo markerInfo(marker);
    if (!markerInfo.exists())
        return;
    const QDateTime since = markerInfo.lastModified();
    const QString gitDir = gitDirOf(repo);
    QStringList candidates;
    for (const QFileInfo &entry :
         QDir(gitDir).entryInfoList({u"*.lock"_s}, QDir::Files | QDir::Hidden))
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

// A checkout of an existing clone that is killed half-way leaves a working tree with some files
// of the new commit and some of the old: it looks like the user's own changes, so sync would
// leave it alone for ever, and a half-written pack.yaml would not even parse. Each such checkout
// therefore writes <git dir>/grex-checkout ("<HEAD before> <target>") first and removes it when
// it is over; the next operation on the clone finds the journal and rolls the files the
// checkout touches back to HEAD (rollBackInterruptedCheckout), after which it redoes its work.
QString checkoutJournalPath(git_repository *repo)
{
    return gitDirOf(repo) + CheckoutJournalName;
}

bool writeJournal(const QString &journal, const QString &from, const QString &to)
{
    const QByteArray line = from.toLatin1() + ' ' + to.toLatin1() + '\n';
    QFile file(journal);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(line) != line.size() ||
        !file.flush() || ::fsync(file.handle()) != 0) {
        file.close();
        QFile::remove(journal);
        return false;
    }
    return true;
}

void rollBackInterruptedCheckout(const QString &dest)
{
    QStringList restore; // paths of the old commit, checked out again
    QStringList added;   // paths only the new commit has, removed
    QString fromSha;
    QString journal;
    {
        Result<RepositoryPtr> opened = openRepository(dest);
        if (!opened)
            return;
        git_repository *repo = opened->get();
        journal = checkoutJournalPath(repo);
        QFile file(journal);
        if (!file.open(QIODevice::ReadOnly))
            return;
        const QList<QByteArray> ids = file.readAll().trimmed().split(' ');
        file.close();
        git_oid from;
        git_oid to;
        if (ids.size() != 2 || git_oid_fromstrn(&from, ids[0].constData(), size_t(ids[0].size())) ||
            git_oid_fromstrn(&to, ids[1].constData(), size_t(ids[1].size())) ||
            headOf(repo) != oidToHex(&from)) {
            // Torn, or HEAD moved (the checkout finished, or someone moved it since): nothing to
            // undo that grex can tell apart from the user's work.
            git_error_clear();
            QFile::remove(journal);
            return;
        }
        fromSha = oidToHex(&from);
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
        TreePtr fromTree(rawFromTree);
        if (rc == 0)
            rc = git_commit_tree(&rawToTree, toCommit.get());
        TreePtr toTree(rawToTree);
        if (rc == 0)
            rc = git_diff_tree_to_tree(&rawDiff, repo, fromTree.get(), toTree.get(), nullptr);
        DiffPtr diff(rawDiff);
        if (rc != 0) {
            qCWarning(lcGit, "cannot roll back the interrupted checkout in %s: %s",
                      qPrintable(dest), qPrintable(lastErrorText(rc)));
            return;
        }
        for (size_t i = 0; i < git_diff_num_deltas(diff.get()); ++i) {
            const git_diff_delta *delta = git_diff_get_delta(diff.get(), i);
            if (delta->status == GIT_DELTA_ADDED)
                added.append(QString::fromUtf8(delta->new_file.path));
            else
                restore.append(QString::fromUtf8(delta->old_file.path));
            if (delta->status == GIT_DELTA_RENAMED)
                added.append(QString::fromUtf8(delta->new_file.path));
        }
    }
    // git puts the files back, through the same filters (LFS, smudge) that wrote them.
    bool ok = true;
    const QStringList literal{u"GIT_LITERAL_PATHSPECS=1"_s};
    if (!restore.isEmpty()) {
        Result<GitOutput> restored = runGit(dest,
                                            {u"checkout"_s, u"-q"_s, u"-f"_s, fromSha,
                                             u"--pathspec-from-file=-"_s, u"--pathspec-file-nul"_s},
                                            {}, restore.join(QChar(0)).toUtf8() + '\0', literal);
        ok = restored && restored->ok();
        if (!ok) {
            qCWarning(
                lcGit, "cannot roll back the interrupted checkout in %s: %s", qPrintable(dest),
                qPrintable(restored ? gitWords(restored->err) : restored.error().message().text()));
        }
    }
    if (ok && !added.isEmpty()) {
        Result<GitOutput> removed = runGit(dest,
                                           {u"rm"_s, u"-q"_s, u"--cached"_s, u"--ignore-unmatch"_s,
                                            u"--pathspec-from-file=-"_s, u"--pathspec-file-nul"_s},
                                           {}, added.join(QChar(0)).toUtf8() + '\0', literal);
        ok = removed && removed->ok();
        for (const QString &path : std::as_const(added))
            QFile::remove(dest + u'/' + path);
    }
    if (!ok)
        return;
    QFile::remove(journal);
    qCWarning(lcGit, "%s: rolled back %lld file(s) of a checkout a killed grex left half-done",
              qPrintable(dest), qint64(restore.size() + added.size()));
}

} // namespace Grex::GitImpl
