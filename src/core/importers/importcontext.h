#pragma once

#include "core/error.h"
#include "core/result.h"
#include "core/verbs/importformats.h"

#include <QByteArray>
#include <QFileInfo>
#include <QString>
#include <QStringList>

#include <yaml-cpp/yaml.h>

#include <optional>

// What every reader of another tool's file shares: the file being read, the limits, and the
// rules for paths, refs, tags and URLs.
namespace Grex::Importers {

// How deep a repo manifest's elements may nest: real ones use three levels (manifest, project,
// linkfile), and the reader recurses once per level.
constexpr int MaxXmlDepth = 64;
// How long a quoted piece of the file may be in a notCarried phrase.
constexpr qsizetype MaxPhraseText = 80;

// A format's label in messages: "vcstool .repos file" (importformats.cpp's table).
QString formatLabel(ImportFormat format);

// One file being read: the messages name it, relative paths and URLs start from it.
struct Context
{
    ImportFormat format;
    QString file;
    QString dir; // the absolute folder holding file
    QString baseUrl;

    // Usage "invalid_import_file" naming the file, the line (and column when known) and what.
    Error fail(int line, const QString &what, int column = 0) const;
    // The context of another file, read with this one (a repo manifest's include).
    Context sibling(const QString &other) const;
};

Result<QByteArray> readBytes(const QString &file);

Result<void> roomForEntry(const Context &ctx, qsizetype count, int line);

// Text quoted in a phrase: one line, spaces collapsed, cut at MaxPhraseText characters.
QString brief(const QString &text);

QString shortRef(const QString &ref);

std::optional<QString> refOf(const QString &revision);

// A group or tag of the file as a grex tag; `kind` names it in the phrase ("group", "tag").
void addTag(ImportEntry &entry, const QString &tag, const QString &kind);

QString cleanEntryPath(const QString &path);

// `absolute` relative to `dir` when it lies inside it ("." for dir itself).
std::optional<QString> insideDir(const QString &dir, const QString &absolute);

// "~" and "~/x" as the home folder, which people write for their own checkouts.
QString expandHome(const QString &path);

bool isScpLike(const QString &url);

// A URL without a scheme, host or absolute path, which only means something next to the URL the
// file came from: "..", "../tools", "./x".
bool isRelativeUrl(const QString &url);

// The path without "." and ".." segments, as URL resolution removes them.
QString removeDotSegments(const QString &path);

// `relative` against `base` as repo resolves a remote's fetch against the manifest's URL
// (tests/data/manifests/README.md): the base loses its trailing '/', then the relative part
// replaces its last segment, so "https://h/platform/manifest" and ".." give "https://h/".
// `base` is a URL, an scp-like address or an absolute path.
QString resolveUrl(QString base, const QString &relative);

// A relative URL resolved against the caller's base URL; "" with a phrase when there is none.
QString resolvedOrEmpty(const Context &ctx, const QString &url, QStringList &notCarried);

QString joinUrl(QString base, const QString &name);

Result<YAML::Node> loadYaml(const Context &ctx, const QByteArray &bytes);

// A scalar, or nullopt when the node is absent or null ("branch:" with nothing after it).
Result<std::optional<QString>> optionalScalar(const Context &ctx, const YAML::Node &node,
                                              const QString &what);

// The node written compactly for a phrase: "submanifests", "[a, b]", "{file: x.yml}".
QString yamlBrief(const YAML::Node &node);

// The readers, one file each in src/core/importers/, listed by importformats.cpp's table.
Result<ImportSource> readReposJson(const Context &ctx, const QByteArray &bytes);
Result<ImportSource> readGita(const Context &ctx, const QByteArray &bytes);
Result<ImportSource> readMrConfig(const Context &ctx, const QByteArray &bytes);
Result<ImportSource> readVcstool(const Context &ctx, const QByteArray &bytes);
Result<ImportSource> readMani(const Context &ctx, const QByteArray &bytes);
Result<ImportSource> readRepoManifest(const Context &ctx, const QByteArray &bytes);
Result<ImportSource> readWest(const Context &ctx, const QByteArray &bytes);

} // namespace Grex::Importers
