#include "core/actions/envaction.h"

#include "core/actions/actionplugin.h"
#include "core/exec/execcontext.h"
#include "core/exec/execerror.h"
#include "core/fs/atomicwrite.h"
#include "core/fs/gitignore.h"
#include "core/pack/actionargsreader.h"
#include "core/vars/varenv.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

QString shellQuote(const QString &value)
{
    QString quoted = value;
    quoted.replace(u"'"_s, u"'\\''"_s);
    return u'\'' + quoted + u'\'';
}

class EnvAction final : public ActionPluginFor<EnvArgs>
{
public:
    QString name() const override { return u"env"_s; }
    const char *help() const override
    {
        return QT_TRANSLATE_NOOP("Grex", "Set an environment variable for the rest of the run "
                                         "(session), the user or the machine.");
    }

    Result<ActionArgs> parse(const ActionArgsReader &in) const override
    {
        if (Result<void> ok = in.checkKeys({u"name"_s, u"value"_s, u"scope"_s}); !ok)
            return ok.error();
        EnvArgs a;
        Result<QString> varName = in.required(u"name"_s);
        if (!varName)
            return varName.error();
        static const QRegularExpression validName(u"^[A-Za-z_][A-Za-z0-9_]*$"_s);
        if (!validName.match(*varName).hasMatch())
            return in.fail(in.value(u"name"_s), u"action_args"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' is not a valid variable name"),
                           {*varName});
        Result<QString> value = in.required(u"value"_s);
        if (!value)
            return value.error();
        a.name = *varName;
        a.value = *value;
        if (Result<void> scope =
                in.readChoice(u"scope"_s, {u"user"_s, u"machine"_s, u"session"_s}, &a.scope);
            !scope)
            return scope.error();
        return ActionArgs(std::move(a));
    }

    JsonValue canonicalArgs(const Action &action) const override
    {
        const EnvArgs &a = argsOf(action);
        return JsonObject{{u"name"_s, a.name}, {u"value"_s, a.value}, {u"scope"_s, a.scope}};
    }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        const auto &args = argsOf(action);
        Result<QString> value = expandVariables(args.value, ctx.vars, u"env.value"_s);
        if (!value)
            return value.error();
        Result<std::optional<QString>> current = currentValue(args, ctx);
        if (!current)
            return current.error();
        return makeStep(name(),
                        *current == std::optional<QString>(*value) ? StepResult::AlreadySatisfied
                                                                   : StepResult::WouldPerformChange,
                        args.name + u'=' + *value);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        const auto &args = argsOf(action);
        Result<QString> value = expandVariables(args.value, ctx.vars, u"env.value"_s);
        if (!value)
            return value.error();
        const QString note = args.name + u'=' + *value;
        Result<std::optional<QString>> current = currentValue(args, ctx);
        if (!current)
            return current.error();
        if (*current == std::optional<QString>(*value))
            return makeStep(name(), StepResult::AlreadySatisfied, note);
        if (args.scope != u"session" && (value->contains(u'\n') || value->contains(u'\r'))) {
            return execError(u"invalid_path"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "the value of %1 spans lines; "
                                                               "only a session variable may"),
                                     {args.name}));
        }
        if (args.scope == u"session") {
            qputenv(args.name.toLocal8Bit().constData(), value->toLocal8Bit());
            ctx.vars.insert(args.name, *value);
        } else if (args.scope == u"user") {
            Result<void> written = writeProfile(args, *value, ctx);
            if (!written)
                return written.error();
        } else {
            Result<void> written = writeMachine(args, *value, ctx);
            if (!written)
                return written.error();
        }
        return makeStep(name(), StepResult::PerformedChange, note);
    }

