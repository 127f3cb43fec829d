// Action executors, predicates and the process runner.
// Everything happens inside a QTemporaryDir: HOME, ~/.profile and the machine environment file
// are redirected there through the ExecContext, never the real ones.

#include "core/actions/actionregistry.h"
#include "core/actions/envaction.h"
#include "core/actions/execaction.h"
#include "core/actions/mkdiraction.h"
#include "core/actions/predicate.h"
#include "core/actions/requireaction.h"
#include "core/actions/rmdiraction.h"
#include "core/actions/symlinkaction.h"
#include "core/actions/whenaction.h"
#include "core/errorkind.h"
#include "core/exec/execcontext.h"
#include "core/exec/execstep.h"
#include "core/exec/processrunner.h"
#include "core/fs/fsutil.h"
#include "core/pack/packmanifest.h"
#include "support/testfiles.h"
#include "core/vars/varenv.h"
#include "support/holder.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

using namespace Grex;
using Grex::Test::waitFor;
using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace {

using Kind = Predicate::Kind;

// "performed_change", "already_satisfied", ... or "<kind>/<reason>" for an error.
QString outcome(const Result<ExecStep> &r)
{
    if (r)
        return stepResultName(r->result);
    return wireName(r.error().kind()) + u'/' + r.error().reason();
}

QString outcome(const Result<bool> &r)
{
    if (r)
        return *r ? u"true"_s : u"false"_s;
    return wireName(r.error().kind()) + u'/' + r.error().reason();
}

// The error text, for failure messages.
QString why(const Result<ExecStep> &r)
{
    return r ? stepResultName(r->result) + u' ' + r->message : r.error().text();
}

// Everything below dir: file bytes, "<dir>", links as their raw target, and permission bits.
QMap<QString, QByteArray> state(const QString &dir)
{
    QMap<QString, QByteArray> entries = Test::snapshot(dir);
    QDirIterator it(dir, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString rel = QDir(dir).relativeFilePath(path);
        const QByteArray native = QFile::encodeName(path);
        struct stat st
        {
        };
        if (::lstat(native.constData(), &st) != 0)
            continue;
        if (S_ISLNK(st.st_mode)) {
            QByteArray target(4096, '\0');
            const ssize_t n = ::readlink(native.constData(), target.data(), size_t(target.size()));
            entries.insert(rel, "<link>" + target.left(n < 0 ? 0 : n));
        } else {
            entries[rel] += " mode=" + QByteArray::number(uint(st.st_mode & 07777), 8);
        }
    }
    return entries;
}

// Describes how two states differ, for failure messages.
QString diff(const QMap<QString, QByteArray> &a, const QMap<QString, QByteArray> &b)
{
    QStringList lines;
    for (auto it = a.begin(); it != a.end(); ++it) {
        if (!b.contains(it.key()))
            lines << u"- "_s + it.key();
        else if (b.value(it.key()) != it.value())
            lines << u"~ "_s + it.key();
    }
    for (auto it = b.begin(); it != b.end(); ++it) {
        if (!a.contains(it.key()))
            lines << u"+ "_s + it.key();
    }
    return lines.join(u", "_s);
}

QString linkTarget(const QString &link)
{
    QByteArray target(4096, '\0');
    const ssize_t n =
        ::readlink(QFile::encodeName(link).constData(), target.data(), size_t(target.size()));
    return n < 0 ? QString() : QFile::decodeName(target.left(n));
}

bool isSymlink(const QString &path)
{
    struct stat st
    {
    };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISLNK(st.st_mode);
}

uint modeOf(const QString &path)
{
    struct stat st
    {
    };
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? uint(st.st_mode & 07777) : 0;
}

// A temporary tree: <root>/pack (the pack directory), <root>/home (HOME), <root>/etc.
class Sandbox
{
public:
    Sandbox()
    {
        root = QDir(tmp.path()).canonicalPath();
        pack = root + u"/pack"_s;
        home = root + u"/home"_s;
        etc = root + u"/etc"_s;
        for (const QString &dir : {pack, home, etc})
            QDir().mkpath(dir);
    }

    QString at(const QString &rel) const { return root + u'/' + rel; }
    QString inPack(const QString &rel) const { return pack + u'/' + rel; }

    ExecContext context(bool dryRun = false) const
    {
        ExecContext ctx;
        ctx.vars = VarEnv::fromProcess().forPack(pack, root, u"pack"_s);
        ctx.vars.insert(u"HOME"_s, home);
        ctx.packRoot = pack;
        ctx.workspace = root;
        ctx.packName = u"pack"_s;
        ctx.os = u"linux"_s;
        ctx.dryRun = dryRun;
        ctx.machineEnvironmentFile = etc + u"/environment"_s;
        return ctx;
    }

    bool write(const QString &rel, const QByteArray &bytes) const
    {
        const QString path = at(rel);
        QDir().mkpath(QFileInfo(path).absolutePath());
        return Test::writeFile(path, bytes);
    }

    QTemporaryDir tmp;
    QString root;
    QString pack;
    QString home;
    QString etc;
};

Result<ExecStep> run(const Action &action, ExecContext &ctx)
{
    return builtinActions().run(action, ctx);
}

Result<ExecStep> plan(const Action &action, const ExecContext &base)
{
    ExecContext ctx = base;
    ctx.dryRun = true;
    return builtinActions().run(action, ctx);
}

template<typename Args>
Action make(const QString &name, Args args)
{
    Action a;
    a.name = name;
    a.args = std::move(args);
    return a;
}

Action mkdirAction(const QString &path, std::optional<QString> mode = std::nullopt)
{
    return make(u"mkdir"_s, MkdirArgs{path, std::move(mode)});
}

Action rmdirAction(const QString &path, bool backup = false, bool force = false)
{
    return make(u"rmdir"_s, RmdirArgs{path, backup, force});
}

Action symlinkAction(const QString &src, const QString &dst, bool backup = false,
                     bool normalize = true)
{
    SymlinkArgs args;
    args.src = src;
    args.dst = dst;
    args.backup = backup;
    args.normalize = normalize;
    return make(u"symlink"_s, args);
}

Action unlinkAction(const QString &dst)
{
    return make(u"unlink"_s, UnlinkArgs{dst});
}

Action envAction(const QString &name, const QString &value, const QString &scope)
{
    EnvArgs args;
    args.name = name;
    args.value = value;
    args.scope = scope;
    return make(u"env"_s, args);
}

Predicate leaf(Kind kind, const QString &value = {}, std::optional<QString> second = {})
{
    Predicate p;
    p.kind = kind;
    p.value = value;
    p.second = std::move(second);
    return p;
}

Predicate combine(Kind kind, std::vector<Predicate> children)
{
    Predicate p;
    p.kind = kind;
    p.children = std::move(children);
    return p;
}

Action requireAction(Kind kind, std::vector<Predicate> children, const QString &onFail = u"error"_s)
{
    RequireArgs args;
    args.combiner = combine(kind, std::move(children));
    args.onFail = onFail;
    return make(u"require"_s, args);
}

Action whenAction(std::optional<QString> os, std::vector<Action> actions,
                  std::optional<std::vector<Predicate>> allOf = std::nullopt,
                  std::optional<std::vector<Predicate>> anyOf = std::nullopt,
                  std::optional<std::vector<Predicate>> noneOf = std::nullopt)
{
    WhenArgs args;
    args.os = std::move(os);
    args.allOf = std::move(allOf);
    args.anyOf = std::move(anyOf);
    args.noneOf = std::move(noneOf);
    args.actions = std::move(actions);
    return make(u"when"_s, args);
}

Action execAction(const QStringList &cmd, const QString &onFail = u"error"_s)
{
    ExecArgs args;
    args.cmd = cmd;
    args.onFail = onFail;
    return make(u"exec"_s, args);
}

Action shellAction(const QString &line, const QString &onFail = u"error"_s)
{
    ExecArgs args;
    args.shell = true;
    args.cmdShell = line;
    args.onFail = onFail;
    return make(u"exec"_s, args);
}

// Runs an action with a watchdog that cancels it after timeoutMs (a hang shows up as Cancelled).
Result<ExecStep> runGuarded(const Action &action, ExecContext &ctx, int timeoutMs = 20000)
{
    std::stop_source source;
    ctx.stop = source.get_token();
    std::atomic<bool> finished{false};
    std::thread watchdog([&] {
        if (!waitFor([&] { return finished.load(); }, timeoutMs))
            source.request_stop();
    });
    Result<ExecStep> r = run(action, ctx);
    finished = true;
    watchdog.join();
    ctx.stop = {};
    return r;
}

Result<std::vector<Action>> parseActions(const QByteArray &actionsYaml)
{
    const QByteArray yaml =
        "schema_version: \"1\"\nname: pack\ntype: declarative\nactions:\n" + actionsYaml;
    Result<PackManifest> manifest = parsePackManifest(yaml, u"/virtual/pack/.grex/pack.yaml"_s);
    if (!manifest)
        return manifest.error();
    return manifest->actions;
}

// An action plugin that only records that it ran.
class RecordingAction final : public ActionPlugin
{
public:
    RecordingAction(QString name, QStringList *log) : m_name(std::move(name)), m_log(log) {}
    QString name() const override { return m_name; }
    // Never written in pack.yaml: only planned and applied.
    const char *help() const override { return nullptr; }
    Result<ActionArgs> parse(const ActionArgsReader &) const override { return ActionArgs(); }
    JsonValue canonicalArgs(const Action &) const override { return JsonObject(); }
    Result<ExecStep> plan(const Action &, const ExecContext &) const override
    {
        m_log->append(u"plan:"_s + m_name);
        ExecStep s;
        s.actionName = m_name;
        s.result = StepResult::WouldPerformChange;
        return s;
    }
    Result<ExecStep> apply(const Action &, ExecContext &) const override
    {
        m_log->append(u"apply:"_s + m_name);
        ExecStep s;
        s.actionName = m_name;
        s.result = StepResult::PerformedChange;
        return s;
    }

private:
    QString m_name;
    QStringList *m_log;
};

// Escapes text so that variable expansion gives it back unchanged.
QString escapeForExpansion(const QString &text)
{
    QString escaped = text;
    escaped.replace(u'$', u"$$"_s);
    escaped.replace(u'%', u"%%"_s);
    return escaped;
}

// What a POSIX shell sees for NAME after sourcing the profile in home.
QString sourcedValue(const QString &home, const QString &name)
{
    QProcess sh;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOME"_s, home);
    sh.setProcessEnvironment(env);
    sh.start(u"/bin/sh"_s, {u"-c"_s, u". \"$HOME/.profile\" && printf '%s' \"$"_s + name + u'"'});
    sh.waitForFinished(10000);
    return QString::fromUtf8(sh.readAllStandardOutput());
}

} // namespace

