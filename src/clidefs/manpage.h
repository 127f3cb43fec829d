#pragma once

#include <QString>

namespace Grex::Cli {

struct CliCommand;

struct ManInfo
{
    QString date;    // "2026-11-25": the page's date (the build's SOURCE_DATE_EPOCH)
    QString version; // "0.1.0"
};

// The manual page (roff, man(7) macros) of one command: grex(1) for overviewCommand(), and
// grex-<verb>(1), grex-serve(1), grex-gui(1) ... for the others. Every text comes from the
// command definitions (clidefs.h) in the current translation.
QString manPage(const CliCommand &command, const ManInfo &info);

// Writes <dir>/grex.1, one <dir>/<page>.1 per command of grexCommands() and <dir>/grex-gui.1.
// Returns what could not be written, empty on success.
QString writeManPages(const QString &dir, const ManInfo &info);

} // namespace Grex::Cli
