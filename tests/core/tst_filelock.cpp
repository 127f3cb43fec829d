#include "core/fs/filelock.h"
#include "support/testfiles.h"
#include "support/grexrunner.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTimer>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

#include <csignal>
#include <thread>

using namespace Grex;
using namespace Qt::StringLiterals;

class tst_FileLock : public QObject
{
    Q_OBJECT

    // Starts the helper holding `path`; the caller kills it.
    QProcess *startHolder(const QString &path)
    {
        auto *holder = new QProcess(this);
        holder->start(Test::helperBinary(), {u"hold-lock"_s, path});
        if (!holder->waitForReadyRead(10000) || !holder->readAll().startsWith("locked"))
            qFatal("the lock holder did not start");
        return holder;
    }

private Q_SLOTS:
    void createsTheSidecarAndReleases()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"sub/dir/.grex.sync.lock"_s);
        {
            Result<FileLock> lock = FileLock::tryAcquire(path, LockTier::WorkspaceSync);
            QVERIFY(lock.ok());
            QVERIFY(lock->isLocked());
            QVERIFY(QFileInfo::exists(path)); // parent directories made on demand
            const std::optional<LockHolder> who = FileLock::holder(path);
            QVERIFY(who);
            QCOMPARE(who->pid, QCoreApplication::applicationPid());
        }
        QVERIFY(!FileLock::holder(path));
        QVERIFY(FileLock::tryAcquire(path, LockTier::WorkspaceSync).ok());
    }

    void secondTryFromAnotherProcessIsBusy()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u".grex.sync.lock"_s);
        QProcess *holder = startHolder(path);
        const Result<FileLock> second = FileLock::tryAcquire(path, LockTier::WorkspaceSync);
        QVERIFY(!second.ok());
        QCOMPARE(second.error().kind(), ErrorKind::Lock);
        QCOMPARE(second.error().reason(), u"lock_busy"_s);
        const JsonObject who = second.error().details().value(u"holder"_s).toObject();
        QCOMPARE(who.value(u"pid"_s).toInteger(), holder->processId());
        QCOMPARE(who.value(u"hostname"_s).toString(), QSysInfo::machineHostName());
        QVERIFY(who.value(u"application"_s).toString().contains(u"grex_test_helper"_s));
        holder->kill();
        holder->waitForFinished();
    }

    // A holder killed with SIGKILL never blocks the next run.
    void killedHolderDoesNotBlock()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u".grex.sync.lock"_s);
        QProcess *holder = startHolder(path);
        Test::signalProcess(*holder, SIGKILL);
        holder->waitForFinished();
        QVERIFY(QFileInfo::exists(path)); // the stale file is still there
        QVERIFY(!FileLock::holder(path));
        const Result<FileLock> lock = FileLock::tryAcquire(path, LockTier::WorkspaceSync);
        QVERIFY2(lock.ok(), qPrintable(lock.ok() ? QString() : lock.error().text()));
    }

    // A holder killed after creating the file but before writing its pid leaves an empty file.
    void emptyLockFileOfADeadCreator()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u".grex.lock"_s);
        QFile debris(path);
        QVERIFY(debris.open(QIODevice::WriteOnly));
        debris.close();
        // Fresh: it might belong to a live writer that has not written its pid yet.
        QVERIFY(!FileLock::tryAcquire(path, LockTier::Manifest).ok());
        // Old: nobody holds it.
        QVERIFY(debris.open(QIODevice::ReadWrite));
        QVERIFY(debris.setFileTime(QDateTime::currentDateTime().addSecs(-5),
                                   QFileDevice::FileModificationTime));
        debris.close();
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"removed the lock file"_s));
        const Result<FileLock> lock = FileLock::tryAcquire(path, LockTier::Manifest);
        QVERIFY2(lock.ok(), qPrintable(lock.ok() ? QString() : lock.error().text()));
    }

    void waitingAcquireRecoversAFreshEmptyLockFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u".grex.lock"_s);
        QFile debris(path);
        QVERIFY(debris.open(QIODevice::WriteOnly));
        debris.close();
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"removed the lock file"_s));
        QVERIFY(FileLock::acquire(path, LockTier::Manifest, {}).ok());
    }

    void waitingAcquireGetsTheLockWhenReleased()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u".grex.lock"_s);
        QProcess *holder = startHolder(path);
        QTimer::singleShot(300, holder, [holder] { holder->kill(); });
        QElapsedTimer timer;
        timer.start();
        // acquire() polls; the event loop must run for the singleShot, so wait on a thread.
        QFuture<bool> waited = QtConcurrent::run(
            [path] { return FileLock::acquire(path, LockTier::Manifest, {}).ok(); });
        while (!waited.isFinished())
            QTest::qWait(10);
        QVERIFY(waited.result());
        QVERIFY(timer.elapsed() >= 250);
    }

    void waitingAcquireIsCancellable()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u".grex.lock"_s);
        QProcess *holder = startHolder(path);
        std::stop_source stop;
        QElapsedTimer timer;
        // The lock itself is move-only; the thread reports how the wait ended.
        QFuture<std::optional<ErrorKind>> waited =
            QtConcurrent::run([path, token = stop.get_token()]() -> std::optional<ErrorKind> {
                Result<FileLock> r = FileLock::acquire(path, LockTier::Manifest, token);
                if (r.ok())
                    return std::nullopt;
                return r.error().kind();
            });
        QTest::qWait(100);
        timer.start();
        stop.request_stop();
        const std::optional<ErrorKind> outcome = waited.result();
        QVERIFY(timer.elapsed() < 30000); // a wait that ignored the token would never end
        QCOMPARE(outcome, std::optional<ErrorKind>(ErrorKind::Cancelled));
        QVERIFY(FileLock::holder(path)); // the holder keeps it
        holder->kill();
        holder->waitForFinished();
    }

    // Threads of one process: a try fails naming this process, a waiter gets the lock once
    // the holder lets go (also when it names the file differently), and a waiter can be
    // cancelled.
    void threadsOfOneProcessTakeTurns()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u".grex.lock"_s);
        std::optional<FileLock> held;
        held.emplace(FileLock::acquire(path, LockTier::Manifest, {}).value());

        // Plain threads: QFuture::result() may run a task on the waiting thread itself, which
        // holds the lock. The lock is move-only: each thread hands back what happened.
        std::optional<Error> busy;
        std::thread([&] {
            Result<FileLock> r = FileLock::tryAcquire(path, LockTier::Manifest);
            if (!r.ok())
                busy = r.error();
        }).join();
        QVERIFY(busy);
        QCOMPARE(busy->reason(), u"lock_busy"_s);
        const JsonObject who = busy->details().value(u"holder"_s).toObject();
        QCOMPARE(who.value(u"pid"_s).toInteger(), qint64(QCoreApplication::applicationPid()));

        std::atomic<int> waiterState{0}; // 0 waiting, 1 got it, 2 failed
        const QString otherSpelling = dir.path() + u"/./sub/../.grex.lock"_s;
        std::thread waiter([&] {
            Result<FileLock> lock = FileLock::acquire(otherSpelling, LockTier::Manifest, {});
            waiterState = lock.ok() ? 1 : 2;
        });
        QTest::qWait(100);
        QCOMPARE(waiterState.load(), 0); // still held
        held.reset();
        waiter.join();
        QCOMPARE(waiterState.load(), 1);

        held.emplace(FileLock::acquire(path, LockTier::Manifest, {}).value());
        std::stop_source stop;
        std::optional<ErrorKind> outcome;
        std::thread cancelled([&, token = stop.get_token()] {
            Result<FileLock> r = FileLock::acquire(path, LockTier::Manifest, token);
            if (!r.ok())
                outcome = r.error().kind();
        });
        QTest::qWait(50);
        stop.request_stop();
        cancelled.join();
        QCOMPARE(outcome, std::optional<ErrorKind>(ErrorKind::Cancelled));
        QVERIFY(held->isLocked());
    }

    void ascendingTiersAreFine()
    {
        QTemporaryDir dir;
        Result<FileLock> sync = FileLock::tryAcquire(dir.filePath(u"s"_s), LockTier::WorkspaceSync);
        Result<FileLock> pack = FileLock::tryAcquire(dir.filePath(u"p"_s), LockTier::Pack);
        Result<FileLock> manifest = FileLock::acquire(dir.filePath(u"m"_s), LockTier::Manifest, {});
        QVERIFY(sync.ok() && pack.ok() && manifest.ok());
        manifest->unlock();
        pack->unlock();
        sync->unlock();
        // After releasing, a lower tier may be taken again.
        QVERIFY(FileLock::tryAcquire(dir.filePath(u"s"_s), LockTier::WorkspaceSync).ok());
    }

    // A debug build aborts on an out-of-order acquisition.
    // The second Ctrl-C removes the held lock files and exits at once while other threads may be
    // taking a lock that very moment: no lock file may outlive the process.
    void stoppedAtOnceLeavesNoLockFile()
    {
        for (int run = 0; run < 20; ++run) {
            QTemporaryDir dir;
            QProcess helper;
            helper.start(Test::helperBinary(), {u"stop-while-locking"_s, dir.path()});
            QVERIFY(helper.waitForFinished(30000));
            QCOMPARE(helper.exitCode(), 130);
            const QStringList left = QDir(dir.path()).entryList({u"*.lock"_s}, QDir::Files);
            QVERIFY2(left.isEmpty(), qPrintable(u"run %1 left %2"_s.arg(run).arg(left.join(u' '))));
        }
    }

    void tierOrderViolationAborts()
    {
#ifndef GREX_DEBUG_CHECKS
        QSKIP("lock-order checks are compiled in with GREX_DEBUG_CHECKS (Debug builds)");
#endif
        QTemporaryDir dir;
        const Test::RunResult r =
            Test::runProgram(Test::helperBinary(), {u"lock-order-violation"_s, dir.path()}, {});
        QVERIFY(r.crashed);
        QVERIFY2(r.errText().contains(u"lock order violation"_s), r.err.constData());
        QVERIFY(r.errText().contains(u"tier 1 (workspace sync) while holding tier 5 (manifest)"_s));
    }
};

QTEST_GUILESS_MAIN(tst_FileLock)
#include "tst_filelock.moc"
