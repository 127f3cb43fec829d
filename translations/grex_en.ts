<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>Grex</name>
    <message>
        <source>internal error: %1 (at %2:%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: it is a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: the file is read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot replace %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is held by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create lock file %1: permission denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create lock file %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled while waiting for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the .gitignore block of &apos;%1&apos; opened at line %2 is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add the line &apos;%1&apos; after the block&apos;s patterns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; cannot name a .gitignore block: it must be non-empty without control characters, &apos;&lt;&apos; or &apos;&gt;&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the status of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already exists and is not empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot clone %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot reach %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ref &apos;%1&apos; does not exist in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no commit checked out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a git repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot set %1 in %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex.lock.jsonl is corrupt at line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 event for &apos;%2&apos; would take %3 bytes; grex.jsonl lines are limited to %4 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is added again while registered; the later add wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>update of pack &apos;%1&apos;, which is not registered, ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>update of unknown field &apos;%1&apos; of pack &apos;%2&apos; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removal of pack &apos;%1&apos;, which is not registered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fix or delete line %1; every later line is kept as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot repair the torn end of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>upgrade grex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open %1 for writing: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot append to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot flush %1 to disk: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it contains a path separator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it starts with &apos;.&apos;, which grex reserves for its own files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it starts with &apos;-&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it contains control characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it contains &apos;&lt;&apos; or &apos;&gt;&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: the name is reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: it is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: it contains control characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: it starts with &apos;-&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the scheme before &apos;://&apos; is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the scheme is not one of http, https, ssh, git or file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: a file:// URL needs an absolute path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the host is malformed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the port is not a number from 1 to 65535</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the host name is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the repository path is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: it is not a URL or a path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the repository path after &apos;:&apos; is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; must be a list of strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: every entry of &apos;%3&apos; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: the file is larger than %3 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: YAML anchors and aliases are not allowed in pack.yaml</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: malformed YAML: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: the file is empty; it needs at least schema_version, name and type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: the top level must be a mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: keys must be strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: unknown key &apos;%3&apos; (extension keys start with &apos;x-&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;schema_version&apos; is missing; write schema_version: &quot;1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: schema_version &apos;%3&apos; is not supported; write schema_version: &quot;1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: schema_version must be the quoted string &quot;1&quot;, not the number 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;name&apos; must be lowercase letters, digits and &apos;-&apos;, starting with a letter (got &apos;%3&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;type&apos; is missing (meta, declarative or scripted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;type&apos; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: unknown pack type &apos;%3&apos; (expected meta, declarative or scripted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;version&apos; must be a scalar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;children&apos; must be a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: unknown child key &apos;%3&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: child &apos;%3&apos; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: a child needs a &apos;url&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: child path &apos;%3&apos; must be a single directory name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already holds a clone of %2, not of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass another path as the second argument</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already exists and is not a clone of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass another path as the second argument, or move the directory away</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--ref must not be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown pack type &apos;%1&apos; (expected meta, declarative or scripted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is already registered (from %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cloning %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add it as: grex add %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--type %1 ignored: pack.yaml of &apos;%2&apos; says type %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is registered but its .gitignore block was not written: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--hooks-path must not be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; has the invalid path &apos;%2&apos; in grex.jsonl; not cloned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rm needs the path of a pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>remove pack &apos;%1&apos; and delete %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>remove pack &apos;%1&apos; (keeping %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removing pack &apos;%1&apos; was not approved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot remove %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is removed but %2 could not be deleted completely; delete it by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the .gitignore block of &apos;%1&apos; was not removed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex.lock.jsonl was not updated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show what would happen without changing anything.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initialise a workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initialise a grex workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not clone registered packs whose directory is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set core.hooksPath of the workspace repository.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Register and clone a pack.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The repository to clone: a URL or a local path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Directory name in the workspace (default: derived from the URL).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pack type when the repository has no pack.yaml: meta, declarative or scripted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Branch, tag or commit to check out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove a pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unregister a pack and delete its directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pack to remove (its path or id).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unregister only; keep the directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List registered packs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only packs of this type.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also show install time and actions hash.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show children under their parents.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not take the argument &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>argument &apos;%1&apos; of %2 must be of type %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs the argument &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no registered pack is called &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;grex ls&apos; lists the registered packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--manifest %1: the directory %2 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a grex workspace: %2 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workspace %1 is busy: %2 holds %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wait for it to finish and try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no terminal to ask for confirmation: pass --yes to approve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you answered no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; cannot be a .gitignore pattern: it spans lines or looks like a grex marker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it is the workspace itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it points outside the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it is longer than 200 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: x-gitignore entry &apos;%3&apos; spans lines or looks like a grex marker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adding &apos;%1&apos; was cancelled; nothing was changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the clone in %1 is at %2, not at &apos;%3&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check out &apos;%1&apos; there first, or add it without --ref</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a git repository; --hooks-path is ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists but is not a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unregister it without touching files: grex rm %1 --keep-files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; has work that exists only in %2 (changed tracked files: %3, untracked files: %4, commits on no remote: %5, stashes: %6); nothing was removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commit and push it first, keep the directory with --keep-files, or delete anyway with --force</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing is set up to approve destructive verbs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only clone and register the pack; do not install it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the directory even if it holds work that exists nowhere else (changes, commits, stashes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove without running the pack&apos;s teardown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cloning was cancelled after %1 of %2 pack(s): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the packs form a cycle through children: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; depends on &apos;%2&apos;, which is not in the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the packs form a cycle through depends_on: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not empty; left in place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the actions of meta pack &apos;%1&apos; are ignored: a meta pack only owns children (make it declarative to run them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exec exited with status %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--workspace needs a pack root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a pack: %2 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recovery scan: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; has the unknown type &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was cancelled after %2 of %3 pack(s); run it again to finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 halted at pack &apos;%2&apos; action #%3 (%4): %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists and is not a clone of pack &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pack in %1 is named &apos;%2&apos; in its pack.yaml, not &apos;%3&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; has the invalid path &apos;%2&apos; in grex.jsonl; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; declares child &apos;%2&apos; from %3, but &apos;%2&apos; comes from %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no action called &apos;%1&apos; is registered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is empty after expansion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed on %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>create the parent directory first, with a mkdir action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already exists and is not a link to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created the backup %1 but not the link %2 (%3), and could not move the backup back (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backup left at %1; restore manually and re-run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value of %1 spans lines; only a session variable may</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot set %1 in %2 for the %3 scope: permission denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists as a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid POSIX mode &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a requirement of pack &apos;%1&apos; does not hold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a requirement of pack &apos;%1&apos; does not hold; continuing (on_fail: warn)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exited with status %2 (on_fail: warn)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exec has an empty command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set backup: true or remove the entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set force: true</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>re-run elevated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enable Developer Mode or run elevated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>predicate &apos;%1&apos; is not supported on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot replace the stale lock file %1 of a process that is gone: %2 is not writable (permission denied)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot fetch into %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot check out &apos;%1&apos; in %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no commit is checked out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>branch %1 tracks no upstream; not moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has diverged from %2 (%3 local and %4 new upstream commits); not moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the working tree has uncommitted changes; not switched to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; must be one of %4 (got &apos;%5&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; must be a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: the arguments of &apos;%3&apos; must be a mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; does not take the argument &apos;%4&apos; (it takes %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; needs the argument &apos;%4&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: an action must be a mapping with one key naming it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: an action has exactly one key, this entry has %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; is not a valid variable name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;mkdir.mode&apos; must be an octal mode like &quot;755&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;require&apos; needs exactly one of all_of, any_of and none_of (found %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: nesting deeper than %3 levels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;exec&apos; takes &apos;cmd&apos; (a list) without shell, or &apos;cmd_shell&apos; (a string) with shell: true (shell: %3, cmd: %4, cmd_shell: %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;exec.cmd&apos; must be a list of strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: every entry of &apos;exec.cmd&apos; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;exec.cmd&apos; is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;exec.cmd_shell&apos; is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;exec.env&apos; must be a mapping of names to strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;exec.env&apos; values must be strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: predicates nest deeper than %3 levels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; must be a list of predicates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: a predicate is a mapping with one key, like path_exists: /usr/bin/git</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: predicate &apos;%3&apos; takes a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: predicate &apos;os&apos; takes windows, linux or macos (got &apos;%3&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: predicate &apos;%3&apos; takes a mapping with &apos;%4&apos; and &apos;%5&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: predicate &apos;%3&apos; takes the strings &apos;%4&apos; and &apos;%5&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: predicate &apos;%3&apos; needs &apos;%4&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: predicate &apos;symlink_privilege&apos; takes no argument</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: unknown predicate &apos;%3&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: an override cannot change &apos;%3&apos; (&apos;%4&apos; in pack.yaml, &apos;%5&apos; here)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: symlink #%3 and symlink #%4 both create &apos;%5&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled while waiting for the lock of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pack %1 is in use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled while waiting for a slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: variable &apos;%3&apos; (at byte %2) is not defined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;${&apos; at byte %2 is never closed with &apos;}&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;${}&apos; at byte %2 names no variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;%3&apos; at byte %2 is not a valid variable name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;$&apos; at byte %2 is not followed by a variable name (&apos;%3&apos;); write &apos;$$&apos; for a literal &apos;$&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;%&apos; at byte %2 is never closed; write &apos;%%&apos; for a literal &apos;%&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;%3&apos; at byte %2 is not a valid variable name; write &apos;%%&apos; for a literal &apos;%&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; stays registered; fix the problem and run grex sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>remove pack &apos;%1&apos; and delete %2 with its children %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was removed; retry, or remove without the teardown: grex rm %1 --skip-teardown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the files of %1 are in %2; move them back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--only must not be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync all packs recursively.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync this pack and its children instead of the workspace (root-pack mode).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Root-pack mode: where children are cloned (default: &lt;pack_root&gt;/.grex/workspace).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check out this ref in every pack but the root.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run only packs whose workspace path matches this glob (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run every pack, even when its actions and commit did not change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only fetch and clone; run no pack lifecycle.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not walk into children.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip the plan validators (debugging only).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After a failure, go on with packs that do not build on the failed one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update one or more packs (re-resolve refs, reinstall).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update only this registered pack and its children.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reinstall every pack, changed or not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tear packs down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo what packs installed, parents first; keep them registered and cloned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tear down this pack and its children instead of the workspace (root-pack mode).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Root-pack mode: where the children are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>argument &apos;%1&apos; of %2 must be from %3 to %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid --filter at column %1: %2
  %3
  %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid glob &apos;%1&apos;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: the key &apos;%3&apos; appears twice in the same mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: malformed YAML: a quoted string that starts here is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>doctor found %1 problem(s); grex doctor --fix repairs %2 of them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>doctor found %1 problem(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exec needs a command to run (put -- before it when it has options)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a command on PATH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run &apos;%1&apos; in %2 pack(s): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running &apos;%1&apos; was not approved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command failed in %1 of %2 pack(s): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown --default-type &apos;%1&apos;: use meta, declarative or scripted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is already registered from %2, not %3; left as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the packs are registered, but .gitignore was not updated: %1 (grex doctor --fix repairs it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 entr(ies) cannot be imported (%3 imported, %4 skipped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run needs the name of an action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no action called &apos;%1&apos;; the actions are %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is left out: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run the &apos;%1&apos; actions of %2 pack(s): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>action &apos;%1&apos; failed in pack &apos;%2&apos;: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid --stale-after &apos;%1&apos;: %2 (use a number and a unit s, m, h, d or w, like 7d or 12h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show pack status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show what drifted: local changes, missing or stale packs, commits ahead or behind.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also show install times and who holds each pack&apos;s lock.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count packs installed longer ago than this as stale (7d, 12h, 30m).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit with 7 when any pack is not clean.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the workspace for damage and drift; repair what can be repaired.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repair what is marked fixable (.gitignore blocks, stale lock files) and list what changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compact grex.jsonl and drop orphan lockfile entries.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import repositories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Register existing repositories as packs, without cloning or installing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type of repositories without pack.yaml (default meta).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run an action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the actions of one kind (symlink, exec, ...) of every matching pack.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a command in packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a command in the directory of every matching pack.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Join the command and its arguments and run them with sh -c.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The program to run and its arguments (put -- before them when they have options).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 tool does not take the argument &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path %1 escapes workspace %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the call was cancelled while the window was asking for approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>denied in the grex window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>denied in the grex window: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex serve runs destructive tools only when a window or the client (by elicitation) approves them, or when started with --approve-destructive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the client did not answer the approval question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the client answered &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the request is too large for the grex window to show, so it was not approved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the call was cancelled while it waited for approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot move the clone of %1 to %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it is not valid Unicode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; differs only in case from the pack &apos;%2&apos;; on a case-insensitive file system both would be one directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choose a name that differs in more than letter case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a symbolic link (to %2); grex does not follow links out of the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replace the link with a real directory, or remove it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: the file is not valid UTF-8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: malformed YAML: nested more than %3 levels deep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an interrupted grex rm of &apos;%1&apos; was undone: %2 is back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished an interrupted grex rm of &apos;%1&apos;: deleted %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>argument &apos;%1&apos; of %2 is not valid Unicode (it holds a lone surrogate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pre-run recovery scan found %1 artifact(s): %2 backup(s), %3 rmdir tombstone(s), %4 moved-aside director(ies), %5 unfinished clone(s), %6 unfinished action(s), %7 lock(s) held elsewhere, %8 interrupted git operation(s), %9 unfinished write(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an internal error (a bug in grex: please report it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bad usage: an unknown option, a missing or invalid argument</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the workspace or a pack is busy: another grex holds its lock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drift or damage found (status --fail-on-drift, doctor)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unknown pack type or action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a destructive verb (rm, run, exec) was not approved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted (Ctrl-C, SIGTERM) or cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make the current directory a workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initialise a cloned workspace without cloning its packs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clones the repository at URL into the workspace and registers it as a pack. PATH, the pack&apos;s directory and id, defaults to the last part of the URL without .git. The pack&apos;s .grex/pack.yaml decides its type; without one, --type does (meta by default).

Then add installs the pack: it clones the pack&apos;s children, runs the pack&apos;s actions or hooks after theirs, and records what it resolved in grex.lock.jsonl. When installing fails, the pack stays registered: fix the cause and run grex sync. With --dry-run, add only checks that the URL and the ref can be reached.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clone, register and install the pack dotfiles.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name the pack my-tools and check out v2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Register a local repository without installing it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tear down and delete a pack, after asking.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unregister a pack but keep its directory, without asking.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lists the registered packs: id, type, path, ref and the checked-out commit. ls reads only the workspace&apos;s files and never touches the network. --tree adds the children each pack&apos;s pack.yaml declares, under their parents.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scripted packs, as one JSON document.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Brings the whole workspace to what it declares, in parallel: clones missing packs and children, fetches and fast-forwards clean checkouts (a checkout with local changes or commits is left alone and reported), then installs each pack after its children and after the packs it depends_on. A pack whose commit and actions have not changed since its last install is skipped, so a second sync does nothing.

With PACK_ROOT, sync works on that pack and its children instead (root-pack mode). A failure halts the run: the packs in flight finish, and nothing new starts. Ctrl-C stops it the same way, and the next sync carries on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch, fast-forward and install every pack.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show what a sync would do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Work on 16 packs at once, and go on past a failed pack.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reinstall only the packs under tools/, changed or not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update one pack and reinstall it if it changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reinstall every pack.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undoes what packs installed, parents before children: removes the symlinks, environment entries and directories their actions made, or runs their teardown hooks. The packs stay registered and cloned, and grex sync installs them again. teardown is not an MCP tool.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show what tearing down every pack would undo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo what one pack installed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What drifted, pack by pack.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In a script: one JSON document, and exit 7 when anything drifted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the packs with local changes or new upstream commits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check it and repair what can be repaired.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Register the clones already in the workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-create every pack&apos;s symlinks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last commit of every pack.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What changed in the packs with local changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A shell pipeline in every pack, without asking.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an MCP protocol error: grex serve&apos;s transport failed, or the server grex mcp talks to did</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checks the workspace for damage and drift: grex.jsonl and grex.lock.jsonl, the .gitignore blocks, registered packs missing on disk, unregistered directories, lock files of processes that are gone, and work an interrupted grex left unfinished. Each finding says what to do about it.

With --fix, doctor repairs what is marked fixable and lists what it changed; it never touches a pack&apos;s files or the intent log. --compact rewrites grex.jsonl to its shortest equivalent and drops the lockfile entries of packs that are gone. doctor exits with 0 when all is well, 7 when it found something, and 3 when grex.jsonl is damaged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exec exited with status %1: %2; its stderr ends with: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the status of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it keeps files in Git LFS and git-lfs is not installed, so they are pointer files: install git-lfs, run git lfs install, then git lfs pull in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it keeps files in Git LFS and git lfs install was never run, so they are pointer files: run git lfs install, then git lfs pull in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot fetch %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot check out %1 in %2: cannot write %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>untracked files are in the way of %1: %2; move or remove them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot check out %1 in %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HEAD is detached at %1; not moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the upstream branch %1 is gone from the remote (deleted or renamed); %2 not moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the upstream branch %1 is gone from the remote (deleted or renamed), whose default branch is now %2; %3 not moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot compare %1 with %2 in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was rewritten upstream (force-pushed): %2 commit(s) of %3 are no longer upstream and %4 new ones replace them; not moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the working tree has uncommitted changes (%1 file(s)) and is %2 commit(s) behind %3; not fast-forwarded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git refuses a repository that belongs to another user; if you trust it: git config --global --add safe.directory %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server did not accept your SSH key: load it with ssh-add, or name it with IdentityFile for %1 in ~/.ssh/config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give git the credentials through a credential helper (git config --global credential.helper store, or your platform&apos;s), then check them with: git ls-remote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the host key of %1 changed: if that is expected, remove the old key with ssh-keygen -R %2 and add the new one after checking its fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a known host: connect once in a terminal to check its fingerprint and accept it (ssh %2), or add its key with ssh-keyscan %3 &gt;&gt; ~/.ssh/known_hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git does not trust the certificate of %1: set http.sslCAInfo to the file of the authority that signed it (git config --global http.sslCAInfo /path/to/ca.pem)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check the URL: the repository may have moved or been deleted, or your account cannot see it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check the address, the network and any proxy settings; git ls-remote %1 shows the same error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server stopped answering; GREX_NETWORK_TIMEOUT sets how many seconds grex waits (now %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex needs git, and there is no git on PATH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>install it (on Debian: sudo apt install git)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot run git: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 belongs to another user, and git&apos;s safe.directory does not list it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>if you trust it: git config --global --add safe.directory %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot give the credential to git: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid clone filter &apos;%1&apos; (use blob:none, blob:limit=1m, tree:0, object:type=blob or combine:A+B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid depth %1: a shallow clone keeps at least 1 and at most 1000000 commits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the URL %1 carries a password or access token, which grex would write into grex.jsonl for anyone who reads it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give it to git instead: git config --global credential.helper store (or your platform&apos;s helper), run git ls-remote with the URL without it once to log in, then use that URL here; or use SSH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: a child&apos;s &apos;depth&apos; must be a whole number of at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex add --filter takes git&apos;s partial-clone filter (blob:none, blob:limit=1m, tree:0, object:type=blob, combine:A+B), not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keep the directory with --keep-files, or delete anyway with --force</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot confirm that the remote of pack &apos;%1&apos; still has its commits (%2); nothing was removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the remote of pack &apos;%1&apos; does not have %2 of its commits, which exist only in %3; nothing was removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>push them first, keep the directory with --keep-files, or delete anyway with --force</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clone only the last N commits (git clone --depth); later syncs keep the pack that shallow.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partial clone (git clone --filter): blob:none fetches file contents only when they are checked out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set an environment variable for the rest of the run (session), the user or the machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a command in the pack directory, as a list of arguments or through the shell.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create a directory with its parents, with a mode when one is given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check predicates; when they do not hold, fail the pack, warn, or skip the rest of its actions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove a directory: only when it is empty, with its contents (force), or by moving it aside (backup).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create a symbolic link dst pointing at src, moving aside what is in the way when asked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run nested actions when the operating system and the predicates match.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: unknown action &apos;%3&apos; (the actions are %4 and %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a whole number from 0 to %2, not &apos;%3&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The action to run: %1 or %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removes a registered pack: runs its teardown, which undoes what its actions installed, deletes its directory and those of its children that no other pack owns, and records the removal. It refuses to delete work that exists nowhere else (uncommitted changes, unpushed commits, stashes) unless --force is given.

An rm that was interrupted is finished or undone by the next grex rm or grex sync.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs only the actions named ACTION of every matching pack, and those inside a when block whose condition holds, without updating the lockfile and without skipping unchanged packs: grex run symlink re-creates the symlinks, for example.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run one pack&apos;s exec actions again, from a script.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs a command in the directory of every matching pack, in parallel, and prints its output grouped by pack. It exits with 4 when the command failed in any pack. Put -- before the command when it has options of its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diverged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rewritten upstream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>detached HEAD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no upstream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>upstream gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>untracked files in the way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no commit yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status: %1 of %2 pack(s) could not be fetched: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch every pack first, then show what is new upstream.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch every pack first, in parallel (no working tree changes), then report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tags of pack &apos;%1&apos;, which is not registered, ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid tag &apos;%1&apos;: a tag cannot be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid tag &apos;%1&apos;: a tag has at most 40 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid tag &apos;%1&apos;: a tag starts with a letter or a digit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid tag &apos;%1&apos;: a tag holds only letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tags are too many: a pack has at most %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2: a child must be a mapping with &apos;url&apos; and optional &apos;path&apos;, &apos;ref&apos;, &apos;depth&apos;, &apos;filter&apos; and &apos;tags&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tag &apos;%1&apos; is both added and removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is a child of &apos;%2&apos;: tag it in the children entry of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tag &apos;%1&apos; of pack &apos;%2&apos; comes from its pack.yaml; remove it there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a pack with two tags.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag the pack (repeatable); --filter tag=TAG selects packs by tag.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag a pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the tags of dotfiles.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag dotfiles home, and no longer work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync only the packs tagged work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pack (its path or id).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the changes of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>call the tool again without requestState to be asked anew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requestState is too long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requestState is malformed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requestState was not issued by this server, or was altered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requestState belongs to another tool call (a different tool or other arguments)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the approval has expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the approval was used already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plan changed since it was approved; call the tool again to be asked anew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the client&apos;s answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requestState must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot repack %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git gc --auto left %1 past git&apos;s limits (%2); run git gc there to see why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a submodule was not brought in: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a submodule was not brought in: %1 (hint: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled while fetching, with %1 of %2 pack(s) ready; not fetched or cloned: %3; nothing was installed; run it again to finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no remote to compare with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your key %1 is protected by a passphrase and no ssh-agent holds it, and grex never asks for one: add it to your agent (ssh-add %1), then run grex again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give git the credentials through a credential helper (git config --global credential.helper store, or your platform&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check the address, the network and any proxy settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git asked your askpass program (GIT_ASKPASS or core.askPass) for credentials: answer its question when it comes (GREX_PROMPT_TIMEOUT sets how many seconds grex waits, now %1), or give them to a credential helper</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>submodule &apos;%1&apos; (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last fetch (%1) failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its %1 hook failed (exit %2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 uses the SHA-256 object format, which grex cannot read yet (its libgit2 1.5 knows SHA-1 only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 uses the repository extension %2, which grex&apos;s libgit2 1.5 cannot read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git itself can read it, grex cannot manage it: keep it out of the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: it begins or ends with a space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: an http(s) URL writes a space as %20</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the host part contains a space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--ref changes the ref of one pack: name it (grex update PACK --ref %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave the packs&apos; submodules as they are: neither clone nor update them in this run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave the pack&apos;s submodules out, now and in every later sync (recorded in grex.jsonl).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetches and re-resolves each pack&apos;s ref as sync does, then reinstalls the packs whose commit or actions changed since their last install (all of them with --force), and says why for each: new, sha-changed, hash-changed, forced, interrupted (the last install was cut off) or none. With PACK, only that pack and its children.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make the pack follow the branch trunk from now on (after its remote renamed master to trunk) and switch to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With PACK: the branch, tag or commit the pack follows from now on; recorded in grex.jsonl and checked out (a branch of the remote as a tracking branch) unless the working tree has changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an argument of %1 contains a NUL character, which no program can be given; nothing was run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it contains %2, a character that is invisible or changes how the name reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: it contains %2, a character that is invisible or changes how the URL reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>word %1 of the command is not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>word %1 of the command, %2, contains a NUL character, which no program can be given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is inside the pack &apos;%2&apos; of the workspace %3; a workspace there would clone into that pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex already works here: run it from this folder, or any folder of %1, to use that workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GREX_WORKSPACE=%1 is not a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run grex inside a workspace (any folder in it will do), name one with -C DIR, --manifest or GREX_WORKSPACE, or create one with &apos;grex init&apos; in the folder that is to hold your repositories, not inside this repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run grex inside a workspace (any folder in it will do), name one with -C DIR, --manifest or GREX_WORKSPACE, or create one here with &apos;grex init&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 of %3 pack(s) failed: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 of %3 pack(s) failed: %4; %5 pack(s) that build on them did not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take &apos;%1&apos; out of children in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add &apos;%1&apos; to the workspace (grex add URL), or take it out of depends_on in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take &apos;%1&apos; out of depends_on in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex.jsonl, its journal or grex.lock.jsonl is damaged, or was written by a newer grex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an operation on a pack failed: a clone, fetch or checkout, its pack.yaml, a dependency, an action or hook, exec&apos;s command, an import entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is corrupt at line %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 line %2: unknown op &apos;%3&apos; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 line %2 has schema_version %3, which this grex does not read: a newer grex wrote it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 line %2 is incomplete (an interrupted write) and was ignored: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a pack path is relative to the workspace, like &apos;dotfiles&apos; or &apos;src/tools/fd&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it is absolute; give it relative to the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it is longer than 400 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it has an empty part (a trailing or doubled &apos;/&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: its part &apos;%2&apos; is not a valid folder name (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is inside the working tree of pack &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; would hold the working tree of pack &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a pack cannot live inside another pack&apos;s clone; choose a path beside it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give --from or --from-repos-json, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown --format &apos;%1&apos;: use %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>import needs --from FILE, --scan, or both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed %1 at %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger than %2 bytes, the most an import file may have</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot tell which kind of file %1 is; grex imports %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex.jsonl records the path &apos;%1&apos; for pack &apos;%2&apos;, which is not a valid pack path; nothing was removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 depend(s) on &apos;%2&apos;: they will fail to sync until it is added back or taken out of their depends_on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tag needs the packs: grex tag PACK [+TAG|-TAG...], grex tag +TAG PACK PACK..., or grex tag +TAG --filter EXPR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to add the tag &apos;%1&apos;, write +%1; to remove it, -%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--filter matches no registered pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show, add or remove the tags of packs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without changes, shows the tags of registered packs. +TAG adds a tag and -TAG removes one, for every pack named and every registered pack --filter matches; the change is recorded in grex.jsonl. A word without + or - names a pack, so a word is never taken for a tag by mistake. A pack also has the tags of its own pack.yaml and of its parent&apos;s children entry, which only those files change.

Every verb that takes --filter selects packs by tag: --filter tag=work, --filter &apos;tag=work|home&apos;, --filter tag!=slow. A tag is up to 40 letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;, starting with a letter or a digit; a pack has at most 16.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag three packs work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag every pack under vendor/.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+TAG to add a tag, -TAG to remove one, or more packs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registers repositories as packs, without cloning or installing them: the git clones in the workspace at any depth (--scan), or those another tool&apos;s file lists (--from): a gita repos.csv, a myrepos .mrconfig, a vcstool .repos file, a mani.yaml, a repo manifest.xml or a west.yml, or grex&apos;s own JSON list of {&quot;url&quot;, &quot;path&quot;} objects. Paths, branches or pinned revisions (as the pack&apos;s ref) and groups (as tags) are kept; what cannot be is listed. Paths already registered are skipped, so importing again changes nothing; grex sync then clones what is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show what importing a vcstool file would register.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a repo manifest whose remotes are relative to where it came from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read another tool&apos;s list of repositories (gita, myrepos, vcstool, mani, repo, west) or grex&apos;s JSON list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file&apos;s format, when its name and content do not tell.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The URL the file came from, for remotes given relative to it (repo&apos;s fetch=&quot;..&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a JSON array of {&quot;url&quot;, &quot;path&quot;} objects (the same as --from FILE --format repos-json).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Register the git clones in the workspace, at any depth, that are not packs yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; could be any of %2; give the whole path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>did you mean &apos;%1&apos;?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Makes DIR (created when missing), the current directory or the directory of --manifest a grex workspace: creates grex.jsonl and grex.lock.jsonl when they are missing, never truncating existing ones, and adds grex&apos;s block to the workspace&apos;s .gitignore.

When the workspace already registers packs whose directories are missing, as in a fresh clone of a workspace repository, init clones them without installing them (grex sync installs). Running init again is harmless.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make ~/work a workspace, creating it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder to make a workspace (default: the current one).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no commit to start a branch from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a branch name git accepts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot make the folder of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot make the worktree %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot remove the worktree %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot delete the branch %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot stage the changes in %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot commit in %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the changes of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no task &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex task start NAME PACK... starts one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the tasks are: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a task name: use up to 64 letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;, starting with a letter or a digit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is part of task &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finish or abandon the task first (grex task finish %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a commit needs a message: --message TEXT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the message contains a NUL character</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is not part of task &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no pack of task &apos;%1&apos; has changes to commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the commit failed in %1 of %2 packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit a task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit the changes of a task&apos;s packs with one message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stages every change in the worktrees of the task&apos;s packs (or of the packs named), untracked files included, and commits it with MESSAGE, using your own git, its identity and its hooks. Packs without changes are left alone. When the commit fails in some packs, the others are committed and the report says which failed and why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit every changed pack of the task.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit only in web.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The commit message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The task.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only these packs of the task.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>task &apos;%1&apos; still has work only on this machine in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commit and push it (grex task commit, grex task push), or drop it with grex task abandon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>task &apos;%1&apos; has work that exists only on this machine in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>push it first, or pass --force to throw it away</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>abandon task &apos;%1&apos; and throw away its unpushed work in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>abandoning task &apos;%1&apos; was not approved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish a task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove a published task&apos;s worktrees and branches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Once every pack of the task is committed and pushed, removes its worktrees and its local branches (the pushed branches stay on the remotes) and records that the task ended. It refuses while anything of the task exists only on this machine, and says what.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End a pushed task.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abandon a task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop a task: its worktrees and branches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removes the task&apos;s worktrees and local branches and records that it ended. It refuses while work of the task exists only on this machine (uncommitted changes, commits no push took) unless --force is given, and then asks before throwing that work away.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop a task with nothing to lose.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop a task and its unpushed work, without asking.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Abandon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also throw away work that exists only here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a task needs its packs: grex task start NAME PACK..., or --filter EXPR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>task &apos;%1&apos; exists already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex task status %1 shows it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is not cloned at %2; grex sync clones it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; has a branch &apos;%2&apos; already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name another branch with --branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists already; remove it or name the task otherwise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a change across packs, on a branch of its own in a worktree of each.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A task is one change over several packs. task start makes, in each pack named and each one --filter matches, a branch (NAME, or --branch) from the upstream of the branch the pack follows, checked out in a worktree of its own under .grex-tasks/NAME in the workspace. Your own checkouts are not touched, and other tasks may use the same packs at the same time.

Work in the worktrees, then grex task commit, grex task push and grex task finish; grex task status says where each pack stands. A branch name already used in a pack is refused; nothing is made unless every pack can have its worktree.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the task fix-login in the packs api and web.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a task in every pack tagged service, on a branch named otherwise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The task&apos;s name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The packs of the task, by id or path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The branch to make in each pack (default: the task&apos;s name).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show tasks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show where each pack of a task stands.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For each task (or the one named), every pack: its worktree, the files changed and not committed, the commits since the task started, how far the branch is ahead of and behind its base as last fetched, and the commits no push has taken yet. A pack is settled when nothing of it exists only on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show every task.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show one task with the files it changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The task; every task when none is named.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the files each pack changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show a task&apos;s changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show what a task changed in its packs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The unified diff of each pack of the task (or of the packs named) against the commit its branch started from: committed and uncommitted changes together, untracked files as new ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show everything the task changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show what it changed in web.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no remote to push to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot push %1 to %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>task &apos;%1&apos; has no commit to push</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commit first: grex task commit %1 -m MESSAGE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>push the branch %1 of task &apos;%2&apos; to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pushing task &apos;%1&apos; was not approved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the push failed in %1 of %2 packs; grex task push %3 sends the rest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Push a task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Push a task&apos;s branch in every pack to its remote.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pushes the task&apos;s branch of every pack (or of the packs named) that has commits no push took, to the pack&apos;s remote under the same name, and makes it the branch&apos;s upstream. The plan (packs, remotes, branch, commits) is approved once, as exec&apos;s command is. When the push fails for some packs, the others go out and the report says which did not and why; running task push again sends the rest. Uncommitted changes stay in the worktrees.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish the task&apos;s commits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show what would be pushed where.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Push</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>work exists only on this machine: %1 pack(s), %2 task pack(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check nothing is only here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the work that exists only on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before you wipe or leave this machine: lists, for every pack, the uncommitted and untracked files, the stashes and the commits on any local branch that no remote-tracking branch has, and for every task the work no commit or push holds yet. It exits with 7 when there is any, 0 when there is none. It reads only what the last fetch learned: fetch first (grex status --fetch) to compare with the remotes as they are now. grex rm and grex task abandon refuse on the same findings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say what only this machine has.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check only the packs tagged work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for approval in the grex window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 approvals are waiting in the grex window already; answer them there first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the grex window went away before anyone answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another call with the same arguments took this approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>call it again with the same arguments to go on: it waits a while for the person&apos;s answer, then runs, says why not, or that it is still waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the grex window is asked for a client that names itself (clientInfo), or for one that can wait (grex serve --approval-wait)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nobody answered in the grex window in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shows, for every pack, how it drifted from what grex installed: missing (registered but not on disk), dirty (tracked files changed), stale (not installed, or installed from another commit or other actions), behind or ahead of its upstream, or untracked (a clone in the workspace that is not registered). A pack with none of these is clean.

status reads local state only, so behind is as of the last fetch, which it shows; --fetch first fetches every pack in parallel (those --filter admits), changing no working tree. With --fail-on-drift it exits with 7 when any pack is not clean, for scripts and CI.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read commit %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot fetch into %1: no default remote configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give the clone its remote again: git -C %1 remote add origin URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only packs matching EXPR, e.g. &quot;name=lib-*,drift=dirty&quot; (keys name, path, type, depth, url, drift, tag), or a word their name or path contains.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot switch %1 to %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot record %1 as the default branch of %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot stash in %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot discard the changes in %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot delete the untracked files in %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the remote has commits this branch lacks: fetch and merge or rebase, then push again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the default branch of %1 is not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pack follows no branch (its ref is a tag or commit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fetch first: grex status --fetch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HEAD is detached; a commit would belong to no branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>switch to its branch first: grex switch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HEAD is detached; there is no branch to push</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>push %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>discard the changed and untracked files of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not approved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name the packs: PACK... or --filter EXPR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed in %2 of %3 packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The packs (their ids or paths).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch packs to their branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check out the branch each pack follows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checks out, in each pack named, the branch it follows: its ref when that is a branch, else the remote&apos;s default branch as the clone knows it. A branch the clone does not have yet is made from the remote&apos;s and tracks it. With --to-default, the remote&apos;s default branch instead, which is what a pack whose upstream branch was deleted or renamed needs; the clone then records it as the remote&apos;s default. git refuses when a change would be lost, and the report says so.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch to the remote&apos;s default branch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put api back on the branch it follows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move every pack whose upstream is gone to the remote&apos;s new default branch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;witch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stash the changes of packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put the changes of packs aside in a git stash.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puts every change of each pack named, untracked files included, into a new git stash, which leaves its tree clean for a sync. git stash pop in the pack brings them back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stash&apos;s message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set api&apos;s changes aside.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Stash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard the changes of packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throw away the changed and untracked files of packs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puts every tracked file of each pack named back as its commit has it and deletes its untracked files; ignored files stay. What it throws away is gone, so it asks first and names the files; --dry-run lists them. Stash instead to keep them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List what discarding would throw away.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit the changes of packs with one message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stages every change of each pack named, untracked files included, and commits it on its branch with MESSAGE, using your own git, its identity and its hooks. Packs without changes are left alone; a pack whose HEAD is detached is refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One commit in api and one in web.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit in every pack with changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Push packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Push the branch of each pack to its remote.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pushes the checked-out branch of each pack named that has commits its remote lacks, to the branch it follows (or the same name) and makes that its upstream. The packs, branches and commits are approved once. git refuses what is not a fast-forward: sync or merge first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish api&apos;s commits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Work on up to N packs at once (0: no limit; default: GREX_PARALLEL or the number of CPUs, and for clones and fetches, which wait on the network, 8 per CPU and at least 32, with at most 4 git commands per CPU (at least 16) to one host).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Cli</name>
    <message>
        <source>y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no verb given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown verb &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the verbs are: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--json and --plain cannot be used together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex %1 does not take --filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex %1: unexpected argument &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex %1: missing argument &lt;%2&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the result as one JSON document.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No colour and no Unicode decoration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only warnings and errors on stderr.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approve destructive verbs without asking.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: grex [options] &lt;verb&gt; [arguments]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex manages a workspace of git repositories (packs) as one graph.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verbs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options of every verb:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destructive: asks for confirmation on a terminal; pass --yes otherwise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2 packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n pack(s) ready</source>
        <translation>
            <numerusform>%n pack ready</numerusform>
            <numerusform>%n packs ready</numerusform>
        </translation>
    </message>
    <message>
        <source>grex serve: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex serve: unexpected argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--workspace %1 is not a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace to serve (default: the current directory). No tool can leave it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace&apos;s grex.jsonl, as for every verb.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run rm, run and exec without asking when no window or client can be asked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long a shutdown request lets calls finish (default: 30).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer a cancelled call with error -32800 instead of not at all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--http wants [ADDR:]PORT with a port from 0 to 65535, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--http: &apos;%1&apos; is not an IP address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex serve --http %1 listens beyond this machine: give a bearer token with --token or GREX_MCP_TOKEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--session-idle wants seconds from 1 to 604800, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex serve: --%1 needs --http</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server:       %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Protocol:     %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capabilities: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instructions: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools (%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the tool failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex mcp: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex mcp: unknown command &apos;%1&apos;; the commands are status and call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex mcp call: name the tool to call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--url wants an http:// or https:// URL, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex mcp: give --url or a command after --, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex mcp %1: give --url URL, or the server command after --</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--token is for --url; a command after -- takes its own credentials</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--arg and --args are for grex mcp call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--timeout wants a number of seconds above 0 and up to 86400, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--args wants a JSON object, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--arg wants KEY=VALUE, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve the workspace to AI agents over MCP (stdio, or HTTP with --http).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check an MCP server: &apos;grex mcp status&apos;, &apos;grex mcp call TOOL&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve streamable HTTP at http://ADDR:PORT/mcp instead of stdio (ADDR defaults to 127.0.0.1; port 0 picks a free one, which is logged).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --http: require Authorization: Bearer TOKEN (default: GREX_MCP_TOKEN). Needed to listen beyond loopback.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --http: also accept requests from this browser Origin (loopback origins are always accepted).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --http: end a session after this long without a request (default: 1800).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>argument %1 is not valid UTF-8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex completion: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex completion: name the shell</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex completion: unexpected argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex completion: no completion for the shell &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the shells are: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manage a workspace of many git repositories as one graph.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A workspace is a directory holding the packs&apos; clones and two files: grex.jsonl records what was asked for, as an append-only log, and grex.lock.jsonl what was resolved and installed. grex sync makes the workspace what they declare, working on many packs at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make the current directory a workspace and add a first pack.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bring every pack up to date, then see what drifted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rm, run and exec run only when someone approves them: a grex-gui window open on the workspace, else the client (by elicitation), else --approve-destructive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve a workspace over stdio, as an MCP client launches it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve streamable HTTP at http://127.0.0.1:8765/mcp with a bearer token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connects to an MCP server as a client: over streamable HTTP with --url, or over stdio by starting CMD. `status` shows the server&apos;s name, version, protocol, capabilities and tools; `call` calls one tool and prints its result. A VALUE that parses as JSON (a number, true, [&quot;a&quot;]) is that JSON, otherwise a string.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit codes: 0 success, 2 bad usage, 6 protocol error (the server failed, exited or answered something that is not MCP); a tool&apos;s own error exits with the code of its kind.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status or call.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server&apos;s MCP endpoint, e.g. http://127.0.0.1:8765/mcp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bearer token for --url (default: GREX_MCP_TOKEN, which other users cannot see in ps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long to wait for each answer (default: 60)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An argument of the tool to call (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The arguments of the tool to call, as a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One JSON document on stdout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No colour or decoration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a server over stdio and show what it offers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Call one tool of an HTTP server (the token from GREX_MCP_TOKEN).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the shell completion script for bash, zsh or fish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bash, zsh or fish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Complete grex in this bash.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install it for zsh (with ~/.zfunc on fpath).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install it for fish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The grex desktop window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opens the desktop window on WORKSPACE, or on the last workspace when none is given: the packs as a tree with their drift, last install and lock holder; sync, update, add, remove, import and doctor with a live log; the locks held; and the agents whose grex serve works on the workspace, with their calls in flight. A grex serve asks the window before it runs rm, run or exec.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex-gui also takes Qt&apos;s own options, such as -platform and -style.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace to open (default: the last one).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the window on a workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many packs to work on at once when --parallel is not given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log filter, overriding -v and -q: for example grex=debug,git=warn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bearer token of grex serve --http and of grex mcp --url.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When set, no colour in the output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where grex serve finds the control socket of a grex-gui window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace&apos;s intent log: every pack added, updated, synced or removed, one JSON event per line, appended and never rewritten but by grex doctor --compact.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What each pack resolved to: commit, branch, actions hash and install time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex keeps one marked block per pack in the workspace&apos;s .gitignore, so a workspace repository does not track the packs&apos; clones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A pack&apos;s contract: its name and type, its children, what it depends on, and its actions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hook scripts of a scripted pack: setup.sh, sync.sh, update.sh and teardown.sh.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Examples:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One of: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex manual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SYNOPSIS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DESCRIPTION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VERBS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>See %1(1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ARGUMENTS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OPTIONS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OPTIONS OF EVERY VERB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EXAMPLES</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EXIT STATUS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>success</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ENVIRONMENT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FILES</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SEE ALSO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options may come before or after the verb. Every verb but teardown, serve, mcp and completion is also a tool of grex serve; the tool&apos;s result is the verb&apos;s --json document.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What changed in the packs named lib-* that have local changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let Claude Code start the server for this workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prints a script that completes grex&apos;s verbs, options and their values, and the names of the packs of the workspace being worked on. The packages install it for every shell; with a grex you built yourself, add the first example&apos;s line to ~/.bashrc, or write the script where your shell looks for completions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0: every git command opens its own SSH connection instead of sharing one per host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds a git command may go without output and without receiving a byte before grex stops it and reports the pack as timed out (default 60).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex manages a workspace of many git repositories (packs) as one graph. A pack is a git repository with a .grex/pack.yaml that may own child packs, name the packs it depends on, and carry install actions (%1) or hooks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool calls that run at once, and the default width of each (default: GREX_PARALLEL or the number of CPUs).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destructive: typing it at a terminal is the approval; without a terminal pass --yes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also print each step of a run as it finishes, and more log output on stderr (GREX_LOG overrides).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--tools: there is no tool &apos;%1&apos; (the tools are %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--tools names %1, which --read-only leaves out (it offers %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--tools names no tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offer only the tools that change nothing (ls, status, doctor) and the resources.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offer only these tools, comma-separated (e.g. ls,status,sync).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serves the workspace as an MCP server (revisions %1) on stdin and stdout: one JSON-RPC message per line; or, with --http, over streamable HTTP at /mcp. Logs go to stderr. Every verb but serve is a tool. docs/mcp-clients.md shows how to connect clients.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The MCP revision to speak: 2026-07-28, 2025-11-25 or 2025-06-18 (default: 2026-07-28 when the server answers server/discover, else initialize)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--request-timeout wants seconds from 0.1 to 3600, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --http: close a connection that has not sent a whole request this long after it opened or after its last request (default: 10).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>-C needs a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>-C %1: no such directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace&apos;s grex.jsonl (default: the grex.jsonl in the current folder or the nearest one above it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex works from any folder inside a workspace, inside a pack too: it uses the nearest folder at or above the current one that holds grex.jsonl, as git finds a repository. -C DIR, before the verb, runs grex as if started in DIR; GREX_WORKSPACE names the workspace wherever grex is run; --manifest names its grex.jsonl. grex init makes the current folder a workspace, never one inside another workspace&apos;s pack.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>did you mean &apos;%1&apos;? The verbs are: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>did you mean --%1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &apos;grex help &lt;verb&gt;&apos; or &apos;grex &lt;verb&gt; --help&apos; for the arguments of one verb.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex %1: give the folder or --manifest, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex %1: %2 exists and is not a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex %1: cannot create the folder %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs one of: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 must be a number of seconds from 0 to 86400, not &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long a call whose client cannot answer an approval waits for the window&apos;s answer before it returns waiting_for_approval (default: 0, at once; the client calls again to go on).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui</name>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a window on %1 is open already; it is in front now</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui::ActivityPanel</name>
    <message>
        <source>No operation has run yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide the log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select %1 and show its changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also log each step the engine takes, in its own terms (for debugging)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui::AddPackDialog</name>
    <message>
        <source>from its pack.yaml</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clone and register only; do not install</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a Pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>https://example.org/tools.git or /path/to/repo.git</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>derived from the URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the remote&apos;s default branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Path:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Ref:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Type:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none; e.g. work backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ta&amp;gs:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui::AgentsPanel</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server or call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Took</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not initialized yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — grex serve pid %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on %1 since %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) in flight</source>
        <translation>
            <numerusform>%n call in flight</numerusform>
            <numerusform>%n calls in flight</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (id %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a workspace to see the agents working on it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No grex serve is attached. Agents that start grex serve on this workspace appear here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n grex serve process(es) attached.</source>
        <translation>
            <numerusform>%n grex serve process attached.</numerusform>
            <numerusform>%n grex serve processes attached.</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting for your approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approved by your session grant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approved without asking: you allowed %1 for this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (by session grant)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed for %1 until its session ends: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Given at %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calls of %1 by %2 run without asking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask again for the next %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui::ApprovalDesk</name>
    <message>
        <source>Approved by your session grant, without asking: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unnamed client</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2: %3 in %n pack(s)</source>
        <translation>
            <numerusform>%1 of %2: %3 in %n pack</numerusform>
            <numerusform>%1 of %2: %3 in %n packs</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 through grex serve (pid %3, %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You denied %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You approved %1, and every %2 of this client for the rest of its session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You approved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grex: approval needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 wants to run %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The approval request %1 was withdrawn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You revoked the session grant of %1 for %2: its next call asks again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui::ApprovalDialog</name>
    <message>
        <source>Approve %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 wants to run the destructive tool “%2” in %n pack(s).</source>
        <translation>
            <numerusform>%1 wants to run the destructive tool “%2” in %n pack.</numerusform>
            <numerusform>%1 wants to run the destructive tool “%2” in %n packs.</numerusform>
        </translation>
    </message>
    <message>
        <source>An MCP client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Packs (%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry-run preview:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Approve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow “%1” for %2 for the rest of its session without asking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This client does not name itself, so grex cannot tell its calls from another&apos;s: each call is asked for.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui::ControlServer</name>
    <message>
        <source>another grex window is watching this workspace; its agents show there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot listen on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server went away</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui::DetailsPane</name>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ref</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tracking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Locked by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># %1 has no pack.yaml: it is a meta pack with no actions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># %1 is not on disk yet: grex sync clones it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no actions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File or commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a pack to see why it drifted, its pack.yaml, its actions and what grex did with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last fetched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n changed or untracked file(s)</source>
        <translation>
            <numerusform>%n changed or untracked file</numerusform>
            <numerusform>%n changed or untracked files</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the upstream</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) on %1 not here yet (incoming)</source>
        <translation>
            <numerusform>%n commit on %1 not here yet (incoming)</numerusform>
            <numerusform>%n commits on %1 not here yet (incoming)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) here not on %1 (outgoing)</source>
        <translation>
            <numerusform>%n commit here not on %1 (outgoing)</numerusform>
            <numerusform>%n commits here not on %1 (outgoing)</numerusform>
        </translation>
    </message>
    <message>
        <source>More than shown: see git status and git log in the pack.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing changed, and nothing between here and %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing changed; the checkout has no upstream.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No difference git can show (a binary file, or only its mode changed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State, or author and date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>repository (no .grex/pack.yaml: nothing to install)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none: a plain repository has nothing to install)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a file to see its changes, or a commit to read it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui::DoctorDialog</name>
    <message>
        <source>&amp;Fix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also compact grex.jsonl and the lockfile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Doctor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>doctor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning, fixable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error, fixable</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui::ImportDialog</name>
    <message>
        <source>The git clones in the workspace that no pack accounts for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>meta (the default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import Packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type of repositories without pack.yaml:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Register as packs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The repositories another tool lists (gita, myrepos, vcstool, mani, repo, west, REPOS.json):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A list of repositories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lists of repositories (*.repos *.yml *.yaml *.xml *.csv *.json .mrconfig *.mrconfig);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui::LiveState</name>
    <message>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file manager opened %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened a terminal in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No terminal found: set TERMINAL to the one you use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No editor found: set GREX_EDITOR to the one you use.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui::LocksPanel</name>
    <message>
        <source>Clear stale locks (doctor --fix)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Holder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workspace (sync)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>intent log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No lock is held.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n lock(s) held</source>
        <translation>
            <numerusform>%n lock held</numerusform>
            <numerusform>%n locks held</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stale</source>
        <translation>
            <numerusform>%n stale</numerusform>
            <numerusform>%n stale</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Grex::Gui::MainWindow</name>
    <message>
        <source>grex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No workspace open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — grex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Locks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agents (grex serve)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About grex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About grex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;grex %1&lt;/h3&gt;&lt;p&gt;Manages a workspace of git repositories (packs) as one graph, for people and for AI agents.&lt;/p&gt;&lt;p&gt;Agents connect through &lt;code&gt;grex serve&lt;/code&gt; (MCP); this window shows their calls and asks you before they remove packs or run commands.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clearing stale locks (doctor --fix)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Workspace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Workspace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clone what is missing, fetch and fast-forward, install (grex sync)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview S&amp;ync…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Update</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync, then reinstall the packs whose actions changed (grex update)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview U&amp;pdate…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Doctor…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the workspace and repair what can be repaired (grex doctor)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New Workspace in Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait for the running operation to finish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creating a workspace in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace busy: %1 holds its sync lock. Sync, update, add, remove and import wait until it lets go.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace busy: %1 holds its sync lock. Try again when it is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A sync would do this. Run it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An update would do this. Run it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adding %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a child of another pack; remove its parent, or remove it from the parent&apos;s pack.yaml.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removing %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removing %1 does this. Nothing is removed until you press Remove.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An import would register these. Import them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Doctor: fixing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Doctor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The preview failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit grex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is still running. Cancel it and quit?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dry run failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run: the preview was of %1, and %2 is open now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit &amp;Tags…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add or remove the selected pack&apos;s tags (grex tag)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit Tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tagging %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not shown: clear the filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Filter Packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sort by &amp;Needs Attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sort by &amp;Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fetch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch every pack and show what is new upstream; no working tree changes (grex status --fetch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Terminal Here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy Path</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n shown</source>
        <translation>
            <numerusform>%1 of %n shown</numerusform>
            <numerusform>%1 of %n shown</numerusform>
        </translation>
    </message>
    <message>
        <source>Fetching in the background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pushing task %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pushing task %1 does this. Nothing is pushed until you press Push.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finishing task %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the packs of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>some packs never fetched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fetched %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fetching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync Selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch, fast-forward and install only the selected packs (grex sync --filter name=…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch Selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch only the selected packs; no working tree changes (grex status --fetch --filter name=…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;ync %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>S&amp;ync %n Selected Pack(s)</source>
        <translation>
            <numerusform>S&amp;ync %n Selected Pack</numerusform>
            <numerusform>S&amp;ync %n Selected Packs</numerusform>
        </translation>
    </message>
    <message>
        <source>F&amp;etch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>F&amp;etch %n Selected Pack(s)</source>
        <translation>
            <numerusform>F&amp;etch %n Selected Pack</numerusform>
            <numerusform>F&amp;etch %n Selected Packs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %2 and %n more</source>
        <translation>
            <numerusform>%1, %2 and %n more</numerusform>
            <numerusform>%1, %2 and %n more</numerusform>
        </translation>
    </message>
    <message>
        <source>Sync %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The preview reads what is on disk and does not fetch: what is new upstream shows in the real run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>As they are now, the sync would leave %n pack(s) alone or fail them:</source>
        <translation>
            <numerusform>As it is now, the sync would leave %n pack alone or fail it:</numerusform>
            <numerusform>As they are now, the sync would leave %n packs alone or fail them:</numerusform>
        </translation>
    </message>
    <message>
        <source>Filter: a word, or name=api-*, drift=dirty|behind, tag=work</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n pack(s)</source>
        <translation>
            <numerusform>%n pack</numerusform>
            <numerusform>%n packs</numerusform>
        </translation>
    </message>
    <message>
        <source>Open in &amp;Editor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fast-forward Selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch and fast-forward only the selected packs; install nothing (grex sync --no-install --filter name=…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fast-&amp;forward %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Fast-&amp;forward %n Selected Pack(s)</source>
        <translation>
            <numerusform>Fast-&amp;forward %n Selected Pack</numerusform>
            <numerusform>Fast-&amp;forward %n Selected Packs</numerusform>
        </translation>
    </message>
    <message>
        <source>Fast-forward %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Git</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check out the branch each pack follows (grex switch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For a pack whose upstream branch was deleted or renamed: check out what the remote calls its default branch now (grex switch --to-default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit every change of the selected packs with one message (grex commit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Push %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pushing %1 sends these commits. Nothing is pushed until you press Push.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Push the branch of the selected packs to their remotes (grex push)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stash %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put the changes aside in a git stash; git stash pop brings them back (grex stash)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard the changes of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discarding the changes of %1 throws these files away for good. Nothing is discarded until you press Discard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throw away the changed and untracked files; asks first and names them (grex discard)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;witch %1 to Its Branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch %1 to the Remote&apos;s &amp;Default Branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Commit %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Push %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>St&amp;ash Changes of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D&amp;iscard Changes of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One commit in each of %1 that has changes, with this message:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not committed: the message is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch %1 back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch %1 to the default branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>S&amp;witch %n Selected Pack(s) to Their Branches</source>
        <translation>
            <numerusform>S&amp;witch %n Selected Pack to Its Branch</numerusform>
            <numerusform>S&amp;witch %n Selected Packs to Their Branches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Switch %n Selected Pack(s) to the Remotes&apos; &amp;Default Branches</source>
        <translation>
            <numerusform>Switch %n Selected Pack to the Remote&apos;s &amp;Default Branch</numerusform>
            <numerusform>Switch %n Selected Packs to the Remotes&apos; &amp;Default Branches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Commit %n Selected Pack(s)…</source>
        <translation>
            <numerusform>&amp;Commit %n Selected Pack…</numerusform>
            <numerusform>&amp;Commit %n Selected Packs…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Push %n Selected Pack(s)…</source>
        <translation>
            <numerusform>&amp;Push %n Selected Pack…</numerusform>
            <numerusform>&amp;Push %n Selected Packs…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>St&amp;ash Changes of %n Selected Pack(s)</source>
        <translation>
            <numerusform>St&amp;ash Changes of %n Selected Pack</numerusform>
            <numerusform>St&amp;ash Changes of %n Selected Packs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>D&amp;iscard Changes of %n Selected Pack(s)…</source>
        <translation>
            <numerusform>D&amp;iscard Changes of %n Selected Pack…</numerusform>
            <numerusform>D&amp;iscard Changes of %n Selected Packs…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Grex::Gui::PackTreeModel</name>
    <message>
        <source>detached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Branch or ref</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clean</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>dirty: %n changed file(s)</source>
        <translation>
            <numerusform>dirty: %n changed file</numerusform>
            <numerusform>dirty: %n changed files</numerusform>
        </translation>
    </message>
    <message>
        <source>stale: not installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale: actions changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale: installed long ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale: commit changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>behind by %n</source>
        <translation>
            <numerusform>behind by %n</numerusform>
            <numerusform>behind by %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ahead by %n</source>
        <translation>
            <numerusform>ahead by %n</numerusform>
            <numerusform>ahead by %n</numerusform>
        </translation>
    </message>
    <message>
        <source>untracked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (pid %2 on %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Locked by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diverged: %1 ahead, %2 behind</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>upstream rewritten: %n commit(s) no longer upstream</source>
        <translation>
            <numerusform>upstream rewritten: %n commit no longer upstream</numerusform>
            <numerusform>upstream rewritten: %n commits no longer upstream</numerusform>
        </translation>
    </message>
    <message>
        <source>upstream branch gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>upstream branch gone; the remote&apos;s default is %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on %1, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>detached, not on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n untracked file(s)</source>
        <translation>
            <numerusform>%n untracked file</numerusform>
            <numerusform>%n untracked files</numerusform>
        </translation>
    </message>
    <message>
        <source>Tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fetch failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fetch failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broken: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n min ago</numerusform>
            <numerusform>%n min ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n h ago</numerusform>
            <numerusform>%n h ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s) ago</source>
        <translation>
            <numerusform>%n day ago</numerusform>
            <numerusform>%n days ago</numerusform>
        </translation>
    </message>
    <message>
        <source>Last fetched %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetched</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The system&apos;s language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new language shows the next time grex-gui starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never (Fetch or status --fetch when you ask)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Every %n minute(s)</source>
        <translation>
            <numerusform>Every minute</numerusform>
            <numerusform>Every %n minutes</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Background fetch:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui::TagsDialog</name>
    <message>
        <source>Tags of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none; e.g. work backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tags:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its pack.yaml gives these; only that file changes them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From pack.yaml:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Separate tags with spaces. --filter tag=NAME, here and in the terminal, selects the packs with a tag.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Gui::TasksPanel</name>
    <message>
        <source>worktree missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing committed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) not pushed</source>
        <translation>
            <numerusform>%n commit not pushed</numerusform>
            <numerusform>%n commits not pushed</numerusform>
        </translation>
    </message>
    <message>
        <source>pushed to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Push…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task / pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Branch / worktree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pushed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Push the selected task&apos;s branch in every pack that has commits to push; you see the plan and approve it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected task&apos;s worktrees and branches once everything of it is pushed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all pushed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>work only here</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Started %1 in %n pack(s)</source>
        <translation>
            <numerusform>Started %1 in %n pack</numerusform>
            <numerusform>Started %1 in %n packs</numerusform>
        </translation>
    </message>
    <message>
        <source>The tasks cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tasks. grex task start NAME PACK... begins one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n task(s)</source>
        <translation>
            <numerusform>%n task</numerusform>
            <numerusform>%n tasks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with work only on this machine</source>
        <translation>
            <numerusform>%n with work only on this machine</numerusform>
            <numerusform>%n with work only on this machine</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Grex::Gui::WorkspaceLoad</name>
    <message>
        <source>changed something</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registered from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tagged %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set to follow %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set to follow the remote&apos;s default branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remote changed to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>untagged %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installed at commit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action %1 (%2) started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action %1 finished: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action %1 (%2) failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approved in the grex window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approved by the agent&apos;s client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approved by a flag (--yes or --approve-destructive)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approved at the terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2, asked by %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>denied in the grex window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approved by a session grant, without asking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>denied by the agent&apos;s client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>denied at the terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused: nobody could be asked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 allowed for the rest of the session of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session grant of %1 for %2 revoked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task %1 started on branch %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task %1: worktree from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task %1: %2 pushed to %3 %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task %1 abandoned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task %1 finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated %1..%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Grex::Text</name>
    <message>
        <source> [fixable]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CHECK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STATUS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DETAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compacted grex.jsonl from %1 to %2 event(s); removed %3 orphan lockfile entr(ies)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No problems found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pack matched; nothing ran.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>would run in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n pack(s): </source>
        <translation>
            <numerusform>%n pack: </numerusform>
            <numerusform>%n packs: </numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No matching pack has such an action; nothing ran.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 action(s) in %2 pack(s): %3 changed something, %4 had nothing to do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Would initialise workspace %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace %1 is already initialised</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initialised workspace %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>would create: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>core.hooksPath: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>would clone: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cloned: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Would add pack %1 (%2) from %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(remote commit %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added pack %1 (%2) from %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ref %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the existing clone in %1 was adopted as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Would remove pack %1 and delete %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Would remove pack %1 and keep its files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed pack %1 and deleted %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed pack %1; its files stay in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No registered pack matches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No packs registered. Add one with: grex add &lt;url&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TYPE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PATH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SHA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>INSTALLED_AT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ACTIONS_HASH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hint:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exit 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clean</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>dirty: %n changed file(s)</source>
        <translation>
            <numerusform>dirty: %n changed file</numerusform>
            <numerusform>dirty: %n changed files</numerusform>
        </translation>
    </message>
    <message>
        <source>missing: not on disk (grex sync clones it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>untracked: a clone no pack accounts for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>behind %1 by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ahead of %1 by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diverged from %1: %2 local, %3 upstream commit(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was rewritten (force-pushed): %2 commit(s) here are no longer upstream, %3 replace them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the upstream branch is gone from the remote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the upstream branch is gone; the remote&apos;s default is now %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>detached at %1, not on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on %1, not on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale: not installed yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale: the commit changed since the install</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale: pack.yaml changed since the install</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale: installed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No packs to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PACK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BRANCH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STATE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LOCK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(detached)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (pid %2 on %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>All %n pack(s) are clean.</source>
        <translation>
            <numerusform>The %n pack is clean.</numerusform>
            <numerusform>All %n packs are clean.</numerusform>
        </translation>
    </message>
    <message>
        <source>failed (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cloned at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (dry run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No packs to update.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REASON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REINSTALLED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 halted at pack `%2` action #%3 (%4):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hint: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reinstalled (forced)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reinstalled: its actions changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reinstalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n failed</numerusform>
            <numerusform>%n failed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n need(s) you</source>
        <translation>
            <numerusform>%n needs you</numerusform>
            <numerusform>%n need you</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cloned</source>
        <translation>
            <numerusform>%n cloned</numerusform>
            <numerusform>%n cloned</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n updated</source>
        <translation>
            <numerusform>%n updated</numerusform>
            <numerusform>%n updated</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n installed</source>
        <translation>
            <numerusform>%n installed</numerusform>
            <numerusform>%n installed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n torn down</source>
        <translation>
            <numerusform>%n torn down</numerusform>
            <numerusform>%n torn down</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not on disk</source>
        <translation>
            <numerusform>%n not on disk</numerusform>
            <numerusform>%n not on disk</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n up to date</source>
        <translation>
            <numerusform>%n up to date</numerusform>
            <numerusform>%n up to date</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filtered</source>
        <translation>
            <numerusform>%n filtered</numerusform>
            <numerusform>%n filtered</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not run</source>
        <translation>
            <numerusform>%n not run</numerusform>
            <numerusform>%n not run</numerusform>
        </translation>
    </message>
    <message>
        <source>failed at action #%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checked out %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updated %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s)</source>
        <translation>
            <numerusform>%n commit</numerusform>
            <numerusform>%n commits</numerusform>
        </translation>
    </message>
    <message>
        <source>torn down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs you (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n untracked file(s)</source>
        <translation>
            <numerusform>%n untracked file</numerusform>
            <numerusform>%n untracked files</numerusform>
        </translation>
    </message>
    <message>
        <source>not a pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rewritten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diverged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>detached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>upstream gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fetch failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fetch failed (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FETCHED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fetching</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cloning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>installing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tearing down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tags: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Would tag %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tagged %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(from pack.yaml: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TAGS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commit or stash the changes, then sync again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>merge or rebase onto the upstream (or push), then sync again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the upstream was force-pushed: reset to it, or keep your commits on a branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check out a branch, or pin the commit with --ref</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set an upstream (git branch --set-upstream-to)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the remote deleted or renamed the branch: switch to another branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>move the untracked files away, then sync again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checking out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 received</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>repacked %n clone(s) past git&apos;s limits: %1</source>
        <translation>
            <numerusform>repacked %n clone past git&apos;s limits: %1</numerusform>
            <numerusform>repacked %n clones past git&apos;s limits: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more clone(s) wait for the next sync (grex doctor --fix repacks them now): %1</source>
        <translation>
            <numerusform>%n more clone waits for the next sync (grex doctor --fix repacks it now): %1</numerusform>
            <numerusform>%n more clones wait for the next sync (grex doctor --fix repacks them now): %1</numerusform>
        </translation>
    </message>
    <message>
        <source>reinstalled: the last install was interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>follow the remote&apos;s default branch: grex update %1 --ref %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Would add repository %1 from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added repository %1 from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Would add %1 from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worktree missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) not committed</source>
        <translation>
            <numerusform>%n file not committed</numerusform>
            <numerusform>%n files not committed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) not pushed</source>
        <translation>
            <numerusform>%n commit not pushed</numerusform>
            <numerusform>%n commits not pushed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n behind its base</source>
        <translation>
            <numerusform>%n behind its base</numerusform>
            <numerusform>%n behind its base</numerusform>
        </translation>
    </message>
    <message>
        <source>no changes yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s), all pushed</source>
        <translation>
            <numerusform>%n commit, pushed</numerusform>
            <numerusform>%n commits, all pushed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Would start task %1 on branch %2 in %3 pack(s):</source>
        <translation>
            <numerusform>Would start task %1 on branch %2 in %3 pack:</numerusform>
            <numerusform>Would start task %1 on branch %2 in %3 packs:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Started task %1 on branch %2 in %3 pack(s):</source>
        <translation>
            <numerusform>Started task %1 on branch %2 in %3 pack:</numerusform>
            <numerusform>Started task %1 on branch %2 in %3 packs:</numerusform>
        </translation>
    </message>
    <message>
        <source>WORKTREE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FROM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tasks. grex task start NAME PACK... starts one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task %1 (branch %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>COMMITS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not committed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: would commit %n file(s)</source>
        <translation>
            <numerusform>%1: would commit %n file</numerusform>
            <numerusform>%1: would commit %n files</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: committed %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Abandoning task %1 removes %n worktree(s):</source>
        <translation>
            <numerusform>Abandoning task %1 removes %n worktree:</numerusform>
            <numerusform>Abandoning task %1 removes %n worktrees:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finishing task %1 removes %n worktree(s):</source>
        <translation>
            <numerusform>Finishing task %1 removes %n worktree:</numerusform>
            <numerusform>Finishing task %1 removes %n worktrees:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>pushed %n commit(s)</source>
        <translation>
            <numerusform>pushed %n commit</numerusform>
            <numerusform>pushed %n commits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>would push %n commit(s)</source>
        <translation>
            <numerusform>would push %n commit</numerusform>
            <numerusform>would push %n commits</numerusform>
        </translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>up to date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(uncommitted changes stay)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>COMMIT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RESULT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: hint: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Safe to leave: none of the %n pack(s) has work only here.</source>
        <translation>
            <numerusform>Safe to leave: the %n pack has no work only here.</numerusform>
            <numerusform>Safe to leave: none of the %n packs has work only here.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not safe to leave: this work exists only on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n changed file(s)</source>
        <translation>
            <numerusform>%n changed file</numerusform>
            <numerusform>%n changed files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stash(es)</source>
        <translation>
            <numerusform>%n stash</numerusform>
            <numerusform>%n stashes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unpushed commit(s) on %1</source>
        <translation>
            <numerusform>%n unpushed commit on %1</numerusform>
            <numerusform>%n unpushed commits on %1</numerusform>
        </translation>
    </message>
    <message>
        <source>task %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WHERE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ONLY HERE</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Abandoned task %1: %n worktree(s) and branches removed</source>
        <translation>
            <numerusform>Abandoned task %1: %n worktree and its branch removed</numerusform>
            <numerusform>Abandoned task %1: %n worktrees and branches removed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished task %1: %n worktree(s) and branches removed</source>
        <translation>
            <numerusform>Finished task %1: %n worktree and its branch removed</numerusform>
            <numerusform>Finished task %1: %n worktrees and branches removed</numerusform>
        </translation>
    </message>
    <message>
        <source>access refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the remote repository is not there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot reach the remote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the host key is unknown or changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the certificate is not trusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git refuses a clone owned by another user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no remote configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n clean</source>
        <translation>
            <numerusform>%n clean</numerusform>
            <numerusform>%n clean</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n dirty</source>
        <translation>
            <numerusform>%n dirty</numerusform>
            <numerusform>%n dirty</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n missing</source>
        <translation>
            <numerusform>%n missing</numerusform>
            <numerusform>%n missing</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n broken</source>
        <translation>
            <numerusform>%n broken</numerusform>
            <numerusform>%n broken</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed to fetch</source>
        <translation>
            <numerusform>%n failed to fetch</numerusform>
            <numerusform>%n failed to fetch</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stale</source>
        <translation>
            <numerusform>%n stale</numerusform>
            <numerusform>%n stale</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n behind</source>
        <translation>
            <numerusform>%n behind</numerusform>
            <numerusform>%n behind</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ahead</source>
        <translation>
            <numerusform>%n ahead</numerusform>
            <numerusform>%n ahead</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n untracked</source>
        <translation>
            <numerusform>%n untracked</numerusform>
            <numerusform>%n untracked</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n diverged</source>
        <translation>
            <numerusform>%n diverged</numerusform>
            <numerusform>%n diverged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rewritten upstream</source>
        <translation>
            <numerusform>%n rewritten upstream</numerusform>
            <numerusform>%n rewritten upstream</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with upstream gone</source>
        <translation>
            <numerusform>%n with upstream gone</numerusform>
            <numerusform>%n with upstream gone</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n off branch</source>
        <translation>
            <numerusform>%n off branch</numerusform>
            <numerusform>%n off branch</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with untracked files</source>
        <translation>
            <numerusform>%n with untracked files</numerusform>
            <numerusform>%n with untracked files</numerusform>
        </translation>
    </message>
    <message>
        <source>untracked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>renamed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>modified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, staged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>already on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to push</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>switched to %1 (was %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>would switch to %1 (now %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>pushed %n commit(s) to %1</source>
        <translation>
            <numerusform>pushed %n commit to %1</numerusform>
            <numerusform>pushed %n commits to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>would push %n commit(s) to %1</source>
        <translation>
            <numerusform>would push %n commit to %1</numerusform>
            <numerusform>would push %n commits to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>committed %1 (%n file(s))</source>
        <translation>
            <numerusform>committed %1 (%n file)</numerusform>
            <numerusform>committed %1 (%n files)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>would commit %n file(s)</source>
        <translation>
            <numerusform>would commit %n file</numerusform>
            <numerusform>would commit %n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>stashed %n file(s)</source>
        <translation>
            <numerusform>stashed %n file</numerusform>
            <numerusform>stashed %n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>would stash %n file(s)</source>
        <translation>
            <numerusform>would stash %n file</numerusform>
            <numerusform>would stash %n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>discarded %n file(s)</source>
        <translation>
            <numerusform>discarded %n file</numerusform>
            <numerusform>discarded %n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>would discard %n file(s)</source>
        <translation>
            <numerusform>would discard %n file</numerusform>
            <numerusform>would discard %n files</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>and more: see git status in the pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pack matched.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
