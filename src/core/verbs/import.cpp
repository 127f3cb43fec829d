#include "core/verbs/import.h"

#include "core/engine/layout.h"
#include "core/engine/walker.h"
#include "core/fs/gitignore.h"
#include "core/git/fetcher.h"
#include "core/naming.h"
#include "core/operationcontext.h"
#include "core/pack/packmanifest.h"
#include "core/secrets.h"
#include "core/verbs/importformats.h"
#include "core/verbs/verbparams.h"
#include "core/wire.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

struct Candidate
{
    QString path;
    QString url;
    bool fromScan = false;
    // A scanned clone on another branch than its remote's default (a worktree's own branch):
    // it keeps following that branch. From a file: the branch, tag or commit it pins.
    std::optional<QString> ref;
    QStringList tags;
    qint64 depth = 0;
    QString clonePath; // gita: the clone the file names, to read its origin from
};

// The path of clone relative to root when clone is a folder below root, else "".
QString pathInWorkspace(const QString &root, const QString &clone)
{
    if (clone.isEmpty() || !QDir::isAbsolutePath(clone))
        return {};
    const QString canonicalRoot = QFileInfo(root).canonicalFilePath();
    const QString canonicalClone = QFileInfo(clone).canonicalFilePath();
    const QString from = canonicalRoot.isEmpty() ? QDir::cleanPath(root) : canonicalRoot;
    const QString to = canonicalClone.isEmpty() ? QDir::cleanPath(clone) : canonicalClone;
    if (!to.startsWith(from + u'/'))
        return {};
    return to.mid(from.size() + 1);
}

// The entries of another tool's file, read in full before anything is locked or written; what
// of the file grex cannot keep goes into the report.
Result<QList<Candidate>> listedCandidates(const Workspace &workspace, const ImportOptions &options,
                                          ImportReport &report)
{
    QList<Candidate> candidates;
    Result<ImportSource> source = readImportFile(
        *options.from, options.format ? importFormatFromName(*options.format) : std::nullopt,
        options.baseUrl);
    if (!source)
        return source.error();
    report.format = importFormatName(source->format);
    for (const QString &what : std::as_const(source->notCarried))
        report.notCarried.append({QString(), what});
    candidates.reserve(source->entries.size());
    for (const ImportEntry &listed : std::as_const(source->entries)) {
        ImportEntry entry = listed;
        // A clone the file names inside this workspace (gita's list, read in the folder that
        // holds the clones) stays where it is: its path in the workspace is the pack's.
        if (const QString inside = pathInWorkspace(workspace.root(), entry.clonePath);
            !inside.isEmpty())
            entry.path = inside;
        for (const QString &what : entry.notCarried)
            report.notCarried.append({entry.path, what});
        candidates.append(Candidate{entry.path, entry.url, false, entry.ref,
                                    normaliseTags(entry.tags).valueOr(QStringList()), entry.depth,
                                    entry.clonePath});
    }
    return candidates;
}

// --scan: the clones in the workspace, at any depth, that are neither packs nor children.
void scanCandidates(Workspace &workspace, const QMap<QString, PackState> &packs,
                    OperationContext &ctx, ImportReport &report, QList<Candidate> &candidates)
{
    // A child of a pack is already managed through its parent.
    QSet<QString> children;
    Result<LockEntries> locks = workspace.lockfile().read();
    if (locks) {
        for (const QString &id : locks->keys())
            children.insert(id);
    }
    if (Result<PackGraph> graph = readPackGraph(workspace, ctx)) {
        for (const PackNode &node : graph->nodes)
            children.insert(node.path);
    }
    for (const PackState &pack : std::as_const(packs))
        children.insert(pack.path);
    // Clones at any depth (docs/design.md, "Pack paths"): vcstool, repo and west place them in
    // src/<group>/.
    for (const QString &name : findClones(workspace.root(), children)) {
        const QString dir = workspace.packDir(name);
        Result<QString> origin = workspace.fetcher().originUrl(dir);
        // A clone grex cannot read is named with the reason, not taken for one without a
        // remote.
        if (!origin && origin.error().reason() != u"not_a_repository") {
            report.failed.append({name, origin.error().message().text()});
            continue;
        }
        if (!origin || origin->isEmpty()) {
            report.skipped.append({name, ImportReport::SkipReason::NoRemote});
            continue;
        }
        // A local path as git recorded it ("/ws/../up.git", or relative to the clone)
        // becomes the plain absolute path grex records for one given to add.
        Result<QString> url = checkRemoteUrl(*origin, dir);
        if (!url) {
            report.failed.append({name, url.error().message().text()});
            continue;
        }
        Candidate candidate{name, *url, true, std::nullopt, {}, 0, {}};
        if (Result<RepoStatus> state = workspace.fetcher().inspect(dir, std::nullopt);
            state && state->branch && !state->expectedBranch.isEmpty() &&
            *state->branch != state->expectedBranch)
            candidate.ref = state->branch;
        candidates.append(candidate);
    }
}

