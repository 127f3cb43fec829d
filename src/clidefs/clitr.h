#pragma once

#include <QCoreApplication>

namespace Grex::Cli {

// Translation context of the CLI's own texts (help, human output).
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Grex::Cli)
};

} // namespace Grex::Cli
