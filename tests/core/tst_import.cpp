#include "core/fs/gitignore.h"
#include "core/operationcontext.h"
#include "support/remotebuilder.h"
#include "support/testfiles.h"
#include "core/verbs/add.h"
#include "core/verbs/import.h"
#include "core/verbs/init.h"
#include "core/verbs/ls.h"
#include "core/workspace.h"
#include "support/workspacefixture.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

QList<Event> eventsOf(const Workspace &ws)
{
    const Result<LogReadResult> log = ws.intentLog().read();
    return log ? log->events : QList<Event>();
}

// path -> reason of the skipped entries.
QMap<QString, QString> skippedOf(const ImportReport &report)
{
    QMap<QString, QString> skipped;
    for (const ImportReport::Skipped &s : report.skipped)
        skipped.insert(s.path, ImportReport::wireName(s.reason));
    return skipped;
}

QStringList importedPaths(const ImportReport &report)
{
    QStringList paths;
    for (const ImportReport::Imported &i : report.imported)
        paths.append(i.path);
    return paths;
}

} // namespace

// `grex import`: REPOS.json and --scan, idempotent re-runs, skip reasons, bad input that changes
// nothing.
class tst_Import : public QObject, public Grex::Test::WorkspaceCases
{
    Q_OBJECT

    // A REPOS.json file beside the workspaces.
    QString reposJson(const QByteArray &content)
    {
        const QString path = m_tmp.filePath(u"repos%1.json"_s.arg(++m_counter));
        if (!writeFile(path, content))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    QString reposJson(const QJsonArray &entries)
    {
        return reposJson(QJsonDocument(entries).toJson());
    }

    static Result<ImportReport> runImport(Workspace &ws, const ImportOptions &options,
                                          OperationContext *context = nullptr)
    {
        OperationContext local;
        return importPacks(ws, options, context ? *context : local);
    }

    static ImportOptions fromFile(const QString &file)
    {
        ImportOptions options;
        options.from = file;
        options.format = u"repos-json"_s;
        return options;
    }

    static QString errorText(const Result<ImportReport> &r)
    {
        return r.ok() ? QString() : r.error().text();
    }

    static LsReport lsOf(Workspace &ws)
    {
        OperationContext ctx;
        const Result<LsReport> r = ls(ws, {}, ctx);
        if (!r.ok())
            qFatal("ls failed: %s", qPrintable(r.error().text()));
        return r.value();
    }

private Q_SLOTS:
    void initTestCase()
    {
        RemoteBuilder builder(m_remotes);
        builder.create(u"alpha"_s,
                       RemoteBuilder::packFiles(u"alpha"_s, u"declarative"_s,
                                                "x-gitignore:\n  - \"*.cache\"\n"));
        builder.create(u"tool"_s, RemoteBuilder::packFiles(u"tool"_s, u"scripted"_s));
        builder.create(u"plain"_s, {{u"README"_s, "no pack.yaml\n"}});
        builder.create(u"kid"_s, RemoteBuilder::packFiles(u"kid"_s));
        builder.create(u"parent"_s,
                       RemoteBuilder::packFiles(u"parent"_s, u"meta"_s,
                                                "children:\n  - url: " + remote(u"kid"_s).toUtf8() +
                                                    "\n"));
    }

    // Real manifests of public projects (tests/data/manifests/README.md says where from),
    // previewed into an empty workspace: paths as they are, nested; refs and groups kept; what
    // cannot be kept, listed; nothing written.
    void realManifests_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("baseUrl");
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("imported");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("ref");
        QTest::addColumn<QString>("tag");
        QTest::newRow("ROS 2 ros2.repos")
            << u"vcstool/ros2.repos"_s << QString() << u"vcstool"_s << 108 << u"ros2/rclcpp"_s
            << u"https://github.com/ros2/rclcpp.git"_s << u"jazzy"_s << QString();
        QTest::newRow("Zephyr west.yml")
            << u"west/west.yml"_s << QString() << u"west"_s << 66 << u"modules/hal/nordic"_s
            << u"https://github.com/zephyrproject-rtos/hal_nordic"_s
            << u"70c1b32dd68753b0604beab377392ed5ebc19176"_s << u"hal"_s;
        QTest::newRow("AOSP default.xml")
            << u"repo/default.xml"_s << u"https://android.googlesource.com/platform/manifest"_s
            << u"repo"_s << 0 << u"build/make"_s
            << u"https://android.googlesource.com/platform/build"_s << u"main"_s << u"pdk"_s;
    }

