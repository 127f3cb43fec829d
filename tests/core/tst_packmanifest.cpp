#include "core/actions/envaction.h"
#include "core/actions/execaction.h"
#include "core/actions/mkdiraction.h"
#include "core/actions/requireaction.h"
#include "core/actions/rmdiraction.h"
#include "core/actions/symlinkaction.h"
#include "core/actions/whenaction.h"
#include "core/pack/packmanifest.h"
#include "support/testfiles.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

Result<PackManifest> parse(const QByteArray &yaml)
{
    return parsePackManifest(yaml, u"/p/.grex/pack.yaml"_s);
}

QString errorText(const Result<PackManifest> &m)
{
    return m.ok() ? QString() : m.error().message().text();
}

template<typename T>
const T &argsOf(const Action &action)
{
    return *action.args.get<T>();
}

Action act(const QString &name, const decltype(Action::args) &args)
{
    Action a;
    a.name = name;
    a.args = args;
    return a;
}

Predicate leaf(Predicate::Kind kind, const QString &value,
               std::optional<QString> second = std::nullopt)
{
    Predicate p;
    p.kind = kind;
    p.value = value;
    p.second = std::move(second);
    return p;
}

Predicate combiner(Predicate::Kind kind, std::vector<Predicate> children)
{
    Predicate p;
    p.kind = kind;
    p.children = std::move(children);
    return p;
}

// `require: {all_of: [...]}` with `levels` nested all_of combiners in total (the require's own
// combiner is level 1), on one line.
QByteArray nestedRequire(int levels)
{
    QByteArray inner = "{os: linux}";
    for (int i = 1; i < levels; ++i)
        inner = "{all_of: [" + inner + "]}";
    return "schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n"
           "  - require: {all_of: [" +
           inner + "]}\n";
}

// `levels` nested `when` actions, on one line.
QByteArray nestedWhen(int levels)
{
    QByteArray inner = "{mkdir: {path: x}}";
    for (int i = 0; i < levels; ++i)
        inner = "{when: {actions: [" + inner + "]}}";
    return "schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n  - " + inner + "\n";
}

const QByteArray declarativeFixture = "schema_version: \"1\"\n"
                                      "name: dotfiles\n"
                                      "type: declarative\n"
                                      "version: \"0.3.0\"\n"
                                      "depends_on: [base, https://h/x/fonts.git]\n"
                                      "actions:\n"
                                      "  - symlink:\n"
                                      "      src: files/vimrc\n"
                                      "      dst: $HOME/.vimrc\n"
                                      "  - symlink:\n"
                                      "      src: files/zshrc\n"
                                      "      dst: ~/.zshrc\n"
                                      "      backup: true\n"
                                      "      normalize: false\n"
                                      "      kind: file\n"
                                      "  - env:\n"
                                      "      name: EDITOR\n"
                                      "      value: vim\n"
                                      "  - env: {name: PAGER, value: less, scope: session}\n"
                                      "  - mkdir:\n"
                                      "      path: $HOME/.cache/x\n"
                                      "      mode: \"755\"\n"
                                      "  - mkdir: {path: a}\n"
                                      "  - rmdir: {path: old, backup: true, force: true}\n"
                                      "  - rmdir: {path: old2}\n"
                                      "  - require:\n"
                                      "      all_of:\n"
                                      "        - path_exists: /etc\n"
                                      "        - any_of:\n"
                                      "            - cmd_available: git\n"
                                      "            - os: linux\n"
                                      "  - require:\n"
                                      "      none_of:\n"
                                      "        - reg_key: {path: HKCU/Software/X, name: V}\n"
                                      "      on_fail: skip\n"
                                      "  - when:\n"
                                      "      os: linux\n"
                                      "      all_of:\n"
                                      "        - symlink_ok: {src: a, dst: b}\n"
                                      "      actions:\n"
                                      "        - mkdir: {path: w}\n"
                                      "  - exec:\n"
                                      "      cmd: [make, install]\n"
                                      "  - exec:\n"
                                      "      shell: true\n"
                                      "      cmd_shell: echo hi\n"
                                      "      cwd: build\n"
                                      "      env: {B: \"2\", A: \"1\"}\n"
                                      "      on_fail: ignore\n"
                                      "teardown: []\n";

const QByteArray metaFixture = "schema_version: \"1\"\n"
                               "name: workspace\n"
                               "type: meta\n"
                               "children:\n"
                               "  - url: https://h/x/warp-themes.git\n"
                               "  - url: git@github.com:user/fonts-pack\n"
                               "  - url: https://h/x/nvim.git/\n"
                               "  - url: https://h/x/a.git\n"
                               "    path: alpha\n"
                               "    ref: v1.2.0\n"
                               "x-owner: {team: infra, tags: [a, b], count: 3, ok: true}\n";

const QByteArray scriptedFixture = "schema_version: \"1\"\n"
                                   "name: scripted-pack\n"
                                   "type: scripted\n"
                                   "version: 7\n"
                                   "x-hooks: {setup: hooks/setup.sh}\n";

const QByteArray overrideBase = "schema_version: \"1\"\n"
                                "name: p\n"
                                "type: declarative\n"
                                "version: \"1.0\"\n"
                                "depends_on: [base]\n"
                                "children:\n"
                                "  - url: https://h/x/common.git\n"
                                "actions:\n"
                                "  - mkdir: {path: common}\n"
                                "teardown:\n"
                                "  - rmdir: {path: common}\n"
                                "x-a: base\n"
                                "x-b: kept\n"
                                "x-gitignore: [base.log]\n";

const QByteArray overrideLinux = "version: \"2.0\"\n"
                                 "depends_on: [extra]\n"
                                 "children:\n"
                                 "  - url: https://h/x/linux-only.git\n"
                                 "actions:\n"
                                 "  - mkdir: {path: linux}\n"
                                 "teardown:\n"
                                 "  - rmdir: {path: linux}\n"
                                 "x-a: override\n"
                                 "x-new: 1\n";

Action mkdirAction(const QString &path)
{
    MkdirArgs a;
    a.path = path;
    return act(u"mkdir"_s, a);
}

Action rmdirAction(const QString &path)
{
    RmdirArgs a;
    a.path = path;
    return act(u"rmdir"_s, a);
}

QStringList childUrls(const PackManifest &m)
{
    QStringList urls;
    for (const ChildRef &c : m.children)
        urls.append(c.url);
    return urls;
}

