// Asking an HTTPS remote for its refs: one protocol v2 ls-refs request per pack, on connections
// kept open across the packs of a host (HTTP/2 where the server has it), with the settings git
// would use for the URL and credentials from `git credential fill` (docs/design.md, "Fetching
// only what moved"). A setting grex does not apply as git would sends the pack to git fetch.

#include "core/exec/processrunner.h"
#include "core/git/gitfetcher_p.h"
#include "core/git/remoteprobe_p.h"
#include "core/git/sshshare_p.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QPointer>
#include <QMutex>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QEventLoop>
#include <QThread>

#include <condition_variable>
#include <future>
#include <mutex>
#include <thread>

using namespace Qt::StringLiterals;

namespace Grex::GitImpl {

namespace {

// Connections are pooled per manager (six per host over HTTP/1.1); several managers let the
// network width of a sync reach one host at once.
constexpr int Managers = 4;
// The most of an answer read; the refs of the largest repositories fit many times over.
constexpr qint64 MaxAnswerBytes = 16 * 1024 * 1024;

constexpr QLatin1StringView DebianCaBundle("/etc/ssl/certs/ca-certificates.crt");

// What git would apply to a request for the URL that grex applies too.
struct HttpsSettings
{
    QString caFile; // http.sslCAInfo, GIT_SSL_CAINFO or libcurl's default bundle
    QList<std::pair<QByteArray, QByteArray>> headers; // http.extraHeader
    bool useHttpPath = false;                         // credential.useHttpPath
};

// http.* keys that change nothing in an ls-refs request grex makes.
bool harmlessHttpKey(const QByteArray &key)
{
    static const QByteArrayList keys{"http.postbuffer",  "http.lowspeedlimit",  "http.lowspeedtime",
                                     "http.maxrequests", "http.minsessions",    "http.version",
                                     "http.sslverify",   "http.sslcainfo",      "http.extraheader",
                                     "http.useragent",   "http.followredirects"};
    return keys.contains(key);
}

// The HTTPS settings of a clone (config is its config), or nullopt when git would do something
// grex does not: a proxy, client certificates, cookies, a CA folder, no verification, a per-URL
// http.*.
std::optional<HttpsSettings> httpsSettings(git_config *config)
{
    const QProcessEnvironment env = Git::gitEnvironment({});
    for (const QString &name :
         {u"http_proxy"_s, u"https_proxy"_s, u"HTTPS_PROXY"_s, u"all_proxy"_s, u"ALL_PROXY"_s,
          u"GIT_SSL_NO_VERIFY"_s, u"GIT_SSL_CAPATH"_s, u"GIT_SSL_CERT"_s, u"GIT_SSL_KEY"_s,
          u"GIT_PROXY_SSL_CAINFO"_s, u"GIT_CURL_VERBOSE"_s, u"GIT_TRACE_CURL"_s,
          u"GIT_HTTP_USER_AGENT"_s}) {
        if (env.contains(name))
            return std::nullopt;
    }
    HttpsSettings settings;
    bool usable = true;
    git_config_iterator *it = nullptr;
    if (git_config_iterator_glob_new(&it, config, "^(http|credential)\\.") != 0) {
        git_error_clear();
        return std::nullopt;
    }
    git_config_entry *entry = nullptr;
    while (usable && git_config_next(&entry, it) == 0) {
        const QByteArray name(entry->name);
        const QByteArray value(entry->value ? entry->value : "");
        if (name.startsWith("credential.")) {
            if (name.endsWith(".usehttppath"))
                settings.useHttpPath = QByteArrayList{"true", "yes", "on", "1"}.contains(value);
            continue;
        }
        if (name.count('.') > 1 || !harmlessHttpKey(name)) {
            usable = false; // a per-URL http.<url>.* or a setting grex cannot follow
        } else if (name == "http.sslverify") {
            usable = QByteArrayList{"true", "yes", "on", "1"}.contains(value.toLower());
        } else if (name == "http.sslcainfo") {
            settings.caFile = QString::fromUtf8(value);
        } else if (name == "http.extraheader") {
            // An empty value clears the headers configured before it, as git does.
            if (value.isEmpty()) {
                settings.headers.clear();
            } else {
                const qsizetype colon = value.indexOf(':');
                if (colon <= 0)
                    usable = false;
                else
                    settings.headers.append({value.left(colon), value.mid(colon + 1).trimmed()});
            }
        }
    }
    git_config_iterator_free(it);
    git_error_clear();
    if (!usable)
        return std::nullopt;
    if (const QString fromEnv = env.value(u"GIT_SSL_CAINFO"_s); !fromEnv.isEmpty())
        settings.caFile = fromEnv;
    // Debian's libcurl trusts this bundle when git names none (and ignores SSL_CERT_FILE, which
    // OpenSSL's own defaults, and so Qt's, would follow).
    if (settings.caFile.isEmpty() && QFileInfo::exists(DebianCaBundle))
        settings.caFile = DebianCaBundle;
    if (settings.caFile.startsWith(u"~/"_s))
        settings.caFile = QDir::homePath() + settings.caFile.mid(1);
    return settings;
}

// What a server answered, or failed true when no answer came.
struct Answer
{
    bool failed = false;
    int status = 0;
    QByteArray contentType;
    QByteArray body;
};

// One request in flight, shared by the thread that waits for it and the network thread.
struct Exchange
{
    std::mutex mutex;
    std::condition_variable done;
    bool finished = false;
    Answer answer;
    QPointer<QNetworkReply> reply; // touched in the network thread only
};

// The thread whose event loop runs the requests of every probe of the process, and its managers.
// A std::thread rather than a QThread: QThread::wait returns before the thread's thread-local
// destructors have run, among them OpenSSL's for the state Qt's TLS backend gave the thread, so
// a process could end with them still held; join waits for them.
struct Network
{
    QMutex mutex;
    std::thread thread;
    QEventLoop *loop = nullptr; // lives in thread
    QObject *context = nullptr; // lives in thread; the managers are its children
    QList<QNetworkAccessManager *> managers;
    int next = 0;
    QHash<QString, QList<QSslCertificate>> certificates; // by CA file, read in the thread
};

Network &network()
{
    static Network n;
    return n;
}

// The network thread's life: its managers, then its event loop until closeHttpsProbes.
void runNetwork(Network &n, std::promise<void> &ready)
{
    QThread::currentThread()->setObjectName(u"grex-https-probe"_s);
    QEventLoop loop;
    QObject context;
    for (int i = 0; i < Managers; ++i) {
        auto *manager = new QNetworkAccessManager(&context);
        manager->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
        manager->setProxy(QNetworkProxy::NoProxy);
        n.managers.append(manager);
    }
    n.loop = &loop;
    n.context = &context;
    ready.set_value();
    loop.exec();
}

// Starts the network thread when it is not running; the context to post requests to.
std::pair<QObject *, QNetworkAccessManager *> networkForRequest()
{
    Network &n = network();
    QMutexLocker locker(&n.mutex);
    if (!n.thread.joinable()) {
        // A process that never closed its scopes still ends the thread before Qt goes.
        static const bool registered = [] {
            qAddPostRoutine(closeHttpsProbes);
            return true;
        }();
        Q_UNUSED(registered);
        std::promise<void> ready;
        std::future<void> started = ready.get_future();
        n.thread = std::thread([&n, &ready] { runNetwork(n, ready); });
        started.wait();
    }
    QNetworkAccessManager *manager = n.managers.at(n.next);
    n.next = (n.next + 1) % Managers;
    return {n.context, manager};
}

// POSTs body to endpoint from the network thread and waits for the answer; nullopt when stop
// fired first (the request is aborted).
std::optional<Answer> post(const QUrl &endpoint, const HttpsSettings &settings,
                           const QByteArray &authorization, const QByteArray &body,
                           std::stop_token stop)
{
    if (QCoreApplication::instance() == nullptr)
        return std::nullopt;
    const auto [context, manager] = networkForRequest();
    auto exchange = std::make_shared<Exchange>();
    QNetworkAccessManager *const through = manager;
    QMetaObject::invokeMethod(context, [=] {
        QNetworkRequest request(endpoint);
        request.setRawHeader("Content-Type", "application/x-git-upload-pack-request");
        request.setRawHeader("User-Agent", "git/grex");
        request.setRawHeader("Accept", "application/x-git-upload-pack-result");
        request.setRawHeader("Git-Protocol", "version=2");
        if (!authorization.isEmpty())
            request.setRawHeader("Authorization", authorization);
        for (const auto &[name, value] : settings.headers)
            request.setRawHeader(name, value);
        request.setTransferTimeout(Git::networkTimeoutSeconds() * 1000);
        request.setAttribute(QNetworkRequest::Http2AllowedAttribute, true);
        if (!settings.caFile.isEmpty()) {
            Network &n = network();
            auto found = n.certificates.find(settings.caFile);
            if (found == n.certificates.end()) {
                found = n.certificates.insert(settings.caFile,
                                              QSslCertificate::fromPath(settings.caFile));
            }
            QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
            tls.setCaCertificates(*found);
            request.setSslConfiguration(tls);
        }
        QNetworkReply *reply = through->post(request, body);
        exchange->reply = reply;
        // A server that never stops answering is cut off as the SSH probe's output is.
        QObject::connect(reply, &QNetworkReply::downloadProgress, reply, [reply](qint64 got) {
            if (got > MaxAnswerBytes)
                reply->abort();
        });
        QObject::connect(reply, &QNetworkReply::finished, reply, [exchange, reply] {
            Answer answer;
            answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            answer.failed = answer.status == 0;
            answer.contentType = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
            answer.body = reply->readAll();
            reply->deleteLater();
            const std::lock_guard<std::mutex> guard(exchange->mutex);
            exchange->answer = std::move(answer);
            exchange->finished = true;
            exchange->done.notify_all();
        });
    });
    std::unique_lock<std::mutex> lock(exchange->mutex);
    while (!exchange->finished) {
        if (stop.stop_requested()) {
            // Posted after the request, so the network thread has made it by then.
            QMetaObject::invokeMethod(context, [exchange] {
                if (exchange->reply)
                    exchange->reply->abort();
            });
            return std::nullopt;
        }
        exchange->done.wait_for(lock, std::chrono::milliseconds(100));
    }
    return exchange->answer;
}

// Credentials of one URL (its host, with the path when credential.useHttpPath says so), asked
// of git's credential helpers once per process and kept in memory only.
struct Credentials
{
    QMutex mutex;
    QHash<QString, QByteArray> authorization; // key -> "Basic …"; "" when none could be had
};

Credentials &credentials()
{
    static Credentials c;
    return c;
}

QString credentialKey(const QUrl &url, const HttpsSettings &settings)
{
    QString key = url.scheme() + u"://"_s + url.host() + u':' + QString::number(url.port(443));
    if (settings.useHttpPath)
        key += url.path();
    return key + u'\n' + url.userName();
}

// "Basic …" from `git credential fill`, run without anything that could ask a person (helpers
// answer, or it fails); "" when no helper knows the URL.
QByteArray fillCredentials(const QString &dest, const QUrl &url, const HttpsSettings &settings,
                           std::stop_token stop)
{
    QByteArray input = "protocol=" + url.scheme().toUtf8() + "\nhost=" + url.host().toUtf8();
    if (url.port() > 0)
        input += ':' + QByteArray::number(url.port());
    input += '\n';
    if (settings.useHttpPath)
        input += "path=" + url.path().mid(1).toUtf8() + '\n';
    if (!url.userName().isEmpty())
        input += "username=" + url.userName().toUtf8() + '\n';
    ProcessSpec spec;
    spec.program = u"git"_s;
    spec.arguments = {u"-c"_s, u"core.askPass="_s, u"credential"_s, u"fill"_s};
    spec.workingDirectory = dest;
    spec.environment = Git::gitEnvironment({});
    spec.environment.remove(u"GIT_ASKPASS"_s);
    spec.input = input + '\n';
    spec.newSession = true;
    spec.stallTimeoutMs = qint64(Git::networkTimeoutSeconds()) * 1000;
    const Result<ProcessOutcome> filled = runProcess(spec, stop);
    if (!filled || filled->exitStatus != 0)
        return {};
    QByteArray user;
    QByteArray password;
    for (const QByteArray &line : filled->stdoutData.split('\n')) {
        if (line.startsWith("username="))
            user = line.mid(9);
        else if (line.startsWith("password="))
            password = line.mid(9);
    }
    if (user.isEmpty() && password.isEmpty())
        return {};
    const QByteArray pair = user + ':' + password;
    return "Basic " + pair.toBase64();
}

} // namespace

std::optional<RemoteRefs> httpsRemoteRefs(const QString &url, const QString &dest,
                                          git_config *config, std::stop_token stop)
{
    const QUrl parsed(url);
    if (!parsed.isValid() || (parsed.scheme() != u"https" && parsed.scheme() != u"http"))
        return std::nullopt;
    const std::optional<HttpsSettings> settings = httpsSettings(config);
    if (!settings)
        return std::nullopt;
    QUrl endpoint = parsed.adjusted(QUrl::RemoveUserInfo | QUrl::StripTrailingSlash);
    endpoint.setPath(endpoint.path() + u"/git-upload-pack"_s);
    QByteArray authorization;
    const QString key = credentialKey(parsed, *settings);
    const bool inUrl = !parsed.password().isEmpty();
    Credentials &c = credentials();
    if (inUrl) {
        authorization =
            "Basic " + (parsed.userName() + u':' + parsed.password()).toUtf8().toBase64();
    } else {
        QMutexLocker locker(&c.mutex);
        authorization = c.authorization.value(key);
    }
    const QByteArray request = lsRefsRequest();
    std::optional<Answer> answer = post(endpoint, *settings, authorization, request, stop);
    if (answer && answer->status == 401 && !inUrl) {
        // One question to the helpers per URL at a time: the others wait for its answer. A
        // password the server now refuses (changed since this process asked) is asked again.
        QMutexLocker locker(&c.mutex);
        if (!authorization.isEmpty() && c.authorization.value(key) == authorization)
            c.authorization.remove(key);
        if (!c.authorization.contains(key))
            c.authorization.insert(key, fillCredentials(dest, parsed, *settings, stop));
        const QByteArray asked = c.authorization.value(key);
        locker.unlock();
        if (asked.isEmpty() || asked == authorization)
            return std::nullopt;
        authorization = asked;
        answer = post(endpoint, *settings, authorization, request, stop);
    }
    if (!answer || answer->failed || answer->status != 200 ||
        answer->contentType != "application/x-git-upload-pack-result") {
        qCDebug(lcGit, "could not read the refs of %s over HTTPS (HTTP %d): fetching",
                qPrintable(redactUrl(url)), answer ? answer->status : 0);
        return std::nullopt;
    }
    return parseUploadPackAnswer(answer->body, false);
}

void closeHttpsProbes()
{
    Network &n = network();
    QMutexLocker locker(&n.mutex);
    if (!n.thread.joinable())
        return;
    QMetaObject::invokeMethod(n.context, [&n] {
        qDeleteAll(n.managers);
        n.managers.clear();
        n.certificates.clear();
        n.loop->quit();
    });
    n.thread.join();
    n.loop = nullptr;
    n.context = nullptr;
    n.next = 0;
}

} // namespace Grex::GitImpl
