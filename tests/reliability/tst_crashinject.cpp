// Crash injection. Each trial runs one grex operation on a shared workspace: `grex add`, `grex rm`,
// `grex sync`, or one of those as a tools/call of `grex serve`. A seeded random generator picks the
// operation, the pack and a delay; when the delay runs out before the operation ends, the process
// gets SIGKILL. After every trial:
//   - `grex doctor` reports no corruption (no manifest-schema error, exit code not 3), and the
//     lockfile parses;
//   - grex.jsonl folds to the registrations before or after the operation, nothing else;
//   - running the operation again (when it had not happened) and then `grex sync` converges:
//     the registrations are the ones after, doctor is clean (exit 0), every installed pack's
//     files in HOME are those of its upstream tip, and a removed pack's symlink is gone.
//
//   GREX_CRASH_TRIALS  number of trials (default 20; tools/crashtest.sh runs 200)
//   GREX_CRASH_SEED    seed (default 8); each trial's line names it, so a failure can be replayed

#include "support/testfiles.h"
#include "core/wire.h"
#include "support/grexrunner.h"
#include "support/remotebuilder.h"

#include "core/lockfile/lockfile.h"
#include "core/manifest/fold.h"
#include "core/manifest/intentlog.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// id -> "url path ref" of every registered pack: what an interrupted operation may change.
using Registrations = QMap<QString, QString>;

enum class Op { Add, Rm, Sync };
enum class Via { Cli, Serve };

constexpr WireTable<Op, 3> kOpWords{{
    {Op::Add, u"add"},
    {Op::Rm, u"rm"},
    {Op::Sync, u"sync"},
}};

QString opName(Op op)
{
    return wireWord(kOpWords, op);
}

QString describe(const Registrations &r)
{
    return QStringList(r.keys()).join(u',');
}

struct Killed
{
    bool killed = false;
    int exitCode = -1;
    qint64 elapsedMs = 0;
    QByteArray output;
};

} // namespace

class tst_CrashInject : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void killedOperationsLoseNothing();

private:
    QString packUrl(const QString &name) const;
    QByteArray packYaml(const QString &name, int version) const;
    void publish(const QString &name);
    QProcessEnvironment environment() const;
    RunResult grex(const QStringList &args) const;
    Killed runKilled(const QStringList &args, int delayMs) const;
    Killed callKilled(const QJsonObject &call, int delayMs) const;
    QString readRegistrations(Registrations &out) const;
    QString checkNoCorruption() const;
    QString checkConverged(const Registrations &expected) const;
    QStringList installedPacks(const Registrations &registered) const;

    QTemporaryDir m_tmp;
    QString m_remotes;
    QString m_ws;
    QString m_home;
    std::unique_ptr<RemoteBuilder> m_builder;
    QStringList m_topLevel;             // packs that can be added and removed
    QMap<QString, QStringList> m_children; // meta pack -> its children
    QMap<QString, int> m_version;       // declarative pack -> version at its upstream tip
    QSet<QString> m_everInstalled;
    mutable int m_busyRetries = 0;
};

void tst_CrashInject::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_remotes = m_tmp.filePath(u"remotes"_s);
    m_ws = m_tmp.filePath(u"ws"_s);
    m_home = m_tmp.filePath(u"home"_s);
    QVERIFY(QDir().mkpath(m_home));
    m_builder = std::make_unique<RemoteBuilder>(m_remotes);

    for (int i = 1; i <= 6; ++i)
        m_topLevel.append(u"pack-%1"_s.arg(i));
    m_children.insert(u"bundle"_s, {u"bundle-a"_s, u"bundle-b"_s});
    for (const QString &name : std::as_const(m_topLevel)) {
        m_version.insert(name, 1);
        m_builder->create(name, {{u".grex/pack.yaml"_s, packYaml(name, 1)},
                                 {u"files/conf"_s, name.toUtf8() + " v1\n"}});
    }
    for (const QString &child : m_children.value(u"bundle"_s)) {
        m_version.insert(child, 1);
        m_builder->create(child, {{u".grex/pack.yaml"_s, packYaml(child, 1)},
                                  {u"files/conf"_s, child.toUtf8() + " v1\n"}});
    }
    QByteArray children = "children:\n";
    for (const QString &child : m_children.value(u"bundle"_s))
        children += "  - url: \"" + packUrl(child).toUtf8() + "\"\n";
    m_builder->create(u"bundle"_s, RemoteBuilder::packFiles(u"bundle"_s, u"meta"_s, children));
    m_topLevel.append(u"bundle"_s);

    QVERIFY(QDir().mkpath(m_ws));
    const RunResult init = grex({u"init"_s});
    QVERIFY2(init.exitCode == 0, init.err.constData());
    for (const QString &name : {u"pack-1"_s, u"pack-2"_s, u"pack-3"_s, u"bundle"_s}) {
        const RunResult added = grex({u"add"_s, packUrl(name)});
        QVERIFY2(added.exitCode == 0, added.err.constData());
    }
}

