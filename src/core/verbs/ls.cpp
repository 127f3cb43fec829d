#include "core/verbs/ls.h"

#include "core/secrets.h"
#include "core/engine/drift.h"

#include "core/git/fetcher.h"
#include "core/naming.h"
#include "core/operationcontext.h"
#include "core/pack/packmanifest.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"

#include <QFileInfo>
#include <QSet>
#include <QtConcurrent/QtConcurrentMap>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

JsonObject entryToJson(const LsEntry &entry, bool longForm, bool tree)
{
    // A child that is not cloned yet has no pack.yaml to tell its type.
    JsonObject o{{u"id"_s, entry.id},
                 {u"type"_s, entry.type.isEmpty() ? JsonValue() : JsonValue(entry.type)},
                 {u"path"_s, entry.path},
                 {u"url"_s, redactUrl(entry.url)},
                 {u"ref"_s, JsonValue::fromOptional(entry.ref)},
                 {u"sha"_s, JsonValue::fromOptional(entry.sha)},
                 {u"installed_at"_s,
                  entry.installedAt ? JsonValue(entry.installedAt->toString()) : JsonValue()}};
    if (longForm)
        o.insert(u"actions_hash"_s, JsonValue::fromOptional(entry.actionsHash));
    o.insert(u"branch"_s, JsonValue::fromOptional(entry.branch));
    o.insert(u"tags"_s, JsonValue(entry.tags));
    o.insert(u"on_disk"_s, entry.onDisk);
    o.insert(u"plain"_s, entry.plain);
    o.insert(u"dir"_s, entry.dir);
    if (tree) {
        JsonArray children;
        for (const LsEntry &child : entry.children)
            children.append(entryToJson(child, longForm, tree));
        o.insert(u"children"_s, children);
    }
    return o;
}

struct Probe
{
    bool remembered = false; // in the workspace's probe memo (grex serve)
    bool onDisk = false;
    bool plain = false; // no .grex/pack.yaml
    std::optional<QString> sha;
    std::optional<QString> branch;
    std::optional<PackManifest> manifest;
};

Probe readProbe(Workspace &workspace, const QString &dir, OperationContext &ctx, bool &cacheable)
{
    Probe p;
    const QFileInfo info(dir);
    p.onDisk = info.isDir();
    // Only a plain clone is remembered: its HEAD, branch ref and pack.yaml live in the
    // directories probe() watches. A missing one is one failed stat; a .git file points
    // elsewhere.
    cacheable = cacheable && p.onDisk && QFileInfo(dir + u"/.git"_s).isDir();
    if (!p.onDisk)
        return p;
    if (Result<QString> sha = workspace.fetcher().headSha(dir))
        p.sha = *sha;
    if (Result<std::optional<QString>> branch = workspace.fetcher().currentBranch(dir))
        p.branch = *branch;
    p.plain = !hasPackManifest(dir);
    if (!p.plain) {
        Result<PackManifest> manifest = loadPackManifest(dir);
        if (manifest) {
            p.manifest = *manifest;
        } else {
            ctx.warn(manifest.error().message());
            cacheable = false; // warned again on every call until it is fixed
        }
    }
    return p;
}

// What ls shows of one clone. With the workspace's probe memo (grex serve), a clone whose
// directories did not change since the last call is not read again; the memo watches the
// clone, its .git (HEAD, packed-refs), refs/heads (the branch's ref) and .grex.
Probe probe(Workspace &workspace, const QString &dir, OperationContext &ctx)
{
    DirMemo *memo = workspace.probeMemo();
    if (!memo) {
        bool unused = false;
        return readProbe(workspace, dir, ctx, unused);
    }
    const auto dirs = [&dir] {
        QStringList watched{dir, dir + u"/.git"_s, dir + u"/.git/refs/heads"_s};
        if (QFileInfo(dir + u"/.grex"_s).isDir())
            watched.append(dir + u"/.grex"_s);
        return watched;
    };
    bool remembered = false;
    Probe p = memo->get<Probe>(
        u"ls:"_s + dir, dirs,
        [&](bool &cacheable) {
            Probe read = readProbe(workspace, dir, ctx, cacheable);
            // A branch such as feature/x has its ref in a folder of refs/heads that is not
            // watched.
            if (read.branch && read.branch->contains(u'/'))
                cacheable = false;
            return read;
        },
        &remembered);
    p.remembered = remembered;
    return p;
}

// The tags the workspace or a parent gave the pack, and those of its own pack.yaml.
QStringList tagsOf(const QStringList &given, const std::optional<PackManifest> &manifest)
{
    return joinTags(given, manifest ? manifest->tags : QStringList());
}

