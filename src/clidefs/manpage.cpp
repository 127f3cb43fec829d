#include "clidefs/manpage.h"

#include "clidefs/clidefs.h"
#include "clidefs/clitr.h"
#include "core/errorkind.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Grex::Cli {

namespace {

// Text as roff reads it: backslashes escaped, a line starting with a control character
// protected, and every hyphen a hyphen-minus (\-) so that options and commands copied from the
// page work.
QString roff(const QString &text)
{
    QString out;
    out.reserve(text.size() + 8);
    for (const QChar c : text) {
        if (c == u'\\')
            out += u"\\e"_s;
        else if (c == u'-')
            out += u"\\-"_s;
        else
            out += c;
    }
    if (out.startsWith(u'.') || out.startsWith(u'\''))
        out.prepend(u"\\&"_s);
    return out;
}

// Prose: paragraphs (separated by "\n\n") as .PP blocks of single lines; a line may not start
// with a control character.
QString paragraphs(const QString &text)
{
    QString out;
    const QStringList parts = text.split(u"\n\n"_s, Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < parts.size(); ++i) {
        if (i > 0)
            out += u".PP\n"_s;
        out += roff(parts.at(i).simplified()) + u'\n';
    }
    return out;
}

QString bold(const QString &text)
{
    return u"\\fB"_s + roff(text) + u"\\fR"_s;
}

QString italic(const QString &text)
{
    return u"\\fI"_s + roff(text) + u"\\fR"_s;
}

QString optionHeading(const CliOption &option)
{
    QStringList names;
    if (option.longName.isEmpty() && option.repeatable) {
        const QString once = u"-"_s + option.shortName;
        names = {once, once + option.shortName, once + option.shortName + option.shortName};
    } else {
        if (!option.shortName.isNull())
            names.append(u"-"_s + option.shortName);
        if (!option.longName.isEmpty())
            names.append(u"--"_s + option.longName);
    }
    QString heading;
    for (const QString &name : std::as_const(names)) {
        if (!heading.isEmpty())
            heading += u", "_s;
        heading += bold(name);
    }
    if (option.takesValue())
        heading += u' ' + italic(option.valueName);
    return heading;
}

QString optionList(const QList<CliOption> &options)
{
    QString out;
    for (const CliOption &option : options) {
        out += u".TP\n"_s + optionHeading(option) + u'\n' + roff(option.help);
        if (!option.choices.isEmpty())
            out += u' ' + roff(Tr::tr("One of: %1.").arg(option.choices.join(u", "_s)));
        out += u'\n';
    }
    return out;
}

// The synopsis: the command and literal words in bold, placeholders in italics, brackets and
// punctuation as they are.
QString synopsis(const CliCommand &command)
{
    static const QRegularExpression parts(u"^([\\[<(|]*)(.*?)([\\]>)|]*)$"_s);
    QString out;
    for (const QString &line : command.usageLines()) {
        const QString head = command.commandLine();
        out += u".B "_s + roff(head) + u'\n';
        QString words;
        for (const QString &word : line.mid(head.size()).split(u' ', Qt::SkipEmptyParts)) {
            const QRegularExpressionMatch m = parts.match(word);
            QString inner = m.captured(2);
            QString tail = m.captured(3);
            if (inner.endsWith(u"..."_s)) {
                inner.chop(3);
                tail.prepend(u"..."_s);
            }
            const bool placeholder =
                inner == u"options" || inner == u"arguments" ||
                (!inner.isEmpty() && inner == inner.toUpper() && !inner.startsWith(u'-'));
            if (!words.isEmpty())
                words += u' ';
            words += roff(m.captured(1)) +
                     (inner.isEmpty() ? QString()
                      : placeholder   ? italic(inner)
                                      : bold(inner)) +
                     roff(tail);
        }
        if (!words.isEmpty())
            out += words + u'\n';
        out += u".br\n"_s;
    }
    return out;
}

QString seeAlso(const CliCommand &command)
{
    const QString page = command.pageName();
    QStringList pages;
    if (page == u"grex") {
        for (const CliCommand &other : grexCommands())
            pages.append(other.pageName());
        pages.append(u"grex-gui"_s);
    } else {
        pages.append(u"grex"_s);
        if (page != u"grex-gui")
            pages.append(u"grex-gui"_s);
    }
    QString out;
    for (qsizetype i = 0; i < pages.size(); ++i) {
        // Every reference but the last ends with a comma.
        out += u".BR "_s + roff(pages.at(i)) + (i + 1 < pages.size() ? u" (1),\n"_s : u" (1)\n"_s);
    }
    return out;
}

} // namespace

