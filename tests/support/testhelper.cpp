// A helper process for tests that need a second program: a lock holder to kill, a writer to
// kill in the middle of its writes, a lock-order violation to watch abort, a process stopped at
// once while its threads take locks.

#include "core/fs/atomicwrite.h"
#include "core/fs/filelock.h"
#include "core/manifest/intentlog.h"

#include <QCoreApplication>
#include <QThread>

#include <atomic>
#include <cstdio>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace Grex;

namespace {

[[noreturn]] void sleepForever()
{
    for (;;)
        QThread::sleep(60);
}

int holdLock(const QString &path)
{
    Result<FileLock> lock = FileLock::tryAcquire(path, LockTier::WorkspaceSync);
    if (!lock) {
        std::fprintf(stderr, "%s\n", qPrintable(lock.error().text()));
        return 3;
    }
    std::printf("locked\n");
    std::fflush(stdout);
    sleepForever();
}

int appendLoop(const QString &logPath)
{
    IntentLog log(logPath, logPath + QStringLiteral(".lock"));
    std::printf("ready\n");
    std::fflush(stdout);
    for (qint64 i = 0;; ++i) {
        const QString id = QStringLiteral("pack-%1").arg(i);
        // Declared events, so that they go to the log itself and not its journal; long lines
        // make torn writes likely.
        Result<AppendReport> r = log.append(
            Event::add(id, QStringLiteral("https://h/") + QString(1400, QLatin1Char('x')), id,
                       QStringLiteral("meta"), std::nullopt));
        if (!r)
            return 4;
    }
}

int atomicLoop(const QString &path, int size)
{
    const QByteArray a(size, 'a');
    const QByteArray b(size, 'b');
    std::printf("ready\n");
    std::fflush(stdout);
    for (qint64 i = 0;; ++i) {
        if (!atomicWrite(path, i % 2 ? b : a))
            return 4;
    }
}

int lockOrderViolation(const QString &dir)
{
    Result<FileLock> manifest =
        FileLock::tryAcquire(dir + QStringLiteral("/.grex.lock"), LockTier::Manifest);
    if (!manifest)
        return 3;
    // Tier 1 after tier 5: a debug build aborts here.
    Result<FileLock> sync =
        FileLock::tryAcquire(dir + QStringLiteral("/.grex.sync.lock"), LockTier::WorkspaceSync);
    return sync ? 0 : 3;
}

// Threads take and let go of lock files in DIR as fast as they can while the main thread does
// what the CLI's second Ctrl-C does: remove the held lock files, then _exit.
[[noreturn]] void stopWhileLocking(const QString &dir)
{
    std::atomic<int> rounds{0};
    std::vector<std::jthread> threads;
    for (int i = 0; i < 3; ++i) {
        threads.emplace_back([&rounds, dir, i](std::stop_token stop) {
            const QString path = dir + QStringLiteral("/%1.lock").arg(i % 2);
            while (!stop.stop_requested()) {
                Result<FileLock> lock = FileLock::acquire(path, LockTier::Manifest, stop);
                rounds.fetch_add(1);
            }
        });
    }
    while (rounds.load() < 200)
        QThread::usleep(100);
    FileLock::removeHeldFilesNow();
    ::_exit(130);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() >= 3 && args.at(1) == QStringLiteral("hold-lock"))
        return holdLock(args.at(2));
    if (args.size() >= 3 && args.at(1) == QStringLiteral("append-loop"))
        return appendLoop(args.at(2));
    if (args.size() >= 4 && args.at(1) == QStringLiteral("atomic-loop"))
        return atomicLoop(args.at(2), args.at(3).toInt());
    if (args.size() >= 3 && args.at(1) == QStringLiteral("lock-order-violation"))
        return lockOrderViolation(args.at(2));
    if (args.size() >= 3 && args.at(1) == QStringLiteral("stop-while-locking"))
        stopWhileLocking(args.at(2));
    std::fprintf(stderr, "usage: grex_test_helper hold-lock PATH | append-loop LOG | "
                         "atomic-loop FILE SIZE | lock-order-violation DIR | "
                         "stop-while-locking DIR\n");
    return 2;
}
