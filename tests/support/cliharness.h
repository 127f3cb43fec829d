#pragma once

#include <QJsonDocument>
#include <QString>
#include <QStringList>

namespace Grex::Test {

// Runs the CLI in-process with captured streams.
struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
    QJsonDocument json() const { return QJsonDocument::fromJson(out.toUtf8()); }
};

struct CliHarnessOptions
{
    QString currentDir;
    QString input;            // answers to prompts
    bool interactive = false; // pretend stdin and stderr are terminals
    bool stdoutTty = false;
    QString grexParallel;
};

CliRun runCli(const QStringList &args, const CliHarnessOptions &options);

} // namespace Grex::Test
