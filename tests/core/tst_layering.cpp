#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;

// Core and the MCP layer stay headless and never write to stdout (stdout of `grex serve`
// carries only JSON-RPC frames); libgit2 stays behind src/core/git.
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