void fillFromLock(LsEntry &entry, const LockEntries &locks)
{
    const auto it = locks.find(entry.id);
    if (it == locks.end())
        return;
    if (!entry.sha && !it->sha.isEmpty())
        entry.sha = it->sha;
    entry.installedAt = it->installedAt;
    entry.actionsHash = it->actionsHash;
}

// Children of a pack as its on-disk pack.yaml declares them, recursively; `visiting` breaks
// cycles (a child already on the current path is listed without its own children).
QList<LsEntry> childrenOf(Workspace &workspace, const PackManifest &manifest,
                          const LockEntries &locks, QSet<QString> &visiting, OperationContext &ctx,
                          bool &allRemembered)
{
    QList<LsEntry> result;
    for (const ChildRef &child : manifest.children) {
        LsEntry entry;
        entry.id = child.effectivePath();
        entry.path = entry.id;
        entry.dir = workspace.packDir(entry.path);
        entry.url = child.url;
        entry.ref = child.ref;
        const Probe p = probe(workspace, entry.dir, ctx);
        allRemembered = allRemembered && p.remembered;
        entry.onDisk = p.onDisk;
        entry.plain = p.plain;
        entry.sha = p.sha;
        entry.branch = p.branch;
        entry.tags = tagsOf(child.tags, p.manifest);
        fillFromLock(entry, locks);
        if (p.manifest) {
            entry.type = p.manifest->type;
            if (!visiting.contains(entry.id)) {
                visiting.insert(entry.id);
                entry.children =
                    childrenOf(workspace, *p.manifest, locks, visiting, ctx, allRemembered);
                visiting.remove(entry.id);
            }
        }
        result.append(entry);
    }
    return result;
}

// A filter never pulls in dependencies (docs/design.md, "Filter expressions"): a child that
// does not match goes, with its own children.
void filterChildren(QList<LsEntry> &children, int depth, const PackFilter &filter,
                    const QHash<QString, QString> &drift)
{
    children.removeIf(
        [&](const LsEntry &e) { return !filter.matches(subjectOf(e, depth).withDriftOf(drift)); });
    for (LsEntry &child : children)
        filterChildren(child.children, depth + 1, filter, drift);
}

} // namespace

Result<LsOptions> LsOptions::fromJson(const QJsonObject &args)
{
    LsOptions options;
    if (Result<void> filter = readFilter(args, options.filter); !filter)
        return filter.error();
    options.type = optionalString(args, u"type"_s);
    options.long_ = args.value(u"long"_s).toBool();
    options.tree = args.value(u"tree"_s).toBool();
    return options;
}

JsonValue LsReport::toJson() const
{
    if (rendered)
        return JsonValue::fromSerialized(*rendered);
    JsonArray array;
    for (const LsEntry &entry : packs)
        array.append(entryToJson(entry, long_, tree));
    return array;
}

DocShape LsReport::shape()
{
    using S = DocShape;
    const DocShape text = S::string();
    return S::array(S::object(
        {field(u"id"_s, text, nullptr),
         field(u"type"_s, text.orNull(), "null before a clone tells it"),
         field(u"path"_s, text, nullptr), field(u"url"_s, text, "without secrets"),
         field(u"ref"_s, text.orNull(), nullptr),
         field(u"sha"_s, text.orNull(), "the commit it was installed from"),
         field(u"installed_at"_s, text.orNull(), nullptr),
         optionalField(u"actions_hash"_s, text.orNull(), "ls --long"),
         field(u"branch"_s, text.orNull(), nullptr), field(u"tags"_s, S::array(text), nullptr),
         field(u"on_disk"_s, S::boolean(), nullptr),
         field(u"plain"_s, S::boolean(), "a repository without pack.yaml"),
         field(u"dir"_s, text, "its absolute folder"),
         optionalField(u"children"_s, S::array(S::any()),
                       "ls --tree: its children, each an object of this shape")}));
}

