#include "core/docshape.h"
#include "core/fs/gitignore.h"
#include "support/grexrunner.h"
#include "support/schemacheck.h"
#include "support/remotebuilder.h"
#include "support/testfiles.h"
#include "core/operationcontext.h"
#include "core/verbs/taskcommit.h"
#include "core/verbs/taskstart.h"
#include "core/verbs/verbregistry.h"
#include "mcp/protocol.h"
#include "mcp/tools.h"
#include "core/workspace.h"
#include "support/workspacefixture.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// One verb called through both front ends. Each front end gets its own workspace, built by the
// same steps from the same bare repositories, so the two documents may differ only where two
// runs differ by nature.
struct ParityCase
{
    QString name; // the row: the verb, or what goes wrong
    QString tool;
    // Builds the workspace in its first argument, cloning from the repositories in the second.
    std::function<void(const QString &, const QString &)> setup;
    // Changes the repositories after both workspaces exist (a new upstream commit).
    std::function<void(const QString &)> upstream;
    QStringList cli;       // grex's arguments without --json; {remotes} is the repositories' dir
    QJsonObject arguments; // the tools/call arguments of the same call; {remotes} likewise
    int exitCode = 0;      // the CLI's
    bool approve = true;   // serve with --approve-destructive
    QString kind;          // failure cases: the error's kind
    // Failure cases: the hint says how to approve at this front end, so it differs.
    bool frontEndHint = false;
};

QString remoteUrl(const QString &remotes, const QString &name)
{
    return u"file://"_s + remotes + u'/' + name + u".git"_s;
}

// The repositories every case may use: alpha and beta (no actions), maker (makes a directory
// and runs a program), tool (makes a directory), and the meta pack bundle with the child kid.
void createRemotes(const QString &remotes)
{
    RemoteBuilder builder(remotes);
    builder.create(u"alpha"_s, RemoteBuilder::packFiles(u"alpha"_s));
    builder.create(u"beta"_s, RemoteBuilder::packFiles(u"beta"_s));
    builder.create(u"maker"_s, RemoteBuilder::packFiles(u"maker"_s, u"declarative"_s,
                                                        "actions:\n  - mkdir: {path: made}\n"
                                                        "  - exec: {cmd: [\"true\"]}\n"));
    builder.create(u"tool"_s, RemoteBuilder::packFiles(u"tool"_s, u"declarative"_s,
                                                       "actions:\n  - mkdir: {path: built}\n"));
    builder.create(u"kid"_s, RemoteBuilder::packFiles(u"kid"_s));
    builder.create(u"bundle"_s,
                   RemoteBuilder::packFiles(
                       u"bundle"_s, u"meta"_s,
                       "children:\n  - url: " + remoteUrl(remotes, u"kid"_s).toUtf8() + '\n'));
}

// A new commit on the main branch of the repository name, with one more file.
void pushUpstream(const QString &remotes, const QString &name)
{
    RemoteBuilder builder(remotes);
    RemoteBuilder::Files files = RemoteBuilder::packFiles(name);
    if (name == u"maker")
        files = RemoteBuilder::packFiles(name, u"declarative"_s,
                                         "actions:\n  - mkdir: {path: made}\n"
                                         "  - exec: {cmd: [\"true\"]}\n");
    files.insert(u"NEWS"_s, "second commit\n");
    builder.commit(remotes + u'/' + name + u".git"_s, files);
}

// A workspace in dir with the packs of `installed` added and installed, then those of
// `registered` added only.
Grex::Workspace workspaceWith(const QString &dir, const QString &remotes,
                              const QStringList &installed, const QStringList &registered = {})
{
    Grex::Workspace ws = initialisedWorkspace(dir);
    for (const QString &name : installed)
        addPackOrDie(ws, remoteUrl(remotes, name), true);
    for (const QString &name : registered)
        addPackOrDie(ws, remoteUrl(remotes, name), false);
    return ws;
}

// alpha and beta registered and the task t over both; a change in alpha's worktree when asked.
void workspaceWithTask(const QString &dir, const QString &remotes, bool change)
{
    Grex::Workspace ws = workspaceWith(dir, remotes, {}, {u"alpha"_s, u"beta"_s});
    Grex::OperationContext ctx;
    Grex::TaskStartOptions options;
    options.name = options.branch = u"t"_s;
    options.packs = {u"alpha"_s, u"beta"_s};
    QVERIFY(Grex::taskStart(ws, options, ctx).ok());
    if (change)
        QVERIFY(writeFile(dir + u"/.grex-tasks/t/alpha/README.md"_s, "changed\n"));
}

