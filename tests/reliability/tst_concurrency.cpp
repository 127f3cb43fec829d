// Concurrency stress. Each round starts 8 grex processes and 8 tools/call of one
// `grex serve --parallel 8` on one workspace, all at once, each an add, rm, sync or status (add
// and rm each on a pack of their own). Then:
//   - every operation either succeeded or was refused with a clean lock error: exit 5 and
//     error kind "lock" for the CLI, a tool error with code -32003 and kind "lock" for MCP;
//     status, which takes no lock, always succeeds;
//   - every MCP call got exactly one answer;
//   - grex.jsonl parses without a torn line, and holds exactly one add event per successful add
//     and one rm event per successful rm, none for a refused one, and no line twice;
//   - the registrations are the ones before plus the adds minus the rms, and doctor is clean.
//
//   GREX_STRESS_ROUNDS  rounds (default 6)
//   GREX_STRESS_SEED    seed (default 5)

#include "support/grexrunner.h"
#include "core/wire.h"
#include "support/remotebuilder.h"

#include "core/manifest/fold.h"
#include "core/manifest/intentlog.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

enum class Op { Add, Rm, Sync, Status };

constexpr WireTable<Op, 4> kOpWords{{
    {Op::Add, u"add"},
    {Op::Rm, u"rm"},
    {Op::Sync, u"sync"},
    {Op::Status, u"status"},
}};

QString opName(Op op)
{
    return wireWord(kOpWords, op);
}

struct Task
{
    Op op = Op::Status;
    QString pack;
    bool viaMcp = false;
    int id = 0; // the JSON-RPC id of an MCP task
    // What happened.
    bool succeeded = false;
    bool refusedByLock = false;
    QString problem; // anything else: the test fails with it

    QString name() const
    {
        return u"%1 %2 %3"_s.arg(viaMcp ? u"mcp"_s : u"cli"_s, opName(op), pack).trimmed();
    }
};

} // namespace

class tst_Concurrency : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void manyWritersAtOnce();

private:
    QString packUrl(const QString &name) const;
    QProcessEnvironment environment() const;
    QString readLog(QList<Event> &events, QList<QByteArray> &lines) const;

    QTemporaryDir m_tmp;
    QString m_remotes;
    QString m_ws;
    QString m_home;
    QStringList m_packs;
};

void tst_Concurrency::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_remotes = m_tmp.filePath(u"remotes"_s);
    m_ws = m_tmp.filePath(u"ws"_s);
    m_home = m_tmp.filePath(u"home"_s);
    QVERIFY(QDir().mkpath(m_home));
    QVERIFY(QDir().mkpath(m_ws));
    RemoteBuilder builder(m_remotes);
    for (int i = 1; i <= 16; ++i) {
        const QString name = u"pack-%1"_s.arg(i, 2, 10, QLatin1Char('0'));
        m_packs.append(name);
        const QByteArray dir = "$HOME/stress/" + name.toUtf8();
        builder.create(name,
                       {{u".grex/pack.yaml"_s,
                         RemoteBuilder::packYaml(name, u"declarative"_s,
                                                 "actions:\n  - mkdir: {path: \"" + dir +
                                                     "\"}\n  - symlink: {src: README.md, dst: \"" +
                                                     dir + "/README.md\"}\n")},
                        {u"README.md"_s, "# " + name.toUtf8() + "\n"}});
    }
    RunOptions options;
    options.workDir = m_ws;
    options.env = {u"HOME="_s + m_home, u"XDG_RUNTIME_DIR="_s + m_tmp.filePath(u"run"_s)};
    const RunResult init = runGrex({u"init"_s}, options);
    QVERIFY2(init.exitCode == 0, init.err.constData());
    for (int i = 0; i < 6; ++i) {
        const RunResult added = runGrex({u"add"_s, packUrl(m_packs.at(i))}, options);
        QVERIFY2(added.exitCode == 0, added.err.constData());
    }
}

QString tst_Concurrency::packUrl(const QString &name) const
{
    return QUrl::fromLocalFile(m_remotes + u'/' + name + u".git"_s).toString();
}

