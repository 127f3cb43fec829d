#include "core/verbs/packgit.h"

#include "core/engine/drift.h"
#include "core/git/fetcher.h"
#include "core/git/packgit.h"
#include "core/git/taskgit.h"
#include "core/git/worktree.h"
#include "core/operationcontext.h"
#include "core/verbs/verbparams.h"
#include "core/verbs/verbsupport.h"
#include "core/wire.h"
#include "core/workspace.h"

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

constexpr WireTable<PackGitAction, 5> kActionWords{{
    {PackGitAction::Switch, u"switch"},
    {PackGitAction::Stash, u"stash"},
    {PackGitAction::Discard, u"discard"},
    {PackGitAction::Commit, u"commit"},
    {PackGitAction::Push, u"push"},
}};

constexpr qsizetype kFileLimit = 200;

const QString kDone = u"done"_s;
const QString kWould = u"would"_s;
const QString kUnchanged = u"unchanged"_s;
const QString kFailed = u"failed"_s;

void fail(PackGitReport::Pack &pack, const Error &error)
{
    pack.result = kFailed;
    pack.error = error.message().text();
    pack.hint = error.hint().text();
}

// The entries of the packs the call names, in the order status lists them.
Result<QList<StatusEntry>> selectPacks(Workspace &workspace, const PackGitOptions &options,
                                       OperationContext &ctx)
{
    Result<QList<StatusEntry>> entries = inspectWorkspace(workspace, InspectOptions{}, ctx);
    if (!entries)
        return entries.error();
    // The packs named, resolved as every verb resolves a pack's name; children count.
    QList<PackName> names;
    for (const StatusEntry &e : std::as_const(*entries)) {
        if (!e.type.isEmpty())
            names.append({e.id, e.path});
    }
    QSet<QString> ids;
    for (const QString &word : options.packs) {
        Result<QString> id = resolvePackName(names, word);
        if (!id)
            return id.error();
        ids.insert(*id);
    }
    QList<StatusEntry> chosen;
    for (const StatusEntry &e : std::as_const(*entries)) {
        if (e.type.isEmpty() || !e.onDisk)
            continue; // a clone no pack accounts for, or one not cloned yet
        if (!ids.isEmpty() && !ids.contains(e.id))
            continue;
        if (!options.filter.isEmpty() &&
            !options.filter.matches(subjectOf(e, e.depth).withDrifts(e.drifts)))
            continue;
        chosen.append(e);
    }
    return chosen;
}

// The changed and untracked files of a clone, as "modified path".
void listFiles(PackGitReport::Pack &pack, const QString &dir)
{
    Result<Git::WorktreeChanges> changes = Git::readWorktreeChanges(dir, int(kFileLimit));
    if (!changes) {
        fail(pack, changes.error());
        return;
    }
    for (const Git::FileChange &file : std::as_const(changes->files))
        pack.files.append(file.state + u' ' + file.path);
    pack.moreFiles = changes->truncated;
}

// A detached HEAD, for the actions that need a branch: why not, and how to get one.
Error detachedHead(const char *why, const QString &id)
{
    return Error(ErrorKind::PackOp, u"detached"_s, Message(why))
        .withHint(
            Message(QT_TRANSLATE_NOOP("Grex", "switch to its branch first: grex switch %1"), {id}));
}

