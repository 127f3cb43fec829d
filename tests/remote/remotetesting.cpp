#include "remotetesting.h"

#include "support/testfiles.h"
#include "support/testservers.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QStandardPaths>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Grex::Test {

QByteArray baseGitConfig()
{
    return "[user]\n"
           "\tname = grex tests\n"
           "\temail = tests@grex.invalid\n"
           "[init]\n"
           "\tdefaultBranch = main\n"
           "[advice]\n"
           "\tdetachedHead = false\n";
}

QString show(const RunResult &result)
{
    return u"exit %1%2\nstdout: %3\nstderr: %4"_s.arg(result.exitCode)
        .arg(result.crashed ? u" (crashed or timed out)"_s : QString(), result.outText(),
             result.errText());
}

QJsonArray packsOf(const RunResult &result)
{
    const QJsonDocument document = result.json();
    if (document.isArray())
        return document.array();
    return document.object().value(u"packs"_s).toArray();
}

QJsonObject packIn(const RunResult &result, const QString &id)
{
    const QJsonArray packs = packsOf(result);
    for (const QJsonValue &pack : packs) {
        if (pack.toObject().value(u"id"_s).toString() == id)
            return pack.toObject();
    }
    return {};
}

QJsonObject errorOf(const RunResult &result)
{
    return result.json().object().value(u"error"_s).toObject();
}

QStringList stringsOf(const QJsonValue &value)
{
    QStringList strings;
    const QJsonArray array = value.toArray();
    for (const QJsonValue &item : array)
        strings.append(item.toString());
    return strings;
}

QByteArray manifestAddLine(const QString &id, const QString &url)
{
    const QJsonObject line{
        {u"op"_s, u"add"_s},
        {u"ts"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {u"id"_s, id},
        {u"url"_s, url},
        {u"path"_s, id},
        {u"type"_s, u"meta"_s},
        {u"schema_version"_s, u"1"_s},
    };
    return QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
}

bool appendFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::Append) && file.write(bytes) == bytes.size();
}

QStringList lockFilesUnder(const QString &dir)
{
    QStringList locks;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString name = QFileInfo(path).fileName();
        if (name.endsWith(u".lock"_s) || (name.startsWith(u".grex"_s) && name.endsWith(u"lock"_s)))
            locks.append(path);
    }
    return locks;
}

QString commitAndPushTask(const std::function<RunResult(const QStringList &)> &grex,
                          const QString &ws, const QString &task, const QStringList &packs,
                          RunResult *pushed)
{
    const RunResult started = grex(QStringList{u"task"_s, u"start"_s, task} + packs);
    if (started.exitCode != 0)
        return u"task start: "_s + show(started);
    for (const QString &pack : packs) {
        const QString file = u"%1/.grex-tasks/%2/%3/%2.txt"_s.arg(ws, task, pack);
        if (!writeFile(file, task.toUtf8() + "\n"))
            return u"cannot write "_s + file;
    }
    const RunResult committed = grex({u"task"_s, u"commit"_s, task, u"-m"_s, task});
    if (committed.exitCode != 0)
        return u"task commit: "_s + show(committed);
    *pushed = grex({u"task"_s, u"push"_s, task, u"--yes"_s, u"--json"_s});
    return {};
}

QString partialPushProblem(const RunResult &pushed, const QString &failedPack,
                           const QString &failedWords,
                           const std::function<QString(const QString &)> &remoteTip)
{
    // A push that failed in some packs prints its report, as one that went out does.
    const QJsonObject report = pushed.json().object();
    const QJsonArray packs = report.value(u"packs"_s).toArray();
    if (pushed.exitCode != 4 || report.value(u"failed"_s).toInt() != 1 ||
        report.value(u"pushed"_s).toInt() != packs.size() - 1)
        return u"not one failed push among the others: "_s + show(pushed);
    for (const QJsonValue &value : packs) {
        const QJsonObject pack = value.toObject();
        const QString id = pack.value(u"id"_s).toString();
        const QString tip = remoteTip(id);
        const bool failed = id == failedPack;
        if (pack.value(u"result"_s).toString() != (failed ? u"failed"_s : u"pushed"_s))
            return id + u": "_s + pack.value(u"result"_s).toString();
        if (failed && !pack.value(u"error"_s).toString().contains(failedWords))
            return id + u"'s error: "_s + pack.value(u"error"_s).toString();
        if (tip != (failed ? QString() : pack.value(u"sha"_s).toString()))
            return id + u"'s remote branch is at '"_s + tip + u"'"_s;
    }
    return {};
}

RunResult runShell(const QString &home, const QString &dir, const QString &script,
                   const QStringList &env)
{
    RunOptions options;
    options.workDir = dir;
    options.env = env;
    options.timeoutMs = 60000;
    return runIsolated(home, u"/bin/sh"_s, {u"-ec"_s, script}, options);
}

RunResult runGrexIn(const QString &home, const QString &workDir, const QStringList &args,
                    const QStringList &env)
{
    RunOptions options;
    options.workDir = workDir;
    options.env = env;
    options.timeoutMs = 60000;
    return runIsolated(home, grexBinary(), args, options);
}

RunResult runGitIn(const QString &home, const QString &workDir, const QStringList &args,
                   const QStringList &env)
{
    RunOptions options;
    options.workDir = workDir;
    // Plain git must not ask either, should the test run on a terminal.
    options.env = QStringList{u"GIT_TERMINAL_PROMPT=0"_s} + env;
    options.timeoutMs = 60000;
    return runIsolated(home, u"git"_s, args, options);
}

bool HomeCases::setUpHome(const QByteArray &gitconfig)
{
    QStandardPaths::setTestModeEnabled(true);
    m_tmp = std::make_unique<QTemporaryDir>();
    m_home = m_tmp->filePath(u"home"_s);
    return m_tmp->isValid() && QDir().mkpath(m_home) &&
           writeFile(m_home + u"/.gitconfig"_s, gitconfig);
}

} // namespace Grex::Test
