#include "gui/packfilterproxy.h"
#include "gui/packtreemodel.h"
#include "support/remotebuilder.h"
#include "support/testfiles.h"

#include "core/i18n.h"
#include "core/operationcontext.h"
#include "core/verbs/ls.h"
#include "core/verbs/status.h"
#include "core/verbs/sync.h"
#include "core/verbs/tag.h"
#include "core/workspace.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "support/workspacefixture.h"

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

using Gui::PackTreeModel;

// The tree a model shows, by pack name: "a b[c d] e" (children in brackets).
QString treeText(const QAbstractItemModel &model, const QModelIndex &parent = {})
{
    QStringList parts;
    for (int r = 0; r < model.rowCount(parent); ++r) {
        const QModelIndex index = model.index(r, PackTreeModel::NameColumn, parent);
        QString part = index.data().toString();
        if (model.rowCount(index) > 0)
            part += u'[' + treeText(model, index) + u']';
        parts.append(part);
    }
    return parts.join(u' ');
}

// The row of the model whose pack id is id, anywhere in the tree; invalid when there is none.
QModelIndex find(const QAbstractItemModel &model, const QString &id, int column = 0)
{
    const QModelIndexList found = model.match(model.index(0, 0), PackTreeModel::PackIdRole, id, 1,
                                              Qt::MatchExactly | Qt::MatchRecursive);
    if (found.isEmpty())
        return {};
    return found.constFirst().siblingAtColumn(column);
}

QString cell(const QAbstractItemModel &model, const QString &id, int column,
             int role = Qt::DisplayRole)
{
    return find(model, id, column).data(role).toString();
}

const Gui::PackRow *rowOf(const QList<Gui::PackRow> &rows, const QString &id)
{
    for (const Gui::PackRow &row : rows) {
        if (row.entry.id == id)
            return &row;
        if (const Gui::PackRow *child = rowOf(row.children, id))
            return child;
    }
    return nullptr;
}

QStringList idsOf(const QList<Gui::PackRow> &rows)
{
    QStringList ids;
    for (const Gui::PackRow &row : rows)
        ids.append(row.entry.id);
    return ids;
}

LsEntry lsEntry(const QString &id, const QString &type = u"declarative"_s)
{
    LsEntry e;
    e.id = id;
    e.type = type;
    e.path = id;
    e.dir = u"/ws/"_s + id;
    e.url = u"file:///remotes/"_s + id + u".git"_s;
    e.onDisk = true;
    e.sha = u"0123456789abcdef0123456789abcdef01234567"_s;
    e.branch = u"main"_s;
    return e;
}

StatusEntry statusEntry(const QString &id, const QString &drift)
{
    StatusEntry s;
    s.id = id;
    s.path = id;
    s.type = u"declarative"_s;
    s.registered = true;
    s.onDisk = drift != u"missing";
    s.drift = drift;
    return s;
}

} // namespace

