// What real repositories hold, and what happens to them upstream, through the built grex, each
// case next to what plain git does on the same fixture: submodules, Git LFS, smudge/clean
// filters, a renamed default branch, new tags, force pushes, deleted remotes, untracked files in
// the way, branches switched by hand, remotes of another owner, rm's check of the remote, and
// shallow and partial clones. The remotes are local bare repositories made with plain git (bare
// paths and file:// URLs), so nothing here needs a server; the case of another owner needs root.

#include "support/grexrunner.h"
#include "remotetesting.h"
#include "support/testfiles.h"
#include "support/testservers.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <memory>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// The configuration every HOME of this test starts with. protocol.file.allow: git 2.38.1 and
// later refuse submodules over file:// unless told (CVE-2022-39253); uploadpack.allowFilter:
// the serving side of a partial clone. The "upper" filter is used only where a .gitattributes
// asks for it.
const QByteArray BaseConfig = baseGitConfig() +
                              "[protocol \"file\"]\n"
                              "\tallow = always\n"
                              "[uploadpack]\n"
                              "\tallowFilter = true\n"
                              "[filter \"upper\"]\n"
                              "\tsmudge = tr a-z A-Z\n"
                              "\tclean = tr A-Z a-z\n";

const QString LfsPointerStart = u"version https://git-lfs.github.com/spec/v1"_s;

// An upstream lfs.git whose big.bin (4096 random bytes) is in Git LFS, pushed from lfs-work;
// git-lfs 3 transfers objects to and from file:// remotes itself (no server).
const QString LfsUpstreamScript = u"git init -q --bare -b main lfs.git\n"
                                  "git clone -q \"file://$PWD/lfs.git\" lfs-work 2>/dev/null\n"
                                  "cd lfs-work\n"
                                  "git lfs track '*.bin' >/dev/null\n"
                                  "head -c 4096 /dev/urandom > big.bin\n"
                                  "git add -A && git commit -qm lfs && git push -q origin main "
                                  "2>/dev/null\n"
                                  "cd ..\n"
                                  "test -d lfs.git/lfs/objects\n"_s;

// The files of a clone's working tree, without its .git (which a fetch may change).
QMap<QString, QByteArray> workTree(const QString &clone)
{
    QMap<QString, QByteArray> files = snapshot(clone);
    files.removeIf([](const auto &entry) {
        return entry.key() == u".git"_s || entry.key().startsWith(u".git/"_s);
    });
    return files;
}

} // namespace

class tst_RemoteContent : public QObject, public Grex::Test::HomeCases
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void submodulesAreClonedAndFollowed();
    void lfsFilesAreSmudged();
    void lfsWithoutLfsInstallWarns();
    void lfsWithoutGitLfsWarns();
    void smudgeCleanFilter();
    void renamedDefaultBranch();
    void newAnnotatedTag();
    void forcePushedUpstream();
    void deletedRemoteAmongTwenty();
    void untrackedFileInTheWay();
    void offBranchAndDirtyBehind();
    void remoteOfAnotherOwner();
    void rmChecksTheRemote();
    void shallowAndPartialClones();
    void refMovesOverFile();

private:
    // A fresh folder for one case.
    QString caseDir(const QString &name) const;
    // A HOME with BaseConfig (and `git lfs install` when lfs).
    QString makeHome(const QString &dir, bool lfs) const;
    // A workspace made with grex init.
    QString makeWorkspace(const QString &dir, const QString &home = {}) const;
    // An upstream: dir/name.git (bare) and dir/name-work, a clone of it that pushes, with one
    // commit adding file with content.
    bool makeUpstream(const QString &dir, const QString &name, const QString &file,
                      const QByteArray &content, QString *why) const;
    // dir/up.git with commits adding a.txt and b.txt, added to the workspace dir/ws (returned)
    // and cloned by plain git into dir/plain; "" with *why set when a step fails.
    QString addedTwoCommitUpstream(const QString &dir, QString *why) const;

    // git rev-parse in dir; empty when git fails.
    QString revParse(const QString &dir, const QString &rev) const;

    bool m_hasLfs = false;
};

void tst_RemoteContent::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_tmp = std::make_unique<QTemporaryDir>();
    QVERIFY(m_tmp->isValid());
    m_hasLfs = !QStandardPaths::findExecutable(u"git-lfs"_s).isEmpty();
    m_home = makeHome(m_tmp->filePath(u"home"_s), m_hasLfs);
    QVERIFY(!m_home.isEmpty());
}

void tst_RemoteContent::cleanupTestCase()
{
    m_tmp.reset();
}

QString tst_RemoteContent::caseDir(const QString &name) const
{
    const QString dir = m_tmp->filePath(name);
    QDir().mkpath(dir);
    return dir;
}

QString tst_RemoteContent::makeHome(const QString &dir, bool lfs) const
{
    QDir().mkpath(dir);
    if (!writeFile(dir + u"/.gitconfig"_s, BaseConfig))
        return {};
    if (lfs) {
        const RunResult installed = runGitIn(dir, dir, {u"lfs"_s, u"install"_s});
        if (installed.exitCode != 0) {
            qWarning("git lfs install failed: %s", qPrintable(show(installed)));
            return {};
        }
    }
    return dir;
}

QString tst_RemoteContent::makeWorkspace(const QString &dir, const QString &home) const
{
    QDir().mkpath(dir);
    const RunResult init = runGrexIn(home.isEmpty() ? m_home : home, dir, {u"init"_s});
    if (init.exitCode != 0) {
        qWarning("grex init failed: %s", qPrintable(show(init)));
        return {};
    }
    return dir;
}

bool tst_RemoteContent::makeUpstream(const QString &dir, const QString &name, const QString &file,
                                     const QByteArray &content, QString *why) const
{
    const QString work = dir + u'/' + name + u"-work"_s;
    RunResult made = shell(dir, u"git init -q --bare -b main %1.git\n"
                                "git clone -q %1.git %1-work 2>/dev/null\n"_s.arg(name));
    if (made.exitCode == 0) {
        if (!writeFile(work + u'/' + file, content)) {
            if (why)
                *why = u"cannot write "_s + work + u'/' + file;
            return false;
        }
        made = shell(work, u"git add -A && git commit -qm first && git push -q origin main"_s);
    }
    if (made.exitCode != 0 && why)
        *why = show(made);
    return made.exitCode == 0;
}

