#pragma once

#include "core/json.h"
#include "core/result.h"
#include "core/verbs/verbspec.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace Grex {

class OperationContext;
class Workspace;

// The single table of verbs this build implements, in help order.
const QList<VerbSpec> &verbRegistry();
// The parameters a verb may share with every other (filter, dryRun, parallel): each defined
// once, here, with its help; the CLI makes its universal options from them.
const QList<ParamSpec> &universalParams();
const VerbSpec *findVerb(const QString &name);

// Validates args against the verb's schema and runs it: the one path from a JSON argument
// object to the verb's JSON document, shared by the CLI (--json and human output) and MCP.
Result<JsonValue> invokeVerb(const VerbSpec &verb, Workspace &workspace, const QJsonObject &args,
                             OperationContext &ctx);

} // namespace Grex
