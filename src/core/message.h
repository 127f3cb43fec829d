#pragma once

#include <QString>
#include <QStringList>

namespace Grex {

// A human-readable text kept as its untranslated source plus arguments. MCP payloads and
// --json documents carry text() (stable English); the CLI and the window show displayText(),
// translated in the "Grex" context. Create source texts with QT_TRANSLATE_NOOP("Grex", "...")
// so lupdate finds them.
class Message
{
public:
    Message() = default;
    Message(const char *sourceText, QStringList arguments = {});

    bool isEmpty() const { return m_source == nullptr || *m_source == '\0'; }
    // The untranslated text with %1..%n replaced.
    QString text() const;
    // The translated text with %1..%n replaced.
    QString displayText() const;

    const char *sourceText() const { return m_source; }
    const QStringList &arguments() const { return m_arguments; }

private:
    static QString substitute(QString pattern, const QStringList &arguments);

    const char *m_source = nullptr;
    QStringList m_arguments;
};

} // namespace Grex
