#include "core/operationcontext.h"
#include "core/pack/packmanifest.h"
#include "support/remotebuilder.h"
#include "support/scriptedapproval.h"
#include "support/testfiles.h"
#include "core/verbs/add.h"
#include "core/verbs/exec.h"
#include "core/verbs/init.h"
#include "core/verbs/run.h"
#include "core/workspace.h"
#include "support/workspacefixture.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QMutex>
#include <QTemporaryDir>
#include <QTest>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// Records what exec hands to the front end.
class RecordingSink final : public EventSink
{
public:
    void packOutput(const JsonObject &output) override
    {
        QMutexLocker locker(&m_mutex);
        m_outputs.append(output);
    }
    QList<JsonObject> outputs() const
    {
        QMutexLocker locker(&m_mutex);
        return m_outputs;
    }

private:
    mutable QMutex m_mutex;
    QList<JsonObject> m_outputs;
};

QStringList packsOf(const ExecReport &report)
{
    QStringList packs;
    for (const ExecReport::Row &row : report.rows)
        packs.append(row.pack);
    return packs;
}

QList<Event> eventsOf(const Workspace &ws)
{
    const Result<LogReadResult> log = ws.intentLog().read();
    return log ? log->events : QList<Event>();
}

} // namespace

// `grex exec` and `grex run`: rows, grouping and exit codes under parallelism, approval, filters.
class tst_RunExec : public QObject, public Grex::Test::WorkspaceCases
{
    Q_OBJECT

    static ExecOptions command(const QString &program, const QStringList &arguments = {})
    {
        ExecOptions options;
        options.command = program;
        options.arguments = arguments;
        return options;
    }

    static Result<ExecReport> runExec(Workspace &ws, const ExecOptions &options,
                                      ApprovalPolicy *policy, EventSink *sink = nullptr,
                                      int parallel = 4)
    {
        OperationContext ctx;
        ctx.setWidth(Width::chosen(parallel));
        ctx.setApprovalPolicy(policy);
        ctx.setEventSink(sink);
        return execInPacks(ws, options, ctx);
    }

    static Result<RunActionReport> runNamed(Workspace &ws, const QString &action,
                                            ApprovalPolicy *policy, const QString &filter = {},
                                            bool dryRun = false)
    {
        OperationContext ctx;
        ctx.setWidth(Width::chosen(4));
        ctx.setApprovalPolicy(policy);
        RunActionOptions options;
        options.action = action;
        options.dryRun = dryRun;
        options.filter = PackFilter::parse(filter).value();
        return runAction(ws, options, ctx);
    }

    template<typename T>
    static QString errorText(const Result<T> &r)
    {
        return r.ok() ? QString() : r.error().text();
    }

private Q_SLOTS:
    void initTestCase()
    {
        RemoteBuilder builder(m_remotes);
        for (const QString &name : {u"alpha"_s, u"beta"_s, u"gamma"_s, u"delta"_s})
            builder.create(name, RemoteBuilder::packFiles(name, u"declarative"_s));
        const QByteArray os = currentOs().toUtf8();
        const QByteArray otherOs = os == "windows" ? "linux" : "windows";
        builder.create(u"maker"_s,
                       {{u".grex/pack.yaml"_s,
                         RemoteBuilder::packYaml(u"maker"_s, u"declarative"_s,
                                                 "actions:\n"
                                                 "  - mkdir: {path: made}\n"
                                                 "  - exec: {cmd: [touch, exec-ran]}\n"
                                                 "  - when: {os: " +
                                                     os +
                                                     ", actions: [{mkdir: {path: gated}}]}\n"
                                                     "  - when: {os: " +
                                                     otherOs +
                                                     ", actions: [{mkdir: {path: never}}]}\n"
                                                     "  - mkdir: {path: made/deeper}\n")}});
        builder.create(u"other-maker"_s,
                       {{u".grex/pack.yaml"_s,
                         RemoteBuilder::packYaml(u"other-maker"_s, u"declarative"_s,
                                                 "actions:\n  - mkdir: {path: made}\n")}});
        builder.create(u"toucher"_s,
                       {{u".grex/pack.yaml"_s,
                         RemoteBuilder::packYaml(u"toucher"_s, u"declarative"_s,
                                                 "actions:\n  - exec: {cmd: [touch, x]}\n")}});
        builder.create(
            u"breaker"_s,
            {{u".grex/pack.yaml"_s, RemoteBuilder::packYaml(u"breaker"_s, u"declarative"_s,
                                                            "actions:\n  - rmdir: {path: full}\n")},
             {u"full/file"_s, "x"}});
    }

