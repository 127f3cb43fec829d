// Compaction of the intent log (docs/design.md, "Compaction"): doctor --compact's rewrite, and
// the check an append or the end of a sync makes, which reads the log a line at a time.

#include "core/fs/atomicwrite.h"
#include "core/fs/filelock.h"
#include "core/fs/fsutil.h"
#include "core/logging.h"
#include "core/manifest/intentlog.h"
#include "core/manifest/intentlog_p.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>

#include <algorithm>
#include <bit>
#include <optional>
#include <tuple>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// Past this size an append checks whether the log has grown to more than twice its compacted
// size, and compacts it then. A check reads the whole log, so each process checks a log again
// only once it has grown past where compaction would pay.
constexpr qint64 kAutoCompactFloor = 128 * 1024;

QMutex s_compactChecksMutex;
QHash<QString, qint64> s_nextCompactCheck; // log path -> size of the next check

// One pack's events in the compacted log: its add, its ref, its last sync.
void appendCompacted(QList<Event> &events, const PackState &pack)
{
    Event add = Event::add(pack.id, pack.url, pack.path, pack.type, std::nullopt, pack.addedAt);
    EventExtra extra;
    extra.depth = pack.depth;
    extra.cloneFilter = pack.cloneFilter;
    extra.submodules = pack.submodules;
    extra.tags = pack.tags;
    add.setExtra(extra);
    events.append(add);
    if (pack.ref)
        events.append(Event::update(pack.id, u"ref"_s, pack.ref, pack.updatedAt));
    if (pack.lastSyncSha)
        events.append(Event::sync(pack.id, *pack.lastSyncSha, pack.updatedAt));
}

// Hands each line of the compacted log to `write`, with whether it belongs in the journal: a
// pack's events in `order`, then `kept` (unfinished actions, live tasks).
template<typename Write>
Result<void> forEachCompactedLine(const QList<const PackState *> &order, const QList<Event> &kept,
                                  Write write)
{
    QList<Event> events;
    const auto lines = [&write](const QList<Event> &list) -> Result<void> {
        for (const Event &event : list) {
            Result<QByteArray> line = event.toLine();
            if (!line)
                return line.error();
            write(IntentLog::belongsInJournal(event.op), *line);
        }
        return {};
    };
    // A pack at a time: the whole compacted list of events at once held as much again as the
    // fold (docs/performance.md).
    for (const PackState *pack : order) {
        events.clear();
        appendCompacted(events, *pack);
        if (Result<void> written = lines(events); !written)
            return written;
    }
    return lines(kept);
}

// What compaction keeps of a log, gathered an event at a time in the log's order: the fold,
// the actions that started and never ended, and the events of the tasks still live.
class Gatherer
{
public:
    void apply(const Event &event)
    {
        // An action that started and never ended is the evidence doctor and the recovery scan
        // show until a run redoes the pack: it survives compaction (docs/design.md,
        // "Compaction").
        m_unfinished.apply(event);
        // A task lives until it ends: its worktrees and branches are on disk (docs/design.md,
        // "Tasks").
        m_tasks.apply(event);
        m_folder.apply(event);
    }

    // The fold, and the events kept besides it: the unfinished actions by time, then the live
    // tasks' events in their order.
    std::pair<QMap<QString, PackState>, QList<Event>> take()
    {
        QList<Event> kept = m_unfinished.events();
        kept.append(m_tasks.events());
        return {m_folder.packs(), kept};
    }

private:
    UnfinishedActions m_unfinished;
    LiveTasks m_tasks;
    Folder m_folder;
};

// A fold's packs in the compacted log's order: byte-wise by id.
QList<const PackState *> compactedOrder(const QMap<QString, PackState> &packs)
{
    QList<const PackState *> order;
    order.reserve(packs.size());
    for (const PackState &pack : packs)
        order.append(&pack);
    std::sort(order.begin(), order.end(),
              [](const PackState *a, const PackState *b) { return utf8Less(a->id, b->id); });
    return order;
}