    void realManifests()
    {
        QFETCH(QString, file);
        QFETCH(QString, baseUrl);
        QFETCH(QString, format);
        QFETCH(int, imported);
        QFETCH(QString, path);
        QFETCH(QString, url);
        QFETCH(QString, ref);
        QFETCH(QString, tag);
        Workspace ws = newWorkspace();
        const auto before = snapshot(ws.root());
        ImportOptions options;
        options.from = QString::fromUtf8(GREX_TEST_DATA_DIR) + u"/manifests/"_s + file;
        options.baseUrl = baseUrl;
        options.dryRun = true;
        const Result<ImportReport> r = runImport(ws, options);
        // West nests projects inside others (tools/bsim/components): each such one is refused
        // by name, the rest come in.
        const JsonObject document = r.ok() ? r->toJson()
                                     : r.error().details().value(u"report"_s).toObject();
        QCOMPARE(document.value(u"format"_s).toString(), format);
        const JsonArray importedRows = document.value(u"imported"_s).toArray();
        if (imported > 0)
            QCOMPARE(importedRows.size(), imported);
        else
            QVERIFY(importedRows.size() > 900);
        bool found = false;
        for (const JsonValue &v : importedRows) {
            const JsonObject row = v.toObject();
            if (row.value(u"path"_s).toString() != path)
                continue;
            found = true;
            QCOMPARE(row.value(u"url"_s).toString(), url);
            QCOMPARE(row.value(u"ref"_s).toString(), ref);
            if (!tag.isEmpty())
                QVERIFY2(row.value(u"tags"_s).toArray().contains(tag), qPrintable(path));
        }
        QVERIFY2(found, qPrintable(path));
        for (const JsonValue &v : document.value(u"failed"_s).toArray()) {
            const QString error = v.toObject().value(u"error"_s).toString();
            QVERIFY2(error.contains(u"the working tree of pack"_s), qPrintable(error));
        }
        if (format == u"repo")
            QVERIFY(!document.value(u"not_carried"_s).toArray().isEmpty()); // linkfile, ...
        QCOMPARE(snapshot(ws.root()), before);
    }

    void roundTrip()
    {
        Workspace ws = newWorkspace();
        // alpha is cloned already (its kind comes from its pack.yaml); the others are not.
        runGit(ws.root(), {u"clone"_s, u"-q"_s, remote(u"alpha"_s), u"alpha"_s});
        const QString file = reposJson(QJsonArray{
            QJsonObject{{u"url"_s, remote(u"alpha"_s)}, {u"path"_s, u"alpha"_s}},
            QJsonObject{{u"url"_s, remote(u"plain"_s)}, {u"path"_s, u"plain"_s},
                        {u"extra"_s, u"ignored"_s}},
            QJsonObject{{u"path"_s, u"nourl"_s}},
            QJsonObject{{u"url"_s, QJsonValue::Null}, {u"path"_s, u"nullurl"_s}}});
        const Result<ImportReport> r = runImport(ws, fromFile(file));
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QVERIFY(!r->dryRun);
        QCOMPARE(importedPaths(*r),
                 (QStringList{u"alpha"_s, u"plain"_s, u"nourl"_s, u"nullurl"_s}));
        QVERIFY(r->skipped.isEmpty());
        QVERIFY(r->failed.isEmpty());
        QCOMPARE(r->imported.at(0).kind, u"declarative"_s);
        QCOMPARE(r->imported.at(1).kind, u"meta"_s);
        QCOMPARE(r->imported.at(2).url, QString());

        const JsonObject json = r->toJson();
        QCOMPARE(json.keys(),
                 (QStringList{u"dry_run"_s, u"format"_s, u"imported"_s, u"skipped"_s, u"failed"_s,
                              u"not_carried"_s}));
        const JsonObject row = json.value(u"imported"_s).toArray().at(0).toObject();
        QCOMPARE(row.keys(), (QStringList{u"path"_s, u"url"_s, u"kind"_s, u"ref"_s, u"tags"_s,
                                          u"plain"_s, u"would_dispatch"_s}));
        QCOMPARE(row.value(u"would_dispatch"_s).toBool(true), false);

        // ls shows them with their urls and kinds; nothing was cloned.
        const LsReport listed = lsOf(ws);
        QCOMPARE(listed.packs.size(), 4);
        QMap<QString, LsEntry> byId;
        for (const LsEntry &e : listed.packs)
            byId.insert(e.id, e);
        QCOMPARE(byId.value(u"alpha"_s).url, remote(u"alpha"_s));
        QCOMPARE(byId.value(u"alpha"_s).type, u"declarative"_s);
        QCOMPARE(byId.value(u"plain"_s).url, remote(u"plain"_s));
        QCOMPARE(byId.value(u"plain"_s).type, u"meta"_s);
        QCOMPARE(byId.value(u"nourl"_s).url, QString());
        QVERIFY(byId.value(u"alpha"_s).onDisk);
        QVERIFY(!QFileInfo::exists(ws.packDir(u"plain"_s)));
        QVERIFY(!ws.lockfile().read()->contains(u"alpha"_s)); // registered, not installed

        // Each pack's .gitignore block, with the pack's own patterns.
        QCOMPARE(*Gitignore::readBlock(ws.gitignorePath(), u"alpha"_s),
                 std::optional<QStringList>({u".grex-lock"_s, u"/alpha/"_s, u"*.cache"_s}));
        QCOMPARE(*Gitignore::readBlock(ws.gitignorePath(), u"plain"_s),
                 std::optional<QStringList>(Gitignore::packBody(u"plain"_s)));

        // One add event per import, with one timestamp for the batch.
        const QList<Event> events = eventsOf(ws);
        QCOMPARE(events.size(), 4);
        for (const Event &e : events) {
            QCOMPARE(e.op, EventOp::Add);
            QCOMPARE(e.ts, events.at(0).ts);
        }
    }

