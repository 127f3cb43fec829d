#pragma once

#include "core/json.h"
#include "core/message.h"
#include "core/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Grex {

class DocShape;
class OperationContext;
class Workspace;

enum class ParamType { Boolean, String, StringArray, Integer };

// What a parameter's value names, for shell completion and the manual: a registered pack, a
// directory or file, a repository URL (or local path), a program; or one of a few choices.
enum class ValueHint { None, Pack, Directory, File, Url, Command };

// One argument of a verb. The same row builds the CLI option (--keep-files), the MCP input
// schema property (keepFiles) and the help text.
struct ParamSpec
{
    QString name; // camelCase JSON/MCP property: "keepFiles"
    ParamType type = ParamType::Boolean;
    const char *help = nullptr; // QT_TRANSLATE_NOOP("Grex", ...)
    QStringList helpArguments;  // the %1, %2 of help: words another table owns (the actions)
    bool required = false;
    bool positional = false;       // a CLI positional argument rather than an option; a
                                   // StringArray one takes the remaining arguments
    bool universal = false;        // filled from a universal CLI flag (--dry-run)
    bool nullable = false;         // the schema also accepts null
    bool cliOnly = false;          // not part of the MCP tool (exec --shell)
    // A positional StringArray whose words may start with '-' (grex tag PACK -old): on the
    // command line such a word is the argument, not an option.
    bool signedWords = false;
    QString valueName;             // "URL", "REF"; empty for booleans
    QChar shortName;               // a one-letter CLI alias, or null
    std::optional<qint64> minimum; // integers: the accepted range
    std::optional<qint64> maximum;
    ValueHint hint = ValueHint::None;
    QStringList choices; // the accepted words, when there are few (completion, manual)
    // What each of choices does, in their order, QT_TRANSLATE_NOOP("Grex", ...); empty when the
    // words say it themselves.
    QList<const char *> choiceHelp;

    // "keep-files" for "keepFiles".
    QString cliName() const;
    // help with helpArguments: text() for an MCP schema, displayText() for people.
    Message helpMessage() const;
};

using VerbInvoker = Result<JsonValue> (*)(Workspace &, const QJsonObject &args, OperationContext &);

// A command line that shows a verb at work, and what it does.
struct VerbExample
{
    const char *command = nullptr; // "grex add https://example.org/dotfiles.git"
    const char *text = nullptr;    // QT_TRANSLATE_NOOP("Grex", ...)
};

// What a verb's document is, for the front ends that read more of it than its text.
enum class ReportShape {
    Own,          // a document of its own
    RunReport,    // a lifecycle run report (sync, teardown): steps, packs and their outcomes,
                  // and where the run halted (docs/design.md, "Run reports and step lines")
    PackOutcomes, // one outcome per pack (update)
};

// One verb: everything the CLI, the MCP tool list, the window and generated docs need to know of
// it. Each verb's own file makes its row (make<Name>Verb()); builtinverbs.cpp registers it with
// one line, and the front ends ask the row, never the verb's name (docs/architecture.md).
struct VerbSpec
{
    QString name;
    const char *title = nullptr;   // "Add a pack"
    const char *summary = nullptr; // one line, QT_TRANSLATE_NOOP("Grex", ...)
    // What `grex <verb> --help` and grex-<verb>(1) say after the summary: paragraphs separated
    // by a blank line, QT_TRANSLATE_NOOP("Grex", ...).
    const char *description = nullptr;
    QList<VerbExample> examples;
    bool readOnly = false;
    bool destructive = false;
    // At a terminal, typing the command is the person's approval (run, exec): only a verb that
    // deletes what the person may not have looked at (rm) asks again.
    bool typedCommandApproves = false;
    // What an approval quotes of the call, after this word (QT_TRANSLATE_NOOP("Grex", ...)):
    // run's action, exec's command.
    const char *approvalQuotes = nullptr;
    // The button that confirms the verb after its preview (QT_TRANSLATE_NOOP("Grex", ...)).
    const char *confirmWord = QT_TRANSLATE_NOOP("Grex", "&Run");
    // A preview whose document has this list empty would change nothing (import's "imported"),
    // and the window says so in nothingToDo's words instead of asking.
    QString changesKey;
    const char *nothingToDo = nullptr;
    bool idempotent = false;
    bool openWorld = false; // talks to remotes
    bool mcpTool = true;
    // The verb holds the workspace's sync lock while it runs, or only when one of lockingParams
    // is true (doctor --fix); a window refuses to start it while another process holds the lock.
    bool locksWorkspace = false;
    QStringList lockingParams;
    // The verb makes the workspace it runs in (init): the CLI finds none before running it.
    bool makesWorkspace = false;
    // It may run for minutes: an MCP client that asks gets a task for it (docs/design.md, "MCP
    // tasks").
    bool longRunning = false;
    // The icon its MCP tool shows, the one the window's action for the verb shows too:
    // resources/icons/actions/<icon>.svg.
    QString icon;
    bool objectResult = false; // the document is a JSON object (not an array)
    // The document's keys and types (Report::shape(), built once), when declared: the MCP
    // tool's outputSchema, docs/json.md and the text's reads come from it.
    const DocShape &(*documentShape)() = nullptr;
    ReportShape reportShape = ReportShape::Own;
    // Its report is the steps it ran, so every step line is shown, not only at -v (run).
    bool stepsAreTheReport = false;
    // A failure carries the whole document in details.report, shown before the error (status's
    // drift, doctor's findings, exec's failed packs).
    bool failureCarriesReport = false;
    // The report says its verdict in exit_code (docs/design.md, "grex doctor"): as a tool, a
    // failure that carries its report is a successful result, and the window shows the report
    // rather than the failure.
    bool reportIsVerdict = false;
    QList<ParamSpec> params;
    VerbInvoker invoke = nullptr;

    const ParamSpec *param(const QString &name) const;
    // JSON Schema of the arguments: an object with additionalProperties false.
    QJsonObject inputSchema() const;
    // Whether a call with these arguments takes the workspace's sync lock.
    bool locks(const QJsonObject &args) const;
    // The last positional argument is a command line (exec): its own options are its words.
    bool takesCommandLine() const;
    // Usage errors for unknown properties, wrong types, missing required ones.
    Result<void> validateArguments(const QJsonObject &args) const;
    // The same for an MCP tool call, which also may not name a CLI-only argument.
    Result<void> validateToolArguments(const QJsonObject &args) const;
};

} // namespace Grex
