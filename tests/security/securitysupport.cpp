#include "securitysupport.h"

#include "support/grexrunner.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcessEnvironment>
#include <QTemporaryFile>
#include <QThread>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex::Test {

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString describe(const QString &path)
{
    struct stat st = {};
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return u"unreadable"_s;
    const QString mode = QString::number(st.st_mode & 07777, 8);
    if (S_ISLNK(st.st_mode)) {
        char target[4096];
        const ssize_t n = ::readlink(QFile::encodeName(path).constData(), target, sizeof target);
        return u"link -> "_s + QString::fromUtf8(target, n < 0 ? 0 : qsizetype(n));
    }
    if (S_ISDIR(st.st_mode))
        return u"dir mode "_s + mode;
    if (!S_ISREG(st.st_mode))
        return u"special mode "_s + mode;
    QCryptographicHash hash(QCryptographicHash::Md5); // to see a change, not to resist one
    QFile file(path);
    if (file.open(QIODevice::ReadOnly))
        hash.addData(&file);
    const qint64 mtime = qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    return u"file size %1 md5 %2 mode %3 mtime %4"_s.arg(qint64(st.st_size))
        .arg(QString::fromLatin1(hash.result().toHex().left(16)), mode, QString::number(mtime));
}

} // namespace

QMap<QString, QString> treeState(const QString &dir)
{
    QMap<QString, QString> state;
    state.insert(u"."_s, describe(dir));
    QDirIterator it(dir, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        state.insert(QDir(dir).relativeFilePath(path), describe(path));
    }
    return state;
}

TreeGuard::TreeGuard(const QStringList &dirs) : m_dirs(dirs)
{
    for (const QString &dir : dirs)
        m_before.append(treeState(dir));
}

QString TreeGuard::changes() const
{
    QStringList lines;
    for (qsizetype i = 0; i < m_dirs.size(); ++i) {
        const QMap<QString, QString> after = treeState(m_dirs.at(i));
        const QMap<QString, QString> &before = m_before.at(i);
        for (auto it = before.begin(); it != before.end(); ++it) {
            if (!after.contains(it.key()))
                lines.append(u"removed %1/%2"_s.arg(m_dirs.at(i), it.key()));
            else if (after.value(it.key()) != it.value())
                lines.append(u"changed %1/%2: %3 -> %4"_s.arg(m_dirs.at(i), it.key(), it.value(),
                                                              after.value(it.key())));
        }
        for (auto it = after.begin(); it != after.end(); ++it) {
            if (!before.contains(it.key()))
                lines.append(u"added %1/%2 (%3)"_s.arg(m_dirs.at(i), it.key(), it.value()));
        }
    }
    return lines.join(u'\n');
}

qint64 rssBoundKib(qint64 plainKib)
{
#if defined(__SANITIZE_ADDRESS__)
    return plainKib * 5 / 4 + sanitizedIdleKib();
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return plainKib * 5 / 4 + sanitizedIdleKib();
#endif
#endif
    return plainKib;
}

qint64 sanitizedIdleKib()
{
    // What an idle grex of this build holds (grex --version): the shadow of its code and data
    // grows with the program, so it is measured rather than assumed.
    static const qint64 idle = [] {
        const MeasuredRun run =
            runMeasured(QFile::encodeName(grexBinary()), {QByteArrayLiteral("--version")},
                        QDir::tempPath(), {}, 60000);
        return std::max<qint64>(run.peakRssKib, 160 * 1024);
    }();
    return idle;
}

qint64 peakRssKib(qint64 pid)
{
    const QByteArray status = readAll(u"/proc/%1/status"_s.arg(pid));
    const qsizetype at = status.indexOf("VmHWM:");
    if (at < 0)
        return 0;
    const qsizetype end = status.indexOf('\n', at);
    return status.mid(at + 6, end - at - 6).trimmed().split(' ').first().toLongLong();
}

MeasuredRun runMeasured(const QByteArray &program, const QByteArrayList &args,
                        const QString &workDir, const QStringList &env, int timeoutMs)
{
    MeasuredRun run;
    QTemporaryFile out;
    QTemporaryFile err;
    if (!out.open() || !err.open())
        return run;
    // Everything the child needs is built before fork: after it, only async-signal-safe calls.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &entry : env) {
        const qsizetype equals = entry.indexOf(u'=');
        environment.insert(entry.left(equals), entry.mid(equals + 1));
    }
    QByteArrayList envStrings;
    for (const QString &entry : environment.toStringList())
        envStrings.append(entry.toUtf8());
    std::vector<char *> envp;
    for (QByteArray &entry : envStrings)
        envp.push_back(entry.data());
    envp.push_back(nullptr);
    QByteArrayList argStrings{program};
    argStrings += args;
    std::vector<char *> argv;
    for (QByteArray &arg : argStrings)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    const QByteArray dir = QFile::encodeName(workDir);
    const int outFd = out.handle();
    const int errFd = err.handle();

    QElapsedTimer timer;
    timer.start();
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int nullFd = ::open("/dev/null", O_RDONLY);
        if (::chdir(dir.constData()) != 0 || nullFd < 0 || ::dup2(nullFd, 0) < 0 ||
            ::dup2(outFd, 1) < 0 || ::dup2(errFd, 2) < 0)
            ::_exit(127);
        ::execve(argv[0], argv.data(), envp.data());
        ::_exit(127);
    }
    if (pid < 0)
        return run;
    // The peak is read from /proc while it runs: wait4's ru_maxrss would count the copy of this
    // test process the child was before exec. VmHWM only grows, so the last reading before the
    // exit is (within a few milliseconds of work) the peak.
    const QString exe = QFileInfo(QFile::decodeName(program)).canonicalFilePath();
    const QString proc = u"/proc/%1/"_s.arg(pid);
    int status = 0;
    while (true) {
        if (QFileInfo(proc + u"exe"_s).canonicalFilePath() == exe)
            run.peakRssKib = qMax(run.peakRssKib, peakRssKib(pid));
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid)
            break;
        if (done < 0 && errno != EINTR)
            return run;
        if (timer.elapsed() > timeoutMs) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            run.crashed = true;
            break;
        }
        QThread::msleep(2);
    }
    run.elapsedMs = timer.elapsed();
    if (WIFSIGNALED(status))
        run.crashed = true;
    if (WIFEXITED(status))
        run.exitCode = WEXITSTATUS(status);
    out.seek(0);
    err.seek(0);
    run.out = out.readAll();
    run.err = err.readAll();
    return run;
}

