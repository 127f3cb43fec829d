#include "remotetesting.h"

#include "support/testfiles.h"
#include "support/testservers.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QStandardPaths>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Grex::Test {

QByteArray baseGitConfig()
{
    return "[user]\n"
           "\tname = grex tests\n"
           "\temail = tests@grex.invalid\n"
           "[init]\n"
           "\tdefaultBranch = main\n"
           "[advice]\n"
           "\tdetachedHead = false\n";
}

QString show(const RunResult &result)
{
    return u"exit %1%2\nstdout: %3\nstderr: %4"_s.arg(result.exitCode)
        .arg(result.crashed ? u" (crashed or timed out)"_s : QString(), result.outText(),
             result.errText());
}

QJsonArray packsOf(const RunResult &result)
{
    const QJsonDocument document = result.json();
    if (document.isArray())
        return document.array();
    return document.object().value(u"packs"_s).toArray();
}

QJsonObject packIn(const RunResult &result, const QString &id)
{
    const QJsonArray packs = packsOf(result);
    for (const QJsonValue &pack : packs) {
        if (pack.toObject().value(u"id"_s).toString() == id)
            return pack.toObject();
    }
    return {};
}

QJsonObject errorOf(const RunResult &result)
{
    return result.json().object().value(u"error"_s).toObject();
}

QStringList stringsOf(const QJsonValue &value)
{
    QStringList strings;
    const QJsonArray array = value.toArray();
    for (const QJsonValue &item : array)
        strings.append(item.toString());
    return strings;
}

QByteArray manifestAddLine(const QString &id, const QString &url)
{
    const QJsonObject line{
        {u"op"_s, u"add"_s},
        {u"ts"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {u"id"_s, id},
        {u"url"_s, url},
        {u"path"_s, id},
        {u"type"_s, u"meta"_s},
        {u"schema_version"_s, u"1"_s},
    };
    return QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
}

bool appendFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::Append) && file.write(bytes) == bytes.size();
}

namespace {

// Marks the clone's FETCH_HEAD, runs `grex sync --json` and says whether git fetched: a fetch
// rewrites FETCH_HEAD, a skipped one only makes it new again. *problem says what went wrong.
bool syncFetched(const RefMoveDriver &driver, QString *problem)
{
    const QString path = driver.clone + u"/.git/FETCH_HEAD"_s;
    // Before the first sync there may be none.
    QFile file(path);
    if (file.exists()) {
        if (!file.open(QIODevice::Append) || file.write("# grex test marker\n") < 0) {
            *problem = u"cannot mark "_s + path;
            return false;
        }
        file.setFileTime(QDateTime::currentDateTimeUtc().addSecs(-3600),
                         QFileDevice::FileModificationTime);
        file.close();
    }
    const RunResult synced = driver.grex({u"sync"_s, u"--json"_s});
    if (synced.exitCode != 0 || synced.crashed)
        *problem = u"grex sync failed: "_s + show(synced);
    else if (QFileInfo(path).lastModified().secsTo(QDateTime::currentDateTime()) > 60)
        *problem = u"the sync left FETCH_HEAD old"_s;
    return file.exists() && !readFile(path).contains("# grex test marker");
}

// The clone's refs under refs/remotes/origin and refs/tags, and where origin/HEAD points, as
// "name oid" lines.
QString cloneRefs(const RefMoveDriver &driver)
{
    const RunResult refs =
        driver.gitInClone({u"for-each-ref"_s, u"--format=%(refname) %(objectname) %(symref)"_s,
                           u"refs/remotes/origin"_s, u"refs/tags"_s});
    return refs.outText().trimmed();
}

// What the remote has, in the same form: its branches as origin's and its tags.
QString upstreamRefs(const RefMoveDriver &driver)
{
    const RunResult refs = driver.upstream(
        u"git for-each-ref --format='%(refname) %(objectname) %(symref)' refs/heads refs/tags | "
        "sed 's|^refs/heads/|refs/remotes/origin/|'"_s);
    return refs.outText().trimmed();
}

} // namespace

