#include "core/naming.h"

#include <QDir>
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
             {u""_s, u"a/b"_s, u"a\\b"_s, u"."_s, u".."_s, u"../x"_s, u".hidden"_s, u"-rf"_s,
              u"a\nb"_s, u"a<b"_s, u"_workspace"_s, QString(201, u'x'), u"/abs"_s}) {
            const Result<void> r = checkBarePath(bad);
            QVERIFY2(!r.ok(), qPrintable(bad));
            QCOMPARE(r.error().kind(), ErrorKind::Usage);
            QCOMPARE(r.error().reason(), u"path_not_bare"_s);
        }
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
        QVERIFY(r.error().message().text().contains(url));
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
