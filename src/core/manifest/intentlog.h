#pragma once

#include "core/fs/stampedcache.h"
#include "core/manifest/event.h"
#include "core/manifest/fold.h"
#include "core/message.h"
#include "core/result.h"

#include <QList>
#include <QString>

#include <memory>
#include <optional>
#include <utility>

namespace Grex {

struct LogReadResult
{
    QList<Event> events;
    QList<Message> warnings; // torn tail, unknown ops
    bool tornTail = false;
    // grex.jsonl holds events that belong in the journal (written before there was one).
    bool declaredHoldsJournalEvents = false;
};

// What most readers want of the log, gathered as it is read a line at a time, without its events:
// a 10 000-pack log's events were the peak of a sync's start (docs/performance.md).
struct LogSummary
{
    QMap<QString, PackState> packs; // the fold
    QList<Message> warnings;        // the read's (torn tail, unknown ops), then the fold's
    QList<Event> unfinished;        // action_started events never ended, by time
    bool tornTail = false;
};

struct AppendReport
{
    qint64 healedBytes = 0; // bytes of a torn tail cut off before writing
};

// The intent log (docs/design.md, "Intent log" and "The journal"): grex.jsonl holds
// what a person declared (add, update, tag, rm) and is the file people commit; the journal
// beside it, grex.journal.jsonl, holds what happened on this machine (syncs, action events,
// approvals and their kin) and is ignored by git. Readers take no lock and see both, merged;
// writers hold the manifest lock (tier 5) for one append or compaction, and each event goes to
// its file. Errors are Manifest: "corruption" (details: line, detail, path), "unsupported_schema"
// (line, got), "event_too_large", "io".
class IntentLog
{
public:
    // The two files' stamps; std::nullopt for a file that is not there.
    using Stamps = std::pair<std::optional<FileStamp>, std::optional<FileStamp>>;
    // The last read of both files, merged, and the last summary, each reused while neither file
    // changed (same inode, size and modification time): one run reads the log in several
    // places. Shared by copies; thread-safe. One merged list is all it keeps, not one per file
    // besides (docs/performance.md).
    struct ReadCache
    {
        StampedCache<LogReadResult, Stamps> read;
        StampedCache<LogSummary, Stamps> summary;
    };
    static std::shared_ptr<ReadCache> makeReadCache();

    // gitignorePath: the workspace's .gitignore, given the journal's pattern when the journal
    // is first made (a workspace from before the journal has no such line); "" for none.
    IntentLog(QString logPath, QString lockPath, std::shared_ptr<ReadCache> cache = {},
              QString gitignorePath = {});

    const QString &path() const { return m_path; }
    const QString &journalPath() const { return m_journalPath; }
    const QString &lockPath() const { return m_lockPath; }

    // The journal of the log at logPath: grex.journal.jsonl beside it.
    static QString journalBeside(const QString &logPath);
    // Whether an event records what happened on one machine rather than what was declared.
    static bool belongsInJournal(EventOp op);

    // Both files, each in its own order, the journal's events placed by time among the
    // declared ones. A missing file reads as empty. A torn last line is dropped with a warning.
    Result<LogReadResult> read() const;
    // The fold, the read's and fold's warnings and the unfinished actions, read a line at a
    // time: the same as folding read()'s events, without holding them.
    Result<LogSummary> summary() const;
    // Lets the cache shared by this log's copies go (reads and summaries): a run that has read
    // what it needs and will append to the log would otherwise keep it in memory for nothing.
    void forgetCachedRead() const;
    // One file's bytes; `fileName` names it in messages. The event list has room for `spare`
    // more events, so that read() merges the declared ones into it in place.
    static Result<LogReadResult> parse(const QByteArray &bytes,
                                       const QString &fileName = QStringLiteral("grex.jsonl"),
                                       qsizetype spare = 0);

    // Whether append() checks for compaction itself, or leaves it to a caller that calls
    // compactIfGrown() once it has let go of what it holds (a sync, at the end of its run).
    enum class Compaction { Now, Deferred };

    // Appends each event to its file as one write and fsyncs, healing a torn tail first. A
    // grex.jsonl that still holds journal events (written before the journal) gives them to the
    // journal first, losing none. Then, past a size bound, compacts the log when that would
    // more than halve it.
    Result<AppendReport> append(const QList<Event> &events,
                                Compaction compaction = Compaction::Now) const;
    Result<AppendReport> append(const Event &event, Compaction compaction = Compaction::Now) const
    {
        return append(QList<Event>{event}, compaction);
    }
    // Events written as their lines as they come, for a caller that appends many at once later:
    // a line is a fraction of the event it is made from.
    struct Lines
    {
        QByteArray declared;
        QByteArray journal;
        Result<void> add(const Event &event);
        bool isEmpty() const { return declared.isEmpty() && journal.isEmpty(); }
    };
    Result<AppendReport> append(const Lines &lines, Compaction compaction = Compaction::Now) const;
    // The check append() makes after writing: past a size bound, compacts the log when that
    // would more than halve it. Failures are logged; the log is left as it was.
    void compactIfGrown() const;

    // Rewrites both files as the minimal event lists with the same fold (atomic replace),
    // keeping the action_started events that never ended.
    Result<void> compact() const;
    static QList<Event> compacted(const QMap<QString, PackState> &packs);
    // What compact() writes for the log as read, and the fold it must keep.
    struct CompactedLog
    {
        QByteArray declared; // grex.jsonl's bytes
        QByteArray journal;
        QMap<QString, PackState> packs; // the fold of the log as read
    };
    // Takes the read to let its events go once the fold is made.
    static Result<CompactedLog> compactedForm(LogReadResult current);

private:
    // One file, parsed (parse()'s `spare`); `stamp` is its stamp before the read when it can be
    // trusted for the cache (nullopt for a missing file; `cacheable` false when it changed
    // while read).
    static Result<LogReadResult> readFile(const QString &path, const QString &fileName,
                                          std::optional<FileStamp> &stamp, bool &cacheable,
                                          qsizetype spare = 0);
    Result<void> moveJournalEventsOut() const;
    Result<bool> declaredHoldsJournalEvents() const;
    void compactIfGrownLocked(const QString &path, qint64 before, qint64 size) const;

    QString m_path;
    QString m_journalPath;
    QString m_lockPath;
    QString m_gitignorePath;
    std::shared_ptr<ReadCache> m_cache;
};

} // namespace Grex
