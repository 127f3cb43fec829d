#include "core/actions/symlinkaction.h"

#include "core/actions/actionplugin.h"
#include "core/actions/actionsupport.h"
#include "core/exec/execcontext.h"
#include "core/exec/execerror.h"
#include "core/pack/actionargsreader.h"
#include "core/pack/packmanifest.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

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

class SymlinkAction final : public ActionPluginFor<SymlinkArgs>
{
public:
    QString name() const override { return u"symlink"_s; }
    const char *help() const override
    {
        return QT_TRANSLATE_NOOP("Grex", "Create a symbolic link dst pointing at src, moving "
                                         "aside what is in the way when asked.");
    }

    Result<ActionArgs> parse(const ActionArgsReader &in) const override
    {
        if (Result<void> ok =
                in.checkKeys({u"src"_s, u"dst"_s, u"backup"_s, u"normalize"_s, u"kind"_s});
            !ok)
            return ok.error();
        SymlinkArgs a;
        Result<QString> src = in.required(u"src"_s);
        if (!src)
            return src.error();
        Result<QString> dst = in.required(u"dst"_s);
        if (!dst)
            return dst.error();
        a.src = *src;
        a.dst = *dst;
        for (Result<void> read :
             {in.readBool(u"backup"_s, &a.backup), in.readBool(u"normalize"_s, &a.normalize),
              in.readChoice(u"kind"_s, {u"auto"_s, u"file"_s, u"directory"_s}, &a.kind)}) {
            if (!read)
                return read.error();
        }
        return ActionArgs(std::move(a));
    }

    // Two symlinks of one pack may not create the same dst, compared as written (case-folded
    // off Linux).
    QList<Error> validate(const std::vector<const Action *> &actions,
                          const QString &file) const override
    {
        QList<Error> errors;
        const bool foldCase = currentOs() != u"linux";
        for (size_t i = 0; i < actions.size(); ++i) {
            const QString &first = argsOf(*actions.at(i)).dst;
            for (size_t j = i + 1; j < actions.size(); ++j) {
                const QString &second = argsOf(*actions.at(j)).dst;
                const bool same =
                    foldCase ? first.compare(second, Qt::CaseInsensitive) == 0 : first == second;
                if (same)
                    errors.append(duplicate(file, *actions.at(j), first, i, j));
            }
        }
        return errors;
    }

