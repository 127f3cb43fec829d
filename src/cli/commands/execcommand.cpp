#include "execcommand.h"

#include "clitr.h"
#include "error.h"
#include "output.h"

using namespace Qt::StringLiterals;

namespace Grex::Cli {

namespace {

void renderExec(const JsonArray &rows, Output &output)
{
    if (rows.isEmpty()) {
        output.out() << Tr::tr("No pack matched; nothing ran.") << u'\n';
        return;
    }
    QStringList failed;
    bool dryRun = true;
    for (const JsonValue &v : rows) {
        const JsonObject r = v.toObject();
        if (!r.value(u"exit"_s).isNull())
            dryRun = false;
        if (r.value(u"exit"_s).toInteger(0) != 0) {
            failed << u"%1 (exit %2)"_s.arg(r.value(u"pack"_s).toString())
                          .arg(r.value(u"exit"_s).toInteger());
        }
    }
    if (dryRun) {
        for (const JsonValue &v : rows)
            output.out() << Tr::tr("would run in %1").arg(v.toObject().value(u"pack"_s).toString())
                         << u'\n';
        return;
    }
    const qsizetype ok = rows.size() - failed.size();
    QString summary = Tr::tr("%n pack(s): ", nullptr, int(rows.size())) +
                      output.style(Tr::tr("%1 ok").arg(ok), Output::Style::Green);
    if (!failed.isEmpty())
        summary +=
            u", "_s +
            output.style(Tr::tr("%1 failed: %2").arg(failed.size()).arg(failed.join(u", "_s)),
                         Output::Style::Red);
    output.out() << summary << u'\n';
}

void renderRun(const JsonArray &rows, Output &output)
{
    if (rows.isEmpty()) {
        output.out() << Tr::tr("No matching pack has such an action; nothing ran.") << u'\n';
        return;
    }
    qsizetype changed = 0;
    QSet<QString> packs;
    for (const JsonValue &v : rows) {
        const JsonObject r = v.toObject();
        changed += r.value(u"changed"_s).toBool() ? 1 : 0;
        packs.insert(r.value(u"pack"_s).toString());
    }
    output.out() << Tr::tr("%1 action(s) in %2 pack(s): %3 changed something, %4 had nothing "
                           "to do")
                        .arg(rows.size())
                        .arg(packs.size())
                        .arg(changed)
                        .arg(rows.size() - changed)
                 << u'\n';
}

} // namespace

void ExecCommand::render(const JsonValue &document, Output &output) const
{
    renderExec(document.toArray(), output);
}

void ExecCommand::renderFailure(const Error &error, Output &output) const
{
    renderReportThenError(error, output, JsonValue::Type::Array);
}

void RunActionCommand::render(const JsonValue &document, Output &output) const
{
    renderRun(document.toArray(), output);
}

void RunActionCommand::renderFailure(const Error &error, Output &output) const
{
    renderReportThenError(error, output, JsonValue::Type::Array);
}

} // namespace Grex::Cli
