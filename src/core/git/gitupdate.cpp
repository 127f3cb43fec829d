// GitFetcher's changes to a clone: fetch, fast-forward and checkout, each under the backend
// lock and journaled so that a kill in the middle is rolled back.

#include "core/git/gitfetcher_p.h"

#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace Grex::GitImpl {

// ---- fetch ---------------------------------------------------------------------------------

// The branches `git fetch` just saw on the remote, from FETCH_HEAD (one line per ref it
// fetched: "<sha>\t[not-for-merge]\tbranch '<name>' of <url>").
QSet<QString> fetchedBranches(const QString &gitDir)
{
    QSet<QString> branches;
    QFile file(gitDir + u"FETCH_HEAD"_s);
    if (!file.open(QIODevice::ReadOnly))
        return branches;
    static const QRegularExpression branch(u"\tbranch '(.+)' of "_s);
    for (const QByteArray &line : file.readAll().split('\n')) {
        const QRegularExpressionMatch match = branch.match(QString::fromUtf8(line));
        if (match.hasMatch())
            branches.insert(match.captured(1));
    }
    return branches;
}

// The remote's default branch (what its HEAD names), asked with ls-remote; "" when unknown.
QString remoteDefaultBranch(const QString &dest, const QString &remote, const QString &url,
                            std::stop_token stop)
{
    Result<GitOutput> listed =
        networkGit(dest, url, {u"ls-remote"_s, u"--symref"_s, remote, u"HEAD"_s}, stop);
    if (!listed || !listed->ok())
        return {};
    for (const QByteArray &line : listed->out.split('\n')) {
        if (line.startsWith("ref: refs/heads/") && line.endsWith("\tHEAD"))
            return QString::fromUtf8(line.mid(16, line.size() - 16 - 5));
    }
    return {};
}

bool remoteHeadDangles(const QString &dest, const QString &remote)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return false;
    git_reference *raw = nullptr;
    const QByteArray headRef = "refs/remotes/" + remote.toUtf8() + "/HEAD";
    if (git_reference_lookup(&raw, repo->get(), headRef.constData()) != 0) {
        git_error_clear();
        return false; // none: a clone made without one, as git remote add and fetch make it
    }
    ReferencePtr head(raw);
    git_reference *resolved = nullptr;
    const bool dangles = git_reference_resolve(&resolved, head.get()) != 0;
    git_reference_free(resolved);
    git_error_clear();
    return dangles;
}

void followRemoteHead(const QString &dest, const QString &remote, const QString &branch)
{
    if (branch.isEmpty())
        return;
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return;
    const QByteArray prefix = "refs/remotes/" + remote.toUtf8() + '/';
    const QByteArray headRef = prefix + "HEAD";
    const QByteArray target = prefix + branch.toUtf8();
    git_reference *raw = nullptr;
    if (git_reference_lookup(&raw, repo->get(), target.constData()) != 0) {
        git_error_clear();
        return; // not fetched (a narrowed refspec): nothing it could name
    }
    git_reference_free(raw);
    if (git_reference_lookup(&raw, repo->get(), headRef.constData()) == 0) {
        ReferencePtr head(raw);
        if (git_reference_type(head.get()) == GIT_REFERENCE_SYMBOLIC &&
            QByteArray(git_reference_symbolic_target(head.get())) == target)
            return;
    }
    git_error_clear();
    git_reference *created = nullptr;
    if (git_reference_symbolic_create(&created, repo->get(), headRef.constData(),
                                      target.constData(), 1, "grex: the remote's HEAD") == 0) {
        qCDebug(lcGit, "%s: %s/HEAD now names %s", qPrintable(dest), qPrintable(remote),
                qPrintable(branch));
    }
    git_reference_free(created);
    git_error_clear();
}

Error fetchFailed(const QString &dest, const QString &detail)
{
    return Error(ErrorKind::PackOp, u"fetch_failed"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "cannot fetch into %1: %2"), {dest, detail}))
        .withDetail(u"path"_s, dest)
        .withDetail(u"detail"_s, detail);
}