    JsonValue canonicalArgs(const Action &action) const override
    {
        const SymlinkArgs &a = argsOf(action);
        return JsonObject{{u"src"_s, a.src},
                          {u"dst"_s, a.dst},
                          {u"backup"_s, a.backup},
                          {u"normalize"_s, a.normalize},
                          {u"kind"_s, a.kind}};
    }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        Result<Paths> paths = resolvePaths(action, ctx);
        if (!paths)
            return paths.error();
        return makeStep(name(),
                        isSatisfied(*paths) ? StepResult::AlreadySatisfied
                                            : StepResult::WouldPerformChange,
                        paths->dst + u" -> "_s + paths->src);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        Result<Paths> paths = resolvePaths(action, ctx);
        if (!paths)
            return paths.error();
        const QString &src = paths->src;
        const QString &dst = paths->dst;
        const QString note = dst + u" -> "_s + src;
        if (isSatisfied(*paths))
            return makeStep(name(), StepResult::AlreadySatisfied, note);
        if (!QFileInfo(QFileInfo(dst).absolutePath()).isDir())
            return fsError("symlink", dst, ENOENT)
                .withHint(Message(QT_TRANSLATE_NOOP("Grex", "create the parent directory first, "
                                                            "with a mkdir action")));
        if (lexists(dst)) {
            if (!argsOf(action).backup) {
                return execError(u"symlink_dest_occupied"_s,
                                 Message(QT_TRANSLATE_NOOP("Grex", "%1 already exists and is not "
                                                                   "a link to %2"),
                                         {dst, src}))
                    .withDetail(u"dst"_s, dst);
            }
            Result<void> replaced = replaceWithLink(src, dst);
            if (!replaced)
                return replaced.error();
            return makeStep(name(), StepResult::PerformedChange, note);
        }
        if (::symlink(QFile::encodeName(src).constData(), QFile::encodeName(dst).constData()) != 0)
            return fsError("symlink", dst, errno);
        return makeStep(name(), StepResult::PerformedChange, note);
    }

    std::optional<Action> inverse(const Action &action) const override
    {
        Action unlink;
        unlink.name = u"unlink"_s;
        unlink.args = UnlinkArgs{argsOf(action).dst};
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
        const SymlinkArgs &args = argsOf(action);
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

    // backup: true. What is at dst moves to dst.grex.bak (an older backup goes), then the link
    // is made; when the link cannot be made, the backup moves back.
    static Result<void> replaceWithLink(const QString &src, const QString &dst)
    {
        const QString backup = dst + u".grex.bak"_s;
        if (lexists(backup))
            removeTree(backup);
        if (std::rename(QFile::encodeName(dst).constData(),
                        QFile::encodeName(backup).constData()) != 0)
            return fsError("rename", dst, errno);
        if (::symlink(QFile::encodeName(src).constData(), QFile::encodeName(dst).constData()) == 0)
            return {};
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

    static Error duplicate(const QString &file, const Action &second, const QString &dst, size_t i,
                           size_t j)
    {
        return Error(ErrorKind::PackOp, u"pack_yaml_invalid"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1:%2: symlink #%3 and symlink #%4 both "
                                                       "create '%5'"),
                             {file, QString::number(second.line), QString::number(i),
                              QString::number(j), dst}))
            .withDetail(u"file"_s, file)
            .withDetail(u"line"_s, qint64(second.line))
            .withDetail(u"rule"_s, u"duplicate_symlink_dst"_s)
            .withDetail(u"dst"_s, dst)
            .withDetail(u"first"_s, qint64(i))
            .withDetail(u"second"_s, qint64(j));
    }
};

// The inverse of symlink in an automatic teardown (docs/design.md, "Automatic teardown").
class UnlinkAction final : public ActionPluginFor<UnlinkArgs>
{
public:
    QString name() const override { return u"unlink"_s; }
    const char *help() const override { return nullptr; }

    Result<ActionArgs> parse(const ActionArgsReader &) const override
    {
        // The parser offers only the actions with a help text.
        return Error::internal(__FILE__, __LINE__, u"unlink read from pack.yaml"_s);
    }

    JsonValue canonicalArgs(const Action &action) const override
    {
        return JsonObject{{u"dst"_s, argsOf(action).dst}};
    }

    Result<ExecStep> plan(const Action &action, const ExecContext &ctx) const override
    {
        Result<QString> dst = expandPath(argsOf(action).dst, ctx, u"symlink.dst"_s);
        if (!dst)
            return dst.error();
        return makeStep(
            name(), QFileInfo(*dst).isSymLink() ? StepResult::WouldPerformChange : StepResult::NoOp,
            *dst);
    }

    Result<ExecStep> apply(const Action &action, ExecContext &ctx) const override
    {
        Result<QString> dst = expandPath(argsOf(action).dst, ctx, u"symlink.dst"_s);
        if (!dst)
            return dst.error();
        // Only a symlink is ours to remove; anything else at dst is left untouched.
        if (!QFileInfo(*dst).isSymLink())
            return makeStep(name(), StepResult::NoOp, *dst);
        if (::unlink(QFile::encodeName(*dst).constData()) != 0)
            return fsError("unlink", *dst, errno);
        return makeStep(name(), StepResult::PerformedChange, *dst);
    }
};

} // namespace

std::shared_ptr<const ActionPlugin> makeSymlinkAction()
{
    return std::make_shared<SymlinkAction>();
}

std::shared_ptr<const ActionPlugin> makeUnlinkAction()
{
    return std::make_shared<UnlinkAction>();
}

} // namespace Grex
