#include "servechild.h"

#include "support/grexrunner.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;

namespace Grex::Test {

ServeChild::ServeChild(const QString &workspace, const QStringList &extra, const QStringList &unset)
{
    // The environment is the test's own, so that XDG_RUNTIME_DIR (and with it the control
    // socket's name) is the same on both ends, but for what `unset` names.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &name : unset)
        env.remove(name);
    m_process.setProcessEnvironment(env);
    QObject::connect(&m_process, &QProcess::readyReadStandardOutput, &m_process,
                     [this] { readFrames(); });
    QObject::connect(&m_process, &QProcess::readyReadStandardError, &m_process,
                     [this] { m_stderr += m_process.readAllStandardError(); });
    m_process.start(grexBinary(), QStringList{u"serve"_s, u"--workspace"_s, workspace} + extra);
    if (m_process.waitForStarted(10000))
        m_pid = m_process.processId();
    else
        qWarning("grex serve did not start: %s", qPrintable(m_process.errorString()));
}

ServeChild::~ServeChild()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    // End of input: the server stops its calls and leaves within its grace period.
    m_process.closeWriteChannel();
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

void ServeChild::send(const QJsonObject &message)
{
    m_process.write(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
}

void ServeChild::request(int id, const QString &method, const QJsonObject &params)
{
    send({{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"method"_s, method}, {u"params"_s, params}});
}

void ServeChild::callTool(int id, const QString &tool, const QJsonObject &arguments)
{
    request(id, u"tools/call"_s, {{u"name"_s, tool}, {u"arguments"_s, arguments}});
}

bool ServeChild::initialize(const QString &clientName, const QString &clientVersion)
{
    request(
        0, u"initialize"_s,
        {{u"protocolVersion"_s, u"2025-06-18"_s},
         {u"capabilities"_s, QJsonObject()},
         {u"clientInfo"_s, QJsonObject{{u"name"_s, clientName}, {u"version"_s, clientVersion}}}});
    if (!response(0).contains(u"result"_s))
        return false;
    send({{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/initialized"_s}});
    return true;
}

QJsonObject ServeChild::response(int id, int timeoutMs)
{
    // Ends early when the answer came or the server is gone.
    const bool ended = QTest::qWaitFor(
        [&] { return !find(id).isEmpty() || m_process.state() == QProcess::NotRunning; },
        timeoutMs);
    Q_UNUSED(ended);
    readFrames();
    return find(id);
}

bool ServeChild::hasResponse(int id)
{
    readFrames();
    return !find(id).isEmpty();
}

void ServeChild::kill()
{
    m_process.kill();
    m_process.waitForFinished(5000);
}

QByteArray ServeChild::describe(const QJsonObject &response) const
{
    QByteArray text = response.isEmpty() ? QByteArray("no response")
                                         : QJsonDocument(response).toJson(QJsonDocument::Compact);
    if (m_process.state() == QProcess::NotRunning)
        text += "; grex serve exited (" + QByteArray::number(m_process.exitCode()) + ')';
    return text + "; stderr: " + m_stderr.right(2000);
}

void ServeChild::readFrames()
{
    m_pending += m_process.readAllStandardOutput();
    qsizetype newline;
    while ((newline = m_pending.indexOf('\n')) >= 0) {
        m_frames.append(QJsonDocument::fromJson(m_pending.left(newline)).object());
        m_pending.remove(0, newline + 1);
    }
}

QJsonObject ServeChild::find(int id) const
{
    for (const QJsonObject &frame : m_frames) {
        if (frame.value(u"id"_s) == QJsonValue(id) &&
            (frame.contains(u"result"_s) || frame.contains(u"error"_s)))
            return frame;
    }
    return {};
}

QJsonDocument toolDocument(const QJsonObject &response)
{
    const QJsonArray content = response.value(u"result"_s).toObject().value(u"content"_s).toArray();
    return QJsonDocument::fromJson(content.at(0).toObject().value(u"text"_s).toString().toUtf8());
}

bool toolSucceeded(const QJsonObject &response)
{
    const QJsonValue result = response.value(u"result"_s);
    return result.isObject() && !result.toObject().value(u"isError"_s).toBool(true);
}

} // namespace Grex::Test