Result<CloneRemote> readCloneRemote(const QString &dest)
{
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    return readCloneRemote(repo->get());
}

CloneRemote readCloneRemote(git_repository *repo)
{
    CloneRemote at;
    at.remote = QString::fromUtf8(primaryRemote(repo));
    if (!at.remote.isEmpty()) {
        if (const std::optional<QByteArray> url = remoteUrl(repo, at.remote.toUtf8()))
            at.url = QString::fromUtf8(*url);
    }
    at.gitDir = gitDirOf(repo);
    // The branch's upstream on that remote, whose disappearance a fetch should notice.
    if (const std::optional<QString> branch = branchOf(repo)) {
        if (const ConfigPtr config = Git::snapshotOf(repo)) {
            const QByteArray key = "branch." + branch->toUtf8();
            const std::optional<QByteArray> remote = configValue(config.get(), key + ".remote");
            const std::optional<QByteArray> merge = configValue(config.get(), key + ".merge");
            if (remote == at.remote.toUtf8() && merge && merge->startsWith("refs/heads/"))
                at.upstreamBranch = QString::fromUtf8(merge->mid(11));
        }
        git_error_clear();
    }
    return at;
}

// A git fetch's outcome for the clone: its failure recorded for status, or the last one cleared.
Result<GitOutput> recordedFetch(const QString &dest, const CloneRemote &at,
                                Result<GitOutput> fetched)
{
    if (!fetched)
        return fetched.error();
    if (!fetched->ok()) {
        const QString url = at.url.value_or(QString());
        Error failed =
            networkFailure(u"fetch_failed"_s, QT_TRANSLATE_NOOP("Grex", "cannot fetch %1: %2"),
                           {redactUrl(url)}, url, dest, *fetched);
        recordFetchFailure(at.gitDir, failed);
        return failed;
    }
    clearFetchFailure(at.gitDir);
    return fetched;
}

Result<GitOutput> fetchRecordingFailure(const QString &dest, const CloneRemote &at,
                                        const QStringList &args, std::stop_token stop)
{
    return recordedFetch(dest, at, networkGit(dest, at.url.value_or(QString()), args, stop));
}

// Fetches the branches the probe saw move by the ids it saw (`+<id>:refs/remotes/<remote>/<b>`,
// --no-tags as the probe found no tag to bring): git then asks the remote for no refs of its
// own, one request fewer per pack (over HTTPS one run of the server's git-http-backend).
// nullopt when git refused (a server that serves only the tips it advertises, and a branch
// that moved again since): the caller fetches as `git fetch <remote>` does. A fetch that
// stalled or waited on a question nobody answered is the outcome: asked again, it would wait
// as long again.
std::optional<Result<GitOutput>> fetchMovedBranches(const QString &dest, const CloneRemote &at,
                                                    const BranchMoves &moves, std::stop_token stop)
{
    QStringList args{u"fetch"_s, u"--progress"_s, u"--no-tags"_s, at.remote};
    for (const auto &[branch, id] : moves) {
        args.append(u'+' + QString::fromLatin1(id) + u":refs/remotes/"_s + at.remote + u'/' +
                    QString::fromUtf8(branch));
    }
    Result<GitOutput> fetched = networkGit(dest, at.url.value_or(QString()), args, stop);
    if (fetched && !fetched->ok() && !fetched->stalled && fetched->unansweredPrompt.isEmpty()) {
        qCDebug(lcGit, "fetching the moved branches of %s by id failed; fetching them by name",
                qPrintable(dest));
        return std::nullopt;
    }
    return recordedFetch(dest, at, std::move(fetched));
}

