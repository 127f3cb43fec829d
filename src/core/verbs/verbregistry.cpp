#include "core/verbs/verbregistry.h"

#include "core/actions/actionregistry.h"
#include "core/git/gitfetcher.h"
#include "core/operationcontext.h"
#include "core/verbs/add.h"
#include "core/verbs/doctor.h"
#include "core/verbs/exec.h"
#include "core/verbs/import.h"
#include "core/verbs/importformats.h"
#include "core/verbs/init.h"
#include "core/verbs/ls.h"
#include "core/verbs/rm.h"
#include "core/verbs/run.h"
#include "core/verbs/status.h"
#include "core/verbs/sync.h"
#include "core/verbs/tag.h"
#include "core/verbs/teardown.h"
#include "core/verbs/update.h"
#include "core/verbs/verbsupport.h"

#include <type_traits>
#include <utility>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// A core verb function as a VerbInvoker: its options from the arguments, its report as JSON.
template<typename Options, typename Report,
         Result<Report> (*Verb)(Workspace &, const Options &, OperationContext &)>
Result<JsonValue> adapt(Workspace &workspace, const QJsonObject &args, OperationContext &ctx)
{
    Result<Options> options = Options::fromJson(args);
    if (!options)
        return options.error();
    Result<Report> report = Verb(workspace, *options, ctx);
    if (!report)
        return report.error();
    return JsonValue(report->toJson());
}

// Sets the verb's invoker and records whether its document is a JSON object (an MCP tool's
// structuredContent and outputSchema need one).
template<typename Options, typename Report,
         Result<Report> (*Verb)(Workspace &, const Options &, OperationContext &)>
void bindInvoker(VerbSpec &verb)
{
    verb.invoke = adapt<Options, Report, Verb>;
    verb.objectResult =
        std::is_same_v<decltype(std::declval<const Report &>().toJson()), JsonObject>;
}

ParamSpec filterParam()
{
    ParamSpec p;
    p.name = u"filter"_s;
    p.type = ParamType::String;
    p.help = QT_TRANSLATE_NOOP("Grex", "Only packs matching EXPR, e.g. \"name=lib-*,drift=dirty\" "
                                       "(keys name, path, type, depth, url, drift, tag).");
    p.valueName = u"EXPR"_s;
    p.universal = true;
    return p;
}

ParamSpec dryRunParam()
{
    ParamSpec p;
    p.name = u"dryRun"_s;
    p.type = ParamType::Boolean;
    p.help = QT_TRANSLATE_NOOP("Grex", "Show what would happen without changing anything.");
    p.shortName = u'n';
    p.universal = true;
    return p;
}

ParamSpec parallelParam()
{
    ParamSpec p;
    p.name = u"parallel"_s;
    p.type = ParamType::Integer;
    p.help = QT_TRANSLATE_NOOP("Grex", "Work on up to N packs at once (0: no limit; default: "
                                       "GREX_PARALLEL or the number of CPUs, and for clones and "
                                       "fetches, which wait on the network, 4 per CPU and at "
                                       "least 16).");
    p.valueName = u"N"_s;
    p.universal = true;
    p.minimum = 0;
    p.maximum = 1024;
    return p;
}

ParamSpec param(const QString &name, ParamType type, const char *help, QString valueName = {},
                bool required = false, bool positional = false, bool nullable = false)
{
    ParamSpec p;
    p.name = name;
    p.type = type;
    p.help = help;
    p.valueName = std::move(valueName);
    p.required = required;
    p.positional = positional;
    p.nullable = nullable;
    return p;
}

// sync and update: submodules are left out for this run (add's --no-submodules records it).
ParamSpec submodulesParam()
{
    return param(u"noSubmodules"_s, ParamType::Boolean,
                 QT_TRANSLATE_NOOP("Grex", "Leave the packs' submodules as they are: neither "
                                           "clone nor update them in this run."));
}


ParamSpec hinted(ParamSpec p, ValueHint hint, QStringList choices = {})
{
    p.hint = hint;
    p.choices = std::move(choices);
    return p;
}

