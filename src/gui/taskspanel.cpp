#include "gui/taskspanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

namespace {

enum Column { Name, Where, Changed, Commits, Pushed, ColumnCount };

// The role that holds the task a row belongs to, and whether everything of it is pushed.
constexpr int TaskRole = Qt::UserRole + 1;
constexpr int SettledRole = Qt::UserRole + 2;
constexpr int UnpushedRole = Qt::UserRole + 3;

QString pushedText(const TaskPackStatus &pack)
{
    if (!pack.present)
        return TasksPanel::tr("worktree missing");
    if (pack.commits == 0)
        return TasksPanel::tr("nothing committed");
    if (pack.unpushed > 0)
        return TasksPanel::tr("%n commit(s) not pushed", nullptr, pack.unpushed);
    return TasksPanel::tr("pushed to %1").arg(pack.pushedTo);
}

} // namespace

TasksPanel::TasksPanel(QWidget *parent)
    : QWidget(parent)
    , m_tree(new QTreeWidget(this))
    , m_summary(new QLabel(this))
    , m_push(new QPushButton(QIcon(u":/grex/icons/actions/task.svg"_s), tr("&Push…"), this))
    , m_finish(new QPushButton(tr("&Finish"), this))
{
    setObjectName(u"tasksPanel"_s);
    m_tree->setObjectName(u"tasksView"_s);
    m_push->setObjectName(u"pushTaskButton"_s);
    m_finish->setObjectName(u"finishTaskButton"_s);
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels(
        {tr("Task / pack"), tr("Branch / worktree"), tr("Changed"), tr("Commits"), tr("Pushed")});
    m_push->setToolTip(tr("Push the selected task's branch in every pack that has commits to "
                          "push; you see the plan and approve it first."));
    m_finish->setToolTip(tr("Remove the selected task's worktrees and branches once everything "
                            "of it is pushed."));
    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_push);
    top->addWidget(m_finish);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_tree);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, &TasksPanel::updateButtons);
    connect(m_push, &QPushButton::clicked, this, [this] {
        if (const QString task = selectedTask(); !task.isEmpty())
            Q_EMIT pushRequested(task);
    });
    connect(m_finish, &QPushButton::clicked, this, [this] {
        if (const QString task = selectedTask(); !task.isEmpty())
            Q_EMIT finishRequested(task);
    });
    setTasks({}, {});
}

void TasksPanel::setTasks(const QList<TaskStatusReport::Task> &tasks, const QString &error)
{
    const QString selected = selectedTask();
    m_tree->clear();
    m_count = int(tasks.size());
    int unsettled = 0;
    for (const TaskStatusReport::Task &task : tasks) {
        auto *top = new QTreeWidgetItem(m_tree);
        int changed = 0;
        int commits = 0;
        int unpushed = 0;
        bool settled = true;
        for (const TaskPackStatus &pack : task.packs) {
            auto *row = new QTreeWidgetItem(top);
            row->setText(Name, pack.id);
            row->setText(Where, pack.worktree);
            row->setText(Changed, QString::number(pack.changedFiles + pack.untrackedFiles));
            row->setText(Commits, QString::number(pack.commits));
            row->setText(Pushed, pushedText(pack));
            row->setData(Name, TaskRole, task.name);
            row->setToolTip(Changed, pack.files.join(u'\n'));
            for (const QString &file : pack.files) {
                auto *line = new QTreeWidgetItem(row);
                line->setText(Name, file);
                line->setData(Name, TaskRole, task.name);
            }
            changed += pack.changedFiles + pack.untrackedFiles;
            commits += pack.commits;
            unpushed += pack.unpushed;
            settled = settled && pack.settled();
        }
        top->setText(Name, task.name);
        top->setText(Where, task.branch);
        top->setText(Changed, QString::number(changed));
        top->setText(Commits, QString::number(commits));
        top->setText(Pushed, unpushed > 0 ? tr("%n commit(s) not pushed", nullptr, unpushed)
                             : settled    ? tr("all pushed")
                                          : tr("work only here"));
        top->setToolTip(
            Name,
            tr("Started %1 in %n pack(s)", nullptr, int(task.packs.size())).arg(task.startedAt));
        top->setData(Name, TaskRole, task.name);
        top->setData(Name, SettledRole, settled);
        top->setData(Name, UnpushedRole, unpushed);
        top->setExpanded(true);
        if (!settled)
            ++unsettled;
        if (task.name == selected)
            m_tree->setCurrentItem(top);
    }
    for (int c = 0; c < ColumnCount - 1; ++c)
        m_tree->resizeColumnToContents(c);
    if (!error.isEmpty())
        m_summary->setText(tr("The tasks cannot be read: %1").arg(error));
    else if (tasks.isEmpty())
        m_summary->setText(tr("No tasks. grex task start NAME PACK... begins one."));
    else
        m_summary->setText(tr("%n task(s)", nullptr, m_count) + u", "_s +
                           tr("%n with work only on this machine", nullptr, unsettled));
    updateButtons();
}

QString TasksPanel::selectedTask() const
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    return item ? item->data(Name, TaskRole).toString() : QString();
}

QTreeWidgetItem *TasksPanel::taskItem(const QString &task) const
{
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        if (m_tree->topLevelItem(i)->text(Name) == task)
            return m_tree->topLevelItem(i);
    }
    return nullptr;
}

QStringList TasksPanel::rowTexts(const QString &task, const QString &pack) const
{
    const QTreeWidgetItem *item = taskItem(task);
    if (item && !pack.isEmpty()) {
        const QTreeWidgetItem *top = item;
        item = nullptr;
        for (int i = 0; i < top->childCount(); ++i) {
            if (top->child(i)->text(Name) == pack)
                item = top->child(i);
        }
    }
    QStringList texts;
    for (int c = 0; item && c < ColumnCount; ++c)
        texts.append(item->text(c));
    return texts;
}

void TasksPanel::updateButtons()
{
    const QString task = selectedTask();
    const QTreeWidgetItem *top = taskItem(task);
    m_push->setEnabled(top && top->data(Name, UnpushedRole).toInt() > 0);
    m_finish->setEnabled(top && top->data(Name, SettledRole).toBool());
}

} // namespace Grex::Gui