QString tst_RemoteContent::addedTwoCommitUpstream(const QString &dir, QString *why) const
{
    if (!makeUpstream(dir, u"up"_s, u"a.txt"_s, "a\n", why))
        return {};
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    if (ws.isEmpty()) {
        *why = u"grex init failed in "_s + dir + u"/ws"_s;
        return {};
    }
    const RunResult steps[] = {
        shell(dir + u"/up-work"_s, u"printf 'b\\n' > b.txt\n"
                                   "git add -A && git commit -qm b && git push -q origin main\n"_s),
        grex(ws, {u"add"_s, dir + u"/up.git"_s, u"--json"_s}),
        git(dir, {u"clone"_s, u"-q"_s, dir + u"/up.git"_s, u"plain"_s}),
    };
    for (const RunResult &step : steps) {
        if (step.exitCode != 0 || step.crashed) {
            *why = show(step);
            return {};
        }
    }
    return ws;
}

QString tst_RemoteContent::revParse(const QString &dir, const QString &rev) const
{
    const RunResult parsed = git(dir, {u"rev-parse"_s, rev});
    return parsed.exitCode == 0 ? parsed.outText().trimmed() : QString();
}

// A pack with a submodule is cloned as `git clone --recurse-submodules` clones it, follows an
// upstream commit that moves the submodule, and is dirty when the submodule is.
void tst_RemoteContent::submodulesAreClonedAndFollowed()
{
    const QString dir = caseDir(u"submodules"_s);
    const RunResult made = shell(dir, uR"(git init -q --bare -b main sub.git
git clone -q sub.git sub-work 2>/dev/null
cd sub-work
printf 'one\n' > s.txt
git add s.txt && git commit -qm one && git push -q origin main
cd ..
git init -q --bare -b main top.git
git clone -q top.git top-work 2>/dev/null
cd top-work
printf 'top\n' > t.txt
git submodule add -q "$(cd .. && pwd)/sub.git" sm
git add -A && git commit -qm top && git push -q origin main
)"_s);
    GREX_VERIFY_RAN(made);
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());

    const RunResult added = grex(ws, {u"add"_s, dir + u"/top.git"_s, u"--json"_s});
    GREX_VERIFY_RAN(added);
    const RunResult plainClone =
        git(dir, {u"clone"_s, u"-q"_s, u"--recurse-submodules"_s, dir + u"/top.git"_s, u"plain"_s});
    GREX_VERIFY_RAN(plainClone);
    const QString pack = ws + u"/top"_s;
    const QString plain = dir + u"/plain"_s;
    QCOMPARE(readFile(plain + u"/sm/s.txt"_s), QByteArray("one\n"));
    QCOMPARE(readFile(pack + u"/sm/s.txt"_s), readFile(plain + u"/sm/s.txt"_s));
    QCOMPARE(revParse(pack, u"HEAD"_s), revParse(plain, u"HEAD"_s));
    QCOMPARE(revParse(pack + u"/sm"_s, u"HEAD"_s), revParse(plain + u"/sm"_s, u"HEAD"_s));

    // Upstream moves the submodule to a new commit.
    const RunResult moved = shell(dir, uR"(cd sub-work
printf 'two\n' > s.txt
git commit -qam two && git push -q origin main
cd ../top-work
git submodule update -q --remote sm
git commit -qam 'move sm' && git push -q origin main
)"_s);
    GREX_VERIFY_RAN(moved);
    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    QCOMPARE(packIn(synced, u"top"_s).value(u"fetch"_s).toString(), u"updated"_s);
    GREX_VERIFY_RAN(git(plain, {u"pull"_s, u"-q"_s, u"--recurse-submodules"_s}));
    QCOMPARE(readFile(pack + u"/sm/s.txt"_s), QByteArray("two\n"));
    QCOMPARE(revParse(pack, u"HEAD"_s), revParse(dir + u"/top.git"_s, u"main"_s));
    QCOMPARE(revParse(pack + u"/sm"_s, u"HEAD"_s), revParse(dir + u"/sub.git"_s, u"main"_s));
    QCOMPARE(revParse(pack + u"/sm"_s, u"HEAD"_s), revParse(plain + u"/sm"_s, u"HEAD"_s));
    QCOMPARE(git(pack, {u"status"_s, u"--porcelain"_s}).outText(), QString());

    // A change inside the submodule: git status calls the submodule modified, and so does grex.
    QVERIFY(appendFile(pack + u"/sm/s.txt"_s, "local\n"));
    const RunResult gitStatus = git(pack, {u"status"_s, u"--porcelain"_s});
    GREX_VERIFY_RAN(gitStatus);
    QCOMPARE(gitStatus.outText(), u" M sm\n"_s);
    const RunResult status = grex(ws, {u"status"_s, u"--json"_s});
    GREX_VERIFY_RAN(status);
    const QJsonObject entry = packIn(status, u"top"_s);
    QVERIFY2(stringsOf(entry.value(u"drifts"_s)).contains(u"dirty"_s), qPrintable(show(status)));
    QCOMPARE(entry.value(u"drift"_s).toString(), u"dirty"_s);
    QCOMPARE(entry.value(u"changed_files"_s).toInt(), 1);
}

