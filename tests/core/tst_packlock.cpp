// Pack lock: an in-process mutex keyed by the canonical pack path, then the QLockFile
// <pack>/.grex-lock. A thread may hold only one pack lock at a time in a debug build (tier order),
// so every holder below runs on its own thread.

#include "core/fs/filelock.h"
#include "support/testfiles.h"
#include "support/grexrunner.h"
#include "core/sched/packlock.h"
#include "support/holder.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <csignal>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

using namespace Grex;
using Grex::Test::waitFor;
using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace {

QString outcome(const Result<PackLock> &lock)
{
    if (lock)
        return u"locked"_s;
    return wireName(lock.error().kind()) + u'/' + lock.error().reason();
}

// A thread that takes the pack lock of `dir` and keeps it until release() (or destruction).
struct PackHolder : Test::Holder
{
    explicit PackHolder(const QString &dir) : Holder([dir] { return PackLock::acquire(dir, {}); })
    {
    }
};

// Runs fn on a fresh thread and waits for it: the calling thread holds no lock tier meanwhile.
template<typename Fn>
auto onThread(Fn fn)
{
    std::optional<decltype(fn())> result;
    std::thread([&] { result.emplace(fn()); }).join();
    return std::move(*result);
}

} // namespace

class tst_PackLock : public QObject
{
    Q_OBJECT

    QProcess *startFileHolder(const QString &lockPath)
    {
        auto *holder = new QProcess(this);
        holder->start(Test::helperBinary(), {u"hold-lock"_s, lockPath});
        if (!holder->waitForReadyRead(10000) || !holder->readAll().startsWith("locked"))
            qFatal("the lock holder did not start");
        return holder;
    }

private Q_SLOTS:
    // Acquiring creates the sidecar, held by this process while the lock lives.
    void createsSidecarWhileHeld()
    {
        QTemporaryDir dir;
        const QString pack = dir.filePath(u"pack"_s);
        QVERIFY(QDir().mkpath(pack));
        const QString sidecar = pack + u"/.grex-lock"_s;
        {
            Result<PackLock> lock = PackLock::acquire(pack, {});
            QCOMPARE(outcome(lock), u"locked"_s);
            QVERIFY(QFileInfo::exists(sidecar));
            const std::optional<LockHolder> who = FileLock::holder(sidecar);
            QVERIFY(who);
            QCOMPARE(who->pid, QCoreApplication::applicationPid());
        }
        QVERIFY(!FileLock::holder(sidecar));
        QCOMPARE(outcome(PackLock::tryAcquire(pack)), u"locked"_s);
    }

    // A second try-acquire from another thread of this process reports busy.
    void tryAcquireFromAnotherThreadIsBusy()
    {
        QTemporaryDir dir;
        const QString pack = dir.filePath(u"pack"_s);
        QVERIFY(QDir().mkpath(pack));
        auto holder = std::make_unique<PackHolder>(pack);
        QVERIFY(holder->waitAcquired());

        const Result<PackLock> second = PackLock::tryAcquire(pack);
        QCOMPARE(outcome(second), u"lock/pack_lock_busy"_s);
        QCOMPARE(second.error().details().value(u"path"_s).toString(), pack);

        holder.reset(); // released on destruction
        QCOMPARE(outcome(PackLock::tryAcquire(pack)), u"locked"_s);
    }

