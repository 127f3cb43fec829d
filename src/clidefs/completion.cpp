#include "clidefs/completion.h"

#include "core/engine/packfilter.h"

#include "clidefs/clidefs.h"

#include <QMap>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex::Cli {

namespace {

// The text with a backslash before each backslash and each of `specials`.
QString backslashed(const QString &text, QStringView specials)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (c == u'\\' || specials.contains(c))
            out += u'\\';
        out += c;
    }
    return out;
}

// What completes a value: the same for an option's value and a positional argument.
struct ValueSpec
{
    ValueHint hint = ValueHint::None;
    QStringList choices;
};

ValueSpec valueOf(const CliOption &option)
{
    return {option.hint, option.choices};
}

ValueSpec valueOf(const CliArgument &argument)
{
    return {argument.hint, argument.choices};
}

// Every option of a command, with the universal ones when it takes them.
QList<CliOption> allOptions(const CliCommand &command)
{
    QList<CliOption> options = command.options;
    if (command.universal)
        options += universalOptions();
    return options;
}

QStringList optionWords(const QList<CliOption> &options)
{
    QStringList words;
    for (const CliOption &option : options) {
        if (!option.longName.isEmpty())
            words.append(u"--"_s + option.longName);
        if (!option.shortName.isNull())
            words.append(u"-"_s + option.shortName);
    }
    return words;
}

// The filter language's keys and the words its values take: "name=", "drift=dirty".
QStringList filterWords()
{
    QStringList words{u"name="_s, u"path="_s, u"url="_s, u"type="_s, u"depth="_s, u"drift="_s};
    for (const QString &drift : PackFilter::driftKinds())
        words.append(u"drift="_s + drift);
    for (const QString &type : {u"meta"_s, u"declarative"_s, u"scripted"_s})
        words.append(u"type="_s + type);
    return words;
}

// What a shell offers for a value, in its own words: one word per kind of value, and what it
// offers for a value of its own choosing.
struct HintWords
{
    QString pack;
    QString directory;
    QString url;
    QString file;
    QString command;
    QString none;
};

QString wordFor(ValueHint hint, const HintWords &words)
{
    switch (hint) {
    case ValueHint::Pack:
        return words.pack;
    case ValueHint::Directory:
        return words.directory;
    case ValueHint::Url:
        return words.url;
    case ValueHint::File:
        return words.file;
    case ValueHint::Command:
        return words.command;
    case ValueHint::None:
        break;
    }
    return words.none;
}

// ---- bash ------------------------------------------------------------------------------------

QString bashValue(const ValueSpec &value)
{
    if (!value.choices.isEmpty())
        return u"_grex_words '%1'"_s.arg(value.choices.join(u' '));
    // A free text gets ":": nothing to offer.
    return wordFor(value.hint, {u"_grex_words \"$(_grex_packs)\""_s, u"_grex_dirs"_s,
                                u"_grex_files"_s, u"_grex_files"_s, u"_grex_command"_s, u":"_s});
}

