#pragma once

#include "commands/command.h"

namespace Grex::Cli {

class LsCommand final : public Command
{
public:
    using Command::Command;

    void prepareArguments(QJsonObject &args, const QString &currentDir) const override;
    void render(const JsonValue &document, Output &output) const override;

private:
    mutable bool m_selective = false; // --filter or --type: an empty list is not an empty workspace
};

} // namespace Grex::Cli
