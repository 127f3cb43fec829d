#include "core/pack/packmanifest.h"
#include "support/testfiles.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

// Every file of tests/data/packs/invalid/ breaks exactly one pack.yaml rule (docs/design.md,
// "pack.yaml"). Its first line says what the parser must report:
//   # expect: rule=<rule> line=<n> kind=<pack_op|plugin_missing> [validate=1]
// validate=1 marks a file the parser accepts and validatePack rejects.

namespace {

QString invalidDir()
{
    return QString::fromUtf8(GREX_TEST_DATA_DIR) + u"/packs/invalid"_s;
}

struct Expectation
{
    bool valid = false;
    QString rule;
    int line = 0;
    ErrorKind kind = ErrorKind::PackOp;
    bool validate = false;
};

Expectation expectationOf(const QByteArray &bytes)
{
    static const QRegularExpression header(
        u"^# expect: rule=(\\S+) line=([0-9]+) kind=(pack_op|plugin_missing)( validate=1)?$"_s);
    const qsizetype eol = bytes.indexOf('\n');
    const QString first = QString::fromUtf8(eol < 0 ? bytes : bytes.left(eol)).trimmed();
    const QRegularExpressionMatch match = header.match(first);
    Expectation e;
    if (!match.hasMatch())
        return e;
    e.valid = true;
    e.rule = match.captured(1);
    e.line = match.captured(2).toInt();
    e.kind = match.captured(3) == u"pack_op" ? ErrorKind::PackOp : ErrorKind::PluginMissing;
    e.validate = match.hasCaptured(4);
    return e;
}

QStringList fixtureFiles()
{
    QStringList files;
    const QDir dir(invalidDir());
    for (const QString &name : dir.entryList({u"*.yaml"_s}, QDir::Files, QDir::Name))
        files.append(dir.filePath(name));
    return files;
}

QString expectedReason(const Expectation &e)
{
    if (e.kind == ErrorKind::PackOp)
        return u"pack_yaml_invalid"_s;
    return e.rule == u"type" ? u"unknown_pack_type"_s : u"unknown_action"_s;
}

// Parses (and for validate=1 validates) the bytes; returns the first error, or none when the
// file is accepted.
std::optional<Error> firstError(const QByteArray &bytes, const QString &file, bool validate)
{
    const Result<PackManifest> m = parsePackManifest(bytes, file);
    if (!m.ok())
        return m.error();
    if (!validate)
        return std::nullopt;
    const QList<Error> errors = validatePack(*m);
    if (errors.isEmpty())
        return std::nullopt;
    return errors.first();
}

void checkError(const std::optional<Error> &error, const Expectation &e, const QString &file)
{
    QVERIFY2(error.has_value(), qPrintable(u"%1 was accepted"_s.arg(file)));
    const QString text = error->message().text();
    QCOMPARE(error->kind(), e.kind);
    QCOMPARE(error->reason(), expectedReason(e));
    QCOMPARE(error->details().value(u"rule"_s).toString(), e.rule);
    QCOMPARE(error->details().value(u"line"_s).toInteger(), qint64(e.line));
    QCOMPARE(error->details().value(u"file"_s).toString(), file);
    const QString prefix = file + u':' + QString::number(e.line) + u':';
    QVERIFY2(text.startsWith(prefix), qPrintable(text));
}

QByteArray oversized()
{
    QByteArray yaml = "schema_version: \"1\"\nname: big\ntype: meta\nx-padding:\n";
    while (yaml.size() <= 2 * MaxPackYamlBytes)
        yaml += "  - \"" + QByteArray(70, 'x') + "\"\n";
    return yaml;
}

} // namespace