namespace {

// ls as it reads everything; allRemembered tells whether every clone it probed is in the
// workspace's probe memo.
Result<LsReport> lsRead(Workspace &workspace, const LsOptions &options, OperationContext &ctx,
                        bool &allRemembered)
{
    if (Result<void> ready = workspace.requireInitialised(); !ready)
        return ready.error();
    Result<QMap<QString, PackState>> packs = workspace.readPacks(ctx);
    if (!packs)
        return packs.error();
    Result<LockEntries> locks = workspace.lockfile().read();
    if (!locks)
        return locks.error();

    Result<QHash<QString, QString>> computedDrift = driftForFilter(options.filter, workspace, ctx);
    if (!computedDrift)
        return computedDrift.error();
    const QHash<QString, QString> drift = std::move(computedDrift).value();

    const QList<PackState> ordered = packsInIdOrder(*packs);
    // Opening each repository is independent work: probe them all at once.
    const QList<Probe> probes = QtConcurrent::blockingMapped(ordered, [&](const PackState &pack) {
        if (!checkPackPath(pack.path))
            return Probe{};
        return probe(workspace, workspace.packDir(pack.path), ctx);
    });

    LsReport report;
    report.long_ = options.long_;
    report.tree = options.tree;
    for (qsizetype i = 0; i < ordered.size(); ++i) {
        const PackState &pack = ordered.at(i);
        const Probe &p = probes.at(i);
        allRemembered = allRemembered && p.remembered;
        LsEntry entry;
        entry.id = pack.id;
        entry.path = pack.path;
        entry.dir = workspace.packDir(pack.path);
        entry.url = pack.url;
        entry.ref = pack.ref;
        // pack.yaml is authoritative for the type; the log keeps what add observed.
        entry.type = p.manifest ? p.manifest->type : pack.type;
        entry.onDisk = p.onDisk;
        entry.plain = p.plain;
        entry.sha = p.sha;
        entry.branch = p.branch;
        entry.tags = tagsOf(pack.tags, p.manifest);
        fillFromLock(entry, *locks);
        if (!entry.sha && pack.lastSyncSha && !pack.lastSyncSha->isEmpty())
            entry.sha = pack.lastSyncSha;
        if (options.type && entry.type != *options.type)
            continue;
        if (!options.filter.matches(subjectOf(entry).withDriftOf(drift)))
            continue;
        if (options.tree && p.manifest) {
            QSet<QString> visiting{entry.id};
            entry.children =
                childrenOf(workspace, *p.manifest, *locks, visiting, ctx, allRemembered);
            filterChildren(entry.children, 1, options.filter, drift);
        }
        report.packs.append(entry);
    }
    return report;
}

} // namespace

Result<LsReport> ls(Workspace &workspace, const LsOptions &options, OperationContext &ctx)
{
    bool allRemembered = true;
    DirMemo *memo = workspace.probeMemo();
    if (!memo || options.filter.usesDrift())
        return lsRead(workspace, options, ctx, allRemembered);

    // grex serve: the whole document, written once, is sent again while no directory it was
    // made from changed: the workspace (grex.jsonl, the lockfile, clones coming and going),
    // the folder of the log and lockfile (root-pack mode), and every clone's watched folders.
    memo->refresh();
    const QString key = u"ls-document\n%1\n%2\n%3\n%4"_s.arg(options.long_)
                            .arg(options.tree)
                            .arg(options.type ? u'=' + *options.type : QString())
                            .arg(options.filter.expression());
    if (std::optional<LsReport> whole = memo->whole<LsReport>(key))
        return *std::move(whole);
    const std::optional<ChangeWatch::Token> token =
        memo->beginWhole({workspace.root(), QFileInfo(workspace.manifestPath()).absolutePath(),
                          QFileInfo(workspace.lockfilePath()).absolutePath()});
    const qsizetype warningsBefore = ctx.warnings().size();
    Result<LsReport> report = lsRead(workspace, options, ctx, allRemembered);
    // Warnings are said on every call, so a document that warned is made again each time.
    if (report && token && allRemembered && ctx.warnings().size() == warningsBefore) {
        report->rendered = std::make_shared<const QByteArray>(report->toJson().toJson());
        memo->storeWhole(key, *token, *report);
    }
    return report;
}

VerbSpec makeLsVerb()
{
    VerbSpec verb;
    verb.name = u"ls"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "List packs");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "List registered packs.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Lists the registered packs: id, type, path, ref and the checked-out commit. ls "
                "reads only the workspace's files and never touches the network. --tree adds the "
                "children each pack's pack.yaml declares, under their parents.");
    verb.examples = {
        {"grex ls --tree", QT_TRANSLATE_NOOP("Grex", "Show children under their parents.")},
        {"grex ls --json --filter 'type=scripted'",
         QT_TRANSLATE_NOOP("Grex", "The scripted packs, as one JSON document.")},
    };
    verb.readOnly = true;
    verb.idempotent = true;
    verb.icon = u"filter"_s;
    verb.params = {
        hinted(param(u"type"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Only packs of this type."), u"TYPE"_s),
               ValueHint::None, packTypeNames()),
        param(u"long"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Also show install time and actions hash.")),
        param(u"tree"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Show children under their parents.")),
        parallelParam(),
        filterParam(),
    };
    bindInvoker<LsOptions, LsReport, ls>(verb);
    return verb;
}

} // namespace Grex