QString tst_CrashInject::packUrl(const QString &name) const
{
    return QUrl::fromLocalFile(m_remotes + u'/' + name + u".git"_s).toString();
}

// A declarative pack whose install makes a directory and a symlink in HOME and writes its
// version there; the version changes the actions, so a sync reinstalls it.
QByteArray tst_CrashInject::packYaml(const QString &name, int version) const
{
    const QByteArray dir = "$HOME/ci/" + name.toUtf8();
    return RemoteBuilder::packYaml(
        name, u"declarative"_s,
        "actions:\n"
        "  - mkdir: {path: \"" + dir + "\"}\n"
        "  - symlink: {src: files/conf, dst: \"" + dir + "/conf\"}\n"
        "  - exec: {cmd_shell: \"printf v" + QByteArray::number(version) + " > \\\"" + dir +
        "/version\\\"\", shell: true}\n");
}

void tst_CrashInject::publish(const QString &name)
{
    const int version = m_version.value(name) + 1;
    m_version.insert(name, version);
    m_builder->commit(m_remotes + u'/' + name + u".git"_s,
                      {{u".grex/pack.yaml"_s, packYaml(name, version)},
                       {u"files/conf"_s, name.toUtf8() + " v" + QByteArray::number(version) + "\n"}});
}

QProcessEnvironment tst_CrashInject::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOME"_s, m_home);
    env.insert(u"GIT_CONFIG_NOSYSTEM"_s, u"1"_s);
    env.insert(u"XDG_RUNTIME_DIR"_s, m_tmp.filePath(u"run"_s)); // no window to attach to
    return env;
}

// Runs grex ARGS to its end. A process killed between creating a lock file and writing its pid
// into it leaves a lock that counts as held for one second (a live holder writes it within
// microseconds; see recoverUnreadableLock): a busy answer (exit 5) right after a kill is tried
// once more after that second, as a person would.
RunResult tst_CrashInject::grex(const QStringList &args) const
{
    RunOptions options;
    options.workDir = m_ws;
    options.env = {u"HOME="_s + m_home, u"GIT_CONFIG_NOSYSTEM=1"_s,
                   u"XDG_RUNTIME_DIR="_s + m_tmp.filePath(u"run"_s)};
    RunResult result = runGrex(args, options);
    if (result.exitCode == 5) {
        ++m_busyRetries;
        QThread::msleep(1200);
        result = runGrex(args, options);
    }
    return result;
}

// Runs grex ARGS and kills it with SIGKILL after delayMs unless it ended first.
Killed tst_CrashInject::runKilled(const QStringList &args, int delayMs) const
{
    Killed k;
    QProcess process;
    process.setProcessEnvironment(environment());
    process.setWorkingDirectory(m_ws);
    process.setProcessChannelMode(QProcess::MergedChannels);
    QElapsedTimer timer;
    process.start(grexBinary(), args);
    if (!process.waitForStarted())
        return k;
    timer.start();
    if (!process.waitForFinished(delayMs)) {
        signalProcess(process, SIGKILL);
        process.waitForFinished(-1);
        k.killed = true;
    }
    k.elapsedMs = timer.elapsed();
    k.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    k.output = process.readAll();
    return k;
}

