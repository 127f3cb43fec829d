// Scheduler: a counting semaphore with FIFO waiters and cancellable acquisition. A debug build
// aborts when one thread holds two permits (lock tier order), so every permit here is taken and
// given back on its own thread.

#include "core/sched/scheduler.h"
#include "core/sched/width.h"
#include "support/holder.h"

#include <QElapsedTimer>
#include <QList>
#include <QTest>
#include <QThread>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using namespace Grex;
using Grex::Test::waitFor;
using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace {

// `threads` threads that each take a permit `rounds` times and hold it for a millisecond: how
// many times one was taken, and in peak the most held at once.
int hammer(Scheduler &scheduler, int threads, int rounds, int &peak)
{
    std::atomic<int> current{0};
    std::atomic<int> most{0};
    std::atomic<int> taken{0};
    std::vector<std::thread> running;
    for (int t = 0; t < threads; ++t) {
        running.emplace_back([&] {
            for (int round = 0; round < rounds; ++round) {
                Result<Scheduler::Permit> permit = scheduler.acquire({});
                if (!permit)
                    return;
                const int now = ++current;
                int seen = most.load();
                while (now > seen && !most.compare_exchange_weak(seen, now)) {
                }
                std::this_thread::sleep_for(1ms);
                --current;
                ++taken;
            }
        });
    }
    for (std::thread &t : running)
        t.join();
    peak = most.load();
    return taken.load();
}

// A thread that takes one permit and keeps it until release() (or destruction).
struct PermitHolder : Test::Holder
{
    explicit PermitHolder(Scheduler &scheduler)
        : Holder([&scheduler] { return scheduler.acquire({}); })
    {
    }
};

// The shared state of a test whose threads may deadlock inside the scheduler. A test deletes
// it only when everything finished; on a hang it is leaked on purpose, so the stuck threads
// never touch freed memory and no joinable std::thread is ever destroyed.
struct Fixture
{
    explicit Fixture(int width) : scheduler(width) {}
    ~Fixture()
    {
        holders.clear();
        joinThreads();
    }
    // A thread that waits for a permit and counts how its wait ended.
    void startWaiter(std::stop_token token)
    {
        threads.emplace_back([this, token] {
            ++started;
            Result<Scheduler::Permit> permit = scheduler.acquire(token);
            if (permit)
                ++granted;
            else if (permit.error().kind() == ErrorKind::Cancelled)
                ++cancelled;
        });
    }
    void joinThreads()
    {
        for (std::thread &t : threads) {
            if (t.joinable())
                t.join();
        }
    }

    Scheduler scheduler;
    std::atomic<int> started{0};
    std::atomic<int> granted{0};
    std::atomic<int> cancelled{0};
    std::vector<std::unique_ptr<PermitHolder>> holders;
    std::vector<std::thread> threads;
};

// Requests the stop from a detached thread (stop callbacks run on the requesting thread);
// false when request_stop() did not return within timeoutMs.
bool requestStopWithin(std::stop_source source, int timeoutMs)
{
    auto done = std::make_shared<std::atomic<bool>>(false);
    std::thread([source, done]() mutable {
        source.request_stop();
        *done = true;
    }).detach();
    return waitFor([&] { return done->load(); }, timeoutMs);
}

} // namespace