// A remote whose refs are all where the clone's last fetch left them: the
// fetch is skipped, and the clone is as fresh as the fetch would have made it (FETCH_HEAD's
// time, which status reads as the last fetch, and no failure recorded). nullopt: fetch.
// `probed` is what the remote answered, when it was asked; `moves` the branches it moved, when
// that is all a fetch would change.
std::optional<FetchFacts> skipFetchOfUnmovedRemote(git_repository *repo, const QString &dest,
                                                   const CloneRemote &at, FetchFacts facts,
                                                   std::stop_token stop,
                                                   std::optional<RemoteRefs> &probed,
                                                   BranchMoves &moves)
{
    QFile fetchHead(at.gitDir + u"FETCH_HEAD"_s);
    const QString url = *at.url;
    const auto probe = [&](git_config *config) {
        probed = readRemoteRefs(url, dest, config, stop);
        return probed;
    };
    bool headMoved = false;
    std::optional<BranchMoves> moved = branchesAFetchMoves(repo, facts.remote, probe, &headMoved);
    if (!moved)
        return std::nullopt;
    if (!moved->isEmpty()) {
        moves = std::move(*moved);
        return std::nullopt;
    }
    const RemoteRefs &refs = *probed; // asked: nothing is unmoved without an answer
    if (headMoved)
        followRemoteHead(dest, facts.remote, refs.head);
    qCDebug(lcGit, "nothing moved on the remote of %s: not fetched", qPrintable(dest));
    // git clone writes no FETCH_HEAD and a failed fetch leaves it empty: the lines this fetch
    // would have written go there, so that status reads the time and git pull the branch.
    if (fetchHead.size() == 0) {
        QSaveFile written(fetchHead.fileName());
        if (!written.open(QIODevice::WriteOnly) ||
            written.write(fetchHeadAfterFetch(refs, facts.upstreamBranch, url)) < 0 ||
            !written.commit())
            return std::nullopt;
    } else if (!fetchHead.open(QIODevice::ReadWrite) ||
               !fetchHead.setFileTime(QDateTime::currentDateTimeUtc(),
                                      QFileDevice::FileModificationTime)) {
        return std::nullopt;
    }
    fetchHead.close();
    clearFetchFailure(at.gitDir);
    // What a fetch would have found: the upstream gone when the remote has no such branch.
    if (!facts.upstreamBranch.isEmpty() && !refs.heads.contains(facts.upstreamBranch.toUtf8())) {
        facts.gone = true;
        facts.remoteDefault = refs.head;
    }
    return facts;
}

