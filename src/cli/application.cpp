#include "cli/application.h"

#include "cli/clieventsink.h"
#include "cli/commands/command.h"
#include "cli/commands/mcpcommand.h"
#include "cli/output.h"
#include "cli/signalbridge.h"
#include "text/reporttext.h"
#include "cli/verbarguments.h"

#include "clidefs/clidefs.h"
#include "clidefs/clitr.h"
#include "clidefs/completion.h"
#include "clidefs/helptext.h"
#include "clidefs/manpage.h"

#include "mcp/httpserver.h"
#include "core/allocator.h"
#include "core/i18n.h"
#include "core/logging.h"
#include "core/manifest/intentlog.h"
#include "core/operationcontext.h"
#include "mcp/stdioserver.h"
#include "mcp/tools.h"
#include "core/suggest.h"
#include "core/verbs/verbregistry.h"
#include "core/workspace.h"

#include <QCommandLineParser>
#include <QDate>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QMutex>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex::Cli {

namespace {

// --yes approves; at a terminal, a verb the person typed out in full (run, exec) is approved and
// the others ask; without a terminal the answer is no.
class CliApprovalPolicy final : public ApprovalPolicy
{
public:
    CliApprovalPolicy(bool yes, const Environment &env, Output &output, CliEventSink &sink)
        : m_yes(yes)
        , m_env(env)
        , m_output(output)
        , m_sink(sink)
    {
    }

    ApprovalDecision approve(const ApprovalRequest &request, std::stop_token) override
    {
        if (m_yes)
            return ApprovalDecision::approve(u"flag"_s);
        const VerbSpec *verb = findVerb(request.verb);
        if (m_env.interactive && verb && verb->typedCommandApproves)
            return ApprovalDecision::approve(u"terminal"_s);
        if (!m_env.interactive || !m_env.input) {
            return ApprovalDecision::refuse(Message(QT_TRANSLATE_NOOP(
                "Grex", "there is no terminal to ask for confirmation: pass --yes to approve")));
        }
        m_sink.finish(); // the question goes on a line of its own, not after the status line
        m_output.err() << request.summary.displayText() << u"? [y/N] "_s;
        m_output.err().flush();
        SignalBridge::setPrompting(true);
        const QString answer = m_env.input->readLine().trimmed().toLower();
        SignalBridge::setPrompting(false);
        if (answer == u"y" || answer == u"yes" || answer == Tr::tr("y") || answer == Tr::tr("yes"))
            return ApprovalDecision::approve(u"terminal"_s);
        return ApprovalDecision::refuse(Message(QT_TRANSLATE_NOOP("Grex", "you answered no")),
                                        u"terminal"_s);
    }

private:
    bool m_yes;
    const Environment &m_env;
    Output &m_output;
    CliEventSink &m_sink;
};

} // namespace

Error usage(const QString &reason, const QString &text)
{
    // The text is already translated CLI wording; Message carries it as its own argument.
    return Error(ErrorKind::Usage, reason, Message("%1", {text}));
}

int fail(Output &output, const QString &verb, const Error &error)
{
    output.printError(error);
    if (output.mode() == Output::Mode::Json) {
        JsonObject envelope;
        if (!verb.isEmpty())
            envelope.insert(u"verb"_s, verb);
        envelope.insert(u"error"_s, error.toJson());
        output.out() << QString::fromUtf8(envelope.toJson()) << u'\n';
        output.out().flush();
    }
    return exitCode(error.kind());
}

Environment Environment::fromProcess()
{
    Environment env;
    env.currentDir = QDir::currentPath();
    env.grexParallel = qEnvironmentVariable("GREX_PARALLEL");
    env.grexLog = qEnvironmentVariable("GREX_LOG");
    env.mcpToken = qEnvironmentVariable("GREX_MCP_TOKEN");
    env.grexWorkspace = qEnvironmentVariable("GREX_WORKSPACE");
    env.noColor = qEnvironmentVariableIsSet("NO_COLOR");
    env.interactive = ::isatty(STDIN_FILENO) && ::isatty(STDERR_FILENO);
    static QTextStream input(stdin);
    env.input = &input;
    return env;
}

