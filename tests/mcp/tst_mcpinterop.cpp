#include "mcp/tools.h"
#include "support/grexrunner.h"
#include "support/remotebuilder.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

// The built `grex serve` driven by the official MCP TypeScript SDK client
// (tests/mcp/interop/interop.cjs). The SDK is installed from npm into the build tree by the
// mcp_interop_npm test, which CTest runs first.
class tst_McpInterop : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_node;

private Q_SLOTS:
    void initTestCase()
    {
        m_node = QStandardPaths::findExecutable(u"node"_s);
        QVERIFY2(!m_node.isEmpty(), "node is not on PATH: tools/test.sh installs Node.js");
        QVERIFY2(QFileInfo::exists(QStringLiteral(GREX_INTEROP_NODE_MODULES) +
                                   u"/@modelcontextprotocol/sdk/package.json"_s) &&
                     QFileInfo::exists(QStringLiteral(GREX_INTEROP_NODE_MODULES) +
                                       u"/@modelcontextprotocol/client/package.json"_s),
                 "the MCP TypeScript SDK is not in the build tree: run the tests with ctest "
                 "(its mcp_interop_npm step installs it)");
    }

    void typescriptSdkClient()
    {
        // sleeper's install runs `sleep 4217`, so a sync that reaches it lasts until cancelled.
        const QString workspace = workspaceWith(u"ws"_s, true);
        QVERIFY(!workspace.isEmpty());
        runScript(u"interop.cjs"_s, workspace, 240000);
    }

    void typescriptSdkOverHttp()
    {
        const QString workspace = workspaceWith(u"ws-http"_s, false);
        QVERIFY(!workspace.isEmpty());
        runScript(u"interop-http.cjs"_s, workspace, 120000);
    }

    // Claude Code's initialize after server/discover, over stdio and HTTP, and VS Code's fall
    // back to the HTTP+SSE transport of 2024-11-05.
    void clientsThatFallBack()
    {
        const QString workspace = workspaceWith(u"ws-fallback"_s, false);
        QVERIFY(!workspace.isEmpty());
        runScript(u"interop-fallback.cjs"_s, workspace, 120000);
    }

    void everyRevisionSideBySide()
    {
        const QString workspace = workspaceWith(u"ws-eras"_s, false);
        QVERIFY(!workspace.isEmpty());
        // The packs each transport's client adds, to hear of it on its subscription.
        const QString remotes = m_tmp.filePath(u"ws-eras-remotes"_s);
        RemoteBuilder builder(remotes);
        for (const QString &pack : {u"gamma-stdio"_s, u"gamma-http"_s})
            builder.create(pack, RemoteBuilder::packFiles(pack));
        runScript(u"interop-eras.cjs"_s, workspace, 240000, {remotes});
    }

private:
    // A workspace of alpha and beta (installed), and sleeper (registered only) when asked;
    // "" when setting it up failed.
    QString workspaceWith(const QString &name, bool sleeper)
    {
        const QString remotes = m_tmp.filePath(name + u"-remotes"_s);
        RemoteBuilder builder(remotes);
        QStringList packs{u"alpha"_s, u"beta"_s};
        for (const QString &pack : std::as_const(packs))
            builder.create(pack, RemoteBuilder::packFiles(pack));
        if (sleeper) {
            builder.create(u"sleeper"_s,
                           {{u".grex/pack.yaml"_s,
                             RemoteBuilder::packYaml(u"sleeper"_s, u"declarative"_s,
                                                     "actions:\n  - exec: {cmd: [sleep, '4217']}\n")}});
            packs << u"sleeper"_s;
        }
        const QString workspace = m_tmp.filePath(name);
        RunOptions options;
        options.workDir = workspace;
        if (!QDir().mkpath(workspace) || runGrex({u"init"_s}, options).exitCode != 0)
            return {};
        for (const QString &pack : std::as_const(packs)) {
            QStringList args{u"add"_s, remotes + u'/' + pack + u".git"_s};
            if (pack == u"sleeper")
                args << u"--no-install"_s;
            const RunResult added = runGrex(args, options);
            if (added.exitCode != 0) {
                qWarning("grex add %s: %s", qUtf8Printable(pack), added.err.constData());
                return {};
            }
        }
        return workspace;
    }

    // Runs a script of tests/mcp/interop with node against the built grex and the workspace.
    void runScript(const QString &script, const QString &workspace, int timeoutMs,
                   const QStringList &more = {})
    {
        RunOptions node;
        node.workDir = workspace;
        node.env << u"NODE_PATH="_s + QStringLiteral(GREX_INTEROP_NODE_MODULES)
                 << u"GREX_TEST_TOOLS="_s + mcpToolNames().join(u',')
                 << u"GREX_TEST_DESTRUCTIVE="_s + destructiveToolNames().join(u',')
                 << u"GREX_TEST_READONLY="_s + Grex::Mcp::readOnlyToolNames().join(u',')
                 << u"GREX_TEST_TOOLS_IN_ORDER="_s + Grex::Mcp::toolNames().join(u',');
        node.timeoutMs = timeoutMs;
        const RunResult run = runProgram(
            m_node,
            QStringList{QStringLiteral(GREX_SOURCE_DIR) + u"/tests/mcp/interop/"_s + script,
                        grexBinary(), workspace} +
                more,
            node);
        qInfo().noquote() << run.outText();
        if (!run.err.isEmpty())
            qInfo().noquote() << "stderr:" << run.errText();
        QVERIFY(!run.crashed);
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.outText().contains(u"\n1.."_s)); // the script reached its end
    }
};

QTEST_GUILESS_MAIN(tst_McpInterop)
#include "tst_mcpinterop.moc"