// The task t with one commit in alpha, not pushed.
void workspaceWithTaskCommit(const QString &dir, const QString &remotes)
{
    workspaceWithTask(dir, remotes, true);
    Grex::Workspace ws(dir);
    Grex::OperationContext ctx;
    Grex::TaskCommitOptions options;
    options.name = u"t"_s;
    options.message = u"Change the README"_s;
    QVERIFY(Grex::taskCommit(ws, options, ctx).ok());
}

// alpha registered with a changed README, and committed when asked; beta clean.
void workspaceWithChange(const QString &dir, const QString &remotes, bool commit)
{
    workspaceWith(dir, remotes, {}, {u"alpha"_s, u"beta"_s});
    QVERIFY(writeFile(dir + u"/alpha/README.md"_s, "changed\n"));
    if (commit)
        runGit(dir + u"/alpha"_s, {u"commit"_s, u"-q"_s, u"-am"_s, u"Change the README"_s});
}

QString withRemotes(QString text, const QString &remotes)
{
    return text.replace(u"{remotes}"_s, remotes);
}

QJsonValue withRemotes(const QJsonValue &value, const QString &remotes)
{
    if (value.isString())
        return withRemotes(value.toString(), remotes);
    if (value.isArray()) {
        QJsonArray array;
        for (const QJsonValue &item : value.toArray())
            array.append(withRemotes(item, remotes));
        return array;
    }
    if (value.isObject()) {
        QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            it.value() = withRemotes(it.value(), remotes);
        return object;
    }
    return value;
}

// The workspace root, as given and as the processes see it (symbolic links resolved).
QStringList rootSpellings(const QString &root)
{
    QStringList spellings{QFileInfo(root).canonicalFilePath(), QDir::cleanPath(root)};
    spellings.removeDuplicates();
    std::sort(spellings.begin(), spellings.end(),
              [](const QString &a, const QString &b) { return a.size() > b.size(); });
    return spellings;
}

// A document's JSON text with what differs between two runs on identical fixtures replaced:
// the workspace root (the two fixtures sit in different directories) and string values that
// are RFC 3339 timestamps (install times). Done on the text, so that the member order of the
// two documents can be compared too.
QByteArray normalised(QByteArray text, const QStringList &roots)
{
    for (const QString &root : roots)
        text.replace(root.toUtf8(), "<workspace>");
    static const QRegularExpression timestamp(
        u"\"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?(Z|[+-]\\d\\d:\\d\\d)\""_s);
    return QString::fromUtf8(text).replace(timestamp, u"\"<time>\""_s).toUtf8();
}

QJsonValue parsed(const QByteArray &text)
{
    // Wrapped in an array, so a document of any JSON type parses.
    return QJsonDocument::fromJson("[" + text + "]").array().first();
}

QString compact(const QJsonValue &value)
{
    const QByteArray array = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(array.mid(1, array.size() - 2));
}

// Where the two documents first differ, as "path: CLI value, MCP value"; empty when equal.
QString firstDifference(const QJsonValue &cli, const QJsonValue &mcp, const QString &at = u"$"_s)
{
    if (cli.type() == mcp.type() && cli.isArray()) {
        const QJsonArray a = cli.toArray();
        const QJsonArray b = mcp.toArray();
        for (qsizetype i = 0; i < qMin(a.size(), b.size()); ++i) {
            const QString difference =
                firstDifference(a.at(i), b.at(i), u"%1[%2]"_s.arg(at).arg(i));
            if (!difference.isEmpty())
                return difference;
        }
        if (a.size() != b.size())
            return u"%1: CLI has %2 items, MCP %3"_s.arg(at).arg(a.size()).arg(b.size());
        return {};
    }
    if (cli.type() == mcp.type() && cli.isObject()) {
        const QJsonObject a = cli.toObject();
        const QJsonObject b = mcp.toObject();
        QStringList keys = a.keys() + b.keys();
        keys.removeDuplicates();
        for (const QString &key : std::as_const(keys)) {
            const QString member = at + u'.' + key;
            if (!a.contains(key) || !b.contains(key)) {
                return u"%1: only in the %2 document"_s.arg(member,
                                                            a.contains(key) ? u"CLI"_s : u"MCP"_s);
            }
            const QString difference = firstDifference(a.value(key), b.value(key), member);
            if (!difference.isEmpty())
                return difference;
        }
        return {};
    }
    if (cli != mcp)
        return u"%1: CLI %2, MCP %3"_s.arg(at, compact(cli), compact(mcp));
    return {};
}

QByteArray frame(const QJsonObject &message)
{
    return QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n';
}

// `grex serve` on its pipes, driven the way an MCP client does.
class Serve
{
public:
    Serve(const QString &workspace, const QStringList &options)
    {
        m_process.setWorkingDirectory(workspace);
        m_process.start(grexBinary(), QStringList{u"serve"_s} + options);
    }

