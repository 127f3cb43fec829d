#pragma once

#include "core/result.h"
#include "core/sched/width.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <stop_token>

class QCommandLineParser;
class QJsonObject;
class QTextStream;

namespace Grex {
struct VerbSpec;
class Workspace;
} // namespace Grex

namespace Grex::Cli {

class Command;
class Output;
struct CliOption;

// What the CLI reads from its process: kept in one struct so tests can run it in-process.
struct Environment
{
    QString currentDir;
    QString grexParallel;         // GREX_PARALLEL
    QString grexLog;              // GREX_LOG
    QString mcpToken;             // GREX_MCP_TOKEN: grex serve --http's bearer token
    QString grexWorkspace;        // GREX_WORKSPACE: the workspace, wherever grex is run
    bool noColor = false;         // NO_COLOR set
    bool interactive = false;     // stdin and stderr are terminals: prompts are possible
    QTextStream *input = nullptr; // answers to prompts

    static Environment fromProcess();
};

// A usage error (exit 2) whose text is already translated CLI wording.
Error usage(const QString &reason, const QString &text);
// Prints the error (and, with --json, its document on stdout); returns its exit code.
int fail(Output &output, const QString &verb, const Error &error);

// The `grex` command line: parses universal flags and the verb's own options, runs the verb
// through core and prints its result. Returns the process exit code.
class Application
{
public:
    Application(Output &output, Environment environment, std::stop_token stop = {});

    int run(const QStringList &arguments);

private:
    // The position of the verb: the first word that is not an option or an option's value; -1
    // when there is none.
    static qsizetype findVerbIndex(const QStringList &arguments);
    // The second words of the two-word verbs that start with first (task: start, status, ...).
    static QStringList verbWordsAfter(const QString &first);
    // A registry verb's command line (arguments without the verb): parses it, runs the verb.
    int invokeVerbCommand(const VerbSpec &verb, const QStringList &arguments);
    // The tools grex serve offers from --read-only and --tools; empty: every tool. Error: Usage.
    static Result<QStringList> servedTools(const QCommandLineParser &parser);
    // init in the folder it is given (made when missing), else where --manifest or the
    // current directory says.
    int runMakingWorkspace(const Command &command, const QCommandLineParser &parser,
                           QJsonObject args, const Width &width);
    // Runs the verb through core and prints its document or its failure.
    int execute(const Command &command, Workspace &workspace, const QJsonObject &args, Width width,
                bool yes);
    int serve(const QStringList &arguments);
    int completion(const QStringList &arguments);
    int complete(const QStringList &arguments);
    int writeManual(const QStringList &arguments);
    // The run's width from --parallel and GREX_PARALLEL (Width::resolve), for a verb and serve.
    Result<Width> resolveWidth(const QCommandLineParser &parser) const;

    Output &m_output;
    Environment m_env;
    std::stop_token m_stop;
};

} // namespace Grex::Cli
