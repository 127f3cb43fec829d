#include "gui/detailspane.h"

#include "gui/packtreemodel.h"
#include "core/pack/actionshash.h"
#include "core/pack/packmanifest.h"

#include <QFile>
#include <QFontDatabase>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QTreeWidget>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

DetailsPane::DetailsPane(QWidget *parent)
    : QTabWidget(parent)
    , m_overview(new QLabel(this))
    , m_yaml(new QPlainTextEdit(this))
    , m_actions(new QTreeWidget(this))
    , m_events(new QTreeWidget(this))
{
    setObjectName(u"detailsPane"_s);
    m_overview->setObjectName(u"packOverview"_s);
    m_yaml->setObjectName(u"packYaml"_s);
    m_actions->setObjectName(u"packActions"_s);
    m_events->setObjectName(u"packEvents"_s);
    m_overview->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_overview->setWordWrap(true);
    m_overview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_overview->setMargin(8);
    m_yaml->setReadOnly(true);
    m_yaml->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_yaml->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_actions->setHeaderLabels({tr("#"), tr("Action"), tr("Arguments")});
    m_actions->setRootIsDecorated(false);
    m_events->setHeaderLabels({tr("When"), tr("Event"), tr("Detail")});
    m_events->setRootIsDecorated(false);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_overview);
    scroll->setWidgetResizable(true);
    addTab(scroll, tr("Overview"));
    addTab(m_yaml, u"pack.yaml"_s);
    addTab(m_actions, tr("Actions"));
    addTab(m_events, tr("History"));
    showPack(nullptr, {});
}

void DetailsPane::showPack(const PackRow *row, const QList<AuditLine> &events)
{
    m_actions->clear();
    m_events->clear();
    if (!row) {
        m_overview->setText(tr("Select a pack to see its pack.yaml, its actions and what grex "
                               "did with it."));
        m_yaml->clear();
        return;
    }
    const LsEntry &e = row->entry;
    QString html = u"<h3>%1</h3><table cellspacing='4'>"_s.arg(e.id.toHtmlEscaped());
    const auto line = [&html](const QString &label, const QString &value) {
        if (!value.isEmpty())
            html += u"<tr><td><b>%1</b></td><td>%2</td></tr>"_s.arg(label.toHtmlEscaped(),
                                                                   value.toHtmlEscaped());
    };
    line(tr("Type"), e.type);
    line(tr("URL"), e.url);
    line(tr("Directory"), e.dir);
    line(tr("Ref"), e.ref.value_or(QString()));
    line(tr("Branch"), e.branch.value_or(QString()));
    line(tr("Commit"), e.sha.value_or(QString()));
    if (row->status) {
        line(tr("State"), PackTreeModel::driftText(*row->status));
        if (row->status->upstream)
            line(tr("Tracking"), *row->status->upstream);
        if (!row->status->error.isEmpty())
            line(tr("Problem"), row->status->error);
        if (row->status->holder)
            line(tr("Locked by"), PackTreeModel::holderText(*row->status->holder));
    }
    if (e.installedAt)
        line(tr("Installed"),
             QLocale().toString(e.installedAt->toDateTime().toLocalTime(), QLocale::LongFormat));
    html += u"</table>"_s;
    m_overview->setText(html);

    const QString yamlPath = e.dir + u"/.grex/pack.yaml"_s;
    QFile yaml(yamlPath);
    if (yaml.open(QIODevice::ReadOnly))
        m_yaml->setPlainText(QString::fromUtf8(yaml.read(MaxPackYamlBytes)));
    else if (e.onDisk)
        m_yaml->setPlainText(tr("# %1 has no pack.yaml: it is a meta pack with no actions.")
                                 .arg(e.id));
    else
        m_yaml->setPlainText(tr("# %1 is not on disk yet: grex sync clones it.").arg(e.id));

    if (e.onDisk) {
        Result<PackManifest> manifest = loadPackManifest(e.dir);
        if (!manifest) {
            auto *item = new QTreeWidgetItem(m_actions);
            item->setText(1, tr("error"));
            item->setText(2, manifest.error().displayText());
        } else {
            int index = 0;
            for (const Action &action : manifest->actions) {
                auto *item = new QTreeWidgetItem(m_actions);
                item->setText(0, QString::number(index++));
                item->setText(1, action.name);
                item->setText(2, QString::fromUtf8(canonicalArgs(action).toJson()));
            }
            if (manifest->actions.empty()) {
                auto *item = new QTreeWidgetItem(m_actions);
                item->setText(1, tr("(no actions)"));
            }
        }
        m_actions->resizeColumnToContents(0);
        m_actions->resizeColumnToContents(1);
    }

    for (auto it = events.crbegin(); it != events.crend(); ++it) {
        auto *item = new QTreeWidgetItem(m_events);
        item->setText(0, QLocale().toString(it->ts.toDateTime().toLocalTime(),
                                            QLocale::ShortFormat));
        item->setText(1, it->op);
        item->setText(2, it->text);
        item->setToolTip(2, it->text);
    }
    m_events->resizeColumnToContents(0);
    m_events->resizeColumnToContents(1);
}

} // namespace Grex::Gui
