#include "core/manifest/intentlog.h"
#include "core/manifest/intentlog_p.h"

#include "core/fs/atomicwrite.h"
#include "core/fs/filelock.h"
#include "core/fs/fserror.h"
#include "core/fs/fsutil.h"
#include "core/fs/gitignore.h"
#include "core/logging.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QSet>

#include <algorithm>
#include <cerrno>
#include <mutex>
#include <optional>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// Guards what this process remembers of the logs it wrote, in the two maps below.
QMutex s_logFactsMutex;
QHash<QString, qint64> s_deferredChecks; // log path -> its size before this process's
                                         // first append with Compaction::Deferred
// grex.jsonl's path -> whether it held journal events at that stamp
QHash<QString, std::pair<FileStamp, bool>> s_declaredHoldsJournal;

// Cuts a torn tail (bytes after the last '\n') off an open log. Returns the bytes removed.
Result<qint64> healTornTail(int fd, const QString &path)
{
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0)
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"), path, errno,
                         ErrorKind::Manifest);
    const off_t size = st.st_size;
    if (size == 0)
        return qint64(0);
    char last = 0;
    if (::pread(fd, &last, 1, size - 1) != 1)
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"), path, errno,
                         ErrorKind::Manifest);
    if (last == '\n')
        return qint64(0);

    off_t keep = 0;
    constexpr off_t chunk = 4096;
    char buffer[chunk];
    for (off_t end = size; end > 0 && keep == 0;) {
        const off_t start = end > chunk ? end - chunk : 0;
        const ssize_t n = ::pread(fd, buffer, size_t(end - start), start);
        if (n != end - start)
            return fileError(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"), path, errno,
                             ErrorKind::Manifest);
        for (off_t i = n - 1; i >= 0; --i) {
            if (buffer[i] == '\n') {
                keep = start + i + 1;
                break;
            }
        }
        end = start;
    }
    if (::ftruncate(fd, keep) != 0 || ::fsync(fd) != 0)
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot repair the torn end of %1: %2"), path,
                         errno, ErrorKind::Manifest);
    return qint64(size - keep);
}

struct Appended
{
    qint64 healedBytes = 0;
    qint64 size = -1; // the file's size after the write; -1 when unknown
};

// Appends whole lines to the file at path in one write and flushes them, healing a torn tail
// first. The caller holds the manifest lock.
Result<Appended> appendBytes(const QString &path, const QByteArray &payload)
{
    const QByteArray nativePath = QFile::encodeName(path);
    const int fd = ::open(nativePath.constData(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0)
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot open %1 for writing: %2"), path, errno,
                         ErrorKind::Manifest);

    Appended report;
    Result<qint64> healed = healTornTail(fd, path);
    if (!healed) {
        ::close(fd);
        return healed.error();
    }
    report.healedBytes = *healed;
    if (report.healedBytes > 0) {
        qCWarning(lcManifest, "cut %lld bytes of an interrupted write off the end of %s",
                  report.healedBytes, qPrintable(path));
    }

    // One write() of whole lines: a lock-free reader sees all of them or a torn tail.
    qsizetype written = 0;
    while (written < payload.size()) {
        const ssize_t n =
            ::write(fd, payload.constData() + written, size_t(payload.size() - written));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const int err = errno;
            ::close(fd);
            return fileError(QT_TRANSLATE_NOOP("Grex", "cannot append to %1: %2"), path, err,
                             ErrorKind::Manifest);
        }
        written += n;
    }
    if (::fdatasync(fd) != 0) {
        const int err = errno;
        ::close(fd);
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot flush %1 to disk: %2"), path, err,
                         ErrorKind::Manifest);
    }
    struct stat after = {};
    if (::fstat(fd, &after) == 0)
        report.size = qint64(after.st_size);
    ::close(fd);
    return report;
}