Application::Application(Output &output, Environment environment, std::stop_token stop)
    : m_output(output)
    , m_env(std::move(environment))
    , m_stop(std::move(stop))
{
}

Result<Width> Application::resolveWidth(const QCommandLineParser &parser) const
{
    const std::optional<QString> option =
        parser.isSet(u"parallel"_s) ? std::optional(parser.value(u"parallel"_s)) : std::nullopt;
    Result<Width> width = Width::resolve(option, m_env.grexParallel);
    if (width && width->isUnbounded())
        qCInfo(lcCore, "--parallel 0: no limit on concurrent pack operations");
    return width;
}

int Application::run(const QStringList &given)
{
    m_output.setNoColorEnv(m_env.noColor);
    if (given.contains(u"--json"_s))
        m_output.setMode(Output::Mode::Json);

    // -C DIR before the verb runs grex as if started in DIR, as git -C does; several add up.
    QStringList arguments;
    bool verbSeen = false;
    for (qsizetype i = 0; i < given.size(); ++i) {
        const QString &token = given.at(i);
        if (verbSeen || token != u"-C") {
            arguments.append(token);
            verbSeen = verbSeen || findVerbIndex(arguments) >= 0;
            continue;
        }
        if (i + 1 >= given.size())
            return fail(m_output, {}, usage(u"missing_argument"_s, Tr::tr("-C needs a directory")));
        const QString dir = QDir::cleanPath(QDir(m_env.currentDir).absoluteFilePath(given.at(++i)));
        if (!QFileInfo(dir).isDir()) {
            return fail(m_output, {},
                        usage(u"invalid_argument"_s,
                              Tr::tr("-C %1: no such directory").arg(given.at(i))));
        }
        m_env.currentDir = dir;
    }

    const qsizetype verbIndex = findVerbIndex(arguments);
    if (verbIndex < 0) {
        if (arguments.contains(u"--version"_s) || arguments.contains(u"-V"_s)) {
            m_output.out() << versionText() << u'\n';
            return ExitSuccess;
        }
        if (arguments.contains(u"--help"_s) || arguments.contains(u"-h"_s)) {
            m_output.out() << generalHelp();
            return ExitSuccess;
        }
        m_output.err() << generalHelp();
        m_output.err().flush();
        return fail(m_output, {}, usage(u"missing_verb"_s, Tr::tr("no verb given")));
    }

    QString verbName = arguments.at(verbIndex);
    QStringList withoutVerb = arguments;
    withoutVerb.removeAt(verbIndex);
    // A verb of two words, grex task start, is the verb task-start.
    if (!findVerb(verbName) && verbIndex + 1 < arguments.size() &&
        findVerb(verbName + u'-' + arguments.at(verbIndex + 1))) {
        verbName += u'-' + arguments.at(verbIndex + 1);
        withoutVerb.removeAt(verbIndex);
    } else if (const QStringList words = verbWordsAfter(verbName); !words.isEmpty()) {
        return fail(m_output, {},
                    usage(u"missing_verb"_s,
                          Tr::tr("%1 needs one of: %2").arg(verbName, words.join(u", "_s))));
    }
    if (verbName == u"serve")
        return serve(withoutVerb);
    if (verbName == u"completion")
        return completion(arguments.mid(verbIndex + 1));
    if (verbName == u"__complete")
        return complete(withoutVerb);
    if (verbName == u"__man")
        return writeManual(withoutVerb);
    if (verbName == u"mcp") {
        QStringList rest = arguments.mid(verbIndex + 1);
        for (const QString &flag : {u"--json"_s, u"--plain"_s}) {
            if (arguments.first(verbIndex).contains(flag))
                rest.prepend(flag);
        }
        return runMcpCommand(m_output, m_env, rest);
    }
    QStringList names;
    for (const VerbSpec &v : verbRegistry())
        names.append(v.name);
    names << u"serve"_s << u"mcp"_s << u"completion"_s;
    // grex help VERB, as git help does: the verb's --help.
    if (verbName == u"help") {
        const QStringList rest = arguments.mid(verbIndex + 1);
        if (rest.isEmpty()) {
            m_output.out() << generalHelp();
            return ExitSuccess;
        }
        if (names.contains(rest.first()))
            return run(QStringList{rest.first(), u"--help"_s});
        if (rest.size() > 1 && names.contains(rest.at(0) + u'-' + rest.at(1)))
            return run(QStringList{rest.at(0) + u'-' + rest.at(1), u"--help"_s});
        arguments[verbIndex] = rest.first(); // named as an unknown verb below
        verbName = rest.first();
    }
    const VerbSpec *verb = findVerb(verbName);
    if (!verb) {
        Error error = usage(u"unknown_verb"_s, Tr::tr("unknown verb '%1'").arg(verbName));
        const QString meant = closestWord(verbName, names);
        error.withHint(Message(
            "%1", {meant.isEmpty() ? Tr::tr("the verbs are: %1").arg(names.join(u", "_s))
                                   : Tr::tr("did you mean '%1'? The verbs are: %2")
                                         .arg(meant, names.join(u", "_s))}));
        return fail(m_output, {}, error);
    }
    return invokeVerbCommand(*verb, withoutVerb);
}

