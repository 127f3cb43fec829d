#pragma once

#include "commands/command.h"

namespace Grex::Cli {

// sync and teardown: the steps stream while the run goes (see the CLI event sink); the report
// adds a summary, and a halted run's context on stderr.
class RunCommand final : public Command
{
public:
    using Command::Command;
    void render(const JsonValue &document, Output &output) const override;
    void renderFailure(const Error &error, Output &output) const override;

    // "[ok] pack=a action=mkdir idx=0" (docs/design.md, "Run reports and step lines").
    static QString stepLine(const JsonObject &step);
};

class UpdateCommand final : public Command
{
public:
    using Command::Command;
    void render(const JsonValue &document, Output &output) const override;
    void renderFailure(const Error &error, Output &output) const override;
};

} // namespace Grex::Cli
