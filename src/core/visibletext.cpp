#include "core/visibletext.h"

#include <QChar>

using namespace Qt::StringLiterals;

namespace Grex {

bool isHiddenCharacter(char32_t c)
{
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f))
        return true;
    if (QChar::isSurrogate(c) || c > QChar::LastValidCodePoint)
        return true;
    switch (QChar::category(c)) {
    case QChar::Other_Format:        // U+200B…U+200F, U+202A…U+202E, U+2066…U+2069, U+FEFF
    case QChar::Separator_Line:      // U+2028
    case QChar::Separator_Paragraph: // U+2029
        return true;
    default:
        return false;
    }
}

QString codePointName(char32_t c)
{
    return u"U+%1"_s.arg(uint(c), 4, 16, QLatin1Char('0')).toUpper();
}

namespace {

// The escape of a hidden character inside visibleText or $'…'; `shell` picks bash's spelling.
QString escaped(char32_t c, bool shell)
{
    switch (c) {
    case u'\n':
        return u"\\n"_s;
    case u'\t':
        return u"\\t"_s;
    case u'\r':
        return u"\\r"_s;
    default:
        break;
    }
    if (c < 0x80)
        return u"\\x%1"_s.arg(uint(c), 2, 16, QLatin1Char('0'));
    // Always the full number of digits, so that a hex digit after it is not read as part of it.
    if (!shell)
        return u"\\u{%1}"_s.arg(QString::number(uint(c), 16).toUpper().rightJustified(4, u'0'));
    if (c <= 0xFFFF)
        return u"\\u%1"_s.arg(uint(c), 4, 16, QLatin1Char('0'));
    return u"\\U%1"_s.arg(uint(c), 8, 16, QLatin1Char('0'));
}

// Each code point of text, a lone surrogate as itself (so that it is shown, not dropped);
// stops when f returns false.
template <typename F>
void forEachCodePoint(QStringView text, F f)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        char32_t c = text.at(i).unicode();
        if (text.at(i).isHighSurrogate() && i + 1 < text.size() &&
            text.at(i + 1).isLowSurrogate()) {
            c = QChar::surrogateToUcs4(text.at(i), text.at(i + 1));
            ++i;
        }
        if (!f(c))
            return;
    }
}

bool isShellPlain(QStringView word)
{
    if (word.isEmpty())
        return false;
    for (QChar c : word) {
        const char16_t u = c.unicode();
        const bool plain = (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') ||
                           (u >= u'0' && u <= u'9') || QStringView(u"_@%+=:,./-").contains(c);
        if (!plain)
            return false;
    }
    return true;
}

} // namespace

std::optional<char32_t> firstHiddenCharacter(QStringView text)
{
    std::optional<char32_t> hidden;
    forEachCodePoint(text, [&hidden](char32_t c) {
        if (isHiddenCharacter(c))
            hidden = c;
        return !hidden;
    });
    return hidden;
}

QString visibleText(QStringView text)
{
    QString shown;
    shown.reserve(text.size());
    forEachCodePoint(text, [&shown](char32_t c) {
        if (c == u'\\')
            shown += u"\\\\"_s;
        else if (isHiddenCharacter(c))
            shown += escaped(c, false);
        else
            shown += QString::fromUcs4(&c, 1);
        return true;
    });
    return shown;
}

QString shellWord(QStringView word)
{
    if (isShellPlain(word))
        return word.toString();
    if (!firstHiddenCharacter(word)) {
        QString quoted = word.toString();
        quoted.replace(u"'"_s, u"'\\''"_s);
        return u'\'' + quoted + u'\'';
    }
    QString quoted = u"$'"_s;
    forEachCodePoint(word, [&quoted](char32_t c) {
        if (c == u'\\' || c == u'\'')
            quoted += u'\\' + QString::fromUcs4(&c, 1);
        else if (isHiddenCharacter(c))
            quoted += escaped(c, true);
        else
            quoted += QString::fromUcs4(&c, 1);
        return true;
    });
    return quoted + u'\'';
}

QString shellQuoted(const QStringList &argv)
{
    QStringList words;
    words.reserve(argv.size());
    for (const QString &arg : argv)
        words.append(shellWord(arg));
    return words.join(u' ');
}

QString nameList(const QStringList &names, qsizetype shown)
{
    QStringList parts;
    for (qsizetype i = 0; i < names.size() && i < shown; ++i)
        parts.append(visibleText(names.at(i)));
    QString list = parts.join(u", "_s);
    if (names.size() > shown)
        list += u" and %1 more"_s.arg(names.size() - shown);
    return list;
}

} // namespace Grex