// The shell functions the completion function calls: word lists, files, packs, filters, commands.
QString bashHelpers()
{
    return uR"~(# bash completion for grex. Made by `grex completion bash` from grex's own command
# definitions; do not edit it, regenerate it.

_grex_words()
{
    local IFS=$'\n'
    COMPREPLY=($(IFS=$' \t\n' compgen -W "$1" -- "$cur"))
}

_grex_files()
{
    compopt -o filenames 2>/dev/null
    local IFS=$'\n'
    COMPREPLY=($(compgen -f -- "$cur"))
}

_grex_dirs()
{
    compopt -o filenames 2>/dev/null
    local IFS=$'\n'
    COMPREPLY=($(compgen -d -- "$cur"))
}

# The packs of the workspace the command line works on (its --manifest, or the current one).
_grex_packs()
{
    local manifest=() i m
    for ((i = 1; i < cword; i++)); do
        if [[ ${words[i]} == --manifest ]]; then
            m=${words[i + 1]}
            [[ $m == "~/"* ]] && m=$HOME/${m#"~/"}
            manifest=(--manifest "$m")
        fi
    done
    command grex __complete packs "${manifest[@]}" 2>/dev/null
}

# --filter: the terms' keys and values, after the last comma. Readline replaces only the text
# after the last "=" or ":" (COMP_WORDBREAKS), so that is what the words hold.
_grex_filter()
{
    compopt -o nospace 2>/dev/null
    local head= part=$cur
    if [[ $cur == *,* ]]; then
        head=${cur%,*},
        part=${cur##*,}
    fi
    local words=')~"_s +
           filterWords().join(u' ') + uR"~(' pack
    if [[ $part == name=* ]]; then
        for pack in $(_grex_packs); do words+=" name=$pack"; done
    fi
    local IFS=$'\n'
    COMPREPLY=($(IFS=$' \t\n' compgen -P "$head" -W "$words" -- "$part"))
    local prefix=${cur%"${cur##*[=:]}"}
    [[ -n $prefix ]] && COMPREPLY=("${COMPREPLY[@]#"$prefix"}")
}

# A command and its arguments, from the word at $1 on.
_grex_command()
{
    local start=$1
    ((start)) || start=$cword
    if ((start < cword)) && declare -F _command_offset >/dev/null; then
        _command_offset "$start"
    elif ((start == cword)); then
        local IFS=$'\n'
        COMPREPLY=($(compgen -c -- "$cur"))
    else
        _grex_files
    fi
}

)~"_s;
}

// The "verb:--option" cases of an option's value, grouped by what completes them.
QString bashOptionValueCases(const QList<CliCommand> &commands)
{
    QMap<QString, QStringList> byAction;
    QStringList actionOrder;
    const auto addPattern = [&](const QString &pattern, const QString &action) {
        if (!byAction.contains(action))
            actionOrder.append(action);
        byAction[action].append(pattern);
    };
    for (const CliOption &option : universalOptions()) {
        if (!option.takesValue())
            continue;
        const QString action =
            option.longName == u"filter" ? u"_grex_filter"_s : bashValue(valueOf(option));
        addPattern(u"*:--"_s + option.longName, action);
    }
    for (const CliCommand &command : commands) {
        for (const CliOption &option : command.options) {
            if (option.takesValue())
                addPattern(command.name + u":--"_s + option.longName, bashValue(valueOf(option)));
        }
    }
    QString s;
    for (const QString &action : std::as_const(actionOrder)) {
        s += u"    "_s + byAction.value(action).join(u'|') + u")\n"_s;
        s += u"        "_s + action + u"\n        return\n        ;;\n"_s;
    }
    return s;
}

// The positional arguments of each verb, by index ("*" for a variadic one).
QString bashPositionalCases(const QList<CliCommand> &commands)
{
    QString s;
    for (const CliCommand &command : commands) {
        QString cases;
        for (qsizetype i = 0; i < command.arguments.size(); ++i) {
            const CliArgument &argument = command.arguments.at(i);
            QString action = bashValue(valueOf(argument));
            if (argument.hint == ValueHint::Command)
                action = u"_grex_command \"$first\""_s;
            const QString index = argument.variadic ? u"*"_s : QString::number(i);
            cases += u"        "_s + index + u") "_s + action + u" ;;\n"_s;
        }
        if (cases.isEmpty())
            continue;
        if (command.name == u"mcp") {
            // grex mcp status|call ... -- CMD: after "--", the server's command line.
            s += u"    mcp)\n        if ((dashdash)); then\n            _grex_command "
                 u"$((dashdash + 1))\n        elif ((n == 0)); then\n            "_s +
                 bashValue(valueOf(command.arguments.constFirst())) +
                 u"\n        fi\n        ;;\n"_s;
            continue;
        }
        s += u"    "_s + command.name + u")\n        case $n in\n"_s + cases +
             u"        esac\n        ;;\n"_s;
    }
    return s;
}

// The completion function: finds the verb, then completes an option's value, an option or a
// positional argument.
QString bashScript()
{
    const QList<CliCommand> commands = grexCommands();
    const QStringList valueOptions = valueOptionNames();
    QString s;
    s += bashHelpers();
    s += uR"~(_grex()
{
    local cur prev words cword
    if declare -F _init_completion >/dev/null; then
        _init_completion -n =: || return
    else
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD - 1]}
    fi

    local verb= verb_at=0 i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
        )~"_s;
    s += valueOptions.join(u'|') + uR"~()
            ((i++))
            ;;
        -*) ;;
        *)
            verb=${words[i]}
            verb_at=$i
            break
            ;;
        esac
    done

    # The value of an option.
    case "$verb:$prev" in
)~"_s;
    s += bashOptionValueCases(commands);
    s += uR"~(    esac

    if [[ -z $verb ]]; then
        if [[ $cur == -* ]]; then
            _grex_words ')~"_s +
         optionWords(universalOptions()).join(u' ') + uR"~( --version'
        else
            _grex_words ')~"_s;
    QStringList verbs;
    for (const CliCommand &command : commands)
        verbs.append(command.name);
    s += verbs.join(u' ') + uR"~('
        fi
        return
    fi

    # Which positional argument the word is (n), after a "--" (dashdash) or not.
    local n=0 dashdash=0 first=0
    for ((i = verb_at + 1; i < cword; i++)); do
        if ((dashdash)); then
            ((first)) || first=$i
            ((n++))
            continue
        fi
        case ${words[i]} in
        --) dashdash=$i ;;
        )~"_s;
    s += valueOptions.join(u'|') + uR"~()
            ((i++))
            ;;
        -*) ;;
        *)
            ((first)) || first=$i
            ((n++))
            ;;
        esac
    done
    if ((!dashdash)) && [[ $cur == -* ]]; then
        case $verb in
)~"_s;
    for (const CliCommand &command : commands) {
        s += u"        "_s + command.name + u") _grex_words '"_s +
             optionWords(allOptions(command)).join(u' ') + u"' ;;\n"_s;
    }
    s += uR"~(        esac
        return
    fi

    case $verb in
)~"_s;
    s += bashPositionalCases(commands);
    s += uR"~(    esac
}

