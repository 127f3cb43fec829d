#include "cli/clieventsink.h"

#include "clidefs/clitr.h"
#include "cli/output.h"
#include "text/reporttext.h"

using namespace Qt::StringLiterals;

namespace Grex::Cli {

CliEventSink::CliEventSink(Output &output) : m_output(output)
{
    m_clock.start();
}

CliEventSink::~CliEventSink()
{
    finish();
}

void CliEventSink::startTicker()
{
    if (m_ticker.joinable() || !liveStatus())
        return;
    m_ticker = std::jthread([this] {
        std::unique_lock lock(m_tickMutex);
        while (!m_tick.wait_for(lock, std::chrono::milliseconds(250),
                                [this] { return m_stopTicking; })) {
            QMutexLocker locker(&m_mutex);
            drawStatus();
        }
    });
}

bool CliEventSink::liveStatus() const
{
    return m_output.stderrDecorated() && !m_output.quiet();
}

void CliEventSink::clearStatus()
{
    if (!m_statusShown)
        return;
    m_output.err() << u"\r\x1b[K"_s;
    m_output.err().flush();
    m_statusShown = false;
}

void CliEventSink::drawStatus()
{
    if (!liveStatus() || (m_active.isEmpty() && m_done == 0))
        return;
    QString line = m_total > 0 ? Tr::tr("%1/%2 packs").arg(m_done).arg(m_total)
                               : Tr::tr("%n pack(s) ready", nullptr, int(m_done));
    if (!m_phase.isEmpty())
        line = m_phase + u' ' + line;
    if (const QString inFlight = m_active.text(); !inFlight.isEmpty())
        line += u" · "_s + inFlight;
    line += u" · "_s + QString::number(double(m_clock.elapsed()) / 1000.0, 'f', 1) + u's';
    if (line.size() > 110)
        line = line.left(109) + u'…';
    m_output.err() << u"\r\x1b[K\x1b[2m"_s << line << u"\x1b[0m"_s;
    m_output.err().flush();
    m_statusShown = true;
    m_sinceDrawn.start();
}

void CliEventSink::drawStatusSoon()
{
    if (m_statusShown && m_sinceDrawn.isValid() && m_sinceDrawn.elapsed() < 200)
        return;
    drawStatus();
}

void CliEventSink::warning(const Message &message)
{
    QMutexLocker locker(&m_mutex);
    clearStatus();
    m_output.printWarning(message.displayText());
    drawStatus();
}

void CliEventSink::phase(const QString &name)
{
    QMutexLocker locker(&m_mutex);
    m_phase = name;
    m_done = 0;
    m_total = 0;
    m_active.clearPacks();
    drawStatusSoon();
}

void CliEventSink::progress(qint64 done, qint64 total, const Message &message)
{
    QMutexLocker locker(&m_mutex);
    if (total > 0) {
        m_done = done;
        m_total = total;
        drawStatusSoon();
        return;
    }
    // Work without a count (a single clone): a line when there is no status line to update.
    if (!liveStatus() && total == 0 && done == 0)
        m_output.printProgress(message.displayText());
}

void CliEventSink::packStarted(const QString &pack, const QString &activity)
{
    QMutexLocker locker(&m_mutex);
    m_active.started(pack, activity);
    startTicker();
    drawStatusSoon();
}

void CliEventSink::packReceived(const QString &pack, qint64 bytes)
{
    QMutexLocker locker(&m_mutex);
    m_active.received(pack, bytes); // the ticker redraws it
}

void CliEventSink::stepFinished(const JsonObject &step)
{
    QMutexLocker locker(&m_mutex);
    if (m_output.mode() == Output::Mode::Json || m_output.quiet() || !m_stepLines)
        return;
    clearStatus();
    m_output.out() << Text::stepLine(step) << u'\n';
    m_output.out().flush();
    drawStatus();
}

void CliEventSink::packFinished(const QString &pack, const QString &, const QString &)
{
    QMutexLocker locker(&m_mutex);
    m_active.finished(pack);
    drawStatusSoon();
}

void CliEventSink::packOutput(const JsonObject &output)
{
    QMutexLocker locker(&m_mutex);
    if (m_output.mode() == Output::Mode::Json)
        return;
    clearStatus();
    Text::Options options;
    options.unicode = m_output.decorated();
    m_output.print(Text::packOutputLines(output, options));
    drawStatus();
}

void CliEventSink::finish()
{
    {
        std::lock_guard lock(m_tickMutex);
        m_stopTicking = true;
    }
    m_tick.notify_all();
    if (m_ticker.joinable())
        m_ticker.join();
    QMutexLocker locker(&m_mutex);
    clearStatus();
}

} // namespace Grex::Cli
