#pragma once

// Text from agents and manifests shown to the person who approves it (docs/design.md,
// "Approvals for destructive verbs"): what is shown must read one way only, so characters a
// reader cannot see, or that reorder what follows them, are written out as escapes.

#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>

namespace Grex {

// C0 and C1 controls, DEL, and the Unicode characters that are invisible or change how the
// text around them reads: format characters (bidi overrides and isolates such as U+202E,
// zero-width joiners, U+FEFF), line and paragraph separators, and lone surrogates.
bool isHiddenCharacter(char32_t c);
// The first hidden character of text, or nullopt.
std::optional<char32_t> firstHiddenCharacter(QStringView text);
// "U+202E" for 0x202E.
QString codePointName(char32_t c);

// text with every hidden character written as an escape ("\n", "\t", "\u{202E}") and every
// backslash doubled, so that the shown text maps back to exactly one string.
QString visibleText(QStringView text);

// One argument as a POSIX shell would need it typed: bare when it is made of characters no
// shell treats specially, in single quotes otherwise, and in bash's $'…' form, with escapes,
// when it holds hidden characters. Pasted into bash it is exactly the argument.
QString shellWord(QStringView word);
// argv as one command line of shellWord()s.
QString shellQuoted(const QStringList &argv);

// "a, b, c" for up to `shown` names (each visibleText), else the first ones and "and N more".
QString nameList(const QStringList &names, qsizetype shown = 20);

} // namespace Grex
