// Reading documents through their declared shape (core/docview.h), as the text library and the
// window do.

#include "core/docview.h"
#include "core/verbs/doctor.h"

#include <QProcess>
#include <QTest>

using namespace Grex;
using namespace Qt::StringLiterals;

namespace {

DocShape packShape()
{
    using S = DocShape;
    return S::object(
        {field(u"id"_s, S::string(), "its id"), optionalField(u"note"_s, S::string(), "a note"),
         field(u"error"_s, S::openObject({field(u"message"_s, S::string(), "why")}).orNull(),
               "what failed"),
         field(u"counts"_s, S::map(S::integer()), "by outcome")});
}

DocShape reportShape()
{
    using S = DocShape;
    return S::object({field(u"packs"_s, S::array(packShape()), "the packs"),
                      field(u"dry_run"_s, S::boolean(), "nothing changed")});
}

JsonObject report()
{
    return JsonObject{
        {u"dry_run"_s, true},
        {u"packs"_s, JsonArray{JsonObject{{u"id"_s, u"a"_s},
                                          {u"error"_s, JsonObject{{u"message"_s, u"no"_s},
                                                                  {u"reason"_s, u"auth"_s}}},
                                          {u"counts"_s, JsonObject{{u"failed"_s, 2}}}},
                               JsonObject{{u"id"_s, u"b"_s}, {u"error"_s, JsonValue()}}}}};
}

} // namespace

class TestDocView : public QObject
{
    Q_OBJECT

private slots:
    void readsWhatTheShapeDeclares()
    {
        const DocShape shape = reportShape();
        const DocView view(report(), shape);
        QVERIFY(view.boolean(u"dry_run"_s));
        const QList<DocView> packs = view.items(u"packs"_s);
        QCOMPARE(packs.size(), 2);
        QCOMPARE(packs.at(0).string(u"id"_s), u"a"_s);
        QVERIFY(!packs.at(0).contains(u"note"_s)); // declared, optional, absent
        // An open object's other members, a map's members: read without complaint.
        QCOMPARE(packs.at(0).at(u"error"_s).string(u"reason"_s), u"auth"_s);
        QCOMPARE(packs.at(0).at(u"counts"_s).integer(u"failed"_s), 2);
        QVERIFY(!packs.at(1).at(u"error"_s).isObject());
    }

    void declaresAnswersWithoutReading()
    {
        const DocShape shape = reportShape();
        const DocView pack = DocView(report(), shape).items(u"packs"_s).at(0);
        QVERIFY(pack.declares(u"note"_s));
        QVERIFY(!pack.declares(u"reinstalled"_s));
        QVERIFY(!DocShape::string().member(u"x"_s));
        QVERIFY(!DocShape::object({}).items());
        const DocShape choice = DocShape::oneOf({packShape(), reportShape()});
        QVERIFY(choice.member(u"dry_run"_s));
        QVERIFY(choice.member(u"id"_s));
        QVERIFY(!choice.member(u"nope"_s));
    }

    void realReportsDeclareWhatTheWindowReads()
    {
        const DocShape &doctor = shapeOf<DoctorReport>();
        QVERIFY(doctor.member(u"findings"_s));
        const DocShape *finding = doctor.member(u"findings"_s)->items();
        QVERIFY(finding);
        for (const QString &key :
             {u"check"_s, u"severity"_s, u"auto_fixable"_s, u"pack"_s, u"detail"_s})
            QVERIFY2(finding->member(key), qPrintable(key));
    }

    void anUndeclaredReadStopsTheReader()
    {
#ifndef GREX_DEBUG_CHECKS
        QSKIP("the check is on in GREX_DEBUG_CHECKS builds, which the test suite uses");
#else
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"TST_DOCVIEW_READ"_s, u"relesae_notes"_s);
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(), {});
        QVERIFY(child.waitForFinished(30000));
        QVERIFY(child.exitStatus() == QProcess::CrashExit || child.exitCode() != 0);
        const QString said = QString::fromUtf8(child.readAllStandardError());
        QVERIFY2(said.contains(u"'relesae_notes', which its shape does not declare"_s),
                 qPrintable(said));
#endif
    }
};

int main(int argc, char **argv)
{
    // The child of anUndeclaredReadStopsTheReader: reads a key nobody declared, and should not
    // live to return.
    if (const QString key = qEnvironmentVariable("TST_DOCVIEW_READ"); !key.isEmpty()) {
        const DocShape shape = reportShape();
        DocView(report(), shape).value(key);
        return 0;
    }
    QCoreApplication app(argc, argv);
    TestDocView test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_docview.moc"
