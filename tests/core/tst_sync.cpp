#include "core/engine/lifecycles.h"
#include "core/engine/recovery.h"
#include "core/git/gitfetcher.h"
#include "support/grexrunner.h"
#include "core/operationcontext.h"
#include "support/remotebuilder.h"
#include "support/scriptedapproval.h"
#include "support/testfiles.h"
#include "core/verbs/add.h"
#include "core/verbs/init.h"
#include "core/verbs/rm.h"
#include "core/verbs/sync.h"
#include "core/verbs/teardown.h"
#include "core/verbs/update.h"
#include "core/workspace.h"
#include "support/workspacefixture.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QMutex>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// Wraps the real fetcher and records when each clone and fetch ran, slowing them down so that
// overlap is visible.
class RecordingFetcher final : public Fetcher
{
public:
    struct Interval
    {
        QString dest;
        qint64 start;
        qint64 end;
    };

    explicit RecordingFetcher(int delayMs) : m_delay(delayMs) { m_clock.start(); }

    QString scheme() const override { return m_git.scheme(); }
    bool handles(const QString &url) const override { return m_git.handles(url); }
    Result<FetchReport> clone(const QString &url, const QString &dest,
                              const std::optional<QString> &ref, const CloneOptions &options,
                              std::stop_token stop) override
    {
        const qint64 start = m_clock.elapsed();
        QThread::msleep(ulong(m_delay));
        Result<FetchReport> r = m_git.clone(url, dest, ref, options, stop);
        record(dest, start);
        return r;
    }
    Result<void> fetch(const QString &dest, std::stop_token stop) override
    {
        const qint64 start = m_clock.elapsed();
        QThread::msleep(ulong(m_delay));
        Result<void> r = m_git.fetch(dest, stop);
        record(dest, start);
        return r;
    }
    Result<UpdateOutcome> update(const QString &dest, const std::optional<QString> &ref,
                                 std::stop_token stop) override
    {
        const qint64 start = m_clock.elapsed();
        QThread::msleep(ulong(m_delay));
        Result<UpdateOutcome> r = m_git.update(dest, ref, stop);
        record(dest, start);
        return r;
    }
    Result<int> commitsMissingUpstream(const QString &dest, std::stop_token stop) override
    {
        return m_git.commitsMissingUpstream(dest, stop);
    }
    Result<FetchReport> describe(const QString &dest) override { return m_git.describe(dest); }
    Result<UpdateOutcome> fastForward(const QString &dest, std::stop_token stop) override
    {
        return m_git.fastForward(dest, stop);
    }
    Result<UpdateOutcome> checkout(const QString &dest, const QString &ref,
                                   std::stop_token stop) override
    {
        return m_git.checkout(dest, ref, stop);
    }
    Result<QString> probeRemote(const QString &url, const std::optional<QString> &ref,
                                std::stop_token stop) override
    {
        return m_git.probeRemote(url, ref, stop);
    }
    Result<QString> headSha(const QString &dest) override { return m_git.headSha(dest); }
    Result<QString> resolveRef(const QString &dest, const QString &ref) override
    {
        return m_git.resolveRef(dest, ref);
    }
    Result<std::optional<QString>> currentBranch(const QString &dest) override
    {
        return m_git.currentBranch(dest);
    }
    Result<bool> isDirty(const QString &dest) override { return m_git.isDirty(dest); }
    Result<LocalChanges> localChanges(const QString &dest) override
    {
        return m_git.localChanges(dest);
    }
    Result<QString> originUrl(const QString &dest) override { return m_git.originUrl(dest); }

    QList<Interval> intervals() const
    {
        QMutexLocker locker(&m_mutex);
        return m_intervals;
    }

    // The most operations that were running at the same moment.
    int maxOverlap() const
    {
        const QList<Interval> all = intervals();
        int best = 0;
        for (const Interval &a : all) {
            int overlapping = 0;
            for (const Interval &b : all)
                overlapping += b.start <= a.start && a.start < b.end ? 1 : 0;
            best = qMax(best, overlapping);
        }
        return best;
    }

private:
    void record(const QString &dest, qint64 start)
    {
        QMutexLocker locker(&m_mutex);
        m_intervals.append({dest, start, m_clock.elapsed()});
    }

    GitFetcher m_git;
    int m_delay;
    QElapsedTimer m_clock;
    mutable QMutex m_mutex;
    QList<Interval> m_intervals;
};

QByteArray yamlOf(const QString &name, const QString &type, const QByteArray &body)
{
    return RemoteBuilder::packYaml(name, type, body);
}

QStringList lines(const QString &path)
{
    return QString::fromUtf8(readFile(path)).split(u'\n', Qt::SkipEmptyParts);
}

// The events of the intent log (kept in a named value: ranging over read()->events would
// outlive the temporary Result).
QList<Event> eventsOf(const Workspace &ws)
{
    const Result<LogReadResult> log = ws.intentLog().read();
    return log ? log->events : QList<Event>();
}

int countEvents(const Workspace &ws, EventOp op, const QString &pack = {})
{
    int n = 0;
    for (const Event &e : eventsOf(ws))
        n += e.op == op && (pack.isEmpty() || e.id == pack) ? 1 : 0;
    return n;
}

} // namespace

