#pragma once

#include "core/verbs/verbregistry.h"

#include <QChar>
#include <QList>
#include <QString>
#include <QStringList>

class QCommandLineParser;

namespace Grex::Cli {

// One option of a command line.
struct CliOption
{
    QString longName;  // "dry-run"; empty for an option with only a short name
    QChar shortName;   // 'n', or null
    QString valueName; // "N"; empty for a flag
    QString help;      // translated
    ValueHint hint = ValueHint::None;
    QStringList choices;
    bool repeatable = false; // -vv, --only A --only B

    // "-n, --dry-run"; "-v, -vv, -vvv" for a repeatable short-only flag.
    QString names() const;
    // The names QCommandLineParser knows it by: {"n", "dry-run"}.
    QStringList parserNames() const;
    bool takesValue() const { return !valueName.isEmpty(); }
};

// A positional argument.
struct CliArgument
{
    QString valueName; // "PACK", "CMD..."
    QString help;      // translated
    ValueHint hint = ValueHint::None;
    QStringList choices;
    bool required = false;
    bool variadic = false;  // takes the remaining arguments
    QStringList choiceHelp; // translated, what each of choices does; may be empty
};

struct CliExample
{
    QString command;
    QString text; // translated
};

// A command of the grex command line (a verb, serve, mcp, completion) or grex-gui's: the one
// definition its parser, its --help, its manual page and the shell completions are made from.
struct CliCommand
{
    QString program = QStringLiteral("grex");
    QString name; // "sync"; empty for grex-gui
    QString summary;
    QString description;  // paragraphs separated by "\n\n"
    QStringList synopsis; // usage lines after the program name; empty: made from the arguments
    QList<CliArgument> arguments;
    QList<CliOption> options; // its own
    bool universal = false;   // also takes the options of every verb
    bool destructive = false;
    bool typedCommandApproves = false; // a terminal does not ask again (run, exec)
    bool hidden = false;               // left out of --help and the manual (the completion helpers)
    QList<CliExample> examples;

    // "grex sync", "grex-gui"
    QString commandLine() const;
    // "grex-sync", "grex-gui": the manual page's name.
    QString pageName() const;
    // The usage lines, each starting with commandLine().
    QStringList usageLines() const;
    const CliOption *option(const QString &longName) const;
    // What --help and the manual say of how a destructive command is approved; empty otherwise.
    QString approvalNote() const;
};

// The options every verb takes, in the order --help shows them.
QList<CliOption> universalOptions();

// grex itself: what `grex --help` and grex(1) say of the whole program.
CliCommand overviewCommand();
CliCommand verbCommand(const VerbSpec &verb);
CliCommand serveCommand();
CliCommand mcpCommand();
CliCommand completionCommand();
CliCommand guiCommand();
// Every command of grex in help order: the registry's verbs, then serve, mcp and completion.
QList<CliCommand> grexCommands();

// "--parallel", "--ref", ...: the long options of any command that take a value. A word after one
// of them is that value, not a verb or a positional argument.
QStringList valueOptionNames();

// Adds options to parser, under the names of CliOption::parserNames().
void addParserOptions(QCommandLineParser &parser, const QList<CliOption> &options);

struct EnvironmentVariable
{
    QString name;
    QString help; // translated
};
// The environment variables grex reads.
QList<EnvironmentVariable> environmentVariables();

struct FileEntry
{
    QString path;
    QString help; // translated
};
// The files of a workspace and a pack.
QList<FileEntry> workspaceFiles();

} // namespace Grex::Cli
