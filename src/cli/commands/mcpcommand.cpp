#include "cli/commands/mcpcommand.h"

#include "cli/application.h"
#include "mcp/client.h"
#include "clidefs/clidefs.h"
#include "clidefs/clitr.h"
#include "clidefs/helptext.h"
#include "core/errorkind.h"
#include "cli/output.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Grex::Cli {

namespace {

QJsonValue argumentValue(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(u"[%1]"_s.arg(text).toUtf8(), &error);
    if (error.error == QJsonParseError::NoError && document.array().size() == 1)
        return document.array().at(0);
    return text;
}

QString capabilityList(const QJsonObject &capabilities)
{
    QStringList parts;
    for (auto it = capabilities.begin(); it != capabilities.end(); ++it) {
        QStringList flags;
        const QJsonObject inner = it.value().toObject();
        for (auto f = inner.begin(); f != inner.end(); ++f) {
            // A flag that is set, or an entry such as an extension's settings object.
            if (f.value().toBool() || f.value().isObject())
                flags.append(f.key());
        }
        parts.append(flags.isEmpty() ? it.key()
                                     : u"%1 (%2)"_s.arg(it.key(), flags.join(u", "_s)));
    }
    return parts.isEmpty() ? Tr::tr("none") : parts.join(u", "_s);
}

int printStatus(Output &output, const QJsonObject &init, const QJsonArray &tools)
{
    if (output.mode() == Output::Mode::Json) {
        QJsonObject document = init;
        document.insert(u"tools"_s, tools);
        output.out() << QString::fromUtf8(QJsonDocument(document).toJson(QJsonDocument::Compact))
                     << u'\n';
        return 0;
    }
    const QJsonObject info = init.value(u"serverInfo"_s).toObject();
    QString name = info.value(u"name"_s).toString() + u' ' + info.value(u"version"_s).toString();
    if (!info.value(u"title"_s).toString().isEmpty())
        name += u" (%1)"_s.arg(info.value(u"title"_s).toString());
    QTextStream &out = output.out();
    out << Tr::tr("Server:       %1").arg(name) << u'\n';
    out << Tr::tr("Protocol:     %1").arg(init.value(u"protocolVersion"_s).toString()) << u'\n';
    out << Tr::tr("Capabilities: %1").arg(capabilityList(init.value(u"capabilities"_s).toObject()))
        << u'\n';
    const QString instructions = init.value(u"instructions"_s).toString();
    if (!instructions.isEmpty())
        out << Tr::tr("Instructions: %1").arg(instructions) << u'\n';
    out << u'\n' << Tr::tr("Tools (%1):").arg(tools.size()) << u'\n';
    for (const QJsonValue &v : tools) {
        const QJsonObject tool = v.toObject();
        QString title = tool.value(u"title"_s).toString();
        if (title.isEmpty())
            title = tool.value(u"annotations"_s).toObject().value(u"title"_s).toString();
        out << u"  "_s << output.style(tool.value(u"name"_s).toString(), Output::Style::Bold);
        if (!title.isEmpty())
            out << u" — "_s << title;
        out << u'\n';
        const QString description = tool.value(u"description"_s).toString().simplified();
        if (!description.isEmpty())
            out << u"      "_s << description << u'\n';
    }
    return 0;
}

int printCall(Output &output, const QJsonObject &result)
{
    const bool isError = result.value(u"isError"_s).toBool();
    QString text;
    for (const QJsonValue &v : result.value(u"content"_s).toArray()) {
        const QJsonObject item = v.toObject();
        if (item.value(u"type"_s).toString() == u"text")
            text += item.value(u"text"_s).toString();
    }
    int code = 0;
    if (isError) {
        // grex's tool errors carry {code, message, data: {kind}}; others just text.
        const QJsonObject body = QJsonDocument::fromJson(text.toUtf8()).object();
        const std::optional<ErrorKind> kind =
            errorKindFromWireName(body.value(u"data"_s).toObject().value(u"kind"_s).toString());
        code = kind ? exitCode(*kind) : 1;
    }
    if (output.mode() == Output::Mode::Json) {
        output.out() << QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact))
                     << u'\n';
        return code;
    }
    if (isError) {
        output.err() << Tr::tr("the tool failed: %1").arg(text) << u'\n';
        return code;
    }
    if (result.value(u"structuredContent"_s).isObject()) {
        output.out() << QString::fromUtf8(
            QJsonDocument(result.value(u"structuredContent"_s).toObject())
                .toJson(QJsonDocument::Indented));
        return 0;
    }
    const QJsonDocument asJson = QJsonDocument::fromJson(text.toUtf8());
    output.out() << (asJson.isNull() ? text + u'\n'
                                     : QString::fromUtf8(asJson.toJson(QJsonDocument::Indented)));
    return 0;
}

} // namespace