// With git-lfs installed and `git lfs install` run, the pack's LFS file is the real file, byte
// for byte what plain git's clone has, on clone and after a sync; status is clean like git's.
void tst_RemoteContent::lfsFilesAreSmudged()
{
    if (!m_hasLfs)
        QSKIP("git-lfs is not installed (Debian package git-lfs)");
    const QString dir = caseDir(u"lfs"_s);
    const RunResult made = shell(dir, LfsUpstreamScript);
    GREX_VERIFY_RAN(made);
    const QByteArray original = readFile(dir + u"/lfs-work/big.bin"_s);
    QCOMPARE(original.size(), 4096);
    const QString url = u"file://"_s + dir + u"/lfs.git"_s;
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());

    const RunResult added = grex(ws, {u"add"_s, url, u"--json"_s});
    GREX_VERIFY_RAN(added);
    GREX_VERIFY_RAN(git(dir, {u"clone"_s, u"-q"_s, url, u"plain"_s}));
    QCOMPARE(readFile(dir + u"/plain/big.bin"_s), original);
    QCOMPARE(readFile(ws + u"/lfs/big.bin"_s), original);
    QCOMPARE(revParse(ws + u"/lfs"_s, u"HEAD"_s), revParse(dir + u"/plain"_s, u"HEAD"_s));

    // git status sees a clean tree, and so does grex (asking git about the files LFS owns),
    // also once the file's modification time changed, so that libgit2 must look at its bytes.
    const auto lfsStatus = [&]() -> QString {
        const RunResult status = grex(ws, {u"status"_s, u"--json"_s});
        const QJsonObject entry = packIn(status, u"lfs"_s);
        QStringList kinds = stringsOf(entry.value(u"drifts"_s));
        if (!entry.value(u"error"_s).isNull())
            kinds.append(u"error: "_s + entry.value(u"error"_s).toString());
        return kinds.join(u", "_s);
    };
    QCOMPARE(git(ws + u"/lfs"_s, {u"status"_s, u"--porcelain"_s}).outText(), QString());
    QCOMPARE(lfsStatus(), u"clean"_s);
    GREX_VERIFY_RAN(shell(ws + u"/lfs"_s, u"touch -m -d \"@$(( $(date +%s) + 5 ))\" big.bin"_s));
    QCOMPARE(lfsStatus(), u"clean"_s);
    QCOMPARE(git(ws + u"/lfs"_s, {u"status"_s, u"--porcelain"_s}).outText(), QString());

    // A new version upstream arrives smudged too.
    GREX_VERIFY_RAN(shell(dir + u"/lfs-work"_s,
                          u"head -c 5000 /dev/urandom > big.bin\n"
                          "git commit -qam again && git push -q origin main 2>/dev/null\n"_s));
    const QByteArray second = readFile(dir + u"/lfs-work/big.bin"_s);
    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    const QJsonObject pack = packIn(synced, u"lfs"_s);
    QCOMPARE(pack.value(u"fetch"_s).toString(), u"updated"_s);
    QVERIFY2(!pack.contains(u"warnings"_s), qPrintable(show(synced)));
    GREX_VERIFY_RAN(git(dir + u"/plain"_s, {u"pull"_s, u"-q"_s}));
    QCOMPARE(readFile(dir + u"/plain/big.bin"_s), second);
    QCOMPARE(readFile(ws + u"/lfs/big.bin"_s), second);
}

// git-lfs is installed but `git lfs install` never ran in this HOME: git leaves pointer files,
// grex too, and grex's sync says so for that pack.
void tst_RemoteContent::lfsWithoutLfsInstallWarns()
{
    if (!m_hasLfs)
        QSKIP("git-lfs is not installed (Debian package git-lfs)");
    const QString dir = caseDir(u"lfs-no-install"_s);
    const RunResult made = shell(dir, LfsUpstreamScript);
    GREX_VERIFY_RAN(made);
    const QString home = makeHome(dir + u"/home"_s, false);
    QVERIFY(!home.isEmpty());
    const QString url = u"file://"_s + dir + u"/lfs.git"_s;
    const QString ws = makeWorkspace(dir + u"/ws"_s, home);
    QVERIFY(!ws.isEmpty());

    GREX_VERIFY_RAN(runGitIn(home, dir, {u"clone"_s, u"-q"_s, url, u"plain"_s}));
    const QByteArray pointer = readFile(dir + u"/plain/big.bin"_s);
    QVERIFY2(pointer.startsWith(LfsPointerStart.toUtf8()), pointer.constData());
    GREX_VERIFY_RAN(runGrexIn(home, ws, {u"add"_s, url, u"--json"_s}));
    QCOMPARE(readFile(ws + u"/lfs/big.bin"_s), pointer);

    const RunResult synced = runGrexIn(home, ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    const QStringList warnings = stringsOf(packIn(synced, u"lfs"_s).value(u"warnings"_s));
    QVERIFY2(warnings.size() == 1, qPrintable(show(synced)));
    QVERIFY2(warnings.first().contains(u"git lfs install"_s), qPrintable(warnings.first()));
    QVERIFY2(warnings.first().contains(u"pointer files"_s), qPrintable(warnings.first()));
    QVERIFY2(!warnings.first().contains(u"not installed"_s), qPrintable(warnings.first()));
}

// No git-lfs on PATH at all: git leaves pointer files, and grex says git-lfs is not installed.
void tst_RemoteContent::lfsWithoutGitLfsWarns()
{
    if (!m_hasLfs)
        QSKIP("git-lfs is not installed (Debian package git-lfs)");
    const QString dir = caseDir(u"lfs-missing"_s);
    const RunResult made = shell(dir, LfsUpstreamScript);
    GREX_VERIFY_RAN(made);
    // A PATH of everything in /usr/bin but git-lfs (git's shell scripts need sed, basename...).
    // On merged-/usr systems /bin is /usr/bin, so it cannot be on this PATH.
    const QString bin = dir + u"/bin"_s;
    QVERIFY(QDir().mkpath(bin));
    const QStringList programs = QDir(u"/usr/bin"_s).entryList(QDir::Files | QDir::System);
    for (const QString &program : programs) {
        if (program != u"git-lfs"_s)
            QVERIFY(QFile::link(u"/usr/bin/"_s + program, bin + u'/' + program));
    }
    const QStringList path{u"PATH="_s + bin};
    QVERIFY(QFile::exists(bin + u"/git"_s));
    QVERIFY(!QFile::exists(bin + u"/git-lfs"_s));

    const QString home = makeHome(dir + u"/home"_s, false);
    QVERIFY(!home.isEmpty());
    const QString url = u"file://"_s + dir + u"/lfs.git"_s;
    const QString ws = makeWorkspace(dir + u"/ws"_s, home);
    QVERIFY(!ws.isEmpty());

    GREX_VERIFY_RAN(runGitIn(home, dir, {u"clone"_s, u"-q"_s, url, u"plain"_s}, path));
    const QByteArray pointer = readFile(dir + u"/plain/big.bin"_s);
    QVERIFY2(pointer.startsWith(LfsPointerStart.toUtf8()), pointer.constData());
    GREX_VERIFY_RAN(runGrexIn(home, ws, {u"add"_s, url, u"--json"_s}, path));
    QCOMPARE(readFile(ws + u"/lfs/big.bin"_s), pointer);

    const RunResult synced = runGrexIn(home, ws, {u"sync"_s, u"--json"_s}, path);
    GREX_VERIFY_RAN(synced);
    const QStringList warnings = stringsOf(packIn(synced, u"lfs"_s).value(u"warnings"_s));
    QVERIFY2(warnings.size() == 1, qPrintable(show(synced)));
    QVERIFY2(warnings.first().contains(u"git-lfs is not installed"_s),
             qPrintable(warnings.first()));
}

// A smudge/clean pair of the user's configuration runs on clone, and grex status agrees with
// git status: clean after the clone and after a touch, dirty after a real change.
void tst_RemoteContent::smudgeCleanFilter()
{
    const QString dir = caseDir(u"filter"_s);
    QString why;
    QVERIFY2(makeUpstream(dir, u"up"_s, u".gitattributes"_s, "*.txt filter=upper\n", &why),
             qPrintable(why));
    GREX_VERIFY_RAN(
        shell(dir + u"/up-work"_s,
              u"printf 'hello world\\n' > hello.txt\n"
              "git add hello.txt && git commit -qm hello && git push -q origin main\n"_s));
    // The repository keeps the clean (lower-case) form.
    QCOMPARE(git(dir + u"/up.git"_s, {u"show"_s, u"main:hello.txt"_s}).outText(),
             u"hello world\n"_s);
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());

    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/up.git"_s, u"--json"_s}));
    GREX_VERIFY_RAN(git(dir, {u"clone"_s, u"-q"_s, dir + u"/up.git"_s, u"plain"_s}));
    const QString pack = ws + u"/up"_s;
    QCOMPARE(readFile(dir + u"/plain/hello.txt"_s), QByteArray("HELLO WORLD\n"));
    QCOMPARE(readFile(pack + u"/hello.txt"_s), QByteArray("HELLO WORLD\n"));

    // The drifts, and the error when status could not read the pack.
    const auto drifts = [&]() -> QString {
        const RunResult status = grex(ws, {u"status"_s, u"--json"_s});
        const QJsonObject entry = packIn(status, u"up"_s);
        QStringList kinds = stringsOf(entry.value(u"drifts"_s));
        if (!entry.value(u"error"_s).isNull())
            kinds.append(u"error: "_s + entry.value(u"error"_s).toString());
        return kinds.join(u", "_s);
    };
    QCOMPARE(git(pack, {u"status"_s, u"--porcelain"_s}).outText(), QString());
    QCOMPARE(drifts(), u"clean"_s);

    // A new modification time only: libgit2 has to look at the bytes, git says clean.
    GREX_VERIFY_RAN(shell(pack, u"touch -m -d \"@$(( $(date +%s) + 5 ))\" hello.txt"_s));
    QCOMPARE(drifts(), u"clean"_s);
    QCOMPARE(git(pack, {u"status"_s, u"--porcelain"_s}).outText(), QString());
    QCOMPARE(drifts(), u"clean"_s);

    // A real change.
    QVERIFY(writeFile(pack + u"/hello.txt"_s, "HELLO THERE\n"));
    QCOMPARE(git(pack, {u"status"_s, u"--porcelain"_s}).outText(), u" M hello.txt\n"_s);
    QCOMPARE(drifts(), u"dirty"_s);
}