class tst_Actions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // ---- registry ------------------------------------------------------------------------

    void registryHasTheBuiltins()
    {
        const QStringList names = builtinActions().names();
        for (const QString &name : {u"symlink"_s, u"unlink"_s, u"env"_s, u"mkdir"_s, u"rmdir"_s,
                                    u"require"_s, u"when"_s, u"exec"_s})
            QVERIFY2(names.contains(name), qPrintable(name));
    }

    void unknownActionIsPluginMissing()
    {
        Sandbox box;
        const Action action = make(u"frobnicate"_s, ActionArgs());
        ExecContext ctx = box.context();
        const Result<ExecStep> wet = run(action, ctx);
        QCOMPARE(outcome(wet), u"plugin_missing/unknown_action"_s);
        QCOMPARE(wet.error().details().value(u"action"_s).toString(), u"frobnicate"_s);
        QCOMPARE(outcome(plan(action, ctx)), u"plugin_missing/unknown_action"_s);
    }

    void stoppedContextRunsNothing()
    {
        Sandbox box;
        ExecContext ctx = box.context();
        std::stop_source source;
        source.request_stop();
        ctx.stop = source.get_token();
        QCOMPARE(outcome(run(mkdirAction(u"made"_s), ctx)), u"cancelled/cancelled"_s);
        QVERIFY(!QFileInfo::exists(box.inPack(u"made"_s)));
    }

    // ---- plan executor -------------------------------------------------------------------

    // The plan executor predicts and never touches the disk or the environment.
    void planNeverChangesTheDisk()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/files/a.txt"_s, "a"));
        QVERIFY(box.write(u"pack/occupied"_s, "mine"));
        QVERIFY(box.write(u"pack/full/inner.txt"_s, "x"));
        QVERIFY(QDir().mkpath(box.inPack(u"empty"_s)));
        QVERIFY(box.write(u"home/.profile"_s, "# mine\n"));
        QVERIFY(box.write(u"etc/environment"_s, "LANG=C\n"));
        const QString sessionName = u"GREX_TST_PLAN_SESSION"_s;
        qunsetenv(sessionName.toLatin1().constData());

        struct Case
        {
            Action action;
            QString expected;
        };
        const std::vector<Case> cases = {
            {symlinkAction(u"files/a.txt"_s, u"link"_s), u"would_perform_change"_s},
            {symlinkAction(u"files/a.txt"_s, u"occupied"_s, true), u"would_perform_change"_s},
            {mkdirAction(u"new/deep"_s, u"700"_s), u"would_perform_change"_s},
            {mkdirAction(u"empty"_s), u"already_satisfied"_s},
            {rmdirAction(u"full"_s, false, true), u"would_perform_change"_s},
            {rmdirAction(u"full"_s, true), u"would_perform_change"_s},
            {rmdirAction(u"empty"_s), u"would_perform_change"_s},
            {rmdirAction(u"absent"_s), u"already_satisfied"_s},
            {envAction(u"GREX_TST_PLAN_USER"_s, u"v"_s, u"user"_s), u"would_perform_change"_s},
            {envAction(u"GREX_TST_PLAN_MACHINE"_s, u"v"_s, u"machine"_s),
             u"would_perform_change"_s},
            {envAction(sessionName, u"v"_s, u"session"_s), u"would_perform_change"_s},
            {execAction({u"sh"_s, u"-c"_s, u"echo x > created.txt"_s}), u"would_perform_change"_s},
            {shellAction(u"mkdir shell-made"_s), u"would_perform_change"_s},
            {whenAction(u"linux"_s, {mkdirAction(u"gated"_s)}), u"would_perform_change"_s},
            {whenAction(u"linux"_s, {mkdirAction(u"empty"_s)}), u"already_satisfied"_s},
            {requireAction(Kind::AllOf, {leaf(Kind::PathExists, u"files/a.txt"_s)}),
             u"already_satisfied"_s},
        };
        for (const Case &c : cases) {
            ExecContext ctx = box.context(true);
            const auto before = state(box.root);
            const Result<ExecStep> r = run(c.action, ctx);
            const auto after = state(box.root);
            QVERIFY2(before == after,
                     qPrintable(c.action.name + u" changed the disk: "_s + diff(before, after)));
            QVERIFY2(outcome(r) == c.expected,
                     qPrintable(c.action.name + u": "_s + why(r) + u", expected "_s + c.expected));
            QVERIFY(!ctx.vars.contains(sessionName));
        }
        QVERIFY(qEnvironmentVariableIsEmpty(sessionName.toLatin1().constData()));
        // plugin->plan called directly behaves the same.
        const ExecContext ctx = box.context(true);
        const auto before = state(box.root);
        const Result<ExecStep> direct =
            builtinActions().get(u"mkdir"_s)->plan(mkdirAction(u"direct"_s), ctx);
        QCOMPARE(outcome(direct), u"would_perform_change"_s);
        QCOMPARE(state(box.root), before);
    }

    void planSymlink()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/files/a.txt"_s, "a"));
        QVERIFY(box.write(u"pack/files/b.txt"_s, "b"));
        const ExecContext ctx = box.context(true);

        const Result<ExecStep> expanded =
            plan(symlinkAction(u"$GREX_PACK_ROOT/files/a.txt"_s, u"${HOME}/link"_s), ctx);
        QCOMPARE(outcome(expanded), u"would_perform_change"_s);
        QVERIFY2(expanded->message.contains(box.home + u"/link"_s), qPrintable(expanded->message));
        QVERIFY2(expanded->message.contains(box.inPack(u"files/a.txt"_s)),
                 qPrintable(expanded->message));

        const Result<ExecStep> missing =
            plan(symlinkAction(u"$GREX_TST_UNDEFINED_VAR/a"_s, u"link"_s), ctx);
        QCOMPARE(outcome(missing), u"pack_op/var_expand"_s);
        QCOMPARE(missing.error().details().value(u"field"_s).toString(), u"symlink.src"_s);
        const Result<ExecStep> missingDst =
            plan(symlinkAction(u"files/a.txt"_s, u"${GREX_TST_UNDEFINED_VAR}"_s), ctx);
        QCOMPARE(outcome(missingDst), u"pack_op/var_expand"_s);
        QCOMPARE(missingDst.error().details().value(u"field"_s).toString(), u"symlink.dst"_s);

        QVERIFY(QFile::link(box.inPack(u"files/a.txt"_s), box.home + u"/right"_s));
        QVERIFY(QFile::link(box.inPack(u"files/b.txt"_s), box.home + u"/wrong"_s));
        QCOMPARE(outcome(plan(symlinkAction(u"files/a.txt"_s, u"$HOME/right"_s), ctx)),
                 u"already_satisfied"_s);
        QCOMPARE(outcome(plan(symlinkAction(u"files/a.txt"_s, u"$HOME/wrong"_s), ctx)),
                 u"would_perform_change"_s);
    }

    void planEnv()
    {
        Sandbox box;
        ExecContext ctx = box.context(true);
        QCOMPARE(outcome(plan(envAction(u"GREX_TST_PLAN_A"_s, u"1"_s, u"session"_s), ctx)),
                 u"would_perform_change"_s);
        ctx.vars.insert(u"GREX_TST_PLAN_A"_s, u"1"_s);
        QCOMPARE(outcome(plan(envAction(u"GREX_TST_PLAN_A"_s, u"1"_s, u"session"_s), ctx)),
                 u"already_satisfied"_s);
        ctx.vars.insert(u"GREX_TST_PLAN_B"_s, box.home + u"/bin"_s);
        const Result<ExecStep> expanded =
            plan(envAction(u"GREX_TST_PLAN_B"_s, u"$HOME/bin"_s, u"session"_s), ctx);
        QCOMPARE(outcome(expanded), u"already_satisfied"_s);
        QVERIFY2(expanded->message.contains(box.home + u"/bin"_s), qPrintable(expanded->message));
        QCOMPARE(outcome(plan(envAction(u"GREX_TST_PLAN_B"_s, u"$NOPE_GREX"_s, u"session"_s), ctx)),
                 u"pack_op/var_expand"_s);

        QVERIFY(
            box.write(u"home/.profile"_s,
                      "# >>> grex:env >>>\nexport GREX_TST_PLAN_U='x y'\n# <<< grex:env <<<\n"));
        QCOMPARE(outcome(plan(envAction(u"GREX_TST_PLAN_U"_s, u"x y"_s, u"user"_s), ctx)),
                 u"already_satisfied"_s);
        QCOMPARE(outcome(plan(envAction(u"GREX_TST_PLAN_U"_s, u"z"_s, u"user"_s), ctx)),
                 u"would_perform_change"_s);
        QVERIFY(box.write(u"etc/environment"_s, "GREX_TST_PLAN_M=\"m\"\n"));
        QCOMPARE(outcome(plan(envAction(u"GREX_TST_PLAN_M"_s, u"m"_s, u"machine"_s), ctx)),
                 u"already_satisfied"_s);
        QCOMPARE(outcome(plan(envAction(u"GREX_TST_PLAN_M"_s, u"n"_s, u"machine"_s), ctx)),
                 u"would_perform_change"_s);
    }

    void planMkdirAndRmdir()
    {
        Sandbox box;
        QVERIFY(QDir().mkpath(box.inPack(u"there"_s)));
        const ExecContext ctx = box.context(true);
        QCOMPARE(outcome(plan(mkdirAction(u"there"_s), ctx)), u"already_satisfied"_s);
        QCOMPARE(outcome(plan(mkdirAction(u"not/yet"_s), ctx)), u"would_perform_change"_s);
        QCOMPARE(outcome(plan(rmdirAction(u"there"_s), ctx)), u"would_perform_change"_s);
        QCOMPARE(outcome(plan(rmdirAction(u"absent"_s), ctx)), u"already_satisfied"_s);
    }

    // A plan evaluates require as the apply does; on_fail error fails in plan too.
    void planRequire()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/present"_s, "x"));
        const ExecContext ctx = box.context(true);
        const auto present = std::vector<Predicate>{leaf(Kind::PathExists, u"present"_s)};
        const auto absent = std::vector<Predicate>{leaf(Kind::PathExists, u"absent"_s)};
        QCOMPARE(outcome(plan(requireAction(Kind::AllOf, present), ctx)), u"already_satisfied"_s);
        QCOMPARE(outcome(plan(requireAction(Kind::AllOf, absent), ctx)),
                 u"pack_op/require_failed"_s);
        const Result<ExecStep> skip = plan(requireAction(Kind::AllOf, absent, u"skip"_s), ctx);
        QCOMPARE(outcome(skip), u"noop"_s);
        QVERIFY(skip->skipRest);
        const Result<ExecStep> warn = plan(requireAction(Kind::AllOf, absent, u"warn"_s), ctx);
        QCOMPARE(outcome(warn), u"noop"_s);
        QVERIFY(!warn->skipRest);
    }

    void planWhen()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/present"_s, "x"));
        const ExecContext ctx = box.context(true);
        const auto before = state(box.root);
        QCOMPARE(outcome(plan(whenAction(u"linux"_s, {mkdirAction(u"gated"_s)}), ctx)),
                 u"would_perform_change"_s);
        QCOMPARE(outcome(plan(whenAction(u"windows"_s, {mkdirAction(u"gated"_s)}), ctx)),
                 u"noop"_s);
        QCOMPARE(outcome(plan(whenAction(u"linux"_s, {mkdirAction(u"gated"_s)},
                                         std::vector{leaf(Kind::PathExists, u"absent"_s)}),
                              ctx)),
                 u"noop"_s);
        QCOMPARE(outcome(plan(whenAction(u"linux"_s, {mkdirAction(u"gated"_s)},
                                         std::vector{leaf(Kind::PathExists, u"present"_s)}),
                              ctx)),
                 u"would_perform_change"_s);
        QCOMPARE(state(box.root), before);

        // Nested actions are planned, not applied, through the caller's registry.
        QStringList log;
        ActionRegistry registry;
        registerBuiltinActions(registry);
        registry.add(std::make_shared<RecordingAction>(u"probe"_s, &log));
        ExecContext custom = box.context(true);
        custom.actions = &registry;
        QCOMPARE(
            outcome(registry.run(whenAction(u"linux"_s, {make(u"probe"_s, ActionArgs())}), custom)),
            u"would_perform_change"_s);
        QCOMPARE(log, QStringList{u"plan:probe"_s});
    }

    void planExecBuildsTheCommandLine()
    {
        Sandbox box;
        ExecContext ctx = box.context(true);
        ctx.vars.insert(u"GREETING"_s, u"hello"_s);
        const Result<ExecStep> argv =
            plan(execAction({u"echo"_s, u"$GREETING"_s, u"x$${LITERAL}"_s, u"100%%"_s}), ctx);
        QCOMPARE(outcome(argv), u"would_perform_change"_s);
        QCOMPARE(argv->message, u"echo hello x${LITERAL} 100%"_s);
        const Result<ExecStep> shell = plan(shellAction(u"echo ${GREETING} > out.txt"_s), ctx);
        QCOMPARE(outcome(shell), u"would_perform_change"_s);
        QCOMPARE(shell->message, u"echo hello > out.txt"_s);
        QVERIFY(!QFileInfo::exists(box.inPack(u"out.txt"_s)));
        const Result<ExecStep> broken = plan(execAction({u"echo"_s, u"$NOPE_GREX"_s}), ctx);
        QCOMPARE(outcome(broken), u"pack_op/var_expand"_s);
        QCOMPARE(broken.error().details().value(u"field"_s).toString(), u"exec.cmd"_s);
        QCOMPARE(outcome(plan(shellAction(u"echo $NOPE_GREX"_s), ctx)), u"pack_op/var_expand"_s);
    }

    // ---- predicates ----------------------------------------------------------------------

    void predicatePathExists()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/files/a.txt"_s, "a"));
        QVERIFY(QFile::link(box.inPack(u"files/nowhere"_s), box.inPack(u"dangling"_s)));
        QVERIFY(QFile::link(box.inPack(u"files/a.txt"_s), box.inPack(u"good-link"_s)));
        const ExecContext ctx = box.context();
        const auto eval = [&](const QString &path) {
            return outcome(evaluatePredicate(leaf(Kind::PathExists, path), ctx, true));
        };
        QCOMPARE(eval(u"files/a.txt"_s), u"true"_s); // relative to the pack
        QCOMPARE(eval(box.inPack(u"files/a.txt"_s)), u"true"_s);
        QCOMPARE(eval(u"$GREX_PACK_ROOT/files"_s), u"true"_s);
        QCOMPARE(eval(u"files/missing"_s), u"false"_s);
        QCOMPARE(eval(u"good-link"_s), u"true"_s);
        QCOMPARE(eval(u"dangling"_s), u"false"_s);           // follows symlinks
        QCOMPARE(eval(u"$GREX_NOPE_UNSET/x"_s), u"false"_s); // expansion failure is false
    }

    void predicateCmdAvailable()
    {
        Sandbox box;
        const QString bin = box.at(u"bin"_s);
        QVERIFY(box.write(u"bin/grex-tool"_s, "#!/bin/sh\n"));
        QVERIFY(QFile::setPermissions(bin + u"/grex-tool"_s,
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QVERIFY(box.write(u"bin/grex-not-exec"_s, "data"));
        QVERIFY(QDir().mkpath(bin + u"/grex-a-dir"_s));
        ExecContext ctx = box.context();
        ctx.vars.insert(u"PATH"_s, box.at(u"nothing-here"_s) + u':' + bin);
        const auto eval = [&](const QString &name) {
            return outcome(evaluatePredicate(leaf(Kind::CmdAvailable, name), ctx, true));
        };
        QCOMPARE(eval(u"grex-tool"_s), u"true"_s);
        QCOMPARE(eval(u"grex-not-exec"_s), u"false"_s);
        QCOMPARE(eval(u"grex-a-dir"_s), u"false"_s);
        QCOMPARE(eval(u"grex-missing"_s), u"false"_s);
        QCOMPARE(eval(u"sh"_s), u"false"_s); // only the PATH of the VarEnv is searched
        ctx.vars.insert(u"TOOL"_s, u"grex-tool"_s);
        QCOMPARE(eval(u"$TOOL"_s), u"true"_s);
        QVERIFY(commandAvailable(u"grex-tool"_s, bin));
        QVERIFY(!commandAvailable(u"grex-tool"_s, QString()));
    }

    void predicateOs()
    {
        Sandbox box;
        ExecContext ctx = box.context();
        const auto eval = [&](const QString &os) {
            return outcome(evaluatePredicate(leaf(Kind::Os, os), ctx, true));
        };
        QCOMPARE(eval(u"linux"_s), u"true"_s);
        QCOMPARE(eval(u"windows"_s), u"false"_s);
        QCOMPARE(eval(u"macos"_s), u"false"_s);
        QCOMPARE(eval(u"unix"_s), u"true"_s);
        ctx.os = u"macos"_s;
        QCOMPARE(eval(u"macos"_s), u"true"_s);
        QCOMPARE(eval(u"unix"_s), u"true"_s);
        QCOMPARE(eval(u"linux"_s), u"false"_s);
    }

    void predicateCombiners_data()
    {
        QTest::addColumn<int>("tree");
        QTest::addColumn<QString>("expected");
        QTest::newRow("all_of true") << 0 << u"true"_s;
        QTest::newRow("all_of one false") << 1 << u"false"_s;
        QTest::newRow("any_of one true") << 2 << u"true"_s;
        QTest::newRow("any_of none true") << 3 << u"false"_s;
        QTest::newRow("none_of all false") << 4 << u"true"_s;
        QTest::newRow("none_of one true") << 5 << u"false"_s;
        QTest::newRow("empty all_of") << 6 << u"true"_s;
        QTest::newRow("empty any_of") << 7 << u"false"_s;
        QTest::newRow("empty none_of") << 8 << u"true"_s;
        QTest::newRow("depth 2 true") << 9 << u"true"_s;
        QTest::newRow("depth 2 false") << 10 << u"false"_s;
        QTest::newRow("depth 2 none_of inside any_of") << 11 << u"true"_s;
    }

    void predicateCombiners()
    {
        QFETCH(int, tree);
        QFETCH(QString, expected);
        Sandbox box;
        QVERIFY(box.write(u"pack/yes"_s, "x"));
        const Predicate yes = leaf(Kind::PathExists, u"yes"_s);
        const Predicate no = leaf(Kind::PathExists, u"no"_s);
        const Predicate onLinux = leaf(Kind::Os, u"linux"_s);
        const Predicate onWindows = leaf(Kind::Os, u"windows"_s);
        const std::vector<Predicate> trees = {
            combine(Kind::AllOf, {yes, onLinux}),
            combine(Kind::AllOf, {yes, no}),
            combine(Kind::AnyOf, {no, onWindows, yes}),
            combine(Kind::AnyOf, {no, onWindows}),
            combine(Kind::NoneOf, {no, onWindows}),
            combine(Kind::NoneOf, {no, yes}),
            combine(Kind::AllOf, {}),
            combine(Kind::AnyOf, {}),
            combine(Kind::NoneOf, {}),
            combine(Kind::AllOf,
                    {combine(Kind::AnyOf, {no, onLinux}), combine(Kind::NoneOf, {no, onWindows})}),
            combine(Kind::AllOf,
                    {combine(Kind::AnyOf, {no, onWindows}), combine(Kind::NoneOf, {no})}),
            combine(Kind::AnyOf, {combine(Kind::AllOf, {yes, no}),
                                  combine(Kind::NoneOf, {combine(Kind::AnyOf, {no, onWindows})})}),
        };
        const ExecContext ctx = box.context();
        QCOMPARE(outcome(evaluatePredicate(trees.at(size_t(tree)), ctx, true)), expected);
        // The same tree at the top of a require.
        RequireArgs args;
        args.combiner = trees.at(size_t(tree));
        ExecContext applyCtx = box.context();
        QCOMPARE(outcome(run(make(u"require"_s, args), applyCtx)),
                 expected == u"true" ? u"already_satisfied"_s : u"pack_op/require_failed"_s);
    }

    void predicateSymlinkOkAndPrivilege()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/files/a.txt"_s, "a"));
        QVERIFY(QFile::link(box.inPack(u"files/a.txt"_s), box.inPack(u"link"_s)));
        const ExecContext ctx = box.context();
        QCOMPARE(outcome(evaluatePredicate(leaf(Kind::SymlinkOk, u"files/a.txt"_s, u"link"_s), ctx,
                                           true)),
                 u"true"_s);
        QCOMPARE(outcome(evaluatePredicate(leaf(Kind::SymlinkOk, u"files/b.txt"_s, u"link"_s), ctx,
                                           true)),
                 u"false"_s);
        QCOMPARE(outcome(evaluatePredicate(
                     leaf(Kind::SymlinkOk, u"files/a.txt"_s, u"files/a.txt"_s), ctx, true)),
                 u"false"_s);
        QCOMPARE(outcome(evaluatePredicate(leaf(Kind::SymlinkPrivilege), ctx, true)), u"true"_s);
    }

    // reg_key / psversion are unsupported off Windows: strict at the top of require, false inside
    // nested combiners and in every `when` list.
    void unsupportedPredicates_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("name");
        QTest::newRow("reg_key") << int(Kind::RegKey) << u"reg_key"_s;
        QTest::newRow("psversion") << int(Kind::PsVersion) << u"psversion"_s;
    }

    void unsupportedPredicates()
    {
        QFETCH(int, kind);
        QFETCH(QString, name);
        Sandbox box;
        QVERIFY(box.write(u"pack/yes"_s, "x"));
        const Predicate unsupported =
            leaf(Kind(kind), kind == int(Kind::RegKey) ? u"HKLM\\SOFTWARE"_s : u">=5"_s);
        const Predicate yes = leaf(Kind::PathExists, u"yes"_s);
        ExecContext ctx = box.context();

        // Strict at the top level of require, in apply and in plan.
        const Result<ExecStep> strict = run(requireAction(Kind::AllOf, {unsupported}), ctx);
        QCOMPARE(outcome(strict), u"pack_op/predicate_not_supported"_s);
        QCOMPARE(strict.error().details().value(u"predicate"_s).toString(), name);
        QCOMPARE(strict.error().details().value(u"platform"_s).toString(), u"linux"_s);
        QCOMPARE(outcome(plan(requireAction(Kind::AllOf, {unsupported}), ctx)),
                 u"pack_op/predicate_not_supported"_s);
        QCOMPARE(outcome(run(requireAction(Kind::AnyOf, {unsupported}, u"warn"_s), ctx)),
                 u"pack_op/predicate_not_supported"_s);
        QCOMPARE(outcome(evaluatePredicate(unsupported, ctx, true)),
                 u"pack_op/predicate_not_supported"_s);
        QCOMPARE(outcome(evaluatePredicate(unsupported, ctx, false)), u"false"_s);

        // Tolerated (false) inside a nested any_of.
        QCOMPARE(outcome(run(requireAction(Kind::AllOf, {combine(Kind::AnyOf, {unsupported, yes})}),
                             ctx)),
                 u"already_satisfied"_s);
        QCOMPARE(
            outcome(run(requireAction(Kind::AllOf, {combine(Kind::AnyOf, {unsupported})}), ctx)),
            u"pack_op/require_failed"_s);
        QCOMPARE(
            outcome(run(requireAction(Kind::AllOf, {combine(Kind::NoneOf, {unsupported})}), ctx)),
            u"already_satisfied"_s);

        // `when` lists are tolerant at every level.
        QCOMPARE(outcome(run(whenAction(std::nullopt, {mkdirAction(u"any"_s)}, std::nullopt,
                                        std::vector{unsupported, leaf(Kind::Os, u"linux"_s)}),
                             ctx)),
                 u"performed_change"_s);
        QCOMPARE(
            outcome(run(whenAction(std::nullopt, {mkdirAction(u"all"_s)}, std::vector{unsupported}),
                        ctx)),
            u"noop"_s);
        QVERIFY(!QFileInfo::exists(box.inPack(u"all"_s)));
        QCOMPARE(outcome(run(whenAction(std::nullopt, {mkdirAction(u"none"_s)}, std::nullopt,
                                        std::nullopt, std::vector{unsupported}),
                             ctx)),
                 u"performed_change"_s);
    }

    // ---- mkdir ---------------------------------------------------------------------------

    void mkdirCreatesWithParentsAndIsIdempotent()
    {
        Sandbox box;
        ExecContext ctx = box.context();
        const Result<ExecStep> first = run(mkdirAction(u"a/b/c"_s), ctx);
        QCOMPARE(outcome(first), u"performed_change"_s);
        QVERIFY(QFileInfo(box.inPack(u"a/b/c"_s)).isDir());
        QCOMPARE(outcome(run(mkdirAction(u"a/b/c"_s), ctx)), u"already_satisfied"_s);
        QCOMPARE(outcome(run(mkdirAction(u"$HOME/made"_s), ctx)), u"performed_change"_s);
        QVERIFY(QFileInfo(box.home + u"/made"_s).isDir());
        QCOMPARE(outcome(run(mkdirAction(u"$GREX_NOPE_UNSET"_s), ctx)), u"pack_op/var_expand"_s);
        ctx.vars.insert(u"GREX_TST_EMPTY"_s, QString());
        QCOMPARE(outcome(run(mkdirAction(u"$GREX_TST_EMPTY"_s), ctx)), u"pack_op/invalid_path"_s);
        QCOMPARE(outcome(run(mkdirAction(QString()), ctx)), u"pack_op/invalid_path"_s);
    }

    void mkdirOnAFileIsPathConflict()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/afile"_s, "x"));
        ExecContext ctx = box.context();
        const auto before = state(box.root);
        const Result<ExecStep> r = run(mkdirAction(u"afile"_s), ctx);
        QCOMPARE(outcome(r), u"pack_op/path_conflict"_s);
        QCOMPARE(r.error().details().value(u"path"_s).toString(), box.inPack(u"afile"_s));
        QCOMPARE(r.error().details().value(u"reason"_s).toString(), u"exists as file"_s);
        QCOMPARE(state(box.root), before);
    }

    void mkdirAppliesMode()
    {
        Sandbox box;
        ExecContext ctx = box.context();
        QCOMPARE(outcome(run(mkdirAction(u"private"_s, u"700"_s), ctx)), u"performed_change"_s);
        QCOMPARE(modeOf(box.inPack(u"private"_s)), 0700u);
        QCOMPARE(outcome(run(mkdirAction(u"group/inner"_s, u"750"_s), ctx)), u"performed_change"_s);
        QCOMPARE(modeOf(box.inPack(u"group/inner"_s)), 0750u);
        QCOMPARE(outcome(run(mkdirAction(u"bad"_s, u"9z"_s), ctx)), u"pack_op/invalid_path"_s);
    }

    // ---- rmdir ---------------------------------------------------------------------------

    void rmdirBehaviour()
    {
        Sandbox box;
        QVERIFY(QDir().mkpath(box.inPack(u"empty"_s)));
        QVERIFY(box.write(u"pack/full/sub/inner.txt"_s, "x"));
        QVERIFY(box.write(u"pack/kept/inner.txt"_s, "x"));
        ExecContext ctx = box.context();

        QCOMPARE(outcome(run(rmdirAction(u"absent"_s), ctx)), u"noop"_s);
        QCOMPARE(outcome(run(rmdirAction(u"empty"_s), ctx)), u"performed_change"_s);
        QVERIFY(!QFileInfo::exists(box.inPack(u"empty"_s)));

        const auto before = state(box.root);
        const Result<ExecStep> notEmpty = run(rmdirAction(u"kept"_s), ctx);
        QCOMPARE(outcome(notEmpty), u"pack_op/rmdir_not_empty"_s);
        QCOMPARE(notEmpty.error().details().value(u"path"_s).toString(), box.inPack(u"kept"_s));
        QVERIFY(!notEmpty.error().hint().isEmpty());
        QCOMPARE(state(box.root), before);

        QCOMPARE(outcome(run(rmdirAction(u"full"_s, false, true), ctx)), u"performed_change"_s);
        QVERIFY(!QFileInfo::exists(box.inPack(u"full"_s)));
        QCOMPARE(outcome(run(rmdirAction(u"full"_s, false, true), ctx)), u"noop"_s);
    }

    void rmdirBackupRenames()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/old/inner.txt"_s, "precious"));
        ExecContext ctx = box.context();
        QCOMPARE(outcome(run(rmdirAction(u"old"_s, true), ctx)), u"performed_change"_s);
        QVERIFY(!QFileInfo::exists(box.inPack(u"old"_s)));
        const QStringList entries =
            QDir(box.pack).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
        QCOMPARE(entries.size(), 1);
        static const QRegularExpression backupName(u"^old\\.grex\\.bak\\.\\d+$"_s);
        QVERIFY2(backupName.match(entries.first()).hasMatch(), qPrintable(entries.first()));
        QCOMPARE(Test::readFile(box.inPack(entries.first() + u"/inner.txt"_s)),
                 QByteArray("precious"));
        QCOMPARE(outcome(run(rmdirAction(u"old"_s, true), ctx)), u"noop"_s);
    }

    // ---- symlink / unlink ----------------------------------------------------------------

    void symlinkCreatesAndIsIdempotent()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/files/hello.txt"_s, "hello"));
        ExecContext ctx = box.context();
        const QString dst = box.home + u"/hello.txt"_s;
        const Action action = symlinkAction(box.inPack(u"files/hello.txt"_s), u"$HOME/hello.txt"_s);
        QCOMPARE(outcome(run(action, ctx)), u"performed_change"_s);
        QVERIFY(isSymlink(dst));
        QCOMPARE(linkTarget(dst), box.inPack(u"files/hello.txt"_s));
        QCOMPARE(Test::readFile(dst), QByteArray("hello"));
        const auto once = state(box.root);
        QCOMPARE(outcome(run(action, ctx)), u"already_satisfied"_s);
        QCOMPARE(state(box.root), once);
    }

    // A relative src (and dst) resolves against the pack directory, not the cwd or the
    // directory of dst (docs/design.md, "Relative paths in actions").
    void symlinkRelativeSrcResolvesAgainstThePack()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/files/hello.txt"_s, "hello"));
        QVERIFY(QDir().mkpath(box.inPack(u"conf"_s)));
        ExecContext ctx = box.context();
        QCOMPARE(outcome(run(symlinkAction(u"files/hello.txt"_s, u"$HOME/hello.txt"_s), ctx)),
                 u"performed_change"_s);
        QCOMPARE(Test::readFile(box.home + u"/hello.txt"_s), QByteArray("hello"));
        QCOMPARE(QFileInfo(box.home + u"/hello.txt"_s).canonicalFilePath(),
                 box.inPack(u"files/hello.txt"_s));
        QCOMPARE(outcome(run(symlinkAction(u"files/./x/../hello.txt"_s, u"conf/hello"_s), ctx)),
                 u"performed_change"_s);
        QCOMPARE(Test::readFile(box.inPack(u"conf/hello"_s)), QByteArray("hello"));
        QCOMPARE(linkTarget(box.inPack(u"conf/hello"_s)), box.inPack(u"files/hello.txt"_s));
        QCOMPARE(outcome(run(symlinkAction(u"files/hello.txt"_s, u"conf/hello"_s), ctx)),
                 u"already_satisfied"_s);
    }

    // normalize: false keeps the paths as written; a second run must still see its own link.
    void symlinkWithoutNormalizeIsIdempotent()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/files/hello.txt"_s, "hello"));
        ExecContext ctx = box.context();
        const Action action =
            symlinkAction(u"files/../files/hello.txt"_s, u"$HOME/raw"_s, false, false);
        QCOMPARE(outcome(run(action, ctx)), u"performed_change"_s);
        QCOMPARE(Test::readFile(box.home + u"/raw"_s), QByteArray("hello"));
        const Result<ExecStep> second = run(action, ctx);
        QVERIFY2(outcome(second) == u"already_satisfied", qPrintable(why(second)));
        QCOMPARE(outcome(plan(action, ctx)), u"already_satisfied"_s);
    }

    void symlinkOccupiedWithoutBackupFails()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/files/a.txt"_s, "a"));
        QVERIFY(box.write(u"pack/files/b.txt"_s, "b"));
        QVERIFY(box.write(u"home/occupied"_s, "mine"));
        QVERIFY(QFile::link(box.inPack(u"files/b.txt"_s), box.home + u"/elsewhere"_s));
        ExecContext ctx = box.context();
        const auto before = state(box.root);
        const Result<ExecStep> r = run(symlinkAction(u"files/a.txt"_s, u"$HOME/occupied"_s), ctx);
        QCOMPARE(outcome(r), u"pack_op/symlink_dest_occupied"_s);
        QCOMPARE(r.error().details().value(u"dst"_s).toString(), box.home + u"/occupied"_s);
        QVERIFY(!r.error().hint().isEmpty());
        QCOMPARE(outcome(run(symlinkAction(u"files/a.txt"_s, u"$HOME/elsewhere"_s), ctx)),
                 u"pack_op/symlink_dest_occupied"_s);
        QCOMPARE(state(box.root), before);
    }

    void symlinkBackupMovesTheOldEntry()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/files/a.txt"_s, "a"));
        QVERIFY(box.write(u"home/dst"_s, "first"));
        ExecContext ctx = box.context();
        const QString dst = box.home + u"/dst"_s;
        const QString bak = dst + u".grex.bak"_s;
        const Action action = symlinkAction(u"files/a.txt"_s, u"$HOME/dst"_s, true);
        QCOMPARE(outcome(run(action, ctx)), u"performed_change"_s);
        QVERIFY(isSymlink(dst));
        QCOMPARE(Test::readFile(bak), QByteArray("first"));
        QCOMPARE(outcome(run(action, ctx)), u"already_satisfied"_s);
        QCOMPARE(Test::readFile(bak), QByteArray("first"));

        // A second backup replaces the stale .grex.bak.
        QVERIFY(QFile::remove(dst));
        QVERIFY(box.write(u"home/dst"_s, "second"));
        QCOMPARE(outcome(run(action, ctx)), u"performed_change"_s);
        QCOMPARE(Test::readFile(bak), QByteArray("second"));
        QVERIFY(isSymlink(dst));

        // A stale backup that is a whole tree is replaced as well; a directory dst moves too.
        QVERIFY(QFile::remove(dst));
        QVERIFY(QFile::remove(bak));
        QVERIFY(box.write(u"home/dst.grex.bak/deep/old.txt"_s, "stale"));
        QVERIFY(box.write(u"home/dst/inner.txt"_s, "dir content"));
        QCOMPARE(outcome(run(action, ctx)), u"performed_change"_s);
        QVERIFY(isSymlink(dst));
        QCOMPARE(Test::readFile(bak + u"/inner.txt"_s), QByteArray("dir content"));
        QVERIFY(!QFileInfo::exists(bak + u"/deep"_s));

        // A link to the wrong target is occupied too and is backed up.
        QVERIFY(box.write(u"pack/files/b.txt"_s, "b"));
        QCOMPARE(outcome(run(symlinkAction(u"files/b.txt"_s, u"$HOME/dst"_s, true), ctx)),
                 u"performed_change"_s);
        QCOMPARE(linkTarget(dst), box.inPack(u"files/b.txt"_s));
        QCOMPARE(linkTarget(bak), box.inPack(u"files/a.txt"_s));
    }

    // When the link cannot be created after the backup, the original is moved back.
    void symlinkRollsBackWhenCreationFails()
    {
        Sandbox box;
        QVERIFY(box.write(u"home/dst"_s, "original"));
        ExecContext ctx = box.context();
        const QString tooLong = u"/x/"_s + QString(5000, u'a'); // over PATH_MAX: ENAMETOOLONG
        const auto before = state(box.root);
        const Result<ExecStep> r = run(symlinkAction(tooLong, u"$HOME/dst"_s, true), ctx);
        QVERIFY2(!r.ok(), qPrintable(why(r)));
        QCOMPARE(outcome(r), u"pack_op/fs_io"_s);
        QCOMPARE(Test::readFile(box.home + u"/dst"_s), QByteArray("original"));
        QVERIFY(!QFileInfo::exists(box.home + u"/dst.grex.bak"_s));
        QCOMPARE(state(box.root), before);
    }

    void symlinkMissingParentIsFsIo()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/files/a.txt"_s, "a"));
        ExecContext ctx = box.context();
        const Result<ExecStep> r =
            run(symlinkAction(u"files/a.txt"_s, u"$HOME/no/such/dir/link"_s), ctx);
        QCOMPARE(outcome(r), u"pack_op/fs_io"_s);
        QCOMPARE(r.error().details().value(u"op"_s).toString(), u"symlink"_s);
        QVERIFY(!QFileInfo::exists(box.home + u"/no"_s)); // no implicit mkdir
    }

    void unlinkRemovesOnlySymlinks()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/files/a.txt"_s, "a"));
        QVERIFY(box.write(u"home/regular"_s, "keep me"));
        QVERIFY(QDir().mkpath(box.home + u"/adir"_s));
        ExecContext ctx = box.context();
        QCOMPARE(outcome(run(symlinkAction(u"files/a.txt"_s, u"$HOME/link"_s), ctx)),
                 u"performed_change"_s);
        QCOMPARE(outcome(plan(unlinkAction(u"$HOME/link"_s), ctx)), u"would_perform_change"_s);
        QVERIFY(isSymlink(box.home + u"/link"_s));
        QCOMPARE(outcome(run(unlinkAction(u"$HOME/link"_s), ctx)), u"performed_change"_s);
        QVERIFY(!isSymlink(box.home + u"/link"_s));
        QVERIFY(QFileInfo::exists(box.inPack(u"files/a.txt"_s))); // the target stays
        QCOMPARE(outcome(run(unlinkAction(u"$HOME/link"_s), ctx)), u"noop"_s);
        QCOMPARE(outcome(run(unlinkAction(u"$HOME/regular"_s), ctx)), u"noop"_s);
        QCOMPARE(Test::readFile(box.home + u"/regular"_s), QByteArray("keep me"));
        QCOMPARE(outcome(run(unlinkAction(u"$HOME/adir"_s), ctx)), u"noop"_s);
        QVERIFY(QFileInfo(box.home + u"/adir"_s).isDir());
    }

    // ---- env -----------------------------------------------------------------------------

    void envSessionSetsProcessAndPackEnvironment()
    {
        Sandbox box;
        const QString name = u"GREX_TST_SESSION_%1"_s.arg(QCoreApplication::applicationPid());
        const QByteArray nativeName = name.toLatin1();
        ExecContext ctx = box.context();
        QCOMPARE(outcome(run(envAction(name, u"$HOME/bin"_s, u"session"_s), ctx)),
                 u"performed_change"_s);
        QCOMPARE(qEnvironmentVariable(nativeName.constData()), box.home + u"/bin"_s);
        QCOMPARE(ctx.vars.value(name), std::optional<QString>(box.home + u"/bin"_s));
        QCOMPARE(outcome(run(envAction(name, u"$HOME/bin"_s, u"session"_s), ctx)),
                 u"already_satisfied"_s);
        // A later action of the pack sees it, both through expansion and as a child's variable.
        const QString out = box.at(u"seen.txt"_s);
        QCOMPARE(outcome(run(execAction({u"sh"_s, u"-c"_s,
                                         u"printf '%%s|%%s' \"$$"_s + name + u"\" \"$"_s + name +
                                             u"\" > '"_s + out + u"'"_s}),
                             ctx)),
                 u"performed_change"_s);
        QCOMPARE(QString::fromUtf8(Test::readFile(out)),
                 box.home + u"/bin|"_s + box.home + u"/bin"_s);
        qunsetenv(nativeName.constData());
    }

    void envUserWritesTheManagedProfileBlock()
    {
        Sandbox box;
        const QByteArray original = "# my profile\nexport EDITOR=vi\n";
        QVERIFY(box.write(u"home/.profile"_s, original));
        ExecContext ctx = box.context();
        const QString profile = box.home + u"/.profile"_s;

        QCOMPARE(outcome(run(envAction(u"GREX_TST_A"_s, u"alpha"_s, u"user"_s), ctx)),
                 u"performed_change"_s);
        QByteArray content = Test::readFile(profile);
        QVERIFY2(content.startsWith(original), content.constData());
        QVERIFY2(content.contains("# >>> grex:env >>>\nexport GREX_TST_A='alpha'\n"
                                  "# <<< grex:env <<<"),
                 content.constData());

        const QByteArray once = Test::readFile(profile);
        QCOMPARE(outcome(run(envAction(u"GREX_TST_A"_s, u"alpha"_s, u"user"_s), ctx)),
                 u"already_satisfied"_s);
        QCOMPARE(Test::readFile(profile), once);

        QCOMPARE(outcome(run(envAction(u"GREX_TST_B"_s, u"$HOME/b"_s, u"user"_s), ctx)),
                 u"performed_change"_s);
        QCOMPARE(outcome(run(envAction(u"GREX_TST_A"_s, u"changed"_s, u"user"_s), ctx)),
                 u"performed_change"_s);
        content = Test::readFile(profile);
        QVERIFY(content.startsWith(original));
        QCOMPARE(content.count("export GREX_TST_A="), 1);
        QVERIFY(content.contains("export GREX_TST_A='changed'"));
        QVERIFY(content.contains(QByteArray("export GREX_TST_B='" + box.home.toUtf8() + "/b'")));
        QCOMPARE(content.count("# >>> grex:env >>>"), 1);

        // A shell sourcing the profile sees the values.
        QCOMPARE(sourcedValue(box.home, u"GREX_TST_A"_s), u"changed"_s);
        QCOMPARE(sourcedValue(box.home, u"GREX_TST_B"_s), box.home + u"/b"_s);
        QCOMPARE(sourcedValue(box.home, u"EDITOR"_s), u"vi"_s);
    }

    void envUserQuotingRoundTrips_data()
    {
        QTest::addColumn<QString>("value");
        QTest::newRow("single quote") << u"it's"_s;
        QTest::newRow("quotes everywhere") << u"'a' \"b\" '"_s;
        QTest::newRow("shell specials") << u"$(rm -rf /) `x` \\ ; & | * ~"_s;
        QTest::newRow("escaped quote sequence") << u"'\\''"_s;
        QTest::newRow("spaces") << u"  two  spaces  "_s;
        QTest::newRow("empty") << QString();
        QTest::newRow("non-ASCII") << u"grüße 日本"_s;
    }

    void envUserQuotingRoundTrips()
    {
        QFETCH(QString, value);
        Sandbox box;
        ExecContext ctx = box.context();
        const Action action = envAction(u"GREX_TST_Q"_s, escapeForExpansion(value), u"user"_s);
        QCOMPARE(outcome(run(action, ctx)), u"performed_change"_s);
        const QByteArray once = Test::readFile(box.home + u"/.profile"_s);
        const Result<ExecStep> second = run(action, ctx);
        QVERIFY2(outcome(second) == u"already_satisfied", qPrintable(why(second)));
        QCOMPARE(Test::readFile(box.home + u"/.profile"_s), once);
        QCOMPARE(sourcedValue(box.home, u"GREX_TST_Q"_s), value);
    }

    void envMachineWritesTheEnvironmentFile()
    {
        Sandbox box;
        QVERIFY(box.write(u"etc/environment"_s, "PATH=\"/usr/bin:/bin\"\nLANG=C.UTF-8\n"));
        ExecContext ctx = box.context();
        const QString file = box.etc + u"/environment"_s;
        QCOMPARE(outcome(run(envAction(u"GREX_TST_M"_s, u"value one"_s, u"machine"_s), ctx)),
                 u"performed_change"_s);
        QCOMPARE(Test::readFile(file),
                 QByteArray("PATH=\"/usr/bin:/bin\"\nLANG=C.UTF-8\nGREX_TST_M=\"value one\"\n"));
        QCOMPARE(outcome(run(envAction(u"GREX_TST_M"_s, u"value one"_s, u"machine"_s), ctx)),
                 u"already_satisfied"_s);
        QCOMPARE(outcome(run(envAction(u"GREX_TST_M"_s, u"two"_s, u"machine"_s), ctx)),
                 u"performed_change"_s);
        QCOMPARE(Test::readFile(file),
                 QByteArray("PATH=\"/usr/bin:/bin\"\nLANG=C.UTF-8\nGREX_TST_M=\"two\"\n"));

        // A file that does not exist yet is created.
        ctx.machineEnvironmentFile = box.etc + u"/fresh"_s;
        QCOMPARE(outcome(run(envAction(u"GREX_TST_M"_s, u"v"_s, u"machine"_s), ctx)),
                 u"performed_change"_s);
        QCOMPARE(Test::readFile(box.etc + u"/fresh"_s), QByteArray("GREX_TST_M=\"v\"\n"));
    }

    void envMachineUnwritableIsDenied()
    {
        Sandbox box;
        QVERIFY(box.write(u"etc/not-a-dir"_s, "x"));
        ExecContext ctx = box.context();
        ctx.machineEnvironmentFile = box.etc + u"/not-a-dir/environment"_s;
        const Result<ExecStep> r = run(envAction(u"GREX_TST_M"_s, u"v"_s, u"machine"_s), ctx);
        QCOMPARE(outcome(r), u"pack_op/env_persistence_denied"_s);
        QCOMPARE(r.error().details().value(u"scope"_s).toString(), u"machine"_s);
    }

    // ---- require -------------------------------------------------------------------------

    void requireOutcomes()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/present"_s, "x"));
        ExecContext ctx = box.context();
        const auto present = std::vector<Predicate>{leaf(Kind::PathExists, u"present"_s)};
        const auto absent = std::vector<Predicate>{leaf(Kind::PathExists, u"absent"_s)};
        QCOMPARE(outcome(run(requireAction(Kind::AllOf, present), ctx)), u"already_satisfied"_s);
        QCOMPARE(outcome(run(requireAction(Kind::NoneOf, absent), ctx)), u"already_satisfied"_s);
        const Result<ExecStep> failed = run(requireAction(Kind::AllOf, absent), ctx);
        QCOMPARE(outcome(failed), u"pack_op/require_failed"_s);
        QCOMPARE(failed.error().details().value(u"pack"_s).toString(), u"pack"_s);
        QCOMPARE(outcome(run(requireAction(Kind::AnyOf, absent), ctx)),
                 u"pack_op/require_failed"_s);

        // on_fail: skip asks the caller to skip the rest of the pack.
        const Result<ExecStep> skip = run(requireAction(Kind::AllOf, absent, u"skip"_s), ctx);
        QCOMPARE(outcome(skip), u"noop"_s);
        QVERIFY(skip->skipRest);
        const Result<ExecStep> warn = run(requireAction(Kind::AllOf, absent, u"warn"_s), ctx);
        QCOMPARE(outcome(warn), u"noop"_s);
        QVERIFY(!warn->skipRest);
        const Result<ExecStep> satisfiedSkip =
            run(requireAction(Kind::AllOf, present, u"skip"_s), ctx);
        QCOMPARE(outcome(satisfiedSkip), u"already_satisfied"_s);
        QVERIFY(!satisfiedSkip->skipRest);
    }

    // ---- when ----------------------------------------------------------------------------

    void whenGatesNestedActions()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/present"_s, "x"));
        ExecContext ctx = box.context();
        const Predicate present = leaf(Kind::PathExists, u"present"_s);
        const Predicate absent = leaf(Kind::PathExists, u"absent"_s);

        QCOMPARE(outcome(run(whenAction(u"windows"_s, {mkdirAction(u"win"_s)}), ctx)), u"noop"_s);
        QVERIFY(!QFileInfo::exists(box.inPack(u"win"_s)));
        QCOMPARE(outcome(run(whenAction(u"linux"_s, {mkdirAction(u"lin"_s)}), ctx)),
                 u"performed_change"_s);
        QVERIFY(QFileInfo(box.inPack(u"lin"_s)).isDir());
        QCOMPARE(outcome(run(whenAction(std::nullopt, {mkdirAction(u"always"_s)}), ctx)),
                 u"performed_change"_s);

        // Conjunction: os AND all_of AND any_of AND none_of.
        struct Gate
        {
            std::optional<QString> os;
            std::optional<std::vector<Predicate>> allOf, anyOf, noneOf;
            bool open;
        };
        const std::vector<Gate> gates = {
            {u"linux"_s, std::vector{present}, std::nullopt, std::nullopt, true},
            {u"linux"_s, std::vector{absent}, std::nullopt, std::nullopt, false},
            {u"windows"_s, std::vector{present}, std::nullopt, std::nullopt, false},
            {std::nullopt, std::vector{present}, std::vector{absent, present}, std::nullopt, true},
            {std::nullopt, std::vector{present}, std::vector{absent}, std::nullopt, false},
            {std::nullopt, std::nullopt, std::nullopt, std::vector{absent}, true},
            {std::nullopt, std::nullopt, std::nullopt, std::vector{present}, false},
            {u"linux"_s, std::vector{present}, std::vector{present}, std::vector{present}, false},
            {u"linux"_s, std::vector{present}, std::vector{present}, std::vector{absent}, true},
        };
        int i = 0;
        for (const Gate &gate : gates) {
            const QString dir = u"gate-%1"_s.arg(i++);
            const Result<ExecStep> r = run(
                whenAction(gate.os, {mkdirAction(dir)}, gate.allOf, gate.anyOf, gate.noneOf), ctx);
            QVERIFY2(outcome(r) == (gate.open ? u"performed_change"_s : u"noop"_s),
                     qPrintable(dir + u": "_s + why(r)));
            QCOMPARE(QFileInfo::exists(box.inPack(dir)), gate.open);
        }
    }

    // A taken branch reports performed_change only when a nested action changed something;
    // the second run of a when-wrapped mkdir is already_satisfied.
    void whenAggregatesNestedResults()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/files/a.txt"_s, "a"));
        ExecContext ctx = box.context();
        const Action action = whenAction(
            u"linux"_s, {mkdirAction(u"made"_s), symlinkAction(u"files/a.txt"_s, u"made/link"_s),
                         rmdirAction(u"never-there"_s)});
        QCOMPARE(outcome(run(action, ctx)), u"performed_change"_s);
        QVERIFY(isSymlink(box.inPack(u"made/link"_s)));
        const auto once = state(box.root);
        QCOMPARE(outcome(run(action, ctx)), u"already_satisfied"_s);
        QCOMPARE(outcome(plan(action, ctx)), u"already_satisfied"_s);
        QCOMPARE(state(box.root), once);
        // A branch whose nested actions are all noop is still already_satisfied.
        QCOMPARE(outcome(run(whenAction(u"linux"_s, {rmdirAction(u"absent"_s)}), ctx)),
                 u"already_satisfied"_s);
        QCOMPARE(outcome(run(whenAction(u"linux"_s, {}), ctx)), u"already_satisfied"_s);
    }

    // Nested actions go through the caller's registry (a replaced "symlink" plugin is used).
    void whenRoutesThroughTheCallersRegistry()
    {
        Sandbox box;
        QStringList log;
        ActionRegistry registry;
        registerBuiltinActions(registry);
        registry.add(std::make_shared<RecordingAction>(u"symlink"_s, &log));
        registry.add(std::make_shared<RecordingAction>(u"probe"_s, &log));
        ExecContext ctx = box.context();
        ctx.actions = &registry;
        const Action action =
            whenAction(u"linux"_s, {symlinkAction(u"files/a.txt"_s, u"link"_s),
                                    make(u"probe"_s, ActionArgs()), mkdirAction(u"real"_s)});
        QCOMPARE(outcome(registry.run(action, ctx)), u"performed_change"_s);
        QCOMPARE(log, (QStringList{u"apply:symlink"_s, u"apply:probe"_s}));
        QVERIFY(!isSymlink(box.inPack(u"link"_s)));
        QVERIFY(QFileInfo(box.inPack(u"real"_s)).isDir());

        // An action the caller's registry does not know fails the branch.
        ActionRegistry bare;
        // Borrow the built-in `when` without owning it.
        bare.add(std::shared_ptr<const ActionPlugin>(builtinActions().get(u"when"_s),
                                                     [](const ActionPlugin *) {}));
        ExecContext bareCtx = box.context();
        bareCtx.actions = &bare;
        QCOMPARE(outcome(bare.run(whenAction(u"linux"_s, {mkdirAction(u"x"_s)}), bareCtx)),
                 u"plugin_missing/unknown_action"_s);
        QVERIFY(!QFileInfo::exists(box.inPack(u"x"_s)));
    }

    // A nested failure halts the branch; a nested require skip stops it and propagates.
    void whenNestedFailureAndSkip()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/afile"_s, "x"));
        ExecContext ctx = box.context();
        QCOMPARE(outcome(run(whenAction(u"linux"_s,
                                        {mkdirAction(u"afile"_s), mkdirAction(u"after-error"_s)}),
                             ctx)),
                 u"pack_op/path_conflict"_s);
        QVERIFY(!QFileInfo::exists(box.inPack(u"after-error"_s)));

        const Result<ExecStep> skipped = run(
            whenAction(u"linux"_s, {requireAction(Kind::AllOf,
                                                  {leaf(Kind::PathExists, u"absent"_s)}, u"skip"_s),
                                    mkdirAction(u"after-skip"_s)}),
            ctx);
        QVERIFY2(skipped.ok(), qPrintable(why(skipped)));
        QVERIFY(skipped->skipRest);
        QVERIFY(!QFileInfo::exists(box.inPack(u"after-skip"_s)));
    }

    // ---- exec ----------------------------------------------------------------------------

    void execArgvSuccess()
    {
        Sandbox box;
        ExecContext ctx = box.context();
        const Result<ExecStep> r = runGuarded(execAction({u"true"_s}), ctx);
        QCOMPARE(outcome(r), u"performed_change"_s);
        QCOMPARE(r->message, u"true"_s);
        // stdin is /dev/null: cat ends at once instead of waiting for input.
        QCOMPARE(outcome(runGuarded(execAction({u"cat"_s}), ctx, 10000)), u"performed_change"_s);
    }

    // The default working directory is the pack directory; cwd is relative to it.
    void execDefaultCwdIsThePack()
    {
        Sandbox box;
        QVERIFY(QDir().mkpath(box.inPack(u"sub"_s)));
        ExecContext ctx = box.context();
        const QString out = box.at(u"pwd.txt"_s);
        QCOMPARE(outcome(runGuarded(execAction({u"sh"_s, u"-c"_s, u"pwd -P > '"_s + out + u"'"_s}),
                                    ctx)),
                 u"performed_change"_s);
        QCOMPARE(QString::fromUtf8(Test::readFile(out)).trimmed(), box.pack);

        ExecArgs args;
        args.cmd = QStringList{u"sh"_s, u"-c"_s, u"pwd -P > '"_s + out + u"'"_s};
        args.cwd = u"sub"_s;
        QCOMPARE(outcome(runGuarded(make(u"exec"_s, args), ctx)), u"performed_change"_s);
        QCOMPARE(QString::fromUtf8(Test::readFile(out)).trimmed(), box.inPack(u"sub"_s));
    }

    void execNonZero()
    {
        Sandbox box;
        ExecContext ctx = box.context();
        const QStringList failing = {u"sh"_s, u"-c"_s, u"echo out; echo boom >&2; exit 3"_s};
        const Result<ExecStep> error = runGuarded(execAction(failing), ctx);
        QCOMPARE(outcome(error), u"pack_op/exec_non_zero"_s);
        const JsonObject details = error.error().details();
        QCOMPARE(details.value(u"status"_s).toInteger(), 3);
        QVERIFY(details.value(u"command"_s).toString().startsWith(u"sh -c"_s));
        QCOMPARE(details.value(u"stderr"_s).toString().trimmed(), u"boom"_s);
        // The message says why: what the command said last on stderr.
        QCOMPARE(error.error().message().text(),
                 u"exec exited with status 3: sh -c echo out; echo boom >&2; exit 3; its stderr "
                 "ends with: boom"_s);
        const Result<ExecStep> longer = runGuarded(
            shellAction(u"printf 'one\\n\\ntwo\\nthree\\nfour\\n' >&2; exit 1"_s), ctx);
        QVERIFY(longer.error().message().text().endsWith(u"ends with: two; three; four"_s));
        const Result<ExecStep> silent = runGuarded(shellAction(u"exit 5"_s), ctx);
        QVERIFY(silent.error().message().text().endsWith(u"exit 5"_s));

        QCOMPARE(outcome(runGuarded(execAction(failing, u"warn"_s), ctx)), u"performed_change"_s);
        QCOMPARE(outcome(runGuarded(execAction(failing, u"ignore"_s), ctx)), u"noop"_s);
        QCOMPARE(outcome(runGuarded(shellAction(u"exit 1"_s, u"ignore"_s), ctx)), u"noop"_s);
    }

    // The stderr in ExecNonZero is the last 2048 bytes.
    void execNonZeroKeepsTheStderrTail()
    {
        Sandbox box;
        ExecContext ctx = box.context();
        const Result<ExecStep> r = runGuarded(
            shellAction(u"head -c 6000 /dev/zero | tr '\\0' y >&2; printf END >&2; exit 2"_s), ctx);
        QCOMPARE(outcome(r), u"pack_op/exec_non_zero"_s);
        const QString tail = r.error().details().value(u"stderr"_s).toString();
        QVERIFY2(tail.size() <= 2048, qPrintable(QString::number(tail.size())));
        QVERIFY(tail.size() >= 2000);
        QVERIFY(tail.endsWith(u"yyyEND"_s));
    }

    void execShellForm()
    {
        Sandbox box;
        ExecContext ctx = box.context();
        ctx.vars.insert(u"GREETING"_s, u"hello"_s);
        const Result<ExecStep> r = runGuarded(
            shellAction(u"echo $GREETING > shell.txt && echo $${0##*/} >> shell.txt"_s), ctx);
        QCOMPARE(outcome(r), u"performed_change"_s);
        QCOMPARE(Test::readFile(box.inPack(u"shell.txt"_s)), QByteArray("hello\nsh\n"));
    }

    void execForwardsTheEnvMap()
    {
        Sandbox box;
        ExecContext ctx = box.context();
        const QString out = box.at(u"env.txt"_s);
        ExecArgs args;
        args.cmd = QStringList{u"sh"_s, u"-c"_s,
                               u"printf '%%s|%%s|%%s' \"$$GREX_TST_FWD\" \"$$HOME\" "
                               u"\"$$GREX_PACK_ROOT\" > '"_s +
                                   out + u"'"_s};
        args.env.insert(u"GREX_TST_FWD"_s, u"v-$HOME"_s);
        QCOMPARE(outcome(runGuarded(make(u"exec"_s, args), ctx)), u"performed_change"_s);
        QCOMPARE(QString::fromUtf8(Test::readFile(out)),
                 u"v-"_s + box.home + u'|' + box.home + u'|' + box.pack);
        args.env.insert(u"GREX_TST_FWD"_s, u"$GREX_NOPE_UNSET"_s);
        QCOMPARE(outcome(runGuarded(make(u"exec"_s, args), ctx)), u"pack_op/var_expand"_s);
    }

    void execSpawnFailure()
    {
        Sandbox box;
        ExecContext ctx = box.context();
        QCOMPARE(outcome(runGuarded(execAction({u"/nonexistent/grex-no-such-program"_s}), ctx)),
                 u"pack_op/exec_spawn_failed"_s);
        QCOMPARE(outcome(runGuarded(execAction({u"grex-no-such-program-on-path"_s}), ctx)),
                 u"pack_op/exec_spawn_failed"_s);
        QCOMPARE(outcome(runGuarded(make(u"exec"_s, ExecArgs{}), ctx)), u"pack_op/exec_invalid"_s);
    }

    // A stop cancels a running exec, the whole process group goes.
    void execCancellationKillsTheGroup_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("boundMs");
        QTest::newRow("exec sleep") << u"echo $$$$ > 'PIDFILE'; exec sleep 30"_s << 3000;
        QTest::newRow("background child") << u"sleep 30 & echo $$! > 'PIDFILE'; wait"_s << 3000;
        QTest::newRow("child ignores SIGTERM")
            << u"trap '' TERM; sleep 30 & echo $$! > 'PIDFILE'; wait"_s << 6000;
    }

    void execCancellationKillsTheGroup()
    {
        QFETCH(QString, script);
        QFETCH(int, boundMs);
        Sandbox box;
        const QString pidFile = box.at(u"child.pid"_s);
        script.replace(u"PIDFILE"_s, pidFile);
        ExecContext ctx = box.context();
        std::stop_source source;
        ctx.stop = source.get_token();
        QElapsedTimer sinceStop;
        std::atomic<bool> aliveBeforeStop{false};
        std::thread canceller([&] {
            waitFor([&] { return !Test::readFile(pidFile).trimmed().isEmpty(); }, 10000);
            std::this_thread::sleep_for(100ms);
            aliveBeforeStop = processAlive(Test::readFile(pidFile).trimmed().toLongLong());
            sinceStop.start();
            source.request_stop();
        });
        const Result<ExecStep> r = run(execAction({u"sh"_s, u"-c"_s, script}), ctx);
        canceller.join();
        const qint64 elapsed = sinceStop.elapsed();
        QCOMPARE(outcome(r), u"cancelled/cancelled"_s);
        QVERIFY2(elapsed < boundMs, qPrintable(u"returned %1 ms after the stop"_s.arg(elapsed)));
        const qint64 pid = Test::readFile(pidFile).trimmed().toLongLong();
        QVERIFY(pid > 0);
        QVERIFY(aliveBeforeStop.load());
        QVERIFY2(waitFor([&] { return !processAlive(pid); }, 3000),
                 qPrintable(u"process %1 survived the cancellation"_s.arg(pid)));
    }

    // ---- process runner ------------------------------------------------------------------

    void processRunnerCapturesOutput()
    {
        ProcessSpec spec;
        spec.program = u"/bin/sh"_s;
        spec.arguments = {u"-c"_s, u"printf out; printf err >&2; exit 7"_s};
        const Result<ProcessOutcome> r = runProcess(spec, {});
        QVERIFY(r.ok());
        QCOMPARE(r->exitStatus, 7);
        QCOMPARE(r->stdoutData, QByteArray("out"));
        QCOMPARE(r->stderrData, QByteArray("err"));
        QVERIFY(!r->stdoutTruncated);
    }

    void processRunnerStdin()
    {
        ProcessSpec spec;
        spec.program = u"cat"_s;
        std::stop_source source;
        std::atomic<bool> finished{false};
        std::thread watchdog([&] {
            if (!waitFor([&] { return finished.load(); }, 10000))
                source.request_stop();
        });
        const Result<ProcessOutcome> nullInput = runProcess(spec, source.get_token());
        spec.input = QByteArray("fed through stdin");
        const Result<ProcessOutcome> fed = runProcess(spec, source.get_token());
        finished = true;
        watchdog.join();
        QVERIFY2(nullInput.ok(), "cat waited for input: stdin is not /dev/null");
        QCOMPARE(nullInput->stdoutData, QByteArray());
        QVERIFY(fed.ok());
        QCOMPARE(fed->stdoutData, QByteArray("fed through stdin"));
    }

    void processRunnerLimits()
    {
        ProcessSpec spec;
        spec.program = u"/bin/sh"_s;
        spec.arguments = {u"-c"_s, u"head -c 1000000 /dev/zero | tr '\\0' a; "
                                   u"head -c 1000000 /dev/zero | tr '\\0' b >&2"_s};
        spec.stdoutLimit = 10;
        spec.stderrTail = 100;
        const Result<ProcessOutcome> r = runProcess(spec, {});
        QVERIFY(r.ok());
        QCOMPARE(r->stdoutData, QByteArray(10, 'a'));
        QVERIFY(r->stdoutTruncated);
        QCOMPARE(r->stderrData, QByteArray(100, 'b'));

        spec.stdoutLimit = -1;
        spec.stderrTail = -1;
        const Result<ProcessOutcome> all = runProcess(spec, {});
        QVERIFY(all.ok());
        QCOMPARE(all->stdoutData.size(), 1000000);
        QCOMPARE(all->stderrData.size(), 1000000);
        QVERIFY(!all->stdoutTruncated);
    }

    void processRunnerStderrTailIsUtf8Safe()
    {
        ProcessSpec spec;
        spec.program = u"/bin/sh"_s;
        spec.arguments = {u"-c"_s, u"printf '\\303\\251\\303\\251\\303\\251' >&2"_s}; // "ééé"
        spec.stderrTail = 5;
        const Result<ProcessOutcome> r = runProcess(spec, {});
        QVERIFY(r.ok());
        QCOMPARE(QString::fromUtf8(r->stderrData), u"éé"_s);

        const QByteArray text = u"aéb"_s.toUtf8(); // 61 c3 a9 62
        QCOMPARE(utf8Tail(text, 10), text);
        QCOMPARE(utf8Tail(text, -1), text);
        QCOMPARE(utf8Tail(text, 2), QByteArray("b"));
        QCOMPARE(utf8Tail(text, 3), u"éb"_s.toUtf8());
        QCOMPARE(utf8Tail(text, 0), QByteArray());
    }

    void processRunnerSignalAndSpawnFailure()
    {
        ProcessSpec spec;
        spec.program = u"/bin/sh"_s;
        spec.arguments = {u"-c"_s, u"kill -9 $$"_s};
        const Result<ProcessOutcome> killed = runProcess(spec, {});
        QVERIFY(killed.ok());
        QCOMPARE(killed->exitStatus, -1);

        spec.program = u"/nonexistent/program"_s;
        const Result<ProcessOutcome> missing = runProcess(spec, {});
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().reason(), u"exec_spawn_failed"_s);
        QCOMPARE(missing.error().details().value(u"command"_s).toString(), spec.program);
    }

    void processRunnerCancellation()
    {
        ProcessSpec spec;
        spec.program = u"sleep"_s;
        spec.arguments = {u"30"_s};
        std::stop_source source;
        std::thread canceller([&] {
            std::this_thread::sleep_for(200ms);
            source.request_stop();
        });
        QElapsedTimer timer;
        timer.start();
        const Result<ProcessOutcome> r = runProcess(spec, source.get_token());
        canceller.join();
        QVERIFY(!r.ok());
        QCOMPARE(wireName(r.error().kind()), wireName(ErrorKind::Cancelled));
        // Below the 30 s the program would sleep.
        QVERIFY2(timer.elapsed() < 25000, qPrintable(QString::number(timer.elapsed())));
    }

    // ---- inverse -------------------------------------------------------------------------

    void inverses()
    {
        const ActionRegistry &registry = builtinActions();
        const Action link = symlinkAction(u"files/a"_s, u"$HOME/a"_s);
        const std::optional<Action> unlink = registry.get(u"symlink"_s)->inverse(link);
        QVERIFY(unlink);
        QCOMPARE(unlink->name, u"unlink"_s);
        QCOMPARE(unlink->args.get<UnlinkArgs>()->dst, u"$HOME/a"_s);

        const std::optional<Action> rmdir =
            registry.get(u"mkdir"_s)->inverse(mkdirAction(u"d"_s, u"700"_s));
        QVERIFY(rmdir);
        QCOMPARE(rmdir->name, u"rmdir"_s);
        const auto &rmdirArgs = *rmdir->args.get<RmdirArgs>();
        QCOMPARE(rmdirArgs.path, u"d"_s);
        QVERIFY(!rmdirArgs.force);
        QVERIFY(!rmdirArgs.backup);

        const Action when = whenAction(
            u"linux"_s,
            {mkdirAction(u"d"_s), envAction(u"X"_s, u"1"_s, u"session"_s), link,
             execAction({u"true"_s}), requireAction(Kind::AllOf, {leaf(Kind::Os, u"linux"_s)}),
             rmdirAction(u"e"_s)},
            std::vector{leaf(Kind::PathExists, u"p"_s)});
        const std::optional<Action> reversed = registry.get(u"when"_s)->inverse(when);
        QVERIFY(reversed);
        QCOMPARE(reversed->name, u"when"_s);
        const auto &whenArgs = *reversed->args.get<WhenArgs>();
        QCOMPARE(whenArgs.os, std::optional<QString>(u"linux"_s));
        QVERIFY(whenArgs.allOf == when.args.get<WhenArgs>()->allOf);
        QCOMPARE(whenArgs.actions.size(), size_t(2));
        QCOMPARE(whenArgs.actions.at(0).name, u"unlink"_s);
        QCOMPARE(whenArgs.actions.at(1).name, u"rmdir"_s);

        for (const Action &none :
             {envAction(u"X"_s, u"1"_s, u"user"_s), execAction({u"true"_s}),
              requireAction(Kind::AllOf, {}), rmdirAction(u"d"_s, false, true)}) {
            QVERIFY2(!registry.get(none.name)->inverse(none), qPrintable(none.name));
        }
    }

    // ---- YAML end to end -----------------------------------------------------------------

    void parsedActionsRunEndToEnd()
    {
        Sandbox box;
        QVERIFY(box.write(u"pack/files/hello.txt"_s, "hello"));
        const Result<std::vector<Action>> actions =
            parseActions("  - mkdir:\n"
                         "      path: made/deep\n"
                         "      mode: \"700\"\n"
                         "  - symlink:\n"
                         "      src: files/hello.txt\n"
                         "      dst: $HOME/hello.txt\n"
                         "  - when:\n"
                         "      os: linux\n"
                         "      all_of:\n"
                         "        - path_exists: files/hello.txt\n"
                         "      any_of:\n"
                         "        - reg_key: {path: HKLM/SOFTWARE}\n"
                         "        - cmd_available: sh\n"
                         "      actions:\n"
                         "        - mkdir: {path: gated}\n"
                         "  - require:\n"
                         "      all_of:\n"
                         "        - path_exists: gated\n"
                         "        - none_of:\n"
                         "            - os: windows\n"
                         "  - env:\n"
                         "      name: GREX_TST_YAML\n"
                         "      value: from yaml\n"
                         "  - exec:\n"
                         "      cmd: [sh, -c, \"pwd -P > cwd.txt\"]\n");
        QVERIFY2(actions.ok(), qPrintable(actions.ok() ? QString() : actions.error().text()));
        QCOMPARE(actions->size(), size_t(6));
        ExecContext ctx = box.context();
        const QStringList first = {u"performed_change"_s, u"performed_change"_s,
                                   u"performed_change"_s, u"already_satisfied"_s,
                                   u"performed_change"_s, u"performed_change"_s};
        const QStringList second = {u"already_satisfied"_s, u"already_satisfied"_s,
                                    u"already_satisfied"_s, u"already_satisfied"_s,
                                    u"already_satisfied"_s, u"performed_change"_s};
        for (const QStringList &expected : {first, second}) {
            for (size_t i = 0; i < actions->size(); ++i) {
                const Result<ExecStep> r = runGuarded(actions->at(i), ctx);
                QVERIFY2(outcome(r) == expected.at(qsizetype(i)),
                         qPrintable(actions->at(i).name + u": "_s + why(r)));
            }
        }
        QCOMPARE(modeOf(box.inPack(u"made/deep"_s)), 0700u);
        QCOMPARE(Test::readFile(box.home + u"/hello.txt"_s), QByteArray("hello"));
        QVERIFY(QFileInfo(box.inPack(u"gated"_s)).isDir());
        QVERIFY(
            Test::readFile(box.home + u"/.profile"_s).contains("export GREX_TST_YAML='from yaml'"));
        QCOMPARE(QString::fromUtf8(Test::readFile(box.inPack(u"cwd.txt"_s))).trimmed(), box.pack);
    }

    // ---- properties ----------------------------------------------------------------------

    // Every idempotent action run twice leaves the same state as running it once, and the
    // second run reports already_satisfied or noop (or fails the same way the first did). The
    // plan never touches the disk and agrees with what the apply then does.
    void propertyIdempotence()
    {
        const quint32 seed = qEnvironmentVariableIsSet("GREX_TEST_SEED")
                                 ? quint32(qEnvironmentVariableIntValue("GREX_TEST_SEED"))
                                 : 20240607u;
        QRandomGenerator rng(seed);
        QMap<QString, int> firstOutcomes; // guards against a generator that tests nothing
        for (int iteration = 0; iteration < 150; ++iteration) {
            Sandbox box;
            prepareRandomTree(box, rng);
            ExecContext ctx = box.context();
            const Action action = randomAction(rng, 0);
            const QString label =
                u"seed %1 iteration %2: %3"_s.arg(seed).arg(iteration).arg(describe(action));

            const auto start = state(box.root);
            const Result<ExecStep> predicted = plan(action, ctx);
            QVERIFY2(state(box.root) == start, qPrintable(label + u": plan changed the disk"_s));

            const Result<ExecStep> once = run(action, ctx);
            ++firstOutcomes[once.ok() ? outcome(once) : u"error"_s];
            const auto afterOnce = state(box.root);
            const Result<ExecStep> twice = run(action, ctx);
            const auto afterTwice = state(box.root);
            QVERIFY2(afterOnce == afterTwice,
                     qPrintable(label + u": second run changed "_s + diff(afterOnce, afterTwice) +
                                u" ("_s + why(twice) + u')'));
            if (once.ok()) {
                QVERIFY2(twice.ok() && (twice->result == StepResult::AlreadySatisfied ||
                                        twice->result == StepResult::NoOp),
                         qPrintable(label + u": second run "_s + why(twice)));
            } else {
                QVERIFY2(outcome(twice) == outcome(once),
                         qPrintable(label + u": first "_s + outcome(once) + u", second "_s +
                                    outcome(twice)));
            }
            if (action.name != u"when" && predicted.ok() && once.ok()) {
                if (once->result == StepResult::AlreadySatisfied)
                    QVERIFY2(predicted->result == StepResult::AlreadySatisfied,
                             qPrintable(label + u": plan said "_s + why(predicted)));
                if (once->result == StepResult::PerformedChange)
                    QVERIFY2(predicted->result == StepResult::WouldPerformChange,
                             qPrintable(label + u": plan said "_s + why(predicted)));
            }
        }
        QVERIFY(firstOutcomes.value(u"performed_change"_s) >= 20);
        QVERIFY(firstOutcomes.value(u"already_satisfied"_s) >= 5);
        QVERIFY(firstOutcomes.value(u"noop"_s) >= 5);
        QVERIFY(firstOutcomes.value(u"error"_s) >= 5);
    }

    // For actions with an inverse, applying them and then their inverses in reverse order
    // restores the starting state; a second inverse pass changes nothing.
    void propertyInverseRestores()
    {
        const quint32 seed = qEnvironmentVariableIsSet("GREX_TEST_SEED")
                                 ? quint32(qEnvironmentVariableIntValue("GREX_TEST_SEED"))
                                 : 777u;
        QRandomGenerator rng(seed);
        for (int iteration = 0; iteration < 100; ++iteration) {
            Sandbox box;
            QVERIFY(box.write(u"pack/files/f0"_s, "zero"));
            QVERIFY(box.write(u"pack/files/f1"_s, "one"));
            QVERIFY(QDir().mkpath(box.inPack(u"links"_s)));
            ExecContext ctx = box.context();
            QStringList dirs = {QString(), u"links"_s};
            QStringList taken = {u"files"_s, u"links"_s};
            std::vector<Action> sequence;
            const int length = 1 + int(rng.bounded(6));
            for (int i = 0; i < length; ++i)
                sequence.push_back(randomInvertible(rng, dirs, taken, true));
            QStringList labels;
            for (const Action &a : sequence)
                labels << describe(a);
            const QString label =
                u"seed %1 iteration %2: %3"_s.arg(seed).arg(iteration).arg(labels.join(u"; "_s));

            const auto start = state(box.root);
            for (const Action &a : sequence) {
                const Result<ExecStep> r = run(a, ctx);
                QVERIFY2(r.ok(),
                         qPrintable(label + u": apply "_s + describe(a) + u": "_s + why(r)));
            }
            std::vector<Action> inverses;
            for (auto it = sequence.rbegin(); it != sequence.rend(); ++it) {
                std::optional<Action> inverse = builtinActions().get(it->name)->inverse(*it);
                QVERIFY2(inverse, qPrintable(label + u": no inverse for "_s + describe(*it)));
                inverses.push_back(std::move(*inverse));
            }
            for (const Action &a : inverses) {
                const Result<ExecStep> r = run(a, ctx);
                QVERIFY2(r.ok(),
                         qPrintable(label + u": inverse "_s + describe(a) + u": "_s + why(r)));
            }
            const auto end = state(box.root);
            QVERIFY2(end == start, qPrintable(label + u": not restored: "_s + diff(start, end)));
            for (const Action &a : inverses) {
                const Result<ExecStep> r = run(a, ctx);
                QVERIFY2(
                    r.ok() && (r->result == StepResult::NoOp ||
                               r->result == StepResult::AlreadySatisfied),
                    qPrintable(label + u": second inverse "_s + describe(a) + u": "_s + why(r)));
            }
            QCOMPARE(state(box.root), start);
        }
    }