// The bytes of the compacted grex.jsonl and journal, without holding them.
Result<std::pair<qsizetype, qsizetype>> measureCompacted(const QList<const PackState *> &order,
                                                         const QList<Event> &kept)
{
    std::pair<qsizetype, qsizetype> sizes;
    Result<void> measured =
        forEachCompactedLine(order, kept, [&sizes](bool journal, const QByteArray &line) {
            (journal ? sizes.second : sizes.first) += line.size() + 1;
        });
    if (!measured)
        return measured.error();
    return sizes;
}

// Both files at these paths a line at a time in read()'s order, each event handed to `apply`.
// False when a line is one read() would warn of or refuse, or a file cannot be read to its end:
// the check goes on only with a clean log.
bool forEachCleanEventIn(const QString &declaredPath, const QString &journalPath,
                         const std::function<void(const Event &)> &apply)
{
    const Result<LogImpl::StreamedRead> read = LogImpl::forEachEventIn(
        declaredPath, journalPath, [&apply](const Event &event, bool) { apply(event); });
    return read && read->warnings.isEmpty();
}

} // namespace

QList<Event> IntentLog::compacted(const QMap<QString, PackState> &packs)
{
    QList<Event> events;
    for (const PackState &pack : packsInIdOrder(packs))
        appendCompacted(events, pack);
    return events;
}

Result<IntentLog::CompactedLog> IntentLog::compactedForm(LogReadResult current)
{
    Gatherer gatherer;
    for (const Event &event : std::as_const(current.events))
        gatherer.apply(event);
    // What is kept of the log is in the gatherer: its events are let go before the compacted
    // lines are written, or both would be held at once (docs/performance.md).
    current.events = {};
    CompactedLog log;
    QList<Event> kept;
    std::tie(log.packs, kept) = gatherer.take();
    const QList<const PackState *> order = compactedOrder(log.packs);
    // Measured first, then written into buffers of that size: grown by doubling, they held up
    // to twice their bytes.
    Result<std::pair<qsizetype, qsizetype>> sizes = measureCompacted(order, kept);
    if (!sizes)
        return sizes.error();
    log.declared.reserve(sizes->first);
    log.journal.reserve(sizes->second);
    Result<void> written =
        forEachCompactedLine(order, kept, [&log](bool journal, const QByteArray &line) {
            QByteArray &bytes = journal ? log.journal : log.declared;
            bytes.append(line).append('\n');
        });
    if (!written)
        return written.error();
    return log;
}

Result<void> IntentLog::compact() const
{
    Result<FileLock> lock = FileLock::acquire(m_lockPath, LockTier::Manifest, {});
    if (!lock)
        return lock.error();
    Result<LogReadResult> current = read();
    if (!current)
        return current.error();
    Result<CompactedLog> form = compactedForm(std::move(*current));
    if (!form)
        return form.error();
    if (Result<void> written = atomicWrite(m_path, form->declared); !written)
        return written;
    if (form->journal.isEmpty() && !QFileInfo::exists(m_journalPath))
        return {};
    return atomicWrite(m_journalPath, form->journal);
}

void IntentLog::compactIfGrown() const
{
    // Only the files a deferred append grew: the other one's first check in this process
    // would parse the whole log for nothing.
    QList<std::pair<QString, qint64>> grown; // path, size before the deferred appends
    for (const QString &path : {m_path, m_journalPath}) {
        if (const std::optional<qint64> before = LogImpl::takeDeferredCheck(path))
            grown.append({path, *before});
    }
    if (grown.isEmpty())
        return;
    Result<FileLock> lock = FileLock::acquire(m_lockPath, LockTier::Manifest, {});
    if (!lock) {
        qCWarning(lcManifest, "not checking whether %s needs compacting: %s", qPrintable(m_path),
                  qPrintable(lock.error().message().text()));
        return;
    }
    for (const auto &[path, before] : std::as_const(grown)) {
        const QFileInfo info(path);
        if (info.exists())
            compactIfGrownLocked(path, before, info.size());
    }
}

