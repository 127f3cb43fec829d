#include "core/verbs/verbregistry.h"

#include "core/git/gitfetcher.h"
#include "core/operationcontext.h"
#include "core/verbs/verbparams.h"

using namespace Qt::StringLiterals;

namespace Grex {

// The verbs, in help order (builtinverbs.cpp).
QList<VerbSpec> builtinVerbs();

const QList<VerbSpec> &verbRegistry()
{
    static const QList<VerbSpec> registry = builtinVerbs();
    return registry;
}

const QList<ParamSpec> &universalParams()
{
    static const QList<ParamSpec> params{dryRunParam(), parallelParam(), filterParam()};
    return params;
}

const VerbSpec *findVerb(const QString &name)
{
    for (const VerbSpec &verb : verbRegistry()) {
        if (verb.name == name)
            return &verb;
    }
    return nullptr;
}

Result<JsonValue> invokeVerb(const VerbSpec &verb, Workspace &workspace, const QJsonObject &args,
                             OperationContext &ctx)
{
    if (Result<void> valid = verb.validateArguments(args); !valid)
        return valid.error();
    // A call's own `parallel` argument sets the width of that call alone; the verbs without the
    // parameter never get one past validateArguments.
    if (args.value(u"parallel"_s).isDouble())
        ctx.setWidth(Width::chosen(args.value(u"parallel"_s).toInt()));
    // The SSH connections a verb shares end with it, or with the last verb running beside it.
    const SshConnectionScope connections;
    return verb.invoke(workspace, args, ctx);
}

} // namespace Grex