// master renamed to main upstream, master deleted: the pack is left alone, with the remote's
// new default named, as git's "upstream is gone" after a pruning fetch.
void tst_RemoteContent::renamedDefaultBranch()
{
    const QString dir = caseDir(u"renamed"_s);
    const RunResult made = shell(dir, uR"(git init -q --bare -b master up.git
git clone -q up.git up-work 2>/dev/null
cd up-work
printf 'a\n' > a.txt
git add -A && git commit -qm a && git push -q origin master
)"_s);
    GREX_VERIFY_RAN(made);
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/up.git"_s, u"--json"_s}));
    GREX_VERIFY_RAN(git(dir, {u"clone"_s, u"-q"_s, dir + u"/up.git"_s, u"plain"_s}));
    const QString pack = ws + u"/up"_s;
    const QString before = revParse(pack, u"HEAD"_s);
    QCOMPARE(git(pack, {u"branch"_s, u"--show-current"_s}).outText(), u"master\n"_s);

    GREX_VERIFY_RAN(shell(dir + u"/up.git"_s, u"git branch -m master main\n"
                                              "git symbolic-ref HEAD refs/heads/main\n"_s));
    // Plain git: a pruning fetch says the upstream is gone; the remote's HEAD names main.
    GREX_VERIFY_RAN(git(dir + u"/plain"_s, {u"fetch"_s, u"-q"_s, u"--prune"_s}));
    QVERIFY(git(dir + u"/plain"_s, {u"status"_s}).outText().contains(u"upstream is gone"_s));
    QVERIFY(git(dir + u"/plain"_s, {u"ls-remote"_s, u"--symref"_s, u"origin"_s, u"HEAD"_s})
                .outText()
                .startsWith(u"ref: refs/heads/main\tHEAD"_s));

    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    const QJsonObject entry = packIn(synced, u"up"_s);
    QCOMPARE(entry.value(u"fetch"_s).toString(), u"left_alone"_s);
    QCOMPARE(entry.value(u"left_alone"_s).toString(), u"upstream_gone"_s);
    const QString note = entry.value(u"fetch_note"_s).toString();
    QVERIFY2(note.contains(u"master"_s) && note.contains(u"main"_s), qPrintable(note));
    QCOMPARE(revParse(pack, u"HEAD"_s), before);
    QCOMPARE(git(pack, {u"branch"_s, u"--show-current"_s}).outText(), u"master\n"_s);

    const RunResult status = grex(ws, {u"status"_s, u"--json"_s});
    GREX_VERIFY_RAN(status);
    const QJsonObject state = packIn(status, u"up"_s);
    QCOMPARE(state.value(u"drift"_s).toString(), u"upstream_gone"_s);
    QVERIFY(stringsOf(state.value(u"drifts"_s)).contains(u"upstream_gone"_s));
    QCOMPARE(state.value(u"upstream_gone"_s).toBool(), true);
    QCOMPARE(state.value(u"remote_default_branch"_s).toString(), u"main"_s);
}