McpStdio::McpStdio(const QString &workDir, const QStringList &arguments, const QStringList &env)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &entry : env) {
        const qsizetype equals = entry.indexOf(u'=');
        environment.insert(entry.left(equals), entry.mid(equals + 1));
    }
    m_process.setProcessEnvironment(environment);
    m_process.setWorkingDirectory(workDir);
    m_process.start(grexBinary(), QStringList{u"serve"_s} + arguments);
    if (!m_process.waitForStarted())
        return;
    const QJsonObject init =
        request(u"initialize"_s,
                {{u"protocolVersion"_s, u"2025-06-18"_s},
                 {u"capabilities"_s, QJsonObject()},
                 {u"clientInfo"_s, QJsonObject{{u"name"_s, u"tst"_s}, {u"version"_s, u"1"_s}}}});
    if (!init.contains(u"result"_s))
        return;
    write(QJsonDocument(
              QJsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/initialized"_s}})
              .toJson(QJsonDocument::Compact) +
          '\n');
    m_started = true;
}

McpStdio::~McpStdio()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished();
    }
}

void McpStdio::write(const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size() && m_process.state() == QProcess::Running) {
        const qint64 n = m_process.write(bytes.constData() + done, bytes.size() - done);
        if (n < 0)
            return;
        done += n;
        // Keep QProcess's buffer small: a long line is streamed, not held.
        while (m_process.bytesToWrite() > 1024 * 1024 && m_process.state() == QProcess::Running) {
            m_process.waitForBytesWritten(1000);
            readFrames();
        }
    }
}

QJsonObject McpStdio::request(const QString &method, const QJsonObject &params, int timeoutMs)
{
    const int id = m_nextId++;
    write(QJsonDocument(QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                    {u"id"_s, id},
                                    {u"method"_s, method},
                                    {u"params"_s, params}})
              .toJson(QJsonDocument::Compact) +
          '\n');
    return waitFor([id](const QJsonObject &o) { return o.value(u"id"_s) == QJsonValue(id); },
                   timeoutMs);
}

QJsonObject McpStdio::callTool(const QString &tool, const QJsonObject &arguments)
{
    return request(u"tools/call"_s, {{u"name"_s, tool}, {u"arguments"_s, arguments}});
}

QJsonObject McpStdio::response(const QJsonValue &id, int timeoutMs)
{
    return waitFor([&id](const QJsonObject &o) { return o.value(u"id"_s) == id; }, timeoutMs);
}

QJsonObject McpStdio::nextIdlessError(int timeoutMs)
{
    return waitFor(
        [](const QJsonObject &o) {
            return o.contains(u"error"_s) && (!o.contains(u"id"_s) || o.value(u"id"_s).isNull());
        },
        timeoutMs);
}

bool McpStdio::finish()
{
    m_process.closeWriteChannel();
    if (!m_process.waitForFinished(10000))
        return false;
    readFrames();
    return m_process.exitStatus() == QProcess::NormalExit && m_process.exitCode() == 0;
}

QByteArray McpStdio::stderrText()
{
    m_err += m_process.readAllStandardError();
    return m_err;
}

QJsonObject McpStdio::waitFor(const std::function<bool(const QJsonObject &)> &match, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (true) {
        for (qsizetype i = 0; i < m_frames.size(); ++i) {
            if (match(m_frames.at(i)))
                return m_frames.takeAt(i);
        }
        if (timer.elapsed() > timeoutMs || m_process.state() == QProcess::NotRunning)
            return {};
        m_process.waitForReadyRead(50);
        readFrames();
    }
}

void McpStdio::readFrames()
{
    m_pending += m_process.readAllStandardOutput();
    m_err += m_process.readAllStandardError();
    qsizetype newline;
    while ((newline = m_pending.indexOf('\n')) >= 0) {
        m_frames.append(QJsonDocument::fromJson(m_pending.left(newline)).object());
        m_pending.remove(0, newline + 1);
    }
}

ToolRefusal toolRefusal(const QJsonObject &response)
{
    ToolRefusal refusal;
    QJsonObject error = response.value(u"error"_s).toObject();
    const QJsonObject result = response.value(u"result"_s).toObject();
    if (result.value(u"isError"_s).toBool()) {
        const QString text =
            result.value(u"content"_s).toArray().first().toObject().value(u"text"_s).toString();
        error = QJsonDocument::fromJson(text.toUtf8()).object();
    }
    if (error.isEmpty())
        return refusal;
    refusal.code = error.value(u"code"_s).toInt();
    refusal.message = error.value(u"message"_s).toString();
    const QJsonObject data = error.value(u"data"_s).toObject();
    refusal.kind = data.value(u"kind"_s).toString();
    refusal.reason = data.value(u"reason"_s).toString();
    return refusal;
}

} // namespace Grex::Test
