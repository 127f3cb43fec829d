#include "core/timestamp.h"

#include <QTest>

#include <limits>

using namespace Grex;
using namespace Qt::StringLiterals;

class tst_Timestamp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesRfc3339_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("nanos");
        QTest::newRow("epoch") << u"1970-01-01T00:00:00Z"_s << qint64(0);
        QTest::newRow("micro") << u"2026-04-19T10:00:00.000001Z"_s << qint64(1776592800000001000);
        QTest::newRow("nano") << u"2026-04-19T10:00:00.123456789Z"_s << qint64(1776592800123456789);
        QTest::newRow("more digits dropped")
            << u"2026-04-19T10:00:00.1234567891Z"_s << qint64(1776592800123456789);
        QTest::newRow("offset") << u"2026-04-19T12:00:00+02:00"_s << qint64(1776592800000000000);
        QTest::newRow("negative offset")
            << u"2026-04-19T05:30:00-04:30"_s << qint64(1776592800000000000);
        QTest::newRow("lowercase") << u"2026-04-19t10:00:00z"_s << qint64(1776592800000000000);
        QTest::newRow("leap day") << u"2024-02-29T00:00:00Z"_s << qint64(1709164800000000000);
        QTest::newRow("before epoch") << u"1969-12-31T23:59:59.5Z"_s << qint64(-500000000);
        QTest::newRow("last representable")
            << u"2262-04-11T23:47:16.854775807Z"_s << std::numeric_limits<qint64>::max();
    }

    void parsesRfc3339()
    {
        QFETCH(QString, text);
        QFETCH(qint64, nanos);
        const std::optional<Timestamp> ts = Timestamp::parse(text);
        QVERIFY(ts);
        QCOMPARE(ts->unixNanos(), nanos);
    }

    void rejectsMalformed_data()
    {
        QTest::addColumn<QString>("text");
        for (const QString &bad :
             {u""_s, u"2026-04-19"_s, u"2026-04-19T10:00:00"_s, u"2026-13-01T00:00:00Z"_s,
              u"2026-02-30T00:00:00Z"_s, u"2025-02-29T00:00:00Z"_s, u"2026-04-19T24:00:00Z"_s,
              u"2026-04-19T10:00:00.Z"_s, u"2026-04-19T10:00:00Zjunk"_s,
              u"2026-04-19T10:00:00+0200"_s, u"26-04-19T10:00:00Z"_s,
              // Beyond 64 bits of nanoseconds (found by fuzz_lockfile: signed overflow).
              u"2262-04-11T23:47:16.854775808Z"_s, u"9527-04-20T12:00:00+02:00"_s,
              u"1600-01-01T00:00:00Z"_s})
            QTest::newRow(qPrintable(bad.isEmpty() ? u"empty"_s : bad)) << bad;
    }

    void rejectsMalformed()
    {
        QFETCH(QString, text);
        QVERIFY(!Timestamp::parse(text).has_value());
    }

    void writesUtcWithFullPrecision()
    {
        QCOMPARE(Timestamp::fromUnixNanos(1776592800000001000).toString(),
                 u"2026-04-19T10:00:00.000001Z"_s);
        QCOMPARE(Timestamp::fromUnixNanos(1776592800123456789).toString(),
                 u"2026-04-19T10:00:00.123456789Z"_s);
        QCOMPARE(Timestamp::fromUnixNanos(-500000000).toString(), u"1969-12-31T23:59:59.500000Z"_s);
    }

    void roundTrips()
    {
        for (int i = 0; i < 1000; ++i) {
            const Timestamp ts = Timestamp::now();
            QCOMPARE(Timestamp::parse(ts.toString()), std::optional<Timestamp>(ts));
        }
    }

    void ordering()
    {
        const Timestamp a = Timestamp::fromUnixNanos(1);
        const Timestamp b = Timestamp::fromUnixNanos(2);
        QVERIFY(a < b);
        QVERIFY(!Timestamp().isValid());
        QVERIFY(a.isValid());
    }
};

QTEST_GUILESS_MAIN(tst_Timestamp)
#include "tst_timestamp.moc"