QString refMovesProblem(const RefMoveDriver &driver)
{
    QString problem;
    const auto upstream = [&](const QString &what, const QString &script) {
        const RunResult ran =
            driver.upstream(u"export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t "
                            "GIT_COMMITTER_EMAIL=t@t; "_s +
                            script);
        if (ran.exitCode != 0)
            problem = what + u": the remote could not be changed: "_s + show(ran);
        return ran.exitCode == 0;
    };
    // Expect a sync after `what` to fetch (or not), then the clone's branches and tags of origin
    // to be the remote's, ignoring origin/HEAD (compared on its own).
    const auto expect = [&](const QString &what, bool fetch) {
        const bool fetched = syncFetched(driver, &problem);
        if (!problem.isEmpty()) {
            problem.prepend(what + u": "_s);
            return false;
        }
        if (fetched != fetch) {
            problem = what + (fetch ? u": git did not fetch"_s : u": git fetched"_s);
            return false;
        }
        QStringList clone = cloneRefs(driver).split(u'\n');
        clone.removeIf(
            [](const QString &line) { return line.startsWith(u"refs/remotes/origin/HEAD "); });
        const QString have = clone.join(u'\n');
        const QString want = upstreamRefs(driver);
        if (have != want) {
            problem = what + u": the clone has\n"_s + have + u"\nthe remote\n"_s + want;
            return false;
        }
        return true;
    };
    const auto originHead = [&] {
        return driver.gitInClone({u"symbolic-ref"_s, u"refs/remotes/origin/HEAD"_s})
            .outText()
            .trimmed();
    };
    // Each step: the move, then a sync that fetches it, then one that asks and fetches nothing.
    // Where only branches moved, git fetches them by the ids the probe saw, and FETCH_HEAD then
    // names no branch; a tag to bring is git's to find, by name.
    struct Move
    {
        QString what;
        QString script;
        bool byId;
    };
    const QList<Move> moves = {
        {u"a new commit"_s,
         u"t=$(git commit-tree main^{tree} -p main -m next); git update-ref refs/heads/main $t"_s,
         true},
        {u"a new tag alone"_s, u"git tag v1 main~1"_s, false},
        {u"an annotated tag"_s, u"git tag -a -m release v2 main"_s, false},
        {u"a force push"_s, u"git update-ref refs/heads/main main~1"_s, true},
        {u"a new branch"_s, u"git branch dev main"_s, true},
    };
    // The first sync asks too, also where no fetch wrote FETCH_HEAD yet (as git clone leaves
    // it), and writes the one git's fetch would have: the same bytes, with the URL as git shows
    // it (without a user or password).
    const QString fetchHeadPath = driver.clone + u"/.git/FETCH_HEAD"_s;
    QFile::remove(fetchHeadPath);
    syncFetched(driver, &problem);
    if (!problem.isEmpty())
        return problem;
    const QByteArray written = readFile(fetchHeadPath);
    const RunResult fetched = driver.gitInClone({u"fetch"_s, u"-q"_s, u"origin"_s});
    if (fetched.exitCode != 0)
        return u"git fetch failed: "_s + show(fetched);
    if (written.isEmpty() || readFile(fetchHeadPath) != written) {
        return u"the first sync wrote FETCH_HEAD\n"_s + QString::fromUtf8(written) +
               u"where git writes\n"_s + QString::fromUtf8(readFile(fetchHeadPath));
    }
    if (!expect(u"nothing new"_s, false))
        return problem;
    for (const Move &move : moves) {
        if (!upstream(move.what, move.script) || !expect(move.what, true))
            return problem;
        const QByteArray fetchHead = readFile(driver.clone + u"/.git/FETCH_HEAD"_s);
        if (fetchHead.contains("branch '") == move.byId) {
            return move.what + (move.byId ? u": not fetched by id: "_s : u": fetched by id: "_s) +
                   QString::fromUtf8(fetchHead);
        }
        if (!expect(move.what + u", again"_s, false))
            return problem;
    }
    // A deleted branch: git keeps origin/dev without fetch.prune, so each sync asks again; with
    // it, the fetch prunes it and the next one is quiet.
    if (!upstream(u"a deleted branch"_s, u"git branch -D dev"_s))
        return problem;
    if (!syncFetched(driver, &problem) || !problem.isEmpty())
        return u"a deleted branch: "_s + (problem.isEmpty() ? u"git did not fetch"_s : problem);
    if (driver.gitInClone({u"config"_s, u"fetch.prune"_s, u"true"_s}).exitCode != 0)
        return u"cannot set fetch.prune"_s;
    if (!expect(u"a deleted branch, pruned"_s, true) ||
        !expect(u"a deleted branch, again"_s, false))
        return problem;
    // The remote's HEAD on another branch it had: the clone follows it without a fetch.
    if (!upstream(u"a branch for HEAD"_s, u"git branch next main"_s) ||
        !expect(u"a branch for HEAD"_s, true) ||
        !upstream(u"HEAD moved"_s, u"git symbolic-ref HEAD refs/heads/next"_s) ||
        !expect(u"HEAD moved"_s, false))
        return problem;
    if (originHead() != u"refs/remotes/origin/next")
        return u"HEAD moved: origin/HEAD is "_s + originHead();
    // The default branch renamed: the clone's main is gone upstream, which status says, and the
    // remote's default is named.
    if (!upstream(u"a renamed default branch"_s,
                  u"git branch -m next trunk; git symbolic-ref HEAD refs/heads/trunk; "
                  "git branch -D main"_s) ||
        !expect(u"a renamed default branch"_s, true) ||
        !expect(u"a renamed default branch, again"_s, false))
        return problem;
    const RunResult status = driver.grex({u"status"_s, u"--json"_s});
    const QJsonArray packs = packsOf(status);
    if (packs.size() != 1 ||
        !stringsOf(packs[0].toObject().value(u"drifts"_s)).contains(u"upstream_gone"_s) ||
        packs[0].toObject().value(u"remote_default_branch"_s).toString() != u"trunk"_s)
        return u"a renamed default branch: status says "_s + show(status);
    return {};
}

