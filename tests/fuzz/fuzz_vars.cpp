// Variable expansion ($NAME, ${NAME}, %NAME%, $$, %%): any text expands or gives a var_expand
// error with a byte offset inside it. Text without references comes back unchanged, and text
// with every '$' and '%' doubled expands to itself.

#include "fuzzsupport.h"
#include "core/vars/varenv.h"

using namespace Grex;
using namespace Qt::StringLiterals;

namespace {

VarEnv environment()
{
    VarEnv env;
    env.insert(u"HOME"_s, u"/home/fuzz"_s);
    env.insert(u"EMPTY"_s, QString());
    env.insert(u"A"_s, u"$B"_s); // expansion is not recursive: $A gives "$B"
    env.insert(u"B"_s, u"%A%"_s);
    env.insert(u"UNICODE"_s, u"ä€😀"_s);
    env.insert(u"a_1"_s, u"lower"_s);
    return env.forPack(u"/ws/pack"_s, u"/ws"_s, u"pack"_s);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::quietQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const VarEnv env = environment();
    const QString text = QString::fromUtf8(Fuzz::bytesOf(data, size));
    const Result<QString> expanded = expandVariables(text, env, u"fuzz.field"_s);
    if (!expanded) {
        const Error &error = expanded.error();
        Fuzz::checkError(error, {ErrorKind::PackOp});
        GREX_FUZZ_CHECK(error.reason() == u"var_expand"_s);
        static const QStringList problems{u"missing_variable"_s, u"empty_brace"_s,
                                          u"unclosed_brace"_s, u"unclosed_percent"_s,
                                          u"invalid_name"_s};
        GREX_FUZZ_CHECK(problems.contains(error.details().value(u"problem"_s).toString()));
        const qint64 offset = error.details().value(u"offset"_s).toInteger(-1);
        GREX_FUZZ_CHECK(offset >= 0 && offset < text.toUtf8().size());
        GREX_FUZZ_CHECK(error.details().value(u"field"_s).toString() == u"fuzz.field"_s);
    } else if (!text.contains(u'$') && !text.contains(u'%')) {
        GREX_FUZZ_CHECK(*expanded == text);
    }

    QString escaped = text;
    escaped.replace(u"$"_s, u"$$"_s).replace(u"%"_s, u"%%"_s);
    const Result<QString> literal = expandVariables(escaped, env, u"fuzz.field"_s);
    GREX_FUZZ_CHECK(literal.ok());
    GREX_FUZZ_CHECK(*literal == text);
    return 0;
}
