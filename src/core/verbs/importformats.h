#pragma once

#include "core/result.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Grex {

// The files `grex import` reads: its own REPOS.json and the workspace manifests of other tools.
// Where each format's rules come from, and the real files the tests read, is in
// tests/data/manifests/README.md.
enum class ImportFormat { ReposJson, Gita, MrConfig, Vcstool, Mani, RepoManifest, West };

// The wire name: "repos-json", "gita", "mrconfig", "vcstool", "mani", "repo" or "west".
QString importFormatName(ImportFormat format);
// The format of a wire name; nullopt for any other text.
std::optional<ImportFormat> importFormatFromName(const QString &name);
// Every wire name, in the order of ImportFormat.
QStringList importFormatNames();

// One repository another tool's file lists, in grex's terms.
struct ImportEntry
{
    // Workspace-relative and '/'-separated, as the file places it, cleaned lexically ("a/./b" is
    // "a/b"). Not validated here: the caller checks it as a pack path.
    QString path;
    // The clone URL; "" when the file has none (gita, a non-git checkout, a relative remote
    // without a base URL): the caller then reads the origin of an existing clone.
    QString url;
    // The clone on disk as the file names it: gita records absolute paths of existing clones.
    // "" for the other formats.
    QString clonePath;
    // The branch, tag or commit the file pins (refs/heads/x and refs/tags/x reduced to x).
    std::optional<QString> ref;
    // The file's groups or tags that pass checkTag, in file order, each once, at most
    // MaxTagsPerPack; the others are in notCarried.
    QStringList tags;
    // A shallow depth the file asks for (repo's and west's clone-depth, git clone --depth); 0 is
    // none.
    qint64 depth = 0;
    // What of this entry grex cannot keep, one short English phrase each: "linkfile src/x ->
    // y", "group 'bad,name' is not a valid tag", "type svn is not git".
    QStringList notCarried;
};

struct ImportSource
{
    ImportFormat format = ImportFormat::ReposJson;
    QList<ImportEntry> entries; // in file order (repo's includes in place)
    // What of the whole file grex cannot keep, one phrase each: west's import and
    // group-filter, repo's superproject or includes it cannot read, mr's [DEFAULT] commands.
    QStringList notCarried;
};

// The largest file readImportFile reads; an included repo manifest counts on its own.
inline constexpr qint64 MaxImportFileBytes = 16 * 1024 * 1024;
// How deep repo manifests may include one another.
inline constexpr int MaxImportIncludeDepth = 8;

// Which format `file` is: from its name (*.json, *.csv, .mrconfig and *.mrconfig, *.repos,
// mani.yaml and mani.yml, west.yml and west.yaml) and, when the name says nothing, from
// `content` (a JSON array, a <manifest> root element, a YAML mapping with `manifest`,
// `repositories` or `projects`, mr sections with a checkout, gita's rows). Error: Usage
// "unknown_import_format" naming the file and the formats grex reads.
Result<ImportFormat> detectImportFormat(const QString &file, const QByteArray &content);

// Reads one file of the given format (detected when nullopt). `baseUrl` is the URL the file
// was fetched from, to resolve relative remotes (repo's fetch="..", a relative west url-base);
// without it such an entry gets url "" and says so in notCarried. Errors: Usage
// "unreadable_import_file" when a file cannot be read, "unknown_import_format", and
// "invalid_import_file" naming the file, the line (and column when known) and what is wrong
// (details: path, line, column), also for a file larger than MaxImportFileBytes, more than
// MaxImportEntries entries, and repo includes that form a cycle or nest deeper than
// MaxImportIncludeDepth. Reentrant; touches nothing but the files it reads.
Result<ImportSource> readImportFile(const QString &file, std::optional<ImportFormat> format,
                                    const QString &baseUrl = {});

} // namespace Grex
