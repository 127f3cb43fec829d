// The MCP session (JSON-RPC parsing, lifecycle, tools, resources, cancellation) fed arbitrary
// lines, as the stdio transport feeds it: every frame it writes must be one line holding one
// JSON-RPC 2.0 object, and it must wind down cleanly at end of input.
//
// Tool calls run for real, in a workspace made once, when the tool is read-only (ls, status,
// doctor). Other tools would clone URLs the input names or change the workspace, making runs
// depend on each other and on the network: for them the harness checks the arguments as the
// session would (schema, then workspace confinement) and does not pass the line on.

#include "mcp/confine.h"
#include "fuzzsupport.h"
#include "core/operationcontext.h"
#include "mcp/session.h"
#include "mcp/stdioserver.h"
#include "core/verbs/init.h"
#include "core/verbs/verbregistry.h"
#include "core/workspace.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QThread>

#include <cstdio>
#include <cstdlib>
#include <memory>

using namespace Grex;
using namespace Grex::Mcp;
using namespace Qt::StringLiterals;

namespace {

// Checks each frame as it is written (from the session's and the calls' threads).
class CheckingSink final : public FrameSink
{
public:
    void send(const QByteArray &frame) override
    {
        static const bool show = qEnvironmentVariableIsSet("GREX_FUZZ_SHOW_FRAMES");
        if (show)
            std::fprintf(stderr, "<- %s\n", frame.constData());
        GREX_FUZZ_CHECK(!frame.contains('\n'));
        const QJsonObject message = QJsonDocument::fromJson(frame).object();
        GREX_FUZZ_CHECK(Fuzz::isJsonObject(frame));
        GREX_FUZZ_CHECK(message.value(u"jsonrpc"_s) == u"2.0"_s);
        const int kinds = int(message.contains(u"result"_s)) + int(message.contains(u"error"_s)) +
                          int(message.contains(u"method"_s));
        GREX_FUZZ_CHECK(kinds == 1);
        if (message.contains(u"error"_s)) {
            const QJsonObject error = message.value(u"error"_s).toObject();
            GREX_FUZZ_CHECK(error.value(u"code"_s).isDouble());
            GREX_FUZZ_CHECK(error.value(u"message"_s).isString());
        }
    }
};

std::unique_ptr<QTemporaryDir> g_dir;
std::unique_ptr<ServerConfig> g_config;

// The line as the session gets it, or nothing when the harness handled a tool call itself.
bool forwardLine(QByteArrayView line)
{
    const QJsonObject message = QJsonDocument::fromJson(line.toByteArray()).object();
    if (message.value(u"method"_s) != u"tools/call"_s)
        return true;
    const QJsonObject params = message.value(u"params"_s).toObject();
    const VerbSpec *verb = findVerb(params.value(u"name"_s).toString());
    if (!verb || !verb->mcpTool || verb->readOnly)
        return true;
    const QJsonObject arguments = params.value(u"arguments"_s).toObject();
    if (Result<void> valid = verb->validateToolArguments(arguments); !valid) {
        Fuzz::checkError(valid.error(), {ErrorKind::Usage});
        return false;
    }
    if (Result<QJsonObject> confined = confineArguments(*verb, arguments, g_config->workspace);
        !confined) {
        Fuzz::checkError(confined.error(), {ErrorKind::PackOp});
    }
    return false;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::quietQtMessages();
    g_dir = std::make_unique<QTemporaryDir>();
    if (!g_dir->isValid()) {
        std::fprintf(stderr, "cannot make a temporary directory\n");
        std::abort();
    }
    // No user or system git configuration reaches the verbs.
    qputenv("HOME", QFile::encodeName(g_dir->path()));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(g_dir->filePath(u".config"_s)));
    qputenv("GIT_CONFIG_NOSYSTEM", "1");

    Workspace workspace(g_dir->filePath(u"ws"_s));
    QDir().mkpath(workspace.root());
    OperationContext ctx;
    if (Result<InitReport> init = Grex::init(workspace, {}, ctx); !init) {
        std::fprintf(stderr, "init failed: %s\n", qPrintable(init.error().text()));
        std::abort();
    }
    // One change watch for every session, rather than an inotify descriptor each.
    workspace.rememberProbes();
    g_config = std::make_unique<ServerConfig>();
    g_config->workspace = workspace;
    g_config->toolCalls = 2;
    g_config->width = Grex::Width::chosen(1);
    g_config->approveDestructive = false;
    g_config->drainTimeoutMs = 200;
    g_config->endOfInputGraceMs = 5000;
    g_config->elicitationTimeoutMs = 100;
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    CheckingSink sink;
    {
        Session session(*g_config, sink);
        // Shorter than the transport's limit, so that inputs of a few kilobytes reach it.
        LineSplitter splitter(2048);
        const auto line = [&](QByteArrayView text) {
            if (forwardLine(text))
                session.receive(text);
        };
        const auto tooLong = [&] { session.lineTooLong(); };
        splitter.feed(QByteArrayView(data, qsizetype(size)), line, tooLong);
        splitter.finish(line);
        // The calls get to finish and answer before the input ends, which stops them; read-only
        // calls in an empty workspace take milliseconds.
        QElapsedTimer waited;
        waited.start();
        while (session.callsInFlight() > 0 && waited.elapsed() < 2000)
            QThread::msleep(1);
        GREX_FUZZ_CHECK(session.endOfInput());
    }
    return 0;
}
