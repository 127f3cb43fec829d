#include "gui/panels.h"

#include "core/verbs/verbregistry.h"
#include "core/visibletext.h"

#include "gui/controlserver.h"
#include "gui/operationrunner.h"
#include "gui/packtreemodel.h"

#include "text/reporttext.h"

#include <QCoreApplication>
#include <QDir>
#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QSettings>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTime>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

namespace {

enum { KeyRole = Qt::UserRole + 1, ServerRole, StartedRole };

QString elapsedText(qint64 ms)
{
    if (ms < 60 * 1000)
        return QCoreApplication::translate("Grex::Gui::AgentsPanel", "%1 s")
            .arg(QLocale().toString(double(ms) / 1000.0, 'f', 1));
    return QCoreApplication::translate("Grex::Gui::AgentsPanel", "%1 min %2 s")
        .arg(ms / 60000)
        .arg((ms / 1000) % 60);
}

QString compactJson(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

ActivityPanel::ActivityPanel(OperationRunner *runner, QWidget *parent)
    : QWidget(parent)
    , m_runner(runner)
    , m_title(new QLabel(tr("No operation has run yet."), this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QPushButton(QIcon(u":/grex/icons/actions/cancel.svg"_s), tr("Cancel"), this))
    , m_outcomes(new QTreeWidget(this))
    , m_logToggle(new QToolButton(this))
    , m_stepsToggle(new QCheckBox(tr("Engine steps"), this))
    , m_progressTimer(new QTimer(this))
    , m_log(new QPlainTextEdit(this))
{
    setObjectName(u"activityPanel"_s);
    m_title->setObjectName(u"activityTitle"_s);
    m_progress->setObjectName(u"activityProgress"_s);
    m_cancel->setObjectName(u"cancelOperationButton"_s);
    m_log->setObjectName(u"activityLog"_s);
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_cancel->setEnabled(false);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_title->setTextFormat(Qt::PlainText);

    m_outcomes->setObjectName(u"runSummary"_s);
    m_outcomes->setHeaderLabels({tr("Pack"), tr("What happened"), tr("Next step"), QString()});
    m_outcomes->setRootIsDecorated(false);
    m_outcomes->setWordWrap(false);
    m_outcomes->header()->setStretchLastSection(false);
    m_outcomes->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_outcomes->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_outcomes->hide();
    connect(m_outcomes, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        if (!item->text(0).isEmpty())
            Q_EMIT packActivated(item->text(0));
    });
    m_logToggle->setObjectName(u"logToggle"_s);
    m_logToggle->setCheckable(true);
    m_logToggle->setChecked(true);
    m_logToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_logToggle->setAutoRaise(true);
    const auto foldLog = [this](bool shown) {
        m_log->setVisible(shown);
        m_logToggle->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
        m_logToggle->setText(shown ? tr("Hide the log") : tr("Show the log"));
    };
    connect(m_logToggle, &QToolButton::toggled, this, foldLog);
    foldLog(true);
    m_stepsToggle->setObjectName(u"engineStepsToggle"_s);
    m_stepsToggle->setToolTip(tr("Also log each step the engine takes, in its own terms "
                                 "(for debugging)"));
    m_stepsToggle->setChecked(QSettings().value(u"ui/engineSteps"_s, false).toBool());
    connect(m_stepsToggle, &QCheckBox::toggled, this,
            [](bool on) { QSettings().setValue(u"ui/engineSteps"_s, on); });

    auto *top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_progress, 1);
    top->addWidget(m_cancel);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_outcomes, 1);
    auto *logBar = new QHBoxLayout;
    logBar->addWidget(m_logToggle);
    logBar->addStretch(1);
    logBar->addWidget(m_stepsToggle);
    layout->addLayout(logBar);
    layout->addWidget(m_log, 1);

    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_runner->cancel();
        m_cancel->setEnabled(false);
        appendLine(tr("Cancelling…"));
    });
    connect(runner, &OperationRunner::started, this, [this](const QString &title) {
        showOutcomes({}); // the last run's summary is history now: the log has it
        m_operation = title;
        m_counted = false;
        setTitle(title);
        m_progress->setRange(0, 0); // busy until the first count
        m_progress->setFormat(u"%v/%m"_s);
        m_cancel->setEnabled(true);
        appendLine(u"── "_s + title + u" ──"_s);
    });
    connect(runner, &OperationRunner::packsInFlight, this, [this](const QString &text) {
        if (m_runner->isRunning())
            setTitle(text.isEmpty() ? m_operation : m_operation + u" · "_s + text);
    });
    connect(runner, &OperationRunner::phaseChanged, this,
            [this](const QString &phase) { appendLine(tr("stage: %1").arg(phase)); });
    m_progressTimer->setSingleShot(true);
    m_progressTimer->setInterval(100);
    connect(m_progressTimer, &QTimer::timeout, this, &ActivityPanel::showProgress);
    connect(runner, &OperationRunner::progressed, this,
            [this](qint64 done, qint64 total, const QString &text) {
                // The count moves the bar; the title keeps naming the packs running now, not
                // the last one that finished.
                if (total > 0) {
                    // QProgressBar repaints at once whenever its text changes: a count of 1 000
                    // packs moved at every pack stalled the window, so the bar follows the
                    // count ten times a second.
                    m_counted = true;
                    m_progressDone = std::min(done, total);
                    m_progressTotal = total;
                    if (!m_progressTimer->isActive())
                        m_progressTimer->start();
                } else if (!text.isEmpty()) {
                    setTitle(m_operation + u" · "_s + text);
                }
            });
    connect(runner, &OperationRunner::logLine, this,
            [this](const QString &kind, const QString &text) {
                if (kind == u"step" && !m_stepsToggle->isChecked())
                    return;
                appendLine(kind == u"warning" ? tr("warning: %1").arg(text) : text);
            });
    connect(runner, &OperationRunner::finished, this,
            [this](const QString &verb, bool dryRun, const QJsonValue &document,
                   const QString &error, const QString &kind) {
                m_cancel->setEnabled(false);
                m_progressTimer->stop();
                const VerbSpec *spec = findVerb(verb);
                const bool outcomes = spec && spec->reportShape != ReportShape::Own;
                showOutcomes(outcomes && !dryRun ? document : QJsonValue());
                if (m_counted) {
                    showProgress();
                    m_progress->setValue(m_progress->maximum());
                } else {
                    // No count: a full bar that says so, not "1/1".
                    m_progress->setRange(0, 1);
                    m_progress->setValue(1);
                    m_progress->setFormat(tr("done"));
                }
                if (kind == u"cancelled")
                    setTitle(tr("Cancelled: %1").arg(m_operation));
                else if (kind == u"drift")
                    setTitle(tr("Done: %1").arg(error)); // doctor's findings
                else if (!error.isEmpty())
                    setTitle(tr("Failed: %1").arg(error), true);
                else
                    setTitle(tr("Done: %1").arg(m_operation));
            });
}

