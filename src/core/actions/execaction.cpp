#include "core/actions/execaction.h"

#include "core/actions/actionplugin.h"
#include "core/actions/actionsupport.h"
#include "core/exec/execcontext.h"
#include "core/exec/execerror.h"
#include "core/exec/processrunner.h"
#include "core/logging.h"
#include "core/manifest/fold.h"
#include "core/pack/actionargsreader.h"
#include "core/vars/varenv.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

class ExecAction final : public ActionPluginFor<ExecArgs>
{
public:
    QString name() const override { return u"exec"_s; }
    const char *help() const override
    {
        return QT_TRANSLATE_NOOP("Grex", "Run a command in the pack directory, as a list of "
                                         "arguments or through the shell.");
    }

    Result<ActionArgs> parse(const ActionArgsReader &in) const override
    {
        if (Result<void> ok = in.checkKeys(
                {u"cmd"_s, u"cmd_shell"_s, u"shell"_s, u"cwd"_s, u"env"_s, u"on_fail"_s});
            !ok)
            return ok.error();
        ExecArgs a;
        if (Result<void> shell = in.readBool(u"shell"_s, &a.shell); !shell)
            return shell.error();
        if (Result<void> command = readCommand(in, a); !command)
            return command.error();
        if (const YAML::Node cwd = in.value(u"cwd"_s); cwd) {
            Result<QString> value = in.reader().string(cwd, u"exec.cwd"_s);
            if (!value)
                return value.error();
            a.cwd = *value;
        }
        if (Result<void> env = readEnv(in, a); !env)
            return env.error();
        if (Result<void> onFail =
                in.readChoice(u"on_fail"_s, {u"error"_s, u"warn"_s, u"ignore"_s}, &a.onFail);
            !onFail)
            return onFail.error();
        return ActionArgs(std::move(a));
    }

    JsonValue canonicalArgs(const Action &action) const override
    {
        const ExecArgs &a = argsOf(action);
        JsonObject o;
        if (a.cmd)
            o.insert(u"cmd"_s, JsonValue(*a.cmd));
        if (a.cmdShell)
            o.insert(u"cmd_shell"_s, *a.cmdShell);
        o.insert(u"shell"_s, a.shell);
        if (a.cwd)
            o.insert(u"cwd"_s, *a.cwd);
        if (!a.env.isEmpty()) {
            QStringList keys = a.env.keys();
            std::sort(keys.begin(), keys.end(), utf8Less);
            JsonObject env;
            for (const QString &key : keys)
                env.insert(key, a.env.value(key));
            o.insert(u"env"_s, env);
        }
        o.insert(u"on_fail"_s, a.onFail);
        return o;
    }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        Result<Prepared> prepared = prepare(action, ctx);
        if (!prepared)
            return prepared.error();
        return makeStep(name(), StepResult::WouldPerformChange, prepared->commandLine);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        const auto &args = argsOf(action);
        Result<Prepared> prepared = prepare(action, ctx);
        if (!prepared)
            return prepared.error();
        Result<ProcessOutcome> outcome = runProcess(prepared->spec, ctx.stop);
        if (!outcome)
            return outcome.error();
        qCDebug(lcCore).noquote() << "exec" << prepared->commandLine
                                  << "stdout:" << QString::fromUtf8(outcome->stdoutData);
        if (outcome->exitStatus == 0)
            return makeStep(name(), StepResult::PerformedChange, prepared->commandLine);
        if (args.onFail == u"ignore")
            return makeStep(name(), StepResult::NoOp, prepared->commandLine);
        if (args.onFail == u"warn") {
            ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "%1 exited with status %2 (on_fail: warn)"),
                             {prepared->commandLine, QString::number(outcome->exitStatus)}));
            return makeStep(name(), StepResult::PerformedChange, prepared->commandLine);
        }
        return nonZeroExit(outcome->exitStatus, prepared->commandLine, outcome->stderrData);
    }

