#pragma once

#include "commands/command.h"

namespace Grex::Cli {

// exec: each pack's output is shown by the event sink as the pack finishes; the document adds
// a summary.
class ExecCommand final : public Command
{
public:
    using Command::Command;
    void render(const JsonValue &document, Output &output) const override;
    void renderFailure(const Error &error, Output &output) const override;
};

// run: the steps stream while it goes (as for sync); the document adds a summary.
class RunActionCommand final : public Command
{
public:
    using Command::Command;
    void render(const JsonValue &document, Output &output) const override;
    void renderFailure(const Error &error, Output &output) const override;
};

} // namespace Grex::Cli
