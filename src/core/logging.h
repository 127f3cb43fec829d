#pragma once

#include <QLoggingCategory>

namespace Grex {

// Core logs through these categories; front ends decide where log lines go (stderr for the
// CLI and `grex serve`, the log view for the window). Core itself never writes to stdout.
Q_DECLARE_LOGGING_CATEGORY(lcCore)
Q_DECLARE_LOGGING_CATEGORY(lcManifest)
Q_DECLARE_LOGGING_CATEGORY(lcGit)
Q_DECLARE_LOGGING_CATEGORY(lcLock)

// Turns GREX_LOG syntax ("grex=debug,git=warn") and a -v count into Qt filter rules and
// installs them. verbosity: 0 info, 1 debug, 2+ trace (everything, libgit2 included).
void configureLogging(int verbosity, bool quiet, const QString &grexLogSpec);

} // namespace Grex
