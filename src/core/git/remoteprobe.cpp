// Asking a remote for its refs without git (docs/design.md, "Fetching only what moved"): the
// pkt-line answers of upload-pack, and the transports that reach it. What grex cannot ask as git
// would is not asked; git then fetches.

#include "core/exec/processrunner.h"
#include "core/git/gitfetcher_p.h"
#include "core/git/remoteprobe_p.h"
#include "core/git/sshshare_p.h"

using namespace Qt::StringLiterals;

namespace Grex::GitImpl {

namespace {

// One pkt-line of an answer: its payload, or a flush (0000), delimiter (0001) or end of
// response (0002) packet.
struct Packet
{
    enum class Kind { Data, Flush, Delim, ResponseEnd, Bad };
    Kind kind = Kind::Bad;
    QByteArray payload;
};

class PacketReader
{
public:
    explicit PacketReader(const QByteArray &data) : m_data(data) {}

    Packet next()
    {
        if (m_pos + 4 > m_data.size())
            return {};
        bool ok = false;
        const int length = m_data.mid(m_pos, 4).toInt(&ok, 16);
        if (!ok)
            return {};
        if (length < 4) {
            m_pos += 4;
            static constexpr Packet::Kind special[] = {Packet::Kind::Flush, Packet::Kind::Delim,
                                                       Packet::Kind::ResponseEnd};
            return length <= 2 ? Packet{special[length], {}} : Packet{};
        }
        if (m_pos + length > m_data.size())
            return {};
        QByteArray payload = m_data.mid(m_pos + 4, length - 4);
        m_pos += length;
        if (payload.endsWith('\n'))
            payload.chop(1);
        return {Packet::Kind::Data, payload};
    }

private:
    const QByteArray &m_data;
    qsizetype m_pos = 0;
};

QByteArray packet(const QByteArray &payload)
{
    return QByteArray::number(payload.size() + 4, 16).rightJustified(4, '0') + payload;
}

// Adds ref `name` at hex to refs when it is a branch or a tag git's plain fetch compares;
// false when hex is not an object id grex can compare.
bool addRef(RemoteRefs &refs, const QByteArray &hex, const QByteArray &name)
{
    if (hex.size() != 2 * GIT_OID_RAWSZ)
        return false;
    const QByteArray raw = QByteArray::fromHex(hex);
    if (raw.size() != GIT_OID_RAWSZ)
        return false;
    if (name.startsWith("refs/heads/"))
        refs.heads.insert(name.mid(11), raw);
    else if (name.startsWith("refs/tags/") && !name.endsWith("^{}"))
        refs.tags.insert(name.mid(10), raw);
    return true;
}

// Protocol v0: "<oid> <ref>\0<capabilities>" first (symref=HEAD:refs/heads/<branch> among
// them), then "<oid> <ref>" lines, then a flush.
std::optional<RemoteRefs> parseV0(PacketReader &reader, Packet first)
{
    RemoteRefs refs;
    for (Packet p = first;; p = reader.next()) {
        if (p.kind == Packet::Kind::Flush)
            return refs;
        if (p.kind != Packet::Kind::Data || p.payload.startsWith("ERR "))
            return std::nullopt;
        QByteArray line = p.payload;
        if (const qsizetype nul = line.indexOf('\0'); nul >= 0) {
            for (const QByteArray &capability : line.mid(nul + 1).split(' ')) {
                if (capability.startsWith("symref=HEAD:refs/heads/"))
                    refs.head = QString::fromUtf8(capability.mid(23));
            }
            line.truncate(nul);
        }
        const qsizetype space = line.indexOf(' ');
        const QByteArray name = line.mid(space + 1);
        if (space < 0 || (name != "capabilities^{}" && !addRef(refs, line.left(space), name)))
            return std::nullopt;
    }
}

// Protocol v2's answer to ls-refs: "<oid> <ref>[ symref-target:<ref>][ peeled:<oid>]" lines,
// then a flush; HEAD's line names the branch it points at.
std::optional<RemoteRefs> parseLsRefs(PacketReader &reader)
{
    RemoteRefs refs;
    for (Packet p = reader.next();; p = reader.next()) {
        if (p.kind == Packet::Kind::Flush)
            return refs;
        if (p.kind != Packet::Kind::Data || p.payload.startsWith("ERR "))
            return std::nullopt;
        const QList<QByteArray> words = p.payload.split(' ');
        if (words.size() < 2)
            return std::nullopt;
        if (words[1] == "HEAD") {
            for (const QByteArray &attribute : words.mid(2)) {
                if (attribute.startsWith("symref-target:refs/heads/"))
                    refs.head = QString::fromUtf8(attribute.mid(25));
            }
            continue;
        }
        // An unborn HEAD is "unborn HEAD symref-target:..." and names no object.
        if (!addRef(refs, words[0], words[1]))
            return std::nullopt;
    }
}

// Over SSH: upload-pack on the connection the fetches of this host share (as a passenger of
// its master, or through an ssh process when that fails), asked in protocol v2 with the
// request written up front (a server that speaks only v0 has advertised every ref
// before it reads it, and the answer stays complete).
std::optional<RemoteRefs> sshRemoteRefs(const QString &url, const QString &dest, git_config *config,
                                        std::stop_token stop)
{
    const Git::SshLease lease = Git::leaseSshConnection(url, dest, stop, config);
    const qint64 stallMs = qint64(Git::networkTimeoutSeconds()) * 1000;
    constexpr qsizetype OutLimit = 16 * 1024 * 1024;
    const std::optional<QString> remoteCommand = Git::uploadPackRemoteCommand(url);
    if (!lease.socketPath().isEmpty() && remoteCommand) {
        const std::optional<Git::SharedSessionOutput> shared = Git::runOnSharedConnection(
            lease.socketPath(), *remoteCommand, {u"GIT_PROTOCOL=version=2"_s}, lsRefsRequest(),
            stallMs, OutLimit, stop);
        if (shared) {
            if (std::optional<RemoteRefs> refs = parseUploadPackAnswer(shared->out, true)) {
                qCDebug(lcGit, "asked %s for its refs on the shared connection",
                        qPrintable(redactUrl(url)));
                return refs;
            }
        }
        if (stop.stop_requested())
            return std::nullopt;
        qCDebug(lcGit, "the shared connection did not answer for %s (%s)",
                qPrintable(redactUrl(url)), shared ? "not upload-pack's answer" : "no session");
        // The master could not run it: an ssh of its own, on the same terms, says why.
    }
    const std::optional<QStringList> command = Git::uploadPackCommand(lease, url);
    if (!command)
        return std::nullopt;
    ProcessSpec spec;
    spec.program = command->first();
    spec.arguments = command->mid(1);
    spec.workingDirectory = dest;
    spec.environment =
        Git::gitEnvironment(lease.environment() + QStringList{u"GIT_PROTOCOL=version=2"_s});
    spec.input = lsRefsRequest();
    spec.stdoutLimit = OutLimit;
    spec.newSession = true;
    spec.dieWithParent = true;
    spec.stallTimeoutMs = stallMs;
    const Result<ProcessOutcome> asked = runProcess(spec, stop);
    if (!asked || asked->stalled || asked->stdoutTruncated)
        return std::nullopt;
    std::optional<RemoteRefs> refs = parseUploadPackAnswer(asked->stdoutData, true);
    if (!refs) {
        qCDebug(lcGit, "could not read the refs of %s over SSH (ssh exited %d): fetching",
                qPrintable(redactUrl(url)), asked->exitStatus);
    }
    return refs;
}

} // namespace

QByteArray lsRefsRequest()
{
    return packet("command=ls-refs\n") + "0001" + packet("symrefs\n") +
           packet("ref-prefix HEAD\n") + packet("ref-prefix refs/heads/\n") +
           packet("ref-prefix refs/tags/\n") + "0000";
}

std::optional<RemoteRefs> parseUploadPackAnswer(const QByteArray &answer, bool withCapabilities)
{
    PacketReader reader(answer);
    if (!withCapabilities)
        return parseLsRefs(reader);
    Packet first = reader.next();
    // Smart HTTP opens its v0 advertisement with the service's name and a flush.
    if (first.kind == Packet::Kind::Data && first.payload.startsWith("# service=")) {
        if (reader.next().kind != Packet::Kind::Flush)
            return std::nullopt;
        first = reader.next();
    }
    if (first.kind == Packet::Kind::Data && first.payload == "version 2") {
        for (Packet p = reader.next(); p.kind != Packet::Kind::Flush; p = reader.next()) {
            if (p.kind != Packet::Kind::Data)
                return std::nullopt;
            // Another hash than SHA-1 is a repository grex's libgit2 cannot compare.
            if (p.payload.startsWith("object-format=") && p.payload != "object-format=sha1")
                return std::nullopt;
        }
        return parseLsRefs(reader);
    }
    if (first.kind == Packet::Kind::Flush) // an empty repository's v0 advertisement
        return RemoteRefs{};
    return parseV0(reader, first);
}

std::optional<RemoteRefs> readRemoteRefs(const QString &url, const QString &dest,
                                         git_config *config, std::stop_token stop)
{
    if (std::optional<RemoteRefs> local = readLocalRemoteRefs(url))
        return local;
    if (url.startsWith(u"https://"_s) || url.startsWith(u"http://"_s))
        return httpsRemoteRefs(url, dest, config, stop);
    if (Git::uploadPackRemoteCommand(url))
        return sshRemoteRefs(url, dest, config, stop);
    return std::nullopt;
}

} // namespace Grex::GitImpl
