#include "i18n.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>
#include <QSettings>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(u"grex-gui"_s);
    QApplication::setOrganizationName(u"grex"_s);
    QApplication::setApplicationVersion(QStringLiteral(GREX_VERSION));
    QApplication::setApplicationDisplayName(u"grex"_s);
    QApplication::setDesktopFileName(u"grex-gui"_s);
    QApplication::setWindowIcon(QIcon(u":/grex/icons/grex.svg"_s));
    Grex::installTranslators(QSettings().value(u"ui/language"_s).toString());

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("Grex::Gui", "The grex desktop window."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        u"workspace"_s,
        QCoreApplication::translate("Grex::Gui", "The workspace to open (default: the last one)."),
        u"[WORKSPACE]"_s);
    parser.process(app);

    Grex::Gui::MainWindow window;
    QString workspace;
    if (!parser.positionalArguments().isEmpty())
        workspace = QDir(parser.positionalArguments().constFirst()).absolutePath();
    else
        workspace = QSettings().value(u"workspace/last"_s).toString();
    if (!workspace.isEmpty())
        window.openWorkspace(workspace);
    window.show();
    return app.exec();
}