complete -F _grex grex
)~"_s;
    return s;
}

// ---- zsh -------------------------------------------------------------------------------------

QString zshEscape(const QString &text)
{
    // zsh's _arguments specs split on these; a quote ends the single-quoted word around them.
    return backslashed(text, u"[]:").replace(u'\'', u"'\\''"_s);
}

QString zshAction(const ValueSpec &value)
{
    if (!value.choices.isEmpty())
        return u"("_s + value.choices.join(u' ') + u')';
    return wordFor(value.hint, {u"_grex_packs"_s, u"_files -/"_s, u"_files -/"_s, u"_files"_s,
                                u"_normal"_s, u" "_s});
}

QString zshOptionSpec(const CliOption &option)
{
    const QString help = u"["_s + zshEscape(option.help) + u']';
    QString value;
    if (option.takesValue()) {
        const QString action =
            option.longName == u"filter" ? u"_grex_filter"_s : zshAction(valueOf(option));
        value = u":"_s + zshEscape(option.valueName) + u':' + action;
    }
    const QString repeat = option.repeatable ? u"*"_s : QString();
    if (option.longName.isEmpty())
        return u"'"_s + repeat + u'-' + option.shortName + help + value + u'\'';
    const QString longSpec = u"--"_s + option.longName + (option.takesValue() ? u"="_s : QString());
    if (option.shortName.isNull())
        return u"'"_s + repeat + longSpec + help + value + u'\'';
    const QString exclusion = option.repeatable
                                  ? QString()
                                  : u"(-"_s + option.shortName + u" --"_s + option.longName + u')';
    return u"'"_s + exclusion + repeat + u"'{-"_s + option.shortName + u",--"_s + option.longName +
           (option.takesValue() ? u"="_s : QString()) + u"}'"_s + help + value + u'\'';
}