// What the action would do to one pack, read without changing it; switch and push also learn
// where the clone's remote is (target), which apply uses.
void plan(PackGitReport::Pack &pack, const StatusEntry &e, const PackGitOptions &options,
          const QString &dir, std::optional<Git::PushTarget> &target, Workspace &workspace,
          OperationContext &ctx)
{
    pack.branch = e.branch.value_or(QString());
    if (options.action == PackGitAction::Push && !e.branch) {
        return fail(pack, detachedHead(QT_TRANSLATE_NOOP("Grex", "HEAD is detached; there is no "
                                                                 "branch to push"),
                                       pack.id));
    }
    if (options.action == PackGitAction::Switch || options.action == PackGitAction::Push) {
        Result<Git::PushTarget> read = Git::pushTarget(dir);
        if (!read)
            return fail(pack, read.error());
        target = *read;
        pack.remote = read->remote;
    }
    const bool changed = e.changedFiles > 0 || e.untrackedFiles > 0;
    switch (options.action) {
    case PackGitAction::Switch:
        pack.from = e.branch ? *e.branch : e.sha.left(7);
        pack.branch = e.expectedBranch;
        if (options.toDefault) {
            pack.branch =
                !e.remoteDefaultBranch.isEmpty()
                    ? e.remoteDefaultBranch
                    : Git::remoteHeadBranch(dir, target->remote, target->url, ctx.stopToken());
        }
        if (pack.branch.isEmpty()) {
            return fail(pack, Error(ErrorKind::PackOp, u"no_branch"_s,
                                    options.toDefault
                                        ? Message(QT_TRANSLATE_NOOP("Grex", "the default branch "
                                                                            "of %1 is not known"),
                                                  {target->remote})
                                        : Message(QT_TRANSLATE_NOOP("Grex", "the pack follows no "
                                                                            "branch (its ref is "
                                                                            "a tag or commit)")))
                                  .withHint(Message(QT_TRANSLATE_NOOP(
                                      "Grex", "fetch first: grex status --fetch"))));
        }
        pack.result = e.branch == pack.branch ? kUnchanged : kWould;
        return;
    case PackGitAction::Stash:
    case PackGitAction::Discard:
    case PackGitAction::Commit:
        pack.result = changed ? kWould : kUnchanged;
        if (options.action == PackGitAction::Commit && changed && !e.branch) {
            return fail(pack, detachedHead(QT_TRANSLATE_NOOP("Grex", "HEAD is detached; a commit "
                                                                     "would belong to no branch"),
                                           pack.id));
        }
        if (changed)
            listFiles(pack, dir);
        return;
    case PackGitAction::Push:
        pack.sha = e.sha;
        if (e.upstream) {
            pack.commits = e.ahead;
            // What the person approves is what goes out, so the preview names the commits.
            if (Result<QList<Git::CommitLine>> log =
                    Git::commitRange(dir, *e.upstream, u"HEAD"_s, 20);
                log) {
                for (const Git::CommitLine &c : std::as_const(*log))
                    pack.log.append(c.sha.left(7) + u' ' + c.summary);
            }
        } else if (Result<LocalChanges> local = workspace.fetcher().localChanges(dir); local) {
            pack.commits = local->unpushed;
        }
        pack.result = pack.commits > 0 ? kWould : kUnchanged;
        return;
    }
}

// Does what plan found to do to one pack, with the remote plan read (switch, push).
Result<void> apply(PackGitReport::Pack &pack, const StatusEntry &e, const PackGitOptions &options,
                   const QString &dir, const std::optional<Git::PushTarget> &target,
                   OperationContext &ctx)
{
    const std::stop_token stop = ctx.stopToken();
    Result<void> done;
    switch (options.action) {
    case PackGitAction::Switch:
        done = Git::switchBranch(dir, pack.remote, pack.branch, stop);
        if (done && options.toDefault)
            done = Git::setRemoteHead(dir, pack.remote, pack.branch, stop);
        break;
    case PackGitAction::Stash: {
        const QString message = options.message.isEmpty() ? u"grex stash"_s : options.message;
        if (Result<bool> stashed = Git::stashAll(dir, message, stop); !stashed)
            done = stashed.error();
        break;
    }
    case PackGitAction::Discard:
        done = Git::discardAll(dir, stop);
        break;
    case PackGitAction::Commit: {
        Result<QString> sha = Git::commitAll(dir, options.message, stop);
        if (sha)
            pack.sha = *sha;
        else
            done = sha.error();
        break;
    }
    case PackGitAction::Push: {
        // To the branch it follows when it follows one on that remote ("main" tracking
        // origin/master goes to master), else to its own name.
        QString to;
        if (e.upstream && e.upstream->startsWith(pack.remote + u'/'))
            to = e.upstream->mid(pack.remote.size() + 1);
        done = Git::pushBranch(dir, dir, *target, pack.branch, stop, to);
        break;
    }
    }
    if (!done) {
        if (done.error().kind() == ErrorKind::Cancelled)
            return done.error();
        fail(pack, done.error());
        return {};
    }
    pack.result = kDone;
    return {};
}