    // ---- exec ---------------------------------------------------------------------------

    void execRowsInPackOrder()
    {
        Workspace ws = workspaceWith({u"gamma"_s, u"alpha"_s, u"delta"_s, u"beta"_s});
        ScriptedApproval yes;
        RecordingSink sink;
        const Result<ExecReport> r = runExec(
            ws,
            command(u"sh"_s,
                    {u"-c"_s, u"echo \"out $GREX_PACK\"; pwd; echo \"err $GREX_PACK\" >&2"_s}),
            &yes, &sink);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QCOMPARE(packsOf(*r), (QStringList{u"alpha"_s, u"beta"_s, u"delta"_s, u"gamma"_s}));
        for (const ExecReport::Row &row : r->rows) {
            QCOMPARE(row.dir, ws.packDir(row.pack));
            QCOMPARE(row.stdoutText, u"out "_s + row.pack + u'\n' + ws.packDir(row.pack) + u'\n');
            QCOMPARE(row.stderrText, u"err "_s + row.pack + u'\n');
            QCOMPARE(row.exit, std::optional<int>(0));
        }
        const JsonArray json = r->toJson().toArray();
        QCOMPARE(json.size(), 4);
        QCOMPARE(json.at(0).toObject().keys(),
                 (QStringList{u"pack"_s, u"stdout"_s, u"stderr"_s, u"exit"_s}));
        QCOMPARE(json.at(1).toObject().value(u"exit"_s).toInteger(-1), 0);

        // Asked once, naming the packs and the command.
        QCOMPARE(yes.requests().size(), 1);
        const ApprovalRequest asked = yes.requests().at(0);
        QCOMPARE(asked.verb, u"exec"_s);
        QCOMPARE(asked.packs, packsOf(*r));
        QCOMPARE(asked.command.first(), u"sh"_s);
        QVERIFY2(asked.summary.text().contains(u"4 pack(s)"_s), qPrintable(asked.summary.text()));

        // Each pack's output reached the sink once, whole.
        const QList<JsonObject> outputs = sink.outputs();
        QCOMPARE(outputs.size(), 4);
        QStringList seen;
        for (const JsonObject &o : outputs) {
            const QString pack = o.value(u"pack"_s).toString();
            seen.append(pack);
            QCOMPARE(o, ExecReport::rowJson(r->rows.at(packsOf(*r).indexOf(pack))));
        }
        seen.sort();
        QCOMPARE(seen, packsOf(*r));
    }

