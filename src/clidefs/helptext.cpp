#include "clidefs/helptext.h"

#include "clidefs/clidefs.h"
#include "clidefs/clitr.h"
#include "core/verbs/verbregistry.h"

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
        // The description fills the rest of an 80-column line, then goes on under itself.
        const QString wrapped = wrapText(right, 79, int(width) + 4);
        text += wrapped.isEmpty() ? u"\n"_s : wrapped.mid(width + 4);
    }
    return text;
}

QList<std::pair<QString, QString>> optionRows(const QList<CliOption> &options)
{
    QList<std::pair<QString, QString>> rows;
    for (const CliOption &option : options) {
        QString left = option.names();
        if (option.takesValue())
            left += u' ' + option.valueName;
        rows.append({left, option.help});
    }
    return rows;
}

QString universalSection(bool withVersion = false)
{
    QList<std::pair<QString, QString>> rows = optionRows(universalOptions());
    if (withVersion)
        rows.append({u"-V, --version"_s, Tr::tr("Show the version.")});
    return formatRows(rows);
}

} // namespace

QString wrapText(const QString &text, int width, int indent)
{
    QString out;
    const QStringList paragraphs = text.split(u"\n\n"_s);
    for (qsizetype p = 0; p < paragraphs.size(); ++p) {
        if (p > 0)
            out += u'\n';
        QString line;
        for (const QString &word : paragraphs.at(p).simplified().split(u' ', Qt::SkipEmptyParts)) {
            if (!line.isEmpty() && indent + line.size() + 1 + word.size() > width) {
                out += QString(indent, u' ') + line + u'\n';
                line.clear();
            }
            line += (line.isEmpty() ? QString() : u" "_s) + word;
        }
        if (!line.isEmpty())
            out += QString(indent, u' ') + line + u'\n';
    }
    return out;
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
    for (const CliCommand &command : grexCommands())
        verbs.append({command.name, command.summary});
    text += formatRows(verbs);
    text += u'\n' + Tr::tr("Options of every verb:") + u'\n' + universalSection(true);
    text += u'\n' +
            Tr::tr("Run 'grex help <verb>' or 'grex <verb> --help' for the arguments of one "
                   "verb.") +
            u'\n';
    return text;
}

QString commandHelp(const CliCommand &command)
{
    const QStringList usage = command.usageLines();
    QString text =
        Tr::tr("Usage: %1").arg(usage.join(u"\n       "_s)) + u"\n\n"_s + command.summary + u'\n';
    if (!command.description.isEmpty())
        text += u'\n' + wrapText(command.description, 78, 0);
    if (command.destructive)
        text += u'\n' + wrapText(command.approvalNote(), 78, 0);
    QList<std::pair<QString, QString>> arguments;
    for (const CliArgument &argument : command.arguments) {
        arguments.append({argument.valueName, argument.help});
        for (qsizetype i = 0; i < argument.choiceHelp.size(); ++i)
            arguments.append({u"  "_s + argument.choices.at(i), argument.choiceHelp.at(i)});
    }
    if (!arguments.isEmpty())
        text += u'\n' + Tr::tr("Arguments:") + u'\n' + formatRows(arguments);
    if (!command.options.isEmpty())
        text += u'\n' + Tr::tr("Options:") + u'\n' + formatRows(optionRows(command.options));
    if (command.universal)
        text += u'\n' + Tr::tr("Options of every verb:") + u'\n' + universalSection();
    if (!command.examples.isEmpty()) {
        text += u'\n' + Tr::tr("Examples:") + u'\n';
        for (const CliExample &example : command.examples)
            text += u"  "_s + example.command + u'\n' + wrapText(example.text, 78, 6);
    }
    return text;
}

QString verbHelp(const VerbSpec &verb)
{
    return commandHelp(verbCommand(verb));
}

} // namespace Grex::Cli
