#include "support/grexrunner.h"
#include "support/remotebuilder.h"
#include "securitysupport.h"
#include "support/testfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

// Path escapes through every path argument of every verb and MCP tool: '..', absolute paths
// outside, symlinks inside the workspace that point out of it, and names that differ only in
// case from a registered pack. Each is refused with an error that names the problem, and a
// snapshot of the workspace, HOME and the outside directory (paths, sizes, content hashes,
// modes, file mtimes) is the same afterwards.
//
// The path arguments, and what they may name (docs/design.md, "Pack paths" and
// "Workspace confinement"):
//
// | Where                               | Argument                   | Allowed                    |
// |-------------------------------------|----------------------------|----------------------------|
// | add (CLI, tool)                     | [path] / path              | a bare name, not a link,   |
// |                                     |                            | not a case twin            |
// | add                                 | url (a local path)         | anything: it is only read  |
// | rm, update (CLI, tool)              | path / pack                | a registered pack id/path  |
// | sync, teardown (CLI)                | [pack_root], --workspace   | the caller's choice        |
// | sync tool                           | packRoot, workspace        | inside the workspace       |
// | import (CLI)                        | --from-repos-json FILE     | the caller's choice        |
// | import tool                         | fromReposJson              | inside the workspace       |
// | import                              | "path" of each entry       | a bare name, not a link,   |
// |                                     |                            | not a case twin            |
// | init (CLI)                          | --hooks-path               | the caller's choice        |
// | init tool                           | hooksPath                  | inside the workspace       |
// | every verb                          | --manifest                 | the caller's choice        |
// | serve                               | --workspace, --manifest    | fixed at launch            |
// | grex.jsonl (a shared, edited file)  | "path" of add/update       | a bare name; else skipped, |
// |                                     |                            | and rm refuses to delete   |
// | pack.yaml, targets/<os>.yaml        | children[].path / url      | a bare name                |
// | root pack                           | .grex, .grex/workspace     | not links                  |
// | pack directory W/<path>             | (any verb that walks)      | not a link                 |
// | resources/read                      | grex://pack/<id>/pack.yaml | a registered pack's file,  |
// |                                     |                            | inside after symlinks      |
// | actions (symlink, mkdir, rmdir,     | src, dst, path, cwd        | anywhere: they write to    |
// | exec cwd)                           |                            | $HOME by design            |
//
// Placeholders in the data: @OUT@ the outside directory, @PLAIN@ a pack repository without
// pack.yaml, @REMOTES@ the directory of the bare repositories.
class tst_PathEscape : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_remotes;
    QString m_alpha;
    QString m_plain;
    QString m_outside;
    QString m_home;
    QStringList m_env;
    QString m_reusable;
    int m_counter = 0;

    QString expand(QString text) const
    {
        return text.replace(u"@OUT@"_s, m_outside)
            .replace(u"@PLAIN@"_s, m_plain)
            .replace(u"@REMOTES@"_s, m_remotes);
    }

    QStringList expand(const QStringList &list) const
    {
        QStringList out;
        for (const QString &item : list)
            out.append(expand(item));
        return out;
    }

    QJsonObject expand(const QJsonObject &object) const
    {
        QJsonObject out;
        for (auto it = object.begin(); it != object.end(); ++it)
            out.insert(it.key(), it->isString() ? QJsonValue(expand(it->toString())) : *it);
        return out;
    }

    RunResult grex(const QString &dir, const QStringList &args) const
    {
        RunOptions options;
        options.workDir = dir;
        options.env = m_env;
        return runGrex(args, options);
    }

    // A git repository initialised as a workspace, with alpha cloned and registered, and links
    // out of it: out (a directory), outclone (a clone of @PLAIN@), outempty (an empty
    // directory), dangling (nothing).
    QString hostileWorkspace()
    {
        const QString ws = m_tmp.filePath(u"ws%1"_s.arg(++m_counter));
        QDir().mkpath(ws);
        runGit(ws, {u"init"_s, u"-q"_s});
        if (grex(ws, {u"init"_s}).exitCode != 0 ||
            grex(ws, {u"add"_s, m_alpha, u"--no-install"_s}).exitCode != 0)
            qFatal("cannot set up %s", qPrintable(ws));
        for (const auto &[name, target] :
             QList<std::pair<QString, QString>>{{u"out"_s, m_outside},
                                                {u"outclone"_s, m_outside + u"/clone"_s},
                                                {u"outempty"_s, m_outside + u"/empty"_s},
                                                {u"dangling"_s, m_outside + u"/missing"_s}}) {
            if (!QFile::link(target, ws + u'/' + name))
                qFatal("cannot link %s", qPrintable(name));
        }
        return ws;
    }

    // The workspace of the rows that must change nothing: built once, and again only after a
    // row changed it.
    QString reusableWorkspace()
    {
        if (m_reusable.isEmpty())
            m_reusable = hostileWorkspace();
        return m_reusable;
    }

    // What changed since g was taken; a changed reusable workspace is not used again.
    QString written(const TreeGuard &g)
    {
        const QString changes = g.changes();
        if (!changes.isEmpty())
            m_reusable.clear();
        return changes;
    }

    TreeGuard guard(const QString &ws) const { return TreeGuard({ws, m_home, m_outside}); }

    // The line of stderr that carries the error.
    static QString errorLine(const RunResult &r)
    {
        for (const QString &line : r.errText().split(u'\n')) {
            if (line.startsWith(u"grex: error:"_s))
                return line;
        }
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        ::chmod(QFile::encodeName(m_tmp.path()).constData(), 0755);
        m_remotes = m_tmp.filePath(u"remotes"_s);
        RemoteBuilder remotes(m_remotes);
        m_alpha = remotes.create(u"alpha"_s, RemoteBuilder::packFiles(u"alpha"_s));
        m_plain = remotes.create(u"plain"_s, {{u"README.md"_s, "plain\n"}});

        m_outside = m_tmp.filePath(u"outside"_s);
        QVERIFY(QDir().mkpath(m_outside + u"/empty"_s));
        QVERIFY(writeFile(m_outside + u"/keep.txt"_s, "keep\n"));
        QVERIFY(writeFile(m_outside + u"/secret.yaml"_s, "TOPSECRET\n"));
        QVERIFY(writeFile(m_outside + u"/repos.json"_s,
                          "[{\"url\":\"" + m_plain.toUtf8() + "\",\"path\":\"imported\"}]"));
        QVERIFY(QDir().mkpath(m_outside + u"/hooks"_s));
        runGit(m_outside, {u"clone"_s, u"-q"_s, m_plain, u"clone"_s});

        m_home = m_tmp.filePath(u"home"_s);
        QVERIFY(QDir().mkpath(m_home));
        QVERIFY(writeFile(m_home + u"/.profile"_s, "# profile\n"));
        QDir().mkpath(m_tmp.filePath(u"run"_s));
        m_env = QStringList{u"HOME="_s + m_home, u"XDG_CONFIG_HOME="_s + m_home + u"/.config"_s,
                            u"XDG_RUNTIME_DIR="_s + m_tmp.filePath(u"run"_s)};
    }

    // The snapshot sees a write: without this the other tests could not fail.
    void guardSeesWrites()
    {
        const QString ws = hostileWorkspace();
        const TreeGuard g = guard(ws);
        QVERIFY(g.changes().isEmpty());
        QCOMPARE(grex(ws, {u"add"_s, m_plain, u"fine"_s, u"--no-install"_s}).exitCode, 0);
        QVERIFY(g.changes().contains(u"added "_s + ws + u"/fine"_s));
        QVERIFY(g.changes().contains(u"changed "_s + ws + u"/grex.jsonl"_s));
        // A change of mode alone is seen too.
        const QString keep = m_outside + u"/keep.txt"_s;
        const TreeGuard modes = guard(ws);
        QVERIFY(QFile(keep).setPermissions(QFile::ReadOwner));
        QVERIFY(modes.changes().contains(u"keep.txt"_s));
        QVERIFY(QFile(keep).setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup |
                                           QFile::ReadOther));
    }

    // A pack path given on the command line: add's [path], rm's and update's pack.
    void cliPackArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("problem");
        const QString plain = u"@PLAIN@"_s;
        const QString noInstall = u"--no-install"_s;
        QTest::newRow("add ..") << QStringList{u"add"_s, plain, u".."_s, noInstall} << 2
                                << u"points outside the workspace"_s;
        QTest::newRow("add ../outside") << QStringList{u"add"_s, plain, u"../outside"_s, noInstall}
                                        << 2 << u"points outside the workspace"_s;
        QTest::newRow("add absolute outside")
            << QStringList{u"add"_s, plain, u"@OUT@/new"_s, noInstall} << 2 << u"is absolute"_s;
        QTest::newRow("add dot-dot inside a nested path")
            << QStringList{u"add"_s, plain, u"src/../../x"_s, noInstall} << 2
            << u"points outside the workspace"_s;
        // Nested paths are allowed (docs/design.md, "Pack paths"), but never inside another pack's
        // clone, and never through a folder that is a link.
        QTest::newRow("add nested") << QStringList{u"add"_s, plain, u"alpha/sub"_s, noInstall} << 2
                                    << u"inside the working tree of pack 'alpha'"_s;
        QTest::newRow("add below a linked folder")
            << QStringList{u"add"_s, plain, u"out/sub"_s, noInstall} << 4 << u"symbolic link"_s;
        QTest::newRow("add backslash") << QStringList{u"add"_s, plain, u"..\\x"_s, noInstall} << 2
                                       << u"contains a path separator"_s;
        QTest::newRow("add .") << QStringList{u"add"_s, plain, u"."_s, noInstall} << 2
                               << u"the workspace itself"_s;
        QTest::newRow("add link to a directory")
            << QStringList{u"add"_s, plain, u"out"_s, noInstall} << 4 << u"symbolic link"_s;
        QTest::newRow("add link to a clone of the same url")
            << QStringList{u"add"_s, plain, u"outclone"_s, noInstall} << 4 << u"symbolic link"_s;
        QTest::newRow("add link to an empty directory")
            << QStringList{u"add"_s, plain, u"outempty"_s, noInstall} << 4 << u"symbolic link"_s;
        QTest::newRow("add dangling link")
            << QStringList{u"add"_s, plain, u"dangling"_s, noInstall} << 4 << u"symbolic link"_s;
        QTest::newRow("add case variant") << QStringList{u"add"_s, plain, u"ALPHA"_s, noInstall}
                                          << 2 << u"differs only in case"_s;
        QTest::newRow("add case variant, installing")
            << QStringList{u"add"_s, plain, u"Alpha"_s} << 2 << u"differs only in case"_s;
        for (const QString &verb : {u"rm"_s, u"update"_s}) {
            for (const QString &path :
                 {u".."_s, u"../outside"_s, u"@OUT@"_s, u"out"_s, u"outclone"_s, u"ALPHA"_s}) {
                QStringList args{verb, path};
                if (verb == u"rm")
                    args << u"--yes"_s << u"--force"_s;
                QTest::addRow("%s %s", qPrintable(verb), qPrintable(path))
                    << args << 2 << u"no registered pack is called"_s;
            }
        }
    }

    void cliPackArguments()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, problem);
        const QString ws = reusableWorkspace();
        const TreeGuard g = guard(ws);
        const RunResult r = grex(ws, expand(args));
        const QString changes = written(g);
        QVERIFY2(r.exitCode == exitCode, r.err.constData());
        QVERIFY2(errorLine(r).contains(problem), r.err.constData());
        QVERIFY2(changes.isEmpty(), qPrintable(changes));
    }

    // grex.jsonl is committed and shared: a path in it is as hostile as an argument. Every verb
    // that reads it leaves what is outside the workspace alone, and rm refuses to delete.
    void hostileIntentLog_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("..") << u".."_s;
        QTest::newRow("../outside") << u"../outside"_s;
        QTest::newRow("absolute") << u"@OUT@"_s;
        QTest::newRow("dot-dot inside") << u"alpha/../../outside"_s;
        QTest::newRow("link to a directory") << u"out"_s;
        QTest::newRow("link to a clone") << u"outclone"_s;
        QTest::newRow("link to an empty directory") << u"outempty"_s;
    }

    void hostileIntentLog()
    {
        QFETCH(QString, path);
        const QString ws = hostileWorkspace();
        const QByteArray event = "{\"op\":\"add\",\"ts\":\"2026-01-01T00:00:00Z\",\"id\":\"evil\","
                                 "\"url\":\"" +
                                 m_plain.toUtf8() + "\",\"path\":\"" + expand(path).toUtf8() +
                                 "\",\"type\":\"meta\",\"schema_version\":\"1\"}\n";
        QFile log(ws + u"/grex.jsonl"_s);
        QVERIFY(log.open(QIODevice::Append));
        log.write(event);
        log.close();
        const bool isLink = QFileInfo(ws + u'/' + path).isSymLink();

        const QList<QStringList> commands{{u"ls"_s},
                                          {u"status"_s},
                                          {u"doctor"_s},
                                          {u"init"_s},
                                          {u"sync"_s},
                                          {u"update"_s},
                                          {u"teardown"_s},
                                          {u"exec"_s, u"--yes"_s, u"touch"_s, u"pwned"_s},
                                          {u"run"_s, u"--yes"_s, u"exec"_s}};
        for (const QStringList &command : commands) {
            const TreeGuard outside({m_home, m_outside});
            const RunResult r = grex(ws, command);
            QVERIFY2(!r.crashed, qPrintable(command.join(u' ')));
            const QString changes = outside.changes();
            QVERIFY2(changes.isEmpty(),
                     qPrintable(command.join(u' ') + u":\n"_s + changes + u'\n' + r.errText()));
            // A link is not a pack directory inside the workspace: the verbs that walk refuse
            // it, run and exec leave it out and say so.
            const QString verb = command.first();
            if (isLink && verb != u"ls" && verb != u"status" && verb != u"doctor" &&
                verb != u"init") {
                QVERIFY2((r.exitCode != 0 || verb == u"exec" || verb == u"run") &&
                             r.errText().contains(u"symbolic link"_s),
                         qPrintable(command.join(u' ') + u": "_s + r.errText()));
            }
        }

        // rm: an invalid path is refused untouched; a link goes, what it points to stays.
        const TreeGuard g = guard(ws);
        const TreeGuard outsideBefore({m_home, m_outside});
        const RunResult rm = grex(ws, {u"rm"_s, u"evil"_s, u"--yes"_s, u"--force"_s});
        if (isLink) {
            QVERIFY2(rm.exitCode == 0, rm.err.constData());
            QVERIFY(!QFileInfo(ws + u'/' + path).isSymLink());
            const QString changes = outsideBefore.changes();
            QVERIFY2(changes.isEmpty(), qPrintable(changes));
        } else {
            QCOMPARE(rm.exitCode, 3);
            QVERIFY2(errorLine(rm).contains(u"not a valid pack path"_s), rm.err.constData());
            const QString changes = g.changes();
            QVERIFY2(changes.isEmpty(), qPrintable(changes));
        }
    }

    // Every path argument of every MCP tool, through a real `grex serve`.
    void mcpPathArguments_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QJsonObject>("arguments");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("reason");
        const QString escapes = u"path_escapes_workspace"_s;
        for (const QString &path : {u".."_s, u"../outside"_s, u"@OUT@/x"_s, u"out"_s, u"outclone"_s,
                                    u"outempty"_s, u"out/x"_s}) {
            QTest::addRow("add path %s", qPrintable(path))
                << u"add"_s
                << QJsonObject{{u"url"_s, u"@PLAIN@"_s}, {u"path"_s, path}, {u"noInstall"_s, true}}
                << -32002 << escapes;
        }
        QTest::newRow("add path dangling") << u"add"_s
                                           << QJsonObject{{u"url"_s, u"@PLAIN@"_s},
                                                          {u"path"_s, u"dangling"_s},
                                                          {u"noInstall"_s, true}}
                                           << -32002 << u"path_escapes_workspace"_s;
        QTest::newRow("add path nested") << u"add"_s
                                         << QJsonObject{{u"url"_s, u"@PLAIN@"_s},
                                                        {u"path"_s, u"alpha/x"_s},
                                                        {u"noInstall"_s, true}}
                                         << -32602 << u"pack_inside_pack"_s;
        QTest::newRow("add path case variant") << u"add"_s
                                               << QJsonObject{{u"url"_s, u"@PLAIN@"_s},
                                                              {u"path"_s, u"ALPHA"_s},
                                                              {u"noInstall"_s, true}}
                                               << -32602 << u"case_clash"_s;
        for (const QString &path :
             {u".."_s, u"../outside"_s, u"@OUT@"_s, u"out"_s, u"outclone"_s}) {
            QTest::addRow("rm path %s", qPrintable(path))
                << u"rm"_s << QJsonObject{{u"path"_s, path}, {u"skipTeardown"_s, true}} << -32002
                << escapes;
        }
        QTest::newRow("rm path case variant")
            << u"rm"_s << QJsonObject{{u"path"_s, u"ALPHA"_s}} << -32602 << u"unknown_pack"_s;
        for (const QString &path :
             {u".."_s, u"../outside"_s, u"@OUT@"_s, u"out"_s, u"outclone"_s, u"out/x"_s}) {
            QTest::addRow("sync packRoot %s", qPrintable(path))
                << u"sync"_s << QJsonObject{{u"packRoot"_s, path}} << -32002 << escapes;
            QTest::addRow("sync workspace %s", qPrintable(path))
                << u"sync"_s << QJsonObject{{u"packRoot"_s, u"alpha"_s}, {u"workspace"_s, path}}
                << -32002 << escapes;
            QTest::addRow("import fromReposJson %s", qPrintable(path))
                << u"import"_s
                << QJsonObject{{u"fromReposJson"_s, QString(path + u"/repos.json"_s)}} << -32002
                << escapes;
            QTest::addRow("init hooksPath %s", qPrintable(path))
                << u"init"_s << QJsonObject{{u"hooksPath"_s, path}} << -32002 << escapes;
        }
        QTest::newRow("sync workspace through a dangling link")
            << u"sync"_s
            << QJsonObject{{u"packRoot"_s, u"alpha"_s}, {u"workspace"_s, u"dangling/ws"_s}}
            << -32002 << escapes;
        for (const QString &pack : {u".."_s, u"@OUT@"_s, u"ALPHA"_s}) {
            QTest::addRow("update pack %s", qPrintable(pack))
                << u"update"_s << QJsonObject{{u"pack"_s, pack}} << -32602 << u"unknown_pack"_s;
        }
    }

    void mcpPathArguments()
    {
        QFETCH(QString, tool);
        QFETCH(QJsonObject, arguments);
        QFETCH(int, code);
        QFETCH(QString, reason);
        const QString ws = reusableWorkspace();
        const TreeGuard g = guard(ws);
        McpStdio server(ws, {u"--approve-destructive"_s}, m_env);
        QVERIFY(server.started());
        const QJsonObject response = server.callTool(tool, expand(arguments));
        const bool finished = server.finish();
        const QString changes = written(g);
        const ToolRefusal refusal = toolRefusal(response);
        QVERIFY2(refusal.code == code, QJsonDocument(response).toJson().constData());
        QCOMPARE(refusal.reason, reason);
        QVERIFY(!refusal.message.isEmpty());
        QVERIFY(finished);
        QVERIFY2(changes.isEmpty(), qPrintable(changes));
    }

    // The pack.yaml resources: a pack.yaml that is a link out of the workspace, and a pack whose
    // recorded path leaves it, are not served.
    void mcpResourcesStayInside()
    {
        const QString parent = m_tmp.filePath(u"resources"_s);
        QDir().mkpath(parent + u"/.grex"_s);
        QVERIFY(writeFile(parent + u"/.grex/pack.yaml"_s, "TOPSECRET\n"));
        const QString ws = parent + u"/ws"_s;
        QDir().mkpath(ws);
        QCOMPARE(grex(ws, {u"init"_s}).exitCode, 0);
        QCOMPARE(grex(ws, {u"add"_s, m_alpha, u"--no-install"_s}).exitCode, 0);
        QVERIFY(QFile::remove(ws + u"/alpha/.grex/pack.yaml"_s));
        QVERIFY(QFile::link(m_outside + u"/secret.yaml"_s, ws + u"/alpha/.grex/pack.yaml"_s));
        QFile log(ws + u"/grex.jsonl"_s);
        QVERIFY(log.open(QIODevice::Append));
        log.write("{\"op\":\"add\",\"ts\":\"2026-01-01T00:00:00Z\",\"id\":\"up\",\"url\":\"" +
                  m_plain.toUtf8() +
                  "\",\"path\":\"..\",\"type\":\"meta\",\"schema_version\":\"1\"}\n");
        log.close();

        const TreeGuard g = guard(ws);
        McpStdio server(ws, {}, m_env);
        QVERIFY(server.started());
        for (const QString &uri :
             {u"grex://pack/alpha/pack.yaml"_s, u"grex://pack/up/pack.yaml"_s,
              u"grex://pack/..%2F..%2Foutside/pack.yaml"_s, u"grex://pack/%2E%2E/pack.yaml"_s}) {
            const QJsonObject response = server.request(u"resources/read"_s, {{u"uri"_s, uri}});
            QVERIFY2(response.contains(u"error"_s), qPrintable(uri));
            QVERIFY2(!QJsonDocument(response).toJson().contains("TOPSECRET"), qPrintable(uri));
        }
        QVERIFY(server.finish());
        const QString changes = g.changes();
        QVERIFY2(changes.isEmpty(), qPrintable(changes));
    }

    // The paths inside a REPOS.json, through the CLI and the import tool.
    void importedPaths_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("problem");
        QTest::newRow("..") << u".."_s << u"points outside the workspace"_s;
        QTest::newRow("../outside") << u"../outside"_s << u"points outside the workspace"_s;
        QTest::newRow("absolute") << u"@OUT@"_s << u"is absolute"_s;
        QTest::newRow("nested") << u"alpha/x"_s << u"inside the working tree of pack"_s;
        QTest::newRow("below a linked folder") << u"out/x"_s << u"symbolic link"_s;
        QTest::newRow("link to a directory") << u"out"_s << u"symbolic link"_s;
        QTest::newRow("link to a clone") << u"outclone"_s << u"symbolic link"_s;
        QTest::newRow("dangling link") << u"dangling"_s << u"symbolic link"_s;
        QTest::newRow("case variant") << u"ALPHA"_s << u"differs only in case"_s;
    }

    void importedPaths()
    {
        QFETCH(QString, path);
        QFETCH(QString, problem);
        const QString ws = hostileWorkspace();
        const QJsonArray entries{QJsonObject{{u"url"_s, m_plain}, {u"path"_s, expand(path)}}};
        QVERIFY(writeFile(ws + u"/repos.json"_s, QJsonDocument(entries).toJson()));
        const TreeGuard g = guard(ws);

        const RunResult cli =
            grex(ws, {u"import"_s, u"--from-repos-json"_s, u"repos.json"_s, u"--json"_s});
        QVERIFY2(cli.exitCode == 4, cli.err.constData());
        const QJsonArray failed = cli.json().object().value(u"failed"_s).toArray();
        QVERIFY2(failed.size() == 1, cli.out.constData());
        QVERIFY2(failed.first().toObject().value(u"error"_s).toString().contains(problem),
                 cli.out.constData());

        McpStdio server(ws, {}, m_env);
        QVERIFY(server.started());
        const ToolRefusal refusal =
            toolRefusal(server.callTool(u"import"_s, {{u"fromReposJson"_s, u"repos.json"_s}}));
        QCOMPARE(refusal.code, -32002);
        QCOMPARE(refusal.reason, u"import_failed"_s);
        QVERIFY(server.finish());
        const QString changes = g.changes();
        QVERIFY2(changes.isEmpty(), qPrintable(changes));
    }

    // children: in pack.yaml and in a per-OS override, in root-pack mode (a directory the
    // user names, here not a git repository, so nothing is fetched).
    void packYamlChildren_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("override");
        QTest::addColumn<QString>("problem");
        const QByteArray head = "schema_version: \"1\"\nname: root\ntype: meta\n";
        const auto child = [](const QByteArray &url, const QByteArray &path) -> QByteArray {
            return "children:\n  - url: " + url + "\n" +
                   (path.isEmpty() ? QByteArray() : "    path: \"" + path + "\"\n");
        };
        const QByteArray plain = "@PLAIN@";
        for (const QByteArray &path :
             {QByteArray(".."), QByteArray("../outside"), QByteArray("@OUT@/x"), QByteArray("a/b"),
              QByteArray("."), QByteArray("..\\\\x")}) {
            QTest::addRow("child %s", path.constData())
                << head + child(plain, path) << QString() << u"single directory name"_s;
            QTest::addRow("override child %s", path.constData())
                << head << QString::fromUtf8(child(plain, path)) << u"single directory name"_s;
        }
        QTest::newRow("child path from the url")
            << head + child("@REMOTES@/..", {}) << QString() << u"single directory name"_s;
        QTest::newRow("child through a link")
            << head + child(plain, "out") << QString() << u"symbolic link"_s;
        QTest::newRow("child differing in case from another")
            << head + child(plain, "plain") + "  - url: " + plain + "\n    path: PLAIN\n"
            << QString() << u"differs only in case"_s;
    }

    void packYamlChildren()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, override);
        QFETCH(QString, problem);
        const QString root = m_tmp.filePath(u"root%1"_s.arg(++m_counter));
        QDir().mkpath(root + u"/.grex/targets"_s);
        QDir().mkpath(root + u"/.grex/workspace"_s);
        QVERIFY(QFile::link(m_outside + u"/empty"_s, root + u"/.grex/workspace/out"_s));
        QVERIFY(writeFile(root + u"/.grex/pack.yaml"_s, expand(QString::fromUtf8(yaml)).toUtf8()));
        if (!override.isEmpty())
            QVERIFY(writeFile(root + u"/.grex/targets/linux.yaml"_s, expand(override).toUtf8()));
        // The child through a link fails alone (docs/design.md, "Pack graph and validation"): the
        // run goes on and writes what every sync writes inside the root pack, and nothing anywhere
        // else.
        const TreeGuard g = problem == u"symbolic link" ? TreeGuard({m_home, m_outside})
                                                         : guard(root);
        const RunResult r = grex(m_tmp.path(), {u"sync"_s, root});
        QVERIFY2(r.exitCode == 4, r.err.constData());
        QVERIFY2(errorLine(r).contains(problem), r.err.constData());
        const QString changes = g.changes();
        QVERIFY2(changes.isEmpty(), qPrintable(changes));
        QVERIFY(QFileInfo(root + u"/.grex/workspace/out"_s).isSymLink());
    }

    // Root-pack mode: a pack repository can carry .grex/workspace (where children are cloned)
    // or .grex itself (where the log and lockfile go) as links out of it.
    void rootPackLinks_data()
    {
        QTest::addColumn<QString>("link");
        QTest::newRow(".grex/workspace") << u".grex/workspace"_s;
        QTest::newRow(".grex") << u".grex"_s;
    }

    void rootPackLinks()
    {
        QFETCH(QString, link);
        const QString root = m_tmp.filePath(u"root%1"_s.arg(++m_counter));
        const QString target = m_outside + u"/empty"_s;
        const QByteArray yaml = "schema_version: \"1\"\nname: root\ntype: meta\nchildren:\n"
                                "  - url: " +
                                m_plain.toUtf8() + "\n";
        if (link == u".grex") {
            // The pack.yaml it reads is the one out there.
            QDir().mkpath(root);
            QVERIFY(QDir().mkpath(m_outside + u"/grexdir"_s));
            QVERIFY(writeFile(m_outside + u"/grexdir/pack.yaml"_s, yaml));
            QVERIFY(QFile::link(m_outside + u"/grexdir"_s, root + u"/.grex"_s));
        } else {
            QDir().mkpath(root + u"/.grex"_s);
            QVERIFY(writeFile(root + u"/.grex/pack.yaml"_s, yaml));
            QVERIFY(QFile::link(target, root + u'/' + link));
        }
        const TreeGuard g = guard(root);
        const RunResult r = grex(m_tmp.path(), {u"sync"_s, root});
        QVERIFY2(r.exitCode == 4, r.err.constData());
        QVERIFY2(errorLine(r).contains(u"symbolic link"_s), r.err.constData());
        const QString changes = g.changes();
        QVERIFY2(changes.isEmpty(), qPrintable(changes));
    }

    // A registered pack's child whose name differs only in case from a registered pack.
    void childCaseClash()
    {
        const QString ws = hostileWorkspace();
        RemoteBuilder remotes(m_remotes);
        const QString parent =
            remotes.create(u"parent%1"_s.arg(m_counter),
                           RemoteBuilder::packFiles(u"parent%1"_s.arg(m_counter), u"meta"_s,
                                                    "children:\n  - url: " + m_plain.toUtf8() +
                                                        "\n    path: ALPHA\n"));
        QCOMPARE(grex(ws, {u"add"_s, parent, u"--no-install"_s}).exitCode, 0);
        const TreeGuard g = guard(ws);
        const RunResult r = grex(ws, {u"sync"_s, u"--dry-run"_s});
        QVERIFY2(r.exitCode == 4, r.err.constData());
        QVERIFY2(errorLine(r).contains(u"differs only in case"_s), r.err.constData());
        const QString changes = g.changes();
        QVERIFY2(changes.isEmpty(), qPrintable(changes));
    }
};

QTEST_GUILESS_MAIN(tst_PathEscape)
#include "tst_pathescape.moc"
