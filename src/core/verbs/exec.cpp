#include "core/verbs/exec.h"

#include "core/engine/walker.h"
#include "core/exec/processrunner.h"
#include "core/manifest/fold.h"
#include "core/operationcontext.h"
#include "core/engine/drift.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/visibletext.h"
#include "core/workspace.h"

#include <QJsonArray>
#include <QMutex>
#include <QScopeGuard>
#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace Grex {

Result<ExecOptions> ExecOptions::fromJson(const QJsonObject &args)
{
    ExecOptions options;
    // cmd is the program and its arguments: ["git", "log", "--oneline"].
    const QJsonArray cmd = args.value(u"cmd"_s).toArray();
    for (qsizetype i = 0; i < cmd.size(); ++i) {
        if (!cmd.at(i).isString()) {
            return usageError(u"invalid_argument"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "word %1 of the command is not a "
                                                                "string"),
                                      {QString::number(i + 1)}));
        }
        const QString word = cmd.at(i).toString();
        // A program receives its arguments as C strings: a NUL would end this one early, so the
        // command that ran would not be the one that was approved.
        if (word.contains(QChar(0))) {
            return usageError(u"nul_in_argument"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "word %1 of the command, %2, "
                                                                "contains a NUL character, "
                                                                "which no program can be given"),
                                      {QString::number(i + 1), shellWord(word)}))
                .withDetail(u"index"_s, qint64(i));
        }
        if (i == 0)
            options.command = word;
        else
            options.arguments.append(word);
    }
    options.shell = args.value(u"shell"_s).toBool();
    options.dryRun = args.value(u"dryRun"_s).toBool();
    if (Result<void> filter = readFilter(args, options.filter); !filter)
        return filter.error();
    if (options.command.trimmed().isEmpty()) {
        return usageError(u"missing_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "exec needs a command to run (put "
                                                            "-- before it when it has options)")));
    }
    return options;
}

JsonObject ExecReport::rowJson(const Row &row)
{
    return JsonObject{{u"pack"_s, row.pack},
                      {u"stdout"_s, row.stdoutText},
                      {u"stderr"_s, row.stderrText},
                      {u"exit"_s, row.exit ? JsonValue(qint64(*row.exit)) : JsonValue()}};
}

JsonValue ExecReport::toJson() const
{
    JsonArray array;
    for (const Row &row : rows)
        array.append(rowJson(row));
    return array;
}

DocShape ExecReport::shape()
{
    using S = DocShape;
    return S::array(
        S::object({field(u"pack"_s, S::string(), nullptr), field(u"stdout"_s, S::string(), nullptr),
                   field(u"stderr"_s, S::string(), nullptr),
                   field(u"exit"_s, S::integer().orNull(),
                         "the command's exit code; null when it did not run")}));
}

