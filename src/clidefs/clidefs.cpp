#include "clidefs/clidefs.h"

#include "core/actions/actionregistry.h"
#include "clidefs/clitr.h"

#include <QCommandLineParser>
#include <QSet>

using namespace Qt::StringLiterals;

namespace Grex::Cli {

namespace {

CliOption flag(const QString &longName, QChar shortName, const QString &help)
{
    CliOption option;
    option.longName = longName;
    option.shortName = shortName;
    option.help = help;
    return option;
}

CliOption valued(const QString &longName, const QString &valueName, const QString &help,
                 ValueHint hint = ValueHint::None)
{
    CliOption option;
    option.longName = longName;
    option.valueName = valueName;
    option.help = help;
    option.hint = hint;
    return option;
}

// A verb parameter as a command-line option: --keep-files for keepFiles.
CliOption optionFor(const ParamSpec &p)
{
    CliOption option;
    option.longName = p.cliName();
    option.shortName = p.shortName;
    if (p.type != ParamType::Boolean)
        option.valueName = p.valueName;
    option.help = p.helpMessage().displayText();
    option.hint = p.hint;
    option.choices = p.choices;
    option.repeatable = p.type == ParamType::StringArray;
    return option;
}

CliOption helpOption()
{
    return flag(u"help"_s, u'h', Tr::tr("Show help."));
}

CliOption verbosityOption()
{
    CliOption option = flag(QString(), u'v',
                            Tr::tr("Also print each step of a run as it finishes, and more "
                                   "log output on stderr (GREX_LOG overrides)."));
    option.repeatable = true;
    return option;
}

CliOption quietOption()
{
    return flag(u"quiet"_s, u'q', Tr::tr("Only warnings and errors on stderr."));
}

} // namespace

QString CliOption::names() const
{
    if (longName.isEmpty() && repeatable) {
        const QString once = u"-"_s + shortName;
        return once + u", "_s + once + shortName + u", "_s + once + shortName + shortName;
    }
    QString text;
    if (!shortName.isNull())
        text = u"-"_s + shortName;
    if (!longName.isEmpty())
        text += (text.isEmpty() ? u"--"_s : u", --"_s) + longName;
    return text;
}

QStringList CliOption::parserNames() const
{
    QStringList names;
    if (!shortName.isNull())
        names.append(QString(shortName));
    if (!longName.isEmpty())
        names.append(longName);
    return names;
}

QString CliCommand::commandLine() const
{
    return name.isEmpty() ? program : program + u' ' + name;
}

QString CliCommand::pageName() const
{
    return name.isEmpty() ? program : program + u'-' + name;
}

QStringList CliCommand::usageLines() const
{
    if (!synopsis.isEmpty()) {
        QStringList lines;
        for (const QString &line : synopsis)
            lines.append(program + u' ' + line);
        return lines;
    }
    QString line = commandLine() + u" [options]"_s;
    for (const CliArgument &argument : arguments)
        line += argument.required ? u" <"_s + argument.valueName + u'>'
                                  : u" ["_s + argument.valueName + u']';
    return {line};
}

const CliOption *CliCommand::option(const QString &longOption) const
{
    for (const CliOption &o : options) {
        if (o.longName == longOption)
            return &o;
    }
    return nullptr;
}

QString CliCommand::approvalNote() const
{
    if (!destructive)
        return {};
    if (typedCommandApproves)
        return Tr::tr("Destructive: typing it at a terminal is the approval; without a terminal "
                      "pass --yes.");
    return Tr::tr("Destructive: asks for confirmation on a terminal; pass --yes otherwise.");
}

QList<CliOption> universalOptions()
{
    QList<CliOption> options{
        flag(u"json"_s, {}, Tr::tr("Print the result as one JSON document.")),
        flag(u"plain"_s, {}, Tr::tr("No colour and no Unicode decoration.")),
    };
    // The verb parameters every verb shares, as the registry defines them.
    for (const ParamSpec &p : universalParams())
        options.append(optionFor(p));
    options += {
        valued(u"manifest"_s, u"PATH"_s,
               Tr::tr("The workspace's grex.jsonl (default: the grex.jsonl in the current folder "
                      "or the nearest one above it)."),
               ValueHint::File),
        verbosityOption(),
        quietOption(),
        flag(u"yes"_s, u'y', Tr::tr("Approve destructive verbs without asking.")),
        helpOption(),
    };
    return options;
}

CliCommand overviewCommand()
{
    CliCommand command;
    command.summary = Tr::tr("Manage a workspace of many git repositories as one graph.");
    command.synopsis = {u"[options] <verb> [arguments]"_s};
    command.description =
        Tr::tr("grex manages a workspace of many git repositories (packs) as one graph. A pack "
               "is a git repository with a .grex/pack.yaml that may own child packs, name the "
               "packs it depends on, and carry install actions (%1) or hooks.")
            .arg(builtinActions().publicNames().join(u", "_s)) +
        u"\n\n"_s +
        Tr::tr("A workspace is a directory holding the packs' clones and two files: grex.jsonl "
               "records what was asked for, as an append-only log, and grex.lock.jsonl what was "
               "resolved and installed. grex sync makes the workspace what they declare, working "
               "on many packs at once.") +
        u"\n\n"_s +
        Tr::tr("Options may come before or after the verb. Every verb but teardown, serve, mcp "
               "and completion is also a tool of grex serve; the tool's result is the verb's "
               "--json document.") +
        u"\n\n"_s +
        Tr::tr("grex works from any folder inside a workspace, inside a pack too: it uses the "
               "nearest folder at or above the current one that holds grex.jsonl, as git finds "
               "a repository. -C DIR, before the verb, runs grex as if started in DIR; "
               "GREX_WORKSPACE names the workspace wherever grex is run; --manifest names its "
               "grex.jsonl. grex init makes the current folder a workspace, never one inside "
               "another workspace's pack.");
    command.options = universalOptions();
    command.options.append(flag(u"version"_s, u'V', Tr::tr("Show the version.")));
    command.examples = {
        {u"grex init && grex add https://github.com/me/dotfiles.git"_s,
         Tr::tr("Make the current directory a workspace and add a first pack.")},
        {u"grex sync && grex status"_s,
         Tr::tr("Bring every pack up to date, then see what drifted.")},
        {u"grex --filter 'name=lib-*,drift=dirty' exec -- git diff --stat"_s,
         Tr::tr("What changed in the packs named lib-* that have local changes.")},
    };
    return command;
}

CliCommand verbCommand(const VerbSpec &verb)
{
    CliCommand command;
    command.name = verb.name;
    command.summary = QCoreApplication::translate("Grex", verb.summary);
    if (verb.description)
        command.description = QCoreApplication::translate("Grex", verb.description);
    command.universal = true;
    command.destructive = verb.destructive;
    command.typedCommandApproves = verb.typedCommandApproves;
    for (const ParamSpec &p : verb.params) {
        if (p.positional) {
            QStringList choiceHelp;
            for (const char *help : p.choiceHelp)
                choiceHelp.append(QCoreApplication::translate("Grex", help));
            command.arguments.append({p.valueName, p.helpMessage().displayText(), p.hint, p.choices,
                                      p.required, p.type == ParamType::StringArray, choiceHelp});
        } else if (!p.universal) {
            command.options.append(optionFor(p));
        }
    }
    for (const VerbExample &example : verb.examples)
        command.examples.append({QString::fromUtf8(example.command),
                                 QCoreApplication::translate("Grex", example.text)});
    return command;
}

CliCommand serveCommand()
{
    CliCommand command;
    command.name = u"serve"_s;
    command.summary =
        Tr::tr("Serve the workspace to AI agents over MCP (stdio, or HTTP with --http).");
    command.description =
        Tr::tr("Serves the workspace as an MCP server (revisions %1) on stdin and stdout: one "
               "JSON-RPC message per line; or, with --http, over streamable HTTP at /mcp. Logs go "
               "to stderr. Every verb but serve is a tool. docs/mcp-clients.md shows how to "
               "connect clients.")
            .arg(u"2025-06-18, 2025-11-25, 2026-07-28"_s) +
        u"\n\n"_s +
        Tr::tr("rm, run and exec run only when someone approves them: a grex-gui window open on "
               "the workspace, else the client (by elicitation), else --approve-destructive.");
    command.options = {
        valued(u"workspace"_s, u"DIR"_s,
               Tr::tr("The workspace to serve (default: the current directory). No tool can "
                      "leave it."),
               ValueHint::Directory),
        valued(u"manifest"_s, u"PATH"_s, Tr::tr("The workspace's grex.jsonl, as for every verb."),
               ValueHint::File),
        valued(u"parallel"_s, u"N"_s,
               Tr::tr("Tool calls that run at once, and the default width of each (default: "
                      "GREX_PARALLEL or the number of CPUs).")),
        flag(u"approve-destructive"_s, {},
             Tr::tr("Run rm, run and exec without asking when no window or client can be "
                    "asked.")),
        valued(u"approval-wait"_s, u"SECONDS"_s,
               Tr::tr("How long a call whose client cannot answer an approval waits for the "
                      "window's answer before it returns waiting_for_approval (default: 0, at "
                      "once; the client calls again to go on).")),
        flag(u"read-only"_s, {},
             Tr::tr("Offer only the tools that change nothing (ls, status, doctor) and the "
                    "resources.")),
        valued(u"tools"_s, u"LIST"_s,
               Tr::tr("Offer only these tools, comma-separated (e.g. ls,status,sync).")),
        valued(u"drain-timeout"_s, u"SECONDS"_s,
               Tr::tr("How long a shutdown request lets calls finish (default: 30).")),
        flag(u"cancel-replies"_s, {},
             Tr::tr("Answer a cancelled call with error -32800 instead of not at all.")),
        valued(u"http"_s, u"[ADDR:]PORT"_s,
               Tr::tr("Serve streamable HTTP at http://ADDR:PORT/mcp instead of stdio (ADDR "
                      "defaults to 127.0.0.1; port 0 picks a free one, which is logged).")),
        valued(u"token"_s, u"TOKEN"_s,
               Tr::tr("With --http: require Authorization: Bearer TOKEN (default: "
                      "GREX_MCP_TOKEN). Needed to listen beyond loopback.")),
        valued(u"allow-origin"_s, u"ORIGIN"_s,
               Tr::tr("With --http: also accept requests from this browser Origin (loopback "
                      "origins are always accepted).")),
        valued(u"session-idle"_s, u"SECONDS"_s,
               Tr::tr("With --http: end a session after this long without a request (default: "
                      "1800).")),
        valued(u"request-timeout"_s, u"SECONDS"_s,
               Tr::tr("With --http: close a connection that has not sent a whole request this "
                      "long after it opened or after its last request (default: 10).")),
        verbosityOption(),
        quietOption(),
        helpOption(),
    };
    for (CliOption &option : command.options) {
        if (option.longName == u"allow-origin")
            option.repeatable = true;
    }
    command.examples = {
        {u"grex serve --workspace ~/work"_s,
         Tr::tr("Serve a workspace over stdio, as an MCP client launches it.")},
        {u"claude mcp add grex -- grex serve --workspace ~/work"_s,
         Tr::tr("Let Claude Code start the server for this workspace.")},
        {u"GREX_MCP_TOKEN=s3cret grex serve --http 8765"_s,
         Tr::tr("Serve streamable HTTP at http://127.0.0.1:8765/mcp with a bearer token.")},
    };
    return command;
}

CliCommand mcpCommand()
{
    CliCommand command;
    command.name = u"mcp"_s;
    command.summary = Tr::tr("Check an MCP server: 'grex mcp status', 'grex mcp call TOOL'.");
    command.synopsis = {
        u"mcp status (--url URL [--token TOKEN] | -- CMD [ARG...])"_s,
        u"mcp call TOOL [--arg KEY=VALUE]... [--args JSON] (--url URL [--token TOKEN] | -- CMD "
        "[ARG...])"_s,
    };
    command.description =
        Tr::tr("Connects to an MCP server as a client: over streamable HTTP with --url, or over "
               "stdio by starting CMD. `status` shows the server's name, version, protocol, "
               "capabilities and tools; `call` calls one tool and prints its result. A VALUE "
               "that parses as JSON (a number, true, [\"a\"]) is that JSON, otherwise a "
               "string.") +
        u"\n\n"_s +
        Tr::tr("Exit codes: 0 success, 2 bad usage, 6 protocol error (the server failed, exited "
               "or answered something that is not MCP); a tool's own error exits with the code "
               "of its kind.");
    CliArgument what;
    what.valueName = u"COMMAND"_s;
    what.help = Tr::tr("status or call.");
    what.choices = {u"status"_s, u"call"_s};
    what.required = true;
    command.arguments = {what};
    command.options = {
        valued(u"url"_s, u"URL"_s,
               Tr::tr("The server's MCP endpoint, e.g. http://127.0.0.1:8765/mcp")),
        valued(u"token"_s, u"TOKEN"_s,
               Tr::tr("Bearer token for --url (default: GREX_MCP_TOKEN, which other users cannot "
                      "see in ps)")),
        valued(u"timeout"_s, u"SECONDS"_s,
               Tr::tr("How long to wait for each answer (default: 60)")),
        valued(u"protocol"_s, u"REVISION"_s,
               Tr::tr("The MCP revision to speak: 2026-07-28, 2025-11-25 or 2025-06-18 (default: "
                      "2026-07-28 when the server answers server/discover, else initialize)")),
        valued(u"arg"_s, u"KEY=VALUE"_s, Tr::tr("An argument of the tool to call (repeatable).")),
        valued(u"args"_s, u"JSON"_s,
               Tr::tr("The arguments of the tool to call, as a JSON "
                      "object.")),
        flag(u"json"_s, {}, Tr::tr("One JSON document on stdout")),
        flag(u"plain"_s, {}, Tr::tr("No colour or decoration")),
        helpOption(),
    };
    command.options[4].repeatable = true;
    command.examples = {
        {u"grex mcp status -- grex serve --workspace ~/work"_s,
         Tr::tr("Start a server over stdio and show what it offers.")},
        {u"grex mcp call status --url http://127.0.0.1:8765/mcp --arg failOnDrift=true"_s,
         Tr::tr("Call one tool of an HTTP server (the token from GREX_MCP_TOKEN).")},
    };
    return command;
}

CliCommand completionCommand()
{
    CliCommand command;
    command.name = u"completion"_s;
    command.summary = Tr::tr("Print the shell completion script for bash, zsh or fish.");
    command.description =
        Tr::tr("Prints a script that completes grex's verbs, options and their values, and the "
               "names of the packs of the workspace being worked on. The packages install it "
               "for every shell; with a grex you built yourself, add the first example's line "
               "to ~/.bashrc, or write the script where your shell looks for completions.");
    CliArgument shell;
    shell.valueName = u"SHELL"_s;
    shell.help = Tr::tr("bash, zsh or fish.");
    shell.choices = {u"bash"_s, u"zsh"_s, u"fish"_s};
    shell.required = true;
    command.arguments = {shell};
    command.options = {helpOption()};
    command.examples = {
        {u"source <(grex completion bash)"_s, Tr::tr("Complete grex in this bash.")},
        {u"grex completion zsh > ~/.zfunc/_grex"_s,
         Tr::tr("Install it for zsh (with ~/.zfunc on fpath).")},
        {u"grex completion fish > ~/.config/fish/completions/grex.fish"_s,
         Tr::tr("Install it for fish.")},
    };
    return command;
}

CliCommand guiCommand()
{
    CliCommand command;
    command.program = u"grex-gui"_s;
    command.summary = Tr::tr("The grex desktop window.");
    command.description =
        Tr::tr("Opens the desktop window on WORKSPACE, or on the last workspace when none is "
               "given: the packs as a tree with their drift, last install and lock holder; "
               "sync, update, add, remove, import and doctor with a live log; the locks held; "
               "and the agents whose grex serve works on the workspace, with their calls in "
               "flight. A grex serve asks the window before it runs rm, run or exec.") +
        u"\n\n"_s + Tr::tr("grex-gui also takes Qt's own options, such as -platform and -style.");
    CliArgument workspace;
    workspace.valueName = u"WORKSPACE"_s;
    workspace.help = Tr::tr("The workspace to open (default: the last one).");
    workspace.hint = ValueHint::Directory;
    command.arguments = {workspace};
    command.options = {helpOption(), flag(u"version"_s, u'v', Tr::tr("Show the version."))};
    command.examples = {
        {u"grex-gui ~/work"_s, Tr::tr("Open the window on a workspace.")},
    };
    return command;
}

QList<CliCommand> grexCommands()
{
    QList<CliCommand> commands;
    for (const VerbSpec &verb : verbRegistry())
        commands.append(verbCommand(verb));
    commands.append(serveCommand());
    commands.append(mcpCommand());
    commands.append(completionCommand());
    return commands;
}

QStringList valueOptionNames()
{
    QList<CliOption> options = universalOptions();
    for (const CliCommand &command : grexCommands())
        options += command.options;
    QStringList names;
    for (const CliOption &option : std::as_const(options)) {
        if (option.takesValue() && !option.longName.isEmpty())
            names.append(u"--"_s + option.longName);
    }
    names.removeDuplicates();
    return names;
}

void addParserOptions(QCommandLineParser &parser, const QList<CliOption> &options)
{
    // A verb's own option may reuse a universal name (add --filter is git clone's --filter):
    // the parser takes the name once, and the verb's parameter reads its value.
    QSet<QString> added;
    for (const CliOption &option : options) {
        if (!option.longName.isEmpty() && added.contains(option.longName))
            continue;
        added.insert(option.longName);
        parser.addOption(QCommandLineOption(option.parserNames(), option.help, option.valueName));
    }
}

QList<EnvironmentVariable> environmentVariables()
{
    return {
        {u"GREX_PARALLEL"_s,
         Tr::tr("How many packs to work on at once when --parallel is not given.")},
        {u"GREX_LOG"_s,
         Tr::tr("Log filter, overriding -v and -q: for example grex=debug,git=warn.")},
        {u"GREX_SSH_SHARE"_s,
         Tr::tr("0: every git command opens its own SSH connection instead of sharing one per "
                "host.")},
        {u"GREX_NETWORK_TIMEOUT"_s,
         Tr::tr("Seconds a git command may go without output and without receiving a byte "
                "before grex stops it and reports the pack as timed out (default 60).")},
        {u"GREX_MCP_TOKEN"_s,
         Tr::tr("The bearer token of grex serve --http and of grex mcp --url.")},
        {u"NO_COLOR"_s, Tr::tr("When set, no colour in the output.")},
        {u"XDG_RUNTIME_DIR"_s,
         Tr::tr("Where grex serve finds the control socket of a grex-gui window.")},
    };
}

QList<FileEntry> workspaceFiles()
{
    return {
        {u"grex.jsonl"_s,
         Tr::tr("The workspace's intent log: every pack added, updated, synced or removed, one "
                "JSON event per line, appended and never rewritten but by grex doctor "
                "--compact.")},
        {u"grex.lock.jsonl"_s,
         Tr::tr("What each pack resolved to: commit, branch, actions hash and install time.")},
        {u".gitignore"_s,
         Tr::tr("grex keeps one marked block per pack in the workspace's .gitignore, so a "
                "workspace repository does not track the packs' clones.")},
        {u"<pack>/.grex/pack.yaml"_s,
         Tr::tr("A pack's contract: its name and type, its children, what it depends on, and "
                "its actions.")},
        {u"<pack>/.grex/hooks/"_s,
         Tr::tr("The hook scripts of a scripted pack: setup.sh, sync.sh, update.sh and "
                "teardown.sh.")},
    };
}

} // namespace Grex::Cli
