#include "gui/mainwindow.h"
#include "gui/packfilterproxy.h"
#include "gui/packtreemodel.h"
#include "support/remotebuilder.h"
#include "support/workspacefixture.h"

#include "core/i18n.h"
#include "core/operationcontext.h"
#include "core/verbs/add.h"
#include "core/verbs/init.h"
#include "core/workspace.h"

#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QStatusBar>
#include <QTreeView>

using namespace Grex;
using namespace Qt::StringLiterals;

class tst_MainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        installTranslators(); // as grex-gui's main() does: plurals come from grex_en.qm
    }

    void listsThePacksOfAWorkspace()
    {
        QTemporaryDir tmp;
        Test::RemoteBuilder remotes(tmp.filePath(u"remotes"_s));
        const QString child =
            remotes.create(u"child"_s, Test::RemoteBuilder::packFiles(u"child"_s));
        const QString parent = remotes.create(
            u"parent"_s,
            Test::RemoteBuilder::packFiles(u"parent"_s, u"meta"_s,
                                           "children:\n  - url: " + child.toUtf8() + "\n"));
        Workspace ws(tmp.filePath(u"ws"_s));
        QDir().mkpath(ws.root());
        OperationContext ctx;
        QVERIFY(init(ws, {}, ctx).ok());
        AddOptions options;
        options.url = parent;
        options.noInstall = true; // its child stays uncloned
        QVERIFY(add(ws, options, ctx).ok());

        Gui::MainWindow window;
        QSignalSpy loaded(&window, &Gui::MainWindow::loaded);
        window.show();
        window.openWorkspace(ws.root());
        QVERIFY(loaded.wait(10000));
        QCOMPARE(loaded.at(0).at(0).toString(), QString());
        auto *view = window.findChild<QTreeView *>(u"packView"_s);
        QVERIFY(view);
        // The view shows the packs through the filter proxy.
        QCOMPARE(view->model(), window.packProxy());
        QCOMPARE(window.packProxy()->sourceModel(), window.packModel());
        QAbstractItemModel *model = view->model();
        QCOMPARE(model->columnCount(), int(Gui::PackTreeModel::ColumnCount));
        QCOMPARE(model->headerData(Gui::PackTreeModel::DriftColumn, Qt::Horizontal).toString(),
                 u"State"_s);
        QCOMPARE(model->rowCount(), 1);
        const QModelIndex parentIndex = model->index(0, Gui::PackTreeModel::NameColumn);
        QCOMPARE(parentIndex.data().toString(), u"parent"_s);
        QCOMPARE(model->index(0, Gui::PackTreeModel::TypeColumn).data().toString(), u"meta"_s);
        QCOMPARE(model->index(0, Gui::PackTreeModel::RefColumn).data().toString(), u"main"_s);
        QCOMPARE(model->index(0, Gui::PackTreeModel::DriftColumn).data().toString(),
                 u"stale: not installed"_s);
        QCOMPARE(model->rowCount(parentIndex), 1);
        QVERIFY(view->isExpanded(parentIndex));
        // The child is listed, not cloned yet: its state says so.
        const QModelIndex childIndex =
            model->index(0, Gui::PackTreeModel::DriftColumn, parentIndex);
        QCOMPARE(childIndex.data().toString(), u"missing"_s);
        QCOMPARE(childIndex.data(Gui::PackTreeModel::DriftRole).toString(), u"missing"_s);
        QCOMPARE(childIndex.siblingAtColumn(Gui::PackTreeModel::NameColumn).data().toString(),
                 u"child"_s);
        QCOMPARE(childIndex.data(Gui::PackTreeModel::PackIdRole).toString(), u"child"_s);
        // Its type, branch and commit are unknown until it is cloned.
        QCOMPARE(model->index(0, Gui::PackTreeModel::TypeColumn, parentIndex).data().toString(),
                 u"-"_s);
        QCOMPARE(model->index(0, Gui::PackTreeModel::RefColumn, parentIndex).data().toString(),
                 u"-"_s);
        QCOMPARE(model->index(0, Gui::PackTreeModel::ShaColumn, parentIndex).data().toString(),
                 u"-"_s);
        QCOMPARE(window.packModel()->totalPackCount(), 2);
        const QString summary = window.findChild<QLabel *>(u"summaryLabel"_s)->text();
        QVERIFY2(summary.contains(u"2 packs: 1 missing, 1 stale · fetched now"_s),
                 qPrintable(summary));
    }

    // The filter box narrows the view; a bad expression says where it is wrong and keeps the
    // previous filter.
    void filterBox()
    {
        QTemporaryDir tmp;
        Test::RemoteBuilder remotes(tmp.filePath(u"remotes"_s));
        Workspace ws = Test::initialisedWorkspace(tmp.filePath(u"ws"_s));
        for (const QString &name : {u"api"_s, u"web"_s, u"tools"_s})
            Test::addPackOrDie(ws, remotes.create(name, Test::RemoteBuilder::packFiles(name)));
        Gui::MainWindow window;
        QSignalSpy loaded(&window, &Gui::MainWindow::loaded);
        window.show();
        window.openWorkspace(ws.root());
        QVERIFY(loaded.wait(10000));
        auto *view = window.findChild<QTreeView *>(u"packView"_s);
        auto *edit = window.findChild<QLineEdit *>(u"filterEdit"_s);
        auto *error = window.findChild<QLabel *>(u"filterError"_s);
        QVERIFY(view && edit && error);
        QCOMPARE(view->model()->rowCount(), 3);

        edit->setText(u"name=*e*"_s);
        QCOMPARE(view->model()->rowCount(), 1);
        QCOMPARE(view->model()->index(0, 0).data().toString(), u"web"_s);
        QVERIFY(error->isHidden());

        // Pasted: typed key by key, "name=*e*,d" is a valid filter of its own (the word d).
        edit->setText(u"name=*e*,drift=dirt"_s);
        QVERIFY(!error->isHidden());
        QVERIFY2(error->text().contains(u"column 16"_s), qPrintable(error->text()));
        QVERIFY2(error->text().endsWith(u'^'), qPrintable(error->text()));
        QCOMPARE(view->model()->rowCount(), 1); // the last valid filter stays

        edit->clear();
        QVERIFY(error->isHidden());
        QCOMPARE(view->model()->rowCount(), 3);
    }

    void showsWhyAFolderIsNotAWorkspace()
    {
        QTemporaryDir tmp;
        Gui::MainWindow window;
        QSignalSpy loaded(&window, &Gui::MainWindow::loaded);
        window.openWorkspace(tmp.path());
        QVERIFY(loaded.wait(10000));
        QVERIFY(loaded.at(0).at(0).toString().contains(u"not a grex workspace"_s));
        auto *label = window.findChild<QLabel *>(u"messageLabel"_s);
        QVERIFY(label && !label->isHidden());
    }
};

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
