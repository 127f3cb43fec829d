#pragma once

// What the tests of real remotes (tst_remotessh, tst_remoteshttps, tst_remotecontent) share:
// reading grex's --json reports, hand-written grex.jsonl lines and a shell for fixtures that
// plain git makes.

#include "support/grexrunner.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <functional>
#include <memory>

namespace Grex::Test {

// The .gitconfig a test HOME starts with: an identity, main as the default branch, no advice on
// detached HEADs.
QByteArray baseGitConfig();

// "exit N", then stdout and stderr, for failure messages.
QString show(const RunResult &result);

// The packs of a report: "packs" of a sync document, or the array status prints.
QJsonArray packsOf(const RunResult &result);
// The pack with this id in packsOf(result); empty when there is none.
QJsonObject packIn(const RunResult &result, const QString &id);
// The error object of a failed verb's --json document ({"verb":…,"error":{…}}).
QJsonObject errorOf(const RunResult &result);
// A JSON array of strings as a list.
QStringList stringsOf(const QJsonValue &value);

// A grex.jsonl "add" line as grex writes it, for a pack registered without grex add (a URL grex
// add refuses or cannot reach yet), ending in a newline.
QByteArray manifestAddLine(const QString &id, const QString &url);
// Appends bytes to a file.
bool appendFile(const QString &path, const QByteArray &bytes);

// A task as a person runs it over real remotes: `task start` over packs in ws, a new file in
// each pack's worktree, `task commit`, then `task push --yes --json`. Returns "" and *pushed
// (the push's run) when every step before the push succeeded, else what failed.
QString commitAndPushTask(const std::function<RunResult(const QStringList &)> &grex,
                          const QString &ws, const QString &task, const QStringList &packs,
                          RunResult *pushed);

// What is wrong with the --json report of a task push that failed in failedPack alone, with
// failedWords in its error, and went out in the others to the commit remoteTip(pack) names
// ("" when the remote has no such branch); "" when nothing is.
QString partialPushProblem(const RunResult &pushed, const QString &failedPack,
                           const QString &failedWords,
                           const std::function<QString(const QString &)> &remoteTip);

// How one transport's probe is driven by refMovesProblem: `grex <args>` in the workspace, plain
// git in the pack's clone (both as whoever owns it), and a shell script run in the bare remote
// (whose files are then given back to whoever serves them).
struct RefMoveDriver
{
    std::function<RunResult(const QStringList &)> grex;
    std::function<RunResult(const QStringList &)> gitInClone;
    std::function<RunResult(const QString &)> upstream;
    QString clone; // the path of the workspace's one pack, whose remote upstream changes
};

// Every way a remote's refs move, each met by `grex sync` (docs/design.md, "Fetching only what
// moved"): a sync with nothing new runs no git fetch, and a new commit, a tag alone, a force
// push, a new and a deleted branch, HEAD on another branch and a renamed default branch each
// reach the clone as git fetch would bring them. "" when all held, else what did not.
QString refMovesProblem(const RefMoveDriver &driver);

// Lock files left anywhere below dir: git's *.lock and grex's .grex-*lock, .grex.*lock.
QStringList lockFilesUnder(const QString &dir);

// Runs script with /bin/sh -e in dir, in isolatedEnvironment(home) plus env: fixtures made with
// plain git, as a person would type them.
RunResult runShell(const QString &home, const QString &dir, const QString &script,
                   const QStringList &env = {});

// The built grex in isolatedEnvironment(home) plus env, in workDir.
RunResult runGrexIn(const QString &home, const QString &workDir, const QStringList &args,
                    const QStringList &env = {});
// Plain git the same way, with GIT_TERMINAL_PROMPT=0.
RunResult runGitIn(const QString &home, const QString &workDir, const QStringList &args,
                   const QStringList &env = {});

// What a test that runs grex and git as a person would keeps: a temporary folder with a HOME
// in it, and the commands, run in that HOME. A test class derives from it after QObject.
class HomeCases
{
protected:
    // The folder, and its HOME with this .gitconfig; false when either cannot be made.
    bool setUpHome(const QByteArray &gitconfig = baseGitConfig());

    RunResult grex(const QString &ws, const QStringList &args, const QStringList &env = {}) const
    {
        return runGrexIn(m_home, ws, args, env);
    }
    RunResult git(const QString &dir, const QStringList &args) const
    {
        return runGitIn(m_home, dir, args);
    }
    RunResult shell(const QString &dir, const QString &script, const QStringList &env = {}) const
    {
        return runShell(m_home, dir, script, env);
    }

    std::unique_ptr<QTemporaryDir> m_tmp; // reset by cleanupTestCase: the cases' files go
    QString m_home;
};

} // namespace Grex::Test

// A command that must have succeeded (run once); the failure message shows what it printed.
#define GREX_VERIFY_RAN(expression)                                                                \
    do {                                                                                           \
        const ::Grex::Test::RunResult &grexRan_ = (expression);                                    \
        QVERIFY2(grexRan_.exitCode == 0 && !grexRan_.crashed,                                      \
                 qPrintable(::Grex::Test::show(grexRan_)));                                        \
    } while (false)
