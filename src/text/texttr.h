#pragma once

#include <QCoreApplication>

namespace Grex::Text {

// Translation context of the report texts, which the CLI and the window share.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Grex::Text)
};

} // namespace Grex::Text
