#pragma once

#include "core/docshape.h"
#include "core/engine/packfilter.h"
#include "core/json.h"
#include "core/result.h"
#include "core/timestamp.h"

#include <QJsonObject>

#include <memory>
#include <optional>

namespace Grex {

class OperationContext;
class Workspace;

struct LsOptions
{
    PackFilter filter;           // --filter
    std::optional<QString> type; // only packs of this type
    bool long_ = false;          // add actions_hash
    bool tree = false;           // nest children read from on-disk pack.yaml files

    static Result<LsOptions> fromJson(const QJsonObject &args);
};

struct LsEntry
{
    QString id;
    QString type;
    QString path; // the pack path, as registered
    QString dir;  // absolute directory
    QString url;
    std::optional<QString> ref;
    std::optional<QString> sha;    // HEAD on disk, else the lockfile's
    std::optional<QString> branch; // checked-out branch on disk
    std::optional<Timestamp> installedAt;
    std::optional<QString> actionsHash;
    QStringList tags; // given with add or grex tag, by the parent's children entry, by pack.yaml
    bool onDisk = false;
    // On disk without .grex/pack.yaml: a plain repository, which has nothing to install.
    bool plain = false;
    QList<LsEntry> children;
};

struct LsReport
{
    QList<LsEntry> packs; // ordered by id
    bool long_ = false;
    bool tree = false;
    // The document, already written, when the report came from grex serve's memo.
    std::shared_ptr<const QByteArray> rendered;

    JsonValue toJson() const; // an array, one object per pack
    static DocShape shape();  // of toJson()
};

// `grex ls`: the registered packs with what is on disk. Read-only: takes no lock, never touches the
// network. Errors: Usage (not a workspace), Manifest (corrupt log or lockfile).
Result<LsReport> ls(Workspace &workspace, const LsOptions &options, OperationContext &ctx);

} // namespace Grex