// The window's pack model and its filter: what joinPackRows makes of `ls --tree` and
// `status --long`, what each column and role shows, and the --filter box over it.
class tst_PackModel : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_remotes;
    QString m_root;
    QList<LsEntry> m_ls;
    QList<StatusEntry> m_status;
    QList<Gui::PackRow> m_rows;

    QString remote(const QString &name) const { return m_remotes + u'/' + name + u".git"_s; }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        installTranslators(); // plurals come from grex_en.qm, as in grex-gui
        m_remotes = m_tmp.filePath(u"remotes"_s);
        RemoteBuilder builder(m_remotes);
        for (const QString &name : {u"r0-api"_s, u"r0-web"_s, u"r1-child"_s})
            builder.create(name, RemoteBuilder::packFiles(name));
        builder.create(u"r1-meta"_s,
                       RemoteBuilder::packFiles(
                           u"r1-meta"_s, u"meta"_s,
                           "children:\n  - url: " + remote(u"r1-child"_s).toUtf8() +
                               "\n    tags: [child]\n"));

        // A real workspace: three packs synced (r1-meta brings its child), then r0-web made
        // dirty, the child's clone removed (missing), and a clone nobody registered.
        Workspace ws = initialisedWorkspace(m_tmp.filePath(u"ws"_s));
        m_root = ws.root();
        for (const QString &name : {u"r0-api"_s, u"r0-web"_s, u"r1-meta"_s})
            addPackOrDie(ws, remote(name));
        OperationContext ctx;
        ctx.setWidth(Width::chosen(2));
        TagOptions tagWork;
        tagWork.pack = u"r0-api"_s;
        tagWork.add = {u"work"_s};
        QVERIFY(tag(ws, tagWork, ctx).ok());
        const Result<LifecycleReport> synced = sync(ws, {}, ctx);
        QVERIFY2(synced.ok(), qPrintable(synced.ok() ? QString() : synced.error().text()));
        QVERIFY(QFileInfo(ws.packDir(u"r1-child"_s)).isDir());
        QVERIFY(writeFile(ws.packDir(u"r0-web"_s) + u"/README.md"_s, "edited\n"));
        QVERIFY(QDir(ws.packDir(u"r1-child"_s)).removeRecursively());
        runGit(ws.root(), {u"clone"_s, u"-q"_s, remote(u"r0-api"_s), u"stray"_s});

        LsOptions lsOptions;
        lsOptions.tree = true;
        const Result<LsReport> packs = ls(ws, lsOptions, ctx);
        QVERIFY(packs.ok());
        StatusOptions statusOptions;
        statusOptions.long_ = true;
        const Result<StatusReport> status = Grex::status(ws, statusOptions, ctx);
        QVERIFY(status.ok());
        m_ls = packs->packs;
        m_status = status->packs;
        m_rows = Gui::joinPackRows(m_ls, m_status, m_root);
    }

    void joinNestsChildrenAndAppendsUntrackedClones()
    {
        // Registered packs in ls order with their children below; the stray clone last.
        QCOMPARE(idsOf(m_rows), (QStringList{u"r0-api"_s, u"r0-web"_s, u"r1-meta"_s, u"stray"_s}));
        const Gui::PackRow *meta = rowOf(m_rows, u"r1-meta"_s);
        QVERIFY(meta);
        QCOMPARE(idsOf(meta->children), QStringList{u"r1-child"_s});
        for (const QString &id : {u"r0-api"_s, u"r0-web"_s, u"r1-meta"_s}) {
            const Gui::PackRow *row = rowOf(m_rows, id);
            QVERIFY(row->status);
            QCOMPARE(row->status->id, id);
            QVERIFY(row->status->registered);
        }
        QCOMPARE(rowOf(m_rows, u"r0-api"_s)->status->drift, u"clean"_s);
        QCOMPARE(rowOf(m_rows, u"r0-web"_s)->status->drift, u"dirty"_s);
        QCOMPARE(rowOf(m_rows, u"r0-web"_s)->status->changedFiles, 1);
        QCOMPARE(rowOf(m_rows, u"r1-meta"_s)->status->drift, u"clean"_s);

        const Gui::PackRow &child = meta->children.constFirst();
        QVERIFY(child.status);
        QCOMPARE(child.status->drift, u"missing"_s);
        QVERIFY(!child.status->onDisk);
        QVERIFY(child.children.isEmpty());

        // The untracked clone has only what status knows of it.
        const Gui::PackRow &stray = m_rows.constLast();
        QVERIFY(stray.status);
        QCOMPARE(stray.status->drift, u"untracked"_s);
        QCOMPARE(stray.entry.path, u"stray"_s);
        QCOMPARE(stray.entry.dir, m_root + u"/stray"_s);
        QCOMPARE(stray.entry.type, QString());
        QVERIFY(stray.entry.onDisk);
        QCOMPARE(stray.entry.sha,
                 std::optional<QString>(runGit(m_root + u"/stray"_s, {u"rev-parse"_s, u"HEAD"_s})));
        QCOMPARE(stray.entry.branch, std::optional<QString>(u"main"_s));
        QVERIFY(stray.children.isEmpty());
    }

    void joinHandMadeLists()
    {
        LsEntry parent = lsEntry(u"parent"_s, u"meta"_s);
        LsEntry kid = lsEntry(u"kid"_s);
        LsEntry grandkid = lsEntry(u"grandkid"_s);
        kid.children = {grandkid};
        parent.children = {kid};
        const QList<LsEntry> ls{lsEntry(u"alone"_s), parent};

        StatusEntry untracked = statusEntry(u"zz-clone"_s, u"untracked"_s);
        untracked.registered = false;
        untracked.type.clear();
        untracked.sha = u"fedcba9876543210fedcba9876543210fedcba98"_s;
        StatusEntry bare = statusEntry(u"aa-empty"_s, u"untracked"_s); // no commit yet
        bare.registered = false;
        // Status knows a pack ls did not list, which is not untracked: not a row of its own.
        const QList<StatusEntry> status{bare, statusEntry(u"grandkid"_s, u"missing"_s),
                                        statusEntry(u"kid"_s, u"behind"_s),
                                        statusEntry(u"orphan"_s, u"clean"_s), untracked};

        const QList<Gui::PackRow> rows = Gui::joinPackRows(ls, status, u"/ws"_s);
        // ls order first, then the untracked ones in status order.
        QCOMPARE(idsOf(rows), (QStringList{u"alone"_s, u"parent"_s, u"aa-empty"_s, u"zz-clone"_s}));
        QVERIFY(!rows.at(0).status); // status said nothing of it
        QVERIFY(!rows.at(1).status);
        QCOMPARE(idsOf(rows.at(1).children), QStringList{u"kid"_s});
        const Gui::PackRow &k = rows.at(1).children.constFirst();
        QCOMPARE(k.status->drift, u"behind"_s);
        QCOMPARE(idsOf(k.children), QStringList{u"grandkid"_s});
        QCOMPARE(k.children.constFirst().status->drift, u"missing"_s);
        QCOMPARE(rows.at(2).entry.sha, std::nullopt);
        QCOMPARE(rows.at(2).entry.dir, u"/ws/aa-empty"_s);
        QCOMPARE(rows.at(3).entry.sha, std::optional<QString>(untracked.sha));
        QCOMPARE(rows.at(3).entry.dir, u"/ws/zz-clone"_s);
        QVERIFY(rowOf(rows, u"orphan"_s) == nullptr);

        // Nothing listed, nothing untracked: no rows.
        QVERIFY(Gui::joinPackRows({}, {statusEntry(u"x"_s, u"clean"_s)}, u"/ws"_s).isEmpty());
    }

    void childTypeComesFromStatus()
    {
        // ls --tree knows a child's type only from a pack.yaml; status reads the clone.
        LsEntry parent = lsEntry(u"p"_s, u"meta"_s);
        parent.children = {lsEntry(u"on-disk"_s, QString()), lsEntry(u"not-cloned"_s, QString())};
        parent.children[1].onDisk = false;
        StatusEntry onDisk = statusEntry(u"on-disk"_s, u"clean"_s);
        onDisk.type = u"meta"_s;
        StatusEntry notCloned = statusEntry(u"not-cloned"_s, u"missing"_s);
        notCloned.type = u"meta"_s;
        PackTreeModel model;
        model.setPacks(Gui::joinPackRows(
            {parent}, {statusEntry(u"p"_s, u"clean"_s), onDisk, notCloned}, u"/ws"_s));
        const QModelIndex p = model.index(0, 0);
        QCOMPARE(model.index(0, PackTreeModel::TypeColumn, p).data().toString(), u"meta"_s);
        // Not on disk: what its type will be is not known yet.
        QCOMPARE(model.index(1, PackTreeModel::TypeColumn, p).data().toString(), u"-"_s);
    }

    void columnsAndRoles()
    {
        PackTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPacks(m_rows);
        QCOMPARE(model.columnCount(), 9);
        QCOMPARE(model.packCount(), 4);
        QCOMPARE(model.totalPackCount(), 5);
        const QHash<QString, int> expected{
            {u"clean"_s, 2}, {u"dirty"_s, 1}, {u"missing"_s, 1}, {u"untracked"_s, 1}};
        QCOMPARE(model.driftCounts(), expected);
        QCOMPARE(treeText(model), u"r0-api r0-web r1-meta[r1-child] stray"_s);
        QCOMPARE(model.headerData(PackTreeModel::NameColumn, Qt::Horizontal).toString(), u"Pack"_s);
        QCOMPARE(model.headerData(PackTreeModel::DriftColumn, Qt::Horizontal).toString(),
                 u"State"_s);
        QCOMPARE(model.headerData(PackTreeModel::LockColumn, Qt::Horizontal).toString(),
                 u"Locked by"_s);

        // A clean, installed pack.
        const QString api = u"r0-api"_s;
        QCOMPARE(cell(model, api, PackTreeModel::NameColumn), api);
        QCOMPARE(cell(model, api, PackTreeModel::TypeColumn), u"declarative"_s);
        QCOMPARE(cell(model, api, PackTreeModel::RefColumn), u"main"_s);
        const QString apiSha = runGit(m_root + u"/r0-api"_s, {u"rev-parse"_s, u"HEAD"_s});
        QCOMPARE(cell(model, api, PackTreeModel::ShaColumn), apiSha.left(7));
        QCOMPARE(cell(model, api, PackTreeModel::DriftColumn), u"clean"_s);
        QCOMPARE(cell(model, api, PackTreeModel::DriftColumn, PackTreeModel::DriftRole),
                 u"clean"_s);
        QCOMPARE(cell(model, api, PackTreeModel::LockColumn), QString());
        const Gui::PackRow *apiRow = rowOf(m_rows, api);
        QVERIFY(apiRow->entry.installedAt);
        QVERIFY(cell(model, api, PackTreeModel::InstalledColumn) != u"never"_s);
        QCOMPARE(find(model, api, PackTreeModel::InstalledColumn)
                     .data(PackTreeModel::SortRole)
                     .toLongLong(),
                 apiRow->entry.installedAt->toDateTime().toMSecsSinceEpoch());
        QCOMPARE(find(model, api, PackTreeModel::DriftColumn).data(PackTreeModel::SortRole).toInt(),
                 PackTreeModel::attentionRank(u"clean"_s));
        // Every column of a row carries the pack id and the drift kind.
        for (int c = 0; c < PackTreeModel::ColumnCount; ++c) {
            QCOMPARE(cell(model, api, c, PackTreeModel::PackIdRole), api);
            QCOMPARE(cell(model, api, c, PackTreeModel::DriftRole), u"clean"_s);
        }
        QCOMPARE(cell(model, api, PackTreeModel::NameColumn, Qt::ToolTipRole), remote(api));

        // Dirty, with the count of changed files.
        QCOMPARE(cell(model, u"r0-web"_s, PackTreeModel::DriftColumn), u"dirty: 1 changed file"_s);
        QCOMPARE(cell(model, u"r0-web"_s, PackTreeModel::DriftColumn, PackTreeModel::DriftRole),
                 u"dirty"_s);
        QCOMPARE(find(model, u"r0-web"_s, PackTreeModel::DriftColumn)
                     .data(PackTreeModel::SortRole)
                     .toInt(),
                 PackTreeModel::attentionRank(u"dirty"_s));
        QCOMPARE(cell(model, u"r1-meta"_s, PackTreeModel::TypeColumn), u"meta"_s);

        // The missing child: below its parent, no branch, no commit, drift "missing".
        const QModelIndex child = find(model, u"r1-child"_s);
        QVERIFY(child.isValid());
        QCOMPARE(child.parent(), find(model, u"r1-meta"_s));
        QCOMPARE(child.parent().parent(), QModelIndex());
        QCOMPARE(cell(model, u"r1-child"_s, PackTreeModel::RefColumn), u"-"_s);
        QCOMPARE(cell(model, u"r1-child"_s, PackTreeModel::ShaColumn), u"-"_s);
        QCOMPARE(cell(model, u"r1-child"_s, PackTreeModel::DriftColumn), u"missing"_s);
        QCOMPARE(cell(model, u"r1-child"_s, PackTreeModel::NameColumn, PackTreeModel::DriftRole),
                 u"missing"_s);
        QVERIFY(child.siblingAtColumn(PackTreeModel::DriftColumn)
                    .data(Qt::ForegroundRole)
                    .isValid()); // greyed out

        // The untracked clone: no type, no install.
        QCOMPARE(cell(model, u"stray"_s, PackTreeModel::TypeColumn), u"-"_s);
        QCOMPARE(cell(model, u"stray"_s, PackTreeModel::RefColumn), u"main"_s);
        QCOMPARE(cell(model, u"stray"_s, PackTreeModel::DriftColumn), u"untracked"_s);
        QCOMPARE(cell(model, u"stray"_s, PackTreeModel::InstalledColumn), u"never"_s);
        QCOMPARE(find(model, u"stray"_s, PackTreeModel::InstalledColumn)
                     .data(PackTreeModel::SortRole)
                     .toLongLong(),
                 0);

        QCOMPARE(model.row(find(model, u"r1-child"_s))->entry.id, u"r1-child"_s);
        QVERIFY(model.row(QModelIndex()) == nullptr);
        const Gui::PackRow *metaRow = model.row(find(model, u"r1-meta"_s));
        QVERIFY(metaRow->children.isEmpty()); // the children live in their own rows
        const FilterSubject subject = model.filterSubject(child);
        QCOMPARE(subject.name, u"r1-child"_s);
        QCOMPARE(subject.depth, 1);
        QCOMPARE(subject.drift, std::optional<QString>(u"missing"_s));
        // Its parent's children entry tags it, and the window shows and filters by it.
        QCOMPARE(subject.tags, QStringList{u"child"_s});
        QCOMPARE(child.siblingAtColumn(PackTreeModel::TagsColumn).data().toString(), u"child"_s);
        QCOMPARE(find(model, u"r0-api"_s).siblingAtColumn(PackTreeModel::TagsColumn).data(),
                 QVariant(u"work"_s));
        QCOMPARE(model.headerData(PackTreeModel::TagsColumn, Qt::Horizontal).toString(),
                 u"Tags"_s);
        QCOMPARE(model.filterSubject(find(model, u"r1-meta"_s)).depth, 0);

        // A new list replaces the old one.
        model.setPacks({});
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.totalPackCount(), 0);
        QVERIFY(model.driftCounts().isEmpty());
    }

    void driftTextsAndLockHolders()
    {
        StatusEntry locked = statusEntry(u"locked"_s, u"behind"_s);
        locked.behind = 2;
        locked.holder = LockHolder{4242, u"build-host"_s, u"grex"_s};
        StatusEntry ahead = statusEntry(u"ahead"_s, u"ahead"_s);
        ahead.ahead = 1;
        StatusEntry stale = statusEntry(u"stale"_s, u"stale"_s);
        stale.staleReason = u"not_installed"_s;
        StatusEntry broken = statusEntry(u"broken"_s, u"dirty"_s);
        broken.changedFiles = 3;
        broken.error = u"pack.yaml: line 3: unexpected ':'"_s;
        StatusEntry cracked = statusEntry(u"cracked"_s, u"broken"_s);
        cracked.error = u"/ws/cracked/.grex/pack.yaml:3: malformed YAML\nmore"_s;
        LsEntry plain = lsEntry(u"plain"_s);
        plain.plain = true;
        LsEntry detached = lsEntry(u"detached"_s);
        detached.branch.reset();
        LsEntry pinned = lsEntry(u"pinned"_s);
        pinned.ref = u"v1.2"_s;
        const QList<LsEntry> ls{lsEntry(u"locked"_s),
                                lsEntry(u"ahead"_s),
                                lsEntry(u"stale"_s),
                                lsEntry(u"broken"_s),
                                lsEntry(u"cracked"_s),
                                plain,
                                detached,
                                pinned};

        PackTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPacks(Gui::joinPackRows(ls, {locked, ahead, stale, broken, cracked}, u"/ws"_s));
        QCOMPARE(cell(model, u"locked"_s, PackTreeModel::LockColumn),
                 u"grex (pid 4242 on build-host)"_s);
        QVERIFY(
            find(model, u"locked"_s, PackTreeModel::LockColumn).data(Qt::DecorationRole).isValid());
        QVERIFY(
            !find(model, u"ahead"_s, PackTreeModel::LockColumn).data(Qt::DecorationRole).isValid());
        QCOMPARE(cell(model, u"locked"_s, PackTreeModel::DriftColumn), u"behind by 2"_s);
        QCOMPARE(cell(model, u"ahead"_s, PackTreeModel::DriftColumn), u"ahead by 1"_s);
        QCOMPARE(cell(model, u"stale"_s, PackTreeModel::DriftColumn), u"stale: not installed"_s);
        QCOMPARE(cell(model, u"broken"_s, PackTreeModel::DriftColumn), u"dirty: 3 changed files"_s);
        QCOMPARE(cell(model, u"broken"_s, PackTreeModel::NameColumn, Qt::ToolTipRole),
                 broken.error);
        // A pack.yaml that cannot be read is said as it is, with its own icon, never "stale".
        QCOMPARE(cell(model, u"cracked"_s, PackTreeModel::DriftColumn),
                 u"broken: /ws/cracked/.grex/pack.yaml:3: malformed YAML"_s);
        QVERIFY(find(model, u"cracked"_s, PackTreeModel::DriftColumn)
                    .data(Qt::DecorationRole)
                    .isValid());
        QVERIFY(QFile::exists(u":/grex/icons/status/broken.svg"_s));
        QCOMPARE(PackTreeModel::driftCount(u"broken"_s, 2), u"2 broken"_s);
        // A repository without pack.yaml is a repository, not grex's "meta".
        QCOMPARE(cell(model, u"plain"_s, PackTreeModel::TypeColumn), u"repository"_s);
        QCOMPARE(cell(model, u"locked"_s, PackTreeModel::TypeColumn), u"declarative"_s);
        QCOMPARE(cell(model, u"detached"_s, PackTreeModel::RefColumn), u"detached"_s);
        QCOMPARE(cell(model, u"pinned"_s, PackTreeModel::RefColumn), u"v1.2"_s);
        // No status: no drift text, no drift kind, sorted after every kind.
        QCOMPARE(cell(model, u"pinned"_s, PackTreeModel::DriftColumn), QString());
        QCOMPARE(cell(model, u"pinned"_s, PackTreeModel::DriftColumn, PackTreeModel::DriftRole),
                 QString());
        QCOMPARE(find(model, u"pinned"_s, PackTreeModel::DriftColumn)
                     .data(PackTreeModel::SortRole)
                     .toInt(),
                 99);
        const QHash<QString, int> expected{
            {u"behind"_s, 1}, {u"ahead"_s, 1}, {u"stale"_s, 1}, {u"dirty"_s, 1}, {u"broken"_s, 1}};
        QCOMPARE(model.driftCounts(), expected);
    }

    void filter_data()
    {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QString>("shown");
        QTest::newRow("empty") << QString() << u"r0-api r0-web r1-meta[r1-child] stray"_s;
        QTest::newRow("name glob") << u"name=r0*"_s << u"r0-api r0-web"_s;
        QTest::newRow("name not") << u"name!=r0*"_s << u"r1-meta[r1-child] stray"_s;
        QTest::newRow("drift alternatives")
            << u"drift=dirty|missing"_s << u"r0-web r1-meta[r1-child]"_s;
        QTest::newRow("drift untracked") << u"drift=untracked"_s << u"stray"_s;
        QTest::newRow("type meta") << u"type=meta"_s << u"r1-meta"_s;
        QTest::newRow("kind alias") << u"kind=declarative"_s << u"r0-api r0-web"_s;
        QTest::newRow("depth>=1") << u"depth>=1"_s << u"r1-meta[r1-child]"_s;
        QTest::newRow("depth=0") << u"depth=0"_s << u"r0-api r0-web r1-meta stray"_s;
        // The parent does not match, but stays to hold its child.
        QTest::newRow("child only") << u"name=r1-child"_s << u"r1-meta[r1-child]"_s;
        QTest::newRow("all terms") << u"name=r*, drift=clean"_s << u"r0-api r1-meta"_s;
        QTest::newRow("path") << u"path=stray"_s << u"stray"_s;
        QTest::newRow("tag") << u"tag=work"_s << u"r0-api"_s;
        QTest::newRow("child's tag") << u"tag=child|none"_s << u"r1-meta[r1-child]"_s;
        QTest::newRow("no tag") << u"tag!=work,depth=0"_s << u"r0-web r1-meta stray"_s;
        QTest::newRow("nothing") << u"name=nothing*"_s << QString();
    }

    void filter()
    {
        QFETCH(QString, expression);
        QFETCH(QString, shown);
        PackTreeModel model;
        Gui::PackFilterProxy proxy;
        QAbstractItemModelTester tester(&proxy,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        proxy.sort(PackTreeModel::NameColumn);
        model.setPacks(m_rows);
        QCOMPARE(proxy.setFilterExpression(expression), QString());
        QCOMPARE(treeText(proxy), shown);
        // The rows that show map back to the packs they show.
        for (const QString &id :
             shown.split(QRegularExpression(u"[ \\[\\]]+"_s), Qt::SkipEmptyParts)) {
            const QModelIndex index = find(proxy, id);
            QVERIFY(index.isValid());
            QCOMPARE(model.row(proxy.mapToSource(index))->entry.id, id);
        }
        // A reload keeps the filter.
        model.setPacks(m_rows);
        QCOMPARE(treeText(proxy), shown);
    }

    // Nested packs (src/tools/fd) sit in folder rows; the filter still selects packs, and a
    // folder is shown only for the packs in it that match.
    void nestedPacksAreGroupedByFolder()
    {
        const QList<LsEntry> ls{lsEntry(u"src/tools/fd"_s), lsEntry(u"src/tools/rg"_s),
                                lsEntry(u"src/app"_s), lsEntry(u"top"_s)};
        StatusEntry dirty = statusEntry(u"src/tools/fd"_s, u"dirty"_s);
        dirty.drifts = {dirty.drift};
        PackTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPacks(Gui::joinPackRows(ls, {dirty, statusEntry(u"top"_s, u"clean"_s)}, u"/ws"_s));
        QCOMPARE(model.totalPackCount(), 4);
        QCOMPARE(model.packCount(), 2); // the folder src and the pack top
        const QModelIndex fd = find(model, u"src/tools/fd"_s);
        QVERIFY(fd.isValid());
        QCOMPARE(fd.data().toString(), u"fd"_s);
        QCOMPARE(fd.data(PackTreeModel::SortRole).toString(), u"src/tools/fd"_s);
        const QModelIndex tools = fd.parent();
        QVERIFY(model.isFolder(tools));
        QCOMPARE(tools.data().toString(), u"tools"_s);
        QCOMPARE(tools.data(Qt::ToolTipRole).toString(), u"src/tools"_s);
        QVERIFY(model.row(tools) == nullptr);
        QCOMPARE(tools.data(PackTreeModel::PackIdRole).toString(), QString());
        const QModelIndex src = tools.parent();
        QCOMPARE(src.data().toString(), u"src"_s);
        QVERIFY(!src.parent().isValid());
        QCOMPARE(find(model, u"src/app"_s).parent(), src);
        QCOMPARE(find(model, u"top"_s).parent(), QModelIndex());
        // A nested pack is a registered pack: depth 0, its full path for the filter.
        QCOMPARE(model.filterSubject(fd).depth, 0);
        QCOMPARE(model.filterSubject(fd).name, u"src/tools/fd"_s);
        QCOMPARE(model.driftCounts().value(u"dirty"_s), 1);

        Gui::PackFilterProxy proxy;
        proxy.setSourceModel(&model);
        QCOMPARE(proxy.setFilterExpression(u"drift=dirty"_s), QString());
        QCOMPARE(proxy.shownCount(), 1);
        QCOMPARE(proxy.rowCount(), 1); // src, for fd
        const QModelIndex shownSrc = proxy.index(0, 0);
        QCOMPARE(shownSrc.data().toString(), u"src"_s);
        QCOMPARE(proxy.rowCount(shownSrc), 1); // tools; app does not match
        QCOMPARE(proxy.setFilterExpression(u"path=src/**"_s), QString());
        QCOMPARE(proxy.shownCount(), 3);
        QCOMPARE(proxy.setFilterExpression(u"name=nothing"_s), QString());
        QCOMPARE(proxy.rowCount(), 0);
    }

    void invalidExpressionKeepsThePreviousFilter()
    {
        PackTreeModel model;
        model.setPacks(m_rows);
        Gui::PackFilterProxy proxy;
        proxy.setSourceModel(&model);
        QCOMPARE(proxy.setFilterExpression(u"name=r0*"_s), QString());
        QCOMPARE(treeText(proxy), u"r0-api r0-web"_s);

        QString error = proxy.setFilterExpression(u"drift=dirt"_s);
        QVERIFY2(error.contains(u"column 7"_s), qPrintable(error));
        QVERIFY2(error.contains(u"'dirty'"_s), qPrintable(error)); // the suggestion
        QVERIFY2(error.contains(u"\n  drift=dirt\n"_s), qPrintable(error));
        QVERIFY2(error.endsWith(u"\n        ^"_s), qPrintable(error)); // under the 'd' of dirt
        QCOMPARE(proxy.packFilter().expression(), u"name=r0*"_s);
        QCOMPARE(treeText(proxy), u"r0-api r0-web"_s);

        error = proxy.setFilterExpression(u"nmae=r1*"_s);
        QVERIFY2(error.contains(u"column 1"_s) && error.contains(u"'name'"_s), qPrintable(error));
        error = proxy.setFilterExpression(u"depth>=one"_s);
        QVERIFY2(error.contains(u"column 8"_s), qPrintable(error));
        error = proxy.setFilterExpression(u"name=r0*,"_s);
        QVERIFY2(error.contains(u"column 9"_s), qPrintable(error));
        QCOMPARE(treeText(proxy), u"r0-api r0-web"_s);

        // Clearing the box shows everything again.
        QCOMPARE(proxy.setFilterExpression(u"   "_s), QString());
        QVERIFY(proxy.packFilter().isEmpty());
        QCOMPARE(treeText(proxy), u"r0-api r0-web r1-meta[r1-child] stray"_s);
    }

    void sortsByDriftPrecedence()
    {
        PackTreeModel model;
        model.setPacks(m_rows);
        Gui::PackFilterProxy proxy;
        proxy.setSourceModel(&model);
        proxy.sort(PackTreeModel::DriftColumn);
        // dirty before clean before untracked; ties keep their order.
        QCOMPARE(treeText(proxy), u"r0-web r0-api r1-meta[r1-child] stray"_s);
        proxy.sort(PackTreeModel::NameColumn, Qt::DescendingOrder);
        QCOMPARE(treeText(proxy), u"stray r1-meta[r1-child] r0-web r0-api"_s);
    }
};

QTEST_MAIN(tst_PackModel)
#include "tst_packmodel.moc"
