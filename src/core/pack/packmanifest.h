#pragma once

#include "result.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace Grex {

// A child-ref of pack.yaml `children` (spec §3.4).
struct ChildRef
{
    QString url;
    std::optional<QString> path;
    std::optional<QString> ref;

    // `path`, else the last segment of `url` without ".git".
    QString effectivePath() const;
};

// What grex reads from a pack's .grex/pack.yaml: identity, graph edges and the x-gitignore
// patterns of its managed .gitignore block.
struct PackManifest
{
    QString name;
    QString type;
    std::optional<QString> version;
    QStringList dependsOn;
    QList<ChildRef> children;
    QStringList gitignore; // x-gitignore
};

inline constexpr qsizetype MaxPackYamlBytes = 1024 * 1024;

QString packManifestPath(const QString &packDir);
bool hasPackManifest(const QString &packDir);

// Parses <packDir>/.grex/pack.yaml. Errors: PackOp "pack_yaml_invalid" naming the file, the
// line and the broken rule (details: file, line, rule); PluginMissing "unknown_pack_type".
Result<PackManifest> loadPackManifest(const QString &packDir);
Result<PackManifest> parsePackManifest(const QByteArray &yaml, const QString &file);

} // namespace Grex
