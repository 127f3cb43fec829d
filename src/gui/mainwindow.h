#pragma once

#include <QMainWindow>

class QLabel;
class QTreeView;

namespace Grex::Gui {

class PackTreeModel;

// The grex window: opens a workspace and shows its packs, read through core on a worker thread.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);

    // Shows the packs of the workspace whose grex.jsonl is in dir.
    void openWorkspace(const QString &dir);
    QString workspace() const { return m_workspace; }

Q_SIGNALS:
    // Emitted after each load, with the error text or an empty string.
    void loaded(const QString &error);

private:
    void chooseWorkspace();
    void refresh();

    PackTreeModel *m_model;
    QTreeView *m_view;
    QLabel *m_message;
    QString m_workspace;
    quint64 m_generation = 0;
};

} // namespace Grex::Gui
