#include "mainwindow.h"

#include "operationcontext.h"
#include "packtreemodel.h"
#include "verbs/ls.h"
#include "workspace.h"

#include <QAction>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

namespace {

struct LoadResult
{
    QList<LsEntry> packs;
    QString error;
};

LoadResult loadPacks(const QString &dir)
{
    Workspace workspace(dir);
    OperationContext ctx;
    LsOptions options;
    options.tree = true;
    Result<LsReport> report = ls(workspace, options, ctx);
    if (!report)
        return {{}, report.error().displayText()};
    return {report->packs, {}};
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_model(new PackTreeModel(this))
    , m_view(new QTreeView(this))
    , m_message(new QLabel(this))
{
    setObjectName(u"mainWindow"_s);
    setWindowTitle(tr("grex"));
    resize(960, 560);

    QToolBar *toolbar = addToolBar(tr("Workspace"));
    toolbar->setObjectName(u"workspaceToolBar"_s);
    toolbar->setMovable(false);
    QAction *open = toolbar->addAction(tr("Open Workspace…"), this, &MainWindow::chooseWorkspace);
    open->setObjectName(u"openWorkspaceAction"_s);
    open->setShortcut(QKeySequence::Open);
    QAction *reload = toolbar->addAction(tr("Refresh"), this, &MainWindow::refresh);
    reload->setObjectName(u"refreshAction"_s);
    reload->setShortcut(QKeySequence::Refresh);

    m_view->setObjectName(u"packView"_s);
    m_view->setModel(m_model);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->setStretchLastSection(true);

    m_message->setObjectName(u"messageLabel"_s);
    m_message->setWordWrap(true);
    m_message->setMargin(8);
    m_message->hide();

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_message);
    layout->addWidget(m_view);
    setCentralWidget(central);
    statusBar()->showMessage(tr("No workspace open"));
}

void MainWindow::openWorkspace(const QString &dir)
{
    m_workspace = QDir(dir).absolutePath();
    setWindowTitle(tr("%1 — grex").arg(QDir(m_workspace).dirName()));
    QSettings().setValue(u"workspace/last"_s, m_workspace);
    refresh();
}

void MainWindow::chooseWorkspace()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Workspace"), m_workspace);
    if (!dir.isEmpty())
        openWorkspace(dir);
}

void MainWindow::refresh()
{
    if (m_workspace.isEmpty())
        return;
    statusBar()->showMessage(tr("Reading %1…").arg(m_workspace));
    const quint64 generation = ++m_generation;
    auto *watcher = new QFutureWatcher<LoadResult>(this);
    connect(watcher, &QFutureWatcher<LoadResult>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation)
            return; // a newer load replaced this one
        const LoadResult result = watcher->result();
        if (!result.error.isEmpty()) {
            m_model->setPacks({});
            m_message->setText(result.error);
            m_message->show();
            statusBar()->showMessage(m_workspace);
        } else {
            m_model->setPacks(result.packs);
            m_view->expandAll();
            for (int c = 0; c < PackTreeModel::ColumnCount - 1; ++c)
                m_view->resizeColumnToContents(c);
            m_message->hide();
            statusBar()->showMessage(
                tr("%1 — %n pack(s)", nullptr, m_model->packCount()).arg(m_workspace));
        }
        Q_EMIT loaded(result.error);
    });
    watcher->setFuture(QtConcurrent::run(loadPacks, m_workspace));
}

} // namespace Grex::Gui
