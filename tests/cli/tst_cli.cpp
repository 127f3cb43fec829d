#include "support/cliharness.h"
#include "core/fs/gitignore.h"
#include "support/grexrunner.h"
#include "core/operationcontext.h"
#include "support/testfiles.h"
#include "support/remotebuilder.h"
#include "core/verbs/status.h"
#include "core/workspace.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QLockFile>
#include <QRegularExpression>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// Lines of stderr that report an error (the message itself, without hints).
QStringList errorLines(const RunResult &r)
{
    QStringList lines;
    for (const QString &line : r.errText().split(u'\n')) {
        if (line.startsWith(u"grex: error:"_s))
            lines.append(line);
    }
    return lines;
}

} // namespace

class tst_Cli : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_alpha;
    QString m_beta;
    QString m_maker;
    QString m_breaker;
    QString m_weird;
    int m_counter = 0;

    QString newDir()
    {
        const QString dir = m_tmp.filePath(u"ws%1"_s.arg(++m_counter));
        QDir().mkpath(dir);
        return dir;
    }

    RunResult grex(const QString &dir, const QStringList &args, RunOptions options = {})
    {
        options.workDir = dir;
        return runGrex(args, options);
    }

    QString initialisedWorkspace()
    {
        const QString dir = newDir();
        const RunResult r = grex(dir, {u"init"_s});
        if (r.exitCode != 0)
            qFatal("init failed: %s", r.err.constData());
        return dir;
    }

    // root ignores permission bits, so a test of refused writes runs as nobody: from a copy of
    // the binary nobody can reach (the build tree may sit in a private home), with a HOME it
    // can read.
    void runAsNobody(QString &program, RunOptions &options)
    {
        options.asNobody = true;
        program = m_tmp.filePath(u"grex-for-nobody"_s);
        QFile::remove(program);
        QVERIFY(QFile::copy(grexBinary(), program));
        QVERIFY(QFile::setPermissions(program, QFile::ReadOwner | QFile::ExeOwner |
                                                   QFile::ReadOther | QFile::ExeOther));
        options.env = QStringList{u"HOME="_s + m_tmp.path()};
    }

    // A new commit in clone, with no change: what a person's own work looks like to grex.
    static void commitSomething(const QString &clone)
    {
        runGit(clone, {u"commit"_s, u"-q"_s, u"--allow-empty"_s, u"-m"_s, u"x"_s});
    }

    QString workspaceWithAlpha()
    {
        const QString dir = initialisedWorkspace();
        const RunResult r = grex(dir, {u"add"_s, m_alpha});
        if (r.exitCode != 0)
            qFatal("add failed: %s", r.err.constData());
        return dir;
    }

