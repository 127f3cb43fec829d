#pragma once

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace Grex::Test {

// A `grex serve --workspace WS` child spoken to over its pipes, for tests that also run the
// window's end of the control socket in the same thread: every wait spins the event loop, so
// the ControlServer keeps reading while the test waits for an MCP answer.
class ServeChild
{
public:
    // unset: variables of the test's environment the serve does not get.
    explicit ServeChild(const QString &workspace, const QStringList &extra = {},
                        const QStringList &unset = {});
    ~ServeChild(); // closes stdin and waits for the exit; kills after a few seconds
    ServeChild(const ServeChild &) = delete;
    ServeChild &operator=(const ServeChild &) = delete;

    bool started() const { return m_process.state() == QProcess::Running; }
    qint64 pid() const { return m_pid; }
    QProcess &process() { return m_process; }

    void send(const QJsonObject &message);
    void request(int id, const QString &method, const QJsonObject &params = {});
    void callTool(int id, const QString &tool, const QJsonObject &arguments = {});
    // initialize (with this clientInfo) and notifications/initialized; false when the answer
    // does not come.
    bool initialize(const QString &clientName = QStringLiteral("tst-client"),
                    const QString &clientVersion = QStringLiteral("1.2"));

    // The response to the request with this id; an empty object when none came in time.
    QJsonObject response(int id, int timeoutMs = 20000);
    // Whether the response to id arrived already (does not wait).
    bool hasResponse(int id);

    void kill();
    QString stderrText() const { return QString::fromUtf8(m_stderr); }
    // For failure messages: the response, whether the server still runs, and its stderr.
    QByteArray describe(const QJsonObject &response) const;

private:
    void readFrames();
    QJsonObject find(int id) const;

    QProcess m_process;
    qint64 m_pid = 0;
    QByteArray m_pending;
    QByteArray m_stderr;
    QList<QJsonObject> m_frames;
};

// For a serve whose calls wait for the window's answer, as cases of a person answering at the
// window want: a client that cannot be asked otherwise gets waiting_for_approval at once.
inline const QStringList WaitForTheWindow{QStringLiteral("--approval-wait"), QStringLiteral("600")};

// The document a tools/call result carries as its text (a tool error's {code, message, data}
// too).
QJsonDocument toolDocument(const QJsonObject &response);
// Whether the response is a tools/call result that is not an error.
bool toolSucceeded(const QJsonObject &response);

} // namespace Grex::Test