class tst_PackFixtures : public QObject
{
    Q_OBJECT

private:
    void addFixtureRows()
    {
        QTest::addColumn<QString>("file");
        for (const QString &file : fixtureFiles())
            QTest::newRow(qPrintable(QFileInfo(file).completeBaseName())) << file;
    }

private Q_SLOTS:
    void fixtureSetIsComplete()
    {
        const QStringList files = fixtureFiles();
        QVERIFY2(files.size() >= 32, qPrintable(QString::number(files.size())));

        QSet<QString> rules;
        for (const QString &file : files) {
            const Expectation e = expectationOf(readFile(file));
            QVERIFY2(e.valid, qPrintable(file + u" has no valid '# expect:' first line"_s));
            QVERIFY2(e.line >= 1, qPrintable(file));
            // The name says the rule: <rule>-<short-name>.yaml.
            QVERIFY2(QFileInfo(file).completeBaseName().startsWith(e.rule + u'-'),
                     qPrintable(file));
            // The committed fixtures stay small; the oversized case is generated at run time.
            QVERIFY2(QFileInfo(file).size() < 64 * 1024, qPrintable(file));
            rules.insert(e.rule);
        }
        // Every rule the parser and validatePack report per file (size is generated below).
        const QStringList required{u"yaml"_s,
                                   u"yaml_alias"_s,
                                   u"root"_s,
                                   u"key"_s,
                                   u"unknown_key"_s,
                                   u"schema_version"_s,
                                   u"name"_s,
                                   u"type"_s,
                                   u"version"_s,
                                   u"depends_on"_s,
                                   u"children"_s,
                                   u"child_path_not_bare"_s,
                                   u"actions"_s,
                                   u"teardown"_s,
                                   u"when.actions"_s,
                                   u"empty_action_entry"_s,
                                   u"multiple_action_keys"_s,
                                   u"unknown_action"_s,
                                   u"action_args"_s,
                                   u"require_combiner_arity"_s,
                                   u"invalid_predicate"_s,
                                   u"require_depth"_s,
                                   u"exec_cmd_mutex"_s,
                                   u"exec_invalid"_s,
                                   u"x-gitignore"_s,
                                   u"duplicate_symlink_dst"_s};
        for (const QString &rule : required)
            QVERIFY2(rules.contains(rule), qPrintable(u"no fixture for rule "_s + rule));
    }

    void fixtureIsRejected_data() { addFixtureRows(); }

    void fixtureIsRejected()
    {
        QFETCH(QString, file);
        const QByteArray bytes = readFile(file);
        QVERIFY(!bytes.isEmpty());
        const Expectation e = expectationOf(bytes);
        QVERIFY2(e.valid, qPrintable(file));
        checkError(firstError(bytes, file, e.validate), e, file);
    }

    // The same files as <pack>/.grex/pack.yaml: loadPackManifest reports the same rule and line,
    // naming the file it read.
    void fixtureIsRejectedByLoad_data() { addFixtureRows(); }

    void fixtureIsRejectedByLoad()
    {
        QFETCH(QString, file);
        const QByteArray bytes = readFile(file);
        const Expectation e = expectationOf(bytes);
        QVERIFY2(e.valid, qPrintable(file));
        QTemporaryDir pack;
        QVERIFY(pack.isValid());
        QVERIFY(QDir(pack.path()).mkpath(u".grex"_s));
        const QString manifest = packManifestPath(pack.path());
        QVERIFY(writeFile(manifest, bytes));

        const Result<PackManifest> m = loadPackManifest(pack.path());
        std::optional<Error> error;
        if (!m.ok())
            error = m.error();
        else if (e.validate && !validatePack(*m).isEmpty())
            error = validatePack(*m).first();
        checkError(error, e, manifest);
    }

