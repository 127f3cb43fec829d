#pragma once

#include "core/json.h"
#include "core/result.h"

#include <QJsonObject>
#include <QStringList>

namespace Grex {

class OperationContext;
class Workspace;

struct TagOptions
{
    QString pack;       // the pack's path or id
    QStringList add;    // +TAG, or a bare TAG
    QStringList remove; // -TAG
    bool dryRun = false;

    // `changes` are words: +TAG or TAG adds, -TAG removes. Errors: Usage "invalid_tag", and
    // "conflicting_tags" for a tag both added and removed.
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
};

// `grex tag PACK [+TAG|-TAG...]` (docs/design.md, "Tags"): shows a registered pack's tags, and
// adds or removes the workspace's own. Appends one "tag" event to grex.jsonl when anything
// changes; adding a tag the pack has, or removing one it does not, changes nothing. Errors:
// Usage (unknown pack, a child pack, an invalid tag, too many tags, a tag only its pack.yaml
// can remove),
// Manifest, Lock.
Result<TagReport> tag(Workspace &workspace, const TagOptions &options, OperationContext &ctx);

} // namespace Grex