    void secondRunIsIdempotent()
    {
        Workspace ws = newWorkspace();
        const QString file = reposJson(QJsonArray{
            QJsonObject{{u"url"_s, remote(u"alpha"_s)}, {u"path"_s, u"alpha"_s}},
            QJsonObject{{u"url"_s, remote(u"tool"_s)}, {u"path"_s, u"tool"_s}}});
        QVERIFY(runImport(ws, fromFile(file)).ok());
        const auto before = snapshot(ws.root());
        const QByteArray log = readFile(ws.manifestPath());

        OperationContext ctx;
        const Result<ImportReport> again = runImport(ws, fromFile(file), &ctx);
        QVERIFY2(again.ok(), qPrintable(errorText(again)));
        QVERIFY(again->imported.isEmpty());
        QCOMPARE(skippedOf(*again), (QMap<QString, QString>{{u"alpha"_s, u"path_collision"_s},
                                                            {u"tool"_s, u"path_collision"_s}}));
        QCOMPARE(readFile(ws.manifestPath()), log);
        QCOMPARE(snapshot(ws.root()), before);
        QVERIFY(ctx.warnings().isEmpty());

        // The URL is not compared; a different one only warns.
        const QString moved = reposJson(QJsonArray{
            QJsonObject{{u"url"_s, u"https://example.invalid/alpha.git"_s}, {u"path"_s, u"alpha"_s}}});
        OperationContext warned;
        const Result<ImportReport> r = runImport(ws, fromFile(moved), &warned);
        QVERIFY(r.ok());
        QCOMPARE(skippedOf(*r).value(u"alpha"_s), u"path_collision"_s);
        QCOMPARE(warned.warnings().size(), 1);
        QCOMPARE(readFile(ws.manifestPath()), log);
    }

