#pragma once

#include <QString>

namespace Grex {
struct VerbSpec;
}

namespace Grex::Cli {

struct CliCommand;

// The text of `grex --help`, generated from the command definitions (clidefs.h).
QString generalHelp();
// The text of `grex <verb> --help`, `grex serve --help`, `grex-gui --help`: one command's.
QString commandHelp(const CliCommand &command);
QString verbHelp(const VerbSpec &verb);
// "grex 0.1.0"
QString versionText();
// text's paragraphs ("\n\n" between them) filled to width columns, each line indented.
QString wrapText(const QString &text, int width, int indent);

} // namespace Grex::Cli