    ~Serve()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished();
        }
    }

    // initialize, then notifications/initialized; whether the server took the protocol version.
    bool initialize()
    {
        const QJsonObject answer =
            request(u"initialize"_s, {{u"protocolVersion"_s, u"2025-06-18"_s},
                                      {u"capabilities"_s, QJsonObject()},
                                      {u"clientInfo"_s, QJsonObject{{u"name"_s, u"tst_mcpparity"_s},
                                                                    {u"version"_s, u"1"_s}}}});
        write(frame({{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/initialized"_s}}));
        return answer.value(u"result"_s).toObject().value(u"protocolVersion"_s) == u"2025-06-18"_s;
    }

    // The response to one request; an empty object when none came within 30 s.
    QJsonObject request(const QString &method, const QJsonObject &params)
    {
        const int id = ++m_lastId;
        write(frame({{u"jsonrpc"_s, u"2.0"_s},
                     {u"id"_s, id},
                     {u"method"_s, method},
                     {u"params"_s, params}}));
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 30000) {
            qsizetype newline;
            while ((newline = m_pending.indexOf('\n')) >= 0) {
                const QJsonObject message =
                    QJsonDocument::fromJson(m_pending.left(newline)).object();
                m_pending.remove(0, newline + 1);
                if (message.value(u"id"_s) == QJsonValue(id))
                    return message;
            }
            if (!m_process.waitForReadyRead(100) && m_process.state() == QProcess::NotRunning)
                break;
            m_pending += m_process.readAllStandardOutput();
        }
        return {};
    }

    // Closes stdin, as a client that is done does; whether the server then exited with 0.
    bool finish()
    {
        m_process.closeWriteChannel();
        return m_process.waitForFinished(10000) && m_process.exitStatus() == QProcess::NormalExit &&
               m_process.exitCode() == 0;
    }

    QByteArray log() { return m_process.readAllStandardError(); }

private:
    void write(const QByteArray &bytes)
    {
        m_process.write(bytes);
        m_process.waitForBytesWritten(10000);
    }

    QProcess m_process;
    QByteArray m_pending;
    int m_lastId = 0;
};

const QStringList kExecCommand{
    u"sh"_s, u"-c"_s, u"echo \"$GREX_PACK in $PWD\"; echo \"workspace $GREX_WORKSPACE\" >&2"_s};

// One row per MCP tool, each with a document that has something in it.
QList<ParityCase> verbCases()
{
    QList<ParityCase> cases;

    // A fresh clone of a workspace repository: one registered pack is not on disk, and the
    // lockfile is missing.
    ParityCase init;
    init.name = init.tool = u"init"_s;
    init.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {}, {u"alpha"_s, u"maker"_s});
        QVERIFY(QDir(dir + u"/alpha"_s).removeRecursively());
        QVERIFY(QFile::remove(dir + u"/grex.lock.jsonl"_s));
    };
    init.cli = {u"init"_s};
    cases.append(init);

    // A relative hooks path in a workspace that is a git repository: both front ends resolve it
    // (the CLI against the current directory, which is the workspace here).
    ParityCase hooks;
    hooks.name = u"init with a hooks path"_s;
    hooks.tool = u"init"_s;
    hooks.setup = [](const QString &dir, const QString &) {
        QVERIFY(QDir().mkpath(dir));
        runGit(dir, {u"init"_s, u"-q"_s});
    };
    hooks.cli = {u"init"_s, u"--hooks-path"_s, u"hooks"_s};
    hooks.arguments = {{u"hooksPath"_s, u"hooks"_s}};
    cases.append(hooks);

    // Cloned under another name, at a named ref, and installed (its actions run).
    ParityCase add;
    add.name = add.tool = u"add"_s;
    add.setup = [](const QString &dir, const QString &remotes) { workspaceWith(dir, remotes, {}); };
    add.cli = {u"add"_s, u"file://{remotes}/maker.git"_s, u"--ref"_s, u"main"_s};
    add.arguments = {{u"url"_s, u"file://{remotes}/maker.git"_s}, {u"ref"_s, u"main"_s}};
    cases.append(add);

    // An installed pack: its teardown runs and its directory goes.
    ParityCase rm;
    rm.name = rm.tool = u"rm"_s;
    rm.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {u"maker"_s}, {u"alpha"_s});
    };
    rm.cli = {u"rm"_s, u"maker"_s, u"--yes"_s};
    rm.arguments = {{u"path"_s, u"maker"_s}};
    cases.append(rm);

    // Tags given and taken away; then the tags alone, which both show the same way.
    ParityCase tag;
    tag.name = tag.tool = u"tag"_s;
    tag.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {}, {u"alpha"_s});
    };
    tag.cli = {u"tag"_s, u"alpha"_s, u"+work"_s, u"+home"_s, u"-old"_s};
    tag.arguments = {{u"pack"_s, u"alpha"_s},
                     {u"changes"_s, QJsonArray{u"+work"_s, u"+home"_s, u"-old"_s}}};
    cases.append(tag);

    // Long form and tree: install times, actions hashes, a meta pack's child under it.
    ParityCase ls;
    ls.name = ls.tool = u"ls"_s;
    ls.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {u"bundle"_s}, {u"alpha"_s});
    };
    ls.cli = {u"ls"_s, u"--long"_s, u"--tree"_s};
    ls.arguments = {{u"long"_s, true}, {u"tree"_s, true}};
    cases.append(ls);

    // One pack with a changed file, one installed and clean, one registered but not installed.
    ParityCase status;
    status.name = status.tool = u"status"_s;
    status.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {u"alpha"_s, u"maker"_s}, {u"beta"_s});
        QVERIFY(writeFile(dir + u"/alpha/README.md"_s, "edited\n"));
    };
    status.cli = {u"status"_s, u"--long"_s};
    status.arguments = {{u"long"_s, true}};
    cases.append(status);

    // Three packs never installed, one of them behind its upstream: a fast-forward and the
    // steps of two packs' actions. One pack at a time, so the steps come in one order.
    ParityCase sync;
    sync.name = sync.tool = u"sync"_s;
    sync.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {}, {u"alpha"_s, u"maker"_s, u"tool"_s});
    };
    sync.upstream = [](const QString &remotes) { pushUpstream(remotes, u"alpha"_s); };
    sync.cli = {u"sync"_s, u"--parallel"_s, u"1"_s};
    sync.arguments = {{u"parallel"_s, 1}};
    cases.append(sync);

    // An installed pack with a new upstream commit is fetched and reinstalled; the other is
    // up to date.
    ParityCase update;
    update.name = update.tool = u"update"_s;
    update.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {u"alpha"_s, u"maker"_s});
    };
    update.upstream = [](const QString &remotes) { pushUpstream(remotes, u"maker"_s); };
    update.cli = {u"update"_s, u"--parallel"_s, u"1"_s};
    update.arguments = {{u"parallel"_s, 1}};
    cases.append(update);

    // A registered pack missing on disk, a pack whose .gitignore block is gone and a clone
    // nobody registered: doctor exits 7, and the tool returns the same report.
    ParityCase doctor;
    doctor.name = doctor.tool = u"doctor"_s;
    doctor.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {}, {u"alpha"_s, u"maker"_s});
        QVERIFY(QDir(dir + u"/alpha"_s).removeRecursively());
        QVERIFY(Grex::Gitignore::removeBlock(dir + u"/.gitignore"_s, u"maker"_s).ok());
        runGit(dir, {u"init"_s, u"-q"_s, u"stray"_s});
    };
    doctor.cli = {u"doctor"_s};
    doctor.exitCode = 7;
    cases.append(doctor);

    // A list of three repositories, one of them registered already.
    ParityCase imports;
    imports.name = imports.tool = u"import"_s;
    imports.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {}, {u"alpha"_s});
        QJsonArray repos;
        for (const QString &name : {u"alpha"_s, u"beta"_s, u"tool"_s})
            repos.append(QJsonObject{{u"url"_s, remoteUrl(remotes, name)}, {u"path"_s, name}});
        QVERIFY(writeFile(dir + u"/repos.json"_s, QJsonDocument(repos).toJson()));
    };
    imports.cli = {u"import"_s, u"--from-repos-json"_s, u"repos.json"_s};
    imports.arguments = {{u"fromReposJson"_s, u"repos.json"_s}};
    cases.append(imports);

    // The mkdir actions of two installed packs whose directories are gone: both re-made.
    ParityCase run;
    run.name = run.tool = u"run"_s;
    run.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {u"maker"_s, u"tool"_s});
        QVERIFY(QDir(dir + u"/maker/made"_s).removeRecursively());
        QVERIFY(QDir(dir + u"/tool/built"_s).removeRecursively());
    };
    run.cli = {u"run"_s, u"mkdir"_s, u"--yes"_s, u"--parallel"_s, u"1"_s};
    run.arguments = {{u"action"_s, u"mkdir"_s}, {u"parallel"_s, 1}};
    cases.append(run);

    // Output on stdout and stderr naming the pack, its directory and the workspace.
    ParityCase exec;
    exec.name = exec.tool = u"exec"_s;
    exec.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {}, {u"alpha"_s, u"maker"_s});
    };
    exec.cli = QStringList{u"exec"_s, u"--yes"_s, u"--parallel"_s, u"1"_s, u"--"_s} + kExecCommand;
    exec.arguments = {{u"cmd"_s, QJsonArray::fromStringList(kExecCommand)}, {u"parallel"_s, 1}};
    cases.append(exec);

    // A changed file and a stash in alpha, a commit on a branch of beta's no remote has, and a
    // task with an uncommitted change: not safe, exit 7, the same report from the tool.
    ParityCase leave;
    leave.name = leave.tool = u"safe-to-leave"_s;
    leave.setup = [](const QString &dir, const QString &remotes) {
        workspaceWithTask(dir, remotes, true);
        QVERIFY(writeFile(dir + u"/alpha/stashed.txt"_s, "s\n"));
        runGit(dir + u"/alpha"_s, {u"add"_s, u"stashed.txt"_s});
        runGit(dir + u"/alpha"_s, {u"stash"_s, u"-q"_s});
        QVERIFY(writeFile(dir + u"/alpha/README.md"_s, "edited\n"));
        runGit(dir + u"/beta"_s, {u"checkout"_s, u"-q"_s, u"-b"_s, u"spike"_s});
        runGit(dir + u"/beta"_s, {u"commit"_s, u"-q"_s, u"--allow-empty"_s, u"-m"_s, u"spike"_s});
        runGit(dir + u"/beta"_s, {u"checkout"_s, u"-q"_s, u"main"_s});
    };
    leave.cli = {u"safe-to-leave"_s};
    leave.exitCode = 7;
    cases.append(leave);

    // Two packs, each with a worktree of its own.
    ParityCase taskStart;
    taskStart.name = taskStart.tool = u"task-start"_s;
    taskStart.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {}, {u"alpha"_s, u"beta"_s});
    };
    taskStart.cli = {u"task"_s, u"start"_s, u"t"_s, u"alpha"_s, u"beta"_s};
    taskStart.arguments = {{u"name"_s, u"t"_s}, {u"packs"_s, QJsonArray{u"alpha"_s, u"beta"_s}}};
    cases.append(taskStart);

    // One pack changed, one not, with the files.
    ParityCase taskStatus;
    taskStatus.name = taskStatus.tool = u"task-status"_s;
    taskStatus.setup = [](const QString &dir, const QString &remotes) {
        workspaceWithTask(dir, remotes, true);
    };
    taskStatus.cli = {u"task"_s, u"status"_s, u"--files"_s};
    taskStatus.arguments = {{u"files"_s, true}};
    cases.append(taskStatus);

    ParityCase taskDiff;
    taskDiff.name = taskDiff.tool = u"task-diff"_s;
    taskDiff.setup = taskStatus.setup;
    taskDiff.cli = {u"task"_s, u"diff"_s, u"t"_s};
    taskDiff.arguments = {{u"name"_s, u"t"_s}};
    cases.append(taskDiff);

    // The same commit at both front ends: the identity and dates are fixed (initTestCase).
    ParityCase taskCommit;
    taskCommit.name = taskCommit.tool = u"task-commit"_s;
    taskCommit.setup = taskStatus.setup;
    taskCommit.cli = {u"task"_s, u"commit"_s, u"t"_s, u"-m"_s, u"Change the README"_s};
    taskCommit.arguments = {{u"name"_s, u"t"_s}, {u"message"_s, u"Change the README"_s}};
    cases.append(taskCommit);

    // alpha's commit goes out (the same commit from both workspaces: fixed identity and date);
    // beta has none.
    ParityCase taskPush;
    taskPush.name = taskPush.tool = u"task-push"_s;
    taskPush.setup = [](const QString &dir, const QString &remotes) {
        workspaceWithTaskCommit(dir, remotes);
    };
    taskPush.cli = {u"task"_s, u"push"_s, u"t"_s, u"--yes"_s};
    taskPush.arguments = {{u"name"_s, u"t"_s}};
    cases.append(taskPush);

    // The git a person runs in a pack: the same report from both front ends.
    ParityCase switchBack;
    switchBack.name = switchBack.tool = u"switch"_s;
    switchBack.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {}, {u"alpha"_s});
        runGit(dir + u"/alpha"_s, {u"switch"_s, u"-q"_s, u"-c"_s, u"feature"_s});
    };
    switchBack.cli = {u"switch"_s, u"alpha"_s};
    switchBack.arguments = {{u"packs"_s, QJsonArray{u"alpha"_s}}};
    cases.append(switchBack);

    const auto changed = [](const QString &dir, const QString &remotes) {
        workspaceWithChange(dir, remotes, false);
    };
    ParityCase stash;
    stash.name = stash.tool = u"stash"_s;
    stash.setup = changed;
    stash.cli = {u"stash"_s, u"alpha"_s, u"beta"_s, u"-m"_s, u"Aside"_s};
    stash.arguments = {{u"packs"_s, QJsonArray{u"alpha"_s, u"beta"_s}}, {u"message"_s, u"Aside"_s}};
    cases.append(stash);

    ParityCase discard;
    discard.name = discard.tool = u"discard"_s;
    discard.setup = changed;
    discard.cli = {u"discard"_s, u"--filter"_s, u"drift=dirty"_s, u"--yes"_s};
    discard.arguments = {{u"filter"_s, u"drift=dirty"_s}};
    cases.append(discard);

    ParityCase commit;
    commit.name = commit.tool = u"commit"_s;
    commit.setup = changed;
    commit.cli = {u"commit"_s, u"alpha"_s, u"beta"_s, u"-m"_s, u"Change the README"_s};
    commit.arguments = {{u"packs"_s, QJsonArray{u"alpha"_s, u"beta"_s}},
                        {u"message"_s, u"Change the README"_s}};
    cases.append(commit);

    ParityCase push;
    push.name = push.tool = u"push"_s;
    push.setup = [](const QString &dir, const QString &remotes) {
        workspaceWithChange(dir, remotes, true);
    };
    push.cli = {u"push"_s, u"alpha"_s, u"beta"_s, u"--yes"_s};
    push.arguments = {{u"packs"_s, QJsonArray{u"alpha"_s, u"beta"_s}}};
    cases.append(push);

    // Nothing only here: the task ends.
    ParityCase taskFinish;
    taskFinish.name = taskFinish.tool = u"task-finish"_s;
    taskFinish.setup = [](const QString &dir, const QString &remotes) {
        workspaceWithTask(dir, remotes, false);
    };
    taskFinish.cli = {u"task"_s, u"finish"_s, u"t"_s};
    taskFinish.arguments = {{u"name"_s, u"t"_s}};
    cases.append(taskFinish);

    // An uncommitted change thrown away, approved.
    ParityCase taskAbandon;
    taskAbandon.name = taskAbandon.tool = u"task-abandon"_s;
    taskAbandon.setup = taskStatus.setup;
    taskAbandon.cli = {u"task"_s, u"abandon"_s, u"t"_s, u"--force"_s, u"--yes"_s};
    taskAbandon.arguments = {{u"name"_s, u"t"_s}, {u"force"_s, true}};
    cases.append(taskAbandon);

    return cases;
}