QStringList Application::verbWordsAfter(const QString &first)
{
    QStringList words;
    for (const VerbSpec &verb : verbRegistry()) {
        if (verb.name.startsWith(first + u'-'))
            words.append(verb.name.mid(first.size() + 1));
    }
    return words;
}

qsizetype Application::findVerbIndex(const QStringList &arguments)
{
    // The names of the options that take a value are made from every command's definition:
    // only when an option comes before the verb, which most command lines never do.
    std::optional<QStringList> takesValue;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &token = arguments.at(i);
        if (token == u"--")
            break;
        if (token.startsWith(u'-') && token.size() > 1) {
            if (!takesValue)
                takesValue = valueOptionNames();
            if (takesValue->contains(token))
                ++i;
            continue;
        }
        return i;
    }
    return -1;
}

Result<QStringList> Application::servedTools(const QCommandLineParser &parser)
{
    const QStringList all = Mcp::toolNames();
    const bool readOnly = parser.isSet(u"read-only"_s);
    QStringList tools = readOnly ? Mcp::readOnlyToolNames() : QStringList();
    if (!parser.isSet(u"tools"_s))
        return tools;
    QStringList chosen;
    for (const QString &name : parser.value(u"tools"_s).split(u',', Qt::SkipEmptyParts)) {
        const QString tool = name.trimmed();
        if (!all.contains(tool)) {
            return usage(u"unknown_tool"_s, Tr::tr("--tools: there is no tool '%1' (the tools "
                                                   "are %2)")
                                                .arg(tool, all.join(u", "_s)));
        }
        if (readOnly && !tools.contains(tool)) {
            return usage(u"conflicting_options"_s,
                         Tr::tr("--tools names %1, which --read-only leaves out (it offers %2)")
                             .arg(tool, tools.join(u", "_s)));
        }
        if (!chosen.contains(tool))
            chosen.append(tool);
    }
    if (chosen.isEmpty())
        return usage(u"invalid_argument"_s, Tr::tr("--tools names no tool"));
    return chosen;
}