Result<ExecReport> execInPacks(Workspace &workspace, const ExecOptions &options,
                               OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    ExecReport report;
    report.dryRun = options.dryRun;
    report.argv = options.shell
                      ? QStringList{u"sh"_s, u"-c"_s,
                                    (QStringList{options.command} + options.arguments).join(u' ')}
                      : QStringList{options.command} + options.arguments;
    // A bare name must be a command on PATH: said once, not once per pack. A path with a
    // slash may exist only in some packs and is resolved in each.
    if (!options.shell && !options.command.contains(u'/') &&
        !commandAvailable(options.command, qEnvironmentVariable("PATH"))) {
        return usageError(u"command_not_found"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "'%1' is not a command on PATH"),
                                  {options.command}))
            .withDetail(u"command"_s, options.command);
    }

    Result<PackGraph> graph = readPackGraph(workspace, ctx);
    if (!graph)
        return graph.error();
    Result<QHash<QString, QString>> computedDrift = driftForFilter(options.filter, workspace, ctx);
    if (!computedDrift)
        return computedDrift.error();
    const QHash<QString, QString> drift = std::move(computedDrift).value();
    for (const PackNode &node : graph->nodes) {
        if (node.loadError && !node.onDisk) {
            ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' is left out: %2"),
                             {node.id, node.loadError->message().text()}));
        }
        if (node.isRoot || !node.onDisk || !options.filter.matches(filterSubject(node, drift)))
            continue;
        report.rows.append(ExecReport::Row{node.id, node.dir, {}, {}, std::nullopt});
    }
    std::sort(report.rows.begin(), report.rows.end(),
              [](const ExecReport::Row &a, const ExecReport::Row &b) {
                  return utf8Less(a.pack, b.pack);
              });
    if (options.dryRun || report.rows.isEmpty())
        return report;

    ApprovalRequest approval;
    approval.verb = u"exec"_s;
    QStringList packs;
    for (const ExecReport::Row &row : std::as_const(report.rows))
        packs.append(row.pack);
    approval.summary =
        Message(QT_TRANSLATE_NOOP("Grex", "run '%1' in %2 pack(s): %3"),
                {shellQuoted(report.argv), QString::number(packs.size()), nameList(packs)});
    approval.packs = packs;
    approval.command = report.argv;
    if (Result<void> approved =
            requestApproval(workspace, approval,
                            Message(QT_TRANSLATE_NOOP("Grex", "running '%1' was not approved"),
                                    {shellQuoted(report.argv)}),
                            ctx);
        !approved)
        return approved.error();

    ctx.phase(u"exec"_s);
    QThreadPool pool;
    pool.setMaxThreadCount(ctx.width().localThreads());
    QMutex mutex;
    qint64 done = 0;
    const qint64 total = report.rows.size();
    // Read-only from here on: the threads below share it (a non-const first() would detach
    // it from several threads at once).
    const QStringList argv = report.argv;
    // Each pack's output is told in the pack order, whatever order the packs finish in, so
    // that two runs print the same and can be compared: a finished pack waits for those before
    // it (guarded by mutex).
    QList<bool> finished(report.rows.size(), false);
    qsizetype told = 0;
    const auto tellInOrder = [&] {
        while (told < report.rows.size() && finished.at(told)) {
            const ExecReport::Row &next = report.rows.at(told++);
            if (next.exit)
                ctx.packOutput(ExecReport::rowJson(next));
        }
    };
    for (qsizetype index = 0; index < report.rows.size(); ++index) {
        ExecReport::Row &row = report.rows[index];
        pool.start([&, rowPtr = &row, index] {
            ExecReport::Row &r = *rowPtr;
            const auto markFinished = qScopeGuard([&] {
                QMutexLocker locker(&mutex);
                finished[index] = true;
                tellInOrder();
            });
            if (ctx.stopRequested())
                return;
            ctx.packStarted(r.pack, u"exec"_s);
            ProcessSpec spec;
            spec.program = argv.constFirst();
            spec.arguments = argv.mid(1);
            spec.workingDirectory = r.dir;
            spec.stdoutLimit = -1;
            spec.stderrTail = -1;
            spec.environment.insert(u"GREX_PACK"_s, r.pack);
            spec.environment.insert(u"GREX_PACK_DIR"_s, r.dir);
            spec.environment.insert(u"GREX_WORKSPACE"_s, workspace.root());
            spec.dieWithParent = true;
            Result<ProcessOutcome> outcome = runProcess(spec, ctx.stopToken());
            if (outcome) {
                r.stdoutText = QString::fromUtf8(outcome->stdoutData);
                r.stderrText = QString::fromUtf8(outcome->stderrData);
                r.exit = outcome->exitStatus;
            } else if (outcome.error().kind() != ErrorKind::Cancelled) {
                r.stderrText = outcome.error().message().text() + u'\n';
                r.exit = 127; // what a shell answers for a command it cannot run
            }
            if (!r.exit)
                return; // cancelled: neither output nor a result
            QMutexLocker locker(&mutex);
            ctx.packFinished(r.pack, *r.exit == 0 ? u"ok"_s : u"err"_s, QString());
            ctx.progress(++done, total, Message(QT_TRANSLATE_NOOP("Grex", "%1 done"), {r.pack}));
        });
    }
    pool.waitForDone();
    if (ctx.stopRequested())
        return cancelledError();

    QStringList failed;
    for (const ExecReport::Row &row : std::as_const(report.rows)) {
        if (row.exit && *row.exit != 0)
            failed.append(u"%1 (exit %2)"_s.arg(row.pack).arg(*row.exit));
    }
    if (!failed.isEmpty()) {
        return Error(ErrorKind::PackOp, u"exec_failed"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "the command failed in %1 of %2 pack(s): "
                                                       "%3"),
                             {QString::number(failed.size()), QString::number(total),
                              failed.join(u", "_s)}))
            .withDetail(u"report"_s, report.toJson());
    }
    return report;
}

VerbSpec makeExecVerb()
{
    VerbSpec verb;
    verb.name = u"exec"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Run a command in packs");
    verb.summary =
        QT_TRANSLATE_NOOP("Grex", "Run a command in the directory of every matching pack.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Runs a command in the directory of every matching pack, in parallel, and "
                "prints its output grouped by pack. It exits with 4 when the command failed in "
                "any pack. Put -- before the command when it has options of its own.");
    verb.examples = {
        {"grex exec -- git log -1 --oneline",
         QT_TRANSLATE_NOOP("Grex", "The last commit of every pack.")},
        {"grex exec --filter drift=dirty -- git diff --stat",
         QT_TRANSLATE_NOOP("Grex", "What changed in the packs with local changes.")},
        {"grex exec --shell --yes -- 'git stash list | wc -l'",
         QT_TRANSLATE_NOOP("Grex", "A shell pipeline in every pack, without asking.")},
    };
    verb.destructive = true;
    verb.typedCommandApproves = true;
    verb.openWorld = true;
    ParamSpec shell = param(u"shell"_s, ParamType::Boolean,
                            QT_TRANSLATE_NOOP("Grex", "Join the command and its arguments and "
                                                      "run them with sh -c."));
    shell.cliOnly = true;
    verb.icon = u"terminal"_s;
    verb.longRunning = true;
    verb.failureCarriesReport = true;
    verb.approvalQuotes = QT_TRANSLATE_NOOP("Grex", "Command:");
    verb.params = {
        hinted(param(u"cmd"_s, ParamType::StringArray,
                     QT_TRANSLATE_NOOP("Grex", "The program to run and its arguments (put -- "
                                               "before them when they have options)."),
                     u"CMD..."_s, true, true),
               ValueHint::Command),
        shell,
        dryRunParam(),
        parallelParam(),
        filterParam(),
    };
    bindInvoker<ExecOptions, ExecReport, execInPacks>(verb);
    return verb;
}

} // namespace Grex
