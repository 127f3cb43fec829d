#include "actionplugin.h"

#include "exec/execcontext.h"
#include "exec/execerror.h"
#include "exec/predicates.h"
#include "exec/processrunner.h"
#include "fs/atomicwrite.h"
#include "fs/gitignore.h"
#include "logging.h"
#include "operationcontext.h"
#include "timestamp.h"
#include "vars/varenv.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>

#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex {

ActionPlugin::~ActionPlugin() = default;

std::optional<Action> ActionPlugin::inverse(const Action &) const
{
    return std::nullopt;
}

void ExecContext::warn(const Message &message) const
{
    if (operation)
        operation->warn(message);
    else
        qCWarning(lcCore).noquote() << message.text();
}

void ActionRegistry::add(std::shared_ptr<const ActionPlugin> plugin)
{
    const QString name = plugin->name();
    if (m_plugins.contains(name))
        qCWarning(lcCore, "action plugin '%s' replaces an earlier one", qPrintable(name));
    m_plugins.insert(name, std::move(plugin));
}

const ActionPlugin *ActionRegistry::get(const QString &name) const
{
    const auto it = m_plugins.find(name);
    return it == m_plugins.end() ? nullptr : it->get();
}

Result<ExecStep> ActionRegistry::run(const Action &action, ExecContext &ctx) const
{
    if (ctx.stop.stop_requested())
        return cancelledRun();
    const ActionPlugin *plugin = get(action.name);
    if (!plugin) {
        return Error(ErrorKind::PluginMissing, u"unknown_action"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "no action called '%1' is registered"),
                             {action.name}))
            .withDetail(u"action"_s, action.name);
    }
    return ctx.dryRun ? plugin->plan(action, ctx) : plugin->apply(action, ctx);
}

namespace {

ExecStep step(const QString &name, StepResult result, QString message = {})
{
    ExecStep s;
    s.actionName = name;
    s.result = result;
    s.message = std::move(message);
    return s;
}

// Expands a field and resolves a relative path against the pack, so the result does not depend
// on where grex was started (docs/design.md, "Relative paths in actions").
Result<QString> expandPath(const QString &raw, const ExecContext &ctx, const QString &field,
                           bool normalize = true)
{
    Result<QString> expanded = expandVariables(raw, ctx.vars, field);
    if (!expanded)
        return std::move(expanded).error().withDetail(u"phase"_s, u"exec"_s);
    if (expanded->isEmpty()) {
        return execError(u"invalid_path"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "%1 is empty after expansion"), {field}))
            .withDetail(u"field"_s, field);
    }
    const QString absolute = QDir(ctx.packRoot).absoluteFilePath(*expanded);
    return normalize ? QDir::cleanPath(absolute) : absolute;
}

Error fsError(const char *op, const QString &path, int err)
{
    return execError(u"fs_io"_s, Message(QT_TRANSLATE_NOOP("Grex", "%1 failed on %2: %3"),
                                         {QString::fromLatin1(op), path,
                                          QString::fromLocal8Bit(strerror(err))}))
        .withDetail(u"op"_s, QString::fromLatin1(op))
        .withDetail(u"path"_s, path);
}

bool lexists(const QString &path)
{
    struct stat st
    {
    };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0;
}

bool removeTree(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir() && !info.isSymLink())
        return QDir(path).removeRecursively();
    return QFile::remove(path);
}

// The path a symlink points at, made absolute against its own directory.
QString linkTarget(const QString &link)
{
    const QByteArray native = QFile::encodeName(link);
    QByteArray buffer(4096, '\0');
    const ssize_t n = ::readlink(native.constData(), buffer.data(), size_t(buffer.size()));
    if (n < 0)
        return {};
    const QString target = QFile::decodeName(buffer.left(n));
    return QDir::cleanPath(QDir(QFileInfo(link).absolutePath()).absoluteFilePath(target));
}

// ---- symlink ----------------------------------------------------------------------------

