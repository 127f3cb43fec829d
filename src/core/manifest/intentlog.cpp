#include "core/manifest/intentlog.h"

#include "core/fs/atomicwrite.h"
#include "core/fs/filelock.h"
#include "core/fs/fserror.h"
#include "core/fs/fsutil.h"
#include "core/logging.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>

#include <cerrno>
#include <optional>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// Past this size an append checks whether the log has grown to more than twice its compacted
// size, and compacts it then (docs/design.md, "Compaction"). A check parses the whole log, so
// each process checks a log again only once it has grown past where compaction would pay.
constexpr qint64 kAutoCompactFloor = 128 * 1024;

QMutex s_compactCheckMutex;
QHash<QString, qint64> s_nextCompactCheck; // log path -> size of the next check

bool isBlank(QByteArrayView line)
{
    for (char c : line) {
        if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v')
            return false;
    }
    return true;
}

Error corruption(qsizetype line, const QString &detail)
{
    return Error(ErrorKind::Manifest, u"corruption"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "grex.jsonl is corrupt at line %1: %2"),
                         {QString::number(line), detail}))
        .withDetail(u"line"_s, qint64(line))
        .withDetail(u"detail"_s, detail)
        .withHint(Message(QT_TRANSLATE_NOOP("Grex", "fix or delete line %1; every later line is "
                                                    "kept as it is"),
                          {QString::number(line)}));
}

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

} // namespace


std::shared_ptr<IntentLog::ReadCache> IntentLog::makeReadCache()
{
    return std::make_shared<ReadCache>();
}

IntentLog::IntentLog(QString logPath, QString lockPath, std::shared_ptr<ReadCache> cache)
    : m_path(std::move(logPath))
    , m_lockPath(std::move(lockPath))
    , m_cache(std::move(cache))
{
}

Result<LogReadResult> IntentLog::read() const
{
    QFile file(m_path);
    bool missing = false;
    if (!openForReading(file, &missing)) {
        if (missing)
            return LogReadResult{};
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"), m_path,
                         file.error() == QFileDevice::PermissionsError ? EACCES : EIO,
                         ErrorKind::Manifest);
    }
    // The stamp is taken before reading: a write racing the read changes it, so the next read
    // parses again rather than trusting a parse of a file that was still moving.
    const std::optional<FileStamp> stamp = m_cache ? FileStamp::of(file.handle()) : std::nullopt;
    if (stamp) {
        if (std::optional<LogReadResult> cached = m_cache->lookup(*stamp))
            return *std::move(cached);
    }
    Result<LogReadResult> result = parse(file.readAll());
    if (!result)
        return std::move(result).error().withDetail(u"path"_s, m_path);
    qCDebug(lcManifest, "read %lld events from %s", qint64(result->events.size()),
            qPrintable(m_path));
    if (stamp && FileStamp::of(file.handle()) == stamp)
        m_cache->store(*stamp, *result);
    return result;
}