// The run verb's ACTION: its choices, their help and the list in its own help come from the
// action registry, so a new action is offered without a change here.
ParamSpec actionParam()
{
    ParamSpec p =
        param(u"action"_s, ParamType::String,
              QT_TRANSLATE_NOOP("Grex", "The action to run: %1 or %2."), u"ACTION"_s, true, true);
    p.helpArguments = builtinActions().publicNamesInSentence();
    for (const ActionPlugin *plugin : builtinActions().publicPlugins()) {
        p.choices.append(plugin->name());
        p.choiceHelp.append(plugin->help());
    }
    return p;
}

QStringList packTypes()
{
    return {u"meta"_s, u"declarative"_s, u"scripted"_s};
}

VerbSpec initSpec()
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

VerbSpec addSpec()
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
               ValueHint::None, packTypes()),
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

VerbSpec rmSpec()
{
    VerbSpec verb;
    verb.name = u"rm"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Remove a pack");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Unregister a pack and delete its directory.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Removes a registered pack: runs its teardown, which undoes what its actions "
                "installed, deletes its directory and those of its children that no other pack "
                "owns, and records the removal. It refuses to delete work that exists nowhere "
                "else (uncommitted changes, unpushed commits, stashes) unless --force is "
                "given.\n\n"
                "An rm that was interrupted is finished or undone by the next grex rm or grex "
                "sync.");
    verb.examples = {
        {"grex rm my-tools",
         QT_TRANSLATE_NOOP("Grex", "Tear down and delete a pack, after asking.")},
        {"grex rm old-notes --keep-files --yes",
         QT_TRANSLATE_NOOP("Grex", "Unregister a pack but keep its directory, without "
                                   "asking.")},
    };
    verb.destructive = true;
    verb.params = {
        hinted(param(u"path"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "The pack to remove (its path or id)."), u"PATH"_s,
                     true, true),
               ValueHint::Pack),
        param(u"keepFiles"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Unregister only; keep the directory.")),
        param(u"force"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Delete the directory even if it holds work that exists "
                                        "nowhere else (changes, commits, stashes).")),
        param(u"skipTeardown"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Remove without running the pack's teardown.")),

        dryRunParam(),
        parallelParam(),
    };
    bindInvoker<RmOptions, RmReport, rm>(verb);
    return verb;
}

VerbSpec tagSpec()
{
    VerbSpec verb;
    verb.name = u"tag"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Tag a pack");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Show, add or remove the tags of packs.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Without changes, shows the tags of registered packs. +TAG adds a tag and -TAG "
                "removes one, for every pack named and every registered pack --filter matches; "
                "the change is recorded in grex.jsonl. A word without + or - names a pack, so "
                "a word is never taken for a tag by mistake. A pack also has the tags of its own "
                "pack.yaml and of its parent's children entry, which only those files change.\n\n"
                "Every verb that takes --filter selects packs by tag: --filter tag=work, "
                "--filter 'tag=work|home', --filter tag!=slow. A tag is up to 40 letters, "
                "digits, '.', '_' and '-', starting with a letter or a digit; a pack has at most "
                "16.");
    verb.examples = {
        {"grex tag dotfiles", QT_TRANSLATE_NOOP("Grex", "Show the tags of dotfiles.")},
        {"grex tag dotfiles +home -work",
         QT_TRANSLATE_NOOP("Grex", "Tag dotfiles home, and no longer work.")},
        {"grex tag +work api web docs",
         QT_TRANSLATE_NOOP("Grex", "Tag three packs work.")},
        {"grex tag +vendor --filter 'path=vendor/**'",
         QT_TRANSLATE_NOOP("Grex", "Tag every pack under vendor/.")},
        {"grex sync --filter tag=work",
         QT_TRANSLATE_NOOP("Grex", "Sync only the packs tagged work.")},
    };
    verb.idempotent = true;
    ParamSpec changes =
        param(u"changes"_s, ParamType::StringArray,
              QT_TRANSLATE_NOOP("Grex", "+TAG to add a tag, -TAG to remove one, or more packs."),
              u"CHANGE..."_s, false, true);
    changes.signedWords = true;
    verb.params = {
        hinted(param(u"pack"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "The pack (its path or id)."), u"PACK"_s, false,
                     true),
               ValueHint::Pack),
        changes,
        filterParam(),
        dryRunParam(),
    };
    bindInvoker<TagOptions, TagsReport, tagPacks>(verb);
    return verb;
}

