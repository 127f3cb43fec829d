#include "gui/livestate.h"

#include "gui/dialogs.h"

#include "core/exec/childenvironment.h"
#include "core/fs/changewatch.h"

#include <QClipboard>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QProcess>
#include <QStandardPaths>
#include <QTimer>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

LiveState::LiveState(QObject *parent)
    : QObject(parent)
    , m_watch(std::make_unique<ChangeWatch>())
    , m_pollTimer(new QTimer(this))
    , m_fetchTimer(new QTimer(this))
{
    m_pollTimer->setInterval(1000);
    connect(m_pollTimer, &QTimer::timeout, this, &LiveState::poll);
    m_pollTimer->start();
    connect(m_fetchTimer, &QTimer::timeout, this, &LiveState::fetchDue);
    applyFetchInterval();
    // Back in the window after working in a terminal or an editor: show what changed there.
    connect(qApp, &QGuiApplication::applicationStateChanged, this,
            [this](Qt::ApplicationState state) {
                if (state != Qt::ApplicationActive)
                    return;
                Q_EMIT changed();
                if (PreferencesDialog::fetchIntervalMinutes() > 0)
                    Q_EMIT fetchDue();
            });
}

LiveState::~LiveState() = default;

void LiveState::watchDirs(const QStringList &dirs)
{
    m_watch->refresh();
    m_token = m_watch->watch(dirs);
}

QStringList cloneWatchDirs(const QList<PackDir> &packs)
{
    // A clone's top folders, where most edits happen, within a budget of kernel watches that
    // leaves room for the user's other tools (the per-user limit is shared).
    constexpr qsizetype maxWatches = 4000;
    constexpr qsizetype perClone = 24;
    QStringList dirs;
    for (const PackDir &pack : packs) {
        if (!QFileInfo(pack.dir + u"/.git"_s).isDir())
            continue;
        dirs << pack.dir << pack.dir + u"/.git"_s;
        const QStringList top =
            QDir(pack.dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        for (const QString &name : top.first(std::min(top.size(), perClone)))
            dirs << pack.dir + u'/' + name;
        if (dirs.size() >= maxWatches)
            break;
    }
    return dirs;
}

void LiveState::applyFetchInterval()
{
    // The window judges at each tick whether the packs' last fetch is older than the interval,
    // so that a fetch the person ran resets the clock.
    if (PreferencesDialog::fetchIntervalMinutes() > 0)
        m_fetchTimer->start(60 * 1000);
    else
        m_fetchTimer->stop();
}

void LiveState::poll()
{
    if (!m_token)
        return;
    m_watch->refresh();
    if (m_watch->quietSince(*m_token))
        return;
    m_token.reset(); // watched again once the window has re-read the packs
    Q_EMIT changed();
}

QString openFolder(const QString &dir)
{
    if (QDesktopServices::openUrl(QUrl::fromLocalFile(dir)))
        return QCoreApplication::translate("Grex::Gui::LiveState", "Opened %1").arg(dir);
    return QCoreApplication::translate("Grex::Gui::LiveState", "No file manager opened %1.")
        .arg(dir);
}

QString openTerminal(const QString &dir)
{
    // $TERMINAL when the person chose one, else the system's default terminal (Debian's
    // alternative), else a few common ones.
    QStringList candidates;
    if (const QString chosen = qEnvironmentVariable("TERMINAL"); !chosen.isEmpty())
        candidates.append(chosen);
    candidates << u"x-terminal-emulator"_s << u"gnome-terminal"_s << u"konsole"_s << u"xterm"_s;
    for (const QString &terminal : std::as_const(candidates)) {
        const QString program = QStandardPaths::findExecutable(terminal);
        if (program.isEmpty())
            continue;
        // Without GIT_DIR and its kin, so that git in the new terminal works on the pack.
        QProcess terminalProcess;
        terminalProcess.setProgram(program);
        terminalProcess.setWorkingDirectory(dir);
        terminalProcess.setProcessEnvironment(childEnvironment());
        if (terminalProcess.startDetached())
            return QCoreApplication::translate("Grex::Gui::LiveState", "Opened a terminal in %1")
                .arg(dir);
    }
    return QCoreApplication::translate("Grex::Gui::LiveState",
                                       "No terminal found: set TERMINAL to the one you use.");
}

QString openEditor(const QString &dir)
{
    // $GREX_EDITOR when the person chose one, else the first graphical editor that takes a
    // folder. Not $VISUAL or $EDITOR: those are often terminal editors, which need a terminal.
    QStringList candidates;
    if (const QString chosen = qEnvironmentVariable("GREX_EDITOR"); !chosen.isEmpty())
        candidates.append(chosen);
    candidates << u"code"_s << u"codium"_s << u"subl"_s << u"kate"_s << u"gnome-text-editor"_s
               << u"gedit"_s;
    for (const QString &editor : std::as_const(candidates)) {
        const QString program = QStandardPaths::findExecutable(editor);
        if (program.isEmpty())
            continue;
        QProcess editorProcess;
        editorProcess.setProgram(program);
        editorProcess.setArguments({dir});
        editorProcess.setWorkingDirectory(dir);
        editorProcess.setProcessEnvironment(childEnvironment());
        if (editorProcess.startDetached())
            return QCoreApplication::translate("Grex::Gui::LiveState", "Opened %1 in %2")
                .arg(dir, QFileInfo(program).fileName());
    }
    return QCoreApplication::translate("Grex::Gui::LiveState",
                                       "No editor found: set GREX_EDITOR to the one you use.");
}

QString copyPath(const QString &dir)
{
    QGuiApplication::clipboard()->setText(dir);
    return QCoreApplication::translate("Grex::Gui::LiveState", "Copied %1").arg(dir);
}

} // namespace Grex::Gui
