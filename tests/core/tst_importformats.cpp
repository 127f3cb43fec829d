#include "core/verbs/importformats.h"

#include "core/naming.h"
#include "core/verbs/import.h"
#include "support/testfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

// A real manifest kept under tests/data/manifests (its origin is in the README there).
QString fixture(const QString &relative)
{
    return QString::fromUtf8(GREX_TEST_DATA_DIR) + u"/manifests/"_s + relative;
}

const ImportEntry *entryAt(const ImportSource &source, const QString &path)
{
    for (const ImportEntry &entry : source.entries) {
        if (entry.path == path)
            return &entry;
    }
    return nullptr;
}

QStringList pathsOf(const ImportSource &source)
{
    QStringList paths;
    for (const ImportEntry &entry : source.entries)
        paths.append(entry.path);
    return paths;
}

// The ref an entry pins, "(none)" when it pins none.
QString refText(const ImportEntry &entry)
{
    return entry.ref ? *entry.ref : u"(none)"_s;
}

QString errorText(const Result<ImportSource> &r)
{
    return r.ok() ? QString() : r.error().text();
}

} // namespace

// readImportFile and detectImportFormat: each format on a real public manifest (facts checked
// against the file and the tool's own rules), hand-written files for what the real ones do not
// use, and bad input that names the file and the line.
class tst_ImportFormats : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    int m_counter = 0;

    // A file under the temporary folder, its folders created.
    QString write(const QString &relative, const QByteArray &content)
    {
        const QString path = m_tmp.filePath(relative);
        QDir().mkpath(QFileInfo(path).absolutePath());
        if (!writeFile(path, content))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    QString fresh(const QString &name) { return u"case%1/"_s.arg(++m_counter) + name; }

    // Reads a fixture that must read; the test stops otherwise.
    static ImportSource mustRead(const QString &file, std::optional<ImportFormat> format,
                                 const QString &baseUrl = {})
    {
        const Result<ImportSource> r = readImportFile(file, format, baseUrl);
        if (!r)
            qFatal("%s", qPrintable(r.error().text()));
        return *r;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_tmp.isValid());
        // mr sections may start at $HOME or ~: they point into the temporary folder.
        qputenv("HOME", QFile::encodeName(m_tmp.path()));
    }

    void formatNames()
    {
        const QStringList names = importFormatNames();
        QCOMPARE(names, (QStringList{u"repos-json"_s, u"gita"_s, u"mrconfig"_s, u"vcstool"_s,
                                     u"mani"_s, u"repo"_s, u"west"_s}));
        for (const QString &name : names) {
            const std::optional<ImportFormat> format = importFormatFromName(name);
            QVERIFY(format);
            QCOMPARE(importFormatName(*format), name);
        }
        QVERIFY(!importFormatFromName(u"Repo"_s));
        QVERIFY(!importFormatFromName(QString()));
    }

    void detect_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("format");

        // By name.
        QTest::newRow(".mrconfig") << u"/x/.mrconfig"_s << QByteArray() << u"mrconfig"_s;
        QTest::newRow("*.repos") << u"ros2.repos"_s << QByteArray() << u"vcstool"_s;
        QTest::newRow("mani.yaml") << u"mani.yaml"_s << QByteArray() << u"mani"_s;
        QTest::newRow("mani.yml") << u"a/mani.yml"_s << QByteArray() << u"mani"_s;
        QTest::newRow("west.yml") << u"zephyr/west.yml"_s << QByteArray() << u"west"_s;
        QTest::newRow("repos.csv") << u"gita/repos.csv"_s << QByteArray() << u"gita"_s;
        QTest::newRow("REPOS.json") << u"REPOS.json"_s << QByteArray() << u"repos-json"_s;
        QTest::newRow("default.xml")
            << u"default.xml"_s << QByteArray("<?xml version=\"1.0\"?>\n<manifest/>\n")
            << u"repo"_s;
        // By content, when the name says nothing.
        QTest::newRow("json array")
            << u"list"_s << QByteArray("[{\"path\": \"a\"}]") << u"repos-json"_s;
        QTest::newRow("west content")
            << u"manifest.yaml"_s << QByteArray("manifest:\n  projects: []\n") << u"west"_s;
        QTest::newRow("vcstool content")
            << u"deps.yaml"_s << QByteArray("repositories:\n  a: {type: git}\n") << u"vcstool"_s;
        QTest::newRow("mani content")
            << u"config.yaml"_s << QByteArray("projects:\n  a:\n    url: x\n") << u"mani"_s;
        QTest::newRow("mr content")
            << u"repos.conf"_s << QByteArray("[src/a]\ncheckout = git clone u a\n")
            << u"mrconfig"_s;
        QTest::newRow("gita content") << u"list"_s << QByteArray("/home/a/x,x,,\n") << u"gita"_s;
        QTest::newRow("freeze content")
            << u"list"_s << QByteArray("https://h/x.git,x,/home/a/x,,,main\n") << u"gita"_s;
        QTest::newRow("repo content")
            << u"manifest"_s << QByteArray("<manifest></manifest>") << u"repo"_s;
    }

    void detect()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, content);
        QFETCH(QString, format);
        const Result<ImportFormat> detected = detectImportFormat(file, content);
        QVERIFY2(detected.ok(), qPrintable(detected.ok() ? QString() : detected.error().text()));
        QCOMPARE(importFormatName(*detected), format);
    }

    void detectUnknown_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("text") << u"notes.txt"_s << QByteArray("hello\n");
        QTest::newRow("xml that is no manifest") << u"page.xml"_s << QByteArray("<html/>");
        QTest::newRow("other yaml") << u"ci.yml"_s << QByteArray("jobs:\n  build: {}\n");
        QTest::newRow("json object") << u"data"_s << QByteArray("{\"a\": 1}");
        QTest::newRow("empty") << u"empty"_s << QByteArray();
    }

    void detectUnknown()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, content);
        const Result<ImportFormat> detected = detectImportFormat(file, content);
        QVERIFY(!detected.ok());
        QCOMPARE(detected.error().kind(), ErrorKind::Usage);
        QCOMPARE(detected.error().reason(), u"unknown_import_format"_s);
        QCOMPARE(detected.error().details().value(u"path"_s).toString(), file);
        // The message lists what grex reads.
        QVERIFY(detected.error().message().arguments().contains(importFormatNames().join(u", "_s)));

        const QString path = write(fresh(file), content);
        const Result<ImportSource> read = readImportFile(path, std::nullopt);
        QVERIFY(!read.ok());
        QCOMPARE(read.error().reason(), u"unknown_import_format"_s);
    }

    void reposJson()
    {
        const QString file =
            write(fresh(u"REPOS.json"_s),
                  "[\n"
                  "  {\"url\": \"https://example.org/a.git\", \"path\": \"a\"},\n"
                  "  {\"path\": \"src/b/\", \"url\": null, \"ref\": \"refs/heads/dev\",\n"
                  "   \"tags\": [\"x\", \"bad tag\", \"x\"]},\n"
                  "  {\"path\": \"c\", \"branch\": \"main\", \"extra\": 1}\n"
                  "]\n");
        const ImportSource source = mustRead(file, std::nullopt);
        QCOMPARE(source.format, ImportFormat::ReposJson);
        QCOMPARE(pathsOf(source), (QStringList{u"a"_s, u"src/b"_s, u"c"_s}));
        QCOMPARE(source.entries.at(0).url, u"https://example.org/a.git"_s);
        QCOMPARE(refText(source.entries.at(0)), u"(none)"_s);
        QCOMPARE(source.entries.at(1).url, QString());
        QCOMPARE(refText(source.entries.at(1)), u"dev"_s);
        QCOMPARE(source.entries.at(1).tags, QStringList{u"x"_s});
        QCOMPARE(source.entries.at(1).notCarried,
                 QStringList{u"tag 'bad tag' is not a valid tag"_s});
        QCOMPARE(refText(source.entries.at(2)), u"main"_s);
        QCOMPARE(source.entries.at(2).notCarried, QStringList{u"key 'extra'"_s});
        QVERIFY(source.notCarried.isEmpty());
    }

    // ROS 2 Jazzy's ros2.repos: 108 git repositories, each pinned to a branch.
    void vcstoolRos2()
    {
        const ImportSource source = mustRead(fixture(u"vcstool/ros2.repos"_s), std::nullopt);
        QCOMPARE(source.format, ImportFormat::Vcstool);
        QCOMPARE(source.entries.size(), 108);
        QCOMPARE(source.entries.constFirst().path, u"ament/ament_cmake"_s);
        QCOMPARE(source.entries.constLast().path, u"ros2/yaml_cpp_vendor"_s);
        QVERIFY(source.notCarried.isEmpty());
        int onJazzy = 0;
        for (const ImportEntry &entry : source.entries) {
            QVERIFY2(entry.notCarried.isEmpty(), qPrintable(entry.path));
            QVERIFY(entry.url.startsWith(u"https://github.com/"_s));
            QVERIFY(entry.tags.isEmpty());
            QCOMPARE(entry.depth, qint64(0));
            onJazzy += refText(entry) == u"jazzy";
        }
        QCOMPARE(onJazzy, 101);
        const ImportEntry *rclcpp = entryAt(source, u"ros2/rclcpp"_s);
        QVERIFY(rclcpp);
        QCOMPARE(rclcpp->url, u"https://github.com/ros2/rclcpp.git"_s);
        QCOMPARE(refText(*rclcpp), u"jazzy"_s);
        const ImportEntry *fastDds = entryAt(source, u"eProsima/Fast-DDS"_s);
        QVERIFY(fastDds);
        QCOMPARE(refText(*fastDds), u"2.14.x"_s);
    }

    void vcstoolRules()
    {
        const QString file = write(fresh(u"deps.repos"_s), "repositories:\n"
                                                           "  src/git:\n"
                                                           "    type: git\n"
                                                           "    url: ../mirror/git.git\n"
                                                           "    version: refs/tags/1.0\n"
                                                           "  src/svn:\n"
                                                           "    type: svn\n"
                                                           "    url: https://svn.example.org/x\n"
                                                           "  src/half:\n"
                                                           "    url: https://example.org/h.git\n"
                                                           "    note: hi\n");
        const ImportSource source = mustRead(file, std::nullopt, u"https://example.org/ws/x"_s);
        QCOMPARE(pathsOf(source), (QStringList{u"src/git"_s, u"src/svn"_s, u"src/half"_s}));
        QCOMPARE(source.entries.at(0).url, u"https://example.org/mirror/git.git"_s);
        QCOMPARE(refText(source.entries.at(0)), u"1.0"_s);
        QCOMPARE(source.entries.at(1).url, QString());
        QCOMPARE(source.entries.at(1).notCarried, QStringList{u"type svn is not git"_s});
        QCOMPARE(source.entries.at(2).url, QString());
        QCOMPARE(source.entries.at(2).notCarried, (QStringList{u"key 'note'"_s, u"no type"_s}));

        const ImportSource unresolved = mustRead(file, ImportFormat::Vcstool);
        QCOMPARE(unresolved.entries.at(0).url, QString());
        QCOMPARE(unresolved.entries.at(0).notCarried,
                 QStringList{u"relative remote '../mirror/git.git' needs --base-url"_s});

        const ImportSource empty =
            mustRead(write(fresh(u"empty.repos"_s), "repositories:\n"), std::nullopt);
        QVERIFY(empty.entries.isEmpty());
    }

    // Zephyr's west.yml: 77 projects on three remotes, groups, a group filter and self.
    void westZephyr()
    {
        const ImportSource source = mustRead(fixture(u"west/west.yml"_s), std::nullopt);
        QCOMPARE(source.format, ImportFormat::West);
        QCOMPARE(source.entries.size(), 77);
        QCOMPARE(source.notCarried,
                 (QStringList{u"group-filter [-babblesim, -optional, -testing]"_s,
                              u"self west-commands: scripts/west-commands.yml"_s,
                              u"self import: submanifests"_s,
                              u"self: the manifest repository at 'zephyr' has no URL in the "
                              u"file"_s}));

        const ImportEntry *acpica = entryAt(source, u"modules/lib/acpica"_s);
        QVERIFY(acpica);
        QCOMPARE(acpica->url, u"https://github.com/zephyrproject-rtos/acpica"_s);
        QCOMPARE(refText(*acpica), u"8d24867bc9c9d81c81eeac59391cda59333affd4"_s);
        QVERIFY(acpica->tags.isEmpty());
        QVERIFY(acpica->notCarried.isEmpty());

        // remote plus repo-path.
        const ImportEntry *bsimBase = entryAt(source, u"tools/bsim/components"_s);
        QVERIFY(bsimBase);
        QCOMPARE(bsimBase->url, u"https://github.com/BabbleSim/base"_s);
        QCOMPARE(bsimBase->tags, QStringList{u"babblesim"_s});
        const ImportEntry *cmsis6 = entryAt(source, u"modules/hal/cmsis_6"_s);
        QVERIFY(cmsis6);
        QCOMPARE(cmsis6->url, u"https://github.com/zephyrproject-rtos/CMSIS_6"_s);
        QCOMPARE(cmsis6->tags, QStringList{u"hal"_s});

        const ImportEntry *espressif = entryAt(source, u"modules/hal/espressif"_s);
        QVERIFY(espressif);
        QCOMPARE(espressif->notCarried, QStringList{u"west-commands west/west-commands.yml"_s});
        const ImportEntry *xenlib = entryAt(source, u"modules/lib/zephyr-xenlib"_s);
        QVERIFY(xenlib);
        QCOMPARE(xenlib->url, u"https://github.com/xen-troops/zephyr-xenlib"_s);
        QCOMPARE(refText(*xenlib), u"pull/104/head"_s);
        const ImportEntry *psa = entryAt(source, u"modules/tee/tf-m/psa-arch-tests"_s);
        QVERIFY(psa);
        QCOMPARE(psa->tags, (QStringList{u"testing"_s, u"tee"_s}));

        int grouped = 0;
        for (const ImportEntry &entry : source.entries)
            grouped += !entry.tags.isEmpty();
        QCOMPARE(grouped, 57);
    }

    void westRules()
    {
        const QByteArray manifest = "manifest:\n"
                                    "  version: \"0.13\"\n"
                                    "  remotes:\n"
                                    "    - name: here\n"
                                    "      url-base: ../mirrors\n"
                                    "    - name: gh\n"
                                    "      url-base: https://github.com/org/\n"
                                    "  defaults:\n"
                                    "    remote: here\n"
                                    "    revision: refs/heads/stable\n"
                                    "  projects:\n"
                                    "    - name: alpha\n"
                                    "    - name: beta\n"
                                    "      remote: gh\n"
                                    "      repo-path: beta-repo\n"
                                    "      revision: refs/tags/v1.0\n"
                                    "      clone-depth: 1\n"
                                    "      groups: [tools, -bad]\n"
                                    "    - name: gamma\n"
                                    "      url: https://example.org/gamma.git\n"
                                    "      path: ext/./gamma\n"
                                    "      import: true\n"
                                    "      submodules: true\n"
                                    "      userdata: {owner: me}\n";
        const QString file = write(fresh(u"west.yml"_s), manifest);
        const ImportSource source =
            mustRead(file, std::nullopt, u"https://example.org/manifests/zephyr"_s);
        QCOMPARE(pathsOf(source), (QStringList{u"alpha"_s, u"beta"_s, u"ext/gamma"_s}));
        QCOMPARE(source.entries.at(0).url, u"https://example.org/mirrors/alpha"_s);
        QCOMPARE(refText(source.entries.at(0)), u"stable"_s);
        QCOMPARE(source.entries.at(1).url, u"https://github.com/org/beta-repo"_s);
        QCOMPARE(refText(source.entries.at(1)), u"v1.0"_s);
        QCOMPARE(source.entries.at(1).depth, qint64(1));
        QCOMPARE(source.entries.at(1).tags, QStringList{u"tools"_s});
        QCOMPARE(source.entries.at(1).notCarried,
                 QStringList{u"group '-bad' is not a valid tag"_s});
        QCOMPARE(source.entries.at(2).url, u"https://example.org/gamma.git"_s);
        QCOMPARE(source.entries.at(2).notCarried,
                 (QStringList{u"import true"_s, u"submodules true"_s, u"userdata"_s}));

        // Without the base URL the relative url-base cannot be resolved.
        const ImportSource unresolved = mustRead(file, ImportFormat::West);
        QCOMPARE(unresolved.entries.at(0).url, QString());
        QCOMPARE(unresolved.entries.at(0).notCarried,
                 QStringList{u"relative remote '../mirrors' needs --base-url"_s});
        QCOMPARE(unresolved.entries.at(1).url, u"https://github.com/org/beta-repo"_s);

        // west's own default revision.
        const ImportSource master = mustRead(
            write(fresh(u"west.yml"_s),
                  "manifest:\n  projects:\n    - name: a\n      url: https://example.org/a\n"),
            std::nullopt);
        QCOMPARE(refText(master.entries.at(0)), u"master"_s);
        QCOMPARE(master.entries.at(0).path, u"a"_s);
    }

    // AOSP's default.xml: 1045 projects on one remote whose fetch is "..", relative to the
    // manifest's own URL.
    void repoAosp()
    {
        const QString file = fixture(u"repo/default.xml"_s);
        const ImportSource source =
            mustRead(file, std::nullopt, u"https://android.googlesource.com/platform/manifest"_s);
        QCOMPARE(source.format, ImportFormat::RepoManifest);
        QCOMPARE(source.entries.size(), 1045);
        QCOMPARE(
            source.notCarried,
            (QStringList{u"remote 'aosp' review=https://android-review.googlesource.com/"_s,
                         u"default sync-j=4"_s,
                         u"manifest-server http://android-smartsync.corp.google.com/"
                         u"android.googlesource.com/manifestserver"_s,
                         u"superproject platform/superproject/main"_s, u"contactinfo go/repo-bug"_s,
                         u"repo-hooks pre-upload in platform/tools/repohooks"_s}));

        const ImportEntry &make = source.entries.constFirst();
        QCOMPARE(make.path, u"build/make"_s);
        QCOMPARE(make.url, u"https://android.googlesource.com/platform/build"_s);
        QCOMPARE(refText(make), u"main"_s);
        QCOMPARE(make.tags, (QStringList{u"pdk"_s, u"sysui-studio"_s}));
        QCOMPARE(make.notCarried.size(), 6);
        QCOMPARE(make.notCarried.constFirst(), u"linkfile CleanSpec.mk -> build/CleanSpec.mk"_s);
        QCOMPARE(make.notCarried.constLast(), u"linkfile tools -> build/tools"_s);

        const ImportEntry *trusty = entryAt(source, u"trusty/vendor/google/aosp"_s);
        QVERIFY(trusty);
        QCOMPARE(trusty->notCarried, QStringList{u"copyfile lk_inc.mk -> lk_inc.mk"_s});
        const ImportEntry *yukawa = entryAt(source, u"device/amlogic/yukawa-kernel"_s);
        QVERIFY(yukawa);
        QCOMPARE(yukawa->depth, qint64(2));
        QCOMPARE(yukawa->tags, (QStringList{u"device"_s, u"yukawa"_s, u"pdk"_s}));
        const ImportEntry *hooks = entryAt(source, u"tools/repohooks"_s);
        QVERIFY(hooks);
        QCOMPARE(hooks->url, u"https://android.googlesource.com/platform/tools/repohooks"_s);
        QCOMPARE(hooks->tags.size(), 8);
        const ImportEntry *clpeak = entryAt(source, u"external/clpeak"_s);
        QVERIFY(clpeak);
        QVERIFY(clpeak->tags.isEmpty());

        int shallow = 0;
        int withFiles = 0;
        for (const ImportEntry &entry : source.entries) {
            shallow += entry.depth > 0;
            withFiles += !entry.notCarried.isEmpty();
            QVERIFY(entry.url.startsWith(u"https://android.googlesource.com/"_s));
        }
        QCOMPARE(shallow, 117);
        QCOMPARE(withFiles, 5);
    }

    void repoAospWithoutBaseUrl()
    {
        const ImportSource source = mustRead(fixture(u"repo/default.xml"_s), std::nullopt);
        QCOMPARE(source.entries.size(), 1045);
        for (const ImportEntry &entry : source.entries) {
            QCOMPARE(entry.url, QString());
            QVERIFY(entry.notCarried.contains(u"relative remote '..' needs --base-url"_s));
        }
    }

    void repoIncludes()
    {
        const QString dir = fresh(QString());
        const QString file =
            write(dir + u"default.xml"_s,
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                  "<manifest>\n"
                  "  <remote name=\"origin\" fetch=\"https://git.example.org/\" "
                  "revision=\"refs/heads/main\"/>\n"
                  "  <remote name=\"mirror\" fetch=\"../mirror\" />\n"
                  "  <default remote=\"origin\" revision=\"dev\"/>\n"
                  "  <project name=\"tools/alpha\" groups=\"tools notdefault\"/>\n"
                  "  <project name=\"lib/beta\" path=\"beta\" remote=\"mirror\" "
                  "revision=\"refs/tags/v2\">\n"
                  "    <project name=\"sub\" path=\"third_party/sub\"/>\n"
                  "    <annotation name=\"OWNER\" value=\"ada\"/>\n"
                  "  </project>\n"
                  "  <include name=\"extra.xml\" groups=\"extra\" revision=\"release\"/>\n"
                  "  <include name=\"missing.xml\"/>\n"
                  "  <include name=\"../outside.xml\"/>\n"
                  "  <remove-project name=\"tools/gone\"/>\n"
                  "  <extend-project name=\"tools/alpha\" groups=\"more\" "
                  "revision=\"refs/heads/feature\" dest-branch=\"x\"/>\n"
                  "  <remove-project name=\"nothing-here\" optional=\"true\"/>\n"
                  "  <remove-project path=\"nowhere\"/>\n"
                  "  <x-custom/>\n"
                  "</manifest>\n");
        write(dir + u"extra.xml"_s, "<manifest>\n"
                                    "  <project name=\"tools/gamma\" groups=\"g1\"/>\n"
                                    "  <project name=\"tools/gone\"/>\n"
                                    "  <project name=\"tools/delta\" revision=\"pinned\"/>\n"
                                    "</manifest>\n");
        // Beside the manifest's folder, so "../outside.xml" names a file that exists.
        write(u"outside.xml"_s, "<manifest/>");
        const ImportSource source =
            mustRead(file, std::nullopt, u"https://git.example.org/platform/manifest"_s);
        QCOMPARE(pathsOf(source),
                 (QStringList{u"tools/alpha"_s, u"beta"_s, u"beta/third_party/sub"_s,
                              u"tools/gamma"_s, u"tools/delta"_s}));
        const ImportEntry &alpha = source.entries.at(0);
        QCOMPARE(alpha.url, u"https://git.example.org/tools/alpha"_s);
        QCOMPARE(refText(alpha), u"feature"_s); // extend-project's
        QCOMPARE(alpha.tags, (QStringList{u"tools"_s, u"notdefault"_s, u"more"_s}));
        QCOMPARE(alpha.notCarried, QStringList{u"dest-branch=x"_s});
        const ImportEntry &beta = source.entries.at(1);
        QCOMPARE(beta.url, u"https://git.example.org/mirror/lib/beta"_s);
        QCOMPARE(refText(beta), u"v2"_s);
        QCOMPARE(beta.notCarried, QStringList{u"annotation OWNER=ada"_s});
        // A nested project: named and placed below its parent, on the default remote, with the
        // remote's revision before the default's.
        const ImportEntry &sub = source.entries.at(2);
        QCOMPARE(sub.url, u"https://git.example.org/lib/beta/sub"_s);
        QCOMPARE(refText(sub), u"main"_s);
        // The include's groups and revision.
        QCOMPARE(source.entries.at(3).tags, (QStringList{u"g1"_s, u"extra"_s}));
        QCOMPARE(refText(source.entries.at(3)), u"release"_s);
        QCOMPARE(refText(source.entries.at(4)), u"pinned"_s);
        QCOMPARE(source.notCarried,
                 (QStringList{u"include 'missing.xml' is not beside the manifest"_s,
                              u"include '../outside.xml' is outside the manifest's folder"_s,
                              u"remove-project 'nowhere' matches no project"_s,
                              u"element <x-custom>"_s}));
    }

    void repoIncludeCycle()
    {
        const QString dir = fresh(QString());
        const QString a = write(dir + u"a.xml"_s, "<manifest>\n"
                                                  "  <remote name=\"o\" fetch=\"https://h/\"/>\n"
                                                  "  <include name=\"b.xml\"/>\n"
                                                  "</manifest>\n");
        const QString b = write(dir + u"b.xml"_s, "<manifest>\n"
                                                  "  <project name=\"p\" remote=\"o\"/>\n"
                                                  "  <include name=\"a.xml\"/>\n"
                                                  "</manifest>\n");
        const Result<ImportSource> r = readImportFile(a, std::nullopt);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Usage);
        QCOMPARE(r.error().reason(), u"invalid_import_file"_s);
        QCOMPARE(r.error().details().value(u"path"_s).toString(), b);
        QCOMPARE(r.error().details().value(u"line"_s).toInteger(), qint64(3));
        QVERIFY2(r.error().text().contains(u"a.xml -> b.xml -> a.xml"_s), qPrintable(errorText(r)));
    }

    void repoIncludeDepth()
    {
        // part0 includes part1, which includes part2, and so on; the last holds a project.
        const auto chain = [this](int files) {
            const QString dir = fresh(QString());
            for (int i = 0; i + 1 < files; ++i) {
                write(dir + u"part%1.xml"_s.arg(i), "<manifest>\n  <include name=\"part" +
                                                        QByteArray::number(i + 1) +
                                                        ".xml\"/>\n</manifest>\n");
            }
            write(dir + u"part%1.xml"_s.arg(files - 1),
                  "<manifest>\n  <remote name=\"o\" fetch=\"https://h\"/>\n"
                  "  <project name=\"deep\" remote=\"o\"/>\n</manifest>\n");
            return readImportFile(m_tmp.filePath(dir + u"part0.xml"_s), std::nullopt);
        };
        const Result<ImportSource> deepest = chain(MaxImportIncludeDepth + 1);
        QVERIFY2(deepest.ok(), qPrintable(errorText(deepest)));
        QCOMPARE(pathsOf(*deepest), QStringList{u"deep"_s});
        QCOMPARE(deepest->entries.constFirst().url, u"https://h/deep"_s);

        const Result<ImportSource> tooDeep = chain(MaxImportIncludeDepth + 2);
        QVERIFY(!tooDeep.ok());
        QCOMPARE(tooDeep.error().reason(), u"invalid_import_file"_s);
        QCOMPARE(tooDeep.error().details().value(u"line"_s).toInteger(), qint64(2));
    }

    // mani's examples/mani.yaml: two projects with URLs, one that is the file's own folder.
    void maniExample()
    {
        const ImportSource source = mustRead(fixture(u"mani/mani.yaml"_s), std::nullopt);
        QCOMPARE(source.format, ImportFormat::Mani);
        QCOMPARE(pathsOf(source), (QStringList{u"frontend/pinto"_s, u"template-generator"_s}));
        QCOMPARE(source.notCarried,
                 (QStringList{u"top-level 'specs'"_s, u"top-level 'targets'"_s,
                              u"top-level 'themes'"_s, u"top-level 'tasks'"_s,
                              u"project 'example' is the folder of the file itself"_s}));
        const ImportEntry &pinto = source.entries.at(0);
        QCOMPARE(pinto.url, u"https://github.com/alajmo/pinto.git"_s);
        QCOMPARE(pinto.tags, (QStringList{u"frontend"_s, u"node"_s}));
        QCOMPARE(refText(pinto), u"(none)"_s);
        QCOMPARE(pinto.notCarried, QStringList{u"desc: A vim theme editor"_s});
        const ImportEntry &generator = source.entries.at(1);
        QCOMPARE(generator.url, u"https://github.com/alajmo/template-generator.git"_s);
        QCOMPARE(generator.tags, (QStringList{u"cli"_s, u"bash"_s}));
        // env.branch is a variable for tasks, not the branch to clone.
        QCOMPARE(refText(generator), u"(none)"_s);
        QCOMPARE(generator.notCarried,
                 (QStringList{u"desc: A simple bash script used to manage boilerplates"_s,
                              u"env branch=dev"_s}));
    }

    void maniRules()
    {
        const QString dir = fresh(QString());
        const QString file =
            write(dir + u"mani.yaml"_s, "import:\n  - ./more/mani.yaml\n"
                                        "projects:\n"
                                        "  a:\n"
                                        "    path: lib/../libs/a\n"
                                        "    url: git@github.com:x/a\n"
                                        "    branch: dev\n"
                                        "    sync: false\n"
                                        "    single_branch: false\n"
                                        "    remotes:\n      up: https://github.com/up/a\n"
                                        "    worktrees:\n      - path: hotfix\n"
                                        "  b:\n"
                                        "  c:\n"
                                        "    path: " +
                                            m_tmp.filePath(dir + u"inner/c"_s).toUtf8() +
                                            "\n"
                                            "  d:\n"
                                            "    path: /not/here/d\n");
        const ImportSource source = mustRead(file, std::nullopt);
        QCOMPARE(pathsOf(source), (QStringList{u"libs/a"_s, u"b"_s, u"inner/c"_s}));
        const ImportEntry &a = source.entries.at(0);
        QCOMPARE(a.url, u"git@github.com:x/a"_s);
        QCOMPARE(refText(a), u"dev"_s);
        QCOMPARE(a.notCarried,
                 (QStringList{u"sync: false"_s, u"remote up https://github.com/up/a"_s,
                              u"worktree {path: hotfix}"_s}));
        QCOMPARE(source.entries.at(1).url, QString());
        QCOMPARE(source.notCarried,
                 (QStringList{u"import './more/mani.yaml' is not read"_s,
                              u"project 'd' is outside the folder of the file"_s}));
    }

    // Software Heritage's .mrconfig: 28 repositories, quoted URLs, a custom command each.
    void mrconfigSoftwareHeritage()
    {
        const ImportSource source =
            mustRead(fixture(u"mrconfig/swh-environment/.mrconfig"_s), std::nullopt);
        QCOMPARE(source.format, ImportFormat::MrConfig);
        QCOMPARE(source.entries.size(), 28);
        QVERIFY(source.notCarried.isEmpty());
        const ImportEntry &snippets = source.entries.constFirst();
        QCOMPARE(snippets.path, u"snippets"_s);
        QCOMPARE(snippets.url, u"https://forge.softwareheritage.org/source/snippets.git"_s);
        QVERIFY(snippets.notCarried.isEmpty());
        const ImportEntry *auth = entryAt(source, u"swh-auth"_s);
        QVERIFY(auth);
        QCOMPARE(auth->url, u"https://forge.softwareheritage.org/source/swh-auth.git"_s);
        QCOMPARE(
            auth->notCarried,
            QStringList{
                u"fixups = grep -q pre-commit.com .git/hooks/pre-commit || pre-commit install"_s});
        QCOMPARE(source.entries.constLast().path, u"swh-web-client"_s);
    }

    // A dotfiles .mrconfig: 45 repositories, order settings, a checkout continued over three
    // lines, and a section commented out.
    void mrconfigDotfiles()
    {
        const ImportSource source =
            mustRead(fixture(u"mrconfig/bjornfor-dotfiles/.mrconfig"_s), std::nullopt);
        QCOMPARE(source.entries.size(), 45);
        QVERIFY(source.notCarried.isEmpty());
        const ImportEntry &dotfiles = source.entries.constFirst();
        QCOMPARE(dotfiles.path, u".dotfiles"_s);
        QCOMPARE(dotfiles.url, u"ssh://timmons/media/raid/bjornfor/bare-repos/dotfiles.git"_s);
        QCOMPARE(dotfiles.notCarried, QStringList{u"order = 9"_s});
        const ImportEntry *todo = entryAt(source, u"forks/todo.txt-cli"_s);
        QVERIFY(todo);
        QCOMPARE(todo->url, u"ssh://timmons/media/raid/bjornfor/bare-repos/todo.txt-cli.git"_s);
        QCOMPARE(
            todo->notCarried,
            QStringList{
                u"checkout also runs: cd forks/todo.txt-cli; git checkout --track origin/edit"_s});
        QVERIFY(!entryAt(source, u"projects/life-simulator"_s));
    }

    void mrconfigRules()
    {
        // At $HOME, so that [$HOME/inside] lies in the file's folder.
        const QString file = write(
            u".mrconfig"_s,
            "jobs = 2\n"
            "\n"
            "[DEFAULT]\n"
            "update = git pull --rebase\n"
            "lib = echo hi\n"
            "\n"
            "[ALIAS]\n"
            "up = update\n"
            "\n"
            "[plain]\n"
            "checkout = git clone https://example.org/plain.git\n"
            "\n"
            "[branch]\n"
            "checkout = git clone -b stable --depth 3 \"https://example.org/branch.git\" branch\n"
            "\n"
            "[branch2]\n"
            "checkout = git clone --branch=refs/heads/dev --recursive --origin upstream "
            "https://example.org/b2.git\n"
            "\n"
            "[svn]\n"
            "checkout = svn checkout svn://example.org/trunk svn\n"
            "\n"
            "[gone]\n"
            "checkout = git clone https://example.org/gone.git\n"
            "deleted = true\n"
            "\n"
            "[$HOME/inside]\n"
            "checkout = git clone https://example.org/inside.git\n"
            "\n"
            "[/elsewhere/outside]\n"
            "checkout = git clone https://example.org/outside.git\n"
            "\n"
            "[$HOSTNAME]\n"
            "checkout = git clone https://example.org/host.git\n"
            "\n"
            "[sub/local]\n"
            "checkout = git clone ../bare/local.git\n"
            "\n"
            "[nocheckout]\n"
            "skip = true\n"
            "\n"
            "[glued]\n"
            "checkout = git clone prefix/'git@github.com:x/y.git' 'glued'\n"
            "\n"
            "[plain]\n"
            "update = git pull\n");
        const ImportSource source = mustRead(file, std::nullopt);
        QCOMPARE(pathsOf(source),
                 (QStringList{u"plain"_s, u"branch"_s, u"branch2"_s, u"svn"_s, u"inside"_s,
                              u"sub/local"_s, u"nocheckout"_s, u"glued"_s}));
        QCOMPARE(source.notCarried,
                 (QStringList{u"jobs = 2"_s, u"[DEFAULT] update = git pull --rebase"_s,
                              u"[DEFAULT] lib = echo hi"_s, u"[ALIAS] up = update"_s,
                              u"[gone] is marked deleted"_s,
                              u"[/elsewhere/outside] is outside the folder of the file"_s,
                              u"[$HOSTNAME] names its folder with a shell variable"_s}));
        const ImportEntry &plain = source.entries.at(0);
        QCOMPARE(plain.url, u"https://example.org/plain.git"_s);
        QCOMPARE(plain.notCarried, QStringList{u"update = git pull"_s});
        const ImportEntry &branch = source.entries.at(1);
        QCOMPARE(branch.url, u"https://example.org/branch.git"_s);
        QCOMPARE(refText(branch), u"stable"_s);
        QCOMPARE(branch.depth, qint64(3));
        QVERIFY(branch.notCarried.isEmpty());
        const ImportEntry &branch2 = source.entries.at(2);
        QCOMPARE(refText(branch2), u"dev"_s);
        QCOMPARE(branch2.url, u"https://example.org/b2.git"_s);
        QCOMPARE(branch2.notCarried,
                 (QStringList{u"git clone --recursive"_s, u"git clone --origin upstream"_s}));
        const ImportEntry &svn = source.entries.at(3);
        QCOMPARE(svn.url, QString());
        QCOMPARE(svn.notCarried,
                 QStringList{u"not a git checkout: svn checkout svn://example.org/trunk svn"_s});
        QCOMPARE(source.entries.at(4).url, u"https://example.org/inside.git"_s);
        QCOMPARE(source.entries.at(5).url, m_tmp.filePath(u"bare/local.git"_s));
        QCOMPARE(source.entries.at(6).url, QString());
        QCOMPARE(source.entries.at(6).notCarried,
                 (QStringList{u"skip = true"_s, u"no checkout command"_s}));
        // prefix/'git@...' is one word to the shell, and a local path to git, which mr runs in
        // the section's parent folder.
        QCOMPARE(source.entries.at(7).url, m_tmp.filePath(u"prefix/git@github.com:x/y.git"_s));
    }

    // gita keeps the clones it found in repos.csv and its groups in groups.csv beside it. It
    // writes both under the ~/.config/gita of whoever uses it, so no public repository carries
    // them: these are hand-made, in the columns and line ends gita writes
    // (tests/data/manifests/README.md).
    void gitaReposCsv()
    {
        const ImportSource source = mustRead(fixture(u"gita/repos.csv"_s), std::nullopt);
        QCOMPARE(source.format, ImportFormat::Gita);
        QCOMPARE(pathsOf(source), (QStringList{u"repo1"_s, u"repo2"_s, u"repo3"_s, u"repo3"_s,
                                               u".dotfiles"_s, u"with,comma"_s}));
        QVERIFY(source.notCarried.isEmpty());
        for (const ImportEntry &entry : source.entries) {
            QCOMPARE(entry.url, QString());
            QCOMPARE(refText(entry), u"(none)"_s);
        }
        const ImportEntry &repo1 = source.entries.at(0);
        QCOMPARE(repo1.clonePath, u"/home/ada/src/project1/repo1"_s);
        QCOMPARE(repo1.tags, (QStringList{u"src"_s, u"src-project1"_s}));
        QVERIFY(repo1.notCarried.isEmpty());
        const ImportEntry &work = source.entries.at(3);
        QCOMPARE(work.clonePath, u"/home/ada/work/repo3"_s);
        QCOMPARE(work.tags, QStringList{u"work"_s});
        QCOMPARE(work.notCarried, QStringList{u"gita name 'work/repo3'"_s});
        const ImportEntry &dotfiles = source.entries.at(4);
        QCOMPARE(dotfiles.notCarried,
                 (QStringList{u"gita name 'dotfiles'"_s,
                              u"git flags '--git-dir=/home/ada/.dotfiles --work-tree=/home/ada'"_s,
                              u"group 'my notes' is not a valid tag"_s}));
        const ImportEntry &comma = source.entries.at(5);
        QCOMPARE(comma.clonePath, u"/home/ada/src/with,comma"_s);
        QCOMPARE(comma.tags, QStringList{u"src"_s});
    }

    // What `gita freeze` prints (url,name,path,type,flags,branch, then the groups), which
    // `gita clone -f` reads back.
    void gitaFreeze()
    {
        const ImportSource source = mustRead(fixture(u"gita/freeze.csv"_s), std::nullopt);
        QCOMPARE(pathsOf(source), (QStringList{u"gita"_s, u"notes"_s, u"tools"_s}));
        const ImportEntry &gita = source.entries.at(0);
        QCOMPARE(gita.url, u"https://github.com/nosarthur/gita.git"_s);
        QCOMPARE(gita.clonePath, u"/home/ada/src/gita"_s);
        QCOMPARE(refText(gita), u"master"_s);
        QCOMPARE(gita.tags, QStringList{u"src"_s});
        QCOMPARE(source.entries.at(1).url, u"git@github.com:ada/notes.git"_s);
        QVERIFY(source.entries.at(1).tags.isEmpty());
        const ImportEntry &tools = source.entries.at(2);
        QCOMPARE(refText(tools), u"(none)"_s);
        QCOMPARE(tools.tags, QStringList{u"src"_s});
        QCOMPARE(tools.notCarried, QStringList{u"git flags '--no-pager'"_s});
    }

    void tagLimit()
    {
        QByteArray groups;
        for (int i = 0; i < MaxTagsPerPack + 2; ++i)
            groups += "g" + QByteArray::number(i) + ",";
        const QString file =
            write(fresh(u"default.xml"_s), "<manifest><remote name=\"o\" fetch=\"https://h\"/>"
                                           "<project name=\"p\" remote=\"o\" groups=\"" +
                                               groups + "\"/></manifest>");
        const ImportSource source = mustRead(file, std::nullopt);
        QCOMPARE(source.entries.at(0).tags.size(), MaxTagsPerPack);
        QCOMPARE(source.entries.at(0).notCarried.size(), 2);
        QCOMPARE(source.entries.at(0).notCarried.constFirst(),
                 u"group 'g16' is past the 16 tags a pack can have"_s);
    }

    void badInput_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<int>("line");       // 0: the error has none
        QTest::addColumn<QString>("format"); // "": detected

        QTest::newRow("yaml syntax") << u"west.yml"_s
                                     << QByteArray("manifest:\n  projects:\n    - name: a\n"
                                                   "      path: [b\n")
                                     << 5 << QString();
        QTest::newRow("yaml alias") << u"west.yml"_s
                                    << QByteArray("manifest:\n  defaults: &d {revision: main}\n"
                                                  "  other: *d\n")
                                    << 3 << QString();
        QTest::newRow("west projects not a list")
            << u"west.yml"_s
            << QByteArray("manifest:\n  remotes:\n    - name: a\n      url-base: https://x\n"
                          "  projects:\n    name: x\n")
            << 6 << QString();
        QTest::newRow("west no manifest")
            << u"west.yml"_s << QByteArray("projects: []\n") << 1 << QString();
        QTest::newRow("west undefined remote")
            << u"west.yml"_s
            << QByteArray("manifest:\n  projects:\n    - name: a\n      remote: nowhere\n") << 3
            << QString();
        QTest::newRow("west no remote at all")
            << u"west.yml"_s << QByteArray("manifest:\n  projects:\n    - name: a\n") << 3
            << QString();
        QTest::newRow("west url and remote")
            << u"west.yml"_s
            << QByteArray("manifest:\n  remotes:\n    - {name: r, url-base: https://x}\n"
                          "  projects:\n    - {name: a, remote: r, url: https://y/a}\n")
            << 5 << QString();
        QTest::newRow("vcstool list")
            << u"x.repos"_s << QByteArray("repositories:\n  - a\n") << 2 << QString();
        QTest::newRow("vcstool scalar entry")
            << u"x.repos"_s << QByteArray("repositories:\n  a: b\n") << 2 << QString();
        QTest::newRow("vcstool no repositories")
            << u"x.repos"_s << QByteArray("a: 1\n") << 1 << QString();
        QTest::newRow("mani projects list")
            << u"mani.yaml"_s << QByteArray("projects:\n  - a\n") << 2 << QString();
        QTest::newRow("mani tags not a list")
            << u"mani.yaml"_s << QByteArray("projects:\n  a:\n    tags: x\n") << 3 << QString();
        QTest::newRow("xml syntax") << u"default.xml"_s
                                    << QByteArray("<manifest>\n  <project name=\"a\">\n"
                                                  "</manifest>\n")
                                    << 3 << QString();
        QTest::newRow("xml root") << u"manifest.xml"_s
                                  << QByteArray("<?xml version=\"1.0\"?>\n<html/>\n") << 2
                                  << u"repo"_s;
        QTest::newRow("repo undefined remote")
            << u"default.xml"_s
            << QByteArray("<manifest>\n<project name=\"a\" remote=\"x\"/>\n</manifest>\n") << 2
            << QString();
        QTest::newRow("repo no remote")
            << u"default.xml"_s << QByteArray("<manifest>\n\n<project name=\"a\"/>\n</manifest>\n")
            << 3 << QString();
        QTest::newRow("repo project without name")
            << u"default.xml"_s
            << QByteArray("<manifest>\n<remote name=\"o\" fetch=\"https://h\"/>\n"
                          "<default remote=\"o\"/>\n<project path=\"a\"/>\n</manifest>\n")
            << 4 << QString();
        QTest::newRow("repo bad clone-depth")
            << u"default.xml"_s
            << QByteArray("<manifest>\n<remote name=\"o\" fetch=\"https://h\"/>\n"
                          "<project name=\"a\" remote=\"o\" clone-depth=\"0\"/>\n</manifest>\n")
            << 3 << QString();
        QTest::newRow("mr parse error") << u".mrconfig"_s
                                        << QByteArray("[a]\ncheckout = git clone u\n\n"
                                                      "not a setting\n")
                                        << 4 << QString();
        QTest::newRow("mr indented setting")
            << u".mrconfig"_s << QByteArray("# x\n[a]\n  checkout = git clone u\n") << 3
            << QString();
        QTest::newRow("mr setting before any section")
            << u".mrconfig"_s << QByteArray("\ncheckout = git clone u\n") << 2 << QString();
        QTest::newRow("json syntax")
            << u"REPOS.json"_s << QByteArray("[\n  {\"path\": \"a\",}\n]\n") << 2 << QString();
        QTest::newRow("json object") << u"REPOS.json"_s << QByteArray("{}") << 0 << QString();
        QTest::newRow("json no path")
            << u"REPOS.json"_s << QByteArray("[{\"url\": \"u\"}]") << 0 << QString();
        QTest::newRow("json bad tags")
            << u"REPOS.json"_s << QByteArray("[{\"path\": \"a\", \"tags\": \"x\"}]") << 0
            << QString();
        QTest::newRow("gita open quote")
            << u"repos.csv"_s << QByteArray("/a/b,b,,\n\"/a/c,c,,\n") << 2 << QString();
    }

    void badInput()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(int, line);
        QFETCH(QString, format);
        const QString file = write(fresh(name), content);
        const Result<ImportSource> r =
            readImportFile(file, format.isEmpty() ? std::nullopt : importFormatFromName(format));
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Usage);
        QCOMPARE(r.error().reason(), u"invalid_import_file"_s);
        QCOMPARE(r.error().details().value(u"path"_s).toString(), file);
        QCOMPARE(r.error().details().value(u"line"_s).toInteger(), qint64(line));
        if (line > 0)
            QVERIFY2(r.error().text().contains(u"%1:%2"_s.arg(file).arg(line)),
                     qPrintable(r.error().text()));
    }

    void tooManyEntries_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        const int count = int(MaxImportEntries) + 1;
        QByteArray repos = "repositories:\n";
        QByteArray json = "[";
        QByteArray mr;
        QByteArray xml = "<manifest><remote name=\"o\" fetch=\"https://h\"/>\n";
        for (int i = 0; i < count; ++i) {
            const QByteArray n = QByteArray::number(i);
            repos += "  r" + n + ": {type: git, url: https://h/r" + n + "}\n";
            json += (i ? ",{\"path\":\"r" : "{\"path\":\"r") + n + "\"}";
            mr += "[r" + n + "]\ncheckout = git clone https://h/r" + n + "\n";
            xml += "<project name=\"r" + n + "\" remote=\"o\"/>\n";
        }
        json += "]";
        xml += "</manifest>\n";
        QTest::newRow("vcstool") << u"many.repos"_s << repos;
        QTest::newRow("repos-json") << u"REPOS.json"_s << json;
        QTest::newRow("mrconfig") << u".mrconfig"_s << mr;
        QTest::newRow("repo") << u"default.xml"_s << xml;
    }

    void tooManyEntries()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        const Result<ImportSource> r = readImportFile(write(fresh(name), content), std::nullopt);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"invalid_import_file"_s);
    }

    // Two repo manifests of 5001 projects each are one import of 10002.
    void tooManyEntriesAcrossIncludes()
    {
        const auto projects = [](const QByteArray &prefix) {
            QByteArray xml;
            for (int i = 0; i < 5001; ++i)
                xml += "<project name=\"" + prefix + QByteArray::number(i) + "\"/>\n";
            return xml;
        };
        const QString dir = fresh(QString());
        const QString second =
            write(dir + u"second.xml"_s, "<manifest>\n" + projects("q") + "</manifest>\n");
        const QString first =
            write(dir + u"default.xml"_s, "<manifest>\n<remote name=\"o\" fetch=\"https://h\"/>\n"
                                          "<default remote=\"o\"/>\n" +
                                              projects("p") +
                                              "<include name=\"second.xml\"/>\n</manifest>\n");
        const Result<ImportSource> r = readImportFile(first, ImportFormat::RepoManifest);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"invalid_import_file"_s);
        QCOMPARE(r.error().details().value(u"path"_s).toString(), second);
    }

    void tooLarge()
    {
        const QString file = write(fresh(u"west.yml"_s), "manifest:\n");
        QFile big(file);
        QVERIFY(big.resize(MaxImportFileBytes + 1)); // sparse: nothing is written
        const Result<ImportSource> r = readImportFile(file, std::nullopt);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Usage);
        QCOMPARE(r.error().reason(), u"invalid_import_file"_s);
    }

    void unreadable()
    {
        const QString missing = m_tmp.filePath(u"no/such/west.yml"_s);
        const Result<ImportSource> r = readImportFile(missing, std::nullopt);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Usage);
        QCOMPARE(r.error().reason(), u"unreadable_import_file"_s);
        QCOMPARE(r.error().details().value(u"path"_s).toString(), missing);

        // groups.csv beside a repos.csv is read too.
        const QString dir = fresh(QString());
        const QString repos = write(dir + u"repos.csv"_s, "/a/b,b,,\n");
        QVERIFY(QDir().mkpath(m_tmp.filePath(dir + u"groups.csv"_s)));
        const Result<ImportSource> groups = readImportFile(repos, std::nullopt);
        QVERIFY(groups.ok()); // a folder named groups.csv is not gita's file
    }
};

QTEST_GUILESS_MAIN(tst_ImportFormats)
#include "tst_importformats.moc"
