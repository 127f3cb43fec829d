#include "importcommand.h"

#include "clitr.h"
#include "error.h"
#include "output.h"

#include <QDir>

using namespace Qt::StringLiterals;

namespace Grex::Cli {

namespace {

void renderReport(const JsonObject &report, Output &output)
{
    const bool dryRun = report.value(u"dry_run"_s).toBool();
    const JsonArray imported = report.value(u"imported"_s).toArray();
    const JsonArray skipped = report.value(u"skipped"_s).toArray();
    const JsonArray failed = report.value(u"failed"_s).toArray();
    for (const JsonValue &v : imported) {
        const JsonObject i = v.toObject();
        const QString url = i.value(u"url"_s).toString();
        output.out() << (dryRun ? u"DRY-RUN: would add "_s : u"added "_s)
                     << i.value(u"path"_s).toString() << u' ' << i.value(u"kind"_s).toString()
                     << u' ' << (url.isEmpty() ? u"-"_s : url) << u'\n';
    }
    for (const JsonValue &v : skipped) {
        const JsonObject s = v.toObject();
        output.err() << u"skip "_s << s.value(u"path"_s).toString() << u' '
                     << s.value(u"reason"_s).toString().replace(u'_', u'-') << u'\n';
    }
    for (const JsonValue &v : failed) {
        const JsonObject f = v.toObject();
        output.err() << u"failed "_s << f.value(u"path"_s).toString() << u": "_s
                     << f.value(u"error"_s).toString() << u'\n';
    }
    output.err().flush();
    output.out() << u"summary: imported=%1 skipped=%2 failed=%3"_s.arg(imported.size())
                        .arg(skipped.size())
                        .arg(failed.size())
                 << u'\n';
}

} // namespace

void ImportCommand::render(const JsonValue &document, Output &output) const
{
    renderReport(document.toObject(), output);
}

void ImportCommand::renderFailure(const Error &error, Output &output) const
{
    renderReportThenError(error, output, JsonValue::Type::Object);
}

} // namespace Grex::Cli