class SymlinkAction final : public ActionPlugin
{
public:
    QString name() const override { return u"symlink"_s; }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        Result<Paths> paths = resolvePaths(action, ctx);
        if (!paths)
            return paths.error();
        return step(name(),
                    isSatisfied(*paths) ? StepResult::AlreadySatisfied
                                        : StepResult::WouldPerformChange,
                    paths->dst + u" -> "_s + paths->src);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        const auto &args = std::get<SymlinkArgs>(action.args);
        Result<Paths> paths = resolvePaths(action, ctx);
        if (!paths)
            return paths.error();
        const QString &src = paths->src;
        const QString &dst = paths->dst;
        const QString note = dst + u" -> "_s + src;
        if (isSatisfied(*paths))
            return step(name(), StepResult::AlreadySatisfied, note);
        if (!QFileInfo(QFileInfo(dst).absolutePath()).isDir())
            return fsError("symlink", dst, ENOENT)
                .withHint(Message(QT_TRANSLATE_NOOP("Grex", "create the parent directory first, "
                                                            "with a mkdir action")));

        if (lexists(dst)) {
            if (!args.backup) {
                return execError(u"symlink_dest_occupied"_s,
                                 Message(QT_TRANSLATE_NOOP("Grex", "%1 already exists and is not "
                                                                   "a link to %2"),
                                         {dst, src}))
                    .withDetail(u"dst"_s, dst);
            }
            const QString backup = dst + u".grex.bak"_s;
            if (lexists(backup))
                removeTree(backup);
            if (std::rename(QFile::encodeName(dst).constData(),
                            QFile::encodeName(backup).constData()) != 0)
                return fsError("rename", dst, errno);
            if (::symlink(QFile::encodeName(src).constData(), QFile::encodeName(dst).constData()) !=
                0) {
                const int createErr = errno;
                if (std::rename(QFile::encodeName(backup).constData(),
                                QFile::encodeName(dst).constData()) == 0)
                    return fsError("symlink", dst, createErr);
                const int restoreErr = errno;
                return execError(u"symlink_create_after_backup_failed"_s,
                                 Message(QT_TRANSLATE_NOOP("Grex", "created the backup %1 but "
                                                                   "not the link %2 (%3), and "
                                                                   "could not move the backup "
                                                                   "back (%4)"),
                                         {backup, dst, QString::fromLocal8Bit(strerror(createErr)),
                                          QString::fromLocal8Bit(strerror(restoreErr))}))
                    .withDetail(u"dst"_s, dst)
                    .withDetail(u"backup"_s, backup)
                    .withHint(Message(QT_TRANSLATE_NOOP("Grex", "backup left at %1; restore "
                                                                "manually and re-run"),
                                      {backup}));
            }
            return step(name(), StepResult::PerformedChange, note);
        }
        if (::symlink(QFile::encodeName(src).constData(), QFile::encodeName(dst).constData()) != 0)
            return fsError("symlink", dst, errno);
        return step(name(), StepResult::PerformedChange, note);
    }

    std::optional<Action> inverse(const Action &action) const override
    {
        Action unlink;
        unlink.name = u"unlink"_s;
        unlink.args = UnlinkArgs{std::get<SymlinkArgs>(action.args).dst};
        unlink.line = action.line;
        return unlink;
    }

private:
    struct Paths
    {
        QString src;
        QString dst;
    };

    static Result<Paths> resolvePaths(const Action &action, const ExecContext &ctx)
    {
        const auto &args = std::get<SymlinkArgs>(action.args);
        Result<QString> src = expandPath(args.src, ctx, u"symlink.src"_s, args.normalize);
        if (!src)
            return src.error();
        Result<QString> dst = expandPath(args.dst, ctx, u"symlink.dst"_s, args.normalize);
        if (!dst)
            return dst.error();
        return Paths{*src, *dst};
    }

    static bool isSatisfied(const Paths &paths)
    {
        // linkTarget() comes back tidied; src is raw when normalize is off, so tidy it too.
        return QFileInfo(paths.dst).isSymLink() &&
            linkTarget(paths.dst) == QDir::cleanPath(paths.src);
    }
};

// ---- unlink (the inverse of symlink) -----------------------------------------------------