// The declared events in their file's order, with the journal's placed by time among them:
// each file keeps its own order (grex.jsonl may come from machines whose clocks differ).
LogReadResult merged(LogReadResult declared, LogReadResult journal)
{
    declared.declaredHoldsJournalEvents =
        std::any_of(declared.events.cbegin(), declared.events.cend(),
                    [](const Event &e) { return IntentLog::belongsInJournal(e.op); });
    if (journal.events.isEmpty() && journal.warnings.isEmpty())
        return declared;
    LogReadResult result;
    result.warnings = declared.warnings + journal.warnings;
    result.tornTail = declared.tornTail || journal.tornTail;
    result.declaredHoldsJournalEvents = declared.declaredHoldsJournalEvents;
    const qsizetype declaredCount = declared.events.size();
    const qsizetype journalCount = journal.events.size();
    // Into the room read() has the journal's parse leave: a third list beside the two was the
    // peak of a sync's start at 10 000 packs (docs/performance.md). The journal's events move
    // to the back, then the list fills from the front, never reaching an event not yet taken.
    QList<Event> &into = journal.events;
    into.reserve(declaredCount + journalCount);
    into.resize(declaredCount + journalCount);
    for (qsizetype i = journalCount; i-- > 0;)
        into[declaredCount + i] = std::move(into[i]);
    qsizetype a = 0;
    qsizetype b = declaredCount;
    qsizetype out = 0;
    // Once the declared events are all placed, the journal's rest is where it belongs.
    while (a < declaredCount) {
        const bool takeDeclared = b == into.size() || !(into.at(b).ts < declared.events.at(a).ts);
        into[out++] = takeDeclared ? std::move(declared.events[a++]) : std::move(into[b++]);
    }
    result.events = std::move(into);
    return result;
}

// A file's stamp by its path, nullopt when it is not there; `cacheable` turns false when the
// file cannot be looked at (the read then says why).
std::optional<FileStamp> stampOf(const QString &path, bool &cacheable)
{
    struct stat st = {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0) {
        if (errno != ENOENT)
            cacheable = false;
        return std::nullopt;
    }
    return FileStamp::of(st);
}

} // namespace

namespace LogImpl {

const QString &declaredName()
{
    static const QString name = u"grex.jsonl"_s;
    return name;
}

const QString &journalName()
{
    static const QString name = u"grex.journal.jsonl"_s;
    return name;
}

std::mutex &oneReader()
{
    // A sync reads the log for its recovery scan and for its packs at once, and two parses of
    // a 10 000-pack log held twice its events (docs/performance.md, "Memory per pack"); the
    // second reader finds the first one's in the cache.
    static std::mutex mutex;
    return mutex;
}

void rememberDeclaredHolds(const QString &path, const FileStamp &stamp, bool holds)
{
    QMutexLocker locker(&s_logFactsMutex);
    s_declaredHoldsJournal.insert(path, {stamp, holds});
}

bool isBlank(QByteArrayView line)
{
    for (char c : line) {
        if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v')
            return false;
    }
    return true;
}

void rememberDeferredCheck(const QString &path, qint64 before)
{
    QMutexLocker locker(&s_logFactsMutex);
    if (!s_deferredChecks.contains(path))
        s_deferredChecks.insert(path, before);
}

std::optional<qint64> takeDeferredCheck(const QString &path)
{
    QMutexLocker locker(&s_logFactsMutex);
    if (const auto it = s_deferredChecks.constFind(path); it != s_deferredChecks.cend()) {
        const qint64 before = *it;
        s_deferredChecks.erase(it);
        return before;
    }
    return std::nullopt;
}

} // namespace LogImpl

std::shared_ptr<IntentLog::ReadCache> IntentLog::makeReadCache()
{
    return std::make_shared<ReadCache>();
}

void IntentLog::forgetCachedRead() const
{
    if (m_cache) {
        m_cache->read.clear();
        m_cache->summary.clear();
    }
}

