#include "core/exec/childenvironment.h"

#include "core/logging.h"

#include <QProcess>
#include <QStandardPaths>

#include <mutex>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// git 2.39's local_repo_env, for when git cannot be asked.
const QStringList &builtInVariables()
{
    static const QStringList names{
        u"GIT_ALTERNATE_OBJECT_DIRECTORIES"_s,
        u"GIT_CONFIG"_s,
        u"GIT_CONFIG_PARAMETERS"_s,
        u"GIT_CONFIG_COUNT"_s,
        u"GIT_OBJECT_DIRECTORY"_s,
        u"GIT_DIR"_s,
        u"GIT_WORK_TREE"_s,
        u"GIT_IMPLICIT_WORK_TREE"_s,
        u"GIT_GRAFT_FILE"_s,
        u"GIT_INDEX_FILE"_s,
        u"GIT_NO_REPLACE_OBJECTS"_s,
        u"GIT_REPLACE_REF_BASE"_s,
        u"GIT_PREFIX"_s,
        u"GIT_INTERNAL_SUPER_PREFIX"_s,
        u"GIT_SHALLOW_FILE"_s,
        u"GIT_COMMON_DIR"_s,
        u"GIT_QUARANTINE_PATH"_s,
    };
    return names;
}

// The -c settings of the person, which git hands to the repositories it enters.
bool isConfigSetting(const QString &name)
{
    return name == u"GIT_CONFIG_PARAMETERS" || name == u"GIT_CONFIG_COUNT";
}

// Asks the installed git for its list; a QProcess of its own, since ProcessSpec starts from
// childEnvironment() and would ask again.
QStringList askGit()
{
    const QString git = QStandardPaths::findExecutable(u"git"_s);
    if (git.isEmpty())
        return {};
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &name : builtInVariables())
        env.remove(name);
    env.insert(u"LC_ALL"_s, u"C"_s);
    QProcess process;
    process.setProcessEnvironment(env);
    process.setStandardInputFile(QProcess::nullDevice());
    process.start(git, {u"rev-parse"_s, u"--local-env-vars"_s});
    if (!process.waitForFinished(10000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        process.kill();
        process.waitForFinished(1000);
        qCDebug(lcGit, "git rev-parse --local-env-vars failed: using git 2.39's list");
        return {};
    }
    QStringList names;
    for (const QByteArray &line : process.readAllStandardOutput().split('\n')) {
        const QByteArray name = line.trimmed();
        if (name.startsWith("GIT_"))
            names.append(QString::fromLatin1(name));
    }
    return names;
}

} // namespace

const QStringList &gitRepositoryVariables()
{
    static QStringList names;
    static std::once_flag once;
    std::call_once(once, [] {
        names = builtInVariables();
        for (const QString &name : askGit()) {
            if (!names.contains(name))
                names.append(name);
        }
    });
    return names;
}

QProcessEnvironment childEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &name : gitRepositoryVariables()) {
        if (!isConfigSetting(name))
            env.remove(name);
    }
    return env;
}

} // namespace Grex