Result<LogReadResult> IntentLog::parse(const QByteArray &bytes)
{
    QByteArrayView content(bytes);
    if (content.startsWith("\xEF\xBB\xBF"))
        content = content.sliced(3);

    QList<QByteArrayView> lines;
    // Appends write a line and its '\n' in one call: a last line without one was interrupted.
    const bool terminated = content.isEmpty() || content.endsWith('\n');
    qsizetype start = 0;
    while (start < content.size()) {
        qsizetype nl = content.indexOf('\n', start);
        if (nl < 0)
            nl = content.size();
        QByteArrayView line = content.sliced(start, nl - start);
        if (line.endsWith('\r'))
            line.chop(1);
        lines.append(line);
        start = nl + 1;
    }
    qsizetype lastContentLine = -1;
    for (qsizetype i = lines.size() - 1; i >= 0; --i) {
        if (!isBlank(lines.at(i))) {
            lastContentLine = i;
            break;
        }
    }

    LogReadResult result;
    for (qsizetype i = 0; i <= lastContentLine; ++i) {
        const QByteArrayView line = lines.at(i);
        if (isBlank(line))
            continue;
        const qsizetype lineNumber = i + 1;
        ParsedLine parsed = parseEventLine(line);
        if (i == lastContentLine && !terminated && i == lines.size() - 1
            && parsed.kind != ParsedLine::Kind::UnsupportedSchema) {
            parsed.kind = ParsedLine::Kind::Invalid;
            parsed.detail = u"the line does not end with a newline"_s;
        }
        switch (parsed.kind) {
        case ParsedLine::Kind::Events:
            result.events.append(parsed.events);
            break;
        case ParsedLine::Kind::UnknownOp:
            result.warnings.append(
                Message(QT_TRANSLATE_NOOP("Grex", "grex.jsonl line %1: unknown op '%2' skipped"),
                        {QString::number(lineNumber), parsed.detail}));
            break;
        case ParsedLine::Kind::UnsupportedSchema:
            return Error(ErrorKind::Manifest, u"unsupported_schema"_s,
                         Message(QT_TRANSLATE_NOOP(
                                     "Grex", "grex.jsonl line %1 has schema_version %2, which "
                                             "this grex does not read: a newer grex wrote it"),
                                 {QString::number(lineNumber), parsed.detail}))
                .withDetail(u"line"_s, qint64(lineNumber))
                .withDetail(u"got"_s, parsed.detail)
                .withHint(Message(QT_TRANSLATE_NOOP("Grex", "upgrade grex")));
        case ParsedLine::Kind::Invalid:
            if (i == lastContentLine) {
                result.tornTail = true;
                result.warnings.append(Message(
                    QT_TRANSLATE_NOOP("Grex", "grex.jsonl line %1 is incomplete (an interrupted "
                                              "write) and was ignored: %2"),
                    {QString::number(lineNumber), parsed.detail}));
                return result;
            }
            return corruption(lineNumber, parsed.detail);
        }
    }
    return result;
}

Result<AppendReport> IntentLog::append(const QList<Event> &events) const
{
    QByteArray payload;
    for (const Event &event : events) {
        Result<QByteArray> line = event.toLine();
        if (!line)
            return line.error();
        payload += *line + '\n';
    }

    Result<FileLock> lock = FileLock::acquire(m_lockPath, LockTier::Manifest, {});
    if (!lock) {
        // Not being able to record intent is a manifest failure (exit 3): a change missing from
        // the log would be forgotten.
        Error error = std::move(lock).error();
        return Error(ErrorKind::Manifest, error.reason(), error.message())
            .withDetail(u"path"_s, m_lockPath);
    }

    const QByteArray nativePath = QFile::encodeName(m_path);
    const int fd = ::open(nativePath.constData(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0)
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot open %1 for writing: %2"), m_path, errno,
                         ErrorKind::Manifest);

    AppendReport report;
    Result<qint64> healed = healTornTail(fd, m_path);
    if (!healed) {
        ::close(fd);
        return healed.error();
    }
    report.healedBytes = *healed;
    if (report.healedBytes > 0) {
        qCWarning(lcManifest, "cut %lld bytes of an interrupted write off the end of %s",
                  report.healedBytes, qPrintable(m_path));
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
            return fileError(QT_TRANSLATE_NOOP("Grex", "cannot append to %1: %2"), m_path, err,
                             ErrorKind::Manifest);
        }
        written += n;
    }
    if (::fdatasync(fd) != 0) {
        const int err = errno;
        ::close(fd);
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot flush %1 to disk: %2"), m_path, err,
                         ErrorKind::Manifest);
    }
    struct stat after = {};
    const bool sized = ::fstat(fd, &after) == 0;
    ::close(fd);
    // Still under the manifest lock: a compaction replaces the file as doctor --compact does.
    if (sized)
        compactIfGrown(qint64(after.st_size));
    return report;
}

