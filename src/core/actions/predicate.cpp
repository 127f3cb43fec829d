#include "core/actions/predicate.h"

#include "core/exec/execcontext.h"
#include "core/exec/execerror.h"
#include "core/exec/processrunner.h"
#include "core/pack/actionargsreader.h"
#include "core/pack/packmanifest.h"
#include "core/vars/varenv.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// ---- reading --------------------------------------------------------------------------------

Result<Predicate> readPredicate(const ManifestReader &reader, const YAML::Node &node, int depth);

Result<std::vector<Predicate>> readList(const ManifestReader &reader, const YAML::Node &node,
                                        const QString &key, int depth)
{
    if (depth > MaxPredicateDepth)
        return reader.fail(
            node, u"require_depth"_s,
            QT_TRANSLATE_NOOP("Grex", "%1:%2: predicates nest deeper than %3 levels"),
            {QString::number(MaxPredicateDepth)});
    if (!node.IsSequence())
        return reader.fail(node, u"invalid_predicate"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' must be a list of predicates"),
                           {key});
    std::vector<Predicate> list;
    for (const YAML::Node &item : node) {
        Result<Predicate> p = readPredicate(reader, item, depth);
        if (!p)
            return p.error();
        list.push_back(std::move(p).value());
    }
    return list;
}

Result<Predicate> readPredicate(const ManifestReader &reader, const YAML::Node &node, int depth)
{
    if (!node.IsMap() || node.size() != 1)
        return reader.fail(node, u"invalid_predicate"_s,
                           QT_TRANSLATE_NOOP("Grex",
                                             "%1:%2: a predicate is a mapping with one key, "
                                             "like path_exists: /usr/bin/git"));
    const auto member = *node.begin();
    const QString key = scalarText(member.first);
    const YAML::Node value = member.second;
    Predicate p;
    const auto stringValue = [&](Predicate::Kind kind) -> Result<Predicate> {
        if (!value.IsScalar())
            return reader.fail(value, u"invalid_predicate"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: predicate '%3' takes a string"),
                               {key});
        p.kind = kind;
        p.value = scalarText(value);
        return p;
    };
    if (key == u"path_exists")
        return stringValue(Predicate::Kind::PathExists);
    if (key == u"cmd_available")
        return stringValue(Predicate::Kind::CmdAvailable);
    if (key == u"psversion")
        return stringValue(Predicate::Kind::PsVersion);
    if (key == u"os") {
        Result<Predicate> os = stringValue(Predicate::Kind::Os);
        if (os && !QStringList{u"windows"_s, u"linux"_s, u"macos"_s}.contains(os->value))
            return reader.fail(value, u"invalid_predicate"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: predicate 'os' takes windows, "
                                                         "linux or macos (got '%3')"),
                               {os->value});
        return os;
    }
    if (key == u"reg_key" || key == u"symlink_ok") {
        const bool reg = key == u"reg_key";
        const QString first = reg ? u"path"_s : u"src"_s;
        const QString second = reg ? u"name"_s : u"dst"_s;
        if (!value.IsMap())
            return reader.fail(value, u"invalid_predicate"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: predicate '%3' takes a mapping "
                                                         "with '%4' and '%5'"),
                               {key, first, second});
        for (const auto &arg : value) {
            const QString argKey = scalarText(arg.first);
            if ((argKey != first && argKey != second) || !arg.second.IsScalar())
                return reader.fail(arg.first, u"invalid_predicate"_s,
                                   QT_TRANSLATE_NOOP("Grex", "%1:%2: predicate '%3' takes the "
                                                             "strings '%4' and '%5'"),
                                   {key, first, second});
        }
        if (!value[first.toStdString()] || (!reg && !value[second.toStdString()]))
            return reader.fail(value, u"invalid_predicate"_s,
                               QT_TRANSLATE_NOOP("Grex", "%1:%2: predicate '%3' needs '%4'"),
                               {key, value[first.toStdString()] ? second : first});
        p.kind = reg ? Predicate::Kind::RegKey : Predicate::Kind::SymlinkOk;
        p.value = scalarText(value[first.toStdString()]);
        if (value[second.toStdString()])
            p.second = scalarText(value[second.toStdString()]);
        return p;
    }
    if (key == u"symlink_privilege") {
        if (!value.IsNull() && !(value.IsMap() && value.size() == 0))
            return reader.fail(value, u"invalid_predicate"_s,
                               QT_TRANSLATE_NOOP("Grex",
                                                 "%1:%2: predicate 'symlink_privilege' takes "
                                                 "no argument"));
        p.kind = Predicate::Kind::SymlinkPrivilege;
        return p;
    }
    for (const auto &[name, kind] : {std::pair{u"all_of"_s, Predicate::Kind::AllOf},
                                     std::pair{u"any_of"_s, Predicate::Kind::AnyOf},
                                     std::pair{u"none_of"_s, Predicate::Kind::NoneOf}}) {
        if (key != name)
            continue;
        Result<std::vector<Predicate>> children = readList(reader, value, key, depth + 1);
        if (!children)
            return children.error();
        p.kind = kind;
        p.children = std::move(children).value();
        return p;
    }
    return reader.fail(member.first, u"invalid_predicate"_s,
                       QT_TRANSLATE_NOOP("Grex", "%1:%2: unknown predicate '%3'"), {key});
}

// ---- evaluating -----------------------------------------------------------------------------

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

Result<std::vector<Predicate>> readPredicateList(const ActionArgsReader &args, const QString &key)
{
    return readList(args.reader(), args.value(key), key, args.depth() + 1);
}

JsonValue predicateJson(const Predicate &p)
{
    switch (p.kind) {
    case Predicate::Kind::PathExists:
        return JsonObject{{u"path_exists"_s, p.value}};
    case Predicate::Kind::CmdAvailable:
        return JsonObject{{u"cmd_available"_s, p.value}};
    case Predicate::Kind::RegKey:
        return JsonObject{
            {u"reg_key"_s,
             JsonObject{{u"path"_s, p.value}, {u"name"_s, JsonValue::fromOptional(p.second)}}}};
    case Predicate::Kind::Os:
        return JsonObject{{u"os"_s, p.value}};
    case Predicate::Kind::PsVersion:
        return JsonObject{{u"ps_version"_s, p.value}};
    case Predicate::Kind::SymlinkOk:
        return JsonObject{{u"symlink_ok"_s, JsonObject{{u"src"_s, p.value},
                                                       {u"dst"_s, p.second.value_or(QString())}}}};
    case Predicate::Kind::SymlinkPrivilege:
        return JsonObject{{u"symlink_privilege"_s, true}};
    case Predicate::Kind::AllOf:
    case Predicate::Kind::AnyOf:
    case Predicate::Kind::NoneOf: {
        JsonArray children;
        for (const Predicate &child : p.children)
            children.append(predicateJson(child));
        const QString key = p.kind == Predicate::Kind::AllOf   ? u"all_of"_s
                            : p.kind == Predicate::Kind::AnyOf ? u"any_of"_s
                                                               : u"none_of"_s;
        return JsonObject{{key, children}};
    }
    }
    return {};
}

JsonValue predicateListJson(const std::optional<std::vector<Predicate>> &list)
{
    if (!list)
        return {};
    JsonArray array;
    for (const Predicate &p : *list)
        array.append(predicateJson(p));
    return array;
}

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

} // namespace Grex
