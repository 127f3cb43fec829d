#include "core/sched/packlock.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

#include <condition_variable>
#include <mutex>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// The process-wide set of pack directories held by some thread.
struct HeldPacks
{
    std::mutex mutex;
    std::condition_variable released;
    QSet<QString> held;
};

HeldPacks &heldPacks()
{
    static HeldPacks packs;
    return packs;
}

} // namespace

QString PackLock::canonicalKey(const QString &packDir)
{
    const QString canonical = QFileInfo(packDir).canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(QDir(packDir).absolutePath()) : canonical;
}

PackLock::PackLock(PackLock &&other) noexcept
    : m_key(std::move(other.m_key))
    , m_file(std::move(other.m_file))
{
    other.m_key.clear();
}

PackLock &PackLock::operator=(PackLock &&other) noexcept
{
    if (this != &other) {
        release();
        m_key = std::move(other.m_key);
        m_file = std::move(other.m_file);
        other.m_key.clear();
    }
    return *this;
}

PackLock::~PackLock()
{
    release();
}

void PackLock::release()
{
    if (m_key.isEmpty())
        return;
    m_file.unlock();
    HeldPacks &packs = heldPacks();
    {
        std::lock_guard guard(packs.mutex);
        packs.held.remove(m_key);
    }
    packs.released.notify_all();
    m_key.clear();
}

Result<PackLock> PackLock::acquire(const QString &packDir, std::stop_token stop)
{
    const QString key = canonicalKey(packDir);
    HeldPacks &packs = heldPacks();
    {
        std::unique_lock lock(packs.mutex);
        while (packs.held.contains(key)) {
            if (stop.stop_requested()) {
                return Error(ErrorKind::Cancelled, u"cancelled"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "cancelled while waiting for the "
                                                               "lock of %1"),
                                     {packDir}));
            }
            packs.released.wait_for(lock, std::chrono::milliseconds(20));
        }
        packs.held.insert(key);
    }
    PackLock result;
    result.m_key = key;
    Result<FileLock> file = FileLock::acquire(packDir + u"/.grex-lock"_s, LockTier::Pack, stop);
    if (!file)
        return file.error(); // result's destructor gives the in-process slot back
    result.m_file = std::move(file).value();
    return result;
}

Result<PackLock> PackLock::tryAcquire(const QString &packDir)
{
    const QString key = canonicalKey(packDir);
    HeldPacks &packs = heldPacks();
    {
        std::lock_guard guard(packs.mutex);
        if (packs.held.contains(key)) {
            return Error(ErrorKind::Lock, u"pack_lock_busy"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "the pack %1 is in use"), {packDir}))
                .withDetail(u"path"_s, packDir);
        }
        packs.held.insert(key);
    }
    PackLock result;
    result.m_key = key;
    Result<FileLock> file = FileLock::tryAcquire(packDir + u"/.grex-lock"_s, LockTier::Pack);
    if (!file) {
        if (file.error().kind() == ErrorKind::Lock) {
            return Error(ErrorKind::Lock, u"pack_lock_busy"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "the pack %1 is in use"), {packDir}))
                .withDetail(u"path"_s, packDir);
        }
        return file.error();
    }
    result.m_file = std::move(file).value();
    return result;
}

} // namespace Grex