int Application::invokeVerbCommand(const VerbSpec &verb, const QStringList &arguments)
{
    const std::unique_ptr<Command> command = createCommand(verb);
    if (!command) {
        return fail(m_output, verb.name,
                    Error::internal(__FILE__, __LINE__, u"no command for verb "_s + verb.name));
    }

    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsCompactedShortOptions);
    // Everything after a command line belongs to it: grex exec git log --oneline.
    if (verb.takesCommandLine())
        parser.setOptionsAfterPositionalArgumentsMode(
            QCommandLineParser::ParseAsPositionalArguments);
    const QList<CliOption> options = universalOptions() + verbCommand(verb).options;
    addParserOptions(parser, options);
    QStringList toParse = signedWordsLast(verb, options, arguments);
    toParse.prepend(u"grex"_s);
    if (!parser.parse(toParse)) {
        Error error =
            usage(u"invalid_option"_s, Tr::tr("grex %1: %2").arg(verb.name, parser.errorText()));
        if (!parser.unknownOptionNames().isEmpty()) {
            QStringList flags;
            for (const CliOption &option : options) {
                if (!option.longName.isEmpty())
                    flags.append(option.longName);
            }
            const QString meant = closestWord(parser.unknownOptionNames().constFirst(), flags);
            if (!meant.isEmpty())
                error.withHint(Message("%1", {Tr::tr("did you mean --%1?").arg(meant)}));
        }
        return fail(m_output, verb.name, error);
    }
    if (parser.isSet(u"help"_s)) {
        m_output.out() << verbHelp(verb);
        return ExitSuccess;
    }

    if (parser.isSet(u"json"_s) && parser.isSet(u"plain"_s)) {
        return fail(
            m_output, verb.name,
            usage(u"conflicting_options"_s, Tr::tr("--json and --plain cannot be used together")));
    }
    m_output.setMode(parser.isSet(u"json"_s)    ? Output::Mode::Json
                     : parser.isSet(u"plain"_s) ? Output::Mode::Plain
                                                : Output::Mode::Auto);
    const bool quiet = parser.isSet(u"quiet"_s);
    m_output.setQuiet(quiet);
    const int verbosity = int(parser.optionNames().count(u"v"_s));
    m_output.setVerbose(verbosity > 0);
    configureLogging(verbosity, quiet, m_env.grexLog);

    const Result<Width> width = resolveWidth(parser);
    if (!width)
        return fail(m_output, verb.name, width.error());

    if (!parser.value(u"filter"_s).trimmed().isEmpty() && !verb.param(u"filter"_s)) {
        return fail(m_output, verb.name,
                    usage(u"filter_not_supported"_s,
                          Tr::tr("grex %1 does not take --filter").arg(verb.name)));
    }

    Result<QJsonObject> args = verbArguments(verb, parser, m_env.currentDir);
    if (!args)
        return fail(m_output, verb.name, args.error());

    if (verb.makesWorkspace)
        return runMakingWorkspace(*command, parser, *args, *width);
    Result<Workspace> workspace = Workspace::discover(parser.value(u"manifest"_s),
                                                      m_env.currentDir, m_env.grexWorkspace);
    if (!workspace)
        return fail(m_output, verb.name, workspace.error());
    return execute(*command, *workspace, *args, *width, parser.isSet(u"yes"_s));
}

int Application::runMakingWorkspace(const Command &command, const QCommandLineParser &parser,
                                    QJsonObject args, const Width &width)
{
    // init makes a workspace where it is told, as git init DIR does, and otherwise where it is
    // run; every other verb finds the one it is run in.
    const QString name = command.spec().name;
    const QString directory = args.take(u"directory"_s).toString();
    if (directory.isEmpty()) {
        Result<Workspace> workspace =
            Workspace::locate(parser.value(u"manifest"_s), m_env.currentDir);
        if (!workspace)
            return fail(m_output, name, workspace.error());
        return execute(command, *workspace, args, width, parser.isSet(u"yes"_s));
    }
    if (parser.isSet(u"manifest"_s)) {
        return fail(m_output, name,
                    usage(u"conflicting_options"_s,
                          Tr::tr("grex %1: give the folder or --manifest, not both").arg(name)));
    }
    const QString dir = QDir::cleanPath(QDir(m_env.currentDir).absoluteFilePath(directory));
    if (QFileInfo(dir).exists() && !QFileInfo(dir).isDir()) {
        return fail(m_output, name,
                    usage(u"invalid_argument"_s,
                          Tr::tr("grex %1: %2 exists and is not a folder").arg(name, dir)));
    }
    // A dry run only says what would happen, so it leaves a missing folder missing; a refused
    // init takes back the folder it made, leaving nothing behind.
    QStringList made; // innermost first
    if (!args.value(u"dryRun"_s).toBool()) {
        for (QString at = dir; !QFileInfo::exists(at); at = QFileInfo(at).absolutePath())
            made.append(at);
    }
    if (!made.isEmpty() && !QDir().mkpath(dir)) {
        return fail(m_output, name,
                    usage(u"invalid_argument"_s,
                          Tr::tr("grex %1: cannot create the folder %2").arg(name, dir)));
    }
    Workspace workspace(dir);
    const int code = execute(command, workspace, args, width, parser.isSet(u"yes"_s));
    if (code != ExitSuccess) {
        for (const QString &folder : std::as_const(made))
            QDir().rmdir(folder);
    }
    return code;
}

