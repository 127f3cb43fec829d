#pragma once

#include "core/verbs/taskstatus.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace Grex::Gui {

// The workspace's tasks (docs/design.md, "Tasks"): each with its packs, their changed files,
// their commits and whether they are pushed, as `grex task status --files` reads them; Push
// (approved in the window like every outward action) and Finish for the task selected.
class TasksPanel : public QWidget
{
    Q_OBJECT

public:
    explicit TasksPanel(QWidget *parent = nullptr);
    // error: why the tasks could not be read ("" when they were).
    void setTasks(const QList<TaskStatusReport::Task> &tasks, const QString &error);
    int taskCount() const { return m_count; }
    // The task of the selected row; "" when none is selected.
    QString selectedTask() const;
    // For tests: a row's texts by column, found by its first column.
    QStringList rowTexts(const QString &task, const QString &pack = {}) const;

Q_SIGNALS:
    void pushRequested(const QString &task);
    void finishRequested(const QString &task);

private:
    void updateButtons();
    QTreeWidgetItem *taskItem(const QString &task) const;

    QTreeWidget *m_tree;
    QLabel *m_summary;
    QPushButton *m_push;
    QPushButton *m_finish;
    int m_count = 0;
};

} // namespace Grex::Gui
