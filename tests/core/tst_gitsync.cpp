#include "core/fs/filelock.h"
#include "core/fs/fsutil.h"
#include "core/git/gitfetcher.h"
#include "core/git/remoteprobe_p.h"
#include "support/remotebuilder.h"
#include "support/testfiles.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include <thread>

#include <sys/wait.h>
#include <unistd.h>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

QString gitOutput(const QString &dir, const QStringList &args)
{
    QProcess process;
    process.setWorkingDirectory(dir);
    process.start(u"git"_s, args);
    if (!process.waitForFinished() || process.exitCode() != 0)
        qFatal("git %s failed: %s", qPrintable(args.join(u' ')),
               process.readAllStandardError().constData());
    return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
}

// Marks the clone's FETCH_HEAD and makes it an hour old, fetches, and says whether git ran:
// a fetch rewrites FETCH_HEAD, a skipped one only makes it new again. Fails the test when the
// fetch fails or leaves FETCH_HEAD old.
bool gitFetched(const QString &clone)
{
    const QString path = clone + u"/.git/FETCH_HEAD"_s;
    QFile file(path);
    if (!file.open(QIODevice::Append) || file.write("# grex test marker\n") < 0)
        qFatal("cannot mark %s", qPrintable(path));
    file.setFileTime(QDateTime::currentDateTimeUtc().addSecs(-3600),
                     QFileDevice::FileModificationTime);
    file.close();
    if (!GitFetcher().fetch(clone, {}).ok())
        qFatal("the fetch into %s failed", qPrintable(clone));
    if (QFileInfo(path).lastModified().secsTo(QDateTime::currentDateTime()) > 60)
        qFatal("the fetch left FETCH_HEAD old");
    return !readFile(path).contains("# grex test marker");
}

// Whether the clone's last fetch took the branches by the ids the probe saw: FETCH_HEAD then
// names no branch, where `git fetch origin` writes "branch 'main' of <url>".
bool fetchedById(const QString &clone)
{
    const QByteArray fetchHead = readFile(clone + u"/.git/FETCH_HEAD"_s);
    return !fetchHead.isEmpty() && !fetchHead.contains("branch '");
}

bool hasRef(const QString &repo, const QString &ref)
{
    QProcess process;
    process.setWorkingDirectory(repo);
    process.start(u"git"_s, {u"rev-parse"_s, u"--verify"_s, u"-q"_s, ref});
    process.waitForFinished();
    return process.exitCode() == 0;
}

} // namespace

// Fetching into an existing clone and moving its tree: fast-forward, pinned refs, the backend
// lock and the clean check under it (docs/design.md, "Fast-forward and checkout").
class tst_GitSync : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    RemoteBuilder m_remotes{m_dir.filePath(u"remotes"_s)};
    int m_counter = 0;

    struct Fixture
    {
        QString remote;
        QString clone;
        RemoteBuilder::Files files;
    };

    Fixture cloned()
    {
        Fixture f;
        const QString name = u"r%1"_s.arg(++m_counter);
        f.files = RemoteBuilder::packFiles(name);
        f.remote = m_remotes.create(name, f.files);
        f.clone = m_dir.filePath(u"ws/"_s + name);
        GitFetcher fetcher;
        if (!fetcher.clone(f.remote, f.clone, std::nullopt, {}, {}).ok())
            qFatal("clone failed");
        return f;
    }