// Calls that fail: the CLI's --json error envelope and the tool's error must carry one error.
QList<ParityCase> failureCases()
{
    QList<ParityCase> cases;

    ParityCase missingRemote;
    missingRemote.name = u"add of a missing repository"_s;
    missingRemote.tool = u"add"_s;
    missingRemote.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {});
    };
    missingRemote.cli = {u"add"_s, u"file://{remotes}/missing.git"_s};
    missingRemote.arguments = {{u"url"_s, u"file://{remotes}/missing.git"_s}};
    missingRemote.exitCode = 4;
    missingRemote.kind = u"pack_op"_s;
    cases.append(missingRemote);

    ParityCase unknownPack;
    unknownPack.name = u"rm of an unregistered pack"_s;
    unknownPack.tool = u"rm"_s;
    unknownPack.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {}, {u"alpha"_s});
    };
    unknownPack.cli = {u"rm"_s, u"ghost"_s, u"--yes"_s};
    unknownPack.arguments = {{u"path"_s, u"ghost"_s}};
    unknownPack.exitCode = 2;
    unknownPack.kind = u"usage"_s;
    cases.append(unknownPack);

    // No terminal and no --yes at the CLI; no window, no elicitation and no
    // --approve-destructive at the server.
    ParityCase refused;
    refused.name = u"exec without approval"_s;
    refused.tool = u"exec"_s;
    refused.setup = [](const QString &dir, const QString &remotes) {
        workspaceWith(dir, remotes, {}, {u"alpha"_s});
    };
    refused.cli = {u"exec"_s, u"--"_s, u"true"_s};
    refused.arguments = {{u"cmd"_s, QJsonArray{u"true"_s}}};
    refused.approve = false;
    refused.frontEndHint = true;
    refused.exitCode = 9;
    refused.kind = u"not_approved"_s;
    cases.append(refused);

    return cases;
}

