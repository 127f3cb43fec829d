#include "grexrunner.h"
#include "remotebuilder.h"

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
                                   u"/@modelcontextprotocol/sdk/package.json"_s),
                 "the MCP TypeScript SDK is not in the build tree: run the tests with ctest "
                 "(its mcp_interop_npm step installs it)");
    }

    void typescriptSdkClient()
    {
        const QString remotes = m_tmp.filePath(u"remotes"_s);
        RemoteBuilder builder(remotes);
        for (const QString &name : {u"alpha"_s, u"beta"_s})
            builder.create(name, RemoteBuilder::packFiles(name));
        builder.create(u"sleeper"_s,
                       {{u".grex/pack.yaml"_s,
                         RemoteBuilder::packYaml(u"sleeper"_s, u"declarative"_s,
                                                 "actions:\n  - exec: {cmd: [sleep, '4217']}\n")}});
        const QString workspace = m_tmp.filePath(u"ws"_s);
        QVERIFY(QDir().mkpath(workspace));
        RunOptions options;
        options.workDir = workspace;
        QCOMPARE(runGrex({u"init"_s}, options).exitCode, 0);
        for (const QString &name : {u"alpha"_s, u"beta"_s, u"sleeper"_s}) {
            QStringList args{u"add"_s, remotes + u'/' + name + u".git"_s};
            if (name == u"sleeper")
                args << u"--no-install"_s;
            const RunResult added = runGrex(args, options);
            QVERIFY2(added.exitCode == 0, added.err.constData());
        }

        RunOptions node;
        node.workDir = workspace;
        node.env << u"NODE_PATH="_s + QStringLiteral(GREX_INTEROP_NODE_MODULES);
        node.timeoutMs = 240000;
        const RunResult run = runProgram(
            m_node,
            {QStringLiteral(GREX_SOURCE_DIR) + u"/tests/mcp/interop/interop.cjs"_s, grexBinary(),
             workspace},
            node);
        qInfo().noquote() << run.outText();
        if (!run.err.isEmpty())
            qInfo().noquote() << "stderr:" << run.errText();
        QVERIFY(!run.crashed);
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.outText().contains(u"\n1.."_s)); // the script reached its end
    }

    void typescriptSdkOverHttp()
    {
        const QString remotes = m_tmp.filePath(u"remotes-http"_s);
        RemoteBuilder builder(remotes);
        for (const QString &name : {u"alpha"_s, u"beta"_s})
            builder.create(name, RemoteBuilder::packFiles(name));
        const QString workspace = m_tmp.filePath(u"ws-http"_s);
        QVERIFY(QDir().mkpath(workspace));
        RunOptions options;
        options.workDir = workspace;
        QCOMPARE(runGrex({u"init"_s}, options).exitCode, 0);
        for (const QString &name : {u"alpha"_s, u"beta"_s})
            QCOMPARE(runGrex({u"add"_s, remotes + u'/' + name + u".git"_s}, options).exitCode, 0);

        RunOptions node;
        node.workDir = workspace;
        node.env << u"NODE_PATH="_s + QStringLiteral(GREX_INTEROP_NODE_MODULES);
        node.timeoutMs = 120000;
        const RunResult run = runProgram(
            m_node,
            {QStringLiteral(GREX_SOURCE_DIR) + u"/tests/mcp/interop/interop-http.cjs"_s,
             grexBinary(), workspace},
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
