#pragma once

#include "commands/command.h"

namespace Grex::Cli {

class ImportCommand final : public Command
{
public:
    using Command::Command;
    void render(const JsonValue &document, Output &output) const override;
    void renderFailure(const Error &error, Output &output) const override;
};

} // namespace Grex::Cli