// A new annotated tag on a commit the clone already has: git fetch brings such tags, and
// grex sync --ref checks it out.
void tst_RemoteContent::newAnnotatedTag()
{
    const QString dir = caseDir(u"tag"_s);
    QString why;
    const QString ws = addedTwoCommitUpstream(dir, &why);
    QVERIFY2(!ws.isEmpty(), qPrintable(why));

    // v3 on the first commit, which both clones have.
    GREX_VERIFY_RAN(shell(dir + u"/up-work"_s,
                          u"git tag -a v3 -m 'release 3' HEAD~1 && git push -q origin v3\n"_s));
    const QString tagged = revParse(dir + u"/up.git"_s, u"v3^{commit}"_s);
    QVERIFY(!tagged.isEmpty());
    GREX_VERIFY_RAN(git(dir + u"/plain"_s, {u"fetch"_s, u"-q"_s}));
    QCOMPARE(revParse(dir + u"/plain"_s, u"v3^{commit}"_s), tagged);

    const RunResult synced = grex(ws, {u"sync"_s, u"--ref"_s, u"v3"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    QCOMPARE(packIn(synced, u"up"_s).value(u"fetch"_s).toString(), u"checked_out"_s);
    QCOMPARE(revParse(ws + u"/up"_s, u"HEAD"_s), tagged);
    QCOMPARE(revParse(ws + u"/up"_s, u"v3"_s), revParse(dir + u"/up.git"_s, u"v3"_s));
}

// A force-pushed upstream is "rewritten", not "diverged": the clone has no commit of its own.
void tst_RemoteContent::forcePushedUpstream()
{
    const QString dir = caseDir(u"forced"_s);
    QString why;
    const QString ws = addedTwoCommitUpstream(dir, &why);
    QVERIFY2(!ws.isEmpty(), qPrintable(why));
    const QString before = revParse(ws + u"/up"_s, u"HEAD"_s);

    GREX_VERIFY_RAN(shell(dir + u"/up-work"_s,
                          u"git reset -q --hard HEAD~1\n"
                          "printf 'c\\n' > c.txt\n"
                          "git add -A && git commit -qm c && git push -qf origin main\n"_s));
    // Plain git calls it a forced update.
    const RunResult fetched = git(dir + u"/plain"_s, {u"fetch"_s});
    GREX_VERIFY_RAN(fetched);
    QVERIFY2(fetched.errText().contains(u"(forced update)"_s), qPrintable(show(fetched)));

    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    const QJsonObject entry = packIn(synced, u"up"_s);
    QCOMPARE(entry.value(u"fetch"_s).toString(), u"left_alone"_s);
    QCOMPARE(entry.value(u"left_alone"_s).toString(), u"rewritten"_s);
    QCOMPARE(revParse(ws + u"/up"_s, u"HEAD"_s), before);

    const RunResult status = grex(ws, {u"status"_s, u"--json"_s});
    GREX_VERIFY_RAN(status);
    const QJsonObject state = packIn(status, u"up"_s);
    QCOMPARE(state.value(u"drift"_s).toString(), u"rewritten"_s);
    const QStringList drifts = stringsOf(state.value(u"drifts"_s));
    QVERIFY2(drifts.contains(u"rewritten"_s) && !drifts.contains(u"diverged"_s),
             qPrintable(show(status)));
    QCOMPARE(state.value(u"upstream_rewritten"_s).toBool(), true);
}

// Twenty packs, one remote deleted: the nineteen others are updated, the deleted one failed
// with not_found, and the report lists all twenty.
void tst_RemoteContent::deletedRemoteAmongTwenty()
{
    const QString dir = caseDir(u"twenty"_s);
    const RunResult made = shell(dir, uR"(for i in $(seq -w 0 19); do
    git init -q --bare -b main r$i.git
    git clone -q r$i.git r$i-work 2>/dev/null
    (cd r$i-work && echo "$i" > n.txt && git add -A && git commit -qm one && git push -q origin main)
done
)"_s);
    GREX_VERIFY_RAN(made);
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    QStringList ids;
    for (int i = 0; i < 20; ++i) {
        const QString id = u"r%1"_s.arg(i, 2, 10, QChar(u'0'));
        ids.append(id);
        GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u'/' + id + u".git"_s, u"--json"_s}));
    }
    GREX_VERIFY_RAN(shell(dir, uR"(for i in $(seq -w 0 19); do
    (cd r$i-work && echo two >> n.txt && git commit -qam two && git push -q origin main)
done
rm -rf r07.git
)"_s));
    const RunResult fetchGone = git(ws + u"/r07"_s, {u"fetch"_s});
    QVERIFY(fetchGone.exitCode != 0);
    QVERIFY2(fetchGone.errText().contains(u"does not appear to be a git repository"_s),
             qPrintable(show(fetchGone)));

    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    QVERIFY2(synced.exitCode == 4, qPrintable(show(synced)));
    QCOMPARE(packsOf(synced).size(), 20);
    for (const QString &id : std::as_const(ids)) {
        const QJsonObject entry = packIn(synced, id);
        if (id == u"r07"_s) {
            QCOMPARE(entry.value(u"fetch"_s).toString(), u"failed"_s);
            const QJsonObject error = entry.value(u"error"_s).toObject();
            QCOMPARE(error.value(u"reason"_s).toString(), u"not_found"_s);
            QVERIFY2(error.value(u"message"_s).toString().contains(u"r07.git"_s),
                     qPrintable(show(synced)));
            QVERIFY(!error.value(u"hint"_s).toString().isEmpty());
            continue;
        }
        QVERIFY2(entry.value(u"fetch"_s).toString() == u"updated"_s,
                 qPrintable(id + u": "_s + show(synced)));
        QCOMPARE(revParse(ws + u'/' + id, u"HEAD"_s),
                 revParse(dir + u'/' + id + u".git"_s, u"main"_s));
    }
}