void ActivityPanel::showProgress()
{
    m_progress->setRange(0, int(m_progressTotal));
    m_progress->setValue(int(m_progressDone));
    m_progress->setFormat(u"%v/%m"_s);
}

void ActivityPanel::showOutcomes(const QJsonValue &document)
{
    m_outcomes->clear();
    QHash<QString, QString> outcomeByPack;
    QHash<QString, QString> whyByPack;
    const QList<Text::OutcomeItem> items =
        document.isUndefined() || document.isNull()
            ? QList<Text::OutcomeItem>()
            : Text::outcomeItems(JsonValue::fromQJsonValue(document));
    for (const Text::OutcomeItem &item : items) {
        outcomeByPack.insert(item.pack, item.outcome);
        whyByPack.insert(item.pack, item.detail.isEmpty() ? item.headline
                                                          : item.headline + u": "_s + item.detail);
        auto *row = new QTreeWidgetItem(m_outcomes, {item.pack, item.headline, item.hint});
        const QString detail = item.detail.isEmpty() ? item.headline
                                                     : item.headline + u"\n"_s + item.detail;
        row->setToolTip(1, detail);
        row->setToolTip(2, item.hint);
        if (item.outcome == u"failed")
            row->setForeground(1, QColor(0xc0, 0x1c, 0x28));
        else if (item.outcome == u"needs_you")
            row->setForeground(1, QColor(0x9a, 0x67, 0x00));
        else
            row->setForeground(1, QColor(0x2e, 0x7d, 0x32));
        QFont bold = row->font(0);
        bold.setBold(true);
        row->setFont(0, bold);
        // Failed and needs-you rows have a way to the pack: its details say why.
        if (item.outcome == u"failed" || item.outcome == u"needs_you") {
            auto *show = new QPushButton(tr("Show"), m_outcomes);
            show->setToolTip(tr("Select %1 and show its changes").arg(item.pack));
            const QString id = item.pack;
            connect(show, &QPushButton::clicked, this, [this, id] { Q_EMIT packActivated(id); });
            m_outcomes->setItemWidget(row, 3, show);
        }
    }
    m_outcomes->setVisible(!items.isEmpty());
    if (!items.isEmpty()) {
        m_outcomes->resizeColumnToContents(0);
        m_outcomes->resizeColumnToContents(3);
    }
    // With a summary to read, the log folds away; it is one click away.
    m_logToggle->setChecked(items.isEmpty());
    Q_EMIT outcomesChanged(outcomeByPack, whyByPack);
}