private:
    static QString pick(QRandomGenerator &rng, const QStringList &from)
    {
        return from.at(qsizetype(rng.bounded(quint32(from.size()))));
    }

    static QString describe(const Action &action)
    {
        if (const auto *a = action.args.get<MkdirArgs>())
            return u"mkdir(%1%2)"_s.arg(a->path, a->mode ? u", mode "_s + *a->mode : QString());
        if (const auto *a = action.args.get<RmdirArgs>())
            return u"rmdir(%1, backup %2, force %3)"_s.arg(a->path)
                .arg(int(a->backup))
                .arg(int(a->force));
        if (const auto *a = action.args.get<SymlinkArgs>())
            return u"symlink(%1 -> %2, backup %3)"_s.arg(a->dst, a->src).arg(int(a->backup));
        if (const auto *a = action.args.get<UnlinkArgs>())
            return u"unlink(%1)"_s.arg(a->dst);
        if (const auto *a = action.args.get<EnvArgs>())
            return u"env(%1=%2, %3)"_s.arg(a->name, a->value, a->scope);
        if (const auto *a = action.args.get<RequireArgs>())
            return u"require(%1 predicates, on_fail %2)"_s.arg(int(a->combiner.children.size()))
                .arg(a->onFail);
        if (const auto *a = action.args.get<WhenArgs>()) {
            QStringList nested;
            for (const Action &n : a->actions)
                nested << describe(n);
            return u"when(os %1, all_of %2: [%3])"_s.arg(a->os.value_or(u"-"_s))
                .arg(a->allOf ? int(a->allOf->size()) : -1)
                .arg(nested.join(u", "_s));
        }
        return action.name;
    }

    // files/f0, files/f1; d0 (maybe with content), d1 (maybe), links/ with a random mix of a
    // correct link, a wrong link, a regular file, a directory link, a stale .grex.bak.
    static void prepareRandomTree(const Sandbox &box, QRandomGenerator &rng)
    {
        box.write(u"pack/files/f0"_s, "zero");
        box.write(u"pack/files/f1"_s, "one");
        QDir().mkpath(box.inPack(u"d0"_s));
        if (rng.bounded(2))
            box.write(u"pack/d0/content.txt"_s, "c");
        if (rng.bounded(2))
            QDir().mkpath(box.inPack(u"d1/inner"_s));
        QDir().mkpath(box.inPack(u"links"_s));
        switch (rng.bounded(4)) {
        case 0:
            QFile::link(box.inPack(u"files/f0"_s), box.inPack(u"links/l0"_s));
            break;
        case 1:
            QFile::link(box.inPack(u"files/f1"_s), box.inPack(u"links/l0"_s));
            break;
        case 2:
            box.write(u"pack/links/l0"_s, "regular");
            break;
        default:
            break;
        }
        if (rng.bounded(2))
            QFile::link(u"../d0"_s, box.inPack(u"links/dirlink"_s));
        if (rng.bounded(2))
            box.write(u"pack/links/l1.grex.bak"_s, "stale");
        if (rng.bounded(2))
            QDir().mkpath(box.inPack(u"links/realdir/sub"_s));
        if (rng.bounded(2))
            box.write(u"home/.profile"_s, "# existing\nexport KEEP=1\n");
        if (rng.bounded(2))
            box.write(u"etc/environment"_s, "LANG=C\nGREX_PROP_A=\"old\"\n");
    }

    static QString randomValue(QRandomGenerator &rng)
    {
        static const QStringList pieces = {u"a"_s,  u"Z"_s, u"0"_s,  u" "_s, u"'"_s, u"\""_s,
                                           u"$"_s,  u"%"_s, u"\\"_s, u"`"_s, u"#"_s, u"é"_s,
                                           u"日"_s, u"/"_s, u"="_s,  u";"_s, u"{"_s, u"}"_s};
        QString value;
        const int length = int(rng.bounded(10));
        for (int i = 0; i < length; ++i)
            value += pick(rng, pieces);
        return value;
    }

    static Predicate randomPredicate(QRandomGenerator &rng, int depth)
    {
        switch (rng.bounded(depth < 2 ? 7 : 5)) {
        case 0:
            return leaf(Kind::PathExists, pick(rng, {u"files/f0"_s, u"d1"_s, u"links/l0"_s,
                                                     u"missing"_s, u"links/dirlink"_s}));
        case 1:
            return leaf(Kind::Os, pick(rng, {u"linux"_s, u"windows"_s, u"macos"_s}));
        case 2:
            return leaf(Kind::CmdAvailable, pick(rng, {u"sh"_s, u"grex-no-such-tool"_s}));
        case 3:
            return leaf(Kind::SymlinkOk, u"files/f0"_s, u"links/l0"_s);
        case 4:
            return leaf(Kind::RegKey, u"HKLM/SOFTWARE"_s);
        default: {
            std::vector<Predicate> children;
            const int n = int(rng.bounded(3));
            for (int i = 0; i < n; ++i)
                children.push_back(randomPredicate(rng, depth + 1));
            return combine(std::array{Kind::AllOf, Kind::AnyOf, Kind::NoneOf}[rng.bounded(3)],
                           std::move(children));
        }
        }
    }

    static QString targetOf(const Action &action)
    {
        if (const auto *a = action.args.get<MkdirArgs>())
            return a->path;
        if (const auto *a = action.args.get<SymlinkArgs>())
            return a->dst;
        if (const auto *a = action.args.get<EnvArgs>())
            return a->scope + u':' + a->name;
        return {};
    }

    static Action randomAction(QRandomGenerator &rng, int depth)
    {
        static const QStringList dirPaths = {
            u"d0"_s,         u"d1"_s,       u"d1/inner"_s,      u"newdir"_s,
            u"newdir/a/b"_s, u"links/l0"_s, u"links/dirlink"_s, u"links/realdir"_s,
            u"$HOME/made"_s};
        static const QStringList srcs = {u"files/f0"_s, u"files/f1"_s, u"files/missing"_s, u"d0"_s,
                                         u"$GREX_PACK_ROOT/files/f1"_s};
        static const QStringList dsts = {u"links/l0"_s,      u"links/l1"_s,      u"links/new"_s,
                                         u"links/dirlink"_s, u"links/realdir"_s, u"no-parent/x"_s,
                                         u"$HOME/link"_s};
        // Nested actions of a `when` neither remove things nor nest further (a branch that
        // removes what it creates is not idempotent by construction).
        quint32 choice = rng.bounded(depth == 0 ? 7 : 5);
        if (depth > 0 && choice == 1)
            choice = 0;
        switch (choice) {
        case 0:
            return mkdirAction(pick(rng, dirPaths), rng.bounded(3) == 0
                                                        ? std::optional<QString>(u"750"_s)
                                                        : std::nullopt);
        case 1:
            return rmdirAction(pick(rng, dirPaths), rng.bounded(3) == 0, rng.bounded(2) == 0);
        case 2:
        case 3:
            return symlinkAction(pick(rng, srcs), pick(rng, dsts), rng.bounded(2) == 0);
        case 4:
            return envAction(pick(rng, {u"GREX_PROP_A"_s, u"GREX_PROP_B"_s}),
                             escapeForExpansion(randomValue(rng)),
                             pick(rng, {u"session"_s, u"user"_s, u"machine"_s}));
        case 5: {
            std::vector<Predicate> children;
            const int n = 1 + int(rng.bounded(3));
            for (int i = 0; i < n; ++i)
                children.push_back(randomPredicate(rng, 1));
            return requireAction(std::array{Kind::AllOf, Kind::AnyOf, Kind::NoneOf}[rng.bounded(3)],
                                 std::move(children),
                                 pick(rng, {u"error"_s, u"skip"_s, u"warn"_s}));
        }
        default: {
            std::vector<Action> nested;
            QStringList targets; // what each nested action changes: distinct within the branch
            const int n = 1 + int(rng.bounded(3));
            for (int i = 0; i < n; ++i) {
                Action a = randomAction(rng, depth + 1);
                const QString target = targetOf(a);
                if (!target.isEmpty() && targets.contains(target))
                    continue;
                targets << target;
                nested.push_back(std::move(a));
            }
            std::optional<QString> os;
            if (const quint32 o = rng.bounded(3); o > 0)
                os = o == 1 ? u"linux"_s : u"windows"_s;
            std::optional<std::vector<Predicate>> allOf;
            if (rng.bounded(2))
                allOf = std::vector{randomPredicate(rng, 1)};
            return whenAction(os, std::move(nested), allOf);
        }
        }
    }

    // An action with an inverse that succeeds on the tree built so far: a mkdir of a new
    // directory whose parent exists, a symlink at a free name, or a when around such actions.
    static Action randomInvertible(QRandomGenerator &rng, QStringList &dirs, QStringList &taken,
                                   bool gateOpen, int depth = 0)
    {
        const auto freshName = [&](const QString &parent, const QString &stem) {
            for (int n = 0;; ++n) {
                const QString rel =
                    (parent.isEmpty() ? QString() : parent + u'/') + stem + QString::number(n);
                if (!taken.contains(rel)) {
                    taken.append(rel);
                    return rel;
                }
            }
        };
        switch (rng.bounded(depth == 0 ? 3 : 2)) {
        case 0: {
            const QString rel = freshName(pick(rng, dirs), u"dir"_s);
            if (gateOpen)
                dirs.append(rel);
            return mkdirAction(rel, rng.bounded(3) == 0 ? std::optional<QString>(u"700"_s)
                                                        : std::nullopt);
        }
        case 1: {
            const QString rel = freshName(pick(rng, dirs), u"link"_s);
            QStringList srcs = {u"files/f0"_s, u"files/f1"_s, u"files/missing"_s};
            srcs += dirs.mid(2);
            return symlinkAction(pick(rng, srcs), rel, rng.bounded(2) == 0);
        }
        default: {
            const bool open = rng.bounded(3) != 0;
            std::vector<Action> nested;
            const int n = 1 + int(rng.bounded(3));
            for (int i = 0; i < n; ++i)
                nested.push_back(randomInvertible(rng, dirs, taken, open, depth + 1));
            return whenAction(open ? u"linux"_s : u"windows"_s, std::move(nested));
        }
        }
    }
};

QTEST_GUILESS_MAIN(tst_Actions)
#include "tst_actions.moc"
