#include "core/engine/globs.h"

#include "core/error.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

QString globLiteral(const QString &text)
{
    QString literal;
    literal.reserve(text.size());
    for (const QChar c : text) {
        if (QStringView(u"*?[]{}\\,|!").contains(c))
            literal += u'\\';
        literal += c;
    }
    return literal;
}

Result<QRegularExpression> globPattern(const QString &glob)
{
    const auto invalid = [&](const char *why) {
        return Error(ErrorKind::Usage, u"invalid_glob"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "invalid glob '%1': %2"),
                             {glob, QString::fromLatin1(why)}))
            .withDetail(u"glob"_s, glob);
    };
    if (glob.isEmpty())
        return invalid("it is empty");
    QString pattern = u"^"_s;
    int braces = 0;
    for (qsizetype i = 0; i < glob.size(); ++i) {
        const QChar c = glob.at(i);
        if (c == u'\\') {
            if (i + 1 >= glob.size())
                return invalid("it ends with a backslash");
            pattern += QRegularExpression::escape(QString(glob.at(++i)));
        } else if (c == u'*') {
            if (i + 1 < glob.size() && glob.at(i + 1) == u'*') {
                pattern += u".*"_s;
                ++i;
            } else {
                pattern += u"[^/]*"_s;
            }
        } else if (c == u'?') {
            pattern += u"[^/]"_s;
        } else if (c == u'[') {
            const qsizetype close = glob.indexOf(u']', i + 2);
            if (close < 0)
                return invalid("'[' is never closed");
            QString set = glob.mid(i + 1, close - i - 1);
            if (set.startsWith(u'!'))
                set[0] = u'^';
            pattern += u'[' + set.replace(u"\\"_s, u"\\\\"_s) + u']';
            i = close;
        } else if (c == u'{') {
            ++braces;
            pattern += u"(?:"_s;
        } else if (c == u'}' && braces > 0) {
            --braces;
            pattern += u')';
        } else if (c == u',' && braces > 0) {
            pattern += u'|';
        } else {
            pattern += QRegularExpression::escape(QString(c));
        }
    }
    if (braces > 0)
        return invalid("'{' is never closed");
    pattern += u'$';
    QRegularExpression re(pattern);
    if (!re.isValid())
        return invalid("it is not a valid pattern");
    return re;
}

Result<PathGlobs> PathGlobs::compile(const QStringList &globs)
{
    PathGlobs compiled;
    for (const QString &glob : globs) {
        Result<QRegularExpression> re = globPattern(glob);
        if (!re)
            return re.error();
        compiled.m_patterns.append(std::move(re).value());
    }
    return compiled;
}

bool PathGlobs::admits(const QString &path) const
{
    if (m_patterns.isEmpty())
        return true;
    return std::any_of(m_patterns.cbegin(), m_patterns.cend(),
                       [&path](const QRegularExpression &re) { return re.match(path).hasMatch(); });
}

} // namespace Grex
