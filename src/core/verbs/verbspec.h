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

// One row of the verb table: everything the CLI, the MCP tool list and generated docs need.
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
    bool idempotent = false;
    bool openWorld = false; // talks to remotes
    bool mcpTool = true;
    bool objectResult = false; // the document is a JSON object (not an array)
    // As a tool, a failure that carries its report (details.report) is a successful result:
    // doctor's report says its verdict in exit_code (docs/design.md, "grex doctor").
    bool toolReturnsReport = false;
    QList<ParamSpec> params;
    VerbInvoker invoke = nullptr;

    const ParamSpec *param(const QString &name) const;
    // JSON Schema of the arguments: an object with additionalProperties false.
    QJsonObject inputSchema() const;
    // Usage errors for unknown properties, wrong types, missing required ones.
    Result<void> validateArguments(const QJsonObject &args) const;
    // The same for an MCP tool call, which also may not name a CLI-only argument.
    Result<void> validateToolArguments(const QJsonObject &args) const;
};

} // namespace Grex