int Application::execute(const Command &command, Workspace &workspace, const QJsonObject &args,
                         Width width, bool yes)
{
    const VerbSpec &verb = command.spec();
    OperationContext ctx(m_stop);
    ctx.setWidth(width);
    CliEventSink sink(m_output);
    sink.setStepLines(m_output.verbose() || verb.stepsAreTheReport);
    ctx.setEventSink(&sink);
    CliApprovalPolicy approval(yes, m_env, m_output, sink);
    ctx.setApprovalPolicy(&approval);

    Result<JsonValue> document = invokeVerb(verb, workspace, args, ctx);
    sink.finish();
    if (!document) {
        const Error &error = document.error();
        // A run that halted or was cancelled still has its report: that is the document.
        const JsonValue report = error.details().value(u"report"_s);
        if (m_output.mode() == Output::Mode::Json && (report.isObject() || report.isArray())) {
            m_output.out() << QString::fromUtf8(report.toJson()) << u'\n';
            m_output.out().flush();
            m_output.printError(error);
            return exitCode(error.kind());
        }
        if (m_output.mode() == Output::Mode::Json)
            return fail(m_output, verb.name, error);
        command.renderFailure(error, args, m_output);
        return exitCode(error.kind());
    }
    if (m_output.mode() == Output::Mode::Json)
        m_output.out() << QString::fromUtf8(document->toJson()) << u'\n';
    else
        command.render(*document, args, m_output);
    m_output.out().flush();
    return ExitSuccess;
}

namespace {

// --http [ADDR:]PORT, --token (or GREX_MCP_TOKEN), --allow-origin, --session-idle.
Result<Mcp::HttpConfig> httpConfig(const QCommandLineParser &parser, const Environment &env)
{
    Mcp::HttpConfig http;
    const QString spec = parser.value(u"http"_s);
    QString host = u"127.0.0.1"_s;
    QString port = spec;
    const qsizetype colon = spec.lastIndexOf(u':');
    if (colon >= 0) {
        host = spec.left(colon);
        port = spec.mid(colon + 1);
        if (host.startsWith(u'[') && host.endsWith(u']'))
            host = host.mid(1, host.size() - 2);
    }
    bool ok = false;
    const uint number = port.toUInt(&ok);
    if (!ok || number > 65535) {
        return usage(
            u"invalid_argument"_s,
            Tr::tr("--http wants [ADDR:]PORT with a port from 0 to 65535, not '%1'").arg(spec));
    }
    http.port = quint16(number);
    if (host == u"localhost")
        host = u"127.0.0.1"_s;
    if (!http.address.setAddress(host)) {
        return usage(u"invalid_argument"_s, Tr::tr("--http: '%1' is not an IP address").arg(host));
    }
    http.token =
        (parser.isSet(u"token"_s) ? parser.value(u"token"_s) : env.mcpToken).trimmed().toUtf8();
    if (!http.address.isLoopback() && http.token.isEmpty()) {
        return usage(u"token_required"_s,
                     Tr::tr("grex serve --http %1 listens beyond this machine: give a bearer "
                            "token with --token or GREX_MCP_TOKEN")
                         .arg(spec));
    }
    http.allowedOrigins = parser.values(u"allow-origin"_s);
    if (parser.isSet(u"session-idle"_s)) {
        const int seconds = parser.value(u"session-idle"_s).toInt(&ok);
        if (!ok || seconds < 1 || seconds > 7 * 24 * 3600) {
            return usage(u"invalid_argument"_s,
                         Tr::tr("--session-idle wants seconds from 1 to 604800, not '%1'")
                             .arg(parser.value(u"session-idle"_s)));
        }
        http.idleTimeoutMs = seconds * 1000;
    }
    if (parser.isSet(u"request-timeout"_s)) {
        const double seconds = parser.value(u"request-timeout"_s).toDouble(&ok);
        if (!ok || seconds < 0.1 || seconds > 3600) {
            return usage(u"invalid_argument"_s,
                         Tr::tr("--request-timeout wants seconds from 0.1 to 3600, not '%1'")
                             .arg(parser.value(u"request-timeout"_s)));
        }
        http.limits.requestTimeoutMs = int(seconds * 1000);
    }
    return http;
}

} // namespace

