#include "mcp/stdioserver.h"

#include "core/logging.h"

#include <QElapsedTimer>

#include <cerrno>
#include <csignal>
#include <poll.h>
#include <unistd.h>

namespace Grex::Mcp {

void LineSplitter::feed(QByteArrayView bytes, const std::function<void(QByteArrayView)> &line,
                        const std::function<void()> &tooLong)
{
    while (!bytes.isEmpty()) {
        const qsizetype newline = bytes.indexOf('\n');
        const QByteArrayView part = newline < 0 ? bytes : bytes.first(newline);
        if (!m_discarding) {
            if (m_buffer.size() + part.size() > m_max) {
                m_discarding = true;
                m_buffer.clear();
                m_buffer.squeeze();
            } else {
                m_buffer.append(part);
            }
        }
        if (newline < 0)
            return;
        if (m_discarding) {
            m_discarding = false;
            tooLong();
        } else {
            line(m_buffer);
            m_buffer.clear();
        }
        bytes = bytes.sliced(newline + 1);
    }
}

void LineSplitter::finish(const std::function<void(QByteArrayView)> &line)
{
    if (!m_discarding && !m_buffer.isEmpty())
        line(m_buffer);
    m_buffer.clear();
    m_discarding = false;
}

void FdFrameSink::send(const QByteArray &frame)
{
    std::lock_guard lock(m_mutex);
    if (m_broken)
        return;
    QByteArray bytes = frame;
    bytes.append('\n');
    qsizetype written = 0;
    while (written < bytes.size()) {
        const ssize_t n =
            ::write(m_fd, bytes.constData() + written, size_t(bytes.size() - written));
        if (n > 0) {
            written += n;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && errno == EAGAIN) {
            pollfd p{m_fd, POLLOUT, 0};
            ::poll(&p, 1, 100);
        } else {
            qCWarning(lcCore, "stdout is closed; no more frames are written");
            m_broken = true;
            return;
        }
    }
}

int runStdioServer(ServerConfig config, std::stop_token stop)
{
    // A client that closes its end must not kill the server in the middle of a write.
    std::signal(SIGPIPE, SIG_IGN);
    FdFrameSink out(STDOUT_FILENO);
    Session session(std::move(config), out);
    LineSplitter splitter;
    const auto line = [&](QByteArrayView text) { session.receive(text); };
    const auto tooLong = [&] { session.lineTooLong(); };
    QByteArray buffer(64 * 1024, Qt::Uninitialized);
    QElapsedTimer sinceShutdown;
    for (;;) {
        // A stop (SIGINT or SIGTERM) ends the session as a closed stdin does.
        if (stop.stop_requested())
            break;
        if (session.shutdownAnswered()) {
            if (!sinceShutdown.isValid())
                sinceShutdown.start();
            if (sinceShutdown.elapsed() >= 2000)
                return 0; // answered and stdin still open: exit anyway
        }
        pollfd p{STDIN_FILENO, POLLIN, 0};
        const int ready = ::poll(&p, 1, 100);
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0)
            continue;
        const ssize_t n = ::read(STDIN_FILENO, buffer.data(), size_t(buffer.size()));
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n <= 0)
            break;
        splitter.feed(QByteArrayView(buffer.constData(), n), line, tooLong);
    }
    splitter.finish(line);
    if (!session.endOfInput()) {
        qCWarning(lcCore, "stdin closed; %d call(s) did not stop within 2 s",
                  session.callsInFlight());
        // Leave without waiting for them: the workspace is consistent at every step, and
        // `grex doctor` explains an interrupted action.
        std::_Exit(0);
    }
    return 0;
}

} // namespace Grex::Mcp
