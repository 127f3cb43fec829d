#include "core/verbs/add.h"

#include "core/engine/pipeline.h"
#include "core/fs/fsutil.h"
#include "core/fs/gitignore.h"
#include "core/git/fetcher.h"
#include "core/git/repository.h"
#include "core/naming.h"
#include "core/operationcontext.h"
#include "core/pack/packmanifest.h"
#include "core/secrets.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"

#include <QDir>
#include <QJsonArray>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

enum class Destination { Clone, Adopt };

Result<Destination> classifyDestination(Workspace &workspace, const QString &dest,
                                        const QString &url)
{
    if (Result<void> real = checkNotSymlink(dest); !real)
        return real.error();
    const QFileInfo info(dest);
    if (!info.exists())
        return Destination::Clone;
    if (info.isDir() && !info.isSymLink() &&
        QDir(dest).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot))
        return Destination::Clone;
    if (info.isDir() && Git::isRepository(dest)) {
        Result<QString> origin = workspace.fetcher().originUrl(dest);
        if (origin && !origin->isEmpty() && sameRemote(*origin, url))
            return Destination::Adopt;
        if (origin && !origin->isEmpty()) {
            return Error(ErrorKind::PackOp, u"destination_not_empty"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "%1 already holds a clone of %2, not "
                                                           "of %3"),
                                 {dest, redactUrl(*origin), url}))
                .withDetail(u"path"_s, dest)
                .withHint(Message(QT_TRANSLATE_NOOP("Grex", "pass another path as the second "
                                                            "argument")));
        }
    }
    return Error(ErrorKind::PackOp, u"destination_not_empty"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "%1 already exists and is not a clone of %2"),
                         {dest, url}))
        .withDetail(u"path"_s, dest)
        .withHint(Message(QT_TRANSLATE_NOOP("Grex", "pass another path as the second argument, "
                                                    "or move the directory away")));
}

Error addCancelled(const QString &path)
{
    return Error(
               ErrorKind::Cancelled, u"cancelled"_s,
               Message(QT_TRANSLATE_NOOP("Grex", "adding '%1' was cancelled; nothing was changed"),
                       {path}))
        .withDetail(u"pack"_s, path);
}

} // namespace

Result<AddOptions> AddOptions::fromJson(const QJsonObject &args)
{
    AddOptions options;
    options.url = args.value(u"url"_s).toString();
    options.path = optionalString(args, u"path"_s);
    options.type = optionalString(args, u"type"_s);
    options.ref = optionalString(args, u"ref"_s);
    options.noInstall = args.value(u"noInstall"_s).toBool();
    options.submodules = !args.value(u"noSubmodules"_s).toBool();
    options.dryRun = args.value(u"dryRun"_s).toBool();
    if (options.ref && options.ref->trimmed().isEmpty())
        return usageError(u"invalid_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "--ref must not be empty")));
    if (args.contains(u"depth"_s)) {
        options.depth = args.value(u"depth"_s).toInteger();
        if (Result<void> valid = checkCloneDepth(*options.depth); !valid)
            return valid.error();
    }
    QStringList tags;
    for (const QJsonValue &tag : args.value(u"tag"_s).toArray())
        tags.append(tag.toString());
    Result<QStringList> checked = normaliseTags(tags);
    if (!checked)
        return checked.error();
    options.tags = std::move(checked).value();
    options.filter = args.value(u"filter"_s).toString();
    // add's --filter is git clone's, not the pack filter of the other verbs: say so.
    if (!options.filter.isEmpty() && !checkCloneFilter(options.filter)) {
        return usageError(u"invalid_clone_filter"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "grex add --filter takes git's "
                                                            "partial-clone filter (blob:none, "
                                                            "blob:limit=1m, tree:0, "
                                                            "object:type=blob, combine:A+B), "
                                                            "not '%1'"),
                                  {options.filter}))
            .withDetail(u"filter"_s, options.filter);
    }
    return options;
}