QStringList ActivityPanel::summaryRows() const
{
    QStringList rows;
    for (int i = 0; i < m_outcomes->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = m_outcomes->topLevelItem(i);
        rows.append(item->text(0) + u": "_s + item->text(1));
    }
    return rows;
}

bool ActivityPanel::logShown() const
{
    return m_logToggle->isChecked();
}

void ActivityPanel::setTitle(const QString &text, bool failed)
{
    m_titleText = text;
    m_title->setText(text.section(u'\n', 0, 0));
    m_title->setToolTip(text);
    QPalette palette = this->palette();
    if (failed)
        palette.setColor(QPalette::WindowText, QColor(0xc0, 0x1c, 0x28));
    m_title->setPalette(palette);
}

void ActivityPanel::appendLine(const QString &text)
{
    // Each line with its time, so that the log can be read as a record of who did what when.
    m_log->appendPlainText(QTime::currentTime().toString(u"HH:mm:ss"_s) + u"  "_s + text);
}

QString ActivityPanel::logText() const
{
    return m_log->toPlainText();
}

LocksPanel::LocksPanel(QWidget *parent)
    : QWidget(parent)
    , m_tree(new QTreeWidget(this))
    , m_summary(new QLabel(this))
    , m_clear(new QPushButton(QIcon(u":/grex/icons/actions/fix.svg"_s),
                              tr("Clear stale locks (doctor --fix)"), this))
{
    setObjectName(u"locksPanel"_s);
    m_tree->setObjectName(u"locksView"_s);
    m_clear->setObjectName(u"clearStaleLocksButton"_s);
    m_tree->setRootIsDecorated(false);
    m_tree->setHeaderLabels(
        {tr("Lock"), tr("Pack"), tr("State"), tr("Holder"), tr("Since"), tr("File")});
    m_clear->setEnabled(false);
    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_clear);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_tree);
    connect(m_clear, &QPushButton::clicked, this, &LocksPanel::clearStaleRequested);
}

void LocksPanel::setLocks(const QList<LockFileInfo> &locks, const QString &workspaceRoot)
{
    m_tree->clear();
    m_stale = 0;
    const QDir root(workspaceRoot);
    for (const LockFileInfo &lock : locks) {
        auto *item = new QTreeWidgetItem(m_tree);
        QString scope = lock.scope;
        if (lock.scope == u"workspace")
            scope = tr("workspace (sync)");
        else if (lock.scope == u"manifest")
            scope = tr("intent log");
        else if (lock.scope == u"backend")
            scope = tr("git backend");
        else if (lock.scope == u"pack")
            scope = tr("pack");
        item->setText(0, scope);
        item->setText(1, lock.pack);
        if (lock.holder) {
            item->setText(2, tr("held"));
            item->setIcon(2, QIcon(u":/grex/icons/status/lock-held.svg"_s));
            item->setText(3, PackTreeModel::holderText(*lock.holder));
        } else {
            ++m_stale;
            item->setText(2, tr("stale"));
            item->setIcon(2, QIcon(u":/grex/icons/status/lock-stale.svg"_s));
            item->setText(3, tr("gone"));
            item->setForeground(2, QColor(0xc6, 0x28, 0x28));
        }
        item->setText(4, QLocale().toString(lock.modified, QLocale::ShortFormat));
        item->setText(5, root.relativeFilePath(lock.path));
        item->setToolTip(5, lock.path);
    }
    for (int c = 0; c < m_tree->columnCount(); ++c)
        m_tree->resizeColumnToContents(c);
    const int held = int(locks.size()) - m_stale;
    if (locks.isEmpty())
        m_summary->setText(tr("No lock is held."));
    else
        m_summary->setText(tr("%n lock(s) held", nullptr, held) + u", "_s +
                           tr("%n stale", nullptr, m_stale));
    m_clear->setEnabled(m_stale > 0);
}