VerbSpec lsSpec()
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
    verb.params = {
        hinted(param(u"type"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Only packs of this type."), u"TYPE"_s),
               ValueHint::None, packTypes()),
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

VerbSpec syncSpec()
{
    VerbSpec verb;
    verb.name = u"sync"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Sync packs");
    verb.summary = QT_TRANSLATE_NOOP("Grex", "Sync all packs recursively.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Brings the whole workspace to what it declares, in parallel: clones missing "
                "packs and children, fetches and fast-forwards clean checkouts (a checkout with "
                "local changes or commits is left alone and reported), then installs each pack "
                "after its children and after the packs it depends_on. A pack whose commit and "
                "actions have not changed since its last install is skipped, so a second sync "
                "does nothing.\n\n"
                "With PACK_ROOT, sync works on that pack and its children instead (root-pack "
                "mode). A failure halts the run: the packs in flight finish, and nothing new "
                "starts. Ctrl-C stops it the same way, and the next sync carries on.");
    verb.examples = {
        {"grex sync", QT_TRANSLATE_NOOP("Grex", "Fetch, fast-forward and install every pack.")},
        {"grex sync --dry-run", QT_TRANSLATE_NOOP("Grex", "Show what a sync would do.")},
        {"grex sync --parallel 16 --keep-going",
         QT_TRANSLATE_NOOP("Grex", "Work on 16 packs at once, and go on past a failed pack.")},
        {"grex sync --only 'tools/*' --force",
         QT_TRANSLATE_NOOP("Grex", "Reinstall only the packs under tools/, changed or not.")},
    };
    verb.idempotent = true;
    verb.openWorld = true;
    verb.params = {
        hinted(param(u"packRoot"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Sync this pack and its children instead of the "
                                               "workspace (root-pack mode)."),
                     u"PACK_ROOT"_s, false, true),
               ValueHint::Directory),
        hinted(param(u"workspace"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Root-pack mode: where children are cloned "
                                               "(default: <pack_root>/.grex/workspace)."),
                     u"DIR"_s, false, false, true),
               ValueHint::Directory),
        param(u"ref"_s, ParamType::String,
              QT_TRANSLATE_NOOP("Grex", "Check out this ref in every pack but the root."), u"REF"_s,
              false, false, true),
        param(u"only"_s, ParamType::StringArray,
              QT_TRANSLATE_NOOP("Grex", "Run only packs whose workspace path matches this glob "
                                        "(repeatable)."),
              u"GLOB"_s),
        param(u"force"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Run every pack, even when its actions and commit did "
                                        "not change.")),
        param(u"noInstall"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Only fetch and clone; run no pack lifecycle.")),
        param(u"noRecursive"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Do not walk into children.")),
        submodulesParam(),
        param(u"noValidate"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Skip the plan validators (debugging only).")),
        param(u"keepGoing"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "After a failure, go on with packs that do not build on "
                                        "the failed one.")),
        dryRunParam(),
        parallelParam(),
        filterParam(),
    };
    bindInvoker<SyncOptions, LifecycleReport, sync>(verb);
    return verb;
}

VerbSpec updateSpec()
{
    VerbSpec verb;
    verb.name = u"update"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Update packs");
    verb.summary =
        QT_TRANSLATE_NOOP("Grex", "Update one or more packs (re-resolve refs, reinstall).");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Fetches and re-resolves each pack's ref as sync does, then reinstalls the packs "
                "whose commit or actions changed since their last install (all of them with "
                "--force), and says why for each: new, sha-changed, hash-changed, forced, "
                "interrupted (the last install was cut off) or "
                "none. With PACK, only that pack and its children.");
    verb.examples = {
        {"grex update dotfiles",
         QT_TRANSLATE_NOOP("Grex", "Update one pack and reinstall it if it changed.")},
        {"grex update --force", QT_TRANSLATE_NOOP("Grex", "Reinstall every pack.")},
        {"grex update dotfiles --ref trunk",
         QT_TRANSLATE_NOOP("Grex", "Make the pack follow the branch trunk from now on (after "
                                   "its remote renamed master to trunk) and switch to it.")},
    };
    verb.openWorld = true;
    verb.params = {
        hinted(param(u"pack"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Update only this registered pack and its "
                                               "children."),
                     u"PACK"_s, false, true, true),
               ValueHint::Pack),
        param(u"force"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Reinstall every pack, changed or not.")),
        submodulesParam(),
        param(u"ref"_s, ParamType::String,
              QT_TRANSLATE_NOOP("Grex", "With PACK: the branch, tag or commit the pack follows "
                                        "from now on; recorded in grex.jsonl and checked out "
                                        "(a branch of the remote as a tracking branch) unless "
                                        "the working tree has changes."),
              u"REF"_s),
        param(u"only"_s, ParamType::StringArray,
              QT_TRANSLATE_NOOP("Grex", "Run only packs whose workspace path matches this glob "
                                        "(repeatable)."),
              u"GLOB"_s),
        dryRunParam(),
        parallelParam(),
        filterParam(),
    };
    bindInvoker<UpdateOptions, UpdateReport, update>(verb);
    return verb;
}

