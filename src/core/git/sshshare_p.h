#pragma once

// Private to src/core/git: one SSH connection shared by the git commands of a process that talk
// to the same host (OpenSSH's ControlMaster).
//
// A fetch over SSH spends most of its time and CPU on the connection: TCP, key exchange and
// authentication are eight or more round trips and the costliest crypto of the whole fetch.
// Sharing it, the second and later fetches to a host open a session on the open connection
// instead, one round trip.
//
// The user's ssh stays in charge: git's own ssh command (GIT_SSH_COMMAND, core.sshCommand, or
// ssh) is kept and only given -o options, as git itself adds -o and -p to it; nothing is shared
// when that command is not OpenSSH's ssh, when the user's ssh config already sets ControlMaster
// or ControlPath for the host, or when GREX_SSH_SHARE=0.

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>
#include <stop_token>

struct git_config;

namespace Grex::Git {

// A share of a connection for one git command: extra environment entries (GIT_SSH_COMMAND)
// while it lives. Empty when the command is not shared.
class SshLease
{
public:
    SshLease() = default;
    SshLease(QString key, int slot, QStringList environment);
    SshLease(SshLease &&other) noexcept;
    SshLease &operator=(SshLease &&other) noexcept;
    SshLease(const SshLease &) = delete;
    SshLease &operator=(const SshLease &) = delete;
    ~SshLease();

    const QStringList &environment() const { return m_environment; }
    // The shared connection's control socket; "" when the lease is empty or ssh did not say.
    const QString &socketPath() const { return m_socketPath; }

private:
    friend SshLease leaseSshConnection(const QString &, const QString &, std::stop_token,
                                       git_config *);

    QString m_key;
    int m_slot = -1;
    QStringList m_environment;
    QString m_socketPath;
};

// The options ssh would use for a destination (`ssh -G`: "hostname", "port", "controlpath" ...,
// each with its value), with command (the ssh command's words) and destination (its -p, -l and
// host arguments); nullopt when ssh cannot say.
std::optional<QHash<QByteArray, QByteArray>> sshOptionsFor(const QStringList &command,
                                                           const QStringList &destination);

// The private keys ssh would offer for url (its IdentityFile settings, as `ssh -G` says) that
// are protected by a passphrase and that no ssh-agent holds: grex never asks for a passphrase,
// so ssh cannot use them and says only "Permission denied (publickey)".
QStringList lockedKeysFor(const QString &url);

// The lease for a git command run in workDir (its repository's core.sshCommand counts) that
// talks to url. The first lease of a connection opens it (and waits for that); when it cannot
// be opened the lease is empty and git connects on its own. Thread-safe. workConfig, when given,
// is workDir's repository's config, already read.
SshLease leaseSshConnection(const QString &url, const QString &workDir, std::stop_token stop,
                            git_config *workConfig = nullptr);

// The command git's transport runs on the host of an SSH url: `git-upload-pack '<path>'`;
// nullopt when url is not one git reaches over SSH.
std::optional<QString> uploadPackRemoteCommand(const QString &url);

// The ssh command that runs upload-pack for url on the connection lease shares, as git's
// transport would (its -p, -l and host, uploadPackRemoteCommand(), GIT_PROTOCOL sent), in
// batch mode; nullopt when the lease is empty or url is not one git reaches over SSH.
std::optional<QStringList> uploadPackCommand(const SshLease &lease, const QString &url);

// What a command run on a shared connection printed, and how it ended.
struct SharedSessionOutput
{
    QByteArray out;
    int exitStatus = -1; // -1 when the master did not say
};

// Runs command on the host of the shared connection whose control socket is socketPath, as an
// ssh passenger would (OpenSSH's multiplexing protocol, without starting ssh): input on its
// stdin, then end of file; environment as KEY=VALUE entries the server may accept; its stdout
// up to outLimit bytes. nullopt when the master refuses or goes, output stops for stallMs, the
// output is longer, or stop fires. Thread-safe.
std::optional<SharedSessionOutput> runOnSharedConnection(const QString &socketPath,
                                                         const QString &command,
                                                         const QStringList &environment,
                                                         const QByteArray &input, qint64 stallMs,
                                                         qsizetype outLimit, std::stop_token stop);

} // namespace Grex::Git
