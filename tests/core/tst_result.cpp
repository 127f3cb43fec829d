#include "core/boxed.h"
#include "core/result.h"

#include <QTest>

using namespace Grex;
using namespace Qt::StringLiterals;

class tst_Result : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void holdsValue()
    {
        Result<int> r = 42;
        QVERIFY(r.ok());
        QVERIFY(bool(r));
        QCOMPARE(r.value(), 42);
        QCOMPARE(*r, 42);
        QCOMPARE(r.valueOr(7), 42);
    }

    void holdsError()
    {
        Result<int> r = Error(ErrorKind::Usage, u"bad"_s, Message("bad %1", {u"thing"_s}));
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Usage);
        QCOMPARE(r.error().reason(), u"bad"_s);
        QCOMPARE(r.error().message().text(), u"bad thing"_s);
        QCOMPARE(r.valueOr(7), 7);
    }

    void movesValueOut()
    {
        Result<QString> r = u"text"_s;
        QString taken = std::move(r).value();
        QCOMPARE(taken, u"text"_s);
        Result<QString> failed = Error(ErrorKind::Internal, u"x"_s, Message("x"));
        Error error = std::move(failed).error();
        QCOMPARE(error.kind(), ErrorKind::Internal);
    }

    void arrowReachesMembers()
    {
        Result<QStringList> r = QStringList{u"a"_s, u"b"_s};
        QCOMPARE(r->size(), 2);
        r->append(u"c"_s);
        QCOMPARE(r.value().size(), 3);
    }

    void voidResult()
    {
        Result<void> ok;
        QVERIFY(ok.ok());
        Result<void> failed = Error(ErrorKind::Lock, u"busy"_s, Message("busy"));
        QVERIFY(!failed.ok());
        QCOMPARE(failed.error().kind(), ErrorKind::Lock);
    }

    void errorJsonCarriesKindReasonDetailsAndHint()
    {
        Error e(ErrorKind::PackOp, u"clone_failed"_s, Message("cannot clone %1", {u"x"_s}));
        e.withDetail(u"url"_s, u"x"_s).withHint(Message("check %1", {u"the url"_s}));
        const JsonObject json = e.toJson();
        QCOMPARE(json.keys(),
                 (QStringList{u"kind"_s, u"reason"_s, u"message"_s, u"hint"_s, u"url"_s}));
        QCOMPARE(json.value(u"kind"_s).toString(), u"pack_op"_s);
        QCOMPARE(json.value(u"hint"_s).toString(), u"check the url"_s);
        QCOMPARE(e.text(), u"cannot clone x (hint: check the url)"_s);
    }

    void detailsNeverOverrideKindOrMessage()
    {
        Error e(ErrorKind::Usage, u"r"_s, Message("m"));
        e.withDetail(u"kind"_s, u"spoofed"_s);
        QCOMPARE(e.toJson().value(u"kind"_s).toString(), u"usage"_s);
    }

    void softAssertReturnsInternal()
    {
        const auto check = [](bool condition) -> Result<int> {
            GREX_ASSERT(condition);
            return 1;
        };
        QVERIFY(check(true).ok());
        QTest::ignoreMessage(QtCriticalMsg, QRegularExpression(u"internal error at .*condition"_s));
        const Result<int> r = check(false);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Internal);
    }

    void messageSubstitutionIsSinglePass()
    {
        // An argument that contains %2 must not be expanded again.
        QCOMPARE(Message("%1 and %2", {u"50%2"_s, u"b"_s}).text(), u"50%2 and b"_s);
        QCOMPARE(Message("%1%", {u"9"_s}).text(), u"9%"_s);
        QCOMPARE(Message("%3 missing", {u"a"_s}).text(), u"%3 missing"_s);
        QCOMPARE(Message("%10 vs %1", QStringList(10, u"v"_s)).text(), u"v vs v"_s);
    }

    // A pack's errors are Boxed: a copy of a pack must not share or lose them.
    void boxedCopiesItsValue()
    {
        Boxed<Error> none;
        QVERIFY(!none);
        QVERIFY(!std::optional<Error>(none));
        Boxed<Error> one = Error(ErrorKind::PackOp, u"unreachable"_s, Message("down"));
        Boxed<Error> copy = one;
        QVERIFY(copy && one);
        QVERIFY(&*copy != &*one);
        copy = Error(ErrorKind::Lock, u"git"_s, Message("broken"));
        QCOMPARE(one->reason(), u"unreachable"_s);
        QCOMPARE(copy->reason(), u"git"_s);
        Boxed<Error> moved = std::move(copy);
        QCOMPARE(moved->kind(), ErrorKind::Lock);
        const std::optional<Error> asOptional = one;
        QVERIFY(asOptional);
        QCOMPARE(asOptional->message().text(), u"down"_s);
        one = std::nullopt;
        QVERIFY(!one.has_value());
        moved = std::optional<Error>();
        QVERIFY(!moved);
    }
};

QTEST_GUILESS_MAIN(tst_Result)
#include "tst_result.moc"
