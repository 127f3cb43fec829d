// The manual pages, --help and the shell completions are all made from the command definitions
// of src/clidefs/clidefs.cpp; these tests check that each of them says what the definitions
// say, that the command line accepts what they document, and that the completions work in the
// shells themselves.
#include "clidefs/clidefs.h"
#include "clidefs/completion.h"
#include "support/grexrunner.h"
#include "clidefs/helptext.h"
#include "clidefs/jsonreference.h"
#include "clidefs/manpage.h"
#include "core/errorkind.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Grex;
using namespace Grex::Cli;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// "--keep-going" as roff writes it in bold: \fB\-\-keep\-going\fR
QString roffBold(const QString &text)
{
    return u"\\fB"_s + QString(text).replace(u'-', u"\\-"_s) + u"\\fR"_s;
}

QList<CliCommand> everyCommand()
{
    QList<CliCommand> commands = grexCommands();
    commands.prepend(overviewCommand());
    commands.append(guiCommand());
    return commands;
}

// A shell (or any program) run in workDir with the built grex first on PATH, as the completion
// scripts find it.
RunResult runShell(const QString &shell, const QStringList &args, const QString &workDir,
                   const QString &extraPath)
{
    RunOptions options;
    options.workDir = workDir;
    options.env = {u"PATH="_s + extraPath + u':' + qEnvironmentVariable("PATH")};
    options.timeoutMs = 60000;
    return runProgram(shell, args, options);
}

} // namespace

