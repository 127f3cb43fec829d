#pragma once

#include "core/workspacelocks.h"

#include <QDateTime>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace Grex::Gui {

class ControlServer;
class OperationRunner;

// The step log of the running operation with its progress and a Cancel button.
class ActivityPanel : public QWidget
{
    Q_OBJECT

public:
    ActivityPanel(OperationRunner *runner, QWidget *parent = nullptr);
    void appendLine(const QString &text);
    QString logText() const;
    QString titleText() const { return m_titleText; }

private:
    // The line above the log: what runs and which packs are in flight, or how it ended. A long
    // one is cut, never widening the window; its tooltip holds all of it.
    void setTitle(const QString &text, bool failed = false);

    OperationRunner *m_runner;
    QString m_operation; // the running operation's title
    QString m_titleText;
    bool m_counted = false; // a count arrived: the bar shows done/total
    QLabel *m_title;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QPlainTextEdit *m_log;
};

// The lock files held now and by whom; stale ones marked, with a button that clears them
// through `doctor --fix`.
class LocksPanel : public QWidget
{
    Q_OBJECT

public:
    explicit LocksPanel(QWidget *parent = nullptr);
    void setLocks(const QList<LockFileInfo> &locks, const QString &workspaceRoot);
    int staleCount() const { return m_stale; }

Q_SIGNALS:
    void clearStaleRequested();

private:
    QTreeWidget *m_tree;
    QLabel *m_summary;
    QPushButton *m_clear;
    int m_stale = 0;
};

// The `grex serve` processes attached to the window, their calls in flight (tool, arguments,
// elapsed, progress) with Cancel, and the recent calls.
class AgentsPanel : public QWidget
{
    Q_OBJECT

public:
    AgentsPanel(ControlServer *control, QWidget *parent = nullptr);
    void setListenError(const QString &error);

private:
    void rebuild();
    void tick();
    void cancelSelected();

    ControlServer *m_control;
    QLabel *m_state;
    QTreeWidget *m_servers;
    QTreeWidget *m_history;
    QPushButton *m_cancel;
};

} // namespace Grex::Gui