void IntentLog::compactIfGrownLocked(const QString &path, qint64 before, qint64 size) const
{
    // Checked when the appends took the file past 128 KiB or past a power of two above it: a
    // process that has not checked this log before (each CLI run) would otherwise parse the
    // whole log at every append. Between two checks a log at most doubles, so it stays within
    // about four times its compacted size.
    const auto bits = [](qint64 n) { return std::bit_width(quint64(std::max<qint64>(n, 0))); };
    if (size < kAutoCompactFloor || (before >= kAutoCompactFloor && bits(before) == bits(size)))
        return;
    {
        QMutexLocker locker(&s_compactChecksMutex);
        if (size < s_nextCompactCheck.value(path))
            return;
    }
    const auto checkAgainAt = [&path](qint64 next) {
        QMutexLocker locker(&s_compactChecksMutex);
        s_nextCompactCheck.insert(path, std::max(next, kAutoCompactFloor));
    };
    // Events this grex does not know (from a newer one) would not survive: doctor --compact
    // is the person's choice then. The log is folded a line at a time, as its parse whole
    // (40 000 events at 10 000 packs) was the peak of a sync that compacts
    // (docs/performance.md). A parse the cache still holds is out of date once appended to.
    forgetCachedRead();
    QMap<QString, PackState> packs;
    QList<Event> kept;
    {
        Gatherer gatherer;
        if (!forEachCleanEventIn(m_path, m_journalPath,
                                 [&gatherer](const Event &event) { gatherer.apply(event); })) {
            checkAgainAt(2 * size);
            return;
        }
        std::tie(packs, kept) = gatherer.take();
    }
    QList<const PackState *> order = compactedOrder(packs);
    const Result<std::pair<qsizetype, qsizetype>> sizes = measureCompacted(order, kept);
    if (!sizes) {
        checkAgainAt(2 * size);
        return;
    }
    const qint64 compactedSize = qint64(path == m_path ? sizes->first : sizes->second);
    if (size <= 2 * compactedSize) {
        checkAgainAt(2 * compactedSize + 1);
        return;
    }
    // Written straight to the files that will replace the log, and read back from them: held,
    // the compacted bytes sat beside both folds (docs/performance.md).
    AtomicFile declared(m_path);
    AtomicFile journal(m_journalPath);
    Result<void> written = declared.open();
    if (written)
        written = journal.open();
    if (written) {
        written = forEachCompactedLine(
            order, kept, [&declared, &journal](bool inJournal, const QByteArray &line) {
                AtomicFile &file = inJournal ? journal : declared;
                file.write(line);
                file.write("\n");
            });
    }
    if (written)
        written = declared.close();
    if (written)
        written = journal.close();
    const auto couldNotWrite = [&](const Error &error) {
        qCWarning(lcManifest, "could not compact %s: %s", qPrintable(path),
                  qPrintable(error.message().text()));
        checkAgainAt(2 * size);
    };
    if (!written)
        return couldNotWrite(written.error());
    // As doctor --compact checks it: the fold is the same but for updated_at. Against digests of
    // this fold, let go of first: two folds side by side were the peak of a sync that compacts
    // (docs/performance.md).
    QByteArray digests;
    digests.reserve(packs.size() * QCryptographicHash::hashLength(QCryptographicHash::Sha256));
    for (const PackState &pack : std::as_const(packs))
        digests += packDigest(pack);
    const qsizetype packCount = packs.size();
    order = {};
    kept = {};
    packs = {};
    {
        Folder folder;
        const auto sameDigests = [&] {
            if (folder.packs().size() != packCount)
                return false;
            qsizetype at = 0;
            for (const PackState &pack : folder.packs()) {
                const QByteArray digest = packDigest(pack);
                if (QByteArrayView(digests).sliced(at, digest.size()) != digest)
                    return false;
                at += digest.size();
            }
            return true;
        };
        if (!forEachCleanEventIn(declared.tempPath(), journal.tempPath(),
                                 [&folder](const Event &event) { folder.apply(event); }) ||
            !sameDigests()) {
            qCWarning(lcManifest, "not compacting %s: the compacted log folds differently",
                      qPrintable(path));
            checkAgainAt(2 * size);
            return;
        }
    }
    // Both files, or neither: a journal sync of a pack the compacted grex.jsonl no longer
    // names would fold as a warning.
    written = declared.commit();
    if (written)
        written = journal.commit();
    if (!written)
        return couldNotWrite(written.error());
    qCDebug(lcManifest, "compacted %s from %lld to %lld bytes", qPrintable(path), size,
            compactedSize);
    checkAgainAt(2 * compactedSize + 1);
}

} // namespace Grex