private:
    // `cmd`, a list, without shell; `cmd_shell`, one line, with shell: true.
    static Result<void> readCommand(const ActionArgsReader &in, ExecArgs &a)
    {
        const bool hasCmd = bool(in.value(u"cmd"_s));
        const bool hasShell = bool(in.value(u"cmd_shell"_s));
        if (a.shell ? (hasCmd || !hasShell) : (!hasCmd || hasShell)) {
            return in.fail(in.args(), u"exec_cmd_mutex"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: 'exec' takes 'cmd' (a list) without "
                                                     "shell, or 'cmd_shell' (a string) with "
                                                     "shell: true (shell: %3, cmd: %4, "
                                                     "cmd_shell: %5)"),
                           {a.shell ? u"true"_s : u"false"_s, hasCmd ? u"yes"_s : u"no"_s,
                            hasShell ? u"yes"_s : u"no"_s});
        }
        if (!hasCmd) {
            const YAML::Node shellLine = in.value(u"cmd_shell"_s);
            Result<QString> line = in.reader().string(shellLine, u"exec.cmd_shell"_s);
            if (!line)
                return line.error();
            if (line->trimmed().isEmpty())
                return in.fail(shellLine, u"exec_invalid"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: 'exec.cmd_shell' is empty"));
            a.cmdShell = *line;
            return {};
        }
        const YAML::Node cmd = in.value(u"cmd"_s);
        if (!cmd.IsSequence())
            return in.fail(cmd, u"action_args"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: 'exec.cmd' must be a list of "
                                                     "strings"));
        QStringList argv;
        for (const YAML::Node &item : cmd) {
            if (!item.IsScalar())
                return in.fail(item, u"action_args"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: every entry of 'exec.cmd' "
                                                         "must be a string"));
            argv.append(scalarText(item));
        }
        if (argv.isEmpty())
            return in.fail(cmd, u"exec_invalid"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: 'exec.cmd' is empty"));
        a.cmd = argv;
        return {};
    }

    static Result<void> readEnv(const ActionArgsReader &in, ExecArgs &a)
    {
        const YAML::Node env = in.value(u"env"_s);
        if (!env || env.IsNull())
            return {};
        if (!env.IsMap())
            return in.fail(env, u"action_args"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: 'exec.env' must be a mapping of "
                                                     "names to strings"));
        for (const auto &var : env) {
            if (!var.second.IsScalar())
                return in.fail(var.second, u"action_args"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: 'exec.env' values must be "
                                                         "strings"));
            a.env.insert(scalarText(var.first), scalarText(var.second));
        }
        return {};
    }

    struct Prepared
    {
        ProcessSpec spec;
        QString commandLine;
    };

    static Result<Prepared> prepare(const Action &action, const ExecContext &ctx)
    {
        const auto &args = argsOf(action);
        Prepared p;
        if (args.shell) {
            Result<QString> line =
                expandVariables(args.cmdShell.value_or(QString()), ctx.vars, u"exec.cmd_shell"_s);
            if (!line)
                return line.error();
            p.spec.program = u"/bin/sh"_s;
            p.spec.arguments = {u"-c"_s, *line};
            p.commandLine = *line;
        } else {
            QStringList argv;
            for (const QString &arg : args.cmd.value_or(QStringList())) {
                Result<QString> expanded = expandVariables(arg, ctx.vars, u"exec.cmd"_s);
                if (!expanded)
                    return expanded.error();
                argv.append(*expanded);
            }
            if (argv.isEmpty())
                return execError(u"exec_invalid"_s,
                                 Message(QT_TRANSLATE_NOOP("Grex", "exec has an empty command")));
            p.spec.program = argv.takeFirst();
            p.spec.arguments = argv;
            p.commandLine = (QStringList{p.spec.program} + argv).join(u' ');
        }
        p.spec.workingDirectory = ctx.packRoot;
        if (args.cwd) {
            Result<QString> cwd = expandPath(*args.cwd, ctx, u"exec.cwd"_s);
            if (!cwd)
                return cwd.error();
            p.spec.workingDirectory = *cwd;
        }
        QProcessEnvironment env = childEnvironment();
        for (const QString &name :
             {u"GREX_PACK_ROOT"_s, u"GREX_WORKSPACE"_s, u"GREX_PACK_NAME"_s, u"HOME"_s}) {
            if (const std::optional<QString> value = ctx.vars.value(name))
                env.insert(name, *value);
        }
        for (auto it = args.env.begin(); it != args.env.end(); ++it) {
            Result<QString> value = expandVariables(it.value(), ctx.vars, u"exec.env"_s);
            if (!value)
                return value.error();
            env.insert(it.key(), *value);
        }
        p.spec.environment = env;
        // A grex that exits at once (a second Ctrl-C) takes the command with it.
        p.spec.dieWithParent = true;
        return p;
    }
};

} // namespace

std::shared_ptr<const ActionPlugin> makeExecAction()
{
    return std::make_shared<ExecAction>();
}

} // namespace Grex