JsonObject AddReport::toJson() const
{
    return JsonObject{{u"id"_s, id},
                      {u"type"_s, type},
                      {u"path"_s, path},
                      {u"url"_s, url},
                      {u"ref"_s, JsonValue::fromOptional(ref)},
                      {u"depth"_s, depth ? JsonValue(*depth) : JsonValue()},
                      {u"filter"_s, filter.isEmpty() ? JsonValue() : JsonValue(filter)},
                      {u"tags"_s, JsonValue(tags)},
                      {u"sha"_s, sha},
                      {u"installed"_s, installed},
                      {u"plain"_s, JsonValue::fromOptional(plain)},
                      {u"warnings"_s, JsonValue(warnings)},
                      {u"adopted"_s, adopted},
                      {u"dry_run"_s, dryRun},
                      {u"submodules"_s, submodules}};
}

DocShape AddReport::shape()
{
    using S = DocShape;
    return S::object(
        {field(u"id"_s, S::string(), "the pack's id"),
         field(u"type"_s, S::string(packTypeNames()), "its type"),
         field(u"path"_s, S::string(), "its folder in the workspace"),
         field(u"url"_s, S::string(), "the repository, without secrets"),
         field(u"ref"_s, S::string().orNull(), "the ref it follows"),
         field(u"depth"_s, S::integer().orNull(), "a shallow clone's depth"),
         field(u"filter"_s, S::string().orNull(), "a partial clone's filter"),
         field(u"tags"_s, S::array(S::string()), "its tags"),
         field(u"sha"_s, S::string(), "the commit checked out (or, dry, the ref's)"),
         field(u"installed"_s, S::boolean(), "its actions ran"),
         field(u"plain"_s, S::boolean().orNull(),
               "a repository without pack.yaml; null before a clone"),
         field(u"warnings"_s, S::array(S::string()), "what went wrong without failing the add"),
         field(u"adopted"_s, S::boolean(), "an existing clone was registered"),
         field(u"dry_run"_s, S::boolean(), "nothing was changed"),
         field(u"submodules"_s, S::boolean(), "its submodules are cloned")});
}

namespace {

// Error: Usage "duplicate_pack" when path (or a pack of that id) is registered, or a case
// clash with one.
Result<void> checkNotRegistered(const QMap<QString, PackState> &packs, const QString &path)
{
    for (const PackState &pack : packs) {
        if (pack.id != path && pack.path != path)
            continue;
        return usageError(u"duplicate_pack"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' is already registered "
                                                            "(from %2)"),
                                  {pack.id, redactUrl(pack.url)}))
            .withDetail(u"pack"_s, pack.id);
    }
    QStringList paths;
    for (const PackState &pack : packs) {
        if (differsOnlyInCase(path, pack.path) || differsOnlyInCase(path, pack.id))
            return caseClash(path, pack.id, ErrorKind::Usage);
        paths.append(pack.path);
    }
    if (const std::optional<QString> other = enclosingPack(path, paths))
        return packInsidePack(path, *other, ErrorKind::Usage);
    return {};
}

// An adopted clone is taken as it is: it must already be at the ref the user asked for.
// Error: PackOp "adopted_clone_not_at_ref".
Result<void> checkAdoptedAtRef(Workspace &workspace, const QString &dest, const QString &ref)
{
    const QString head = workspace.fetcher().headSha(dest).valueOr(QString());
    const Result<QString> wanted = workspace.fetcher().resolveRef(dest, ref);
    if (!wanted || *wanted != head) {
        return Error(ErrorKind::PackOp, u"adopted_clone_not_at_ref"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "the clone in %1 is at %2, not at '%3'"),
                             {dest, head.left(7), ref}))
            .withDetail(u"path"_s, dest)
            .withDetail(u"ref"_s, ref)
            .withHint(Message(QT_TRANSLATE_NOOP("Grex", "check out '%1' there first, or add "
                                                        "it without --ref"),
                              {ref}));
    }
    return {};
}

