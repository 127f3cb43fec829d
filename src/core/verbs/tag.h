#pragma once

#include "core/engine/packfilter.h"
#include "core/docshape.h"
#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>
#include <QStringList>

namespace Grex {

class OperationContext;
class Workspace;

struct TagOptions
{
    QString pack;       // the pack's path or id (the first of packs)
    QStringList packs;  // every pack named, in order
    PackFilter filter;  // --filter: the registered packs it matches, besides those named
    QStringList add;    // +TAG
    QStringList remove; // -TAG
    bool dryRun = false;

    // `pack` and the words of `changes`: +TAG adds, -TAG removes, and a bare word names a
    // pack, so that grex tag +work a b c tags three packs and a word is never taken for a tag
    // silently. Errors: Usage "invalid_tag", "conflicting_tags" for a tag both added and
    // removed, "missing_argument" when no pack is named and no filter given.
    static Result<TagOptions> fromJson(const QJsonObject &args);
};

struct TagReport
{
    QString id;
    QStringList workspaceTags; // what grex add --tag and grex tag gave it, after the change
    QStringList packYamlTags;  // what its pack.yaml says, which only that file changes
    QStringList added;         // tags it did not have before
    QStringList removed;       // tags it had before
    bool dryRun = false;

    // Every tag of the pack: the two lists joined, sorted.
    QStringList tags() const;
    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// The tags of several packs: what `grex tag` returns. One pack named without a filter is told
// as that pack's TagReport alone; otherwise {"packs": [...], "changed", "dry_run"}.
struct TagsReport
{
    QList<TagReport> packs;
    bool single = false;
    bool dryRun = false;

    JsonObject toJson() const;
    static DocShape shape(); // of toJson()
};

// `grex tag [PACK...] [+TAG|-TAG...] [--filter EXPR]`: tag() for every pack named and every
// registered pack the filter matches, in that order, each once; the changes are appended as one
// write. Errors: those of tag(), Usage "unknown_pack" (a bare word that names no pack: the
// hint says how to write a tag), "no_packs" (the filter matches none).
Result<TagsReport> tagPacks(Workspace &workspace, const TagOptions &options,
                            OperationContext &ctx);

// `grex tag PACK [+TAG|-TAG...]` (docs/design.md, "Tags"): shows a registered pack's tags, and
// adds or removes the workspace's own. Appends one "tag" event to grex.jsonl when anything
// changes; adding a tag the pack has, or removing one it does not, changes nothing. Errors:
// Usage (unknown pack, a child pack, an invalid tag, too many tags, a tag only its pack.yaml
// can remove),
// Manifest, Lock.
Result<TagReport> tag(Workspace &workspace, const TagOptions &options, OperationContext &ctx);

} // namespace Grex