// Starts `grex serve`, initialises a session, sends one tools/call and kills the server
// delayMs after the call went out unless the call was answered first.
Killed tst_CrashInject::callKilled(const QJsonObject &call, int delayMs) const
{
    Killed k;
    QProcess server;
    server.setProcessEnvironment(environment());
    server.setWorkingDirectory(m_ws);
    server.start(grexBinary(), {u"serve"_s, u"--approve-destructive"_s});
    if (!server.waitForStarted())
        return k;
    const auto frame = [&](const QJsonObject &o) {
        server.write(QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n');
    };
    frame({{u"jsonrpc"_s, u"2.0"_s},
           {u"id"_s, 1},
           {u"method"_s, u"initialize"_s},
           {u"params"_s, QJsonObject{{u"protocolVersion"_s, u"2025-06-18"_s},
                                     {u"capabilities"_s, QJsonObject()},
                                     {u"clientInfo"_s, QJsonObject{{u"name"_s, u"crash-inject"_s},
                                                                   {u"version"_s, u"1"_s}}}}}});
    QByteArray out;
    while (!out.contains('\n') && server.waitForReadyRead(10000))
        out += server.readAllStandardOutput();
    frame({{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/initialized"_s}});
    frame({{u"jsonrpc"_s, u"2.0"_s},
           {u"id"_s, 2},
           {u"method"_s, u"tools/call"_s},
           {u"params"_s, call}});
    QElapsedTimer timer;
    timer.start();
    out.clear();
    // The answer to id 2 ends the call; progress notifications come before it.
    while (timer.elapsed() < delayMs && !out.contains("\"id\":2")) {
        server.waitForReadyRead(int(qMax<qint64>(1, delayMs - timer.elapsed())));
        out += server.readAllStandardOutput();
    }
    if (!out.contains("\"id\":2")) {
        signalProcess(server, SIGKILL);
        k.killed = true;
        server.waitForFinished(-1);
    } else {
        server.closeWriteChannel();
        if (!server.waitForFinished(10000)) {
            server.kill();
            server.waitForFinished(-1);
        }
        // A tool error is a result with isError; anything else counts as success here.
        k.exitCode = out.contains("\"isError\":true") ? 1 : 0;
    }
    k.elapsedMs = timer.elapsed();
    k.output = out + server.readAllStandardError();
    return k;
}

QString tst_CrashInject::readRegistrations(Registrations &out) const
{
    out.clear();
    QFile file(m_ws + u"/grex.jsonl"_s);
    if (!file.open(QIODevice::ReadOnly))
        return u"cannot read grex.jsonl: "_s + file.errorString();
    const Result<LogReadResult> log = IntentLog::parse(file.readAll());
    if (!log)
        return u"grex.jsonl does not parse: "_s + log.error().text();
    const FoldResult folded = fold(log->events);
    for (const PackState &pack : folded.packs)
        out.insert(pack.id, pack.url + u' ' + pack.path + u' ' + pack.ref.value_or(QString()));
    return {};
}

QString tst_CrashInject::checkNoCorruption() const
{
    const RunResult doctor = grex({u"doctor"_s, u"--json"_s});
    if (doctor.exitCode == 3)
        return u"doctor exit 3: "_s + doctor.outText() + doctor.errText();
    const QJsonObject report = doctor.json().object();
    if (report.isEmpty())
        return u"doctor printed no JSON report: "_s + doctor.outText() + doctor.errText();
    for (const QJsonValue &v : report.value(u"findings"_s).toArray()) {
        const QJsonObject f = v.toObject();
        if (f.value(u"check"_s).toString() == u"manifest-schema" &&
            f.value(u"severity"_s).toString() == u"error")
            return u"doctor: "_s + f.value(u"detail"_s).toString();
    }
    QFile lockfile(m_ws + u"/grex.lock.jsonl"_s);
    if (lockfile.exists()) {
        if (!lockfile.open(QIODevice::ReadOnly))
            return u"cannot read grex.lock.jsonl"_s;
        const Result<LockEntries> entries = Lockfile::parse(lockfile.readAll());
        if (!entries)
            return u"grex.lock.jsonl does not parse: "_s + entries.error().text();
    }
    return {};
}

QStringList tst_CrashInject::installedPacks(const Registrations &registered) const
{
    QStringList packs;
    for (const QString &id : registered.keys()) {
        if (m_children.contains(id))
            packs += m_children.value(id);
        else
            packs.append(id);
    }
    return packs;
}

QString tst_CrashInject::checkConverged(const Registrations &expected) const
{
    Registrations now;
    if (QString error = readRegistrations(now); !error.isEmpty())
        return error;
    if (now != expected)
        return u"registered: %1, expected: %2"_s.arg(describe(now), describe(expected));
    const RunResult doctor = grex({u"doctor"_s, u"--json"_s});
    if (doctor.exitCode != 0) {
        QStringList problems;
        for (const QJsonValue &v : doctor.json().object().value(u"findings"_s).toArray()) {
            const QJsonObject f = v.toObject();
            if (f.value(u"severity"_s).toString() != u"ok")
                problems.append(f.value(u"check"_s).toString() + u": "_s +
                                f.value(u"detail"_s).toString());
        }
        return u"doctor exit %1 after convergence: %2"_s.arg(doctor.exitCode)
            .arg(problems.join(u"; "_s));
    }
    // Every clone at its upstream tip with a clean tree: no half-done checkout left behind.
    const RunResult status = grex({u"status"_s, u"--fail-on-drift"_s});
    if (status.exitCode != 0)
        return u"status after convergence (exit %1):\n%2"_s.arg(status.exitCode)
            .arg(status.outText() + status.errText());
    const QStringList installed = installedPacks(expected);
    for (const QString &pack : installed) {
        const QString dir = m_home + u"/ci/"_s + pack;
        QFile version(dir + u"/version"_s);
        if (!version.open(QIODevice::ReadOnly))
            return u"%1 is registered but %2 is missing"_s.arg(pack, version.fileName());
        const QByteArray want = "v" + QByteArray::number(m_version.value(pack));
        if (version.readAll() != want)
            return u"%1 installed an old version: %2 holds not %3"_s.arg(
                pack, version.fileName(), QString::fromUtf8(want));
        const QFileInfo link(dir + u"/conf"_s);
        if (!link.isSymLink() || link.symLinkTarget() != m_ws + u'/' + pack + u"/files/conf"_s)
            return u"%1: %2 is not its symlink"_s.arg(pack, link.filePath());
    }
    for (const QString &pack : std::as_const(m_everInstalled)) {
        if (installed.contains(pack))
            continue;
        if (QFileInfo(m_home + u"/ci/"_s + pack + u"/conf"_s).isSymLink())
            return u"%1 was removed but its symlink is still in HOME"_s.arg(pack);
        if (QFileInfo::exists(m_ws + u'/' + pack))
            return u"%1 was removed but its directory is still in the workspace"_s.arg(pack);
    }
    return {};
}

void tst_CrashInject::killedOperationsLoseNothing()
{
    const int trials = qEnvironmentVariableIsSet("GREX_CRASH_TRIALS")
                           ? qEnvironmentVariableIntValue("GREX_CRASH_TRIALS")
                           : 20;
    const quint32 seed = qEnvironmentVariableIsSet("GREX_CRASH_SEED")
                             ? quint32(qEnvironmentVariableIntValue("GREX_CRASH_SEED"))
                             : 8;
    QRandomGenerator random(seed);
    // How long each operation took the last time nothing killed it (a guess until then); the
    // kill point is uniform over [0, 1.2 x that].
    QMap<Op, qint64> span{{Op::Add, 60}, {Op::Rm, 40}, {Op::Sync, 80}};
    int killedCount = 0;
    QMap<QString, int> afterKill; // "before" / "after": where the killed ones landed

    Registrations initial;
    QCOMPARE(readRegistrations(initial), QString());
    const QStringList installedFirst = installedPacks(initial);
    m_everInstalled = QSet<QString>(installedFirst.cbegin(), installedFirst.cend());

    for (int trial = 1; trial <= trials; ++trial) {
        Registrations before;
        QCOMPARE(readRegistrations(before), QString());
        QStringList unregistered;
        for (const QString &name : std::as_const(m_topLevel)) {
            if (!before.contains(name))
                unregistered.append(name);
        }

        // Pick what to do: add needs an unregistered pack, rm a registered one.
        Op op = Op(random.bounded(3));
        if (op == Op::Add && unregistered.isEmpty())
            op = Op::Rm;
        if (op == Op::Rm && before.isEmpty())
            op = Op::Add;
        const Via via = random.bounded(4) == 0 ? Via::Serve : Via::Cli;
        QString pack;
        Registrations after = before;
        QStringList args;
        QJsonObject arguments;
        if (op == Op::Add) {
            pack = unregistered.at(random.bounded(int(unregistered.size())));
            after.insert(pack, packUrl(pack) + u' ' + pack + u' ');
            args = {u"add"_s, packUrl(pack)};
            arguments = {{u"url"_s, packUrl(pack)}};
        } else if (op == Op::Rm) {
            const QStringList ids = before.keys();
            pack = ids.at(random.bounded(int(ids.size())));
            after.remove(pack);
            args = {u"rm"_s, u"--yes"_s, pack};
            arguments = {{u"path"_s, pack}};
        } else {
            // Something to fetch and reinstall: new versions of a few packs.
            for (int i = 0; i < 3; ++i) {
                const QStringList all = m_version.keys();
                publish(all.at(random.bounded(int(all.size()))));
            }
            args = {u"sync"_s};
        }
        if (op == Op::Add) {
            for (const QString &p : installedPacks({{pack, QString()}}))
                m_everInstalled.insert(p);
        }

        const int delay = int(random.bounded(quint32(span.value(op) * 12 / 10 + 1)));
        const Killed run = via == Via::Cli
                               ? runKilled(args, delay)
                               : callKilled({{u"name"_s, opName(op)}, {u"arguments"_s, arguments}},
                                            delay);
        if (!run.killed) {
            span[op] = qMax<qint64>(5, run.elapsedMs);
            QVERIFY2(run.exitCode == 0, qPrintable(u"trial %1 (seed %2): %3 %4 failed: %5"_s.arg(
                                            trial).arg(seed).arg(opName(op), pack,
                                                                 QString::fromUtf8(run.output))));
        }
        const QString where =
            u"trial %1/%2 (seed %3): %4 %5 via %6, kill after %7 ms"_s.arg(trial)
                .arg(trials)
                .arg(seed)
                .arg(opName(op), pack, via == Via::Cli ? u"cli"_s : u"serve"_s)
                .arg(delay);

        // 1. No corruption.
        const QString corruption = checkNoCorruption();
        QVERIFY2(corruption.isEmpty(), qPrintable(where + u": "_s + corruption));

        // 2. The log folds to the state before or after the operation.
        Registrations now;
        QCOMPARE(readRegistrations(now), QString());
        const bool isBefore = now == before;
        const bool isAfter = now == after;
        QVERIFY2(isBefore || isAfter,
                 qPrintable(where + u": registered %1; before %2; after %3"_s.arg(
                                        describe(now), describe(before), describe(after))));
        if (run.killed) {
            ++killedCount;
            afterKill[isAfter ? u"after"_s : u"before"_s] += 1;
        }

        // 3. Running it again converges.
        if (isBefore && op != Op::Sync) {
            const RunResult again = grex(args);
            QVERIFY2(again.exitCode == 0,
                     qPrintable(where + u": rerun failed: "_s + again.errText()));
        }
        const RunResult sync = grex({u"sync"_s});
        QVERIFY2(sync.exitCode == 0, qPrintable(where + u": sync after it failed: "_s +
                                                sync.errText() + sync.outText()));
        const QString converged = checkConverged(after);
        if (!converged.isEmpty()) {
            QFile log(m_ws + u"/grex.jsonl"_s);
            QVERIFY(log.open(QIODevice::ReadOnly));
            const QList<QByteArray> lines = log.readAll().split('\n');
            QFAIL(qPrintable(where + u": "_s + converged + u"\nkilled run: "_s +
                             QString::fromUtf8(run.output) + u"\nsync: "_s + sync.outText() +
                             sync.errText() + u"\nlog tail:\n"_s +
                             QString::fromUtf8(lines.mid(qMax(0, lines.size() - 12)).join('\n'))));
        }
        qInfo("%s: %s, landed %s", qPrintable(where),
              run.killed ? "killed" : "finished first", isAfter ? "after" : "before");
    }
    qInfo("%d trials, %d killed mid-operation (%d landed before, %d after); %d busy answer(s) "
          "from a lock file the kill left half-written",
          trials, killedCount, afterKill.value(u"before"_s), afterKill.value(u"after"_s),
          m_busyRetries);
    // The kill points must hit operations in flight, or the test proves nothing.
    QVERIFY2(killedCount * 3 >= trials,
             qPrintable(u"only %1 of %2 trials were killed mid-operation"_s.arg(killedCount)
                            .arg(trials)));
}

QTEST_GUILESS_MAIN(tst_CrashInject)
#include "tst_crashinject.moc"
