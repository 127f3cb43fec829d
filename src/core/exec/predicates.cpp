#include "predicates.h"

#include "exec/execcontext.h"
#include "exec/execerror.h"
#include "vars/varenv.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

QString resolve(const ExecContext &ctx, const QString &path)
{
    return QDir::cleanPath(QDir(ctx.packRoot).absoluteFilePath(path));
}

Result<bool> leaf(const Predicate &p, const ExecContext &ctx)
{
    switch (p.kind) {
    case Predicate::Kind::PathExists: {
        Result<QString> path = expandVariables(p.value, ctx.vars, u"path_exists"_s);
        return path.ok() && QFileInfo::exists(resolve(ctx, *path));
    }
    case Predicate::Kind::CmdAvailable: {
        Result<QString> name = expandVariables(p.value, ctx.vars, u"cmd_available"_s);
        if (!name)
            return false;
        const QString path = ctx.vars.value(u"PATH"_s).value_or(qEnvironmentVariable("PATH"));
        return commandAvailable(*name, path);
    }
    case Predicate::Kind::Os:
        return p.value == ctx.os ||
               (p.value == u"unix" && (ctx.os == u"linux" || ctx.os == u"macos"));
    case Predicate::Kind::RegKey:
    case Predicate::Kind::PsVersion: {
        const QString name = p.kind == Predicate::Kind::RegKey ? u"reg_key"_s : u"psversion"_s;
        return execError(u"predicate_not_supported"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "predicate '%1' is not supported on %2"),
                                 {name, ctx.os}))
            .withDetail(u"predicate"_s, name)
            .withDetail(u"platform"_s, ctx.os);
    }
    case Predicate::Kind::SymlinkOk: {
        Result<QString> src = expandVariables(p.value, ctx.vars, u"symlink_ok.src"_s);
        Result<QString> dst =
            expandVariables(p.second.value_or(QString()), ctx.vars, u"symlink_ok.dst"_s);
        if (!src || !dst)
            return false;
        const QFileInfo link(resolve(ctx, *dst));
        return link.isSymLink() &&
               QDir::cleanPath(QDir(link.absolutePath()).absoluteFilePath(link.symLinkTarget())) ==
                   resolve(ctx, *src);
    }
    case Predicate::Kind::SymlinkPrivilege:
        return true; // POSIX users may always create symlinks
    case Predicate::Kind::AllOf:
    case Predicate::Kind::AnyOf:
    case Predicate::Kind::NoneOf:
        break;
    }
    return Error::internal(__FILE__, __LINE__, u"combiner evaluated as a leaf"_s);
}

Result<bool> combiner(const Predicate &p, const ExecContext &ctx, bool strictLeaves)
{
    for (const Predicate &child : p.children) {
        Result<bool> value = child.isCombiner() ? combiner(child, ctx, false) : leaf(child, ctx);
        if (!value) {
            if (!strictLeaves && value.error().reason() == u"predicate_not_supported")
                value = false;
            else
                return value;
        }
        if (p.kind == Predicate::Kind::AllOf && !*value)
            return false;
        if (p.kind == Predicate::Kind::AnyOf && *value)
            return true;
        if (p.kind == Predicate::Kind::NoneOf && *value)
            return false;
    }
    return p.kind != Predicate::Kind::AnyOf;
}

} // namespace

Result<bool> evaluatePredicate(const Predicate &predicate, const ExecContext &ctx,
                               bool strictLeaves)
{
    if (predicate.isCombiner())
        return combiner(predicate, ctx, strictLeaves);
    Result<bool> value = leaf(predicate, ctx);
    if (!value && !strictLeaves && value.error().reason() == u"predicate_not_supported")
        return false;
    return value;
}

bool commandAvailable(const QString &name, const QString &path)
{
    if (name.isEmpty())
        return false;
    if (name.contains(u'/')) {
        const QFileInfo info(name);
        return info.isFile() && info.isExecutable();
    }
    for (const QString &dir : path.split(u':', Qt::SkipEmptyParts)) {
        const QFileInfo info(QDir(dir).filePath(name));
        if (info.isFile() && info.isExecutable())
            return true;
    }
    return false;
}

Result<bool> whenGateHolds(const WhenArgs &args, const ExecContext &ctx)
{
    if (args.os && *args.os != ctx.os)
        return false;
    const auto listHolds = [&](const std::optional<std::vector<Predicate>> &list,
                               Predicate::Kind kind) -> Result<bool> {
        if (!list)
            return true;
        Predicate combiner;
        combiner.kind = kind;
        combiner.children = *list;
        return evaluatePredicate(combiner, ctx, false);
    };
    for (const auto &[list, kind] : {std::pair{&args.allOf, Predicate::Kind::AllOf},
                                     std::pair{&args.anyOf, Predicate::Kind::AnyOf},
                                     std::pair{&args.noneOf, Predicate::Kind::NoneOf}}) {
        Result<bool> holds = listHolds(*list, kind);
        if (!holds || !*holds)
            return holds;
    }
    return true;
}

} // namespace Grex
