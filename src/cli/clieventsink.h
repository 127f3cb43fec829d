#pragma once

#include "text/reporttext.h"
#include "core/operationcontext.h"

#include <QElapsedTimer>
#include <QMap>
#include <QMutex>

#include <condition_variable>
#include <mutex>
#include <thread>

namespace Grex::Cli {

class Output;

// What a running verb shows on the terminal: warnings on stderr; each finished step as one line on
// stdout when asked for (docs/design.md, "Run reports and step lines"); on a terminal, a status
// line on stderr that shows the packs in flight, the count done and the time so far. Silent with
// --json; no step lines with -q.
class CliEventSink final : public EventSink
{
public:
    explicit CliEventSink(Output &output);
    ~CliEventSink() override;

    void warning(const Message &message) override;
    void phase(const QString &name) override;
    void progress(qint64 done, qint64 total, const Message &message) override;
    void packStarted(const QString &pack, const QString &activity) override;
    void packReceived(const QString &pack, qint64 bytes) override;
    void stepFinished(const JsonObject &step) override;
    void packFinished(const QString &pack, const QString &result, const QString &message) override;
    // exec: the pack's output as one block, stdout then stderr, under a header line.
    void packOutput(const JsonObject &output) override;

    // Removes the status line before the final output.
    void finish();
    // Prints each finished step as a line (-v, or a verb whose steps are its result).
    void setStepLines(bool on) { m_stepLines = on; }

private:
    bool liveStatus() const;
    void clearStatus();
    void drawStatus();
    // drawStatus, unless it drew a moment ago: hundreds of packs start and finish a second, and
    // the ticker shows the rest, so the line is written a few times a second, not per event.
    void drawStatusSoon();
    // Redraws the status line a few times a second, so the clock moves while a slow fetch says
    // nothing; started with the first event on a terminal.
    void startTicker();

    Output &m_output;
    QMutex m_mutex;
    QElapsedTimer m_clock;
    QElapsedTimer m_sinceDrawn;
    Text::InFlight m_active;
    QString m_phase;                 // "fetch", "sync", ...: the stage the counts belong to
    qint64 m_done = 0;
    qint64 m_total = 0;
    bool m_statusShown = false;
    std::mutex m_tickMutex;
    std::condition_variable m_tick;
    bool m_stopTicking = false;
    std::jthread m_ticker; // declared last: stopped and joined first
    bool m_stepLines = true;
};

} // namespace Grex::Cli
