#include "core/secrets.h"

#include <QTest>

using namespace Grex;
using namespace Qt::StringLiterals;

// Passwords and tokens in URLs (issue: secrets stay out of the workspace).
class tst_Secrets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void detects_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("secret");
        QTest::newRow("password") << u"https://alice:s3cret@host/x.git"_s << true;
        QTest::newRow("empty password") << u"https://alice:@host/x.git"_s << false;
        QTest::newRow("user only") << u"https://alice@host/x.git"_s << false;
        QTest::newRow("github token") << u"https://ghp_0123456789abcdefABCDEF@github.com/x"_s
                                      << true;
        QTest::newRow("fine-grained token")
            << u"https://github_pat_11AAAA_bbbb@github.com/me/x.git"_s << true;
        QTest::newRow("gitlab token") << u"https://oauth2:glpat-abcdef@gitlab.com/x.git"_s << true;
        QTest::newRow("long random user")
            << u"https://0123456789abcdef0123456789abcdef@host/x.git"_s << true;
        QTest::newRow("ssh scp") << u"git@github.com:me/x.git"_s << false;
        QTest::newRow("ssh url") << u"ssh://git@host:2222/x.git"_s << false;
        QTest::newRow("ssh url with password") << u"ssh://git:pw@host/x.git"_s << true;
        QTest::newRow("path") << u"/srv/git/x.git"_s << false;
        QTest::newRow("port, no user") << u"https://host:8443/x.git"_s << false;
    }

    void detects()
    {
        QFETCH(QString, url);
        QFETCH(bool, secret);
        QCOMPARE(urlHasSecret(url), secret);
        // What is redacted no longer has one, and what has none is left as it is.
        QVERIFY(!urlHasSecret(redactUrl(url)) || !secret);
        if (!secret)
            QCOMPARE(redactUrl(url), url);
    }

    void redactsEveryUrlInAText()
    {
        const QString text = u"fatal: unable to access 'https://alice:s3cret@host/x.git/': 403\n"
                             "From https://ghp_0123456789abcdefXYZ@github.com/y\n"
                             "and https://bob@host/z stays"_s;
        const QString redacted = redactSecrets(text);
        QVERIFY(!redacted.contains(u"s3cret"_s));
        QVERIFY(!redacted.contains(u"ghp_"_s));
        QVERIFY(redacted.contains(u"https://alice:***@host/x.git/"_s));
        QVERIFY(redacted.contains(u"https://***@github.com/y"_s));
        QVERIFY(redacted.contains(u"https://bob@host/z stays"_s));
    }
};

QTEST_GUILESS_MAIN(tst_Secrets)
#include "tst_secrets.moc"
