#include "core/actions/mkdiraction.h"

#include "core/actions/actionplugin.h"
#include "core/actions/actionsupport.h"
#include "core/actions/rmdiraction.h"
#include "core/exec/execerror.h"
#include "core/pack/actionargsreader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <cerrno>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

class MkdirAction final : public ActionPluginFor<MkdirArgs>
{
public:
    QString name() const override { return u"mkdir"_s; }
    const char *help() const override
    {
        return QT_TRANSLATE_NOOP("Grex", "Create a directory with its parents, with a mode when "
                                         "one is given.");
    }

    Result<ActionArgs> parse(const ActionArgsReader &in) const override
    {
        if (Result<void> ok = in.checkKeys({u"path"_s, u"mode"_s}); !ok)
            return ok.error();
        MkdirArgs a;
        Result<QString> path = in.required(u"path"_s);
        if (!path)
            return path.error();
        a.path = *path;
        if (const YAML::Node mode = in.value(u"mode"_s); mode) {
            static const QRegularExpression octal(u"^0?[0-7]{3,4}$"_s);
            if (!mode.IsScalar() || !octal.match(scalarText(mode)).hasMatch())
                return in.fail(mode, u"action_args"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: 'mkdir.mode' must be an octal "
                                                         "mode like \"755\""));
            a.mode = scalarText(mode);
        }
        return ActionArgs(std::move(a));
    }

    JsonValue canonicalArgs(const Action &action) const override
    {
        const MkdirArgs &a = argsOf(action);
        JsonObject o{{u"path"_s, a.path}};
        if (a.mode)
            o.insert(u"mode"_s, *a.mode);
        return o;
    }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        Result<QString> path = expandPath(argsOf(action).path, ctx, u"mkdir.path"_s);
        if (!path)
            return path.error();
        const QFileInfo info(*path);
        return makeStep(
            name(), info.isDir() ? StepResult::AlreadySatisfied : StepResult::WouldPerformChange,
            *path);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        const auto &args = argsOf(action);
        Result<QString> path = expandPath(args.path, ctx, u"mkdir.path"_s);
        if (!path)
            return path.error();
        struct stat st
        {
        };
        if (::lstat(QFile::encodeName(*path).constData(), &st) == 0) {
            if (S_ISDIR(st.st_mode))
                return makeStep(name(), StepResult::AlreadySatisfied, *path);
            if (!(S_ISLNK(st.st_mode) && QFileInfo(*path).isDir())) {
                return execError(u"path_conflict"_s,
                                 Message(QT_TRANSLATE_NOOP("Grex", "%1 exists as a file"), {*path}))
                    .withDetail(u"path"_s, *path)
                    .withDetail(u"reason"_s, u"exists as file"_s);
            }
            return makeStep(name(), StepResult::AlreadySatisfied, *path);
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
        return makeStep(name(), StepResult::PerformedChange, *path);
    }

    std::optional<Action> inverse(const Action &action) const override
    {
        Action rmdir;
        rmdir.name = u"rmdir"_s;
        rmdir.args = RmdirArgs{argsOf(action).path, false, false};
        rmdir.line = action.line;
        return rmdir;
    }
};
} // namespace

std::shared_ptr<const ActionPlugin> makeMkdirAction()
{
    return std::make_shared<MkdirAction>();
}

} // namespace Grex
