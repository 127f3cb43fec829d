#include "core/git/gitfetcher.h"
#include "core/git/repository.h"
#include "support/remotebuilder.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

// Cloning, probing a remote and reading a clone's state; a clone holds its destination's
// backend lock and removes it when done.
class tst_GitFetcher : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_remote;
    QString m_mainSha;
    QString m_devSha;
    QString m_firstSha;

private Q_SLOTS:
    void initTestCase()
    {
        RemoteBuilder remotes(m_dir.filePath(u"remotes"_s));
        m_remote = remotes.create(u"pack"_s, RemoteBuilder::packFiles(u"pack"_s));
        m_firstSha = remotes.tip(m_remote);
        remotes.tag(m_remote, u"v1.0"_s, m_firstSha);
        RemoteBuilder::Files files = RemoteBuilder::packFiles(u"pack"_s);
        files.insert(u"dev.txt"_s, "dev\n");
        m_devSha = remotes.commit(m_remote, files, u"dev"_s);
        files.insert(u"main.txt"_s, "main\n");
        m_mainSha = remotes.commit(m_remote, files, u"main"_s);
    }

    void clonesIntoAnAbsentDirectory()
    {
        GitFetcher git;
        const QString dest = m_dir.filePath(u"ws1/pack"_s);
        QDir().mkpath(m_dir.filePath(u"ws1"_s));
        const Result<FetchReport> r = git.clone(m_remote, dest, std::nullopt, {}, {});
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().text()));
        QCOMPARE(r->sha, m_mainSha);
        QCOMPARE(r->branch, std::optional<QString>(u"main"_s));
        QVERIFY(QFile::exists(dest + u"/main.txt"_s));
        QCOMPARE(git.headSha(dest).value(), m_mainSha);
        QCOMPARE(git.headSha(dest)->size(), 40);
        QCOMPARE(git.currentBranch(dest).value(), std::optional<QString>(u"main"_s));
        QCOMPARE(git.isDirty(dest).value(), false);
        QCOMPARE(git.originUrl(dest).value(), m_remote);
        QVERIFY(Git::isRepository(dest));
        QVERIFY(!QFileInfo::exists(backendLockPath(dest))); // released and removed
    }

    // A clone says how much it received and when it checks out, for the live progress.
    void cloneReportsBytesAndCheckout()
    {
        RemoteBuilder remotes(m_dir.filePath(u"remotes"_s));
        RemoteBuilder::Files files = RemoteBuilder::packFiles(u"heavy"_s);
        QByteArray noise(3 * 1024 * 1024, Qt::Uninitialized);
        quint32 x = 12345;
        for (char &c : noise) {
            x = x * 1664525u + 1013904223u; // incompressible enough that git sends it all
            c = char(x >> 24);
        }
        files.insert(u"noise.bin"_s, noise);
        const QString heavy = remotes.create(u"heavy"_s, files);
        qint64 received = 0;
        QStringList phases;
        const GitActivity activity{[&](const QString &phase) { phases.append(phase); },
                                   [&](qint64 bytes) { received = std::max(received, bytes); }};
        GitFetcher git;
        QDir().mkpath(m_dir.filePath(u"ws-heavy"_s));
        {
            const GitActivityScope scope(&activity);
            // A shallow file:// clone goes through git's transport, as a remote does (a full
            // one hard-links the objects and receives nothing).
            CloneOptions shallow;
            shallow.depth = 1;
            QVERIFY(git.clone(u"file://"_s + heavy, m_dir.filePath(u"ws-heavy/heavy"_s),
                              std::nullopt, shallow, {})
                        .ok());
        }
        QVERIFY2(received >= 2 * 1024 * 1024, qPrintable(QString::number(received)));
        QVERIFY2(phases.contains(u"checkout"_s), qPrintable(phases.join(u',')));
        // Outside the scope nobody listens.
        QVERIFY(!GitActivityScope::current());
    }

    void clonesIntoAnEmptyDirectory()
    {
        GitFetcher git;
        const QString dest = m_dir.filePath(u"ws2/pack"_s);
        QDir().mkpath(dest);
        QVERIFY(git.clone(u"file://"_s + m_remote, dest, std::nullopt, {}, {}).ok());
    }

    void refusesANonEmptyDirectory()
    {
        GitFetcher git;
        const QString dest = m_dir.filePath(u"ws3/pack"_s);
        QDir().mkpath(dest);
        QFile f(dest + u"/mine.txt"_s);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const Result<FetchReport> r = git.clone(m_remote, dest, std::nullopt, {}, {});
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"destination_not_empty"_s);
        QVERIFY(QFile::exists(dest + u"/mine.txt"_s));
    }

    // A clone is made beside dest and renamed into place: a killed clone leaves its staging
    // directory, never a half-made repository at dest, and the next clone removes it.
    void cloneReplacesWhatAKilledCloneLeft()
    {
        GitFetcher git;
        const QString dest = m_dir.filePath(u"ws3b/pack"_s);
        const QString staging = cloneStagingPath(dest);
        QCOMPARE(staging, m_dir.filePath(u"ws3b/.grex-clone-pack"_s));
        QVERIFY(QDir().mkpath(staging + u"/.git/objects"_s));
        QFile debris(staging + u"/half.txt"_s);
        QVERIFY(debris.open(QIODevice::WriteOnly));
        debris.close();
        const Result<FetchReport> r = git.clone(m_remote, dest, std::nullopt, {}, {});
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().text()));
        QVERIFY(!QFileInfo::exists(staging));
        QVERIFY(!QFileInfo::exists(dest + u"/half.txt"_s));
        QCOMPARE(git.headSha(dest).value(), m_mainSha);
        QCOMPARE(git.isDirty(dest).value(), false);
    }

    void clonesABranchAsTrackingBranch()
    {
        GitFetcher git;
        const QString dest = m_dir.filePath(u"ws4/pack"_s);
        const Result<FetchReport> r = git.clone(m_remote, dest, u"dev"_s, {}, {});
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().text()));
        QCOMPARE(r->sha, m_devSha);
        QCOMPARE(r->branch, std::optional<QString>(u"dev"_s));
        QVERIFY(QFile::exists(dest + u"/dev.txt"_s));
        QVERIFY(!QFile::exists(dest + u"/main.txt"_s));
        QCOMPARE(git.isDirty(dest).value(), false);
    }

    void clonesATagAndACommitDetached_data()
    {
        QTest::addColumn<QString>("ref");
        QTest::newRow("tag") << u"v1.0"_s;
        QTest::newRow("full sha") << u"FIRST"_s;
        QTest::newRow("short sha") << u"SHORT"_s;
    }

    void clonesATagAndACommitDetached()
    {
        QFETCH(QString, ref);
        if (ref == u"FIRST")
            ref = m_firstSha;
        if (ref == u"SHORT")
            ref = m_firstSha.left(10);
        GitFetcher git;
        const QString dest = m_dir.filePath(u"ws5-"_s + QString::number(qHash(ref)) + u"/pack"_s);
        const Result<FetchReport> r = git.clone(m_remote, dest, ref, {}, {});
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().text()));
        QCOMPARE(r->sha, m_firstSha);
        QVERIFY(!r->branch);
        QCOMPARE(git.currentBranch(dest).value(), std::optional<QString>());
        QVERIFY(!QFile::exists(dest + u"/dev.txt"_s));
        QCOMPARE(git.isDirty(dest).value(), false);
    }

    void unknownRefFailsAndLeavesNothing()
    {
        GitFetcher git;
        const QString dest = m_dir.filePath(u"ws6/pack"_s);
        const Result<FetchReport> r = git.clone(m_remote, dest, u"no-such-ref"_s, {}, {});
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"ref_not_found"_s);
        QVERIFY(!QFileInfo::exists(dest));
        QVERIFY(!QFileInfo::exists(cloneStagingPath(dest)));
    }

    void unreachableRemoteFailsAndLeavesNothing()
    {
        GitFetcher git;
        const QString dest = m_dir.filePath(u"ws7/pack"_s);
        const Result<FetchReport> r =
            git.clone(m_dir.filePath(u"nowhere.git"_s), dest, std::nullopt, {}, {});
        QVERIFY(!r.ok());
        // git's words decide the reason: a path with no repository is not found.
        QCOMPARE(r.error().reason(), u"not_found"_s);
        QVERIFY(!r.error().hint().isEmpty());
        QVERIFY(!QFileInfo::exists(dest));
    }

    void cancelledCloneLeavesNothing()
    {
        GitFetcher git;
        const QString dest = m_dir.filePath(u"ws8/pack"_s);
        std::stop_source stop;
        stop.request_stop();
        const Result<FetchReport> r = git.clone(m_remote, dest, std::nullopt, {}, stop.get_token());
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Cancelled);
        QVERIFY(!QFileInfo::exists(dest));
    }

    void probeRemote()
    {
        GitFetcher git;
        QCOMPARE(git.probeRemote(m_remote, std::nullopt, {}).value(), m_mainSha);
        QCOMPARE(git.probeRemote(m_remote, u"dev"_s, {}).value(), m_devSha);
        QCOMPARE(git.probeRemote(m_remote, u"v1.0"_s, {}).value(), m_firstSha);
        QCOMPARE(git.probeRemote(m_remote, m_firstSha.left(8), {}).value(), m_firstSha);
        const Result<QString> missing = git.probeRemote(m_remote, u"nope"_s, {});
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().reason(), u"ref_not_found"_s);
        const Result<QString> unreachable =
            git.probeRemote(m_dir.filePath(u"nowhere.git"_s), std::nullopt, {});
        QVERIFY(!unreachable.ok());
        QCOMPARE(unreachable.error().reason(), u"not_found"_s);
    }

    void dirtinessAndLocalChanges()
    {
        GitFetcher git;
        const QString dest = m_dir.filePath(u"ws9/pack"_s);
        QVERIFY(git.clone(m_remote, dest, std::nullopt, {}, {}).ok());
        QVERIFY(git.localChanges(dest)->isClean());

        // grex's own sidecar never counts
        QFile sidecar(dest + u"/.grex-lock"_s);
        QVERIFY(sidecar.open(QIODevice::WriteOnly));
        sidecar.close();
        QVERIFY(git.localChanges(dest)->isClean());

        QFile untracked(dest + u"/notes.txt"_s);
        QVERIFY(untracked.open(QIODevice::WriteOnly));
        untracked.close();
        QCOMPARE(git.isDirty(dest).value(), false); // untracked files are not dirt
        QCOMPARE(git.localChanges(dest)->untracked, 1);

        QFile tracked(dest + u"/README.md"_s);
        QVERIFY(tracked.open(QIODevice::Append));
        tracked.write("edit\n");
        tracked.close();
        QCOMPARE(git.isDirty(dest).value(), true);
        QCOMPARE(git.localChanges(dest)->tracked, 1);
    }

    void notARepository()
    {
        GitFetcher git;
        const Result<QString> r = git.headSha(m_dir.path());
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"not_a_repository"_s);
        QVERIFY(!Git::isRepository(m_dir.path()));
    }

    void setsConfig()
    {
        GitFetcher git;
        const QString dest = m_dir.filePath(u"ws10/pack"_s);
        QVERIFY(git.clone(m_remote, dest, std::nullopt, {}, {}).ok());
        QVERIFY(Git::setConfigString(dest, u"core.hooksPath"_s, u".grex/hooks"_s).ok());
        QFile config(dest + u"/.git/config"_s);
        QVERIFY(config.open(QIODevice::ReadOnly));
        QVERIFY(config.readAll().contains("hooksPath = .grex/hooks"));
    }
};

QTEST_GUILESS_MAIN(tst_GitFetcher)
#include "tst_gitfetcher.moc"