QList<Event> IntentLog::compacted(const QMap<QString, PackState> &packs)
{
    QList<Event> events;
    for (const PackState &pack : packsInIdOrder(packs)) {
        Event add = Event::add(pack.id, pack.url, pack.path, pack.type, std::nullopt, pack.addedAt);
        add.depth = pack.depth;
        add.cloneFilter = pack.cloneFilter;
        add.submodules = pack.submodules;
        add.tags = pack.tags;
        events.append(add);
        if (pack.ref)
            events.append(Event::update(pack.id, u"ref"_s, pack.ref, pack.updatedAt));
        if (pack.lastSyncSha)
            events.append(Event::sync(pack.id, *pack.lastSyncSha, pack.updatedAt));
    }
    return events;
}

Result<QByteArray> IntentLog::compactedBytes(const LogReadResult &current)
{
    // An action that started and never ended is the evidence doctor and the recovery scan
    // show until a run redoes the pack: it survives compaction (docs/design.md, "Compaction").
    QMap<std::pair<QString, qint64>, Event> unfinished;
    for (const Event &e : std::as_const(current.events)) {
        const std::pair key{e.id, e.actionIdx};
        if (e.op == EventOp::ActionStarted)
            unfinished.insert(key, e);
        else if (e.op == EventOp::ActionCompleted || e.op == EventOp::ActionHalted)
            unfinished.remove(key);
    }
    QList<Event> events = compacted(fold(current.events).packs);
    QList<Event> starts = unfinished.values();
    std::sort(starts.begin(), starts.end(),
              [](const Event &a, const Event &b) { return a.ts < b.ts; });
    events.append(starts);
    QByteArray bytes;
    for (const Event &event : std::as_const(events)) {
        Result<QByteArray> line = event.toLine();
        if (!line)
            return line.error();
        bytes += *line + '\n';
    }
    return bytes;
}

Result<void> IntentLog::compact() const
{
    Result<FileLock> lock = FileLock::acquire(m_lockPath, LockTier::Manifest, {});
    if (!lock)
        return lock.error();
    Result<LogReadResult> current = read();
    if (!current)
        return current.error();
    Result<QByteArray> bytes = compactedBytes(*current);
    if (!bytes)
        return bytes.error();
    return atomicWrite(m_path, *bytes);
}

void IntentLog::compactIfGrown(qint64 size) const
{
    if (size < kAutoCompactFloor)
        return;
    {
        QMutexLocker locker(&s_compactCheckMutex);
        if (size < s_nextCompactCheck.value(m_path))
            return;
    }
    const auto checkAgainAt = [this](qint64 next) {
        QMutexLocker locker(&s_compactCheckMutex);
        s_nextCompactCheck.insert(m_path, std::max(next, kAutoCompactFloor));
    };
    Result<LogReadResult> current = read();
    // Events this grex does not know (from a newer one) would not survive: doctor --compact
    // is the person's choice then.
    if (!current || !current->warnings.isEmpty()) {
        checkAgainAt(2 * size);
        return;
    }
    Result<QByteArray> bytes = compactedBytes(*current);
    if (!bytes) {
        checkAgainAt(2 * size);
        return;
    }
    // As doctor --compact checks it: the fold is the same but for updated_at.
    const Result<LogReadResult> after = parse(*bytes);
    if (!after || !foldsAlike(after->events, current->events)) {
        qCWarning(lcManifest, "not compacting %s: the compacted log folds differently",
                  qPrintable(m_path));
        checkAgainAt(2 * size);
        return;
    }
    const qint64 next = 2 * qint64(bytes->size()) + 1;
    if (size > 2 * qint64(bytes->size())) {
        if (Result<void> written = atomicWrite(m_path, *bytes); !written) {
            qCWarning(lcManifest, "could not compact %s: %s", qPrintable(m_path),
                      qPrintable(written.error().message().text()));
            checkAgainAt(2 * size);
            return;
        }
        qCDebug(lcManifest, "compacted %s from %lld to %lld bytes", qPrintable(m_path), size,
                qint64(bytes->size()));
    }
    checkAgainAt(next);
}

} // namespace Grex