Result<void> approve(Workspace &workspace, const PackGitReport &report,
                     const PackGitOptions &options, OperationContext &ctx)
{
    ApprovalRequest approval;
    approval.verb = report.action;
    QStringList what;
    for (const PackGitReport::Pack &p : report.packs) {
        if (p.result != kWould)
            continue;
        approval.packs.append(p.id);
        if (options.action == PackGitAction::Push) {
            what.append(u"%1 (%2 to %3)"_s.arg(p.id, p.branch, p.remote));
            continue;
        }
        // The summary names the first files; the preview lists them all.
        QStringList paths;
        for (const QString &file : p.files.mid(0, 3))
            paths.append(file.section(u' ', 1));
        if (p.files.size() > 3 || p.moreFiles)
            paths.append(u"…"_s);
        what.append(u"%1 (%2)"_s.arg(p.id, paths.join(u", "_s)));
    }
    approval.summary =
        options.action == PackGitAction::Push
            ? Message(QT_TRANSLATE_NOOP("Grex", "push %1"), {what.join(u", "_s)})
            : Message(QT_TRANSLATE_NOOP("Grex", "discard the changed and untracked files of %1"),
                      {what.join(u", "_s)});
    approval.preview = report.toJson();
    return requestApproval(
        workspace, approval,
        Message(QT_TRANSLATE_NOOP("Grex", "%1 was not approved"), {report.action}), ctx);
}

} // namespace

Result<PackGitOptions> PackGitOptions::fromJson(PackGitAction action, const QJsonObject &args)
{
    PackGitOptions options;
    options.action = action;
    options.packs = args.value(u"packs"_s).toVariant().toStringList();
    options.toDefault = args.value(u"toDefault"_s).toBool();
    options.dryRun = args.value(u"dryRun"_s).toBool();
    if (Result<void> filter = readFilter(args, options.filter); !filter)
        return filter.error();
    if (options.packs.isEmpty() && options.filter.isEmpty()) {
        return usageError(u"missing_argument"_s,
                          Message(QT_TRANSLATE_NOOP("Grex", "name the packs: PACK... or "
                                                            "--filter EXPR")));
    }
    Result<QString> message = readMessage(args, action == PackGitAction::Commit);
    if (!message)
        return message.error();
    options.message = *message;
    return options;
}

int PackGitReport::count(const QString &result) const
{
    return int(std::count_if(packs.begin(), packs.end(),
                             [&](const Pack &p) { return p.result == result; }));
}

JsonObject PackGitReport::toJson() const
{
    JsonArray list;
    for (const Pack &p : packs) {
        list.append(JsonObject{{u"id"_s, p.id},
                               {u"path"_s, p.path},
                               {u"result"_s, p.result},
                               {u"branch"_s, p.branch},
                               {u"from"_s, p.from},
                               {u"sha"_s, p.sha},
                               {u"remote"_s, p.remote},
                               {u"files"_s, JsonValue(p.files)},
                               {u"more_files"_s, p.moreFiles},
                               {u"commits"_s, qint64(p.commits)},
                               {u"log"_s, JsonValue(p.log)},
                               {u"error"_s, p.error},
                               {u"hint"_s, p.hint}});
    }
    return JsonObject{{u"action"_s, action},
                      {u"message"_s, message},
                      {u"packs"_s, list},
                      {u"done"_s, qint64(count(kDone))},
                      {u"failed"_s, qint64(count(kFailed))},
                      {u"dry_run"_s, dryRun}};
}

