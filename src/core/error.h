#pragma once

#include "core/docshape.h"
#include "core/errorkind.h"
#include "core/json.h"
#include "core/message.h"

#include <QString>

namespace Grex {

// A failure as core reports it: a stable kind (exit code, MCP code), a stable snake_case
// reason naming the specific failure ("duplicate_pack", "workspace_busy"), a message kept
// untranslated (see Message), an optional hint, and facts in details (path, line, pack).
// Tests assert on kind and reason, never on message text.
class Error
{
public:
    Error() = default;
    Error(ErrorKind kind, QString reason, Message message);

    ErrorKind kind() const { return m_kind; }
    const QString &reason() const { return m_reason; }
    const Message &message() const { return m_message; }
    const Message &hint() const { return m_hint; }
    const JsonObject &details() const { return m_details; }

    Error &withHint(Message hint) &;
    Error &&withHint(Message hint) &&;
    Error &withDetail(const QString &key, const JsonValue &value) &;
    Error &&withDetail(const QString &key, const JsonValue &value) &&;

    // Untranslated "message" (plus " (hint: ...)" when there is a hint): logs and agents.
    QString text() const;
    // Translated message for people.
    QString displayText() const;

    // {"kind": wire name, "reason": ..., "message": ..., "hint"?: ..., <details>...}
    JsonObject toJson() const;
    static DocShape shape(); // of toJson()

    // Creates an Internal error for a "cannot happen" branch and logs where it happened.
    static Error internal(const char *file, int line, const QString &what);

private:
    ErrorKind m_kind = ErrorKind::Internal;
    QString m_reason;
    Message m_message;
    Message m_hint;
    JsonObject m_details;
};

} // namespace Grex

// Soft assertion: logs the location and returns an Internal error instead of crashing.
#define GREX_ASSERT(cond)                                                                          \
    do {                                                                                           \
        if (Q_UNLIKELY(!(cond)))                                                                   \
            return ::Grex::Error::internal(__FILE__, __LINE__, QStringLiteral(#cond));             \
    } while (false)
