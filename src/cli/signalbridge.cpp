#include "cli/signalbridge.h"

#include "core/exec/processrunner.h"
#include "core/fs/filelock.h"
#include "core/git/gitfetcher.h"

#include <atomic>

#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace Grex::Cli {

namespace {

int g_pipe[2] = {-1, -1};
std::atomic<bool> g_prompting{false};

void onSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t n = ::write(g_pipe[1], &byte, 1);
}

} // namespace

SignalBridge::SignalBridge()
{
    if (::pipe2(g_pipe, O_CLOEXEC) != 0)
        return;
    struct sigaction action
    {
    };
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
    m_watcher = std::thread([this] {
        char byte = 0;
        while (::read(g_pipe[0], &byte, 1) == 1 && byte == 1) {
            if (m_source.stop_requested() || g_prompting.load()) {
                // _exit skips every destructor: the shared SSH masters, in the background,
                // would outlive grex.
                stopRunningProcessesNow();
                endSharedSshConnectionsNow();
                FileLock::removeHeldFilesNow();
                // A second Ctrl-C does not wait for the run to unwind: say so, and what to do.
                // Said last, so that the progress line, drawn until now, does not follow it.
                // At a question nothing has started yet: a new line is all.
                static const char stopped[] =
                    "\ngrex: stopped at once, without waiting for the run to finish; run it again "
                    "to finish (grex doctor explains anything left half done)\n";
                const bool asking = g_prompting.load();
                [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, asking ? "\n" : stopped,
                                                           asking ? 1 : sizeof stopped - 1);
                ::_exit(130);
            }
            m_source.request_stop();
        }
    });
}

SignalBridge::~SignalBridge()
{
    if (!m_watcher.joinable())
        return;
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
    const char byte = 0;
    [[maybe_unused]] const ssize_t n = ::write(g_pipe[1], &byte, 1);
    m_watcher.join();
    ::close(g_pipe[0]);
    ::close(g_pipe[1]);
}

void SignalBridge::setPrompting(bool prompting)
{
    g_prompting.store(prompting);
}

} // namespace Grex::Cli
