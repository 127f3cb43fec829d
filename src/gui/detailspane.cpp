#include "gui/detailspane.h"

#include "gui/packtreemodel.h"
#include "core/pack/actionshash.h"
#include "core/pack/packmanifest.h"
#include "text/reporttext.h"

#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPointer>
#include <QScrollArea>
#include <QSyntaxHighlighter>
#include <QSplitter>
#include <QTreeWidget>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

namespace {

// Where a commit item keeps its sha (a file item keeps its path in Qt::UserRole).
constexpr int CommitRole = Qt::UserRole + 1;

// Colours a unified diff as git does on a terminal: added lines green, removed lines red, hunk
// headers cyan, file and commit headers bold.
class DiffHighlighter : public QSyntaxHighlighter
{
public:
    using QSyntaxHighlighter::QSyntaxHighlighter;

protected:
    void highlightBlock(const QString &text) override
    {
        QTextCharFormat format;
        if (text.startsWith(u"+++ "_s) || text.startsWith(u"--- "_s) ||
            text.startsWith(u"diff --git "_s) || text.startsWith(u"commit "_s)) {
            format.setFontWeight(QFont::Bold);
        } else if (text.startsWith(u'+')) {
            format.setForeground(QColor(0x1b, 0x5e, 0x20));
            format.setBackground(QColor(0xe6, 0xff, 0xec));
        } else if (text.startsWith(u'-')) {
            format.setForeground(QColor(0xb7, 0x1c, 0x1c));
            format.setBackground(QColor(0xff, 0xeb, 0xe9));
        } else if (text.startsWith(u"@@"_s)) {
            format.setForeground(QColor(0x00, 0x69, 0x7c));
        } else {
            return;
        }
        setFormat(0, int(text.size()), format);
    }
};

} // namespace

DetailsPane::DetailsPane(QWidget *parent)
    : QTabWidget(parent)
    , m_overview(new QLabel(this))
    , m_changeList(new QTreeWidget(this))
    , m_diff(new QPlainTextEdit(this))
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
    m_events->setHeaderLabels({tr("When"), tr("What happened")});
    m_events->setRootIsDecorated(true); // an update unfolds into the commits it brought
    m_changeList->setObjectName(u"packChanges"_s);
    m_changeList->setHeaderLabels({tr("File or commit"), tr("State, or author and date")});
    m_changeList->header()->setStretchLastSection(false);
    m_changeList->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_diff->setObjectName(u"packDiff"_s);
    m_diff->setReadOnly(true);
    m_diff->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_diff->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_diff->setPlaceholderText(tr("Select a file to see its changes, or a commit to read it."));
    new DiffHighlighter(m_diff->document());
    auto *changes = new QSplitter(Qt::Vertical, this);
    changes->addWidget(m_changeList);
    changes->addWidget(m_diff);
    connect(m_changeList, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem *item) { showDiff(item); });
    m_pool.setMaxThreadCount(1);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_overview);
    scroll->setWidgetResizable(true);
    addTab(scroll, tr("Overview"));
    addTab(changes, tr("Changes"));
    addTab(m_yaml, u"pack.yaml"_s);
    addTab(m_actions, tr("Actions"));
    addTab(m_events, tr("History"));
    showPack(nullptr, {});
}

DetailsPane::~DetailsPane()
{
    ++m_generation; // a read still running finds nobody to show it to
    m_pool.waitForDone();
}

void DetailsPane::showPack(const PackRow *row, const QList<AuditLine> &events)
{
    m_actions->clear();
    m_events->clear();
    if (!row) {
        m_overview->setText(tr("Select a pack to see why it drifted, its pack.yaml, its actions "
                               "and what grex did with it."));
        m_yaml->clear();
        readChanges(QString());
        return;
    }
    const LsEntry &e = row->entry;
    QString html = u"<h3>%1</h3><table cellspacing='4'>"_s.arg(e.id.toHtmlEscaped());
    const auto line = [&html](const QString &label, const QString &value) {
        if (!value.isEmpty())
            html += u"<tr><td><b>%1</b></td><td>%2</td></tr>"_s.arg(label.toHtmlEscaped(),
                                                                   value.toHtmlEscaped());
    };
    line(tr("Type"), e.plain ? tr("repository (no .grex/pack.yaml: nothing to install)") : e.type);
    line(tr("URL"), e.url);
    line(tr("Directory"), e.dir);
    line(tr("Ref"), e.ref.value_or(QString()));
    line(tr("Branch"), e.branch.value_or(QString()));
    line(tr("Commit"), e.sha.value_or(QString()));
    line(tr("Tags"), e.tags.join(u", "_s));
    if (row->status) {
        line(tr("State"), PackTreeModel::driftText(*row->status));
        if (row->status->upstream)
            line(tr("Tracking"), *row->status->upstream);
        if (row->status->lastFetched)
            line(tr("Last fetched"),
                 QLocale().toString(row->status->lastFetched->toLocalTime(), QLocale::LongFormat));
        else if (row->status->onDisk)
            line(tr("Last fetched"), tr("never"));
        if (row->status->fetchError)
            line(tr("Fetch failed"), row->status->fetchError->message().displayText());
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

    const bool plain =
        e.plain || (row->status && row->status->plain) || !QFileInfo::exists(yamlPath);
    if (e.onDisk && plain) {
        // A repository without .grex/pack.yaml has nothing to install: no error to report.
        auto *item = new QTreeWidgetItem(m_actions);
        item->setText(1, tr("(none: a plain repository has nothing to install)"));
        m_actions->resizeColumnToContents(1);
    } else if (e.onDisk) {
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
        item->setText(1, it->text);
        item->setToolTip(1, it->text);
        // What came in: the commits between the two installs, when the clone still has them.
        if (!it->fromSha.isEmpty() && e.onDisk) {
            const Result<QList<Git::CommitLine>> came =
                Git::commitRange(e.dir, it->fromSha, it->toSha);
            for (const Git::CommitLine &c : came ? *came : QList<Git::CommitLine>()) {
                auto *commit = new QTreeWidgetItem(item);
                commit->setText(1, u"%1 %2 (%3)"_s.arg(c.sha.left(7), c.summary, c.author));
                commit->setToolTip(1, commit->text(1));
            }
        }
    }
    m_events->resizeColumnToContents(0);
    readChanges(e.onDisk ? e.dir : QString());
}

void DetailsPane::readChanges(const QString &dir)
{
    const quint64 generation = ++m_generation;
    m_dir = dir;
    m_changeList->clear();
    m_diff->clear();
    m_changes = {};
    if (dir.isEmpty())
        return;
    auto *watcher = new QFutureWatcher<Result<Git::WorktreeChanges>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation)
            return; // another pack was selected meanwhile
        const Result<Git::WorktreeChanges> read = watcher->result();
        showChanges(read ? *read : Git::WorktreeChanges(),
                    read ? QString() : read.error().message().displayText());
    });
    watcher->setFuture(QtConcurrent::run(&m_pool, [dir] { return Git::readWorktreeChanges(dir); }));
}

