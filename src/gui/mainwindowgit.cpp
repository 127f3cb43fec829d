// The git actions on the selected packs (switch, stash, discard, commit, push): each is one core
// verb on exactly the selection, with the preview, approval and report the CLI gives.

#include "gui/mainwindow.h"

#include <QAction>
#include <QInputDialog>
#include <QMenu>
#include <QStatusBar>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

QMenu *MainWindow::createGitMenu()
{
    auto *menu = new QMenu(tr("&Git"), this);
    menu->setObjectName(u"gitMenu"_s);
    const auto add = [this, menu](const QString &icon, const QString &name, auto slot) {
        QAction *action = menu->addAction(actionIcon(icon), QString(), this, slot);
        action->setObjectName(name);
        m_workspaceActions.append(action);
        return action;
    };
    add(u"branch"_s, u"switchSelectedAction"_s, [this] {
        invokeOnSelection(u"switch"_s, {}, tr("Switch %1 back"));
    })->setToolTip(tr("Check out the branch each pack follows (grex switch)"));
    add(u"branch"_s, u"switchDefaultSelectedAction"_s,
        [this] {
            invokeOnSelection(u"switch"_s, {{u"toDefault"_s, true}},
                              tr("Switch %1 to the default branch"));
        })
        ->setToolTip(tr("For a pack whose upstream branch was deleted or renamed: check out what "
                        "the remote calls its default branch now (grex switch --to-default)"));
    menu->addSeparator();
    add(u"commit"_s, u"commitSelectedAction"_s, &MainWindow::commitSelectedAction)
        ->setToolTip(tr("Commit every change of the selected packs with one message "
                        "(grex commit)"));
    add(u"push"_s, u"pushSelectedAction"_s, [this] {
        invokeOnSelection(u"push"_s, {}, tr("Push %1"),
                          tr("Pushing %1 sends these commits. Nothing is pushed until you "
                             "press Push."));
    })->setToolTip(tr("Push the branch of the selected packs to their remotes (grex push)"));
    menu->addSeparator();
    add(u"stash"_s, u"stashSelectedAction"_s,
        [this] { invokeOnSelection(u"stash"_s, {}, tr("Stash %1")); })
        ->setToolTip(tr("Put the changes aside in a git stash; git stash pop brings them back "
                        "(grex stash)"));
    add(u"discard"_s, u"discardSelectedAction"_s,
        [this] {
            invokeOnSelection(u"discard"_s, {}, tr("Discard the changes of %1"),
                              tr("Discarding the changes of %1 throws these files away for good. "
                                 "Nothing is discarded until you press Discard."));
        })
        ->setToolTip(tr("Throw away the changed and untracked files; asks first and names them "
                        "(grex discard)"));
    return menu;
}

void MainWindow::updateGitActions(const QStringList &selected)
{
    const int count = int(selected.size());
    labelForSelection(u"switchSelectedAction"_s, tr("S&witch %1 to Its Branch"),
                      tr("S&witch %n Selected Pack(s) to Their Branches", nullptr, count),
                      selected);
    labelForSelection(
        u"switchDefaultSelectedAction"_s, tr("Switch %1 to the Remote's &Default Branch"),
        tr("Switch %n Selected Pack(s) to the Remotes' &Default Branches", nullptr, count),
        selected);
    labelForSelection(u"commitSelectedAction"_s, tr("&Commit %1…"),
                      tr("&Commit %n Selected Pack(s)…", nullptr, count), selected);
    labelForSelection(u"pushSelectedAction"_s, tr("&Push %1…"),
                      tr("&Push %n Selected Pack(s)…", nullptr, count), selected);
    labelForSelection(u"stashSelectedAction"_s, tr("St&ash Changes of %1"),
                      tr("St&ash Changes of %n Selected Pack(s)", nullptr, count), selected);
    labelForSelection(u"discardSelectedAction"_s, tr("D&iscard Changes of %1…"),
                      tr("D&iscard Changes of %n Selected Pack(s)…", nullptr, count), selected);
}

void MainWindow::commitSelectedAction()
{
    const QStringList packs = selectedPacks();
    if (packs.isEmpty())
        return;
    bool ok = false;
    const QString message =
        QInputDialog::getMultiLineText(this, tr("Commit"),
                                       tr("One commit in each of %1 that has changes, with this "
                                          "message:")
                                           .arg(packList(packs)),
                                       QString(), &ok);
    if (!ok)
        return;
    if (message.trimmed().isEmpty()) {
        statusBar()->showMessage(tr("Not committed: the message is empty."), 6000);
        return;
    }
    invokeOnSelection(u"commit"_s, {{u"message"_s, message}}, tr("Commit %1"));
}

} // namespace Grex::Gui