    // Released when the PackLock is destroyed, and by an explicit release().
    void releasedOnDestructionAndRelease()
    {
        QTemporaryDir dir;
        const QString pack = dir.filePath(u"pack"_s);
        QVERIFY(QDir().mkpath(pack));
        {
            Result<PackLock> lock = PackLock::tryAcquire(pack);
            QCOMPARE(outcome(lock), u"locked"_s);
            QCOMPARE(onThread([&] { return outcome(PackLock::tryAcquire(pack)); }),
                     u"lock/pack_lock_busy"_s);
        }
        QCOMPARE(onThread([&] { return outcome(PackLock::tryAcquire(pack)); }), u"locked"_s);

        Result<PackLock> lock = PackLock::acquire(pack, {});
        QCOMPARE(outcome(lock), u"locked"_s);
        PackLock moved = std::move(*lock);
        lock->release(); // the moved-from object holds nothing
        QCOMPARE(onThread([&] { return outcome(PackLock::tryAcquire(pack)); }),
                 u"lock/pack_lock_busy"_s);
        moved.release();
        QCOMPARE(onThread([&] { return outcome(PackLock::tryAcquire(pack)); }), u"locked"_s);
        moved.release(); // twice is harmless
    }

    // A blocking acquire waits for the holder and gets the lock once it lets go.
    void blockingAcquireWaitsForHolder()
    {
        QTemporaryDir dir;
        const QString pack = dir.filePath(u"pack"_s);
        QVERIFY(QDir().mkpath(pack));
        PackHolder holder(pack);
        QVERIFY(holder.waitAcquired());

        std::atomic<bool> holderLetGo{false};
        std::thread releaser([&] {
            std::this_thread::sleep_for(300ms);
            holderLetGo = true;
            holder.release();
        });
        QElapsedTimer timer;
        timer.start();
        Result<PackLock> lock = PackLock::acquire(pack, {});
        const qint64 elapsed = timer.elapsed();
        releaser.join();
        QCOMPARE(outcome(lock), u"locked"_s);
        QVERIFY2(holderLetGo.load(), "the lock was granted while the holder still had it");
        QVERIFY(elapsed >= 250);
    }

