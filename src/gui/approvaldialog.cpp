#include "gui/approvaldialog.h"

#include "gui/controlserver.h"
#include "gui/panels.h"

#include "text/reporttext.h"

#include "core/message.h"
#include "core/verbs/verbregistry.h"
#include "core/visibletext.h"

#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFont>
#include <QFontDatabase>
#include <QFormLayout>
#include <QIcon>
#include <QJsonArray>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QTime>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

namespace {

int armingDelayMs = 800;

QStringList strings(const QJsonValue &value)
{
    QStringList list;
    for (const QJsonValue &v : value.toArray())
        list.append(v.toString());
    return list;
}

// The serve process sends its summary untranslated, with the source text and arguments that
// make it, so that the window can show it in the person's language.
QString summaryText(const QJsonObject &message)
{
    const QByteArray source = message.value(u"summarySource"_s).toString().toUtf8();
    if (source.isEmpty())
        return message.value(u"summary"_s).toString();
    // Message substitutes in one pass: a path that contains "%1" stays as it is.
    return Message(source.constData(), strings(message.value(u"summaryArguments"_s))).displayText();
}

} // namespace

ApprovalDialog::ApprovalDialog(const QJsonObject &message, const QString &origin, QWidget *parent)
    : QDialog(parent)
    , m_tool(message.value(u"tool"_s).toString())
    , m_forSession(new QCheckBox(this))
    , m_arming(new QTimer(this))
{
    setObjectName(u"approvalDialog"_s);
    setWindowTitle(tr("Approve %1?").arg(m_tool));
    setWindowIcon(QIcon(u":/grex/icons/grex.svg"_s));
    setMinimumWidth(560);

    const QStringList packs = strings(message.value(u"packs"_s));
    const QStringList command = strings(message.value(u"command"_s));

    auto *layout = new QVBoxLayout(this);
    auto *headline = new QLabel(this);
    headline->setObjectName(u"approvalHeadline"_s);
    headline->setWordWrap(true);
    // Everything below comes from the agent: never let Qt read it as HTML.
    headline->setTextFormat(Qt::PlainText);
    QFont bigger = headline->font();
    bigger.setPointSizeF(bigger.pointSizeF() * 1.25);
    bigger.setBold(true);
    headline->setFont(bigger);
    const QString client = visibleText(message.value(u"client"_s).toString());
    headline->setText(
        tr("%1 wants to run the destructive tool “%2” in %n pack(s).", nullptr, int(packs.size()))
            .arg(client.isEmpty() ? tr("An MCP client") : client, m_tool));
    layout->addWidget(headline);

    auto *form = new QFormLayout;
    auto *originLabel = new QLabel(origin, this);
    originLabel->setTextFormat(Qt::PlainText);
    form->addRow(tr("Client:"), originLabel);
    // A command is quoted once, below, as it runs; the summary would only say it again.
    if (command.isEmpty()) {
        auto *summary = new QLabel(visibleText(summaryText(message)), this);
        summary->setObjectName(u"approvalSummary"_s);
        summary->setTextFormat(Qt::PlainText);
        summary->setWordWrap(true);
        summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
        form->addRow(tr("What:"), summary);
    } else {
        // Quoted as a shell needs it, hidden characters escaped: it reads as exactly one argv.
        auto *commandLabel = new QLabel(shellQuoted(command), this);
        commandLabel->setObjectName(u"approvalCommand"_s);
        commandLabel->setTextFormat(Qt::PlainText);
        commandLabel->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        commandLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
        commandLabel->setWordWrap(true);
        const VerbSpec *verb = findVerb(m_tool);
        form->addRow(verb && verb->approvalQuotes
                         ? QCoreApplication::translate("Grex", verb->approvalQuotes)
                         : tr("Command:"),
                     commandLabel);
    }
    auto *packList = new QListWidget(this);
    packList->setObjectName(u"approvalPacks"_s);
    for (const QString &pack : packs)
        packList->addItem(visibleText(pack));
    packList->setMaximumHeight(120);
    form->addRow(tr("Packs (%1):").arg(packs.size()), packList);
    layout->addLayout(form);

    const QJsonObject preview = message.value(u"preview"_s).toObject();
    if (!preview.isEmpty()) {
        layout->addWidget(new QLabel(tr("Dry-run preview:"), this));
        Text::Options options;
        options.unicode = true;
        options.listSteps = true; // the steps the call would take are what the person approves
        options.stepDetails = true;
        const QString text =
            Text::plainText(Text::reportLines(m_tool, JsonValue::fromQJsonValue(preview), options));
        auto *previewText = new QPlainTextEdit(text, this);
        previewText->setObjectName(u"approvalPreview"_s);
        previewText->setReadOnly(true);
        previewText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        previewText->setMaximumHeight(160);
        layout->addWidget(previewText);
    }

    m_forSession->setObjectName(u"approvalForSession"_s);
    m_grantable = !message.value(u"grantee"_s).toString().isEmpty();
    m_forSession->setText(
        tr("Allow “%1” for %2 for the rest of its session without asking")
            .arg(m_tool, client.isEmpty() ? tr("this client") : client));
    if (!m_grantable) {
        m_forSession->setToolTip(tr("This client does not name itself, so grex cannot tell its "
                                    "calls from another's: each call is asked for."));
    }
    layout->addWidget(m_forSession);

    auto *buttons = new QDialogButtonBox(this);
    m_buttons = buttons;
    QPushButton *deny = buttons->addButton(tr("&Deny"), QDialogButtonBox::RejectRole);
    deny->setObjectName(u"denyButton"_s);
    deny->setIcon(QIcon(u":/grex/icons/actions/deny.svg"_s));
    QPushButton *approve = buttons->addButton(tr("&Approve"), QDialogButtonBox::AcceptRole);
    approve->setObjectName(u"approveButton"_s);
    approve->setIcon(QIcon(u":/grex/icons/actions/approve.svg"_s));
    deny->setDefault(true); // Enter must not approve by accident
    connect(approve, &QPushButton::clicked, this, [this] { answer(true); });
    connect(deny, &QPushButton::clicked, this, [this] { answer(false); });
    layout->addWidget(buttons);

    m_arming->setObjectName(u"approvalArming"_s);
    m_arming->setSingleShot(true);
    connect(m_arming, &QTimer::timeout, this, [this] {
        if (isVisible() && isActiveWindow())
            setArmed(true);
    });
    setArmed(false);
    // Keys reach the focused child, not the dialog: the application's events are watched.
    qApp->installEventFilter(this);
}

