#pragma once

// Helpers shared by the verb implementations; not part of core's public API.

#include "core/engine/packfilter.h"
#include "core/manifest/fold.h"
#include "core/naming.h"
#include "core/operationcontext.h"
#include "core/result.h"

#include <QJsonObject>
#include <QStringList>

namespace Grex {

class OperationContext;
struct ApprovalRequest;
class Workspace;

Error usageError(const QString &reason, Message message);
// What the packs' state refuses (a branch taken, work only here, nothing to do): a tool error an
// agent reads, as rm's local_changes is, not a misuse of the command.
Error stateError(const QString &reason, Message message);

// The live pack whose id or path is `idOrPath`. Error: Usage "unknown_pack".
Result<PackState> findPack(const QMap<QString, PackState> &packs, const QString &idOrPath);
// What a command line may call a pack by: its id or its workspace-relative path.
struct PackName
{
    QString id;
    QString path;
};
// The id of the pack idOrPath names among packs, as findPack finds it: its id, its path, or the
// last part of a nested pack's path when no other pack's path ends so. Errors: Usage
// "unknown_pack" (with did_you_mean when one is close), "ambiguous_pack".
Result<QString> resolvePackName(const QList<PackName> &packs, const QString &idOrPath);

// Clones the given registered packs into their missing directories, up to ctx.width().network() at
// a time. Returns the ids cloned; the first failure is returned after the others finished.
Result<QStringList> cloneMissingPacks(Workspace &workspace, const QList<PackState> &packs,
                                      OperationContext &ctx);

// Asks ctx's approval policy (none: refused) and records an approval, with who gave it, as an
// `approved` audit event. Errors: NotApproved "not_approved" with `refused` as the message and
// the policy's reason as the hint; Cancelled.
Result<void> requestApproval(const Workspace &workspace, const ApprovalRequest &request,
                             Message refused, OperationContext &ctx);

// Parses the "filter" argument (--filter) into `filter`. Error: Usage "invalid_filter".
Result<void> readFilter(const QJsonObject &args, PackFilter &filter);

// The "message" argument of a verb that commits or stashes. Errors: Usage "missing_argument"
// when required and empty, "invalid_argument" when it holds a NUL.
Result<QString> readMessage(const QJsonObject &args, bool required);

// The string argument `key`, or nullopt when it is absent or null.
std::optional<QString> optionalString(const QJsonObject &args, const QString &key);

} // namespace Grex
