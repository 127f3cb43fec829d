#include "core/verbs/init.h"

#include "core/fs/fserror.h"
#include "core/fs/gitignore.h"
#include "core/git/fetcher.h"
#include "core/git/repository.h"
#include "core/operationcontext.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/workspace.h"

#include <QDir>
#include <QFileInfo>

#include <cerrno>

#include <fcntl.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// Creates an empty file unless it exists. Returns whether it was created.
Result<bool> createEmpty(const QString &path)
{
    const int fd =
        ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        if (errno == EEXIST)
            return false;
        return fileError(QT_TRANSLATE_NOOP("Grex", "cannot create %1: %2"), path, errno);
    }
    ::fsync(fd);
    ::close(fd);
    return true;
}

} // namespace

Result<InitOptions> InitOptions::fromJson(const QJsonObject &args)
{
    InitOptions options;
    options.noClone = args.value(u"noClone"_s).toBool();
    options.dryRun = args.value(u"dryRun"_s).toBool();
    if (args.value(u"hooksPath"_s).isString())
        options.hooksPath = args.value(u"hooksPath"_s).toString();
    if (options.hooksPath && options.hooksPath->trimmed().isEmpty())
        return usageError(u"invalid_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "--hooks-path must not be empty")));
    return options;
}

JsonObject InitReport::toJson() const
{
    return JsonObject{{u"workspace"_s, workspace},
                      {u"created"_s, JsonValue(created)},
                      {u"hooks"_s, JsonValue::fromOptional(hooks)},
                      {u"cloned"_s, JsonValue(cloned)},
                      {u"dry_run"_s, dryRun}};
}

DocShape InitReport::shape()
{
    using S = DocShape;
    return S::object({field(u"workspace"_s, S::string(), "the workspace's folder"),
                      field(u"created"_s, S::array(S::string()), "the files init made"),
                      field(u"hooks"_s, S::string().orNull(), "core.hooksPath it set"),
                      field(u"cloned"_s, S::array(S::string()),
                            "registered packs cloned because their folder was missing"),
                      field(u"dry_run"_s, S::boolean(), "nothing was changed")});
}

Result<InitReport> init(Workspace &workspace, const InitOptions &options, OperationContext &ctx)
{
    InitReport report;
    report.workspace = workspace.root();
    report.dryRun = options.dryRun;

    // core.hooksPath is set only when asked and W is a git repository (docs/design.md,
    // "grex init and core.hooksPath").
    const bool setHooks = options.hooksPath && Git::isRepository(workspace.root());
    if (options.hooksPath && !setHooks) {
        ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "%1 is not a git repository; --hooks-path is "
                                                   "ignored"),
                         {workspace.root()}));
    }
    // A workspace inside a pack of another one would clone into that pack's working tree.
    if (!workspace.isRootPackMode() && !workspace.isInitialised()) {
        if (const QString above = Workspace::enclosingWorkspace(workspace.root());
            !above.isEmpty()) {
            Workspace outer(above);
            OperationContext quiet;
            Result<QMap<QString, PackState>> packs = outer.readPacks(quiet);
            for (const PackState &pack : packs ? *packs : QMap<QString, PackState>()) {
                const QString dir = QDir::cleanPath(above + u'/' + pack.path);
                if (workspace.root() != dir && !workspace.root().startsWith(dir + u'/'))
                    continue;
                return Error(ErrorKind::Usage, u"inside_pack"_s,
                             Message(QT_TRANSLATE_NOOP("Grex", "%1 is inside the pack '%2' of the "
                                                               "workspace %3; a workspace there "
                                                               "would clone into that pack"),
                                     {workspace.root(), pack.id, above}))
                    .withDetail(u"workspace"_s, above)
                    .withDetail(u"pack"_s, pack.id)
                    .withHint(Message(QT_TRANSLATE_NOOP(
                        "Grex", "grex already works here: run it from this folder, or any "
                                "folder of %1, to use that workspace"),
                                      {above}));
            }
        }
    }
    for (const QString &path : {workspace.manifestPath(), workspace.lockfilePath()}) {
        const QFileInfo info(path);
        if (info.exists() && !info.isFile()) {
            return Error(ErrorKind::Manifest, u"not_a_file"_s,
                         Message(QT_TRANSLATE_NOOP("Grex", "%1 exists but is not a file"), {path}))
                .withDetail(u"path"_s, path);
        }
    }

    Result<std::optional<FileLock>> lock = workspace.lockForWritingIf(!options.dryRun);
    if (!lock)
        return lock.error();

    // An existing log is read in full: init never builds on a corrupt one.
    QMap<QString, PackState> packs;
    if (workspace.isInitialised()) {
        Result<QMap<QString, PackState>> read = workspace.readPacks(ctx);
        if (!read)
            return read.error();
        packs = *read;
    }

    const QList<std::pair<QString, QString>> files{
        {QFileInfo(workspace.manifestPath()).fileName(), workspace.manifestPath()},
        {u"grex.lock.jsonl"_s, workspace.lockfilePath()}};
    for (const auto &[name, path] : files) {
        if (options.dryRun) {
            if (!QFileInfo::exists(path))
                report.created.append(name);
            continue;
        }
        Result<bool> created = createEmpty(path);
        if (!created)
            return created.error();
        if (*created)
            report.created.append(name);
    }

    if (!options.dryRun) {
        Result<void> block = Gitignore::upsertBlock(workspace.gitignorePath(),
                                                    QString::fromUtf16(Gitignore::WorkspaceOwner),
                                                    Gitignore::workspaceBody());
        if (!block)
            return block.error();
        if (setHooks) {
            Result<void> set =
                Git::setConfigString(workspace.root(), u"core.hooksPath"_s, *options.hooksPath);
            if (!set)
                return set.error();
        }
    }
    if (setHooks)
        report.hooks = options.hooksPath;

    if (!options.noClone) {
        QList<PackState> missing;
        for (const PackState &pack : packsInIdOrder(packs)) {
            if (!checkPackPath(pack.path)) {
                ctx.warn(Message(QT_TRANSLATE_NOOP("Grex", "pack '%1' has the invalid path '%2' "
                                                           "in grex.jsonl; not cloned"),
                                 {pack.id, pack.path}));
                continue;
            }
            if (!QFileInfo::exists(workspace.packDir(pack.path)))
                missing.append(pack);
        }
        if (options.dryRun) {
            for (const PackState &pack : missing)
                report.cloned.append(pack.id);
        } else {
            Result<QStringList> cloned = cloneMissingPacks(workspace, missing, ctx);
            if (!cloned)
                return cloned.error();
            report.cloned = *cloned;
        }
    }
    return report;
}

