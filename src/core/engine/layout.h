#pragma once

#include <QSet>
#include <QString>
#include <QStringList>

namespace Grex {

// How deep import --scan and the unregistered-folder checks look below the workspace: deep
// enough for vcstool's src/<group>/<repo> and repo's platform/frameworks/base layouts.
inline constexpr int MaxLayoutDepth = 6;

// The git clones below root that are not in `known` (pack paths), at any depth up to MaxLayoutDepth
// (docs/design.md, "Pack paths"): a clone is not looked into (what is inside is its own), nor are
// known packs, links, or folders whose name starts with '.'. Paths relative to root, sorted.
QStringList findClones(const QString &root, const QSet<QString> &known);

// The folders no pack accounts for, looked for where packs live: at the top of the workspace,
// and inside each folder that only holds nested packs (src for src/tools/fd). A folder that
// leads to a pack is not reported itself. Paths relative to root, sorted; hidden folders and
// links are left out.
QStringList unaccountedFolders(const QString &root, const QSet<QString> &known);

} // namespace Grex
