// Opens grex's window on a workspace, as grex-gui does, and measures what a person waits for:
// the first paint of the window, the first paint that shows the packs, and every stall of the
// event loop (the window cannot answer a click while it is stalled) from start until a few
// seconds after the packs are shown. With --fetch it then starts the window's background fetch of
// every pack and measures the stalls until that fetch ended. Prints one JSON object;
// bench/scale/run.sh runs it under Xvfb.
//
//   grex-bench-window WORKSPACE [--settle-ms 5000] [--fetch]

#include "gui/mainwindow.h"
#include "gui/packfilterproxy.h"
#include "gui/packtreemodel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

// The process's peak resident set, in MiB, as the kernel counts it (VmHWM).
double peakRssMiB()
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    }
    return -1;
}

// Watches paints of the window and its pack view, and the gaps between the ticks of a 5 ms
// timer: a tick that comes late by more than its interval is a stall of that length.
class Probe : public QObject
{
public:
    Probe(Grex::Gui::MainWindow *window, const QElapsedTimer &clock)
        : m_window(window), m_clock(clock)
    {
        m_tick.setTimerType(Qt::PreciseTimer);
        m_tick.setInterval(kTickMs);
        connect(&m_tick, &QTimer::timeout, this, &Probe::tick);
        m_tick.start();
        m_last = m_clock.nsecsElapsed();
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint) {
            const double now = ms();
            if (m_firstPaint < 0)
                m_firstPaint = now;
            if (m_loaded >= 0 && m_packsPainted < 0 && watched == m_viewport)
                m_packsPainted = now;
        }
        return false;
    }

    void watch(QWidget *viewport)
    {
        m_viewport = viewport;
        m_window->installEventFilter(this);
        viewport->installEventFilter(this);
    }

    void loaded(int packs)
    {
        if (m_loaded < 0) {
            m_loaded = ms();
            m_packs = packs;
        }
    }

    double loadedAt() const { return m_loaded; }

    // From now on stalls count as the fetch's, until fetchEnded.
    void fetchStarted()
    {
        m_fetchStarted = ms();
        m_phase = Phase::Fetch;
    }
    void fetchEnded(const QString &error)
    {
        m_fetchEnded = ms();
        m_fetchError = error;
        m_phase = Phase::After;
    }

    QJsonObject report() const
    {
        QJsonObject o{{u"packs"_s, m_packs},
                      {u"first_paint_ms"_s, m_firstPaint},
                      {u"loaded_ms"_s, m_loaded},
                      {u"packs_painted_ms"_s, m_packsPainted},
                      // What the goal counts: from the window appearing to its packs.
                      {u"packs_drawn_after_window_ms"_s, m_packsPainted - m_firstPaint},
                      {u"longest_stall_ms"_s, m_longestStall},
                      {u"longest_stall_at_ms"_s, m_longestStallAt},
                      {u"stalls_over_100ms"_s, m_stallsOver100},
                      {u"stalls"_s, m_stalls}, // [started at ms, lasted ms], each over 100 ms
                      {u"loads"_s, m_loads},
                      {u"peak_rss_mib"_s, peakRssMiB()}};
        if (m_fetchStarted >= 0) {
            o.insert(u"fetch_ms"_s, m_fetchEnded - m_fetchStarted);
            o.insert(u"fetch_longest_stall_ms"_s, m_fetchLongestStall);
            o.insert(u"fetch_stalls_over_100ms"_s, m_fetchStallsOver100);
            if (!m_fetchError.isEmpty())
                o.insert(u"fetch_error"_s, m_fetchError);
        }
        return o;
    }