QProcessEnvironment tst_Concurrency::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOME"_s, m_home);
    env.insert(u"GIT_CONFIG_NOSYSTEM"_s, u"1"_s);
    env.insert(u"XDG_RUNTIME_DIR"_s, m_tmp.filePath(u"run"_s));
    return env;
}

QString tst_Concurrency::readLog(QList<Event> &events, QList<QByteArray> &lines) const
{
    QFile file(m_ws + u"/grex.jsonl"_s);
    if (!file.open(QIODevice::ReadOnly))
        return file.errorString();
    const QByteArray bytes = file.readAll();
    lines = bytes.split('\n');
    if (!lines.isEmpty() && lines.constLast().isEmpty())
        lines.removeLast();
    Result<LogReadResult> log = IntentLog::parse(bytes);
    if (!log)
        return log.error().text();
    if (log->tornTail || !log->warnings.isEmpty())
        return u"grex.jsonl has a torn or unreadable line"_s;
    events = log->events;
    return {};
}

void tst_Concurrency::manyWritersAtOnce()
{
    const int rounds = qEnvironmentVariableIsSet("GREX_STRESS_ROUNDS")
                           ? qEnvironmentVariableIntValue("GREX_STRESS_ROUNDS")
                           : 6;
    const quint32 seed = qEnvironmentVariableIsSet("GREX_STRESS_SEED")
                             ? quint32(qEnvironmentVariableIntValue("GREX_STRESS_SEED"))
                             : 5;
    QRandomGenerator random(seed);

    QProcess server;
    server.setProcessEnvironment(environment());
    server.setWorkingDirectory(m_ws);
    server.start(grexBinary(), {u"serve"_s, u"--approve-destructive"_s, u"--parallel"_s, u"8"_s});
    QVERIFY(server.waitForStarted());
    QByteArray serverOut;
    const auto send = [&](const QJsonObject &frame) {
        server.write(QJsonDocument(frame).toJson(QJsonDocument::Compact) + '\n');
    };
    send({{u"jsonrpc"_s, u"2.0"_s},
          {u"id"_s, 0},
          {u"method"_s, u"initialize"_s},
          {u"params"_s, QJsonObject{{u"protocolVersion"_s, u"2025-06-18"_s},
                                    {u"capabilities"_s, QJsonObject()},
                                    {u"clientInfo"_s, QJsonObject{{u"name"_s, u"stress"_s},
                                                                  {u"version"_s, u"1"_s}}}}}});
    QVERIFY(QTest::qWaitFor(
        [&] {
            server.waitForReadyRead(50);
            serverOut += server.readAllStandardOutput();
            return serverOut.contains('\n');
        },
        10000));
    serverOut.clear();
    send({{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/initialized"_s}});

    int nextId = 1;
    int succeeded = 0;
    int refused = 0;
    for (int round = 1; round <= rounds; ++round) {
        QList<Event> eventsBefore;
        QList<QByteArray> linesBefore;
        QCOMPARE(readLog(eventsBefore, linesBefore), QString());
        const QMap<QString, PackState> registeredBefore = fold(eventsBefore).packs;

        // 16 tasks; add and rm each take a pack no other task of the round touches.
        QStringList freeToAdd;
        QStringList freeToRemove;
        for (const QString &pack : std::as_const(m_packs))
            (registeredBefore.contains(pack) ? freeToRemove : freeToAdd).append(pack);
        QList<Task> tasks;
        for (int i = 0; i < 16; ++i) {
            Task task;
            task.viaMcp = i >= 8;
            const quint32 dice = random.bounded(100u);
            task.op = dice < 30 ? Op::Add : dice < 50 ? Op::Rm : dice < 75 ? Op::Sync : Op::Status;
            QStringList &pool = task.op == Op::Add ? freeToAdd : freeToRemove;
            if (task.op == Op::Add || task.op == Op::Rm) {
                if (pool.isEmpty())
                    task.op = Op::Status;
                else
                    task.pack = pool.takeAt(random.bounded(int(pool.size())));
            }
            tasks.append(task);
        }

        // Everything at once: the processes first, then the calls.
        std::vector<std::unique_ptr<QProcess>> processes;
        for (Task &task : tasks) {
            if (task.viaMcp)
                continue;
            QStringList args{opName(task.op), u"--json"_s};
            if (task.op == Op::Add)
                args.append(packUrl(task.pack));
            if (task.op == Op::Rm)
                args += {u"--yes"_s, task.pack};
            auto process = std::make_unique<QProcess>();
            process->setProcessEnvironment(environment());
            process->setWorkingDirectory(m_ws);
            process->start(grexBinary(), args);
            processes.push_back(std::move(process));
        }
        for (Task &task : tasks) {
            if (!task.viaMcp)
                continue;
            task.id = nextId++;
            QJsonObject arguments;
            if (task.op == Op::Add)
                arguments.insert(u"url"_s, packUrl(task.pack));
            if (task.op == Op::Rm)
                arguments.insert(u"path"_s, task.pack);
            send({{u"jsonrpc"_s, u"2.0"_s},
                  {u"id"_s, task.id},
                  {u"method"_s, u"tools/call"_s},
                  {u"params"_s, QJsonObject{{u"name"_s, opName(task.op)},
                                            {u"arguments"_s, arguments}}}});
        }

        // The processes' outcomes.
        size_t p = 0;
        for (Task &task : tasks) {
            if (task.viaMcp)
                continue;
            QProcess &process = *processes.at(p++);
            if (!process.waitForFinished(120000)) {
                task.problem = u"did not finish"_s;
                process.kill();
                process.waitForFinished();
                continue;
            }
            const QByteArray out = process.readAllStandardOutput();
            const QByteArray err = process.readAllStandardError();
            const QJsonObject error =
                QJsonDocument::fromJson(out).object().value(u"error"_s).toObject();
            if (process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0)
                task.succeeded = true;
            else if (process.exitCode() == 5 && error.value(u"kind"_s).toString() == u"lock")
                task.refusedByLock = true;
            else
                task.problem = u"exit %1: %2 %3"_s.arg(process.exitCode())
                                   .arg(QString::fromUtf8(out), QString::fromUtf8(err));
        }

        // The calls' answers: exactly one per id.
        QMap<int, QList<QJsonObject>> answers;
        QElapsedTimer waited;
        waited.start();
        const auto answered = [&] {
            for (const Task &task : std::as_const(tasks)) {
                if (task.viaMcp && !answers.contains(task.id))
                    return false;
            }
            return true;
        };
        while (!answered() && waited.elapsed() < 120000 && server.state() == QProcess::Running) {
            server.waitForReadyRead(100);
            serverOut += server.readAllStandardOutput();
            qsizetype newline;
            while ((newline = serverOut.indexOf('\n')) >= 0) {
                const QJsonObject frame = QJsonDocument::fromJson(serverOut.left(newline)).object();
                serverOut.remove(0, newline + 1);
                if (frame.contains(u"id"_s) && !frame.contains(u"method"_s))
                    answers[frame.value(u"id"_s).toInt()].append(frame);
            }
        }
        // A duplicate answer would come right behind the first one.
        server.waitForReadyRead(200);
        serverOut += server.readAllStandardOutput();
        for (const QByteArray &line : serverOut.split('\n')) {
            const QJsonObject frame = QJsonDocument::fromJson(line).object();
            if (frame.contains(u"id"_s) && !frame.contains(u"method"_s))
                answers[frame.value(u"id"_s).toInt()].append(frame);
        }
        serverOut.clear();
        for (Task &task : tasks) {
            if (!task.viaMcp)
                continue;
            const QList<QJsonObject> got = answers.value(task.id);
            if (got.size() != 1) {
                task.problem = u"%1 answers to id %2"_s.arg(got.size()).arg(task.id);
                continue;
            }
            const QJsonObject result = got.first().value(u"result"_s).toObject();
            if (result.isEmpty()) {
                task.problem = u"protocol error: "_s +
                               QString::fromUtf8(QJsonDocument(got.first()).toJson());
                continue;
            }
            if (!result.value(u"isError"_s).toBool()) {
                task.succeeded = true;
                continue;
            }
            const QJsonObject failure =
                QJsonDocument::fromJson(result.value(u"content"_s)
                                            .toArray()
                                            .at(0)
                                            .toObject()
                                            .value(u"text"_s)
                                            .toString()
                                            .toUtf8())
                    .object();
            if (failure.value(u"code"_s).toInt() == -32003 &&
                failure.value(u"data"_s).toObject().value(u"kind"_s).toString() == u"lock")
                task.refusedByLock = true;
            else
                task.problem = u"tool error: "_s + QString::fromUtf8(QJsonDocument(result).toJson());
        }

        QStringList outcomes;
        for (const Task &task : std::as_const(tasks)) {
            QVERIFY2(task.problem.isEmpty(), qPrintable(u"round %1 (seed %2): %3: %4"_s.arg(round)
                                                            .arg(seed)
                                                            .arg(task.name(), task.problem)));
            if (task.op == Op::Status)
                QVERIFY2(task.succeeded, qPrintable(task.name() + u" was refused"_s));
            outcomes.append(task.name() + (task.succeeded ? u" ok"_s : u" busy"_s));
            task.succeeded ? ++succeeded : ++refused;
        }

        // The log: exactly the events of what succeeded.
        QList<Event> eventsAfter;
        QList<QByteArray> linesAfter;
        QCOMPARE(readLog(eventsAfter, linesAfter), QString());
        QVERIFY(eventsAfter.size() >= eventsBefore.size());
        const QSet<QByteArray> distinct(linesAfter.cbegin(), linesAfter.cend());
        QCOMPARE(distinct.size(), linesAfter.size());
        QMap<QString, PackState> expected = registeredBefore;
        for (const Task &task : std::as_const(tasks)) {
            if (task.op != Op::Add && task.op != Op::Rm)
                continue;
            const EventOp wanted = task.op == Op::Add ? EventOp::Add : EventOp::Rm;
            qsizetype count = 0;
            for (qsizetype i = eventsBefore.size(); i < eventsAfter.size(); ++i) {
                if (eventsAfter.at(i).op == wanted && eventsAfter.at(i).id == task.pack)
                    ++count;
            }
            QVERIFY2(count == (task.succeeded ? 1 : 0),
                     qPrintable(u"round %1: %2 %3 and %4 event(s) for it"_s.arg(round)
                                    .arg(task.name(), task.succeeded ? u"succeeded"_s
                                                                     : u"was refused"_s)
                                    .arg(count)));
            if (task.succeeded && task.op == Op::Add)
                expected.insert(task.pack, PackState());
            if (task.succeeded && task.op == Op::Rm)
                expected.remove(task.pack);
        }
        for (qsizetype i = eventsBefore.size(); i < eventsAfter.size(); ++i) {
            const Event &e = eventsAfter.at(i);
            if (e.op != EventOp::Add && e.op != EventOp::Rm)
                continue;
            const bool ours = std::any_of(tasks.cbegin(), tasks.cend(), [&](const Task &t) {
                return t.succeeded && t.pack == e.id &&
                       (t.op == Op::Add ? EventOp::Add : EventOp::Rm) == e.op;
            });
            QVERIFY2(ours, qPrintable(u"round %1: an event for %2 nobody asked for"_s.arg(round)
                                          .arg(e.id)));
        }
        QCOMPARE(fold(eventsAfter).packs.keys(), expected.keys());

        RunOptions options;
        options.workDir = m_ws;
        options.env = {u"HOME="_s + m_home, u"XDG_RUNTIME_DIR="_s + m_tmp.filePath(u"run"_s)};
        const RunResult doctor = runGrex({u"doctor"_s}, options);
        QVERIFY2(doctor.exitCode == 0, qPrintable(u"round %1: doctor: "_s.arg(round) +
                                                  doctor.outText() + doctor.errText()));
        qInfo("round %d: %s", round, qPrintable(outcomes.join(u", "_s)));
    }
    server.closeWriteChannel();
    QVERIFY(server.waitForFinished(30000));
    qInfo("%d rounds: %d operations succeeded, %d refused with a lock error", rounds, succeeded,
          refused);
    QVERIFY(succeeded > 0);
}

QTEST_GUILESS_MAIN(tst_Concurrency)
#include "tst_concurrency.moc"