DocShape PackGitReport::shape()
{
    using S = DocShape;
    const DocShape pack = S::object(
        {field(u"id"_s, S::string(), "the pack"),
         field(u"path"_s, S::string(), "its folder in the workspace"),
         field(u"result"_s, S::string({kDone, kWould, kUnchanged, kFailed}),
               "what happened to it (would: a dry run)"),
         field(u"branch"_s, S::string(), "where it goes (switch, push) or is"),
         field(u"from"_s, S::string(), "switch: the branch or detached commit before"),
         field(u"sha"_s, S::string(), "commit: the new commit; push: the commit that goes out"),
         field(u"remote"_s, S::string(), "switch, push: the remote"),
         field(u"files"_s, S::array(S::string()),
               "stash, discard, commit: its changed and untracked files, \"modified path\""),
         field(u"more_files"_s, S::boolean(), "more files than the 200 listed"),
         field(u"commits"_s, S::integer(), "push: the commits that go out"),
         field(u"log"_s, S::array(S::string()),
               "push: those commits, \"1a2b3c4 Subject\", newest first, at most 20"),
         field(u"error"_s, S::string(), "why it failed; empty otherwise"),
         field(u"hint"_s, S::string(), "what to do about the failure; empty when nothing")});
    return S::object({field(u"action"_s, S::string(wireWords(kActionWords)), "the verb"),
                      field(u"message"_s, S::string(), "commit, stash: the message"),
                      field(u"packs"_s, S::array(pack), "the packs named"),
                      field(u"done"_s, S::integer(), "packs it was done to"),
                      field(u"failed"_s, S::integer(), "packs it failed for"),
                      field(u"dry_run"_s, S::boolean(), "nothing was changed")});
}

Result<PackGitReport> packGit(Workspace &workspace, const PackGitOptions &options,
                              OperationContext &ctx)
{
    // Push changes no checkout: a sync may run meanwhile, as git's own lock keeps the clone.
    const bool changesCheckouts = options.action != PackGitAction::Push && !options.dryRun;
    Result<std::optional<FileLock>> locked = workspace.lockForWritingIf(changesCheckouts);
    if (!locked)
        return locked.error();
    Result<QList<StatusEntry>> entries = selectPacks(workspace, options, ctx);
    if (!entries)
        return entries.error();
    PackGitReport report;
    report.action = wireWord(kActionWords, options.action);
    report.message = options.message;
    report.dryRun = options.dryRun;
    QList<std::optional<Git::PushTarget>> targets;
    for (const StatusEntry &e : std::as_const(*entries)) {
        PackGitReport::Pack pack;
        pack.id = e.id;
        pack.path = e.path;
        plan(pack, e, options, workspace.packDir(e.path), targets.emplace_back(), workspace, ctx);
        report.packs.append(pack);
    }
    const bool asks =
        options.action == PackGitAction::Discard || options.action == PackGitAction::Push;
    if (!options.dryRun && asks && report.count(kWould) > 0) {
        PackGitReport preview = report;
        preview.dryRun = true;
        if (Result<void> approved = approve(workspace, preview, options, ctx); !approved)
            return approved.error();
    }
    for (qsizetype i = 0; i < report.packs.size() && !options.dryRun; ++i) {
        PackGitReport::Pack &pack = report.packs[i];
        if (pack.result != kWould)
            continue;
        if (Result<void> stopped = checkCancelled(ctx); !stopped)
            return stopped.error();
        if (Result<void> applied = apply(pack, entries->at(i), options,
                                         workspace.packDir(pack.path), targets.at(i), ctx);
            !applied)
            return applied.error();
    }
    if (const int failed = report.count(kFailed); failed > 0) {
        return Error(ErrorKind::PackOp, report.action + u"_failed"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1 failed in %2 of %3 packs"),
                             {report.action, QString::number(failed),
                              QString::number(report.packs.size())}))
            .withDetail(u"report"_s, report.toJson());
    }
    return report;
}

