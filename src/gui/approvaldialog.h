#pragma once

#include <QDialog>
#include <QHash>
#include <QJsonObject>
#include <QPair>
#include <QPointer>

class QCheckBox;
class QDialogButtonBox;
class QSystemTrayIcon;
class QTimer;

namespace Grex::Gui {

class ActivityPanel;
class ControlServer;

// Asks the person whether a `grex serve` call may run a destructive tool (rm, run, exec):
// which client, which tool, exactly which packs and which command, and the dry-run preview
// when there is one. Approve, Deny, and "allow this tool for the rest of this session".
class ApprovalDialog : public QDialog
{
    Q_OBJECT

public:
    // message: the control socket's "approval" message; origin: "Claude (pid 4242, stdio)".
    ApprovalDialog(const QJsonObject &message, const QString &origin, QWidget *parent = nullptr);

    int server() const { return m_server; }
    qint64 request() const { return m_request; }
    QString tool() const { return m_tool; }
    void setServer(int server, qint64 request);
    bool approved() const { return m_approved; }
    bool forSession() const;
    // Closing the dialog (Escape, the window's close button) denies.
    void reject() override;
    // Closes without an answer: the call stopped or its server went away.
    void withdraw();

    // Whether input can answer now: the dialog has been shown and had the focus, with no key
    // pressed or button clicked in it, for the arming delay, without losing the focus since.
    // Keys typed for another window, or clicks that land as the dialog pops up, never answer:
    // while someone goes on typing, it stays unarmed.
    bool isArmed() const { return m_armed; }
    // For tests: how long the dialog must have the focus before it takes an answer (default
    // 800 ms).
    static void setArmingDelay(int ms);

Q_SIGNALS:
    void answered(bool approved, bool forSession);

protected:
    bool event(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void answer(bool approved);
    void setArmed(bool armed);

    int m_server = 0;
    qint64 m_request = 0;
    QString m_tool;
    bool m_approved = false;
    bool m_answered = false;
    bool m_armed = false;
    bool m_grantable = false; // the server named the client, so a session grant can be its own
    QCheckBox *m_forSession;
    QDialogButtonBox *m_buttons = nullptr;
    QTimer *m_arming;
};

// The window's side of agents' approvals: a dialog for each open question, the person's answer
// sent back, and every answer, session grant and withdrawal named in the activity log with the
// client and the command, so that people can audit what they allowed.
class ApprovalDesk : public QObject
{
    Q_OBJECT

public:
    ApprovalDesk(ControlServer *control, ActivityPanel *activity, QWidget *window);
    void setTray(QSystemTrayIcon *tray) { m_tray = tray; }

    // What an approval is about, for the log: "exec of claude-code: git status in 3 packs".
    static QString subject(const QJsonObject &message);

Q_SIGNALS:
    void shown(Grex::Gui::ApprovalDialog *dialog);

private:
    void ask(int server, qint64 request, const QJsonObject &message);
    void withdraw(int server, qint64 request);

    ControlServer *m_control;
    ActivityPanel *m_activity;
    QWidget *m_window;
    QSystemTrayIcon *m_tray = nullptr;
    QHash<QPair<int, qint64>, QPointer<ApprovalDialog>> m_open;
};

} // namespace Grex::Gui
