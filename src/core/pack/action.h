#pragma once

#include "json.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>
#include <vector>

namespace Grex {

// A predicate of `require`, `when` and the combiners (docs/design.md, "Predicates").
struct Predicate
{
    enum class Kind {
        PathExists,
        CmdAvailable,
        RegKey,
        Os,
        PsVersion,
        SymlinkOk,
        SymlinkPrivilege,
        AllOf,
        AnyOf,
        NoneOf
    };
    Kind kind = Kind::PathExists;
    QString value;                 // path, command, os, version spec, reg path, symlink src
    std::optional<QString> second; // reg_key name, symlink_ok dst
    std::vector<Predicate> children;

    bool isCombiner() const
    {
        return kind == Kind::AllOf || kind == Kind::AnyOf || kind == Kind::NoneOf;
    }
    friend bool operator==(const Predicate &, const Predicate &) = default;
};

struct Action;

struct SymlinkArgs
{
    QString src;
    QString dst;
    bool backup = false;
    bool normalize = true;
    QString kind = QStringLiteral("auto"); // auto | file | directory
    friend bool operator==(const SymlinkArgs &, const SymlinkArgs &) = default;
};

struct EnvArgs
{
    QString name;
    QString value;
    QString scope = QStringLiteral("user"); // user | machine | session
    friend bool operator==(const EnvArgs &, const EnvArgs &) = default;
};

struct MkdirArgs
{
    QString path;
    std::optional<QString> mode; // octal, e.g. "755"
    friend bool operator==(const MkdirArgs &, const MkdirArgs &) = default;
};

struct RmdirArgs
{
    QString path;
    bool backup = false;
    bool force = false;
    friend bool operator==(const RmdirArgs &, const RmdirArgs &) = default;
};

struct RequireArgs
{
    Predicate combiner;                       // AllOf, AnyOf or NoneOf
    QString onFail = QStringLiteral("error"); // error | skip | warn
    friend bool operator==(const RequireArgs &, const RequireArgs &) = default;
};

struct WhenArgs
{
    std::optional<QString> os;
    std::optional<std::vector<Predicate>> allOf;
    std::optional<std::vector<Predicate>> anyOf;
    std::optional<std::vector<Predicate>> noneOf;
    std::vector<Action> actions;
    friend bool operator==(const WhenArgs &, const WhenArgs &);
};

struct ExecArgs
{
    std::optional<QStringList> cmd;
    std::optional<QString> cmdShell;
    bool shell = false;
    std::optional<QString> cwd;
    QMap<QString, QString> env;               // ordered by key
    QString onFail = QStringLiteral("error"); // error | warn | ignore
    friend bool operator==(const ExecArgs &, const ExecArgs &) = default;
};

// Internal inverse of symlink: removes dst only when it is a symlink. Never parsed from YAML.
struct UnlinkArgs
{
    QString dst;
    friend bool operator==(const UnlinkArgs &, const UnlinkArgs &) = default;
};

// Arguments of an action a plugin defines; the plugin parsed them.
struct PluginArgs
{
    JsonObject json;
    friend bool operator==(const PluginArgs &a, const PluginArgs &b) { return a.json == b.json; }
};

// One entry of a pack's `actions:` or `teardown:` list.
struct Action
{
    QString name; // the YAML key: "symlink", "exec", ... ("unlink" for the internal inverse)
    std::variant<SymlinkArgs, EnvArgs, MkdirArgs, RmdirArgs, RequireArgs, WhenArgs, ExecArgs,
                 UnlinkArgs, PluginArgs>
        args;
    int line = 0; // line in the pack.yaml it came from; 0 when synthesised

    friend bool operator==(const Action &a, const Action &b)
    {
        return a.name == b.name && a.args == b.args;
    }
};

inline bool operator==(const WhenArgs &a, const WhenArgs &b)
{
    return a.os == b.os && a.allOf == b.allOf && a.anyOf == b.anyOf && a.noneOf == b.noneOf &&
           a.actions == b.actions;
}

} // namespace Grex
