#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;

// Core and the MCP layer stay headless and never write to stdout (stdout of `grex serve`
// carries only JSON-RPC frames); libgit2 stays behind src/core/git. The report text
// (src/text) and the command-line definitions (src/clidefs) are libraries of their own on
// core alone, which the window links instead of the CLI.
class tst_Layering : public QObject
{
    Q_OBJECT

    static QStringList sources(const QString &dir)
    {
        QStringList files;
        QDirIterator it(QStringLiteral(GREX_SOURCE_DIR) + u'/' + dir, {u"*.h"_s, u"*.cpp"_s},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            files.append(it.next());
        return files;
    }

    static QList<std::pair<QString, int>> grep(const QStringList &files,
                                               const QRegularExpression &pattern)
    {
        QList<std::pair<QString, int>> hits;
        for (const QString &path : files) {
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            int line = 0;
            while (!f.atEnd()) {
                ++line;
                const QString text = QString::fromUtf8(f.readLine());
                if (text.trimmed().startsWith(u"//"_s))
                    continue;
                if (pattern.match(text).hasMatch())
                    hits.append({path, line});
            }
        }
        return hits;
    }

    static QString describe(const QList<std::pair<QString, int>> &hits)
    {
        QStringList lines;
        for (const auto &[path, line] : hits)
            lines.append(path + u':' + QString::number(line));
        return lines.join(u'\n');
    }

    // target -> what its target_link_libraries name, from every CMakeLists.txt under src/, with
    // the Grex:: aliases resolved to their targets.
    static QHash<QString, QStringList> linkGraph()
    {
        QHash<QString, QString> aliases;
        QHash<QString, QStringList> links;
        QDirIterator it(QStringLiteral(GREX_SOURCE_DIR) + u"/src"_s, {u"CMakeLists.txt"_s},
                        QDir::Files, QDirIterator::Subdirectories);
        const QRegularExpression command(
            u"(add_library|target_link_libraries|grex_link_program)\\s*\\(([^)]*)\\)"_s);
        while (it.hasNext()) {
            QFile file(it.next());
            if (!file.open(QIODevice::ReadOnly))
                continue;
            QString text = QString::fromUtf8(file.readAll());
            text.remove(QRegularExpression(u"#[^\\n]*"_s));
            for (const QRegularExpressionMatch &m : command.globalMatch(text)) {
                const QStringList words =
                    m.captured(2).split(QRegularExpression(u"\\s+"_s), Qt::SkipEmptyParts);
                if (words.isEmpty())
                    continue;
                if (m.captured(1) == u"add_library") {
                    if (words.size() == 3 && words.at(1) == u"ALIAS")
                        aliases.insert(words.at(0), words.at(2));
                    continue;
                }
                // grex_link_program names the parts of Grex:: it links.
                const QString prefix =
                    m.captured(1) == u"grex_link_program" ? u"Grex::"_s : QString();
                for (const QString &word : words.mid(1)) {
                    if (word != u"PUBLIC" && word != u"PRIVATE" && word != u"INTERFACE")
                        links[words.at(0)].append(prefix + word);
                }
            }
        }
        for (QStringList &names : links) {
            for (QString &name : names)
                name = aliases.value(name, name);
        }
        return links;
    }

    // Everything target links, directly or through the libraries it links.
    static QSet<QString> linkedBy(const QHash<QString, QStringList> &graph, const QString &target)
    {
        QSet<QString> seen;
        QStringList todo = graph.value(target);
        while (!todo.isEmpty()) {
            const QString next = todo.takeLast();
            if (seen.contains(next))
                continue;
            seen.insert(next);
            todo += graph.value(next);
        }
        return seen;
    }

    // The layer a quoted include names: the root its path starts with ("text" for
    // "text/reporttext.h"); empty when it names none.
    static QString layerOf(const QString &include)
    {
        QString best;
        for (const QString &root :
             {u"core"_s, u"mcp"_s, u"cli"_s, u"clidefs"_s, u"text"_s, u"gui"_s, u"support"_s}) {
            if (include.startsWith(root + u'/') && root.size() > best.size())
                best = root;
        }
        return best;
    }

    static QList<std::pair<QString, QString>> quotedIncludes(const QStringList &files)
    {
        const QRegularExpression include(u"^\\s*#\\s*include\\s*\"([^\"]+)\""_s,
                                         QRegularExpression::MultilineOption);
        QList<std::pair<QString, QString>> found;
        for (const QString &path : files) {
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            const QString text = QString::fromUtf8(f.readAll());
            for (const QRegularExpressionMatch &m : include.globalMatch(text)) {
                if (!m.captured(1).endsWith(u".moc"_s))
                    found.append({path, m.captured(1)});
            }
        }
        return found;
    }

    // The quoted includes of the sources in dir that reach a layer other than allowedRoots: each
    // include names its layer, so the path says it.
    static QStringList includesOutside(const QString &dir, const QStringList &allowedRoots)
    {
        QStringList hits;
        for (const auto &[path, name] : quotedIncludes(sources(dir))) {
            if (!allowedRoots.contains(layerOf(name)))
                hits.append(path + u": "_s + name);
        }
        return hits;
    }

private Q_SLOTS:
    void sourcesExist() { QVERIFY(sources(u"src/core"_s).size() > 20); }

    // Every quoted include names the layer it reaches ("core/verbs/sync.h", "support/...") and
    // the file exists there, so a reader sees the layer and the checks below can match it; a
    // test folder's own helper is the one bare name.
    void includesNameTheirLayer()
    {
        const QString root = QStringLiteral(GREX_SOURCE_DIR);
        QStringList files = sources(u"src"_s) + sources(u"tests"_s) + sources(u"bench"_s);
        files.removeIf([](const QString &file) { return file.contains(u"/node_modules/"_s); });
        QStringList bad;
        for (const auto &[path, name] : quotedIncludes(files)) {
            const QString layer = layerOf(name);
            const QString base = layer == u"support" ? u"/tests/"_s : u"/src/"_s;
            // A test folder's own helper (securitysupport.h) is named beside the test.
            const bool beside = path.startsWith(root + u"/tests/"_s) && !name.contains(u'/') &&
                                QFileInfo::exists(QFileInfo(path).absolutePath() + u'/' + name);
            if (!beside && (layer.isEmpty() || !QFileInfo::exists(root + base + name)))
                bad.append(path + u": "_s + name);
        }
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(u'\n')));
    }

    // A core test builds on core and test support alone; the CLI's harness is the CLI tests'.
    void coreTestSupportStandsOnCore()
    {
        const QStringList outside = includesOutside(u"tests/support"_s, {u"core"_s, u"support"_s});
        QStringList notHarness = outside;
        notHarness.removeIf([](const QString &hit) { return hit.contains(u"/cliharness."_s); });
        QVERIFY2(notHarness.isEmpty(), qPrintable(notHarness.join(u'\n')));
        const QStringList core = includesOutside(u"tests/core"_s, {u"core"_s, u"support"_s});
        QVERIFY2(core.isEmpty(), qPrintable(core.join(u'\n')));
    }

    void noWidgetsOrFrontEndsInCore()
    {
        const QString widgets =
            u"QtWidgets|QtGui|QWidget|QApplication|QMainWindow|QDialog|QGuiApplication"_s;
        const QString include = u"^\\s*#\\s*include\\s*[<\"]("_s;
        const QRegularExpression widgetInclude(include + widgets + u")"_s);
        const auto widgetHits = grep(sources(u"src/core"_s) + sources(u"src/mcp"_s), widgetInclude);
        QVERIFY2(widgetHits.isEmpty(), qPrintable(describe(widgetHits)));
        const QStringList core = includesOutside(u"src/core"_s, {u"core"_s});
        QVERIFY2(core.isEmpty(), qPrintable(core.join(u'\n')));
        const QStringList mcp = includesOutside(u"src/mcp"_s, {u"core"_s, u"mcp"_s});
        QVERIFY2(mcp.isEmpty(), qPrintable(mcp.join(u'\n')));
    }

    void textAndDefinitionsStandOnCoreAlone()
    {
        const QRegularExpression widgets(
            u"^\\s*#\\s*include\\s*[<\"](QtWidgets|QtGui|QWidget|QApplication|QGuiApplication|"
            "QMainWindow|QDialog|QColor|QFont)"_s);
        for (const QString &dir : {u"text"_s, u"clidefs"_s}) {
            QVERIFY(!sources(u"src/"_s + dir).isEmpty());
            const auto hits = grep(sources(u"src/"_s + dir), widgets);
            QVERIFY2(hits.isEmpty(), qPrintable(describe(hits)));
            const QStringList outside = includesOutside(u"src/"_s + dir, {dir, u"core"_s});
            QVERIFY2(outside.isEmpty(), qPrintable(outside.join(u'\n')));
        }
        // The window reaches the shared words and definitions, never the CLI itself.
        const QStringList gui =
            includesOutside(u"src/gui"_s, {u"gui"_s, u"core"_s, u"mcp"_s, u"text"_s, u"clidefs"_s});
        QVERIFY2(gui.isEmpty(), qPrintable(gui.join(u'\n')));
    }

    void linkLinesFollowTheLayers()
    {
        const QHash<QString, QStringList> graph = linkGraph();
        for (const QString &target : {u"grex_core"_s, u"grex_mcp"_s, u"grex_clidefs"_s,
                                      u"grex_text"_s, u"grex_cli"_s, u"grex_gui"_s, u"grex-gui"_s})
            QVERIFY2(graph.contains(target), qPrintable(target));
        const QSet<QString> frontEnds{u"grex_cli"_s, u"grex_gui"_s, u"Qt6::Widgets"_s,
                                      u"Qt6::Gui"_s};
        for (const QString &target : {u"grex_core"_s, u"grex_mcp"_s}) {
            const QSet<QString> linked = linkedBy(graph, target);
            QVERIFY2(!linked.intersects(frontEnds), qPrintable(target));
        }
        // The text and the definitions: core and Qt Core only.
        for (const QString &target : {u"grex_text"_s, u"grex_clidefs"_s}) {
            QSet<QString> linked = linkedBy(graph, target);
            QVERIFY2(!linked.intersects(frontEnds) && !linked.contains(u"grex_mcp"_s) &&
                         !linked.contains(u"grex_clidefs"_s) && !linked.contains(u"grex_text"_s),
                     qPrintable(target));
            QVERIFY2(graph.value(target) == QStringList{u"grex_core"_s}, qPrintable(target));
        }
        // The window links the CLI's words and definitions, not the CLI.
        for (const QString &target : {u"grex_gui"_s, u"grex-gui"_s}) {
            const QSet<QString> linked = linkedBy(graph, target);
            QVERIFY2(!linked.contains(u"grex_cli"_s), qPrintable(target));
        }
        QVERIFY(linkedBy(graph, u"grex_gui"_s).contains(u"grex_text"_s));
        QVERIFY(linkedBy(graph, u"grex-gui"_s).contains(u"grex_clidefs"_s));
        QVERIFY(linkedBy(graph, u"grex"_s).contains(u"grex_cli"_s));
        const QSet<QString> cli = linkedBy(graph, u"grex_cli"_s);
        QVERIFY(cli.contains(u"grex_text"_s) && cli.contains(u"grex_clidefs"_s));
    }

    void noStdoutWritesInCore()
    {
        const QRegularExpression stdoutWrite(
            u"std::cout|\\bprintf\\s*\\(|\\bputs\\s*\\(|fputs\\s*\\([^,]*,\\s*stdout|"
            "fwrite\\s*\\([^;]*stdout|QTextStream\\s*\\w*\\s*[({]\\s*stdout|STDOUT_FILENO|"
            "qInstallMessageHandler"_s);
        QStringList files = sources(u"src/core"_s);
        files += sources(u"src/mcp"_s);
        // The stdio transport is the one writer of MCP frames; nothing else in src/mcp may
        // touch stdout (docs/design.md, "MCP transport and framing").
        files.removeIf([](const QString &file) { return file.endsWith(u"/mcp/stdioserver.cpp"); });
        QVERIFY(!files.isEmpty());
        const auto hits = grep(files, stdoutWrite);
        QVERIFY2(hits.isEmpty(), qPrintable(describe(hits)));
    }

    void libgit2StaysInTheGitFolder()
    {
        const QRegularExpression git2(u"#\\s*include\\s*[<\"]git2"_s);
        QStringList outside;
        for (const QString &dir : {u"src/core"_s, u"src/cli"_s, u"src/gui"_s, u"src/mcp"_s}) {
            for (const QString &f : sources(dir)) {
                if (!f.contains(u"/src/core/git/"_s))
                    outside.append(f);
            }
        }
        const auto hits = grep(outside, git2);
        QVERIFY2(hits.isEmpty(), qPrintable(describe(hits)));
        // Inside src/core/git only the private header and sources name libgit2.
        QStringList publicGitHeaders;
        for (const QString &f : sources(u"src/core/git"_s)) {
            if (f.endsWith(u".h"_s) && !f.endsWith(u"_p.h"_s))
                publicGitHeaders.append(f);
        }
        const auto leaks = grep(publicGitHeaders, QRegularExpression(u"git2|git_[a-z_]+ \\*"_s));
        QVERIFY2(leaks.isEmpty(), qPrintable(describe(leaks)));
    }

    void noStubs()
    {
        const QRegularExpression stub(u"\"unimplemented\"|not implemented yet|TODO: implement"_s,
                                      QRegularExpression::CaseInsensitiveOption);
        const auto hits = grep(sources(u"src"_s), stub);
        QVERIFY2(hits.isEmpty(), qPrintable(describe(hits)));
    }

    // No source file over 800 lines and no function over 150 (docs/architecture.md, "Sizes"),
    // as tools/longfunctions.py counts them.
    void sizesStayWithinTheLimits()
    {
        const QString root = QStringLiteral(GREX_SOURCE_DIR);
        QProcess tool;
        tool.setWorkingDirectory(root);
        tool.start(u"python3"_s, {root + u"/tools/longfunctions.py"_s, u"src"_s});
        QVERIFY2(tool.waitForFinished(60000), qPrintable(tool.errorString()));
        const QString said =
            QString::fromUtf8(tool.readAllStandardOutput() + tool.readAllStandardError());
        QVERIFY2(tool.exitStatus() == QProcess::NormalExit && tool.exitCode() == 0,
                 qPrintable(said));
    }
};

QTEST_GUILESS_MAIN(tst_Layering)
#include "tst_layering.moc"
