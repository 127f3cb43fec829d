#pragma once

#include <stop_token>
#include <thread>

namespace Grex::Cli {

// Turns SIGINT and SIGTERM into a stop request: the first one asks the running verb to stop
// (it cleans up and the process exits 130); a second one, or one arriving while a prompt waits
// for an answer (nothing has changed yet), exits 130 at once. One instance per process.
class SignalBridge
{
public:
    SignalBridge();
    ~SignalBridge();
    SignalBridge(const SignalBridge &) = delete;
    SignalBridge &operator=(const SignalBridge &) = delete;

    std::stop_token token() const { return m_source.get_token(); }

    // Marks the time a confirmation prompt blocks on stdin.
    static void setPrompting(bool prompting);

private:
    std::stop_source m_source;
    std::thread m_watcher;
};

} // namespace Grex::Cli
