#pragma once

#include "core/sched/width.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QThreadPool>

#include <memory>
#include <stop_token>

namespace Grex::Gui {

// Runs one verb of the core registry at a time on a worker thread, as the CLI and the MCP
// server do (never by spawning grex), and re-emits what it reports as queued signals (an
// EventSink adapter). Cancel fires the operation's stop source.
class OperationRunner : public QObject
{
    Q_OBJECT

public:
    explicit OperationRunner(QObject *parent = nullptr);
    ~OperationRunner() override; // cancels and waits for a running operation

    // False (and nothing starts) while another operation runs. The person already confirmed a
    // destructive verb in the window, so its approval is given.
    // background: a run nobody waits for (the window's own fetch) runs at a lower CPU priority,
    // its git processes too, so that the window stays quick on a busy machine.
    bool start(const QString &workspaceRoot, const QString &verb, const QJsonObject &arguments,
               const QString &title, bool background = false);
    // How many packs each operation works on at once.
    void setWidth(Width width) { m_width = width; }
    bool isRunning() const { return m_running; }
    QString verb() const { return m_verb; }
    void cancel();
    // Blocks until a running operation finished; for shutdown and tests.
    void waitForFinished();

Q_SIGNALS:
    void started(const QString &title);
    void phaseChanged(const QString &phase);
    void progressed(qint64 done, qint64 total, const QString &text);
    // The packs running now and what each is doing, in words ("fetching a, b · installing c");
    // "" when none is.
    void packsInFlight(const QString &text);
    // One line for the step log; kind is "step", "pack", "warning" or "output".
    void logLine(const QString &kind, const QString &text);
    // document: the verb's report (also a failed verb's, when it carries one). error: "" on
    // success, else the error's text; errorKind its stable kind ("lock", "cancelled", …). text:
    // the report or the failure in words, as the CLI says it (src/text); a dry run's lists
    // the steps it would take.
    void finished(const QString &verb, bool dryRun, const QJsonValue &document,
                  const QString &error, const QString &errorKind, const QString &text);

private:
    class Sink;
    struct Job;
    // Not the global pool: Qt's raster painting and QtConcurrent inside core use that one, and
    // an operation waiting for minutes there would freeze the window.
    QThreadPool m_pool;
    QThreadPool m_backgroundPool; // its thread is niced once, and every process it starts too
    std::shared_ptr<Job> m_job;
    bool m_running = false;
    Width m_width = Width::automatic();
    QString m_verb;
};

} // namespace Grex::Gui