bool ApprovalDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (m_armed)
        return false;
    switch (event->type()) {
    case QEvent::KeyPress:
    case QEvent::KeyRelease:
    case QEvent::ShortcutOverride:
    case QEvent::Shortcut:
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonRelease:
    case QEvent::MouseButtonDblClick:
        break;
    default:
        return false;
    }
    auto *widget = qobject_cast<QWidget *>(watched);
    if (!widget || (widget != this && !isAncestorOf(widget)))
        return false;
    // Input that arrives before the person could have read the question does nothing, and the
    // quiet moment the dialog waits for starts again.
    if (isVisible() && isActiveWindow())
        m_arming->start(armingDelayMs);
    return true;
}

void ApprovalDialog::setArmingDelay(int ms)
{
    armingDelayMs = ms;
}

void ApprovalDialog::setArmed(bool armed)
{
    m_armed = armed;
    m_buttons->setEnabled(armed);
    m_forSession->setEnabled(armed && m_grantable);
    if (!armed)
        m_arming->stop();
}

bool ApprovalDialog::event(QEvent *event)
{
    switch (event->type()) {
    case QEvent::WindowActivate:
        // The person's input counts from a moment after the dialog has the focus.
        if (!m_armed && isVisible())
            m_arming->start(armingDelayMs);
        break;
    case QEvent::WindowDeactivate:
    case QEvent::Hide:
        setArmed(false);
        break;
    default:
        break;
    }
    return QDialog::event(event);
}

void ApprovalDialog::closeEvent(QCloseEvent *event)
{
    // Closing denies, but only when the person could have read the question.
    if (!m_answered && !m_armed) {
        event->ignore();
        return;
    }
    QDialog::closeEvent(event);
}

void ApprovalDialog::setServer(int server, qint64 request)
{
    m_server = server;
    m_request = request;
}

