#include "support/testfiles.h"
#include "core/manifest/intentlog.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

Timestamp ts(qint64 seconds)
{
    return Timestamp::fromUnixNanos((1776592800 + seconds) * 1'000'000'000);
}

QByteArray lineOf(const Event &event)
{
    return event.toLine().value();
}

// A valid line of exactly the most bytes a line may hold, padded with blanks JSON allows.
QByteArray longestLine()
{
    QByteArray line = lineOf(
        Event::add(u"long"_s, u"https://h/long.git"_s, u"long"_s, u"meta"_s, std::nullopt, ts(0)));
    line.append(QByteArray(MaxReadLineBytes - line.size(), ' '));
    return line;
}

// The action_started events never ended, by time, as the recovery scan describes them: written
// here again rather than taken from the code under test.
QList<Event> openStarts(const QList<Event> &events)
{
    QList<Event> open;
    for (const Event &e : events) {
        const auto same = [&e](const Event &start) {
            return start.id == e.id && start.extra().actionIdx == e.extra().actionIdx;
        };
        if (e.op == EventOp::ActionStarted) {
            open.removeIf(same);
            open.append(e);
        } else if (e.op == EventOp::ActionCompleted || e.op == EventOp::ActionHalted) {
            open.removeIf(same);
        }
    }
    std::stable_sort(open.begin(), open.end(), [](const Event &a, const Event &b) {
        if (a.ts != b.ts)
            return a.ts < b.ts;
        return std::pair{a.id, a.extra().actionIdx} < std::pair{b.id, b.extra().actionIdx};
    });
    return open;
}

QStringList texts(const QList<Message> &messages)
{
    QStringList out;
    for (const Message &m : messages)
        out.append(m.text());
    return out;
}

// How the summary of the log in dir differs from what reading it whole and folding gives;
// empty when it does not.
QString differenceFromRead(const QTemporaryDir &dir)
{
    // Logs of their own, without caches: a file rewritten within one instant keeps its stamp.
    const IntentLog log(dir.filePath(u"grex.jsonl"_s), dir.filePath(u".grex.lock"_s));
    const Result<LogReadResult> read = log.read();
    const Result<LogSummary> summary = log.summary();
    if (!read || !summary) {
        if (bool(read) != bool(summary))
            return u"read: %1; summary: %2"_s.arg(read ? u"ok"_s : read.error().text(),
                                                  summary ? u"ok"_s : summary.error().text());
        if (!(read.error().toJson() == summary.error().toJson()))
            return u"errors differ: %1 / %2"_s.arg(read.error().text(), summary.error().text());
        return {};
    }
    const FoldResult folded = fold(read->events);
    if (!(summary->packs == folded.packs))
        return u"packs differ"_s;
    const QStringList warnings = texts(read->warnings + folded.warnings);
    if (texts(summary->warnings) != warnings) {
        return u"warnings differ: %1 / %2"_s.arg(texts(summary->warnings).join(u" | "_s),
                                                 warnings.join(u" | "_s));
    }
    if (summary->tornTail != read->tornTail)
        return u"torn tails differ"_s;
    if (!(summary->unfinished == openStarts(read->events)))
        return u"unfinished actions differ"_s;
    return {};
}

// Random logs of both files: events of a few packs at clocks that differ, with what people
// and interrupted writes leave in them (CRLF, blanks, a BOM, unknown ops, a line too long, a
// line of a newer schema, a torn or corrupt line).
class LogMaker
{
public:
    explicit LogMaker(quint32 seed) : m_rng(seed) {}

    std::pair<QByteArray, QByteArray> make()
    {
        QByteArray declared = file(m_rng.bounded(8), false);
        QByteArray journal = file(m_rng.bounded(14), true);
        return {declared, journal};
    }

private:
    QString pack() { return u"p%1"_s.arg(m_rng.bounded(4)); }
    Timestamp when() { return ts(m_rng.bounded(12)); }

    Event declaredEvent()
    {
        switch (m_rng.bounded(5)) {
        case 0:
        case 1: {
            const QString id = pack();
            return Event::add(id, u"https://h/%1.git"_s.arg(id), id, u"meta"_s, std::nullopt,
                              when());
        }
        case 2:
            return Event::update(pack(), u"ref"_s, u"v%1"_s.arg(m_rng.bounded(3)), when());
        case 3:
            return Event::tag(pack(), {u"t%1"_s.arg(m_rng.bounded(3))}, {}, when());
        default:
            return Event::rm(pack(), when());
        }
    }

    Event journalEvent()
    {
        const qint64 idx = m_rng.bounded(2);
        switch (m_rng.bounded(5)) {
        case 0:
            return Event::sync(pack(), QString(40, QChar(u'a' + m_rng.bounded(3))), when());
        case 1:
        case 2:
            return Event::actionStarted(pack(), idx, u"exec"_s, when());
        case 3:
            return Event::actionCompleted(pack(), idx, u"performed_change"_s, when());
        default:
            return Event::actionHalted(pack(), idx, u"exec"_s, u"exit 1"_s, when());
        }
    }

    QByteArray file(int events, bool journal)
    {
        QByteArray bytes;
        if (m_rng.bounded(10) == 0)
            bytes += "\xEF\xBB\xBF";
        const bool crlf = m_rng.bounded(4) == 0;
        for (int i = 0; i < events; ++i) {
            QByteArray line = lineOf(journal ? journalEvent() : declaredEvent());
            switch (m_rng.bounded(40)) {
            case 0:
                line = "   ";
                break;
            case 1:
                line = R"({"op":"frobnicate","ts":"2026-04-19T10:00:00Z"})";
                break;
            case 2:
                line = "{not json";
                break;
            case 3:
                line = R"({"schema_version":"2","op":"add"})";
                break;
            case 4:
                line = longestLine();
                break;
            case 5:
                line += QByteArray(MaxReadLineBytes, ' ') + 'x';
                break;
            case 6:
                line = QByteArray(MaxReadLineBytes + 9, ' ');
                break;
            default:
                break;
            }
            bytes += line + (crlf ? "\r\n" : "\n");
        }
        // An append cut short.
        if (events > 0 && m_rng.bounded(6) == 0)
            bytes.chop(1 + m_rng.bounded(qMin<qsizetype>(bytes.size() - 1, 20)));
        return bytes;
    }

    QRandomGenerator m_rng;
};

} // namespace