private:
    static QString profilePath(const ExecContext &ctx)
    {
        return ctx.vars.value(u"HOME"_s).value_or(QDir::homePath()) + u"/.profile"_s;
    }

    static Result<std::optional<QString>> currentValue(const EnvArgs &args, const ExecContext &ctx)
    {
        if (args.scope == u"session")
            return ctx.vars.value(args.name);
        if (args.scope == u"user") {
            // The managed block of ~/.profile, one "export NAME='value'" line per variable.
            Result<std::optional<QStringList>> block =
                Gitignore::readBlock(profilePath(ctx), u"env"_s);
            if (!block)
                return block.error();
            const QString prefix = u"export "_s + args.name + u'=';
            for (const QString &line : block->value_or(QStringList())) {
                if (line.startsWith(prefix))
                    return std::optional<QString>(unquote(line.mid(prefix.size())));
            }
            return std::optional<QString>();
        }
        QFile f(ctx.machineEnvironmentFile);
        if (!f.open(QIODevice::ReadOnly))
            return std::optional<QString>();
        const QString prefix = args.name + u'=';
        for (const QByteArray &raw : f.readAll().split('\n')) {
            const QString line = QString::fromUtf8(raw).trimmed();
            if (!line.startsWith(prefix))
                continue;
            QString v = line.mid(prefix.size());
            if (v.size() >= 2 && v.startsWith(u'"') && v.endsWith(u'"'))
                v = v.mid(1, v.size() - 2);
            return std::optional<QString>(v);
        }
        return std::optional<QString>();
    }

    static QString unquote(const QString &quoted)
    {
        QString value = quoted;
        if (value.size() >= 2 && value.startsWith(u'\'') && value.endsWith(u'\''))
            value = value.mid(1, value.size() - 2);
        return value.replace(u"'\\''"_s, u"'"_s);
    }

    static Result<void> writeProfile(const EnvArgs &args, const QString &value,
                                     const ExecContext &ctx)
    {
        const QString file = profilePath(ctx);
        Result<std::optional<QStringList>> block = Gitignore::readBlock(file, u"env"_s);
        if (!block)
            return block.error();
        QStringList lines = block->value_or(QStringList());
        const QString prefix = u"export "_s + args.name + u'=';
        lines.removeIf([&](const QString &line) { return line.startsWith(prefix); });
        lines.append(prefix + shellQuote(value));
        Result<void> written = Gitignore::upsertBlock(file, u"env"_s, lines);
        if (!written)
            return execError(u"env_persistence_denied"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "cannot write %1: %2"),
                                     {file, written.error().text()}))
                .withDetail(u"scope"_s, args.scope);
        return {};
    }

    static Result<void> writeMachine(const EnvArgs &args, const QString &value,
                                     const ExecContext &ctx)
    {
        const QString file = ctx.machineEnvironmentFile;
        QFile f(file);
        QByteArray content;
        if (f.exists()) {
            if (!f.open(QIODevice::ReadOnly))
                return denied(args, file);
            content = f.readAll();
            f.close();
        }
        QList<QByteArray> lines = content.split('\n');
        if (!lines.isEmpty() && lines.last().isEmpty())
            lines.removeLast();
        const QByteArray prefix = args.name.toUtf8() + '=';
        const QByteArray line = prefix + '"' + value.toUtf8() + '"';
        bool replaced = false;
        for (QByteArray &existing : lines) {
            if (existing.trimmed().startsWith(prefix)) {
                existing = line;
                replaced = true;
            }
        }
        if (!replaced)
            lines.append(line);
        if (::access(QFile::encodeName(QFileInfo(file).absolutePath()).constData(), W_OK) != 0)
            return denied(args, file);
        if (!atomicWrite(file, lines.join('\n') + '\n'))
            return denied(args, file);
        return {};
    }

    static Error denied(const EnvArgs &args, const QString &file)
    {
        return execError(u"env_persistence_denied"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "cannot set %1 in %2 for the %3 "
                                                           "scope: permission denied"),
                                 {args.name, file, args.scope}))
            .withDetail(u"scope"_s, args.scope);
    }
};

} // namespace

std::shared_ptr<const ActionPlugin> makeEnvAction()
{
    return std::make_shared<EnvAction>();
}

} // namespace Grex