QStringList lockFilesUnder(const QString &dir)
{
    QStringList locks;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString name = QFileInfo(path).fileName();
        if (name.endsWith(u".lock"_s) || (name.startsWith(u".grex"_s) && name.endsWith(u"lock"_s)))
            locks.append(path);
    }
    return locks;
}

QString commitAndPushTask(const std::function<RunResult(const QStringList &)> &grex,
                          const QString &ws, const QString &task, const QStringList &packs,
                          RunResult *pushed)
{
    const RunResult started = grex(QStringList{u"task"_s, u"start"_s, task} + packs);
    if (started.exitCode != 0)
        return u"task start: "_s + show(started);
    for (const QString &pack : packs) {
        const QString file = u"%1/.grex-tasks/%2/%3/%2.txt"_s.arg(ws, task, pack);
        if (!writeFile(file, task.toUtf8() + "\n"))
            return u"cannot write "_s + file;
    }
    const RunResult committed = grex({u"task"_s, u"commit"_s, task, u"-m"_s, task});
    if (committed.exitCode != 0)
        return u"task commit: "_s + show(committed);
    *pushed = grex({u"task"_s, u"push"_s, task, u"--yes"_s, u"--json"_s});
    return {};
}

QString partialPushProblem(const RunResult &pushed, const QString &failedPack,
                           const QString &failedWords,
                           const std::function<QString(const QString &)> &remoteTip)
{
    // A push that failed in some packs prints its report, as one that went out does.
    const QJsonObject report = pushed.json().object();
    const QJsonArray packs = report.value(u"packs"_s).toArray();
    if (pushed.exitCode != 4 || report.value(u"failed"_s).toInt() != 1 ||
        report.value(u"pushed"_s).toInt() != packs.size() - 1)
        return u"not one failed push among the others: "_s + show(pushed);
    for (const QJsonValue &value : packs) {
        const QJsonObject pack = value.toObject();
        const QString id = pack.value(u"id"_s).toString();
        const QString tip = remoteTip(id);
        const bool failed = id == failedPack;
        if (pack.value(u"result"_s).toString() != (failed ? u"failed"_s : u"pushed"_s))
            return id + u": "_s + pack.value(u"result"_s).toString();
        if (failed && !pack.value(u"error"_s).toString().contains(failedWords))
            return id + u"'s error: "_s + pack.value(u"error"_s).toString();
        if (tip != (failed ? QString() : pack.value(u"sha"_s).toString()))
            return id + u"'s remote branch is at '"_s + tip + u"'"_s;
    }
    return {};
}

RunResult runShell(const QString &home, const QString &dir, const QString &script,
                   const QStringList &env)
{
    RunOptions options;
    options.workDir = dir;
    options.env = env;
    options.timeoutMs = 60000;
    return runIsolated(home, u"/bin/sh"_s, {u"-ec"_s, script}, options);
}

RunResult runGrexIn(const QString &home, const QString &workDir, const QStringList &args,
                    const QStringList &env)
{
    RunOptions options;
    options.workDir = workDir;
    options.env = env;
    options.timeoutMs = 60000;
    return runIsolated(home, grexBinary(), args, options);
}

RunResult runGitIn(const QString &home, const QString &workDir, const QStringList &args,
                   const QStringList &env)
{
    RunOptions options;
    options.workDir = workDir;
    // Plain git must not ask either, should the test run on a terminal.
    options.env = QStringList{u"GIT_TERMINAL_PROMPT=0"_s} + env;
    options.timeoutMs = 60000;
    return runIsolated(home, u"git"_s, args, options);
}

bool HomeCases::setUpHome(const QByteArray &gitconfig)
{
    QStandardPaths::setTestModeEnabled(true);
    m_tmp = std::make_unique<QTemporaryDir>();
    m_home = m_tmp->filePath(u"home"_s);
    return m_tmp->isValid() && QDir().mkpath(m_home) &&
           writeFile(m_home + u"/.gitconfig"_s, gitconfig);
}

} // namespace Grex::Test