namespace {

// Each verb's options: PackGitOptions read with the verb's own action.
template<PackGitAction Action>
struct ActionOptions : PackGitOptions
{
    static Result<ActionOptions> fromJson(const QJsonObject &args)
    {
        Result<PackGitOptions> options = PackGitOptions::fromJson(Action, args);
        if (!options)
            return options.error();
        return ActionOptions{*options};
    }
};

template<PackGitAction Action>
Result<PackGitReport> packGitAs(Workspace &workspace, const ActionOptions<Action> &options,
                                OperationContext &ctx)
{
    return packGit(workspace, options, ctx);
}

// What the five verbs share: the packs, the filter, --dry-run, the report and its failure.
template<PackGitAction Action>
VerbSpec packGitVerb(const char *title, const char *summary, const char *description,
                     QList<ParamSpec> own)
{
    VerbSpec verb;
    verb.name = wireWord(kActionWords, Action);
    verb.title = title;
    verb.summary = summary;
    verb.description = description;
    verb.locksWorkspace = Action != PackGitAction::Push;
    verb.failureCarriesReport = true;
    verb.params = {hinted(param(u"packs"_s, ParamType::StringArray,
                                QT_TRANSLATE_NOOP("Grex", "The packs (their ids or paths)."),
                                u"PACK..."_s, false, true),
                          ValueHint::Pack),
                   filterParam()};
    verb.params += own;
    verb.params.append(dryRunParam());
    bindInvoker<ActionOptions<Action>, PackGitReport, packGitAs<Action>>(verb);
    return verb;
}

ParamSpec messageParam(const char *help, bool required)
{
    ParamSpec message = param(u"message"_s, ParamType::String, help, u"TEXT"_s, required);
    message.shortName = u'm';
    return message;
}

} // namespace

VerbSpec makeSwitchVerb()
{
    VerbSpec verb = packGitVerb<PackGitAction::Switch>(
        QT_TRANSLATE_NOOP("Grex", "Switch packs to their branch"),
        QT_TRANSLATE_NOOP("Grex", "Check out the branch each pack follows."),
        QT_TRANSLATE_NOOP("Grex", "Checks out, in each pack named, the branch it follows: its "
                                  "ref when that is a branch, else the remote's default branch "
                                  "as the clone knows it. A branch the clone does not have yet "
                                  "is made from the remote's and tracks it. With --to-default, "
                                  "the remote's default branch instead, which is what a pack "
                                  "whose upstream branch was deleted or renamed needs; the "
                                  "clone then records it as the remote's default. git refuses "
                                  "when a change would be lost, and the report says so."),
        {param(u"toDefault"_s, ParamType::Boolean,
               QT_TRANSLATE_NOOP("Grex", "Switch to the remote's default branch."))});
    verb.examples = {
        {"grex switch api", QT_TRANSLATE_NOOP("Grex", "Put api back on the branch it follows.")},
        {"grex switch --filter drift=upstream_gone --to-default",
         QT_TRANSLATE_NOOP("Grex", "Move every pack whose upstream is gone to the remote's "
                                   "new default branch.")},
    };
    verb.icon = u"branch"_s;
    verb.confirmWord = QT_TRANSLATE_NOOP("Grex", "S&witch");
    return verb;
}

