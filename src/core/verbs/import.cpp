#include "core/verbs/import.h"

#include "core/engine/layout.h"
#include "core/engine/walker.h"
#include "core/fs/gitignore.h"
#include "core/git/fetcher.h"
#include "core/naming.h"
#include "core/operationcontext.h"
#include "core/pack/packmanifest.h"
#include "core/secrets.h"
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
    // it keeps following that branch.
    std::optional<QString> ref;
};

constexpr qint64 MaxReposJsonBytes = 16 * 1024 * 1024;

Error badReposJson(const QString &file, const QString &what)
{
    return usageError(
               u"invalid_repos_json"_s,
               Message(QT_TRANSLATE_NOOP("Grex", "malformed REPOS.json at %1: %2"), {file, what}))
        .withDetail(u"path"_s, file);
}

Result<QList<Candidate>> readReposJson(const QString &file)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly)) {
        return usageError(u"unreadable_repos_json"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "cannot read %1: %2"),
                                  {file, in.errorString()}))
            .withDetail(u"path"_s, file);
    }
    if (in.size() > MaxReposJsonBytes) {
        return badReposJson(
            file, u"it is %1 bytes; the limit is %2"_s.arg(in.size()).arg(MaxReposJsonBytes));
    }
    const QByteArray bytes = in.readAll();
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // The byte offset as line and column, which is what an editor shows.
        const qsizetype offset = qBound(qsizetype(0), qsizetype(parseError.offset), bytes.size());
        const qsizetype line = bytes.left(offset).count('\n') + 1;
        const qsizetype column = offset - (bytes.lastIndexOf('\n', offset - 1) + 1) + 1;
        return badReposJson(file,
                            u"not JSON: %1 at line %2, column %3"_s.arg(parseError.errorString())
                                .arg(line)
                                .arg(column));
    }
    if (!doc.isArray())
        return badReposJson(file, u"expected an array of {\"url\", \"path\"} objects"_s);
    const QJsonArray array = doc.array();
    if (array.size() > MaxImportEntries) {
        return badReposJson(file,
                            u"it has %1 entries; one import takes at most %2"_s.arg(array.size())
                                .arg(MaxImportEntries));
    }
    QList<Candidate> candidates;
    candidates.reserve(array.size());
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonValue entry = array.at(i);
        if (!entry.isObject())
            return badReposJson(file, u"entry %1 is not an object"_s.arg(i + 1));
        const QJsonObject o = entry.toObject();
        if (!o.value(u"path"_s).isString())
            return badReposJson(file, u"entry %1 has no string \"path\""_s.arg(i + 1));
        if (o.contains(u"url"_s) && !o.value(u"url"_s).isString() && !o.value(u"url"_s).isNull())
            return badReposJson(file, u"the \"url\" of entry %1 is not a string"_s.arg(i + 1));
        candidates.append(Candidate{o.value(u"path"_s).toString(), o.value(u"url"_s).toString(),
                                    false, std::nullopt});
    }
    return candidates;
}

} // namespace

Result<ImportOptions> ImportOptions::fromJson(const QJsonObject &args)
{
    ImportOptions options;
    options.fromReposJson = optionalString(args, u"fromReposJson"_s);
    options.scan = args.value(u"scan"_s).toBool();
    options.defaultType = optionalString(args, u"defaultType"_s);
    options.dryRun = args.value(u"dryRun"_s).toBool();
    if (!options.fromReposJson && !options.scan) {
        return usageError(u"missing_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "import needs --from-repos-json FILE, "
                                                            "--scan, or both")));
    }
    if (options.defaultType && !packTypeNames().contains(*options.defaultType)) {
        return usageError(u"unknown_pack_type"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "unknown --default-type '%1': use "
                                                            "meta, declarative or scripted"),
                                  {*options.defaultType}));
    }
    return options;
}