// gita lists clones, not URLs: the clone's own remote is the URL, read from the one in the
// workspace, else from where the file says it is; "" when neither has one.
QString cloneOrigin(Workspace &workspace, const Candidate &c)
{
    for (const QString &clone : {workspace.packDir(c.path), c.clonePath}) {
        if (clone.isEmpty() || !QFileInfo::exists(clone + u"/.git"_s))
            continue;
        Result<QString> origin = workspace.fetcher().originUrl(clone);
        Result<QString> recorded = origin && !origin->isEmpty() ? checkRemoteUrl(*origin, clone)
                                                                : Result<QString>(QString());
        if (recorded && !recorded->isEmpty())
            return *recorded;
    }
    return {};
}

// What a clone at dir registers as: its pack.yaml's type and .gitignore patterns, or without
// one defaultType; plain is unknown while there is no clone.
struct PackKind
{
    QString type;
    QStringList gitignore;
    std::optional<bool> plain;
};

Result<PackKind> packKind(const QString &dir, const QString &path, const QString &defaultType)
{
    PackKind kind{defaultType, {}, std::nullopt};
    if (QFileInfo::exists(dir + u"/.git"_s))
        kind.plain = !hasPackManifest(dir);
    if (!hasPackManifest(dir))
        return kind;
    Result<PackManifest> manifest = loadPackManifestAs(dir, path, dir);
    if (!manifest)
        return manifest.error();
    kind.type = manifest->type;
    kind.gitignore = manifest->gitignore;
    return kind;
}

} // namespace

Result<ImportOptions> ImportOptions::fromJson(const QJsonObject &args)
{
    ImportOptions options;
    options.from = optionalString(args, u"from"_s);
    if (const std::optional<QString> reposJson = optionalString(args, u"fromReposJson"_s)) {
        if (options.from) {
            return usageError(u"invalid_argument"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "give --from or "
                                                                "--from-repos-json, not both")));
        }
        options.from = reposJson;
        options.format = importFormatName(ImportFormat::ReposJson);
    }
    if (const std::optional<QString> format = optionalString(args, u"format"_s)) {
        if (!importFormatFromName(*format)) {
            return usageError(u"unknown_import_format"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "unknown --format '%1': use %2"),
                                      {*format, importFormatNames().join(u", "_s)}));
        }
        options.format = format;
    }
    options.baseUrl = optionalString(args, u"baseUrl"_s).value_or(QString());
    options.scan = args.value(u"scan"_s).toBool();
    options.defaultType = optionalString(args, u"defaultType"_s);
    options.dryRun = args.value(u"dryRun"_s).toBool();
    if (!options.from && !options.scan) {
        return usageError(u"missing_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "import needs --from FILE, --scan, or "
                                                            "both")));
    }
    if (options.defaultType && !packTypeNames().contains(*options.defaultType)) {
        return usageError(u"unknown_pack_type"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "unknown --default-type '%1': use "
                                                            "meta, declarative or scripted"),
                                  {*options.defaultType}));
    }
    return options;
}

