#include "support/grexrunner.h"
#include "support/remotebuilder.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

QByteArray line(const QJsonObject &message)
{
    return QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n';
}

QByteArray request(int id, const QString &method, const QJsonObject &params = {})
{
    return line(
        {{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"method"_s, method}, {u"params"_s, params}});
}

// A running `grex serve`, spoken to over its pipes.
class Server
{
public:
    explicit Server(const QString &workspace, const QStringList &extra = {})
    {
        m_process.setWorkingDirectory(workspace);
        m_process.start(grexBinary(), QStringList{u"serve"_s} + extra);
        if (!m_process.waitForStarted())
            qFatal("grex serve did not start");
    }

    ~Server()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished();
        }
    }

    void write(const QByteArray &bytes)
    {
        qsizetype done = 0;
        while (done < bytes.size()) {
            const qint64 n = m_process.write(bytes.constData() + done, bytes.size() - done);
            QVERIFY(n >= 0);
            done += n;
            m_process.waitForBytesWritten(1000);
        }
    }

    // The next frame whose id is `id` (or whose method is `method`), within the timeout.
    QJsonObject waitFor(const std::function<bool(const QJsonObject &)> &match, int ms = 30000)
    {
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < ms) {
            for (const QJsonObject &frame : std::as_const(m_frames)) {
                if (match(frame))
                    return frame;
            }
            if (!m_process.waitForReadyRead(100) && m_process.state() == QProcess::NotRunning)
                break;
            readFrames();
        }
        readFrames();
        for (const QJsonObject &frame : std::as_const(m_frames)) {
            if (match(frame))
                return frame;
        }
        return {};
    }

    QJsonObject response(int id, int ms = 30000)
    {
        return waitFor([id](const QJsonObject &o) { return o.value(u"id"_s) == QJsonValue(id); },
                       ms);
    }

    void closeInput() { m_process.closeWriteChannel(); }
    void terminate() { m_process.terminate(); }

    bool finished(int ms) { return m_process.waitForFinished(ms); }
    int exitCode() const { return m_process.exitCode(); }
    QProcess::ExitStatus exitStatus() const { return m_process.exitStatus(); }

    // Every byte of stdout so far, which must be frames only.
    QByteArray stdoutBytes()
    {
        readFrames();
        return m_all;
    }

private:
    void readFrames()
    {
        const QByteArray bytes = m_process.readAllStandardOutput();
        m_all += bytes;
        m_pending += bytes;
        qsizetype newline;
        while ((newline = m_pending.indexOf('\n')) >= 0) {
            m_frames.append(QJsonDocument::fromJson(m_pending.left(newline)).object());
            m_pending.remove(0, newline + 1);
        }
    }

    QProcess m_process;
    QByteArray m_all;
    QByteArray m_pending;
    QList<QJsonObject> m_frames;
};

} // namespace

// The built `grex serve` as a client sees it: a process on two pipes.
class tst_McpServe : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_workspace;