    // An alias bomb must be refused by the anchor check, before anything expands it.
    void aliasBombIsRejectedQuickly()
    {
        QByteArray yaml = "schema_version: \"1\"\nname: a\ntype: meta\nx-l0: &l0 [\"lol\"]\n";
        for (int level = 1; level <= 30; ++level) {
            yaml += "x-l" + QByteArray::number(level) + ": &l" + QByteArray::number(level) + " [";
            for (int i = 0; i < 10; ++i)
                yaml += (i ? ", *l" : "*l") + QByteArray::number(level - 1);
            yaml += "]\n";
        }
        QElapsedTimer timer;
        timer.start();
        const Result<PackManifest> m = parsePackManifest(yaml, u"/p/.grex/pack.yaml"_s);
        QVERIFY(!m.ok());
        QCOMPARE(m.error().details().value(u"rule"_s).toString(), u"yaml_alias"_s);
        QCOMPARE(m.error().details().value(u"line"_s).toInteger(), 4);
        QVERIFY2(timer.elapsed() < 10'000, qPrintable(QString::number(timer.elapsed())));
    }

    void oversizedBytesAreRejected()
    {
        const QByteArray yaml = oversized();
        QVERIFY(yaml.size() > MaxPackYamlBytes);
        const QString file = u"/p/.grex/pack.yaml"_s;
        const Result<PackManifest> m = parsePackManifest(yaml, file);
        QVERIFY(!m.ok());
        QCOMPARE(m.error().kind(), ErrorKind::PackOp);
        QCOMPARE(m.error().reason(), u"pack_yaml_invalid"_s);
        QCOMPARE(m.error().details().value(u"rule"_s).toString(), u"size"_s);
        QCOMPARE(m.error().details().value(u"line"_s).toInteger(), 1);
        QVERIFY(m.error().message().text().startsWith(file + u":1:"_s));

        // The override grammar has the same cap.
        const Result<PackOverride> o = parsePackOverride(yaml, u"/p/.grex/targets/linux.yaml"_s);
        QVERIFY(!o.ok());
        QCOMPARE(o.error().details().value(u"rule"_s).toString(), u"size"_s);
    }

    void oneByteOverTheCapIsRejected()
    {
        QByteArray yaml = "schema_version: \"1\"\nname: big\ntype: meta\n# ";
        yaml += QByteArray(MaxPackYamlBytes - yaml.size(), 'x') + '\n';
        QCOMPARE(yaml.size(), MaxPackYamlBytes + 1);
        const Result<PackManifest> m = parsePackManifest(yaml, u"/p/.grex/pack.yaml"_s);
        QVERIFY(!m.ok());
        QCOMPARE(m.error().details().value(u"rule"_s).toString(), u"size"_s);
    }

    void oversizedFileIsRejectedByLoad()
    {
        QTemporaryDir pack;
        QVERIFY(pack.isValid());
        QVERIFY(QDir(pack.path()).mkpath(u".grex"_s));
        const QString manifest = packManifestPath(pack.path());
        QVERIFY(writeFile(manifest, oversized()));
        QVERIFY(QFileInfo(manifest).size() > MaxPackYamlBytes);

        const Result<PackManifest> m = loadPackManifest(pack.path());
        QVERIFY(!m.ok());
        QCOMPARE(m.error().kind(), ErrorKind::PackOp);
        QCOMPARE(m.error().reason(), u"pack_yaml_invalid"_s);
        QCOMPARE(m.error().details().value(u"rule"_s).toString(), u"size"_s);
        QCOMPARE(m.error().details().value(u"line"_s).toInteger(), 1);
        QCOMPARE(m.error().details().value(u"file"_s).toString(), manifest);
        QVERIFY(m.error().message().text().startsWith(manifest + u":1:"_s));
    }

    void oversizedOverrideIsRejectedByLoad()
    {
        QTemporaryDir pack;
        QVERIFY(pack.isValid());
        QVERIFY(QDir(pack.path()).mkpath(u".grex/targets"_s));
        QVERIFY(writeFile(packManifestPath(pack.path()),
                          "schema_version: \"1\"\nname: big\ntype: meta\n"));
        const QString target = pack.path() + u"/.grex/targets/"_s + currentOs() + u".yaml"_s;
        QByteArray yaml = "x-padding:\n";
        while (yaml.size() <= 2 * MaxPackYamlBytes)
            yaml += "  - \"" + QByteArray(70, 'x') + "\"\n";
        QVERIFY(writeFile(target, yaml));

        const Result<PackManifest> m = loadPackManifest(pack.path());
        QVERIFY(!m.ok());
        QCOMPARE(m.error().details().value(u"rule"_s).toString(), u"size"_s);
        QCOMPARE(m.error().details().value(u"file"_s).toString(), target);
        QVERIFY(m.error().message().text().startsWith(target + u":1:"_s));
    }
};

QTEST_GUILESS_MAIN(tst_PackFixtures)
#include "tst_packfixtures.moc"