VerbSpec teardownSpec()
{
    VerbSpec verb;
    verb.name = u"teardown"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Tear packs down");
    verb.summary = QT_TRANSLATE_NOOP(
        "Grex", "Undo what packs installed, parents first; keep them registered and cloned.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Undoes what packs installed, parents before children: removes the symlinks, "
                "environment entries and directories their actions made, or runs their teardown "
                "hooks. The packs stay registered and cloned, and grex sync installs them again. "
                "teardown is not an MCP tool.");
    verb.examples = {
        {"grex teardown --dry-run",
         QT_TRANSLATE_NOOP("Grex", "Show what tearing down every pack would undo.")},
        {"grex teardown --filter name=dotfiles",
         QT_TRANSLATE_NOOP("Grex", "Undo what one pack installed.")},
    };
    verb.mcpTool = false;
    verb.params = {
        hinted(param(u"packRoot"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Tear down this pack and its children instead of "
                                               "the workspace (root-pack mode)."),
                     u"PACK_ROOT"_s, false, true),
               ValueHint::Directory),
        hinted(param(u"workspace"_s, ParamType::String,
                     QT_TRANSLATE_NOOP("Grex", "Root-pack mode: where the children are."), u"DIR"_s,
                     false, false, true),
               ValueHint::Directory),
        param(u"noValidate"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Skip the plan validators (debugging only).")),
        dryRunParam(),
        parallelParam(),
        filterParam(),
    };
    bindInvoker<TeardownOptions, LifecycleReport, teardown>(verb);
    return verb;
}

VerbSpec statusSpec()
{
    VerbSpec verb;
    verb.name = u"status"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Show pack status");
    verb.summary =
        QT_TRANSLATE_NOOP("Grex", "Show what drifted: local changes, missing or stale packs, "
                                  "commits ahead or behind.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Shows, for every pack, how it drifted from what grex installed: missing "
                "(registered but not on disk), dirty (tracked files changed), stale (not "
                "installed, or installed from another commit or other actions), behind or ahead "
                "of its upstream, or untracked (a clone in the workspace that is not "
                "registered). A pack with none of these is clean.\n\n"
                "status reads local state only, so behind is as of the last fetch, which it "
                "shows; --fetch first fetches every pack in parallel, changing no working tree. "
                "With --fail-on-drift it exits with 7 when any pack is not clean, for scripts "
                "and CI.");
    verb.examples = {
        {"grex status", QT_TRANSLATE_NOOP("Grex", "What drifted, pack by pack.")},
        {"grex status --fail-on-drift --json",
         QT_TRANSLATE_NOOP("Grex", "In a script: one JSON document, and exit 7 when anything "
                                   "drifted.")},
        {"grex status --fetch",
         QT_TRANSLATE_NOOP("Grex", "Fetch every pack first, then show what is new upstream.")},
        {"grex status --filter 'drift=dirty|behind'",
         QT_TRANSLATE_NOOP("Grex", "Only the packs with local changes or new upstream "
                                   "commits.")},
    };
    verb.readOnly = true; // --fetch updates remote-tracking refs, never a working tree
    verb.idempotent = true;
    verb.openWorld = true; // --fetch talks to the remotes
    verb.params = {
        param(u"long"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Also show install times and who holds each pack's "
                                        "lock.")),
        param(u"staleAfter"_s, ParamType::String,
              QT_TRANSLATE_NOOP("Grex", "Count packs installed longer ago than this as stale "
                                        "(7d, 12h, 30m)."),
              u"DURATION"_s),
        param(u"failOnDrift"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Exit with 7 when any pack is not clean.")),
        param(u"fetch"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Fetch every pack first, in parallel (no working tree "
                                        "changes), then report.")),
        parallelParam(),
        filterParam(),
    };
    bindInvoker<StatusOptions, StatusReport, status>(verb);
    return verb;
}

