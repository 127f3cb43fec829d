#include "support/grexrunner.h"
#include "support/remotebuilder.h"
#include "securitysupport.h"
#include "support/testfiles.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <sys/stat.h>

using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kMiB = 1024 * 1024;
// What one hostile run may take: generous for a debug build on a busy machine, far below what
// an unbounded parse of the inputs would need.
constexpr qint64 kSecondsPerRun = 20;

// A YAML "billion laughs": ten levels of ten aliases, 10^9 strings if expanded.
QByteArray aliasBomb(const QByteArray &indent)
{
    QByteArray yaml = indent + "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
    for (int level = 1; level <= 9; ++level) {
        const QByteArray name = "a" + QByteArray::number(level);
        const QByteArray previous = "*a" + QByteArray::number(level - 1);
        QByteArrayList items;
        for (int i = 0; i < 10; ++i)
            items.append(previous);
        yaml += indent + name + ": &" + name + " [" + items.join(", ") + "]\n";
    }
    return yaml;
}

} // namespace

// Hostile input, each refused within a bounded time and memory, with an error that names the
// problem, and nothing written: YAML alias bombs, deep nesting, huge lines and invalid UTF-8 in
// pack.yaml (and its per-OS override), grex.jsonl, grex.lock.jsonl, REPOS.json, MCP frames and
// command-line arguments; HTTP requests without the token, with a wrong one, from a foreign
// Origin or with an oversized body.
class tst_HostileInput : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_alpha;
    QString m_plain;
    QString m_home;
    QStringList m_env;
    int m_counter = 0;

    RunResult grex(const QString &dir, const QStringList &args) const
    {
        RunOptions options;
        options.workDir = dir;
        options.env = m_env;
        options.timeoutMs = int(kSecondsPerRun * 1000);
        return runGrex(args, options);
    }

    // An initialised workspace with alpha cloned and registered.
    QString workspace()
    {
        const QString ws = m_tmp.filePath(u"ws%1"_s.arg(++m_counter));
        QDir().mkpath(ws);
        if (grex(ws, {u"init"_s}).exitCode != 0 ||
            grex(ws, {u"add"_s, m_alpha, u"--no-install"_s}).exitCode != 0)
            qFatal("cannot set up %s", qPrintable(ws));
        return ws;
    }

    // A root pack directory (not a git repository) inside dir.
    QString rootPack(const QString &dir, const QByteArray &yaml, const QByteArray &linuxYaml = {})
    {
        const QString root = dir + u"/root%1"_s.arg(++m_counter);
        QDir().mkpath(root + u"/.grex/targets"_s);
        if (!writeFile(root + u"/.grex/pack.yaml"_s, yaml) ||
            (!linuxYaml.isEmpty() && !writeFile(root + u"/.grex/targets/linux.yaml"_s, linuxYaml)))
            qFatal("cannot write %s", qPrintable(root));
        return root;
    }

    // Runs grex and checks the refusal: exit code, the error naming the problem, the time, the
    // peak memory, and nothing changed in dirs.
    void expectRefused(const QString &dir, const QByteArrayList &args, int exitCode,
                       const QString &problem, const QStringList &dirs,
                       qint64 maxRssKib = 96 * 1024)
    {
        const TreeGuard g(dirs);
        const MeasuredRun r =
            runMeasured(grexBinary().toUtf8(), args, dir, m_env, int(kSecondsPerRun * 1000));
        const QString what = QString::fromUtf8(args.join(' ').left(200));
        const QString err = QString::fromUtf8(r.err.left(2000));
        QVERIFY2(!r.crashed, qPrintable(what + u": "_s + err));
        QVERIFY2(r.exitCode == exitCode,
                 qPrintable(what + u": exit "_s + QString::number(r.exitCode) + u": "_s + err));
        QString error;
        for (const QString &line : QString::fromUtf8(r.err).split(u'\n')) {
            if (line.startsWith(u"grex: error:"_s))
                error = line;
        }
        QVERIFY2(error.contains(problem), qPrintable(what + u": "_s + err));
        QVERIFY2(error.size() < 1000, qPrintable(error.left(200)));
        QVERIFY2(r.peakRssKib < rssBoundKib(maxRssKib),
                 qPrintable(u"%1: peak RSS %2 KiB"_s.arg(what).arg(r.peakRssKib)));
        const QString changes = g.changes();
        QVERIFY2(changes.isEmpty(), qPrintable(what + u":\n"_s + changes));
    }

    static QByteArrayList bytes(const QStringList &args)
    {
        QByteArrayList list;
        for (const QString &arg : args)
            list.append(arg.toUtf8());
        return list;
    }

