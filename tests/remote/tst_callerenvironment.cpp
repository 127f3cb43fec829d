// grex run from where people run it: a git hook of another repository (pre-commit,
// post-checkout, pre-receive with its quarantine, post-receive) and a shell that exports
// GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE and the object directories. git gives its hooks those
// variables; passed on to the git of a pack, they pointed it at the caller's repository, which it
// then changed. Each case proves with snapshots that nothing outside the packs changed, and that
// git inside the packs (grex's own, and the git an action or `grex exec` runs) works on the pack.

#include "support/grexrunner.h"
#include "support/remotebuilder.h"
#include "remotetesting.h"
#include "support/testfiles.h"
#include "support/testservers.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// A pack whose install writes where git, run by its action, finds the repository.
QByteArray toplevelPackYaml(const QString &name)
{
    return RemoteBuilder::packYaml(
        name, u"declarative"_s,
        "actions:\n  - exec: {cmd_shell: \"git rev-parse --show-toplevel > "
        "$HOME/toplevel-" +
            name.toUtf8() + ".txt\", shell: true}\n");
}

// A hook that runs `grex sync --json` in ws and keeps what it printed and its exit status in
// dir, then lets git go on.
QByteArray syncHook(const QString &ws, const QString &dir, const QString &name)
{
    const QString out = dir + u'/' + name;
    return (u"#!/bin/sh\n"
            "env | grep '^GIT_' | sort > '%4.env'\n"
            "cd '%1' && '%2' sync --json > '%3.out' 2> '%3.err'\n"
            "echo $? > '%3.exit'\n"
            "exit 0\n"_s.arg(ws, grexBinary(), out, out))
        .toUtf8();
}

bool writeHook(const QString &hooksDir, const QString &hook, const QByteArray &script)
{
    QDir().mkpath(hooksDir);
    const QString path = hooksDir + u'/' + hook;
    return writeFile(path, script) &&
           QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

// The files under dir, without what grex is expected to change: the pack folders and grex's own
// files at the workspace's top.
QMap<QString, QByteArray> outsidePacks(const QString &dir, const QStringList &packs)
{
    QMap<QString, QByteArray> files = snapshot(dir);
    files.removeIf([&](const auto &entry) {
        for (const QString &pack : packs) {
            if (entry.key() == pack || entry.key().startsWith(pack + u'/'))
                return true;
        }
        return false;
    });
    return files;
}

QString differences(const QMap<QString, QByteArray> &before, const QMap<QString, QByteArray> &after)
{
    QStringList changed;
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        if (!before.contains(it.key()))
            changed.append(u"new "_s + it.key());
        else if (before.value(it.key()) != it.value())
            changed.append(u"changed "_s + it.key());
    }
    for (auto it = before.cbegin(); it != before.cend(); ++it) {
        if (!after.contains(it.key()))
            changed.append(u"gone "_s + it.key());
    }
    return changed.join(u", "_s);
}

} // namespace

class tst_CallerEnvironment : public QObject, public Grex::Test::HomeCases
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void preCommitHook();
    void postCheckoutHook();
    void receiveHooks();
    void exportedRepositoryVariables();
    void libgit2ReadsIgnoreThem();

private:
    // A fresh folder for one case with a workspace (ws) holding the packs tool-a and tool-b,
    // cloned and installed, each then one upstream commit behind (new.txt).
    QString workspaceBehind(const QString &name, QString *why);
    // A repository with one commit (README), the person's unrelated work.
    bool makeProject(const QString &dir, QString *why) const;
    QString revParse(const QString &dir, const QString &rev) const;
    // Checks that the packs of ws took the upstream commit and that their actions saw their
    // own repository.
    void checkPacksSynced(const QString &ws) const;

    std::unique_ptr<RemoteBuilder> m_builder;
    QStringList m_tips; // the upstream tips of tool-a and tool-b after the last workspaceBehind
    QStringList m_repos;
};

void tst_CallerEnvironment::initTestCase()
{
    QVERIFY(setUpHome());
}

void tst_CallerEnvironment::cleanupTestCase()
{
    m_tmp.reset();
}

