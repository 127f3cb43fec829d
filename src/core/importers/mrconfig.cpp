#include "core/importers/importcontext.h"

#include "core/naming.h"
#include "core/pack/manifestreader.h"
#include "core/verbs/import.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QXmlStreamReader>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <sstream>

using namespace Qt::StringLiterals;

namespace Grex::Importers {

namespace {

struct ShellCommand
{
    QStringList words;
    QList<bool> expands; // per word: it holds a $ or ` the shell would expand
};

// Splits a shell script into simple commands at newlines, ';', '&', '|' and parentheses, with
// '...' and "..." quoting, backslash escapes and # comments. Enough to find `git clone` and what
// follows it, not a shell.
QList<ShellCommand> splitShell(const QString &script)
{
    QList<ShellCommand> commands;
    ShellCommand current;
    QString word;
    bool inWord = false;
    bool expands = false;
    const auto endWord = [&] {
        if (inWord) {
            current.words.append(word);
            current.expands.append(expands);
        }
        word.clear();
        inWord = false;
        expands = false;
    };
    const auto endCommand = [&] {
        endWord();
        if (!current.words.isEmpty())
            commands.append(current);
        current = ShellCommand();
    };
    for (qsizetype i = 0; i < script.size(); ++i) {
        const QChar c = script.at(i);
        if (c == u'\\') {
            if (i + 1 < script.size() && script.at(i + 1) != u'\n') {
                word += script.at(i + 1);
                inWord = true;
            }
            ++i;
        } else if (c == u'\'') {
            qsizetype close = script.indexOf(u'\'', i + 1);
            if (close < 0)
                close = script.size();
            word += script.mid(i + 1, close - i - 1);
            inWord = true;
            i = close;
        } else if (c == u'"') {
            for (++i; i < script.size() && script.at(i) != u'"'; ++i) {
                const QChar d = script.at(i);
                if (d == u'\\' && i + 1 < script.size() &&
                    QStringView(u"\"\\$`\n").contains(script.at(i + 1))) {
                    if (script.at(i + 1) != u'\n')
                        word += script.at(i + 1);
                    ++i;
                    continue;
                }
                if (d == u'$' || d == u'`')
                    expands = true;
                word += d;
            }
            inWord = true;
        } else if (c == u'#' && !inWord) {
            const qsizetype newline = script.indexOf(u'\n', i);
            i = (newline < 0 ? script.size() : newline) - 1;
        } else if (c == u' ' || c == u'\t') {
            endWord();
        } else if (QStringView(u"\n;&|()").contains(c)) {
            endCommand();
        } else {
            if (c == u'$' || c == u'`')
                expands = true;
            word += c;
            inWord = true;
        }
    }
    endCommand();
    return commands;
}

QString commandText(const ShellCommand &command)
{
    return command.words.join(u' ');
}

// git clone's options that take the next word as their value.
bool takesValue(const QString &option)
{
    static const QStringList options =
        u"-o --origin -c --config -u --upload-pack --reference --reference-if-able --template "
        u"--separate-git-dir -j --jobs --filter --shallow-since --shallow-exclude "
        u"--server-option --bundle-uri --ref-format --revision"_s.split(u' ');
    return options.contains(option);
}

// What an mr checkout command gives: `git clone [options] URL [dir]`, and any other command is
// reported. mr runs the checkout in the parent folder of the repository, so a relative local URL
// starts there.
void readCheckout(const Context &ctx, const QString &script, ImportEntry &entry)
{
    const QList<ShellCommand> commands = splitShell(script);
    if (commands.isEmpty()) {
        entry.notCarried.append(u"an empty checkout command"_s);
        return;
    }
    const ShellCommand &clone = commands.constFirst();
    const QStringList &words = clone.words;
    if (words.size() < 2 || words.at(0) != u"git" || words.at(1) != u"clone") {
        entry.notCarried.append(u"not a git checkout: %1"_s.arg(brief(script)));
        return;
    }
    QList<qsizetype> positional;
    bool optionsEnded = false;
    const auto next = [&words](qsizetype &j) {
        return j + 1 < words.size() ? words.at(++j) : QString();
    };
    for (qsizetype j = 2; j < words.size(); ++j) {
        const QString &word = words.at(j);
        if (optionsEnded || !word.startsWith(u'-') || word.size() == 1) {
            positional.append(j);
        } else if (word == u"--") {
            optionsEnded = true;
        } else if (word == u"-b" || word == u"--branch") {
            entry.ref = refOf(next(j));
        } else if (word.startsWith(u"--branch=")) {
            entry.ref = refOf(word.mid(9));
        } else if (word.startsWith(u"-b")) {
            entry.ref = refOf(word.mid(2));
        } else if (word == u"--depth" || word.startsWith(u"--depth=")) {
            const QString value = word == u"--depth" ? next(j) : word.mid(8);
            bool ok = false;
            const qint64 depth = value.toLongLong(&ok);
            if (ok && depth > 0)
                entry.depth = depth;
            else
                entry.notCarried.append(u"git clone --depth %1"_s.arg(value));
        } else if (QStringList{u"-q"_s, u"--quiet"_s, u"-v"_s, u"--verbose"_s, u"--progress"_s,
                               u"--no-progress"_s}
                       .contains(word)) {
            // Output only.
        } else if (takesValue(word)) {
            const QString value = next(j);
            entry.notCarried.append(u"git clone %1 %2"_s.arg(word, value));
        } else {
            entry.notCarried.append(u"git clone %1"_s.arg(word));
        }
    }
    if (positional.isEmpty()) {
        entry.notCarried.append(u"a git clone without a URL"_s);
    } else {
        const QString url = words.at(positional.constFirst());
        if (clone.expands.at(positional.constFirst())) {
            entry.notCarried.append(u"the URL '%1' needs the shell to expand it"_s.arg(url));
        } else if (isRelativeUrl(url)) {
            const QString parent = QFileInfo(entry.path).path();
            entry.url = QDir::cleanPath(ctx.dir + u'/' + parent + u'/' + url);
        } else {
            entry.url = url;
        }
    }
    QStringList rest;
    for (qsizetype k = 1; k < commands.size(); ++k)
        rest.append(commandText(commands.at(k)));
    if (!rest.isEmpty())
        entry.notCarried.append(u"checkout also runs: %1"_s.arg(brief(rest.join(u"; "_s))));
}

struct MrSetting
{
    QString key;
    QString value;
    int line = 0;
};

struct MrSection
{
    QString name;
    int line = 0;
    QList<MrSetting> settings;
};

} // namespace

// myrepos' .mrconfig, by the rules mr itself reads it with: "#" comments and blank lines,
// "[section]", "key = value" with values continued on lines that start with whitespace; a section
// given twice adds to the first; a setting outside any section is an error, except include and
// jobs. A section is a repository's folder, relative to the file's folder.
Result<ImportSource> readMrConfig(const Context &ctx, const QByteArray &bytes)
{
    static const QRegularExpression sectionLine(u"^\\[([^\\]]*)\\]\\s*$"_s);
    static const QRegularExpression settingLine(u"^(\\w+)\\s*=\\s*(.*)$"_s);
    static const QRegularExpression skippedLine(u"^\\s*(#.*)?$"_s);
    static const QRegularExpression continuation(u"^\\s(.+)$"_s);
    QStringList lines = QString::fromUtf8(bytes).split(u'\n');
    for (QString &line : lines) {
        if (line.endsWith(u'\r'))
            line.chop(1);
    }
    ImportSource source{ImportFormat::MrConfig, {}, {}};
    QList<MrSection> sections;
    qsizetype current = -1;
    for (qsizetype n = 0; n < lines.size();) {
        const QString line = lines.at(n);
        const int lineNumber = int(++n);
        if (skippedLine.match(line).hasMatch())
            continue;
        if (const QRegularExpressionMatch section = sectionLine.match(line); section.hasMatch()) {
            const QString name = section.captured(1);
            current = -1;
            for (qsizetype s = 0; s < sections.size(); ++s) {
                if (sections.at(s).name == name)
                    current = s;
            }
            if (current < 0) {
                sections.append(MrSection{name, lineNumber, {}});
                current = sections.size() - 1;
            }
            continue;
        }
        const QRegularExpressionMatch setting = settingLine.match(line);
        if (!setting.hasMatch()) {
            return ctx.fail(lineNumber, u"'%1' is not a [section], a \"key = value\" line or a "
                                        u"comment"_s.arg(brief(line)));
        }
        const QString key = setting.captured(1);
        QString value = setting.captured(2);
        while (n < lines.size()) {
            const QRegularExpressionMatch more = continuation.match(lines.at(n));
            if (!more.hasMatch())
                break;
            value += u'\n' + more.captured(1);
            ++n;
        }
        if (key == u"include") {
            source.notCarried.append(
                u"include = %1 (a command whose output is not read)"_s.arg(brief(value)));
            continue;
        }
        if (key == u"jobs") {
            source.notCarried.append(u"jobs = %1"_s.arg(brief(value)));
            continue;
        }
        if (current < 0)
            return ctx.fail(lineNumber, u"the setting '%1' is not in a section"_s.arg(key));
        sections[current].settings.append(MrSetting{key, value, lineNumber});
    }

    for (const MrSection &section : std::as_const(sections)) {
        if (section.name == u"DEFAULT" || section.name == u"ALIAS") {
            for (const MrSetting &s : section.settings) {
                source.notCarried.append(
                    u"[%1] %2 = %3"_s.arg(section.name, s.key, brief(s.value)));
            }
            continue;
        }
        QString folder = expandHome(section.name);
        folder.replace(u"${HOME}"_s, QDir::homePath());
        folder.replace(u"$HOME"_s, QDir::homePath());
        if (folder.contains(u'$') || folder.contains(u'`')) {
            source.notCarried.append(
                u"[%1] names its folder with a shell variable"_s.arg(section.name));
            continue;
        }
        QString path = folder;
        if (QDir::isAbsolutePath(folder)) {
            const std::optional<QString> inside = insideDir(ctx.dir, folder);
            if (!inside) {
                source.notCarried.append(
                    u"[%1] is outside the folder of the file"_s.arg(section.name));
                continue;
            }
            path = *inside;
        }
        path = cleanEntryPath(path);
        if (path == u".") {
            source.notCarried.append(u"[%1] is the folder of the file itself"_s.arg(section.name));
            continue;
        }
        ImportEntry entry;
        entry.path = path;
        std::optional<QString> checkout;
        bool deleted = false;
        for (const MrSetting &s : section.settings) {
            if (s.key == u"checkout")
                checkout = s.value;
            else if (s.key == u"deleted" && s.value.trimmed() == u"true")
                deleted = true;
            else
                entry.notCarried.append(u"%1 = %2"_s.arg(s.key, brief(s.value)));
        }
        if (deleted) {
            source.notCarried.append(u"[%1] is marked deleted"_s.arg(section.name));
            continue;
        }
        if (checkout)
            readCheckout(ctx, *checkout, entry);
        else
            entry.notCarried.append(u"no checkout command"_s);
        if (Result<void> room = roomForEntry(ctx, source.entries.size(), section.line); !room)
            return room.error();
        source.entries.append(entry);
    }
    return source;
}

} // namespace Grex::Importers
