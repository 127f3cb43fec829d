#include "core/git/packgit.h"

#include "core/git/gitfetcher_p.h"

using namespace Qt::StringLiterals;

namespace Grex::Git {

using namespace GitImpl;

namespace {

// git's failure as reason, in sourceText whose arguments are words then git's own words.
Result<void> runOrFail(const QString &dir, const QStringList &args, const QString &reason,
                       const char *sourceText, const QStringList &words, std::stop_token stop)
{
    Result<GitOutput> ran = runGit(dir, args, stop);
    if (!ran)
        return ran.error();
    if (!ran->ok())
        return commandFailure(reason, sourceText, words, dir, *ran);
    return {};
}

QString stashTip(const QString &dir, std::stop_token stop)
{
    Result<GitOutput> tip =
        runGit(dir, {u"rev-parse"_s, u"--quiet"_s, u"--verify"_s, u"refs/stash"_s}, stop);
    return tip && tip->ok() ? QString::fromUtf8(tip->out).trimmed() : QString();
}

} // namespace

Result<void> switchBranch(const QString &dir, const QString &remote, const QString &branch,
                          std::stop_token stop)
{
    return withLockedClone(dir, stop, [&]() -> Result<void> {
        Result<GitOutput> local = runGit(
            dir, {u"rev-parse"_s, u"--quiet"_s, u"--verify"_s, u"refs/heads/"_s + branch}, stop);
        if (!local)
            return local.error();
        const QStringList args =
            local->ok() ? QStringList{u"switch"_s, u"--quiet"_s, u"--no-guess"_s, branch}
                        : QStringList{u"switch"_s, u"--quiet"_s, u"--create"_s,
                                      branch,      u"--track"_s, remote + u'/' + branch};
        return runOrFail(dir, args, u"switch_failed"_s,
                         QT_TRANSLATE_NOOP("Grex", "cannot switch %1 to %2: %3"), {dir, branch},
                         stop);
    });
}

QString remoteHeadBranch(const QString &dir, const QString &remote, const QString &url,
                         std::stop_token stop)
{
    if (const QString asked = remoteDefaultBranch(dir, remote, url, stop); !asked.isEmpty())
        return asked;
    // A fetch that pruned the branch leaves refs/remotes/<remote>/HEAD pointing at nothing.
    if (remoteHeadDangles(dir, remote))
        return {};
    Result<GitOutput> head = runGit(
        dir, {u"symbolic-ref"_s, u"--quiet"_s, u"refs/remotes/"_s + remote + u"/HEAD"_s}, stop);
    if (!head || !head->ok())
        return {};
    const QString prefix = u"refs/remotes/"_s + remote + u'/';
    const QString target = QString::fromUtf8(head->out).trimmed();
    return target.startsWith(prefix) ? target.mid(prefix.size()) : QString();
}

Result<void> setRemoteHead(const QString &dir, const QString &remote, const QString &branch,
                           std::stop_token stop)
{
    return withLockedClone(dir, stop, [&]() -> Result<void> {
        return runOrFail(dir, {u"remote"_s, u"set-head"_s, remote, branch}, u"switch_failed"_s,
                         QT_TRANSLATE_NOOP("Grex", "cannot record %1 as the default branch of "
                                                   "%2: %3"),
                         {branch, remote}, stop);
    });
}

Result<bool> stashAll(const QString &dir, const QString &message, std::stop_token stop)
{
    return withLockedClone(dir, stop, [&]() -> Result<bool> {
        const QString before = stashTip(dir, stop);
        if (Result<void> stashed =
                runOrFail(dir,
                          {u"stash"_s, u"push"_s, u"--include-untracked"_s, u"--quiet"_s,
                           u"--message"_s, message},
                          u"stash_failed"_s, QT_TRANSLATE_NOOP("Grex", "cannot stash in %1: %2"),
                          {dir}, stop);
            !stashed)
            return stashed.error();
        return stashTip(dir, stop) != before;
    });
}

Result<void> discardAll(const QString &dir, std::stop_token stop)
{
    return withLockedClone(dir, stop, [&]() -> Result<void> {
        if (Result<void> reset = runOrFail(
                dir, {u"reset"_s, u"--hard"_s, u"--quiet"_s, u"HEAD"_s}, u"discard_failed"_s,
                QT_TRANSLATE_NOOP("Grex", "cannot discard the changes in %1: %2"), {dir}, stop);
            !reset)
            return reset.error();
        // -d: untracked folders too; no -x, so ignored files (build output, secrets) stay, and
        // grex's own lock and state files are kept the way status leaves them out.
        return runOrFail(dir,
                         {u"clean"_s, u"-d"_s, u"--force"_s, u"--quiet"_s,
                          u"--exclude=.grex-lock"_s, u"--exclude=.grex/.state/"_s},
                         u"discard_failed"_s,
                         QT_TRANSLATE_NOOP("Grex", "cannot delete the untracked files in %1: %2"),
                         {dir}, stop);
    });
}

} // namespace Grex::Git
