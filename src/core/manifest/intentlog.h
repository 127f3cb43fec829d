#pragma once

#include "core/fs/stampedcache.h"
#include "core/manifest/event.h"
#include "core/manifest/fold.h"
#include "core/message.h"
#include "core/result.h"

#include <QList>
#include <QString>

#include <memory>

namespace Grex {

struct LogReadResult
{
    QList<Event> events;
    QList<Message> warnings; // torn tail, unknown ops
    bool tornTail = false;
};

struct AppendReport
{
    qint64 healedBytes = 0; // bytes of a torn tail cut off before writing
};

// The append-only intent log grex.jsonl (docs/design.md, "Intent log"). Readers take no lock;
// writers hold the manifest lock (tier 5) for one append or compaction. Errors are Manifest:
// "corruption" (details: line, detail), "unsupported_schema" (line, got), "event_too_large", "io".
class IntentLog
{
public:
    // The last parse of the file, reused while the file is unchanged (same inode, size and
    // modification time): one run reads the log in several places. Shared by copies; thread-safe.
    using ReadCache = StampedCache<LogReadResult>;
    static std::shared_ptr<ReadCache> makeReadCache();

    IntentLog(QString logPath, QString lockPath, std::shared_ptr<ReadCache> cache = {});

    const QString &path() const { return m_path; }
    const QString &lockPath() const { return m_lockPath; }

    // A missing file reads as empty. A torn last line is dropped with a warning.
    Result<LogReadResult> read() const;
    static Result<LogReadResult> parse(const QByteArray &bytes);

    // Appends the events as one write and fsyncs, healing a torn tail first. Then, past a size
    // bound, compacts the log when that would more than halve it.
    Result<AppendReport> append(const QList<Event> &events) const;
    Result<AppendReport> append(const Event &event) const { return append(QList<Event>{event}); }

    // Rewrites the log as the minimal event list with the same fold (atomic replace), keeping
    // the action_started events that never ended.
    Result<void> compact() const;
    static QList<Event> compacted(const QMap<QString, PackState> &packs);
    // The bytes compact() writes for the log as read.
    static Result<QByteArray> compactedBytes(const LogReadResult &current);

private:
    void compactIfGrown(qint64 size) const;

    QString m_path;
    QString m_lockPath;
    std::shared_ptr<ReadCache> m_cache;
};

} // namespace Grex