class tst_Scheduler : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reportsWidth()
    {
        Scheduler scheduler(3);
        QCOMPARE(scheduler.maxParallelism(), 3);
        QCOMPARE(scheduler.available(), 3);
        QCOMPARE(scheduler.inFlight(), 0);
        QCOMPARE(scheduler.highWater(), 0);
    }

    // N permits are handed out, the N+1st acquire waits until one comes back.
    void acquireBlocksWhenSaturated()
    {
        Scheduler scheduler(3);
        std::vector<std::unique_ptr<PermitHolder>> holders;
        for (int i = 0; i < 3; ++i) {
            holders.push_back(std::make_unique<PermitHolder>(scheduler));
            QVERIFY(holders.back()->waitAcquired());
        }
        QCOMPARE(scheduler.inFlight(), 3);
        QCOMPARE(scheduler.available(), 0);

        PermitHolder fourth(scheduler);
        std::this_thread::sleep_for(200ms);
        QVERIFY2(!fourth.hasAcquired(), "a fourth permit was handed out by a 3-permit scheduler");

        holders.front()->release();
        QVERIFY(fourth.waitAcquired());
        QCOMPARE(scheduler.inFlight(), 3);
        QVERIFY(scheduler.highWater() <= 3);

        holders.clear();
        fourth.release();
        QVERIFY(waitFor([&] { return scheduler.inFlight() == 0; }));
        QCOMPARE(scheduler.available(), 3);
    }

    // Width 0 means no bound.
    void zeroIsUnbounded()
    {
        Scheduler scheduler(0);
        constexpr int Workers = 64;
        std::atomic<int> holding{0};
        std::atomic<int> sawAll{0};
        std::vector<std::thread> threads;
        for (int i = 0; i < Workers; ++i) {
            threads.emplace_back([&] {
                Result<Scheduler::Permit> permit = scheduler.acquire({});
                if (!permit)
                    return;
                ++holding;
                // Everybody holds a permit at the same time, or nobody gets past this.
                if (waitFor([&] { return holding.load() == Workers; }, 10000))
                    ++sawAll;
            });
        }
        for (std::thread &t : threads)
            t.join();
        QCOMPARE(sawAll.load(), Workers);
        QCOMPARE(scheduler.highWater(), Workers);
        QCOMPARE(scheduler.inFlight(), 0);
        QVERIFY(scheduler.available() >= Workers);
    }

    // Waiters are served in the order they queued.
    void waitersAreServedFirstComeFirstServed()
    {
        Scheduler scheduler(1);
        PermitHolder holder(scheduler);
        QVERIFY(holder.waitAcquired());

        constexpr int Waiters = 8;
        std::mutex orderMutex;
        QList<int> order;
        std::atomic<int> started{0};
        std::vector<std::thread> threads;
        for (int i = 0; i < Waiters; ++i) {
            threads.emplace_back([&, i] {
                started = i + 1;
                Result<Scheduler::Permit> permit = scheduler.acquire({});
                if (permit) {
                    std::lock_guard guard(orderMutex);
                    order.append(i);
                }
                std::this_thread::sleep_for(2ms);
            });
            QVERIFY(waitFor([&] { return started.load() == i + 1; }));
            std::this_thread::sleep_for(100ms); // let it reach the queue before the next one
        }
        holder.release();
        for (std::thread &t : threads)
            t.join();
        QList<int> expected;
        for (int i = 0; i < Waiters; ++i)
            expected.append(i);
        QCOMPARE(order, expected);
    }

    // 100 parallel acquirers all get through, never more than the width at once.
    void hundredParallelAcquirers()
    {
        Scheduler scheduler(4);
        int peak = 0;
        QCOMPARE(hammer(scheduler, 100, 1, peak), 100);
        QVERIFY2(peak <= 4, qPrintable(u"peak %1"_s.arg(peak)));
        QVERIFY(scheduler.highWater() <= 4);
        QCOMPARE(scheduler.inFlight(), 0);
        QCOMPARE(scheduler.available(), 4);
    }

    // An uncancelled cancellable acquire returns a permit.
    void cancellableAcquireReturnsPermit()
    {
        Scheduler scheduler(2);
        std::stop_source source;
        bool ok = false;
        int inFlight = -1;
        std::thread([&] {
            Result<Scheduler::Permit> permit = scheduler.acquire(source.get_token());
            ok = permit.ok() && permit->isHeld();
            inFlight = scheduler.inFlight();
        }).join();
        QVERIFY(ok);
        QCOMPARE(inFlight, 1);
        QCOMPARE(scheduler.available(), 2);
    }

    // A waiter whose token fires returns Cancelled promptly and takes nothing.
    void cancelledWaiterReturnsQuickly()
    {
        auto *f = new Fixture(1); // leaked when a thread hangs, see Fixture
        f->holders.push_back(std::make_unique<PermitHolder>(f->scheduler));
        QVERIFY(f->holders.back()->waitAcquired());

        std::stop_source source;
        f->startWaiter(source.get_token());
        QVERIFY(waitFor([&] { return f->started.load() == 1; }));
        std::this_thread::sleep_for(150ms);
        QCOMPARE(f->cancelled.load() + f->granted.load(), 0);
        QElapsedTimer sinceStop;
        sinceStop.start();
        if (!requestStopWithin(source, 3000))
            QFAIL("std::stop_source::request_stop() never returned: the stop callback and the "
                  "cancelled waiter deadlock on the scheduler mutex");
        const bool returned = waitFor([&] { return f->cancelled.load() == 1; }, 3000);
        const qint64 elapsed = sinceStop.elapsed();
        QVERIFY2(returned, "a cancelled waiter did not return Cancelled");
        QVERIFY2(elapsed < 3000, qPrintable(u"took %1 ms"_s.arg(elapsed)));
        f->joinThreads();
        QCOMPARE(f->scheduler.inFlight(), 1); // the holder still has its permit

        f->holders.clear();
        QVERIFY(waitFor([&] { return f->scheduler.inFlight() == 0; }));
        QCOMPARE(f->scheduler.available(), 1);
        {
            PermitHolder next(f->scheduler);
            QVERIFY(next.waitAcquired());
        }
        delete f;
    }

    // 100 cancelled waiters (one shared stop source, as a run has) on a 4-permit scheduler leave
    // exactly 4 permits.
    void hundredCancelledWaitersLeakNothing()
    {
        auto *f = new Fixture(4);
        for (int i = 0; i < 4; ++i) {
            f->holders.push_back(std::make_unique<PermitHolder>(f->scheduler));
            QVERIFY(f->holders.back()->waitAcquired());
        }
        std::stop_source source;
        for (int i = 0; i < 100; ++i) {
            f->startWaiter(source.get_token());
        }
        QVERIFY(waitFor([&] { return f->started.load() == 100; }));
        std::this_thread::sleep_for(200ms);
        if (!requestStopWithin(source, 5000))
            QFAIL("std::stop_source::request_stop() never returned: the stop callback and a "
                  "cancelled waiter deadlock on the scheduler mutex");
        const bool allBack =
            waitFor([&] { return f->cancelled.load() + f->granted.load() == 100; }, 5000);
        QVERIFY2(allBack, qPrintable(u"only %1 of 100 waiters returned"_s.arg(f->cancelled.load() +
                                                                              f->granted.load())));
        f->joinThreads();
        QCOMPARE(f->granted.load(), 0);
        QCOMPARE(f->cancelled.load(), 100);
        QCOMPARE(f->scheduler.inFlight(), 4);
        f->holders.clear(); // releases the four permits
        QCOMPARE(f->scheduler.inFlight(), 0);
        QCOMPARE(f->scheduler.available(), 4);

        // All four permits can still be held at once.
        for (int i = 0; i < 4; ++i)
            f->holders.push_back(std::make_unique<PermitHolder>(f->scheduler));
        for (const auto &h : f->holders)
            QVERIFY(h->waitAcquired());
        QCOMPARE(f->scheduler.available(), 0);
        delete f;
    }

    // A cancelled waiter ahead in the queue must not block those behind it.
    void cancelledWaiterDoesNotBlockTheQueue()
    {
        constexpr int Waiters = 20;
        auto *f = new Fixture(2);
        for (int i = 0; i < 2; ++i) {
            f->holders.push_back(std::make_unique<PermitHolder>(f->scheduler));
            QVERIFY(f->holders.back()->waitAcquired());
        }
        std::vector<std::stop_source> sources(Waiters);
        for (int i = 0; i < Waiters; ++i) {
            f->threads.emplace_back([f, token = sources[size_t(i)].get_token()] {
                ++f->started;
                Result<Scheduler::Permit> permit = f->scheduler.acquire(token);
                if (permit) {
                    ++f->granted;
                    std::this_thread::sleep_for(1ms);
                } else {
                    ++f->cancelled;
                }
            });
            QVERIFY(waitFor([&] { return f->started.load() == i + 1; }));
            std::this_thread::sleep_for(10ms);
        }
        std::this_thread::sleep_for(100ms);
        for (int i = 0; i < Waiters; i += 2) { // every other waiter, the first one included
            if (!requestStopWithin(sources[size_t(i)], 3000))
                QFAIL("std::stop_source::request_stop() never returned: the stop callback and "
                      "the cancelled waiter deadlock on the scheduler mutex");
        }
        QVERIFY(waitFor([&] { return f->cancelled.load() == Waiters / 2; }));
        f->holders.clear();
        const bool allDone = waitFor([&] { return f->granted.load() == Waiters / 2; }, 10000);
        QVERIFY2(allDone, qPrintable(u"only %1 waiters got a permit"_s.arg(f->granted.load())));
        f->joinThreads();
        QVERIFY(waitFor([&] { return f->scheduler.inFlight() == 0; }));
        QCOMPARE(f->scheduler.available(), 2);
        delete f;
    }

    // A token that has already fired: the waiter must come back with Cancelled rather than hang
    // (the scheduler is saturated, so it cannot be granted).
    void alreadyCancelledTokenOnSaturatedScheduler()
    {
        // Heap objects that are leaked on purpose when the call hangs, so the stuck thread never
        // touches freed memory.
        auto *scheduler = new Scheduler(1);
        auto holder = std::make_unique<PermitHolder>(*scheduler);
        QVERIFY(holder->waitAcquired());
        auto promise = std::make_shared<std::promise<QString>>();
        std::future<QString> answer = promise->get_future();
        std::thread([scheduler, promise] {
            std::stop_source source;
            source.request_stop();
            Result<Scheduler::Permit> permit = scheduler->acquire(source.get_token());
            promise->set_value(permit ? u"granted"_s : wireName(permit.error().kind()));
        }).detach();
        if (answer.wait_for(3s) != std::future_status::ready) {
            (void)holder.release(); // leak both: the waiter thread is stuck inside the scheduler
            QFAIL("Scheduler::acquire with an already-fired stop token never returned "
                  "(the scheduler mutex stays locked)");
        }
        QCOMPARE(answer.get(), wireName(ErrorKind::Cancelled));
        holder.reset();
        QCOMPARE(scheduler->available(), 1);
        delete scheduler;
    }

    // An already-fired token on a free scheduler must not hang either (granting or cancelling
    // are both acceptable; leaking is not).
    void alreadyCancelledTokenOnFreeSchedulerReturns()
    {
        auto *scheduler = new Scheduler(2);
        auto promise = std::make_shared<std::promise<QString>>();
        std::future<QString> answer = promise->get_future();
        std::thread([scheduler, promise] {
            std::stop_source source;
            source.request_stop();
            Result<Scheduler::Permit> permit = scheduler->acquire(source.get_token());
            promise->set_value(permit ? u"granted"_s : wireName(permit.error().kind()));
        }).detach();
        if (answer.wait_for(3s) != std::future_status::ready)
            QFAIL("Scheduler::acquire with an already-fired stop token never returned");
        const QString outcome = answer.get();
        // A token that has fired means Cancelled, even with permits free (docs/design.md,
        // "Scheduler").
        QCOMPARE(outcome, wireName(ErrorKind::Cancelled));
        QVERIFY(waitFor([&] { return scheduler->inFlight() == 0; }));
        QCOMPARE(scheduler->available(), 2);
        delete scheduler;
    }

    // Cancelling after the permit was granted changes nothing.
    void cancelAfterSuccessIsNoOp()
    {
        Scheduler scheduler(2);
        std::stop_source source;
        bool heldAfterStop = false;
        int inFlightAfterStop = -1;
        std::thread([&] {
            Result<Scheduler::Permit> permit = scheduler.acquire(source.get_token());
            if (!permit)
                return;
            source.request_stop();
            std::this_thread::sleep_for(20ms);
            heldAfterStop = permit->isHeld();
            inFlightAfterStop = scheduler.inFlight();
        }).join();
        QVERIFY(heldAfterStop);
        QCOMPARE(inFlightAfterStop, 1);
        QCOMPARE(scheduler.inFlight(), 0);
        QCOMPARE(scheduler.available(), 2);
    }

    // A moved permit is given back exactly once; release() twice is harmless.
    void permitMoveAndDoubleRelease()
    {
        Scheduler scheduler(2);
        bool movedFromEmpty = false;
        bool movedToHeld = false;
        int afterRelease = -1;
        int afterSecondRelease = -1;
        std::thread([&] {
            Result<Scheduler::Permit> permit = scheduler.acquire({});
            if (!permit)
                return;
            Scheduler::Permit moved = std::move(*permit);
            movedFromEmpty = !permit->isHeld();
            movedToHeld = moved.isHeld();
            moved.release();
            afterRelease = scheduler.inFlight();
            moved.release();
            afterSecondRelease = scheduler.inFlight();
        }).join();
        QVERIFY(movedFromEmpty);
        QVERIFY(movedToHeld);
        QCOMPARE(afterRelease, 0);
        QCOMPARE(afterSecondRelease, 0);
        QCOMPARE(scheduler.available(), 2);
    }

    // The run's width: --parallel before GREX_PARALLEL before the default, each checked once.
    void widthResolvesOptionThenEnvironmentThenDefault()
    {
        const Result<Width> automatic = Width::resolve(std::nullopt, QString());
        QVERIFY(automatic);
        QVERIFY(!automatic->isChosen());
        const int cpus = qMax(1, QThread::idealThreadCount());
        QCOMPARE(automatic->local(), cpus);
        QCOMPARE(automatic->network(), qMax(32, 8 * cpus));

        const Result<Width> fromEnvironment = Width::resolve(std::nullopt, u"3"_s);
        QVERIFY(fromEnvironment);
        QVERIFY(fromEnvironment->isChosen());
        QCOMPARE(fromEnvironment->local(), 3);
        QCOMPARE(fromEnvironment->network(), 3);

        const Result<Width> fromOption = Width::resolve(u" 5 "_s, u"lots"_s);
        QVERIFY(fromOption);
        QCOMPARE(fromOption->local(), 5);

        const Result<Width> badEnvironment = Width::resolve(std::nullopt, u"lots"_s);
        QVERIFY(!badEnvironment);
        QCOMPARE(badEnvironment.error().kind(), ErrorKind::Usage);
        QVERIFY(badEnvironment.error().displayText().contains(u"GREX_PARALLEL"_s));
        QVERIFY(badEnvironment.error().displayText().contains(u"lots"_s));
        for (const QString &bad : {u"-1"_s, u"1025"_s, u"2.5"_s, u""_s}) {
            const Result<Width> width = Width::resolve(bad, QString());
            QVERIFY2(!width, qPrintable(bad));
            QVERIFY(width.error().displayText().contains(u"--parallel"_s));
        }
    }

    // "0 means unbounded" is read here only: no bound on admission, a pool as wide as Max.
    void unboundedWidthAdmitsEverything()
    {
        const Width unbounded = Width::chosen(0);
        QVERIFY(unbounded.isUnbounded());
        QVERIFY(unbounded.admits(100000));
        QCOMPARE(unbounded.localThreads(), Width::Max);
        QCOMPARE(unbounded.networkThreads(), Width::Max);
        QCOMPARE(unbounded.toString(), u"0"_s);

        const Width two = Width::chosen(2);
        QVERIFY(two.admits(1));
        QVERIFY(!two.admits(2));
        QCOMPARE(two.localThreads(), 2);
        QCOMPARE(two.localRemoteThreads(), 2);
        QCOMPARE(unbounded.localRemoteThreads(), Width::Max);
        QCOMPARE(Width::automatic().toString(), u"auto"_s);
        // Remotes on this machine: a thread per CPU beyond the CPUs' git commands, and never
        // more than clones and fetches get.
        const Width automatic = Width::automatic();
        QCOMPARE(automatic.localRemoteThreads(), 2 * automatic.local());
        QVERIFY(automatic.localRemoteThreads() <= automatic.networkThreads());
    }

    void highWaterNeverExceedsWidth_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("workers");
        QTest::newRow("8 permits, 32 workers") << 8 << 32;
        QTest::newRow("width 1 serialises") << 1 << 16;
    }

    void highWaterNeverExceedsWidth()
    {
        QFETCH(int, width);
        QFETCH(int, workers);
        Scheduler scheduler(width);
        int peak = 0;
        QCOMPARE(hammer(scheduler, workers, 10, peak), workers * 10);
        QVERIFY2(peak <= width, qPrintable(u"peak %1"_s.arg(peak)));
        QVERIFY2(scheduler.highWater() <= width,
                 qPrintable(u"highWater %1"_s.arg(scheduler.highWater())));
        QVERIFY(scheduler.highWater() >= 1);
        if (width == 1)
            QCOMPARE(peak, 1);
        QCOMPARE(scheduler.inFlight(), 0);
        QCOMPARE(scheduler.available(), width);
    }
};

QTEST_GUILESS_MAIN(tst_Scheduler)
#include "tst_scheduler.moc"