// Fetches the clone's remote (primaryRemote: origin in a clone grex made) into the clone at
// dest (its backend lock held), as `git fetch <remote>` does: the remote's refspecs, tags that
// point into what it has, fetch.prune, submodules on demand.
Result<FetchFacts> fetchLocked(const QString &dest, std::stop_token stop)
{
    // Opened once for what the clone says and for comparing its refs with the remote's.
    Result<RepositoryPtr> repo = openRepository(dest);
    if (!repo)
        return repo.error();
    const CloneRemote at = readCloneRemote(repo->get());
    // A clone whose remote was removed fails as a fetch that cannot reach it: recorded, so that
    // status keeps saying fetch_failed until a fetch succeeds.
    if (!at.url) {
        Error failed = Error(ErrorKind::PackOp, u"no_remote"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "cannot fetch into %1: no default "
                                                               "remote configured"),
                                     {dest}))
                           .withDetail(u"path"_s, dest)
                           .withHint(Message(
                               QT_TRANSLATE_NOOP(
                                   "Grex", "give the clone its remote again: git -C %1 remote add "
                                           "origin URL"),
                               {dest}));
        recordFetchFailure(at.gitDir, failed);
        return failed;
    }
    FetchFacts facts;
    facts.remote = at.remote;
    facts.upstreamBranch = at.upstreamBranch;
    const QString url = *at.url;
    const QString gitDir = at.gitDir;
    if (stop.stop_requested())
        return cancelledError();
    std::optional<RemoteRefs> probed;
    BranchMoves moves;
    if (std::optional<FetchFacts> unchanged =
            skipFetchOfUnmovedRemote(repo->get(), dest, at, facts, stop, probed, moves))
        return *unchanged;
    // No --depth: in a shallow clone git adds the new commits to the history it has, where a
    // depth would cut that history again and part the new commits from HEAD.
    qCDebug(lcGit, "fetching into %s", qPrintable(dest));
    const bool upstreamThere = facts.upstreamBranch.isEmpty() ||
                               (probed && probed->heads.contains(facts.upstreamBranch.toUtf8()));
    std::optional<Result<GitOutput>> fetched;
    if (!moves.isEmpty() && upstreamThere)
        fetched = fetchMovedBranches(dest, at, moves, stop);
    const bool byId = fetched.has_value();
    if (!fetched) {
        if (stop.stop_requested())
            return cancelledError();
        fetched =
            fetchRecordingFailure(dest, at, {u"fetch"_s, u"--progress"_s, facts.remote}, stop);
    }
    if (!*fetched)
        return fetched->error();
    QFile::remove(gitDir + UpstreamRecordName);
    // The remote's default branch matters only when the fetch changed a ref (a rename is a new
    // branch and a gone one) or origin/HEAD names a branch that is not there. The probe's
    // answer just before the fetch names it; without one it is asked with ls-remote, so a
    // fetch with nothing new costs no second connection.
    const auto defaultBranch = [&] {
        if (probed && !probed->head.isEmpty())
            return probed->head;
        return remoteDefaultBranch(dest, facts.remote, url, stop);
    };
    std::optional<QString> remoteDefault;
    const bool refsMoved = (*fetched)->err.contains(u" -> "_s);
    if (refsMoved || remoteHeadDangles(dest, facts.remote)) {
        remoteDefault = defaultBranch();
        followRemoteHead(dest, facts.remote, *remoteDefault);
    }
    // Fetched by id, FETCH_HEAD names no branch; the probe said the upstream is there.
    if (facts.upstreamBranch.isEmpty() || byId)
        return facts;
    const QSet<QString> seen = fetchedBranches(gitDir);
    if (seen.contains(facts.upstreamBranch))
        return facts;
    facts.gone = true;
    facts.remoteDefault = remoteDefault ? *remoteDefault : defaultBranch();
    const QString record = facts.upstreamBranch + u' ' +
                           (facts.remoteDefault.isEmpty() ? u"-"_s : facts.remoteDefault) + u'\n';
    QFile file(gitDir + UpstreamRecordName);
    if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        file.write(record.toUtf8());
    return facts;
}

// ---- fast-forward and checkout -------------------------------------------------------------

UpdateOutcome leftAlone(git_repository *repo, const QString &why, Message note)
{
    UpdateOutcome outcome;
    outcome.state = UpdateOutcome::State::LeftAlone;
    outcome.shaBefore = outcome.shaAfter = headOf(repo);
    outcome.branch = branchOf(repo);
    outcome.why = why;
    outcome.note = std::move(note);
    return outcome;
}

// The untracked files git named when it refused to overwrite them, or nothing when that is not
// why it failed.
QStringList untrackedInTheWay(const QString &stderrText)
{
    QStringList files;
    bool inList = false;
    for (const QString &line : stderrText.split(u'\n')) {
        if (line.contains(u"untracked working tree files would be"_s)) {
            inList = true;
            continue;
        }
        if (!inList)
            continue;
        if (!line.startsWith(u'\t'))
            break;
        files.append(line.trimmed());
    }
    return files;
}

// Runs a git command that moves the working tree from HEAD to target, journaled (see
// checkoutJournalPath). A refusal because untracked files are in the way leaves the clone
// alone and says which; any other failure is a checkout_failed error.
bool hasHook(git_repository *repo, const char *name)
{
    QString dir;
    git_config *raw = nullptr;
    if (git_repository_config_snapshot(&raw, repo) == 0) {
        ConfigPtr config(raw);
        if (const std::optional<QByteArray> path = configValue(config.get(), "core.hooksPath")) {
            dir = QFile::decodeName(*path);
            if (dir.startsWith(u"~/"))
                dir = QDir::homePath() + dir.mid(1);
            else if (QDir::isRelativePath(dir) && git_repository_workdir(repo))
                dir = QFile::decodeName(git_repository_workdir(repo)) + dir;
        }
    }
    git_error_clear();
    if (dir.isEmpty())
        dir = QFile::decodeName(git_repository_commondir(repo)) + u"hooks"_s;
    const QFileInfo hook(dir + u'/' + QString::fromLatin1(name));
    return hook.isFile() && hook.isExecutable();
}

