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
                Q_EMIT fetchDue(); // the window knows whether one is due
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

namespace {

// Starts the first of candidates found on PATH, detached, in dir with these arguments, without
// GIT_DIR and its kin so that git in it works on the pack. Its file name, or "" when none
// started.
QString startFirstFound(const QStringList &candidates, const QString &dir,
                        const QStringList &arguments)
{
    for (const QString &candidate : candidates) {
        const QString program = QStandardPaths::findExecutable(candidate);
        if (program.isEmpty())
            continue;
        QProcess process;
        process.setProgram(program);
        process.setArguments(arguments);
        process.setWorkingDirectory(dir);
        process.setProcessEnvironment(childEnvironment());
        if (process.startDetached())
            return QFileInfo(program).fileName();
    }
    return {};
}

// The variable's value first when it is set, then the fallbacks.
QStringList chosenThen(const char *variable, QStringList fallbacks)
{
    if (const QString chosen = qEnvironmentVariable(variable); !chosen.isEmpty())
        fallbacks.prepend(chosen);
    return fallbacks;
}

} // namespace

QString openTerminal(const QString &dir)
{
    // $TERMINAL when the person chose one, else the system's default terminal (Debian's
    // alternative), else a few common ones.
    const QStringList terminals = chosenThen(
        "TERMINAL", {u"x-terminal-emulator"_s, u"gnome-terminal"_s, u"konsole"_s, u"xterm"_s});
    if (!startFirstFound(terminals, dir, {}).isEmpty())
        return QCoreApplication::translate("Grex::Gui::LiveState", "Opened a terminal in %1")
            .arg(dir);
    return QCoreApplication::translate("Grex::Gui::LiveState",
                                       "No terminal found: set TERMINAL to the one you use.");
}

QString openEditor(const QString &dir)
{
    // $GREX_EDITOR when the person chose one, else the first graphical editor that takes a
    // folder. Not $VISUAL or $EDITOR: those are often terminal editors, which need a terminal.
    const QStringList editors =
        chosenThen("GREX_EDITOR", {u"code"_s, u"codium"_s, u"subl"_s, u"kate"_s,
                                   u"gnome-text-editor"_s, u"gedit"_s});
    if (const QString editor = startFirstFound(editors, dir, {dir}); !editor.isEmpty())
        return QCoreApplication::translate("Grex::Gui::LiveState", "Opened %1 in %2")
            .arg(dir, editor);
    return QCoreApplication::translate("Grex::Gui::LiveState",
                                       "No editor found: set GREX_EDITOR to the one you use.");
}

QString copyPath(const QString &dir)
{
    QGuiApplication::clipboard()->setText(dir);
    return QCoreApplication::translate("Grex::Gui::LiveState", "Copied %1").arg(dir);
}

} // namespace Grex::Gui
