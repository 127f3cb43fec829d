#pragma once

#include "cli/commands/command.h"

namespace Grex::Cli {

class AddCommand final : public Command
{
public:
    using Command::Command;
    void prepareArguments(QJsonObject &args, const QString &currentDir) const override;
};

} // namespace Grex::Cli
