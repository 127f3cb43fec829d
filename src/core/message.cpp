#include "message.h"

#include <QCoreApplication>

namespace Grex {

Message::Message(const char *sourceText, QStringList arguments)
    : m_source(sourceText)
    , m_arguments(std::move(arguments))
{
}

QString Message::text() const
{
    if (isEmpty())
        return {};
    return substitute(QString::fromUtf8(m_source), m_arguments);
}

QString Message::displayText() const
{
    if (isEmpty())
        return {};
    return substitute(QCoreApplication::translate("Grex", m_source), m_arguments);
}

// Replaces %1..%99 in one pass, so an argument that itself contains "%2" is never expanded.
QString Message::substitute(QString pattern, const QStringList &arguments)
{
    QString result;
    result.reserve(pattern.size() + 32);
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (c == u'%' && i + 1 < pattern.size() && pattern.at(i + 1).isDigit()) {
            qsizetype j = i + 1;
            int index = 0;
            while (j < pattern.size() && pattern.at(j).isDigit() && j - i <= 2) {
                index = index * 10 + pattern.at(j).digitValue();
                ++j;
            }
            if (index >= 1 && index <= arguments.size()) {
                result += arguments.at(index - 1);
                i = j - 1;
                continue;
            }
        }
        result += c;
    }
    return result;
}

} // namespace Grex
