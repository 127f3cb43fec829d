#pragma once

// Private to src/core/git: running the user's `git` executable. git does all network work and every
// change of a working tree, so everything git honours works as it does for git: ~/.ssh/config,
// agents and key files, core.sshCommand, credential helpers, http.sslCAInfo, proxies, insteadOf,
// LFS and filters.

#include "core/error.h"
#include "core/result.h"

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <optional>
#include <stop_token>

namespace Grex::Git {

struct GitCall
{
    QStringList args;     // after `git`
    QString workDir;      // where git runs; empty: the process's directory
    bool network = false; // talks to a remote: its stalls are bounded (networkTimeoutSeconds)
    QString remote;       // the URL it talks to: an SSH connection to its host may be shared
    std::optional<QByteArray> input;
    QStringList environment; // extra KEY=VALUE entries
    qsizetype stderrTail = 16 * 1024;
};

struct GitOutput
{
    int exitStatus = 0;
    QByteArray out;
    QString err;          // stderr, with the secrets of URLs redacted
    bool stalled = false; // stopped after networkTimeoutSeconds without progress
    // The question of the person's askpass program (GIT_ASKPASS, core.askPass) that got no
    // answer within promptTimeoutSeconds(), or that the program refused: "Password for
    // 'https://host'"; "" when none was asked or it was answered.
    QString unansweredPrompt;
    bool promptTimedOut = false; // with unansweredPrompt: nobody answered in time (else refused)
    bool ok() const { return exitStatus == 0 && !stalled; }
};

// Runs git with no terminal prompt (no controlling terminal, GIT_TERMINAL_PROMPT=0, no ssh or
// desktop askpass) and messages in English, which classify() reads. Thread-safe. Errors:
// PackOp "git_missing" when there is no git on PATH, Cancelled when stop fires (git and
// everything it started get SIGTERM, SIGKILL half a second later).
Result<GitOutput> run(const GitCall &call, std::stop_token stop);

// The environment of a git command (and of what grex runs as git would: ssh to upload-pack):
// the caller's, never prompting, in English, with extra KEY=VALUE entries.
QProcessEnvironment gitEnvironment(const QStringList &extra);
// How long a person has to answer a question of their askpass program (GIT_ASKPASS,
// core.askPass): GREX_PROMPT_TIMEOUT seconds, 120 by default. Questions to one host are asked
// one at a time.
int promptTimeoutSeconds();

// How long git may go without output and without receiving a byte before grex stops it:
// GREX_NETWORK_TIMEOUT seconds, 60 by default.
int networkTimeoutSeconds();

// The reason of a failed network command, from git's and ssh's own words: "auth", "host_key",
// "certificate", "not_found", "unreachable", "unsafe_repository" (safe.directory), "timeout"
// (stalled), or "" when none fits.
QString classify(const GitOutput &output);

// git's lines that say what went wrong (progress and boilerplate dropped), joined.
QString gitWords(const QString &stderrText);

// A failed network command as a PackOp error: reason from classify() (fallback when ""), the
// message sourceText with args plus git's words as its last argument, a hint for the reason,
// and details url (redacted), git (stderr) and path.
Error networkFailure(const QString &fallbackReason, const char *sourceText, QStringList args,
                     const QString &url, const QString &path, const GitOutput &output);

// The hint for a failed network command's reason (classify()), from what git said; empty when
// there is none.
Message hintFor(const QString &reason, const QString &url, const QString &stderrText);

// A failed local git command (checkout, merge): PackOp `reason` with git's words appended.
Error commandFailure(const QString &reason, const char *sourceText, QStringList args,
                     const QString &path, const GitOutput &output);

} // namespace Grex::Git
