#include "clidefs/jsonreference.h"

#include "core/docshape.h"
#include "core/verbs/verbregistry.h"

using namespace Qt::StringLiterals;

namespace Grex::Cli {

QString jsonReference()
{
    QStringList lines{
        u"# The --json reference"_s, QString(),
        u"Generated from the shapes the verbs declare (`VerbSpec::documentShape`, "
        u"`src/core/docshape.h`); `tst_clidocs` fails when this file differs from them. "
        u"`grex <verb> --json` prints the document, and the MCP tool of the same name returns "
        u"it: as its text content, and, when it is an object, as its `structuredContent`, "
        u"which the tool's `outputSchema` (the same shape as JSON Schema 2020-12) describes. "
        u"A failure prints an error object instead (`kind`, `reason`, `message`, `hint`, "
        u"details), and for some verbs carries the document in `report`."_s,
        QString(),
        u"A field is always present unless it says optional; \"or null\" is a value it may "
        u"have. Nested fields are named by their path: `packs[].id` is the `id` of each "
        u"member of `packs`."_s};
    for (const VerbSpec &verb : verbRegistry()) {
        if (!verb.documentShape)
            continue;
        lines << QString() << u"## grex %1"_s.arg(verb.name) << QString();
        lines << (verb.objectResult ? u"An object."_s : u"An array, one member per row."_s);
        if (!verb.mcpTool)
            lines.last() += u" Not an MCP tool."_s;
        lines << QString() << u"| Field | Type | What |"_s << u"|---|---|---|"_s;
        lines += verb.documentShape().markdownRows();
    }
    return lines.join(u'\n') + u'\n';
}

} // namespace Grex::Cli