// An untracked file where the fast-forward would write one: git refuses the merge, grex
// leaves that pack alone and names the file, and the other pack goes on.
void tst_RemoteContent::untrackedFileInTheWay()
{
    const QString dir = caseDir(u"untracked"_s);
    QString why;
    QVERIFY2(makeUpstream(dir, u"a"_s, u"a.txt"_s, "a\n", &why), qPrintable(why));
    QVERIFY2(makeUpstream(dir, u"b"_s, u"a.txt"_s, "a\n", &why), qPrintable(why));
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/a.git"_s, u"--json"_s}));
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/b.git"_s, u"--json"_s}));
    GREX_VERIFY_RAN(git(dir, {u"clone"_s, u"-q"_s, dir + u"/a.git"_s, u"plain"_s}));
    const QString before = revParse(ws + u"/a"_s, u"HEAD"_s);
    GREX_VERIFY_RAN(shell(dir, uR"(for r in a b; do
    (cd $r-work && printf 'upstream\n' > new.txt && git add -A && git commit -qm new && git push -q origin main)
done
)"_s));
    QVERIFY(writeFile(ws + u"/a/new.txt"_s, "mine\n"));
    QVERIFY(writeFile(dir + u"/plain/new.txt"_s, "mine\n"));
    const RunResult pulled = git(dir + u"/plain"_s, {u"pull"_s, u"--ff-only"_s});
    QVERIFY(pulled.exitCode != 0);
    QVERIFY2(pulled.errText().contains(u"untracked working tree files would be overwritten"_s),
             qPrintable(show(pulled)));

    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    const QJsonObject a = packIn(synced, u"a"_s);
    QCOMPARE(a.value(u"fetch"_s).toString(), u"left_alone"_s);
    QCOMPARE(a.value(u"left_alone"_s).toString(), u"untracked_in_way"_s);
    QVERIFY2(a.value(u"fetch_note"_s).toString().contains(u"new.txt"_s), qPrintable(show(synced)));
    QCOMPARE(revParse(ws + u"/a"_s, u"HEAD"_s), before);
    QCOMPARE(readFile(ws + u"/a/new.txt"_s), QByteArray("mine\n"));
    QCOMPARE(packIn(synced, u"b"_s).value(u"fetch"_s).toString(), u"updated"_s);
    QCOMPARE(revParse(ws + u"/b"_s, u"HEAD"_s), revParse(dir + u"/b.git"_s, u"main"_s));
    QCOMPARE(readFile(ws + u"/b/new.txt"_s), QByteArray("upstream\n"));
}

// A branch switched by hand (or a detached HEAD) after a sync is off_branch; local changes and
// upstream commits at once are both in drifts, as git status shows both.
void tst_RemoteContent::offBranchAndDirtyBehind()
{
    const QString dir = caseDir(u"offbranch"_s);
    QString why;
    QVERIFY2(makeUpstream(dir, u"up"_s, u"a.txt"_s, "a\n", &why), qPrintable(why));
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/up.git"_s, u"--json"_s}));
    GREX_VERIFY_RAN(grex(ws, {u"sync"_s, u"--json"_s}));
    const QString pack = ws + u"/up"_s;
    const auto state = [&] { return packIn(grex(ws, {u"status"_s, u"--json"_s}), u"up"_s); };

    GREX_VERIFY_RAN(git(pack, {u"checkout"_s, u"-q"_s, u"-b"_s, u"feature"_s}));
    QJsonObject entry = state();
    QCOMPARE(entry.value(u"drift"_s).toString(), u"off_branch"_s);
    QCOMPARE(entry.value(u"expected_branch"_s).toString(), u"main"_s);
    QCOMPARE(entry.value(u"branch"_s).toString(), u"feature"_s);

    GREX_VERIFY_RAN(git(pack, {u"checkout"_s, u"-q"_s, u"--detach"_s, u"main"_s}));
    entry = state();
    QCOMPARE(entry.value(u"drift"_s).toString(), u"off_branch"_s);
    QCOMPARE(entry.value(u"expected_branch"_s).toString(), u"main"_s);
    QVERIFY(entry.value(u"branch"_s).isNull());

    GREX_VERIFY_RAN(git(pack, {u"checkout"_s, u"-q"_s, u"main"_s}));
    QCOMPARE(stringsOf(state().value(u"drifts"_s)), QStringList{u"clean"_s});

    // Dirty and behind: sync fetches, leaves the dirty tree alone, and status names both.
    GREX_VERIFY_RAN(shell(dir + u"/up-work"_s,
                          u"printf 'b\\n' > b.txt\n"
                          "git add -A && git commit -qm b && git push -q origin main\n"_s));
    QVERIFY(appendFile(pack + u"/a.txt"_s, "local\n"));
    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    QCOMPARE(packIn(synced, u"up"_s).value(u"left_alone"_s).toString(), u"dirty"_s);
    const QString gitStatus = git(pack, {u"status"_s}).outText();
    QVERIFY2(gitStatus.contains(u"behind 'origin/main' by 1 commit"_s), qPrintable(gitStatus));
    QVERIFY2(gitStatus.contains(u"modified:   a.txt"_s), qPrintable(gitStatus));
    entry = state();
    const QStringList drifts = stringsOf(entry.value(u"drifts"_s));
    QVERIFY2(drifts.contains(u"dirty"_s) && drifts.contains(u"behind"_s),
             qPrintable(drifts.join(u',')));
    QCOMPARE(entry.value(u"behind"_s).toInt(), 1);
    QCOMPARE(entry.value(u"changed_files"_s).toInt(), 1);
}

// A remote repository owned by another user: with safe.directory = * in HOME's configuration,
// add, sync and status work as git's clone and pull do; without it, they fail as git does.
void tst_RemoteContent::remoteOfAnotherOwner()
{
    if (!runningAsRoot())
        QSKIP("needs root: the remote is given to another user (nobody) with chown");
    const QString dir = caseDir(u"owner"_s);
    QString why;
    QVERIFY2(makeUpstream(dir, u"up"_s, u"a.txt"_s, "a\n", &why), qPrintable(why));
    const QString home = makeHome(dir + u"/home"_s, false);
    QVERIFY(!home.isEmpty());
    const auto giveAway = [&] {
        return runProgram(u"chown"_s, {u"-R"_s, u"65534:65534"_s, dir + u"/up.git"_s}, {});
    };
    GREX_VERIFY_RAN(giveAway());
    const QString ws = makeWorkspace(dir + u"/ws"_s, home);
    QVERIFY(!ws.isEmpty());

    // Without safe.directory: git refuses, and so does grex, registering nothing.
    const RunResult refused = runGitIn(home, dir, {u"clone"_s, dir + u"/up.git"_s, u"plain0"_s});
    QVERIFY(refused.exitCode != 0);
    QVERIFY2(refused.errText().contains(u"dubious ownership"_s), qPrintable(show(refused)));
    const QByteArray manifest = readFile(ws + u"/grex.jsonl"_s);
    const RunResult notAdded = runGrexIn(home, ws, {u"add"_s, dir + u"/up.git"_s, u"--json"_s});
    QVERIFY2(notAdded.exitCode == 4, qPrintable(show(notAdded)));
    QVERIFY2(errorOf(notAdded).value(u"message"_s).toString().contains(u"dubious ownership"_s),
             qPrintable(show(notAdded)));
    QCOMPARE(readFile(ws + u"/grex.jsonl"_s), manifest);
    QVERIFY(!QFileInfo::exists(ws + u"/up"_s));

    // With it: both work, and agree.
    QVERIFY(appendFile(home + u"/.gitconfig"_s, "[safe]\n\tdirectory = *\n"));
    GREX_VERIFY_RAN(runGitIn(home, dir, {u"clone"_s, u"-q"_s, dir + u"/up.git"_s, u"plain"_s}));
    GREX_VERIFY_RAN(runGrexIn(home, ws, {u"add"_s, dir + u"/up.git"_s, u"--json"_s}));
    QCOMPARE(runGitIn(home, ws + u"/up"_s, {u"rev-parse"_s, u"HEAD"_s}).outText(),
             runGitIn(home, dir + u"/plain"_s, {u"rev-parse"_s, u"HEAD"_s}).outText());
    GREX_VERIFY_RAN(runShell(home, dir + u"/up-work"_s,
                             u"printf 'b\\n' > b.txt\n"
                             "git add -A && git commit -qm b && git push -q origin main\n"_s));
    GREX_VERIFY_RAN(giveAway());
    const RunResult synced = runGrexIn(home, ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    QCOMPARE(packIn(synced, u"up"_s).value(u"fetch"_s).toString(), u"updated"_s);
    GREX_VERIFY_RAN(runGitIn(home, dir + u"/plain"_s, {u"pull"_s, u"-q"_s}));
    const QString tip =
        runGitIn(home, dir + u"/plain"_s, {u"rev-parse"_s, u"HEAD"_s}).outText().trimmed();
    QCOMPARE(runGitIn(home, ws + u"/up"_s, {u"rev-parse"_s, u"HEAD"_s}).outText().trimmed(), tip);
    const RunResult status = runGrexIn(home, ws, {u"status"_s, u"--json"_s});
    GREX_VERIFY_RAN(status);
    QCOMPARE(stringsOf(packIn(status, u"up"_s).value(u"drifts"_s)), QStringList{u"clean"_s});

    // Taken away again: git's fetch fails, grex's sync fails that pack; status reads the local
    // clone, which is ours, as git status does.
    QVERIFY(writeFile(home + u"/.gitconfig"_s, BaseConfig));
    const RunResult gitFetch = runGitIn(home, dir + u"/plain"_s, {u"fetch"_s});
    QVERIFY(gitFetch.exitCode != 0);
    QVERIFY2(gitFetch.errText().contains(u"dubious ownership"_s), qPrintable(show(gitFetch)));
    const RunResult failed = runGrexIn(home, ws, {u"sync"_s, u"--json"_s});
    QVERIFY2(failed.exitCode == 4, qPrintable(show(failed)));
    const QJsonObject entry = packIn(failed, u"up"_s);
    QCOMPARE(entry.value(u"fetch"_s).toString(), u"failed"_s);
    QVERIFY2(entry.value(u"error"_s)
                 .toObject()
                 .value(u"message"_s)
                 .toString()
                 .contains(u"dubious ownership"_s),
             qPrintable(show(failed)));
    GREX_VERIFY_RAN(runGitIn(home, ws + u"/up"_s, {u"status"_s}));
    const RunResult stillReadable = runGrexIn(home, ws, {u"status"_s, u"--json"_s});
    GREX_VERIFY_RAN(stillReadable);
    QCOMPARE(packIn(stillReadable, u"up"_s).value(u"sha"_s).toString(), tip);
    // The failed fetch stays on the pack until one succeeds.
    QCOMPARE(packIn(stillReadable, u"up"_s).value(u"drift"_s).toString(), u"fetch_failed"_s);
    QCOMPARE(packIn(stillReadable, u"up"_s).value(u"fetch_error"_s).toObject().value(u"reason"_s),
             QJsonValue(u"unsafe_repository"_s));
}

// rm asks the remote: a deleted remote cannot confirm the clone's commits, a force-pushed one
// lacks one of them (which only `git fetch` would show); both are refused and nothing is
// deleted. --force deletes.
void tst_RemoteContent::rmChecksTheRemote()
{
    const QString dir = caseDir(u"rm"_s);
    QString why;
    QVERIFY2(makeUpstream(dir, u"gone"_s, u"a.txt"_s, "a\n", &why), qPrintable(why));
    QVERIFY2(makeUpstream(dir, u"forced"_s, u"a.txt"_s, "a\n", &why), qPrintable(why));
    GREX_VERIFY_RAN(shell(dir + u"/forced-work"_s,
                          u"printf 'b\\n' > b.txt\n"
                          "git add -A && git commit -qm b && git push -q origin main\n"_s));
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/gone.git"_s, u"--json"_s}));
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, dir + u"/forced.git"_s, u"--json"_s}));

    GREX_VERIFY_RAN(shell(dir, uR"(rm -rf gone.git
cd forced-work
git reset -q --hard HEAD~1
printf 'c\n' > c.txt
git add -A && git commit -qm c && git push -qf origin main
)"_s));
    const QMap<QString, QByteArray> goneFiles = workTree(ws + u"/gone"_s);
    const QMap<QString, QByteArray> forcedFiles = workTree(ws + u"/forced"_s);
    QVERIFY(goneFiles.contains(u"a.txt"_s) && forcedFiles.contains(u"b.txt"_s));
    const QString goneHead = revParse(ws + u"/gone"_s, u"HEAD"_s);
    const QString forcedHead = revParse(ws + u"/forced"_s, u"HEAD"_s);
    const QByteArray manifest = readFile(ws + u"/grex.jsonl"_s);

    const RunResult gone = grex(ws, {u"rm"_s, u"gone"_s, u"--yes"_s, u"--json"_s});
    QVERIFY2(gone.exitCode == 4, qPrintable(show(gone)));
    QCOMPARE(errorOf(gone).value(u"reason"_s).toString(), u"remote_unconfirmed"_s);
    QCOMPARE(workTree(ws + u"/gone"_s), goneFiles);
    QCOMPARE(revParse(ws + u"/gone"_s, u"HEAD"_s), goneHead);

    const RunResult forced = grex(ws, {u"rm"_s, u"forced"_s, u"--yes"_s, u"--json"_s});
    QVERIFY2(forced.exitCode == 4, qPrintable(show(forced)));
    QCOMPARE(errorOf(forced).value(u"reason"_s).toString(), u"remote_lacks_commits"_s);
    QCOMPARE(errorOf(forced).value(u"missing"_s).toInt(), 1);
    QCOMPARE(workTree(ws + u"/forced"_s), forcedFiles);
    QCOMPARE(revParse(ws + u"/forced"_s, u"HEAD"_s), forcedHead);
    QCOMPARE(readFile(ws + u"/grex.jsonl"_s), manifest);

    // What plain git sees: a fresh clone of the remote lacks the clone's HEAD.
    GREX_VERIFY_RAN(
        git(dir, {u"clone"_s, u"-q"_s, u"file://"_s + dir + u"/forced.git"_s, u"probe"_s}));
    QVERIFY(git(dir + u"/probe"_s, {u"cat-file"_s, u"-e"_s, forcedHead}).exitCode != 0);

    for (const QString &id : {u"gone"_s, u"forced"_s}) {
        const RunResult removed = grex(ws, {u"rm"_s, id, u"--yes"_s, u"--force"_s, u"--json"_s});
        GREX_VERIFY_RAN(removed);
        QVERIFY(!QFileInfo::exists(ws + u'/' + id));
    }
    const RunResult listed = grex(ws, {u"ls"_s, u"--json"_s});
    GREX_VERIFY_RAN(listed);
    QVERIFY2(!listed.outText().contains(u"\"gone\""_s) &&
                 !listed.outText().contains(u"\"forced\""_s),
             qPrintable(show(listed)));
}

