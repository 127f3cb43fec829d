// A passenger of a shared SSH connection without an ssh process: grex speaks OpenSSH's
// multiplexing protocol (PROTOCOL.mux in OpenSSH's sources, version 4) to the master's control
// socket and hands it the ends of two socket pairs as the command's stdin and stdout. Starting
// an ssh client per command cost more CPU than the command and the server together when a sync
// asks hundreds of remotes for their refs (docs/performance.md, "Fetching only what moved").

#include "core/git/sshshare_p.h"

#include "core/logging.h"

#include <QElapsedTimer>
#include <QFile>

#include <array>
#include <cerrno>
#include <cstring>
#include <utility>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace Grex::Git {

namespace {

constexpr quint32 MuxHello = 0x00000001;
constexpr quint32 MuxNewSession = 0x10000002;
constexpr quint32 MuxSessionOpened = 0x80000006;
constexpr quint32 MuxExitMessage = 0x80000004;
constexpr quint32 MuxVersion = 4;

// A file descriptor closed when it goes out of scope.
class Fd
{
public:
    explicit Fd(int fd = -1) : m_fd(fd) {}
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    ~Fd() { reset(); }
    int get() const { return m_fd; }
    int release() { return std::exchange(m_fd, -1); }
    void reset()
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
    }

private:
    int m_fd;
};

void putU32(QByteArray &out, quint32 value)
{
    const std::array<char, 4> bytes{char(value >> 24), char(value >> 16), char(value >> 8),
                                    char(value)};
    out.append(bytes.data(), 4);
}

void putString(QByteArray &out, const QByteArray &value)
{
    putU32(out, quint32(value.size()));
    out.append(value);
}

quint32 getU32(const QByteArray &in, qsizetype at)
{
    if (at + 4 > in.size())
        return 0;
    const auto *bytes = reinterpret_cast<const unsigned char *>(in.constData() + at);
    return quint32(bytes[0]) << 24 | quint32(bytes[1]) << 16 | quint32(bytes[2]) << 8 | bytes[3];
}

// Waits until fd is readable; false on stop, after stallMs, or on a poll error.
bool waitReadable(int fd, qint64 stallMs, const std::stop_token &stop)
{
    QElapsedTimer waited;
    waited.start();
    while (!stop.stop_requested() && waited.elapsed() < stallMs) {
        pollfd p{fd, POLLIN, 0};
        const int ready = ::poll(&p, 1, 100);
        if (ready > 0)
            return true;
        if (ready < 0 && errno != EINTR)
            return false;
    }
    return false;
}