Message hookFailure(const char *name, const GitOutput &output)
{
    QString words = gitWords(output.err);
    if (words.isEmpty())
        words = u"no output"_s;
    return Message(QT_TRANSLATE_NOOP("Grex", "its %1 hook failed (exit %2): %3"),
                   {QString::fromLatin1(name), QString::number(output.exitStatus), words});
}

Result<std::optional<UpdateOutcome>> journaledGit(const QString &dest, const QString &target,
                                                  const QStringList &args, const QString &what,
                                                  std::stop_token stop, QList<Message> *warnings)
{
    QString journal;
    {
        Result<RepositoryPtr> repo = openRepository(dest);
        if (!repo)
            return repo.error();
        journal = checkoutJournalPath(repo->get());
        if (!writeJournal(journal, headOf(repo->get()), target))
            return Error(ErrorKind::PackOp, u"checkout_failed"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "cannot check out %1 in %2: cannot "
                                                           "write %3"),
                                 {what, dest, journal}))
                .withDetail(u"path"_s, dest);
    }
    // A checkout can download (LFS): a cancel stops it, and what it wrote is rolled back now,
    // so the clone is as it was.
    Result<GitOutput> moved = runGit(dest, args, stop);
    if (!moved) {
        if (moved.error().kind() == ErrorKind::Cancelled)
            rollBackInterruptedCheckout(dest);
        return moved.error();
    }
    if (moved->ok()) {
        QFile::remove(journal);
        return std::optional<UpdateOutcome>();
    }
    // git ran the post-checkout hook once the tree was at target: the hook failed, not the move.
    if (args.value(0) == u"checkout" || args.value(0) == u"switch") {
        Result<RepositoryPtr> repo = openRepository(dest);
        if (repo && headOf(repo->get()) == target && hasHook(repo->get(), "post-checkout")) {
            QFile::remove(journal);
            if (warnings)
                warnings->append(hookFailure("post-checkout", *moved));
            return std::optional<UpdateOutcome>();
        }
    }
    // git checks before it writes: a refusal changed nothing, and a lock it found stays.
    const QStringList inTheWay = untrackedInTheWay(moved->err);
    const bool refused = !inTheWay.isEmpty() || moved->err.contains(u"index.lock"_s) ||
                         moved->err.contains(u"would be overwritten"_s);
    if (refused)
        QFile::remove(journal);
    else
        rollBackInterruptedCheckout(dest);
    if (!inTheWay.isEmpty()) {
        Result<RepositoryPtr> repo = openRepository(dest);
        if (!repo)
            return repo.error();
        return std::optional<UpdateOutcome>(leftAlone(
            repo->get(), u"untracked_in_way"_s,
            Message(QT_TRANSLATE_NOOP("Grex", "untracked files are in the way of %1: %2; move or "
                                              "remove them"),
                    {what, inTheWay.join(u", "_s)})));
    }
    return commandFailure(u"checkout_failed"_s,
                          QT_TRANSLATE_NOOP("Grex", "cannot check out %1 in %2: %3"), {what, dest},
                          dest, *moved);
}

