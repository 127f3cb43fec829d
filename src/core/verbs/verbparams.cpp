#include "core/verbs/verbparams.h"

using namespace Qt::StringLiterals;

namespace Grex {

ParamSpec filterParam()
{
    ParamSpec p;
    p.name = u"filter"_s;
    p.type = ParamType::String;
    p.help = QT_TRANSLATE_NOOP("Grex", "Only packs matching EXPR, e.g. \"name=lib-*,drift=dirty\" "
                                       "(keys name, path, type, depth, url, drift, tag), or a "
                                       "word their name or path contains.");
    p.valueName = u"EXPR"_s;
    p.universal = true;
    return p;
}

ParamSpec taskNameParam()
{
    return param(u"name"_s, ParamType::String, QT_TRANSLATE_NOOP("Grex", "The task."), u"NAME"_s,
                 true, true);
}

ParamSpec taskPacksParam()
{
    return hinted(param(u"packs"_s, ParamType::StringArray,
                        QT_TRANSLATE_NOOP("Grex", "Only these packs of the task."), u"PACK..."_s,
                        false, true),
                  ValueHint::Pack);
}

ParamSpec dryRunParam()
{
    ParamSpec p;
    p.name = u"dryRun"_s;
    p.type = ParamType::Boolean;
    p.help = QT_TRANSLATE_NOOP("Grex", "Show what would happen without changing anything.");
    p.shortName = u'n';
    p.universal = true;
    return p;
}

ParamSpec parallelParam()
{
    ParamSpec p;
    p.name = u"parallel"_s;
    p.type = ParamType::Integer;
    p.help = QT_TRANSLATE_NOOP("Grex", "Work on up to N packs at once (0: no limit; default: "
                                       "GREX_PARALLEL or the number of CPUs, and for clones and "
                                       "fetches, which wait on the network, 8 per CPU and at "
                                       "least 32, with at most 4 git commands per CPU (at least "
                                       "16) to one host).");
    p.valueName = u"N"_s;
    p.universal = true;
    p.minimum = 0;
    p.maximum = 1024;
    return p;
}

ParamSpec param(const QString &name, ParamType type, const char *help, QString valueName,
                bool required, bool positional, bool nullable)
{
    ParamSpec p;
    p.name = name;
    p.type = type;
    p.help = help;
    p.valueName = std::move(valueName);
    p.required = required;
    p.positional = positional;
    p.nullable = nullable;
    return p;
}

ParamSpec submodulesParam()
{
    return param(u"noSubmodules"_s, ParamType::Boolean,
                 QT_TRANSLATE_NOOP("Grex", "Leave the packs' submodules as they are: neither "
                                           "clone nor update them in this run."));
}

ParamSpec hinted(ParamSpec p, ValueHint hint, QStringList choices)
{
    p.hint = hint;
    p.choices = std::move(choices);
    return p;
}

} // namespace Grex
