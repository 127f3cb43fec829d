#include "core/vars/varenv.h"

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

bool isNameStart(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

bool isNameChar(char c)
{
    return isNameStart(c) || (c >= '0' && c <= '9');
}

bool isValidName(const QByteArray &name)
{
    if (name.isEmpty() || !isNameStart(name.at(0)))
        return false;
    for (char c : name) {
        if (!isNameChar(c))
            return false;
    }
    return true;
}

Error expandError(const QString &field, const QString &problem, qsizetype offset,
                  const char *sourceText, const QString &name = {})
{
    return Error(ErrorKind::PackOp, u"var_expand"_s,
                 Message(sourceText, {field, QString::number(offset), name}))
        .withDetail(u"field"_s, field)
        .withDetail(u"problem"_s, problem)
        .withDetail(u"offset"_s, qint64(offset))
        .withDetail(u"name"_s, name);
}

} // namespace

VarEnv VarEnv::fromProcess()
{
    return fromEnvironment(QProcessEnvironment::systemEnvironment());
}

VarEnv VarEnv::fromEnvironment(const QProcessEnvironment &environment)
{
    VarEnv env;
    for (const QString &name : environment.keys())
        env.insert(name, environment.value(name));
#ifdef Q_OS_WIN
    if (!env.contains(u"HOME"_s) && env.contains(u"USERPROFILE"_s))
        env.insert(u"HOME"_s, *env.value(u"USERPROFILE"_s));
#endif
    return env;
}

QString VarEnv::key(const QString &name) const
{
#ifdef Q_OS_WIN
    return name.toUpper();
#else
    return name;
#endif
}

void VarEnv::insert(const QString &name, const QString &value)
{
    m_vars.insert(key(name), {name, value});
}

std::optional<QString> VarEnv::value(const QString &name) const
{
    const auto it = m_vars.find(key(name));
    if (it == m_vars.end())
        return std::nullopt;
    return it->second;
}

VarEnv VarEnv::forPack(const QString &packRoot, const QString &workspace,
                       const QString &packName) const
{
    VarEnv env = *this;
    env.insert(u"GREX_PACK_ROOT"_s, packRoot);
    env.insert(u"GREX_WORKSPACE"_s, workspace);
    env.insert(u"GREX_PACK_NAME"_s, packName);
    return env;
}

Result<QString> expandVariables(const QString &text, const VarEnv &env, const QString &field)
{
    const QByteArray in = text.toUtf8();
    QByteArray out;
    out.reserve(in.size());
    const qsizetype n = in.size();
    // The variable's value, appended to out.
    const auto substitute = [&](const QByteArray &name, qsizetype offset) -> Result<void> {
        const QString variable = QString::fromUtf8(name);
        const std::optional<QString> value = env.value(variable);
        if (!value)
            return expandError(field, u"missing_variable"_s, offset,
                               QT_TRANSLATE_NOOP("Grex", "%1: variable '%3' (at byte %2) is not "
                                                         "defined"),
                               variable);
        out += value->toUtf8();
        return {};
    };

    for (qsizetype i = 0; i < n; ++i) {
        const char c = in.at(i);
        if (c == '$') {
            if (i + 1 < n && in.at(i + 1) == '$') {
                out += '$';
                ++i;
                continue;
            }
            if (i + 1 < n && in.at(i + 1) == '{') {
                const qsizetype close = in.indexOf('}', i + 2);
                if (close < 0)
                    return expandError(field, u"unclosed_brace"_s, i,
                                       QT_TRANSLATE_NOOP("Grex", "%1: '${' at byte %2 is never "
                                                                 "closed with '}'"));
                const QByteArray name = in.mid(i + 2, close - i - 2);
                if (name.isEmpty())
                    return expandError(field, u"empty_brace"_s, i,
                                       QT_TRANSLATE_NOOP("Grex", "%1: '${}' at byte %2 names no "
                                                                 "variable"));
                if (!isValidName(name))
                    return expandError(field, u"invalid_name"_s, i,
                                       QT_TRANSLATE_NOOP("Grex", "%1: '%3' at byte %2 is not a "
                                                                 "valid variable name"),
                                       QString::fromUtf8(name));
                if (Result<void> done = substitute(name, i); !done)
                    return done.error();
                i = close;
                continue;
            }
            qsizetype end = i + 1;
            while (end < n && isNameChar(in.at(end)))
                ++end;
            const QByteArray name = in.mid(i + 1, end - i - 1);
            if (name.isEmpty() || !isNameStart(name.at(0)))
                return expandError(field, u"invalid_name"_s, i,
                                   QT_TRANSLATE_NOOP("Grex", "%1: '$' at byte %2 is not followed "
                                                             "by a variable name ('%3'); write "
                                                             "'$$' for a literal '$'"),
                                   QString::fromUtf8(in.mid(i, qMin<qsizetype>(8, n - i))));
            if (Result<void> done = substitute(name, i); !done)
                return done.error();
            i = end - 1;
            continue;
        }
        if (c == '%') {
            if (i + 1 < n && in.at(i + 1) == '%') {
                out += '%';
                ++i;
                continue;
            }
            const qsizetype close = in.indexOf('%', i + 1);
            if (close < 0)
                return expandError(field, u"unclosed_percent"_s, i,
                                   QT_TRANSLATE_NOOP("Grex", "%1: '%' at byte %2 is never "
                                                             "closed; write '%%' for a literal "
                                                             "'%'"));
            const QByteArray name = in.mid(i + 1, close - i - 1);
            if (!isValidName(name))
                return expandError(field, u"invalid_name"_s, i,
                                   QT_TRANSLATE_NOOP("Grex", "%1: '%3' at byte %2 is not a valid "
                                                             "variable name; write '%%' for a "
                                                             "literal '%'"),
                                   QString::fromUtf8(name));
            if (Result<void> done = substitute(name, i); !done)
                return done.error();
            i = close;
            continue;
        }
        out += c;
    }
    return QString::fromUtf8(out);
}

} // namespace Grex
