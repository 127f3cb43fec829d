#include "core/pack/actionshash.h"
#include "core/pack/packmanifest.h"

#include <QTest>

using namespace Grex;
using namespace Qt::StringLiterals;

// A byte literal with embedded NUL bytes, sized by the compiler.
#define BYTES(literal) QByteArray(literal, sizeof(literal) - 1)

namespace {

std::vector<Action> actionsOf(const QByteArray &yamlActions)
{
    const Result<PackManifest> m = parsePackManifest(
        "schema_version: \"1\"\nname: p\ntype: declarative\nactions:\n" + yamlActions,
        u"pack.yaml"_s);
    if (!m.ok())
        qFatal("fixture does not parse: %s", qPrintable(m.error().text()));
    return m->actions;
}

QByteArray canonical(const std::vector<Action> &actions)
{
    QByteArray bytes;
    for (const Action &a : actions)
        bytes += a.name.toUtf8() + '\0' + canonicalArgs(a).toJson() + '\x1e';
    return bytes;
}

} // namespace

// The test vectors that pin actions_hash v1, and the properties of the hash (docs/design.md,
// "actions_hash").
class tst_ActionsHash : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void vectors_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("sha");
        QTest::addColumn<QByteArray>("canonicalBytes");
        QTest::addColumn<QString>("hash");
        QTest::newRow("V1")
            << QByteArray("  - mkdir: {path: \"~/.config/grex\"}\n"
                          "  - require: {all_of: [{path_exists: /usr/bin/git}, "
                          "{cmd_available: git}], on_fail: error}\n")
            << u"deadbeef"_s
            << BYTES("mkdir\0{\"path\":\"~/.config/grex\"}\x1e"
                     "require\0{\"combiner\":{\"all_of\":[{\"path_exists\":"
                     "\"/usr/bin/git\"},{\"cmd_available\":\"git\"}]},"
                     "\"on_fail\":\"error\"}\x1e")
            << u"4c85d79c2f49b4336a4bad06b221a802a3415d7f33400f7e96261eb87fa409c9"_s;
        QTest::newRow("V2")
            << QByteArray() << QString() << QByteArray()
            << u"8683339c94433e6824d7ca90385b5e94382d3099943d621204d413f52c3782aa"_s;
        QTest::newRow("V3")
            << QByteArray("  - mkdir: {path: \"~/.config/grex\"}\n"
                          "  - symlink: {src: dotfiles/vimrc, dst: \"~/.vimrc\"}\n")
            << u"deadbeef"_s
            << BYTES("mkdir\0{\"path\":\"~/.config/grex\"}\x1e"
                     "symlink\0{\"src\":\"dotfiles/vimrc\",\"dst\":"
                     "\"~/.vimrc\",\"backup\":false,\"normalize\":true,"
                     "\"kind\":\"auto\"}\x1e")
            << u"e4a69a400114d8dfe5314f2c31a01d9facf8bb30c6c4e04284249c5ad4774001"_s;
        QTest::newRow("V4")
            << QByteArray("  - when: {os: linux, actions: [{mkdir: {path: /tmp/x}}]}\n")
            << QString()
            << BYTES("when\0{\"actions\":[{\"args\":{\"path\":\"/tmp/x\"},"
                     "\"name\":\"mkdir\"}],\"all_of\":null,\"any_of\":null,"
                     "\"none_of\":null,\"os\":\"linux\"}\x1e")
            << u"be78a1cd70684fd30f8eb71dfc14fa528a8abd46cc34f37ef6ead73936a67e48"_s;
        QTest::newRow("V5")
            << QByteArray("  - exec: {cmd: [git, --version]}\n")
            << u"0123456789abcdef0123456789abcdef01234567"_s
            << BYTES("exec\0{\"cmd\":[\"git\",\"--version\"],\"shell\":false,"
                     "\"on_fail\":\"error\"}\x1e")
            << u"75d75dc131fd722c036828d7dfae124a4559a6794ea375eed62185374d959e73"_s;
    }

    void vectors()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, sha);
        QFETCH(QByteArray, canonicalBytes);
        QFETCH(QString, hash);
        const std::vector<Action> actions =
            yaml.isEmpty() ? std::vector<Action>() : actionsOf(yaml);
        QCOMPARE(canonical(actions), canonicalBytes);
        QCOMPARE(actionsHash(actions, sha), hash);
    }

    // Equal inputs hash equal; reordered actions or predicates, or another HEAD, do not.
    void sensitivity()
    {
        const std::vector<Action> a = actionsOf("  - mkdir: {path: /a}\n  - mkdir: {path: /b}\n");
        const std::vector<Action> reordered =
            actionsOf("  - mkdir: {path: /b}\n  - mkdir: {path: /a}\n");
        QCOMPARE(actionsHash(a, u"s"_s), actionsHash(a, u"s"_s));
        QCOMPARE(actionsHash(a, u"s"_s), actionsHash(actionsOf("  - mkdir: {path: /a}\n"
                                                               "  - mkdir: {path: /b}\n"),
                                                     u"s"_s));
        QVERIFY(actionsHash(a, u"s"_s) != actionsHash(reordered, u"s"_s));
        QVERIFY(actionsHash(a, u"s"_s) != actionsHash(a, u"t"_s));
        const auto req = [](const char *preds) {
            return actionsOf(QByteArray("  - require: {all_of: [") + preds + "]}\n");
        };
        QVERIFY(actionsHash(req("{os: linux}, {cmd_available: git}"), {}) !=
                actionsHash(req("{cmd_available: git}, {os: linux}"), {}));
        QCOMPARE(actionsHash({}, {}).size(), 64);
    }

    void defaultsAreMaterialised()
    {
        const std::vector<Action> implicit = actionsOf("  - symlink: {src: a, dst: b}\n");
        const std::vector<Action> explicitDefaults = actionsOf(
            "  - symlink: {src: a, dst: b, backup: false, normalize: true, kind: auto}\n");
        QCOMPARE(actionsHash(implicit, {}), actionsHash(explicitDefaults, {}));
    }

    void whenSortsKeysAtEveryLevel()
    {
        const std::vector<Action> when =
            actionsOf("  - when:\n"
                      "      any_of: [{reg_key: {path: HKCU/x, name: y}}]\n"
                      "      actions:\n"
                      "        - symlink: {src: a, dst: b}\n"
                      "        - exec: {cmd: [x], env: {ZED: z, ALPHA: a}}\n");
        QCOMPARE(canonicalArgs(when.at(0)).toJson(),
                 QByteArray("{\"actions\":[{\"args\":{\"backup\":false,\"dst\":\"b\",\"kind\":"
                            "\"auto\",\"normalize\":true,\"src\":\"a\"},\"name\":\"symlink\"},"
                            "{\"args\":{\"cmd\":[\"x\"],\"env\":{\"ALPHA\":\"a\",\"ZED\":\"z\"},"
                            "\"on_fail\":\"error\",\"shell\":false},\"name\":\"exec\"}],"
                            "\"all_of\":null,\"any_of\":[{\"reg_key\":{\"name\":\"y\",\"path\":"
                            "\"HKCU/x\"}}],\"none_of\":null,\"os\":null}"));
    }

    void unexpandedAndEscaped()
    {
        const std::vector<Action> a =
            actionsOf("  - env: {name: P, value: \"$HOME/a\\\"b\\\\c\\tü\"}\n");
        QCOMPARE(canonicalArgs(a.at(0)).toJson(),
                 QByteArray("{\"name\":\"P\",\"value\":\"$HOME/a\\\"b\\\\c\\t") + u"ü"_s.toUtf8() +
                     "\",\"scope\":\"user\"}");
    }
};

QTEST_GUILESS_MAIN(tst_ActionsHash)
#include "tst_actionshash.moc"
