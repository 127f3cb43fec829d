#include "cli/application.h"
#include "clidefs/clitr.h"
#include "core/error.h"
#include "core/allocator.h"
#include "core/i18n.h"
#include "cli/output.h"
#include "cli/signalbridge.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringDecoder>
#include <QTextStream>

#include <csignal>
#include <cstdio>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

QElapsedTimer &sinceStart()
{
    static QElapsedTimer timer;
    return timer;
}

// Every log line goes to stderr: stdout carries only the verb's result.
void messageHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    const char *level = "info";
    switch (type) {
    case QtDebugMsg:
        level = "debug";
        break;
    case QtInfoMsg:
        level = "info";
        break;
    case QtWarningMsg:
        level = "warning";
        break;
    case QtCriticalMsg:
        level = "error";
        break;
    case QtFatalMsg:
        level = "fatal";
        break;
    }
    const QByteArray category = context.category ? QByteArray(context.category) : QByteArray();
    const QByteArray text = message.toUtf8();
    // Debug lines carry the time since start, to see where a slow run spends it.
    if (type == QtDebugMsg && !category.isEmpty())
        std::fprintf(stderr, "grex: %s +%.1fms [%s]: %s\n", level,
                     double(sinceStart().nsecsElapsed()) / 1e6, category.constData(),
                     text.constData());
    else
        std::fprintf(stderr, "grex: %s: %s\n", level, text.constData());
    std::fflush(stderr);
}

// The first argument that is not UTF-8 (1-based); 0 when all are. Qt would read such bytes as
// U+FFFD: grex would act on another name or path than the one given.
int invalidUtf8Argument(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        const QString decoded = decoder.decode(QByteArrayView(argv[i]));
        if (decoder.hasError())
            return i;
    }
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    sinceStart().start();
    Grex::tuneAllocator();
    qInstallMessageHandler(messageHandler);
    std::signal(SIGPIPE, SIG_IGN);
    const int invalidArgument = invalidUtf8Argument(argc, argv);

    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("grex"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GREX_VERSION));
    Grex::installTranslators();

    Grex::Cli::SignalBridge signalBridge;
    QTextStream out(stdout);
    QTextStream err(stderr);
    Grex::Cli::Output output(out, err, ::isatty(STDOUT_FILENO), ::isatty(STDERR_FILENO));
    if (invalidArgument) {
        const int code = Grex::Cli::fail(
            output, QString(),
            Grex::Cli::usage(
                u"invalid_utf8"_s,
                Grex::Cli::Tr::tr("argument %1 is not valid UTF-8").arg(invalidArgument)));
        err.flush();
        return code;
    }
    Grex::Cli::Application cli(output, Grex::Cli::Environment::fromProcess(), signalBridge.token());
    const int code = cli.run(QCoreApplication::arguments().mid(1));
    out.flush();
    err.flush();
    return code;
}