private:
    static constexpr int kTickMs = 5;

    double ms() const { return double(m_clock.nsecsElapsed()) / 1e6; }

    void tick()
    {
        const qint64 now = m_clock.nsecsElapsed();
        const double stall = double(now - m_last) / 1e6 - kTickMs;
        m_last = now;
        if (stall > m_longestStall) {
            m_longestStall = stall;
            m_longestStallAt = double(now) / 1e6;
        }
        if (stall > 100) {
            ++m_stallsOver100;
            m_stalls.append(QJsonArray{double(now) / 1e6 - stall, stall});
        }
        if (m_phase == Phase::Fetch) {
            m_fetchLongestStall = std::max(m_fetchLongestStall, stall);
            if (stall > 100)
                ++m_fetchStallsOver100;
        }
    }

    enum class Phase { Load, Fetch, After };

    Grex::Gui::MainWindow *m_window;
    QWidget *m_viewport = nullptr;
    QElapsedTimer m_clock;
    QTimer m_tick;
    qint64 m_last = 0;
    double m_firstPaint = -1;
    double m_loaded = -1;
    double m_packsPainted = -1;
    double m_longestStall = 0;
    double m_longestStallAt = 0;
    int m_stallsOver100 = 0;
    int m_packs = 0;
    Phase m_phase = Phase::Load;
    double m_fetchStarted = -1;
    double m_fetchEnded = -1;
    double m_fetchLongestStall = 0;
    int m_fetchStallsOver100 = 0;
    QString m_fetchError;
    QJsonArray m_stalls;
    QJsonArray m_loads; // when each load of the window ended, ms
public:
    void reloaded() { m_loads.append(ms()); }
};

} // namespace

int main(int argc, char *argv[])
{
    QElapsedTimer clock; // times count from the start of the process, as a person's wait does
    clock.start();
    QApplication app(argc, argv);
    QStringList args = QCoreApplication::arguments().mid(1);
    int settleMs = 5000;
    if (const qsizetype at = args.indexOf(u"--settle-ms"_s); at >= 0 && at + 1 < args.size()) {
        settleMs = args.at(at + 1).toInt();
        args.remove(at, 2);
    }
    const bool fetch = args.removeAll(u"--fetch"_s) > 0;
    if (args.size() != 1) {
        std::fprintf(stderr, "usage: grex-bench-window WORKSPACE [--settle-ms MS] [--fetch]\n");
        return 2;
    }
    // The window keeps its settings (recent workspaces) under this name, not the user's.
    QCoreApplication::setApplicationName(u"grex-bench-window"_s);

    Grex::Gui::MainWindow window;
    Probe probe(&window, clock);
    QTreeView *view = nullptr;
    for (QTreeView *candidate : window.findChildren<QTreeView *>()) {
        if (candidate->model() == window.packProxy())
            view = candidate;
    }
    if (!view) {
        std::fprintf(stderr, "grex-bench-window: the window has no pack view\n");
        return 1;
    }
    probe.watch(view->viewport());
    QString loadError;
    QObject::connect(&window, &Grex::Gui::MainWindow::loaded, &app, [&](const QString &error) {
        probe.reloaded();
        if (probe.loadedAt() >= 0)
            return;
        loadError = error;
        probe.loaded(window.packModel()->totalPackCount());
        if (!fetch) {
            QTimer::singleShot(settleMs, &app, &QCoreApplication::quit);
            return;
        }
        // Settled first, then the fetch the window starts by itself every interval.
        QTimer::singleShot(settleMs, &window, [&] {
            probe.fetchStarted();
            if (!window.fetchInBackground()) {
                probe.fetchEnded(u"the background fetch did not start"_s);
                QCoreApplication::quit();
            }
        });
    });
    QObject::connect(&window, &Grex::Gui::MainWindow::operationFinished, &app,
                     [&](const QString &verb, const QString &error) {
                         if (!fetch || verb != u"status")
                             return;
                         probe.fetchEnded(error);
                         QTimer::singleShot(1000, &app, &QCoreApplication::quit);
                     });
    window.resize(1200, 800);
    window.openWorkspace(args.constFirst());
    window.show();
    app.exec();

    QJsonObject report = probe.report();
    report.insert(u"settle_ms"_s, settleMs);
    if (!loadError.isEmpty())
        report.insert(u"error"_s, loadError);
    std::fputs(QJsonDocument(report).toJson(QJsonDocument::Compact).constData(), stdout);
    std::fputc('\n', stdout);
    return loadError.isEmpty() ? 0 : 1;
}
