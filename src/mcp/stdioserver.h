#pragma once

#include "mcp/session.h"

#include <QByteArray>

#include <functional>

namespace Grex::Mcp {

// Splits a byte stream into lines, holding at most kMaxLineLength bytes of one line: a longer
// line is dropped as it streams past (bounded memory) and reported once.
class LineSplitter
{
public:
    explicit LineSplitter(qsizetype maxLength = kMaxLineLength) : m_max(maxLength) {}

    // Feeds bytes; calls line() for each complete line and tooLong() for each dropped one.
    void feed(QByteArrayView bytes, const std::function<void(QByteArrayView)> &line,
              const std::function<void()> &tooLong);
    // The last line when the stream ends without a newline.
    void finish(const std::function<void(QByteArrayView)> &line);

private:
    qsizetype m_max;
    QByteArray m_buffer;
    bool m_discarding = false;
};

// Writes frames to a file descriptor: each frame and its newline in full, one frame at a time,
// whatever the pipe's back-pressure. Write errors (the client went away) are remembered and
// later frames dropped.
class FdFrameSink : public FrameSink
{
public:
    explicit FdFrameSink(int fd) : m_fd(fd) {}
    void send(const QByteArray &frame) override;

private:
    int m_fd;
    std::mutex m_mutex;
    bool m_broken = false;
};

// `grex serve` over stdio: reads stdin on this thread until EOF, until stop fires, or until a
// `shutdown` was answered (then waits up to 2 s for EOF). Returns the process exit code.
int runStdioServer(ServerConfig config, std::stop_token stop);

} // namespace Grex::Mcp
