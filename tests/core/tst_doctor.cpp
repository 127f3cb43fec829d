#include "core/fs/gitignore.h"
#include "support/grexrunner.h"
#include "core/operationcontext.h"
#include "support/remotebuilder.h"
#include "support/testfiles.h"
#include "core/verbs/add.h"
#include "core/verbs/doctor.h"
#include "core/verbs/init.h"
#include "core/verbs/sync.h"
#include "core/workspace.h"
#include "support/workspacefixture.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

#include <sys/file.h>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// The report doctor produced: the value, or the one an error carries (details.report).
JsonObject reportOf(const Result<DoctorReport> &r)
{
    return r.ok() ? r->toJson() : r.error().details().value(u"report"_s).toObject();
}

// The findings of one check that are not `ok`.
QList<JsonObject> problems(const JsonObject &report, const QString &check)
{
    QList<JsonObject> found;
    for (const JsonValue &v : report.value(u"findings"_s).toArray()) {
        const JsonObject f = v.toObject();
        if (f.value(u"check"_s).toString() == check && f.value(u"severity"_s).toString() != u"ok")
            found.append(f);
    }
    return found;
}

// Every finding that is not `ok`, as "check[pack] severity".
QStringList allProblems(const JsonObject &report)
{
    QStringList found;
    for (const JsonValue &v : report.value(u"findings"_s).toArray()) {
        const JsonObject f = v.toObject();
        if (f.value(u"severity"_s).toString() == u"ok")
            continue;
        found.append(u"%1[%2] %3"_s.arg(f.value(u"check"_s).toString(),
                                        f.value(u"pack"_s).toString(),
                                        f.value(u"severity"_s).toString()));
    }
    return found;
}

QList<Event> eventsOf(const Workspace &ws)
{
    const Result<LogReadResult> log = ws.intentLog().read();
    return log ? log->events : QList<Event>();
}

QMap<QString, PackState> withoutUpdatedAt(QMap<QString, PackState> packs)
{
    for (PackState &p : packs)
        p.updatedAt = Timestamp();
    return packs;
}

// A pid no process has.
qint64 deadPid()
{
    for (qint64 pid = 999999;; ++pid) {
        if (::kill(pid_t(pid), 0) != 0 && errno == ESRCH)
            return pid;
    }
}

// A lock file in QLockFile's format naming a process of this host that is gone.
bool writeStaleLock(const QString &path)
{
    return writeFile(path, QByteArray::number(deadPid()) + "\ngrex\n" +
                               QSysInfo::machineHostName().toUtf8() + "\n");
}

} // namespace

// `grex doctor`: every finding it claims, planted and found, and fixed where it says it can.
class tst_Doctor : public QObject, public Grex::Test::WorkspaceCases
{
    Q_OBJECT

    // alpha and beta added (and so installed): a workspace doctor finds nothing wrong with.
    Workspace healthy()
    {
        Workspace ws = newWorkspace();
        for (const QString &name : {u"alpha"_s, u"beta"_s})
            addPackOrDie(ws, remote(name), true);
        return ws;
    }

    static Result<DoctorReport> runDoctor(Workspace &ws, bool fix = false, bool compact = false,
                                          const QString &filter = {})
    {
        OperationContext ctx;
        DoctorOptions options;
        options.fix = fix;
        options.compact = compact;
        options.filter = PackFilter::parse(filter).value();
        return doctor(ws, options, ctx);
    }

    static QString errorText(const Result<DoctorReport> &r)
    {
        return r.ok() ? QString() : r.error().text();
    }

private Q_SLOTS:
    void initTestCase()
    {
        RemoteBuilder builder(m_remotes);
        builder.create(u"alpha"_s, RemoteBuilder::packFiles(u"alpha"_s, u"declarative"_s,
                                                            "x-gitignore:\n  - \"*.cache\"\n"
                                                            "actions:\n  - mkdir: {path: made}\n"));
        builder.create(u"beta"_s, RemoteBuilder::packFiles(u"beta"_s, u"declarative"_s));
    }

