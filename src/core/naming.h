#pragma once

#include "core/result.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace Grex {

inline constexpr qsizetype MaxPackPathBytes = 200;

// A bare name: one directory name, what a child's path and each part of a nested pack path
// must be (docs/design.md, "Pack paths"). Error: Usage "path_not_bare" naming what is wrong
// (empty, '/', '..', a leading '.' or '-', control characters, a lone surrogate, '<' or '>',
// the reserved "_workspace", longer than MaxPackPathBytes).
Result<void> checkBarePath(const QString &path);

inline constexpr qsizetype MaxNestedPackPathBytes = 400;

// A registered pack's path (docs/design.md, "Pack paths"): a bare name, or bare names joined by '/'
// (src/tools/fd), each part valid as checkBarePath says, relative, at most MaxNestedPackPathBytes.
// Children declared in a pack.yaml keep bare names (checkBarePath). Error: Usage "path_not_bare".
Result<void> checkPackPath(const QString &path);
// The last part of a pack path: what the pack's own pack.yaml calls it.
QString packBaseName(const QString &path);
// Pack paths, to tell whether a new one would sit inside one of them or hold one: each
// insert and look-up costs the path's depth, so importing thousands stays linear.
class PackPathSet
{
public:
    void insert(const QString &path);
    // A path whose working tree holds `path`, or that `path`'s tree would hold.
    std::optional<QString> enclosing(const QString &path) const;

private:
    QSet<QString> m_paths;
    QHash<QString, QString> m_below; // every folder above a path -> one path below it
};

// The same for one look-up among `others`.
std::optional<QString> enclosingPack(const QString &path, const QStringList &others);
// The error for such a pair, of the given kind. Reason "pack_inside_pack".
Error packInsidePack(const QString &path, const QString &other, ErrorKind kind);

// A pack path that differs from `other` only in letter case: on a case-insensitive file system
// (macOS, Windows) both would be one directory, so one workspace never holds both.
bool differsOnlyInCase(const QString &path, const QString &other);
// The error for such a pair, of the given kind. Reason "case_clash".
Error caseClash(const QString &path, const QString &existing, ErrorKind kind);

// Refuses a path that is a symbolic link (a dangling one too): a pack directory, or the .grex
// directory of a root pack, that links elsewhere would take clones, fetches, lock files and
// commands out of the workspace. Error: PackOp "symlink_refused" naming the link and its target.
Result<void> checkNotSymlink(const QString &path);

// The same for every folder from root down to root/path: a nested pack path (src/tools/fd)
// whose src is a link would lead out of the workspace as surely as a linked pack folder.
Result<void> checkNoLinkOnTheWay(const QString &root, const QString &path);

// The path `add` derives from a URL: its last '/'-separated segment (after ':' for scp-like
// URLs) with trailing '/' and one trailing ".git" removed.
QString derivePathFromUrl(const QString &url);

// A partial-clone filter as git clone --filter takes it: blob:none, blob:limit=<n>[kmg],
// tree:<depth>, object:type=<blob|tree|commit|tag>, or combine:<a>+<b>. Error: Usage
// "invalid_clone_filter".
Result<void> checkCloneFilter(const QString &filter);
// A shallow clone's depth: at least 1. Error: Usage "invalid_depth".
Result<void> checkCloneDepth(qint64 depth);

inline constexpr qsizetype MaxTagLength = 40;
inline constexpr qsizetype MaxTagsPerPack = 16;

// A tag (docs/design.md, "Tags"): 1 to MaxTagLength ASCII letters, digits, '.', '_' and '-',
// starting with a letter or a digit, so that it needs no quoting in a shell or a filter
// expression. Error: Usage "invalid_tag" naming the tag and what is wrong with it.
Result<void> checkTag(const QString &tag);
// Checked tags, sorted and without duplicates. Errors: Usage "invalid_tag", "too_many_tags"
// (more than MaxTagsPerPack).
Result<QStringList> normaliseTags(const QStringList &tags);

// The tags of a pack that has them from two places: both lists, sorted, each tag once.
QStringList joinTags(const QStringList &a, const QStringList &b);

// Usage "url_has_secret": url carries a password or access token (see secrets.h).
Error secretInUrl(const QString &url);

// Checks a pack URL and returns it in the form grex records: http(s)://, ssh://, git://,
// file://, scp-like user@host:path, or a local path (a relative one is made absolute against
// currentDir). Error: Usage "invalid_url" naming the problem, "url_has_secret".
Result<QString> checkRemoteUrl(const QString &url, const QString &currentDir);

// True when two recorded URLs name the same repository (trailing '/', ".git", file:// and
// local-path spellings are equal).
bool sameRemote(const QString &a, const QString &b);

} // namespace Grex
