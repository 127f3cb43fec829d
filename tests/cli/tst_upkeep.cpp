#include "support/grexrunner.h"
#include "support/remotebuilder.h"
#include "support/testfiles.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

int packFiles(const QString &clone)
{
    return int(QDir(clone + u"/.git/objects/pack"_s).entryList({u"*.pack"_s}, QDir::Files).size());
}

} // namespace

// Clones kept as git keeps them (docs/design.md, "Clone upkeep"): a sync repacks at most three
// clones past git's limits, the rest wait and doctor reports them, and doctor --fix repacks them.
class tst_Upkeep : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;

    RunResult grex(const QString &dir, const QStringList &args)
    {
        RunOptions options;
        options.workDir = dir;
        return runGrex(args, options);
    }

private Q_SLOTS:
    void syncRepacksAFewAndDoctorTheRest()
    {
        RemoteBuilder remotes(m_tmp.filePath(u"remotes"_s));
        const QString ws = m_tmp.filePath(u"ws"_s);
        QVERIFY(QDir().mkpath(ws));
        QCOMPARE(grex(ws, {u"init"_s}).exitCode, 0);
        QStringList names;
        QHash<QString, QString> urls;
        QHash<QString, RemoteBuilder::Files> files;
        for (int i = 1; i <= 5; ++i) {
            const QString name = u"p%1"_s.arg(i);
            names.append(name);
            files.insert(name, RemoteBuilder::Files{{u"README.md"_s, "# " + name.toUtf8() + '\n'}});
            urls.insert(name, remotes.create(name, files.value(name)));
            QCOMPARE(grex(ws, {u"add"_s, urls.value(name), u"--no-install"_s}).exitCode, 0);
            // Every fetch keeps its pack (the local clone has loose objects only), and two
            // packs are past the limit.
            runGit(ws + u'/' + name, {u"config"_s, u"transfer.unpackLimit"_s, u"1"_s});
            runGit(ws + u'/' + name, {u"config"_s, u"gc.autoPackLimit"_s, u"1"_s});
        }
        for (int round = 0; round < 2; ++round) {
            for (const QString &name : names) {
                files[name].insert(u"round.txt"_s, QByteArray::number(round));
                remotes.commit(urls.value(name), files.value(name));
            }
            const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
            QCOMPARE(synced.exitCode, 0);
            if (round == 0) {
                // One pack from the fetch: within the limit.
                QVERIFY(!synced.json().object().contains(u"maintenance"_s));
                for (const QString &name : names)
                    QCOMPARE(packFiles(ws + u'/' + name), 1);
            } else {
                const QJsonObject maintenance =
                    synced.json().object().value(u"maintenance"_s).toObject();
                QVERIFY2(maintenance.value(u"repacked"_s).toArray().size() == 3, qPrintable(QDir(ws + u"/p1/.git/objects/pack"_s).entryList().join(u' ')));
                QCOMPARE(maintenance.value(u"waiting"_s).toArray().size(), 2);
                QCOMPARE(maintenance.value(u"failed"_s).toArray().size(), 0);
                for (const QJsonValue &id : maintenance.value(u"repacked"_s).toArray())
                    QCOMPARE(packFiles(ws + u'/' + id.toString()), 1);
                // git's own automatic gc did not run behind grex's back.
                for (const QJsonValue &id : maintenance.value(u"waiting"_s).toArray())
                    QCOMPARE(packFiles(ws + u'/' + id.toString()), 2);
            }
        }
        const RunResult text = grex(ws, {u"sync"_s});
        QCOMPARE(text.exitCode, 0);

        const RunResult found = grex(ws, {u"doctor"_s, u"--json"_s});
        QCOMPARE(found.exitCode, 7);
        QStringList flagged;
        for (const QJsonValue &f : found.json().object().value(u"findings"_s).toArray()) {
            const QJsonObject finding = f.toObject();
            if (finding.value(u"check"_s) == u"clone-upkeep"_s &&
                finding.value(u"severity"_s) == u"warning"_s) {
                QVERIFY(finding.value(u"auto_fixable"_s).toBool());
                QVERIFY2(finding.value(u"detail"_s).toString().contains(u"2 pack files"_s),
                         qPrintable(finding.value(u"detail"_s).toString()));
                flagged.append(finding.value(u"pack"_s).toString());
            }
        }
        QCOMPARE(flagged.size(), 2);
        const RunResult fixed = grex(ws, {u"doctor"_s, u"--fix"_s});
        QCOMPARE(fixed.exitCode, 0);
        for (const QString &name : std::as_const(flagged)) {
            QVERIFY2(fixed.outText().contains(u"fixed clone-upkeep["_s + name + u']'),
                     fixed.out.constData());
        }
        for (const QString &name : names)
            QCOMPARE(packFiles(ws + u'/' + name), 1);
        QCOMPARE(grex(ws, {u"doctor"_s}).exitCode, 0);
    }

    // The sync's text says what it repacked and what waits.
    void syncTextNamesTheRepackedClones()
    {
        RemoteBuilder remotes(m_tmp.filePath(u"remotes2"_s));
        const QString ws = m_tmp.filePath(u"ws2"_s);
        QVERIFY(QDir().mkpath(ws));
        QCOMPARE(grex(ws, {u"init"_s}).exitCode, 0);
        RemoteBuilder::Files files{{u"README.md"_s, "# solo\n"}};
        const QString url = remotes.create(u"solo"_s, files);
        QCOMPARE(grex(ws, {u"add"_s, url, u"--no-install"_s}).exitCode, 0);
        runGit(ws + u"/solo"_s, {u"config"_s, u"transfer.unpackLimit"_s, u"1"_s});
        runGit(ws + u"/solo"_s, {u"config"_s, u"gc.autoPackLimit"_s, u"1"_s});
        files.insert(u"more.txt"_s, "more\n");
        remotes.commit(url, files);
        QCOMPARE(grex(ws, {u"sync"_s}).exitCode, 0);
        files.insert(u"more.txt"_s, "more and more\n");
        remotes.commit(url, files);
        const RunResult synced = grex(ws, {u"sync"_s});
        QCOMPARE(synced.exitCode, 0);
        QVERIFY2(synced.outText().contains(u"repacked 1 clone past git's limits: solo"_s),
                 synced.out.constData());
        QCOMPARE(packFiles(ws + u"/solo"_s), 1);
    }
};

QTEST_GUILESS_MAIN(tst_Upkeep)
#include "tst_upkeep.moc"