VerbSpec makeStashVerb()
{
    VerbSpec verb = packGitVerb<PackGitAction::Stash>(
        QT_TRANSLATE_NOOP("Grex", "Stash the changes of packs"),
        QT_TRANSLATE_NOOP("Grex", "Put the changes of packs aside in a git stash."),
        QT_TRANSLATE_NOOP("Grex", "Puts every change of each pack named, untracked files "
                                  "included, into a new git stash, which leaves its tree clean "
                                  "for a sync. git stash pop in the pack brings them back."),
        {messageParam(QT_TRANSLATE_NOOP("Grex", "The stash's message."), false)});
    verb.examples = {
        {"grex stash api -m 'Before the sync'",
         QT_TRANSLATE_NOOP("Grex", "Set api's changes aside.")},
    };
    verb.icon = u"stash"_s;
    verb.confirmWord = QT_TRANSLATE_NOOP("Grex", "&Stash");
    return verb;
}

VerbSpec makeDiscardVerb()
{
    VerbSpec verb = packGitVerb<PackGitAction::Discard>(
        QT_TRANSLATE_NOOP("Grex", "Discard the changes of packs"),
        QT_TRANSLATE_NOOP("Grex", "Throw away the changed and untracked files of packs."),
        QT_TRANSLATE_NOOP("Grex", "Puts every tracked file of each pack named back as its "
                                  "commit has it and deletes its untracked files; ignored files "
                                  "stay. What it throws away is gone, so it asks first and names "
                                  "the files; --dry-run lists them. Stash instead to keep "
                                  "them."),
        {});
    verb.examples = {
        {"grex discard api --dry-run",
         QT_TRANSLATE_NOOP("Grex", "List what discarding would throw away.")},
    };
    verb.destructive = true;
    verb.icon = u"discard"_s;
    verb.confirmWord = QT_TRANSLATE_NOOP("Grex", "&Discard");
    return verb;
}

VerbSpec makeCommitVerb()
{
    VerbSpec verb = packGitVerb<PackGitAction::Commit>(
        QT_TRANSLATE_NOOP("Grex", "Commit packs"),
        QT_TRANSLATE_NOOP("Grex", "Commit the changes of packs with one message."),
        QT_TRANSLATE_NOOP("Grex", "Stages every change of each pack named, untracked files "
                                  "included, and commits it on its branch with MESSAGE, using "
                                  "your own git, its identity and its hooks. Packs without "
                                  "changes are left alone; a pack whose HEAD is detached is "
                                  "refused."),
        {messageParam(QT_TRANSLATE_NOOP("Grex", "The commit message."), true)});
    verb.examples = {
        {"grex commit api web -m 'Bump the client'",
         QT_TRANSLATE_NOOP("Grex", "One commit in api and one in web.")},
        {"grex commit --filter drift=dirty -m 'Format'",
         QT_TRANSLATE_NOOP("Grex", "Commit in every pack with changes.")},
    };
    verb.icon = u"commit"_s;
    verb.confirmWord = QT_TRANSLATE_NOOP("Grex", "&Commit");
    return verb;
}

VerbSpec makePushVerb()
{
    VerbSpec verb = packGitVerb<PackGitAction::Push>(
        QT_TRANSLATE_NOOP("Grex", "Push packs"),
        QT_TRANSLATE_NOOP("Grex", "Push the branch of each pack to its remote."),
        QT_TRANSLATE_NOOP("Grex", "Pushes the checked-out branch of each pack named that has "
                                  "commits its remote lacks, to the branch it follows (or the "
                                  "same name) and makes that its upstream. The packs, "
                                  "branches and commits are approved once. git refuses what is "
                                  "not a fast-forward: sync or merge first."),
        {});
    verb.examples = {
        {"grex push api", QT_TRANSLATE_NOOP("Grex", "Publish api's commits.")},
        {"grex push --filter drift=ahead --dry-run",
         QT_TRANSLATE_NOOP("Grex", "Show what would be pushed where.")},
    };
    verb.openWorld = true;
    verb.typedCommandApproves = true;
    verb.icon = u"push"_s;
    verb.confirmWord = QT_TRANSLATE_NOOP("Grex", "&Push");
    return verb;
}

} // namespace Grex