int Application::completion(const QStringList &arguments)
{
    const CliCommand command = completionCommand();
    QCommandLineParser parser;
    addParserOptions(parser, command.options);
    QStringList toParse = arguments;
    toParse.prepend(u"grex"_s);
    if (!parser.parse(toParse)) {
        return fail(
            m_output, command.name,
            usage(u"invalid_option"_s, Tr::tr("grex completion: %1").arg(parser.errorText())));
    }
    if (parser.isSet(u"help"_s)) {
        m_output.out() << commandHelp(command);
        return ExitSuccess;
    }
    const QStringList shells = completionShells();
    const QStringList given = parser.positionalArguments();
    if (given.size() != 1 || !shells.contains(given.constFirst())) {
        const QString problem =
            given.isEmpty() ? Tr::tr("grex completion: name the shell")
            : given.size() > 1
                ? Tr::tr("grex completion: unexpected argument '%1'").arg(given.at(1))
                : Tr::tr("grex completion: no completion for the shell '%1'")
                      .arg(given.constFirst());
        Error error = usage(u"invalid_argument"_s, problem);
        error.withHint(Message("%1", {Tr::tr("the shells are: %1").arg(shells.join(u", "_s))}));
        return fail(m_output, command.name, error);
    }
    m_output.out() << completionScript(given.constFirst());
    return ExitSuccess;
}

// grex __complete packs [--manifest PATH]: the ids of the workspace's registered packs, one per
// line, for the completion scripts. Quiet and quick: it reads grex.jsonl only, and prints
// nothing where there is no workspace.
int Application::complete(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.addOption(QCommandLineOption(u"manifest"_s, QString(), u"PATH"_s));
    QStringList toParse = arguments;
    toParse.prepend(u"grex"_s);
    if (!parser.parse(toParse) || parser.positionalArguments() != QStringList{u"packs"_s})
        return exitCode(ErrorKind::Usage);
    configureLogging(0, true, QString());
    Result<Workspace> workspace =
        Workspace::discover(parser.value(u"manifest"_s), m_env.currentDir, m_env.grexWorkspace);
    if (!workspace)
        return ExitSuccess;
    Result<LogReadResult> log = workspace->intentLog().read();
    if (!log)
        return ExitSuccess;
    for (const PackState &pack : packsInIdOrder(fold(log->events).packs))
        m_output.out() << pack.id << u'\n';
    return ExitSuccess;
}

// grex __man DIR [--date YYYY-MM-DD] [--lang LANG]: the build writes the manual pages with it.
int Application::writeManual(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.addOption(QCommandLineOption(u"date"_s, QString(), u"DATE"_s));
    parser.addOption(QCommandLineOption(u"lang"_s, QString(), u"LANG"_s));
    QStringList toParse = arguments;
    toParse.prepend(u"grex"_s);
    if (!parser.parse(toParse) || parser.positionalArguments().size() != 1) {
        return fail(m_output, u"__man"_s,
                    usage(u"invalid_argument"_s,
                          u"usage: grex __man DIR [--date YYYY-MM-DD] [--lang LANG]"_s));
    }
    if (parser.isSet(u"lang"_s))
        installTranslators(parser.value(u"lang"_s));
    ManInfo info;
    info.version = QStringLiteral(GREX_VERSION);
    info.date = parser.isSet(u"date"_s) ? parser.value(u"date"_s)
                                        : QDate::currentDate().toString(Qt::ISODate);
    const QString dir = QDir(m_env.currentDir).absoluteFilePath(parser.positionalArguments().at(0));
    const QString problem = writeManPages(dir, info);
    if (!problem.isEmpty())
        return fail(m_output, u"__man"_s,
                    Error(ErrorKind::Internal, u"io"_s, Message("%1", {problem})));
    return ExitSuccess;
}

