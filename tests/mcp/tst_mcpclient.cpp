#include "support/grexrunner.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

// `grex mcp status` and `grex mcp call`: the built grex as an MCP client against grex serve
// over stdio and over HTTP, against the reference server of the MCP project, and against a
// server that dies in the middle of a call.
class tst_McpClient : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_workspace;
    RunOptions m_options;

    // A `grex serve --http` child on a free loopback port; returns its URL.
    QString startHttp(QProcess &server, const QByteArray &token)
    {
        return startHttpServer(server, m_workspace, {u"--token"_s, QString::fromLatin1(token)},
                               {u"XDG_RUNTIME_DIR="_s + m_tmp.filePath(u"run"_s)})
            .toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_workspace = m_tmp.filePath(u"ws"_s);
        QVERIFY(QDir().mkpath(m_tmp.filePath(u"run"_s)));
        m_options.workDir = m_workspace;
        m_options.env << u"XDG_RUNTIME_DIR="_s + m_tmp.filePath(u"run"_s)
                      << u"GREX_MCP_TOKEN="_s;
        QVERIFY(addedByGrex(m_workspace, m_tmp.filePath(u"remotes"_s), {u"alpha"_s, u"beta"_s},
                            m_options));
    }

    void statusOverStdio()
    {
        const RunResult human =
            runGrex({u"mcp"_s, u"status"_s, u"--"_s, grexBinary(), u"serve"_s, u"-q"_s},
                    m_options);
        QVERIFY2(human.exitCode == 0, human.err.constData());
        QVERIFY(human.outText().contains(u"Server:       grex 0.1.0 (grex MCP server)"_s));
        // Either era: server/discover first, initialize when asked for a legacy revision.
        QVERIFY(human.outText().contains(u"Protocol:     2026-07-28"_s));
        QVERIFY(human.outText().contains(u"Tools (%1):"_s.arg(mcpToolNames().size())));
        QVERIFY(human.outText().contains(u"  status — Show pack status"_s));

        const RunResult json = runGrex(
            {u"mcp"_s, u"status"_s, u"--json"_s, u"--"_s, grexBinary(), u"serve"_s, u"-q"_s},
            m_options);
        QCOMPARE(json.exitCode, 0);
        const QJsonObject doc = json.json().object();
        QCOMPARE(doc.value(u"serverInfo"_s).toObject().value(u"name"_s).toString(), u"grex"_s);
        QCOMPARE(doc.value(u"protocolVersion"_s).toString(), u"2026-07-28"_s);
        for (const QString &legacy : {u"2025-11-25"_s, u"2025-06-18"_s}) {
            const RunResult old =
                runGrex({u"mcp"_s, u"status"_s, u"--json"_s, u"--protocol"_s, legacy, u"--"_s,
                         grexBinary(), u"serve"_s, u"-q"_s},
                        m_options);
            QCOMPARE(old.exitCode, 0);
            QCOMPARE(old.json().object().value(u"protocolVersion"_s).toString(), legacy);
        }
        QCOMPARE(doc.value(u"tools"_s).toArray().size(), mcpToolNames().size());
        QVERIFY(doc.value(u"capabilities"_s).toObject().contains(u"tools"_s));
    }

    void callOverStdio()
    {
        const RunResult ls = runGrex({u"--json"_s, u"mcp"_s, u"call"_s, u"ls"_s, u"--"_s,
                                      grexBinary(), u"serve"_s, u"-q"_s},
                                     m_options);
        QCOMPARE(ls.exitCode, 0);
        const QJsonObject result = ls.json().object();
        QCOMPARE(result.value(u"isError"_s).toBool(), false);
        // The tool's document is the CLI's --json document.
        const RunResult cli = runGrex({u"ls"_s, u"--json"_s}, m_options);
        QCOMPARE(QJsonDocument::fromJson(result.value(u"content"_s).toArray().at(0).toObject()
                                             .value(u"text"_s).toString().toUtf8()),
                 cli.json());

        // A tool error exits with its kind's code: exec is not approved (9).
        const RunResult exec =
            runGrex({u"mcp"_s, u"call"_s, u"exec"_s, u"--arg"_s, u"cmd=[\"true\"]"_s, u"--"_s,
                     grexBinary(), u"serve"_s, u"-q"_s},
                    m_options);
        QCOMPARE(exec.exitCode, 9);
        QVERIFY2(exec.err.contains("not_approved"), exec.err.constData());
        // A protocol error (unknown tool: -32602) exits 6.
        const RunResult unknown = runGrex(
            {u"mcp"_s, u"call"_s, u"nosuch"_s, u"--"_s, grexBinary(), u"serve"_s, u"-q"_s},
            m_options);
        QCOMPARE(unknown.exitCode, 6);
        QVERIFY2(unknown.err.contains("unknown tool 'nosuch'"), unknown.err.constData());
    }

    void overHttp()
    {
        QProcess server;
        const QString url = startHttp(server, "client-token");
        QVERIFY(!url.isEmpty());
        const RunResult status = runGrex(
            {u"mcp"_s, u"status"_s, u"--url"_s, url, u"--token"_s, u"client-token"_s}, m_options);
        QVERIFY2(status.exitCode == 0, status.err.constData());
        QVERIFY(status.outText().contains(u"Tools (%1):"_s.arg(mcpToolNames().size())));
        // GREX_MCP_TOKEN works as the token too.
        RunOptions withEnv = m_options;
        withEnv.env << u"GREX_MCP_TOKEN=client-token"_s;
        const RunResult call = runGrex(
            {u"--json"_s, u"mcp"_s, u"call"_s, u"status"_s, u"--arg"_s, u"filter=name=alpha"_s,
             u"--url"_s, url},
            withEnv);
        QVERIFY2(call.exitCode == 0, call.err.constData());
        const QJsonArray packs =
            QJsonDocument::fromJson(call.json().object().value(u"content"_s).toArray().at(0)
                                        .toObject().value(u"text"_s).toString().toUtf8())
                .array();
        QCOMPARE(packs.size(), 1);
        QCOMPARE(packs.at(0).toObject().value(u"id"_s).toString(), u"alpha"_s);
        // Without the token: 401, a protocol error.
        const RunResult refused = runGrex({u"mcp"_s, u"status"_s, u"--url"_s, url}, m_options);
        QCOMPARE(refused.exitCode, 6);
        QVERIFY2(refused.err.contains("401") && refused.err.contains("--token"),
                 refused.err.constData());
        server.terminate();
        QVERIFY(server.waitForFinished(10000));
        // Nobody listening any more.
        const RunResult gone = runGrex(
            {u"mcp"_s, u"status"_s, u"--url"_s, url, u"--token"_s, u"client-token"_s}, m_options);
        QCOMPARE(gone.exitCode, 6);
        QVERIFY2(gone.err.contains("cannot reach"), gone.err.constData());
    }

    void referenceServerOverStdio()
    {
        const QString node = QStandardPaths::findExecutable(u"node"_s);
        QVERIFY2(!node.isEmpty(), "node is not on PATH: tools/test.sh installs Node.js");
        const QString everything =
            QStringLiteral(GREX_INTEROP_NODE_MODULES) +
            u"/@modelcontextprotocol/server-everything/dist/index.js"_s;
        QVERIFY2(QFileInfo::exists(everything),
                 "server-everything is not in the build tree: run the tests with ctest");
        const RunResult r = runGrex(
            {u"--json"_s, u"mcp"_s, u"status"_s, u"--"_s, node, everything, u"stdio"_s},
            m_options);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject doc = r.json().object();
        QCOMPARE(doc.value(u"serverInfo"_s).toObject().value(u"name"_s).toString(),
                 u"mcp-servers/everything"_s);
        QVERIFY(doc.value(u"tools"_s).toArray().size() >= 5);
        QStringList names;
        for (const QJsonValue &t : doc.value(u"tools"_s).toArray())
            names.append(t.toObject().value(u"name"_s).toString());
        QVERIFY2(names.contains(u"echo"_s), qPrintable(names.join(u' ')));
        const RunResult echo = runGrex({u"mcp"_s, u"call"_s, u"echo"_s, u"--arg"_s,
                                        u"message=hello from grex"_s, u"--"_s, node, everything,
                                        u"stdio"_s},
                                       m_options);
        QVERIFY2(echo.exitCode == 0, echo.err.constData());
        QVERIFY2(echo.outText().contains(u"hello from grex"_s), echo.out.constData());
    }

    void serverDiesInTheMiddleOfACall()
    {
        const RunResult r = runGrex(
            {u"mcp"_s, u"call"_s, u"anything"_s, u"--protocol"_s, u"2025-06-18"_s, u"--"_s,
             u"sh"_s, QStringLiteral(GREX_SOURCE_DIR) + u"/tests/mcp/data/dying-server.sh"_s},
            m_options);
        QCOMPARE(r.exitCode, 6);
        QVERIFY2(r.err.contains("exited (exit code 3) before it answered tools/call"),
                 r.err.constData());
        QVERIFY2(r.err.contains("giving up in the middle of a call"), r.err.constData());
        // A 2026-era answer of a kind no revision defines.
        const RunResult odd = runGrex(
            {u"mcp"_s, u"call"_s, u"anything"_s, u"--"_s, u"sh"_s,
             QStringLiteral(GREX_SOURCE_DIR) + u"/tests/mcp/data/odd-result-server.sh"_s},
            m_options);
        QCOMPARE(odd.exitCode, 6);
        QVERIFY2(odd.err.contains("resultType 'maybe_later'"), odd.err.constData());
        // A command that does not exist.
        const RunResult missing =
            runGrex({u"mcp"_s, u"status"_s, u"--"_s, u"/nonexistent/server"_s}, m_options);
        QCOMPARE(missing.exitCode, 6);
        QVERIFY2(missing.err.contains("cannot start the server"), missing.err.constData());
    }

    void usageErrors()
    {
        QCOMPARE(runGrex({u"mcp"_s, u"status"_s}, m_options).exitCode, 2);
        QCOMPARE(runGrex({u"mcp"_s, u"frobnicate"_s, u"--url"_s, u"http://x/mcp"_s}, m_options)
                     .exitCode,
                 2);
        QCOMPARE(runGrex({u"mcp"_s, u"call"_s, u"--url"_s, u"http://127.0.0.1:1/mcp"_s},
                         m_options)
                     .exitCode,
                 2);
        QCOMPARE(runGrex({u"mcp"_s, u"status"_s, u"--url"_s, u"ftp://x"_s}, m_options).exitCode,
                 2);
        QCOMPARE(runGrex({u"mcp"_s, u"call"_s, u"ls"_s, u"--arg"_s, u"novalue"_s, u"--url"_s,
                          u"http://127.0.0.1:1/mcp"_s},
                         m_options)
                     .exitCode,
                 2);
    }
};

QTEST_GUILESS_MAIN(tst_McpClient)
#include "tst_mcpclient.moc"
