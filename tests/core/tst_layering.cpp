#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;

// Core and the MCP layer stay headless and never write to stdout (stdout of `grex serve`
// carries only JSON-RPC frames); libgit2 stays behind src/core/git. The report text
// (src/cli/text) and the command-line definitions (src/cli/defs) are libraries of their own on
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
        const QRegularExpression command(u"(add_library|target_link_libraries)\\s*\\(([^)]*)\\)"_s);
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
                for (const QString &word : words.mid(1)) {
                    if (word != u"PUBLIC" && word != u"PRIVATE" && word != u"INTERFACE")
                        links[words.at(0)].append(word);
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

    // The quoted includes of the sources in dir that are not found beside the including file or
    // under one of the include roots it may use, but under another folder of src/: a reach into
    // a layer the library does not link.
    static QStringList includesOutside(const QString &dir, const QStringList &allowedRoots)
    {
        const QString src = QStringLiteral(GREX_SOURCE_DIR) + u"/src/"_s;
        QStringList otherRoots;
        for (const QString &root :
             {u"core"_s, u"mcp"_s, u"cli"_s, u"cli/defs"_s, u"cli/text"_s, u"gui"_s}) {
            if (!allowedRoots.contains(root))
                otherRoots.append(root);
        }
        const QRegularExpression include(u"^\\s*#\\s*include\\s*\"([^\"]+)\""_s,
                                         QRegularExpression::MultilineOption);
        QStringList hits;
        for (const QString &path : sources(dir)) {
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            const QString text = QString::fromUtf8(f.readAll());
            for (const QRegularExpressionMatch &m : include.globalMatch(text)) {
                const QString name = m.captured(1);
                bool allowed = QFileInfo::exists(QFileInfo(path).absolutePath() + u'/' + name) ||
                               name.endsWith(u".moc"_s);
                for (const QString &root : allowedRoots)
                    allowed = allowed || QFileInfo::exists(src + root + u'/' + name);
                if (allowed)
                    continue;
                for (const QString &root : otherRoots) {
                    if (QFileInfo::exists(src + root + u'/' + name))
                        hits.append(path + u": "_s + name + u" (src/"_s + root + u')');
                }
            }
        }
        return hits;
    }

private Q_SLOTS:
    void sourcesExist() { QVERIFY(sources(u"src/core"_s).size() > 20); }

    void noWidgetsOrFrontEndsInCore()
    {
        const QString widgets =
            u"QtWidgets|QtGui|QWidget|QApplication|QMainWindow|QDialog|QGuiApplication"_s;
        const QString include = u"^\\s*#\\s*include\\s*[<\"]("_s;
        const QRegularExpression coreInclude(include + widgets + u"|gui/|cli/|mcp/)"_s);
        const auto coreHits = grep(sources(u"src/core"_s), coreInclude);
        QVERIFY2(coreHits.isEmpty(), qPrintable(describe(coreHits)));
        const QRegularExpression mcpInclude(include + widgets + u"|gui/|cli/)"_s);
        const auto mcpHits = grep(sources(u"src/mcp"_s), mcpInclude);
        QVERIFY2(mcpHits.isEmpty(), qPrintable(describe(mcpHits)));
    }

    void textAndDefinitionsStandOnCoreAlone()
    {
        const QRegularExpression widgets(
            u"^\\s*#\\s*include\\s*[<\"](QtWidgets|QtGui|QWidget|QApplication|QGuiApplication|"
            "QMainWindow|QDialog|QColor|QFont)"_s);
        for (const QString &dir : {u"cli/text"_s, u"cli/defs"_s}) {
            QVERIFY(!sources(u"src/"_s + dir).isEmpty());
            const auto hits = grep(sources(u"src/"_s + dir), widgets);
            QVERIFY2(hits.isEmpty(), qPrintable(describe(hits)));
            const QStringList outside = includesOutside(u"src/"_s + dir, {dir, u"core"_s});
            QVERIFY2(outside.isEmpty(), qPrintable(outside.join(u'\n')));
        }
        // The window reaches the CLI's words and definitions, never the CLI itself.
        const QStringList gui = includesOutside(
            u"src/gui"_s, {u"gui"_s, u"core"_s, u"mcp"_s, u"cli/text"_s, u"cli/defs"_s});
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
};

QTEST_GUILESS_MAIN(tst_Layering)
#include "tst_layering.moc"
