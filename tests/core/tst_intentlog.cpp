#include "support/grexrunner.h"
#include "support/testfiles.h"
#include "core/manifest/intentlog.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <csignal>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// The files the intent log said it parsed, from its debug lines ("read N events from PATH").
QStringList s_parsedFiles;

void recordParses(QtMsgType, const QMessageLogContext &, const QString &message)
{
    static const QRegularExpression read(u"^read \\d+ events from (.*)$"_s);
    if (const QRegularExpressionMatch m = read.match(message); m.hasMatch())
        s_parsedFiles.append(QFileInfo(m.captured(1)).fileName());
}

// Records into s_parsedFiles while it lives.
class ParseRecorder
{
public:
    ParseRecorder()
    {
        s_parsedFiles.clear();
        QLoggingCategory::setFilterRules(u"grex.manifest.debug=true"_s);
        m_previous = qInstallMessageHandler(recordParses);
    }
    ~ParseRecorder()
    {
        qInstallMessageHandler(m_previous);
        QLoggingCategory::setFilterRules(QString());
    }
    ParseRecorder(const ParseRecorder &) = delete;
    ParseRecorder &operator=(const ParseRecorder &) = delete;

private:
    QtMessageHandler m_previous = nullptr;
};

Timestamp ts(qint64 seconds, qint64 nanos = 0)
{
    return Timestamp::fromUnixNanos(seconds * 1'000'000'000 + nanos);
}

QByteArray linesOf(const QList<Event> &events)
{
    QByteArray bytes;
    for (const Event &e : events)
        bytes += e.toLine().value() + '\n';
    return bytes;
}

Event taggedAdd()
{
    Event add = Event::add(u"c"_s, u"https://h/c.git"_s, u"c"_s, u"meta"_s, std::nullopt,
                           Timestamp::fromUnixNanos(1776592810'000'000'000));
    add.mutableExtra().tags = {u"home"_s, u"work"_s};
    return add;
}

QList<Event> oneOfEach()
{
    return {Event::add(u"a"_s, u"https://h/a.git"_s, u"a"_s, u"declarative"_s, u"main"_s,
                       ts(1776592800, 123456789)),
            Event::add(u"b"_s, u"git@h:u/b"_s, u"b"_s, u"meta"_s, std::nullopt, ts(1776592801)),
            Event::update(u"a"_s, u"ref"_s, u"v0.2.0"_s, ts(1776592802, 1000)),
            Event::update(u"a"_s, u"ref"_s, std::nullopt, ts(1776592803)),
            Event::sync(u"a"_s, QString(40, u'a'), ts(1776592804)),
            Event::actionStarted(u"a"_s, 0, u"symlink"_s, ts(1776592805)),
            Event::actionCompleted(u"a"_s, 0, u"performed_change"_s, ts(1776592806)),
            Event::actionHalted(u"a"_s, 1, u"exec"_s, u"exec exited with status 3: make"_s,
                                ts(1776592807)),
            Event::rm(u"b"_s, ts(1776592808)),
            Event::tag(u"a"_s, {u"work"_s}, {u"old"_s}, ts(1776592809)),
            taggedAdd(),
            Event::approved(u"exec"_s, {u"a"_s, u"b"_s}, u"make check"_s, u"client"_s,
                            u"claude-code"_s, ts(1776592810))};
}

bool setModified(const QString &path, const QDateTime &when)
{
    QFile file(path);
    return file.open(QIODevice::ReadWrite) &&
           file.setFileTime(when, QFileDevice::FileModificationTime);
}

// The registration of pack "p", the first event of the tests that grow a log.
Event addPackP()
{
    return Event::add(u"p"_s, u"https://h/p.git"_s, u"p"_s, u"meta"_s, std::nullopt, ts(1));
}

// A log in dir with a read cache, as a workspace's.
IntentLog cachedLog(const QTemporaryDir &dir)
{
    return IntentLog(dir.filePath(u"grex.jsonl"_s), dir.filePath(u".grex.lock"_s),
                     IntentLog::makeReadCache());
}

Result<LogReadResult> parse(const QByteArray &bytes)
{
    return IntentLog::parse(bytes);
}

QList<Event> hundredEvents()
{
    QList<Event> events;
    for (int i = 0; i < 100; ++i)
        events.append(Event::add(u"p%1"_s.arg(i), u"https://h/p.git"_s, u"p%1"_s.arg(i), u"meta"_s,
                                 std::nullopt, ts(1776592800 + i)));
    return events;
}

} // namespace

class tst_IntentLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyEventRoundTrips()
    {
        const QList<Event> events = oneOfEach();
        const Result<LogReadResult> read = parse(linesOf(events));
        QVERIFY(read.ok());
        QCOMPARE(read->events, events);
        QVERIFY(read->warnings.isEmpty());
    }

    void writesCatalogueMemberOrder()
    {
        const QList<Event> events = oneOfEach();
        QCOMPARE(events.at(0).toLine().value(),
                 QByteArray(R"({"op":"add","ts":"2026-04-19T10:00:00.123456789Z","id":"a",)"
                            R"("url":"https://h/a.git","path":"a","type":"declarative",)"
                            R"("schema_version":"1","ref":"main"})"));
        QCOMPARE(events.at(1).toJson().keys(),
                 (QStringList{u"op"_s, u"ts"_s, u"id"_s, u"url"_s, u"path"_s, u"type"_s,
                              u"schema_version"_s}));
        QCOMPARE(events.at(3).toLine().value(),
                 QByteArray(R"({"op":"update","ts":"2026-04-19T10:00:03.000000Z","id":"a",)"
                            R"("field":"ref","value":null,"schema_version":"1"})"));
        QCOMPARE(events.at(7).toJson().keys(),
                 (QStringList{u"op"_s, u"ts"_s, u"pack"_s, u"action_idx"_s, u"action_name"_s,
                              u"error_summary"_s, u"schema_version"_s}));
        QCOMPARE(events.at(9).toLine().value(),
                 QByteArray(R"({"op":"tag","ts":"2026-04-19T10:00:09.000000Z","id":"a",)"
                            R"("add":["work"],"remove":["old"],"schema_version":"1"})"));
        QCOMPARE(events.at(10).toJson().keys().mid(6),
                 (QStringList{u"schema_version"_s, u"tags"_s}));
        QCOMPARE(events.at(11).toLine().value(),
                 QByteArray(R"({"op":"approved","ts":"2026-04-19T10:00:10.000000Z",)"
                            R"("verb":"exec","packs":["a","b"],"pack_count":2,)"
                            R"("command":"make check","by":"client","client":"claude-code",)"
                            R"("schema_version":"1"})"));
    }

    void approvalsFitALine()
    {
        // An approval for hundreds of packs lists the first ones that fit and counts them all.
        QStringList packs;
        for (int i = 0; i < 500; ++i)
            packs.append(u"a-rather-long-pack-name-for-the-line-limit-%1"_s.arg(i));
        // A command of control characters (six bytes each escaped) and a client's long name of
        // itself still fit.
        const Event e = Event::approved(u"run"_s, packs, QString(5000, QChar(1)), u"client"_s,
                                        u"c"_s.repeated(3000), ts(1));
        const Result<QByteArray> line = e.toLine();
        QVERIFY(line.ok());
        QVERIFY(line->size() <= MaxEventLineBytes);
        const Result<LogReadResult> read = parse(*line + '\n');
        QVERIFY(read.ok());
        const Event back = read->events.at(0);
        QCOMPARE(back.extra().packCount, 500);
        QVERIFY(!back.extra().packs.isEmpty() && back.extra().packs.size() <= kMaxApprovedPacks);
        QCOMPARE(back.extra().packs.constFirst(), packs.constFirst());
        QVERIFY(back.extra().command.endsWith(u"…[truncated]"_s));
        // An approval changes nothing in the fold.
        QVERIFY(fold({e}).packs.isEmpty());
    }

    void unknownMembersIgnored()
    {
        const QByteArray line =
            R"({"op":"add","ts":"2026-04-19T10:00:00Z","id":"a","url":"u","path":"a",)"
            R"("type":"meta","future":{"x":[1,2]},"schema_version":"1"})"
            "\n";
        const Result<LogReadResult> read = parse(line);
        QVERIFY(read.ok());
        QCOMPARE(read->events.size(), 1);
        QCOMPARE(read->events.at(0).id, u"a"_s);
    }

    // The documented dialect and the original's legacy forms.
    void readsBothDialects()
    {
        const QByteArray log =
            R"({"op":"add","ts":"2026-04-19T10:00:00Z","id":"a","url":"u","path":"a","type":"declarative","schema_version":"1"})"
            "\n"
            R"({"op":"update","ts":"2026-04-19T10:00:01Z","id":"a","ref":"v1","url":"u2"})"
            "\n"
            R"({"op":"action_started","ts":"2026-04-19T10:00:02Z","id":"a","idx":2,"action":"mkdir"})"
            "\n"
            R"({"op":"action_completed","ts":"2026-04-19T10:00:03Z","pack":"a","action_idx":2,"result_summary":"Skipped { pack_path: x }"})"
            "\n"
            R"({"op":"action_completed","ts":"2026-04-19T10:00:03Z","pack":"a","idx":3,"changed":true})"
            "\n"
            R"({"op":"action_halted","ts":"2026-04-19T10:00:04Z","id":"a","idx":4,"action":"exec","reason":"boom","stderr":"trace"})"
            "\n"
            R"({"op":"sync","ts":"2026-04-19T10:00:05Z","id":"a","sha":"mkdir:PerformedChange","schema_version":1})"
            "\n";
        const Result<LogReadResult> read = parse(log);
        QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().text()));
        const QList<Event> &e = read->events;
        QCOMPARE(e.size(), 8);
        QCOMPARE(e.at(1).op, EventOp::Update);
        QCOMPARE(e.at(1).extra().field,
                 u"url"_s); // one update per present member, in url/ref/path order
        QCOMPARE(e.at(2).extra().field, u"ref"_s);
        QCOMPARE(e.at(2).extra().value, std::optional<QString>(u"v1"_s));
        QCOMPARE(e.at(3).extra().actionIdx, 2);
        QCOMPARE(e.at(3).extra().actionName, u"mkdir"_s);
        QCOMPARE(e.at(4).extra().resultSummary, u"skipped"_s);
        QCOMPARE(e.at(5).extra().resultSummary, u"performed_change"_s);
        QCOMPARE(e.at(6).extra().errorSummary, u"boom\ntrace"_s);
        QCOMPARE(e.at(7).sha, u"mkdir:PerformedChange"_s);
        const FoldResult folded = fold(e);
        QCOMPARE(folded.packs.value(u"a"_s).ref, std::optional<QString>(u"v1"_s));
        QCOMPARE(folded.packs.value(u"a"_s).url, u"u2"_s);
    }

    void unknownOpSkippedWithWarning()
    {
        const QByteArray log =
            R"({"op":"teleport","ts":"2026-04-19T10:00:00Z","schema_version":"1"})"
            "\n"
            R"({"op":"rm","ts":"2026-04-19T10:00:00Z","id":"a"})"
            "\n";
        const Result<LogReadResult> read = parse(log);
        QVERIFY(read.ok());
        QCOMPARE(read->events.size(), 1);
        QCOMPARE(read->warnings.size(), 1);
        QVERIFY(read->warnings.at(0).text().contains(u"teleport"_s));
    }

    void unsupportedSchemaFails_data()
    {
        QTest::addColumn<QByteArray>("log");
        QTest::addColumn<int>("line");
        const QByteArray good = R"({"op":"rm","ts":"2026-04-19T10:00:00Z","id":"a"})";
        QTest::newRow("string 2")
            << QByteArray(
                   R"({"op":"rm","ts":"2026-04-19T10:00:00Z","id":"a","schema_version":"2"})") +
                   "\n"
            << 1;
        QTest::newRow("last line too")
            << good + "\n" +
                   R"({"op":"rm","ts":"2026-04-19T10:00:00Z","id":"a","schema_version":3})" + "\n"
            << 2;
        QTest::newRow("unterminated last line")
            << good + "\n" +
                   R"({"op":"rm","ts":"2026-04-19T10:00:00Z","id":"a","schema_version":"2"})"
            << 2;
        QTest::newRow("unknown op too")
            << good + "\n" + R"({"op":"zap","schema_version":"9"})" + "\n" + good + "\n"
            << 2;
    }

    void unsupportedSchemaFails()
    {
        QFETCH(QByteArray, log);
        QFETCH(int, line);
        const Result<LogReadResult> read = parse(log);
        QVERIFY(!read.ok());
        QCOMPARE(read.error().kind(), ErrorKind::Manifest);
        QCOMPARE(read.error().reason(), u"unsupported_schema"_s);
        QCOMPARE(read.error().details().value(u"line"_s).toInteger(), line);
        QVERIFY(read.error().message().text().contains(u"newer grex"_s));
    }

    void tornLastLineDiscarded_data()
    {
        QTest::addColumn<QByteArray>("tail");
        const QByteArray full = Event::rm(u"zz"_s, ts(1776592900)).toLine().value();
        QTest::newRow("partial json") << full.left(full.size() / 2);
        QTest::newRow("partial utf-8")
            << QByteArray("{\"op\":\"rm\",\"ts\":\"2026-04-19T10:00:00Z\",\"id\":\"\xe6\x97");
        QTest::newRow("crlf") << full.left(20) + "\r\n";
        QTest::newRow("invalid utf-8") << QByteArray("\xff\xfe\xfd garbage");
        QTest::newRow("nul bytes") << QByteArray("{\"op\":\"rm\0\0\0", 12);
        QTest::newRow("oversized") << QByteArray(1024 * 1024, 'x');
        QTest::newRow("complete but invalid") << QByteArray("{\"op\":\"add\"}\n");
        QTest::newRow("valid but unterminated") << full;
    }

    void tornLastLineDiscarded()
    {
        QFETCH(QByteArray, tail);
        const QList<Event> events = oneOfEach();
        const Result<LogReadResult> read = parse(linesOf(events) + tail);
        QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().text()));
        QCOMPARE(read->events, events);
        QVERIFY(read->tornTail);
        QCOMPARE(read->warnings.size(), 1);
    }

    // A log cut anywhere inside its last line reads as the lines before it.
    void truncationSweep_data()
    {
        QTest::addColumn<int>("cut");
        for (int cut : {1, 2, 3, 5, 8, 13, 21, 34, 55})
            QTest::newRow(qPrintable(QString::number(cut))) << cut;
    }

    void truncationSweep()
    {
        QFETCH(int, cut);
        const QList<Event> events = hundredEvents();
        QByteArray bytes = linesOf(events);
        bytes.chop(cut);
        const Result<LogReadResult> read = parse(bytes);
        QVERIFY(read.ok());
        QCOMPARE(read->events.size(), 99);
        QCOMPARE(read->events, events.mid(0, 99));
    }

    void corruptionBeforeTheLastLineIsAnError_data()
    {
        QTest::addColumn<int>("line");
        QTest::newRow("first") << 1;
        QTest::newRow("middle") << 50;
        QTest::newRow("penultimate") << 99;
    }

    void corruptionBeforeTheLastLineIsAnError()
    {
        QFETCH(int, line);
        QList<QByteArray> lines = linesOf(hundredEvents()).split('\n');
        lines[line - 1] = lines[line - 1].left(lines[line - 1].size() / 2);
        const Result<LogReadResult> read = parse(lines.join('\n'));
        QVERIFY(!read.ok());
        QCOMPARE(read.error().kind(), ErrorKind::Manifest);
        QCOMPARE(read.error().reason(), u"corruption"_s);
        QCOMPARE(read.error().details().value(u"line"_s).toInteger(), line);
        QVERIFY(read.error().message().text().contains(u"line %1"_s.arg(line)));
    }

    void missingRequiredMemberMidFileIsCorruption()
    {
        const QByteArray log = R"({"op":"add","ts":"2026-04-19T10:00:00Z","id":"a"})"
                               "\n"
                               R"({"op":"rm","ts":"2026-04-19T10:00:00Z","id":"a"})"
                               "\n";
        const Result<LogReadResult> read = parse(log);
        QVERIFY(!read.ok());
        QCOMPARE(read.error().details().value(u"line"_s).toInteger(), 1);
        QVERIFY(read.error().details().value(u"detail"_s).toString().contains(u"url"_s));
    }

    // An index that is no 64-bit integer is not an index; converting 3e45 to one was undefined
    // behaviour (found by fuzz_intentlog under UBSan).
    // A tag event's lists hold tags as grex writes them: anything else is corruption.
    void tagsMustBeTags_data()
    {
        QTest::addColumn<QByteArray>("member");
        QTest::newRow("not a list") << QByteArray(R"("add":"work")");
        QTest::newRow("not a string") << QByteArray(R"("add":[1])");
        QTest::newRow("invalid tag") << QByteArray(R"("remove":["a b"])");
        QTest::newRow("duplicate") << QByteArray(R"("add":["a","a"])");
        QTest::newRow("add tags") << QByteArray(R"("op":"add","url":"u","path":"a","tags":"x")");
    }

    void tagsMustBeTags()
    {
        QFETCH(QByteArray, member);
        const QByteArray op = member.startsWith(R"("op")") ? QByteArray() : R"("op":"tag",)";
        const QByteArray log = "{" + op + R"("ts":"2026-04-19T10:00:00Z","id":"a",)" + member +
                               "}\n" + R"({"op":"rm","ts":"2026-04-19T10:00:00Z","id":"a"})" +
                               "\n";
        const Result<LogReadResult> read = parse(log);
        QVERIFY(!read.ok());
        QCOMPARE(read.error().reason(), u"corruption"_s);
    }

    void actionIndexMustBeAnInteger_data()
    {
        QTest::addColumn<QByteArray>("index");
        for (const char *index : {"3e45", "-1", "1.5", "9223372036854775808", "\"2\"", "null"})
            QTest::newRow(index) << QByteArray(index);
    }

    void actionIndexMustBeAnInteger()
    {
        QFETCH(QByteArray, index);
        const QByteArray log =
            R"({"op":"action_started","ts":"2026-04-19T10:00:00Z","pack":"a","action_idx":)" +
            index + R"(,"action_name":"mkdir"})" + "\n" +
            R"({"op":"rm","ts":"2026-04-19T10:00:00Z","id":"a"})" + "\n";
        const Result<LogReadResult> read = parse(log);
        QVERIFY(!read.ok());
        QCOMPARE(read.error().reason(), u"corruption"_s);
        QCOMPARE(read.error().details().value(u"line"_s).toInteger(), 1);
    }

    void emptyWhitespaceAndBom()
    {
        QVERIFY(parse({})->events.isEmpty());
        QVERIFY(parse(" \n\t\n\r\n  ")->events.isEmpty());
        const Result<LogReadResult> bom = parse("\xEF\xBB\xBF" + linesOf(oneOfEach()));
        QVERIFY(bom.ok());
        QCOMPARE(bom->events, oneOfEach());
        QVERIFY(bom->warnings.isEmpty());
    }

    void missingFileReadsEmpty()
    {
        QTemporaryDir dir;
        IntentLog log(dir.filePath(u"grex.jsonl"_s), dir.filePath(u".grex.lock"_s));
        const Result<LogReadResult> read = log.read();
        QVERIFY(read.ok());
        QVERIFY(read->events.isEmpty());
    }

    // Copies of one log share a parse while the file is unchanged; any write shows.
    void readCacheSeesEveryChange()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"grex.jsonl"_s);
        const auto cache = IntentLog::makeReadCache();
        const IntentLog log(path, dir.filePath(u".grex.lock"_s), cache);
        const IntentLog other(path, dir.filePath(u".grex.lock"_s), cache);
        const QList<Event> events = oneOfEach();
        QVERIFY(log.append(events.at(0)).ok());
        QCOMPARE(log.read()->events.size(), 1);
        QCOMPARE(other.read()->events.size(), 1);
        QVERIFY(other.append(events.at(1)).ok());
        const QDateTime when = QDateTime::fromSecsSinceEpoch(1776592800);
        QVERIFY(setModified(path, when));
        QCOMPARE(log.read()->events.size(), 2);
        // Replaced behind grex's back: same size and time, only the inode tells.
        const QByteArray bytes = readFile(path);
        QByteArray changed = bytes;
        QCOMPARE(events.at(0).id, u"a"_s);
        changed.replace(QByteArray("\"id\":\"a\""), QByteArray("\"id\":\"z\""));
        QVERIFY(changed != bytes && changed.size() == bytes.size());
        QVERIFY(writeFile(path + u".new"_s, changed));
        QVERIFY(setModified(path + u".new"_s, when));
        QVERIFY(QFile::remove(path) && QFile::rename(path + u".new"_s, path));
        QCOMPARE(log.read()->events.at(0).id, u"z"_s);
    }

    void appendHealsATornTail()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"grex.jsonl"_s);
        IntentLog log(path, dir.filePath(u".grex.lock"_s));
        const QList<Event> events = oneOfEach();
        QVERIFY(log.append(events).ok());
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::Append));
            f.write("{\"op\":\"add\",\"ts\":\"2026-");
        }
        const qint64 torn = qstrlen("{\"op\":\"add\",\"ts\":\"2026-");
        const Event next = Event::rm(u"a"_s, ts(1776599999));
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"cut %1 bytes"_s.arg(torn)));
        const Result<AppendReport> appended = log.append(next);
        QVERIFY(appended.ok());
        QCOMPARE(appended->healedBytes, torn);
        const Result<LogReadResult> read = log.read();
        QVERIFY(read.ok());
        QCOMPARE(read->events, events + QList<Event>{next});
        QVERIFY(read->warnings.isEmpty());
    }

    void appendToATornFirstLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"grex.jsonl"_s);
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"op\":");
        }
        IntentLog log(path, dir.filePath(u".grex.lock"_s));
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"cut 6 bytes"_s));
        QVERIFY(log.append(Event::rm(u"a"_s, ts(1))).ok());
        QCOMPARE(log.read()->events.size(), 1);
    }

    void semanticWarnings()
    {
        const QList<Event> clean = oneOfEach();
        QVERIFY(fold(clean).warnings.isEmpty());
        const QList<Event> messy{
            Event::add(u"a"_s, u"u"_s, u"a"_s, u"meta"_s, std::nullopt, ts(1)),
            Event::add(u"a"_s, u"u2"_s, u"a"_s, u"meta"_s, std::nullopt, ts(2)),
            Event::update(u"ghost"_s, u"ref"_s, u"x"_s, ts(3)),
            Event::sync(u"ghost"_s, u""_s, ts(4)),
            Event::rm(u"ghost"_s, ts(5)),
        };
        const FoldResult folded = fold(messy);
        QCOMPARE(folded.warnings.size(), 3); // the sync of ghost is history, not a warning
        QCOMPARE(folded.packs.value(u"a"_s).url, u"u2"_s); // the later add wins
    }

    // Concurrent appends from threads of one process.
    void concurrentAppendsFromThreads()
    {
        QTemporaryDir dir;
        IntentLog log(dir.filePath(u"grex.jsonl"_s), dir.filePath(u".grex.lock"_s));
        constexpr int threads = 8;
        constexpr int perThread = 50;
        QList<QFuture<int>> futures;
        for (int t = 0; t < threads; ++t) {
            futures.append(QtConcurrent::run([&log, t] {
                int failures = 0;
                for (int i = 0; i < perThread; ++i) {
                    if (!log.append(Event::sync(u"t%1-%2"_s.arg(t).arg(i), QString(40, u'f'))))
                        ++failures;
                }
                return failures;
            }));
        }
        for (QFuture<int> &f : futures)
            QCOMPARE(f.result(), 0);
        const Result<LogReadResult> read = log.read();
        QVERIFY(read.ok());
        QCOMPARE(read->events.size(), threads * perThread);
        QSet<QString> ids;
        for (const Event &e : read->events)
            ids.insert(e.id);
        QCOMPARE(ids.size(), threads * perThread);
    }

    // Appends from several processes at once never interleave inside a line.
    void concurrentAppendsFromProcesses()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"grex.jsonl"_s);
        QList<QProcess *> writers;
        // A failed check returns early: the writers must not outlive the test.
        const auto stopWriters = qScopeGuard([&writers] {
            for (QProcess *p : std::as_const(writers)) {
                p->kill();
                p->waitForFinished();
            }
        });
        for (int i = 0; i < 3; ++i) {
            auto *p = new QProcess(this);
            writers.append(p);
            p->start(Test::helperBinary(), {u"append-loop"_s, path});
            QVERIFY(p->waitForReadyRead(10000));
        }
        // Killed once they have written a good number of lines together, however slow the
        // machine: a fixed wait counted on a speed.
        const auto lines = [&path] {
            QFile file(path);
            return file.open(QIODevice::ReadOnly) ? file.readAll().count('\n') : 0;
        };
        QTRY_VERIFY_WITH_TIMEOUT(lines() > 30, 120000);
        for (QProcess *p : std::as_const(writers)) {
            p->kill();
            p->waitForFinished();
        }
        IntentLog log(path, path + u".lock"_s);
        const Result<LogReadResult> read = log.read();
        QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().text()));
        QVERIFY(read->events.size() > 10);
        QVERIFY(read->warnings.size() <= 1);
    }

    void linesNeverExceedTheCap()
    {
        const QString summary = u"é"_s.repeated(3000); // 6000 bytes, 2 per character
        const Event e = Event::actionHalted(u"p"_s, 0, u"exec"_s, summary, ts(1));
        const Result<QByteArray> line = e.toLine();
        QVERIFY(line.ok());
        QVERIFY(line->size() <= MaxEventLineBytes);
        QVERIFY(line->size() > MaxEventLineBytes - 8);
        const Result<LogReadResult> read = parse(*line + '\n');
        QVERIFY(read.ok());
        const QString kept = read->events.at(0).extra().errorSummary;
        QVERIFY(kept.endsWith(u"…[truncated]"_s));
        QVERIFY(!kept.contains(QChar::ReplacementCharacter)); // cut at a UTF-8 boundary
        QVERIFY(kept.chopped(12).count(u'é') == kept.size() - 12);
    }

    void truncationHandlesEscapes()
    {
        const QString summary = u"\"\\\n"_s.repeated(2000); // each character escapes to 2 bytes
        const Result<QByteArray> line =
            Event::actionHalted(u"p"_s, 0, u"exec"_s, summary, ts(1)).toLine();
        QVERIFY(line.ok());
        QVERIFY(line->size() <= MaxEventLineBytes);
        QVERIFY(parse(*line + '\n').ok());
    }

    // What a person declared stays in grex.jsonl; what happened on this machine goes to the
    // journal beside it (docs/design.md, "The journal"). A read sees both, each file in its order.
    void journalTakesWhatHappened()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"grex.jsonl"_s);
        IntentLog log(path, dir.filePath(u".grex.lock"_s));
        QCOMPARE(log.journalPath(), dir.filePath(u"grex.journal.jsonl"_s));
        const QList<Event> all = oneOfEach();
        QVERIFY(log.append(all).ok());
        QStringList declared;
        const QList<Event> inLog = parse(readFile(path))->events;
        for (const Event &e : inLog)
            declared.append(eventOpName(e.op));
        QCOMPARE(declared, (QStringList{u"add"_s, u"add"_s, u"update"_s, u"update"_s, u"rm"_s,
                                        u"tag"_s, u"add"_s}));
        QStringList happened;
        const QList<Event> inJournal = parse(readFile(log.journalPath()))->events;
        for (const Event &e : inJournal)
            happened.append(eventOpName(e.op));
        QCOMPARE(happened, (QStringList{u"sync"_s, u"action_started"_s, u"action_completed"_s,
                                        u"action_halted"_s, u"approved"_s}));
        QCOMPARE(log.read()->events, all);
    }

    // Each file keeps its own order, clocks that differ or not: a journal event goes before the
    // next declared one only when it is earlier. Read merges the two in one list; the same
    // lists, random, against the rule taken a step at a time.
    void readPlacesJournalEventsByTime()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"grex.jsonl"_s);
        const QString journalPath = IntentLog::journalBeside(path);
        const auto declaredAt = [](qint64 s) {
            return Event::add(u"d%1"_s.arg(s), u"https://h/d"_s, u"d%1"_s.arg(s), u"meta"_s,
                              std::nullopt, ts(1776592800 + s));
        };
        const auto journalAt = [](qint64 s) {
            return Event::sync(u"j%1"_s.arg(s), QString(40, u'a'), ts(1776592800 + s));
        };
        const auto write = [&](const QList<Event> &declared, const QList<Event> &journal) {
            QByteArray a;
            for (const Event &e : declared)
                a += e.toLine().value() + '\n';
            QByteArray b;
            for (const Event &e : journal)
                b += e.toLine().value() + '\n';
            return writeFile(path, a) && writeFile(journalPath, b);
        };
        const auto ids = [](const QList<Event> &events) {
            QStringList out;
            for (const Event &e : events)
                out.append(e.id);
            return out;
        };
        QVERIFY(write({declaredAt(5), declaredAt(1), declaredAt(9)},
                      {journalAt(3), journalAt(7), journalAt(2), journalAt(10)}));
        // A log of its own for each read: a cached read of files rewritten within the same
        // instant could be taken for theirs.
        const auto readIds = [&] {
            return ids(IntentLog(path, dir.filePath(u".grex.lock"_s)).read()->events);
        };
        QCOMPARE(readIds(),
                 (QStringList{u"j3"_s, u"d5"_s, u"d1"_s, u"j7"_s, u"j2"_s, u"d9"_s, u"j10"_s}));

        QRandomGenerator rng(20261201);
        for (int round = 0; round < 50; ++round) {
            QList<Event> declared;
            QList<Event> journal;
            for (int i = rng.bounded(6); i > 0; --i)
                declared.append(declaredAt(rng.bounded(20)));
            for (int i = rng.bounded(8); i > 0; --i)
                journal.append(journalAt(rng.bounded(20)));
            QList<Event> expected;
            qsizetype a = 0;
            qsizetype b = 0;
            while (a < declared.size() || b < journal.size()) {
                if (b < journal.size() &&
                    (a == declared.size() || journal.at(b).ts < declared.at(a).ts))
                    expected.append(journal.at(b++));
                else
                    expected.append(declared.at(a++));
            }
            QVERIFY(write(declared, journal));
            QCOMPARE(readIds(), ids(expected));
        }
    }

    // A grex.jsonl from before the journal gives its journal events away on the first write,
    // keeping its other lines byte for byte; a move cut short copies nothing twice.
    void oldLogMigratesOnFirstWrite()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"grex.jsonl"_s);
        QByteArray old;
        for (const Event &e : oneOfEach())
            old += e.toLine().value() + '\n';
        old += "{\"op\":\"from_the_future\",\"schema_version\":\"1\"}\n";
        QVERIFY(writeFile(path, old));
        const QList<Event> before = parse(old)->events;
        const QByteArray declaredBefore = [&] {
            QByteArray kept;
            for (const QByteArray &line : old.split('\n')) {
                const ParsedLine parsed = parseEventLine(line);
                if (!line.isEmpty() && (parsed.kind != ParsedLine::Kind::Events ||
                                        !IntentLog::belongsInJournal(parsed.events.at(0).op)))
                    kept += line + '\n';
            }
            return kept;
        }();
        // A move killed after the journal got two of the lines.
        IntentLog log(path, dir.filePath(u".grex.lock"_s));
        const QList<QByteArray> lines = old.split('\n');
        QVERIFY(writeFile(log.journalPath(), lines.at(4) + '\n' + lines.at(5) + '\n'));

        const Event tagged = Event::tag(u"a"_s, {u"later"_s}, {}, ts(1776592900));
        QVERIFY(log.append(tagged).ok());
        QCOMPARE(readFile(path), declaredBefore + tagged.toLine().value() + '\n');
        const QList<Event> journal = parse(readFile(log.journalPath()))->events;
        QCOMPARE(journal.size(), 5);
        QList<Event> expected = before;
        expected.append(tagged);
        QCOMPARE(log.read()->events, expected);
        QVERIFY(foldsAlike(log.read()->events, expected));
        // Nothing left to move: the next write leaves grex.jsonl as it is but for its line.
        const QByteArray settled = readFile(path);
        QVERIFY(log.append(Event::sync(u"a"_s, QString(40, u'b'), ts(1776592901))).ok());
        QCOMPARE(readFile(path), settled);
    }

    // The journal, once made, is covered by the workspace's .gitignore, in a workspace whose
    // .gitignore predates it too.
    void journalIsIgnoredByGit()
    {
        QTemporaryDir dir;
        const QString gitignore = dir.filePath(u".gitignore"_s);
        QVERIFY(writeFile(gitignore, "# >>> grex:_workspace >>>\n.grex.lock\n"
                                     "# <<< grex:_workspace <<<\nmine\n"));
        IntentLog log(dir.filePath(u"grex.jsonl"_s), dir.filePath(u".grex.lock"_s), {}, gitignore);
        QVERIFY(log.append(Event::add(u"a"_s, u"https://h/a.git"_s, u"a"_s, u"meta"_s,
                                      std::nullopt, ts(1)))
                    .ok());
        QVERIFY(!readFile(gitignore).contains("grex.journal.jsonl"));
        QVERIFY(log.append(Event::sync(u"a"_s, QString(40, u'a'), ts(2))).ok());
        const QByteArray ignored = readFile(gitignore);
        QVERIFY2(ignored.contains("\ngrex.journal.jsonl\n"), ignored.constData());
        QVERIFY(ignored.endsWith("mine\n"));
        runGit(dir.path(), {u"init"_s, u"-q"_s});
        QCOMPARE(runGit(dir.path(), {u"check-ignore"_s, u"grex.journal.jsonl"_s}).trimmed(),
                 u"grex.journal.jsonl"_s);
    }

    void hugeUrlIsEventTooLarge()
    {
        const Event e = Event::add(u"p"_s, u"https://h/"_s + QString(3000, u'x'), u"p"_s, u"meta"_s,
                                   std::nullopt, ts(1));
        const Result<QByteArray> line = e.toLine();
        QVERIFY(!line.ok());
        QCOMPARE(line.error().kind(), ErrorKind::Manifest);
        QCOMPARE(line.error().reason(), u"event_too_large"_s);
        QTemporaryDir dir;
        IntentLog log(dir.filePath(u"grex.jsonl"_s), dir.filePath(u".grex.lock"_s));
        QVERIFY(!log.append(e).ok());
        QVERIFY(!QFile::exists(dir.filePath(u"grex.jsonl"_s)));
    }

    // A writer killed with SIGKILL at random moments leaves a readable log.
    void killedWriterLeavesAReadableLog()
    {
        QRandomGenerator rng(20261121);
        for (int trial = 0; trial < 20; ++trial) {
            QTemporaryDir dir;
            const QString path = dir.filePath(u"grex.jsonl"_s);
            QProcess writer;
            writer.start(Test::helperBinary(), {u"append-loop"_s, path});
            QVERIFY(writer.waitForReadyRead(10000));
            QTest::qWait(int(rng.bounded(20, 200)));
            signalProcess(writer, SIGKILL);
            writer.waitForFinished();
            IntentLog log(path, path + u".lock"_s);
            const Result<LogReadResult> read = log.read();
            QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().text()));
            QVERIFY(read->warnings.size() <= 1);
            // Appending afterwards heals whatever the kill left and keeps every whole line.
            const qsizetype before = read->events.size();
            QVERIFY(log.append(Event::rm(u"after"_s)).ok());
            if (log.read()->events.size() != before + 1) {
                // Past the size bound the append compacted the log: it holds the compaction
                // of every whole line and the new one.
                LogReadResult whole = *read;
                whole.events.append(Event::rm(u"after"_s));
                QCOMPARE(readFile(path), IntentLog::compactedForm(whole)->declared);
            }
        }
    }

    // An append that finds the log past its size bound and more than twice its compacted size
    // compacts it, as doctor --compact would; one whose compaction would not halve it stays.
    void appendsCompactAGrownLog()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"grex.jsonl"_s);
        IntentLog log(path, dir.filePath(u".grex.lock"_s));
        QVERIFY(log.append(addPackP()).ok());
        // A year of daily syncs of one pack, in runs of 50 events.
        const QString sha(40, u'a');
        qint64 largest = 0;
        for (int run = 0; run < 40; ++run) {
            QList<Event> syncs;
            for (int i = 0; i < 50; ++i)
                syncs.append(Event::sync(u"p"_s, sha, ts(2 + run * 50 + i)));
            QVERIFY(log.append(syncs).ok());
            largest = std::max(largest, QFileInfo(path).size());
        }
        QVERIFY2(largest < 2 * 128 * 1024, qPrintable(QString::number(largest)));
        const Result<LogReadResult> now = log.read();
        QVERIFY(now.ok());
        QCOMPARE(fold(now->events).packs.value(u"p"_s).lastSyncSha, std::optional<QString>(sha));

        // Every event counts for the fold: nothing to gain, nothing rewritten.
        QTemporaryDir other;
        const QString busy = other.filePath(u"grex.jsonl"_s);
        IntentLog packs(busy, other.filePath(u".grex.lock"_s));
        for (int run = 0; run < 20; ++run) {
            QList<Event> adds;
            for (int i = 0; i < 100; ++i) {
                const QString id = u"pack-%1-%2"_s.arg(run).arg(i);
                adds.append(Event::add(id, u"https://h/"_s + id + u".git"_s, id, u"meta"_s,
                                       std::nullopt, ts(1)));
            }
            QVERIFY(packs.append(adds).ok());
        }
        QVERIFY(QFileInfo(busy).size() > 128 * 1024);
        QCOMPARE(packs.read()->events.size(), 2000);
    }

    // A sync defers the check to the end of its run: its appends grow the journal past the
    // bound untouched, and compactIfGrown() then compacts it, once.
    void deferredAppendsCompactWhenAsked()
    {
        QTemporaryDir dir;
        IntentLog log(dir.filePath(u"grex.jsonl"_s), dir.filePath(u".grex.lock"_s));
        const QString journal = log.journalPath();
        QVERIFY(log.append(addPackP()).ok());
        const QString sha(40, u'a');
        for (int run = 0; run < 40; ++run) {
            QList<Event> syncs;
            for (int i = 0; i < 50; ++i)
                syncs.append(Event::sync(u"p"_s, sha, ts(2 + run * 50 + i)));
            QVERIFY(log.append(syncs, IntentLog::Compaction::Deferred).ok());
        }
        const qint64 grown = QFileInfo(journal).size();
        QVERIFY2(grown > 128 * 1024, qPrintable(QString::number(grown)));
        QCOMPARE(log.read()->events.size(), 1 + 40 * 50);

        log.compactIfGrown();
        const Result<LogReadResult> now = log.read();
        QVERIFY(now.ok());
        QCOMPARE(now->events.size(), 2);
        QCOMPARE(fold(now->events).packs.value(u"p"_s).lastSyncSha, std::optional<QString>(sha));
        const QByteArray compacted = readFile(journal);

        // Nothing appended since: nothing to check, the file is not rewritten.
        const QDateTime written = QFileInfo(journal).lastModified();
        log.compactIfGrown();
        QCOMPARE(readFile(journal), compacted);
        QCOMPARE(QFileInfo(journal).lastModified(), written);
    }

    // A run records each action it takes as it goes: an append that parsed the whole log to
    // learn whether grex.jsonl still holds journal events made the records of a first install
    // quadratic in the log's length. grex.jsonl is read at most once, the journal never.
    void appendsDoNotParseTheLog()
    {
        QTemporaryDir dir;
        IntentLog log = cachedLog(dir);
        QVERIFY(log.append(addPackP()).ok());
        QVERIFY(log.append(Event::sync(u"p"_s, QString(40, u'a'), ts(2))).ok());
        log.forgetCachedRead();

        const ParseRecorder parses;
        for (int i = 0; i < 50; ++i) {
            QVERIFY(log.append(Event::actionStarted(u"p"_s, i, u"mkdir"_s, ts(3 + 2 * i)),
                               IntentLog::Compaction::Deferred)
                        .ok());
            QVERIFY(
                log.append(Event::actionCompleted(u"p"_s, i, u"performed_change"_s, ts(4 + 2 * i)),
                           IntentLog::Compaction::Deferred)
                    .ok());
        }
        QVERIFY2(s_parsedFiles.count(u"grex.jsonl"_s) <= 1 &&
                     !s_parsedFiles.contains(u"grex.journal.jsonl"_s),
                 qPrintable(s_parsedFiles.join(u' ')));
        // A read parses both, and is seen to.
        QCOMPARE(log.read()->events.size(), 2 + 100);
        QVERIFY2(s_parsedFiles.contains(u"grex.journal.jsonl"_s),
                 qPrintable(s_parsedFiles.join(u' ')));
    }

    // Each CLI run is a new process that has not checked the log before: it checks only when
    // its append takes the file past a power of two, not at every append past 128 KiB.
    void appendsCheckAtPowersOfTwo()
    {
        QTemporaryDir dir;
        IntentLog log = cachedLog(dir);
        QVERIFY(log.append(addPackP()).ok());
        // A journal of 160 KB, written as another process would have left it.
        const QString sha(40, u'a');
        QList<Event> syncs;
        for (int i = 0; i < 1200; ++i)
            syncs.append(Event::sync(u"p"_s, sha, ts(2 + i)));
        QFile journal(log.journalPath());
        QVERIFY(journal.open(QIODevice::WriteOnly));
        journal.write(linesOf(syncs));
        journal.close();
        const qint64 size = QFileInfo(log.journalPath()).size();
        QVERIFY2(size > 128 * 1024 && size < 250 * 1024, qPrintable(QString::number(size)));
        QVERIFY(log.read().ok()); // what grex.jsonl holds is known, as after a run's own read

        const ParseRecorder parses;
        QVERIFY(log.append(Event::sync(u"p"_s, sha, ts(5000))).ok());
        QVERIFY2(s_parsedFiles.isEmpty(), qPrintable(s_parsedFiles.join(u' ')));
        QCOMPARE(log.read()->events.size(), 1 + 1200 + 1);

        // Past 256 KiB: checked, and compacted to the add and one sync.
        syncs.clear();
        for (int i = 0; i < 1000; ++i)
            syncs.append(Event::sync(u"p"_s, sha, ts(6000 + i)));
        QVERIFY(log.append(syncs).ok());
        QCOMPARE(log.read()->events.size(), 2);
    }

    // The check at the end of a sync reads the log a line at a time and writes the compacted
    // files without holding them: what it writes is what doctor --compact writes for the same
    // log (the unfinished action and the live tasks kept in their order, the journal's events
    // placed by time among the declared ones), and it leaves no file of its own behind.
    void checkWritesWhatCompactWrites()
    {
        QTemporaryDir dir;
        IntentLog log(dir.filePath(u"grex.jsonl"_s), dir.filePath(u".grex.lock"_s));
        const QString sha(40, u'a');
        QVERIFY(
            log.append({addPackP(),
                        Event::add(u"q"_s, u"https://h/q.git"_s, u"q"_s, u"meta"_s, std::nullopt,
                                   ts(2)),
                        Event::taskStarted(u"t1"_s, u"grex/t1"_s, ts(10)),
                        Event::taskStarted(u"t2"_s, u"grex/t2"_s, ts(11)),
                        Event::taskPack(u"t1"_s, u"p"_s, u"wt/p"_s, std::nullopt, sha, ts(12)),
                        Event::taskPack(u"t2"_s, u"q"_s, u"wt/q"_s, u"main"_s, sha, ts(13)),
                        Event::taskEnded(u"t2"_s, u"merged"_s, ts(14)),
                        Event::taskPushed(u"t1"_s, u"p"_s, sha, u"origin"_s, u"grex/t1"_s, ts(15)),
                        Event::actionStarted(u"p"_s, 0, u"exec"_s, ts(16)),
                        Event::actionStarted(u"q"_s, 1, u"mkdir"_s, ts(17)),
                        Event::actionCompleted(u"q"_s, 1, u"performed_change"_s, ts(18))},
                       IntentLog::Compaction::Deferred)
                .ok());
        for (int run = 0; run < 30; ++run) {
            QList<Event> syncs;
            for (int i = 0; i < 50; ++i) {
                const int n = run * 50 + i;
                syncs.append(Event::sync(n % 2 ? u"q"_s : u"p"_s, QString(40, QChar(u'a' + n % 6)),
                                         ts(100 + n)));
            }
            QVERIFY(log.append(syncs, IntentLog::Compaction::Deferred).ok());
            // A declared change among the journal's events, later by time.
            if (run == 10) {
                QVERIFY(log.append(Event::update(u"q"_s, u"ref"_s, u"v2"_s, ts(100 + 520)),
                                   IntentLog::Compaction::Deferred)
                            .ok());
            }
        }
        QVERIFY(QFileInfo(log.journalPath()).size() > 128 * 1024);
        const Result<LogReadResult> whole = log.read();
        QVERIFY(whole.ok());
        const Result<IntentLog::CompactedLog> expected = IntentLog::compactedForm(*whole);
        QVERIFY(expected.ok());
        QCOMPARE(expected->packs.value(u"q"_s).ref, std::optional<QString>(u"v2"_s));

        log.compactIfGrown();
        QCOMPARE(readFile(log.path()), expected->declared);
        QCOMPARE(readFile(log.journalPath()), expected->journal);
        const QList<Event> kept = log.read()->events;
        QCOMPARE(std::count_if(kept.begin(), kept.end(),
                               [](const Event &e) { return e.op == EventOp::ActionStarted; }),
                 1);
        QCOMPARE(std::count_if(kept.begin(), kept.end(),
                               [](const Event &e) { return e.extra().task == u"t1"; }),
                 3);
        QCOMPARE(std::count_if(kept.begin(), kept.end(),
                               [](const Event &e) { return e.extra().task == u"t2"; }),
                 0);
        QCOMPARE(QDir(dir.path()).entryList({u"*.tmp.*"_s}, QDir::Files | QDir::Hidden),
                 QStringList());
    }

    // The check goes on only with a log read() reads without a warning: a line it does not
    // know, a torn last line or a corrupt one leave both files as they are. A byte order mark
    // and CRLF line ends are clean.
    void checkLeavesAnUncleanLog_data()
    {
        QTest::addColumn<QByteArray>("declaredTail");
        QTest::addColumn<QByteArray>("journalHead");
        QTest::addColumn<bool>("compacts");
        const QByteArray unknown =
            linesOf({Event::sync(u"p"_s, QString(40, u'b'), ts(2))}).replace("sync", "frobnicate");
        QTest::newRow("unknown op") << QByteArray() << unknown << false;
        QTest::newRow("torn last line")
            << QByteArray("{\"op\":\"add\",\"ts\":") << QByteArray() << false;
        QTest::newRow("corrupt line") << QByteArray() << QByteArray("not json\n") << false;
        QTest::newRow("longer than a line may be")
            << QByteArray() << QByteArray(MaxReadLineBytes + 10, 'x') + '\n'
            << false;
        QTest::newRow("byte order mark, CRLF")
            << QByteArray()
            << QByteArray("\xEF\xBB\xBF") +
                   linesOf({Event::sync(u"p"_s, QString(40, u'b'), ts(2))}).replace("\n", "\r\n")
            << true;
    }

    void checkLeavesAnUncleanLog()
    {
        QFETCH(QByteArray, declaredTail);
        QFETCH(QByteArray, journalHead);
        QFETCH(bool, compacts);
        QTemporaryDir dir;
        IntentLog log(dir.filePath(u"grex.jsonl"_s), dir.filePath(u".grex.lock"_s));
        QFile declared(log.path());
        QVERIFY(declared.open(QIODevice::WriteOnly));
        declared.write(linesOf({addPackP()}) + declaredTail);
        declared.close();
        // A journal just under the bound, written as another process would have left it.
        const QString sha(40, u'a');
        QByteArray lines = journalHead;
        for (int i = 0; lines.size() < 120 * 1024; ++i)
            lines += linesOf({Event::sync(u"p"_s, sha, ts(10 + i))});
        QFile journal(log.journalPath());
        QVERIFY(journal.open(QIODevice::WriteOnly));
        journal.write(lines);
        journal.close();
        QVERIFY(QFileInfo(log.journalPath()).size() < 128 * 1024);

        QList<Event> syncs;
        for (int i = 0; i < 100; ++i)
            syncs.append(Event::sync(u"p"_s, sha, ts(100000 + i)));
        QVERIFY(log.append(syncs, IntentLog::Compaction::Deferred).ok());
        const QByteArray declaredBefore = readFile(log.path());
        const QByteArray journalBefore = readFile(log.journalPath());
        QVERIFY(journalBefore.size() > 128 * 1024);

        log.compactIfGrown();
        if (compacts) {
            const Result<LogReadResult> now = log.read();
            QVERIFY(now.ok());
            QCOMPARE(now->events.size(), 2);
        } else {
            QCOMPARE(readFile(log.path()), declaredBefore);
            QCOMPARE(readFile(log.journalPath()), journalBefore);
        }
        QCOMPARE(QDir(dir.path()).entryList({u"*.tmp.*"_s}, QDir::Files | QDir::Hidden),
                 QStringList());
    }

    void compactionKeepsTheFold()
    {
        QTemporaryDir dir;
        IntentLog log(dir.filePath(u"grex.jsonl"_s), dir.filePath(u".grex.lock"_s));
        QVERIFY(log.append(oneOfEach()).ok());
        QVERIFY(log.append(Event::sync(u"a"_s, QString(40, u'b'), ts(1776599000))).ok());
        const FoldResult before = fold(log.read()->events);
        QVERIFY(log.compact().ok());
        const Result<LogReadResult> after = log.read();
        QVERIFY(after.ok());
        const FoldResult folded = fold(after->events);
        QCOMPARE(folded.packs.keys(), before.packs.keys());
        for (const PackState &p : before.packs) {
            const PackState q = folded.packs.value(p.id);
            QCOMPARE(q.url, p.url);
            QCOMPARE(q.path, p.path);
            QCOMPARE(q.type, p.type);
            QCOMPARE(q.ref, p.ref);
            QCOMPARE(q.lastSyncSha, p.lastSyncSha);
            QCOMPARE(q.tags, p.tags);
            QCOMPARE(q.addedAt, p.addedAt);
        }
        // No audit events and no tombstones survive.
        for (const Event &e : after->events)
            QVERIFY(e.op == EventOp::Add || e.op == EventOp::Update || e.op == EventOp::Sync);
        const QByteArray once = readFile(dir.filePath(u"grex.jsonl"_s));
        QVERIFY(log.compact().ok());
        QCOMPARE(readFile(dir.filePath(u"grex.jsonl"_s)), once); // idempotent
    }

    void compactionRefusesACorruptLog()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"grex.jsonl"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not json\n" + linesOf(oneOfEach()));
        f.close();
        IntentLog log(path, dir.filePath(u".grex.lock"_s));
        QVERIFY(!log.compact().ok());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().startsWith("not json\n"));
    }
};

QTEST_GUILESS_MAIN(tst_IntentLog)
#include "tst_intentlog.moc"