class tst_LogSummary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The summary read a line at a time is the fold of the whole read, with its warnings, errors
    // and unfinished actions, whatever the files hold.
    void summaryIsTheFoldOfTheRead_data()
    {
        QTest::addColumn<QByteArray>("declared");
        QTest::addColumn<QByteArray>("journal");
        const QByteArray add = lineOf(
            Event::add(u"a"_s, u"https://h/a.git"_s, u"a"_s, u"meta"_s, std::nullopt, ts(5)));
        const QByteArray started = lineOf(Event::actionStarted(u"a"_s, 0, u"exec"_s, ts(6)));
        const QByteArray sync = lineOf(Event::sync(u"a"_s, QString(40, u'b'), ts(1)));
        QTest::newRow("both missing") << QByteArray() << QByteArray();
        QTest::newRow("clocks differ") << add << sync + '\n' + started + '\n';
        QTest::newRow("BOM and CRLF") << "\xEF\xBB\xBF" + add + "\r\n" << started + "\r\n";
        QTest::newRow("torn in both") << add + "\n{\"op\":" << started + "\n" + sync;
        QTest::newRow("corrupt in both, grex.jsonl's first") << "{x\n" + add + '\n'
                                                             << started + "\n{x\n" + sync + '\n';
        QTest::newRow("corrupt journal") << add + '\n' << "{x\n" + started + '\n';
        QTest::newRow("longest line with CRLF") << longestLine() + "\r\n" + add + '\n'
                                                << QByteArray();
        QTest::newRow("line one byte too long, then blanks")
            << add + '\n' + longestLine() + "x\n  \n\n"
            << QByteArray();
        QTest::newRow("long line of blanks")
            << QByteArray(3 * MaxReadLineBytes, ' ') + '\n' + add + '\n'
            << QByteArray();
        QTest::newRow("newer schema last")
            << add + "\n{\"schema_version\":2,\"op\":\"add\"}" << QByteArray();
    }

    void summaryIsTheFoldOfTheRead()
    {
        QFETCH(QByteArray, declared);
        QFETCH(QByteArray, journal);
        QTemporaryDir dir;
        if (!declared.isEmpty())
            QVERIFY(writeFile(dir.filePath(u"grex.jsonl"_s), declared));
        if (!journal.isEmpty())
            QVERIFY(writeFile(dir.filePath(u"grex.journal.jsonl"_s), journal));
        const QString difference = differenceFromRead(dir);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    void randomLogsSumUpAsTheyRead()
    {
        LogMaker maker(20261201);
        int failed = 0;
        for (int round = 0; round < 300; ++round) {
            QTemporaryDir dir;
            const auto [declared, journal] = maker.make();
            QVERIFY(writeFile(dir.filePath(u"grex.jsonl"_s), declared));
            QVERIFY(writeFile(dir.filePath(u"grex.journal.jsonl"_s), journal));
            const QString difference = differenceFromRead(dir);
            QVERIFY2(difference.isEmpty(),
                     qPrintable(u"round %1: %2"_s.arg(round).arg(difference)));
            failed += IntentLog(dir.filePath(u"grex.jsonl"_s), {}).read() ? 0 : 1;
        }
        // The rounds cover logs that fail to read as well as logs that read.
        QVERIFY(failed > 20 && failed < 280);
    }

    // A cached summary is given while neither file changes, and read again when one does.
    void cachedSummarySeesEveryChange()
    {
        QTemporaryDir dir;
        const IntentLog log(dir.filePath(u"grex.jsonl"_s), dir.filePath(u".grex.lock"_s),
                            IntentLog::makeReadCache());
        QVERIFY(log.summary()->packs.isEmpty());
        QVERIFY(log.append(
            Event::add(u"a"_s, u"https://h/a.git"_s, u"a"_s, u"meta"_s, std::nullopt, ts(1))));
        QCOMPARE(log.summary()->packs.keys(), QStringList{u"a"_s});
        QVERIFY(log.append(Event::actionStarted(u"a"_s, 0, u"exec"_s, ts(2))));
        QCOMPARE(log.summary()->unfinished.size(), 1);
        QVERIFY(log.append(Event::actionCompleted(u"a"_s, 0, u"performed_change"_s, ts(3))));
        QVERIFY(log.summary()->unfinished.isEmpty());
        // Rewritten behind the log's back, as another process would.
        QVERIFY(writeFile(dir.filePath(u"grex.jsonl"_s), "{x\n{y\n"));
        QCOMPARE(log.summary().error().reason(), u"corruption"_s);
    }
};

QTEST_GUILESS_MAIN(tst_LogSummary)
#include "tst_logsummary.moc"