AgentsPanel::AgentsPanel(ControlServer *control, QWidget *parent)
    : QWidget(parent)
    , m_control(control)
    , m_state(new QLabel(this))
    , m_servers(new QTreeWidget(this))
    , m_history(new QTreeWidget(this))
    , m_cancel(
          new QPushButton(QIcon(u":/grex/icons/actions/cancel.svg"_s), tr("Cancel call"), this))
{
    setObjectName(u"agentsPanel"_s);
    m_state->setObjectName(u"agentsState"_s);
    m_state->setWordWrap(true);
    m_servers->setObjectName(u"serversView"_s);
    m_history->setObjectName(u"historyView"_s);
    m_cancel->setObjectName(u"cancelCallButton"_s);
    m_cancel->setEnabled(false);
    m_servers->setHeaderLabels(
        {tr("Server or call"), tr("Elapsed"), tr("Progress"), tr("Arguments")});
    m_history->setRootIsDecorated(false);
    m_history->setHeaderLabels(
        {tr("Finished"), tr("Client"), tr("Tool"), tr("Outcome"), tr("Took"), tr("Arguments")});

    auto *top = new QHBoxLayout;
    top->addWidget(m_state, 1);
    top->addWidget(m_cancel);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_servers);
    splitter->addWidget(m_history);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(splitter);

    connect(control, &ControlServer::serversChanged, this, &AgentsPanel::rebuild);
    connect(m_servers, &QTreeWidget::itemSelectionChanged, this, [this] {
        const QTreeWidgetItem *item = m_servers->currentItem();
        m_cancel->setEnabled(item && !item->data(0, KeyRole).toString().isEmpty());
    });
    connect(m_cancel, &QPushButton::clicked, this, &AgentsPanel::cancelSelected);
    auto *timer = new QTimer(this);
    connect(timer, &QTimer::timeout, this, &AgentsPanel::tick);
    timer->start(1000);
    rebuild();
}

void AgentsPanel::setListenError(const QString &error)
{
    m_state->setProperty("listenError", error);
    rebuild();
}