class tst_CliDocs : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_workspace; // packs alpha, beta-tools and gamma, registered by import
    QString m_grexDir;   // the directory of the built grex, for the scripts' PATH

    QString writeScript(const QString &shell)
    {
        const QString path = m_tmp.filePath(u"grex."_s + shell);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(path));
        file.write(completionScript(shell).toUtf8());
        return path;
    }

    // What bash's completion of `line` offers, run as bash runs a completion function: the
    // line split into COMP_WORDS, the last word being completed. withBashCompletion loads the
    // bash-completion package first (how Debian's bash runs it).
    QStringList bashComplete(const QString &line, bool withBashCompletion,
                             const QString &workDir = {})
    {
        QString driver;
        if (withBashCompletion)
            driver += u"source /usr/share/bash-completion/bash_completion\n"_s;
        driver += u"source '"_s + writeScript(u"bash"_s) + u"'\n"_s;
        // (No raw string literals in this file: moc does not read past them.)
        driver +=
            QStringList{
                u"COMP_LINE=$1"_s,
                u"COMP_POINT=${#COMP_LINE}"_s,
                u"read -ra COMP_WORDS <<< \"$COMP_LINE\""_s,
                u"[[ $COMP_LINE == *\" \" ]] && COMP_WORDS+=(\"\")"_s,
                u"COMP_CWORD=$((${#COMP_WORDS[@]} - 1))"_s,
                u"COMPREPLY=()"_s,
                u"_grex"_s,
                u"printf '%s\\n' \"${COMPREPLY[@]}\""_s,
            }
                .join(u'\n');
        const RunResult r =
            runShell(u"bash"_s, {u"--norc"_s, u"--noprofile"_s, u"-c"_s, driver, u"bash"_s, line},
                     workDir.isEmpty() ? m_workspace : workDir, m_grexDir);
        if (r.exitCode != 0)
            qWarning("bash completion of '%s' failed: %s", qPrintable(line),
                     qPrintable(r.errText()));
        QStringList words = r.outText().split(u'\n', Qt::SkipEmptyParts);
        words.sort();
        return words;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_grexDir = QFileInfo(grexBinary()).absolutePath();
        m_workspace = m_tmp.filePath(u"ws"_s);
        QVERIFY(QDir().mkpath(m_workspace));
        RunOptions options;
        options.workDir = m_workspace;
        QCOMPARE(runGrex({u"init"_s}, options).exitCode, 0);
        QFile repos(m_tmp.filePath(u"repos.json"_s));
        QVERIFY(repos.open(QIODevice::WriteOnly));
        repos.write("[{\"url\": \"https://example.org/alpha.git\", \"path\": \"alpha\"},"
                    " {\"url\": \"\", \"path\": \"beta-tools\"},"
                    " {\"url\": \"\", \"path\": \"gamma\"}]");
        repos.close();
        const RunResult imported =
            runGrex({u"import"_s, u"--from-repos-json"_s, repos.fileName()}, options);
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
    }

    // Every command and option of the definitions is in --help and in the manual page.
    void helpAndManualShowEveryOption()
    {
        const ManInfo info{u"2026-01-01"_s, u"9.9.9"_s};
        for (const CliCommand &command : everyCommand()) {
            const QString help = commandHelp(command);
            const QString page = manPage(command, info);
            const QString name = command.pageName();
            QVERIFY2(page.contains(u".TH "_s + name.toUpper().replace(u'-', u"\\-"_s) +
                                   u" 1 2026-01-01 \"grex 9.9.9\""_s),
                     qPrintable(name));
            QVERIFY2(
                page.contains(u".SH NAME\n"_s + QString(name).replace(u'-', u"\\-"_s) + u" \\- "_s),
                qPrintable(name));
            QVERIFY2(help.contains(command.summary), qPrintable(name));
            QList<CliOption> options = command.options;
            if (command.universal)
                options += universalOptions();
            for (const CliOption &option : std::as_const(options)) {
                const QString shown = option.longName.isEmpty()
                                          ? QString(u"-"_s + option.shortName)
                                          : QString(u"--"_s + option.longName);
                QVERIFY2(help.contains(shown), qPrintable(name + u": "_s + shown));
                QVERIFY2(page.contains(roffBold(shown)), qPrintable(name + u": "_s + shown));
                QVERIFY2(page.contains(option.help.left(20).replace(u'-', u"\\-"_s)),
                         qPrintable(name + u": "_s + option.help));
            }
            for (const CliArgument &argument : command.arguments) {
                QVERIFY2(help.contains(argument.valueName), qPrintable(name));
                QVERIFY2(
                    page.contains(u"\\fI"_s + QString(argument.valueName).replace(u'-', u"\\-"_s)),
                    qPrintable(name + u": "_s + argument.valueName));
            }
            for (const CliExample &example : command.examples) {
                QVERIFY2(help.contains(example.command), qPrintable(example.command));
                QVERIFY2(page.contains(QString(example.command).replace(u'-', u"\\-"_s)),
                         qPrintable(example.command));
            }
            // Only macros start a line: a description must never turn into one.
            for (const QString &line : page.split(u'\n')) {
                if (line.startsWith(u'.') || line.startsWith(u'\''))
                    QVERIFY2(QRegularExpression(u"^(\\.(TH|SH|TP|PP|B|BR|I|IP|RS|RE|nf|fi|br)"
                                                u"( |$)|\\.\\\\\"|'\\\\\")"_s)
                                 .match(line)
                                 .hasMatch(),
                             qPrintable(name + u": "_s + line));
            }
        }
        // grex(1) lists every verb and every exit code.
        const QString overview = manPage(overviewCommand(), info);
        for (const CliCommand &command : grexCommands())
            QVERIFY2(overview.contains(roffBold(command.name)), qPrintable(command.name));
        for (const ErrorKind kind : allErrorKinds())
            QVERIFY(overview.contains(u".B "_s + QString::number(exitCode(kind)) + u'\n'));
    }

    // The binary prints the help the definitions make, and takes every option they document.
    void commandLineTakesEveryDocumentedOption()
    {
        RunOptions options;
        options.workDir = m_workspace;
        int runOneByOne = 0;
        for (const CliCommand &command : grexCommands()) {
            const RunResult help = runGrex({command.name, u"--help"_s}, options);
            QCOMPARE(help.exitCode, 0);
            QCOMPARE(help.outText(), commandHelp(command));
            QList<CliOption> all = command.options;
            if (command.universal)
                all += universalOptions();
            const auto spelled = [](const CliOption &option) {
                QStringList args{option.longName.isEmpty() ? QString(u"-"_s + option.shortName)
                                                           : QString(u"--"_s + option.longName)};
                if (option.takesValue())
                    args += option.choices.isEmpty() ? u"1"_s : option.choices.constFirst();
                return args;
            };
            // Every option in one run first: a run per option, about 400 of an ASan build,
            // took longer than QtTest gives one function. A command whose options refuse each
            // other on one line is run an option at a time, so that a failure names its option.
            QStringList together{command.name};
            for (const CliOption &option : std::as_const(all))
                together += spelled(option);
            together += u"--help"_s;
            if (runGrex(together, options).exitCode == 0)
                continue;
            ++runOneByOne;
            for (const CliOption &option : std::as_const(all)) {
                const QStringList args =
                    QStringList{command.name} + spelled(option) + QStringList{u"--help"_s};
                const RunResult r = runGrex(args, options);
                QVERIFY2(r.exitCode == 0, qPrintable(args.join(u' ') + u": "_s + r.errText()));
            }
        }
        qInfo("%d command(s) took their options one at a time", runOneByOne);
        const RunResult general = runGrex({u"--help"_s}, options);
        for (const CliCommand &command : grexCommands())
            QVERIFY2(general.outText().contains(u"\n  "_s + command.name + u' '),
                     qPrintable(command.name));
    }

    // The build writes a page per command, English and German, that groff reads without a
    // warning; the package installs them (tests/package).
    // The guide's exit-code table and the manual's EXIT STATUS are one list (errorkind.cpp):
    // they used to disagree on what a broken pack.yaml exits with.
    void guideExitCodesAreTheManualsOnes()
    {
        QFile guide(QStringLiteral(GREX_SOURCE_DIR) + u"/docs/guide/verbs.md"_s);
        QVERIFY(guide.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(guide.readAll());
        QString expected = u"| Code | Meaning |\n|---|---|\n| 0 | success |\n"_s;
        for (const ErrorKind kind : allErrorKinds())
            expected += u"| %1 | %2 |\n"_s.arg(exitCode(kind)).arg(exitMeaning(kind));
        QVERIFY2(text.contains(expected), qPrintable(u"docs/guide/verbs.md should hold:\n"_s +
                                                     expected));
        const QString manual = manPage(overviewCommand(), ManInfo{});
        for (const ErrorKind kind : allErrorKinds()) {
            QVERIFY2(manual.contains(u".B %1\n"_s.arg(exitCode(kind))), qPrintable(manual));
        }
    }

    // docs/json.md is what the verbs declare of their documents; GREX_UPDATE_DOCS=1 rewrites it.
    void jsonReferenceIsCurrent()
    {
        const QString path = QStringLiteral(GREX_SOURCE_DIR) + u"/docs/json.md"_s;
        const QByteArray made = Cli::jsonReference().toUtf8();
        if (qEnvironmentVariableIntValue("GREX_UPDATE_DOCS") == 1) {
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(made);
        }
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
        QVERIFY2(file.readAll() == made,
                 "docs/json.md differs from the declared shapes: run tst_clidocs with "
                 "GREX_UPDATE_DOCS=1");
        QVERIFY(made.contains("## grex sync"));
        QVERIFY(made.contains("| `packs[].outcome` |"));
    }

    void builtManualPagesFormat()
    {
        const QString groff = QStandardPaths::findExecutable(u"groff"_s);
        if (groff.isEmpty())
            QSKIP("groff is not installed (Debian: groff-base)");
        for (const QString &lang : {u""_s, u"de/"_s}) {
            for (const CliCommand &command : everyCommand()) {
                const QString path = QStringLiteral(GREX_DOCS_DIR) + u"/man/"_s + lang +
                                     u"man1/"_s + command.pageName() + u".1.gz"_s;
                QVERIFY2(QFileInfo::exists(path), qPrintable(path));
                const RunResult r = runShell(
                    u"sh"_s,
                    {u"-c"_s, u"gzip -dc \"$1\" | groff -k -man -Tutf8 -ww -z"_s, u"sh"_s, path},
                    m_tmp.path(), m_grexDir);
                QCOMPARE(r.exitCode, 0);
                QVERIFY2(r.err.isEmpty(), qPrintable(path + u": "_s + r.errText()));
            }
        }
        QFile german(QStringLiteral(GREX_DOCS_DIR) + u"/man/de/man1/grex-sync.1.gz"_s);
        const RunResult r =
            runShell(u"sh"_s, {u"-c"_s, u"gzip -dc \"$1\""_s, u"sh"_s, german.fileName()},
                     m_tmp.path(), m_grexDir);
        QVERIFY2(r.outText().contains(u".SH BEZEICHNUNG"_s), qPrintable(r.outText().left(400)));
    }

    void completionCommand()
    {
        RunOptions options;
        options.workDir = m_workspace;
        for (const QString &shell : completionShells()) {
            const RunResult r = runGrex({u"completion"_s, shell}, options);
            QCOMPARE(r.exitCode, 0);
            QCOMPARE(r.outText(), completionScript(shell));
        }
        const RunResult unknown = runGrex({u"completion"_s, u"tcsh"_s}, options);
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.errText().contains(u"no completion for the shell 'tcsh'"_s));
        QVERIFY(unknown.errText().contains(u"bash, zsh, fish"_s));
        QCOMPARE(runGrex({u"completion"_s}, options).exitCode, 2);

        const RunResult packs = runGrex({u"__complete"_s, u"packs"_s}, options);
        QCOMPARE(packs.exitCode, 0);
        QCOMPARE(packs.outText(), u"alpha\nbeta-tools\ngamma\n"_s);
        options.workDir = m_tmp.path(); // no workspace: nothing, quietly
        const RunResult none = runGrex({u"__complete"_s, u"packs"_s}, options);
        QCOMPARE(none.exitCode, 0);
        QCOMPARE(none.outText(), QString());
        const RunResult elsewhere =
            runGrex({u"__complete"_s, u"packs"_s, u"--manifest"_s, m_workspace + u"/grex.jsonl"_s},
                    options);
        QCOMPARE(elsewhere.outText(), packs.outText());
    }

    // Every option of every command is in each script.
    void scriptsNameEveryOption()
    {
        for (const QString &shell : completionShells()) {
            const QString script = completionScript(shell);
            for (const CliCommand &command : grexCommands()) {
                QVERIFY2(script.contains(command.name), qPrintable(shell + command.name));
                for (const CliOption &option : command.options) {
                    if (option.longName.isEmpty())
                        continue;
                    const QString word =
                        shell == u"fish" ? u"-l "_s + option.longName : u"--"_s + option.longName;
                    QVERIFY2(script.contains(word),
                             qPrintable(shell + u": "_s + command.name + u' ' + word));
                }
            }
        }
    }

    void bashCompletes_data()
    {
        QTest::addColumn<bool>("withBashCompletion");
        QTest::newRow("bash alone") << false;
        QTest::newRow("with bash-completion") << true;
    }

    void bashCompletes()
    {
        QFETCH(bool, withBashCompletion);
        if (QStandardPaths::findExecutable(u"bash"_s).isEmpty())
            QSKIP("bash is not installed");
        if (withBashCompletion &&
            !QFileInfo::exists(u"/usr/share/bash-completion/bash_completion"_s))
            QSKIP("bash-completion is not installed");
        QCOMPARE(bashComplete(u"grex sy"_s, withBashCompletion), QStringList{u"sync"_s});
        QCOMPARE(bashComplete(u"grex com"_s, withBashCompletion),
                 (QStringList{u"commit"_s, u"completion"_s}));
        QCOMPARE(bashComplete(u"grex sync --no-"_s, withBashCompletion),
                 (QStringList{u"--no-install"_s, u"--no-recursive"_s, u"--no-submodules"_s,
                          u"--no-validate"_s}));
        QCOMPARE(bashComplete(u"grex --json stat"_s, withBashCompletion), QStringList{u"status"_s});
        QCOMPARE(bashComplete(u"grex --parallel 4 stat"_s, withBashCompletion),
                 QStringList{u"status"_s});
        const QStringList packs{u"alpha"_s, u"beta-tools"_s, u"gamma"_s};
        QCOMPARE(bashComplete(u"grex update "_s, withBashCompletion), packs);
        QCOMPARE(bashComplete(u"grex rm --keep-files b"_s, withBashCompletion),
                 QStringList{u"beta-tools"_s});
        // From elsewhere, the packs of the workspace --manifest names.
        QCOMPARE(bashComplete(u"grex --manifest "_s + m_workspace + u"/grex.jsonl update "_s,
                              withBashCompletion, m_tmp.path()),
                 packs);
        QCOMPARE(bashComplete(u"grex update "_s, withBashCompletion, m_tmp.path()), QStringList());
        QCOMPARE(bashComplete(u"grex add --type "_s, withBashCompletion),
                 (QStringList{u"declarative"_s, u"meta"_s, u"scripted"_s}));
        QCOMPARE(bashComplete(u"grex run s"_s, withBashCompletion), QStringList{u"symlink"_s});
        QCOMPARE(bashComplete(u"grex completion "_s, withBashCompletion),
                 (QStringList{u"bash"_s, u"fish"_s, u"zsh"_s}));
        QCOMPARE(bashComplete(u"grex mcp "_s, withBashCompletion),
                 (QStringList{u"call"_s, u"status"_s}));
        QVERIFY(bashComplete(u"grex serve --"_s, withBashCompletion)
                    .contains(u"--approve-destructive"_s));
        // exec and mcp -- take a command: its name from PATH.
        QVERIFY(bashComplete(u"grex exec -- gre"_s, withBashCompletion).contains(u"grex"_s));
        QVERIFY(bashComplete(u"grex exec gre"_s, withBashCompletion).contains(u"grex"_s));
        QVERIFY(bashComplete(u"grex mcp status -- gre"_s, withBashCompletion).contains(u"grex"_s));
        // Directories for a directory, nothing for free text.
        QDir(m_workspace).mkpath(u"subdir"_s);
        QCOMPARE(bashComplete(u"grex sync --workspace su"_s, withBashCompletion),
                 QStringList{u"subdir"_s});
        QCOMPARE(bashComplete(u"grex sync --ref "_s, withBashCompletion), QStringList());
        if (withBashCompletion) {
            // bash-completion keeps "drift=dir" one word, as readline then completes it.
            QCOMPARE(bashComplete(u"grex status --filter drift=dir"_s, withBashCompletion),
                     QStringList{u"dirty"_s});
            QCOMPARE(bashComplete(u"grex status --filter drift=dirty,name=g"_s, withBashCompletion),
                     QStringList{u"gamma"_s});
        }
    }

    void fishCompletes()
    {
        if (QStandardPaths::findExecutable(u"fish"_s).isEmpty())
            QSKIP("fish is not installed");
        const QString script = writeScript(u"fish"_s);
        QCOMPARE(runShell(u"fish"_s, {u"--no-config"_s, u"-n"_s, script}, m_workspace, m_grexDir)
                     .exitCode,
                 0);
        const auto complete = [&](const QString &line) {
            const RunResult r = runShell(u"fish"_s,
                                         {u"--no-config"_s, u"-c"_s,
                                          u"source $argv[1]; complete -C $argv[2]"_s, script, line},
                                         m_workspace, m_grexDir);
            QStringList words;
            for (const QString &entry : r.outText().split(u'\n', Qt::SkipEmptyParts))
                words.append(entry.section(u'\t', 0, 0));
            words.sort();
            return words;
        };
        QCOMPARE(complete(u"grex sy"_s), QStringList{u"sync"_s});
        QCOMPARE(complete(u"grex update "_s),
                 (QStringList{u"alpha"_s, u"beta-tools"_s, u"gamma"_s}));
        QCOMPARE(complete(u"grex run s"_s), QStringList{u"symlink"_s});
        QVERIFY(complete(u"grex sync --no-"_s).contains(u"--no-install"_s));
        QVERIFY(!complete(u"grex serve --"_s).contains(u"--dry-run"_s));
        QVERIFY(complete(u"grex status --filter dr"_s).contains(u"drift=dirty"_s));
    }

    void zshScriptParses()
    {
        if (QStandardPaths::findExecutable(u"zsh"_s).isEmpty())
            QSKIP("zsh is not installed");
        const RunResult r =
            runShell(u"zsh"_s, {u"-n"_s, writeScript(u"zsh"_s)}, m_workspace, m_grexDir);
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QVERIFY(completionScript(u"zsh"_s).startsWith(u"#compdef grex\n"_s));
    }
};

QTEST_GUILESS_MAIN(tst_CliDocs)
#include "tst_clidocs.moc"
