// Submodules people really have: jq's .gitmodules (vendor/oniguruma from GitHub), whose remote is
// unreachable here (url.insteadOf sends github.com to a folder that does not exist, so nothing
// leaves the machine). A submodule that fails never costs the pack its clone: it is a warning
// naming the submodule, its URL, the reason and a hint. A pack opts out with `submodules: false`
// in its pack.yaml or `grex add --no-submodules`; a run with `--no-submodules`.

#include "support/grexrunner.h"
#include "remotetesting.h"
#include "support/testfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// jq's .gitmodules as its repository has it.
const QByteArray JqGitmodules = "[submodule \"vendor/oniguruma\"]\n"
                                "\tpath = vendor/oniguruma\n"
                                "\turl = https://github.com/kkos/oniguruma.git\n";

} // namespace

class tst_Submodules : public QObject, public Grex::Test::HomeCases
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void unreachableSubmoduleKeepsTheClone();
    void reachableSubmoduleIsBroughtIn();
    void packYamlOptsOut();
    void addAndSyncOptOut();

private:
    // dir/<name>.git: a superproject with README and, at vendor/oniguruma, a submodule whose
    // .gitmodules URL is url; the recorded commit is one of dir/onig.git, made first.
    bool makeSuperproject(const QString &dir, const QString &name, const QByteArray &gitmodules,
                          const QByteArray &packYaml = {});
    QString makeWorkspace(const QString &dir) const;
    QStringList warningsOf(const RunResult &result, const QString &id) const;

    QString m_why;
};

void tst_Submodules::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_tmp = std::make_unique<QTemporaryDir>();
    QVERIFY(m_tmp->isValid());
    m_home = m_tmp->filePath(u"home"_s);
    QDir().mkpath(m_home);
    // github.com goes to a folder that does not exist: the submodule's remote is unreachable,
    // as it was for the person behind a firewall, without a packet leaving the machine.
    const QByteArray config = "[user]\n\tname = grex tests\n\temail = tests@grex.invalid\n"
                              "[init]\n\tdefaultBranch = main\n"
                              "[protocol \"file\"]\n\tallow = always\n"
                              "[url \"file://" +
                              m_tmp->filePath(u"nowhere"_s).toUtf8() +
                              "/\"]\n\tinsteadOf = https://github.com/\n";
    QVERIFY(writeFile(m_home + u"/.gitconfig"_s, config));
    const RunResult onig = shell(m_tmp->path(), u"git init -q --bare -b main onig.git\n"
                                                "git clone -q onig.git onig-work 2>/dev/null\n"
                                                "cd onig-work && printf 'o\\n' > o.c\n"
                                                "git add -A && git commit -qm o\n"
                                                "git push -q origin main\n"_s);
    QVERIFY2(onig.exitCode == 0, qPrintable(show(onig)));
}

void tst_Submodules::cleanupTestCase()
{
    m_tmp.reset();
}

bool tst_Submodules::makeSuperproject(const QString &dir, const QString &name,
                                      const QByteArray &gitmodules, const QByteArray &packYaml)
{
    QDir().mkpath(dir);
    const QString work = dir + u'/' + name + u"-work"_s;
    RunResult made = shell(dir, u"git init -q --bare -b main %1.git\n"
                                "git clone -q %1.git %1-work 2>/dev/null\n"_s.arg(name));
    if (made.exitCode != 0) {
        m_why = show(made);
        return false;
    }
    QDir().mkpath(work + u"/.grex"_s);
    if (!writeFile(work + u"/.gitmodules"_s, gitmodules) ||
        (!packYaml.isEmpty() && !writeFile(work + u"/.grex/pack.yaml"_s, packYaml))) {
        m_why = u"cannot write into "_s + work;
        return false;
    }
    const QString onig = m_tmp->filePath(u"onig.git"_s);
    // The gitlink goes into the index alone: `git add -A` would drop it, its folder being empty.
    made = shell(work, u"printf 'jq\\n' > README\n"
                       "git add -A\n"
                       "sha=$(git --git-dir='%1' rev-parse main)\n"
                       "git update-index --add --cacheinfo 160000,$sha,vendor/oniguruma\n"
                       "git commit -qm super && git push -q origin main\n"_s.arg(onig));
    if (made.exitCode != 0)
        m_why = show(made);
    return made.exitCode == 0;
}

QString tst_Submodules::makeWorkspace(const QString &dir) const
{
    QDir().mkpath(dir);
    return grex(dir, {u"init"_s}).exitCode == 0 ? dir : QString();
}

QStringList tst_Submodules::warningsOf(const RunResult &result, const QString &id) const
{
    const QJsonDocument doc = result.json();
    if (doc.isObject() && doc.object().contains(u"warnings"_s) && !doc.object().contains(u"packs"_s))
        return stringsOf(doc.object().value(u"warnings"_s)); // add's document
    return stringsOf(packIn(result, id).value(u"warnings"_s));
}