JsonObject ImportReport::toJson() const
{
    JsonArray importedArray;
    for (const Imported &i : imported) {
        importedArray.append(JsonObject{{u"path"_s, i.path},
                                        {u"url"_s, i.url},
                                        {u"kind"_s, i.kind},
                                        {u"would_dispatch"_s, dryRun}});
    }
    JsonArray skippedArray;
    for (const Skipped &s : skipped)
        skippedArray.append(JsonObject{{u"path"_s, s.path}, {u"reason"_s, s.reason}});
    JsonArray failedArray;
    for (const Failed &f : failed)
        failedArray.append(JsonObject{{u"path"_s, f.path}, {u"error"_s, f.error}});
    return JsonObject{{u"dry_run"_s, dryRun},
                      {u"imported"_s, importedArray},
                      {u"skipped"_s, skippedArray},
                      {u"failed"_s, failedArray}};
}

Result<ImportReport> importPacks(Workspace &workspace, const ImportOptions &options,
                                 OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    // The input is read in full before anything is locked or written.
    QList<Candidate> candidates;
    if (options.fromReposJson) {
        Result<QList<Candidate>> fromFile = readReposJson(*options.fromReposJson);
        if (!fromFile)
            return fromFile.error();
        candidates = std::move(fromFile).value();
    }
    Result<std::optional<FileLock>> lock = workspace.lockForWritingIf(!options.dryRun);
    if (!lock)
        return lock.error();
    Result<QMap<QString, PackState>> packs = workspace.readPacks(ctx);
    if (!packs)
        return packs.error();
    QHash<QString, const PackState *> byPath;
    QHash<QString, QString> foldedNames; // case-folded path -> a live or imported path
    for (const PackState &pack : std::as_const(*packs)) {
        byPath.insert(pack.path, &pack);
        foldedNames.insert(pack.path.toCaseFolded(), pack.path);
    }

    ImportReport report;
    report.dryRun = options.dryRun;
    if (options.scan) {
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
        for (const PackState &pack : std::as_const(*packs))
            children.insert(pack.path);
        // Clones at any depth (spec D-55): vcstool, repo and west place them in src/<group>/.
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
                report.skipped.append({name, u"no_remote"_s});
                continue;
            }
            // A local path as git recorded it ("/ws/../up.git", or relative to the clone)
            // becomes the plain absolute path grex records for one given to add.
            Result<QString> url = checkRemoteUrl(*origin, dir);
            if (!url) {
                report.failed.append({name, url.error().message().text()});
                continue;
            }
            Candidate candidate{name, *url, true, std::nullopt};
            if (Result<RepoStatus> state = workspace.fetcher().inspect(dir, std::nullopt);
                state && state->branch && !state->expectedBranch.isEmpty() &&
                *state->branch != state->expectedBranch)
                candidate.ref = state->branch;
            candidates.append(candidate);
        }
    }

    QSet<QString> seen;
    PackPathSet takenPaths; // registered or imported by this run: no pack goes inside one
    for (const PackState &pack : std::as_const(*packs))
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
            report.skipped.append({c.path, u"path_collision"_s});
            continue;
        }
        if (seen.contains(c.path)) {
            report.skipped.append({c.path, u"duplicate_in_input"_s});
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
        // A clone made with a token in its URL: grex.jsonl must not learn it.
        if (urlHasSecret(c.url)) {
            report.failed.append({c.path, secretInUrl(c.url).message().text()});
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
        QString kind = options.defaultType.value_or(u"meta"_s);
        QStringList extraPatterns;
        if (hasPackManifest(dir)) {
            Result<PackManifest> manifest = loadPackManifest(dir);
            if (!manifest) {
                report.failed.append({c.path, manifest.error().message().text()});
                continue;
            }
            // As add refuses it: registered under another name, every later walk would fail.
            if (manifest->name != packBaseName(c.path)) {
                report.failed.append(
                    {c.path, Message(QT_TRANSLATE_NOOP("Grex", "the pack in %1 is named '%2' in "
                                                               "its pack.yaml, not '%3'"),
                                     {dir, manifest->name, packBaseName(c.path)})
                                 .text()});
                continue;
            }
            kind = manifest->type;
            extraPatterns = manifest->gitignore;
        }
        foldedNames.insert(c.path.toCaseFolded(), c.path);
        takenPaths.insert(c.path);
        report.imported.append({c.path, c.url, kind});
        events.append(Event::add(c.path, c.url, c.path, kind, c.ref, now));
        blocks.append({c.path, Gitignore::packBody(c.path, extraPatterns)});
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

} // namespace Grex
