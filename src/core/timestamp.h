#pragma once

#include <QDateTime>
#include <QString>

#include <compare>
#include <optional>

namespace Grex {

// An instant with nanosecond precision (QDateTime stops at milliseconds). Parsed from any
// RFC 3339 form; always written in UTC with a 'Z' suffix and 6 fraction digits, or 9 when the
// instant carries sub-microsecond precision, so reading and rewriting never loses precision.
class Timestamp
{
public:
    Timestamp() = default;

    static Timestamp now();
    static Timestamp fromUnixNanos(qint64 nanos);
    static std::optional<Timestamp> parse(QStringView text);

    bool isValid() const { return m_valid; }
    qint64 unixNanos() const { return m_nanos; }
    QString toString() const;
    QDateTime toDateTime() const;

    friend bool operator==(const Timestamp &a, const Timestamp &b) = default;
    friend std::strong_ordering operator<=>(const Timestamp &a, const Timestamp &b) = default;

private:
    explicit Timestamp(qint64 nanos) : m_nanos(nanos), m_valid(true) {}

    qint64 m_nanos = 0;
    bool m_valid = false;
};

} // namespace Grex