private Q_SLOTS:
    void initTestCase()
    {
        ::chmod(QFile::encodeName(m_tmp.path()).constData(), 0755);
        RemoteBuilder remotes(m_tmp.filePath(u"remotes"_s));
        m_alpha = remotes.create(u"alpha"_s, RemoteBuilder::packFiles(u"alpha"_s));
        m_plain = remotes.create(u"plain"_s, {{u"README.md"_s, "plain\n"}});
        m_home = m_tmp.filePath(u"home"_s);
        QVERIFY(QDir().mkpath(m_home));
        QVERIFY(writeFile(m_home + u"/.profile"_s, "# profile\n"));
        QDir().mkpath(m_tmp.filePath(u"run"_s));
        m_env = QStringList{u"HOME="_s + m_home, u"XDG_CONFIG_HOME="_s + m_home + u"/.config"_s,
                            u"XDG_RUNTIME_DIR="_s + m_tmp.filePath(u"run"_s)};
    }

    // pack.yaml and targets/linux.yaml, read by sync in root-pack mode and through the sync
    // tool of grex serve (the pack root inside its workspace).
    void hostilePackYaml_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QByteArray>("linuxYaml");
        QTest::addColumn<QString>("problem");
        const QByteArray head = "schema_version: \"1\"\nname: root\ntype: declarative\n";
        QTest::newRow("alias bomb") << head + "x-bomb:\n" + aliasBomb("  ") << QByteArray()
                                    << u"anchors and aliases are not allowed"_s;
        QTest::newRow("alias bomb in the override")
            << head << "x-bomb:\n" + aliasBomb("  ") << u"anchors and aliases are not allowed"_s;
        QTest::newRow("alias bomb in actions")
            << head + "x-laughs:\n" + aliasBomb("  ") + "actions:\n  - mkdir: {path: *a9}\n"
            << QByteArray() << u"anchors and aliases are not allowed"_s;
        QTest::newRow("100000 [") << head + "x-deep: " + QByteArray(100000, '[') + "\n"
                                  << QByteArray() << u"nested more than"_s;
        QTest::newRow("100000 {") << head + "x-deep: " + QByteArray(100000, '{') + "\n"
                                  << QByteArray() << u"nested more than"_s;
        QTest::newRow("3000 nested block sequences")
            << head + "x-deep:\n  " + QByteArray("- ").repeated(3000) + "x\n"
            << QByteArray() << u"nested more than"_s;
        QTest::newRow("deep nesting in the override")
            << head << "x-deep: " + QByteArray(100000, '[') + "\n"
            << u"nested more than"_s;
        QTest::newRow("invalid UTF-8 in a path")
            << head + "actions:\n  - mkdir: {path: \"/tmp/x\xff\xfey\"}\n"
            << QByteArray() << u"not valid UTF-8"_s;
        QTest::newRow("invalid UTF-8 in a comment") << head + "# caf\xe9\n"
                                                    << QByteArray() << u"not valid UTF-8"_s;
        QTest::newRow("overlong UTF-8") << head + "x-a: \"\xc0\xaf\"\n"
                                        << QByteArray() << u"not valid UTF-8"_s;
        QTest::newRow("UTF-8 surrogate") << head + "x-a: \"\xed\xa0\x80\"\n"
                                         << QByteArray() << u"not valid UTF-8"_s;
        QTest::newRow("invalid UTF-8 in the override")
            << head << QByteArray("actions:\n  - mkdir: {path: \"/tmp/\xff\"}\n")
            << u"not valid UTF-8"_s;
        QTest::newRow("a 2 MiB line") << head + "x-long: " + QByteArray(2 * kMiB, 'a') + "\n"
                                      << QByteArray() << u"larger than"_s;
    }

    void hostilePackYaml()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QByteArray, linuxYaml);
        QFETCH(QString, problem);
        const QString root = rootPack(m_tmp.path(), yaml, linuxYaml);
        expectRefused(m_tmp.path(), {"sync", root.toUtf8()}, 4, problem, {root, m_home});

        const QString ws = workspace();
        const QString inside = rootPack(ws, yaml, linuxYaml);
        const TreeGuard g({ws, m_home});
        McpStdio server(ws, {}, m_env);
        QVERIFY(server.started());
        QElapsedTimer timer;
        timer.start();
        const ToolRefusal refusal = toolRefusal(
            server.callTool(u"sync"_s, {{u"packRoot"_s, QFileInfo(inside).fileName()}}));
        QVERIFY(timer.elapsed() < kSecondsPerRun * 1000);
        QCOMPARE(refusal.code, -32002);
        QVERIFY2(refusal.message.contains(problem), qPrintable(refusal.message));
        QVERIFY2(peakRssKib(server.pid()) < rssBoundKib(128 * 1024),
                 qPrintable(QString::number(peakRssKib(server.pid()))));
        QVERIFY(server.finish());
        const QString changes = g.changes();
        QVERIFY2(changes.isEmpty(), qPrintable(changes));
    }

    // A pack.yaml of 100 MiB on one line is not read at all.
    void hugePackYaml()
    {
        const QString root = rootPack(m_tmp.path(), {});
        QFile file(root + u"/.grex/pack.yaml"_s);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.write("x-long: ") == 8);
        QVERIFY(file.resize(100 * kMiB)); // sparse: one line of NUL bytes
        file.close();
        expectRefused(m_tmp.path(), {"sync", root.toUtf8()}, 4, u"larger than"_s, {root, m_home});
    }

    // grex.jsonl: a line that is not the last is corruption (exit 3), and no verb writes to a
    // log it cannot read. A line is head, `count` times fill, tail (built in the test: the
    // large ones are not held twice).
    void hostileIntentLog_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<QByteArray>("fill");
        QTest::addColumn<qint64>("count");
        QTest::addColumn<QByteArray>("tail");
        QTest::addColumn<QString>("problem");
        const QByteArray event = "{\"op\":\"add\",\"ts\":\"2026-01-01T00:00:00Z\",\"id\":\"x\","
                                 "\"url\":\"https://h/x\",\"path\":\"x\",\"type\":\"meta\","
                                 "\"schema_version\":\"1\"";
        const QString tooLong = u"the line is longer than 65536 bytes"_s;
        QTest::newRow("2000 [") << QByteArray() << QByteArray("[") << qint64(2000) << QByteArray()
                                << u"too deeply nested"_s;
        QTest::newRow("deep member") << event + ",\"x-deep\":" << QByteArray("[") << qint64(2000)
                                     << QByteArray("}") << u"too deeply nested"_s;
        QTest::newRow("100000 [") << QByteArray() << QByteArray("[") << qint64(100000)
                                  << QByteArray() << tooLong;
        QTest::newRow("invalid UTF-8") << event + ",\"x\":\"\xff\xfe\"}" << QByteArray()
                                       << qint64(0) << QByteArray() << u"invalid UTF8"_s;
        QTest::newRow("NUL bytes") << event.left(20) << QByteArray(1, '\0') << qint64(64)
                                   << event.mid(20) + "}" << QString();
        QTest::newRow("a 32 MiB event") << event + ",\"x-pad\":\"" << QByteArray("a") << 32 * kMiB
                                        << QByteArray("\"}") << tooLong;
        // A hole in a sparse file: 100 MiB of NUL bytes that cost no writing.
        QTest::newRow("100 MiB of NUL")
            << QByteArray() << QByteArray(1, '\0') << 100 * kMiB << QByteArray() << tooLong;
    }

    void hostileIntentLog()
    {
        QFETCH(QByteArray, head);
        QFETCH(QByteArray, fill);
        QFETCH(qint64, count);
        QFETCH(QByteArray, tail);
        QFETCH(QString, problem);
        const QString ws = workspace();
        const QByteArray log = readFile(ws + u"/grex.jsonl"_s);
        {
            QFile file(ws + u"/grex.jsonl"_s);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(head);
            if (fill == QByteArray(1, '\0') && count > kMiB)
                file.seek(file.pos() + count);
            else if (!fill.isEmpty())
                file.write(fill.repeated(count));
            file.write(tail + '\n' + log);
        }
        const QString message = u"grex.jsonl is corrupt at line 1: "_s + problem;
        const bool big = count > kMiB;
        // Reading a log means holding it; what its lines cost on top is bounded.
        const qint64 rss = big ? count * 3 / 2 / 1024 + 64 * 1024 : 96 * 1024;
        QList<QStringList> commands{QStringList{u"ls"_s},
                                    QStringList{u"add"_s, m_plain, u"--no-install"_s}};
        if (!big)
            commands << QStringList{u"status"_s} << QStringList{u"rm"_s, u"alpha"_s, u"--yes"_s}
                     << QStringList{u"sync"_s} << QStringList{u"import"_s, u"--scan"_s};
        for (const QStringList &args : std::as_const(commands))
            expectRefused(ws, bytes(args), 3, message, {ws, m_home}, rss);
        McpStdio server(ws, {}, m_env);
        QVERIFY(server.started());
        const TreeGuard g({ws, m_home});
        const ToolRefusal refusal =
            toolRefusal(server.callTool(u"add"_s, {{u"url"_s, m_plain}, {u"noInstall"_s, true}}));
        QCOMPARE(refusal.code, -32001);
        QCOMPARE(refusal.kind, u"manifest"_s);
        QVERIFY(server.finish());
        const QString changes = g.changes();
        QVERIFY2(changes.isEmpty(), qPrintable(changes));
    }

    // grex.lock.jsonl: status reads it, sync refuses to build on it.
    void hostileLockfile_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<qint64>("count");
        QTest::addColumn<QString>("problem");
        QTest::newRow("2000 [") << QByteArray(2000, '[') << qint64(0) << u"too deeply nested"_s;
        QTest::newRow("invalid UTF-8")
            << QByteArray("{\"id\":\"a\xff\"}") << qint64(0) << u"invalid UTF8"_s;
        QTest::newRow("a 32 MiB line")
            << QByteArray("{\"id\":\"") << 32 * kMiB << u"the line is longer than 65536 bytes"_s;
    }

    void hostileLockfile()
    {
        QFETCH(QByteArray, head);
        QFETCH(qint64, count);
        QFETCH(QString, problem);
        const QString ws = m_tmp.filePath(u"ws%1"_s.arg(++m_counter));
        QDir().mkpath(ws);
        QCOMPARE(grex(ws, {u"init"_s}).exitCode, 0);
        {
            QFile file(ws + u"/grex.lock.jsonl"_s);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(head);
            if (count > 0)
                file.write(QByteArray(count, 'a') + "\"}");
            file.write("\n");
        }
        const qint64 rss = count > kMiB ? count * 3 / 2 / 1024 + 64 * 1024 : 96 * 1024;
        const QString message = u"grex.lock.jsonl is corrupt at line 1: "_s + problem;
        for (const QByteArrayList &args : {QByteArrayList{"status"}, QByteArrayList{"sync"}})
            expectRefused(ws, args, 3, message, {ws, m_home}, rss);
    }

    // REPOS.json for import, through the CLI and the import tool.
    void hostileReposJson_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("problem");
        QTest::newRow("100000 [") << QByteArray(100000, '[') << u"too deeply nested"_s;
        QTest::newRow("deep inside an entry")
            << "[{\"path\":\"p\",\"url\":\"u\",\"x\":" + QByteArray(100000, '[') + "}]"
            << u"too deeply nested"_s;
        QTest::newRow("invalid UTF-8")
            << QByteArray("[{\"path\":\"p\xff\",\"url\":\"u\"}]") << u"invalid UTF8"_s;
        QTest::newRow("17 MiB") << "[" + QByteArray(17 * kMiB, ' ') + "]"
                                << u"the most an import file may have"_s;
    }

    void hostileReposJson()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, problem);
        const QString ws = workspace();
        QVERIFY(writeFile(ws + u"/repos.json"_s, json));
        // A usage error (exit 2, MCP -32602), not an internal one: the input is the caller's to
        // fix (docs/design.md, "grex import").
        expectRefused(ws, {"import", "--from-repos-json", "repos.json"}, 2, problem, {ws, m_home});
        McpStdio server(ws, {}, m_env);
        QVERIFY(server.started());
        const TreeGuard g({ws, m_home});
        const ToolRefusal refusal =
            toolRefusal(server.callTool(u"import"_s, {{u"fromReposJson"_s, u"repos.json"_s}}));
        QCOMPARE(refusal.code, -32602);
        QVERIFY2(refusal.message.contains(problem), qPrintable(refusal.message));
        QVERIFY(server.finish());
        const QString changes = g.changes();
        QVERIFY2(changes.isEmpty(), qPrintable(changes));
    }

    // Arguments that are not UTF-8 would reach grex as U+FFFD: another name than the one given.
    void invalidUtf8Arguments_data()
    {
        QTest::addColumn<QByteArrayList>("args");
        QTest::addColumn<int>("position");
        QTest::newRow("add path") << QByteArrayList{"add", "@PLAIN@", "bad\xffname", "--no-install"}
                                  << 3;
        QTest::newRow("add url") << QByteArrayList{"add", "@PLAIN@\xc0\xaf", "--no-install"} << 2;
        QTest::newRow("rm") << QByteArrayList{"rm", "alpha\xff", "--yes"} << 2;
        QTest::newRow("--manifest") << QByteArrayList{"--manifest", "grex\xfe.jsonl", "ls"} << 2;
        QTest::newRow("exec") << QByteArrayList{"exec", "--yes", "touch", "x\xed\xa0\x80"} << 4;
        QTest::newRow("serve --workspace") << QByteArrayList{"serve", "--workspace", "\xff"} << 3;
    }

    void invalidUtf8Arguments()
    {
        QFETCH(QByteArrayList, args);
        QFETCH(int, position);
        const QString ws = workspace();
        for (QByteArray &arg : args)
            arg.replace("@PLAIN@", m_plain.toUtf8());
        expectRefused(ws, args, 2, u"argument %1 is not valid UTF-8"_s.arg(position), {ws, m_home});
    }

    // What is approved is what runs: an exec argument with a NUL would reach the program cut at
    // the NUL (rm -rf …/important instead of …/important\0-backup-old), so it is refused before
    // anything asks or runs; non-string words too. A pack path with a right-to-left override
    // would pass for another name, so add refuses it.
    void approvedIsWhatRuns()
    {
        const QString ws = workspace();
        const QString important = ws + u"/alpha/important"_s;
        QVERIFY(QDir().mkpath(important));
        QVERIFY(writeFile(important + u"/keep"_s, "keep\n"));
        McpStdio server(ws, {u"--approve-destructive"_s}, m_env);
        QVERIFY(server.started());
        const TreeGuard g({ws, m_home});
        const QJsonArray nul = QJsonArray::fromStringList(
            {u"rm"_s, u"-rf"_s, important + QChar(0) + u"-backup-old"_s});
        ToolRefusal refusal = toolRefusal(server.callTool(u"exec"_s, {{u"cmd"_s, nul}}));
        QCOMPARE(refusal.code, -32602);
        QCOMPARE(refusal.reason, u"nul_in_argument"_s);
        QVERIFY2(refusal.message.contains(u"NUL"_s), qPrintable(refusal.message));
        // The word is named as a shell would need it, the NUL made visible.
        QVERIFY2(refusal.message.contains(u"\\x00-backup-old"_s), qPrintable(refusal.message));
        refusal = toolRefusal(server.callTool(
            u"exec"_s, {{u"cmd"_s, QJsonArray{QJsonValue(u"rm"_s), QJsonValue(5), QJsonValue(u"x"_s)}}}));
        QVERIFY2(refusal.code != 0, qPrintable(refusal.message));
        QVERIFY(QFileInfo::exists(important + u"/keep"_s));

        refusal = toolRefusal(server.callTool(
            u"add"_s, {{u"url"_s, m_plain}, {u"path"_s, u"docs\u202Eexe.txt"_s},
                       {u"noInstall"_s, true}}));
        QCOMPARE(refusal.reason, u"path_not_bare"_s);
        QVERIFY2(refusal.message.contains(u"U+202E"_s), qPrintable(refusal.message));
        QVERIFY(server.finish());
        const QString changes = g.changes();
        QVERIFY2(changes.isEmpty(), qPrintable(changes));
    }

    // The resources of grex serve are files; one of any size is not made into a frame.
    void hugeResources()
    {
        const QString ws = workspace();
        for (const QString &file : {u"/alpha/.grex/pack.yaml"_s, u"/grex.lock.jsonl"_s}) {
            QFile sparse(ws + file);
            QVERIFY(sparse.open(QIODevice::WriteOnly | QIODevice::Truncate));
            QVERIFY(sparse.resize(100 * kMiB));
        }
        const TreeGuard g({ws, m_home});
        McpStdio server(ws, {}, m_env);
        QVERIFY(server.started());
        for (const QString &uri :
             {u"grex://pack/alpha/pack.yaml"_s, u"grex://workspace/lockfile"_s}) {
            const QJsonObject response = server.request(u"resources/read"_s, {{u"uri"_s, uri}});
            const QString message =
                response.value(u"error"_s).toObject().value(u"message"_s).toString();
            QVERIFY2(message.contains(u"is larger than"_s), qPrintable(uri + u": "_s + message));
        }
        QVERIFY2(peakRssKib(server.pid()) < rssBoundKib(128 * 1024),
                 qPrintable(u"serve peak RSS %1 KiB"_s.arg(peakRssKib(server.pid()))));
        QVERIFY(server.finish());
        const QString changes = g.changes();
        QVERIFY2(changes.isEmpty(), qPrintable(changes));
    }

    // MCP frames on stdio: a 100 MiB line streamed in, deep nesting, invalid UTF-8, and strings
    // that escape a lone surrogate. Each is answered, the session goes on, nothing is written.
    void hostileFrames()
    {
        const QString ws = workspace();
        const TreeGuard g({ws, m_home});
        McpStdio server(ws, {u"--approve-destructive"_s}, m_env);
        QVERIFY(server.started());
        QElapsedTimer timer;
        timer.start();

        // 100 MiB in one line: a tools/call whose end never comes within the cap.
        server.write("{\"jsonrpc\":\"2.0\",\"id\":\"big\",\"method\":\"tools/call\",\"params\":"
                     "{\"name\":\"rm\",\"arguments\":{\"path\":\"alpha\",\"x\":\"");
        const QByteArray chunk(kMiB, 'a');
        for (int i = 0; i < 100; ++i)
            server.write(chunk);
        server.write("\"}}}\n");
        const QJsonObject tooLong = server.nextIdlessError();
        QCOMPARE(tooLong.value(u"error"_s).toObject().value(u"data"_s).toObject().value(u"kind"_s),
                 u"line_too_long"_s);
        QVERIFY2(timer.elapsed() < 3 * kSecondsPerRun * 1000,
                 qPrintable(QString::number(timer.elapsed())));
        QVERIFY2(peakRssKib(server.pid()) < rssBoundKib(128 * 1024),
                 qPrintable(u"serve peak RSS %1 KiB"_s.arg(peakRssKib(server.pid()))));

        const QList<std::pair<QByteArray, int>> lines{
            {QByteArray(100000, '['), -32700},
            {"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"params\":" +
                 QByteArray(100000, '{'),
             -32700},
            {"{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":"
             "\"add\",\"arguments\":{\"url\":\"" +
                 m_plain.toUtf8() + "\",\"path\":\"bad\xffname\",\"noInstall\":true}}}",
             -32700},
            {"{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":"
             "\"rm\",\"arguments\":{\"path\":\"alpha\xc0\xaf\"}}}",
             -32700},
        };
        for (const auto &[bytes, code] : lines) {
            server.write(bytes + '\n');
            const QJsonObject answer = server.nextIdlessError();
            QVERIFY2(answer.value(u"error"_s).toObject().value(u"code"_s).toInt() == code,
                     QJsonDocument(answer).toJson().constData());
        }
        // Valid JSON that escapes a lone surrogate: a name no file system can hold.
        int lone = 0;
        for (const QJsonObject &call :
             {QJsonObject{
                  {u"url"_s, m_plain}, {u"path"_s, u"bad\\ud800name"_s}, {u"noInstall"_s, true}},
              QJsonObject{{u"url"_s, QString(m_plain + u"\\udc00"_s)}, {u"noInstall"_s, true}}}) {
            const QString id = u"lone%1"_s.arg(++lone);
            QByteArray frame = "{\"jsonrpc\":\"2.0\",\"id\":\"" + id.toUtf8() +
                               "\",\"method\":\"tools/call\",\"params\":{\"name\":\"add\","
                               "\"arguments\":" +
                               QJsonDocument(call).toJson(QJsonDocument::Compact) + "}}\n";
            frame.replace("\\\\u", "\\u");
            server.write(frame);
            const ToolRefusal refusal = toolRefusal(server.response(id));
            QCOMPARE(refusal.code, -32602);
            QVERIFY2(refusal.message.contains(u"not valid Unicode"_s), qPrintable(refusal.message));
        }
        // The session is still there and answers.
        QVERIFY(server.request(u"ping"_s, {}).contains(u"result"_s));
        QVERIFY(server.finish());
        const QString changes = g.changes();
        QVERIFY2(changes.isEmpty(), qPrintable(changes));
    }

    // grex serve --http: tool calls that would write (add, rm) sent without the token, with a
    // wrong one, from a foreign Origin or with an oversized body are refused before they reach
    // a session, and the workspace stays as it was. tst_mcphttp checks the status codes of
    // every transport rule; this checks that the refused calls changed nothing.
    void httpRefusalsWriteNothing()
    {
        const QString ws = workspace();
        const QByteArray token = "tst-hostile-token";
        QProcess server;
        QByteArray log;
        const QUrl url = startHttpServer(
            server, ws, {u"--token"_s, QString::fromLatin1(token), u"--approve-destructive"_s},
            m_env, &log);
        QVERIFY2(url.isValid(), log.constData());
        const auto stop = qScopeGuard([&server] {
            server.terminate();
            server.waitForFinished(10000);
        });
        QNetworkAccessManager net;
        const auto post = [&](const QByteArray &body,
                              const QList<QPair<QByteArray, QByteArray>> &headers) {
            QNetworkRequest request(url);
            request.setRawHeader("Content-Type", "application/json");
            request.setRawHeader("Accept", "application/json, text/event-stream");
            request.setRawHeader("MCP-Protocol-Version", "2025-06-18");
            for (const auto &[name, value] : headers)
                request.setRawHeader(name, value);
            QNetworkReply *reply = net.post(request, body);
            QEventLoop loop;
            QTimer::singleShot(30000, &loop, &QEventLoop::quit);
            connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
            loop.exec();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            const QByteArray session = reply->rawHeader("Mcp-Session-Id");
            reply->deleteLater();
            return std::pair<int, QByteArray>{status, session};
        };
        const QByteArray bearer = "Bearer " + token;
        const auto [initStatus, session] =
            post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
                 "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":"
                 "\"tst\",\"version\":\"1\"}}}",
                 {{"Authorization", bearer}});
        QCOMPARE(initStatus, 200);
        QVERIFY(!session.isEmpty());
        QCOMPARE(post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                      {{"Authorization", bearer}, {"Mcp-Session-Id", session}})
                     .first,
                 202);

        const auto call = [](const QByteArray &tool, const QByteArray &arguments) -> QByteArray {
            return "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{"
                   "\"name\":\"" +
                   tool + "\",\"arguments\":" + arguments + "}}";
        };
        const QByteArray add =
            call("add", "{\"url\":\"" + m_plain.toUtf8() + "\",\"noInstall\":true}");
        const QByteArray rm = call("rm", "{\"path\":\"alpha\"}");
        const QByteArray oversized =
            call("add", "{\"url\":\"" + m_plain.toUtf8() + "\",\"noInstall\":true,\"x\":\"" +
                            QByteArray(17 * kMiB, 'a') + "\"}");
        const TreeGuard g({ws, m_home});
        struct Case
        {
            const char *name;
            QByteArray body;
            QList<QPair<QByteArray, QByteArray>> headers;
            int status;
        };
        const QList<Case> cases{
            {"add without a token", add, {{"Mcp-Session-Id", session}}, 401},
            {"rm without a token", rm, {{"Mcp-Session-Id", session}}, 401},
            {"add with a wrong token",
             add,
             {{"Mcp-Session-Id", session}, {"Authorization", "Bearer wrong"}},
             401},
            {"rm with a wrong token",
             rm,
             {{"Mcp-Session-Id", session}, {"Authorization", bearer + "x"}},
             401},
            {"add from a foreign origin",
             add,
             {{"Mcp-Session-Id", session},
              {"Authorization", bearer},
              {"Origin", "http://evil.example"}},
             403},
            {"rm from a foreign origin",
             rm,
             {{"Mcp-Session-Id", session},
              {"Authorization", bearer},
              {"Origin", "https://attacker.test:8443"}},
             403},
            {"add with an oversized body",
             oversized,
             {{"Mcp-Session-Id", session}, {"Authorization", bearer}},
             413},
        };
        for (const Case &c : cases) {
            QCOMPARE(post(c.body, c.headers).first, c.status);
            const QString changes = g.changes();
            QVERIFY2(changes.isEmpty(),
                     qPrintable(QString::fromLatin1(c.name) + u":\n"_s + changes));
        }
        // The same call with the token goes through: the refusals above were the guard's.
        QCOMPARE(post(rm, {{"Mcp-Session-Id", session}, {"Authorization", bearer}}).first, 200);
        QVERIFY(!g.changes().isEmpty());
        QVERIFY(!QFileInfo::exists(ws + u"/alpha"_s));
    }
};

QTEST_GUILESS_MAIN(tst_HostileInput)
#include "tst_hostileinput.moc"