// jq with GitHub out of reach: add clones and registers it, and says which submodule failed,
// from where, why and what to do; sync keeps the clone and says it again.
void tst_Submodules::unreachableSubmoduleKeepsTheClone()
{
    const QString dir = m_tmp->filePath(u"unreachable"_s);
    QVERIFY2(makeSuperproject(dir, u"jq"_s, JqGitmodules), qPrintable(m_why));
    // Plain git fails the same way, and its recursive clone fails as a whole.
    const RunResult plain =
        runGitIn(m_home, dir, {u"clone"_s, u"-q"_s, u"--recurse-submodules"_s, dir + u"/jq.git"_s,
                               u"plain"_s});
    QVERIFY2(plain.exitCode != 0 && plain.errText().contains(u"oniguruma"_s),
             qPrintable(show(plain)));

    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    const RunResult added = grex(ws, {u"add"_s, dir + u"/jq.git"_s, u"--json"_s});
    GREX_VERIFY_RAN(added);
    QCOMPARE(readFile(ws + u"/jq/README"_s), QByteArray("jq\n"));
    QVERIFY(readFile(ws + u"/grex.jsonl"_s).contains("\"id\":\"jq\""));
    const QString warning = warningsOf(added, u"jq"_s).join(u'\n');
    QVERIFY2(warning.contains(u"vendor/oniguruma"_s), qPrintable(show(added)));
    QVERIFY2(warning.contains(u"https://github.com/kkos/oniguruma.git"_s), qPrintable(warning));
    QVERIFY2(warning.contains(u"hint:"_s), qPrintable(warning));
    QVERIFY2(!warning.contains(u"ls-remote  "_s), qPrintable(warning));
    // The words of a person: "warning" and the submodule, no "cannot clone URL: done."
    const RunResult text = grex(ws, {u"sync"_s, u"--plain"_s});
    GREX_VERIFY_RAN(text);
    QVERIFY2(text.outText().contains(u"vendor/oniguruma"_s), qPrintable(show(text)));
    QVERIFY2(!text.outText().contains(u": done."_s), qPrintable(show(text)));
    QCOMPARE(readFile(ws + u"/jq/README"_s), QByteArray("jq\n"));

    const RunResult status = grex(ws, {u"status"_s, u"--json"_s});
    GREX_VERIFY_RAN(status);
    QCOMPARE(packIn(status, u"jq"_s).value(u"on_disk"_s).toBool(), true);
}

// The same superproject with a submodule that can be reached: brought in at the recorded commit,
// as git clone --recurse-submodules does.
void tst_Submodules::reachableSubmoduleIsBroughtIn()
{
    const QString dir = m_tmp->filePath(u"reachable"_s);
    const QByteArray local = "[submodule \"vendor/oniguruma\"]\n\tpath = vendor/oniguruma\n"
                             "\turl = " +
                             m_tmp->filePath(u"onig.git"_s).toUtf8() + "\n";
    QVERIFY2(makeSuperproject(dir, u"jq"_s, local), qPrintable(m_why));
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    const RunResult added = grex(ws, {u"add"_s, dir + u"/jq.git"_s, u"--json"_s});
    GREX_VERIFY_RAN(added);
    QVERIFY2(warningsOf(added, u"jq"_s).isEmpty(), qPrintable(show(added)));
    QCOMPARE(readFile(ws + u"/jq/vendor/oniguruma/o.c"_s), QByteArray("o\n"));
}

// A pack.yaml with `submodules: false`: its submodules are never asked for, so an unreachable
// one says nothing.
void tst_Submodules::packYamlOptsOut()
{
    const QString dir = m_tmp->filePath(u"packyaml"_s);
    QVERIFY2(makeSuperproject(dir, u"jq"_s, JqGitmodules,
                              "schema_version: \"1\"\nname: jq\ntype: meta\nsubmodules: false\n"),
             qPrintable(m_why));
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    const RunResult added = grex(ws, {u"add"_s, dir + u"/jq.git"_s, u"--json"_s});
    GREX_VERIFY_RAN(added);
    QVERIFY2(warningsOf(added, u"jq"_s).isEmpty(), qPrintable(show(added)));
    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    QVERIFY2(warningsOf(synced, u"jq"_s).isEmpty(), qPrintable(show(synced)));
    QVERIFY(!QFileInfo::exists(ws + u"/jq/vendor/oniguruma/o.c"_s));
}

// grex add --no-submodules, kept in grex.jsonl for every later sync; sync --no-submodules for
// one run of a pack that has them.
void tst_Submodules::addAndSyncOptOut()
{
    const QString dir = m_tmp->filePath(u"flags"_s);
    QVERIFY2(makeSuperproject(dir, u"jq"_s, JqGitmodules), qPrintable(m_why));
    QVERIFY2(makeSuperproject(dir, u"other"_s, JqGitmodules), qPrintable(m_why));
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    const RunResult added =
        grex(ws, {u"add"_s, u"--no-submodules"_s, dir + u"/jq.git"_s, u"--json"_s});
    GREX_VERIFY_RAN(added);
    QVERIFY2(warningsOf(added, u"jq"_s).isEmpty(), qPrintable(show(added)));
    QVERIFY(readFile(ws + u"/grex.jsonl"_s).contains("\"submodules\":false"));
    // other is registered with its submodules: its add warns.
    const RunResult other = grex(ws, {u"add"_s, dir + u"/other.git"_s, u"--json"_s});
    GREX_VERIFY_RAN(other);
    QVERIFY(!warningsOf(other, u"other"_s).isEmpty());

    RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    QVERIFY2(warningsOf(synced, u"jq"_s).isEmpty(), qPrintable(show(synced)));
    QVERIFY(!warningsOf(synced, u"other"_s).isEmpty());
    synced = grex(ws, {u"sync"_s, u"--no-submodules"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    QVERIFY2(warningsOf(synced, u"other"_s).isEmpty(), qPrintable(show(synced)));
    // Compaction keeps the choice.
    GREX_VERIFY_RAN(grex(ws, {u"doctor"_s, u"--compact"_s}));
    QVERIFY(readFile(ws + u"/grex.jsonl"_s).contains("\"submodules\":false"));
}

QTEST_GUILESS_MAIN(tst_Submodules)
#include "tst_submodules.moc"