class tst_Sync : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_remotesDir;
    int m_counter = 0;
    QString m_home;

    QString remote(const QString &name) const { return m_remotesDir + u'/' + name + u".git"_s; }

    // A fresh HOME for each case: actions write under it.
    void freshHome()
    {
        m_home = m_tmp.filePath(u"home%1"_s.arg(++m_counter));
        QDir().mkpath(m_home);
        qputenv("HOME", QFile::encodeName(m_home));
    }

    // A scripted pack of its own for a test that commits to its remote.
    QString evolvingPack(const QString &name)
    {
        RemoteBuilder remotes(m_remotesDir);
        remotes.create(name,
                       {{u".grex/pack.yaml"_s, yamlOf(name, u"scripted"_s, {})},
                        {u".grex/hooks/sync.sh"_s, "#!/bin/sh\necho v1 >> \"$HOME/hooks.log\"\n"}});
        return name;
    }

    Workspace newWorkspace()
    {
        return initialisedWorkspace(m_tmp.filePath(u"ws%1"_s.arg(++m_counter)));
    }

    void addPack(Workspace &ws, const QString &name, bool install = false)
    {
        addPackOrDie(ws, remote(name), install);
    }

    static Result<LifecycleReport> runSync(Workspace &ws, SyncOptions options = {},
                                           int parallel = 2, std::stop_token stop = {})
    {
        OperationContext ctx(stop);
        ctx.setWidth(Width::chosen(parallel));
        return sync(ws, options, ctx);
    }

    // The report, by value: the Result it comes from is usually a temporary.
    static LifecycleReport reportOf(const Result<LifecycleReport> &r)
    {
        if (!r.ok())
            qFatal("run failed: %s", qPrintable(r.error().text()));
        return r.value();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_remotesDir = m_tmp.filePath(u"remotes"_s);
        RemoteBuilder remotes(m_remotesDir);
        const QByteArray r = m_remotesDir.toUtf8();

        remotes.create(
            u"tools"_s,
            {{u".grex/pack.yaml"_s,
              yamlOf(u"tools"_s, u"declarative"_s,
                     "actions:\n"
                     "  - mkdir: {path: \"$HOME/out/tools\"}\n"
                     "  - symlink: {src: files/tool.conf, dst: \"$HOME/out/tools/tool.conf\"}\n")},
             {u"files/tool.conf"_s, "answer=42\n"}});
        remotes.create(
            u"hooks"_s,
            {{u".grex/pack.yaml"_s, yamlOf(u"hooks"_s, u"scripted"_s, {})},
             {u".grex/hooks/setup.sh"_s,
              "#!/bin/sh\necho \"setup $GREX_PACK_NAME $GREX_DRY_RUN\" >> \"$HOME/hooks.log\"\n"},
             {u".grex/hooks/sync.sh"_s, "#!/bin/sh\necho \"sync $(pwd)\" >> \"$HOME/hooks.log\"\n"},
             {u".grex/hooks/teardown.sh"_s, "#!/bin/sh\necho teardown >> \"$HOME/hooks.log\"\n"}});
        remotes.create(u"suite"_s, {{u".grex/pack.yaml"_s,
                                     yamlOf(u"suite"_s, u"meta"_s,
                                            "children:\n  - url: " + r +
                                                "/tools.git\n  - url: " + r + "/hooks.git\n")}});
        remotes.create(u"base"_s, {{u".grex/pack.yaml"_s,
                                    yamlOf(u"base"_s, u"declarative"_s,
                                           "actions:\n  - mkdir: {path: \"$HOME/out/base\"}\n")}});
        remotes.create(u"app"_s,
                       {{u".grex/pack.yaml"_s,
                         yamlOf(u"app"_s, u"declarative"_s,
                                "depends_on: [base]\nactions:\n"
                                "  - require: {all_of: [{path_exists: \"$HOME/out/base\"}]}\n"
                                "  - mkdir: {path: \"$HOME/out/app\"}\n")}});
        remotes.create(u"needs-missing"_s,
                       {{u".grex/pack.yaml"_s,
                         yamlOf(u"needs-missing"_s, u"meta"_s, "depends_on: [nowhere]\n")}});
        remotes.create(u"loop-a"_s, {{u".grex/pack.yaml"_s,
                                      yamlOf(u"loop-a"_s, u"meta"_s,
                                             "children:\n  - url: " + r + "/loop-b.git\n")}});
        remotes.create(u"loop-b"_s, {{u".grex/pack.yaml"_s,
                                      yamlOf(u"loop-b"_s, u"meta"_s,
                                             "children:\n  - url: " + r + "/loop-a.git\n")}});
        remotes.create(u"dep-a"_s, {{u".grex/pack.yaml"_s,
                                     yamlOf(u"dep-a"_s, u"meta"_s, "depends_on: [dep-b]\n")}});
        remotes.create(u"dep-b"_s, {{u".grex/pack.yaml"_s,
                                     yamlOf(u"dep-b"_s, u"meta"_s, "depends_on: [dep-a]\n")}});
        remotes.create(
            u"failing"_s,
            {{u".grex/pack.yaml"_s,
              yamlOf(u"failing"_s, u"declarative"_s,
                     "actions:\n  - mkdir: {path: \"$HOME/out/failing\"}\n"
                     "  - exec: {cmd_shell: \"echo oops >&2; exit 3\", shell: true}\n")}});
        remotes.create(u"slow"_s, {{u".grex/pack.yaml"_s,
                                    yamlOf(u"slow"_s, u"declarative"_s,
                                           "actions:\n  - exec: {cmd: [sleep, \"30\"]}\n")}});
        remotes.create(u"misnamed"_s,
                       {{u".grex/pack.yaml"_s, yamlOf(u"other-name"_s, u"meta"_s, {})}});
        remotes.create(
            u"owns-misnamed"_s,
            {{u".grex/pack.yaml"_s, yamlOf(u"owns-misnamed"_s, u"meta"_s,
                                           "children:\n  - url: " + r + "/misnamed.git\n")}});
        remotes.create(u"broken"_s, {{u".grex/pack.yaml"_s, "schema_version: 1\nname: broken\n"}});
        remotes.create(u"owns-broken"_s, {{u".grex/pack.yaml"_s,
                                           yamlOf(u"owns-broken"_s, u"meta"_s,
                                                  "children:\n  - url: " + r + "/broken.git\n")}});
        for (int i = 0; i < 4; ++i) {
            const QString name = u"plain%1"_s.arg(i);
            remotes.create(name, {{u"README"_s, name.toUtf8()}});
        }
        // A diamond: left and right both own shared.
        remotes.create(u"shared"_s,
                       {{u".grex/pack.yaml"_s,
                         yamlOf(u"shared"_s, u"declarative"_s,
                                "actions:\n  - exec: {cmd_shell: \"echo start >> $HOME/shared.log; "
                                "sleep 0.3; echo end >> $HOME/shared.log\", shell: true}\n")}});
        for (const QString &side : {u"left"_s, u"right"_s}) {
            remotes.create(
                side, {{u".grex/pack.yaml"_s,
                        yamlOf(side, u"declarative"_s,
                               "children:\n  - url: " + r +
                                   "/shared.git\n"
                                   "actions:\n  - exec: {cmd_shell: \"echo " +
                                   side.toUtf8() + " >> $HOME/shared.log\", shell: true}\n")}});
        }
    }

    void init() { freshHome(); }

    // A nested workspace, end to end.
    void syncsANestedWorkspace()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"suite"_s);
        addPack(ws, u"base"_s);
        addPack(ws, u"app"_s);
        const Result<LifecycleReport> first = runSync(ws);
        const LifecycleReport report = reportOf(first);

        // Children cloned flat next to their parent.
        QVERIFY(QFileInfo(ws.packDir(u"tools"_s) + u"/.grex/pack.yaml"_s).isFile());
        QVERIFY(QFileInfo(ws.packDir(u"hooks"_s)).isDir());
        // Actions ran: a directory and a link to the pack's own file.
        const QFileInfo link(m_home + u"/out/tools/tool.conf"_s);
        QVERIFY(link.isSymLink());
        QCOMPARE(link.symLinkTarget(), ws.packDir(u"tools"_s) + u"/files/tool.conf"_s);
        QVERIFY(QFileInfo(m_home + u"/out/app"_s).isDir());
        // The scripted pack's sync hook ran in its directory with the GREX_ variables.
        QCOMPARE(lines(m_home + u"/hooks.log"_s), QStringList{u"sync "_s + ws.packDir(u"hooks"_s)});

        // Children before parents, dependencies before dependants.
        QStringList order;
        for (const StepRecord &s : report.steps) {
            if (!order.contains(s.pack))
                order.append(s.pack);
        }
        QVERIFY(order.indexOf(u"tools"_s) < order.indexOf(u"suite"_s));
        QVERIFY(order.indexOf(u"hooks"_s) < order.indexOf(u"suite"_s));
        QVERIFY(order.indexOf(u"base"_s) < order.indexOf(u"app"_s));
        QCOMPARE(report.packs.size(), 5);
        for (const PackOutcome &p : report.packs)
            QCOMPARE(p.result, LifecycleResult::Ok);

        // Lock entries for every pack; sync events for the registered ones only.
        const LockEntries locks = ws.lockfile().read().value();
        QCOMPARE(locks.keys(),
                 (QStringList{u"app"_s, u"base"_s, u"hooks"_s, u"suite"_s, u"tools"_s}));
        QCOMPARE(locks.value(u"tools"_s).sha, GitFetcher().headSha(ws.packDir(u"tools"_s)).value());
        QCOMPARE(countEvents(ws, EventOp::Sync), 3);
        QCOMPARE(countEvents(ws, EventOp::ActionStarted, u"tools"_s), 2);
        QCOMPARE(countEvents(ws, EventOp::ActionCompleted, u"tools"_s), 2);
        // A meta pack only reports its children: nothing to bracket.
        QCOMPARE(countEvents(ws, EventOp::ActionStarted, u"suite"_s), 0);
        // Managed .gitignore blocks for the children too.
        QVERIFY(readFile(ws.gitignorePath()).contains("# >>> grex:tools >>>"));

        // A second sync changes nothing and skips every pack by hash.
        const QByteArray logBefore = readFile(ws.manifestPath());
        const LifecycleReport second = reportOf(runSync(ws));
        for (const StepRecord &s : second.steps)
            QCOMPARE(s.step.result, StepResult::Skipped);
        QCOMPARE(second.steps.size(), 5);
        QCOMPARE(readFile(ws.manifestPath()), logBefore);
        QCOMPARE(lines(m_home + u"/hooks.log"_s).size(), 1);
        QCOMPARE(ws.lockfile().read().value(), locks);
    }

    // A sync appends its packs' sync events a batch at a time (16 KiB of lines): every one of
    // them reaches the journal, once, across the batches.
    void syncEventsAreAppendedInBatches()
    {
        Workspace ws = newWorkspace();
        RemoteBuilder remotes(m_remotesDir);
        // Lines of about 330 bytes (an id of 190): 120 packs make two whole batches and a rest.
        const int count = 120;
        QSet<QString> names;
        for (int i = 0; i < count; ++i) {
            const QString name = u"batch%1-"_s.arg(i, 3, 10, QChar(u'0')) + QString(181, u'x');
            remotes.create(name, {{u"README"_s, "plain\n"}});
            addPack(ws, name);
            names.insert(name);
        }
        const int before = countEvents(ws, EventOp::Sync);
        SyncOptions force;
        force.request.lifecycles.force = true;
        const LifecycleReport report = reportOf(runSync(ws, force));
        QVERIFY(report.eventLogWarnings.isEmpty());
        QSet<QString> synced;
        int after = 0;
        for (const Event &e : eventsOf(ws)) {
            if (e.op == EventOp::Sync) {
                synced.insert(e.id);
                ++after;
            }
        }
        QCOMPARE(after, before + count);
        QCOMPARE(synced, names);
        // The journal is whole lines, each a sync event that parses.
        QVERIFY(readFile(ws.intentLog().journalPath()).endsWith('\n'));
    }

    void forceAndNewCommitsRunAgain()
    {
        const QString pack = evolvingPack(u"evolving"_s);
        Workspace ws = newWorkspace();
        addPack(ws, pack);
        reportOf(runSync(ws));
        SyncOptions force;
        force.request.lifecycles.force = true;
        reportOf(runSync(ws, force));
        QCOMPARE(lines(m_home + u"/hooks.log"_s).size(), 2);

        // A new upstream commit fast-forwards the clone and invalidates the skip.
        RemoteBuilder remotes(m_remotesDir);
        RemoteBuilder::Files files{
            {u".grex/pack.yaml"_s, yamlOf(pack, u"scripted"_s, {})},
            {u".grex/hooks/sync.sh"_s, "#!/bin/sh\necho v2 >> \"$HOME/hooks.log\"\n"}};
        const QString v2 = remotes.commit(remote(pack), files);
        const LifecycleReport after = reportOf(runSync(ws));
        QCOMPARE(after.packs.at(0).shaAfter, v2);
        QCOMPARE(lines(m_home + u"/hooks.log"_s).last(), u"v2"_s);
        QCOMPARE(ws.lockfile().read()->value(pack).sha, v2);
    }

    // A dry run leaves every byte as it was, hooks included.
    void dryRunChangesNothing()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"suite"_s);
        addPack(ws, u"hooks"_s);
        const auto before = snapshot(ws.root());
        SyncOptions dry;
        dry.request.lifecycles.dryRun = true;
        const LifecycleReport planned = reportOf(runSync(ws, dry));
        QVERIFY(planned.dryRun);
        QCOMPARE(snapshot(ws.root()), before);
        QVERIFY(snapshot(m_home).isEmpty());
        bool wouldClone = false;
        for (const StepRecord &s : planned.steps)
            wouldClone = wouldClone || (s.step.actionName == u"clone" && s.pack == u"tools");
        QVERIFY(wouldClone);

        reportOf(runSync(ws));
        const auto synced = snapshot(ws.root());
        const auto home = snapshot(m_home);
        SyncOptions forcedDry;
        forcedDry.request.lifecycles.dryRun = true;
        forcedDry.request.lifecycles.force = true;
        const LifecycleReport plan = reportOf(runSync(ws, forcedDry));
        QCOMPARE(snapshot(ws.root()), synced);
        QCOMPARE(snapshot(m_home), home); // the hook did not run
        bool wouldRunHook = false;
        for (const StepRecord &s : plan.steps)
            wouldRunHook = wouldRunHook ||
                           (s.pack == u"hooks" && s.step.result == StepResult::WouldPerformChange);
        QVERIFY(wouldRunHook);
    }

    // Plan-phase validation (docs/design.md, "Pack graph and validation"): a pack the plan cannot
    // use fails alone with its reason, and every other pack is installed; the run ends as a failed
    // fetch does.
    void invalidPacksFailAlone_data()
    {
        QTest::addColumn<QString>("pack");
        QTest::addColumn<QStringList>("failing");
        QTest::addColumn<QString>("rule");
        QTest::newRow("depends_on unsatisfied")
            << u"needs-missing"_s << QStringList{u"needs-missing"_s} << u"depends_on_unsatisfied"_s;
        QTest::newRow("cycle through children")
            << u"loop-a"_s << QStringList{u"loop-a"_s, u"loop-b"_s} << u"graph_cycle"_s;
        QTest::newRow("cycle through depends_on")
            << u"dep-a"_s << QStringList{u"dep-a"_s, u"dep-b"_s} << u"graph_cycle"_s;
    }

    void invalidPacksFailAlone()
    {
        QFETCH(QString, pack);
        QFETCH(QStringList, failing);
        QFETCH(QString, rule);
        Workspace ws = newWorkspace();
        addPack(ws, u"base"_s);
        addPack(ws, pack);
        if (pack == u"dep-a")
            addPack(ws, u"dep-b"_s);
        SyncOptions keepGoing;
        keepGoing.request.lifecycles.keepGoing = true;
        for (const SyncOptions &options : {SyncOptions{}, keepGoing}) {
            const Result<LifecycleReport> r = runSync(ws, options);
            QVERIFY(!r.ok());
            QCOMPARE(r.error().kind(), ErrorKind::PackOp);
            QCOMPARE(r.error().reason(), u"packs_failed"_s);
            QStringList failed;
            for (const JsonValue &p :
                 r.error().details().value(u"report"_s).toObject().value(u"packs"_s).toArray()) {
                const JsonObject outcome = p.toObject();
                const QString id = outcome.value(u"id"_s).toString();
                if (id == u"base") {
                    // Installed by the first run, unchanged in the second.
                    QVERIFY(outcome.value(u"result"_s).toString() != u"err");
                    QVERIFY(outcome.value(u"result"_s).toString() != u"not_run");
                    continue;
                }
                QCOMPARE(outcome.value(u"result"_s).toString(), u"err"_s);
                const JsonObject error = outcome.value(u"error"_s).toObject();
                QCOMPARE(error.value(u"rule"_s).toString(), rule);
                QVERIFY(!error.value(u"hint"_s).toString().isEmpty());
                failed.append(id);
            }
            failed.sort();
            QCOMPARE(failed, failing);
            QVERIFY(QFileInfo::exists(m_home + u"/out/base"_s));
            QVERIFY(ws.lockfile().read()->contains(u"base"_s));
            QVERIFY(!ws.lockfile().read()->contains(pack));
        }
        // --no-validate is the escape hatch.
        SyncOptions unchecked;
        unchecked.request.noValidate = true;
        QVERIFY(runSync(ws, unchecked).ok());
    }

    // A child whose pack.yaml does not parse or names another pack fails alone; the pack that
    // owns it does not run and says why; the other packs are installed.
    void walkErrorsFailThatPack_data()
    {
        QTest::addColumn<QString>("pack");
        QTest::addColumn<QString>("child");
        QTest::addColumn<QString>("reason");
        QTest::newRow("child name mismatch")
            << u"owns-misnamed"_s << u"misnamed"_s << u"pack_name_mismatch"_s;
        QTest::newRow("child manifest invalid")
            << u"owns-broken"_s << u"broken"_s << u"pack_yaml_invalid"_s;
    }

    void walkErrorsFailThatPack()
    {
        QFETCH(QString, pack);
        QFETCH(QString, child);
        QFETCH(QString, reason);
        Workspace ws = newWorkspace();
        addPack(ws, pack);
        addPack(ws, u"base"_s);
        const Result<LifecycleReport> r = runSync(ws);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"packs_failed"_s);
        QHash<QString, JsonObject> outcomes;
        for (const JsonValue &p :
             r.error().details().value(u"report"_s).toObject().value(u"packs"_s).toArray())
            outcomes.insert(p.toObject().value(u"id"_s).toString(), p.toObject());
        QCOMPARE(outcomes.value(child).value(u"result"_s).toString(), u"err"_s);
        QCOMPARE(outcomes.value(child).value(u"error"_s).toObject().value(u"reason"_s).toString(),
                 reason);
        QCOMPARE(outcomes.value(pack).value(u"result"_s).toString(), u"not_run"_s);
        QVERIFY(outcomes.value(pack).value(u"message"_s).toString().contains(child));
        QCOMPARE(outcomes.value(u"base"_s).value(u"result"_s).toString(), u"ok"_s);
        QCOMPARE(ws.lockfile().read()->keys(), QStringList{u"base"_s});
    }

    // A filter that leaves the broken pack out runs the rest without naming it as failed.
    void filterLeavesTheBrokenPackOut()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"owns-broken"_s);
        addPack(ws, u"base"_s);
        SyncOptions onlyBase;
        onlyBase.request.lifecycles.filter = PackFilter::parse(u"name=base"_s).value();
        const LifecycleReport report = reportOf(runSync(ws, onlyBase));
        for (const PackOutcome &p : report.packs)
            QCOMPARE(p.result, p.id == u"base" ? LifecycleResult::Ok : LifecycleResult::Filtered);
    }

    // A halt records where, drops the halted pack's lock entry, and stops new packs.
    void haltRecordsAndStops()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"base"_s);
        addPack(ws, u"failing"_s);
        addPack(ws, u"hooks"_s);
        const Result<LifecycleReport> r = runSync(ws, {}, 1);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::PackOp);
        QCOMPARE(r.error().reason(), u"halted"_s);
        const JsonObject report = r.error().details().value(u"report"_s).toObject();
        const JsonObject halted = report.value(u"halted"_s).toObject();
        QCOMPARE(halted.value(u"pack"_s).toString(), u"failing"_s);
        QCOMPARE(halted.value(u"idx"_s).toInteger(), 1);
        QCOMPARE(halted.value(u"action"_s).toString(), u"exec"_s);
        QVERIFY(halted.value(u"error"_s).toString().contains(u"status 3"_s));
        // Serial order is base, failing, hooks: hooks never started.
        QCOMPARE(countEvents(ws, EventOp::ActionStarted, u"hooks"_s), 0);
        const LockEntries locks = ws.lockfile().read().value();
        QVERIFY(locks.contains(u"base"_s));
        QVERIFY(!locks.contains(u"failing"_s));
        // The audit trail: started, completed, started, halted with the stderr tail.
        QList<Event> trail;
        for (const Event &e : eventsOf(ws)) {
            if (e.id == u"failing" && e.op != EventOp::Add)
                trail.append(e);
        }
        QCOMPARE(trail.size(), 4);
        QCOMPARE(trail.at(3).op, EventOp::ActionHalted);
        QVERIFY(trail.at(3).extra().errorSummary.contains(u"oops"_s));

        // --keep-going runs what does not build on the failure.
        SyncOptions keepGoing;
        keepGoing.request.lifecycles.keepGoing = true;
        const Result<LifecycleReport> kept = runSync(ws, keepGoing, 1);
        QVERIFY(!kept.ok());
        QVERIFY(ws.lockfile().read()->contains(u"hooks"_s));
    }

    void onlyRunsMatchingPacks()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"suite"_s);
        addPack(ws, u"base"_s);
        reportOf(runSync(ws));
        const LockEntries before = ws.lockfile().read().value();
        SyncOptions only;
        only.request.lifecycles.only = {u"t*ls"_s, u"{base,nothing}"_s};
        only.request.lifecycles.force = true;
        const LifecycleReport r = reportOf(runSync(ws, only));
        QCOMPARE(r.outcome(u"tools"_s)->result, LifecycleResult::Ok);
        QCOMPARE(r.outcome(u"base"_s)->result, LifecycleResult::Ok);
        QCOMPARE(r.outcome(u"suite"_s)->result, LifecycleResult::Filtered);
        QCOMPARE(r.outcome(u"hooks"_s)->result, LifecycleResult::Filtered);
        const LockEntries after = ws.lockfile().read().value();
        QCOMPARE(after.value(u"suite"_s), before.value(u"suite"_s)); // carried forward
        SyncOptions bad;
        bad.request.lifecycles.only = {u"[unclosed"_s};
        const Result<LifecycleReport> invalid = runSync(ws, bad);
        QCOMPARE(invalid.error().kind(), ErrorKind::Usage);
        QCOMPARE(invalid.error().reason(), u"invalid_glob"_s);
    }

    void noInstallOnlyFetches()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"suite"_s);
        SyncOptions options;
        options.request.noInstall = true;
        const LifecycleReport r = reportOf(runSync(ws, options));
        QVERIFY(r.steps.isEmpty());
        QVERIFY(QFileInfo(ws.packDir(u"tools"_s)).isDir()); // cloned
        QVERIFY(!QFileInfo::exists(m_home + u"/out"_s));    // not installed
        QCOMPARE(ws.lockfile().read()->size(), 0);
    }

    void refOverrideAppliesToEveryPack()
    {
        RemoteBuilder remotes(m_remotesDir);
        const QString first = remotes.tip(remote(u"plain0"_s));
        remotes.tag(remote(u"plain0"_s), u"pinned"_s, first);
        remotes.commit(remote(u"plain0"_s), {{u"README"_s, "later"}});
        Workspace ws = newWorkspace();
        {
            OperationContext ctx;
            AddOptions options;
            options.url = remote(u"plain0"_s);
            options.noInstall = true;
            QVERIFY(add(ws, options, ctx).ok());
        }
        SyncOptions pinned;
        pinned.request.refOverride = u"pinned"_s;
        reportOf(runSync(ws, pinned));
        QCOMPARE(GitFetcher().headSha(ws.packDir(u"plain0"_s)).value(), first);
        reportOf(runSync(ws));
        QCOMPARE(GitFetcher().currentBranch(ws.packDir(u"plain0"_s)).value(),
                 std::optional<QString>()); // detached at the tag: not moved again
    }

    // Dirty and behind: the report says both, and the run is not a failure.
    void dirtyCloneIsLeftAloneAndSaysWhy()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"plain1"_s);
        RemoteBuilder remotes(m_remotesDir);
        remotes.commit(remote(u"plain1"_s), {{u"README"_s, "new upstream"}});
        QVERIFY(writeFile(ws.packDir(u"plain1"_s) + u"/README"_s, "local edit"));
        OperationContext ctx;
        const Result<LifecycleReport> r = sync(ws, {}, ctx);
        QVERIFY(r.ok());
        const PackOutcome *outcome = r->outcome(u"plain1"_s);
        QVERIFY(outcome);
        QCOMPARE(outcome->fetchState, FetchState::LeftAlone);
        QVERIFY(outcome->notes);
        QCOMPARE(outcome->notes->leftAloneWhy, u"dirty"_s);
        const QString note = outcome->notes->note.text();
        QVERIFY2(note.contains(u"uncommitted changes"_s) && note.contains(u"1 commit(s) behind"_s),
                 qPrintable(note));
        QCOMPARE(readFile(ws.packDir(u"plain1"_s) + u"/README"_s), QByteArray("local edit"));
    }

    // Fetches and clones of different packs really overlap; width 1 never overlaps.
    void fetchesRunInParallel()
    {
        for (const int width : {2, 1}) {
            Workspace ws = newWorkspace();
            for (int i = 0; i < 4; ++i)
                addPack(ws, u"plain%1"_s.arg(i));
            QVERIFY(QDir(ws.packDir(u"plain3"_s)).removeRecursively()); // one clone, three fetches
            auto recorder = std::make_shared<RecordingFetcher>(250);
            ws.setFetcher(recorder);
            reportOf(runSync(ws, {}, width));
            QCOMPARE(recorder->intervals().size(), 4);
            QCOMPARE(recorder->maxOverlap(), width);
        }
    }

    // A pack owned by two parents runs once, before both (docs/design.md, "Execution order").
    void sharedChildRunsOnceBeforeItsParents()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"left"_s);
        addPack(ws, u"right"_s);
        const LifecycleReport r = reportOf(runSync(ws, {}, 4));
        QCOMPARE(lines(m_home + u"/shared.log"_s).mid(0, 2), (QStringList{u"start"_s, u"end"_s}));
        QCOMPARE(lines(m_home + u"/shared.log"_s).size(), 4);
        QCOMPARE(r.packs.size(), 3);
        QCOMPARE(r.packs.at(0).id, u"shared"_s);
    }

    // Width 1 reproduces DFS post-order exactly, run after run.
    void widthOneIsPostOrder()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"suite"_s);
        addPack(ws, u"base"_s);
        addPack(ws, u"app"_s);
        SyncOptions force;
        force.request.lifecycles.force = true;
        QStringList first;
        for (int round = 0; round < 2; ++round) {
            QStringList order;
            for (const StepRecord &s : reportOf(runSync(ws, force, 1)).steps)
                order.append(s.pack + u'#' + QString::number(s.idx));
            if (round == 0)
                first = order;
            QCOMPARE(order, first);
        }
        // app depends on base: base runs first, though app comes first by id.
        QCOMPARE(first, (QStringList{u"base#0"_s, u"app#0"_s, u"app#1"_s, u"tools#0"_s,
                                     u"tools#1"_s, u"hooks#0"_s, u"suite#0"_s}));
    }

    // grex update reports each pack's reason: new, none, sha-changed, hash-changed or forced.
    void updateReasons()
    {
        const QString pack = evolvingPack(u"evolving-update"_s);
        Workspace ws = newWorkspace();
        addPack(ws, u"base"_s);
        addPack(ws, pack);
        const auto reasons = [&](UpdateOptions options = {}) {
            OperationContext ctx;
            const Result<UpdateReport> r = update(ws, options, ctx);
            if (!r.ok())
                qFatal("update failed: %s", qPrintable(r.error().text()));
            QMap<QString, QString> byPack;
            for (const JsonValue &v : r->toJson().toArray())
                byPack.insert(v.toObject().value(u"id"_s).toString(),
                              v.toObject().value(u"reason"_s).toString());
            return byPack;
        };
        QCOMPARE(reasons().value(u"base"_s), u"new"_s);
        QCOMPARE(reasons().value(u"base"_s), u"none"_s);
        RemoteBuilder remotes(m_remotesDir);
        remotes.commit(remote(pack), {{u".grex/pack.yaml"_s, yamlOf(pack, u"scripted"_s, {})}});
        QCOMPARE(reasons().value(pack), u"sha-changed"_s);
        LockEntries locks = ws.lockfile().read().value();
        locks[u"base"_s].actionsHash = QString(64, u'0');
        QVERIFY(ws.lockfile().write(locks).ok());
        QCOMPARE(reasons().value(u"base"_s), u"hash-changed"_s);
        UpdateOptions forced;
        forced.request.lifecycles.force = true;
        QCOMPARE(reasons(forced).value(u"base"_s), u"forced"_s);
        UpdateOptions one;
        one.pack = u"base"_s;
        const QMap<QString, QString> only = reasons(one);
        QCOMPARE(only.keys(), QStringList{u"base"_s});
        OperationContext ctx;
        UpdateOptions unknown;
        unknown.pack = u"ghost"_s;
        QCOMPARE(update(ws, unknown, ctx).error().reason(), u"unknown_pack"_s);
    }

    // Install then teardown returns the machine to where it was.
    void teardownUndoesTheInstall()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"suite"_s);
        reportOf(runSync(ws));
        QVERIFY(QFileInfo(m_home + u"/out/tools/tool.conf"_s).isSymLink());
        OperationContext ctx;
        const Result<LifecycleReport> r = teardown(ws, {}, ctx);
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().text()));
        // Auto-reverse: the link removed, then the directory (empty now).
        QVERIFY(!QFileInfo::exists(m_home + u"/out/tools/tool.conf"_s));
        QVERIFY(!QFileInfo::exists(m_home + u"/out/tools"_s));
        QCOMPARE(lines(m_home + u"/hooks.log"_s).last(), u"teardown"_s);
        // Parents first.
        QCOMPARE(r->packs.at(0).id, u"suite"_s);
        QCOMPARE(ws.lockfile().read()->size(), 0);
        QVERIFY(!readFile(ws.gitignorePath()).contains("grex:tools"));
        // Still registered and cloned; teardown twice is harmless.
        QVERIFY(QFileInfo(ws.packDir(u"tools"_s)).isDir());
        QVERIFY(teardown(ws, {}, ctx).ok());
    }

    void addInstallsAndRmTearsDown()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"base"_s);
        addPack(ws, u"suite"_s, true);
        QVERIFY(QFileInfo(m_home + u"/out/tools/tool.conf"_s).isSymLink());
        QVERIFY(ws.lockfile().read()->contains(u"tools"_s));
        OperationContext ctx;
        ScriptedApproval yes;
        ctx.setApprovalPolicy(&yes);
        RmOptions options;
        options.path = u"suite"_s;
        const Result<RmReport> removed = rm(ws, options, ctx);
        QVERIFY2(removed.ok(), qPrintable(removed.ok() ? QString() : removed.error().text()));
        QVERIFY(removed->teardownRan);
        QCOMPARE(removed->children, (QStringList{u"tools"_s, u"hooks"_s}));
        QVERIFY(!QFileInfo::exists(m_home + u"/out/tools/tool.conf"_s));
        for (const QString &dir : {u"suite"_s, u"tools"_s, u"hooks"_s})
            QVERIFY(!QFileInfo::exists(ws.packDir(dir)));
        QCOMPARE(ws.lockfile().read()->keys(), QStringList());
        QVERIFY(QFileInfo(ws.packDir(u"base"_s)).isDir());
    }

    void rmKeepsChildrenAnotherPackOwns()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"left"_s, true);
        addPack(ws, u"right"_s, true);
        OperationContext ctx;
        ScriptedApproval yes;
        ctx.setApprovalPolicy(&yes);
        RmOptions options;
        options.path = u"left"_s;
        const Result<RmReport> removed = rm(ws, options, ctx);
        QVERIFY(removed.ok());
        QVERIFY(removed->children.isEmpty());
        QVERIFY(QFileInfo(ws.packDir(u"shared"_s)).isDir());
        QVERIFY(!QFileInfo::exists(ws.packDir(u"left"_s)));
    }

    // rm of a pack others depend on says which (docs/design.md, "Pack graph and validation"); the
    // next sync fails only them, with the fix in its hint.
    void rmNamesThePacksThatDependOnIt()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"base"_s, true);
        addPack(ws, u"app"_s, true);
        addPack(ws, u"hooks"_s, true);
        OperationContext ctx;
        ScriptedApproval yes;
        ctx.setApprovalPolicy(&yes);
        struct Warnings final : EventSink
        {
            QStringList texts;
            void warning(const Message &message) override { texts.append(message.text()); }
        } sink;
        ctx.setEventSink(&sink);
        const QStringList &warnings = sink.texts;
        RmOptions options;
        options.path = u"base"_s;
        const Result<RmReport> removed = rm(ws, options, ctx);
        QVERIFY(removed.ok());
        QCOMPARE(removed->dependents, QStringList{u"app"_s});
        QCOMPARE(removed->toJson().value(u"dependents"_s).toArray().size(), 1);
        QVERIFY2(warnings.join(u'\n').contains(u"app depend(s) on 'base'"_s),
                 qPrintable(warnings.join(u'\n')));
        const Result<LifecycleReport> r = runSync(ws);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"packs_failed"_s);
        QVERIFY2(r.error().message().text().contains(u"take it out of depends_on"_s),
                 qPrintable(r.error().text()));
        for (const JsonValue &p :
             r.error().details().value(u"report"_s).toObject().value(u"packs"_s).toArray()) {
            const JsonObject outcome = p.toObject();
            QCOMPARE(outcome.value(u"result"_s).toString() == u"err",
                     outcome.value(u"id"_s).toString() == u"app");
        }
    }

    void failedTeardownRemovesNothing()
    {
        RemoteBuilder remotes(m_remotesDir);
        remotes.create(u"stubborn"_s,
                       {{u".grex/pack.yaml"_s, yamlOf(u"stubborn"_s, u"scripted"_s, {})},
                        {u".grex/hooks/teardown.sh"_s, "#!/bin/sh\nexit 5\n"}});
        Workspace ws = newWorkspace();
        addPack(ws, u"stubborn"_s, true);
        OperationContext ctx;
        ScriptedApproval yes;
        ctx.setApprovalPolicy(&yes);
        RmOptions options;
        options.path = u"stubborn"_s;
        const Result<RmReport> refused = rm(ws, options, ctx);
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().hint().text().contains(u"--skip-teardown"_s));
        QVERIFY(QFileInfo(ws.packDir(u"stubborn"_s)).isDir());
        QVERIFY(ws.readPacks(ctx)->contains(u"stubborn"_s));
        options.skipTeardown = true;
        QVERIFY(rm(ws, options, ctx).ok());
        QVERIFY(!QFileInfo::exists(ws.packDir(u"stubborn"_s)));
    }

    // Cancellation stops the work, records it, and leaves a consistent lockfile (docs/design.md,
    // "Cancellation").
    void cancelStopsARunningPack()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"base"_s);
        addPack(ws, u"slow"_s);
        std::stop_source stop;
        QElapsedTimer timer;
        timer.start();
        QThread *canceller = QThread::create([&stop] {
            QThread::msleep(700);
            stop.request_stop();
        });
        canceller->start();
        const Result<LifecycleReport> r = runSync(ws, {}, 1, stop.get_token());
        canceller->wait();
        delete canceller;
        QVERIFY(timer.elapsed() < 25000); // the 30 s sleep did not run out
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Cancelled);
        QVERIFY(r.error().details().value(u"report"_s).isObject());
        const LockEntries locks = ws.lockfile().read().value();
        QVERIFY(locks.contains(u"base"_s));
        QVERIFY(!locks.contains(u"slow"_s));
        bool haltedCancelled = false;
        for (const Event &e : eventsOf(ws))
            haltedCancelled =
                haltedCancelled || (e.op == EventOp::ActionHalted && e.id == u"slow" &&
                                    e.extra().errorSummary == u"cancelled");
        QVERIFY(haltedCancelled);
    }

    // A sync killed with SIGKILL at a random point: the files stay readable and a rerun
    // converges.
    void killedSyncConverges()
    {
        RemoteBuilder remotes(m_remotesDir);
        Workspace ws = newWorkspace();
        for (int i = 0; i < 6; ++i) {
            const QString name = u"napper%1"_s.arg(i);
            remotes.create(name,
                           {{u".grex/pack.yaml"_s,
                             yamlOf(name, u"declarative"_s,
                                    "actions:\n  - mkdir: {path: \"$HOME/out/" + name.toUtf8() +
                                        "\"}\n  - exec: {cmd: [sleep, \"0.3\"]}\n")}});
            addPack(ws, name);
        }
        RunOptions options;
        options.workDir = ws.root();
        options.env = QStringList{u"HOME="_s + m_home, u"GREX_PARALLEL=2"_s};
        QProcess killed;
        killed.setWorkingDirectory(ws.root());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"HOME"_s, m_home);
        killed.setProcessEnvironment(env);
        killed.start(grexBinary(), {u"sync"_s, u"--parallel"_s, u"2"_s});
        QVERIFY(killed.waitForStarted());
        QTest::qWait(800);
        signalProcess(killed, SIGKILL);
        killed.waitForFinished();

        QVERIFY(ws.intentLog().read().ok());
        QVERIFY(ws.lockfile().read().ok());
        const RunResult rerun = runGrex({u"sync"_s, u"--json"_s}, options);
        QCOMPARE(rerun.exitCode, 0);
        QCOMPARE(ws.lockfile().read()->size(), 6);
        const RunResult again = runGrex({u"sync"_s, u"--json"_s}, options);
        QCOMPARE(again.exitCode, 0);
        for (const QJsonValue &p : again.json().object().value(u"packs"_s).toArray())
            QCOMPARE(p.toObject().value(u"result"_s).toString(), u"skipped"_s);
    }

    // SIGINT cancels cleanly: exit 130, audit trail and lockfile consistent.
    void interruptedSyncExits130()
    {
        Workspace ws = newWorkspace();
        addPack(ws, u"base"_s);
        addPack(ws, u"slow"_s);
        QProcess process;
        process.setWorkingDirectory(ws.root());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"HOME"_s, m_home);
        process.setProcessEnvironment(env);
        process.start(grexBinary(), {u"sync"_s, u"--parallel"_s, u"1"_s});
        QVERIFY(process.waitForStarted());
        // Interrupted once the slow pack's action runs (base is done by then at width 1),
        // however long the machine takes to get there.
        QTRY_VERIFY_WITH_TIMEOUT(countEvents(ws, EventOp::ActionStarted, u"slow"_s) == 1, 120000);
        signalProcess(process, SIGINT);
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 130);
        QVERIFY(ws.lockfile().read()->contains(u"base"_s));
        QVERIFY(!ws.lockfile().read()->contains(u"slow"_s));
        QCOMPARE(countEvents(ws, EventOp::ActionHalted, u"slow"_s), 1);
    }

    void rootPackMode()
    {
        RemoteBuilder remotes(m_remotesDir);
        const QString root = m_tmp.filePath(u"rootpack"_s);
        QDir().mkpath(root + u"/.grex"_s);
        QVERIFY(writeFile(root + u"/.grex/pack.yaml"_s,
                          yamlOf(u"rootpack"_s, u"meta"_s,
                                 "children:\n  - url: " + remote(u"tools"_s).toUtf8() + "\n")));
        Workspace anywhere(m_tmp.path());
        OperationContext ctx;
        SyncOptions options;
        options.packRoot = root;
        const Result<LifecycleReport> r = sync(anywhere, options, ctx);
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().text()));
        QVERIFY(QFileInfo(root + u"/.grex/workspace/tools/.grex/pack.yaml"_s).isFile());
        // What happened is this machine's: it went to the journal (docs/design.md, "The journal").
        QVERIFY(QFileInfo(root + u"/.grex/grex.journal.jsonl"_s).isFile());
        const Lockfile lockfile(root + u"/.grex/grex.lock.jsonl"_s, root + u"/.grex/.grex.lock"_s);
        QCOMPARE(lockfile.read()->keys(), (QStringList{u"rootpack"_s, u"tools"_s}));
        QVERIFY(readFile(root + u"/.grex/workspace/.gitignore"_s).contains("grex:tools"));
        // The path of its pack.yaml names the same pack.
        options.packRoot = root + u"/.grex/pack.yaml"_s;
        QVERIFY(sync(anywhere, options, ctx).ok());
    }

    // The pre-run recovery scan reports what an earlier run left behind, changes none of it, and
    // looks no deeper than 6 levels, nor into .git or through symlinks.
    void recoveryScanReportsLeftovers()
    {
        freshHome();
        Workspace ws = newWorkspace();
        addPack(ws, u"tools"_s, true);
        const QString root = ws.root();
        QVERIFY(writeFile(root + u"/tools/files/tool.conf.grex.bak"_s, "old\n"));
        QVERIFY(QDir().mkpath(root + u"/old.grex.bak.20260101T000000Z"_s));
        QVERIFY(writeFile(root + u"/tools/.git/x.grex.bak"_s, "inside .git\n"));
        QVERIFY(QDir().mkpath(root + u"/a/b/c/d/e/f"_s));
        QVERIFY(QDir().mkpath(m_home + u"/linked"_s));
        QVERIFY(writeFile(root + u"/a/b/c/d/e/f.grex.bak"_s, "depth 6\n"));
        QVERIFY(writeFile(root + u"/a/b/c/d/e/f/g.grex.bak"_s, "depth 7\n"));
        QVERIFY(writeFile(m_home + u"/linked/h.grex.bak"_s, "behind a symlink\n"));
        QVERIFY(QFile::link(m_home + u"/linked"_s, root + u"/link"_s));
        QVERIFY(ws.intentLog().append(Event::actionStarted(u"tools"_s, 7, u"exec"_s)).ok());

        const LifecycleReport report = reportOf(runSync(ws));
        const JsonObject found = report.recovery;
        QStringList backups;
        for (const JsonValue &v : found.value(u"orphan_backups"_s).toArray())
            backups.append(v.toString().mid(root.size() + 1));
        // Sorted by the scan, whatever order the directories list them in.
        QCOMPARE(backups,
                 QStringList({u"a/b/c/d/e/f.grex.bak"_s, u"tools/files/tool.conf.grex.bak"_s}));
        const JsonArray tombstones = found.value(u"orphan_tombstones"_s).toArray();
        QCOMPARE(tombstones.size(), 1);
        QCOMPARE(tombstones.at(0).toString(), root + u"/old.grex.bak.20260101T000000Z"_s);
        const JsonArray dangling = found.value(u"dangling_starts"_s).toArray();
        QCOMPARE(dangling.size(), 1);
        QCOMPARE(dangling.at(0).toObject().value(u"pack"_s).toString(), u"tools"_s);
        QCOMPARE(dangling.at(0).toObject().value(u"action_idx"_s).toInteger(), 7);
        // Reported, never touched.
        QVERIFY(QFile::exists(root + u"/tools/files/tool.conf.grex.bak"_s));
        QVERIFY(QFileInfo(root + u"/old.grex.bak.20260101T000000Z"_s).isDir());
    }

    // The scan looks in the folder of each registered nested pack, where its clone is staged,
    // as the log places it now: not the folder of a pack removed, nor one a pack moved out of.
    void recoveryScanLooksBesideNestedPacks()
    {
        Workspace ws = newWorkspace();
        const QString root = ws.root();
        const QList<Event> events{
            Event::add(u"src/tools/fd"_s, u"file:///nowhere/fd"_s, u"src/tools/fd"_s, u"meta"_s,
                       std::nullopt),
            Event::add(u"src/old/x"_s, u"file:///nowhere/x"_s, u"src/old/x"_s, u"meta"_s,
                       std::nullopt),
            Event::rm(u"src/old/x"_s),
            Event::add(u"y"_s, u"file:///nowhere/y"_s, u"lib/y"_s, u"meta"_s, std::nullopt),
            Event::update(u"y"_s, u"path"_s, u"y"_s),
            Event::add(u"z"_s, u"file:///nowhere/z"_s, u"z"_s, u"meta"_s, std::nullopt),
            Event::update(u"z"_s, u"path"_s, u"deep/z"_s),
        };
        QVERIFY(ws.intentLog().append(events).ok());
        for (const QString &folder : {u"src/tools"_s, u"src/old"_s, u"lib"_s, u"deep"_s})
            QVERIFY(QDir().mkpath(root + u'/' + folder + u"/.grex-clone-left"_s));

        const RecoveryFindings found =
            recoveryScan(ws, {}, recoveryLeads(root, ws.intentLog().summary()));
        QStringList clones;
        for (const JsonValue &v : found.report.value(u"orphan_clones"_s).toArray())
            clones.append(v.toString().mid(root.size() + 1));
        clones.sort();
        QCOMPARE(clones,
                 (QStringList{u"deep/.grex-clone-left"_s, u"src/tools/.grex-clone-left"_s}));
    }
};

QTEST_GUILESS_MAIN(tst_Sync)
#include "tst_sync.moc"