private Q_SLOTS:
    void fetchThenFastForward()
    {
        Fixture f = cloned();
        GitFetcher fetcher;
        const QString before = fetcher.headSha(f.clone).value();
        f.files.insert(u"new.txt"_s, "new\n");
        const QString upstream = m_remotes.commit(f.remote, f.files);

        // Nothing moves before a fetch.
        QCOMPARE(fetcher.fastForward(f.clone, {})->state, UpdateOutcome::State::UpToDate);
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        QCOMPARE(fetcher.headSha(f.clone).value(), before);
        const Result<UpdateOutcome> moved = fetcher.fastForward(f.clone, {});
        QVERIFY(moved.ok());
        QCOMPARE(moved->state, UpdateOutcome::State::FastForwarded);
        QCOMPARE(moved->shaBefore, before);
        QCOMPARE(moved->shaAfter, upstream);
        QCOMPARE(fetcher.headSha(f.clone).value(), upstream);
        QCOMPARE(readFile(f.clone + u"/new.txt"_s), QByteArray("new\n"));
        QCOMPARE(fetcher.isDirty(f.clone).value(), false);
        QCOMPARE(fetcher.fastForward(f.clone, {})->state, UpdateOutcome::State::UpToDate);
    }

    // A fast-forward killed half-way: HEAD still at the old commit, README.md half-written, the
    // new file written, and the journal in the git dir. The next operation rolls those files
    // back, so the fast-forward happens instead of the tree being "dirty" for ever.
    void interruptedCheckoutIsRolledBack()
    {
        Fixture f = cloned();
        GitFetcher fetcher;
        const QString before = fetcher.headSha(f.clone).value();
        f.files.insert(u"README.md"_s, "new readme\n");
        f.files.insert(u"new.txt"_s, "new\n");
        const QString upstream = m_remotes.commit(f.remote, f.files);
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        QVERIFY(writeFile(f.clone + u"/README.md"_s, "new rea"));
        QVERIFY(writeFile(f.clone + u"/new.txt"_s, "new\n"));
        QVERIFY(writeFile(f.clone + u"/.git/grex-checkout"_s,
                          before.toLatin1() + ' ' + upstream.toLatin1() + '\n'));
        QCOMPARE(fetcher.isDirty(f.clone).value(), true);

        const Result<UpdateOutcome> moved = fetcher.fastForward(f.clone, {});
        QVERIFY(moved.ok());
        QCOMPARE(moved->state, UpdateOutcome::State::FastForwarded);
        QCOMPARE(fetcher.headSha(f.clone).value(), upstream);
        QCOMPARE(readFile(f.clone + u"/README.md"_s), QByteArray("new readme\n"));
        QCOMPARE(fetcher.isDirty(f.clone).value(), false);
        QVERIFY(!QFileInfo::exists(f.clone + u"/.git/grex-checkout"_s));
    }

    // The same kill, but inside libgit2's checkout: git's index.lock is left too, so a rollback
    // alone failed with "the index is locked" (found by tst_crashinject). The busy marker says a
    // grex was killed in there, and the lock files made since then, which no process has open,
    // go.
    void killedCheckoutsIndexLockIsRemoved()
    {
        Fixture f = cloned();
        GitFetcher fetcher;
        const QString before = fetcher.headSha(f.clone).value();
        f.files.insert(u"README.md"_s, "new readme\n");
        const QString upstream = m_remotes.commit(f.remote, f.files);
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        QVERIFY(!QFileInfo::exists(f.clone + u"/.git/grex-busy"_s));
        QVERIFY(writeFile(f.clone + u"/.git/grex-busy"_s, "4242\n"));
        QVERIFY(writeFile(f.clone + u"/.git/grex-checkout"_s,
                          before.toLatin1() + ' ' + upstream.toLatin1() + '\n'));
        QVERIFY(writeFile(f.clone + u"/README.md"_s, "new rea"));
        QVERIFY(writeFile(f.clone + u"/.git/index.lock"_s, "DIRC"));

        const Result<UpdateOutcome> moved = fetcher.fastForward(f.clone, {});
        QVERIFY2(moved.ok(), qPrintable(moved ? QString() : moved.error().text()));
        QCOMPARE(moved->state, UpdateOutcome::State::FastForwarded);
        QCOMPARE(fetcher.headSha(f.clone).value(), upstream);
        QCOMPARE(readFile(f.clone + u"/README.md"_s), QByteArray("new readme\n"));
        QVERIFY(!QFileInfo::exists(f.clone + u"/.git/index.lock"_s));
        QVERIFY(!QFileInfo::exists(f.clone + u"/.git/grex-busy"_s));
        QVERIFY(!QFileInfo::exists(f.clone + u"/.git/grex-checkout"_s));
    }

    // A fetch killed while it moved a remote-tracking ref leaves that ref's .lock.
    void killedFetchsRefLockIsRemoved()
    {
        Fixture f = cloned();
        GitFetcher fetcher;
        f.files.insert(u"new.txt"_s, "new\n");
        const QString upstream = m_remotes.commit(f.remote, f.files);
        QVERIFY(writeFile(f.clone + u"/.git/grex-busy"_s, "4242\n"));
        QVERIFY(writeFile(f.clone + u"/.git/refs/remotes/origin/main.lock"_s, "0000\n"));
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        QCOMPARE(gitOutput(f.clone, {u"rev-parse"_s, u"origin/main"_s}), upstream);
        QVERIFY(!QFileInfo::exists(f.clone + u"/.git/refs/remotes/origin/main.lock"_s));
    }

    // What grex cannot vouch for stays: a lock older than the marker (a git command of the
    // user's, killed before), and one a running process has open.
    void foreignGitLocksStay()
    {
        Fixture f = cloned();
        GitFetcher fetcher;
        f.files.insert(u"README.md"_s, "new readme\n");
        m_remotes.commit(f.remote, f.files);
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        const QString indexLock = f.clone + u"/.git/index.lock"_s;

        QVERIFY(writeFile(indexLock, "DIRC"));
        QFile old(indexLock);
        QVERIFY(old.open(QIODevice::ReadWrite));
        QVERIFY(old.setFileTime(QDateTime::currentDateTime().addSecs(-60),
                                QFileDevice::FileModificationTime));
        old.close();
        QVERIFY(writeFile(f.clone + u"/.git/grex-busy"_s, "4242\n"));
        Result<UpdateOutcome> moved = fetcher.fastForward(f.clone, {});
        QVERIFY(!moved.ok());
        QVERIFY2(moved.error().text().contains(u".git/index.lock': File exists"_s),
                 qPrintable(moved.error().text()));
        QVERIFY(QFileInfo::exists(indexLock));
        // Refused before it wrote anything: no half-checked-out tree that looks like changes.
        QCOMPARE(fetcher.isDirty(f.clone).value(), false);
        QVERIFY(QFile::remove(indexLock));

        QVERIFY(writeFile(f.clone + u"/.git/grex-busy"_s, "4242\n"));
        QFile held(indexLock);
        QVERIFY(held.open(QIODevice::WriteOnly));
        QVERIFY(isOpenByAnyProcess(indexLock));
        moved = fetcher.fastForward(f.clone, {});
        QVERIFY(!moved.ok());
        QVERIFY(QFileInfo::exists(indexLock));
        QCOMPARE(fetcher.isDirty(f.clone).value(), false);
        held.close();
        QVERIFY(!isOpenByAnyProcess(indexLock));
        QVERIFY(QFile::remove(indexLock));
        QCOMPARE(fetcher.fastForward(f.clone, {})->state, UpdateOutcome::State::FastForwarded);
    }

    // A journal whose "before" is not HEAD any more describes nothing grex can undo: it is
    // dropped and the user's edit stays.
    void staleCheckoutJournalTouchesNothing()
    {
        Fixture f = cloned();
        GitFetcher fetcher;
        f.files.insert(u"README.md"_s, "new readme\n");
        const QString upstream = m_remotes.commit(f.remote, f.files);
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        QVERIFY(writeFile(f.clone + u"/README.md"_s, "my edit\n"));
        QVERIFY(writeFile(f.clone + u"/.git/grex-checkout"_s,
                          upstream.toLatin1() + ' ' + upstream.toLatin1() + '\n'));
        QCOMPARE(fetcher.fastForward(f.clone, {})->state, UpdateOutcome::State::LeftAlone);
        QCOMPARE(readFile(f.clone + u"/README.md"_s), QByteArray("my edit\n"));
        QVERIFY(!QFileInfo::exists(f.clone + u"/.git/grex-checkout"_s));
    }

    void dirtyTreeIsLeftAlone()
    {
        Fixture f = cloned();
        f.files.insert(u"new.txt"_s, "new\n");
        m_remotes.commit(f.remote, f.files);
        QVERIFY(writeFile(f.clone + u"/README.md"_s, "local edit\n"));
        GitFetcher fetcher;
        const QString before = fetcher.headSha(f.clone).value();
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        const Result<UpdateOutcome> outcome = fetcher.fastForward(f.clone, {});
        QVERIFY(outcome.ok());
        QCOMPARE(outcome->state, UpdateOutcome::State::LeftAlone);
        QVERIFY(outcome->note.text().contains(u"uncommitted changes"_s));
        QCOMPARE(fetcher.headSha(f.clone).value(), before);
        QCOMPARE(readFile(f.clone + u"/README.md"_s), QByteArray("local edit\n"));
        // Untracked files do not count as dirt.
        runGit(f.clone, {u"checkout"_s, u"-q"_s, u"--"_s, u"README.md"_s});
        QVERIFY(writeFile(f.clone + u"/scratch.txt"_s, "mine\n"));
        QCOMPARE(fetcher.fastForward(f.clone, {})->state, UpdateOutcome::State::FastForwarded);
        QCOMPARE(readFile(f.clone + u"/scratch.txt"_s), QByteArray("mine\n"));
    }

    void divergedBranchIsLeftAlone()
    {
        Fixture f = cloned();
        f.files.insert(u"upstream.txt"_s, "u\n");
        m_remotes.commit(f.remote, f.files);
        QVERIFY(writeFile(f.clone + u"/local.txt"_s, "l\n"));
        runGit(f.clone, {u"add"_s, u"local.txt"_s});
        runGit(f.clone, {u"commit"_s, u"-q"_s, u"-m"_s, u"local"_s});
        GitFetcher fetcher;
        const QString local = fetcher.headSha(f.clone).value();
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        const Result<UpdateOutcome> outcome = fetcher.fastForward(f.clone, {});
        QCOMPARE(outcome->state, UpdateOutcome::State::LeftAlone);
        QVERIFY(outcome->note.text().contains(u"diverged"_s));
        QCOMPARE(fetcher.headSha(f.clone).value(), local);
    }

    void detachedHeadIsLeftAlone()
    {
        Fixture f = cloned();
        runGit(f.clone, {u"checkout"_s, u"-q"_s, u"--detach"_s});
        GitFetcher fetcher;
        const Result<UpdateOutcome> outcome = fetcher.fastForward(f.clone, {});
        QCOMPARE(outcome->state, UpdateOutcome::State::LeftAlone);
        QVERIFY(outcome->note.text().contains(u"detached"_s));
    }

    // A declared ref is checked out on an existing clone.
    void checkoutPinnedRefs()
    {
        Fixture f = cloned();
        const QString first = m_remotes.tip(f.remote);
        m_remotes.tag(f.remote, u"v1"_s, first);
        RemoteBuilder::Files dev = f.files;
        dev.insert(u"dev.txt"_s, "d\n");
        const QString devSha = m_remotes.commit(f.remote, dev, u"dev"_s);
        f.files.insert(u"main2.txt"_s, "m\n");
        m_remotes.commit(f.remote, f.files);
        GitFetcher fetcher;
        QVERIFY(fetcher.fetch(f.clone, {}).ok());

        Result<UpdateOutcome> toDev = fetcher.checkout(f.clone, u"dev"_s, {});
        QVERIFY2(toDev.ok(), qPrintable(toDev.ok() ? QString() : toDev.error().text()));
        QCOMPARE(toDev->state, UpdateOutcome::State::CheckedOut);
        QCOMPARE(fetcher.headSha(f.clone).value(), devSha);
        QCOMPARE(fetcher.currentBranch(f.clone).value(), std::optional<QString>(u"dev"_s));
        QVERIFY(QFile::exists(f.clone + u"/dev.txt"_s));
        QCOMPARE(fetcher.checkout(f.clone, u"dev"_s, {})->state, UpdateOutcome::State::UpToDate);

        // The branch keeps following its upstream.
        dev.insert(u"dev2.txt"_s, "d2\n");
        const QString devSha2 = m_remotes.commit(f.remote, dev, u"dev"_s);
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        QCOMPARE(fetcher.checkout(f.clone, u"dev"_s, {})->shaAfter, devSha2);

        Result<UpdateOutcome> toTag = fetcher.checkout(f.clone, u"v1"_s, {});
        QVERIFY(toTag.ok());
        QCOMPARE(toTag->state, UpdateOutcome::State::CheckedOut);
        QCOMPARE(fetcher.headSha(f.clone).value(), first);
        QCOMPARE(fetcher.currentBranch(f.clone).value(), std::optional<QString>());
        QVERIFY(!QFile::exists(f.clone + u"/dev.txt"_s));
        QCOMPARE(fetcher.checkout(f.clone, first.left(8), {})->state,
                 UpdateOutcome::State::UpToDate);

        const Result<UpdateOutcome> missing = fetcher.checkout(f.clone, u"nope"_s, {});
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().reason(), u"ref_not_found"_s);
    }

    void checkoutLeavesADirtyTree()
    {
        Fixture f = cloned();
        m_remotes.tag(f.remote, u"v1"_s, m_remotes.tip(f.remote));
        f.files.insert(u"x.txt"_s, "x\n");
        m_remotes.commit(f.remote, f.files);
        GitFetcher fetcher;
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        QVERIFY(fetcher.fastForward(f.clone, {}).ok());
        QVERIFY(writeFile(f.clone + u"/README.md"_s, "edit\n"));
        const Result<UpdateOutcome> outcome = fetcher.checkout(f.clone, u"v1"_s, {});
        QCOMPARE(outcome->state, UpdateOutcome::State::LeftAlone);
        QCOMPARE(readFile(f.clone + u"/README.md"_s), QByteArray("edit\n"));
    }

    // Fetches of one destination serialise on its backend lock; distinct ones do not.
    void fetchesOfOneCloneSerialise()
    {
        Fixture f = cloned();
        // Hold the backend lock from another thread, the way a concurrent fetch would.
        std::atomic<bool> held{false};
        std::atomic<bool> release{false};
        QFuture<void> holder = QtConcurrent::run([&] {
            Result<FileLock> lock =
                FileLock::acquire(backendLockPath(f.clone), LockTier::Backend, {});
            held = true;
            while (!release)
                QThread::msleep(5);
        });
        while (!held)
            QThread::msleep(5);
        GitFetcher fetcher;
        std::stop_source stop;
        QFuture<bool> waiting =
            QtConcurrent::run([&] { return fetcher.fetch(f.clone, stop.get_token()).ok(); });
        QTest::qWait(200);
        QVERIFY(!waiting.isFinished()); // waits for the holder
        release = true;
        holder.waitForFinished();
        QVERIFY(waiting.result());
    }

    // Under the workspace sync lock the backend lock lives in this process only: no lock file,
    // but two threads still take turns on one clone.
    void backendLockUnderTheSyncLockStaysInProcess()
    {
        Fixture f = cloned();
        const QString workspace = QFileInfo(f.clone).absolutePath();
        Result<FileLock> sync = FileLock::tryAcquire(
            workspace + u'/' + WorkspaceSyncLockName.toString(), LockTier::WorkspaceSync);
        QVERIFY(sync.ok());
        std::atomic<bool> held{false};
        std::atomic<bool> release{false};
        std::thread holder([&] {
            Result<FileLock> lock = FileLock::acquire(backendLockPath(f.clone), LockTier::Backend,
                                                      {}, FileLock::Scope::Process);
            held = lock.ok();
            while (!release)
                QThread::msleep(5);
        });
        while (!held)
            QThread::msleep(5);
        QVERIFY(!QFile::exists(backendLockPath(f.clone)));
        QVERIFY(FileLock::isHeldHere(backendLockPath(f.clone)));
        GitFetcher fetcher;
        std::atomic<bool> done{false};
        std::thread updater([&] {
            done = fetcher.update(f.clone, std::nullopt, {}).ok();
        });
        QTest::qWait(150);
        QVERIFY(!done); // waits for the other thread
        release = true;
        holder.join();
        updater.join();
        QVERIFY(done);
        QVERIFY(!FileLock::isHeldHere(backendLockPath(f.clone)));
    }

    void fetchWithoutOrigin()
    {
        const QString dir = m_dir.filePath(u"no-origin"_s);
        QDir().mkpath(dir);
        runGit(dir, {u"init"_s, u"-q"_s});
        GitFetcher fetcher;
        const Result<void> r = fetcher.fetch(dir, {});
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"no_remote"_s);
        QVERIFY(r.error().message().text().contains(u"no default remote configured"_s));
        // Kept until a fetch succeeds: status says fetch_failed, not clean.
        const Result<RepoStatus> status = fetcher.inspect(dir, std::nullopt);
        QVERIFY(status.ok());
        QVERIFY(status->lastFetchError);
        QCOMPARE(status->lastFetchError->reason(), u"no_remote"_s);
    }

    // What sync calls: fetch and fast-forward (or check out a ref) in one go.
    void updateFetchesThenMoves()
    {
        Fixture f = cloned();
        GitFetcher fetcher;
        const QString before = fetcher.headSha(f.clone).value();
        f.files.insert(u"new.txt"_s, "new\n");
        const QString upstream = m_remotes.commit(f.remote, f.files);
        const Result<UpdateOutcome> moved = fetcher.update(f.clone, std::nullopt, {});
        QVERIFY(moved.ok());
        QCOMPARE(moved->state, UpdateOutcome::State::FastForwarded);
        QCOMPARE(moved->shaBefore, before);
        QCOMPARE(moved->shaAfter, upstream);
        QCOMPARE(moved->branch, std::optional<QString>(u"main"_s));
        QCOMPARE(readFile(f.clone + u"/new.txt"_s), QByteArray("new\n"));

        m_remotes.tag(f.remote, u"v1"_s, before);
        const Result<UpdateOutcome> pinned = fetcher.update(f.clone, u"v1"_s, {});
        QVERIFY(pinned.ok());
        QCOMPARE(pinned->state, UpdateOutcome::State::CheckedOut);
        QCOMPARE(pinned->shaBefore, upstream);
        QCOMPARE(pinned->shaAfter, before);
        QCOMPARE(pinned->branch, std::optional<QString>());

        const Result<FetchReport> described = fetcher.describe(f.clone);
        QVERIFY(described.ok());
        QCOMPARE(described->sha, before);
        QVERIFY(!described->branch);
        QCOMPARE(fetcher.describe(m_dir.filePath(u"nothing-here"_s)).error().reason(),
                 u"not_a_repository"_s);
    }

    // url.<base>.insteadOf applies to clone, fetch and originUrl, longest prefix first; the
    // config keeps the URL as the user wrote it.
    void insteadOfRewritesUrls()
    {
        const QString name = u"r%1"_s.arg(++m_counter);
        RemoteBuilder::Files files = RemoteBuilder::packFiles(name);
        const QString remote = m_remotes.create(name, files);
        const QString remotesDir = QFileInfo(remote).absolutePath();
        const QString globalConfig = QDir::homePath() + u"/.gitconfig"_s;
        if (QFile::exists(globalConfig))
            QSKIP("needs a HOME without .gitconfig; ctest gives each test its own");
        // A [url] section without a base URL is no rule (git and libgit2 ignore it).
        QVERIFY(writeFile(globalConfig, "[url]\n\tinsteadOf = grex-test:team/\n"
                                        "[url \"/nonexistent/\"]\n"
                                        "\tinsteadOf = grex-test:\n"
                                        "[url \"" + remotesDir.toUtf8() + "/\"]\n"
                                        "\tinsteadOf = grex-test:team/\n"));
        const auto cleanup = qScopeGuard([&] { QFile::remove(globalConfig); });

        GitFetcher fetcher;
        const QString clone = m_dir.filePath(u"ws/"_s + name);
        const QString alias = u"grex-test:team/"_s + name + u".git"_s;
        const Result<FetchReport> cloned = fetcher.clone(alias, clone, std::nullopt, {}, {});
        QVERIFY2(cloned.ok(), qPrintable(cloned.ok() ? QString() : cloned.error().text()));
        QCOMPARE(gitOutput(clone, {u"config"_s, u"remote.origin.url"_s}), alias);
        QCOMPARE(fetcher.originUrl(clone).value(), remote);

        files.insert(u"more.txt"_s, "more\n");
        const QString upstream = m_remotes.commit(remote, files);
        const Result<UpdateOutcome> moved = fetcher.update(clone, std::nullopt, {});
        QVERIFY2(moved.ok(), qPrintable(moved.ok() ? QString() : moved.error().text()));
        QCOMPARE(moved->shaAfter, upstream);
    }

    // remote.origin.tagopt and fetch.prune are honoured as git does.
    // A remote on this machine is asked in process: a fetch runs only when a ref moved, and
    // every way a ref can move makes it run.
    void onlyWhatMovedIsFetched()
    {
        Fixture f = cloned();
        QVERIFY(GitFetcher().fetch(f.clone, {}).ok()); // the first fetch says what it saw
        QVERIFY(!gitFetched(f.clone));

        f.files.insert(u"new.txt"_s, "new\n");
        const QString tip = m_remotes.commit(f.remote, f.files);
        QVERIFY(gitFetched(f.clone));
        QCOMPARE(gitOutput(f.clone, {u"rev-parse"_s, u"origin/main"_s}), tip);
        QVERIFY(fetchedById(f.clone)); // only a branch moved
        QVERIFY(!gitFetched(f.clone));

        // A new tag only, on a commit the clone has: git fetches it, by name.
        m_remotes.tag(f.remote, u"v1"_s, tip);
        QVERIFY(gitFetched(f.clone));
        QVERIFY(hasRef(f.clone, u"refs/tags/v1"_s));
        QVERIFY(!fetchedById(f.clone));
        QVERIFY(!gitFetched(f.clone));

        // A new commit and a tag on it: by name, so that the tag comes too.
        f.files.insert(u"tagged.txt"_s, "tagged\n");
        const QString tagged = m_remotes.commit(f.remote, f.files);
        m_remotes.tag(f.remote, u"v2"_s, tagged);
        QVERIFY(gitFetched(f.clone));
        QVERIFY(!fetchedById(f.clone));
        QCOMPARE(gitOutput(f.clone, {u"rev-parse"_s, u"v2^{commit}"_s}), tagged);
        QVERIFY(!gitFetched(f.clone));

        // A force push: main replaced by another commit.
        runGit(f.remote, {u"update-ref"_s, u"refs/heads/main"_s, tagged + u"~1"_s});
        QVERIFY(gitFetched(f.clone));
        QCOMPARE(gitOutput(f.clone, {u"rev-parse"_s, u"origin/main"_s}),
                 gitOutput(f.remote, {u"rev-parse"_s, u"main"_s}));
        QVERIFY(fetchedById(f.clone));
        QVERIFY(!gitFetched(f.clone));

        // A new branch, then the same branch deleted.
        runGit(f.remote, {u"branch"_s, u"-q"_s, u"dev"_s, u"main"_s});
        QVERIFY(gitFetched(f.clone));
        QVERIFY(hasRef(f.clone, u"refs/remotes/origin/dev"_s));
        QVERIFY(fetchedById(f.clone));
        runGit(f.remote, {u"branch"_s, u"-q"_s, u"-D"_s, u"dev"_s});
        QVERIFY(gitFetched(f.clone));
        QVERIFY(!fetchedById(f.clone));
        // Not pruned (git's default): the clone keeps origin/dev, so it is asked each time.
        QVERIFY(gitFetched(f.clone));

        // The remote's HEAD names another branch it already had.
        runGit(f.remote, {u"branch"_s, u"-q"_s, u"next"_s, u"main"_s});
        QVERIFY(gitFetched(f.clone));
        runGit(f.clone, {u"config"_s, u"fetch.prune"_s, u"true"_s});
        QVERIFY(gitFetched(f.clone)); // prunes origin/dev
        QVERIFY(!gitFetched(f.clone));
        // The remote's HEAD alone is followed without a fetch, which would not follow it.
        runGit(f.remote, {u"symbolic-ref"_s, u"HEAD"_s, u"refs/heads/next"_s});
        QVERIFY(!gitFetched(f.clone));
        QCOMPARE(gitOutput(f.clone, {u"symbolic-ref"_s, u"refs/remotes/origin/HEAD"_s}),
                 u"refs/remotes/origin/next"_s);
    }

    // url.<base>.insteadOf in the clone's own config sends git's fetch elsewhere: the probe asks
    // that remote too, so a move only there is fetched.
    void cloneConfigInsteadOfIsFollowed()
    {
        Fixture f = cloned();
        QVERIFY(GitFetcher().fetch(f.clone, {}).ok());
        QVERIFY(!gitFetched(f.clone));
        const QString mirror = f.remote + u"-mirror.git"_s;
        runGit(m_dir.path(), {u"clone"_s, u"-q"_s, u"--bare"_s, f.remote, mirror});
        runGit(f.clone, {u"config"_s, u"url."_s + mirror + u".insteadOf"_s, f.remote});
        f.files.insert(u"mirror-only.txt"_s, "only on the mirror\n");
        const QString tip = m_remotes.commit(mirror, f.files);
        QVERIFY(gitFetched(f.clone));
        QCOMPARE(gitOutput(f.clone, {u"rev-parse"_s, u"origin/main"_s}), tip);
    }

    // A clone no fetch has touched (git clone writes no FETCH_HEAD) is asked too, and the
    // skipped fetch writes the FETCH_HEAD git's would: the same bytes, for a checkout that
    // merges a branch and for a detached one, with the URL as git shows it.
    void aCloneThatNeverFetchedIsAsked()
    {
        Fixture f = cloned();
        // Enough branches that an order other than git's (by name) shows.
        for (const QString &branch : {u"zeta"_s, u"alpha"_s, u"feature/x"_s, u"Beta"_s, u"m"_s})
            runGit(f.remote, {u"branch"_s, u"-q"_s, branch, u"main"_s});
        m_remotes.tag(f.remote, u"v1"_s, m_remotes.tip(f.remote));
        const QString trace = m_dir.filePath(u"never-fetched.trace"_s);
        qputenv("GIT_TRACE", QFile::encodeName(trace));
        const auto untrace = qScopeGuard([] { qunsetenv("GIT_TRACE"); });
        int round = 0;
        for (const QString &url :
             QStringList{f.remote, f.remote + u"/"_s, u"file://"_s + f.remote}) {
            for (const bool detached : {false, true}) {
                const QString base = m_dir.filePath(u"never-fetched-%1"_s.arg(++round));
                runGit(m_dir.path(), {u"clone"_s, u"-q"_s, url, base + u"-git"_s});
                runGit(m_dir.path(), {u"clone"_s, u"-q"_s, url, base + u"-grex"_s});
                if (detached) {
                    runGit(base + u"-git"_s, {u"checkout"_s, u"-q"_s, u"--detach"_s});
                    runGit(base + u"-grex"_s, {u"checkout"_s, u"-q"_s, u"--detach"_s});
                }
                QVERIFY(!QFile::exists(base + u"-grex/.git/FETCH_HEAD"_s));
                QFile::remove(trace);
                QVERIFY(GitFetcher().fetch(base + u"-grex"_s, {}).ok());
                QVERIFY2(!QFile::exists(trace), qPrintable(url)); // no git ran
                runGit(base + u"-git"_s, {u"fetch"_s, u"-q"_s, u"origin"_s});
                QCOMPARE(readFile(base + u"-grex/.git/FETCH_HEAD"_s),
                         readFile(base + u"-git/.git/FETCH_HEAD"_s));
            }
        }
        // A failed fetch leaves FETCH_HEAD empty; the next one that skips fills it in.
        const QString clone = m_dir.filePath(u"never-fetched-1-grex"_s);
        QVERIFY(writeFile(clone + u"/.git/FETCH_HEAD"_s, QByteArray()));
        QVERIFY(GitFetcher().fetch(clone, {}).ok());
        QCOMPARE(readFile(clone + u"/.git/FETCH_HEAD"_s),
                 readFile(m_dir.filePath(u"never-fetched-1-git/.git/FETCH_HEAD"_s)));
    }

    // With prune and pruneTags (the remote's own settings over fetch's), git deletes the tags the
    // remote deleted, so such a tag is fetched; without both, git keeps it and nothing moved.
    void tagsPrunedByGitAreFetched()
    {
        Fixture f = cloned();
        m_remotes.tag(f.remote, u"v1"_s, m_remotes.tip(f.remote));
        QVERIFY(GitFetcher().fetch(f.clone, {}).ok());
        QVERIFY(hasRef(f.clone, u"refs/tags/v1"_s));
        runGit(f.remote, {u"tag"_s, u"-d"_s, u"v1"_s});
        QVERIFY(!gitFetched(f.clone));
        runGit(f.clone, {u"config"_s, u"fetch.pruneTags"_s, u"true"_s});
        QVERIFY(!gitFetched(f.clone)); // pruneTags alone prunes nothing
        runGit(f.clone, {u"config"_s, u"remote.origin.prune"_s, u"true"_s});
        runGit(f.clone, {u"config"_s, u"fetch.prune"_s, u"false"_s});
        QVERIFY(gitFetched(f.clone));
        QVERIFY(!hasRef(f.clone, u"refs/tags/v1"_s));
        QVERIFY(!gitFetched(f.clone));
        // A setting git cannot read as a boolean is git's to refuse.
        runGit(f.clone, {u"config"_s, u"remote.origin.pruneTags"_s, u"sometimes"_s});
        QVERIFY(!GitFetcher().fetch(f.clone, {}).ok());
    }

    // A process that exited and waits for its parent to reap it (as an ssh master does under an
    // init that reaps late) is not alive: grex does not wait for it to go.
    void exitedProcessIsNotAlive()
    {
        QVERIFY(processAlive(::getpid()));
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0)
            ::_exit(0);
        const auto reap = qScopeGuard([&] { ::waitpid(child, nullptr, 0); });
        siginfo_t info = {};
        QCOMPARE(::waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT), 0);
        QVERIFY(::kill(child, 0) == 0); // a zombie still answers a signal
        QVERIFY(!processAlive(child));
        QVERIFY(!processAlive(0));
    }

    // What upload-pack answers, from the real git: a v0 advertisement (also with the v2 request
    // written before it, as the SSH probe does), v2's capabilities and ls-refs answer, the answer
    // of a stateless (HTTP) request alone, an empty repository; a cut or refused answer is none.
    void uploadPackAnswersAreRead()
    {
        Fixture f = cloned();
        runGit(f.remote, {u"tag"_s, u"light"_s, u"main"_s});
        runGit(f.remote, {u"-c"_s, u"user.name=t"_s, u"-c"_s, u"user.email=t@t"_s, u"tag"_s,
                          u"-a"_s, u"-m"_s, u"notes"_s, u"annotated"_s, u"main"_s});
        runGit(f.remote, {u"branch"_s, u"-q"_s, u"dev"_s, u"main"_s});
        runGit(f.remote, {u"symbolic-ref"_s, u"HEAD"_s, u"refs/heads/dev"_s});
        const auto ask = [](const QString &repo, const QStringList &args, const QByteArray &input,
                            bool v2) {
            QProcess process;
            if (v2) {
                QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
                env.insert(u"GIT_PROTOCOL"_s, u"version=2"_s);
                process.setProcessEnvironment(env);
            }
            process.start(u"git"_s, QStringList{u"upload-pack"_s} + args + QStringList{repo});
            process.write(input);
            process.closeWriteChannel();
            process.waitForFinished();
            return process.readAllStandardOutput();
        };
        const auto expected = [&](const QString &repo) {
            GitImpl::RemoteRefs refs;
            const QString listed =
                gitOutput(repo, {u"for-each-ref"_s, u"--format=%(refname) %(objectname)"_s});
            for (const QString &line : listed.split(u'\n', Qt::SkipEmptyParts)) {
                const QStringList words = line.split(u' ');
                const QByteArray oid = QByteArray::fromHex(words[1].toLatin1());
                if (words[0].startsWith(u"refs/heads/"))
                    refs.heads.insert(words[0].mid(11).toUtf8(), oid);
                else
                    refs.tags.insert(words[0].mid(10).toUtf8(), oid);
            }
            refs.head = gitOutput(repo, {u"symbolic-ref"_s, u"--short"_s, u"HEAD"_s});
            return refs;
        };
        const auto same = [](const std::optional<GitImpl::RemoteRefs> &read,
                             const GitImpl::RemoteRefs &want) {
            return read && read->heads == want.heads && read->tags == want.tags &&
                   read->head == want.head;
        };
        const GitImpl::RemoteRefs want = expected(f.remote);
        QCOMPARE(want.tags.size(), 2);
        const QByteArray request = GitImpl::lsRefsRequest();
        const QByteArray v0 = ask(f.remote, {}, "0000", false);
        QVERIFY(same(GitImpl::parseUploadPackAnswer(v0, true), want));
        QVERIFY(
            same(GitImpl::parseUploadPackAnswer(ask(f.remote, {}, request, false), true), want));
        const QByteArray v2 = ask(f.remote, {}, request, true);
        QVERIFY(v2.startsWith("000eversion 2\n"));
        QVERIFY(same(GitImpl::parseUploadPackAnswer(v2, true), want));
        const QByteArray stateless = ask(f.remote, {u"--stateless-rpc"_s}, request, true);
        QVERIFY(same(GitImpl::parseUploadPackAnswer(stateless, false), want));
        const QByteArray info = "001e# service=git-upload-pack\n0000" +
                                ask(f.remote, {u"--http-backend-info-refs"_s}, {}, false);
        QVERIFY(same(GitImpl::parseUploadPackAnswer(info, true), want));

        const QString empty = m_dir.filePath(u"empty.git"_s);
        runGit(m_dir.path(), {u"init"_s, u"-q"_s, u"--bare"_s, empty});
        const std::optional<GitImpl::RemoteRefs> none =
            GitImpl::parseUploadPackAnswer(ask(empty, {}, "0000", false), true);
        QVERIFY(none && none->heads.isEmpty() && none->tags.isEmpty());
        QVERIFY(GitImpl::parseUploadPackAnswer(ask(empty, {}, request, true), true));

        QVERIFY(!GitImpl::parseUploadPackAnswer(v0.left(v0.size() - 4), true));
        QVERIFY(!GitImpl::parseUploadPackAnswer(v2.left(v2.size() - 30), true));
        QVERIFY(!GitImpl::parseUploadPackAnswer("0015ERR access denied", true));
        QVERIFY(!GitImpl::parseUploadPackAnswer({}, true));
    }

    // The default branch renamed: the fetch sees main gone, and the probe after it keeps
    // saying so without asking git again.
    void aRenamedDefaultBranchStaysGone()
    {
        Fixture f = cloned();
        QVERIFY(GitFetcher().fetch(f.clone, {}).ok());
        runGit(f.clone, {u"config"_s, u"fetch.prune"_s, u"true"_s});
        runGit(f.remote, {u"branch"_s, u"-q"_s, u"-m"_s, u"main"_s, u"trunk"_s});
        runGit(f.remote, {u"symbolic-ref"_s, u"HEAD"_s, u"refs/heads/trunk"_s});
        GitFetcher fetcher;
        QVERIFY(gitFetched(f.clone));
        const Result<RepoStatus> gone = fetcher.inspect(f.clone, std::nullopt);
        QVERIFY(gone.ok());
        QVERIFY(gone->upstreamGone);
        QCOMPARE(gone->remoteDefaultBranch, u"trunk"_s);
        QVERIFY(!gitFetched(f.clone));
        const Result<UpdateOutcome> again = fetcher.update(f.clone, std::nullopt, {});
        QVERIFY(again.ok());
        QCOMPARE(again->why, u"upstream_gone"_s);
        QCOMPARE(again->remoteDefaultBranch, u"trunk"_s);
    }

    void tagAndPruneSettings()
    {
        Fixture f = cloned();
        RemoteBuilder::Files dev = f.files;
        dev.insert(u"dev.txt"_s, "d\n");
        m_remotes.commit(f.remote, dev, u"dev"_s);
        GitFetcher fetcher;
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        QVERIFY(hasRef(f.clone, u"refs/remotes/origin/dev"_s));

        // Tags on fetched commits follow by default, not with --no-tags.
        f.files.insert(u"a.txt"_s, "a\n");
        m_remotes.tag(f.remote, u"v-auto"_s, m_remotes.commit(f.remote, f.files));
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        QVERIFY(hasRef(f.clone, u"refs/tags/v-auto"_s));
        runGit(f.clone, {u"config"_s, u"remote.origin.tagopt"_s, u"--no-tags"_s});
        f.files.insert(u"b.txt"_s, "b\n");
        m_remotes.tag(f.remote, u"v-none"_s, m_remotes.commit(f.remote, f.files));
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        QVERIFY(!hasRef(f.clone, u"refs/tags/v-none"_s));

        // A branch deleted upstream stays until pruning is asked for.
        runGit(f.remote, {u"branch"_s, u"-q"_s, u"-D"_s, u"dev"_s});
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        QVERIFY(hasRef(f.clone, u"refs/remotes/origin/dev"_s));
        runGit(f.clone, {u"config"_s, u"fetch.prune"_s, u"true"_s});
        QVERIFY(fetcher.fetch(f.clone, {}).ok());
        QVERIFY(!hasRef(f.clone, u"refs/remotes/origin/dev"_s));
    }

    // The upstream of a branch goes through the remote's own fetch refspec.
    void upstreamFollowsTheFetchRefspec()
    {
        Fixture f = cloned();
        runGit(f.clone,
               {u"config"_s, u"remote.origin.fetch"_s, u"+refs/heads/*:refs/remotes/mirror/*"_s});
        f.files.insert(u"c.txt"_s, "c\n");
        const QString upstream = m_remotes.commit(f.remote, f.files);
        GitFetcher fetcher;
        const Result<UpdateOutcome> moved = fetcher.update(f.clone, std::nullopt, {});
        QVERIFY(moved.ok());
        QVERIFY(hasRef(f.clone, u"refs/remotes/mirror/main"_s));
        QCOMPARE(moved->state, UpdateOutcome::State::FastForwarded);
        QCOMPARE(moved->shaAfter, upstream);

        // No upstream configured: left alone, and said so.
        runGit(f.clone, {u"config"_s, u"--unset"_s, u"branch.main.merge"_s});
        const Result<UpdateOutcome> alone = fetcher.update(f.clone, std::nullopt, {});
        QCOMPARE(alone->state, UpdateOutcome::State::LeftAlone);
        QVERIFY(alone->note.text().contains(u"tracks no upstream"_s));
    }

    // Without a fetch refspec git updates no remote-tracking branch, so nothing tracks one.
    void remoteWithoutFetchRefspec()
    {
        Fixture f = cloned();
        runGit(f.clone, {u"config"_s, u"--unset-all"_s, u"remote.origin.fetch"_s});
        const QString tracked = gitOutput(f.clone, {u"rev-parse"_s, u"refs/remotes/origin/main"_s});
        f.files.insert(u"d.txt"_s, "d\n");
        m_remotes.commit(f.remote, f.files);
        GitFetcher fetcher;
        const Result<UpdateOutcome> outcome = fetcher.update(f.clone, std::nullopt, {});
        QVERIFY2(outcome.ok(), qPrintable(outcome.ok() ? QString() : outcome.error().text()));
        QCOMPARE(outcome->state, UpdateOutcome::State::LeftAlone);
        QVERIFY(outcome->note.text().contains(u"tracks no upstream"_s));
        QCOMPARE(gitOutput(f.clone, {u"rev-parse"_s, u"refs/remotes/origin/main"_s}), tracked);
    }

    // A clone of an empty repository is on its (unborn) branch, with no commit.
    void emptyRepositoryHasABranchButNoCommit()
    {
        const QString remote = m_dir.filePath(u"remotes/empty.git"_s);
        QDir().mkpath(remote);
        runGit(remote, {u"init"_s, u"-q"_s, u"--bare"_s, u"-b"_s, u"trunk"_s});
        GitFetcher fetcher;
        const QString clone = m_dir.filePath(u"ws/empty"_s);
        QVERIFY(fetcher.clone(remote, clone, std::nullopt, {}, {}).ok());
        const Result<FetchReport> head = fetcher.describe(clone);
        QVERIFY(head.ok());
        QVERIFY(head->sha.isEmpty());
        QVERIFY(head->branch && !head->branch->isEmpty());
        QCOMPARE(fetcher.currentBranch(clone).value(), head->branch);
    }
};

QTEST_GUILESS_MAIN(tst_GitSync)
#include "tst_gitsync.moc"