VerbSpec makeInitVerb()
{
    VerbSpec verb;
    verb.name = u"init"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Initialise a workspace");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Initialise a grex workspace.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Makes DIR (created when missing), the current directory or the directory of "
                "--manifest a grex workspace: "
                "creates grex.jsonl and grex.lock.jsonl when they are missing, never truncating "
                "existing ones, and adds grex's block to the workspace's .gitignore.\n\n"
                "When the workspace already registers packs whose directories are missing, as "
                "in a fresh clone of a workspace repository, init clones them without "
                "installing them (grex sync installs). Running init again is harmless.");
    verb.examples = {
        {"grex init", QT_TRANSLATE_NOOP("Grex", "Make the current directory a workspace.")},
        {"grex init ~/work", QT_TRANSLATE_NOOP("Grex", "Make ~/work a workspace, creating it.")},
        {"grex init --no-clone",
         QT_TRANSLATE_NOOP("Grex", "Initialise a cloned workspace without cloning its packs.")},
    };
    verb.idempotent = true;
    verb.openWorld = true;
    // Where, as git init DIR says it; an MCP server already has its workspace.
    ParamSpec directory = hinted(param(u"directory"_s, ParamType::String,
                                       QT_TRANSLATE_NOOP("Grex", "The folder to make a workspace "
                                                                 "(default: the current one)."),
                                       u"DIR"_s, false, true),
                                 ValueHint::Directory);
    directory.cliOnly = true;
    verb.icon = u"init"_s;
    verb.makesWorkspace = true;
    verb.params = {
        directory,
        param(u"noClone"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Do not clone registered packs whose directory is "
                                        "missing.")),
        hinted(param(u"hooksPath"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Set core.hooksPath of the workspace repository."),
                     u"DIR"_s),
               ValueHint::Directory),
        dryRunParam(),
    };
    bindInvoker<InitOptions, InitReport, init>(verb);
    return verb;
}

} // namespace Grex
