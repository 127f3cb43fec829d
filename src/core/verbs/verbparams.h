#pragma once

#include "core/verbs/verbspec.h"

#include <type_traits>
#include <utility>

namespace Grex {

class OperationContext;
class Workspace;

// The parameter rows several verbs share, and the pieces each verb's make<Name>Verb() builds
// its own rows from.
ParamSpec filterParam();
ParamSpec dryRunParam();
ParamSpec parallelParam();
// sync and update: submodules are left out for this run (add's --no-submodules records it).
ParamSpec submodulesParam();
// The task a task verb acts on (required), and the packs of it the call is limited to.
ParamSpec taskNameParam();
ParamSpec taskPacksParam();
ParamSpec param(const QString &name, ParamType type, const char *help, QString valueName = {},
                bool required = false, bool positional = false, bool nullable = false);
ParamSpec hinted(ParamSpec p, ValueHint hint, QStringList choices = {});

namespace Internal {

// A core verb function as a VerbInvoker: its options from the arguments, its report as JSON.
template<typename Options, typename Report,
         Result<Report> (*Verb)(Workspace &, const Options &, OperationContext &)>
Result<JsonValue> adapt(Workspace &workspace, const QJsonObject &args, OperationContext &ctx)
{
    Result<Options> options = Options::fromJson(args);
    if (!options)
        return options.error();
    Result<Report> report = Verb(workspace, *options, ctx);
    if (!report)
        return report.error();
    return JsonValue(report->toJson());
}

} // namespace Internal

// Sets the verb's invoker and records whether its document is a JSON object (an MCP tool's
// structuredContent and outputSchema need one).
template<typename Options, typename Report,
         Result<Report> (*Verb)(Workspace &, const Options &, OperationContext &)>
void bindInvoker(VerbSpec &verb)
{
    verb.invoke = Internal::adapt<Options, Report, Verb>;
    verb.objectResult =
        std::is_same_v<decltype(std::declval<const Report &>().toJson()), JsonObject>;
    if constexpr (requires { Report::shape(); })
        verb.documentShape = &shapeOf<Report>;
}

} // namespace Grex