private Q_SLOTS:
    void initTestCase()
    {
        ::chmod(QFile::encodeName(m_tmp.path()).constData(), 0755);
        RemoteBuilder remotes(m_tmp.filePath(u"remotes"_s));
        m_alpha = remotes.create(u"alpha"_s, RemoteBuilder::packFiles(u"alpha"_s));
        RemoteBuilder::Files betaFiles = RemoteBuilder::packFiles(u"beta"_s, u"meta"_s);
        remotes.create(u"beta"_s, betaFiles);
        betaFiles.insert(u"v2.txt"_s, "2\n");
        m_beta = m_tmp.filePath(u"remotes/beta.git"_s);
        remotes.commit(m_beta, betaFiles, u"stable"_s);
        m_maker = remotes.create(
            u"maker"_s,
            {{u".grex/pack.yaml"_s, RemoteBuilder::packYaml(u"maker"_s, u"declarative"_s,
                                                            "actions:\n  - mkdir: {path: made}\n"
                                                            "  - exec: {cmd: [\"true\"]}\n")}});
        m_breaker = remotes.create(
            u"breaker"_s,
            {{u".grex/pack.yaml"_s, RemoteBuilder::packYaml(u"breaker"_s, u"declarative"_s,
                                                            "actions:\n  - rmdir: {path: full}\n")},
             {u"full/file"_s, "x"}});
        m_weird = remotes.create(
            u"weird"_s, {{u".grex/pack.yaml"_s,
                          RemoteBuilder::packYaml(u"weird"_s, u"declarative"_s,
                                                  "actions:\n  - teleport: {to: mars}\n")}});
    }

    void versionAndHelp()
    {
        const RunResult version = grex(newDir(), {u"--version"_s});
        QCOMPARE(version.exitCode, 0);
        QVERIFY(QRegularExpression(u"^grex \\d+\\.\\d+\\.\\d+\n$"_s)
                    .match(version.outText())
                    .hasMatch());
        QCOMPARE(grex(newDir(), {u"-V"_s}).out, version.out);

        const RunResult help = grex(newDir(), {u"--help"_s});
        QCOMPARE(help.exitCode, 0);
        for (const QString &verb :
             {u"init"_s, u"add"_s, u"rm"_s, u"tag"_s, u"ls"_s, u"status"_s, u"sync"_s, u"update"_s,
              u"teardown"_s, u"doctor"_s, u"import"_s, u"run"_s, u"exec"_s, u"serve"_s})
            QVERIFY2(help.outText().contains(u"\n  "_s + verb + u' '), qPrintable(verb));
        const RunResult serveHelp = grex(newDir(), {u"serve"_s, u"--help"_s});
        QCOMPARE(serveHelp.exitCode, 0);
        QVERIFY(serveHelp.outText().contains(u"--approve-destructive"_s));
        const RunResult unknown = grex(newDir(), {u"serve"_s, u"--bogus"_s});
        QCOMPARE(unknown.exitCode, 2);
        // Agent-safe modes refuse what they cannot mean.
        const RunResult both =
            grex(newDir(), {u"serve"_s, u"--read-only"_s, u"--tools"_s, u"ls,rm"_s});
        QCOMPARE(both.exitCode, 2);
        QVERIFY(both.errText().contains(u"--tools names rm, which --read-only leaves out"_s));
        const RunResult madeUp = grex(newDir(), {u"serve"_s, u"--tools"_s, u"ls,bogus"_s});
        QCOMPARE(madeUp.exitCode, 2);
        QVERIFY(madeUp.errText().contains(u"there is no tool 'bogus'"_s));
        QVERIFY(unknown.out.isEmpty());
        // A verb that does not exist is named in the error.
        const RunResult r = grex(newDir(), {u"frobnicate"_s});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.errText().contains(u"unknown verb 'frobnicate'"_s));
        for (char c : help.out)
            QVERIFY(uchar(c) < 0x80); // ASCII help under NO_COLOR

        const RunResult addHelp = grex(newDir(), {u"add"_s, u"--help"_s});
        QCOMPARE(addHelp.exitCode, 0);
        QVERIFY(addHelp.outText().contains(u"Usage: grex add [options] <URL> [PATH]"_s));
        QVERIFY(addHelp.outText().contains(u"--ref REF"_s));
        QVERIFY(grex(newDir(), {u"rm"_s, u"-h"_s}).outText().contains(u"--keep-files"_s));

        const RunResult bare = grex(newDir(), {});
        QCOMPARE(bare.exitCode, 2);
        QVERIFY(bare.out.isEmpty());
        QVERIFY(bare.errText().contains(u"Usage: grex"_s));
    }

    void universalFlagsBeforeOrAfterTheVerb()
    {
        const QString dir = workspaceWithAlpha();
        const RunResult after = grex(dir, {u"ls"_s, u"--json"_s, u"--parallel"_s, u"2"_s, u"-v"_s});
        const RunResult before = grex(dir, {u"--json"_s, u"--parallel=2"_s, u"-q"_s, u"ls"_s});
        const RunResult manifest =
            grex(newDir(), {u"--manifest"_s, dir + u"/grex.jsonl"_s, u"ls"_s, u"--json"_s});
        QCOMPARE(after.exitCode, 0);
        QCOMPARE(before.exitCode, 0);
        QCOMPARE(manifest.exitCode, 0);
        QCOMPARE(after.out, before.out);
        QCOMPARE(manifest.out, before.out);
        QVERIFY(grex(dir, {u"ls"_s, u"-vv"_s, u"--plain"_s}).errText().contains(u"debug"_s));

        const RunResult conflict = grex(dir, {u"ls"_s, u"--json"_s, u"--plain"_s});
        QCOMPARE(conflict.exitCode, 2);
        QCOMPARE(conflict.json().object().value(u"error"_s).toObject().value(u"kind"_s).toString(),
                 u"usage"_s);
        QCOMPARE(grex(dir, {u"ls"_s, u"--bogus"_s}).exitCode, 2);
        QCOMPARE(grex(dir, {u"ls"_s, u"extra"_s}).exitCode, 2);
        const RunResult filter = grex(dir, {u"add"_s, m_alpha, u"--filter"_s, u"name=x"_s});
        QCOMPARE(filter.exitCode, 2);
        QVERIFY(filter.errText().contains(u"--filter"_s));
    }

    // --parallel and GREX_PARALLEL take 0 to 1024 (the flag wins); anything else is exit 2.
    void parallelValues()
    {
        const QString dir = initialisedWorkspace();
        for (const QString &good : {u"0"_s, u"1"_s, u"1024"_s})
            QCOMPARE(grex(dir, {u"ls"_s, u"--parallel"_s, good}).exitCode, 0);
        for (const QString &bad : {u"-1"_s, u"1025"_s, u"abc"_s, u""_s})
            QCOMPARE(grex(dir, {u"ls"_s, u"--parallel="_s + bad}).exitCode, 2);
        RunOptions badEnv;
        badEnv.env = QStringList{u"GREX_PARALLEL=lots"_s};
        QCOMPARE(grex(dir, {u"ls"_s}, badEnv).exitCode, 2);
        QCOMPARE(grex(dir, {u"ls"_s, u"--parallel"_s, u"3"_s}, badEnv).exitCode, 0); // flag wins
        RunOptions goodEnv;
        goodEnv.env = QStringList{u"GREX_PARALLEL=4"_s};
        QCOMPARE(grex(dir, {u"ls"_s}, goodEnv).exitCode, 0);
        // grex serve resolves its width the same way, before it reads a single request.
        const RunResult serve = grex(dir, {u"serve"_s}, badEnv);
        QCOMPARE(serve.exitCode, 2);
        QVERIFY2(serve.errText().contains(u"GREX_PARALLEL"_s), qPrintable(serve.errText()));
    }

    void initCreatesAWorkspace()
    {
        const QString dir = newDir();
        const RunResult r = grex(dir, {u"init"_s, u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.endsWith('\n'));
        QCOMPARE(r.out.count('\n'), 1);
        const QJsonObject doc = r.json().object();
        QCOMPARE(doc.value(u"workspace"_s).toString(), dir);
        QCOMPARE(doc.value(u"created"_s).toArray().size(), 2);
        QVERIFY(doc.value(u"hooks"_s).isNull());
        QVERIFY(QFile::exists(dir + u"/grex.jsonl"_s));
        QVERIFY(readFile(dir + u"/.gitignore"_s).contains("# >>> grex:_workspace >>>"));
        const RunResult again = grex(dir, {u"init"_s});
        QCOMPARE(again.exitCode, 0);
        QVERIFY(again.outText().contains(u"already initialised"_s));
    }

    void initMakesTheFolderItIsGiven()
    {
        const QString dir = newDir();
        const RunResult r = grex(dir, {u"init"_s, u"team/ws"_s, u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().object().value(u"workspace"_s).toString(), dir + u"/team/ws"_s);
        QVERIFY(QFile::exists(dir + u"/team/ws/grex.jsonl"_s));
        QVERIFY(!QFile::exists(dir + u"/grex.jsonl"_s));

        const RunResult dry = grex(dir, {u"init"_s, u"other"_s, u"--dry-run"_s});
        QCOMPARE(dry.exitCode, 0);
        QVERIFY(!QFileInfo::exists(dir + u"/other"_s));

        const RunResult both = grex(dir, {u"init"_s, u"x"_s, u"--manifest"_s, u"y"_s});
        QCOMPARE(both.exitCode, 2);
        QVERIFY(!QFileInfo::exists(dir + u"/x"_s));

        // A refused init (here: inside the workspace's pack) takes back the folders it made.
        const QString ws = workspaceWithAlpha();
        const RunResult inside = grex(ws, {u"init"_s, u"alpha/sub/ws"_s});
        QCOMPARE(inside.exitCode, 2);
        QVERIFY2(inside.errText().contains(u"alpha"_s), qPrintable(inside.errText()));
        QVERIFY(!QFileInfo::exists(ws + u"/alpha/sub"_s));
        QVERIFY(QFileInfo(ws + u"/alpha"_s).isDir());
    }

    void initSetsHooksPathOnlyInAGitRepository()
    {
        const QString dir = newDir();
        const RunResult r =
            grex(dir, {u"init"_s, u"--hooks-path"_s, u".grex/hooks"_s, u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.json().object().value(u"hooks"_s).isNull());
        QVERIFY(r.errText().contains(u"not a git repository; --hooks-path is ignored"_s));
        QProcess git;
        git.setWorkingDirectory(dir);
        git.start(u"git"_s, {u"init"_s, u"-q"_s});
        QVERIFY(git.waitForFinished());
        const RunResult ok =
            grex(dir, {u"init"_s, u"--hooks-path"_s, u".grex/hooks"_s, u"--json"_s});
        QCOMPARE(ok.exitCode, 0);
        QCOMPARE(ok.json().object().value(u"hooks"_s).toString(), u".grex/hooks"_s);
        QVERIFY(readFile(dir + u"/.git/config"_s).contains("hooksPath = .grex/hooks"));
    }

    void initRefusesAManifestThatIsADirectory()
    {
        const QString dir = newDir();
        QDir().mkpath(dir + u"/grex.jsonl"_s);
        const RunResult r = grex(dir, {u"init"_s});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.errText().contains(u"grex.jsonl exists but is not a file"_s));
    }

    void verbOptionsBeforeTheVerbAndForwardFlags()
    {
        const QString dir = initialisedWorkspace();
        const RunResult r =
            grex(dir, {u"--ref"_s, u"stable"_s, u"add"_s, m_beta, u"--no-install"_s, u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().object().value(u"ref"_s).toString(), u"stable"_s);
        QCOMPARE(r.json().object().value(u"installed"_s).toBool(true), false);
        const RunResult removed =
            grex(dir, {u"rm"_s, u"beta"_s, u"--skip-teardown"_s, u"-y"_s, u"--json"_s});
        QCOMPARE(removed.exitCode, 0);
        QCOMPARE(removed.json().object().value(u"teardown"_s).toString(), u"skipped"_s);
    }

    void addListsAndRemoves()
    {
        const QString dir = initialisedWorkspace();
        const RunResult added = grex(dir, {u"add"_s, m_alpha, u"--json"_s});
        QCOMPARE(added.exitCode, 0);
        const QJsonObject doc = added.json().object();
        QCOMPARE(doc.value(u"id"_s).toString(), u"alpha"_s);
        QCOMPARE(doc.value(u"type"_s).toString(), u"declarative"_s);
        QCOMPARE(doc.value(u"url"_s).toString(), m_alpha);
        QVERIFY(doc.value(u"ref"_s).isNull());
        QCOMPARE(doc.value(u"sha"_s).toString().size(), 40);
        QCOMPARE(doc.value(u"installed"_s).toBool(), true);

        const RunResult withRef =
            grex(dir, {u"add"_s, m_beta, u"beta-stable"_s, u"--ref"_s, u"stable"_s});
        QCOMPARE(withRef.exitCode, 4); // the pack.yaml name is beta
        QVERIFY(withRef.errText().contains(u"grex add "_s + m_beta + u" beta"_s));
        const RunResult stable = grex(dir, {u"add"_s, m_beta, u"--ref"_s, u"stable"_s});
        QCOMPARE(stable.exitCode, 0);
        QVERIFY2(QRegularExpression(u"^Added pack beta \\(meta\\) from \\S+\n  commit [0-9a-f]{7}  "
                                    "ref stable\n$"_s)
                     .match(stable.outText())
                     .hasMatch(),
                 stable.out.constData());
        QVERIFY(QFile::exists(dir + u"/beta/v2.txt"_s));

        const RunResult table = grex(dir, {u"ls"_s});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.outText().startsWith(u"ID"_s));
        QVERIFY(table.outText().contains(u"alpha"_s));
        QVERIFY(QRegularExpression(u"beta\\s+meta\\s+beta\\s+stable\\s+[0-9a-f]{7}"_s)
                    .match(table.outText())
                    .hasMatch());
        QVERIFY(!table.out.contains('\x1b')); // not a terminal: no colour

        const RunResult json = grex(dir, {u"ls"_s, u"--json"_s, u"--long"_s});
        const QJsonArray packs = json.json().array();
        QCOMPARE(packs.size(), 2);
        QCOMPARE(packs.at(1).toObject().value(u"ref"_s).toString(), u"stable"_s);
        QVERIFY(packs.at(0).toObject().contains(u"actions_hash"_s));
        QCOMPARE(grex(dir, {u"ls"_s, u"--json"_s, u"--type"_s, u"meta"_s}).json().array().size(),
                 1);
        QVERIFY(grex(dir, {u"ls"_s, u"--tree"_s, u"--plain"_s}).exitCode == 0);

        const RunResult removed = grex(dir, {u"rm"_s, u"alpha"_s, u"--yes"_s, u"--json"_s});
        QCOMPARE(removed.exitCode, 0);
        QCOMPARE(removed.json().object().value(u"removed"_s).toBool(), true);
        QCOMPARE(removed.json().object().value(u"files_deleted"_s).toBool(), true);
        QVERIFY(!QFileInfo::exists(dir + u"/alpha"_s));
        const RunResult kept = grex(dir, {u"rm"_s, u"beta"_s, u"-y"_s, u"--keep-files"_s});
        QCOMPARE(kept.exitCode, 0);
        QVERIFY(QFileInfo::exists(dir + u"/beta/v2.txt"_s));
        QVERIFY(grex(dir, {u"ls"_s}).outText().contains(u"No packs registered"_s));
    }

    // grex tag PACK -old: a word that starts with '-' is a tag to remove, not an option, while
    // the verb's own options still work anywhere on the line.
    void tagWordsThatLookLikeOptions()
    {
        const QString dir = initialisedWorkspace();
        QCOMPARE(grex(dir, {u"add"_s, m_alpha, u"--tag"_s, u"old"_s, u"--tag"_s, u"slow"_s})
                     .exitCode,
                 0);
        const RunResult tagged =
            grex(dir, {u"tag"_s, u"alpha"_s, u"-old"_s, u"--plain"_s, u"+work"_s, u"+home"_s});
        QCOMPARE(tagged.exitCode, 0);
        QCOMPARE(tagged.outText(), u"Tagged alpha: +home +work -old\nTags of alpha: home, slow, "
                                   u"work\n"_s);
        // -q is grex's own flag; a tag spelled like a flag goes after --.
        const RunResult quiet = grex(dir, {u"tag"_s, u"alpha"_s, u"-q"_s, u"--json"_s});
        QCOMPARE(quiet.json().object().value(u"changed"_s).toBool(), false);
        const RunResult afterDashes =
            grex(dir, {u"tag"_s, u"alpha"_s, u"--json"_s, u"--"_s, u"-slow"_s});
        QCOMPARE(afterDashes.json().object().value(u"removed"_s).toArray(),
                 QJsonArray{u"slow"_s});
        const RunResult table = grex(dir, {u"ls"_s});
        QVERIFY2(QRegularExpression(u"TAGS\n.*alpha.*home,work\n"_s)
                     .match(table.outText())
                     .hasMatch(),
                 table.out.constData());
        const RunResult filtered = grex(dir, {u"status"_s, u"--filter"_s, u"tag=home"_s});
        QVERIFY(filtered.outText().contains(u"alpha"_s));
        QVERIFY(filtered.outText().contains(u"TAGS"_s));
        const RunResult bad = grex(dir, {u"tag"_s, u"alpha"_s, u"+no/way"_s});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.errText().contains(u"invalid tag 'no/way'"_s));

        // Many packs at once, named or filtered; a bare word is a pack, never a silent tag.
        QCOMPARE(grex(dir, {u"add"_s, m_beta}).exitCode, 0);
        const RunResult many = grex(dir, {u"tag"_s, u"+team"_s, u"alpha"_s, u"beta"_s});
        QVERIFY2(many.exitCode == 0, many.err.constData());
        QVERIFY(many.outText().contains(u"Tagged alpha: +team"_s));
        QVERIFY(many.outText().contains(u"Tagged beta: +team"_s));
        const RunResult filteredTag =
            grex(dir, {u"tag"_s, u"-team"_s, u"--filter"_s, u"name=beta"_s, u"--json"_s});
        QCOMPARE(filteredTag.json().object().value(u"packs"_s).toArray().size(), 1);
        const RunResult ambiguous = grex(dir, {u"tag"_s, u"alpha"_s, u"beta"_s, u"work2"_s});
        QCOMPARE(ambiguous.exitCode, 2);
        QVERIFY2(ambiguous.errText().contains(u"write +work2"_s), ambiguous.err.constData());
        QVERIFY(!grex(dir, {u"tag"_s, u"alpha"_s, u"--json"_s})
                     .json()
                     .object()
                     .value(u"tags"_s)
                     .toArray()
                     .contains(u"work2"_s));
        QCOMPARE(grex(dir, {u"tag"_s, u"+x"_s}).exitCode, 2);
    }

    void addRelativeLocalPath()
    {
        const QString dir = initialisedWorkspace();
        const QString relative = QDir(dir).relativeFilePath(m_alpha);
        QVERIFY(relative.startsWith(u"../"_s));
        const RunResult r = grex(dir, {u"add"_s, relative, u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().object().value(u"url"_s).toString(), m_alpha);
    }

    void dryRunsChangeNothing()
    {
        const QString dir = workspaceWithAlpha();
        const auto before = snapshot(dir);
        const RunResult add = grex(dir, {u"add"_s, m_beta, u"--dry-run"_s, u"--json"_s});
        QCOMPARE(add.exitCode, 0);
        QCOMPARE(add.json().object().value(u"dry_run"_s).toBool(), true);
        const RunResult rm = grex(dir, {u"rm"_s, u"alpha"_s, u"--dry-run"_s});
        QCOMPARE(rm.exitCode, 0); // no approval needed to look
        QVERIFY(rm.outText().contains(u"Would remove pack alpha"_s));
        QVERIFY(grex(dir, {u"init"_s, u"--dry-run"_s}).exitCode == 0);
        QCOMPARE(snapshot(dir), before);
    }

    // Bad inputs: one line naming the problem, the right exit code, and every file as it was.
    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("malformed url")
            << QStringList{u"add"_s, u"https://"_s} << 2 << u"usage"_s << u"https://"_s;
        QTest::newRow("unknown scheme")
            << QStringList{u"add"_s, u"ftp://h/x.git"_s} << 2 << u"usage"_s << u"ftp://h/x.git"_s;
        QTest::newRow("path with an empty part")
            << QStringList{u"add"_s, u"ALPHA"_s, u"a//b"_s} << 2 << u"usage"_s << u"a//b"_s;
        QTest::newRow("path with dotdot")
            << QStringList{u"add"_s, u"ALPHA"_s, u".."_s} << 2 << u"usage"_s << u"'..'"_s;
        QTest::newRow("occupied directory") << QStringList{u"add"_s, u"BETA"_s, u"occupied"_s} << 4
                                            << u"pack_op"_s << u"occupied"_s;
        QTest::newRow("added twice")
            << QStringList{u"add"_s, u"ALPHA"_s} << 2 << u"usage"_s << u"alpha"_s;
        QTest::newRow("rm unknown")
            << QStringList{u"rm"_s, u"ghost"_s, u"--yes"_s} << 2 << u"usage"_s << u"ghost"_s;
        QTest::newRow("rm without approval")
            << QStringList{u"rm"_s, u"alpha"_s} << 9 << u"not_approved"_s << u"alpha"_s;
        QTest::newRow("unknown ref") << QStringList{u"add"_s, u"BETA"_s, u"--ref"_s, u"nope"_s} << 4
                                     << u"pack_op"_s << u"nope"_s;
        QTest::newRow("unknown type") << QStringList{u"add"_s, u"BETA"_s, u"--type"_s, u"weird"_s}
                                      << 8 << u"plugin_missing"_s << u"weird"_s;
        QTest::newRow("missing url") << QStringList{u"add"_s} << 2 << u"usage"_s << u"URL"_s;
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, kind);
        QFETCH(QString, mentions);
        args.replaceInStrings(u"ALPHA"_s, m_alpha).replaceInStrings(u"BETA"_s, m_beta);
        const QString dir = workspaceWithAlpha();
        QDir().mkpath(dir + u"/occupied"_s);
        QFile own(dir + u"/occupied/mine.txt"_s);
        QVERIFY(own.open(QIODevice::WriteOnly));
        own.write("mine\n");
        own.close();
        const auto before = snapshot(dir);

        const RunResult r = grex(dir, args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY(r.out.isEmpty());
        const QStringList errors = errorLines(r);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.at(0).contains(mentions), qPrintable(errors.at(0)));
        int denials = 0;
        QCOMPARE(withoutDenials(snapshot(dir), &denials), before);
        // A refused approval is recorded; any other bad input leaves no trace.
        QCOMPARE(denials, kind == u"not_approved" ? 1 : 0);

        const RunResult json = grex(dir, args + QStringList{u"--json"_s});
        QCOMPARE(json.exitCode, exitCode);
        const QJsonObject error = json.json().object().value(u"error"_s).toObject();
        QCOMPARE(error.value(u"kind"_s).toString(), kind);
        QVERIFY(!error.value(u"message"_s).toString().isEmpty());
        QCOMPARE(withoutDenials(snapshot(dir)), before);
    }

    void corruptLineInTheMiddle()
    {
        const QString dir = workspaceWithAlpha();
        QCOMPARE(grex(dir, {u"add"_s, m_beta}).exitCode, 0);
        QByteArray log = readFile(dir + u"/grex.jsonl"_s);
        log.insert(log.indexOf('\n') + 1, "{\"op\": \"add\", oops}\n");
        QFile f(dir + u"/grex.jsonl"_s);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(log);
        f.close();
        const auto before = snapshot(dir);
        for (const QStringList &args :
             {QStringList{u"ls"_s}, QStringList{u"add"_s, m_beta, u"b2"_s},
              QStringList{u"rm"_s, u"alpha"_s, u"--yes"_s}, QStringList{u"init"_s}}) {
            const RunResult r = grex(dir, args);
            QCOMPARE(r.exitCode, 3);
            const QStringList errors = errorLines(r);
            QCOMPARE(errors.size(), 1);
            QVERIFY2(errors.at(0).contains(u"line 2"_s), qPrintable(errors.at(0)));
            QCOMPARE(snapshot(dir), before);
        }
    }

    void secondGrexHoldingTheLock()
    {
        const QString dir = workspaceWithAlpha();
        QProcess holder;
        holder.start(helperBinary(), {u"hold-lock"_s, dir + u"/.grex.sync.lock"_s});
        QVERIFY(holder.waitForReadyRead(10000));
        const auto before = snapshot(dir);
        for (const QStringList &args :
             {QStringList{u"add"_s, m_beta}, QStringList{u"rm"_s, u"alpha"_s, u"-y"_s},
              QStringList{u"init"_s}}) {
            const RunResult r = grex(dir, args);
            QCOMPARE(r.exitCode, 5);
            const QStringList errors = errorLines(r);
            QCOMPARE(errors.size(), 1);
            QVERIFY2(errors.at(0).contains(u"busy"_s), qPrintable(errors.at(0)));
            QVERIFY(errors.at(0).contains(u"pid %1"_s.arg(holder.processId())));
            QCOMPARE(snapshot(dir), before);
        }
        QCOMPARE(grex(dir, {u"ls"_s}).exitCode, 0); // readers never wait for writers
        holder.kill();
        holder.waitForFinished();
        // The holder died without unlocking: the next run is not blocked.
        QCOMPARE(grex(dir, {u"add"_s, m_beta}).exitCode, 0);
    }

    void readOnlyWorkspace()
    {
        const QString dir = workspaceWithAlpha();
        const auto before = snapshot(dir);
        QString program = grexBinary();
        RunOptions options;
        options.workDir = dir;
        if (runningAsRoot()) {
            runAsNobody(program, options);
        } else {
            QVERIFY(QFile::setPermissions(dir, QFile::ReadOwner | QFile::ExeOwner));
        }
        for (const QStringList &args :
             {QStringList{u"add"_s, m_beta}, QStringList{u"rm"_s, u"alpha"_s, u"-y"_s},
              QStringList{u"init"_s}}) {
            const RunResult r = runProgram(program, args, options);
            QCOMPARE(r.exitCode, 4);
            const QStringList errors = errorLines(r);
            QCOMPARE(errors.size(), 1);
            QVERIFY2(errors.at(0).contains(u"permission denied"_s), qPrintable(errors.at(0)));
        }
        QCOMPARE(runProgram(program, {u"ls"_s}, options).exitCode, 0);

        // A holder killed while the workspace was writable leaves its lock file; this user
        // cannot replace it, and is told so rather than that the workspace is busy.
        QVERIFY(QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                               QFile::ReadOther | QFile::ExeOther));
        QProcess holder;
        holder.start(helperBinary(), {u"hold-lock"_s, dir + u"/.grex.sync.lock"_s});
        QVERIFY(holder.waitForReadyRead(10000));
        holder.kill();
        holder.waitForFinished();
        if (!runningAsRoot())
            QVERIFY(QFile::setPermissions(dir, QFile::ReadOwner | QFile::ExeOwner));
        const RunResult stale = runProgram(program, {u"add"_s, m_beta}, options);
        QCOMPARE(stale.exitCode, 4);
        QVERIFY2(stale.errText().contains(u"stale lock file"_s), stale.err.constData());
        QVERIFY(!stale.errText().contains(u"busy"_s));
        QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(QFile::remove(dir + u"/.grex.sync.lock"_s));
        QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                       QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther |
                                       QFile::ExeOther);
        QCOMPARE(snapshot(dir), before);
    }

    void notAWorkspace()
    {
        const QString dir = newDir();
        for (const QStringList &args : {QStringList{u"ls"_s}, QStringList{u"add"_s, m_alpha},
                                        QStringList{u"rm"_s, u"x"_s, u"-y"_s}}) {
            const RunResult r = grex(dir, args);
            QCOMPARE(r.exitCode, 2);
            QVERIFY(r.errText().contains(u"not a grex workspace"_s));
            QVERIFY(r.errText().contains(u"grex init"_s));
        }
        QVERIFY(snapshot(dir).isEmpty());
        QCOMPARE(grex(dir, {u"ls"_s, u"--manifest"_s, u"/no/such/dir/grex.jsonl"_s}).exitCode, 2);
    }

    // From any folder inside a workspace, inside a pack too, grex finds the workspace as git
    // finds a repository; -C DIR and GREX_WORKSPACE name it from outside; init never makes a
    // workspace inside a pack; outside any workspace, inside a repository, the hint does not
    // suggest making one there.
    void findsTheWorkspaceFromAnyFolder()
    {
        const QString ws = workspaceWithAlpha();
        const QString inside = ws + u"/alpha/deeper/still"_s;
        QVERIFY(QDir().mkpath(inside));
        for (const QString &dir : QStringList{ws + u"/alpha"_s, inside}) {
            const RunResult listed = grex(dir, {u"ls"_s, u"--json"_s});
            QVERIFY2(listed.exitCode == 0, listed.err.constData());
            QCOMPARE(listed.json().array().size(), 1);
            QCOMPARE(listed.json().array().at(0).toObject().value(u"id"_s).toString(),
                     u"alpha"_s);
        }
        const QString elsewhere = newDir();
        QCOMPARE(grex(elsewhere, {u"-C"_s, inside, u"status"_s}).exitCode, 0);
        QCOMPARE(grex(elsewhere, {u"-C"_s, u"/no/such/dir"_s, u"status"_s}).exitCode, 2);
        RunOptions named;
        named.env = {u"GREX_WORKSPACE="_s + ws};
        QCOMPARE(grex(elsewhere, {u"ls"_s}, named).exitCode, 0);
        named.env = {u"GREX_WORKSPACE="_s + elsewhere + u"/none"_s};
        const RunResult missing = grex(elsewhere, {u"ls"_s}, named);
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.errText().contains(u"GREX_WORKSPACE"_s), missing.err.constData());

        // init inside a pack is refused, and changes nothing there.
        const auto before = snapshot(ws);
        const RunResult nested = grex(inside, {u"init"_s});
        QCOMPARE(nested.exitCode, 2);
        QVERIFY2(nested.errText().contains(u"inside the pack 'alpha'"_s), nested.err.constData());
        QVERIFY2(nested.errText().contains(u"any folder of "_s + ws + u", to use"_s),
                 nested.err.constData());
        QCOMPARE(snapshot(ws), before);

        // A lone clone: the hint sends the person to the folder that is to hold repositories.
        const QString lone = newDir();
        runGit(lone, {u"init"_s, u"-q"_s});
        const RunResult outside = grex(lone, {u"status"_s});
        QCOMPARE(outside.exitCode, 2);
        QVERIFY2(outside.errText().contains(u"not inside this repository"_s),
                 outside.err.constData());
    }

    // Destructive verbs ask on a terminal (in-process, with a scripted terminal). Packs at nested
    // paths (docs/design.md, "Pack paths"): added there, refused inside another pack's clone, found
    // by import --scan below the top, used from inside, picked by path=, and removed with the
    // folders they leave empty.
    void nestedPaths()
    {
        const QString dir = initialisedWorkspace();
        RunResult added = grex(dir, {u"add"_s, m_alpha, u"src/tools/alpha"_s});
        QVERIFY2(added.exitCode == 0, added.err.constData());
        QVERIFY(QFileInfo::exists(dir + u"/src/tools/alpha/.grex/pack.yaml"_s));
        QVERIFY(readFile(dir + u"/.gitignore"_s).contains("/src/tools/alpha/"));

        const RunResult inside = grex(dir, {u"add"_s, m_beta, u"src/tools/alpha/beta"_s});
        QCOMPARE(inside.exitCode, 2);
        QVERIFY2(inside.errText().contains(u"inside the working tree of pack 'src/tools/alpha'"_s),
                 inside.err.constData());
        QVERIFY(!QFileInfo::exists(dir + u"/src/tools/alpha/beta"_s));
        const RunResult holding = grex(dir, {u"add"_s, m_beta, u"src"_s});
        QCOMPARE(holding.exitCode, 2);

        // A clone made by hand two levels down.
        runGit(dir, {u"clone"_s, u"-q"_s, m_beta, dir + u"/vendor/x/beta"_s});
        const RunResult scanned = grex(dir, {u"import"_s, u"--scan"_s});
        QVERIFY2(scanned.exitCode == 0, scanned.err.constData());
        QVERIFY2(scanned.outText().contains(u"added vendor/x/beta meta"_s), scanned.out.constData());

        const RunResult status = grex(dir + u"/src/tools/alpha/.grex"_s, {u"status"_s, u"--json"_s});
        QVERIFY2(status.exitCode == 0, status.err.constData());
        QStringList ids;
        for (const QJsonValue &p : status.json().array())
            ids.append(p.toObject().value(u"id"_s).toString());
        QCOMPARE(ids, (QStringList{u"src/tools/alpha"_s, u"vendor/x/beta"_s}));

        const RunResult picked =
            grex(dir, {u"ls"_s, u"--filter"_s, u"path=vendor/**"_s, u"--plain"_s});
        QVERIFY2(picked.exitCode == 0, picked.err.constData());
        QVERIFY(picked.outText().contains(u"vendor/x/beta"_s));
        QVERIFY(!picked.outText().contains(u"src/tools/alpha"_s));

        // The last part names a nested pack when no other pack has it.
        const RunResult removed = grex(dir, {u"rm"_s, u"beta"_s, u"--yes"_s});
        QVERIFY2(removed.exitCode == 0, removed.err.constData());
        QVERIFY(!QFileInfo::exists(dir + u"/vendor"_s));
        QCOMPARE(grex(dir, {u"rm"_s, u"src/tools/alpha"_s, u"--yes"_s}).exitCode, 0);
        QVERIFY(!QFileInfo::exists(dir + u"/src"_s));
    }

    // grex.jsonl, the file people commit, changes only when intent does (docs/design.md, "The
    // journal"): syncs, exec and its approval go to the journal, which git ignores.
    void committedFileChangesOnlyWithIntent()
    {
        const QString dir = workspaceWithAlpha();
        const QByteArray declared = readFile(dir + u"/grex.jsonl"_s);
        QCOMPARE(grex(dir, {u"sync"_s}).exitCode, 0);
        QCOMPARE(grex(dir, {u"sync"_s, u"--force"_s}).exitCode, 0);
        const RunResult ran = grex(dir, {u"exec"_s, u"--yes"_s, u"true"_s});
        QVERIFY2(ran.exitCode == 0, ran.err.constData());
        QCOMPARE(readFile(dir + u"/grex.jsonl"_s), declared);
        const QByteArray journal = readFile(dir + u"/grex.journal.jsonl"_s);
        QVERIFY(journal.contains("\"op\":\"sync\""));
        QVERIFY(journal.contains("\"op\":\"approved\""));
        runGit(dir, {u"init"_s, u"-q"_s});
        QCOMPARE(runGit(dir, {u"check-ignore"_s, u"grex.journal.jsonl"_s}).trimmed(),
                 u"grex.journal.jsonl"_s);
        QCOMPARE(grex(dir, {u"tag"_s, u"alpha"_s, u"+work"_s}).exitCode, 0);
        QVERIFY(readFile(dir + u"/grex.jsonl"_s) != declared);
    }

    // Another tool's list brought in as it is: vcstool's nested paths and versions become
    // paths and refs, a sync clones them there at those refs; gita's list of clones gives
    // their remotes (docs/design.md, "Pack paths").
    void importsOtherToolsLists()
    {
        const QString dir = initialisedWorkspace();
        QVERIFY(writeFile(dir + u"/../team.repos"_s,
                          "repositories:\n"
                          "  src/core/alpha:\n    type: git\n    url: " + m_alpha.toUtf8() +
                              "\n    version: main\n"
                              "  tools/beta:\n    type: git\n    url: " + m_beta.toUtf8() +
                              "\n    version: stable\n"
                              "  old/svnthing:\n    type: svn\n    url: https://svn.invalid/x\n"));
        const RunResult preview =
            grex(dir, {u"import"_s, u"--from"_s, u"../team.repos"_s, u"--dry-run"_s});
        QVERIFY2(preview.outText().contains(u"DRY-RUN: would add tools/beta "_s + m_beta +
                                            u" @stable"_s),
                 preview.out.constData());
        QVERIFY2(preview.outText().contains(u"not carried over: old/svnthing: "_s),
                 preview.out.constData());
        QVERIFY(!QFileInfo::exists(dir + u"/tools"_s));
        grex(dir, {u"import"_s, u"--from"_s, u"../team.repos"_s});
        const RunResult synced = grex(dir, {u"sync"_s});
        QVERIFY2(QFileInfo::exists(dir + u"/tools/beta/v2.txt"_s), synced.err.constData());
        QCOMPARE(runGit(dir + u"/tools/beta"_s, {u"branch"_s, u"--show-current"_s}).trimmed(),
                 u"stable"_s);
        QVERIFY(QFileInfo::exists(dir + u"/src/core/alpha/.grex/pack.yaml"_s));

        // gita lists clones without URLs: each clone's remote is read.
        const QString elsewhere = newDir();
        runGit(elsewhere, {u"clone"_s, u"-q"_s, m_maker, elsewhere + u"/maker"_s});
        QVERIFY(writeFile(dir + u"/../repos.csv"_s,
                          (elsewhere + u"/maker,maker,,\n"_s).toUtf8()));
        const RunResult gita = grex(dir, {u"import"_s, u"--from"_s, u"../repos.csv"_s});
        QVERIFY2(gita.exitCode == 0, gita.err.constData());
        QVERIFY2(gita.outText().contains(u"added maker"_s), gita.out.constData());
        QVERIFY2(gita.outText().contains(m_maker), gita.out.constData());

        // Read in the folder that holds the clones, gita's list keeps them where they are,
        // nested too, and sync takes them as they are instead of cloning them again.
        const QString home = newDir();
        runGit(home, {u"clone"_s, u"-q"_s, m_maker, home + u"/work/tools/maker"_s});
        const QString clone = home + u"/work/tools/maker"_s;
        runGit(clone, {u"config"_s, u"grex.test"_s, u"mine"_s});
        QVERIFY(writeFile(home + u"/repos.csv"_s, (clone + u",maker,,\n"_s).toUtf8()));
        QCOMPARE(grex(home, {u"init"_s}).exitCode, 0);
        const RunResult inPlace = grex(home, {u"import"_s, u"--from"_s, u"repos.csv"_s});
        QVERIFY2(inPlace.exitCode == 0, inPlace.err.constData());
        QVERIFY2(inPlace.outText().contains(u"added work/tools/maker "_s), inPlace.out.constData());
        const RunResult adopted = grex(home, {u"sync"_s, u"--json"_s});
        QVERIFY2(adopted.exitCode == 0, adopted.err.constData());
        QVERIFY(readFile(clone + u"/.git/config"_s).contains("mine")); // the same clone
        QVERIFY(!QFileInfo::exists(home + u"/maker"_s));
    }

    // A typo gets the word it most likely meant, for verbs, flags and pack names; grex help
    // VERB is the verb's --help.
    void typosGetADidYouMean()
    {
        const QString dir = workspaceWithAlpha();
        const RunResult verb = grex(dir, {u"snyc"_s});
        QCOMPARE(verb.exitCode, 2);
        QVERIFY2(verb.errText().contains(u"did you mean 'sync'?"_s), verb.err.constData());
        const RunResult flag = grex(dir, {u"sync"_s, u"--dry-rn"_s});
        QCOMPARE(flag.exitCode, 2);
        QVERIFY2(flag.errText().contains(u"did you mean --dry-run?"_s), flag.err.constData());
        const RunResult pack = grex(dir, {u"rm"_s, u"alhpa"_s, u"--dry-run"_s, u"--json"_s});
        QCOMPARE(pack.exitCode, 2);
        QCOMPARE(pack.json().object().value(u"error"_s).toObject().value(u"did_you_mean"_s)
                     .toString(),
                 u"alpha"_s);
        const RunResult far = grex(dir, {u"frobnicate"_s});
        QVERIFY(!far.errText().contains(u"did you mean"_s));

        const RunResult help = grex(dir, {u"help"_s, u"sync"_s});
        QCOMPARE(help.exitCode, 0);
        QCOMPARE(help.out, grex(dir, {u"sync"_s, u"--help"_s}).out);
        QCOMPARE(grex(dir, {u"help"_s}).exitCode, 0);
        QCOMPARE(grex(dir, {u"help"_s, u"snyc"_s}).exitCode, 2);
    }

    // exec prints each pack's output in the pack order, whatever order they finish in: the
    // first pack here is the slowest.
    void execOutputKeepsThePackOrder()
    {
        const QString dir = workspaceWithAlpha();
        QCOMPARE(grex(dir, {u"add"_s, m_beta}).exitCode, 0);
        const RunResult r = grex(
            dir, {u"exec"_s, u"--yes"_s, u"--parallel"_s, u"2"_s, u"sh"_s, u"-c"_s,
                  u"[ \"$GREX_PACK\" = alpha ] && sleep 1; echo out-of-$GREX_PACK"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const qsizetype alpha = r.outText().indexOf(u"out-of-alpha"_s);
        const qsizetype beta = r.outText().indexOf(u"out-of-beta"_s);
        QVERIFY2(alpha >= 0 && beta > alpha, r.out.constData());
    }

    // A plain repository (no pack.yaml) brought in by import has nothing to install: status
    // does not call it stale, the texts call it a repository, and no sync says it installed.
    void plainRepositoryIsARepository()
    {
        const QString dir = initialisedWorkspace();
        const QString upstream = newDir() + u"/plain.git"_s;
        runGit(dir, {u"init"_s, u"-q"_s, u"--bare"_s, upstream});
        runGit(dir, {u"clone"_s, u"-q"_s, upstream, dir + u"/plain"_s});
        commitSomething(dir + u"/plain"_s);
        runGit(dir + u"/plain"_s, {u"push"_s, u"-q"_s, u"origin"_s, u"HEAD"_s});
        const RunResult imported = grex(dir, {u"import"_s, u"--scan"_s});
        QCOMPARE(imported.exitCode, 0);
        QVERIFY2(imported.outText().contains(u"added plain "_s + upstream), imported.out.data());
        const RunResult status = grex(dir, {u"status"_s, u"--json"_s});
        const QJsonObject plain = status.json().array().at(0).toObject();
        QCOMPARE(plain.value(u"id"_s).toString(), u"plain"_s);
        QVERIFY2(!plain.value(u"drifts"_s).toArray().contains(u"stale"_s), status.out.constData());
        QVERIFY(plain.value(u"stale_reason"_s).isNull());
        QVERIFY(plain.value(u"plain"_s).toBool());

        const RunResult synced = grex(dir, {u"sync"_s, u"--json"_s});
        QCOMPARE(synced.exitCode, 0);
        const QJsonObject pack =
            synced.json().object().value(u"packs"_s).toArray().at(0).toObject();
        QVERIFY(pack.value(u"plain"_s).toBool());
        QCOMPARE(pack.value(u"outcome"_s).toString(), u"unchanged"_s);
        // A commit of the person's own: still nothing to install, so nothing "reinstalled".
        commitSomething(dir + u"/plain"_s);
        const RunResult again = grex(dir, {u"sync"_s});
        QCOMPARE(again.exitCode, 0);
        QVERIFY2(!again.outText().contains(u"install"_s), again.out.constData());
        const RunResult ls = grex(dir, {u"ls"_s});
        QVERIFY2(ls.outText().contains(u"plain  repository"_s), ls.out.constData());
        QVERIFY2(!ls.outText().contains(u"meta"_s), ls.out.constData());
        const RunResult longStatus = grex(dir, {u"status"_s, u"--long"_s});
        QVERIFY2(longStatus.outText().contains(u"repository"_s), longStatus.out.constData());

        const RunResult added = grex(dir, {u"add"_s, upstream, u"second"_s});
        QCOMPARE(added.exitCode, 0);
        QVERIFY2(added.outText().startsWith(u"Added repository second from "_s),
                 added.out.constData());
        // Before the clone nobody knows: a dry run names neither a pack type nor a repository,
        // unless the person gave the type.
        const RunResult unknown = grex(dir, {u"add"_s, m_alpha, u"--dry-run"_s});
        QVERIFY2(unknown.outText().startsWith(u"Would add alpha from "_s), unknown.out.data());
        const RunResult typed =
            grex(dir, {u"add"_s, m_alpha, u"--dry-run"_s, u"--type"_s, u"declarative"_s});
        QVERIFY2(typed.outText().startsWith(u"Would add pack alpha (declarative) from "_s),
                 typed.out.constData());
        const RunResult pack2 = grex(dir, {u"add"_s, m_alpha});
        QVERIFY2(pack2.outText().contains(u"Added pack alpha ("_s), pack2.out.constData());
    }

    // A pack whose pack.yaml cannot be read is broken, with the file's error, not stale: no
    // sync can help until a person edits it.
    void brokenPackIsBrokenNotStale()
    {
        const QString dir = workspaceWithAlpha();
        QVERIFY(writeFile(dir + u"/alpha/.grex/pack.yaml"_s, "name: alpha\ntype: [oops\n"));
        const RunResult status = grex(dir, {u"status"_s, u"--json"_s});
        QCOMPARE(status.exitCode, 0);
        const QJsonObject alpha = status.json().array().at(0).toObject();
        QCOMPARE(alpha.value(u"drift"_s).toString(), u"broken"_s);
        QVERIFY(!alpha.value(u"drifts"_s).toArray().contains(u"stale"_s));
        QVERIFY2(alpha.value(u"error"_s).toString().contains(u"pack.yaml:"_s),
                 status.out.constData());
        QVERIFY(!alpha.value(u"plain"_s).toBool());
        const RunResult text = grex(dir, {u"status"_s, u"--plain"_s});
        QVERIFY2(text.outText().contains(u"broken"_s) && !text.outText().contains(u"stale"_s),
                 text.out.constData());
        const RunResult filtered = grex(dir, {u"ls"_s, u"--filter"_s, u"drift=broken"_s});
        QVERIFY2(filtered.outText().contains(u"alpha"_s), filtered.out.constData());

        // A pack.yaml that reads fine but depends on a pack nobody registered is broken too.
        QVERIFY(writeFile(dir + u"/alpha/.grex/pack.yaml"_s,
                          "schema_version: \"1\"\nname: alpha\ntype: meta\n"
                          "depends_on: [ghost]\n"));
        // Committed, and the upstream made to agree: a clone as clean as can be, whose commit
        // is not the one installed.
        runGit(dir + u"/alpha"_s, {u"commit"_s, u"-qam"_s, u"ghost"_s});
        const QString upstream =
            runGit(dir + u"/alpha"_s, {u"rev-parse"_s, u"--abbrev-ref"_s, u"@{u}"_s}).trimmed();
        runGit(dir + u"/alpha"_s, {u"update-ref"_s, u"refs/remotes/"_s + upstream, u"HEAD"_s});
        const RunResult orphan = grex(dir, {u"status"_s, u"--json"_s});
        const QJsonObject alone = orphan.json().array().at(0).toObject();
        QCOMPARE(alone.value(u"drift"_s).toString(), u"broken"_s);
        // Broken is the whole story of an otherwise clean clone: not also clean, not stale.
        QCOMPARE(alone.value(u"drifts"_s).toArray(), QJsonArray{u"broken"_s});
        QVERIFY(alone.value(u"stale_reason"_s).isNull());
        QVERIFY2(alone.value(u"error"_s).toString().contains(u"ghost"_s), orphan.out.constData());
    }

    void rmAsksOnATerminal()
    {
        const QString dir = workspaceWithAlpha();
        CliHarnessOptions options;
        options.currentDir = dir;
        options.interactive = true;
        options.input = u"n\n"_s;
        const CliRun declined = runCli({u"rm"_s, u"alpha"_s}, options);
        QCOMPARE(declined.exitCode, 9);
        QVERIFY(declined.err.contains(u"hint: you answered no"_s));
        QVERIFY(
            declined.err.contains(u"remove pack 'alpha' and delete "_s + dir + u"/alpha? [y/N]"_s));
        QVERIFY(QFileInfo::exists(dir + u"/alpha"_s));
        options.interactive = false;
        const CliRun noTerminal = runCli({u"rm"_s, u"alpha"_s}, options);
        QCOMPARE(noTerminal.exitCode, 9);
        QVERIFY(noTerminal.err.contains(u"no terminal to ask for confirmation: pass --yes"_s));
        QVERIFY(!noTerminal.err.contains(u"[y/N]"_s));
        options.interactive = true;
        options.input = u"y\n"_s;
        const CliRun approved = runCli({u"rm"_s, u"alpha"_s}, options);
        QCOMPARE(approved.exitCode, 0);
        QVERIFY(!QFileInfo::exists(dir + u"/alpha"_s));
    }

    void colourOnlyOnATerminal()
    {
        const QString dir = workspaceWithAlpha();
        CliHarnessOptions options;
        options.currentDir = dir;
        options.stdoutTty = true;
        QVERIFY(runCli({u"ls"_s}, options).out.contains(u'\x1b'));
        QVERIFY(!runCli({u"ls"_s, u"--plain"_s}, options).out.contains(u'\x1b'));
        const CliRun json = runCli({u"ls"_s, u"--json"_s}, options);
        QVERIFY(!json.out.contains(u'\x1b'));
        QVERIFY(json.json().isArray());
    }

    // Human output: a summary of what happened to the packs; with -v, first one line per step
    // (docs/design.md, "Run reports and step lines").
    void syncPrintsASummaryAndStepsWithVerbose()
    {
        const QString dir = initialisedWorkspace();
        QCOMPARE(grex(dir, {u"add"_s, m_maker, u"--no-install"_s}).exitCode, 0);
        const RunResult first = grex(dir, {u"sync"_s});
        QCOMPARE(first.exitCode, 0);
        QCOMPARE(first.outText(), u"sync: 1 installed\n"
                                  "  maker: installed\n"_s);
        QVERIFY(QFileInfo(dir + u"/maker/made"_s).isDir());
        const RunResult second = grex(dir, {u"sync"_s});
        QCOMPARE(second.outText(), u"sync: 1 up to date\n"_s);
        const RunResult verbose = grex(dir, {u"sync"_s, u"-v"_s, u"--force"_s});
        QCOMPARE(verbose.outText(), u"[noop] pack=maker action=mkdir idx=0\n"
                                    "[ok] pack=maker action=exec idx=1\n"
                                    "sync: 1 installed\n"
                                    "  maker: reinstalled (forced)\n"_s);
        const RunResult skipped = grex(dir, {u"sync"_s, u"-v"_s});
        QVERIFY2(
            QRegularExpression(u"^\\[skipped\\] pack=maker path=\\S+/maker hash=[0-9a-f]{64}\n"_s)
                .match(skipped.outText())
                .hasMatch(),
            skipped.out.constData());
        const RunResult quiet = grex(dir, {u"sync"_s, u"-q"_s, u"-v"_s});
        QCOMPARE(quiet.outText(), u"sync: 1 up to date\n"_s);

        const RunResult json = grex(dir, {u"sync"_s, u"--json"_s, u"--force"_s});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject doc = json.json().object();
        QCOMPARE(doc.value(u"verb"_s).toString(), u"sync"_s);
        QCOMPARE(doc.value(u"dry_run"_s).toBool(true), false);
        QVERIFY(doc.value(u"halted"_s).isNull());
        QCOMPARE(doc.value(u"steps"_s).toArray().size(), 2);
        QCOMPARE(doc.value(u"summary"_s).toObject().value(u"total_steps"_s).toInt(), 2);
        const QJsonObject maker = doc.value(u"packs"_s).toArray().at(0).toObject();
        QCOMPARE(maker.value(u"result"_s).toString(), u"ok"_s);
        QCOMPARE(maker.value(u"outcome"_s).toString(), u"installed"_s);
        QCOMPARE(maker.value(u"reason"_s).toString(), u"forced"_s);
        QCOMPARE(doc.value(u"outcomes"_s).toObject().value(u"installed"_s).toInt(), 1);
        QCOMPARE(doc.value(u"outcomes"_s).toObject().value(u"failed"_s).toInt(-1), 0);
        // Members in their documented order (docs/design.md, "JSON documents").
        QVERIFY(json.out.startsWith("{\"verb\":\"sync\",\"dry_run\":false,\"steps\":["));
    }

    void haltedSyncExits4WithItsReport()
    {
        const QString dir = initialisedWorkspace();
        QCOMPARE(grex(dir, {u"add"_s, m_breaker, u"--no-install"_s}).exitCode, 0);
        const RunResult human = grex(dir, {u"sync"_s});
        QCOMPARE(human.exitCode, 4);
        QVERIFY2(human.errText().contains(u"sync halted at pack `breaker` action #0 (rmdir):\n"
                                          "  error: "_s),
                 human.err.constData());
        QVERIFY(human.errText().contains(u"hint:  set force: true"_s));
        const RunResult json = grex(dir, {u"sync"_s, u"--json"_s});
        QCOMPARE(json.exitCode, 4);
        const QJsonObject halted = json.json().object().value(u"halted"_s).toObject();
        QCOMPARE(halted.value(u"pack"_s).toString(), u"breaker"_s);
        QCOMPARE(halted.value(u"recovery_hint"_s).toString(), u"set force: true"_s);
        QVERIFY(!readFile(dir + u"/grex.lock.jsonl"_s).contains("breaker"));
    }

    void syncErrorsAndExitCodes()
    {
        const QString dir = initialisedWorkspace();
        QCOMPARE(grex(dir, {u"add"_s, m_weird, u"--no-install"_s}).exitCode, 8);
        const QString plain = initialisedWorkspace();
        QCOMPARE(grex(plain, {u"sync"_s, u"--only"_s, u"[x"_s}).exitCode, 2);
        QCOMPARE(grex(plain, {u"sync"_s, u"--ref"_s, u" "_s}).exitCode, 2);
        QCOMPARE(grex(plain, {u"sync"_s, u"--parallel"_s, u"2000"_s}).exitCode, 2);
        QCOMPARE(grex(plain, {u"sync"_s, u"/no/such/pack"_s}).exitCode, 2);
        QCOMPARE(grex(newDir(), {u"sync"_s}).exitCode, 2); // not a workspace
        QProcess holder;
        holder.start(helperBinary(), {u"hold-lock"_s, plain + u"/.grex.sync.lock"_s});
        QVERIFY(holder.waitForReadyRead(10000));
        QCOMPARE(grex(plain, {u"sync"_s}).exitCode, 5);
        QCOMPARE(grex(plain, {u"update"_s}).exitCode, 5);
        QCOMPARE(grex(plain, {u"teardown"_s}).exitCode, 5);
        QCOMPARE(grex(plain, {u"sync"_s, u"--dry-run"_s}).exitCode, 0); // dry runs take no lock
        holder.kill();
        holder.waitForFinished();
    }

    void updateAndTeardown()
    {
        const QString dir = initialisedWorkspace();
        QCOMPARE(grex(dir, {u"add"_s, m_maker}).exitCode, 0); // installs
        const RunResult update = grex(dir, {u"update"_s, u"--json"_s});
        QCOMPARE(update.exitCode, 0);
        const QJsonArray entries = update.json().array();
        QCOMPARE(entries.size(), 1);
        const QJsonObject entry = entries.first().toObject();
        QCOMPARE(entry.value(u"id"_s).toString(), u"maker"_s);
        QCOMPARE(entry.value(u"synced"_s).toBool(), true);
        QCOMPARE(entry.value(u"reinstalled"_s).toBool(), false);
        QCOMPARE(entry.value(u"reason"_s).toString(), u"none"_s);
        QCOMPARE(entry.value(u"fetch"_s).toString(), u"up_to_date"_s);
        const RunResult forced = grex(dir, {u"update"_s, u"maker"_s, u"--force"_s});
        QCOMPARE(forced.exitCode, 0);
        QVERIFY(QRegularExpression(u"maker\\s+forced\\s+yes"_s).match(forced.outText()).hasMatch());
        QCOMPARE(grex(dir, {u"update"_s, u"ghost"_s}).exitCode, 2);

        const auto before = snapshot(dir);
        QCOMPARE(grex(dir, {u"teardown"_s, u"--dry-run"_s}).exitCode, 0);
        QCOMPARE(snapshot(dir), before);
        const RunResult torn = grex(dir, {u"teardown"_s, u"--json"_s});
        QCOMPARE(torn.exitCode, 0);
        QCOMPARE(torn.json().object().value(u"verb"_s).toString(), u"teardown"_s);
        QVERIFY(!QFileInfo::exists(dir + u"/maker/made"_s));            // the mkdir was reversed
        QVERIFY(QFileInfo(dir + u"/maker/.grex/pack.yaml"_s).isFile()); // still cloned
    }

    void rmTearsDownUnlessSkipped()
    {
        const QString dir = initialisedWorkspace();
        QCOMPARE(grex(dir, {u"add"_s, m_maker}).exitCode, 0);
        const RunResult r = grex(dir, {u"rm"_s, u"maker"_s, u"-y"_s, u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().object().value(u"teardown"_s).toString(), u"ok"_s);
        QCOMPARE(grex(dir, {u"add"_s, m_maker}).exitCode, 0);
        const RunResult skipped =
            grex(dir, {u"rm"_s, u"maker"_s, u"-y"_s, u"--skip-teardown"_s, u"--json"_s});
        QCOMPARE(skipped.json().object().value(u"teardown"_s).toString(), u"skipped"_s);
    }

    // One document on stdout, logs on stderr.
    void jsonIsOneDocument()
    {
        const QString dir = workspaceWithAlpha();
        for (const QStringList &args :
             {QStringList{u"ls"_s, u"--json"_s, u"-vv"_s},
              QStringList{u"init"_s, u"--json"_s, u"-vv"_s},
              QStringList{u"add"_s, m_beta, u"--json"_s, u"-vv"_s},
              QStringList{u"rm"_s, u"beta"_s, u"--yes"_s, u"--json"_s, u"-vv"_s}}) {
            const RunResult r = grex(dir, args);
            QCOMPARE(r.exitCode, 0);
            QJsonParseError error{};
            QJsonDocument::fromJson(r.out, &error);
            QCOMPARE(error.error, QJsonParseError::NoError);
            QCOMPARE(r.out.count('\n'), 1);
        }
    }

    // ---- status, doctor, import, run, exec, --filter -------------------------------------

    // Destructive verbs without a terminal and without --yes: exit 9, and nothing happens.
    void runAndExecRefuseWithoutATerminal()
    {
        const QString dir = initialisedWorkspace();
        QCOMPARE(grex(dir, {u"add"_s, m_alpha}).exitCode, 0);
        QCOMPARE(grex(dir, {u"add"_s, m_maker, u"--no-install"_s}).exitCode, 0);
        const auto before = snapshot(dir);
        for (const QStringList &args :
             {QStringList{u"exec"_s, u"--"_s, u"touch"_s, u"marker"_s},
              QStringList{u"exec"_s, u"--shell"_s, u"touch marker"_s},
              QStringList{u"run"_s, u"mkdir"_s}, QStringList{u"run"_s, u"exec"_s},
              QStringList{u"--json"_s, u"run"_s, u"mkdir"_s}}) {
            const RunResult r = grex(dir, args);
            QCOMPARE(r.exitCode, 9);
            QVERIFY2(r.errText().contains(u"pass --yes"_s), r.err.constData());
            QVERIFY(!r.errText().contains(u"[y/N]"_s));
            QCOMPARE(withoutDenials(snapshot(dir)), before);
        }
        // Each refusal is in the audit log, by the policy: nobody could be asked.
        int denials = 0;
        withoutDenials(snapshot(dir), &denials);
        QCOMPARE(denials, 5);
        QVERIFY(snapshot(dir).value(u"grex.journal.jsonl"_s).contains(
            "\"op\":\"denied\",\"ts\""));
        // The same through the in-process harness, which has no terminal either.
        CliHarnessOptions options;
        options.currentDir = dir;
        QCOMPARE(runCli({u"exec"_s, u"touch"_s, u"marker"_s}, options).exitCode, 9);
        QCOMPARE(withoutDenials(snapshot(dir)), before);

        // --yes approves.
        QCOMPARE(grex(dir, {u"run"_s, u"mkdir"_s, u"--yes"_s}).exitCode, 0);
        QVERIFY(QFileInfo(dir + u"/maker/made"_s).isDir());
        QCOMPARE(grex(dir, {u"-y"_s, u"exec"_s, u"touch"_s, u"marker"_s}).exitCode, 0);
        QVERIFY(QFileInfo::exists(dir + u"/alpha/marker"_s));
        QVERIFY(QFileInfo::exists(dir + u"/maker/marker"_s));
    }

    // At a terminal the typed command is the approval: exec and run do not ask, and nothing is
    // read from the terminal; without one they still need --yes.
    void execAndRunDoNotAskAtATerminal()
    {
        const QString dir = workspaceWithAlpha();
        QCOMPARE(grex(dir, {u"add"_s, m_maker, u"--no-install"_s}).exitCode, 0);
        CliHarnessOptions options;
        options.currentDir = dir;
        options.interactive = true;
        options.input = u"n\n"_s;
        const CliRun exec = runCli({u"exec"_s, u"touch"_s, u"marker"_s}, options);
        QCOMPARE(exec.exitCode, 0);
        QVERIFY2(!exec.err.contains(u"[y/N]"_s), qPrintable(exec.err));
        QVERIFY(QFileInfo::exists(dir + u"/alpha/marker"_s));
        const CliRun run = runCli({u"run"_s, u"mkdir"_s}, options);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(!run.err.contains(u"[y/N]"_s), qPrintable(run.err));
        QVERIFY(QFileInfo(dir + u"/maker/made"_s).isDir());

        // Without a terminal they still need --yes (runAndExecRefuseWithoutATerminal).
        options.interactive = false;
        QCOMPARE(runCli({u"exec"_s, u"touch"_s, u"other"_s}, options).exitCode, 9);
        QVERIFY(!QFileInfo::exists(dir + u"/alpha/other"_s));
        // rm still asks at a terminal: rmAsksOnATerminal.
    }

    // `grex status --json` is one document, the core report itself.
    void statusJsonIsTheCoreReport()
    {
        const QString dir = workspaceWithAlpha();
        QCOMPARE(grex(dir, {u"add"_s, m_maker}).exitCode, 0);
        QVERIFY(writeFile(dir + u"/alpha/README.md"_s, "edited\n"));
        const RunResult r = grex(dir, {u"status"_s, u"--json"_s, u"-v"_s});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.count('\n'), 1);
        QJsonParseError error{};
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QVERIFY(doc.isArray());

        Grex::Workspace ws(dir);
        Grex::OperationContext ctx;
        const Grex::Result<Grex::StatusReport> core = Grex::status(ws, {}, ctx);
        QVERIFY(core.ok());
        const QJsonArray expected = core->toJson().toQJsonValue().toArray();
        QCOMPARE(doc.array(), expected);
        QCOMPARE(doc.array().size(), 2);
        QCOMPARE(doc.array().at(0).toObject().value(u"drift"_s).toString(), u"dirty"_s);
        // Members in the order core writes them.
        QVERIFY(r.out.startsWith("[{\"id\":\"alpha\","));

        // --fail-on-drift: exit 7, and the report is still the one document on stdout.
        const RunResult failing = grex(dir, {u"status"_s, u"--json"_s, u"--fail-on-drift"_s});
        QCOMPARE(failing.exitCode, 7);
        QCOMPARE(failing.out.count('\n'), 1);
        QCOMPARE(failing.json().array(), expected);
        const RunResult human = grex(dir, {u"status"_s, u"--fail-on-drift"_s});
        QCOMPARE(human.exitCode, 7);
        QVERIFY(human.outText().contains(u"dirty"_s));
        QCOMPARE(grex(dir, {u"status"_s, u"--stale-after"_s, u"soon"_s}).exitCode, 2);
        QCOMPARE(
            grex(dir, {u"status"_s, u"--filter"_s, u"name=maker"_s, u"--fail-on-drift"_s}).exitCode,
            0);
    }

    // The table shows each child under its parent. The report is ordered by id, and the table
    // used to indent "kid" under "other", which merely sorts between them.
    void statusShowsChildrenUnderTheirParent()
    {
        RemoteBuilder remotes(m_tmp.filePath(u"tree-remotes"_s));
        const QString kid = remotes.create(u"kid"_s, RemoteBuilder::packFiles(u"kid"_s));
        const QString bundle = remotes.create(
            u"bundle"_s, RemoteBuilder::packFiles(u"bundle"_s, u"meta"_s,
                                                  "children:\n  - url: " + kid.toUtf8() + '\n'));
        const QString other = remotes.create(u"other"_s, RemoteBuilder::packFiles(u"other"_s));
        const QString dir = initialisedWorkspace();
        QCOMPARE(grex(dir, {u"add"_s, bundle}).exitCode, 0);
        QCOMPARE(grex(dir, {u"add"_s, other}).exitCode, 0);

        const RunResult json = grex(dir, {u"status"_s, u"--json"_s});
        QCOMPARE(json.exitCode, 0);
        QStringList ids;
        for (const QJsonValue &v : json.json().array()) {
            const QJsonObject pack = v.toObject();
            ids.append(pack.value(u"id"_s).toString());
            const QJsonArray parents = pack.value(u"parents"_s).toArray();
            QCOMPARE(parents, pack.value(u"id"_s).toString() == u"kid" ? QJsonArray{u"bundle"_s}
                                                                       : QJsonArray{});
        }
        QCOMPARE(ids, (QStringList{u"bundle"_s, u"kid"_s, u"other"_s}));

        const RunResult human = grex(dir, {u"status"_s});
        QStringList names;
        for (const QString &line : human.outText().split(u'\n').mid(1, 3))
            names.append(line.left(line.indexOf(u' ', line.startsWith(u"  "_s) ? 2 : 0)));
        QCOMPARE(names, (QStringList{u"bundle"_s, u"  kid"_s, u"other"_s}));
        // Filtered to the child alone, it stands at the top.
        const RunResult alone = grex(dir, {u"status"_s, u"--filter"_s, u"name=kid"_s});
        QVERIFY2(alone.outText().split(u'\n').value(1).startsWith(u"kid "_s),
                 qPrintable(alone.outText()));
    }

    // A filter says which packs a sync is about: the others are neither fetched nor
    // fast-forwarded, so a run for some packs does not move the rest under a person's feet.
    void filteredSyncLeavesTheOtherClonesAlone()
    {
        const QString dir = initialisedWorkspace();
        const QString remotes = newDir();
        QHash<QString, QString> before;
        for (const QString &name : {u"one"_s, u"two"_s}) {
            const QString bare = remotes + u'/' + name + u".git"_s;
            runGit(remotes, {u"init"_s, u"-q"_s, u"--bare"_s, bare});
            runGit(remotes, {u"clone"_s, u"-q"_s, bare, remotes + u'/' + name});
            commitSomething(remotes + u'/' + name);
            runGit(remotes + u'/' + name, {u"push"_s, u"-q"_s, u"origin"_s, u"HEAD"_s});
            const RunResult added = grex(dir, {u"add"_s, bare});
            QVERIFY2(added.exitCode == 0, added.err.constData());
            before.insert(name, runGit(dir + u'/' + name, {u"rev-parse"_s, u"HEAD"_s}).trimmed());
            commitSomething(remotes + u'/' + name);
            runGit(remotes + u'/' + name, {u"push"_s, u"-q"_s, u"origin"_s, u"HEAD"_s});
        }
        const RunResult r = grex(dir, {u"sync"_s, u"--filter"_s, u"name=one"_s, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(runGit(dir + u"/one"_s, {u"rev-parse"_s, u"HEAD"_s}).trimmed() != before[u"one"_s]);
        QCOMPARE(runGit(dir + u"/two"_s, {u"rev-parse"_s, u"HEAD"_s}).trimmed(), before[u"two"_s]);
        // Not even fetched: its remote-tracking branch is where the add left it.
        QCOMPARE(runGit(dir + u"/two"_s, {u"rev-parse"_s, u"@{u}"_s}).trimmed(), before[u"two"_s]);
        for (const QJsonValue &p : r.json().object().value(u"packs"_s).toArray()) {
            const QJsonObject pack = p.toObject();
            QCOMPARE(pack.value(u"outcome"_s).toString(),
                     pack.value(u"id"_s).toString() == u"one" ? u"updated"_s : u"filtered"_s);
        }
        // Without the filter, two moves too.
        QCOMPARE(grex(dir, {u"sync"_s}).exitCode, 0);
        QVERIFY(runGit(dir + u"/two"_s, {u"rev-parse"_s, u"HEAD"_s}).trimmed() != before[u"two"_s]);
    }

    // A branch that moved is fetched by the id the probe saw; a git that refuses that fetch (a
    // server that serves only the tips it advertises, when the branch moved again since) leaves
    // the sync to fetch by name, as `git fetch origin` does, and nothing is recorded as failed.
    void fetchByIdThatGitRefusesFetchesByName()
    {
        const QString dir = initialisedWorkspace();
        const QString remotes = newDir();
        const QString bare = remotes + u"/one.git"_s;
        runGit(remotes, {u"init"_s, u"-q"_s, u"--bare"_s, bare});
        runGit(remotes, {u"clone"_s, u"-q"_s, bare, remotes + u"/one"_s});
        commitSomething(remotes + u"/one"_s);
        runGit(remotes + u"/one"_s, {u"push"_s, u"-q"_s, u"origin"_s, u"HEAD"_s});
        QCOMPARE(grex(dir, {u"add"_s, bare}).exitCode, 0);
        commitSomething(remotes + u"/one"_s);
        runGit(remotes + u"/one"_s, {u"push"_s, u"-q"_s, u"origin"_s, u"HEAD"_s});
        const QString tip = runGit(bare, {u"rev-parse"_s, u"HEAD"_s}).trimmed();

        const QString bin = newDir();
        QVERIFY(writeFile(bin + u"/git"_s,
                          "#!/bin/sh\n"
                          "for a; do [ \"$a\" = --no-tags ] && { echo 'fatal: refused' >&2; "
                          "exit 128; }; done\n"
                          "exec /usr/bin/git \"$@\"\n"));
        QVERIFY(QFile::setPermissions(bin + u"/git"_s, QFile::ReadOwner | QFile::ExeOwner));
        RunOptions options;
        options.env = {u"PATH="_s + bin + u':' + qEnvironmentVariable("PATH")};
        const RunResult synced = grex(dir, {u"sync"_s, u"--json"_s}, options);
        QVERIFY2(synced.exitCode == 0, synced.err.constData());
        QCOMPARE(runGit(dir + u"/one"_s, {u"rev-parse"_s, u"HEAD"_s}).trimmed(), tip);
        QVERIFY(readFile(dir + u"/one/.git/FETCH_HEAD"_s).contains("branch '"));
        const RunResult status = grex(dir, {u"status"_s, u"--json"_s});
        QVERIFY2(!status.outText().contains(u"fetch_failed"_s), status.out.constData());

        // Without that git, the next move is fetched by id.
        commitSomething(remotes + u"/one"_s);
        runGit(remotes + u"/one"_s, {u"push"_s, u"-q"_s, u"origin"_s, u"HEAD"_s});
        QCOMPARE(grex(dir, {u"sync"_s}).exitCode, 0);
        QCOMPARE(runGit(dir + u"/one"_s, {u"rev-parse"_s, u"HEAD"_s}).trimmed(),
                 runGit(bare, {u"rev-parse"_s, u"HEAD"_s}).trimmed());
        QVERIFY(!readFile(dir + u"/one/.git/FETCH_HEAD"_s).contains("branch '"));
    }

    void filterErrorPointsAtTheColumn()
    {
        const QString dir = workspaceWithAlpha();
        const RunResult r = grex(dir, {u"--filter"_s, u"nmae=x"_s, u"ls"_s});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.errText().contains(u"did you mean 'name'"_s), r.err.constData());
        QVERIFY2(r.errText().contains(u"\n  nmae=x\n  ^\n"_s), r.err.constData());
        const RunResult later = grex(dir, {u"status"_s, u"--filter"_s, u"name=a, drift=dirt"_s});
        QCOMPARE(later.exitCode, 2);
        QVERIFY2(later.errText().contains(u"\n  name=a, drift=dirt\n"_s + QString(2 + 14, u' ') +
                                          u"^\n"_s),
                 later.err.constData());
        const RunResult json = grex(dir, {u"ls"_s, u"--json"_s, u"--filter"_s, u"type>=meta"_s});
        QCOMPARE(json.exitCode, 2);
        const QJsonObject error = json.json().object().value(u"error"_s).toObject();
        QCOMPARE(error.value(u"kind"_s).toString(), u"usage"_s);
        QCOMPARE(error.value(u"reason"_s).toString(), u"invalid_filter"_s);
        QCOMPARE(error.value(u"position"_s).toInt(-1), 4);
        // A good filter selects.
        QCOMPARE(grex(dir, {u"ls"_s, u"--json"_s, u"--filter"_s, u"kind=declarative"_s})
                     .json()
                     .array()
                     .size(),
                 1);
        QVERIFY(grex(dir, {u"ls"_s, u"--filter"_s, u"name=zzz"_s})
                    .outText()
                    .contains(u"No registered pack matches"_s));
    }

    // exec's output comes per pack: the lines of one pack are never split by another's.
    void execGroupsOutputPerPack()
    {
        const QString dir = initialisedWorkspace();
        for (const QString &url : {m_alpha, m_beta, m_maker})
            QCOMPARE(grex(dir, {u"add"_s, url, u"--no-install"_s}).exitCode, 0);
        const RunResult r = grex(
            dir,
            {u"exec"_s, u"--yes"_s, u"--parallel"_s, u"4"_s, u"--"_s, u"sh"_s, u"-c"_s,
             u"for i in 1 2 3 4; do echo \"$GREX_PACK $i\"; done; echo \"$GREX_PACK e\" >&2"_s});
        QCOMPARE(r.exitCode, 0);
        QStringList order;   // the pack of each output line, in order
        QStringList headers; // the packs whose block started, in order
        for (const QString &line : r.outText().split(u'\n', Qt::SkipEmptyParts)) {
            const QRegularExpressionMatch header =
                QRegularExpression(u"^== (\\S+) \\(exit 0\\) ==$"_s).match(line);
            if (header.hasMatch()) {
                headers.append(header.captured(1));
                continue;
            }
            const QRegularExpressionMatch body =
                QRegularExpression(u"^(\\S+) ([1-4e])$"_s).match(line);
            if (body.hasMatch()) {
                QCOMPARE(body.captured(1), headers.isEmpty() ? QString() : headers.last());
                order.append(body.captured(1));
            }
        }
        QStringList sorted = headers;
        sorted.sort();
        QCOMPARE(sorted, (QStringList{u"alpha"_s, u"beta"_s, u"maker"_s}));
        QCOMPARE(order.size(), 15);
        for (const QString &pack : headers) {
            const qsizetype first = order.indexOf(pack);
            QCOMPARE(order.lastIndexOf(pack) - first, 4); // five lines in a row
        }
        QVERIFY2(r.outText().endsWith(u"3 packs: 3 ok\n"_s), r.out.constData());

        // With --json: one document on one line, one row per pack, in pack order.
        const RunResult json = grex(dir, {u"exec"_s, u"-y"_s, u"--json"_s, u"--"_s, u"sh"_s,
                                          u"-c"_s, u"echo $GREX_PACK"_s});
        QCOMPARE(json.exitCode, 0);
        QCOMPARE(json.out.count('\n'), 1);
        const QJsonArray rows = json.json().array();
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows.at(0).toObject().value(u"pack"_s).toString(), u"alpha"_s);
        QCOMPARE(rows.at(0).toObject().value(u"stdout"_s).toString(), u"alpha\n"_s);
        QCOMPARE(rows.at(2).toObject().value(u"exit"_s).toInt(-1), 0);

        // A failure in one pack: exit 4, and the JSON document still has every row.
        const RunResult failing = grex(dir, {u"exec"_s, u"-y"_s, u"--json"_s, u"--"_s, u"sh"_s,
                                             u"-c"_s, u"test $GREX_PACK != beta"_s});
        QCOMPARE(failing.exitCode, 4);
        QCOMPARE(failing.json().array().size(), 3);
        QCOMPARE(failing.json().array().at(1).toObject().value(u"exit"_s).toInt(), 1);
        const RunResult missing = grex(dir, {u"exec"_s, u"-y"_s, u"grex-no-such-command"_s});
        QCOMPARE(missing.exitCode, 2);
        QCOMPARE(grex(dir, {u"exec"_s, u"-y"_s}).exitCode, 2); // no command
        QCOMPARE(grex(dir, {u"run"_s, u"teleport"_s, u"-y"_s}).exitCode, 8);
    }

    void initAndImportRejectFilter()
    {
        const QString dir = initialisedWorkspace();
        const auto before = snapshot(dir);
        for (const QStringList &args :
             {QStringList{u"init"_s, u"--filter"_s, u"name=x"_s},
              QStringList{u"--filter"_s, u"name=x"_s, u"init"_s},
              QStringList{u"import"_s, u"--scan"_s, u"--filter"_s, u"name=x"_s},
              QStringList{u"import"_s, u"--scan"_s, u"--filter=type=meta"_s}}) {
            const RunResult r = grex(dir, args);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.errText().contains(u"does not take --filter"_s), r.err.constData());
            QCOMPARE(snapshot(dir), before);
        }
        // An empty filter is no filter.
        QCOMPARE(grex(dir, {u"import"_s, u"--scan"_s, u"--filter"_s, u" "_s}).exitCode, 0);
    }

    void importFromReposJson()
    {
        const QString dir = initialisedWorkspace();
        QVERIFY(writeFile(dir + u"/../repos.json"_s, "[{\"url\": \"" + m_alpha.toUtf8() +
                                                         "\", \"path\": \"alpha\"},"
                                                         " {\"url\": \"" +
                                                         m_beta.toUtf8() +
                                                         "\", \"path\": \"x/-rf\"}]"));
        const RunResult r = grex(dir, {u"import"_s, u"--from-repos-json"_s, u"../repos.json"_s});
        QCOMPARE(r.exitCode, 4);
        QVERIFY2(r.outText().contains(u"added alpha "_s + m_alpha), r.out.constData());
        QVERIFY(r.outText().contains(u"summary: imported=1 skipped=0 failed=1"_s));
        QVERIFY(r.errText().contains(u"failed x/-rf: "_s));
        const RunResult again =
            grex(dir, {u"import"_s, u"--from-repos-json"_s, u"../repos.json"_s, u"--json"_s});
        QCOMPARE(again.exitCode, 4);
        const QJsonObject doc = again.json().object();
        QCOMPARE(doc.value(u"skipped"_s).toArray().at(0).toObject().value(u"reason"_s).toString(),
                 u"path_collision"_s);
        QVERIFY(writeFile(dir + u"/../bad.json"_s, "{}"));
        const auto before = snapshot(dir);
        QCOMPARE(grex(dir, {u"import"_s, u"--from-repos-json"_s, u"../bad.json"_s}).exitCode, 2);
        QCOMPARE(grex(dir, {u"import"_s}).exitCode, 2);
        QCOMPARE(snapshot(dir), before);
    }

    void doctorExitCodes()
    {
        const QString dir = workspaceWithAlpha();
        const RunResult ok = grex(dir, {u"doctor"_s, u"--json"_s});
        QCOMPARE(ok.exitCode, 0);
        QCOMPARE(ok.out.count('\n'), 1);
        QCOMPARE(ok.json().object().value(u"worst_severity"_s).toString(), u"ok"_s);
        QVERIFY(grex(dir, {u"doctor"_s}).outText().contains(u"No problems found."_s));

        QVERIFY(Grex::Gitignore::removeBlock(dir + u"/.gitignore"_s, u"alpha"_s).ok());
        const RunResult drift = grex(dir, {u"doctor"_s, u"--json"_s});
        QCOMPARE(drift.exitCode, 7);
        QCOMPARE(drift.json().object().value(u"exit_code"_s).toInt(), 7);
        const RunResult human = grex(dir, {u"doctor"_s});
        QCOMPARE(human.exitCode, 7);
        QVERIFY2(QRegularExpression(u"gitignore-sync\\[alpha\\]\\s+WARN\\s+managed block missing"_s)
                     .match(human.outText())
                     .hasMatch(),
                 human.out.constData());
        const RunResult fixed = grex(dir, {u"doctor"_s, u"--fix"_s});
        QCOMPARE(fixed.exitCode, 0);
        QVERIFY(fixed.outText().contains(u"fixed gitignore-sync[alpha]"_s));

        QByteArray log = readFile(dir + u"/grex.jsonl"_s);
        QVERIFY(writeFile(dir + u"/grex.jsonl"_s, "garbage\n" + log));
        const RunResult corrupt = grex(dir, {u"doctor"_s, u"--json"_s});
        QCOMPARE(corrupt.exitCode, 3);
        QCOMPARE(corrupt.json().object().value(u"exit_code"_s).toInt(), 3);
    }

    // doctor --fix where the workspace cannot be written: a clear error, nothing half-written.
    void doctorFixOnAReadOnlyWorkspace()
    {
        const QString dir = workspaceWithAlpha();
        QVERIFY(Grex::Gitignore::removeBlock(dir + u"/.gitignore"_s, u"alpha"_s).ok());
        const auto before = snapshot(dir);
        QString program = grexBinary();
        RunOptions options;
        options.workDir = dir;
        if (runningAsRoot()) {
            runAsNobody(program, options);
            QVERIFY(QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner |
                                                   QFile::ExeOwner | QFile::ReadOther |
                                                   QFile::ExeOther));
        } else {
            QVERIFY(QFile::setPermissions(dir, QFile::ReadOwner | QFile::ExeOwner));
        }
        const RunResult r = runProgram(program, {u"doctor"_s, u"--fix"_s}, options);
        QCOMPARE(r.exitCode, 4);
        const QStringList errors = errorLines(r);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.at(0).contains(u"permission denied"_s), qPrintable(errors.at(0)));
        // Without --fix doctor only reads: it still reports.
        QCOMPARE(runProgram(program, {u"doctor"_s}, options).exitCode, 7);
        QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                       QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther |
                                       QFile::ExeOther);
        QCOMPARE(snapshot(dir), before);
    }
};

QTEST_GUILESS_MAIN(tst_Cli)
#include "tst_cli.moc"