    void healthyWorkspaceIsAllOk()
    {
        Workspace ws = healthy();
        const auto before = snapshot(ws.root());
        const Result<DoctorReport> r = runDoctor(ws);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QCOMPARE(r->worstSeverity(), DoctorSeverity::Ok);
        QCOMPARE(r->exitCode(), 0);
        QVERIFY(r->fixed.isEmpty());
        QStringList checks;
        for (const DoctorFinding &f : r->findings) {
            QCOMPARE(f.severity, DoctorSeverity::Ok);
            QCOMPARE(f.pack, QString());
            QVERIFY(!f.autoFixable);
            checks.append(wireName(f.check));
        }
        // One ok row per check, in the order of the checks.
        QStringList every;
        for (const DoctorCheck check : allDoctorChecks())
            every.append(wireName(check));
        QCOMPARE(checks, every);
        QCOMPARE(checks,
                 (QStringList{u"manifest-schema"_s, u"lockfile"_s, u"gitignore-sync"_s,
                              u"pack-schema"_s, u"pack-graph"_s, u"on-disk-drift"_s, u"clone-upkeep"_s,
                              u"url-secrets"_s, u"orphan-lock-entries"_s, u"lock-files"_s,
                              u"unfinished-work"_s}));
        const JsonObject json = r->toJson();
        QCOMPARE(json.keys().mid(0, 3),
                 (QStringList{u"exit_code"_s, u"worst_severity"_s, u"findings"_s}));
        QCOMPARE(json.value(u"exit_code"_s).toInteger(-1), 0);
        QCOMPARE(json.value(u"worst_severity"_s).toString(), u"ok"_s);
        const JsonObject row = json.value(u"findings"_s).toArray().at(0).toObject();
        QCOMPARE(row.keys(), (QStringList{u"check"_s, u"severity"_s, u"pack"_s, u"detail"_s,
                                          u"auto_fixable"_s}));
        QVERIFY(row.value(u"pack"_s).isNull());
        QCOMPARE(snapshot(ws.root()), before); // doctor without --fix changes nothing

        // --fix and --compact on a healthy workspace: still all ok.
        const Result<DoctorReport> fixed = runDoctor(ws, true, true);
        QVERIFY2(fixed.ok(), qPrintable(errorText(fixed)));
        QVERIFY(fixed->fixed.isEmpty());
    }

    void corruptLogIsAManifestError()
    {
        Workspace ws = healthy();
        QByteArray log = readFile(ws.manifestPath());
        log.insert(log.indexOf('\n') + 1, "{\"op\":\"add\",broken\n");
        QVERIFY(writeFile(ws.manifestPath(), log));
        const auto before = snapshot(ws.root());
        for (bool fix : {false, true}) {
            const Result<DoctorReport> r = runDoctor(ws, fix, fix);
            QVERIFY(!r.ok());
            QCOMPARE(r.error().kind(), ErrorKind::Manifest);
            QCOMPARE(r.error().reason(), u"doctor_findings"_s);
            const JsonObject report = reportOf(r);
            QCOMPARE(report.value(u"exit_code"_s).toInteger(), 3);
            QCOMPARE(report.value(u"worst_severity"_s).toString(), u"error"_s);
            const QList<JsonObject> schema = problems(report, u"manifest-schema"_s);
            QCOMPARE(schema.size(), 1);
            QCOMPARE(schema.at(0).value(u"severity"_s).toString(), u"error"_s);
            QVERIFY2(
                schema.at(0).value(u"detail"_s).toString().startsWith(u"grex.jsonl is corrupt at line 2"_s),
                qPrintable(schema.at(0).value(u"detail"_s).toString()));
            for (const QString &check : {u"gitignore-sync"_s, u"on-disk-drift"_s}) {
                const QList<JsonObject> skipped = problems(report, check);
                QCOMPARE(skipped.size(), 1);
                QCOMPARE(skipped.at(0).value(u"severity"_s).toString(), u"warning"_s);
                QCOMPARE(skipped.at(0).value(u"detail"_s).toString(),
                         u"skipped: manifest unreadable"_s);
            }
            QVERIFY(report.value(u"compacted"_s).isNull()); // --compact skipped
            QCOMPARE(snapshot(ws.root()), before);
        }
    }

