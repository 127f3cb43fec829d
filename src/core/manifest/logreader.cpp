// Reading the intent log a line at a time (docs/design.md, "Intent log"): the rules every read
// uses to tell a file's lines apart, and the merged walk over both files that the summary and
// the compaction check make without holding the log's events.

#include "core/fs/fserror.h"
#include "core/fs/fsutil.h"
#include "core/manifest/intentlog_p.h"

#include <QFile>

using namespace Qt::StringLiterals;

namespace Grex::LogImpl {

namespace {

Error corruption(const QString &fileName, qsizetype line, const QString &detail)
{
    return Error(ErrorKind::Manifest, u"corruption"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "%1 is corrupt at line %2: %3"),
                         {fileName, QString::number(line), detail}))
        .withDetail(u"line"_s, qint64(line))
        .withDetail(u"detail"_s, detail)
        .withHint(Message(QT_TRANSLATE_NOOP("Grex", "fix or delete line %1; every later line is "
                                                    "kept as it is"),
                          {QString::number(line)}));
}

// One file's events as LogLines tells them apart, read from the file a line at a time.
class EventCursor
{
public:
    EventCursor(QFile &file, const QString &fileName) : m_file(file), m_lines(fileName) {}

    // The next event; nullptr at the file's end, where its lines stop (an error, a torn tail),
    // or where the file could not be read.
    const Event *peek()
    {
        while (m_next >= m_events.size() && !m_done) {
            if (m_lines.failed()) {
                m_done = true;
            } else if (!m_file.isOpen() || m_file.atEnd()) {
                m_lines.finish();
                m_done = true;
            } else {
                readLine();
            }
        }
        return m_next < m_events.size() ? &m_events.at(m_next) : nullptr;
    }
    void pop() { ++m_next; }

    const LogLines &lines() const { return m_lines; }
    // Whether the file was read to its end (a missing file was).
    bool readWhole() const
    {
        return !m_readFailed &&
               (!m_file.isOpen() || (m_file.error() == QFileDevice::NoError && m_file.atEnd()));
    }

private:
    void readLine()
    {
        m_next = 0;
        // Room for the longest line that may be read, its "\r\n" and a byte more: a line cut
        // here is too long with or without its '\r'. One buffer for every line: readLine()
        // making a QByteArray of that size for each took longer than parsing the lines.
        if (m_buffer.isEmpty())
            m_buffer.resize(MaxReadLineBytes + 4);
        const qint64 n = m_file.readLine(m_buffer.data(), m_buffer.size());
        if (n <= 0) { // a line holds its newline at least: the read failed
            m_readFailed = m_done = true;
            m_events.clear();
            return;
        }
        QByteArrayView line(m_buffer.constData(), n);
        LineEnd end = LineEnd::Newline;
        if (line.endsWith('\n'))
            line.chop(1);
        else if (m_file.atEnd() || !skipRest(line))
            end = LineEnd::EndOfFile;
        m_lines.take(line, end, m_events);
    }

    // Reads past the rest of a line too long to hold; false when it had no newline. A line of
    // blanks stays one, so that it is skipped as a whole read skips it.
    bool skipRest(QByteArrayView &line)
    {
        bool blank = isBlank(line);
        bool terminated = false;
        char rest[4096];
        while (!terminated && !m_file.atEnd()) {
            const qint64 n = m_file.readLine(rest, sizeof rest);
            if (n <= 0) {
                m_readFailed = true;
                break;
            }
            QByteArrayView more(rest, n);
            terminated = more.endsWith('\n');
            if (terminated)
                more.chop(1);
            blank = blank && isBlank(more);
        }
        if (blank)
            line = {};
        return terminated;
    }

    QFile &m_file;
    LogLines m_lines;
    QByteArray m_buffer;   // the line being read
    QList<Event> m_events; // the last line's
    qsizetype m_next = 0;
    bool m_done = false;
    bool m_readFailed = false;
};

} // namespace

