#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QObject>
#include <QString>

class QLocalServer;
class QLocalSocket;

namespace Grex::Gui {

// One tools/call of a serve process, in flight or finished.
struct ServeCall
{
    int server = 0;
    QString key; // the call's JSON-RPC id as JSON text
    QString tool;
    QJsonObject arguments;
    QDateTime startedAt;
    qint64 progress = -1; // -1: no progress reported yet
    qint64 total = 0;
    QString message;
    QDateTime finishedAt;
    QString outcome; // "" while in flight; "ok", "error", "cancelled", "lost"
    QString error;
    QString client;                // the MCP client's name, kept for the history
    bool awaitingApproval = false; // the window is asking the person about it
    bool approvedByGrant = false;  // an "allow for this session" approved it without asking
};

// "Allow this tool for the rest of this session", given to one client of a serve process.
struct SessionGrant
{
    QString tool;
    QString grantee; // the server's name for the client (ApprovalOrigin::grantee)
    QString client;  // its name, as it gave it
    QDateTime at;
    friend bool operator==(const SessionGrant &, const SessionGrant &) = default;
};

// A `grex serve` process attached to the window.
struct ServeProcess
{
    int id = 0; // the window's own number for it
    qint64 pid = 0;
    QString host;
    QString transport;
    QString version;
    QString clientName; // from initialize; "" until then
    QString clientVersion;
    QDateTime startedAt;
    QDateTime attachedAt;
    QMap<QString, ServeCall> calls; // in flight, by key
    QList<SessionGrant> grants;     // what the person allowed for the rest of a client's session
};

// The window's end of the control socket (docs/control-socket.md): listens on the workspace's
// socket name, keeps what each attached serve process reports, and sends cancels and approval
// decisions back.
class ControlServer : public QObject
{
    Q_OBJECT

public:
    explicit ControlServer(QObject *parent = nullptr);
    ~ControlServer() override;

    // Listens for the workspace at root (closing any previous socket). Returns "" or why not:
    // another window already watches this workspace, or the socket cannot be created.
    QString listen(const QString &workspaceRoot);
    // Asks the window that watches this workspace, if one does, to come to the front; true when
    // one took the message. One window per workspace: a second grex-gui asks and exits.
    static bool askToRaise(const QString &workspaceRoot);
    void close();
    bool isListening() const;
    QString socketName() const;

    QList<ServeProcess> servers() const; // by attach order
    const ServeProcess *server(int id) const;
    QList<ServeCall> history() const; // finished calls, newest first, at most 200

    // Asks the server to stop a call; it answers the call with -32800.
    void cancelCall(int server, const QString &callKey);
    // Answers an approval request; forSession allows the tool for the rest of the session of
    // the client that asked (never another's), when the server could name that client.
    void answerApproval(int server, qint64 request, const QString &tool, bool approved,
                        bool forSession, const QString &reason = {});

    // Takes back an "allow for this session" of one client: the server asks again for its
    // next call.
    void revokeGrant(int server, const QString &tool, const QString &grantee);

Q_SIGNALS:
    void serversChanged();
    // A second grex-gui started on this workspace and asked this window to come forward.
    void raiseRequested();
    // A session grant approved a call without asking (message: call, client, tool, packs,
    // command).
    void grantUsed(int server, const QJsonObject &message);
    // The person took a session grant back (revokeGrant).
    void grantRevoked(int server, const Grex::Gui::SessionGrant &grant);
    // message: the "approval" message (client, tool, summary, packs, command, preview).
    void approvalRequested(int server, qint64 request, const QJsonObject &message);
    // The call stopped or the server went away before the answer: close the question.
    void approvalWithdrawn(int server, qint64 request);

private:
    struct Connection;
    void accept();
    void readFrom(Connection *connection);
    void handle(Connection *connection, const QJsonObject &message);
    void drop(Connection *connection);
    void send(int server, const QJsonObject &message);
    void setAwaiting(Connection *connection, qint64 request, bool awaiting);

    QLocalServer *m_server;
    QString m_link; // controlSocketLink, made by this window
    QList<Connection *> m_connections;
    QList<ServeCall> m_history;
    int m_nextId = 1;
};

} // namespace Grex::Gui
