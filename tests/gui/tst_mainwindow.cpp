#include "mainwindow.h"
#include "packtreemodel.h"
#include "remotebuilder.h"

#include "i18n.h"
#include "operationcontext.h"
#include "verbs/add.h"
#include "verbs/init.h"
#include "workspace.h"

#include <QLabel>
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
        QAbstractItemModel *model = view->model();
        QCOMPARE(model->rowCount(), 1);
        const QModelIndex parentIndex = model->index(0, Gui::PackTreeModel::NameColumn);
        QCOMPARE(parentIndex.data().toString(), u"parent"_s);
        QCOMPARE(model->index(0, Gui::PackTreeModel::TypeColumn).data().toString(), u"meta"_s);
        QCOMPARE(model->rowCount(parentIndex), 1);
        const QModelIndex childIndex = model->index(0, Gui::PackTreeModel::ShaColumn, parentIndex);
        QCOMPARE(childIndex.data().toString(), u"missing"_s); // listed, not cloned yet
        // Its type and branch are unknown until it is cloned.
        QCOMPARE(model->index(0, Gui::PackTreeModel::TypeColumn, parentIndex).data().toString(),
                 u"-"_s);
        QCOMPARE(model->index(0, Gui::PackTreeModel::RefColumn, parentIndex).data().toString(),
                 u"-"_s);
        QVERIFY2(window.statusBar()->currentMessage().endsWith(u"1 pack"_s),
                 qPrintable(window.statusBar()->currentMessage()));
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
