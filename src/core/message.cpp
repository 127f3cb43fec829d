#include "core/message.h"

#include "core/i18n.h"

#include <QCoreApplication>
#include <QHash>
#include <QMutex>

#include <optional>
#include <utility>

namespace Grex {

namespace {

// The texts with arguments that text() made, with what made them, for displayTextOf(): a note
// reaches the front ends as English in a JSON document, and only its source text and arguments
// translate. Bounded, because a long-running grex serve makes texts it never shows.
class MadeTexts
{
public:
    void remember(const QString &text, const char *source, const QStringList &arguments)
    {
        QMutexLocker locker(&m_mutex);
        if (m_made.size() >= Limit && !m_made.contains(text))
            m_made.clear();
        m_made.insert(text, {QByteArray(source), arguments});
    }

    std::optional<std::pair<QByteArray, QStringList>> find(const QString &text) const
    {
        QMutexLocker locker(&m_mutex);
        const auto it = m_made.constFind(text);
        if (it == m_made.cend())
            return std::nullopt;
        return *it;
    }

private:
    static constexpr qsizetype Limit = 4096;
    mutable QMutex m_mutex;
    QHash<QString, std::pair<QByteArray, QStringList>> m_made;
};

MadeTexts &madeTexts()
{
    static MadeTexts made;
    return made;
}

} // namespace

Message::Message(const char *sourceText, QStringList arguments)
    : m_source(sourceText)
    , m_arguments(std::move(arguments))
{
}

QString Message::text() const
{
    if (isEmpty())
        return {};
    QString made = substitute(QString::fromUtf8(m_source), m_arguments);
    if (!m_arguments.isEmpty())
        madeTexts().remember(made, m_source, m_arguments);
    return made;
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

QString displayTextOf(const QString &text)
{
    if (text.isEmpty())
        return text;
    if (const auto made = madeTexts().find(text))
        return Message(made->first.constData(), made->second).displayText();
    // A text without arguments is its own source text; any other text is not in the catalogue.
    return QCoreApplication::translate("Grex", text.toUtf8().constData());
}

} // namespace Grex