namespace {

constexpr WireTable<ImportReport::SkipReason, 4> kSkipReasonWords{{
    {ImportReport::SkipReason::PathCollision, u"path_collision"},
    {ImportReport::SkipReason::DuplicateInInput, u"duplicate_in_input"},
    {ImportReport::SkipReason::NoRemote, u"no_remote"},
    {ImportReport::SkipReason::NoUrl, u"no_url"},
}};

} // namespace

QString ImportReport::wireName(SkipReason reason)
{
    return wireWord(kSkipReasonWords, reason);
}

QStringList ImportReport::skipReasonWords()
{
    return wireWords(kSkipReasonWords);
}

JsonObject ImportReport::toJson() const
{
    JsonArray importedArray;
    for (const Imported &i : imported) {
        importedArray.append(JsonObject{{u"path"_s, i.path},
                                        {u"url"_s, i.url},
                                        {u"kind"_s, i.kind},
                                        {u"ref"_s, i.ref ? JsonValue(*i.ref) : JsonValue()},
                                        {u"tags"_s, JsonValue(i.tags)},
                                        {u"plain"_s, JsonValue::fromOptional(i.plain)},
                                        {u"would_dispatch"_s, dryRun}});
    }
    JsonArray skippedArray;
    for (const Skipped &s : skipped)
        skippedArray.append(JsonObject{{u"path"_s, s.path}, {u"reason"_s, wireName(s.reason)}});
    JsonArray failedArray;
    for (const Failed &f : failed)
        failedArray.append(JsonObject{{u"path"_s, f.path}, {u"error"_s, f.error}});
    JsonArray notCarriedArray;
    for (const NotCarried &n : notCarried) {
        notCarriedArray.append(JsonObject{
            {u"path"_s, n.path.isEmpty() ? JsonValue() : JsonValue(n.path)}, {u"what"_s, n.what}});
    }
    return JsonObject{{u"dry_run"_s, dryRun},
                      {u"format"_s, format.isEmpty() ? JsonValue() : JsonValue(format)},
                      {u"imported"_s, importedArray},
                      {u"skipped"_s, skippedArray},
                      {u"failed"_s, failedArray},
                      {u"not_carried"_s, notCarriedArray}};
}

DocShape ImportReport::shape()
{
    using S = DocShape;
    const DocShape imported =
        S::object({field(u"path"_s, S::string(), "the pack's folder"),
                   field(u"url"_s, S::string(), "its repository"),
                   field(u"kind"_s, S::string(packTypeNames()), "its type"),
                   field(u"ref"_s, S::string().orNull(), "the ref it follows"),
                   field(u"tags"_s, S::array(S::string()), "its tags"),
                   field(u"plain"_s, S::boolean().orNull(),
                         "a repository without pack.yaml; null when not cloned"),
                   field(u"would_dispatch"_s, S::boolean(), "a dry run: it would be registered")});
    return S::object(
        {field(u"dry_run"_s, S::boolean(), "nothing was changed"),
         field(u"format"_s, S::string(importFormatNames()).orNull(), "the file's format"),
         field(u"imported"_s, S::array(imported), "what was registered"),
         field(u"skipped"_s,
               S::array(S::object({field(u"path"_s, S::string(), nullptr),
                                   field(u"reason"_s, S::string(skipReasonWords()), nullptr)})),
               "what was left out, and why"),
         field(u"failed"_s,
               S::array(S::object({field(u"path"_s, S::string(), nullptr),
                                   field(u"error"_s, S::string(), nullptr)})),
               "what cannot be imported"),
         field(u"not_carried"_s,
               S::array(S::object({field(u"path"_s, S::string().orNull(), nullptr),
                                   field(u"what"_s, S::string(), nullptr)})),
               "what of the file grex cannot keep")});
}

