#include "core/vars/varenv.h"

#include <QProcessEnvironment>
#include <QTest>

using namespace Grex;
using namespace Qt::StringLiterals;

namespace {

VarEnv testEnv()
{
    VarEnv env;
    env.insert(u"HOME"_s, u"/home/u"_s);
    env.insert(u"X"_s, u"x"_s);
    env.insert(u"_U"_s, u"under"_s);
    env.insert(u"LONG_NAME_1"_s, u"v1"_s);
    env.insert(u"OTHER"_s, u"other"_s);
    env.insert(u"REF"_s, u"$OTHER"_s);          // must not be expanded again
    env.insert(u"PCT"_s, u"%OTHER%"_s);         // idem
    env.insert(u"BRACED"_s, u"${OTHER}"_s);     // idem
    env.insert(u"BROKEN"_s, u"${"_s);           // an expanded value is never rescanned
    env.insert(u"EMPTY"_s, QString());          // defined, empty
    env.insert(u"UMLAUT"_s, u"\u00fc\u00f8"_s); // "üø"
    env.insert(u"CJK"_s, u"\u65e5\u672c"_s);    // "日本"
    env.insert(u"EMOJI"_s, u"\U0001F600"_s);    // grinning face, 4 UTF-8 bytes
    return env;
}

// "ü", "日本" and an emoji: 2, 3+3 and 4 UTF-8 bytes.
const QString umlaut = u"\u00fc"_s;
const QString cjk = u"\u65e5\u672c"_s;
const QString emoji = u"\U0001F600"_s;

} // namespace