// Moves the current branch to its upstream when that is a fast-forward and the tree is clean
// (docs/design.md, "Fast-forward and checkout"). Called with the backend lock held.
Result<UpdateOutcome> fastForwardLocked(const QString &dest, const FetchFacts &facts,
                                        std::stop_token stop)
{
    QString upstreamRef;
    QString upstreamName;
    QString target;
    UpdateOutcome outcome;
    {
        Result<RepositoryPtr> opened = openRepository(dest);
        if (!opened)
            return opened.error();
        git_repository *repo = opened->get();
        outcome.shaBefore = outcome.shaAfter = headOf(repo);
        outcome.branch = branchOf(repo);
        if (git_repository_head_detached(repo) == 1) {
            return leftAlone(repo, u"detached"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "HEAD is detached at %1; not "
                                                               "moved"),
                                     {outcome.shaBefore.left(7)}));
        }
        git_reference *rawHead = nullptr;
        if (git_repository_head(&rawHead, repo) != 0) {
            git_error_clear();
            return leftAlone(repo, u"no_commit"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "no commit is checked out")));
        }
        ReferencePtr head(rawHead);
        const QString branch = outcome.branch.value_or(QString());
        if (facts.gone) {
            UpdateOutcome gone = leftAlone(
                repo, u"upstream_gone"_s,
                facts.remoteDefault.isEmpty()
                    ? Message(QT_TRANSLATE_NOOP("Grex", "the upstream branch %1 is gone from the "
                                                        "remote (deleted or renamed); %2 not "
                                                        "moved"),
                              {facts.upstreamBranch, branch})
                    : Message(QT_TRANSLATE_NOOP("Grex", "the upstream branch %1 is gone from the "
                                                        "remote (deleted or renamed), whose "
                                                        "default branch is now %2; %3 not "
                                                        "moved"),
                              {facts.upstreamBranch, facts.remoteDefault, branch}));
            gone.remoteDefaultBranch = facts.remoteDefault;
            return gone;
        }
        const std::optional<QByteArray> trackingRef = upstreamRefName(repo, branch.toUtf8());
        git_reference *rawUpstream = nullptr;
        if (!trackingRef ||
            git_reference_lookup(&rawUpstream, repo, trackingRef->constData()) != 0) {
            git_error_clear();
            return leftAlone(repo, u"no_upstream"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "branch %1 tracks no upstream; not "
                                                               "moved"),
                                     {branch}));
        }
        ReferencePtr upstream(rawUpstream);
        const git_oid *local = git_reference_target(head.get());
        const git_oid *remote = git_reference_target(upstream.get());
        if (!local || !remote || git_oid_equal(local, remote))
            return outcome;
        upstreamRef = QString::fromUtf8(*trackingRef);
        upstreamName = QString::fromUtf8(git_reference_shorthand(upstream.get()));
        target = oidToHex(remote);
        const std::optional<std::pair<int, int>> counts = aheadBehind(repo, dest, local, remote);
        if (!counts)
            return Error(ErrorKind::PackOp, u"git"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "cannot compare %1 with %2 in %3"),
                                 {branch, upstreamName, dest}))
                .withDetail(u"path"_s, dest);
        outcome.ahead = counts->first;
        outcome.behind = counts->second;
        if (outcome.behind == 0)
            return outcome; // only local commits: nothing to take
        if (outcome.ahead > 0) {
            const bool rewritten = wasUpstreamOnce(repo, local, *trackingRef);
            UpdateOutcome alone =
                rewritten
                    ? leftAlone(repo, u"rewritten"_s,
                                Message(QT_TRANSLATE_NOOP("Grex", "%1 was rewritten upstream "
                                                                  "(force-pushed): %2 commit(s) "
                                                                  "of %3 are no longer upstream "
                                                                  "and %4 new ones replace "
                                                                  "them; not moved"),
                                        {upstreamName, QString::number(outcome.ahead), branch,
                                         QString::number(outcome.behind)}))
                    : leftAlone(repo, u"diverged"_s,
                                Message(QT_TRANSLATE_NOOP("Grex", "%1 has diverged from %2 (%3 "
                                                                  "local and %4 new upstream "
                                                                  "commits); not moved"),
                                        {branch, upstreamName, QString::number(outcome.ahead),
                                         QString::number(outcome.behind)}));
            alone.ahead = outcome.ahead;
            alone.behind = outcome.behind;
            return alone;
        }
        Result<int> changed = countTrackedChanges(repo, dest);
        if (!changed)
            return changed.error();
        if (*changed > 0) {
            UpdateOutcome alone = leftAlone(
                repo, u"dirty"_s,
                Message(
                    QT_TRANSLATE_NOOP("Grex", "the working tree has uncommitted changes (%1 "
                                              "file(s)) and is %2 commit(s) behind %3; not "
                                              "fast-forwarded"),
                    {QString::number(*changed), QString::number(outcome.behind), upstreamName}));
            alone.behind = outcome.behind;
            return alone;
        }
    }
    Result<std::optional<UpdateOutcome>> merged = journaledGit(
        dest, target, {u"merge"_s, u"--ff-only"_s, u"--no-stat"_s, u"-q"_s, upstreamRef},
        u"the fast-forward to "_s + upstreamName, stop, &outcome.warnings);
    if (!merged)
        return merged.error();
    if (*merged) {
        (*merged)->behind = outcome.behind;
        return **merged;
    }
    outcome.state = UpdateOutcome::State::FastForwarded;
    outcome.shaAfter = target;
    outcome.taken = outcome.behind;
    outcome.behind = 0;
    return outcome;
}

