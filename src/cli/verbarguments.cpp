#include "cli/verbarguments.h"

#include "cli/application.h"
#include "clidefs/clitr.h"

#include "core/verbs/verbspec.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex::Cli {

QStringList signedWordsLast(const VerbSpec &verb, const QList<CliOption> &options,
                            const QStringList &arguments)
{
    const bool takesSignedWords = std::any_of(verb.params.begin(), verb.params.end(),
                                              [](const ParamSpec &p) { return p.signedWords; });
    if (!takesSignedWords)
        return arguments;
    // "-old" in grex tag PACK -old is a word, not options -o -l -d: every word that is not an
    // option this verb knows goes after "--", in the order given.
    QString shortNames;
    QStringList valueNames;
    for (const CliOption &option : options) {
        if (!option.shortName.isNull())
            shortNames.append(option.shortName);
        if (option.takesValue())
            valueNames.append(u"--"_s + option.longName);
    }
    const auto isOption = [&](const QString &token) {
        if (token.startsWith(u"--"))
            return true;
        if (!token.startsWith(u'-') || token.size() < 2)
            return false;
        return std::all_of(token.begin() + 1, token.end(),
                           [&](QChar c) { return shortNames.contains(c); });
    };
    QStringList flags;
    QStringList words;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &token = arguments.at(i);
        if (token == u"--") {
            words += arguments.mid(i + 1);
            break;
        }
        if (!isOption(token)) {
            words.append(token);
            continue;
        }
        flags.append(token);
        if (valueNames.contains(token) && i + 1 < arguments.size())
            flags.append(arguments.at(++i));
    }
    return flags + QStringList{u"--"_s} + words;
}

Result<QJsonObject> verbArguments(const VerbSpec &verb, const QCommandLineParser &parser,
                                  const QString &currentDir)
{
    // A file or a local repository named on the command line is relative to where the person
    // stands, so it is made absolute here; a directory argument (a pack root, the hooks path)
    // belongs to the workspace and the verb resolves it there, for the CLI and an MCP call alike.
    const auto stringValue = [&currentDir](const ParamSpec &p, const QString &text) {
        if (text.isEmpty() || !QDir::isRelativePath(text))
            return text;
        const QDir here(currentDir);
        const bool file = p.hint == ValueHint::File;
        const bool localRepository =
            p.hint == ValueHint::Url && !text.contains(u"://") &&
            (text.startsWith(u'.') || QFileInfo::exists(here.filePath(text)));
        if (!file && !localRepository)
            return text;
        return QDir::cleanPath(here.absoluteFilePath(text));
    };
    QList<const ParamSpec *> positionals;
    for (const ParamSpec &p : verb.params) {
        if (p.positional)
            positionals.append(&p);
    }
    QJsonObject args;
    const QStringList given = parser.positionalArguments();
    const bool takesRest =
        !positionals.isEmpty() && positionals.last()->type == ParamType::StringArray;
    if (given.size() > positionals.size() && !takesRest) {
        return usage(u"too_many_arguments"_s, Tr::tr("grex %1: unexpected argument '%2'")
                                                  .arg(verb.name, given.at(positionals.size())));
    }
    for (qsizetype i = 0; i < positionals.size(); ++i) {
        const ParamSpec *p = positionals.at(i);
        if (i < given.size()) {
            if (p->type == ParamType::StringArray)
                args.insert(p->name, QJsonArray::fromStringList(given.mid(i)));
            else
                args.insert(p->name, stringValue(*p, given.at(i)));
        } else if (p->required) {
            return usage(u"missing_argument"_s,
                         Tr::tr("grex %1: missing argument <%2>").arg(verb.name, p->valueName));
        }
    }
    for (const ParamSpec &p : verb.params) {
        if (p.positional)
            continue;
        // --parallel is the run's width (resolveWidth), which GREX_PARALLEL may give as well.
        if (p.name == u"parallel")
            continue;
        const QString name = p.cliName();
        if (!parser.isSet(name))
            continue;
        switch (p.type) {
        case ParamType::Boolean:
            args.insert(p.name, true);
            break;
        case ParamType::String:
            args.insert(p.name, stringValue(p, parser.value(name)));
            break;
        case ParamType::StringArray:
            args.insert(p.name, QJsonArray::fromStringList(parser.values(name)));
            break;
        case ParamType::Integer: {
            bool ok = false;
            const qint64 value = parser.value(name).toLongLong(&ok);
            if (!ok) {
                return usage(u"invalid_argument"_s,
                             Tr::tr("--%1 must be a whole number").arg(name));
            }
            args.insert(p.name, value);
            break;
        }
        }
    }
    return args;
}

} // namespace Grex::Cli