class tst_Vars : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void expands_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");

        QTest::newRow("dollar") << u"$HOME/.vimrc"_s << u"/home/u/.vimrc"_s;
        QTest::newRow("braces") << u"${HOME}x"_s << u"/home/ux"_s;
        QTest::newRow("percent") << u"%HOME%\\x"_s << u"/home/u\\x"_s;
        QTest::newRow("all forms") << u"$X ${X} %X%"_s << u"x x x"_s;
        QTest::newRow("adjacent braces") << u"${X}${X}"_s << u"xx"_s;
        QTest::newRow("adjacent percents") << u"%X%%X%"_s << u"xx"_s;
        QTest::newRow("name stops at dash") << u"$X-$X"_s << u"x-x"_s;
        QTest::newRow("name stops at dot") << u"$X.y"_s << u"x.y"_s;
        QTest::newRow("name stops at slash") << u"$HOME/$X"_s << u"/home/u/x"_s;
        QTest::newRow("digits and underscore") << u"$LONG_NAME_1!"_s << u"v1!"_s;
        QTest::newRow("underscore first") << u"$_U"_s << u"under"_s;
        QTest::newRow("empty value") << u"a${EMPTY}b$EMPTY%EMPTY%c"_s << u"abc"_s;
        QTest::newRow("dollar escape") << u"$$HOME"_s << u"$HOME"_s;
        QTest::newRow("percent escape") << u"%%HOME%%"_s << u"%HOME%"_s;
        QTest::newRow("percent escape at end") << u"100%%"_s << u"100%"_s;
        QTest::newRow("escape then variable") << u"$$$X"_s << u"$x"_s;
        QTest::newRow("two escapes") << u"$$$$"_s << u"$$"_s;
        QTest::newRow("escaped braces") << u"$${X}"_s << u"${X}"_s;
        QTest::newRow("no recursion dollar") << u"$REF"_s << u"$OTHER"_s;
        QTest::newRow("no recursion braces") << u"${REF}/a"_s << u"$OTHER/a"_s;
        QTest::newRow("no recursion percent") << u"%PCT%"_s << u"%OTHER%"_s;
        QTest::newRow("no recursion braced value") << u"$BRACED"_s << u"${OTHER}"_s;
        QTest::newRow("value not rescanned") << u"$BROKEN"_s << u"${"_s;
        QTest::newRow("backslash is no escape") << u"a\\$X"_s << u"a\\x"_s;
        QTest::newRow("plain text")
            << u"plain/text with spaces & {braces}"_s << u"plain/text with spaces & {braces}"_s;
        QTest::newRow("windows path") << u"C:\\Users\\u\\file.txt"_s << u"C:\\Users\\u\\file.txt"_s;
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("closing brace alone") << u"a}b"_s << u"a}b"_s;
    }

    void expands()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const Result<QString> out = expandVariables(text, testEnv(), u"symlink.dst"_s);
        QVERIFY2(out.ok(), qPrintable(out.ok() ? QString() : out.error().text()));
        QCOMPARE(*out, expected);
    }

    // Every error names its problem and the byte offset of the opening $ or %.
    void rejects_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("problem");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<QString>("name"); // empty: not checked

        QTest::newRow("missing dollar")
            << u"$NOPE"_s << u"missing_variable"_s << qint64(0) << u"NOPE"_s;
        QTest::newRow("missing braces")
            << u"a/${NOPE}/b"_s << u"missing_variable"_s << qint64(2) << u"NOPE"_s;
        QTest::newRow("missing percent")
            << u"x%NOPE%"_s << u"missing_variable"_s << qint64(1) << u"NOPE"_s;
        QTest::newRow("maximal name") << u"$Xy"_s << u"missing_variable"_s << qint64(0) << u"Xy"_s;
        QTest::newRow("missing after expansion")
            << u"$X/$NOPE"_s << u"missing_variable"_s << qint64(3) << u"NOPE"_s;
        QTest::newRow("missing after escape")
            << u"$$$NOPE"_s << u"missing_variable"_s << qint64(2) << u"NOPE"_s;
        QTest::newRow("unclosed brace")
            << u"${FOO"_s << u"unclosed_brace"_s << qint64(0) << QString();
        QTest::newRow("unclosed brace later")
            << u"ab${FOO/x"_s << u"unclosed_brace"_s << qint64(2) << QString();
        QTest::newRow("empty brace") << u"${}"_s << u"empty_brace"_s << qint64(0) << QString();
        QTest::newRow("empty brace later")
            << u"x${}y"_s << u"empty_brace"_s << qint64(1) << QString();
        QTest::newRow("trailing dollar")
            << u"path/$"_s << u"invalid_name"_s << qint64(5) << QString();
        QTest::newRow("lone dollar") << u"$"_s << u"invalid_name"_s << qint64(0) << QString();
        QTest::newRow("dollar space") << u"a $ b"_s << u"invalid_name"_s << qint64(2) << QString();
        QTest::newRow("dollar dash") << u"$-x"_s << u"invalid_name"_s << qint64(0) << QString();
        QTest::newRow("digit first") << u"$1abc"_s << u"invalid_name"_s << qint64(0) << QString();
        QTest::newRow("braced digit first")
            << u"${1abc}"_s << u"invalid_name"_s << qint64(0) << QString();
        QTest::newRow("braced dash") << u"${a-b}"_s << u"invalid_name"_s << qint64(0) << QString();
        QTest::newRow("braced space")
            << u"/x/${A B}"_s << u"invalid_name"_s << qint64(3) << QString();
        QTest::newRow("percent space") << u"%a b%"_s << u"invalid_name"_s << qint64(0) << QString();
        QTest::newRow("percent dash") << u"%a-b%"_s << u"invalid_name"_s << qint64(0) << QString();
        QTest::newRow("unclosed percent")
            << u"%FOO"_s << u"unclosed_percent"_s << qint64(0) << QString();
        QTest::newRow("fifty percent off")
            << u"50% off"_s << u"unclosed_percent"_s << qint64(2) << QString();
        QTest::newRow("lone percent at end")
            << u"100%"_s << u"unclosed_percent"_s << qint64(3) << QString();
        QTest::newRow("odd percents")
            << u"%%%"_s << u"unclosed_percent"_s << qint64(2) << QString();
        QTest::newRow("two lone percents")
            << u"50% off 20%"_s << u"invalid_name"_s << qint64(2) << QString();
        // Offsets count UTF-8 bytes, not UTF-16 units or code points.
        QTest::newRow("umlaut then dollar")
            << QString(umlaut + u"$"_s) << u"invalid_name"_s << qint64(2) << QString();
        QTest::newRow("umlaut then missing")
            << QString(umlaut + u"$NOPE"_s) << u"missing_variable"_s << qint64(2) << u"NOPE"_s;
        QTest::newRow("cjk then missing")
            << QString(cjk + u"${NOPE}"_s) << u"missing_variable"_s << qint64(6) << u"NOPE"_s;
        QTest::newRow("emoji then percent")
            << QString(emoji + u"%FOO"_s) << u"unclosed_percent"_s << qint64(4) << QString();
        QTest::newRow("mixed then brace") << QString(umlaut + cjk + emoji + u"x${"_s)
                                          << u"unclosed_brace"_s << qint64(13) << QString();
        QTest::newRow("after non-ascii value")
            << u"$UMLAUT$NOPE"_s << u"missing_variable"_s << qint64(7) << u"NOPE"_s;
    }

    void rejects()
    {
        QFETCH(QString, text);
        QFETCH(QString, problem);
        QFETCH(qint64, offset);
        QFETCH(QString, name);
        const Result<QString> out = expandVariables(text, testEnv(), u"exec.cmd"_s);
        QVERIFY2(!out.ok(), qPrintable(out.ok() ? *out : QString()));
        QCOMPARE(out.error().kind(), ErrorKind::PackOp);
        QCOMPARE(out.error().reason(), u"var_expand"_s);
        QCOMPARE(out.error().details().value(u"field"_s).toString(), u"exec.cmd"_s);
        QCOMPARE(out.error().details().value(u"problem"_s).toString(), problem);
        QCOMPARE(out.error().details().value(u"offset"_s).toInteger(-1), offset);
        if (!name.isEmpty())
            QCOMPARE(out.error().details().value(u"name"_s).toString(), name);
        QVERIFY2(out.error().message().text().startsWith(u"exec.cmd"_s),
                 qPrintable(out.error().message().text()));
    }

    void nonAsciiSurvives_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");

        const QString all = umlaut + cjk + emoji;
        QTest::newRow("umlaut") << QString(umlaut + u"$X"_s + umlaut)
                                << QString(umlaut + u"x"_s + umlaut);
        QTest::newRow("cjk") << QString(cjk + u"/${X}/"_s + cjk) << QString(cjk + u"/x/"_s + cjk);
        QTest::newRow("emoji") << QString(emoji + u"%X%"_s + emoji)
                               << QString(emoji + u"x"_s + emoji);
        QTest::newRow("all around every form")
            << QString(all + u"$X"_s + all + u"${X}"_s + all + u"%X%"_s + all + u"$$%%"_s + all)
            << QString(all + u"x"_s + all + u"x"_s + all + u"x"_s + all + u"$%"_s + all);
        QTest::newRow("non-ascii values")
            << u"[$UMLAUT|${CJK}|%EMOJI%]"_s
            << QString(u"["_s + u"\u00fc\u00f8"_s + u"|"_s + cjk + u"|"_s + emoji + u"]"_s);
        QTest::newRow("no variable") << all << all;
        QTest::newRow("combining and latin-1") << u"e\u0301 caf\u00e9 \u00df $X \u00a0\u00ff"_s
                                               << u"e\u0301 caf\u00e9 \u00df x \u00a0\u00ff"_s;
    }

    void nonAsciiSurvives()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const Result<QString> out = expandVariables(text, testEnv(), u"symlink.src"_s);
        QVERIFY2(out.ok(), qPrintable(out.ok() ? QString() : out.error().text()));
        QCOMPARE(out->toUtf8(), expected.toUtf8());
        QCOMPARE(*out, expected);
    }

    void insertReplacesAndContains()
    {
        VarEnv env;
        QVERIFY(!env.contains(u"A"_s));
        QCOMPARE(env.value(u"A"_s), std::nullopt);
        env.insert(u"A"_s, u"1"_s);
        env.insert(u"A"_s, u"2"_s);
        QVERIFY(env.contains(u"A"_s));
        QCOMPARE(env.value(u"A"_s), std::optional<QString>(u"2"_s));
        env.insert(u"E"_s, QString());
        QVERIFY(env.contains(u"E"_s)); // defined but empty is still defined
    }

    void forPackSetsBuiltins()
    {
        VarEnv base;
        base.insert(u"HOME"_s, u"/home/u"_s);
        base.insert(u"GREX_PACK_NAME"_s, u"stale"_s);
        const VarEnv env = base.forPack(u"/ws/dotfiles"_s, u"/ws"_s, u"dotfiles"_s);
        QCOMPARE(env.value(u"GREX_PACK_ROOT"_s), std::optional<QString>(u"/ws/dotfiles"_s));
        QCOMPARE(env.value(u"GREX_WORKSPACE"_s), std::optional<QString>(u"/ws"_s));
        QCOMPARE(env.value(u"GREX_PACK_NAME"_s), std::optional<QString>(u"dotfiles"_s));
        QCOMPARE(env.value(u"HOME"_s), std::optional<QString>(u"/home/u"_s));
        // forPack returns a copy; the base is unchanged.
        QVERIFY(!base.contains(u"GREX_PACK_ROOT"_s));
        QCOMPARE(base.value(u"GREX_PACK_NAME"_s), std::optional<QString>(u"stale"_s));

        const Result<QString> out = expandVariables(
            u"$GREX_PACK_ROOT/files/a|${GREX_WORKSPACE}|%GREX_PACK_NAME%"_s, env, u"symlink.src"_s);
        QVERIFY(out.ok());
        QCOMPARE(*out, u"/ws/dotfiles/files/a|/ws|dotfiles"_s);
    }

    void fromEnvironment()
    {
        QProcessEnvironment process;
        process.insert(u"GREX_TEST_A"_s, u"a value"_s);
        process.insert(u"PATH"_s, u"/usr/bin"_s);
        const VarEnv env = VarEnv::fromEnvironment(process);
        QCOMPARE(env.value(u"GREX_TEST_A"_s), std::optional<QString>(u"a value"_s));
        QCOMPARE(env.value(u"PATH"_s), std::optional<QString>(u"/usr/bin"_s));
        QVERIFY(!env.contains(u"GREX_TEST_B"_s));

        const VarEnv fromProcess = VarEnv::fromProcess();
        const QProcessEnvironment system = QProcessEnvironment::systemEnvironment();
        if (system.contains(u"HOME"_s))
            QCOMPARE(fromProcess.value(u"HOME"_s), std::optional<QString>(system.value(u"HOME"_s)));
    }

