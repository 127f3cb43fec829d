#include "actionshash.h"

#include "manifest/fold.h"

#include <QCryptographicHash>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

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

// Every object below value with its keys sorted byte-wise.
JsonValue sortedKeys(const JsonValue &value)
{
    if (value.isArray()) {
        JsonArray array;
        for (const JsonValue &element : value.toArray())
            array.append(sortedKeys(element));
        return array;
    }
    if (!value.isObject())
        return value;
    QList<JsonObject::Member> members = value.toObject().members();
    std::sort(members.begin(), members.end(),
              [](const JsonObject::Member &a, const JsonObject::Member &b) {
                  return utf8Less(a.first, b.first);
              });
    JsonObject sorted;
    for (const auto &[key, member] : members)
        sorted.insert(key, sortedKeys(member));
    return sorted;
}

} // namespace

JsonValue canonicalArgs(const Action &action)
{
    if (const auto *a = std::get_if<SymlinkArgs>(&action.args)) {
        return JsonObject{{u"src"_s, a->src},
                          {u"dst"_s, a->dst},
                          {u"backup"_s, a->backup},
                          {u"normalize"_s, a->normalize},
                          {u"kind"_s, a->kind}};
    }
    if (const auto *a = std::get_if<EnvArgs>(&action.args))
        return JsonObject{{u"name"_s, a->name}, {u"value"_s, a->value}, {u"scope"_s, a->scope}};
    if (const auto *a = std::get_if<MkdirArgs>(&action.args)) {
        JsonObject o{{u"path"_s, a->path}};
        if (a->mode)
            o.insert(u"mode"_s, *a->mode);
        return o;
    }
    if (const auto *a = std::get_if<RmdirArgs>(&action.args))
        return JsonObject{{u"path"_s, a->path}, {u"backup"_s, a->backup}, {u"force"_s, a->force}};
    if (const auto *a = std::get_if<ExecArgs>(&action.args)) {
        JsonObject o;
        if (a->cmd)
            o.insert(u"cmd"_s, JsonValue(*a->cmd));
        if (a->cmdShell)
            o.insert(u"cmd_shell"_s, *a->cmdShell);
        o.insert(u"shell"_s, a->shell);
        if (a->cwd)
            o.insert(u"cwd"_s, *a->cwd);
        if (!a->env.isEmpty()) {
            QStringList keys = a->env.keys();
            std::sort(keys.begin(), keys.end(), utf8Less);
            JsonObject env;
            for (const QString &key : keys)
                env.insert(key, a->env.value(key));
            o.insert(u"env"_s, env);
        }
        o.insert(u"on_fail"_s, a->onFail);
        return o;
    }
    if (const auto *a = std::get_if<RequireArgs>(&action.args))
        return JsonObject{{u"combiner"_s, predicateJson(a->combiner)}, {u"on_fail"_s, a->onFail}};
    if (const auto *a = std::get_if<WhenArgs>(&action.args)) {
        JsonArray nested;
        for (const Action &child : a->actions)
            nested.append(JsonObject{{u"args"_s, canonicalArgs(child)}, {u"name"_s, child.name}});
        const JsonObject when{{u"actions"_s, nested},
                              {u"all_of"_s, predicateListJson(a->allOf)},
                              {u"any_of"_s, predicateListJson(a->anyOf)},
                              {u"none_of"_s, predicateListJson(a->noneOf)},
                              {u"os"_s, JsonValue::fromOptional(a->os)}};
        return sortedKeys(when);
    }
    if (const auto *a = std::get_if<UnlinkArgs>(&action.args))
        return JsonObject{{u"dst"_s, a->dst}};
    if (const auto *a = std::get_if<PluginArgs>(&action.args))
        return a->json;
    return JsonObject();
}

QString actionsHash(const std::vector<Action> &actions, const QString &commitSha)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(QByteArrayView("grex-actions-v1\0", 16));
    for (const Action &action : actions) {
        hash.addData(action.name.toUtf8());
        hash.addData(QByteArrayView("\0", 1));
        hash.addData(canonicalArgs(action).toJson());
        hash.addData(QByteArrayView("\x1e", 1));
    }
    hash.addData(QByteArrayView("\0", 1));
    hash.addData(commitSha.toUtf8());
    return QString::fromLatin1(hash.result().toHex());
}

} // namespace Grex