void LogLines::take(QByteArrayView line, LineEnd end, QList<Event> &events)
{
    events.clear();
    if (m_error)
        return;
    ++m_lineNumber;
    if (m_lineNumber == 1 && line.startsWith("\xEF\xBB\xBF"))
        line = line.sliced(3);
    if (line.endsWith('\r'))
        line.chop(1);
    if (isBlank(line))
        return;
    if (m_invalid) {
        m_error = corruption(m_fileName, m_invalid->first, m_invalid->second);
        return;
    }
    ParsedLine parsed = parseEventLine(line);
    // Appends write a line and its '\n' in one call: a last line without one was interrupted.
    if (end == LineEnd::EndOfFile && parsed.kind != ParsedLine::Kind::UnsupportedSchema) {
        parsed.kind = ParsedLine::Kind::Invalid;
        parsed.detail = u"the line does not end with a newline"_s;
    }
    switch (parsed.kind) {
    case ParsedLine::Kind::Events:
        events = std::move(parsed.events);
        break;
    case ParsedLine::Kind::UnknownOp:
        m_warnings.append(Message(QT_TRANSLATE_NOOP("Grex", "%1 line %2: unknown op '%3' skipped"),
                                  {m_fileName, QString::number(m_lineNumber), parsed.detail}));
        break;
    case ParsedLine::Kind::UnsupportedSchema:
        m_error = Error(ErrorKind::Manifest, u"unsupported_schema"_s,
                        Message(QT_TRANSLATE_NOOP("Grex",
                                                  "%1 line %2 has schema_version %3, which "
                                                  "this grex does not read: a newer grex wrote it"),
                                {m_fileName, QString::number(m_lineNumber), parsed.detail}))
                      .withDetail(u"line"_s, qint64(m_lineNumber))
                      .withDetail(u"got"_s, parsed.detail)
                      .withHint(Message(QT_TRANSLATE_NOOP("Grex", "upgrade grex")));
        break;
    case ParsedLine::Kind::Invalid:
        // Torn or corrupt, as what follows it says.
        m_invalid = std::pair{m_lineNumber, parsed.detail};
        break;
    }
}

void LogLines::finish()
{
    if (m_error || !m_invalid || m_tornTail)
        return;
    m_tornTail = true;
    m_warnings.append(Message(QT_TRANSLATE_NOOP("Grex", "%1 line %2 is incomplete (an interrupted "
                                                        "write) and was ignored: %3"),
                              {m_fileName, QString::number(m_invalid->first), m_invalid->second}));
}

Result<StreamedRead>
forEachEventIn(const QString &declaredPath, const QString &journalPath,
               const std::function<void(const Event &event, bool fromJournal)> &apply)
{
    StreamedRead read;
    QFile declaredFile(declaredPath);
    QFile journalFile(journalPath);
    for (auto [file, stamp] : {std::pair{&declaredFile, &read.stamps.first},
                               std::pair{&journalFile, &read.stamps.second}}) {
        bool missing = false;
        if (openForReading(*file, &missing)) {
            *stamp = FileStamp::of(file->handle());
        } else if (!missing) {
            return fileError(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"), file->fileName(),
                             file->error() == QFileDevice::PermissionsError ? EACCES : EIO,
                             ErrorKind::Manifest);
        }
    }
    EventCursor declared(declaredFile, declaredName());
    EventCursor journal(journalFile, journalName());
    for (;;) {
        const Event *a = declared.peek();
        const Event *b = journal.peek();
        if (declared.lines().failed() || journal.lines().failed())
            break;
        if (!a && !b)
            break;
        // The declared events keep their file's order; a journal event goes before the first
        // one later than it.
        const bool takeDeclared = !b || (a && !(b->ts < a->ts));
        apply(takeDeclared ? *a : *b, !takeDeclared);
        (takeDeclared ? declared : journal).pop();
    }
    // A read of the whole log fails on grex.jsonl first: so does this one.
    while (journal.lines().failed() && declared.peek())
        declared.pop();
    for (auto [cursor, file] :
         {std::pair{&declared, &declaredFile}, std::pair{&journal, &journalFile}}) {
        if (cursor->lines().failed()) {
            Error error = cursor->lines().error();
            return std::move(error).withDetail(u"path"_s, file->fileName());
        }
        // A read that failed part way looks like the file's end: what follows would be lost.
        if (!cursor->readWhole()) {
            return fileError(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"), file->fileName(), EIO,
                             ErrorKind::Manifest);
        }
    }
    read.warnings = declared.lines().warnings() + journal.lines().warnings();
    read.tornTail = declared.lines().tornTail() || journal.lines().tornTail();
    const auto same = [](const QFile &file, const std::optional<FileStamp> &stamp) {
        return !file.isOpen() || (stamp && FileStamp::of(file.handle()) == stamp);
    };
    read.unchanged = same(declaredFile, read.stamps.first) && same(journalFile, read.stamps.second);
    return read;
}

} // namespace Grex::LogImpl
