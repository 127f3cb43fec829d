#include "mcp/control.h"

#include "core/logging.h"
#include "core/timestamp.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QHostInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalSocket>
#include <QSet>
#include <QThread>
#include <QTimer>

#include <condition_variable>
#include <mutex>

#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

ApprovalDelegate::~ApprovalDelegate() = default;

namespace {

// The 16 hex digits that name a workspace's socket: a hash of its canonical path.
QString socketHash(const QString &workspaceRoot)
{
    QString canonical = QFileInfo(workspaceRoot).canonicalFilePath();
    if (canonical.isEmpty())
        canonical = QDir::cleanPath(QDir(workspaceRoot).absolutePath());
    return QString::fromLatin1(
        QCryptographicHash::hash(canonical.toUtf8(), QCryptographicHash::Sha256).toHex().left(16));
}

QString runtimeSocket(const QString &runtime, const QString &hash)
{
    const QFileInfo info(runtime);
    if (runtime.isEmpty() || !info.isDir() || !info.isWritable())
        return {};
    return runtime + u"/grex-"_s + hash + u".sock"_s;
}

QString temporarySocket(const QString &hash)
{
    return QDir::tempPath() + u"/grex-%1-"_s.arg(::getuid()) + hash + u".sock"_s;
}

} // namespace

QString controlSocketName(const QString &workspaceRoot)
{
    const QString hash = socketHash(workspaceRoot);
    const QString runtime = runtimeSocket(qEnvironmentVariable("XDG_RUNTIME_DIR"), hash);
    return runtime.isEmpty() ? temporarySocket(hash) : runtime;
}

QString controlSocketLink(const QString &workspaceRoot)
{
    const QString link = temporarySocket(socketHash(workspaceRoot));
    return link == controlSocketName(workspaceRoot) ? QString() : link;
}

QStringList controlSocketCandidates(const QString &workspaceRoot)
{
    const QString hash = socketHash(workspaceRoot);
    QStringList names{controlSocketName(workspaceRoot)};
    for (const QString &name :
         {runtimeSocket(u"/run/user/%1"_s.arg(::getuid()), hash), temporarySocket(hash)}) {
        if (!name.isEmpty() && !names.contains(name))
            names.append(name);
    }
    return names;
}

namespace {

// Arguments as the window lists them: whole when small, else a note of their size, so that a
// 16 MiB tool call never makes a control line the window has to drop.
constexpr qsizetype kMaxShownArguments = 64 * 1024;

QJsonObject shownArguments(const QJsonObject &arguments)
{
    const qsizetype size = QJsonDocument(arguments).toJson(QJsonDocument::Compact).size();
    if (size <= kMaxShownArguments)
        return arguments;
    return QJsonObject{{u"_omitted"_s, u"%1 bytes of arguments"_s.arg(size)}};
}

} // namespace

class ControlClient::Private
{
public:
    struct Approval
    {
        enum class State { Waiting, Answered, Detached } state = State::Waiting;
        QString tool;    // what "for the rest of this session" allows
        QString grantee; // and to whom
        bool approved = false;
        bool forSession = false;
        QString reason;
    };

    QStringList candidates; // controlSocketCandidates
    QString socketName;     // the one connected to; on the control thread
    QJsonObject hello;
    std::function<void(const QByteArray &)> cancel;
    std::function<void(const QString &, const QString &)> revoked;

    mutable std::mutex mutex;
    std::condition_variable_any changed;
    bool closed = false;
    bool attached = false;
    bool lastAttemptFailed = false;     // a socket is there, but nobody took the connection
    QJsonObject client;                 // the "client" message, once initialize arrived
    QHash<QByteArray, QJsonObject> calls; // in flight, as "call" messages with the last progress
    QHash<qint64, std::shared_ptr<Approval>> approvals;
    qint64 nextApproval = 1;
    // "Allow this tool for the rest of this session": the tools of each grantee.
    QHash<QString, QSet<QString>> grants;