QString tst_CallerEnvironment::workspaceBehind(const QString &name, QString *why)
{
    const QString dir = m_tmp->filePath(name);
    QDir().mkpath(dir);
    m_builder = std::make_unique<RemoteBuilder>(dir + u"/remotes"_s);
    m_repos.clear();
    m_tips.clear();
    const QString ws = dir + u"/ws"_s;
    QDir().mkpath(ws);
    if (const RunResult init = grex(ws, {u"init"_s}); init.exitCode != 0) {
        *why = show(init);
        return {};
    }
    for (const QString &pack : {u"tool-a"_s, u"tool-b"_s}) {
        const QString repo = m_builder->create(
            pack, {{u".grex/pack.yaml"_s, toplevelPackYaml(pack)}, {u"README"_s, "one\n"}});
        m_repos.append(repo);
        if (const RunResult added = grex(ws, {u"add"_s, repo}); added.exitCode != 0) {
            *why = show(added);
            return {};
        }
        QFile::remove(m_home + u"/toplevel-"_s + pack + u".txt"_s);
        m_tips.append(m_builder->commit(repo,
                                        {{u".grex/pack.yaml"_s, toplevelPackYaml(pack)},
                                         {u"README"_s, "one\n"},
                                         {u"new.txt"_s, "from upstream\n"}},
                                        u"main"_s, u"new file"_s));
    }
    return ws;
}

bool tst_CallerEnvironment::makeProject(const QString &dir, QString *why) const
{
    QDir().mkpath(dir);
    const RunResult made = shell(dir, u"git init -q -b main .\n"
                                      "printf 'mine\\n' > README\n"
                                      "git add README && git commit -qm first\n"_s);
    if (made.exitCode != 0)
        *why = show(made);
    return made.exitCode == 0;
}

QString tst_CallerEnvironment::revParse(const QString &dir, const QString &rev) const
{
    const RunResult parsed = runGitIn(m_home, dir, {u"rev-parse"_s, rev});
    return parsed.exitCode == 0 ? parsed.outText().trimmed() : QString();
}

void tst_CallerEnvironment::checkPacksSynced(const QString &ws) const
{
    const QStringList packs{u"tool-a"_s, u"tool-b"_s};
    for (int i = 0; i < packs.size(); ++i) {
        const QString pack = ws + u'/' + packs.at(i);
        QCOMPARE(revParse(pack, u"HEAD"_s), m_tips.at(i));
        QCOMPARE(readFile(pack + u"/new.txt"_s), QByteArray("from upstream\n"));
        const RunResult clean = runGitIn(m_home, pack, {u"status"_s, u"--porcelain"_s});
        QCOMPARE(clean.outText(), QString());
        // The action's git found the pack, not the caller's repository.
        QCOMPARE(readFile(m_home + u"/toplevel-"_s + packs.at(i) + u".txt"_s).trimmed(),
                 QFileInfo(pack).canonicalFilePath().toUtf8());
    }
}

// A pre-commit hook gets GIT_INDEX_FILE (the index being committed): grex's fast-forward in a
// pack must not write the pack's files into it, nor into the person's commit.
void tst_CallerEnvironment::preCommitHook()
{
    QString why;
    const QString ws = workspaceBehind(u"pre-commit"_s, &why);
    QVERIFY2(!ws.isEmpty(), qPrintable(why));
    const QString dir = QFileInfo(ws).absolutePath();
    const QString project = dir + u"/project"_s;
    QVERIFY2(makeProject(project, &why), qPrintable(why));
    const QString other = dir + u"/other"_s;
    QVERIFY2(makeProject(other, &why), qPrintable(why));
    QVERIFY(writeHook(project + u"/.git/hooks"_s, u"pre-commit"_s,
                      syncHook(ws, dir, u"pre-commit"_s)));
    const auto otherBefore = snapshot(other);
    const auto wsBefore = outsidePacks(ws, {u"tool-a"_s, u"tool-b"_s, u"grex.jsonl"_s,
                                            u"grex.journal.jsonl"_s,
                                            u"grex.lock.jsonl"_s, u".grex"_s});

    // commit -a gives the hook the absolute path of the index being committed.
    GREX_VERIFY_RAN(shell(project, u"printf 'change\\n' > mine.txt\n"
                                   "git add mine.txt\n"
                                   "printf 'more\\n' >> README\n"
                                   "git commit -qam 'my change'\n"_s));
    QVERIFY2(readFile(dir + u"/pre-commit.env"_s).contains("GIT_INDEX_FILE=/"),
             "git exported no absolute GIT_INDEX_FILE to the hook: the case proves nothing");
    QCOMPARE(readFile(dir + u"/pre-commit.exit"_s).trimmed(), QByteArray("0"));

    // The person's commit holds their files only, and their tree is clean.
    const RunResult tree =
        runGitIn(m_home, project, {u"ls-tree"_s, u"-r"_s, u"--name-only"_s, u"HEAD"_s});
    QCOMPARE(tree.outText(), u"README\nmine.txt\n"_s);
    QCOMPARE(runGitIn(m_home, project, {u"status"_s, u"--porcelain"_s}).outText(), QString());
    checkPacksSynced(ws);
    QCOMPARE(differences(otherBefore, snapshot(other)), QString());
    QCOMPARE(differences(wsBefore, outsidePacks(ws, {u"tool-a"_s, u"tool-b"_s, u"grex.jsonl"_s,
                                                    u"grex.journal.jsonl"_s, u"grex.lock.jsonl"_s,
                                                    u".grex"_s})),
             QString());
}