bool ApprovalDialog::forSession() const
{
    return m_forSession->isChecked();
}

void ApprovalDialog::answer(bool approved)
{
    if (m_answered || !m_armed)
        return;
    m_answered = true;
    m_approved = approved;
    Q_EMIT answered(approved, approved && forSession());
    if (approved)
        accept();
    else
        QDialog::reject();
}

void ApprovalDialog::reject()
{
    answer(false);
}

void ApprovalDialog::withdraw()
{
    m_answered = true;
    QDialog::reject();
}

ApprovalDesk::ApprovalDesk(ControlServer *control, ActivityPanel *activity, QWidget *window)
    : QObject(window)
    , m_control(control)
    , m_activity(activity)
    , m_window(window)
{
    connect(control, &ControlServer::approvalRequested, this, &ApprovalDesk::ask);
    connect(control, &ControlServer::approvalWithdrawn, this, &ApprovalDesk::withdraw);
    connect(control, &ControlServer::grantUsed, this, [this](int, const QJsonObject &message) {
        m_activity->appendLine(
            tr("Approved by your session grant, without asking: %1").arg(subject(message)));
    });
    connect(control, &ControlServer::grantRevoked, this, [this](int, const SessionGrant &grant) {
        m_activity->appendLine(tr("You revoked the session grant of %1 for %2: its next call "
                                  "asks again")
                                   .arg(grant.tool, visibleText(grant.client.isEmpty()
                                                                    ? grant.grantee
                                                                    : grant.client)));
    });
}

QString ApprovalDesk::subject(const QJsonObject &message)
{
    const QString client = message.value(u"client"_s).toString();
    const QString tool = message.value(u"tool"_s).toString();
    const QStringList command = strings(message.value(u"command"_s));
    const QStringList packs = strings(message.value(u"packs"_s));
    const QString who = client.isEmpty() ? tr("an unnamed client") : visibleText(client);
    if (!command.isEmpty())
        return tr("%1 of %2: %3 in %n pack(s)", nullptr, int(packs.size()))
            .arg(tool, who, shellQuoted(command));
    return tr("%1 of %2 on %3").arg(tool, who, nameList(packs));
}

void ApprovalDesk::ask(int server, qint64 request, const QJsonObject &message)
{
    // The client of this call, as it named itself: one server may serve several.
    QString origin;
    if (const ServeProcess *p = m_control->server(server)) {
        const QString client = message.value(u"client"_s).toString();
        origin = tr("%1 %2 through grex serve (pid %3, %4)")
                     .arg(client.isEmpty() ? tr("an unnamed client") : visibleText(client),
                          visibleText(message.value(u"clientVersion"_s).toString()))
                     .arg(p->pid)
                     .arg(p->transport);
    }
    auto *dialog = new ApprovalDialog(message, origin, m_window);
    dialog->setServer(server, request);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString tool = message.value(u"tool"_s).toString();
    const QString what = subject(message);
    m_open.insert({server, request}, dialog);
    connect(dialog, &ApprovalDialog::answered, this,
            [this, server, request, tool, what](bool approved, bool forSession) {
                m_open.remove({server, request});
                m_control->answerApproval(server, request, tool, approved, forSession);
                m_activity->appendLine(
                    !approved    ? tr("You denied %1").arg(what)
                    : forSession ? tr("You approved %1, and every %2 of this client for the "
                                      "rest of its session")
                                       .arg(what, tool)
                                 : tr("You approved %1").arg(what));
            });
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    if (m_window->isMinimized() || !m_window->isActiveWindow()) {
        QApplication::alert(m_window);
        if (m_tray && m_tray->isVisible()) {
            m_tray->showMessage(
                tr("grex: approval needed"),
                tr("%1 wants to run %2.").arg(message.value(u"client"_s).toString(), tool),
                QSystemTrayIcon::Warning, 30000);
        }
    }
    Q_EMIT shown(dialog);
}

void ApprovalDesk::withdraw(int server, qint64 request)
{
    QPointer<ApprovalDialog> dialog = m_open.take({server, request});
    if (dialog) {
        m_activity->appendLine(tr("The approval request %1 was withdrawn.").arg(request));
        dialog->withdraw();
    }
}

} // namespace Grex::Gui
