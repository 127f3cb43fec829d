#include "gui/operationrunner.h"

#include "text/reporttext.h"

#include "core/error.h"
#include "core/errorkind.h"
#include "core/i18n.h"
#include "core/operationcontext.h"
#include "core/verbs/verbregistry.h"
#include "core/workspace.h"

#include <QFuture>
#include <QFutureWatcher>
#include <QMutex>
#include <QJsonDocument>
#include <QtConcurrent/QtConcurrentRun>

#include <sys/resource.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

namespace {

// How much less CPU a background run asks for than the window (nice(1): 19 is the least).
constexpr int kBackgroundNice = 10;

// The window confirmed before it started the verb.
class ConfirmedApproval : public ApprovalPolicy
{
public:
    ApprovalDecision approve(const ApprovalRequest &, std::stop_token) override
    {
        return ApprovalDecision::approve(u"window"_s);
    }
};

} // namespace

// Turns the engine's events into the runner's signals, from the worker thread.
class OperationRunner::Sink : public EventSink
{
public:
    explicit Sink(OperationRunner *runner) : m_runner(runner) {}

    void warning(const Message &message) override
    {
        Q_EMIT m_runner->logLine(u"warning"_s, message.displayText());
    }
    void phase(const QString &name) override { Q_EMIT m_runner->phaseChanged(name); }
    void progress(qint64 done, qint64 total, const Message &message) override
    {
        Q_EMIT m_runner->progressed(done, total, message.displayText());
    }
    void stepFinished(const JsonObject &step) override
    {
        Text::Options options;
        options.stepDetails = true;
        Q_EMIT m_runner->logLine(u"step"_s, Text::stepLine(step, options));
    }
    // Packs in flight go to the progress line, not the log: the summary says what became of
    // each, so the log keeps only the steps.
    void packStarted(const QString &pack, const QString &activity) override
    {
        QMutexLocker locker(&m_mutex);
        m_active.started(pack, activity);
        Q_EMIT m_runner->packsInFlight(m_active.text());
    }
    void packReceived(const QString &pack, qint64 bytes) override
    {
        QMutexLocker locker(&m_mutex);
        m_active.received(pack, bytes);
        // git says it several times a second; the line changes at most four times a second.
        if (m_sinceShown.isValid() && m_sinceShown.elapsed() < 250)
            return;
        m_sinceShown.start();
        Q_EMIT m_runner->packsInFlight(m_active.text());
    }
    void packFinished(const QString &pack, const QString &, const QString &) override
    {
        QMutexLocker locker(&m_mutex);
        m_active.finished(pack);
        Q_EMIT m_runner->packsInFlight(m_active.text());
    }
    void packOutput(const JsonObject &output) override
    {
        Text::Options options;
        options.unicode = true;
        Q_EMIT m_runner->logLine(u"output"_s,
                                 Text::plainText(Text::packOutputLines(output, options)));
    }

private:
    OperationRunner *m_runner;
    QMutex m_mutex;
    Text::InFlight m_active;
    QElapsedTimer m_sinceShown;
};

struct OperationRunner::Job
{
    std::stop_source stop;
    QFuture<void> future;
};

OperationRunner::OperationRunner(QObject *parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    m_backgroundPool.setMaxThreadCount(1);
}

OperationRunner::~OperationRunner()
{
    cancel();
    waitForFinished();
}

bool OperationRunner::start(const QString &workspaceRoot, const QString &verb,
                            const QJsonObject &arguments, const QString &title, bool background)
{
    const VerbSpec *spec = findVerb(verb);
    if (m_running || !spec)
        return false;
    m_running = true;
    m_verb = verb;
    auto job = std::make_shared<Job>();
    m_job = job;
    Q_EMIT started(title);
    const bool dryRun = arguments.value(u"dryRun"_s).toBool();
    auto *watcher = new QFutureWatcher<void>(this);
    struct Outcome
    {
        QJsonValue document;
        QString error;
        QString kind;
        QString text;
    };
    auto outcome = std::make_shared<Outcome>();
    connect(watcher, &QFutureWatcher<void>::finished, this, [this, watcher, verb, dryRun, outcome] {
        watcher->deleteLater();
        m_running = false;
        Q_EMIT finished(verb, dryRun, outcome->document, outcome->error, outcome->kind,
                        outcome->text);
    });
    Text::Options options;
    options.unicode = true;
    // A preview says what a run would do in the report's words, as the terminal's summary does;
    // the engine's step lines go to the log's debugging view only.
    options.listSteps = false;
    options.stepDetails = true;
    options.arguments = arguments;
    job->future = QtConcurrent::run(
        background ? &m_backgroundPool : &m_pool,
        [this, job, spec, workspaceRoot, arguments, options, outcome, background] {
            // Linux keeps a nice value per thread; the threads and processes this one starts
            // inherit it. Raising it cannot be undone without privileges, hence a pool of its own.
            if (background)
                setpriority(PRIO_PROCESS, id_t(gettid()), kBackgroundNice);
            Workspace workspace(workspaceRoot);
            OperationContext ctx(job->stop.get_token());
            ctx.setWidth(m_width);
            Sink sink(this);
            ctx.setEventSink(&sink);
            ConfirmedApproval approval;
            ctx.setApprovalPolicy(&approval);
            const Result<JsonValue> result = invokeVerb(*spec, workspace, arguments, ctx);
            if (result) {
                outcome->document = result->toQJsonValue();
                outcome->text = Text::plainText(Text::reportLines(spec->name, *result, options));
                return;
            }
            const Error &error = result.error();
            outcome->error = error.displayText();
            outcome->kind = wireName(error.kind());
            const JsonValue report = error.details().value(u"report"_s);
            if (!report.isNull())
                outcome->document = report.toQJsonValue();
            Text::Failure failure = Text::failureLines(spec->name, error, options);
            if (failure.showsError)
                failure.lines += Text::errorLines(error);
            outcome->text = Text::plainText(failure.lines);
        });
    watcher->setFuture(job->future);
    return true;
}

void OperationRunner::cancel()
{
    if (m_job)
        m_job->stop.request_stop();
}

void OperationRunner::waitForFinished()
{
    if (m_job)
        m_job->future.waitForFinished();
}

} // namespace Grex::Gui
