#include "core/lockfile/lockfile.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>

#include "support/testfiles.h"

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

LockEntry entry(const QString &id, qint64 nanos)
{
    LockEntry e;
    e.id = id;
    e.sha = QString(40, u'a');
    e.branch = u"main"_s;
    e.installedAt = Timestamp::fromUnixNanos(nanos);
    e.actionsHash = QString(64, u'0');
    return e;
}

} // namespace

class tst_Lockfile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTripsManyEntries()
    {
        QTemporaryDir dir;
        Lockfile lockfile(dir.filePath(u"grex.lock.jsonl"_s), dir.filePath(u".grex.lock"_s));
        LockEntries entries;
        for (int i = 0; i < 500; ++i)
            entries.insert(u"pack-%1"_s.arg(i),
                           entry(u"pack-%1"_s.arg(i), 1776592800123456789 + i));
        entries.insert(u"ünïcødé-日本"_s, entry(u"ünïcødé-日本"_s, 1));
        QVERIFY(lockfile.write(entries).ok());
        // Written a line at a time (past the writer's 64 KiB buffer), as serialize() lays it out.
        QCOMPARE(readFile(lockfile.path()), Lockfile::serialize(entries));
        const Result<LockEntries> read = lockfile.read();
        QVERIFY(read.ok());
        QCOMPARE(*read, entries);
    }

    void emptyAndMissing()
    {
        QTemporaryDir dir;
        Lockfile lockfile(dir.filePath(u"grex.lock.jsonl"_s), dir.filePath(u".grex.lock"_s));
        QVERIFY(lockfile.read()->isEmpty());
        QVERIFY(lockfile.write({}).ok());
        QCOMPARE(readFile(lockfile.path()), QByteArray());
        QVERIFY(lockfile.read()->isEmpty());
    }

    void sortedByteWiseAndStable()
    {
        LockEntries entries;
        // U+1F600 sorts before U+FFFD in UTF-16 (a QMap's order), after it byte-wise.
        for (const QString &id :
             {u"zeta"_s, u"Alpha"_s, u"beta"_s, u"é"_s, u"\U0001F600"_s, u"\uFFFD"_s})
            entries.insert(id, entry(id, 5));
        const QByteArray bytes = Lockfile::serialize(entries);
        const QList<QByteArray> lines = bytes.trimmed().split('\n');
        QCOMPARE(lines.size(), 6);
        QVERIFY(lines.at(0).startsWith(R"({"id":"Alpha")"));
        QVERIFY(lines.at(1).startsWith(R"({"id":"beta")"));
        QVERIFY(lines.at(2).startsWith(R"({"id":"zeta")"));
        QVERIFY(lines.at(3).startsWith(R"({"id":"é")"));
        QVERIFY(lines.at(4).startsWith(R"({"id":"\uFFFD")") ||
                lines.at(4).startsWith("{\"id\":\"\xEF\xBF\xBD\""));
        QVERIFY(lines.at(5).startsWith("{\"id\":\"\xF0\x9F\x98\x80\""));
        QCOMPARE(
            lines.at(0),
            QByteArray(R"({"id":"Alpha","sha":")" + QByteArray(40, 'a') +
                       R"(","branch":"main","installed_at":"1970-01-01T00:00:00.000000005Z",)" +
                       R"("actions_hash":")" + QByteArray(64, '0') + R"(","schema_version":"1"})"));
        // Equal entries, equal bytes; a parse and re-serialise changes nothing.
        QCOMPARE(Lockfile::serialize(*Lockfile::parse(bytes)), bytes);
    }

    void readerTolerance()
    {
        const QByteArray bytes =
            R"({"id":"a","sha":"","branch":null,"installed_at":"2026-04-19T10:00:00Z","actions_hash":"sha256:abc","schema_version":"1"})"
            "\n\n"
            R"({"id":"a","sha":"s2","branch":"dev","installed_at":"2026-04-19T11:00:00+01:00","actions_hash":"def"})"
            "\n";
        const Result<LockEntries> read = Lockfile::parse(bytes);
        QVERIFY(read.ok());
        QCOMPARE(read->size(), 1);
        QCOMPARE(read->value(u"a"_s).sha, u"s2"_s); // the last line wins
        QCOMPARE(read->value(u"a"_s).branch, u"dev"_s);
        const Result<LockEntries> first = Lockfile::parse(bytes.split('\n').first());
        QCOMPARE(first->value(u"a"_s).actionsHash, u"abc"_s);
        QCOMPARE(first->value(u"a"_s).branch, QString());
    }

    // fuzz_lockfile's round trip: one prefix was stripped per read, so each rewrite of
    // "sha256:sha256:abc" lost another and the entry changed.
    void everyHashPrefixIsStripped()
    {
        const Result<LockEntries> read = Lockfile::parse(
            R"({"id":"a","sha":"","installed_at":"2026-04-19T10:00:00Z","actions_hash":"sha256:sha256:abc"})");
        QVERIFY(read.ok());
        QCOMPARE(read->value(u"a"_s).actionsHash, u"abc"_s);
        const Result<LockEntries> again = Lockfile::parse(Lockfile::serialize(*read));
        QVERIFY(again.ok());
        QVERIFY(*again == *read);
    }

    void malformedLineIsCorruption_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("not json") << QByteArray("{oops");
        QTest::newRow("array") << QByteArray("[]");
        QTest::newRow("no id") << QByteArray(
            R"({"sha":"","installed_at":"2026-04-19T10:00:00Z","actions_hash":""})");
        QTest::newRow("bad time") << QByteArray(
            R"({"id":"a","sha":"","installed_at":"yesterday","actions_hash":""})");
    }

    void malformedLineIsCorruption()
    {
        QFETCH(QByteArray, line);
        const QByteArray good = Lockfile::serialize({{u"a"_s, entry(u"a"_s, 1)}});
        const Result<LockEntries> read = Lockfile::parse(good + line + "\n" + good);
        QVERIFY(!read.ok());
        QCOMPARE(read.error().kind(), ErrorKind::Manifest);
        QCOMPARE(read.error().reason(), u"lockfile_corruption"_s);
        QCOMPARE(read.error().details().value(u"line"_s).toInteger(), 2);
    }

    // A sync rewrites the lockfile (a new file renamed over the old) while a status reads it:
    // the reader gets the old or the new entries, never none. QFile::exists() can answer false
    // during the rename, so the reader must not ask it first.
    void readWhileReplaced()
    {
        QTemporaryDir dir;
        const Lockfile lockfile(dir.filePath(u"grex.lock.jsonl"_s), dir.filePath(u".grex.lock"_s));
        const LockEntries entries{{u"alpha"_s, entry(u"alpha"_s, 1)}};
        QVERIFY(lockfile.write(entries).ok());
        std::atomic<bool> stop{false};
        std::atomic<int> writes{0};
        std::thread writer([&] {
            while (!stop.load() && lockfile.write(entries).ok())
                ++writes;
        });
        QElapsedTimer timer;
        timer.start();
        int reads = 0;
        int wrong = 0;
        while (writes.load() < 250 && timer.elapsed() < 5000) {
            const Result<LockEntries> read = lockfile.read();
            ++reads;
            if (!read.ok() || *read != entries)
                ++wrong;
        }
        stop = true;
        writer.join();
        QVERIFY2(wrong == 0, qPrintable(u"%1 of %2 reads during %3 rewrites were wrong"_s.arg(wrong)
                                            .arg(reads)
                                            .arg(writes.load())));
    }
};

QTEST_GUILESS_MAIN(tst_Lockfile)
#include "tst_lockfile.moc"