#ifdef Q_OS_WIN
    void windowsLookupsIgnoreCase()
    {
        VarEnv env;
        env.insert(u"Path"_s, u"C:\\a"_s);
        QCOMPARE(env.value(u"PATH"_s), std::optional<QString>(u"C:\\a"_s));
        QCOMPARE(env.value(u"path"_s), std::optional<QString>(u"C:\\a"_s));
        env.insert(u"PATH"_s, u"C:\\b"_s); // replaces the key differing only in case
        QCOMPARE(env.value(u"Path"_s), std::optional<QString>(u"C:\\b"_s));
        const Result<QString> out = expandVariables(u"%path%;$PaTh"_s, env, u"exec.cwd"_s);
        QVERIFY(out.ok());
        QCOMPARE(*out, u"C:\\b;C:\\b"_s);
    }

    void windowsHomeFromUserProfile()
    {
        QProcessEnvironment process;
        process.insert(u"USERPROFILE"_s, u"C:\\Users\\u"_s);
        QCOMPARE(VarEnv::fromEnvironment(process).value(u"HOME"_s),
                 std::optional<QString>(u"C:\\Users\\u"_s));
        process.insert(u"HOME"_s, u"D:\\h"_s);
        QCOMPARE(VarEnv::fromEnvironment(process).value(u"HOME"_s),
                 std::optional<QString>(u"D:\\h"_s));
        VarEnv explicitEnv; // an explicit insert is literal: no fallback
        explicitEnv.insert(u"USERPROFILE"_s, u"C:\\Users\\u"_s);
        QVERIFY(!explicitEnv.contains(u"HOME"_s));
    }