void AgentsPanel::rebuild()
{
    QString selectedKey;
    int selectedServer = 0;
    if (const QTreeWidgetItem *item = m_servers->currentItem()) {
        selectedKey = item->data(0, KeyRole).toString();
        selectedServer = item->data(0, ServerRole).toInt();
    }
    m_servers->clear();
    const QList<ServeProcess> servers = m_control->servers();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const ServeProcess &p : servers) {
        auto *top = new QTreeWidgetItem(m_servers);
        const QString client = p.clientName.isEmpty() ? tr("(not initialized yet)")
                                                      : p.clientName + u' ' + p.clientVersion;
        top->setText(0, tr("%1 — grex serve pid %2, %3").arg(client).arg(p.pid).arg(p.transport));
        top->setIcon(0, QIcon(u":/grex/icons/actions/server.svg"_s));
        top->setToolTip(0, tr("on %1 since %2")
                               .arg(p.host, QLocale().toString(p.startedAt.toLocalTime(),
                                                               QLocale::ShortFormat)));
        top->setData(0, ServerRole, p.id);
        top->setText(1, elapsedText(p.startedAt.msecsTo(now)));
        top->setData(1, StartedRole, p.startedAt);
        top->setText(2, tr("%n call(s) in flight", nullptr, int(p.calls.size())));
        for (const ServeCall &call : p.calls) {
            auto *item = new QTreeWidgetItem(top);
            item->setText(0, tr("%1 (id %2)").arg(call.tool, call.key));
            item->setData(0, KeyRole, call.key);
            item->setData(0, ServerRole, p.id);
            item->setData(1, StartedRole, call.startedAt);
            item->setText(1, elapsedText(call.startedAt.msecsTo(now)));
            if (call.awaitingApproval) {
                item->setText(2, tr("waiting for your approval"));
                item->setIcon(2, QIcon(u":/grex/icons/status/stale.svg"_s));
            } else if (call.approvedByGrant && call.progress < 0) {
                item->setText(2, tr("approved by your session grant"));
            } else if (call.progress >= 0) {
                item->setText(
                    2, call.total > 0
                           ? u"%1/%2 %3"_s.arg(call.progress).arg(call.total).arg(call.message)
                           : call.message);
            }
            item->setText(3, compactJson(call.arguments));
            if (call.approvedByGrant)
                item->setToolTip(0, tr("Approved without asking: you allowed %1 for this "
                                       "session")
                                        .arg(call.tool));
            if (call.key == selectedKey && p.id == selectedServer)
                m_servers->setCurrentItem(item);
        }
        // What the person allowed for the rest of this session, each with a way to take it back.
        for (const SessionGrant &g : p.grants) {
            auto *grant = new QTreeWidgetItem(top);
            const QString who = visibleText(g.client.isEmpty() ? g.grantee : g.client);
            grant->setText(0, tr("Allowed for %1 until its session ends: %2").arg(who, g.tool));
            grant->setToolTip(0, tr("Given at %1 to %2")
                                     .arg(QLocale().toString(g.at.toLocalTime(),
                                                             QLocale::ShortFormat),
                                          visibleText(g.grantee)));
            grant->setIcon(0, QIcon(u":/grex/icons/actions/approve.svg"_s));
            grant->setText(2, tr("calls of %1 by %2 run without asking").arg(g.tool, who));
            auto *revoke = new QPushButton(tr("Revoke"), m_servers);
            revoke->setObjectName(u"revokeGrant_"_s + g.tool);
            revoke->setToolTip(tr("Ask again for the next %1 of %2").arg(g.tool, who));
            const int server = p.id;
            connect(revoke, &QPushButton::clicked, this, [this, server, g] {
                m_control->revokeGrant(server, g.tool, g.grantee);
            });
            m_servers->setItemWidget(grant, 3, revoke);
        }
        top->setExpanded(true);
    }
    for (int c = 0; c < 3; ++c)
        m_servers->resizeColumnToContents(c);

    m_cancel->setEnabled(m_servers->currentItem() &&
                         !m_servers->currentItem()->data(0, KeyRole).toString().isEmpty());

    m_history->clear();
    for (const ServeCall &call : m_control->history()) {
        auto *item = new QTreeWidgetItem(m_history);
        item->setText(0, call.finishedAt.toLocalTime().toString(u"HH:mm:ss"_s));
        item->setText(1, call.client.isEmpty() ? tr("(unnamed)") : call.client);
        item->setText(2, call.approvedByGrant ? tr("%1 (by session grant)").arg(call.tool)
                                              : call.tool);
        QString outcome = call.outcome;
        if (call.outcome == u"ok")
            outcome = tr("ok");
        else if (call.outcome == u"cancelled")
            outcome = tr("cancelled");
        else if (call.outcome == u"lost")
            outcome = tr("lost: %1").arg(call.error);
        else if (call.outcome == u"error")
            outcome = tr("error: %1").arg(call.error);
        item->setText(3, outcome);
        item->setToolTip(3, call.error);
        item->setText(4, elapsedText(call.startedAt.msecsTo(call.finishedAt)));
        item->setText(5, compactJson(call.arguments));
    }
    for (int c = 0; c < 5; ++c)
        m_history->resizeColumnToContents(c);

    const QString error = m_state->property("listenError").toString();
    if (!error.isEmpty())
        m_state->setText(error);
    else if (!m_control->isListening())
        m_state->setText(tr("Open a workspace to see the agents working on it."));
    else if (servers.isEmpty())
        m_state->setText(tr("No grex serve is attached. Agents that start grex serve on this "
                            "workspace appear here."));
    else
        m_state->setText(tr("%n grex serve process(es) attached.", nullptr, int(servers.size())));
}

void AgentsPanel::tick()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (int i = 0; i < m_servers->topLevelItemCount(); ++i) {
        QTreeWidgetItem *top = m_servers->topLevelItem(i);
        top->setText(1, elapsedText(top->data(1, StartedRole).toDateTime().msecsTo(now)));
        for (int j = 0; j < top->childCount(); ++j) {
            QTreeWidgetItem *call = top->child(j);
            call->setText(1, elapsedText(call->data(1, StartedRole).toDateTime().msecsTo(now)));
        }
    }
}

void AgentsPanel::cancelSelected()
{
    const QTreeWidgetItem *item = m_servers->currentItem();
    if (!item)
        return;
    const QString key = item->data(0, KeyRole).toString();
    if (key.isEmpty())
        return;
    m_control->cancelCall(item->data(0, ServerRole).toInt(), key);
    m_cancel->setEnabled(false);
}

} // namespace Grex::Gui