int Application::serve(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsCompactedShortOptions);
    const CliCommand command = serveCommand();
    addParserOptions(parser, command.options);
    QStringList toParse = arguments;
    toParse.prepend(u"grex"_s);
    if (!parser.parse(toParse)) {
        return fail(m_output, u"serve"_s,
                    usage(u"invalid_option"_s, Tr::tr("grex serve: %1").arg(parser.errorText())));
    }
    if (parser.isSet(u"help"_s)) {
        m_output.out() << commandHelp(command);
        return ExitSuccess;
    }
    if (!parser.positionalArguments().isEmpty()) {
        return fail(
            m_output, u"serve"_s,
            usage(u"too_many_arguments"_s, Tr::tr("grex serve: unexpected argument '%1'")
                                               .arg(parser.positionalArguments().constFirst())));
    }
    configureLogging(int(parser.optionNames().count(u"v"_s)), parser.isSet(u"quiet"_s),
                     m_env.grexLog);

    Mcp::ServerConfig config;
    const Result<Width> width = resolveWidth(parser);
    if (!width)
        return fail(m_output, u"serve"_s, width.error());
    config.width = *width;
    config.toolCalls = width->localThreads();
    config.approveDestructive = parser.isSet(u"approve-destructive"_s);
    const Result<QStringList> tools = servedTools(parser);
    if (!tools)
        return fail(m_output, u"serve"_s, tools.error());
    config.tools = *tools;
    config.cancelReplies = parser.isSet(u"cancel-replies"_s);
    for (const auto &[option, ms] : {std::pair{u"drain-timeout"_s, &config.drainTimeoutMs},
                                     std::pair{u"approval-wait"_s, &config.approvalWaitMs}}) {
        if (!parser.isSet(option))
            continue;
        bool ok = false;
        const double seconds = parser.value(option).toDouble(&ok);
        if (!ok || seconds < 0 || seconds > 86400) {
            return fail(m_output, u"serve"_s,
                        usage(u"invalid_argument"_s,
                              Tr::tr("--%1 must be a number of seconds from 0 to 86400, not '%2'")
                                  .arg(option, parser.value(option))));
        }
        *ms = int(seconds * 1000);
    }
    QString root = m_env.currentDir;
    if (parser.isSet(u"workspace"_s)) {
        root = QDir(m_env.currentDir).absoluteFilePath(parser.value(u"workspace"_s));
        if (!QFileInfo(root).isDir()) {
            return fail(m_output, u"serve"_s,
                        usage(u"invalid_workspace"_s,
                              Tr::tr("--workspace %1 is not a directory").arg(root)));
        }
    }
    // --workspace names it; without, the server serves the workspace it is started in.
    Result<Workspace> workspace =
        parser.isSet(u"workspace"_s)
            ? Workspace::locate(parser.value(u"manifest"_s), root)
            : Workspace::discover(parser.value(u"manifest"_s), root, m_env.grexWorkspace);
    if (!workspace)
        return fail(m_output, u"serve"_s, workspace.error());
    config.workspace = *workspace;
    // Over 10 000 calls (bench/soak) the server's RSS crept up by 5 to 7 % after the first 1 000,
    // with no leak: its short-lived threads each kept an arena of fragmented pages.
    shareArenas(2);
    if (parser.isSet(u"http"_s)) {
        Result<Mcp::HttpConfig> http = httpConfig(parser, m_env);
        if (!http)
            return fail(m_output, u"serve"_s, http.error());
        qCInfo(lcCore, "serving %s over MCP on streamable HTTP", qUtf8Printable(workspace->root()));
        return Mcp::runHttpServer(std::move(config), *http, m_stop);
    }
    for (const QString &httpOnly : {u"token"_s, u"allow-origin"_s, u"session-idle"_s}) {
        if (parser.isSet(httpOnly)) {
            return fail(
                m_output, u"serve"_s,
                usage(u"invalid_option"_s, Tr::tr("grex serve: --%1 needs --http").arg(httpOnly)));
        }
    }
    config.controlTransport = u"stdio"_s; // a grex-gui window on this workspace sees the calls
    qCInfo(lcCore, "serving %s over MCP on stdio", qUtf8Printable(workspace->root()));
    return Mcp::runStdioServer(std::move(config), m_stop);
}

} // namespace Grex::Cli