// A post-checkout hook in a linked worktree runs with the absolute GIT_DIR of that worktree.
void tst_CallerEnvironment::postCheckoutHook()
{
    QString why;
    const QString ws = workspaceBehind(u"post-checkout"_s, &why);
    QVERIFY2(!ws.isEmpty(), qPrintable(why));
    const QString dir = QFileInfo(ws).absolutePath();
    const QString main = dir + u"/project-main"_s;
    QVERIFY2(makeProject(main, &why), qPrintable(why));
    GREX_VERIFY_RAN(shell(main, u"git worktree add -q ../project -b topic 2>/dev/null\n"_s));
    const QString project = dir + u"/project"_s;
    QVERIFY(writeHook(main + u"/.git/hooks"_s, u"post-checkout"_s,
                      syncHook(ws, dir, u"post-checkout"_s)));
    const QString head = revParse(project, u"HEAD"_s);

    GREX_VERIFY_RAN(shell(project, u"git checkout -q -b feature\n"_s));
    QVERIFY2(readFile(dir + u"/post-checkout.env"_s).contains("GIT_DIR=/"),
             "git exported no absolute GIT_DIR to the hook: the case proves nothing");
    QCOMPARE(readFile(dir + u"/post-checkout.exit"_s).trimmed(), QByteArray("0"));
    checkPacksSynced(ws);
    // The project: on feature, at the same commit, nothing staged, no file of a pack.
    QCOMPARE(runGitIn(m_home, project, {u"branch"_s, u"--show-current"_s}).outText(),
             u"feature\n"_s);
    QCOMPARE(revParse(project, u"HEAD"_s), head);
    QCOMPARE(runGitIn(m_home, project, {u"status"_s, u"--porcelain"_s, u"--untracked-files=all"_s})
                 .outText(),
             QString());
    QCOMPARE(runGitIn(m_home, project, {u"rev-parse"_s, u"--verify"_s, u"-q"_s, u"topic"_s})
                 .outText()
                 .trimmed(),
             head);
}

// Receive hooks run in the bare repository with GIT_DIR=. and, before the push is accepted, a
// quarantined object directory (GIT_QUARANTINE_PATH, GIT_OBJECT_DIRECTORY,
// GIT_ALTERNATE_OBJECT_DIRECTORIES): a deployment hook that syncs a workspace.
void tst_CallerEnvironment::receiveHooks()
{
    QString why;
    const QString ws = workspaceBehind(u"receive"_s, &why);
    QVERIFY2(!ws.isEmpty(), qPrintable(why));
    const QString dir = QFileInfo(ws).absolutePath();
    GREX_VERIFY_RAN(shell(dir, u"git init -q --bare -b main deploy.git\n"
                               "git clone -q deploy.git work 2>/dev/null\n"_s));
    QVERIFY(writeHook(dir + u"/deploy.git/hooks"_s, u"pre-receive"_s,
                      u"#!/bin/sh\ncat > /dev/null\n"_s.toUtf8() +
                          syncHook(ws, dir, u"pre-receive"_s).mid(10)));
    QVERIFY(writeHook(dir + u"/deploy.git/hooks"_s, u"post-receive"_s,
                      u"#!/bin/sh\ncat > /dev/null\n"_s.toUtf8() +
                          syncHook(ws, dir, u"post-receive"_s).mid(10)));

    GREX_VERIFY_RAN(shell(dir + u"/work"_s, u"printf 'site\\n' > index.html\n"
                                            "git add index.html && git commit -qm site\n"
                                            "git push -q origin main 2>/dev/null\n"_s));
    QVERIFY2(readFile(dir + u"/pre-receive.env"_s).contains("GIT_QUARANTINE_PATH="),
             "git exported no quarantine to pre-receive: the case proves nothing");
    QVERIFY2(readFile(dir + u"/pre-receive.exit"_s).trimmed() == "0",
             QByteArray(readFile(dir + u"/pre-receive.out"_s) + readFile(dir + u"/pre-receive.err"_s))
                 .constData());
    QVERIFY2(readFile(dir + u"/post-receive.exit"_s).trimmed() == "0",
             QByteArray(readFile(dir + u"/post-receive.out"_s) + readFile(dir + u"/post-receive.err"_s))
                 .constData());
    checkPacksSynced(ws);
    // The push went in, and the bare repository holds nothing of the packs: its objects are
    // the push's alone.
    QCOMPARE(revParse(dir + u"/deploy.git"_s, u"main"_s), revParse(dir + u"/work"_s, u"HEAD"_s));
    const RunResult objects = runGitIn(m_home, dir + u"/deploy.git"_s,
                                       {u"cat-file"_s, u"-e"_s, m_tips.first() + u"^{commit}"_s});
    QVERIFY2(objects.exitCode != 0, "a pack's commit landed in the pushed-to repository");
}