class UnlinkAction final : public ActionPlugin
{
public:
    QString name() const override { return u"unlink"_s; }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        Result<QString> dst =
            expandPath(std::get<UnlinkArgs>(action.args).dst, ctx, u"symlink.dst"_s);
        if (!dst)
            return dst.error();
        return step(name(),
                    QFileInfo(*dst).isSymLink() ? StepResult::WouldPerformChange : StepResult::NoOp,
                    *dst);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        Result<QString> dst =
            expandPath(std::get<UnlinkArgs>(action.args).dst, ctx, u"symlink.dst"_s);
        if (!dst)
            return dst.error();
        // Only a symlink is ours to remove; anything else at dst is left untouched.
        if (!QFileInfo(*dst).isSymLink())
            return step(name(), StepResult::NoOp, *dst);
        if (::unlink(QFile::encodeName(*dst).constData()) != 0)
            return fsError("unlink", *dst, errno);
        return step(name(), StepResult::PerformedChange, *dst);
    }
};

// ---- env ---------------------------------------------------------------------------------

QString shellQuote(const QString &value)
{
    QString quoted = value;
    quoted.replace(u"'"_s, u"'\\''"_s);
    return u'\'' + quoted + u'\'';
}

class EnvAction final : public ActionPlugin
{
public:
    QString name() const override { return u"env"_s; }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        const auto &args = std::get<EnvArgs>(action.args);
        Result<QString> value = expandVariables(args.value, ctx.vars, u"env.value"_s);
        if (!value)
            return value.error();
        Result<std::optional<QString>> current = currentValue(args, ctx);
        if (!current)
            return current.error();
        return step(name(),
                    *current == std::optional<QString>(*value) ? StepResult::AlreadySatisfied
                                                               : StepResult::WouldPerformChange,
                    args.name + u'=' + *value);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        const auto &args = std::get<EnvArgs>(action.args);
        Result<QString> value = expandVariables(args.value, ctx.vars, u"env.value"_s);
        if (!value)
            return value.error();
        const QString note = args.name + u'=' + *value;
        Result<std::optional<QString>> current = currentValue(args, ctx);
        if (!current)
            return current.error();
        if (*current == std::optional<QString>(*value))
            return step(name(), StepResult::AlreadySatisfied, note);
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
        return step(name(), StepResult::PerformedChange, note);
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

// ---- mkdir / rmdir -------------------------------------------------------------------------

class MkdirAction final : public ActionPlugin
{
public:
    QString name() const override { return u"mkdir"_s; }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        Result<QString> path =
            expandPath(std::get<MkdirArgs>(action.args).path, ctx, u"mkdir.path"_s);
        if (!path)
            return path.error();
        const QFileInfo info(*path);
        return step(name(),
                    info.isDir() ? StepResult::AlreadySatisfied : StepResult::WouldPerformChange,
                    *path);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        const auto &args = std::get<MkdirArgs>(action.args);
        Result<QString> path = expandPath(args.path, ctx, u"mkdir.path"_s);
        if (!path)
            return path.error();
        struct stat st
        {
        };
        if (::lstat(QFile::encodeName(*path).constData(), &st) == 0) {
            if (S_ISDIR(st.st_mode))
                return step(name(), StepResult::AlreadySatisfied, *path);
            if (!(S_ISLNK(st.st_mode) && QFileInfo(*path).isDir())) {
                return execError(u"path_conflict"_s,
                                 Message(QT_TRANSLATE_NOOP("Grex", "%1 exists as a file"), {*path}))
                    .withDetail(u"path"_s, *path)
                    .withDetail(u"reason"_s, u"exists as file"_s);
            }
            return step(name(), StepResult::AlreadySatisfied, *path);
        }
        if (!QDir().mkpath(*path))
            return fsError("mkdir", *path, errno ? errno : EIO);
        if (args.mode) {
            bool ok = false;
            const uint mode = args.mode->toUInt(&ok, 8);
            if (!ok || mode > 07777)
                return execError(
                    u"invalid_path"_s,
                    Message(QT_TRANSLATE_NOOP("Grex", "invalid POSIX mode '%1'"), {*args.mode}));
            if (::chmod(QFile::encodeName(*path).constData(), mode_t(mode)) != 0)
                return fsError("chmod", *path, errno);
        }
        return step(name(), StepResult::PerformedChange, *path);
    }