// Install: clone the pack's children, validate, run install children first. A failure keeps
// the registration; the next sync or update finishes the job.
Result<void> installAdded(Workspace &workspace, const AddReport &report, const QString &dest,
                          const CloneOptions &cloneOptions, OperationContext &ctx)
{
    WalkSeed seed;
    seed.id = report.path;
    seed.path = report.path;
    seed.dir = dest;
    seed.url = report.url;
    seed.ref = report.ref;
    seed.cloneOptions = cloneOptions;
    seed.registered = true;
    PipelineRequest request = PipelineRequest::of(u"add"_s, Lifecycle::Install);
    request.recoveryScan = false;
    request.submodules = false; // add brought them in already
    if (Result<QMap<QString, PackState>> packs = workspace.readPacks(ctx)) {
        for (const PackState &pack : std::as_const(*packs)) {
            if (pack.id != seed.id)
                request.elsewhere.insert(pack.id, pack.url);
        }
    }
    Result<LifecycleReport> run = executePipeline(workspace, {seed}, request, ctx);
    if (run)
        run = concludeLifecycles(std::move(run).value(), ctx);
    if (!run) {
        return std::move(run)
            .error()
            .withDetail(u"add"_s, report.toJson())
            .withHint(
                Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' stays registered; fix the problem and "
                                                  "run grex sync"),
                        {report.path}));
    }
    return {};
}

// add --dry-run: the URL and ref can be reached (or the clone is there), and what the pack
// would be.
Result<void> probeAdd(Workspace &workspace, const AddOptions &options, const QString &url,
                      const QString &dest, AddReport &report, OperationContext &ctx)
{
    if (report.adopted) {
        report.sha = workspace.fetcher().headSha(dest).valueOr(QString());
    } else {
        Result<QString> probed = workspace.fetcher().probeRemote(url, options.ref, ctx.stopToken());
        if (!probed)
            return probed.error();
        report.sha = *probed;
    }
    report.type = options.type.value_or(u"meta"_s);
    if (report.adopted)
        report.plain = !hasPackManifest(dest);
    if (report.adopted && hasPackManifest(dest)) {
        if (Result<PackManifest> manifest = loadPackManifest(dest))
            report.type = manifest->type;
    }
    return {};
}

// The cloned pack's pack.yaml, when it has one: its type, its .gitignore patterns and whether
// it wants submodules. A pack named otherwise than its path is refused.
Result<void> readAddedManifest(const AddOptions &options, const QString &url, const QString &dest,
                               AddReport &report, QStringList &extraIgnores, bool &wantsSubmodules,
                               OperationContext &ctx)
{
    const QString &path = report.path;
    report.type = options.type.value_or(u"meta"_s);
    report.plain = !hasPackManifest(dest);
    if (*report.plain)
        return {};
    Result<PackManifest> manifest = loadPackManifestAs(dest, path, url);
    if (!manifest && manifest.error().reason() == u"pack_name_mismatch") {
        const QString named = manifest.error().details().value(u"got"_s).toString();
        return Error(manifest.error())
            .withHint(
                Message(QT_TRANSLATE_NOOP("Grex", "add it as: grex add %1 %2"), {url, named}));
    }
    if (!manifest)
        return manifest.error();
    if (options.type && *options.type != manifest->type) {
        ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "--type %1 ignored: pack.yaml of '%2' says "
                                                   "type %3"),
                         {*options.type, path, manifest->type}));
    }
    report.type = manifest->type;
    extraIgnores = manifest->gitignore;
    wantsSubmodules = wantsSubmodules && manifest->submodules;
    return {};
}

// The submodules come after the clone and never undo it: one that fails is the pack's warning,
// with its URL, reason and hint. Fails only when cancelled.
Result<void> addSubmodules(Workspace &workspace, const QString &dest, AddReport &report,
                           OperationContext &ctx)
{
    Result<void> submodules = workspace.fetcher().updateSubmodules(dest, true, ctx.stopToken());
    if (!submodules && submodules.error().kind() == ErrorKind::Cancelled)
        return addCancelled(report.path);
    if (!submodules) {
        const Error &error = submodules.error();
        report.warnings.append(
            error.hint().isEmpty()
                ? error.message().text()
                : u"%1 (hint: %2)"_s.arg(error.message().text(), error.hint().text()));
    }
    return {};
}

} // namespace

