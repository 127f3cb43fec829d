#pragma once

#include "core/git/worktree.h"
#include "core/timestamp.h"

#include <QHash>
#include <QList>
#include <QTabWidget>
#include <QThreadPool>

class QLabel;
class QPlainTextEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace Grex::Gui {

struct PackRow;

// One intent-log event of a pack, as the details pane lists it.
struct AuditLine
{
    Timestamp ts;
    QString op;   // add, update, rm, sync, action_started, action_completed, action_halted
    QString text; // what happened, in a few words
    // A sync that moved the pack: the commit it was installed at before, and the one after.
    QString fromSha;
    QString toSha;
};

// The selected pack: an overview, why it drifted (its changed files with their diff, the commits
// it lacks and those only it has), its pack.yaml, its actions, and its history in words.
class DetailsPane : public QTabWidget
{
    Q_OBJECT

public:
    explicit DetailsPane(QWidget *parent = nullptr);
    ~DetailsPane() override;
    // row null: nothing selected. The changes are read on a worker thread.
    void showPack(const PackRow *row, const QList<AuditLine> &events);
    // The last changes read, for tests.
    const Git::WorktreeChanges &changes() const { return m_changes; }

Q_SIGNALS:
    // The Changes tab shows what was read for the selected pack.
    void changesShown();

private:
    void readChanges(const QString &dir);
    void showChanges(const Git::WorktreeChanges &changes, const QString &error);
    void showDiff(QTreeWidgetItem *item);
    static QString fileStateText(const Git::FileChange &file);

    QLabel *m_overview;
    QTreeWidget *m_changeList;
    QPlainTextEdit *m_diff;
    QPlainTextEdit *m_yaml;
    QTreeWidget *m_actions;
    QTreeWidget *m_events;
    QString m_dir; // the selected pack's clone
    quint64 m_generation = 0;
    Git::WorktreeChanges m_changes;
    QThreadPool m_pool; // never the global pool: a slow clone must not hold up anything else
};

} // namespace Grex::Gui