    void duplicatesAndBadPaths()
    {
        Workspace ws = newWorkspace();
        const QString file = reposJson(QJsonArray{
            QJsonObject{{u"url"_s, remote(u"alpha"_s)}, {u"path"_s, u"alpha"_s}},
            QJsonObject{{u"url"_s, remote(u"tool"_s)}, {u"path"_s, u"alpha"_s}},
            QJsonObject{{u"url"_s, remote(u"tool"_s)}, {u"path"_s, u".."_s}},
            QJsonObject{{u"url"_s, remote(u"tool"_s)}, {u"path"_s, u"x/-rf"_s}},
            QJsonObject{{u"url"_s, remote(u"tool"_s)}, {u"path"_s, u"../escape"_s}},
            QJsonObject{{u"url"_s, remote(u"tool"_s)}, {u"path"_s, u""_s}},
            QJsonObject{{u"url"_s, remote(u"tool"_s)}, {u"path"_s, u"tool"_s}}});
        const Result<ImportReport> r = runImport(ws, fromFile(file));
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::PackOp);
        QCOMPARE(r.error().reason(), u"import_failed"_s);
        const JsonObject report = r.error().details().value(u"report"_s).toObject();
        QStringList imported;
        for (const JsonValue &v : report.value(u"imported"_s).toArray())
            imported.append(v.toObject().value(u"path"_s).toString());
        QCOMPARE(imported, (QStringList{u"alpha"_s, u"tool"_s}));
        const JsonArray skipped = report.value(u"skipped"_s).toArray();
        QCOMPARE(skipped.size(), 1);
        QCOMPARE(skipped.at(0).toObject().value(u"path"_s).toString(), u"alpha"_s);
        QCOMPARE(skipped.at(0).toObject().value(u"reason"_s).toString(), u"duplicate_in_input"_s);
        QStringList failed;
        for (const JsonValue &v : report.value(u"failed"_s).toArray()) {
            failed.append(v.toObject().value(u"path"_s).toString());
            QVERIFY(!v.toObject().value(u"error"_s).toString().isEmpty());
        }
        QCOMPARE(failed, (QStringList{u".."_s, u"x/-rf"_s, u"../escape"_s, u""_s}));