QString manPage(const CliCommand &command, const ManInfo &info)
{
    const QString page = command.pageName();
    QString out;
    out += u"'\\\" -*- coding: utf-8 -*-\n"_s;
    out += u".\\\" Made by grex from its command definitions (src/clidefs/clidefs.cpp); do "
           u"not edit.\n"_s;
    out += u".TH "_s + roff(page.toUpper()) + u" 1 "_s + info.date + u" \"grex "_s + info.version +
           u"\" \""_s + Tr::tr("grex manual") + u"\"\n"_s;
    QString summary = command.summary;
    if (summary.endsWith(u'.'))
        summary.chop(1);
    out += u".SH "_s + Tr::tr("NAME") + u'\n' + roff(page) + u" \\- "_s + roff(summary) + u'\n';
    out += u".SH "_s + Tr::tr("SYNOPSIS") + u'\n' + synopsis(command);
    if (!command.description.isEmpty() || command.destructive) {
        out += u".SH "_s + Tr::tr("DESCRIPTION") + u'\n';
        out += paragraphs(command.description);
        if (command.destructive) {
            out += u".PP\n"_s + roff(command.approvalNote()) + u'\n';
        }
    }
    if (page == u"grex") {
        out += u".SH "_s + Tr::tr("VERBS") + u'\n';
        for (const CliCommand &verb : grexCommands()) {
            out += u".TP\n"_s + bold(verb.name) + u'\n' + roff(verb.summary) + u' ' +
                   roff(Tr::tr("See %1(1).").arg(verb.pageName())) + u'\n';
        }
    }
    if (!command.arguments.isEmpty()) {
        out += u".SH "_s + Tr::tr("ARGUMENTS") + u'\n';
        for (const CliArgument &argument : command.arguments) {
            out += u".TP\n"_s + italic(argument.valueName) + u'\n' + roff(argument.help);
            if (!argument.choices.isEmpty() && !argument.help.contains(argument.choices.first()))
                out += u' ' + roff(Tr::tr("One of: %1.").arg(argument.choices.join(u", "_s)));
            out += u'\n';
            if (!argument.choiceHelp.isEmpty()) {
                out += u".RS\n"_s;
                for (qsizetype i = 0; i < argument.choiceHelp.size(); ++i) {
                    out += u".TP\n"_s + bold(argument.choices.at(i)) + u'\n' +
                           roff(argument.choiceHelp.at(i)) + u'\n';
                }
                out += u".RE\n"_s;
            }
        }
    }
    if (!command.options.isEmpty()) {
        out += u".SH "_s + Tr::tr("OPTIONS") + u'\n' + optionList(command.options);
    }
    if (command.universal) {
        out += u".SH "_s + Tr::tr("OPTIONS OF EVERY VERB") + u'\n' + optionList(universalOptions());
    }
    if (!command.examples.isEmpty()) {
        out += u".SH "_s + Tr::tr("EXAMPLES") + u'\n';
        for (const CliExample &example : command.examples) {
            out += u".PP\n.nf\n.RS 4\n"_s + roff(example.command) + u"\n.RE\n.fi\n"_s +
                   roff(example.text) + u'\n';
        }
    }
    if (command.program == u"grex") {
        out += u".SH "_s + Tr::tr("EXIT STATUS") + u'\n';
        out += u".TP\n.B 0\n"_s + roff(Tr::tr("success")) + u'\n';
        for (const ErrorKind kind : allErrorKinds()) {
            out += u".TP\n.B "_s + QString::number(exitCode(kind)) + u'\n' +
                   roff(exitMeaning(kind)) + u'\n';
        }
        out += u".SH "_s + Tr::tr("ENVIRONMENT") + u'\n';
        for (const EnvironmentVariable &variable : environmentVariables())
            out += u".TP\n"_s + bold(variable.name) + u'\n' + roff(variable.help) + u'\n';
    }
    if (page == u"grex") {
        out += u".SH "_s + Tr::tr("FILES") + u'\n';
        for (const FileEntry &file : workspaceFiles())
            out += u".TP\n"_s + italic(file.path) + u'\n' + roff(file.help) + u'\n';
    }
    out += u".SH "_s + Tr::tr("SEE ALSO") + u'\n' + seeAlso(command);
    return out;
}

QString writeManPages(const QString &dir, const ManInfo &info)
{
    if (!QDir().mkpath(dir))
        return Tr::tr("cannot create %1").arg(dir);
    QList<CliCommand> commands = grexCommands();
    commands.prepend(overviewCommand());
    commands.append(guiCommand());
    for (const CliCommand &command : std::as_const(commands)) {
        QFile file(QDir(dir).filePath(command.pageName() + u".1"_s));
        const QByteArray text = manPage(command, info).toUtf8();
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            file.write(text) != text.size())
            return Tr::tr("cannot write %1: %2").arg(file.fileName(), file.errorString());
    }
    return {};
}

} // namespace Grex::Cli
