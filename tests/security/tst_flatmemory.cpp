#include "support/grexrunner.h"
#include "securitysupport.h"
#include "support/testfiles.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// The resident set of a running process (VmRSS), in KiB; 0 when it cannot be read.
qint64 rssKib(qint64 pid)
{
    QFile status(u"/proc/%1/status"_s.arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').constFirst().toLongLong();
    }
    return 0;
}

} // namespace

// A long-running `grex serve` stays flat in memory whatever the repositories it reads: partial
// clones (repository format version 1, whose opening made libgit2 1.5 lose PCRE2 match data for
// every config entry), shallow clones and a superproject with a submodule. The shorter sibling
// of bench/soak (10 000 calls); what it judges is growth between two points of one run, not time.
class tst_FlatMemory : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;

    RunResult shell(const QString &dir, const QString &script)
    {
        QProcess sh;
        sh.setWorkingDirectory(dir);
        sh.start(u"sh"_s, {u"-ec"_s, script});
        sh.waitForFinished(120000);
        RunResult r;
        r.exitCode = sh.exitStatus() == QProcess::NormalExit ? sh.exitCode() : -1;
        r.out = sh.readAllStandardOutput();
        r.err = sh.readAllStandardError();
        return r;
    }

private Q_SLOTS:
    void statusCallsDoNotGrowTheServer()
    {
        const QString dir = m_tmp.path();
        // Three commits of one file (a partial clone lacks the older blobs), a library and a
        // superproject that has it as a submodule.
        const RunResult made = shell(dir, uR"(export GIT_CONFIG_NOSYSTEM=1 HOME="$PWD"
git config --global user.name t && git config --global user.email t@t.invalid
git config --global protocol.file.allow always
git config --global init.defaultBranch main
git init -q --bare up.git && git clone -q up.git work 2>/dev/null
cd work && for i in 1 2 3; do echo "v$i" > f.txt; git add -A; git commit -qm "c$i"; done
git push -q origin main && cd ..
git init -q lib && (cd lib && echo lib > lib.txt && git add -A && git commit -qm lib)
git init -q super && cd super && git submodule -q add "file://$PWD/../lib" vendor/lib
git commit -qm "with a submodule" && cd ..
git clone -q --bare super super.git
)"_s);
        QVERIFY2(made.exitCode == 0, made.err.constData());
        const QString ws = dir + u"/ws"_s;
        QVERIFY(QDir().mkpath(ws));
        const QStringList env{u"HOME="_s + dir, u"GIT_CONFIG_NOSYSTEM=1"_s,
                              u"XDG_RUNTIME_DIR="_s + dir};
        RunOptions options;
        options.workDir = ws;
        options.env = env;
        QCOMPARE(runGrex({u"init"_s}, options).exitCode, 0);
        const QString up = u"file://"_s + dir + u"/up.git"_s;
        for (int i = 1; i <= 6; ++i) {
            const RunResult added = runGrex({u"add"_s, up, u"partial%1"_s.arg(i), u"--filter"_s,
                                             u"blob:none"_s, u"--no-install"_s},
                                            options);
            QVERIFY2(added.exitCode == 0, added.err.constData());
        }
        for (int i = 1; i <= 2; ++i) {
            QCOMPARE(runGrex({u"add"_s, up, u"shallow%1"_s.arg(i), u"--depth"_s, u"1"_s,
                              u"--no-install"_s},
                             options)
                         .exitCode,
                     0);
        }
        const RunResult super = runGrex(
            {u"add"_s, u"file://"_s + dir + u"/super.git"_s, u"--no-install"_s}, options);
        QVERIFY2(super.exitCode == 0, super.err.constData());
        QVERIFY(QFile::exists(ws + u"/super/vendor/lib/lib.txt"_s));
        QCOMPARE(QString::fromUtf8(shell(ws + u"/partial1"_s,
                                         u"git config core.repositoryformatversion"_s)
                                       .out)
                     .trimmed(),
                 u"1"_s);

        // Under AddressSanitizer freed memory waits in a quarantine before it is reused, which
        // would look like growth: the server runs without one.
        QStringList serverEnv = env;
        serverEnv.append(u"ASAN_OPTIONS="_s + qEnvironmentVariable("ASAN_OPTIONS") +
                         u":quarantine_size_mb=0:thread_local_quarantine_size_kb=0"_s);
        McpStdio server(ws, {}, serverEnv);
        QVERIFY2(server.started(), server.stderrText().constData());
        const auto status = [&] {
            const QJsonObject response = server.callTool(u"status"_s, {});
            const QJsonObject result = response.value(u"result"_s).toObject();
            return !result.isEmpty() && !result.value(u"isError"_s).toBool();
        };
        // The working set settles in the first calls; growth is judged after them.
        constexpr int kWarmUp = 60;
        constexpr int kCalls = 400;
        for (int i = 0; i < kWarmUp; ++i)
            QVERIFY2(status(), server.stderrText().constData());
        const qint64 start = rssKib(server.pid());
        for (int i = kWarmUp; i < kCalls; ++i)
            QVERIFY2(status(), server.stderrText().constData());
        const qint64 end = rssKib(server.pid());
        QVERIFY(start > 0 && end > 0);
        // Before the fix each call lost about 20 KiB per config entry of each partial clone:
        // over 100 MiB here. What is allowed is a tenth of the start, or 8 MiB.
        const qint64 growth = end - start;
        qInfo("RSS after %d status calls: %lld KiB; after %d: %lld KiB (%+lld KiB)", kWarmUp,
              start, kCalls, end, growth);
        QVERIFY2(growth < std::max<qint64>(start / 10, 8 * 1024),
                 qPrintable(u"grew %1 KiB over %2 calls"_s.arg(growth).arg(kCalls - kWarmUp)));
        QVERIFY(server.finish());
    }
};

QTEST_GUILESS_MAIN(tst_FlatMemory)
#include "tst_flatmemory.moc"