        // The others were imported, and nothing was written outside the workspace.
        QStringList ids;
        for (const LsEntry &e : lsOf(ws).packs)
            ids.append(e.id);
        QCOMPARE(ids, (QStringList{u"alpha"_s, u"tool"_s}));
        QCOMPARE(lsOf(ws).packs.at(0).url, remote(u"alpha"_s)); // the first entry won
        QVERIFY(!QFileInfo::exists(m_tmp.filePath(u"escape"_s)));
    }

    void badInputChangesNothing_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("not JSON") << QByteArray("[{\"path\": \"a\",}");
        QTest::newRow("empty file") << QByteArray();
        QTest::newRow("object") << QByteArray("{\"path\": \"a\"}");
        QTest::newRow("string") << QByteArray("\"a\"");
        QTest::newRow("missing path") << QByteArray("[{\"path\": \"a\"}, {\"url\": \"u\"}]");
        QTest::newRow("path not a string") << QByteArray("[{\"path\": 3}]");
        QTest::newRow("null path") << QByteArray("[{\"path\": null}]");
        QTest::newRow("url not a string") << QByteArray("[{\"path\": \"a\", \"url\": 1}]");
        QTest::newRow("entry not an object") << QByteArray("[{\"path\": \"a\"}, \"b\"]");
        QByteArray many = "[";
        for (int i = 0; i <= MaxImportEntries; ++i)
            many += (i ? ",{\"path\":\"p" : "{\"path\":\"p") + QByteArray::number(i) + "\"}";
        many += "]";
        QTest::newRow("10001 entries") << many;
    }

    void badInputChangesNothing()
    {
        QFETCH(QByteArray, content);
        Workspace ws = newWorkspace();
        QVERIFY(runImport(ws, fromFile(reposJson(QJsonArray{QJsonObject{
                                   {u"url"_s, remote(u"tool"_s)}, {u"path"_s, u"tool"_s}}})))
                    .ok());
        const auto before = snapshot(ws.root());
        const QString file = reposJson(content);
        for (bool scan : {false, true}) {
            ImportOptions options = fromFile(file);
            options.scan = scan;
            const Result<ImportReport> r = runImport(ws, options);
            QVERIFY(!r.ok());
            QCOMPARE(r.error().kind(), ErrorKind::Usage);
            QCOMPARE(r.error().reason(), u"invalid_import_file"_s);
            QVERIFY2(r.error().message().text().startsWith(u"malformed REPOS.json at "_s + file),
                     qPrintable(r.error().message().text()));
            QCOMPARE(snapshot(ws.root()), before);
        }
    }

    void unreadableFile()
    {
        Workspace ws = newWorkspace();
        const auto before = snapshot(ws.root());
        const Result<ImportReport> r =
            runImport(ws, fromFile(m_tmp.filePath(u"no-such-repos.json"_s)));
        QCOMPARE(r.error().kind(), ErrorKind::Usage);
        QCOMPARE(r.error().reason(), u"unreadable_import_file"_s);
        QVERIFY(r.error().message().text().startsWith(u"cannot read "_s));
        QCOMPARE(snapshot(ws.root()), before);
    }

    void scanRegistersUntrackedClones()
    {
        Workspace ws = newWorkspace();
        {
            OperationContext ctx;
            AddOptions options;
            options.url = remote(u"parent"_s); // installs, cloning its child kid
            QVERIFY(add(ws, options, ctx).ok());
        }
        QVERIFY(QFileInfo(ws.packDir(u"kid"_s)).isDir());
        runGit(ws.root(), {u"clone"_s, u"-q"_s, remote(u"tool"_s), u"tool"_s});
        runGit(ws.root(), {u"clone"_s, u"-q"_s, remote(u"plain"_s), u"notes"_s});
        QVERIFY(QDir().mkpath(ws.root() + u"/local"_s));
        runGit(ws.root() + u"/local"_s, {u"init"_s, u"-q"_s});
        QVERIFY(QDir().mkpath(ws.root() + u"/not-git"_s));
        runGit(ws.root(), {u"clone"_s, u"-q"_s, remote(u"plain"_s), u".hidden"_s});

        ImportOptions options;
        options.scan = true;
        const Result<ImportReport> r = runImport(ws, options);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QCOMPARE(importedPaths(*r), (QStringList{u"notes"_s, u"tool"_s}));
        QCOMPARE(r->imported.at(1).url, remote(u"tool"_s)); // origin
        QCOMPARE(r->imported.at(1).kind, u"scripted"_s);    // its pack.yaml
        QCOMPARE(r->imported.at(0).kind, u"meta"_s);
        // Registered packs and children are left alone; a clone without a remote is skipped.
        QCOMPARE(skippedOf(*r), (QMap<QString, QString>{{u"local"_s, u"no_remote"_s}}));
        QMap<QString, PackState> packs;
        {
            OperationContext ctx;
            packs = ws.readPacks(ctx).value();
        }
        QCOMPARE(packs.keys(), (QStringList{u"notes"_s, u"parent"_s, u"tool"_s}));
        QCOMPARE(packs.value(u"tool"_s).url, remote(u"tool"_s));

        // Again: nothing new.
        const QByteArray log = readFile(ws.manifestPath());
        const Result<ImportReport> again = runImport(ws, options);
        QVERIFY(again.ok());
        QVERIFY(again->imported.isEmpty());
        QCOMPARE(readFile(ws.manifestPath()), log);
    }

    // A clone whose pack.yaml names another pack is refused, as add refuses it: registered
    // under the directory's name, every later walk would fail on it.
    void packNamedOtherwiseFails()
    {
        Workspace ws = newWorkspace();
        runGit(ws.root(), {u"clone"_s, u"-q"_s, remote(u"tool"_s), u"mytool"_s});
        runGit(ws.root(), {u"clone"_s, u"-q"_s, remote(u"plain"_s), u"plain"_s});
        ImportOptions options;
        options.scan = true;
        const Result<ImportReport> r = runImport(ws, options);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::PackOp);
        QCOMPARE(r.error().reason(), u"import_failed"_s);
        const JsonObject report = r.error().details().value(u"report"_s).toObject();
        const JsonArray failed = report.value(u"failed"_s).toArray();
        QCOMPARE(failed.size(), 1);
        QCOMPARE(failed.at(0).toObject().value(u"path"_s).toString(), u"mytool"_s);
        QVERIFY2(failed.at(0).toObject().value(u"error"_s).toString().contains(
                     u"named 'tool' in its pack.yaml, not 'mytool'"_s),
                 qPrintable(failed.at(0).toObject().value(u"error"_s).toString()));
        OperationContext ctx;
        QCOMPARE(ws.readPacks(ctx)->keys(), QStringList{u"plain"_s});
    }

    void reposJsonAndScanTogether()
    {
        Workspace ws = newWorkspace();
        runGit(ws.root(), {u"clone"_s, u"-q"_s, remote(u"tool"_s), u"tool"_s});
        const QString file = reposJson(QJsonArray{
            QJsonObject{{u"url"_s, remote(u"tool"_s)}, {u"path"_s, u"tool"_s}},
            QJsonObject{{u"url"_s, remote(u"plain"_s)}, {u"path"_s, u"plain"_s}}});
        ImportOptions options = fromFile(file);
        options.scan = true;
        const Result<ImportReport> r = runImport(ws, options);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        // REPOS.json entries first, then the scan, deduplicated by path.
        QCOMPARE(importedPaths(*r), (QStringList{u"tool"_s, u"plain"_s}));
        QCOMPARE(skippedOf(*r), (QMap<QString, QString>{{u"tool"_s, u"duplicate_in_input"_s}}));
    }

    void dryRunWritesNothing()
    {
        Workspace ws = newWorkspace();
        runGit(ws.root(), {u"clone"_s, u"-q"_s, remote(u"tool"_s), u"tool"_s});
        const auto before = snapshot(ws.root());
        ImportOptions options = fromFile(reposJson(QJsonArray{
            QJsonObject{{u"url"_s, remote(u"alpha"_s)}, {u"path"_s, u"alpha"_s}}}));
        options.scan = true;
        options.dryRun = true;
        const Result<ImportReport> r = runImport(ws, options);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QVERIFY(r->dryRun);
        QCOMPARE(importedPaths(*r), (QStringList{u"alpha"_s, u"tool"_s}));
        const JsonObject json = r->toJson();
        QCOMPARE(json.value(u"dry_run"_s).toBool(), true);
        for (const JsonValue &v : json.value(u"imported"_s).toArray())
            QCOMPARE(v.toObject().value(u"would_dispatch"_s).toBool(), true);
        QCOMPARE(snapshot(ws.root()), before);
    }

    void defaultType()
    {
        Workspace ws = newWorkspace();
        runGit(ws.root(), {u"clone"_s, u"-q"_s, remote(u"alpha"_s), u"alpha"_s});
        ImportOptions options = fromFile(reposJson(QJsonArray{
            QJsonObject{{u"url"_s, remote(u"alpha"_s)}, {u"path"_s, u"alpha"_s}},
            QJsonObject{{u"url"_s, remote(u"plain"_s)}, {u"path"_s, u"plain"_s}}}));
        options.defaultType = u"scripted"_s;
        const Result<ImportReport> r = runImport(ws, options);
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QCOMPARE(r->imported.at(0).kind, u"declarative"_s); // pack.yaml wins
        QCOMPARE(r->imported.at(1).kind, u"scripted"_s);
        OperationContext ctx;
        QCOMPARE(ws.readPacks(ctx)->value(u"plain"_s).type, u"scripted"_s);
    }

    void optionParsing()
    {
        const Result<ImportOptions> none = ImportOptions::fromJson({});
        QCOMPARE(none.error().kind(), ErrorKind::Usage);
        QCOMPARE(none.error().reason(), u"missing_argument"_s);
        const Result<ImportOptions> badType =
            ImportOptions::fromJson({{u"scan"_s, true}, {u"defaultType"_s, u"plugin"_s}});
        QCOMPARE(badType.error().kind(), ErrorKind::Usage);
        QCOMPARE(badType.error().reason(), u"unknown_pack_type"_s);
        const Result<ImportOptions> good = ImportOptions::fromJson(
            {{u"fromReposJson"_s, u"/x.json"_s}, {u"defaultType"_s, u"meta"_s},
             {u"dryRun"_s, true}});
        QVERIFY(good.ok());
        QCOMPARE(good->from, std::optional<QString>(u"/x.json"_s));
        QCOMPARE(good->format, std::optional<QString>(u"repos-json"_s));
        QVERIFY(good->dryRun);
        QVERIFY(!good->scan);
        const Result<ImportOptions> both = ImportOptions::fromJson(
            {{u"fromReposJson"_s, u"/x.json"_s}, {u"from"_s, u"/y.repos"_s}});
        QCOMPARE(both.error().reason(), u"invalid_argument"_s);
        const Result<ImportOptions> badFormat =
            ImportOptions::fromJson({{u"from"_s, u"/y"_s}, {u"format"_s, u"svn"_s}});
        QCOMPARE(badFormat.error().reason(), u"unknown_import_format"_s);
        QVERIFY2(badFormat.error().message().text().contains(u"vcstool"_s),
                 qPrintable(badFormat.error().text()));

        Workspace ws(m_tmp.filePath(u"not-a-workspace"_s));
        QDir().mkpath(ws.root());
        ImportOptions scan;
        scan.scan = true;
        QCOMPARE(runImport(ws, scan).error().reason(), u"not_a_workspace"_s);
    }
};

QTEST_GUILESS_MAIN(tst_Import)
#include "tst_import.moc"