// A pack directory with .grex/pack.yaml and the given .grex/targets/<os>.yaml files.
bool writePack(const QString &dir, const QByteArray &manifest,
               const QMap<QString, QByteArray> &targets = {})
{
    if (!QDir(dir).mkpath(u".grex/targets"_s))
        return false;
    if (!writeFile(packManifestPath(dir), manifest))
        return false;
    for (auto it = targets.begin(); it != targets.end(); ++it) {
        if (!writeFile(dir + u"/.grex/targets/"_s + it.key() + u".yaml"_s, it.value()))
            return false;
    }
    return true;
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
tags: [work, shared, work]
depends_on: [base]
children:
  - url: https://h/x/child-a.git
  - url: git@h:u/b
    path: child-b
    ref: v1
    tags:
      - lib
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
        QCOMPARE(m->tags, (QStringList{u"shared"_s, u"work"_s}));
        QVERIFY(m->children.at(0).tags.isEmpty());
        QCOMPARE(m->children.at(1).tags, QStringList{u"lib"_s});
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
        QTest::newRow("bad tag") << QByteArray("schema_version: \"1\"\nname: a\ntype: "
                                               "meta\ntags: [ok, \"no way\"]\n")
                                 << u"tags"_s << 4;
        QTest::newRow("tags not a list")
            << QByteArray("schema_version: \"1\"\nname: a\ntype: meta\ntags: work\n")
            << u"tags"_s << 4;
        QTest::newRow("child tag") << QByteArray("schema_version: \"1\"\nname: a\ntype: "
                                                 "meta\nchildren:\n  - url: u\n    tags: "
                                                 "[-x]\n")
                                   << u"tags"_s << 6;
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

    // The checks for duplicate keys and unclosed quotes must not refuse valid YAML.
    void validYamlWithQuotesAndBlocks()
    {
        const Result<PackManifest> m =
            parse("schema_version: \"1\"  # a comment with \"quotes\" and 'apostrophes'\n"
                  "name: quoting\n"
                  "type: declarative\n"
                  "version: it's fine\n"
                  "x-notes: 'single '' quoted'\n"
                  "x-more: \"escaped \\\" quote\"\n"
                  "x-list: [\"a\", 'b', c]\n"
                  "x-map: {k: \"v\", 'q': x}\n"
                  "actions:\n"
                  "  - exec:\n"
                  "      shell: true\n"
                  "      cmd_shell: |\n"
                  "        'tis the \"season\n"
                  "        echo \"unbalanced\n"
                  "  - exec:\n"
                  "      shell: true\n"
                  "      cmd_shell: >-\n"
                  "        \"folded\n"
                  "  - mkdir: {path: \"multi\n"
                  "      line\"}\n"
                  "x-after: done\n");
        QVERIFY2(m.ok(), qPrintable(m.ok() ? QString() : m.error().text()));
        QCOMPARE(m->actions.size(), size_t(3));
        QCOMPARE(m->extensions.value(u"x-after"_s).toString(), u"done"_s);
        // The same key in two different mappings is fine.
        QVERIFY(
            parse("schema_version: \"1\"\nname: a\ntype: meta\nx-a: {k: 1}\nx-b: {k: 2}\n").ok());
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

    // Every action in order, with its parsed arguments and the defaults filled in.
    void declarativeRoundTrip()
    {
        const Result<PackManifest> m = parse(declarativeFixture);
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        QCOMPARE(m->file, u"/p/.grex/pack.yaml"_s);
        QCOMPARE(m->name, u"dotfiles"_s);
        QCOMPARE(m->type, u"declarative"_s);
        QCOMPARE(m->version, std::optional<QString>(u"0.3.0"_s));
        QCOMPARE(m->dependsOn, (QStringList{u"base"_s, u"https://h/x/fonts.git"_s}));
        QVERIFY(m->children.isEmpty());
        QVERIFY(m->teardown.has_value());
        QVERIFY(m->teardown->empty());

        const QStringList names{u"symlink"_s, u"symlink"_s, u"env"_s,   u"env"_s,     u"mkdir"_s,
                                u"mkdir"_s,   u"rmdir"_s,   u"rmdir"_s, u"require"_s, u"require"_s,
                                u"when"_s,    u"exec"_s,    u"exec"_s};
        QCOMPARE(qsizetype(m->actions.size()), names.size());
        for (qsizetype i = 0; i < names.size(); ++i)
            QCOMPARE(m->actions.at(size_t(i)).name, names.at(i));
        // Each action remembers the line of its key.
        QCOMPARE(m->actions.at(0).line, 7);
        QCOMPARE(m->actions.at(1).line, 10);
        QCOMPARE(m->actions.at(12).line, 44);

        const auto &link = argsOf<SymlinkArgs>(m->actions.at(0));
        QCOMPARE(link.src, u"files/vimrc"_s);
        QCOMPARE(link.dst, u"$HOME/.vimrc"_s); // never expanded at parse time
        QCOMPARE(link.backup, false);
        QCOMPARE(link.normalize, true);
        QCOMPARE(link.kind, u"auto"_s);

        const auto &link2 = argsOf<SymlinkArgs>(m->actions.at(1));
        QCOMPARE(link2.src, u"files/zshrc"_s);
        QCOMPARE(link2.dst, u"~/.zshrc"_s);
        QCOMPARE(link2.backup, true);
        QCOMPARE(link2.normalize, false);
        QCOMPARE(link2.kind, u"file"_s);

        const auto &env = argsOf<EnvArgs>(m->actions.at(2));
        QCOMPARE(env.name, u"EDITOR"_s);
        QCOMPARE(env.value, u"vim"_s);
        QCOMPARE(env.scope, u"user"_s);
        QCOMPARE(argsOf<EnvArgs>(m->actions.at(3)).scope, u"session"_s);
        QCOMPARE(argsOf<EnvArgs>(m->actions.at(3)).value, u"less"_s);

        QCOMPARE(argsOf<MkdirArgs>(m->actions.at(4)).path, u"$HOME/.cache/x"_s);
        QCOMPARE(argsOf<MkdirArgs>(m->actions.at(4)).mode, std::optional<QString>(u"755"_s));
        QCOMPARE(argsOf<MkdirArgs>(m->actions.at(5)).mode, std::nullopt);

        const auto &rm = argsOf<RmdirArgs>(m->actions.at(6));
        QCOMPARE(rm.path, u"old"_s);
        QVERIFY(rm.backup && rm.force);
        const auto &rm2 = argsOf<RmdirArgs>(m->actions.at(7));
        QVERIFY(!rm2.backup && !rm2.force);

        const auto &req = argsOf<RequireArgs>(m->actions.at(8));
        QCOMPARE(req.onFail, u"error"_s);
        QVERIFY(req.combiner == combiner(Predicate::Kind::AllOf,
                                         {leaf(Predicate::Kind::PathExists, u"/etc"_s),
                                          combiner(Predicate::Kind::AnyOf,
                                                   {leaf(Predicate::Kind::CmdAvailable, u"git"_s),
                                                    leaf(Predicate::Kind::Os, u"linux"_s)})}));
        const auto &req2 = argsOf<RequireArgs>(m->actions.at(9));
        QCOMPARE(req2.onFail, u"skip"_s);
        QVERIFY(req2.combiner ==
                combiner(Predicate::Kind::NoneOf,
                         {leaf(Predicate::Kind::RegKey, u"HKCU/Software/X"_s, u"V"_s)}));

        const auto &when = argsOf<WhenArgs>(m->actions.at(10));
        QCOMPARE(when.os, std::optional<QString>(u"linux"_s));
        QVERIFY(when.allOf.has_value());
        QVERIFY(*when.allOf ==
                std::vector<Predicate>{leaf(Predicate::Kind::SymlinkOk, u"a"_s, u"b"_s)});
        QVERIFY(!when.anyOf.has_value());
        QVERIFY(!when.noneOf.has_value());
        QCOMPARE(when.actions.size(), size_t(1));
        QVERIFY(when.actions.at(0) == mkdirAction(u"w"_s));

        const auto &exec = argsOf<ExecArgs>(m->actions.at(11));
        QCOMPARE(exec.cmd, std::optional<QStringList>(QStringList{u"make"_s, u"install"_s}));
        QCOMPARE(exec.cmdShell, std::nullopt);
        QCOMPARE(exec.shell, false);
        QCOMPARE(exec.onFail, u"error"_s);
        QCOMPARE(exec.cwd, std::nullopt);
        QVERIFY(exec.env.isEmpty());

        const auto &shell = argsOf<ExecArgs>(m->actions.at(12));
        QCOMPARE(shell.cmd, std::nullopt);
        QCOMPARE(shell.cmdShell, std::optional<QString>(u"echo hi"_s));
        QCOMPARE(shell.shell, true);
        QCOMPARE(shell.cwd, std::optional<QString>(u"build"_s));
        QCOMPARE(shell.onFail, u"ignore"_s);
        QCOMPARE(shell.env, (QMap<QString, QString>{{u"A"_s, u"1"_s}, {u"B"_s, u"2"_s}}));
    }

    // Child effective paths; teardown absent; x- keys kept as JSON.
    void metaRoundTrip()
    {
        const Result<PackManifest> m = parse(metaFixture);
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        QCOMPARE(m->type, u"meta"_s);
        QCOMPARE(m->version, std::nullopt);
        QVERIFY(m->actions.empty());
        QVERIFY(!m->teardown.has_value());
        QCOMPARE(m->children.size(), 4);
        QCOMPARE(m->children.at(0).effectivePath(), u"warp-themes"_s);
        QCOMPARE(m->children.at(1).effectivePath(), u"fonts-pack"_s);
        QCOMPARE(m->children.at(2).effectivePath(), u"nvim"_s);
        QCOMPARE(m->children.at(3).effectivePath(), u"alpha"_s);
        QCOMPARE(m->children.at(0).path, std::nullopt);
        QCOMPARE(m->children.at(0).ref, std::nullopt);
        QCOMPARE(m->children.at(3).url, u"https://h/x/a.git"_s);
        QCOMPARE(m->children.at(3).ref, std::optional<QString>(u"v1.2.0"_s));
        QCOMPARE(m->children.at(3).line, 8);

        QVERIFY(m->extensions.contains(u"x-owner"_s));
        const JsonValue expected = JsonObject{{u"team"_s, u"infra"_s},
                                              {u"tags"_s, JsonArray{u"a"_s, u"b"_s}},
                                              {u"count"_s, 3},
                                              {u"ok"_s, true}};
        QVERIFY2(m->extensions.value(u"x-owner"_s) == expected,
                 m->extensions.value(u"x-owner"_s).toJson().constData());
    }

    void scriptedRoundTrip()
    {
        const Result<PackManifest> m = parse(scriptedFixture);
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        QCOMPARE(m->name, u"scripted-pack"_s);
        QCOMPARE(m->type, u"scripted"_s);
        QCOMPARE(m->version, std::optional<QString>(u"7"_s)); // a number rendered as text
        QVERIFY(m->actions.empty());
        QVERIFY(!m->teardown.has_value());
        QVERIFY(m->extensions.value(u"x-hooks"_s) ==
                JsonValue(JsonObject{{u"setup"_s, u"hooks/setup.sh"_s}}));
    }

    void actionsEqualTheirExpectedValues()
    {
        const Result<PackManifest> m = parse("schema_version: \"1\"\nname: a\ntype: declarative\n"
                                             "actions:\n"
                                             "  - mkdir: {path: one}\n"
                                             "  - rmdir: {path: two}\n"
                                             "  - mkdir: {path: three}\n"
                                             "teardown:\n"
                                             "  - rmdir: {path: three}\n"
                                             "  - mkdir: {path: one}\n");
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        QVERIFY(m->actions == (std::vector<Action>{mkdirAction(u"one"_s), rmdirAction(u"two"_s),
                                                   mkdirAction(u"three"_s)}));
        QVERIFY(m->teardown.has_value());
        QVERIFY(*m->teardown ==
                (std::vector<Action>{rmdirAction(u"three"_s), mkdirAction(u"one"_s)}));
    }

    // Absent and empty teardown differ.
    void teardownAbsentVsEmpty_data()
    {
        QTest::addColumn<QByteArray>("tail");
        QTest::addColumn<bool>("present");
        QTest::addColumn<int>("count");
        QTest::newRow("absent") << QByteArray() << false << 0;
        QTest::newRow("null") << QByteArray("teardown:\n") << false << 0;
        QTest::newRow("empty") << QByteArray("teardown: []\n") << true << 0;
        QTest::newRow("one") << QByteArray("teardown:\n  - rmdir: {path: x}\n") << true << 1;
    }

    void teardownAbsentVsEmpty()
    {
        QFETCH(QByteArray, tail);
        QFETCH(bool, present);
        QFETCH(int, count);
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n"
                  "  - mkdir: {path: x}\n" +
                  tail);
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        QCOMPARE(m->teardown.has_value(), present);
        if (present)
            QCOMPARE(m->teardown->size(), size_t(count));
        QCOMPARE(m->actions.size(), size_t(1));
    }

    void emptyListsAreValid()
    {
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: declarative\nactions: []\n"
                  "children: []\ndepends_on: []\nteardown: []\nx-gitignore: []\n");
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        QVERIFY(m->actions.empty());
        QVERIFY(m->children.isEmpty());
        QVERIFY(m->dependsOn.isEmpty());
        QVERIFY(m->teardown.has_value() && m->teardown->empty());
        QVERIFY(m->gitignore.isEmpty());

        const Result<PackManifest> nulls =
            parse("schema_version: \"1\"\nname: a\ntype: meta\nversion:\nactions:\n"
                  "children:\ndepends_on: ~\n");
        QVERIFY2(nulls.ok(), qPrintable(errorText(nulls)));
        QCOMPARE(nulls->version, std::nullopt);
        QVERIFY(nulls->actions.empty());
        QVERIFY(nulls->children.isEmpty());
        QVERIFY(nulls->dependsOn.isEmpty());
        QVERIFY(!nulls->teardown.has_value());

        const Result<PackManifest> emptyWhen =
            parse("schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n"
                  "  - when: {os: linux, actions: []}\n  - when: {}\n");
        QVERIFY2(emptyWhen.ok(), qPrintable(errorText(emptyWhen)));
    }

    // The alias check looks at YAML events, not at characters.
    void starsAndAmpersandsInScalars_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("expected"); // x-v as text, or a symlink dst
        const QByteArray head = "schema_version: \"1\"\nname: a\ntype: declarative\n";
        QTest::newRow("double-quoted glob") << QByteArray(head + "x-v: \"*.log\"\n") << u"*.log"_s;
        QTest::newRow("single-quoted glob") << QByteArray(head + "x-v: '*.tmp'\n") << u"*.tmp"_s;
        QTest::newRow("quoted star and ampersand")
            << QByteArray(head + "x-v: \"&x *y a & b * c\"\n") << u"&x *y a & b * c"_s;
        QTest::newRow("single-quoted ampersand")
            << QByteArray(head + "x-v: '&anchor'\n") << u"&anchor"_s;
        QTest::newRow("plain star inside") << QByteArray(head + "x-v: a*b&c\n") << u"a*b&c"_s;
        QTest::newRow("comment") << QByteArray(head + "# &a *b - *c\nx-v: ok # *alias &anchor\n")
                                 << u"ok"_s;
        QTest::newRow("symlink dst")
            << QByteArray(head + "actions:\n  - symlink: {src: \"*.conf\", dst: \"&amp; *x\"}\n")
            << u"&amp; *x"_s;
        QTest::newRow("gitignore list")
            << QByteArray(head + "x-gitignore:\n  - \"*.log\"\n  - \"&tmp\"\n") << QString();
    }

    void starsAndAmpersandsInScalars()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, expected);
        const Result<PackManifest> m = parse(yaml);
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        if (m->extensions.contains(u"x-v"_s))
            QCOMPARE(m->extensions.value(u"x-v"_s).toString(), expected);
        else if (!m->actions.empty())
            QCOMPARE(argsOf<SymlinkArgs>(m->actions.at(0)).dst, expected);
        else
            QCOMPARE(m->gitignore, (QStringList{u"*.log"_s, u"&tmp"_s}));
    }

    void extensionKeysArePreserved()
    {
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: meta\n"
                  "x-string: \"quoted\"\nx-plain: text\nx-int: 42\nx-real: 1.5\nx-bool: false\n"
                  "x-null:\nx-list: [1, \"two\", {three: 3}]\nx-map:\n  nested:\n    deep: [x]\n"
                  "x-gitignore: [\"*.log\"]\n");
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        const QMap<QString, JsonValue> &x = m->extensions;
        QCOMPARE(x.size(), 9);
        QVERIFY(x.value(u"x-string"_s) == JsonValue(u"quoted"_s));
        QVERIFY(x.value(u"x-plain"_s) == JsonValue(u"text"_s));
        QVERIFY(x.value(u"x-int"_s) == JsonValue(42));
        QVERIFY(x.value(u"x-real"_s) == JsonValue(1.5));
        QVERIFY(x.value(u"x-bool"_s) == JsonValue(false));
        QVERIFY(x.contains(u"x-null"_s));
        QVERIFY(x.value(u"x-null"_s).isNull());
        QVERIFY(x.value(u"x-list"_s) ==
                JsonValue(JsonArray{1, u"two"_s, JsonObject{{u"three"_s, 3}}}));
        QVERIFY(x.value(u"x-map"_s) ==
                JsonValue(JsonObject{{u"nested"_s, JsonObject{{u"deep"_s, JsonArray{u"x"_s}}}}}));
        QVERIFY(x.value(u"x-gitignore"_s) == JsonValue(JsonArray{u"*.log"_s}));
        QCOMPARE(m->gitignore, QStringList{u"*.log"_s});
    }

    void execValidForms_data()
    {
        QTest::addColumn<QByteArray>("args");
        QTest::addColumn<bool>("shell");
        QTest::newRow("argv") << QByteArray("{cmd: [make]}") << false;
        QTest::newRow("argv shell false")
            << QByteArray("{cmd: [make, -j2], shell: false}") << false;
        QTest::newRow("shell line")
            << QByteArray("{shell: true, cmd_shell: make && make install}") << true;
        QTest::newRow("on_fail warn") << QByteArray("{cmd: [make], on_fail: warn}") << false;
        QTest::newRow("on_fail ignore") << QByteArray("{cmd: [make], on_fail: ignore}") << false;
        QTest::newRow("on_fail error") << QByteArray("{cmd: [make], on_fail: error}") << false;
    }

    void execValidForms()
    {
        QFETCH(QByteArray, args);
        QFETCH(bool, shell);
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n  - exec: " + args +
                  "\n");
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        const auto &exec = argsOf<ExecArgs>(m->actions.at(0));
        QCOMPARE(exec.shell, shell);
        QCOMPARE(exec.cmd.has_value(), !shell);
        QCOMPARE(exec.cmdShell.has_value(), shell);
    }

    // on_fail accepts error, skip and warn; anything else is refused at its line.
    void requireOnFail_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<bool>("valid");
        QTest::newRow("error") << QByteArray("error") << true;
        QTest::newRow("skip") << QByteArray("skip") << true;
        QTest::newRow("warn") << QByteArray("warn") << true;
        QTest::newRow("ignore") << QByteArray("ignore") << false;
    }

    void requireOnFail()
    {
        QFETCH(QByteArray, value);
        QFETCH(bool, valid);
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n"
                  "  - require: {any_of: [{os: linux}, {os: macos}], on_fail: " +
                  value + "}\n");
        QCOMPARE(m.ok(), valid);
        if (valid) {
            QCOMPARE(argsOf<RequireArgs>(m->actions.at(0)).onFail, QString::fromUtf8(value));
            QCOMPARE(argsOf<RequireArgs>(m->actions.at(0)).combiner.kind, Predicate::Kind::AnyOf);
        } else {
            QCOMPARE(m.error().details().value(u"line"_s).toInteger(), 5);
        }
    }

    void everyCombinerParses_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<Predicate::Kind>("kind");
        QTest::newRow("all_of") << QByteArray("all_of") << Predicate::Kind::AllOf;
        QTest::newRow("any_of") << QByteArray("any_of") << Predicate::Kind::AnyOf;
        QTest::newRow("none_of") << QByteArray("none_of") << Predicate::Kind::NoneOf;
    }

    void everyCombinerParses()
    {
        QFETCH(QByteArray, key);
        QFETCH(Predicate::Kind, kind);
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n  - require: {" +
                  key + ": [{path_exists: /x}, {symlink_privilege: }, {psversion: \">=5.1\"}]}\n");
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        const Predicate &c = argsOf<RequireArgs>(m->actions.at(0)).combiner;
        QCOMPARE(c.kind, kind);
        QCOMPARE(c.children.size(), size_t(3));
        QCOMPARE(c.children.at(1).kind, Predicate::Kind::SymlinkPrivilege);
        QCOMPARE(c.children.at(2).kind, Predicate::Kind::PsVersion);
        QCOMPARE(c.children.at(2).value, u">=5.1"_s);
    }

    // The require's combiner is level 1.
    void predicateDepth_data()
    {
        QTest::addColumn<int>("levels");
        QTest::addColumn<bool>("valid");
        QTest::newRow("1") << 1 << true;
        QTest::newRow("2") << 2 << true;
        QTest::newRow("32") << MaxPredicateDepth << true;
        QTest::newRow("33") << MaxPredicateDepth + 1 << false;
        QTest::newRow("100") << 100 << false;
    }

    void predicateDepth()
    {
        QFETCH(int, levels);
        QFETCH(bool, valid);
        const Result<PackManifest> m = parse(nestedRequire(levels));
        QVERIFY2(m.ok() == valid, qPrintable(errorText(m)));
        if (!valid) {
            QCOMPARE(m.error().kind(), ErrorKind::PackOp);
            QCOMPARE(m.error().details().value(u"rule"_s).toString(), u"require_depth"_s);
            QCOMPARE(m.error().details().value(u"line"_s).toInteger(), 5);
        }
    }

    void depthTwoPredicatesInWhen()
    {
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n"
                  "  - when:\n"
                  "      any_of:\n"
                  "        - all_of: [{os: linux}, {cmd_available: git}]\n"
                  "        - none_of: [{path_exists: /x}]\n"
                  "      actions: [{mkdir: {path: x}}]\n");
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        const auto &when = argsOf<WhenArgs>(m->actions.at(0));
        QVERIFY(when.anyOf.has_value());
        QCOMPARE(when.anyOf->size(), size_t(2));
        QCOMPARE(when.anyOf->at(0).kind, Predicate::Kind::AllOf);
        QCOMPARE(when.anyOf->at(0).children.size(), size_t(2));
        QCOMPARE(when.anyOf->at(1).kind, Predicate::Kind::NoneOf);
    }

    void whenNestingIsBounded()
    {
        QVERIFY2(parse(nestedWhen(3)).ok(), qPrintable(errorText(parse(nestedWhen(3)))));
        const Result<PackManifest> deep = parse(nestedWhen(100));
        QVERIFY(!deep.ok());
        QCOMPARE(deep.error().details().value(u"rule"_s).toString(), u"require_depth"_s);
    }

    void regKeyMappingForm_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("path");
        QTest::addColumn<std::optional<QString>>("name");
        QTest::newRow("path and name") << QByteArray("{path: \"HKCU\\\\Software\\\\X\", name: V}")
                                       << u"HKCU\\Software\\X"_s << std::optional<QString>(u"V"_s);
        QTest::newRow("path only") << QByteArray("{path: HKLM/SOFTWARE/Y}") << u"HKLM/SOFTWARE/Y"_s
                                   << std::optional<QString>();
    }

    void regKeyMappingForm()
    {
        QFETCH(QByteArray, value);
        QFETCH(QString, path);
        QFETCH(std::optional<QString>, name);
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n"
                  "  - require: {all_of: [{reg_key: " +
                  value + "}]}\n");
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        const Predicate &p = argsOf<RequireArgs>(m->actions.at(0)).combiner.children.at(0);
        QCOMPARE(p.kind, Predicate::Kind::RegKey);
        QCOMPARE(p.value, path);
        QCOMPARE(p.second, name);
    }

    void regKeyStringFormRejected()
    {
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n"
                  "  - require: {all_of: [{reg_key: HKCU/Software/X}]}\n");
        QVERIFY(!m.ok());
        QCOMPARE(m.error().details().value(u"rule"_s).toString(), u"invalid_predicate"_s);
    }

    void missingRequiredArgument()
    {
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n"
                  "  - symlink: {dst: b}\n");
        QVERIFY(!m.ok());
        QCOMPARE(m.error().details().value(u"rule"_s).toString(), u"action_args"_s);
        QVERIFY2(m.error().message().text().contains(u"src"_s),
                 qPrintable(m.error().message().text()));
    }

    void unknownArgumentIsNamed()
    {
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n"
                  "  - symlink: {src: a, dst: b, bakup: true}\n");
        QVERIFY(!m.ok());
        QCOMPARE(m.error().details().value(u"rule"_s).toString(), u"action_args"_s);
        QVERIFY2(m.error().message().text().contains(u"bakup"_s),
                 qPrintable(m.error().message().text()));
    }

    void unknownActionIsPluginMissing()
    {
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n"
                  "  - copy: {src: a, dst: b}\n");
        QVERIFY(!m.ok());
        QCOMPARE(m.error().kind(), ErrorKind::PluginMissing);
        QCOMPARE(m.error().reason(), u"unknown_action"_s);
        QCOMPARE(m.error().details().value(u"line"_s).toInteger(), 5);
        QVERIFY(m.error().message().text().startsWith(u"/p/.grex/pack.yaml:5:"_s));
        QVERIFY(m.error().message().text().contains(u"copy"_s));
    }

    void validNames_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::newRow("letter") << QByteArray("a");
        QTest::newRow("dashes and digits") << QByteArray("my-pack-2");
        QTest::newRow("quoted") << QByteArray("\"dotfiles\"");
        QTest::newRow("trailing dash") << QByteArray("a-");
    }

    void validNames()
    {
        QFETCH(QByteArray, name);
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: " + name + "\ntype: meta\n");
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
    }

    void schemaVersionHint()
    {
        const Result<PackManifest> m = parse("schema_version: 1\nname: a\ntype: meta\n");
        QVERIFY(!m.ok());
        QVERIFY2(m.error().message().text().contains(u"\"1\""_s),
                 qPrintable(m.error().message().text()));
        QVERIFY(parse("schema_version: '1'\nname: a\ntype: meta\n").ok());
    }

    void everyPackTypeParses_data()
    {
        QTest::addColumn<QByteArray>("type");
        QTest::addColumn<bool>("valid");
        QTest::newRow("meta") << QByteArray("meta") << true;
        QTest::newRow("declarative") << QByteArray("declarative") << true;
        QTest::newRow("scripted") << QByteArray("scripted") << true;
        QTest::newRow("quoted") << QByteArray("\"scripted\"") << true;
        QTest::newRow("Declarative") << QByteArray("Declarative") << false;
        QTest::newRow("META") << QByteArray("META") << false;
    }

    void everyPackTypeParses()
    {
        QFETCH(QByteArray, type);
        QFETCH(bool, valid);
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: " + type + "\n");
        QCOMPARE(m.ok(), valid);
        if (valid) {
            QCOMPARE(m->type.toUtf8(), type.startsWith('"') ? type.mid(1, type.size() - 2) : type);
        } else {
            QCOMPARE(m.error().kind(), ErrorKind::PluginMissing);
            QCOMPARE(m.error().reason(), u"unknown_pack_type"_s);
            QCOMPARE(m.error().details().value(u"line"_s).toInteger(), 3);
        }
    }

    void duplicateSymlinkDst_data()
    {
        QTest::addColumn<QByteArray>("actions");
        QTest::addColumn<int>("errors");
        QTest::newRow("none") << QByteArray("  - mkdir: {path: x}\n") << 0;
        QTest::newRow("distinct") << QByteArray("  - symlink: {src: a, dst: x}\n"
                                                "  - symlink: {src: b, dst: y}\n")
                                  << 0;
        QTest::newRow("flat") << QByteArray("  - symlink: {src: a, dst: x}\n"
                                            "  - symlink: {src: b, dst: x}\n")
                              << 1;
        QTest::newRow("three-way") << QByteArray("  - symlink: {src: a, dst: x}\n"
                                                 "  - symlink: {src: b, dst: x}\n"
                                                 "  - symlink: {src: c, dst: x}\n")
                                   << 3;
        QTest::newRow("across when") << QByteArray("  - symlink: {src: a, dst: x}\n"
                                                   "  - when:\n"
                                                   "      os: linux\n"
                                                   "      actions:\n"
                                                   "        - symlink: {src: b, dst: x}\n")
                                     << 1;
        QTest::newRow("inside one when") << QByteArray("  - when:\n"
                                                       "      actions:\n"
                                                       "        - symlink: {src: a, dst: x}\n"
                                                       "        - symlink: {src: b, dst: x}\n")
                                         << 1;
        QTest::newRow("non-symlink same path") << QByteArray("  - symlink: {src: a, dst: x}\n"
                                                             "  - mkdir: {path: x}\n"
                                                             "  - rmdir: {path: x}\n")
                                               << 0;
        QTest::newRow("raw strings compared") << QByteArray("  - symlink: {src: a, dst: ./x}\n"
                                                            "  - symlink: {src: b, dst: x}\n")
                                              << 0;
#ifdef Q_OS_LINUX
        QTest::newRow("case differs on linux") << QByteArray("  - symlink: {src: a, dst: X}\n"
                                                             "  - symlink: {src: b, dst: x}\n")
                                               << 0;
#else
        QTest::newRow("case folded") << QByteArray("  - symlink: {src: a, dst: X}\n"
                                                   "  - symlink: {src: b, dst: x}\n")
                                     << 1;
#endif
    }

    void duplicateSymlinkDst()
    {
        QFETCH(QByteArray, actions);
        QFETCH(int, errors);
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n" + actions);
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        const QList<Error> found = validatePack(*m);
        QCOMPARE(found.size(), errors);
        for (const Error &e : found) {
            QCOMPARE(e.kind(), ErrorKind::PackOp);
            QCOMPARE(e.details().value(u"rule"_s).toString(), u"duplicate_symlink_dst"_s);
            QVERIFY(e.details().value(u"dst"_s).toString().compare(u"x"_s, Qt::CaseInsensitive) ==
                    0);
            QVERIFY(e.message().text().startsWith(u"/p/.grex/pack.yaml:"_s));
            QVERIFY2(e.message().text().contains(e.details().value(u"dst"_s).toString()),
                     qPrintable(e.message().text()));
        }
    }

    void duplicateSymlinkDstNamesIndices()
    {
        const Result<PackManifest> m =
            parse("schema_version: \"1\"\nname: a\ntype: declarative\nactions:\n"
                  "  - symlink: {src: a, dst: x}\n"
                  "  - symlink: {src: b, dst: x}\n"
                  "  - symlink: {src: c, dst: x}\n");
        QVERIFY(m.ok());
        const QList<Error> found = validatePack(*m);
        QCOMPARE(found.size(), 3);
        QList<std::pair<qint64, qint64>> pairs;
        for (const Error &e : found) {
            const qint64 first = e.details().value(u"first"_s).toInteger(-1);
            const qint64 second = e.details().value(u"second"_s).toInteger(-1);
            pairs.append({first, second});
            QVERIFY2(e.message().text().contains(QString::number(first)) &&
                         e.message().text().contains(QString::number(second)),
                     qPrintable(e.message().text()));
        }
        std::sort(pairs.begin(), pairs.end());
        QCOMPARE(pairs, (QList<std::pair<qint64, qint64>>{{0, 1}, {0, 2}, {1, 2}}));
    }

    // parsePackOverride and mergeOverride (docs/design.md, "Per-OS overrides").
    void overrideAppendsLists()
    {
        const Result<PackManifest> base = parse(overrideBase);
        QVERIFY2(base.ok(), qPrintable(errorText(base)));
        const Result<PackOverride> o =
            parsePackOverride(overrideLinux, u"/p/.grex/targets/linux.yaml"_s);
        QVERIFY2(o.ok(), qPrintable(o.ok() ? QString() : o.error().text()));
        QVERIFY(!o->actionsReplace);

        const Result<PackManifest> m = mergeOverride(*base, *o);
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        QCOMPARE(m->name, u"p"_s);
        QCOMPARE(m->type, u"declarative"_s);
        QCOMPARE(m->file, u"/p/.grex/pack.yaml"_s);
        QCOMPARE(m->version, std::optional<QString>(u"2.0"_s));
        QCOMPARE(m->dependsOn, (QStringList{u"base"_s, u"extra"_s}));
        QCOMPARE(childUrls(*m),
                 (QStringList{u"https://h/x/common.git"_s, u"https://h/x/linux-only.git"_s}));
        QVERIFY(m->actions ==
                (std::vector<Action>{mkdirAction(u"common"_s), mkdirAction(u"linux"_s)}));
        QVERIFY(m->teardown.has_value());
        QVERIFY(*m->teardown ==
                (std::vector<Action>{rmdirAction(u"common"_s), rmdirAction(u"linux"_s)}));
        QVERIFY(m->extensions.value(u"x-a"_s) == JsonValue(u"override"_s));
        QVERIFY(m->extensions.value(u"x-b"_s) == JsonValue(u"kept"_s));
        QVERIFY(m->extensions.value(u"x-new"_s) == JsonValue(1));
        QCOMPARE(m->gitignore, QStringList{u"base.log"_s});
    }

    void overrideActionsReplace()
    {
        const Result<PackManifest> base = parse(overrideBase);
        QVERIFY(base.ok());
        const Result<PackOverride> o =
            parsePackOverride("actions_replace: true\nactions:\n  - mkdir: {path: only}\n"
                              "teardown:\n  - rmdir: {path: only}\n",
                              u"/p/.grex/targets/linux.yaml"_s);
        QVERIFY2(o.ok(), qPrintable(o.ok() ? QString() : o.error().text()));
        QVERIFY(o->actionsReplace);
        const Result<PackManifest> m = mergeOverride(*base, *o);
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        QVERIFY(m->actions == std::vector<Action>{mkdirAction(u"only"_s)});
        // teardown follows the rule of actions.
        QVERIFY(m->teardown.has_value());
        QVERIFY(*m->teardown == std::vector<Action>{rmdirAction(u"only"_s)});
        // Everything else is kept.
        QCOMPARE(m->version, std::optional<QString>(u"1.0"_s));
        QCOMPARE(m->dependsOn, QStringList{u"base"_s});
        QVERIFY(m->extensions.value(u"x-a"_s) == JsonValue(u"base"_s));
    }

    void overrideActionsReplaceWithEmptyList()
    {
        const Result<PackManifest> base = parse(overrideBase);
        QVERIFY(base.ok());
        const Result<PackOverride> o = parsePackOverride("actions_replace: true\nactions: []\n",
                                                         u"/p/.grex/targets/linux.yaml"_s);
        QVERIFY(o.ok());
        const Result<PackManifest> m = mergeOverride(*base, *o);
        QVERIFY(m.ok());
        QVERIFY(m->actions.empty());
    }

    void overrideReplacesGitignorePerKey()
    {
        const Result<PackManifest> base = parse(overrideBase);
        QVERIFY(base.ok());
        const Result<PackOverride> o =
            parsePackOverride("x-gitignore: [linux.log]\n", u"/p/.grex/targets/linux.yaml"_s);
        QVERIFY(o.ok());
        const Result<PackManifest> m = mergeOverride(*base, *o);
        QVERIFY(m.ok());
        QCOMPARE(m->gitignore, QStringList{u"linux.log"_s});
        QVERIFY(m->extensions.value(u"x-gitignore"_s) == JsonValue(JsonArray{u"linux.log"_s}));
        QVERIFY(m->extensions.value(u"x-a"_s) == JsonValue(u"base"_s));
    }

    void emptyOverrideChangesNothing()
    {
        const Result<PackManifest> base = parse(overrideBase);
        QVERIFY(base.ok());
        for (const QByteArray &yaml : {QByteArray(), QByteArray("# nothing\n")}) {
            const Result<PackOverride> o =
                parsePackOverride(yaml, u"/p/.grex/targets/linux.yaml"_s);
            QVERIFY2(o.ok(), qPrintable(o.ok() ? QString() : o.error().text()));
            const Result<PackManifest> m = mergeOverride(*base, *o);
            QVERIFY(m.ok());
            QCOMPARE(m->version, base->version);
            QCOMPARE(m->dependsOn, base->dependsOn);
            QVERIFY(m->actions == base->actions);
            QVERIFY(m->teardown == base->teardown);
            QCOMPARE(m->extensions.keys(), base->extensions.keys());
        }
    }

    void overrideIdentity_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<bool>("valid");
        QTest::newRow("same name") << QByteArray("name: p\n") << true;
        QTest::newRow("same type") << QByteArray("type: declarative\n") << true;
        QTest::newRow("other name") << QByteArray("name: q\n") << false;
        QTest::newRow("other type") << QByteArray("type: meta\n") << false;
        QTest::newRow("other name with actions")
            << QByteArray("actions:\n  - mkdir: {path: y}\nname: other\n") << false;
    }

    void overrideIdentity()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(bool, valid);
        const Result<PackManifest> base = parse(overrideBase);
        QVERIFY(base.ok());
        const QString file = u"/p/.grex/targets/linux.yaml"_s;
        const Result<PackOverride> o = parsePackOverride(yaml, file);
        QVERIFY2(o.ok(), qPrintable(o.ok() ? QString() : o.error().text()));
        const Result<PackManifest> m = mergeOverride(*base, *o);
        QCOMPARE(m.ok(), valid);
        if (!valid) {
            QCOMPARE(m.error().kind(), ErrorKind::PackOp);
            QCOMPARE(m.error().details().value(u"rule"_s).toString(), u"override_identity"_s);
            QCOMPARE(m.error().details().value(u"file"_s).toString(), file);
            QVERIFY(m.error().message().text().startsWith(file + u':'));
        }
    }

    void overrideGrammar_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("rule");
        QTest::newRow("unknown key") << QByteArray("colour: red\n") << u"unknown_key"_s;
        QTest::newRow("bad action")
            << QByteArray("actions:\n  - symlink: {src: a}\n") << u"action_args"_s;
        QTest::newRow("alias") << QByteArray("x-a: &a 1\nx-b: *a\n") << u"yaml_alias"_s;
        QTest::newRow("bad name") << QByteArray("name: Upper\n") << u"name"_s;
        QTest::newRow("not a mapping") << QByteArray("- a\n") << u"root"_s;
    }

    void overrideGrammar()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, rule);
        const QString file = u"/p/.grex/targets/linux.yaml"_s;
        const Result<PackOverride> o = parsePackOverride(yaml, file);
        QVERIFY(!o.ok());
        QCOMPARE(o.error().details().value(u"rule"_s).toString(), rule);
        QVERIFY(o.error().message().text().startsWith(file + u':'));
    }

    void overrideActionsReplaceMustBeBoolean()
    {
        const Result<PackOverride> o = parsePackOverride("actions_replace: \"yes\"\nactions: []\n",
                                                         u"/p/.grex/targets/linux.yaml"_s);
        QVERIFY(!o.ok());
        QCOMPARE(o.error().details().value(u"line"_s).toInteger(), 1);
    }

    // The same overrides through loadPackManifest and the .grex/targets directory.
    void loadMergesTargetsFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(writePack(dir.path(), overrideBase,
                          {{u"linux"_s, overrideLinux},
                           {u"macos"_s, "version: \"mac\"\nactions:\n  - mkdir: {path: mac}\n"},
                           {u"windows"_s, "name: not-allowed\n"}}));

        const Result<PackManifest> onLinux = loadPackManifest(dir.path(), u"linux"_s);
        QVERIFY2(onLinux.ok(), qPrintable(errorText(onLinux)));
        QCOMPARE(onLinux->file, packManifestPath(dir.path()));
        QCOMPARE(onLinux->version, std::optional<QString>(u"2.0"_s));
        QCOMPARE(onLinux->dependsOn, (QStringList{u"base"_s, u"extra"_s}));
        QVERIFY(onLinux->actions ==
                (std::vector<Action>{mkdirAction(u"common"_s), mkdirAction(u"linux"_s)}));
        QVERIFY(onLinux->extensions.value(u"x-a"_s) == JsonValue(u"override"_s));

        const Result<PackManifest> mac = loadPackManifest(dir.path(), u"macos"_s);
        QVERIFY2(mac.ok(), qPrintable(errorText(mac)));
        QCOMPARE(mac->version, std::optional<QString>(u"mac"_s));
        QVERIFY(mac->actions ==
                (std::vector<Action>{mkdirAction(u"common"_s), mkdirAction(u"mac"_s)}));

        const Result<PackManifest> windows = loadPackManifest(dir.path(), u"windows"_s);
        QVERIFY(!windows.ok());
        QCOMPARE(windows.error().details().value(u"rule"_s).toString(), u"override_identity"_s);
        QCOMPARE(windows.error().details().value(u"file"_s).toString(),
                 dir.path() + u"/.grex/targets/windows.yaml"_s);
    }

    void loadIgnoresOtherOsTargets()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // Only macos.yaml exists, and it is not even valid: on Linux it is never read.
        QVERIFY(writePack(dir.path(), overrideBase,
                          {{u"macos"_s, "name: other\ncolour: red\nactions: [\n"}}));
        const Result<PackManifest> m = loadPackManifest(dir.path(), u"linux"_s);
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        const Result<PackManifest> base = parse(overrideBase);
        QCOMPARE(m->version, base->version);
        QVERIFY(m->actions == base->actions);
        QCOMPARE(m->dependsOn, base->dependsOn);
