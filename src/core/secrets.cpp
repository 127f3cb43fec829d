#include "core/secrets.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// scheme://user[:password]@ anywhere in a text; the user part stops at '/', '@', ':' or a space.
const QRegularExpression &userInfoPattern()
{
    static const QRegularExpression pattern(
        u"([A-Za-z][A-Za-z0-9+.-]*://)([^\\s/@:]*)(:[^\\s/@]*)?@"_s);
    return pattern;
}

// The token formats of the forges people use, and anything long and random enough to be one:
// such a user name is a credential, not a name.
bool looksLikeToken(QStringView user)
{
    static const QStringList prefixes{u"ghp_"_s,  u"gho_"_s,   u"ghu_"_s,  u"ghs_"_s,
                                      u"ghr_"_s,  u"github_pat_"_s, u"glpat-"_s, u"gldt-"_s,
                                      u"glptt-"_s, u"ATBB"_s};
    for (const QString &prefix : prefixes) {
        if (user.startsWith(prefix))
            return true;
    }
    static const QRegularExpression random(u"^[A-Za-z0-9_\\-]{32,}$"_s);
    return random.match(user.toString()).hasMatch();
}

} // namespace

bool urlHasSecret(const QString &url)
{
    QRegularExpressionMatchIterator it = userInfoPattern().globalMatch(url);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        // ":***" is what redaction leaves: no secret any more.
        const bool password = match.capturedLength(3) > 1 && match.capturedView(3) != u":***";
        if (password || looksLikeToken(match.capturedView(2)))
            return true;
    }
    return false;
}

QString redactUrl(const QString &url)
{
    return redactSecrets(url);
}

QString redactSecrets(const QString &text)
{
    QString result;
    qsizetype from = 0;
    QRegularExpressionMatchIterator it = userInfoPattern().globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        const bool password = match.capturedLength(3) > 1;
        const bool token = looksLikeToken(match.capturedView(2));
        if (!password && !token)
            continue;
        result += QStringView(text).mid(from, match.capturedStart(0) - from);
        result += match.capturedView(1);
        result += token ? u"***"_s : match.captured(2) + u":***"_s;
        result += u'@';
        from = match.capturedEnd(0);
    }
    if (from == 0)
        return text;
    result += QStringView(text).mid(from);
    return result;
}

} // namespace Grex