// One data row per case, named by it.
void addRows(const QList<ParityCase> &cases)
{
    QTest::addColumn<ParityCase>("parity");
    for (const ParityCase &parity : cases)
        QTest::newRow(qPrintable(parity.name)) << parity;
}

} // namespace

Q_DECLARE_METATYPE(ParityCase)

// The rule that a verb's document is written once: `grex <verb> --json` and the MCP tool's
// result are the same document, for every tool, on success and on failure.
class tst_McpParity : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;

    // The directory of a case, named after its row.
    QString caseDir(const ParityCase &parity) const
    {
        return m_tmp.filePath(QString(parity.name).replace(u' ', u'-'));
    }

    // Builds both workspaces of a case, <case>/cli/ws and <case>/mcp/ws, from the repositories
    // it creates in <case>/remotes; returns that directory, or "" when a setup failed.
    QString prepare(const ParityCase &parity, const QString &dir)
    {
        const QString remotes = dir + u"/remotes"_s;
        createRemotes(remotes);
        for (const QString &frontEnd : {u"cli"_s, u"mcp"_s}) {
            parity.setup(dir + u'/' + frontEnd + u"/ws"_s, remotes);
            if (QTest::currentTestFailed())
                return {};
        }
        if (parity.upstream)
            parity.upstream(remotes);
        return remotes;
    }

    RunResult runCli(const ParityCase &parity, const QString &dir, const QString &remotes)
    {
        QStringList args;
        for (const QString &arg : parity.cli)
            args.append(withRemotes(arg, remotes));
        RunOptions options;
        options.workDir = dir + u"/cli/ws"_s;
        // --json before the verb: after exec's "--" it would be part of the command.
        return runGrex(QStringList{u"--json"_s} + args, options);
    }

    // The response to the case's tools/call; an empty object, with the server's log in *log,
    // when the server did not answer or did not exit cleanly afterwards.
    QJsonObject callTool(const ParityCase &parity, const QString &dir, const QString &remotes,
                         QByteArray *log)
    {
        // One pack at a time, as the CLI runs with --parallel 1 where packs' order shows.
        QStringList options{u"--parallel"_s, u"1"_s};
        if (parity.approve)
            options.append(u"--approve-destructive"_s);
        Serve serve(dir + u"/mcp/ws"_s, options);
        QJsonObject response;
        if (serve.initialize()) {
            response = serve.request(u"tools/call"_s,
                                     {{u"name"_s, parity.tool},
                                      {u"arguments"_s, withRemotes(parity.arguments, remotes)}});
        }
        if (!serve.finish())
            response = {};
        *log = serve.log();
        return response;
    }

    // A tool's outputSchema as the server lists it (everyToolHasACase keeps them), else as the
    // same function makes it for the newest revision.
    QJsonObject outputSchemaOf(const QString &tool) const
    {
        if (m_outputSchemas.contains(tool))
            return m_outputSchemas.value(tool);
        const Grex::JsonArray tools = Grex::Mcp::toolList({tool}, Grex::Mcp::Revision::V2026_07_28);
        if (tools.isEmpty())
            return {};
        return tools.at(0).toObject().value(u"outputSchema"_s).toQJsonValue().toObject();
    }

    QHash<QString, QJsonObject> m_outputSchemas;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_tmp.isValid());
        // A task's commit is the same at both front ends: one identity, one time.
        for (const QByteArray &who : {QByteArray("GIT_AUTHOR"), QByteArray("GIT_COMMITTER")}) {
            qputenv(QByteArray(who + "_NAME").constData(), "Tess Tester");
            qputenv(QByteArray(who + "_EMAIL").constData(), "tess@example.org");
            qputenv(QByteArray(who + "_DATE").constData(), "2026-11-29T12:00:00Z");
        }
    }

    // The rows below cover exactly the tools the server lists.
    void everyToolHasACase()
    {
        const QString dir = m_tmp.filePath(u"tools"_s);
        initialisedWorkspace(dir);
        Serve serve(dir, {});
        QVERIFY(serve.initialize());
        QStringList listed;
        const QJsonArray tools = serve.request(u"tools/list"_s, {})
                                     .value(u"result"_s)
                                     .toObject()
                                     .value(u"tools"_s)
                                     .toArray();
        for (const QJsonValue &tool : tools) {
            const QJsonObject object = tool.toObject();
            const QString name = object.value(u"name"_s).toString();
            listed.append(name);
            // Every document that is an object declares its members, not just "an object".
            const Grex::VerbSpec *verb = Grex::findVerb(name);
            QVERIFY(verb);
            if (verb->objectResult) {
                const QJsonObject schema = object.value(u"outputSchema"_s).toObject();
                QVERIFY2(schema.contains(u"properties"_s) || schema.contains(u"oneOf"_s),
                         qPrintable(name));
                QCOMPARE(schema.value(u"type"_s).toString(), u"object"_s);
                m_outputSchemas.insert(name, schema);
            }
        }
        QVERIFY(serve.finish());
        QStringList covered;
        for (const ParityCase &parity : verbCases())
            covered.append(parity.tool);
        covered.removeDuplicates();
        listed.sort();
        covered.sort();
        QCOMPARE(covered, listed);
        QCOMPARE(listed, mcpToolNames());
    }

    void verbDocument_data() { addRows(verbCases()); }

    void verbDocument()
    {
        QFETCH(ParityCase, parity);
        const QString dir = caseDir(parity);
        const QString remotes = prepare(parity, dir);
        QVERIFY(!remotes.isEmpty());
        const Grex::VerbSpec *verb = Grex::findVerb(parity.tool);
        QVERIFY(verb);

        const RunResult cli = runCli(parity, dir, remotes);
        QVERIFY2(!cli.crashed, cli.err.constData());
        QVERIFY2(cli.exitCode == parity.exitCode,
                 qPrintable(u"exit %1: %2"_s.arg(cli.exitCode).arg(cli.errText())));
        QCOMPARE(cli.out.count('\n'), 1);

        QByteArray log;
        const QJsonObject response = callTool(parity, dir, remotes, &log);
        QVERIFY2(!response.isEmpty(), log.constData());
        const QJsonObject result = response.value(u"result"_s).toObject();
        QVERIFY2(result.value(u"isError"_s) == QJsonValue(false),
                 QJsonDocument(response).toJson().constData());
        const QByteArray text = result.value(u"content"_s)
                                    .toArray()
                                    .at(0)
                                    .toObject()
                                    .value(u"text"_s)
                                    .toString()
                                    .toUtf8();
        // The text content is the document; an object is also the structured content, and an
        // array, which structuredContent cannot hold, is the text alone.
        const QJsonValue document = parsed(text);
        if (verb->objectResult) {
            QVERIFY(document.isObject());
            QCOMPARE(result.value(u"structuredContent"_s), document);
            // The tool's outputSchema, as tools/list gives it, holds for its real document.
            const QStringList problems = schemaProblems(document, outputSchemaOf(verb->name));
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
        } else {
            QVERIFY(document.isArray());
            QVERIFY(!result.contains(u"structuredContent"_s));
            // No outputSchema for an array, but its declared shape holds all the same.
            QVERIFY2(verb->documentShape, qPrintable(verb->name));
            const QStringList problems = schemaProblems(
                document,
                Grex::JsonValue(verb->documentShape().toJsonSchema()).toQJsonValue().toObject());
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
        }

        const QByteArray cliText = normalised(cli.out.trimmed(), rootSpellings(dir + u"/cli/ws"_s));
        const QByteArray mcpText = normalised(text, rootSpellings(dir + u"/mcp/ws"_s));
        QVERIFY2(!parsed(cliText).isUndefined(), cli.out.constData());
        const QString difference = firstDifference(parsed(cliText), parsed(mcpText));
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        // Equal text too: the members come in the same order.
        QCOMPARE(cliText, mcpText);
    }

    void failureDocument_data() { addRows(failureCases()); }

    void failureDocument()
    {
        QFETCH(ParityCase, parity);
        const QString dir = caseDir(parity);
        const QString remotes = prepare(parity, dir);
        QVERIFY(!remotes.isEmpty());

        const RunResult cli = runCli(parity, dir, remotes);
        QVERIFY2(!cli.crashed, cli.err.constData());
        QVERIFY2(cli.exitCode == parity.exitCode,
                 qPrintable(u"exit %1: %2"_s.arg(cli.exitCode).arg(cli.errText())));
        const QJsonObject envelope =
            parsed(normalised(cli.out.trimmed(), rootSpellings(dir + u"/cli/ws"_s))).toObject();
        QCOMPARE(envelope.value(u"verb"_s).toString(), parity.tool);
        const QJsonValue cliError = envelope.value(u"error"_s);
        QCOMPARE(cliError.toObject().value(u"kind"_s).toString(), parity.kind);

        // A failure inside the tool is an isError result whose text holds the error; a usage
        // error is a JSON-RPC error. Either way the error object is the data.
        QByteArray log;
        const QJsonObject response = callTool(parity, dir, remotes, &log);
        QVERIFY2(!response.isEmpty(), log.constData());
        QByteArray failure;
        if (response.contains(u"error"_s)) {
            failure =
                QJsonDocument(response.value(u"error"_s).toObject()).toJson(QJsonDocument::Compact);
        } else {
            const QJsonObject result = response.value(u"result"_s).toObject();
            QVERIFY2(result.value(u"isError"_s).toBool(),
                     QJsonDocument(response).toJson().constData());
            failure = result.value(u"content"_s)
                          .toArray()
                          .at(0)
                          .toObject()
                          .value(u"text"_s)
                          .toString()
                          .toUtf8();
        }
        const QJsonObject mcp =
            parsed(normalised(failure, rootSpellings(dir + u"/mcp/ws"_s))).toObject();
        QCOMPARE(mcp.value(u"message"_s), mcp.value(u"data"_s).toObject().value(u"message"_s));
        QJsonObject cliData = cliError.toObject();
        QJsonObject mcpData = mcp.value(u"data"_s).toObject();
        if (parity.frontEndHint) {
            QVERIFY(!cliData.take(u"hint"_s).toString().isEmpty());
            QVERIFY(!mcpData.take(u"hint"_s).toString().isEmpty());
        }
        const QString difference = firstDifference(cliData, mcpData);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }
};

QTEST_GUILESS_MAIN(tst_McpParity)
#include "tst_mcpparity.moc"