// --depth 1 and --filter blob:none make what git clone makes, and stay so, up to date, after a
// sync that brings new upstream commits (as git pull does in such clones).
void tst_RemoteContent::shallowAndPartialClones()
{
    const QString dir = caseDir(u"shallow"_s);
    // Three versions of one file, so that a partial clone lacks the older two blobs.
    const RunResult made = shell(dir, uR"(git init -q --bare -b main up.git
git clone -q up.git up-work 2>/dev/null
cd up-work
for i in 1 2 3; do echo "v$i" > f.txt; git add -A; git commit -qm "c$i"; done
git push -q origin main
)"_s);
    GREX_VERIFY_RAN(made);
    const QString url = u"file://"_s + dir + u"/up.git"_s;
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, url, u"shallow"_s, u"--depth"_s, u"1"_s, u"--json"_s}));
    GREX_VERIFY_RAN(
        grex(ws, {u"add"_s, url, u"partial"_s, u"--filter"_s, u"blob:none"_s, u"--json"_s}));
    GREX_VERIFY_RAN(git(dir, {u"clone"_s, u"-q"_s, u"--depth"_s, u"1"_s, url, u"plain-shallow"_s}));
    GREX_VERIFY_RAN(
        git(dir, {u"clone"_s, u"-q"_s, u"--filter=blob:none"_s, url, u"plain-partial"_s}));

    const auto shallowFacts = [&](const QString &clone) -> QString {
        return git(clone, {u"rev-parse"_s, u"--is-shallow-repository"_s}).outText().trimmed() +
               u' ' + git(clone, {u"rev-list"_s, u"--count"_s, u"HEAD"_s}).outText().trimmed();
    };
    const auto partialFacts = [&](const QString &clone) -> QString {
        const QString filter =
            git(clone, {u"config"_s, u"remote.origin.partialclonefilter"_s}).outText().trimmed();
        const QString promisor =
            git(clone, {u"config"_s, u"remote.origin.promisor"_s}).outText().trimmed();
        const QStringList objects =
            git(clone, {u"rev-list"_s, u"--objects"_s, u"--missing=print"_s, u"--all"_s})
                .outText()
                .split(u'\n', Qt::SkipEmptyParts);
        const qsizetype missing =
            std::count_if(objects.cbegin(), objects.cend(),
                          [](const QString &line) { return line.startsWith(u'?'); });
        return u"%1 %2 missing=%3"_s.arg(filter, promisor).arg(missing);
    };
    const QString shallow = ws + u"/shallow"_s;
    const QString partial = ws + u"/partial"_s;
    QCOMPARE(shallowFacts(dir + u"/plain-shallow"_s), u"true 1"_s);
    QCOMPARE(shallowFacts(shallow), shallowFacts(dir + u"/plain-shallow"_s));
    QCOMPARE(partialFacts(dir + u"/plain-partial"_s), u"blob:none true missing=2"_s);
    QCOMPARE(partialFacts(partial), partialFacts(dir + u"/plain-partial"_s));

    GREX_VERIFY_RAN(shell(dir + u"/up-work"_s,
                          u"for i in 4 5; do echo \"v$i\" > f.txt; git commit -qam \"c$i\"; done\n"
                          "git push -q origin main\n"_s));
    const RunResult synced = grex(ws, {u"sync"_s, u"--json"_s});
    GREX_VERIFY_RAN(synced);
    QCOMPARE(packIn(synced, u"shallow"_s).value(u"fetch"_s).toString(), u"updated"_s);
    QCOMPARE(packIn(synced, u"partial"_s).value(u"fetch"_s).toString(), u"updated"_s);
    GREX_VERIFY_RAN(git(dir + u"/plain-shallow"_s, {u"pull"_s, u"-q"_s, u"--ff-only"_s}));
    GREX_VERIFY_RAN(git(dir + u"/plain-partial"_s, {u"pull"_s, u"-q"_s, u"--ff-only"_s}));
    const QString tip = revParse(dir + u"/up.git"_s, u"main"_s);
    QCOMPARE(revParse(shallow, u"HEAD"_s), tip);
    QCOMPARE(revParse(partial, u"HEAD"_s), tip);
    QCOMPARE(readFile(shallow + u"/f.txt"_s), QByteArray("v5\n"));
    QCOMPARE(readFile(partial + u"/f.txt"_s), QByteArray("v5\n"));
    QCOMPARE(shallowFacts(dir + u"/plain-shallow"_s), u"true 3"_s);
    QCOMPARE(shallowFacts(shallow), shallowFacts(dir + u"/plain-shallow"_s));
    QCOMPARE(partialFacts(partial), partialFacts(dir + u"/plain-partial"_s));
    QVERIFY(partialFacts(partial).startsWith(u"blob:none true"_s));

    // Up to date in grex's eyes too.
    const RunResult status = grex(ws, {u"status"_s, u"--json"_s});
    GREX_VERIFY_RAN(status);
    for (const QString &id : {u"shallow"_s, u"partial"_s}) {
        const QJsonObject entry = packIn(status, id);
        QCOMPARE(entry.value(u"behind"_s).toInt(), 0);
        QCOMPARE(entry.value(u"ahead"_s).toInt(), 0);
        QCOMPARE(stringsOf(entry.value(u"drifts"_s)), QStringList{u"clean"_s});
    }
}

// A file:// remote's refs are read in process: a sync with nothing new runs no git fetch, and
// every way a ref moves is fetched (refMovesProblem).
void tst_RemoteContent::refMovesOverFile()
{
    const QString dir = caseDir(u"moves"_s);
    QString why;
    QVERIFY2(makeUpstream(dir, u"moves"_s, u"a.txt"_s, "a\n", &why), qPrintable(why));
    const QString ws = makeWorkspace(dir + u"/ws"_s);
    QVERIFY(!ws.isEmpty());
    GREX_VERIFY_RAN(grex(ws, {u"add"_s, u"file://"_s + dir + u"/moves.git"_s}));
    RefMoveDriver driver;
    driver.grex = [&](const QStringList &args) { return grex(ws, args); };
    driver.gitInClone = [&](const QStringList &args) { return git(ws + u"/moves"_s, args); };
    driver.upstream = [&](const QString &script) { return shell(dir + u"/moves.git"_s, script); };
    driver.clone = ws + u"/moves"_s;
    const QString problem = refMovesProblem(driver);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

QTEST_GUILESS_MAIN(tst_RemoteContent)
#include "tst_remotecontent.moc"