Error refNotFound(const QString &ref, const QString &where)
{
    return Error(ErrorKind::PackOp, u"ref_not_found"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "ref '%1' does not exist in %2"), {ref, where}))
        .withDetail(u"ref"_s, ref);
}

// The clean check before a switch to ref, which runs under the backend lock so that no other
// grex changes the tree between the check and the switch: the outcome of leaving a dirty tree
// alone, or nothing.
Result<std::optional<UpdateOutcome>> refuseIfDirty(git_repository *repo, const QString &dest,
                                                   const QString &ref)
{
    Result<int> changed = countTrackedChanges(repo, dest);
    if (!changed)
        return changed.error();
    if (*changed == 0)
        return std::optional<UpdateOutcome>();
    return std::optional<UpdateOutcome>(
        leftAlone(repo, u"dirty"_s,
                  Message(QT_TRANSLATE_NOOP("Grex", "the working tree has uncommitted changes; "
                                                    "not switched to %1"),
                          {ref})));
}

// How ref is checked out, for a clone already there and a fresh one alike: a branch of the
// remote as the local branch of that name (made to track it when missing), the branch checked
// out now as it is (a worktree's own branch, tracking another name upstream), anything else as
// its commit, detached. Fails (ref_not_found) when ref names none of these.
struct RefCheckout
{
    bool remoteBranch = false; // ref is a branch of the remote
    bool onIt = false;         // ref is the branch checked out now
    QString target;            // the commit the checkout lands on
    QStringList args;          // git checkout's arguments after -q; empty: nothing to check out
};

Result<RefCheckout> planCheckout(git_repository *r, const QByteArray &remote, const QString &ref,
                                 const QString &where)
{
    RefCheckout plan;
    const QByteArray name = ref.toUtf8();
    plan.onIt = branchOf(r) == std::optional<QString>(ref);
    const QByteArray remoteName = remote + '/' + name;
    git_reference *rawRemote = nullptr;
    if (git_branch_lookup(&rawRemote, r, remoteName.constData(), GIT_BRANCH_REMOTE) == 0) {
        ReferencePtr remoteBranch(rawRemote);
        plan.remoteBranch = true;
        git_reference *rawLocal = nullptr;
        if (git_branch_lookup(&rawLocal, r, name.constData(), GIT_BRANCH_LOCAL) == 0) {
            ReferencePtr local(rawLocal);
            plan.target = oidToHex(git_reference_target(local.get()));
            plan.args = QStringList{ref, u"--"_s};
        } else {
            git_error_clear();
            plan.target = oidToHex(git_reference_target(remoteBranch.get()));
            plan.args =
                QStringList{u"-b"_s, ref, u"--track"_s, QString::fromUtf8(remoteName), u"--"_s};
        }
        return plan;
    }
    git_error_clear();
    if (plan.onIt)
        return plan;
    git_object *rawObject = nullptr;
    const QByteArray spec = name + "^{commit}";
    if (git_revparse_single(&rawObject, r, spec.constData()) != 0) {
        git_error_clear();
        return refNotFound(ref, where);
    }
    ObjectPtr commit(rawObject);
    plan.target = oidToHex(git_object_id(commit.get()));
    plan.args = QStringList{u"--detach"_s, plan.target, u"--"_s};
    return plan;
}