Result<ImportReport> importPacks(Workspace &workspace, const ImportOptions &options,
                                 OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    // The input is read in full before anything is locked or written.
    QList<Candidate> candidates;
    ImportReport report;
    report.dryRun = options.dryRun;
    if (options.from) {
        Result<QList<Candidate>> listed = listedCandidates(workspace, options, report);
        if (!listed)
            return listed.error();
        candidates = std::move(listed).value();
    }
    Result<Workspace::LockedPacks> locked = workspace.lockAndReadPacks(!options.dryRun, ctx);
    if (!locked)
        return locked.error();
    const QMap<QString, PackState> &packs = locked->packs;
    QHash<QString, const PackState *> byPath;
    QHash<QString, QString> foldedNames; // case-folded path -> a live or imported path
    for (const PackState &pack : std::as_const(packs)) {
        byPath.insert(pack.path, &pack);
        foldedNames.insert(pack.path.toCaseFolded(), pack.path);
    }

    if (options.scan)
        scanCandidates(workspace, packs, ctx, report, candidates);

    QSet<QString> seen;
    PackPathSet takenPaths; // registered or imported by this run: no pack goes inside one
    for (const PackState &pack : std::as_const(packs))
        takenPaths.insert(pack.path);
    QList<Event> events;
    QList<std::pair<QString, QStringList>> blocks;
    const Timestamp now = Timestamp::now();
    for (const Candidate &c : std::as_const(candidates)) {
        if (const PackState *live = byPath.value(c.path)) {
            if (!c.url.isEmpty() && !sameRemote(live->url, c.url)) {
                ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "%1 is already registered from %2, not "
                                                           "%3; left as it is"),
                                 {c.path, redactUrl(live->url), redactUrl(c.url)}));
            }
            report.skipped.append({c.path, ImportReport::SkipReason::PathCollision});
            continue;
        }
        if (seen.contains(c.path)) {
            report.skipped.append({c.path, ImportReport::SkipReason::DuplicateInInput});
            continue;
        }
        seen.insert(c.path);
        if (Result<void> bare = checkPackPath(c.path); !bare) {
            report.failed.append({c.path, bare.error().message().text()});
            continue;
        }
        if (const std::optional<QString> other = takenPaths.enclosing(c.path)) {
            report.failed.append(
                {c.path, packInsidePack(c.path, *other, ErrorKind::PackOp).message().text()});
            continue;
        }
        const QString url = c.url.isEmpty() && !c.fromScan ? cloneOrigin(workspace, c) : c.url;
        // Another tool's entry grex cannot clone (an svn checkout, a remote relative to a URL
        // not given) is left out with the reason, which notCarried spells out.
        if (url.isEmpty() && !c.fromScan &&
            report.format != importFormatName(ImportFormat::ReposJson)) {
            report.skipped.append({c.path, ImportReport::SkipReason::NoUrl});
            continue;
        }
        // A clone made with a token in its URL: grex.jsonl must not learn it.
        if (urlHasSecret(url)) {
            report.failed.append({c.path, secretInUrl(url).message().text()});
            continue;
        }
        if (const QString twin = foldedNames.value(c.path.toCaseFolded());
            differsOnlyInCase(c.path, twin)) {
            report.failed.append(
                {c.path, caseClash(c.path, twin, ErrorKind::PackOp).message().text()});
            continue;
        }
        const QString dir = workspace.packDir(c.path);
        if (Result<void> real = checkNoLinkOnTheWay(workspace.root(), c.path); !real) {
            report.failed.append({c.path, real.error().message().text()});
            continue;
        }
        Result<PackKind> kind = packKind(dir, c.path, options.defaultType.value_or(u"meta"_s));
        if (!kind) {
            report.failed.append({c.path, kind.error().message().text()});
            continue;
        }
        foldedNames.insert(c.path.toCaseFolded(), c.path);
        takenPaths.insert(c.path);
        report.imported.append({c.path, url, kind->type, c.ref, c.tags, kind->plain});
        Event added = Event::add(c.path, url, c.path, kind->type, c.ref, now);
        EventExtra extra = added.extra();
        extra.tags = c.tags;
        if (c.depth > 0)
            extra.depth = c.depth;
        added.setExtra(extra);
        events.append(added);
        blocks.append({c.path, Gitignore::packBody(c.path, kind->gitignore)});
    }

    if (!options.dryRun && !events.isEmpty()) {
        Result<AppendReport> appended = workspace.intentLog().append(events);
        if (!appended)
            return appended.error();
        if (Result<void> written = Gitignore::upsertBlocks(workspace.gitignorePath(), blocks);
            !written) {
            ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "the packs are registered, but .gitignore "
                                                       "was not updated: %1 (grex doctor --fix "
                                                       "repairs it)"),
                             {written.error().message().text()}));
        }
    }
    if (!report.failed.isEmpty()) {
        return Error(ErrorKind::PackOp, u"import_failed"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1 of %2 entr(ies) cannot be imported "
                                                       "(%3 imported, %4 skipped)"),
                             {QString::number(report.failed.size()),
                              QString::number(report.imported.size() + report.skipped.size() +
                                              report.failed.size()),
                              QString::number(report.imported.size()),
                              QString::number(report.skipped.size())}))
            .withDetail(u"report"_s, report.toJson());
    }
    return report;
}