VerbSpec doctorSpec()
{
    VerbSpec verb;
    verb.name = u"doctor"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Check the workspace");
    verb.summary = QT_TRANSLATE_NOOP(
        "Grex", "Check the workspace for damage and drift; repair what can be repaired.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Checks the workspace for damage and drift: grex.jsonl and grex.lock.jsonl, the "
                ".gitignore blocks, registered packs missing on disk, unregistered directories, "
                "lock files of processes that are gone, and work an interrupted grex left "
                "unfinished. Each finding says what to do about it.\n\n"
                "With --fix, doctor repairs what is marked fixable and lists what it changed; it "
                "never touches a pack's files or the intent log. --compact rewrites grex.jsonl "
                "to its shortest equivalent and drops the lockfile entries of packs that are "
                "gone. doctor exits with 0 when all is well, 7 when it found something, and 3 "
                "when grex.jsonl is damaged.");
    verb.examples = {
        {"grex doctor", QT_TRANSLATE_NOOP("Grex", "Check the workspace.")},
        {"grex doctor --fix", QT_TRANSLATE_NOOP("Grex", "Check it and repair what can be "
                                                        "repaired.")},
    };
    verb.idempotent = true;
    // The doctor tool only looks; repairs are for a person at the CLI or window.
    verb.readOnly = true;
    verb.toolReturnsReport = true;
    ParamSpec fix = param(u"fix"_s, ParamType::Boolean,
                          QT_TRANSLATE_NOOP("Grex", "Repair what is marked fixable (.gitignore "
                                                    "blocks, stale lock files) and list what "
                                                    "changed."));
    fix.cliOnly = true;
    ParamSpec compact =
        param(u"compact"_s, ParamType::Boolean,
              QT_TRANSLATE_NOOP("Grex", "Compact grex.jsonl and drop orphan lockfile entries."));
    compact.cliOnly = true;
    verb.params = {fix, compact, parallelParam(), filterParam()};
    bindInvoker<DoctorOptions, DoctorReport, doctor>(verb);
    return verb;
}

VerbSpec importSpec()
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
        {"grex import --from default.xml --base-url https://android.googlesource.com/platform/manifest",
         QT_TRANSLATE_NOOP("Grex", "Import a repo manifest whose remotes are relative to "
                                   "where it came from.")},
    };
    verb.idempotent = true;
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
               ValueHint::None, packTypes()),
        dryRunParam(),
        parallelParam(),
    };
    bindInvoker<ImportOptions, ImportReport, importPacks>(verb);
    return verb;
}