#ifdef Q_OS_LINUX
        const Result<PackManifest> current = loadPackManifest(dir.path());
        QVERIFY2(current.ok(), qPrintable(errorText(current)));
        QVERIFY(current->actions == base->actions);
#endif
    }

    void loadActionsReplace()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(writePack(dir.path(), overrideBase,
                          {{u"linux"_s, "actions_replace: true\nactions:\n  - mkdir: {path: l}\n"
                                        "x-b: replaced\n"}}));
        const Result<PackManifest> m = loadPackManifest(dir.path(), u"linux"_s);
        QVERIFY2(m.ok(), qPrintable(errorText(m)));
        QVERIFY(m->actions == std::vector<Action>{mkdirAction(u"l"_s)});
        QVERIFY(m->extensions.value(u"x-a"_s) == JsonValue(u"base"_s));
        QVERIFY(m->extensions.value(u"x-b"_s) == JsonValue(u"replaced"_s));
        QCOMPARE(m->dependsOn, QStringList{u"base"_s});
    }

    void loadReportsOverrideErrorsWithItsFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(writePack(dir.path(), overrideBase,
                          {{u"linux"_s, "version: \"2\"\nactions:\n  - exec: {cmd: []}\n"}}));
        const Result<PackManifest> m = loadPackManifest(dir.path(), u"linux"_s);
        QVERIFY(!m.ok());
        const QString file = dir.path() + u"/.grex/targets/linux.yaml"_s;
        QCOMPARE(m.error().details().value(u"rule"_s).toString(), u"exec_invalid"_s);
        QCOMPARE(m.error().details().value(u"line"_s).toInteger(), 3);
        QCOMPARE(m.error().details().value(u"file"_s).toString(), file);
        QVERIFY(m.error().message().text().startsWith(file + u":3:"_s));
    }

    void loadWithoutManifestFails()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(!hasPackManifest(dir.path()));
        const Result<PackManifest> m = loadPackManifest(dir.path());
        QVERIFY(!m.ok());
        QCOMPARE(m.error().kind(), ErrorKind::PackOp);
    }
};

QTEST_GUILESS_MAIN(tst_PackManifest)
#include "tst_packmanifest.moc"
