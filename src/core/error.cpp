#include "core/error.h"

#include "core/logging.h"

using namespace Qt::StringLiterals;

namespace Grex {

Error::Error(ErrorKind kind, QString reason, Message message)
    : m_kind(kind)
    , m_reason(std::move(reason))
    , m_message(std::move(message))
{
}

Error &Error::withHint(Message hint) &
{
    m_hint = std::move(hint);
    return *this;
}

Error &&Error::withHint(Message hint) &&
{
    m_hint = std::move(hint);
    return std::move(*this);
}

Error &Error::withDetail(const QString &key, const JsonValue &value) &
{
    m_details.insert(key, value);
    return *this;
}

Error &&Error::withDetail(const QString &key, const JsonValue &value) &&
{
    m_details.insert(key, value);
    return std::move(*this);
}

QString Error::text() const
{
    if (m_hint.isEmpty())
        return m_message.text();
    return m_message.text() + u" (hint: " + m_hint.text() + u')';
}

QString Error::displayText() const
{
    return m_message.displayText();
}

JsonObject Error::toJson() const
{
    JsonObject object{{QStringLiteral("kind"), wireName(m_kind)},
                      {QStringLiteral("reason"), m_reason},
                      {QStringLiteral("message"), m_message.text()}};
    if (!m_hint.isEmpty())
        object.insert(QStringLiteral("hint"), m_hint.text());
    for (const auto &[key, value] : m_details.members()) {
        if (!object.contains(key))
            object.insert(key, value);
    }
    return object;
}

DocShape Error::shape()
{
    using S = DocShape;
    return S::openObject(
        {field(u"kind"_s, S::string(), "the error kind: usage, pack_op, lock, ..."),
         field(u"reason"_s, S::string(), "the stable reason within the kind"),
         field(u"message"_s, S::string(), "what went wrong, in English"),
         optionalField(u"hint"_s, S::string(), "what to do about it")});
}

Error Error::internal(const char *file, int line, const QString &what)
{
    qCCritical(lcCore, "internal error at %s:%d: %s", file, line, qUtf8Printable(what));
    return Error(ErrorKind::Internal, QStringLiteral("internal"),
                 Message(QT_TRANSLATE_NOOP("Grex", "internal error: %1 (at %2:%3)"),
                         {what, QString::fromUtf8(file), QString::number(line)}));
}

} // namespace Grex