Result<AddReport> add(Workspace &workspace, const AddOptions &options, OperationContext &ctx)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    Result<QString> url = checkRemoteUrl(options.url, workspace.root());
    if (!url)
        return url.error();
    const QString path = options.path.value_or(derivePathFromUrl(*url));
    if (Result<void> valid = checkPackPath(path); !valid)
        return valid.error();
    if (Result<void> real = checkNoLinkOnTheWay(workspace.root(), path); !real)
        return real.error();
    if (options.type && !packTypeNames().contains(*options.type)) {
        return Error(ErrorKind::PluginMissing, u"unknown_pack_type"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "unknown pack type '%1' (expected meta, "
                                                       "declarative or scripted)"),
                             {*options.type}))
            .withDetail(u"type"_s, *options.type);
    }

    Result<Workspace::LockedPacks> locked = workspace.lockAndReadPacks(!options.dryRun, ctx);
    if (!locked)
        return locked.error();
    if (Result<void> fresh = checkNotRegistered(locked->packs, path); !fresh)
        return fresh.error();
    // Fail before cloning when the pack's .gitignore block cannot be written.
    if (auto block = Gitignore::readBlock(workspace.gitignorePath(), path); !block)
        return block.error();

    const QString dest = workspace.packDir(path);
    Result<Destination> destination = classifyDestination(workspace, dest, *url);
    if (!destination)
        return destination.error();

    AddReport report;
    report.id = path;
    report.path = path;
    report.url = *url;
    report.ref = options.ref;
    report.depth = options.depth;
    report.filter = options.filter;
    report.submodules = options.submodules;
    report.tags = options.tags;
    report.dryRun = options.dryRun;
    CloneOptions cloneOptions;
    cloneOptions.depth = options.depth ? std::optional<int>(int(*options.depth)) : std::nullopt;
    cloneOptions.filter = options.filter;
    cloneOptions.submodules = options.submodules;
    report.adopted = *destination == Destination::Adopt;

    if (report.adopted && options.ref) {
        if (Result<void> atRef = checkAdoptedAtRef(workspace, dest, *options.ref); !atRef)
            return atRef.error();
    }

    if (options.dryRun) {
        if (Result<void> probed = probeAdd(workspace, options, *url, dest, report, ctx); !probed)
            return probed.error();
        return report;
    }

    // What a failure must undo: the clone's directory, or only its contents when the user had
    // made the (empty) directory beforehand. An adopted clone is never touched.
    const bool existedBefore = QFileInfo::exists(dest);
    if (!report.adopted) {
        ctx.progress(0, 1, Message(QT_TRANSLATE_NOOP("Grex", "cloning %1"), {path}));
        Result<FetchReport> cloned =
            workspace.fetcher().clone(*url, dest, options.ref, cloneOptions, ctx.stopToken());
        if (!cloned)
            removeEmptyParents(dest, workspace.root());
        if (!cloned && cloned.error().kind() == ErrorKind::Cancelled)
            return addCancelled(path);
        if (!cloned)
            return std::move(cloned).error().withDetail(u"pack"_s, path);
        report.sha = cloned->sha;
        for (const Message &warning : cloned->warnings)
            report.warnings.append(warning.text());
    } else {
        report.sha = workspace.fetcher().headSha(dest).valueOr(QString());
    }

    const auto fail = [&](Error error) -> Result<AddReport> {
        if (!report.adopted) {
            removeCreated(dest, existedBefore);
            removeEmptyParents(dest, workspace.root());
        }
        return error;
    };

    QStringList extraIgnores;
    bool wantsSubmodules = options.submodules;
    if (Result<void> read =
            readAddedManifest(options, *url, dest, report, extraIgnores, wantsSubmodules, ctx);
        !read)
        return fail(read.error());

    // The submodules come after the clone and never undo it: one that fails is the pack's
    // warning, with its URL, reason and hint.
    if (wantsSubmodules && !report.adopted) {
        if (Result<void> submodules = addSubmodules(workspace, dest, report, ctx); !submodules)
            return fail(submodules.error());
    }
    if (ctx.stopRequested())
        return fail(addCancelled(path));

    Event added = Event::add(path, *url, path, report.type, options.ref);
    EventExtra extra = added.extra();
    extra.depth = options.depth;
    extra.cloneFilter = options.filter;
    extra.submodules = options.submodules;
    extra.tags = options.tags;
    added.setExtra(extra);
    Result<AppendReport> appended = workspace.intentLog().append(added);
    if (!appended)
        return fail(appended.error());

    Result<void> block = Gitignore::upsertBlock(workspace.gitignorePath(), path,
                                                Gitignore::packBody(path, extraIgnores));
    if (!block) {
        ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' is registered but its .gitignore "
                                                   "block was not written: %2"),
                         {path, block.error().text()}));
    }
    if (options.noInstall)
        return report;

    if (Result<void> installed = installAdded(workspace, report, dest, cloneOptions, ctx);
        !installed)
        return installed.error();
    report.installed = true;
    return report;
}