    std::optional<Action> inverse(const Action &action) const override
    {
        Action rmdir;
        rmdir.name = u"rmdir"_s;
        rmdir.args = RmdirArgs{std::get<MkdirArgs>(action.args).path, false, false};
        rmdir.line = action.line;
        return rmdir;
    }
};

class RmdirAction final : public ActionPlugin
{
public:
    QString name() const override { return u"rmdir"_s; }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        Result<QString> path =
            expandPath(std::get<RmdirArgs>(action.args).path, ctx, u"rmdir.path"_s);
        if (!path)
            return path.error();
        return step(name(),
                    lexists(*path) ? StepResult::WouldPerformChange : StepResult::AlreadySatisfied,
                    *path);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        const auto &args = std::get<RmdirArgs>(action.args);
        Result<QString> path = expandPath(args.path, ctx, u"rmdir.path"_s);
        if (!path)
            return path.error();
        if (!lexists(*path))
            return step(name(), StepResult::NoOp, *path);
        if (args.backup) {
            const QString backup =
                *path + u".grex.bak."_s + QString::number(Timestamp::now().unixNanos());
            if (std::rename(QFile::encodeName(*path).constData(),
                            QFile::encodeName(backup).constData()) != 0)
                return fsError("rename", *path, errno);
            return step(name(), StepResult::PerformedChange, backup);
        }
        if (args.force) {
            if (!removeTree(*path))
                return fsError("rmdir", *path, EIO);
            return step(name(), StepResult::PerformedChange, *path);
        }
        if (::rmdir(QFile::encodeName(*path).constData()) != 0) {
            if (errno == ENOTEMPTY || errno == EEXIST)
                return execError(u"rmdir_not_empty"_s,
                                 Message(QT_TRANSLATE_NOOP("Grex", "%1 is not empty"), {*path}))
                    .withDetail(u"path"_s, *path);
            return fsError("rmdir", *path, errno);
        }
        return step(name(), StepResult::PerformedChange, *path);
    }
};

// ---- require / when ------------------------------------------------------------------------

class RequireAction final : public ActionPlugin
{
public:
    QString name() const override { return u"require"_s; }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        return evaluate(action, ctx);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        return evaluate(action, ctx);
    }

private:
    Result<ExecStep> evaluate(const Action &action, const ExecContext &ctx) const
    {
        const auto &args = std::get<RequireArgs>(action.args);
        Result<bool> satisfied = evaluatePredicate(args.combiner, ctx, true);
        if (!satisfied)
            return satisfied.error();
        if (*satisfied)
            return step(name(), StepResult::AlreadySatisfied);
        if (args.onFail == u"error") {
            return execError(u"require_failed"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "a requirement of pack '%1' does "
                                                               "not hold"),
                                     {ctx.packName}))
                .withDetail(u"pack"_s, ctx.packName);
        }
        ExecStep s = step(name(), StepResult::NoOp);
        if (args.onFail == u"skip") {
            // The rest of the pack is skipped (docs/design.md, "require and when").
            s.skipRest = true;
            s.message = u"requirement not met: the rest of the pack is skipped"_s;
        } else {
            ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "a requirement of pack '%1' does not "
                                                       "hold; continuing (on_fail: warn)"),
                             {ctx.packName}));
        }
        return s;
    }
};

class WhenAction final : public ActionPlugin
{
public:
    QString name() const override { return u"when"_s; }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        ExecContext planning = ctx;
        planning.dryRun = true;
        return runBranch(action, planning);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        return runBranch(action, ctx);
    }

    std::optional<Action> inverse(const Action &action) const override
    {
        const auto &args = std::get<WhenArgs>(action.args);
        WhenArgs reversed = args;
        reversed.actions.clear();
        for (auto it = args.actions.rbegin(); it != args.actions.rend(); ++it) {
            const ActionPlugin *plugin = builtinActions().get(it->name);
            if (!plugin)
                continue;
            if (std::optional<Action> inverse = plugin->inverse(*it))
                reversed.actions.push_back(std::move(*inverse));
        }
        Action when;
        when.name = u"when"_s;
        when.args = std::move(reversed);
        when.line = action.line;
        return when;
    }