    // Distinct pack directories do not contend.
    void distinctDirsDoNotContend()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath(u"a"_s);
        const QString b = dir.filePath(u"b"_s);
        QVERIFY(QDir().mkpath(a));
        QVERIFY(QDir().mkpath(b));
        PackHolder holder(a);
        QVERIFY(holder.waitAcquired());
        QCOMPARE(outcome(PackLock::tryAcquire(b)), u"locked"_s);
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(outcome(PackLock::acquire(b, {})), u"locked"_s);
        QVERIFY(timer.elapsed() < 30000); // a wait for the holder would never end
    }

    // A cancellable acquire returns Cancelled while the holder keeps the lock, and the abandoned
    // wait leaves nothing behind.
    void cancellableAcquireReturnsCancelled()
    {
        QTemporaryDir dir;
        const QString pack = dir.filePath(u"pack"_s);
        QVERIFY(QDir().mkpath(pack));
        auto holder = std::make_unique<PackHolder>(pack);
        QVERIFY(holder->waitAcquired());

        std::stop_source source;
        QElapsedTimer sinceStop;
        std::thread canceller([&] {
            std::this_thread::sleep_for(150ms);
            sinceStop.start();
            source.request_stop();
        });
        Result<PackLock> lock = PackLock::acquire(pack, source.get_token());
        canceller.join();
        const qint64 elapsed = sinceStop.elapsed();
        QCOMPARE(outcome(lock), u"cancelled/cancelled"_s);
        QVERIFY2(elapsed < 2000, qPrintable(u"took %1 ms after the stop"_s.arg(elapsed)));
        // The holder still has it.
        QCOMPARE(outcome(PackLock::tryAcquire(pack)), u"lock/pack_lock_busy"_s);

        // An already-fired token while the lock is held returns at once.
        std::stop_source fired;
        fired.request_stop();
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(outcome(PackLock::acquire(pack, fired.get_token())), u"cancelled/cancelled"_s);
        QVERIFY(timer.elapsed() < 30000); // a wait for the holder would never end

        holder.reset();
        QCOMPARE(outcome(PackLock::tryAcquire(pack)), u"locked"_s);
    }

    // Another process holding <pack>/.grex-lock: try reports busy, a cancellable wait is
    // cancelled, a blocking wait ends when the holder goes away.
    void otherProcessHolderContends()
    {
        QTemporaryDir dir;
        const QString pack = dir.filePath(u"pack"_s);
        QVERIFY(QDir().mkpath(pack));
        QProcess *holder = startFileHolder(pack + u"/.grex-lock"_s);

        QCOMPARE(outcome(PackLock::tryAcquire(pack)), u"lock/pack_lock_busy"_s);

        std::stop_source source;
        std::thread canceller([&] {
            std::this_thread::sleep_for(150ms);
            source.request_stop();
        });
        QCOMPARE(outcome(PackLock::acquire(pack, source.get_token())), u"cancelled/cancelled"_s);
        canceller.join();
        // Another thread sees the other process's lock too. (That the abandoned waits left no
        // in-process claim shows below: the blocking acquire gets the lock.)
        QCOMPARE(onThread([&] { return outcome(PackLock::tryAcquire(pack)); }),
                 u"lock/pack_lock_busy"_s);

        std::atomic<bool> killed{false};
        std::thread killer([&] {
            std::this_thread::sleep_for(300ms);
            killed = true;
            Test::signalProcess(*holder, SIGKILL);
        });
        std::stop_source guard; // a bound, in case the wait never ends
        std::thread watchdog([&] {
            waitFor([&] { return guard.stop_requested(); }, 10000);
            guard.request_stop();
        });
        QElapsedTimer timer;
        timer.start();
        QString got;
        {
            const Result<PackLock> lock = PackLock::acquire(pack, guard.get_token());
            got = outcome(lock);
        }
        const qint64 elapsed = timer.elapsed();
        guard.request_stop();
        killer.join();
        watchdog.join();
        holder->waitForFinished();
        QCOMPARE(got, u"locked"_s);
        QVERIFY(killed.load());
        QVERIFY(elapsed < 10000);
    }

    // The in-process key is canonical: a symlink to the pack, a trailing slash or a `..` detour
    // contend with the real path.
    void keyCanonicalisesSymlinks()
    {
        QTemporaryDir dir;
        const QString pack = dir.filePath(u"real/pack"_s);
        QVERIFY(QDir().mkpath(pack));
        const QString link = dir.filePath(u"link-to-pack"_s);
        QVERIFY(QFile::link(pack, link));
        QCOMPARE(PackLock::canonicalKey(link), PackLock::canonicalKey(pack));
        QCOMPARE(PackLock::canonicalKey(pack + u'/'), PackLock::canonicalKey(pack));
        QCOMPARE(PackLock::canonicalKey(dir.filePath(u"real/../real/pack"_s)),
                 PackLock::canonicalKey(pack));

        PackHolder holder(pack);
        QVERIFY(holder.waitAcquired());
        QCOMPARE(outcome(PackLock::tryAcquire(link)), u"lock/pack_lock_busy"_s);
        QCOMPARE(outcome(PackLock::tryAcquire(pack + u'/')), u"lock/pack_lock_busy"_s);
        QCOMPARE(outcome(PackLock::tryAcquire(dir.filePath(u"real/../real/pack"_s))),
                 u"lock/pack_lock_busy"_s);

        // And the other way round: holding through the link blocks the real path.
        holder.release();
        QVERIFY(waitFor([&] { return holder.releasing(); }));
        PackHolder viaLink(link);
        QVERIFY(viaLink.waitAcquired());
        QCOMPARE(outcome(PackLock::tryAcquire(pack)), u"lock/pack_lock_busy"_s);
    }

    // 100 operations on one pack from a thread pool never overlap.
    void stressSamePackSerialises()
    {
        QTemporaryDir dir;
        const QString pack = dir.filePath(u"pack"_s);
        QVERIFY(QDir().mkpath(pack));
        QThreadPool pool;
        pool.setMaxThreadCount(16);
        std::atomic<int> inside{0};
        std::atomic<int> peak{0};
        std::atomic<int> done{0};
        std::atomic<int> failed{0};
        QList<QFuture<void>> futures;
        for (int i = 0; i < 100; ++i) {
            futures.append(QtConcurrent::run(&pool, [&] {
                Result<PackLock> lock = PackLock::acquire(pack, {});
                if (!lock) {
                    ++failed;
                    return;
                }
                const int now = ++inside;
                int seen = peak.load();
                while (now > seen && !peak.compare_exchange_weak(seen, now)) {
                }
                std::this_thread::sleep_for(1ms);
                --inside;
                ++done;
            }));
        }
        for (QFuture<void> &f : futures)
            f.waitForFinished();
        QCOMPARE(failed.load(), 0);
        QCOMPARE(done.load(), 100);
        QCOMPARE(peak.load(), 1);
    }

    // 100 distinct packs can all be held at the same moment.
    void stressDistinctPacksDoNotContend()
    {
        QTemporaryDir dir;
        constexpr int Packs = 100;
        for (int i = 0; i < Packs; ++i)
            QVERIFY(QDir().mkpath(dir.filePath(u"pack-%1"_s.arg(i))));
        std::atomic<int> holding{0};
        std::atomic<int> sawAll{0};
        std::atomic<int> failed{0};
        std::vector<std::thread> threads;
        for (int i = 0; i < Packs; ++i) {
            const QString pack = dir.filePath(u"pack-%1"_s.arg(i));
            threads.emplace_back([&, pack] {
                Result<PackLock> lock = PackLock::acquire(pack, {});
                if (!lock) {
                    ++failed;
                    return;
                }
                ++holding;
                if (waitFor([&] { return holding.load() == Packs; }, 20000))
                    ++sawAll;
            });
        }
        for (std::thread &t : threads)
            t.join();
        QCOMPARE(failed.load(), 0);
        QCOMPARE(sawAll.load(), Packs);
    }

    // Workers walk overlapping path lists (3 shared packs each) for 10 iterations; no path is ever
    // held twice and everything finishes well within 60 s.
    void stressOverlappingTrees()
    {
        QTemporaryDir dir;
        constexpr int Trees = 5;
        constexpr int Depth = 20;
        QList<QStringList> trees;
        for (int t = 0; t < Trees; ++t) {
            QStringList paths;
            for (int d = 0; d < Depth - 3; ++d)
                paths.append(dir.filePath(u"tree-%1/level-%2"_s.arg(t).arg(d)));
            for (int s = 0; s < 3; ++s)
                paths.append(dir.filePath(u"shared/child-%1"_s.arg(s)));
            trees.append(paths);
        }
        QMap<QString, std::shared_ptr<std::atomic<int>>> counters;
        for (const QStringList &paths : trees)
            for (const QString &p : paths)
                counters.insert(p, std::make_shared<std::atomic<int>>(0));
        std::atomic<int> overlaps{0};
        std::atomic<int> failed{0};
        QThreadPool pool;
        pool.setMaxThreadCount(8);
        QElapsedTimer timer;
        timer.start();
        QList<QFuture<void>> futures;
        for (int iteration = 0; iteration < 10; ++iteration) {
            for (const QStringList &paths : std::as_const(trees)) {
                futures.append(QtConcurrent::run(&pool, [&, paths] {
                    for (const QString &p : paths) {
                        Result<PackLock> lock = PackLock::acquire(p, {});
                        if (!lock) {
                            ++failed;
                            continue;
                        }
                        std::atomic<int> &count = *counters.value(p);
                        if (++count > 1)
                            ++overlaps;
                        std::this_thread::yield();
                        --count;
                    }
                }));
            }
        }
        for (QFuture<void> &f : futures)
            f.waitForFinished();
        QCOMPARE(failed.load(), 0);
        QCOMPARE(overlaps.load(), 0);
        QVERIFY2(timer.elapsed() < 60000, qPrintable(u"took %1 ms"_s.arg(timer.elapsed())));
    }
};

QTEST_GUILESS_MAIN(tst_PackLock)
#include "tst_packlock.moc"
