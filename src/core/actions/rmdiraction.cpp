#include "core/actions/rmdiraction.h"

#include "core/actions/actionplugin.h"
#include "core/actions/actionsupport.h"
#include "core/exec/execerror.h"
#include "core/pack/actionargsreader.h"
#include "core/timestamp.h"

#include <QFile>

#include <cerrno>
#include <cstdio>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

class RmdirAction final : public ActionPluginFor<RmdirArgs>
{
public:
    QString name() const override { return u"rmdir"_s; }
    const char *help() const override
    {
        return QT_TRANSLATE_NOOP("Grex", "Remove a directory: only when it is empty, with its "
                                         "contents (force), or by moving it aside (backup).");
    }

    Result<ActionArgs> parse(const ActionArgsReader &in) const override
    {
        if (Result<void> ok = in.checkKeys({u"path"_s, u"backup"_s, u"force"_s}); !ok)
            return ok.error();
        RmdirArgs a;
        Result<QString> path = in.required(u"path"_s);
        if (!path)
            return path.error();
        a.path = *path;
        for (Result<void> read :
             {in.readBool(u"backup"_s, &a.backup), in.readBool(u"force"_s, &a.force)}) {
            if (!read)
                return read.error();
        }
        return ActionArgs(std::move(a));
    }

    JsonValue canonicalArgs(const Action &action) const override
    {
        const RmdirArgs &a = argsOf(action);
        return JsonObject{{u"path"_s, a.path}, {u"backup"_s, a.backup}, {u"force"_s, a.force}};
    }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        Result<QString> path = expandPath(argsOf(action).path, ctx, u"rmdir.path"_s);
        if (!path)
            return path.error();
        return makeStep(
            name(), lexists(*path) ? StepResult::WouldPerformChange : StepResult::AlreadySatisfied,
            *path);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        const auto &args = argsOf(action);
        Result<QString> path = expandPath(args.path, ctx, u"rmdir.path"_s);
        if (!path)
            return path.error();
        if (!lexists(*path))
            return makeStep(name(), StepResult::NoOp, *path);
        if (args.backup) {
            const QString backup =
                *path + u".grex.bak."_s + QString::number(Timestamp::now().unixNanos());
            if (std::rename(QFile::encodeName(*path).constData(),
                            QFile::encodeName(backup).constData()) != 0)
                return fsError("rename", *path, errno);
            return makeStep(name(), StepResult::PerformedChange, backup);
        }
        if (args.force) {
            if (!removeTree(*path))
                return fsError("rmdir", *path, EIO);
            return makeStep(name(), StepResult::PerformedChange, *path);
        }
        if (::rmdir(QFile::encodeName(*path).constData()) != 0) {
            if (errno == ENOTEMPTY || errno == EEXIST)
                return execError(u"rmdir_not_empty"_s,
                                 Message(QT_TRANSLATE_NOOP("Grex", "%1 is not empty"), {*path}))
                    .withDetail(u"path"_s, *path);
            return fsError("rmdir", *path, errno);
        }
        return makeStep(name(), StepResult::PerformedChange, *path);
    }
};
} // namespace

std::shared_ptr<const ActionPlugin> makeRmdirAction()
{
    return std::make_shared<RmdirAction>();
}

} // namespace Grex