    QThread thread;
    QObject *context = nullptr; // lives on thread; parent of the socket and the timer
    QLocalSocket *socket = nullptr;

    // Queues a message for the control thread. Called with mutex held and closed false, so
    // that nothing is queued after close() queued the end of the thread.
    void post(QJsonObject message)
    {
        QMetaObject::invokeMethod(
            context, [this, message = std::move(message)] { write(message); },
            Qt::QueuedConnection);
    }

    // On the control thread from here on.
    void setUp()
    {
        socket = new QLocalSocket(context);
        auto *timer = new QTimer(context);
        timer->setInterval(1000);
        QObject::connect(timer, &QTimer::timeout, context, [this] { tryConnect(); });
        QObject::connect(socket, &QLocalSocket::connected, context, [this] { onConnected(); });
        QObject::connect(socket, &QLocalSocket::disconnected, context,
                         [this] { onDisconnected(); });
        QObject::connect(socket, &QLocalSocket::readyRead, context, [this] { onReadyRead(); });
        QObject::connect(socket, &QLocalSocket::errorOccurred, context, [this] {
            {
                std::lock_guard lock(mutex);
                lastAttemptFailed = true;
            }
            changed.notify_all(); // nobody waits for a window that did not take the connection
        });
        timer->start();
        tryConnect();
    }

    // The first of the candidates where a window of this user listens, as the path to
    // connect to; "" when none. In the shared temporary directory anybody can make an entry,
    // so the entry itself must be this user's (which nobody else can replace there), and a
    // link is followed here, once, to a socket of this user's.
    QString listening() const
    {
        for (const QString &name : candidates) {
            const QByteArray path = QFile::encodeName(name);
            struct stat entry = {};
            if (::lstat(path.constData(), &entry) != 0 || entry.st_uid != ::getuid())
                continue;
            QString target = name;
            if (S_ISLNK(entry.st_mode)) {
                target = QFileInfo(name).symLinkTarget();
                struct stat socketEntry = {};
                if (target.isEmpty() ||
                    ::lstat(QFile::encodeName(target).constData(), &socketEntry) != 0 ||
                    socketEntry.st_uid != ::getuid() || !S_ISSOCK(socketEntry.st_mode))
                    continue;
            } else if (!S_ISSOCK(entry.st_mode)) {
                continue;
            }
            return target;
        }
        return {};
    }

    void tryConnect()
    {
        if (socket->state() != QLocalSocket::UnconnectedState)
            return;
        socketName = listening();
        if (!socketName.isEmpty())
            socket->connectToServer(socketName);
    }