VerbSpec makeImportVerb()
{
    VerbSpec verb;
    verb.name = u"import"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Import repositories");
    verb.summary = QT_TRANSLATE_NOOP(
        "Grex", "Register existing repositories as packs, without cloning or installing.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Registers repositories as packs, without cloning or installing them: the git "
                "clones in the workspace at any depth (--scan), or those another tool's file "
                "lists (--from): a gita repos.csv, a myrepos .mrconfig, a vcstool .repos file, a "
                "mani.yaml, a repo manifest.xml or a west.yml, or grex's own JSON list of "
                "{\"url\", \"path\"} objects. Paths, branches or pinned revisions (as the "
                "pack's ref) and groups (as tags) are kept; what cannot be is listed. Paths "
                "already registered are skipped, so importing again changes nothing; grex sync "
                "then clones what is missing.");
    verb.examples = {
        {"grex import --scan",
         QT_TRANSLATE_NOOP("Grex", "Register the clones already in the workspace.")},
        {"grex import --from ros2.repos --dry-run",
         QT_TRANSLATE_NOOP("Grex", "Show what importing a vcstool file would register.")},
        {"grex import --from default.xml --base-url "
         "https://android.googlesource.com/platform/manifest",
         QT_TRANSLATE_NOOP("Grex", "Import a repo manifest whose remotes are relative to "
                                   "where it came from.")},
    };
    verb.idempotent = true;
    verb.icon = u"import"_s;
    verb.locksWorkspace = true;
    verb.failureCarriesReport = true;
    verb.confirmWord = QT_TRANSLATE_NOOP("Grex", "&Import");
    verb.changesKey = u"imported"_s;
    verb.nothingToDo = QT_TRANSLATE_NOOP("Grex", "Nothing to import");
    verb.params = {
        hinted(param(u"from"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Read another tool's list of repositories (gita, "
                                               "myrepos, vcstool, mani, repo, west) or grex's "
                                               "JSON list."),
                     u"FILE"_s),
               ValueHint::File),
        hinted(param(u"format"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "The file's format, when its name and content do "
                                               "not tell."),
                     u"FORMAT"_s),
               ValueHint::None, importFormatNames()),
        param(u"baseUrl"_s, ParamType::String,
              QT_TRANSLATE_NOOP("Grex", "The URL the file came from, for remotes given relative "
                                        "to it (repo's fetch=\"..\")."),
              u"URL"_s),
        hinted(param(u"fromReposJson"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Read a JSON array of {\"url\", \"path\"} "
                                               "objects (the same as --from FILE --format "
                                               "repos-json)."),
                     u"FILE"_s),
               ValueHint::File),
        param(u"scan"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Register the git clones in the workspace, at any depth, "
                                        "that are not packs yet.")),
        hinted(param(u"defaultType"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Type of repositories without pack.yaml (default "
                                               "meta)."),
                     u"TYPE"_s),
               ValueHint::None, packTypeNames()),
        dryRunParam(),
        parallelParam(),
    };
    bindInvoker<ImportOptions, ImportReport, importPacks>(verb);
    return verb;
}

} // namespace Grex