#else
    void posixLookupsAreCaseSensitive()
    {
        VarEnv env;
        env.insert(u"Home"_s, u"/a"_s);
        env.insert(u"HOME"_s, u"/b"_s);
        QCOMPARE(env.value(u"Home"_s), std::optional<QString>(u"/a"_s));
        QCOMPARE(env.value(u"HOME"_s), std::optional<QString>(u"/b"_s));
        QCOMPARE(env.value(u"home"_s), std::nullopt);

        const Result<QString> ok = expandVariables(u"$Home:${HOME}:%Home%"_s, env, u"f"_s);
        QVERIFY(ok.ok());
        QCOMPARE(*ok, u"/a:/b:/a"_s);

        const Result<QString> missing = expandVariables(u"x$home"_s, env, u"f"_s);
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().details().value(u"problem"_s).toString(), u"missing_variable"_s);
        QCOMPARE(missing.error().details().value(u"offset"_s).toInteger(), 1);
        QCOMPARE(missing.error().details().value(u"name"_s).toString(), u"home"_s);
    }

    void posixHasNoUserProfileFallback()
    {
        QProcessEnvironment process;
        process.insert(u"USERPROFILE"_s, u"/profile"_s);
        QVERIFY(!VarEnv::fromEnvironment(process).contains(u"HOME"_s));
    }
#endif
};

QTEST_GUILESS_MAIN(tst_Vars)
#include "tst_vars.moc"
