#pragma once

#include "core/workspacelocks.h"

#include <QDateTime>
#include <QHash>
#include <QJsonValue>
#include <QWidget>

class QCheckBox;
class QTimer;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QToolButton;
class QTreeWidget;

namespace Grex::Gui {

class ControlServer;
class OperationRunner;

// The running operation with its progress and a Cancel button; when a run ends, what happened
// to the packs, most urgent first (failed, needs you, what moved), each with its next step, and
// the full log folded away below.
class ActivityPanel : public QWidget
{
    Q_OBJECT

public:
    ActivityPanel(OperationRunner *runner, QWidget *parent = nullptr);
    void appendLine(const QString &text);
    QString logText() const;
    QString titleText() const { return m_titleText; }
    // The summary's rows as "pack: headline", for tests.
    QStringList summaryRows() const;
    bool logShown() const;

Q_SIGNALS:
    // The person asked to see a pack of the summary (its Show button, or a double click).
    void packActivated(const QString &id);
    // A run ended: its packs' outcomes by id (empty for an operation that is not a run).
    void outcomesChanged(const QHash<QString, QString> &outcomeByPack,
                         const QHash<QString, QString> &whyByPack);

private:
    void showOutcomes(const QJsonValue &document);
    void showProgress();
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
    QTreeWidget *m_outcomes;
    QToolButton *m_logToggle;
    // The engine's raw step lines ("[ok] pack=a action=mkdir idx=0") are a debugging view: the
    // log shows them only while this is on.
    QCheckBox *m_stepsToggle;
    QTimer *m_progressTimer; // shows the latest count at most ten times a second
    qint64 m_progressDone = 0;
    qint64 m_progressTotal = 0;
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
