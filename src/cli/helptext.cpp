#include "helptext.h"

#include "clitr.h"
#include "verbs/verbregistry.h"

using namespace Qt::StringLiterals;

namespace Grex::Cli {

namespace {

QString formatRows(const QList<std::pair<QString, QString>> &rows)
{
    qsizetype width = 0;
    for (const auto &[left, right] : rows)
        width = qMax(width, left.size());
    width = qMin<qsizetype>(width, 28);
    QString text;
    for (const auto &[left, right] : rows) {
        text += u"  "_s + left;
        if (left.size() > width)
            text += u'\n' + QString(width + 4, u' ');
        else
            text += QString(width - left.size() + 2, u' ');
        text += right + u'\n';
    }
    return text;
}

QString universalSection(bool withVersion = false)
{
    QList<std::pair<QString, QString>> rows;
    for (const UniversalOption &option : universalOptions()) {
        QString left = option.names;
        if (!option.valueName.isEmpty())
            left += u' ' + option.valueName;
        rows.append({left, option.help});
    }
    if (withVersion)
        rows.append({u"-V, --version"_s, Tr::tr("Show the version.")});
    return formatRows(rows);
}

} // namespace

QList<UniversalOption> universalOptions()
{
    return {
        {u"--json"_s, {}, Tr::tr("Print the result as one JSON document.")},
        {u"--plain"_s, {}, Tr::tr("No colour and no Unicode decoration.")},
        {u"--dry-run"_s, {}, Tr::tr("Show what would happen without changing anything.")},
        {u"--parallel"_s, u"N"_s,
         Tr::tr("Work on up to N packs at once (0: no limit; default: GREX_PARALLEL or the "
                "number of CPUs).")},
        {u"--filter"_s, u"EXPR"_s,
         Tr::tr("Only packs matching EXPR, for verbs that select packs.")},
        {u"--manifest"_s, u"PATH"_s, Tr::tr("The workspace's grex.jsonl (default: ./grex.jsonl).")},
        {u"-v, -vv, -vvv"_s, {}, Tr::tr("More log output on stderr (GREX_LOG overrides).")},
        {u"-q, --quiet"_s, {}, Tr::tr("Only warnings and errors on stderr.")},
        {u"-y, --yes"_s, {}, Tr::tr("Approve destructive verbs without asking.")},
        {u"-h, --help"_s, {}, Tr::tr("Show help.")},
    };
}

QString versionText()
{
    return u"grex "_s + QStringLiteral(GREX_VERSION);
}

QString generalHelp()
{
    QString text = Tr::tr("Usage: grex [options] <verb> [arguments]") + u"\n\n"_s +
                   Tr::tr("grex manages a workspace of git repositories (packs) as one graph.") +
                   u"\n\n"_s + Tr::tr("Verbs:") + u'\n';
    QList<std::pair<QString, QString>> verbs;
    for (const VerbSpec &verb : verbRegistry())
        verbs.append({verb.name, QCoreApplication::translate("Grex", verb.summary)});
    verbs.append({u"serve"_s,
                  Tr::tr("Serve the workspace to AI agents over MCP (stdio, or HTTP with --http).")});
    verbs.append({u"mcp"_s, Tr::tr("Check an MCP server: 'grex mcp status', 'grex mcp call TOOL'.")});
    text += formatRows(verbs);
    text += u'\n' + Tr::tr("Options of every verb:") + u'\n' + universalSection(true);
    text += u'\n' + Tr::tr("Run 'grex <verb> --help' for the arguments of one verb.") + u'\n';
    return text;
}

QString verbHelp(const VerbSpec &verb)
{
    QString usage = u"grex "_s + verb.name + u" [options]"_s;
    QList<std::pair<QString, QString>> arguments;
    QList<std::pair<QString, QString>> options;
    for (const ParamSpec &p : verb.params) {
        const QString help = QCoreApplication::translate("Grex", p.help);
        if (p.positional) {
            usage += p.required ? u" <"_s + p.valueName + u'>' : u" ["_s + p.valueName + u']';
            arguments.append({p.valueName, help});
        } else if (!p.universal) {
            QString left = u"--"_s + p.cliName();
            if (!p.shortName.isNull())
                left = u'-' + p.shortName + u", "_s + left;
            if (p.type != ParamType::Boolean)
                left += u' ' + p.valueName;
            options.append({left, help});
        }
    }
    QString text = Tr::tr("Usage: %1").arg(usage) + u"\n\n"_s +
                   QCoreApplication::translate("Grex", verb.summary) + u'\n';
    if (verb.destructive)
        text += Tr::tr("Destructive: asks for confirmation on a terminal; pass --yes otherwise.") +
                u'\n';
    if (!arguments.isEmpty())
        text += u'\n' + Tr::tr("Arguments:") + u'\n' + formatRows(arguments);
    if (!options.isEmpty())
        text += u'\n' + Tr::tr("Options:") + u'\n' + formatRows(options);
    text += u'\n' + Tr::tr("Options of every verb:") + u'\n' + universalSection();
    return text;
}

QString serveHelp()
{
    const QList<std::pair<QString, QString>> options{
        {u"--workspace DIR"_s, Tr::tr("The workspace to serve (default: the current directory). "
                                      "No tool can leave it.")},
        {u"--manifest PATH"_s, Tr::tr("The workspace's grex.jsonl, as for every verb.")},
        {u"--parallel N"_s, Tr::tr("Tool calls that run at once, and the default width of "
                                   "each (default: the number of cores).")},
        {u"--approve-destructive"_s,
         Tr::tr("Run rm, run and exec without asking when no window or client can be asked.")},
        {u"--drain-timeout SECONDS"_s,
         Tr::tr("How long a shutdown request lets calls finish (default: 30).")},
        {u"--cancel-replies"_s,
         Tr::tr("Answer a cancelled call with error -32800 instead of not at all.")},
        {u"--http [ADDR:]PORT"_s,
         Tr::tr("Serve streamable HTTP at http://ADDR:PORT/mcp instead of stdio (ADDR defaults "
                "to 127.0.0.1; port 0 picks a free one, which is logged).")},
        {u"--token TOKEN"_s,
         Tr::tr("With --http: require Authorization: Bearer TOKEN (default: GREX_MCP_TOKEN). "
                "Needed to listen beyond loopback.")},
        {u"--allow-origin ORIGIN"_s,
         Tr::tr("With --http: also accept requests from this browser Origin (loopback origins "
                "are always accepted).")},
        {u"--session-idle SECONDS"_s,
         Tr::tr("With --http: end a session after this long without a request (default: 1800).")},
        {u"-v, -vv"_s, Tr::tr("More log output on stderr (GREX_LOG overrides).")},
        {u"-h, --help"_s, Tr::tr("Show help.")},
    };
    return Tr::tr("Usage: grex serve [options]") + u"\n\n"_s +
           Tr::tr("Serves the workspace as an MCP server (protocol %1) on stdin and stdout: one "
                  "JSON-RPC message per line; or, with --http, over streamable HTTP at /mcp. Logs "
                  "go to stderr. Every verb but serve is a tool. docs/mcp-clients.md shows how "
                  "to connect clients.")
               .arg(u"2025-06-18"_s) +
           u"\n\n"_s + Tr::tr("Options:") + u'\n' + formatRows(options);
}

} // namespace Grex::Cli
