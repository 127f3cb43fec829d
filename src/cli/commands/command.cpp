#include "command.h"

#include "commands/addcommand.h"
#include "commands/doctorcommand.h"
#include "commands/execcommand.h"
#include "commands/importcommand.h"
#include "commands/initcommand.h"
#include "commands/lscommand.h"
#include "commands/rmcommand.h"
#include "commands/runcommand.h"
#include "commands/statuscommand.h"
#include "error.h"
#include "output.h"
#include "verbs/verbregistry.h"

using namespace Qt::StringLiterals;

namespace Grex::Cli {

Command::Command(const VerbSpec &spec) : m_spec(spec)
{
}

Command::~Command() = default;

void Command::prepareArguments(QJsonObject &, const QString &) const
{
}

void Command::renderFailure(const Error &error, Output &output) const
{
    output.printError(error);
}

void Command::renderReportThenError(const Error &error, Output &output, JsonValue::Type shape) const
{
    const JsonValue report = error.details().value(u"report"_s);
    if (report.type() == shape)
        render(report, output);
    output.out().flush(); // the document before the error line, on a terminal too
    output.printError(error);
}

std::unique_ptr<Command> createCommand(const VerbSpec &spec)
{
    if (spec.name == u"init")
        return std::make_unique<InitCommand>(spec);
    if (spec.name == u"add")
        return std::make_unique<AddCommand>(spec);
    if (spec.name == u"rm")
        return std::make_unique<RmCommand>(spec);
    if (spec.name == u"ls")
        return std::make_unique<LsCommand>(spec);
    if (spec.name == u"sync" || spec.name == u"teardown")
        return std::make_unique<RunCommand>(spec);
    if (spec.name == u"update")
        return std::make_unique<UpdateCommand>(spec);
    if (spec.name == u"status")
        return std::make_unique<StatusCommand>(spec);
    if (spec.name == u"doctor")
        return std::make_unique<DoctorCommand>(spec);
    if (spec.name == u"import")
        return std::make_unique<ImportCommand>(spec);
    if (spec.name == u"run")
        return std::make_unique<RunActionCommand>(spec);
    if (spec.name == u"exec")
        return std::make_unique<ExecCommand>(spec);
    return nullptr;
}

QString shortSha(const JsonValue &sha)
{
    const QString text = sha.toString();
    return text.isEmpty() ? u"-"_s : text.left(7);
}

} // namespace Grex::Cli
