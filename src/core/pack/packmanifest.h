#pragma once

#include "core/json.h"
#include "core/pack/action.h"
#include "core/result.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace Grex {

// A child-ref of pack.yaml `children` (docs/design.md, "Pack paths").
struct ChildRef
{
    QString url;
    std::optional<QString> path;
    std::optional<QString> ref;
    std::optional<qint64> depth; // a shallow clone (git clone --depth)
    QString filter;              // a partial clone (git clone --filter)
    QStringList tags;            // the child's tags, sorted
    int line = 0;

    // `path`, else the last segment of `url` without ".git".
    QString effectivePath() const;
    friend bool operator==(const ChildRef &a, const ChildRef &b)
    {
        return a.url == b.url && a.path == b.path && a.ref == b.ref && a.depth == b.depth &&
               a.filter == b.filter && a.tags == b.tags;
    }
};

// A pack's .grex/pack.yaml, schema v1 (docs/design.md, "pack.yaml"), with its per-OS override
// merged.
struct PackManifest
{
    QString file; // the pack.yaml it was read from
    QString name;
    QString type;
    std::optional<QString> version;
    QStringList dependsOn;
    QStringList tags; // the pack's own tags, sorted
    QList<ChildRef> children;
    std::vector<Action> actions;
    std::optional<std::vector<Action>> teardown; // absent: automatic teardown; empty: none
    QMap<QString, JsonValue> extensions;         // every x-* key, for plugins
    QStringList gitignore;                       // x-gitignore
    // `submodules: false`: the pack's submodules are not cloned or updated (docs/design.md,
    // "Submodules").
    bool submodules = true;

    // The implicit pack of a repository without pack.yaml: meta, nothing else, so plain
    // repositories can be registered.
    static PackManifest implicit(const QString &name);
    bool isImplicit() const { return file.isEmpty(); }
};

// A manifest as a pack graph's nodes hold it, shared by their copies. Every plain repository
// shares one implicit manifest, whose name is left empty (the pack's id is its name): a graph of
// 10 000 plain packs would otherwise hold 10 000 empty manifests (docs/performance.md).
using SharedManifest = std::shared_ptr<const PackManifest>;
SharedManifest sharedImplicitManifest();

inline constexpr qsizetype MaxPackYamlBytes = 1024 * 1024;
inline constexpr int MaxPredicateDepth = 32;

// "linux", "macos" or "windows": the OS whose .grex/targets/<os>.yaml applies.
QString currentOs();

QString packManifestPath(const QString &packDir);
bool hasPackManifest(const QString &packDir);

// The built-in pack types: meta, declarative, scripted.
const QStringList &packTypeNames();

// Parses <packDir>/.grex/pack.yaml and merges .grex/targets/<os>.yaml over it (docs/design.md,
// "Per-OS overrides"); each action's plugin reads its arguments. Errors: PackOp
// "pack_yaml_invalid" naming the file, the line and the broken rule (details: file, line, rule);
// PluginMissing "unknown_pack_type" / "unknown_action".
Result<PackManifest> loadPackManifest(const QString &packDir, const QString &os = currentOs());
// The same for the pack at packPath in the workspace, whose pack.yaml must give it the name of
// its folder: registered under another name, every later walk would fail. Else PackOp
// "pack_name_mismatch" naming `where` (its folder, or the URL it came from); details: got,
// expected.
Result<PackManifest> loadPackManifestAs(const QString &packDir, const QString &packPath,
                                        const QString &where);
Result<PackManifest> parsePackManifest(const QByteArray &yaml, const QString &file);
// The grammar of an override file: pack.yaml without schema_version, plus actions_replace.
struct PackOverride
{
    PackManifest fields;
    QStringList present; // top-level keys the override sets
    bool actionsReplace = false;
};
Result<PackOverride> parsePackOverride(const QByteArray &yaml, const QString &file);
Result<PackManifest> mergeOverride(const PackManifest &base, const PackOverride &override);

// Per-pack plan validation that needs no other pack (docs/design.md, "Pack graph and
// validation"): each action plugin's checks across the pack's actions (ActionPlugin::validate),
// such as symlink's duplicate dst (also inside `when`, compared raw). Returns every violation,
// not only the first.
QList<Error> validatePack(const PackManifest &manifest);

} // namespace Grex