IntentLog::IntentLog(QString logPath, QString lockPath, std::shared_ptr<ReadCache> cache,
                     QString gitignorePath)
    : m_path(std::move(logPath))
    , m_journalPath(journalBeside(m_path))
    , m_lockPath(std::move(lockPath))
    , m_gitignorePath(std::move(gitignorePath))
    , m_cache(std::move(cache))
{
}

QString IntentLog::journalBeside(const QString &logPath)
{
    return QFileInfo(logPath).absolutePath() + u'/' + LogImpl::journalName();
}

bool IntentLog::belongsInJournal(EventOp op)
{
    return op == EventOp::Sync || isAuditOnly(op);
}

Result<LogReadResult> IntentLog::read() const
{
    const std::lock_guard<std::mutex> guard(LogImpl::oneReader());
    Stamps stamps;
    bool cacheable = bool(m_cache);
    if (cacheable) {
        stamps = {stampOf(m_path, cacheable), stampOf(m_journalPath, cacheable)};
        if (cacheable) {
            if (std::optional<LogReadResult> cached = m_cache->read.lookup(stamps))
                return *std::move(cached);
        }
    }
    Stamps read;
    Result<LogReadResult> declared =
        readFile(m_path, LogImpl::declaredName(), read.first, cacheable);
    if (!declared)
        return declared;
    Result<LogReadResult> journal = readFile(m_journalPath, LogImpl::journalName(), read.second,
                                             cacheable, declared->events.size());
    if (!journal)
        return journal;
    LogReadResult result = merged(std::move(declared).value(), std::move(journal).value());
    // Stored under the stamps taken before each file was read: a write racing the read
    // changes them, so the next read parses again.
    if (cacheable)
        m_cache->read.store(read, result);
    if (cacheable && read.first)
        LogImpl::rememberDeclaredHolds(m_path, *read.first, result.declaredHoldsJournalEvents);
    return result;
}

Result<LogSummary> IntentLog::summary() const
{
    const std::lock_guard<std::mutex> guard(LogImpl::oneReader());
    bool cacheable = bool(m_cache);
    if (cacheable) {
        const Stamps stamps{stampOf(m_path, cacheable), stampOf(m_journalPath, cacheable)};
        if (cacheable) {
            if (std::optional<LogSummary> cached = m_cache->summary.lookup(stamps))
                return *std::move(cached);
        }
    }
    Folder folder;
    UnfinishedActions unfinished;
    bool declaredHolds = false;
    const Result<LogImpl::StreamedRead> read =
        LogImpl::forEachEventIn(m_path, m_journalPath, [&](const Event &event, bool fromJournal) {
            folder.apply(event);
            unfinished.apply(event);
            declaredHolds = declaredHolds || (!fromJournal && belongsInJournal(event.op));
        });
    if (!read)
        return read.error();
    LogSummary summary;
    summary.packs = folder.packs();
    summary.warnings = read->warnings + folder.warnings();
    summary.unfinished = unfinished.events();
    summary.tornTail = read->tornTail;
    qCDebug(lcManifest, "summed up %lld packs from %s", qint64(summary.packs.size()),
            qPrintable(m_path));
    // Stored under the stamps taken as each file was opened, as read() stores its parse.
    if (cacheable && read->unchanged) {
        m_cache->summary.store(read->stamps, summary);
        if (read->stamps.first)
            LogImpl::rememberDeclaredHolds(m_path, *read->stamps.first, declaredHolds);
    }
    return summary;
}