    void tornLastLineIsAWarning()
    {
        Workspace ws = healthy();
        QFile log(ws.manifestPath());
        QVERIFY(log.open(QIODevice::Append));
        log.write("{\"op\":\"sync\",\"id\":\"alp");
        log.close();
        const Result<DoctorReport> r = runDoctor(ws);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Drift);
        const JsonObject report = reportOf(r);
        QCOMPARE(report.value(u"exit_code"_s).toInteger(), 7);
        QCOMPARE(report.value(u"worst_severity"_s).toString(), u"warning"_s);
        const QList<JsonObject> schema = problems(report, u"manifest-schema"_s);
        QCOMPARE(schema.size(), 1);
        QCOMPARE(schema.at(0).value(u"severity"_s).toString(), u"warning"_s);
        QVERIFY(schema.at(0).value(u"detail"_s).toString().contains(u"torn"_s));
        QCOMPARE(allProblems(report), QStringList{u"manifest-schema[] warning"_s});

        // --compact rewrites the log without it.
        const Result<DoctorReport> compacted = runDoctor(ws, false, true);
        QVERIFY2(compacted.ok(), qPrintable(errorText(compacted)));
        QCOMPARE(compacted->fixed.size(), 1);
        QCOMPARE(wireName(compacted->fixed.at(0).check), u"manifest-schema"_s);
        QCOMPARE(compacted->fixed.at(0).detail, schema.at(0).value(u"detail"_s).toString());
        QVERIFY(readFile(ws.manifestPath()).endsWith('\n'));
        QVERIFY2(runDoctor(ws).ok(), qPrintable(errorText(runDoctor(ws))));
    }

    void gitignoreBlocks_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("detail");
        QTest::newRow("missing") << u"missing"_s << u"managed block missing"_s;
        QTest::newRow("drifted") << u"drifted"_s
                                 << u"managed block drift: expected 3 line(s), got 4"_s;
        QTest::newRow("emptied") << u"emptied"_s
                                 << u"managed block drift: expected 3 line(s), got 0"_s;
        QTest::newRow("unclosed") << u"unclosed"_s << u"cannot read managed block: "_s;
    }

    void gitignoreBlocks()
    {
        QFETCH(QString, damage);
        QFETCH(QString, detail);
        Workspace ws = healthy();
        const QStringList expected = Gitignore::readBlock(ws.gitignorePath(), u"alpha"_s)->value();
        QCOMPARE(expected, (QStringList{u".grex-lock"_s, u"/alpha/"_s, u"*.cache"_s}));
        QByteArray content = readFile(ws.gitignorePath());
        const QByteArray open = "# >>> grex:alpha >>>\n";
        const QByteArray close = "# <<< grex:alpha <<<\n";
        QVERIFY(content.contains(open) && content.contains(close));
        if (damage == u"missing") {
            content = Gitignore::remove(content, u"alpha"_s).value();
        } else if (damage == u"drifted") {
            content.replace(close, QByteArray(QByteArray("my-own-line\n") + close));
        } else if (damage == u"emptied") {
            const qsizetype from = content.indexOf(open) + open.size();
            content.remove(from, content.indexOf(close) - from);
        } else {
            content.replace(close, QByteArray());
        }
        content.append("user-pattern\n");
        QVERIFY(writeFile(ws.gitignorePath(), content));
        const QByteArray log = readFile(ws.manifestPath());
        const QByteArray lock = readFile(ws.lockfilePath());

        const Result<DoctorReport> found = runDoctor(ws);
        QVERIFY(!found.ok());
        QCOMPARE(found.error().kind(), ErrorKind::Drift);
        const JsonObject report = reportOf(found);
        QCOMPARE(report.value(u"exit_code"_s).toInteger(), 7);
        const QList<JsonObject> rows = problems(report, u"gitignore-sync"_s);
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.at(0).value(u"pack"_s).toString(), u"alpha"_s);
        QCOMPARE(rows.at(0).value(u"severity"_s).toString(), u"warning"_s);
        QVERIFY2(rows.at(0).value(u"detail"_s).toString().startsWith(detail),
                 qPrintable(rows.at(0).value(u"detail"_s).toString()));
        QCOMPARE(rows.at(0).value(u"auto_fixable"_s).toBool(), true);
        QCOMPARE(allProblems(report), QStringList{u"gitignore-sync[alpha] warning"_s});
        QVERIFY(found.error().message().text().contains(u"--fix"_s));
        QCOMPARE(readFile(ws.gitignorePath()), content); // nothing changed without --fix

        const Result<DoctorReport> fixed = runDoctor(ws, true);
        QVERIFY2(fixed.ok(), qPrintable(errorText(fixed)));
        QCOMPARE(fixed->fixed.size(), 1);
        QCOMPARE(wireName(fixed->fixed.at(0).check), u"gitignore-sync"_s);
        QCOMPARE(fixed->fixed.at(0).pack, u"alpha"_s);
        QCOMPARE(fixed->toJson().value(u"fixed"_s).toArray().size(), 1);
        QCOMPARE(Gitignore::readBlock(ws.gitignorePath(), u"alpha"_s)->value(), expected);
        QVERIFY(Gitignore::readBlock(ws.gitignorePath(), u"beta"_s)->has_value());
        QVERIFY(readFile(ws.gitignorePath()).contains("user-pattern\n"));
        QVERIFY(!readFile(ws.gitignorePath()).contains("my-own-line"));
        // --fix touches neither the intent log nor the lockfile.
        QCOMPARE(readFile(ws.manifestPath()), log);
        QCOMPARE(readFile(ws.lockfilePath()), lock);
        const Result<DoctorReport> again = runDoctor(ws);
        QVERIFY2(again.ok(), qPrintable(errorText(again)));
    }

    void invalidPackYaml()
    {
        Workspace ws = healthy();
        QVERIFY(writeFile(ws.packDir(u"beta"_s) + u"/.grex/pack.yaml"_s,
                          "schema_version: \"1\"\nname: beta\ntype: [not, a, type\n"));
        const Result<DoctorReport> r = runDoctor(ws);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Drift);
        const JsonObject report = reportOf(r);
        QCOMPARE(report.value(u"exit_code"_s).toInteger(), 7);
        QCOMPARE(report.value(u"worst_severity"_s).toString(), u"error"_s);
        const QList<JsonObject> rows = problems(report, u"pack-schema"_s);
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.at(0).value(u"pack"_s).toString(), u"beta"_s);
        QCOMPARE(rows.at(0).value(u"severity"_s).toString(), u"error"_s);
        QVERIFY(rows.at(0).value(u"detail"_s).toString().contains(u"pack.yaml"_s));
        QCOMPARE(rows.at(0).value(u"auto_fixable"_s).toBool(true), false);
    }

    // A cycle and a dependency removed with rm (docs/design.md, "Pack graph and validation"):
    // doctor names them with the fix, where it used to find nothing.
    void cyclesAndMissingDependencies()
    {
        Workspace ws = healthy();
        QVERIFY(writeFile(ws.packDir(u"alpha"_s) + u"/.grex/pack.yaml"_s,
                          "schema_version: \"1\"\nname: alpha\ntype: declarative\n"
                          "depends_on: [beta]\n"));
        QVERIFY(writeFile(ws.packDir(u"beta"_s) + u"/.grex/pack.yaml"_s,
                          "schema_version: \"1\"\nname: beta\ntype: declarative\n"
                          "depends_on: [alpha, gone]\n"));
        const Result<DoctorReport> r = runDoctor(ws);
        QVERIFY(!r.ok());
        const JsonObject report = reportOf(r);
        QCOMPARE(report.value(u"exit_code"_s).toInteger(), 7);
        const QList<JsonObject> rows = problems(report, u"pack-graph"_s);
        QCOMPARE(rows.size(), 2);
        QStringList details;
        for (const JsonObject &row : rows) {
            QCOMPARE(row.value(u"severity"_s).toString(), u"error"_s);
            details.append(row.value(u"pack"_s).toString() + u": "_s +
                           row.value(u"detail"_s).toString());
        }
        details.sort();
        QVERIFY2(details.at(0).startsWith(u"alpha, beta: the packs form a cycle through "
                                          u"depends_on"_s),
                 qPrintable(details.at(0)));
        QVERIFY(details.at(0).contains(u"out of depends_on in"_s));
        QVERIFY2(details.at(1).startsWith(u"beta: pack 'beta' depends on 'gone'"_s),
                 qPrintable(details.at(1)));
        QVERIFY(details.at(1).contains(u"grex add"_s));
        // A filter that leaves both packs out leaves the findings out.
        QVERIFY(runDoctor(ws, false, false, u"name=nothing"_s).ok());
    }

    void onDiskDrift()
    {
        Workspace ws = healthy();
        QVERIFY(QDir(ws.packDir(u"beta"_s)).removeRecursively());
        QVERIFY(QDir().mkpath(ws.root() + u"/junk"_s));
        runGit(ws.root(), {u"clone"_s, u"-q"_s, remote(u"beta"_s), u"stray"_s});
        // Not reported: hidden, and the names doctor leaves alone.
        for (const QString &name : {u".hidden"_s, u"node_modules"_s, u"target"_s, u"dist"_s})
            QVERIFY(QDir().mkpath(ws.root() + u'/' + name));
        const Result<DoctorReport> r = runDoctor(ws);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Drift);
        const JsonObject report = reportOf(r);
        QCOMPARE(report.value(u"exit_code"_s).toInteger(), 7);
        const QList<JsonObject> rows = problems(report, u"on-disk-drift"_s);
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows.at(0).value(u"severity"_s).toString(), u"error"_s);
        QCOMPARE(rows.at(0).value(u"pack"_s).toString(), u"beta"_s);
        QVERIFY(rows.at(0)
                    .value(u"detail"_s)
                    .toString()
                    .startsWith(u"registered pack dir missing: beta"_s));
        QCOMPARE(rows.at(1).value(u"severity"_s).toString(), u"warning"_s);
        QVERIFY(rows.at(1).value(u"pack"_s).isNull());
        QCOMPARE(rows.at(1).value(u"detail"_s).toString(),
                 u"unregistered directory on disk: junk"_s);
        QVERIFY(rows.at(2)
                    .value(u"detail"_s)
                    .toString()
                    .startsWith(u"unregistered directory on disk: stray"_s));

        // A file where the pack's directory should be.
        QVERIFY(writeFile(ws.packDir(u"beta"_s), "not a directory\n"));
        const QList<JsonObject> file = problems(reportOf(runDoctor(ws)), u"on-disk-drift"_s);
        QVERIFY(file.at(0)
                    .value(u"detail"_s)
                    .toString()
                    .startsWith(u"registered pack path is not a directory: beta"_s));

        // The filter restricts the per-pack checks.
        QVERIFY(QFile::remove(ws.packDir(u"beta"_s)));
        const JsonObject filtered = reportOf(runDoctor(ws, false, false, u"name=alpha"_s));
        for (const JsonObject &row : problems(filtered, u"on-disk-drift"_s))
            QVERIFY(row.value(u"pack"_s).toString() != u"beta"_s);
    }

    void staleLockFiles()
    {
        Workspace ws = healthy();
        // The workspace lock of a grex that was killed.
        QProcess holder;
        holder.start(helperBinary(), {u"hold-lock"_s, ws.syncLockPath()});
        QVERIFY(holder.waitForReadyRead(10000));
        const QList<JsonObject> held = problems(reportOf(runDoctor(ws)), u"lock-files"_s);
        QCOMPARE(held.size(), 1);
        QVERIFY2(held.at(0)
                         .value(u"detail"_s)
                         .toString()
                         .contains(u"held by grex_test_helper (pid %1"_s.arg(holder.processId())) ||
                     held.at(0)
                         .value(u"detail"_s)
                         .toString()
                         .contains(u"pid %1"_s.arg(holder.processId())),
                 qPrintable(held.at(0).value(u"detail"_s).toString()));
        QCOMPARE(held.at(0).value(u"auto_fixable"_s).toBool(true), false); // alive: not touched
        holder.kill();
        holder.waitForFinished();
        QVERIFY(QFileInfo::exists(ws.syncLockPath()));
        // A pack lock written by hand: this host, a pid nobody has.
        const QString packLock = ws.packDir(u"alpha"_s) + u"/.grex-lock"_s;
        QVERIFY(writeStaleLock(packLock));

        const Result<DoctorReport> r = runDoctor(ws);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Drift);
        const QList<JsonObject> rows = problems(reportOf(r), u"lock-files"_s);
        QCOMPARE(rows.size(), 2);
        QStringList details;
        for (const JsonObject &row : rows) {
            QCOMPARE(row.value(u"severity"_s).toString(), u"warning"_s);
            QCOMPARE(row.value(u"auto_fixable"_s).toBool(), true);
            details.append(row.value(u"detail"_s).toString());
        }
        QVERIFY(details.contains(
            u"stale lock file %1: the process that held it is gone"_s.arg(ws.syncLockPath())));
        QVERIFY(details.contains(
            u"stale lock file %1: the process that held it is gone"_s.arg(packLock)));

        const Result<DoctorReport> fixed = runDoctor(ws, true);
        QVERIFY2(fixed.ok(), qPrintable(errorText(fixed)));
        QVERIFY(!QFileInfo::exists(packLock));
        QVERIFY(!QFileInfo::exists(ws.syncLockPath()));
        QStringList fixedLocks;
        for (const DoctorFinding &f : fixed->fixed) {
            if (f.check == DoctorCheck::LockFiles)
                fixedLocks.append(f.detail);
        }
        fixedLocks.sort();
        // The workspace lock was taken over by --fix itself, and is listed as the pack's is.
        QStringList expected{
            u"stale lock file %1: the process that held it is gone"_s.arg(ws.syncLockPath()),
            u"stale lock file %1: the process that held it is gone"_s.arg(packLock)};
        expected.sort();
        QCOMPARE(fixedLocks, expected);
        QVERIFY2(runDoctor(ws).ok(), qPrintable(errorText(runDoctor(ws))));
    }

    // A holder between creating its lock file and writing its pid into it already holds
    // flock() on the file: --fix must not delete it from under it.
    void fixSparesALockFileBeingCreated()
    {
        Workspace ws = healthy();
        const QString packLock = ws.packDir(u"alpha"_s) + u"/.grex-lock"_s;
        QFile creating(packLock);
        QVERIFY(creating.open(QIODevice::WriteOnly));
        QCOMPARE(::flock(creating.handle(), LOCK_EX | LOCK_NB), 0);
        QVERIFY(!runDoctor(ws, true).ok());
        QVERIFY(QFileInfo::exists(packLock));
        creating.close(); // the holder is gone without writing anything: now it is debris
        const Result<DoctorReport> fixed = runDoctor(ws, true);
        QVERIFY2(fixed.ok(), qPrintable(errorText(fixed)));
        QVERIFY(!QFileInfo::exists(packLock));
    }

    void orphanLockEntries()
    {
        Workspace ws = healthy();
        LockEntries entries = ws.lockfile().read().value();
        LockEntry ghost = entries.value(u"alpha"_s);
        ghost.id = u"ghost"_s;
        entries.insert(ghost.id, ghost);
        QVERIFY(ws.lockfile().write(entries).ok());
        const QByteArray log = readFile(ws.manifestPath());

        const Result<DoctorReport> r = runDoctor(ws);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Drift);
        const QList<JsonObject> rows = problems(reportOf(r), u"orphan-lock-entries"_s);
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.at(0).value(u"pack"_s).toString(), u"ghost"_s);
        QCOMPARE(rows.at(0).value(u"severity"_s).toString(), u"warning"_s);
        QCOMPARE(allProblems(reportOf(r)), QStringList{u"orphan-lock-entries[ghost] warning"_s});

        // --fix leaves the lockfile alone; --compact removes the entry.
        QVERIFY(!runDoctor(ws, true).ok());
        QVERIFY(ws.lockfile().read()->contains(u"ghost"_s));
        const Result<DoctorReport> compacted = runDoctor(ws, false, true);
        QVERIFY2(compacted.ok(), qPrintable(errorText(compacted)));
        QCOMPARE(ws.lockfile().read()->keys(), (QStringList{u"alpha"_s, u"beta"_s}));
        QCOMPARE(compacted->fixed.size(), 1);
        QCOMPARE(compacted->fixed.at(0).pack, u"ghost"_s);
        QCOMPARE(compacted->toJson()
                     .value(u"compacted"_s)
                     .toObject()
                     .value(u"lock_entries_removed"_s)
                     .toInteger(),
                 1);
        QCOMPARE(ws.lockfile().read()->value(u"alpha"_s), entries.value(u"alpha"_s));
        Q_UNUSED(log);
    }

    void unfinishedAction()
    {
        Workspace ws = healthy();
        QVERIFY(ws.intentLog().append(Event::actionStarted(u"alpha"_s, 0, u"mkdir"_s)).ok());
        const Result<DoctorReport> r = runDoctor(ws);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Drift);
        const QList<JsonObject> rows = problems(reportOf(r), u"unfinished-work"_s);
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.at(0).value(u"pack"_s).toString(), u"alpha"_s);
        QCOMPARE(rows.at(0).value(u"severity"_s).toString(), u"warning"_s);
        QVERIFY2(
            rows.at(0).value(u"detail"_s).toString().startsWith(u"action #0 'mkdir' started"_s),
            qPrintable(rows.at(0).value(u"detail"_s).toString()));
        QCOMPARE(allProblems(reportOf(r)), QStringList{u"unfinished-work[alpha] warning"_s});
        // A completion closes it.
        QVERIFY(ws.intentLog()
                    .append(Event::actionCompleted(u"alpha"_s, 0, u"performed_change"_s))
                    .ok());
        QVERIFY2(runDoctor(ws).ok(), qPrintable(errorText(runDoctor(ws))));
    }

    // What a grex killed inside git left in a clone (GitFetcher's busy marker, a checkout
    // journal) is reported; the same files of a live writer are not.
    void unfinishedGitWork()
    {
        Workspace ws = healthy();
        const QString gitDir = ws.root() + u"/alpha/.git/"_s;
        QVERIFY(QFileInfo(gitDir).isDir());
        const QByteArray self = QByteArray::number(QCoreApplication::applicationPid()) + '\n';
        QVERIFY(writeFile(gitDir + u"grex-busy"_s, self));
        QVERIFY2(runDoctor(ws).ok(), qPrintable(errorText(runDoctor(ws))));
        QVERIFY(writeFile(gitDir + u"grex-checkout"_s, "a b\n"));
        QVERIFY2(runDoctor(ws).ok(), qPrintable(errorText(runDoctor(ws))));

        // The writer is gone (a pid beyond any pid_max Linux allows).
        QVERIFY(writeFile(gitDir + u"grex-busy"_s, "999999999\n"));
        Result<DoctorReport> r = runDoctor(ws);
        QVERIFY(!r.ok());
        QList<JsonObject> rows = problems(reportOf(r), u"unfinished-work"_s);
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.at(0).value(u"detail"_s).toString(),
                 u"git work a killed grex left unfinished in %1 (a half-done checkout or git's "
                 "lock files; the next grex sync or grex update of that pack rolls it back and "
                 "redoes it)"_s.arg(ws.root() + u"/alpha"_s));

        // A journal with no writer at all: a checkout that failed half-way.
        QVERIFY(QFile::remove(gitDir + u"grex-busy"_s));
        r = runDoctor(ws);
        QVERIFY(!r.ok());
        QCOMPARE(problems(reportOf(r), u"unfinished-work"_s).size(), 1);
        QVERIFY(QFile::remove(gitDir + u"grex-checkout"_s));
        QVERIFY2(runDoctor(ws).ok(), qPrintable(errorText(runDoctor(ws))));
    }

    // The temp file of a write of the lockfile or the log that a killed grex left is reported
    // and --fix deletes it; a live writer's, and files that only look like one, stay.
    void abandonedTempFiles()
    {
        Workspace ws = healthy();
        const QByteArray lockBefore = readFile(ws.lockfilePath());
        QProcess writer; // a live process, as a grex still writing would be
        writer.start(u"sleep"_s, {u"60"_s});
        QVERIFY(writer.waitForStarted());
        const QString live = ws.manifestPath() + u".tmp.%1.18c0ffee.0"_s.arg(writer.processId());
        // A pid beyond any pid_max Linux allows: that writer is gone.
        const QString killed = ws.lockfilePath() + u".tmp.999999999.18c0ffee.1"_s;
        const QStringList lookAlikes{ws.root() + u"/notes.txt.tmp.999999999.1.0"_s,
                                     ws.lockfilePath() + u".tmp.999999999.xyz.0"_s,
                                     ws.lockfilePath() + u".tmp.999999999.1"_s};
        for (const QString &path : QStringList{live, killed} + lookAlikes)
            QVERIFY(writeFile(path, "{\"id\":\"alp"));

        const Result<DoctorReport> r = runDoctor(ws);
        QVERIFY(!r.ok());
        const QList<JsonObject> rows = problems(reportOf(r), u"unfinished-work"_s);
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.at(0).value(u"detail"_s).toString(),
                 u"temp file of a write a killed grex never finished: %1 (the file it was to "
                 "replace is whole)"_s.arg(killed));
        QCOMPARE(rows.at(0).value(u"auto_fixable"_s).toBool(), true);

        const Result<DoctorReport> fixed = runDoctor(ws, true);
        QVERIFY2(fixed.ok(), qPrintable(errorText(fixed)));
        QCOMPARE(fixed->fixed.size(), 1);
        QCOMPARE(fixed->fixed.at(0).check, DoctorCheck::UnfinishedWork);
        QVERIFY(!QFileInfo::exists(killed));
        for (const QString &path : QStringList{live} + lookAlikes)
            QVERIFY2(QFileInfo::exists(path), qPrintable(path));
        QCOMPARE(readFile(ws.lockfilePath()), lockBefore);
        bool okRow = false; // the check is listed as done, as every check is
        for (const DoctorFinding &f : fixed->findings)
            okRow = okRow ||
                    (f.check == DoctorCheck::UnfinishedWork && f.severity == DoctorSeverity::Ok);
        QVERIFY(okRow);
        writer.kill();
        writer.waitForFinished();
    }

    void compactKeepsTheFold()
    {
        Workspace ws = healthy();
        // Redundant history: repeated syncs, and a pack registered and removed again.
        for (int i = 0; i < 2; ++i) {
            OperationContext ctx;
            SyncOptions options;
            options.request.lifecycles.force = true;
            QVERIFY(sync(ws, options, ctx).ok());
        }
        QVERIFY(ws.intentLog()
                    .append({Event::add(u"gone"_s, u"u"_s, u"gone"_s, u"meta"_s, std::nullopt),
                             Event::rm(u"gone"_s)})
                    .ok());
        const QList<Event> before = eventsOf(ws);
        const LockEntries locks = ws.lockfile().read().value();
        const Result<DoctorReport> r = runDoctor(ws, false, true);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        const QList<Event> after = eventsOf(ws);
        QVERIFY2(after.size() < before.size(),
                 qPrintable(u"%1 -> %2"_s.arg(before.size()).arg(after.size())));
        QCOMPARE(withoutUpdatedAt(fold(after).packs), withoutUpdatedAt(fold(before).packs));
        QCOMPARE(ws.lockfile().read().value(), locks);
        const JsonObject compacted = r->toJson().value(u"compacted"_s).toObject();
        QCOMPARE(compacted.value(u"events_before"_s).toInteger(), qint64(before.size()));
        QCOMPARE(compacted.value(u"events_after"_s).toInteger(), qint64(after.size()));
        QCOMPARE(compacted.value(u"lock_entries_removed"_s).toInteger(-1), 0);
        QVERIFY(runDoctor(ws).ok());
        QVERIFY(runDoctor(ws).value().toJson().value(u"compacted"_s).isNull());
    }

    void notAWorkspace()
    {
        Workspace ws(m_tmp.filePath(u"nothing-here"_s));
        QDir().mkpath(ws.root());
        const Result<DoctorReport> r = runDoctor(ws, true, true);
        QCOMPARE(r.error().kind(), ErrorKind::Usage);
        QCOMPARE(r.error().reason(), u"not_a_workspace"_s);
        QVERIFY(snapshot(ws.root()).isEmpty());
    }

    void fixOnAReadOnlyWorkspace()
    {
        if (runningAsRoot())
            QSKIP("root ignores permission bits (tst_cli covers this as nobody)");
        Workspace ws = healthy();
        QVERIFY(Gitignore::removeBlock(ws.gitignorePath(), u"alpha"_s).ok());
        const auto before = snapshot(ws.root());
        QVERIFY(QFile::setPermissions(ws.root(), QFile::ReadOwner | QFile::ExeOwner));
        const Result<DoctorReport> r = runDoctor(ws, true);
        QFile::setPermissions(ws.root(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::PackOp);
        QVERIFY2(r.error().text().contains(u"permission denied"_s), qPrintable(r.error().text()));
        QCOMPARE(snapshot(ws.root()), before);
    }
};

QTEST_GUILESS_MAIN(tst_Doctor)
#include "tst_doctor.moc"
