#pragma once

#include <QString>

namespace Grex {

// Passwords and access tokens in remote URLs (https://alice:secret@host/x.git,
// https://ghp_...@github.com/x.git) must never reach grex.jsonl, the lockfile, logs, --json or
// MCP results: git's credential helpers are where they belong.

// True when url's user part carries a password, or a user name that is an access token.
bool urlHasSecret(const QString &url);

// url with such a password or token replaced by "***"; other URLs unchanged.
QString redactUrl(const QString &url);

// text (a git message, a log line) with the secret of every URL in it replaced by "***".
QString redactSecrets(const QString &text);

} // namespace Grex