Result<LogReadResult> IntentLog::readFile(const QString &path, const QString &fileName,
                                          std::optional<FileStamp> &stamp, bool &cacheable,
                                          qsizetype spare)
{
    QFile file(path);
    bool missing = false;
    if (!openForReading(file, &missing)) {
        if (missing)
            return LogReadResult{};
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"), path,
                         file.error() == QFileDevice::PermissionsError ? EACCES : EIO,
                         ErrorKind::Manifest);
    }
    stamp = FileStamp::of(file.handle());
    Result<LogReadResult> result = parse(readToEnd(file), fileName, spare);
    if (!result)
        return std::move(result).error().withDetail(u"path"_s, path);
    qCDebug(lcManifest, "read %lld events from %s", qint64(result->events.size()),
            qPrintable(path));
    if (!stamp || !(FileStamp::of(file.handle()) == stamp))
        cacheable = false;
    return result;
}

Result<LogReadResult> IntentLog::parse(const QByteArray &bytes, const QString &fileName,
                                       qsizetype spare)
{
    LogImpl::LogLines lines(fileName);
    LogReadResult result;
    // A line holds one event as a rule: growing the list by doubling copied it twice over.
    result.events.reserve(bytes.count('\n') + 1 + spare);
    QList<Event> events;
    const QByteArrayView content(bytes);
    for (qsizetype start = 0; start < content.size() && !lines.failed();) {
        qsizetype nl = content.indexOf('\n', start);
        const LogImpl::LineEnd end =
            nl < 0 ? LogImpl::LineEnd::EndOfFile : LogImpl::LineEnd::Newline;
        if (nl < 0)
            nl = content.size();
        lines.take(content.sliced(start, nl - start), end, events);
        result.events.append(std::move(events));
        start = nl + 1;
    }
    lines.finish();
    if (lines.failed())
        return lines.error();
    result.warnings = lines.warnings();
    result.tornTail = lines.tornTail();
    return result;
}

Result<void> IntentLog::Lines::add(const Event &event)
{
    Result<QByteArray> line = event.toLine();
    if (!line)
        return line.error();
    (belongsInJournal(event.op) ? journal : declared).append(*line).append('\n');
    return {};
}

Result<AppendReport> IntentLog::append(const QList<Event> &events, Compaction compaction) const
{
    Lines lines;
    for (const Event &event : events) {
        if (Result<void> added = lines.add(event); !added)
            return added.error();
    }
    return append(lines, compaction);
}

Result<AppendReport> IntentLog::append(const Lines &lines, Compaction compaction) const
{
    const QByteArray &declared = lines.declared;
    const QByteArray &journal = lines.journal;
    Result<FileLock> lock = FileLock::acquire(m_lockPath, LockTier::Manifest, {});
    if (!lock) {
        // Not being able to record intent is a manifest failure (exit 3): a change missing from
        // the log would be forgotten.
        Error error = std::move(lock).error();
        return Error(ErrorKind::Manifest, error.reason(), error.message())
            .withDetail(u"path"_s, m_lockPath);
    }
    const bool journalExisted = QFileInfo::exists(m_journalPath);
    if (Result<void> moved = moveJournalEventsOut(); !moved)
        return moved.error();

    AppendReport report;
    struct Grown
    {
        QString path;
        qint64 before = 0; // its size before this append
        qint64 size = 0;
    };
    QList<Grown> grown;
    for (const auto &[path, payload] : {std::pair{m_path, declared}, std::pair{m_journalPath, journal}}) {
        if (payload.isEmpty())
            continue;
        Result<Appended> appended = appendBytes(path, payload);
        if (!appended)
            return appended.error();
        report.healedBytes += appended->healedBytes;
        if (appended->size >= 0)
            grown.append({path, appended->size - qint64(payload.size()), appended->size});
    }
    // The journal is this machine's: git must not see it, in a workspace from before it too.
    if (!journalExisted && QFileInfo::exists(m_journalPath) && !m_gitignorePath.isEmpty()) {
        if (Result<void> ignored = Gitignore::upsertBlocks(
                m_gitignorePath,
                {{QString::fromUtf16(Gitignore::WorkspaceOwner), Gitignore::workspaceBody()}});
            !ignored) {
            qCWarning(lcManifest, "could not add the journal to %s: %s",
                      qPrintable(m_gitignorePath), qPrintable(ignored.error().text()));
        }
    }
    // Still under the manifest lock: a compaction replaces the files as doctor --compact does.
    for (const Grown &file : std::as_const(grown)) {
        if (compaction == Compaction::Now) {
            compactIfGrownLocked(file.path, file.before, file.size);
        } else {
            LogImpl::rememberDeferredCheck(file.path, file.before);
        }
    }
    return report;
}