VerbSpec runSpec()
{
    VerbSpec verb;
    verb.name = u"run"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Run an action");
    verb.summary =
        QT_TRANSLATE_NOOP("Grex", "Run the actions of one kind (symlink, exec, ...) of every "
                                  "matching pack.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Runs only the actions named ACTION of every matching pack, and those inside a "
                "when block whose condition holds, without updating the lockfile and without "
                "skipping unchanged packs: grex run symlink re-creates the symlinks, for "
                "example.");
    verb.examples = {
        {"grex run symlink", QT_TRANSLATE_NOOP("Grex", "Re-create every pack's symlinks.")},
        {"grex run exec --filter name=dotfiles --yes",
         QT_TRANSLATE_NOOP("Grex", "Run one pack's exec actions again, from a script.")},
    };
    verb.destructive = true;
    verb.typedCommandApproves = true;
    verb.params = {
        actionParam(),
        dryRunParam(),
        parallelParam(),
        filterParam(),
    };
    bindInvoker<RunActionOptions, RunActionReport, runAction>(verb);
    return verb;
}

VerbSpec execSpec()
{
    VerbSpec verb;
    verb.name = u"exec"_s;
    verb.title = QT_TRANSLATE_NOOP("Grex", "Run a command in packs");
    verb.summary =
        QT_TRANSLATE_NOOP("Grex", "Run a command in the directory of every matching pack.");
    verb.description = QT_TRANSLATE_NOOP(
        "Grex", "Runs a command in the directory of every matching pack, in parallel, and "
                "prints its output grouped by pack. It exits with 4 when the command failed in "
                "any pack. Put -- before the command when it has options of its own.");
    verb.examples = {
        {"grex exec -- git log -1 --oneline",
         QT_TRANSLATE_NOOP("Grex", "The last commit of every pack.")},
        {"grex exec --filter drift=dirty -- git diff --stat",
         QT_TRANSLATE_NOOP("Grex", "What changed in the packs with local changes.")},
        {"grex exec --shell --yes -- 'git stash list | wc -l'",
         QT_TRANSLATE_NOOP("Grex", "A shell pipeline in every pack, without asking.")},
    };
    verb.destructive = true;
    verb.typedCommandApproves = true;
    verb.openWorld = true;
    ParamSpec shell = param(u"shell"_s, ParamType::Boolean,
                            QT_TRANSLATE_NOOP("Grex", "Join the command and its arguments and "
                                                      "run them with sh -c."));
    shell.cliOnly = true;
    verb.params = {
        hinted(param(u"cmd"_s, ParamType::StringArray,
                     QT_TRANSLATE_NOOP("Grex", "The program to run and its arguments (put -- "
                                               "before them when they have options)."),
                     u"CMD..."_s, true, true),
               ValueHint::Command),
        shell,
        dryRunParam(),
        parallelParam(),
        filterParam(),
    };
    bindInvoker<ExecOptions, ExecReport, execInPacks>(verb);
    return verb;
}

// The verbs, in help order.
QList<VerbSpec> buildRegistry()
{
    return {initSpec(),     addSpec(),    rmSpec(),     tagSpec(),   lsSpec(),
            statusSpec(),   syncSpec(),   updateSpec(), teardownSpec(), doctorSpec(),
            importSpec(),   runSpec(),    execSpec()};
}

} // namespace

const QList<VerbSpec> &verbRegistry()
{
    static const QList<VerbSpec> registry = buildRegistry();
    return registry;
}

const QList<ParamSpec> &universalParams()
{
    static const QList<ParamSpec> params{dryRunParam(), parallelParam(), filterParam()};
    return params;
}

const VerbSpec *findVerb(const QString &name)
{
    for (const VerbSpec &verb : verbRegistry()) {
        if (verb.name == name)
            return &verb;
    }
    return nullptr;
}

Result<JsonValue> invokeVerb(const VerbSpec &verb, Workspace &workspace, const QJsonObject &args,
                             OperationContext &ctx)
{
    if (Result<void> valid = verb.validateArguments(args); !valid)
        return valid.error();
    // A call's own `parallel` argument sets the width of that call alone; the verbs without the
    // parameter never get one past validateArguments.
    if (args.value(u"parallel"_s).isDouble())
        ctx.setWidth(Width::chosen(args.value(u"parallel"_s).toInt()));
    // The SSH connections a verb shares end with it, or with the last verb running beside it.
    const SshConnectionScope connections;
    return verb.invoke(workspace, args, ctx);
}

} // namespace Grex
