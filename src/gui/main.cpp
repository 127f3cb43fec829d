#include "clidefs/clidefs.h"
#include "clidefs/helptext.h"
#include "core/allocator.h"
#include "core/i18n.h"
#include "gui/controlserver.h"
#include "gui/mainwindow.h"
#include "core/sched/width.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>
#include <QSettings>
#include <QSocketNotifier>

#include <cstdio>

#include <csignal>
#include <fcntl.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

int g_signalPipe[2] = {-1, -1};

void onTerminationSignal(int signal)
{
    // Only what is safe in a signal handler: the event loop reads the byte and quits.
    const char byte = char(signal);
    [[maybe_unused]] const ssize_t written = ::write(g_signalPipe[1], &byte, 1);
}

// SIGTERM (a logout, systemd, kill), SIGINT and SIGHUP end the event loop, so that the window
// closes as when the person quits: the control socket and its link are removed, a running
// operation is cancelled, and no git it started is left behind.
void quitOnTerminationSignals(QApplication &app)
{
    if (::pipe2(g_signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    auto *notifier = new QSocketNotifier(g_signalPipe[0], QSocketNotifier::Read, &app);
    QObject::connect(notifier, &QSocketNotifier::activated, &app, [] {
        char byte = 0;
        while (::read(g_signalPipe[0], &byte, 1) > 0) {
        }
        QCoreApplication::quit();
    });
    struct sigaction action = {};
    action.sa_handler = onTerminationSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (const int signal : {SIGTERM, SIGINT, SIGHUP})
        sigaction(signal, &action, nullptr);
}

// --help and --version are answered before QApplication exists, so they work without a display
// (over ssh, in a package's tests).
bool asksForHelpOrVersion(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArrayView arg(argv[i]);
        if (arg == "-h" || arg == "--help" || arg == "-v" || arg == "--version")
            return true;
        if (arg == "--")
            break;
    }
    return false;
}

// Names the application (its settings live under grex/grex-gui) and installs the translators of
// the language chosen in its preferences.
void identify()
{
    QCoreApplication::setApplicationName(u"grex-gui"_s);
    QCoreApplication::setOrganizationName(u"grex"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(GREX_VERSION));
    Grex::installTranslators(QSettings().value(u"ui/language"_s).toString());
}

} // namespace

int main(int argc, char *argv[])
{
    Grex::tuneAllocator();
    // The command line is defined once, with grex's (src/clidefs/clidefs.cpp): the same definition
    // makes --help here and the grex-gui(1) manual page.
    const auto parse = [](QCommandLineParser &parser) {
        Grex::Cli::addParserOptions(parser, Grex::Cli::guiCommand().options);
        return parser.parse(QCoreApplication::arguments());
    };
    if (asksForHelpOrVersion(argc, argv)) {
        QCoreApplication core(argc, argv);
        identify();
        QCommandLineParser parser;
        parse(parser);
        if (parser.isSet(u"help"_s))
            std::fputs(qUtf8Printable(Grex::Cli::commandHelp(Grex::Cli::guiCommand())), stdout);
        else
            std::printf("grex-gui %s\n", GREX_VERSION);
        return 0;
    }

    QApplication app(argc, argv);
    quitOnTerminationSignals(app);
    identify();
    QApplication::setApplicationDisplayName(u"grex"_s);
    QApplication::setDesktopFileName(u"grex-gui"_s);
    QApplication::setWindowIcon(QIcon(u":/grex/icons/grex.svg"_s));

    QCommandLineParser parser;
    if (!parse(parser)) {
        std::fprintf(stderr, "grex-gui: %s\n", qUtf8Printable(parser.errorText()));
        return 2;
    }
    if (parser.positionalArguments().size() > 1) {
        std::fprintf(
            stderr, "grex-gui: %s\n",
            qUtf8Printable(QCoreApplication::translate("Grex::Gui", "unexpected argument '%1'")
                               .arg(parser.positionalArguments().at(1))));
        return 2;
    }

    // The window's width comes from GREX_PARALLEL as grex's does; it has no --parallel.
    const Grex::Result<Grex::Width> width =
        Grex::Width::resolve(std::nullopt, qEnvironmentVariable("GREX_PARALLEL"));
    if (!width) {
        std::fprintf(stderr, "grex-gui: %s\n", qUtf8Printable(width.error().displayText()));
        return 2;
    }

    QString workspace;
    if (!parser.positionalArguments().isEmpty())
        workspace = QDir(parser.positionalArguments().constFirst()).absolutePath();
    else
        workspace = QSettings().value(u"workspace/last"_s).toString();
    // One window per workspace: two would ask the person twice about one agent's call.
    if (!workspace.isEmpty() && Grex::Gui::ControlServer::askToRaise(workspace)) {
        std::fprintf(stderr, "grex-gui: %s\n",
                     qUtf8Printable(QCoreApplication::translate(
                                        "Grex::Gui", "a window on %1 is open already; it is "
                                                     "in front now")
                                        .arg(workspace)));
        return 0;
    }
    Grex::Gui::MainWindow window;
    window.setWidth(*width);
    if (!workspace.isEmpty())
        window.openWorkspace(workspace);
    window.show();
    return app.exec();
}