// Checks out ref (see Fetcher::checkout). Called with the backend lock held.
Result<UpdateOutcome> checkoutLocked(const QString &dest, const QString &ref,
                                     const FetchFacts &facts, std::stop_token stop)
{
    QString before;
    QString target;
    QStringList args;
    bool branchSwitch = false;
    {
        Result<RepositoryPtr> opened = openRepository(dest);
        if (!opened)
            return opened.error();
        git_repository *r = opened->get();
        before = headOf(r);
        QByteArray remote = facts.remote.toUtf8();
        if (remote.isEmpty())
            remote = primaryRemote(r);
        Result<RefCheckout> plan = planCheckout(r, remote, ref, dest);
        if (!plan)
            return Error(plan.error()).withDetail(u"path"_s, dest);
        // The branch checked out now is followed by the fast-forward below, never switched.
        if (!plan->onIt) {
            branchSwitch = plan->remoteBranch;
            target = plan->target;
            if (!branchSwitch && before == target && git_repository_head_detached(r) == 1) {
                UpdateOutcome outcome;
                outcome.shaBefore = outcome.shaAfter = target;
                return outcome;
            }
            Result<std::optional<UpdateOutcome>> dirty = refuseIfDirty(r, dest, ref);
            if (!dirty)
                return dirty.error();
            if (*dirty)
                return **dirty;
            args = QStringList{u"checkout"_s, u"-q"_s} + plan->args;
        }
    }
    QList<Message> hookWarnings;
    if (!args.isEmpty()) {
        Result<std::optional<UpdateOutcome>> switched =
            journaledGit(dest, target, args, u'\'' + ref + u'\'', stop, &hookWarnings);
        if (!switched)
            return switched.error();
        if (*switched)
            return **switched;
    }
    if (!branchSwitch && !args.isEmpty()) {
        UpdateOutcome outcome;
        outcome.state = UpdateOutcome::State::CheckedOut;
        outcome.shaBefore = before;
        outcome.shaAfter = target;
        outcome.warnings = hookWarnings;
        return outcome;
    }
    Result<UpdateOutcome> moved = fastForwardLocked(dest, facts, stop);
    if (moved)
        moved->warnings = hookWarnings + moved->warnings;
    if (moved && moved->state != UpdateOutcome::State::LeftAlone && before != moved->shaAfter)
        moved->state = UpdateOutcome::State::CheckedOut;
    if (moved)
        moved->shaBefore = before;
    return moved;
}

// Checks out ref in a clone made with --no-checkout (its index is empty): a branch of origin as
// a local tracking branch, a tag or a commit detached.
Result<void> checkOutFreshClone(const QString &dir, const QString &ref, std::stop_token stop,
                                QList<Message> *warnings)
{
    QStringList args{u"checkout"_s, u"-q"_s};
    {
        Result<RepositoryPtr> opened = openRepository(dir);
        if (!opened)
            return opened.error();
        Result<RefCheckout> plan = planCheckout(opened->get(), "origin", ref, u"the remote"_s);
        if (!plan)
            return plan.error();
        args += plan->args.isEmpty() ? QStringList{ref, u"--"_s} : plan->args;
    }
    Result<GitOutput> checkedOut = runGit(dir, args, stop);
    if (!checkedOut)
        return checkedOut.error();
    if (!checkedOut->ok()) {
        Result<RepositoryPtr> repo = openRepository(dir);
        if (repo && !headOf(repo->get()).isEmpty() && hasHook(repo->get(), "post-checkout")) {
            if (warnings)
                warnings->append(hookFailure("post-checkout", *checkedOut));
            return {};
        }
    }
    if (!checkedOut->ok())
        return commandFailure(u"checkout_failed"_s,
                              QT_TRANSLATE_NOOP("Grex", "cannot check out '%1' in %2: %3"),
                              {ref, dir}, dir, *checkedOut);
    return {};
}

} // namespace Grex::GitImpl
