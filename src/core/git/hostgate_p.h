#pragma once

// Private to src/core/git: the per-host bound on git commands that talk to a remote.

#include "core/git/fetcher.h"
#include "core/result.h"

#include <QString>

#include <memory>
#include <stop_token>

namespace Grex::Git {

// How many git commands may talk to the host of url at once: the CPUs for this machine, 4 per
// CPU for any other host, at least 16 over HTTP(S) and at least 32 over anything else.
int hostLimit(const QString &url);

// One git command's place among those of its host; given back when destroyed.
class HostPermit
{
public:
    explicit HostPermit(QString host) : m_host(std::move(host)), m_held(true) {}
    HostPermit(const HostPermit &) = delete;
    HostPermit &operator=(const HostPermit &) = delete;
    ~HostPermit();

private:
    QString m_host;
    bool m_held = false;
};

// Waits for a place among the git commands talking to url's host. Thread-safe. Error: Cancelled
// when stop fires first.
Result<std::unique_ptr<HostPermit>> enterHost(const QString &url, std::stop_token stop);

} // namespace Grex::Git