void DetailsPane::showChanges(const Git::WorktreeChanges &changes, const QString &error)
{
    m_changes = changes;
    m_changeList->clear();
    const auto section = [this](const QString &title) {
        auto *item = new QTreeWidgetItem(m_changeList, {title});
        QFont bold = item->font(0);
        bold.setBold(true);
        item->setFont(0, bold);
        item->setFirstColumnSpanned(true);
        item->setExpanded(true);
        return item;
    };
    if (!error.isEmpty())
        section(error);
    if (!changes.files.isEmpty()) {
        QTreeWidgetItem *files = section(tr("%n changed or untracked file(s)", nullptr,
                                            int(changes.files.size())));
        for (const Git::FileChange &file : changes.files) {
            auto *item = new QTreeWidgetItem(files, {file.path, fileStateText(file)});
            item->setData(0, Qt::UserRole, file.path);
        }
        files->setExpanded(true);
    }
    const auto commits = [&](const QList<Git::CommitLine> &list, const QString &title) {
        if (list.isEmpty())
            return;
        QTreeWidgetItem *head = section(title);
        for (const Git::CommitLine &c : list) {
            auto *item = new QTreeWidgetItem(
                head, {u"%1 %2"_s.arg(c.sha.left(7), c.summary),
                       tr("%1, %2").arg(c.author, QLocale().toString(c.when.toLocalTime(),
                                                                     QLocale::ShortFormat))});
            item->setToolTip(0, c.summary);
            item->setData(0, CommitRole, c.sha);
        }
        head->setExpanded(true);
    };
    const QString upstream = changes.upstream.value_or(tr("the upstream"));
    commits(changes.incoming, tr("%n commit(s) on %1 not here yet (incoming)", nullptr,
                                 int(changes.incoming.size()))
                                  .arg(upstream));
    commits(changes.outgoing, tr("%n commit(s) here not on %1 (outgoing)", nullptr,
                                 int(changes.outgoing.size()))
                                  .arg(upstream));
    if (changes.truncated)
        section(tr("More than shown: see git status and git log in the pack."));
    if (m_changeList->topLevelItemCount() == 0)
        section(changes.upstream ? tr("Nothing changed, and nothing between here and %1.")
                                       .arg(upstream)
                                 : tr("Nothing changed; the checkout has no upstream."));
    m_changeList->resizeColumnToContents(1);
    Q_EMIT changesShown();
}

QString DetailsPane::fileStateText(const Git::FileChange &file)
{
    return Text::fileStateWords(file.state, file.staged);
}

void DetailsPane::showDiff(QTreeWidgetItem *item)
{
    const QString sha = item ? item->data(0, CommitRole).toString() : QString();
    if (!sha.isEmpty() && !m_dir.isEmpty()) {
        // A commit as git show shows it: who, when, the whole message, its files, its diff.
        const Result<QString> commit = Git::commitText(m_dir, sha);
        m_diff->setPlainText(commit ? *commit : commit.error().message().displayText());
        return;
    }
    const QString path = item ? item->data(0, Qt::UserRole).toString() : QString();
    if (path.isEmpty() || m_dir.isEmpty()) {
        m_diff->clear();
        return;
    }
    // One file's diff is small and quick to read; a huge one is cut by worktreeDiff.
    const Result<QString> diff = Git::worktreeDiff(m_dir, path);
    m_diff->setPlainText(diff ? (diff->isEmpty() ? tr("No difference git can show (a binary file, "
                                                      "or only its mode changed).")
                                                 : *diff)
                              : diff.error().message().displayText());
}

} // namespace Grex::Gui