int runMcpCommand(Output &output, const Environment &env, const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const CliCommand command = mcpCommand();
    addParserOptions(parser, command.options);
    QStringList toParse = arguments;
    toParse.prepend(u"grex"_s);
    if (!parser.parse(toParse))
        return fail(output, u"mcp"_s, usage(u"invalid_option"_s,
                                         Tr::tr("grex mcp: %1").arg(parser.errorText())));
    if (parser.isSet(u"json"_s))
        output.setMode(Output::Mode::Json);
    else if (parser.isSet(u"plain"_s))
        output.setMode(Output::Mode::Plain);
    QStringList positional = parser.positionalArguments();
    if (parser.isSet(u"help"_s)) {
        output.out() << commandHelp(command);
        return 0;
    }
    if (positional.isEmpty()) {
        output.err() << commandHelp(command);
        return exitCode(ErrorKind::Usage);
    }
    const QString action = positional.takeFirst();
    if (action != u"status" && action != u"call") {
        return fail(output, u"mcp"_s, usage(u"unknown_command"_s,
                                         Tr::tr("grex mcp: unknown command '%1'; the commands "
                                                "are status and call")
                                             .arg(action)));
    }
    QString tool;
    if (action == u"call") {
        if (positional.isEmpty()) {
            return fail(output, u"mcp"_s, usage(u"missing_argument"_s,
                                             Tr::tr("grex mcp call: name the tool to call")));
        }
        tool = positional.takeFirst();
    }

    Mcp::ClientTarget target;
    if (parser.isSet(u"url"_s)) {
        target.url = QUrl(parser.value(u"url"_s));
        if (!target.url.isValid() ||
            (target.url.scheme() != u"http" && target.url.scheme() != u"https")) {
            return fail(output, u"mcp"_s, usage(u"invalid_argument"_s,
                                             Tr::tr("--url wants an http:// or https:// URL, "
                                                    "not '%1'")
                                                 .arg(parser.value(u"url"_s))));
        }
        if (!positional.isEmpty()) {
            return fail(output, u"mcp"_s, usage(u"too_many_arguments"_s,
                                             Tr::tr("grex mcp: give --url or a command after "
                                                    "--, not both")));
        }
        target.token = parser.isSet(u"token"_s) ? parser.value(u"token"_s).toUtf8()
                                                 : env.mcpToken.toUtf8();
    } else if (positional.isEmpty()) {
        return fail(output, u"mcp"_s, usage(u"missing_argument"_s,
                                         Tr::tr("grex mcp %1: give --url URL, or the server "
                                                "command after --")
                                             .arg(action)));
    } else {
        if (parser.isSet(u"token"_s)) {
            return fail(output, u"mcp"_s, usage(u"invalid_option"_s,
                                             Tr::tr("--token is for --url; a command after -- "
                                                    "takes its own credentials")));
        }
        target.command = positional;
    }
    if (action == u"status" && (parser.isSet(u"arg"_s) || parser.isSet(u"args"_s))) {
        return fail(output, u"mcp"_s, usage(u"invalid_option"_s,
                                         Tr::tr("--arg and --args are for grex mcp call")));
    }
    if (parser.isSet(u"timeout"_s)) {
        bool ok = false;
        const double seconds = parser.value(u"timeout"_s).toDouble(&ok);
        if (!ok || seconds <= 0 || seconds > 86400) {
            return fail(output, u"mcp"_s, usage(u"invalid_argument"_s,
                                             Tr::tr("--timeout wants a number of seconds "
                                                    "above 0 and up to 86400, not '%1'")
                                                 .arg(parser.value(u"timeout"_s))));
        }
        target.timeoutMs = int(seconds * 1000);
    }
    target.protocol = parser.value(u"protocol"_s);
    QJsonObject toolArguments;
    if (parser.isSet(u"args"_s)) {
        const QJsonDocument document = QJsonDocument::fromJson(parser.value(u"args"_s).toUtf8());
        if (!document.isObject()) {
            return fail(output, u"mcp"_s, usage(u"invalid_argument"_s,
                                             Tr::tr("--args wants a JSON object, not '%1'")
                                                 .arg(parser.value(u"args"_s))));
        }
        toolArguments = document.object();
    }
    for (const QString &pair : parser.values(u"arg"_s)) {
        const qsizetype equals = pair.indexOf(u'=');
        if (equals <= 0) {
            return fail(output, u"mcp"_s, usage(u"invalid_argument"_s,
                                             Tr::tr("--arg wants KEY=VALUE, not '%1'").arg(pair)));
        }
        toolArguments.insert(pair.left(equals), argumentValue(pair.mid(equals + 1)));
    }

    Mcp::Client client(target);
    Result<QJsonObject> init = client.connect(u"grex-mcp"_s, QStringLiteral(GREX_VERSION));
    if (!init)
        return fail(output, u"mcp"_s, init.error());
    if (action == u"status") {
        Result<QJsonObject> tools = client.request(u"tools/list"_s);
        if (!tools)
            return fail(output, u"mcp"_s, tools.error());
        return printStatus(output, *init, tools->value(u"tools"_s).toArray());
    }
    Result<QJsonObject> result = client.request(
        u"tools/call"_s, {{u"name"_s, tool}, {u"arguments"_s, toolArguments}});
    if (!result)
        return fail(output, u"mcp"_s, result.error());
    return printCall(output, *result);
}

} // namespace Grex::Cli