private Q_SLOTS:
    void initTestCase()
    {
        const QString remotes = m_tmp.filePath(u"remotes"_s);
        RemoteBuilder builder(remotes);
        builder.create(u"alpha"_s, RemoteBuilder::packFiles(u"alpha"_s));
        builder.create(u"sleeper"_s,
                       {{u".grex/pack.yaml"_s,
                         RemoteBuilder::packYaml(u"sleeper"_s, u"declarative"_s,
                                                 "actions:\n  - exec: {cmd: [sleep, '30']}\n")}});
        m_workspace = m_tmp.filePath(u"ws"_s);
        QDir().mkpath(m_workspace);
        RunOptions options;
        options.workDir = m_workspace;
        QCOMPARE(runGrex({u"init"_s}, options).exitCode, 0);
        for (const QString &name : {u"alpha"_s, u"sleeper"_s}) {
            const RunResult r =
                runGrex({u"add"_s, remotes + u'/' + name + u".git"_s, u"--no-install"_s}, options);
            QVERIFY2(r.exitCode == 0, r.err.constData());
        }
    }

    void hostileLinesThenEofInTheMiddleOfASync()
    {
        Server server(m_workspace);
        server.write(request(
            1, u"initialize"_s,
            {{u"protocolVersion"_s, u"2025-06-18"_s},
             {u"capabilities"_s, QJsonObject()},
             {u"clientInfo"_s, QJsonObject{{u"name"_s, u"tst"_s}, {u"version"_s, u"1"_s}}}}));
        QCOMPARE(server.response(1).value(u"result"_s).toObject().value(u"protocolVersion"_s),
                 u"2025-06-18"_s);
        server.write(
            line({{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/initialized"_s}}));
        // 20 MiB on one line: refused without holding it, and the session goes on.
        const QByteArray huge = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\",\"x\":\"" +
                                QByteArray(20 * 1024 * 1024, 'a') + "\"}\n";
        server.write(huge);
        const QJsonObject tooLong = server.waitFor([](const QJsonObject &o) {
            return o.value(u"error"_s).toObject().value(u"data"_s).toObject().value(u"kind"_s) ==
                   u"line_too_long"_s;
        });
        QVERIFY(!tooLong.isEmpty());
        QVERIFY(tooLong.value(u"id"_s).isNull());
        server.write("garbage\n[{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}]\n");
        server.write(request(4, u"ping"_s));
        QVERIFY(server.response(4).contains(u"result"_s));
        QVERIFY(server.response(3, 200).isEmpty()); // the batch was not dispatched

        // A long sync, then stdin closes: the server stops it and exits 0 within the grace.
        server.write(
            request(5, u"tools/call"_s, {{u"name"_s, u"sync"_s}, {u"arguments"_s, QJsonObject()}}));
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(m_workspace + u"/.grex.sync.lock"_s), 20000);
        QTest::qWait(300);
        server.closeInput();
        QVERIFY(server.finished(10000));
        QCOMPARE(server.exitStatus(), QProcess::NormalExit);
        QCOMPARE(server.exitCode(), 0);
        // stdout held frames only: one JSON-RPC object per line.
        const QList<QByteArray> lines = server.stdoutBytes().split('\n');
        QVERIFY(lines.last().isEmpty());
        for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
            const QJsonDocument doc = QJsonDocument::fromJson(lines.at(i));
            QVERIFY2(doc.isObject(), lines.at(i).left(200).constData());
            QCOMPARE(doc.object().value(u"jsonrpc"_s).toString(), u"2.0"_s);
        }
        // The workspace is left consistent: doctor finds no damage and the lock is free.
        RunOptions options;
        options.workDir = m_workspace;
        const RunResult doctor = runGrex({u"doctor"_s, u"--json"_s}, options);
        QVERIFY2(doctor.json().object().value(u"worst_severity"_s).toString() != u"error"_s,
                 doctor.out.constData());
        QVERIFY(!QFileInfo::exists(m_workspace + u"/.grex.sync.lock"_s));
    }

    void shutdownRequestDrainsAndExits()
    {
        Server server(m_workspace, {u"--drain-timeout"_s, u"0.2"_s});
        server.write(
            request(1, u"initialize"_s,
                    {{u"protocolVersion"_s, u"2025-06-18"_s}, {u"capabilities"_s, QJsonObject()}}));
        QVERIFY(server.response(1).contains(u"result"_s));
        server.write(
            request(2, u"tools/call"_s, {{u"name"_s, u"sync"_s}, {u"arguments"_s, QJsonObject()}}));
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(m_workspace + u"/.grex.sync.lock"_s), 20000);
        server.write(request(3, u"shutdown"_s));
        server.write(request(4, u"ping"_s));
        // The sync outlived the drain: cancelled by the server, which says so (-32800).
        QCOMPARE(server.response(2).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32800);
        QCOMPARE(server.response(3).value(u"result"_s).toObject(), QJsonObject());
        QVERIFY(server.finished(10000)); // stdin still open: it leaves on its own
        QCOMPARE(server.exitCode(), 0);
    }

    // One SIGTERM ends a server whose client keeps stdin open, as a closed stdin does: the
    // process's one signal bridge stops the session, no second signal needed.
    void sigtermEndsTheSession()
    {
        Server server(m_workspace);
        server.write(
            request(1, u"initialize"_s,
                    {{u"protocolVersion"_s, u"2025-06-18"_s}, {u"capabilities"_s, QJsonObject()}}));
        QVERIFY(server.response(1).contains(u"result"_s));
        server.terminate();
        QVERIFY(server.finished(10000));
        QCOMPARE(server.exitStatus(), QProcess::NormalExit);
        QCOMPARE(server.exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(tst_McpServe)
#include "tst_mcpserve.moc"