// A shell (an editor's terminal, a script) that exports the variables of another repository:
// grex, the git it runs and the git its actions run work on the packs; the other repository
// stays byte for byte as it was, and `grex exec` runs in each pack's own repository.
void tst_CallerEnvironment::exportedRepositoryVariables()
{
    QString why;
    const QString ws = workspaceBehind(u"exported"_s, &why);
    QVERIFY2(!ws.isEmpty(), qPrintable(why));
    const QString dir = QFileInfo(ws).absolutePath();
    const QString other = dir + u"/other"_s;
    QVERIFY2(makeProject(other, &why), qPrintable(why));
    GREX_VERIFY_RAN(shell(other, u"git clone -q --bare . ../other-alt.git\n"_s));
    const QStringList exported{
        u"GIT_DIR="_s + other + u"/.git"_s,
        u"GIT_WORK_TREE="_s + other,
        u"GIT_INDEX_FILE="_s + other + u"/.git/index"_s,
        u"GIT_OBJECT_DIRECTORY="_s + other + u"/.git/objects"_s,
        u"GIT_ALTERNATE_OBJECT_DIRECTORIES="_s + dir + u"/other-alt.git/objects"_s,
        u"GIT_COMMON_DIR="_s + other + u"/.git"_s,
        u"GIT_PREFIX=sub/"_s,
    };
    const auto otherBefore = snapshot(other);

    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s}, exported);
    GREX_VERIFY_RAN(synced);
    QCOMPARE(packIn(synced, u"tool-a"_s).value(u"fetch"_s).toString(), u"updated"_s);
    checkPacksSynced(ws);
    QCOMPARE(differences(otherBefore, snapshot(other)), QString());

    const RunResult toplevels =
        grex(ws, {u"exec"_s, u"--yes"_s, u"--plain"_s, u"--"_s, u"git"_s, u"rev-parse"_s, u"--show-toplevel"_s},
             exported);
    GREX_VERIFY_RAN(toplevels);
    for (const QString &pack : {u"tool-a"_s, u"tool-b"_s}) {
        QVERIFY2(toplevels.outText().contains(QFileInfo(ws + u'/' + pack).canonicalFilePath()),
                 qPrintable(show(toplevels)));
    }
    QVERIFY2(!toplevels.outText().contains(other), qPrintable(show(toplevels)));
    QCOMPARE(differences(otherBefore, snapshot(other)), QString());
}

// grex's in-process reads (libgit2) see the packs whatever the caller exports: status is the
// same with and without the variables.
void tst_CallerEnvironment::libgit2ReadsIgnoreThem()
{
    QString why;
    const QString ws = workspaceBehind(u"reads"_s, &why);
    QVERIFY2(!ws.isEmpty(), qPrintable(why));
    const QString dir = QFileInfo(ws).absolutePath();
    const QString other = dir + u"/other"_s;
    QVERIFY2(makeProject(other, &why), qPrintable(why));
    GREX_VERIFY_RAN(shell(other, u"printf 'dirty\\n' >> README\n"_s));
    GREX_VERIFY_RAN(grex(ws, {u"sync"_s}));
    const QStringList exported{u"GIT_DIR="_s + other + u"/.git"_s, u"GIT_WORK_TREE="_s + other,
                               u"GIT_INDEX_FILE="_s + other + u"/.git/index"_s,
                               u"GIT_OBJECT_DIRECTORY="_s + other + u"/.git/objects"_s};
    const RunResult plain = grex(ws, {u"status"_s, u"--json"_s});
    GREX_VERIFY_RAN(plain);
    const RunResult withVariables = grex(ws, {u"status"_s, u"--json"_s}, exported);
    GREX_VERIFY_RAN(withVariables);
    QCOMPARE(withVariables.json(), plain.json());
    for (int i = 0; i < 2; ++i) {
        const QJsonObject pack = packIn(withVariables, i == 0 ? u"tool-a"_s : u"tool-b"_s);
        QCOMPARE(pack.value(u"drift"_s).toString(), u"clean"_s);
        QCOMPARE(pack.value(u"sha"_s).toString(), m_tips.at(i));
    }
}

QTEST_GUILESS_MAIN(tst_CallerEnvironment)
#include "tst_callerenvironment.moc"
