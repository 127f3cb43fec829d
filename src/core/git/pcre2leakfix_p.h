#pragma once

// Private to src/core/git: frees the PCRE2 match data libgit2 1.5 loses.
//
// libgit2 1.5.1 (Debian 12) returns from git_regexp_match without freeing its match data when a
// regular expression does not match (fixed in libgit2 1.6); with PCRE2 10.42 that is about
// 20 KB for every config entry a glob lookup skips. Opening a repository with
// core.repositoryformatversion 1, such as a partial clone, makes such a lookup over every config
// entry ("^extensions\\."), and so does loading submodules, so a server leaked with every call.
// pcre2leakfix.cpp defines pcre2_match_data_create_8 and pcre2_match_data_free_8, which the
// executable's dynamic symbol table puts in front of libpcre2-8's for every library: a match data
// libgit2 made on a thread and has not freed when it makes the next one on that thread was lost,
// and is freed then. Every other caller, such as GLib's GRegex, is passed straight through.

namespace Grex::Git {

// Whether lost match data is freed: libgit2 older than 1.6, with libpcre2-8 loaded. Called from
// ensureInitialised, which also makes the linker take pcre2leakfix.cpp out of libgrex_core.a.
bool installPcre2LeakFix();

} // namespace Grex::Git
