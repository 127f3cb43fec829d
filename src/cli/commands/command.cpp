#include "cli/commands/command.h"

#include "core/error.h"
#include "cli/output.h"
#include "text/reporttext.h"
#include "core/verbs/verbregistry.h"

using namespace Qt::StringLiterals;

namespace Grex::Cli {

namespace {

Text::Options textOptions(const QJsonObject &arguments, const Output &output)
{
    Text::Options options;
    options.unicode = output.decorated();
    options.arguments = arguments;
    return options;
}

} // namespace

Command::Command(const VerbSpec &spec) : m_spec(spec)
{
}

Command::~Command() = default;

void Command::render(const JsonValue &document, const QJsonObject &arguments, Output &output) const
{
    output.print(Text::reportLines(m_spec.name, document, textOptions(arguments, output)));
}

void Command::renderFailure(const Error &error, const QJsonObject &arguments, Output &output) const
{
    const Text::Failure failure =
        Text::failureLines(m_spec.name, error, textOptions(arguments, output));
    output.print(failure.lines);
    if (failure.showsError)
        output.printError(error);
}

std::unique_ptr<Command> createCommand(const VerbSpec &spec)
{
    if (Text::hasReportText(spec.name))
        return std::make_unique<Command>(spec);
    return nullptr;
}

} // namespace Grex::Cli