QString zshScript()
{
    const QList<CliCommand> commands = grexCommands();
    QString s;
    s += uR"~(#compdef grex
# zsh completion for grex. Made by `grex completion zsh` from grex's own command definitions;
# do not edit it, regenerate it.

# The packs of the workspace the command line works on (its --manifest, or the current one).
_grex_packs() {
  local -a packs manifest
  local i=${words[(I)--manifest]}
  (( i )) && manifest=(--manifest ${~words[i+1]})
  packs=(${(f)"$(_call_program packs grex __complete packs $manifest 2>/dev/null)"})
  _describe -t packs 'pack' packs
}

_grex_filter() {
  local -a words
  words=()~"_s;
    for (const QString &word : filterWords())
        s += u" '"_s + word + u'\'';
    s += uR"~()
  compadd -S '' -a words
}

_grex() {
  local curcontext="$curcontext" state line ret=1
  local -a universal
  universal=(
)~"_s;
    for (const CliOption &option : universalOptions())
        s += u"    "_s + zshOptionSpec(option) + u'\n';
    s += uR"~(  )
  _arguments -C $universal \
    '(- *)'{-V,--version}'[Show the version.]' \
    '1: :->verb' \
    '*:: :->args' && ret=0
  case $state in
  verb)
    local -a verbs
    verbs=(
)~"_s;
    for (const CliCommand &command : commands)
        s += u"      '"_s + command.name + u':' + zshEscape(command.summary) + u"'\n"_s;
    s += uR"~(    )
    _describe -t verbs 'grex verb' verbs && ret=0
    ;;
  args)
    curcontext="${curcontext%:*:*}:grex-$words[1]:"
    case $words[1] in
)~"_s;
    for (const CliCommand &command : commands) {
        QStringList specs;
        if (command.universal)
            specs.append(u"$universal"_s);
        for (const CliOption &option : command.options)
            specs.append(zshOptionSpec(option));
        for (qsizetype i = 0; i < command.arguments.size(); ++i) {
            const CliArgument &argument = command.arguments.at(i);
            const QString action = zshAction(valueOf(argument));
            const QString message = zshEscape(argument.valueName);
            if (argument.variadic)
                specs.append(u"'*::"_s + message + u':' + action + u'\'');
            else
                specs.append(u"'"_s + QString::number(i + 1) +
                             (argument.required ? u":"_s : u"::"_s) + message + u':' + action +
                             u'\'');
        }
        const bool runsCommand =
            command.name == u"mcp" ||
            std::any_of(command.arguments.begin(), command.arguments.end(),
                        [](const CliArgument &a) { return a.hint == ValueHint::Command; });
        s += u"    "_s + command.name + u")\n"_s;
        if (runsCommand) {
            // After "--" comes a command line of its own (_arguments would take "--" for a word).
            s += u"      local dd=${words[(i)--]}\n"
                 u"      if (( dd < CURRENT )); then\n"
                 u"        shift $dd words\n"
                 u"        (( CURRENT -= dd ))\n"
                 u"        _normal && ret=0\n"
                 u"        return ret\n"
                 u"      fi\n"_s;
        }
        s += u"      _arguments "_s + specs.join(u" \\\n        "_s) + u" && ret=0\n      ;;\n"_s;
    }
    s += uR"~(    esac
    ;;
  esac
  return ret
}

_grex "$@"
)~"_s;
    return s;
}

// ---- fish ------------------------------------------------------------------------------------

QString fishQuote(const QString &text)
{
    return u"'"_s + backslashed(text, u"'") + u'\'';
}

// The arguments of `complete` that offer a value.
QString fishValue(const ValueSpec &value)
{
    if (!value.choices.isEmpty())
        return u"-x -a "_s + fishQuote(value.choices.join(u' '));
    const QString directories = u"-x -a '(__fish_complete_directories (commandline -ct))'"_s;
    return wordFor(value.hint, {u"-x -a '(__grex_packs)'"_s, directories, directories, u"-r -F"_s,
                                u"-x -a '(__fish_complete_command)'"_s, u"-x"_s});
}

