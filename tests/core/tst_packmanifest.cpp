#include "pack/packmanifest.h"

#include <QTest>

using namespace Grex;
using namespace Qt::StringLiterals;

namespace {

Result<PackManifest> parse(const QByteArray &yaml)
{
    return parsePackManifest(yaml, u"/p/.grex/pack.yaml"_s);
}

} // namespace

class tst_PackManifest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesIdentityAndGraph()
    {
        const Result<PackManifest> m = parse(R"(schema_version: "1"
name: parent
type: meta
version: 1.2
depends_on: [base]
children:
  - url: https://h/x/child-a.git
  - url: git@h:u/b
    path: child-b
    ref: v1
x-gitignore:
  - "*.log"
  - build/
actions: []
)");
        QVERIFY2(m.ok(), qPrintable(m.ok() ? QString() : m.error().text()));
        QCOMPARE(m->name, u"parent"_s);
        QCOMPARE(m->type, u"meta"_s);
        QCOMPARE(m->version, std::optional<QString>(u"1.2"_s));
        QCOMPARE(m->dependsOn, QStringList{u"base"_s});
        QCOMPARE(m->children.size(), 2);
        QCOMPARE(m->children.at(0).effectivePath(), u"child-a"_s);
        QCOMPARE(m->children.at(1).effectivePath(), u"child-b"_s);
        QCOMPARE(m->children.at(1).ref, std::optional<QString>(u"v1"_s));
        QCOMPARE(m->gitignore, (QStringList{u"*.log"_s, u"build/"_s}));
    }

    void emptyListsAndNullsAreValid()
    {
        QVERIFY(parse("schema_version: \"1\"\nname: a\ntype: meta\nchildren: []\ndepends_on:\n"
                      "actions: []\nteardown: []\n")
                    .ok());
    }

    void rejects_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<int>("line");
        QTest::newRow("unquoted schema")
            << QByteArray("schema_version: 1\nname: a\ntype: meta\n") << u"schema_version"_s << 1;
        QTest::newRow("schema 2") << QByteArray("schema_version: \"2\"\nname: a\ntype: meta\n")
                                  << u"schema_version"_s << 1;
        QTest::newRow("uppercase name")
            << QByteArray("schema_version: \"1\"\nname: Abc\ntype: meta\n") << u"name"_s << 2;
        QTest::newRow("digit name")
            << QByteArray("schema_version: \"1\"\nname: 1abc\ntype: meta\n") << u"name"_s << 2;
        QTest::newRow("underscore")
            << QByteArray("schema_version: \"1\"\nname: a_b\ntype: meta\n") << u"name"_s << 2;
        QTest::newRow("missing type")
            << QByteArray("schema_version: \"1\"\nname: a\n") << u"type"_s << 1;
        QTest::newRow("unknown key")
            << QByteArray("schema_version: \"1\"\nname: a\ntype: meta\ncolour: red\n")
            << u"unknown_key"_s << 4;
        QTest::newRow("anchor")
            << QByteArray("schema_version: \"1\"\nname: a\ntype: meta\nx-a: &x [1]\nx-b: *x\n")
            << u"yaml_alias"_s << 4;
        QTest::newRow("malformed")
            << QByteArray("schema_version: \"1\"\nname: [a\n") << u"yaml"_s << 3;
        QTest::newRow("not a mapping") << QByteArray("- a\n- b\n") << u"root"_s << 1;
        QTest::newRow("empty") << QByteArray("") << u"name"_s << 1;
        QTest::newRow("child path") << QByteArray("schema_version: \"1\"\nname: a\ntype: "
                                                  "meta\nchildren:\n  - url: u\n    path: ../x\n")
                                    << u"child_path_not_bare"_s << 5;
        QTest::newRow("child key") << QByteArray("schema_version: \"1\"\nname: a\ntype: "
                                                 "meta\nchildren:\n  - url: u\n    branch: x\n")
                                   << u"children"_s << 6;
    }

    void rejects()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, rule);
        QFETCH(int, line);
        const Result<PackManifest> m = parse(yaml);
        QVERIFY(!m.ok());
        QCOMPARE(m.error().kind(), ErrorKind::PackOp);
        QCOMPARE(m.error().details().value(u"rule"_s).toString(), rule);
        QCOMPARE(m.error().details().value(u"line"_s).toInteger(), line);
        QVERIFY(m.error().message().text().startsWith(u"/p/.grex/pack.yaml:"_s));
    }

    void starsInScalarsAreNotAliases()
    {
        QVERIFY(parse("schema_version: \"1\"\nname: a\ntype: meta\nx-gitignore:\n  - \"*.log\"\n"
                      "  - '*.tmp'\n")
                    .ok());
    }

    void unknownTypeIsPluginMissing()
    {
        const Result<PackManifest> m = parse("schema_version: \"1\"\nname: a\ntype: Declarative\n");
        QVERIFY(!m.ok());
        QCOMPARE(m.error().kind(), ErrorKind::PluginMissing);
        QCOMPARE(m.error().reason(), u"unknown_pack_type"_s);
    }

    void sizeLimit()
    {
        QByteArray yaml = "schema_version: \"1\"\nname: a\ntype: meta\nx-big: \"";
        yaml += QByteArray(MaxPackYamlBytes, 'x') + "\"\n";
        const Result<PackManifest> m = parse(yaml);
        QVERIFY(!m.ok());
        QCOMPARE(m.error().details().value(u"rule"_s).toString(), u"size"_s);
    }
};

QTEST_GUILESS_MAIN(tst_PackManifest)
#include "tst_packmanifest.moc"