VerbSpec makeAddVerb()
{
    VerbSpec verb;
    verb.name = u"add"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Add a pack");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Register and clone a pack.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Clones the repository at URL into the workspace and registers it as a pack. "
                "PATH, the pack's directory and id, defaults to the last part of the URL without "
                ".git. The pack's .grex/pack.yaml decides its type; without one, --type does "
                "(meta by default).\n\n"
                "Then add installs the pack: it clones the pack's children, runs the pack's "
                "actions or hooks after theirs, and records what it resolved in "
                "grex.lock.jsonl. When installing fails, the pack stays registered: fix the "
                "cause and run grex sync. With --dry-run, add only checks that the URL and the "
                "ref can be reached.");
    verb.examples = {
        {"grex add https://github.com/me/dotfiles.git",
         QT_TRANSLATE_NOOP("Grex", "Clone, register and install the pack dotfiles.")},
        {"grex add git@example.org:team/tools.git my-tools --ref v2",
         QT_TRANSLATE_NOOP("Grex", "Name the pack my-tools and check out v2.")},
        {"grex add ../notes --no-install",
         QT_TRANSLATE_NOOP("Grex", "Register a local repository without installing it.")},
        {"grex add https://example.org/team/api.git --tag work --tag backend",
         QT_TRANSLATE_NOOP("Grex", "Add a pack with two tags.")},
    };
    verb.openWorld = true;
    verb.icon = u"add"_s;
    verb.locksWorkspace = true;
    verb.params = {
        hinted(param(u"url"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "The repository to clone: a URL or a local path."),
                     u"URL"_s, true, true),
               ValueHint::Url),
        param(u"path"_s, ParamType::String,
              QT_TRANSLATE_NOOP("Grex", "Directory name in the workspace (default: derived from "
                                        "the URL)."),
              u"PATH"_s, false, true, true),
        hinted(param(u"type"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Pack type when the repository has no pack.yaml: "
                                               "meta, declarative or scripted."),
                     u"TYPE"_s),
               ValueHint::None, packTypeNames()),
        param(u"ref"_s, ParamType::String,
              QT_TRANSLATE_NOOP("Grex", "Branch, tag or commit to check out."), u"REF"_s),
        param(u"depth"_s, ParamType::Integer,
              QT_TRANSLATE_NOOP("Grex", "Clone only the last N commits (git clone --depth); "
                                        "later syncs keep the pack that shallow."),
              u"N"_s),
        param(u"filter"_s, ParamType::String,
              QT_TRANSLATE_NOOP("Grex", "Partial clone (git clone --filter): blob:none fetches "
                                        "file contents only when they are checked out."),
              u"SPEC"_s),
        param(u"tag"_s, ParamType::StringArray,
              QT_TRANSLATE_NOOP("Grex", "Tag the pack (repeatable); --filter tag=TAG selects "
                                        "packs by tag."),
              u"TAG"_s),
        param(u"noInstall"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Only clone and register the pack; do not install it.")),
        param(u"noSubmodules"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Leave the pack's submodules out, now and in every later "
                                        "sync (recorded in grex.jsonl).")),
        dryRunParam(),
        parallelParam(),
    };
    bindInvoker<AddOptions, AddReport, add>(verb);
    return verb;
}

} // namespace Grex
