#pragma once

#include "core/result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace Grex::Gitignore {

// grex's managed blocks in a .gitignore (docs/design.md, "Managed .gitignore blocks"):
//   # >>> grex:<owner> >>>
//   <pattern>...
//   # <<< grex:<owner> <<<
// Bytes outside grex blocks are never changed; an existing CRLF convention is kept.

inline constexpr char16_t WorkspaceOwner[] = u"_workspace";

// Usage "invalid_block_owner" unless non-empty without control characters, '<' or '>'.
Result<void> validateOwner(const QString &owner);

// Usage "invalid_gitignore_pattern" for a body line that would break the file's structure: one
// with a line break, or one that looks like a grex marker.
Result<void> validatePattern(const QString &pattern);

// The block body of a pack: .grex-lock, /<path>/ (glob characters escaped), then extra patterns
// (first occurrence wins).
QStringList packBody(const QString &packPath, const QStringList &extraPatterns = {});
// The _workspace block body: the workspace's lock sidecars and its machine-local journal.
QStringList workspaceBody();

// Pure transforms of a file's bytes. Errors: PackOp "gitignore_unclosed_block" (details:
// owner, line = 1-based line of the open marker), Usage "invalid_block_owner" and
// "invalid_gitignore_pattern".
Result<QByteArray> upsert(const QByteArray &content, const QString &owner, const QStringList &body);
Result<QByteArray> remove(const QByteArray &content, const QString &owner);
Result<std::optional<QStringList>> read(const QByteArray &content, const QString &owner);
// read() for each of owners, in their order, splitting content once.
std::vector<Result<std::optional<QStringList>>> readMany(const QByteArray &content,
                                                         const QStringList &owners);

// The same on a file (a missing file reads as empty). Writes atomically, and only when the bytes
// change, so upserting the same body twice leaves the file untouched.
Result<void> upsertBlock(const QString &file, const QString &owner, const QStringList &body);
Result<void> removeBlock(const QString &file, const QString &owner);
Result<std::optional<QStringList>> readBlock(const QString &file, const QString &owner);

// Several blocks in one read and at most one write (a sync touches every pack's block).
Result<void> upsertBlocks(const QString &file,
                          const QList<std::pair<QString, QStringList>> &blocks);
Result<void> removeBlocks(const QString &file, const QStringList &owners);

} // namespace Grex::Gitignore
