#include "core/timestamp.h"

#include <QtNumeric>

#include <chrono>

namespace Grex {

namespace {

constexpr qint64 kNanosPerSecond = 1'000'000'000;

// Days since 1970-01-01 for a proleptic Gregorian date (H. Hinnant's days_from_civil).
qint64 daysFromCivil(qint64 y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const qint64 era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = unsigned(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + qint64(doe) - 719468;
}

struct Civil
{
    qint64 year;
    unsigned month;
    unsigned day;
};

Civil civilFromDays(qint64 z)
{
    z += 719468;
    const qint64 era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = unsigned(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const qint64 y = qint64(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return {y + (m <= 2), m, d};
}

bool isLeap(qint64 y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

unsigned daysInMonth(qint64 y, unsigned m)
{
    static const unsigned days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && isLeap(y) ? 29 : days[m - 1];
}

// Reads exactly `count` ASCII digits at `pos`.
bool digits(QStringView text, qsizetype &pos, int count, int &out)
{
    if (pos + count > text.size())
        return false;
    int value = 0;
    for (int i = 0; i < count; ++i) {
        const QChar c = text.at(pos + i);
        if (c < u'0' || c > u'9')
            return false;
        value = value * 10 + (c.unicode() - u'0');
    }
    pos += count;
    out = value;
    return true;
}

bool expect(QStringView text, qsizetype &pos, char16_t c)
{
    if (pos >= text.size() || text.at(pos) != QChar(c))
        return false;
    ++pos;
    return true;
}

} // namespace

Timestamp Timestamp::now()
{
    const auto since = std::chrono::system_clock::now().time_since_epoch();
    return Timestamp(qint64(std::chrono::duration_cast<std::chrono::nanoseconds>(since).count()));
}

Timestamp Timestamp::fromUnixNanos(qint64 nanos)
{
    return Timestamp(nanos);
}

std::optional<Timestamp> Timestamp::parse(QStringView text)
{
    qsizetype pos = 0;
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    if (!digits(text, pos, 4, year) || !expect(text, pos, u'-') || !digits(text, pos, 2, month) ||
        !expect(text, pos, u'-') || !digits(text, pos, 2, day))
        return std::nullopt;
    if (pos >= text.size())
        return std::nullopt;
    const QChar sep = text.at(pos);
    if (sep != u'T' && sep != u't' && sep != u' ')
        return std::nullopt;
    ++pos;
    if (!digits(text, pos, 2, hour) || !expect(text, pos, u':') || !digits(text, pos, 2, minute) ||
        !expect(text, pos, u':') || !digits(text, pos, 2, second))
        return std::nullopt;
    if (month < 1 || month > 12 || day < 1 || unsigned(day) > daysInMonth(year, unsigned(month)) ||
        hour > 23 || minute > 59 || second > 60)
        return std::nullopt;

    qint64 fraction = 0;
    if (pos < text.size() && text.at(pos) == u'.') {
        ++pos;
        int count = 0;
        while (pos < text.size() && text.at(pos) >= u'0' && text.at(pos) <= u'9') {
            // Digits beyond nanoseconds are accepted and dropped.
            if (count < 9)
                fraction = fraction * 10 + (text.at(pos).unicode() - u'0');
            ++count;
            ++pos;
        }
        if (count == 0)
            return std::nullopt;
        for (int i = count; i < 9; ++i)
            fraction *= 10;
    }

    qint64 offsetSeconds = 0;
    if (pos >= text.size())
        return std::nullopt;
    const QChar zone = text.at(pos);
    if (zone == u'Z' || zone == u'z') {
        ++pos;
    } else if (zone == u'+' || zone == u'-') {
        ++pos;
        int oh, om;
        if (!digits(text, pos, 2, oh) || !expect(text, pos, u':') || !digits(text, pos, 2, om) ||
            oh > 23 || om > 59)
            return std::nullopt;
        offsetSeconds = (oh * 3600 + om * 60) * (zone == u'+' ? 1 : -1);
    } else {
        return std::nullopt;
    }
    if (pos != text.size())
        return std::nullopt;

    // A leap second (:60) is folded onto :59 of the same minute.
    const qint64 seconds = daysFromCivil(year, unsigned(month), unsigned(day)) * 86400 +
                           hour * 3600 + minute * 60 + qMin(second, 59) - offsetSeconds;
    // 64 bits of nanoseconds reach from 1677 to 2262: an instant outside cannot be represented.
    qint64 nanos = 0;
    if (qMulOverflow(seconds, kNanosPerSecond, &nanos) || qAddOverflow(nanos, fraction, &nanos))
        return std::nullopt;
    return Timestamp(nanos);
}

QString Timestamp::toString() const
{
    qint64 seconds = m_nanos / kNanosPerSecond;
    qint64 nanos = m_nanos % kNanosPerSecond;
    if (nanos < 0) {
        nanos += kNanosPerSecond;
        --seconds;
    }
    qint64 days = seconds / 86400;
    qint64 secondOfDay = seconds % 86400;
    if (secondOfDay < 0) {
        secondOfDay += 86400;
        --days;
    }
    const Civil c = civilFromDays(days);
    const auto pad = [](qint64 value, int width) {
        return QString::number(value).rightJustified(width, u'0');
    };
    const QString fraction = nanos % 1000 == 0 ? pad(nanos / 1000, 6) : pad(nanos, 9);
    return pad(c.year, 4) + u'-' + pad(c.month, 2) + u'-' + pad(c.day, 2) + u'T' +
           pad(secondOfDay / 3600, 2) + u':' + pad((secondOfDay / 60) % 60, 2) + u':' +
           pad(secondOfDay % 60, 2) + u'.' + fraction + u'Z';
}

QDateTime Timestamp::toDateTime() const
{
    return QDateTime::fromMSecsSinceEpoch(m_nanos / 1'000'000, Qt::UTC);
}

} // namespace Grex