Result<bool> IntentLog::declaredHoldsJournalEvents() const
{
    // Every append asks, and a run records each action it takes: reading the whole log each
    // time, the journal having changed since, made a first install quadratic in the log's
    // length. The answer is kept by grex.jsonl's stamp, and found by reading that file alone.
    bool cacheable = true;
    const Stamps stamps{stampOf(m_path, cacheable), stampOf(m_journalPath, cacheable)};
    if (cacheable && !stamps.first)
        return false;
    if (cacheable && m_cache) {
        if (std::optional<LogReadResult> cached = m_cache->read.lookup(stamps))
            return cached->declaredHoldsJournalEvents;
    }
    if (cacheable) {
        QMutexLocker locker(&s_logFactsMutex);
        const auto known = s_declaredHoldsJournal.constFind(m_path);
        if (known != s_declaredHoldsJournal.cend() && known->first == *stamps.first)
            return known->second;
    }
    std::optional<FileStamp> stamp;
    Result<LogReadResult> declared = readFile(m_path, LogImpl::declaredName(), stamp, cacheable);
    if (!declared)
        return declared.error();
    const bool holds =
        std::any_of(declared->events.cbegin(), declared->events.cend(),
                    [](const Event &e) { return IntentLog::belongsInJournal(e.op); });
    if (cacheable && stamp)
        LogImpl::rememberDeclaredHolds(m_path, *stamp, holds);
    return holds;
}

Result<void> IntentLog::moveJournalEventsOut() const
{
    Result<bool> holds = declaredHoldsJournalEvents();
    if (!holds)
        return holds.error();
    if (!*holds)
        return {};

    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly))
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"), m_path, EIO,
                         ErrorKind::Manifest);
    const QByteArray bytes = file.readAll();
    file.close();
    // What a move cut short already gave the journal is not given twice.
    QSet<QByteArray> present;
    {
        QFile existing(m_journalPath);
        if (existing.open(QIODevice::ReadOnly)) {
            for (const QByteArray &line : existing.readAll().split('\n'))
                present.insert(line);
        }
    }
    QByteArray kept;
    QByteArray moved;
    qsizetype start = 0;
    while (start < bytes.size()) {
        qsizetype end = bytes.indexOf('\n', start);
        const bool terminated = end >= 0;
        if (!terminated)
            end = bytes.size();
        const QByteArray line = bytes.mid(start, end - start);
        const ParsedLine parsed = parseEventLine(QByteArrayView(line).trimmed());
        const bool journalLine =
            terminated && parsed.kind == ParsedLine::Kind::Events && !parsed.events.isEmpty() &&
            std::all_of(parsed.events.begin(), parsed.events.end(),
                        [](const Event &e) { return belongsInJournal(e.op); });
        if (journalLine) {
            if (!present.contains(line))
                moved += line + '\n';
        } else {
            kept += line;
            if (terminated)
                kept += '\n';
        }
        start = end + 1;
    }
    // The journal first: killed in between, the events are in both files, and the next write
    // finishes the move without copying them again.
    if (!moved.isEmpty()) {
        if (Result<Appended> appended = appendBytes(m_journalPath, moved); !appended)
            return appended.error();
    }
    if (Result<void> written = atomicWrite(m_path, kept); !written)
        return written.error();
    qCInfo(lcManifest, "moved this machine's records of syncs and approvals from %s to %s, "
           "a file git ignores",
           qPrintable(m_path), qPrintable(m_journalPath));
    return {};
}

} // namespace Grex