    void write(const QJsonObject &message)
    {
        if (socket == nullptr || socket->state() != QLocalSocket::ConnectedState)
            return;
        socket->write(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
    }

    void onConnected()
    {
        QList<QJsonObject> replay;
        {
            std::lock_guard lock(mutex);
            if (closed) {
                socket->abort();
                return;
            }
            attached = true;
            lastAttemptFailed = false;
            changed.notify_all(); // an approval may wait for the window to be there
            replay.append(hello);
            if (!client.isEmpty())
                replay.append(client);
            for (const QJsonObject &call : std::as_const(calls))
                replay.append(call);
        }
        qCInfo(lcCore, "attached to the grex window at %s", qUtf8Printable(socketName));
        for (const QJsonObject &message : std::as_const(replay))
            write(message);
    }

    void onDisconnected()
    {
        {
            std::lock_guard lock(mutex);
            if (attached)
                qCInfo(lcCore, "the grex window went away");
            attached = false;
            // What a person allowed in that window is not carried over to the next one.
            grants.clear();
            for (const std::shared_ptr<Approval> &approval : std::as_const(approvals)) {
                if (approval->state == Approval::State::Waiting)
                    approval->state = Approval::State::Detached;
            }
        }
        changed.notify_all();
    }

    void onReadyRead()
    {
        while (socket->canReadLine()) {
            const QByteArray line = socket->readLine(kMaxControlLine).trimmed();
            if (line.isEmpty())
                continue;
            QJsonParseError error;
            const QJsonDocument document = QJsonDocument::fromJson(line, &error);
            if (error.error != QJsonParseError::NoError || !document.isObject()) {
                qCWarning(lcCore, "the grex window sent a line that is not a JSON object; "
                                  "disconnecting");
                socket->abort();
                return;
            }
            handle(document.object());
        }
        if (socket->bytesAvailable() > kMaxControlLine) {
            qCWarning(lcCore, "the grex window sent a line longer than %lld bytes; disconnecting",
                      qlonglong(kMaxControlLine));
            socket->abort();
        }
    }

    void handle(const QJsonObject &message)
    {
        const QString type = message.value(u"type"_s).toString();
        if (type == u"cancel") {
            const QByteArray key = message.value(u"call"_s).toString().toUtf8();
            qCInfo(lcCore, "the grex window cancels call %s", key.constData());
            if (cancel)
                cancel(key);
        } else if (type == u"decision") {
            {
                std::lock_guard lock(mutex);
                const auto it = approvals.constFind(message.value(u"request"_s).toInteger());
                if (it == approvals.constEnd() || (*it)->state != Approval::State::Waiting)
                    return;
                (*it)->state = Approval::State::Answered;
                (*it)->approved = message.value(u"approved"_s).toBool();
                (*it)->reason = message.value(u"reason"_s).toString();
                // Only to the client that asked, and never to one that cannot be told apart.
                if ((*it)->approved && message.value(u"forSession"_s).toBool() &&
                    !(*it)->grantee.isEmpty()) {
                    grants[(*it)->grantee].insert((*it)->tool);
                    (*it)->forSession = true;
                }
            }
            changed.notify_all();
        } else if (type == u"revoke") {
            // The person took back an "allow for this session": the next call asks again. A
            // window that names no grantee takes the tool back from every client.
            const QString tool = message.value(u"tool"_s).toString();
            const QString grantee = message.value(u"grantee"_s).toString();
            QStringList ended;
            {
                std::lock_guard lock(mutex);
                for (auto it = grants.begin(); it != grants.end(); ++it) {
                    if ((grantee.isEmpty() || it.key() == grantee) && it->remove(tool))
                        ended.append(it.key());
                }
            }
            for (const QString &who : std::as_const(ended)) {
                qCInfo(lcCore, "the grex window revokes the session grant of %s for %s",
                       qUtf8Printable(tool), qUtf8Printable(who));
                if (revoked)
                    revoked(tool, who);
            }
        }
        // Other types are ignored: a newer window may send more.
    }
};

ControlClient::ControlClient(const QString &workspaceRoot, const QString &transport,
                             std::function<void(const QByteArray &)> cancel,
                             std::function<void(const QString &, const QString &)> revoked)
    : d(std::make_unique<Private>())
{
    d->candidates = controlSocketCandidates(workspaceRoot);
    d->cancel = std::move(cancel);
    d->revoked = std::move(revoked);
    d->hello = QJsonObject{
        {u"type"_s, u"hello"_s},
        {u"protocol"_s, kControlProtocolVersion},
        {u"pid"_s, QCoreApplication::applicationPid()},
        {u"host"_s, QHostInfo::localHostName()},
        {u"transport"_s, transport},
        {u"workspace"_s, workspaceRoot},
        {u"version"_s, QStringLiteral(GREX_VERSION)},
        {u"startedAt"_s, Timestamp::now().toString()},
    };
    d->context = new QObject;
    d->context->moveToThread(&d->thread);
    d->thread.setObjectName(u"grex-control"_s);
    d->thread.start();
    QMetaObject::invokeMethod(d->context, [this] { d->setUp(); }, Qt::QueuedConnection);
}

ControlClient::~ControlClient()
{
    close();
}

void ControlClient::close()
{
    {
        std::lock_guard lock(d->mutex);
        if (d->closed)
            return;
        d->closed = true;
        d->attached = false;
        for (const std::shared_ptr<Private::Approval> &approval : std::as_const(d->approvals)) {
            if (approval->state == Private::Approval::State::Waiting)
                approval->state = Private::Approval::State::Detached;
        }
    }
    d->changed.notify_all();
    // Flush what is queued, then end the thread; the socket dies with its context.
    QMetaObject::invokeMethod(
        d->context,
        [this] {
            if (d->socket->state() == QLocalSocket::ConnectedState) {
                d->socket->flush();
                d->socket->disconnectFromServer();
            }
            delete d->context;
            d->context = nullptr;
            d->socket = nullptr;
            QThread::currentThread()->quit();
        },
        Qt::QueuedConnection);
    d->thread.wait();
}

void ControlClient::clientInitialized(const QString &name, const QString &version)
{
    QJsonObject message{{u"type"_s, u"client"_s}, {u"name"_s, name}, {u"version"_s, version}};
    {
        std::lock_guard lock(d->mutex);
        if (d->closed)
            return;
        d->client = message;
        d->post(std::move(message));
    }
}

void ControlClient::callStarted(const QByteArray &callKey, const QString &tool,
                                const QJsonObject &arguments, const QString &client)
{
    QJsonObject message{{u"type"_s, u"call"_s},
                        {u"call"_s, QString::fromUtf8(callKey)},
                        {u"tool"_s, tool},
                        {u"client"_s, client},
                        {u"arguments"_s, shownArguments(arguments)},
                        {u"startedAt"_s, Timestamp::now().toString()}};
    {
        std::lock_guard lock(d->mutex);
        if (d->closed)
            return;
        d->calls.insert(callKey, message);
        d->post(std::move(message));
    }
}

void ControlClient::callProgress(const QByteArray &callKey, qint64 progress, qint64 total,
                                 const QString &message)
{
    QJsonObject report{{u"type"_s, u"progress"_s},
                       {u"call"_s, QString::fromUtf8(callKey)},
                       {u"progress"_s, progress},
                       {u"total"_s, total},
                       {u"message"_s, message}};
    {
        std::lock_guard lock(d->mutex);
        if (d->closed)
            return;
        const auto it = d->calls.find(callKey);
        if (it == d->calls.end())
            return;
        // A window attaching later sees the call where it is now.
        it->insert(u"progress"_s, progress);
        it->insert(u"total"_s, total);
        it->insert(u"message"_s, message);
        d->post(std::move(report));
    }
}

void ControlClient::callFinished(const QByteArray &callKey, const QString &outcome,
                                 const QString &message)
{
    std::lock_guard lock(d->mutex);
    if (d->closed || d->calls.remove(callKey) == 0)
        return;
    d->post(QJsonObject{{u"type"_s, u"done"_s},
                        {u"call"_s, QString::fromUtf8(callKey)},
                        {u"outcome"_s, outcome},
                        {u"message"_s, message},
                        {u"finishedAt"_s, Timestamp::now().toString()}});
}

bool ControlClient::waitAttached(std::chrono::milliseconds timeout, std::stop_token stop)
{
    std::unique_lock lock(d->mutex);
    if (d->attached || d->closed || d->lastAttemptFailed || d->listening().isEmpty())
        return d->attached;
    d->changed.wait_for(lock, stop, timeout,
                        [this] { return d->attached || d->closed || d->lastAttemptFailed; });
    return d->attached;
}

bool ControlClient::attached() const
{
    std::lock_guard lock(d->mutex);
    return !d->closed && d->attached;
}

std::optional<ApprovalDecision> ControlClient::granted(const ApprovalRequest &request,
                                                       const ApprovalOrigin &origin)
{
    std::lock_guard lock(d->mutex);
    if (d->closed || !d->attached || origin.grantee.isEmpty() ||
        !d->grants.value(origin.grantee).contains(request.verb))
        return std::nullopt;
    qCInfo(lcCore, "%s approved: the window allowed it for the rest of the session of %s",
           qUtf8Printable(request.verb), qUtf8Printable(origin.grantee));
    // The window marks the call and logs it: a grant is an approval people can audit.
    d->post(QJsonObject{{u"type"_s, u"granted"_s},
                        {u"call"_s, QString::fromUtf8(origin.callKey)},
                        {u"client"_s, origin.clientName},
                        {u"grantee"_s, origin.grantee},
                        {u"tool"_s, request.verb},
                        {u"packs"_s, QJsonArray::fromStringList(request.packs)},
                        {u"command"_s, QJsonArray::fromStringList(request.command)},
                        {u"at"_s, Timestamp::now().toString()}});
    return ApprovalDecision::approve(u"grant"_s);
}

std::optional<ApprovalDecision> ControlClient::approve(const ApprovalRequest &request,
                                                       const ApprovalOrigin &origin,
                                                       std::stop_token stop)
{
    if (std::optional<ApprovalDecision> grant = granted(request, origin))
        return grant;
    std::unique_lock lock(d->mutex);
    if (d->closed || !d->attached)
        return std::nullopt;
    QJsonObject question{{u"type"_s, u"approval"_s},
                        {u"call"_s, QString::fromUtf8(origin.callKey)},
                        {u"client"_s, origin.clientName},
                        {u"clientVersion"_s, origin.clientVersion},
                        {u"grantee"_s, origin.grantee},
                        {u"tool"_s, request.verb},
                        {u"summary"_s, request.summary.text()},
                        // The window shows it in its own language.
                        {u"summarySource"_s, QString::fromUtf8(request.summary.sourceText())},
                        {u"summaryArguments"_s,
                         QJsonArray::fromStringList(request.summary.arguments())},
                        {u"packs"_s, QJsonArray::fromStringList(request.packs)},
                        {u"command"_s, QJsonArray::fromStringList(request.command)},
                        {u"preview"_s, JsonValue(request.preview).toQJsonValue().toObject()}};
    if (QJsonDocument(question).toJson(QJsonDocument::Compact).size() > kMaxControlLine / 2)
        question.insert(u"preview"_s, QJsonObject()); // the preview is the part to give up
    if (QJsonDocument(question).toJson(QJsonDocument::Compact).size() > kMaxControlLine / 2) {
        // The person must see exactly what runs; what cannot be shown is not run.
        return ApprovalDecision::refuse(
            Message(QT_TRANSLATE_NOOP("Grex", "the request is too large for the grex window to "
                                              "show, so it was not approved")));
    }
    const qint64 number = d->nextApproval++;
    question.insert(u"request"_s, number);
    auto approval = std::make_shared<Private::Approval>();
    approval->tool = request.verb;
    approval->grantee = origin.grantee;
    d->approvals.insert(number, approval);
    d->post(std::move(question));
    d->changed.wait(lock, stop,
                    [&] { return approval->state != Private::Approval::State::Waiting; });
    d->approvals.remove(number);
    const Private::Approval result = *approval;
    if (result.state == Private::Approval::State::Waiting) {
        // Stopped while the question was open: take it off the screen.
        if (!d->closed)
            d->post(QJsonObject{{u"type"_s, u"withdrawn"_s}, {u"request"_s, number}});
        return ApprovalDecision::refuse(
            Message(QT_TRANSLATE_NOOP("Grex", "the call was cancelled while the window was "
                                              "asking for approval")));
    }
    if (result.state == Private::Approval::State::Detached)
        return std::nullopt; // the window went away: the next rule decides
    if (result.approved) {
        ApprovalDecision decision = ApprovalDecision::approve(u"window"_s);
        decision.grantsSession = result.forSession;
        return decision;
    }
    if (result.reason.isEmpty())
        return ApprovalDecision::refuse(
            Message(QT_TRANSLATE_NOOP("Grex", "denied in the grex window")), u"window"_s);
    return ApprovalDecision::refuse(
        Message(QT_TRANSLATE_NOOP("Grex", "denied in the grex window: %1"), {result.reason}),
        u"window"_s);
}

} // namespace Grex::Mcp