private:
    Result<ExecStep> runBranch(const Action &action, ExecContext &ctx) const
    {
        const auto &args = std::get<WhenArgs>(action.args);
        Result<bool> open = whenGateHolds(args, ctx);
        if (!open)
            return open.error();
        if (!*open)
            return step(name(), StepResult::NoOp, u"condition false"_s);
        const ActionRegistry &registry = ctx.actions ? *ctx.actions : builtinActions();
        bool changed = false;
        bool skipRest = false;
        for (const Action &nested : args.actions) {
            if (skipRest)
                break;
            Result<ExecStep> s = registry.run(nested, ctx);
            if (!s)
                return s.error();
            changed = changed || s->result == StepResult::PerformedChange ||
                      s->result == StepResult::WouldPerformChange;
            skipRest = s->skipRest;
        }
        // A taken branch changed something only if a nested action did, so a second sync of a
        // pack that uses `when` is all no-ops.
        ExecStep s = step(
            name(),
            changed ? (ctx.dryRun ? StepResult::WouldPerformChange : StepResult::PerformedChange)
                    : StepResult::AlreadySatisfied,
            u"condition true"_s);
        s.skipRest = skipRest;
        return s;
    }
};

// ---- exec ----------------------------------------------------------------------------------

class ExecAction final : public ActionPlugin
{
public:
    QString name() const override { return u"exec"_s; }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        Result<Prepared> prepared = prepare(action, ctx);
        if (!prepared)
            return prepared.error();
        return step(name(), StepResult::WouldPerformChange, prepared->commandLine);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        const auto &args = std::get<ExecArgs>(action.args);
        Result<Prepared> prepared = prepare(action, ctx);
        if (!prepared)
            return prepared.error();
        Result<ProcessOutcome> outcome = runProcess(prepared->spec, ctx.stop);
        if (!outcome)
            return outcome.error();
        qCDebug(lcCore).noquote() << "exec" << prepared->commandLine
                                  << "stdout:" << QString::fromUtf8(outcome->stdoutData);
        if (outcome->exitStatus == 0)
            return step(name(), StepResult::PerformedChange, prepared->commandLine);
        if (args.onFail == u"ignore")
            return step(name(), StepResult::NoOp, prepared->commandLine);
        if (args.onFail == u"warn") {
            ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "%1 exited with status %2 (on_fail: warn)"),
                             {prepared->commandLine, QString::number(outcome->exitStatus)}));
            return step(name(), StepResult::PerformedChange, prepared->commandLine);
        }
        return nonZeroExit(outcome->exitStatus, prepared->commandLine, outcome->stderrData);
    }

private:
    struct Prepared
    {
        ProcessSpec spec;
        QString commandLine;
    };

    static Result<Prepared> prepare(const Action &action, const ExecContext &ctx)
    {
        const auto &args = std::get<ExecArgs>(action.args);
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
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
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
        return p;
    }
};

} // namespace

void registerBuiltinActions(ActionRegistry &registry)
{
    registry.add(std::make_shared<SymlinkAction>());
    registry.add(std::make_shared<UnlinkAction>());
    registry.add(std::make_shared<EnvAction>());
    registry.add(std::make_shared<MkdirAction>());
    registry.add(std::make_shared<RmdirAction>());
    registry.add(std::make_shared<RequireAction>());
    registry.add(std::make_shared<WhenAction>());
    registry.add(std::make_shared<ExecAction>());
}

const ActionRegistry &builtinActions()
{
    static const ActionRegistry registry = [] {
        ActionRegistry r;
        registerBuiltinActions(r);
        return r;
    }();
    return registry;
}

} // namespace Grex
