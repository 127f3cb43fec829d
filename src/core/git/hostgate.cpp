// How many git commands that talk to one host run at once (docs/design.md, "Width per transport
// and host"). The run's network width lets many packs ask their remotes for refs at once, which
// costs the server little; the fetches and clones that follow are git processes whose CPU and
// connections the host and this machine pay for, so each host gets a bounded share.

#include "core/git/hostgate_p.h"

#include "core/operationcontext.h"

#include <QHash>
#include <QThread>
#include <QUrl>

#include <chrono>
#include <condition_variable>
#include <mutex>

using namespace Qt::StringLiterals;

namespace Grex::Git {

namespace {

struct Gates
{
    std::mutex mutex;
    std::condition_variable changed;
    QHash<QString, int> running; // host ("" for this machine) -> git commands under way
};

Gates &gates()
{
    static Gates g;
    return g;
}

} // namespace

QString hostOfRemote(const QString &url)
{
    if (url.startsWith(u"file://"_s) || url.startsWith(u'/') || url.isEmpty())
        return {};
    if (url.contains(u"://"_s))
        return QUrl(url).host().toLower();
    // scp-like [user@]host:path
    const qsizetype colon = url.indexOf(u':');
    const qsizetype slash = url.indexOf(u'/');
    if (colon <= 0 || (slash >= 0 && slash < colon))
        return {};
    QString host = url.left(colon);
    if (const qsizetype at = host.lastIndexOf(u'@'); at >= 0)
        host = host.mid(at + 1);
    return host.toLower();
}

int hostLimit(const QString &url)
{
    const int cpus = qMax(1, QThread::idealThreadCount());
    // A remote on this machine is CPU and disk work; a host across the network waits on round
    // trips. Over SSH at 20 ms a new commit in 100 packs took 2.26 s at 32 and 3.17 s at 16;
    // over HTTPS, where each request is a TLS session and a CGI run on the server, 7.33 s at 32
    // and 5.70 s at 16 (bench/run.sh on 2 cores, docs/performance.md).
    if (hostOfRemote(url).isEmpty())
        return cpus;
    const bool http = url.startsWith(u"https://"_s, Qt::CaseInsensitive) ||
                      url.startsWith(u"http://"_s, Qt::CaseInsensitive);
    return qMax(http ? 16 : 32, 4 * cpus);
}

HostPermit::~HostPermit()
{
    if (!m_held)
        return;
    Gates &g = gates();
    {
        const std::lock_guard<std::mutex> guard(g.mutex);
        --g.running[m_host];
    }
    g.changed.notify_all();
}

Result<std::unique_ptr<HostPermit>> enterHost(const QString &url, std::stop_token stop)
{
    const QString host = hostOfRemote(url);
    const int limit = hostLimit(url);
    Gates &g = gates();
    std::unique_lock<std::mutex> lock(g.mutex);
    while (g.running.value(host) >= limit) {
        if (stop.stop_requested())
            return cancelledError();
        g.changed.wait_for(lock, std::chrono::milliseconds(100));
    }
    ++g.running[host];
    return std::make_unique<HostPermit>(host);
}

} // namespace Grex::Git