QString fishOption(const QString &condition, const CliOption &option)
{
    QString line = u"complete -c grex"_s;
    if (!condition.isEmpty())
        line += u" -n "_s + fishQuote(condition);
    if (!option.shortName.isNull())
        line += u" -s "_s + option.shortName;
    if (!option.longName.isEmpty())
        line += u" -l "_s + option.longName;
    if (option.takesValue()) {
        line +=
            u' ' + (option.longName == u"filter" ? u"-x -a "_s + fishQuote(filterWords().join(u' '))
                                                 : fishValue(valueOf(option)));
    }
    return line + u" -d "_s + fishQuote(option.help) + u'\n';
}

QString fishScript()
{
    const QList<CliCommand> commands = grexCommands();
    const QStringList valueOptions = valueOptionNames();
    QStringList universalVerbs;
    for (const CliCommand &command : commands) {
        if (command.universal)
            universalVerbs.append(command.name);
    }
    QString s;
    s += uR"~(# fish completion for grex. Made by `grex completion fish` from grex's own command
# definitions; do not edit it, regenerate it.

# The words of the command line that are neither options nor their values, after "grex".
function __grex_words
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l skip 0
    for t in $tokens
        if test $skip = 1
            set skip 0
            continue
        end
        switch $t
            case )~"_s +
         valueOptions.join(u' ') + uR"~(
                set skip 1
            case '-*'
            case '*'
                echo $t
        end
    end
end

# The verb of the command line.
function __grex_verb
    set -l words (__grex_words)
    test (count $words) -ge 1; or return 1
    echo $words[1]
end

function __grex_needs_verb
    not __grex_verb >/dev/null
end

function __grex_using
    contains -- (__grex_verb) $argv
end

# True when the word being completed is positional argument number $argv[2] (0-based) of verb
# $argv[1], or any from it on when $argv[3] is "more".
function __grex_argument
    set -l words (__grex_words)
    test (count $words) -ge 1; and test $words[1] = $argv[1]; or return 1
    set -l n (math (count $words) - 1)
    if test (count $argv) -ge 3 -a "$argv[3]" = more
        test $n -ge $argv[2]
    else
        test $n -eq $argv[2]
    end
end

# The packs of the workspace the command line works on (its --manifest, or the current one).
function __grex_packs
    set -l tokens (commandline -opc)
    set -l manifest
    set -l i (contains -i -- --manifest $tokens)
    and set manifest --manifest $tokens[(math $i + 1)]
    grex __complete packs $manifest 2>/dev/null
end

complete -c grex -f
)~"_s;
    for (const CliCommand &command : commands) {
        s += u"complete -c grex -n __grex_needs_verb -a "_s + command.name + u" -d "_s +
             fishQuote(command.summary) + u'\n';
    }
    s += u"complete -c grex -n __grex_needs_verb -s V -l version -d "_s +
         fishQuote(u"Show the version."_s) + u'\n';
    const QString universalCondition =
        u"__grex_needs_verb; or __grex_using "_s + universalVerbs.join(u' ');
    for (const CliOption &option : universalOptions())
        s += fishOption(universalCondition, option);
    for (const CliCommand &command : commands) {
        s += u"\n# grex "_s + command.name + u'\n';
        const QString using_ = u"__grex_using "_s + command.name;
        for (const CliOption &option : command.options)
            s += fishOption(using_, option);
        for (qsizetype i = 0; i < command.arguments.size(); ++i) {
            const CliArgument &argument = command.arguments.at(i);
            const QString condition = u"__grex_argument %1 %2%3"_s.arg(
                command.name, QString::number(i), argument.variadic ? u" more"_s : QString());
            s += u"complete -c grex -n "_s + fishQuote(condition) + u' ' +
                 fishValue(valueOf(argument)) + u" -d "_s +
                 fishQuote(argument.valueName.toLower().remove(u"..."_s)) + u'\n';
        }
    }
    return s;
}

} // namespace

QStringList completionShells()
{
    return completionCommand().arguments.constFirst().choices;
}

QString completionScript(const QString &shell)
{
    if (shell == u"bash")
        return bashScript();
    if (shell == u"zsh")
        return zshScript();
    if (shell == u"fish")
        return fishScript();
    return {};
}

} // namespace Grex::Cli
