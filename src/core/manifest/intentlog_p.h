#pragma once

// Private to src/core/manifest: what the log's reads and appends (intentlog.cpp), its reading a
// line at a time (logreader.cpp) and its compaction (compaction.cpp) share.

#include "core/manifest/event.h"
#include "core/manifest/intentlog.h"
#include "core/message.h"
#include "core/result.h"

#include <QByteArrayView>
#include <QList>
#include <QString>

#include <functional>
#include <mutex>
#include <optional>

namespace Grex::LogImpl {

// Whether a line holds only blanks: a read skips it.
bool isBlank(QByteArrayView line);
// The size of the file at path before this process's first deferred append to it, remembered
// by append() for compactIfGrown(), which takes it.
void rememberDeferredCheck(const QString &path, qint64 before);
std::optional<qint64> takeDeferredCheck(const QString &path);
// What a read learnt of grex.jsonl at this stamp: whether it holds journal events. The appends
// that follow a run's read need not parse grex.jsonl again.
void rememberDeclaredHolds(const QString &path, const FileStamp &stamp, bool holds);

// The files' names in messages: grex.jsonl and grex.journal.jsonl.
const QString &declaredName();
const QString &journalName();
// One reader of the log at a time in this process (IntentLog::read and summary).
std::mutex &oneReader();

// How a line given to LogLines ended.
enum class LineEnd {
    Newline,
    EndOfFile, // the file's last line, with no newline: an append was cut short
};

// One file's lines told apart as every read of the log does: events; an unknown op, skipped with
// a warning; a schema this grex does not read, an error; and an invalid line, which is a torn
// tail (a warning, and the file's end) when only blanks follow it, and corruption otherwise.
class LogLines
{
public:
    explicit LogLines(QString fileName) : m_fileName(std::move(fileName)) {}

    // The next line, without its newline; `events` is set to what it holds.
    void take(QByteArrayView line, LineEnd end, QList<Event> &events);
    // After the last line.
    void finish();

    bool failed() const { return m_error.has_value(); }
    const Error &error() const { return *m_error; }
    const QList<Message> &warnings() const { return m_warnings; }
    bool tornTail() const { return m_tornTail; }

private:
    QString m_fileName;
    qsizetype m_lineNumber = 0;
    std::optional<std::pair<qsizetype, QString>> m_invalid; // line number and why, until known
    std::optional<Error> m_error;
    QList<Message> m_warnings;
    bool m_tornTail = false;
};

// What a read a line at a time found besides the events it handed on.
struct StreamedRead
{
    QList<Message> warnings; // grex.jsonl's, then the journal's
    bool tornTail = false;
    IntentLog::Stamps stamps; // each file's when it was opened
    bool unchanged = true;    // neither file changed while it was read
};

// Both files at these paths a line at a time, in read()'s order (the declared events in their
// order, the journal's placed by time among them), each event handed to `apply` with whether it
// came from the journal. A missing file reads as empty. Errors are read()'s: when both files
// fail, grex.jsonl's.
Result<StreamedRead>
forEachEventIn(const QString &declaredPath, const QString &journalPath,
               const std::function<void(const Event &event, bool fromJournal)> &apply);

} // namespace Grex::LogImpl
