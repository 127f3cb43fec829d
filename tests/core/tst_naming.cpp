#include "core/naming.h"
#include "core/visibletext.h"

#include <QDir>
#include <QProcess>
#include <QTest>

using namespace Grex;
using namespace Qt::StringLiterals;

class tst_Naming : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bareNames()
    {
        for (const QString &good : {u"dotfiles"_s, u"warp-cfg"_s, u"Fonts_2"_s, u"ünïcødé"_s,
                                    u"a.b"_s, QString(200, u'x')})
            QVERIFY2(checkBarePath(good).ok(), qPrintable(good));
        for (const QString &bad :
             {u""_s, u"a/b"_s, u"a\\b"_s, u"a\u202Eb"_s, u"."_s, u".."_s, u"../x"_s, u".hidden"_s, u"-rf"_s,
              u"a\nb"_s, u"a<b"_s, u"_workspace"_s, QString(201, u'x'), u"/abs"_s}) {
            const Result<void> r = checkBarePath(bad);
            QVERIFY2(!r.ok(), qPrintable(bad));
            QCOMPARE(r.error().kind(), ErrorKind::Usage);
            QCOMPARE(r.error().reason(), u"path_not_bare"_s);
        }
    }

    // Registered packs may be nested (docs/design.md, "Pack paths"); every part obeys the bare-name
    // rules.
    void packPaths()
    {
        for (const QString &good : {u"dotfiles"_s, u"src/tools/fd"_s, u"services/svc-beta"_s,
                                    u"a.b/c_d/ünï"_s, QString(QString(200, u'x') + u"/y"_s)})
            QVERIFY2(checkPackPath(good).ok(), qPrintable(good));
        const QList<std::pair<QString, QString>> bad{
            {u""_s, u"empty"_s},
            {u"/abs/x"_s, u"absolute"_s},
            {u"a//b"_s, u"empty part"_s},
            {u"a/b/"_s, u"empty part"_s},
            {u"src/../../x"_s, u"outside the workspace"_s},
            {u"src/./x"_s, u"its part '.'"_s},
            {u"src/.git/x"_s, u"its part '.git'"_s},
            {u"src/-rf"_s, u"its part '-rf'"_s},
            {u"src/a\u202Eb"_s, u"U+202E"_s},
            {u"a\\b/c"_s, u"path separator"_s},
            {QString(201, u'x') + u"/y"_s, u"its part"_s},
            {QString(250, u'x') + u'/' + QString(160, u'y'), u"400 bytes"_s}};
        for (const auto &[path, why] : bad) {
            const Result<void> r = checkPackPath(path);
            QVERIFY2(!r.ok(), qPrintable(path));
            QCOMPARE(r.error().reason(), u"path_not_bare"_s);
            QVERIFY2(r.error().message().text().contains(why), qPrintable(r.error().text()));
        }
        QCOMPARE(packBaseName(u"src/tools/fd"_s), u"fd"_s);
        QCOMPARE(packBaseName(u"fd"_s), u"fd"_s);
    }

    // No pack inside another pack's clone, either way round; siblings and look-alike prefixes
    // (src/tool and src/tools) are fine.
    void packsInsidePacks()
    {
        PackPathSet set;
        for (const QString &path : {u"src/tools/fd"_s, u"alpha"_s, u"src/tool"_s})
            set.insert(path);
        QCOMPARE(set.enclosing(u"alpha/x"_s), std::optional<QString>(u"alpha"_s));
        QCOMPARE(set.enclosing(u"src/tools/fd/sub/deep"_s),
                 std::optional<QString>(u"src/tools/fd"_s));
        QCOMPARE(set.enclosing(u"src/tools"_s), std::optional<QString>(u"src/tools/fd"_s));
        QCOMPARE(set.enclosing(u"src"_s).has_value(), true);
        QCOMPARE(set.enclosing(u"src/tools/rg"_s), std::nullopt);
        QCOMPARE(set.enclosing(u"src/toolsx"_s), std::nullopt);
        QCOMPARE(set.enclosing(u"alphabet"_s), std::nullopt);
        QCOMPARE(enclosingPack(u"beta/x"_s, {u"beta"_s}), std::optional<QString>(u"beta"_s));
        QCOMPARE(packInsidePack(u"beta/x"_s, u"beta"_s, ErrorKind::Usage).reason(),
                 u"pack_inside_pack"_s);
    }

    void derivesPaths_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("path");
        QTest::newRow("https .git") << u"https://h/x/warp-themes.git"_s << u"warp-themes"_s;
        QTest::newRow("scp") << u"git@github.com:user/fonts-pack"_s << u"fonts-pack"_s;
        QTest::newRow("scp top") << u"git@host:repo.git"_s << u"repo"_s;
        QTest::newRow("trailing slash") << u"https://h/x/y/"_s << u"y"_s;
        QTest::newRow("local") << u"/srv/git/dotfiles.git"_s << u"dotfiles"_s;
        QTest::newRow("file url") << u"file:///srv/git/a.git/"_s << u"a"_s;
    }

    void derivesPaths()
    {
        QFETCH(QString, url);
        QFETCH(QString, path);
        QCOMPARE(derivePathFromUrl(url), path);
    }

    void acceptsUrls_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("recorded");
        QTest::newRow("https") << u"https://github.com/u/r.git"_s
                               << u"https://github.com/u/r.git"_s;
        QTest::newRow("ssh port") << u"ssh://git@h:2222/r"_s << u"ssh://git@h:2222/r"_s;
        QTest::newRow("git") << u"git://h/r"_s << u"git://h/r"_s;
        QTest::newRow("file") << u"file:///srv/r.git"_s << u"file:///srv/r.git"_s;
        QTest::newRow("scp") << u"git@github.com:u/r"_s << u"git@github.com:u/r"_s;
        QTest::newRow("absolute") << u"/srv/r.git"_s << u"/srv/r.git"_s;
        QTest::newRow("relative") << u"../r.git"_s << u"/base/r.git"_s;
        QTest::newRow("ipv6") << u"https://[::1]:8080/r"_s << u"https://[::1]:8080/r"_s;
    }

    void acceptsUrls()
    {
        QFETCH(QString, url);
        QFETCH(QString, recorded);
        const Result<QString> r = checkRemoteUrl(url, u"/base/ws"_s);
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().text()));
        QCOMPARE(*r, recorded);
    }

    void rejectsMalformedUrls_data()
    {
        QTest::addColumn<QString>("url");
        QTest::newRow("empty") << u""_s;
        QTest::newRow("space") << u"https://h/a b"_s;
        QTest::newRow("no host") << u"https:///path"_s;
        QTest::newRow("no path") << u"https://host"_s;
        QTest::newRow("bad scheme") << u"ftp://h/r"_s;
        QTest::newRow("empty scheme") << u"://h/r"_s;
        QTest::newRow("bad port") << u"https://h:99999/r"_s;
        QTest::newRow("option") << u"--upload-pack=evil"_s;
        QTest::newRow("control") << u"https://h/\x01"_s;
        QTest::newRow("relative file") << u"file://relative/r"_s;
        QTest::newRow("scp no path") << u"git@host:"_s;
        QTest::newRow("colon") << u":foo"_s;
    }

    void rejectsMalformedUrls()
    {
        QFETCH(QString, url);
        const Result<QString> r = checkRemoteUrl(url, u"/base"_s);
        QVERIFY2(!r.ok(), qPrintable(url));
        QCOMPARE(r.error().kind(), ErrorKind::Usage);
        QCOMPARE(r.error().reason(), u"invalid_url"_s);
        // Shown as it reads: a control character as its escape, never raw.
        QVERIFY2(r.error().message().text().contains(visibleText(url)),
                 qPrintable(r.error().message().text()));
    }

    // A format character lets one name pass for another: "gpj.exe" read right to left behind
    // U+202E. Refused in pack paths and URLs, and named in the error.
    void refusesHiddenCharacters_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("codePoint");
        QTest::newRow("right-to-left override") << u"invoice\u202Egpj.sh"_s << u"U+202E"_s;
        QTest::newRow("left-to-right isolate") << u"a\u2066b"_s << u"U+2066"_s;
        QTest::newRow("zero width space") << u"dot\u200Bfiles"_s << u"U+200B"_s;
        QTest::newRow("zero width joiner") << u"dot\u200Dfiles"_s << u"U+200D"_s;
        QTest::newRow("byte order mark") << u"\uFEFFdotfiles"_s << u"U+FEFF"_s;
        QTest::newRow("line separator") << u"a\u2028b"_s << u"U+2028"_s;
        QTest::newRow("C1 control") << u"a\u0085b"_s << u"U+0085"_s;
        QTest::newRow("soft hyphen") << u"dot\u00ADfiles"_s << u"U+00AD"_s;
    }

    void refusesHiddenCharacters()
    {
        QFETCH(QString, text);
        QFETCH(QString, codePoint);
        const Result<void> path = checkBarePath(text);
        QVERIFY2(!path.ok(), qPrintable(text));
        QCOMPARE(path.error().reason(), u"path_not_bare"_s);
        QVERIFY2(path.error().message().text().contains(codePoint),
                 qPrintable(path.error().message().text()));
        QVERIFY(!path.error().message().text().contains(text)); // never shown raw
        const Result<QString> url = checkRemoteUrl(u"https://h/"_s + text, u"/base"_s);
        QVERIFY2(!url.ok(), qPrintable(text));
        QCOMPARE(url.error().reason(), u"invalid_url"_s);
        // Letters of other scripts stay welcome.
        QVERIFY(checkBarePath(u"ünïcødé-עברית-日本"_s).ok());
    }

    void showsTextOneWayOnly_data()
    {
        QTest::addColumn<QStringList>("argv");
        QTest::addColumn<QString>("shown");
        QTest::newRow("plain") << QStringList{u"git"_s, u"status"_s, u"--short"_s}
                               << u"git status --short"_s;
        // The two commands the old question could not tell apart.
        QTest::newRow("one script") << QStringList{u"sh"_s, u"-c"_s, u"echo a b"_s}
                                    << u"sh -c 'echo a b'"_s;
        QTest::newRow("three words") << QStringList{u"sh"_s, u"-c"_s, u"echo"_s, u"a"_s, u"b"_s}
                                     << u"sh -c echo a b"_s;
        QTest::newRow("empty") << QStringList{u"printf"_s, u""_s} << u"printf ''"_s;
        QTest::newRow("quote") << QStringList{u"echo"_s, u"it's"_s} << u"echo 'it'\\''s'"_s;
        QTest::newRow("newline") << QStringList{u"rm"_s, u"a\nb"_s} << u"rm $'a\\nb'"_s;
        QTest::newRow("escape") << QStringList{u"x"_s, u"\x1b[2J"_s} << u"x $'\\x1b[2J'"_s;
        QTest::newRow("bidi") << QStringList{u"rm"_s, u"-rf"_s, u"safe\u202E/emoh"_s}
                              << u"rm -rf $'safe\\u202e/emoh'"_s;
        QTest::newRow("backslash with hidden")
            << QStringList{u"x"_s, u"a\\n\tb"_s} << u"x $'a\\\\n\\tb'"_s;
        QTest::newRow("astral") << QStringList{u"x"_s, u"\U000E0041"_s}
                                << u"x $'\\U000e0041'"_s;
    }

    void showsTextOneWayOnly()
    {
        QFETCH(QStringList, argv);
        QFETCH(QString, shown);
        QCOMPARE(shellQuoted(argv), shown);
        // And bash reads it back as exactly argv.
        QProcess bash;
        // bash writes \u escapes as UTF-8 only in a UTF-8 locale.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"LC_ALL"_s, u"C.UTF-8"_s);
        bash.setProcessEnvironment(env);
        bash.start(u"bash"_s, {u"-c"_s, u"for a in " + shellQuoted(argv.mid(1)) +
                                              u"; do printf '%s\\0' \"$a\"; done"_s});
        QVERIFY(bash.waitForFinished(10000));
        QByteArray expected;
        for (const QString &arg : argv.mid(1))
            expected += arg.toUtf8() + '\0';
        if (argv.size() > 1)
            QCOMPARE(bash.readAllStandardOutput(), expected);
        QCOMPARE(visibleText(u"a\u202Eb\\n\n"_s), u"a\\u{202E}b\\\\n\\n"_s);
    }

    void sameRemote()
    {
        QVERIFY(Grex::sameRemote(u"/srv/r.git"_s, u"file:///srv/r"_s));
        QVERIFY(Grex::sameRemote(u"https://h/r.git/"_s, u"https://h/r"_s));
        QVERIFY(!Grex::sameRemote(u"https://h/r"_s, u"https://h/s"_s));
    }
};

QTEST_GUILESS_MAIN(tst_Naming)
#include "tst_naming.moc"
