#pragma once

#include <QString>

namespace Grex {
struct VerbSpec;
}

namespace Grex::Cli {

// The text of `grex --help`, generated from the verb registry.
QString generalHelp();
// The text of `grex <verb> --help`.
QString verbHelp(const VerbSpec &verb);
QString serveHelp();
// "grex 0.1.0"
QString versionText();

struct UniversalOption
{
    QString names;     // "-q, --quiet"
    QString valueName; // "N"
    QString help;
};
QList<UniversalOption> universalOptions();

} // namespace Grex::Cli