    void execGroupsMultiLineOutput()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s, u"gamma"_s, u"delta"_s});
        ScriptedApproval yes;
        RecordingSink sink;
        // Several writes per pack, interleaving in time across packs.
        const Result<ExecReport> r = runExec(
            ws,
            command(u"sh"_s, {u"-c"_s, u"for i in 1 2 3 4 5; do echo \"$GREX_PACK $i\"; done"_s}),
            &yes, &sink);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        const QList<JsonObject> outputs = sink.outputs();
        QCOMPARE(outputs.size(), 4);
        for (const JsonObject &o : outputs) {
            const QString pack = o.value(u"pack"_s).toString();
            QString expected;
            for (int i = 1; i <= 5; ++i)
                expected += pack + u' ' + QString::number(i) + u'\n';
            QCOMPARE(o.value(u"stdout"_s).toString(), expected);
        }
    }

    void execFailureInOnePack()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s, u"gamma"_s});
        ScriptedApproval yes;
        const Result<ExecReport> r = runExec(
            ws,
            command(u"sh"_s, {u"-c"_s, u"echo ran > ran.txt; test \"$GREX_PACK\" != beta || "
                                       u"{ echo broken >&2; exit 3; }"_s}),
            &yes);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::PackOp);
        QCOMPARE(r.error().reason(), u"exec_failed"_s);
        QVERIFY(r.error().message().text().contains(u"beta (exit 3)"_s));
        const JsonArray rows = r.error().details().value(u"report"_s).toArray();
        QCOMPARE(rows.size(), 3);
        QStringList packs;
        for (const JsonValue &v : rows)
            packs.append(v.toObject().value(u"pack"_s).toString());
        QCOMPARE(packs, (QStringList{u"alpha"_s, u"beta"_s, u"gamma"_s}));
        QCOMPARE(rows.at(0).toObject().value(u"exit"_s).toInteger(-1), 0);
        QCOMPARE(rows.at(1).toObject().value(u"exit"_s).toInteger(-1), 3);
        QCOMPARE(rows.at(1).toObject().value(u"stderr"_s).toString(), u"broken\n"_s);
        QCOMPARE(rows.at(2).toObject().value(u"exit"_s).toInteger(-1), 0);
        // The others ran to the end.
        for (const QString &pack : {u"alpha"_s, u"beta"_s, u"gamma"_s})
            QVERIFY(QFileInfo::exists(ws.packDir(pack) + u"/ran.txt"_s));
    }

    void execShellJoinsTheWords()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        ScriptedApproval yes;
        ExecOptions options = command(u"echo"_s, {u"$GREX_PACK"_s, u">"_s, u"marker"_s});
        options.shell = true;
        const Result<ExecReport> r = runExec(ws, options, &yes);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QCOMPARE(r->argv, (QStringList{u"sh"_s, u"-c"_s, u"echo $GREX_PACK > marker"_s}));
        QCOMPARE(readFile(ws.packDir(u"alpha"_s) + u"/marker"_s), QByteArray("alpha\n"));
        QCOMPARE(readFile(ws.packDir(u"beta"_s) + u"/marker"_s), QByteArray("beta\n"));
    }

    void execOfAMissingCommand()
    {
        Workspace ws = workspaceWith({u"alpha"_s});
        ScriptedApproval yes;
        const Result<ExecReport> r = runExec(ws, command(u"grex-no-such-command"_s), &yes);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Usage);
        QCOMPARE(r.error().reason(), u"command_not_found"_s);
        QVERIFY(yes.requests().isEmpty()); // said before asking anything
        // A path that exists in no pack: it ran nowhere successfully (127, as a shell says).
        const Result<ExecReport> relative = runExec(ws, command(u"./no-such-script"_s), &yes);
        QCOMPARE(relative.error().reason(), u"exec_failed"_s);
        QCOMPARE(relative.error()
                     .details()
                     .value(u"report"_s)
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(u"exit"_s)
                     .toInteger(),
                 127);
    }

    void execRefusedRunsNothing()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s});
        const ExecOptions touch = command(u"touch"_s, {u"marker"_s});
        ScriptedApproval no(false);
        RecordingSink sink;
        const Result<ExecReport> refused = runExec(ws, touch, &no, &sink);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().kind(), ErrorKind::NotApproved);
        QCOMPARE(no.requests().size(), 1);
        const Result<ExecReport> noPolicy = runExec(ws, touch, nullptr);
        QCOMPARE(noPolicy.error().kind(), ErrorKind::NotApproved);
        for (const QString &pack : {u"alpha"_s, u"beta"_s})
            QVERIFY(!QFileInfo::exists(ws.packDir(pack) + u"/marker"_s));
        QVERIFY(sink.outputs().isEmpty());

        // A dry run asks nothing and runs nothing.
        ExecOptions dry = touch;
        dry.dryRun = true;
        const Result<ExecReport> planned = runExec(ws, dry, nullptr);
        QVERIFY2(planned.ok(), qPrintable(errorText(planned)));
        QCOMPARE(packsOf(*planned), (QStringList{u"alpha"_s, u"beta"_s}));
        QCOMPARE(planned->rows.at(0).exit, std::optional<int>());
        QVERIFY(planned->toJson().toArray().at(0).toObject().value(u"exit"_s).isNull());
        for (const QString &pack : {u"alpha"_s, u"beta"_s})
            QVERIFY(!QFileInfo::exists(ws.packDir(pack) + u"/marker"_s));
    }

    void execFilter()
    {
        Workspace ws = workspaceWith({u"alpha"_s, u"beta"_s, u"gamma"_s, u"delta"_s});
        QVERIFY(QDir(ws.packDir(u"delta"_s)).removeRecursively()); // not on disk: not run
        ScriptedApproval yes;
        ExecOptions options = command(u"touch"_s, {u"marker"_s});
        options.filter = PackFilter::parse(u"name=alpha|gamma|delta"_s).value();
        Result<ExecReport> r = runExec(ws, options, &yes);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QCOMPARE(packsOf(*r), (QStringList{u"alpha"_s, u"gamma"_s}));
        QVERIFY(!QFileInfo::exists(ws.packDir(u"beta"_s) + u"/marker"_s));
        QVERIFY(QFileInfo::exists(ws.packDir(u"gamma"_s) + u"/marker"_s));

        QVERIFY(writeFile(ws.packDir(u"beta"_s) + u"/README.md"_s, "edited\n"));
        options = command(u"true"_s);
        options.filter = PackFilter::parse(u"drift=dirty"_s).value();
        r = runExec(ws, options, &yes);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QCOMPARE(packsOf(*r), QStringList{u"beta"_s});

        // Nothing matches: nothing to ask, nothing ran.
        ScriptedApproval asked;
        options.filter = PackFilter::parse(u"name=nothing"_s).value();
        r = runExec(ws, options, &asked);
        QVERIFY(r.ok());
        QVERIFY(r->rows.isEmpty());
        QVERIFY(asked.requests().isEmpty());
    }

    void execOptionsFromJson()
    {
        const Result<ExecOptions> none = ExecOptions::fromJson({});
        QCOMPARE(none.error().kind(), ErrorKind::Usage);
        QCOMPARE(none.error().reason(), u"missing_argument"_s);
        QCOMPARE(ExecOptions::fromJson({{u"cmd"_s, QJsonArray{u"  "_s}}}).error().reason(),
                 u"missing_argument"_s);
        const Result<ExecOptions> options = ExecOptions::fromJson(
            {{u"cmd"_s, QJsonArray::fromStringList({u"git"_s, u"log"_s, u"--oneline"_s})},
             {u"filter"_s, u"type=meta"_s}});
        QVERIFY(options.ok());
        QCOMPARE(options->arguments, (QStringList{u"log"_s, u"--oneline"_s}));
        QVERIFY(!options->filter.isEmpty());
        QCOMPARE(ExecOptions::fromJson({{u"cmd"_s, QJsonArray{u"x"_s}}, {u"filter"_s, u"nmae=x"_s}})
                     .error()
                     .reason(),
                 u"invalid_filter"_s);
    }

    // ---- run ----------------------------------------------------------------------------

    void runMkdirActions()
    {
        Workspace ws = workspaceWith({u"maker"_s, u"other-maker"_s, u"toucher"_s, u"alpha"_s});
        const QByteArray lock = readFile(ws.lockfilePath());
        const qsizetype eventsBefore = eventsOf(ws).size();
        ScriptedApproval yes;
        const Result<RunActionReport> r = runNamed(ws, u"mkdir"_s, &yes);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        const QString maker = ws.packDir(u"maker"_s);
        QVERIFY(QFileInfo(maker + u"/made"_s).isDir());
        QVERIFY(QFileInfo(maker + u"/made/deeper"_s).isDir());
        QVERIFY(QFileInfo(maker + u"/gated"_s).isDir());     // inside a `when` that holds
        QVERIFY(!QFileInfo::exists(maker + u"/never"_s));    // inside one that does not
        QVERIFY(!QFileInfo::exists(maker + u"/exec-ran"_s)); // not a mkdir
        QVERIFY(QFileInfo(ws.packDir(u"other-maker"_s) + u"/made"_s).isDir());
        QVERIFY(!QFileInfo::exists(ws.packDir(u"toucher"_s) + u"/x"_s));

        // One row per action that ran: maker's three, other-maker's one.
        QCOMPARE(r->rows.size(), 4);
        QMap<QString, int> perPack;
        for (const RunActionReport::Row &row : r->rows) {
            ++perPack[row.pack];
            QCOMPARE(row.action, u"mkdir"_s);
            QVERIFY(row.changed);
        }
        QCOMPARE(perPack, (QMap<QString, int>{{u"maker"_s, 3}, {u"other-maker"_s, 1}}));
        const JsonArray json = r->toJson().toArray();
        QCOMPARE(json.at(0).toObject().keys(),
                 (QStringList{u"pack"_s, u"action"_s, u"changed"_s, u"message"_s}));
        QCOMPARE(json.at(0).toObject().value(u"changed"_s).toBool(), true);

        // Asked once, for the packs that have the action.
        QCOMPARE(yes.requests().size(), 1);
        QCOMPARE(yes.requests().at(0).verb, u"run"_s);
        QStringList asked = yes.requests().at(0).packs;
        asked.sort();
        QCOMPARE(asked, (QStringList{u"maker"_s, u"other-maker"_s}));
        QCOMPARE(yes.requests().at(0).command, QStringList{u"mkdir"_s});

        // No lockfile change; the actions are audit-bracketed in the log, no sync event.
        QCOMPARE(readFile(ws.lockfilePath()), lock);
        const QList<Event> events = eventsOf(ws).mid(eventsBefore);
        int started = 0;
        int completed = 0;
        for (const Event &e : events) {
            QVERIFY(e.op != EventOp::Sync);
            started += e.op == EventOp::ActionStarted ? 1 : 0;
            completed += e.op == EventOp::ActionCompleted ? 1 : 0;
        }
        QCOMPARE(started, 4);
        QCOMPARE(completed, 4);

        // Again: nothing left to change.
        const Result<RunActionReport> again = runNamed(ws, u"mkdir"_s, &yes);
        QVERIFY2(again.ok(), qPrintable(errorText(again)));
        QCOMPARE(again->rows.size(), 4);
        for (const RunActionReport::Row &row : again->rows)
            QVERIFY(!row.changed);
        QCOMPARE(readFile(ws.lockfilePath()), lock);
    }

    void runFilterAndDryRun()
    {
        Workspace ws = workspaceWith({u"maker"_s, u"other-maker"_s});
        ScriptedApproval yes;
        const auto before = snapshot(ws.root());
        const Result<RunActionReport> planned = runNamed(ws, u"mkdir"_s, nullptr, {}, true);
        QVERIFY2(planned.ok(), qPrintable(errorText(planned)));
        QCOMPARE(planned->rows.size(), 4);
        QVERIFY(planned->rows.at(0).changed); // would change
        QCOMPARE(snapshot(ws.root()), before);

        const Result<RunActionReport> r = runNamed(ws, u"mkdir"_s, &yes, u"name=other-*"_s);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QCOMPARE(r->rows.size(), 1);
        QCOMPARE(r->rows.at(0).pack, u"other-maker"_s);
        QCOMPARE(yes.requests().at(0).packs, QStringList{u"other-maker"_s});
        QVERIFY(!QFileInfo::exists(ws.packDir(u"maker"_s) + u"/made"_s));
    }

    void runUnknownAction()
    {
        Workspace ws = workspaceWith({u"maker"_s});
        const auto before = snapshot(ws.root());
        ScriptedApproval yes;
        for (const QString &action : {u"teleport"_s, u"unlink"_s}) {
            const Result<RunActionReport> r = runNamed(ws, action, &yes);
            QVERIFY(!r.ok());
            QCOMPARE(r.error().kind(), ErrorKind::PluginMissing);
            QCOMPARE(r.error().reason(), u"unknown_action"_s);
        }
        QVERIFY(yes.requests().isEmpty());
        QCOMPARE(snapshot(ws.root()), before);
        QCOMPARE(RunActionOptions::fromJson({{u"action"_s, u" "_s}}).error().reason(),
                 u"missing_argument"_s);
    }

    void runRefusedDoesNothing()
    {
        Workspace ws = workspaceWith({u"maker"_s, u"toucher"_s});
        const auto before = snapshot(ws.root());
        ScriptedApproval no(false);
        for (const QString &action : {u"mkdir"_s, u"exec"_s}) {
            const Result<RunActionReport> refused = runNamed(ws, action, &no);
            QVERIFY(!refused.ok());
            QCOMPARE(refused.error().kind(), ErrorKind::NotApproved);
            const Result<RunActionReport> noPolicy = runNamed(ws, action, nullptr);
            QCOMPARE(noPolicy.error().kind(), ErrorKind::NotApproved);
        }
        QCOMPARE(no.requests().size(), 2);
        // No directory, no marker, and no event but the refusals themselves.
        int denials = 0;
        QCOMPARE(withoutDenials(snapshot(ws.root()), &denials), before);
        QCOMPARE(denials, 4);
    }

    void runFailureHalts()
    {
        Workspace ws = workspaceWith({u"breaker"_s});
        const QByteArray lock = readFile(ws.lockfilePath());
        ScriptedApproval yes;
        const Result<RunActionReport> r = runNamed(ws, u"rmdir"_s, &yes);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::PackOp);
        QCOMPARE(r.error().reason(), u"run_failed"_s);
        QCOMPARE(r.error().details().value(u"pack"_s).toString(), u"breaker"_s);
        const JsonArray rows = r.error().details().value(u"report"_s).toArray();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.at(0).toObject().value(u"pack"_s).toString(), u"breaker"_s);
        QCOMPARE(rows.at(0).toObject().value(u"action"_s).toString(), u"rmdir"_s);
        QCOMPARE(rows.at(0).toObject().value(u"changed"_s).toBool(true), false);
        QVERIFY(QFileInfo::exists(ws.packDir(u"breaker"_s) + u"/full/file"_s));
        QCOMPARE(readFile(ws.lockfilePath()), lock);
    }
};

QTEST_GUILESS_MAIN(tst_RunExec)
#include "tst_runexec.moc"