bool sendAll(int fd, const QByteArray &data)
{
    qsizetype sent = 0;
    while (sent < data.size()) {
        const ssize_t n =
            ::send(fd, data.constData() + sent, size_t(data.size() - sent), MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        sent += n;
    }
    return true;
}

bool readExactly(int fd, char *into, qsizetype size, qint64 stallMs, const std::stop_token &stop)
{
    qsizetype got = 0;
    while (got < size) {
        if (!waitReadable(fd, stallMs, stop))
            return false;
        const ssize_t n = ::recv(fd, into + got, size_t(size - got), 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        got += n;
    }
    return true;
}

// One message of the master: its body (type first); nullopt when none came whole.
std::optional<QByteArray> readMessage(int fd, qint64 stallMs, const std::stop_token &stop)
{
    std::array<char, 4> length{};
    if (!readExactly(fd, length.data(), 4, stallMs, stop))
        return std::nullopt;
    const quint32 size = getU32(QByteArray::fromRawData(length.data(), 4), 0);
    if (size < 4 || size > 256 * 1024)
        return std::nullopt;
    QByteArray body(qsizetype(size), Qt::Uninitialized);
    if (!readExactly(fd, body.data(), body.size(), stallMs, stop))
        return std::nullopt;
    return body;
}

bool sendMessage(int fd, const QByteArray &body)
{
    QByteArray framed;
    putU32(framed, quint32(body.size()));
    framed.append(body);
    return sendAll(fd, framed);
}

// Passes fd to the master as ssh's mm_send_fd does: one byte of data with the descriptor.
bool sendDescriptor(int socket, int fd)
{
    char byte = 0;
    iovec vec{&byte, 1};
    alignas(cmsghdr) std::array<char, CMSG_SPACE(sizeof(int))> control{};
    msghdr message{};
    message.msg_iov = &vec;
    message.msg_iovlen = 1;
    message.msg_control = control.data();
    message.msg_controllen = control.size();
    cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(header), &fd, sizeof(int));
    for (;;) {
        const ssize_t n = ::sendmsg(socket, &message, MSG_NOSIGNAL);
        if (n == 1)
            return true;
        if (n < 0 && errno == EINTR)
            continue;
        return false;
    }
}

// Connects to the control socket and exchanges hellos; -1 when the master is not there.
int connectToMaster(const QString &socketPath, qint64 stallMs, const std::stop_token &stop)
{
    const QByteArray path = QFile::encodeName(socketPath);
    sockaddr_un address{};
    if (path.isEmpty() || size_t(path.size()) >= sizeof(address.sun_path))
        return -1;
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path, path.constData(), size_t(path.size()));
    Fd socket(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (socket.get() < 0 ||
        ::connect(socket.get(), reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0)
        return -1;
    QByteArray hello;
    putU32(hello, MuxHello);
    putU32(hello, MuxVersion);
    if (!sendMessage(socket.get(), hello))
        return -1;
    const std::optional<QByteArray> theirs = readMessage(socket.get(), stallMs, stop);
    if (!theirs || getU32(*theirs, 0) != MuxHello || getU32(*theirs, 4) != MuxVersion)
        return -1;
    return socket.release();
}

} // namespace

std::optional<SharedSessionOutput> runOnSharedConnection(const QString &socketPath,
                                                         const QString &command,
                                                         const QStringList &environment,
                                                         const QByteArray &input, qint64 stallMs,
                                                         qsizetype outLimit, std::stop_token stop)
{
    Fd master(connectToMaster(socketPath, stallMs, stop));
    if (master.get() < 0)
        return std::nullopt;
    std::array<int, 2> in{-1, -1};
    std::array<int, 2> out{-1, -1};
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in.data()) != 0)
        return std::nullopt;
    Fd inOurs(in[0]), inTheirs(in[1]);
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, out.data()) != 0)
        return std::nullopt;
    Fd outOurs(out[0]), outTheirs(out[1]);
    Fd devNull(::open("/dev/null", O_WRONLY | O_CLOEXEC));

    QByteArray request;
    putU32(request, MuxNewSession);
    putU32(request, 1);     // request id
    putString(request, {}); // reserved
    // No tty, no X11, no agent, not a subsystem: each a uint32 on the wire, as ssh's mux.c
    // writes and reads them (the protocol's text calls them bool).
    request.append(16, '\0');
    putU32(request, 0xffffffff); // no escape character
    putString(request, {});      // terminal type
    putString(request, command.toUtf8());
    for (const QString &entry : environment)
        putString(request, entry.toUtf8());
    if (!sendMessage(master.get(), request) || !sendDescriptor(master.get(), inTheirs.get()) ||
        !sendDescriptor(master.get(), outTheirs.get()) ||
        !sendDescriptor(master.get(), devNull.get() >= 0 ? devNull.get() : outTheirs.get()))
        return std::nullopt;
    // The master holds its own copies now: ours would keep the command's stdout from ending.
    inTheirs.reset();
    outTheirs.reset();
    devNull.reset();
    const std::optional<QByteArray> opened = readMessage(master.get(), stallMs, stop);
    if (!opened || getU32(*opened, 0) != MuxSessionOpened) {
        // MUX_S_FAILURE and MUX_S_PERMISSION_DENIED carry the master's reason after the id.
        const quint32 size = opened ? getU32(*opened, 8) : 0;
        qCDebug(lcGit, "the shared SSH connection refused a session: %s",
                opened ? opened->mid(12, qsizetype(size)).constData() : "no answer");
        return std::nullopt;
    }
    if (!sendAll(inOurs.get(), input))
        return std::nullopt;
    inOurs.reset(); // end of file on the command's stdin

    SharedSessionOutput result;
    std::array<char, 16 * 1024> buffer{};
    for (;;) {
        if (!waitReadable(outOurs.get(), stallMs, stop))
            return std::nullopt;
        const ssize_t n = ::recv(outOurs.get(), buffer.data(), buffer.size(), 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return std::nullopt;
        if (n == 0)
            break;
        result.out.append(buffer.data(), n);
        if (result.out.size() > outLimit)
            return std::nullopt;
    }
    // The exit status follows the end of the output closely; a master that does not send it
    // leaves it unknown.
    if (const std::optional<QByteArray> exit = readMessage(master.get(), 2000, stop);
        exit && getU32(*exit, 0) == MuxExitMessage)
        result.exitStatus = int(getU32(*exit, 8));
    return result;
}

} // namespace Grex::Git
