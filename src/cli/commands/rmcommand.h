#pragma once

#include "commands/command.h"

namespace Grex::Cli {

class RmCommand final : public Command
{
public:
    using Command::Command;

    void render(const JsonValue &document, Output &output) const override;
};

} // namespace Grex::Cli
