#include "gui/packtreemodel.h"

#include "text/reporttext.h"

#include <QBrush>
#include <QColor>
#include <QFileIconProvider>
#include <QFont>
#include <QIcon>
#include <QLocale>
#include <QSet>

#include <algorithm>
#include <functional>

#include <vector>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

QList<PackRow> joinPackRows(const QList<LsEntry> &packs, const QList<StatusEntry> &status,
                            const QString &workspaceRoot)
{
    QHash<QString, const StatusEntry *> byId;
    for (const StatusEntry &s : status)
        byId.insert(s.id, &s);
    QSet<QString> listed;
    const std::function<QList<PackRow>(const QList<LsEntry> &)> join =
        [&](const QList<LsEntry> &entries) {
            QList<PackRow> rows;
            for (const LsEntry &e : entries) {
                PackRow row;
                row.entry = e;
                if (const StatusEntry *s = byId.value(e.id))
                    row.status = *s;
                listed.insert(e.id);
                row.children = join(e.children);
                rows.append(std::move(row));
            }
            return rows;
        };
    QList<PackRow> rows = join(packs);
    for (const StatusEntry &s : status) {
        if (listed.contains(s.id) || s.drift != u"untracked")
            continue;
        PackRow row;
        row.entry.id = s.id;
        row.entry.path = s.path;
        row.entry.dir = workspaceRoot + u'/' + s.path;
        row.entry.onDisk = s.onDisk;
        row.entry.sha = s.sha.isEmpty() ? std::nullopt : std::optional<QString>(s.sha);
        row.entry.branch = s.branch;
        row.status = s;
        rows.append(std::move(row));
    }
    return rows;
}

struct PackTreeModel::Node
{
    PackRow row;
    // A folder row ("src/tools") that holds nested packs; empty for a pack.
    QString folder;
    Node *parent = nullptr;
    int index = 0;
    int depth = -1; // the pack's depth (0 for a registered pack); a folder has its parent's
    int driftRank = 99; // a folder: the most urgent drift in it, so that it sorts with it
    std::vector<std::unique_ptr<Node>> children;

    bool isFolder() const { return !folder.isEmpty(); }

    void adopt(const QList<PackRow> &rows)
    {
        for (const PackRow &r : rows) {
            auto child = std::make_unique<Node>();
            child->row = r;
            child->row.children.clear(); // they live in the child nodes
            child->parent = this;
            child->index = int(children.size());
            child->depth = depth + 1;
            child->adopt(r.children);
            children.push_back(std::move(child));
        }
    }

    template<typename F>
    void forEach(F &&f) const
    {
        for (const std::unique_ptr<Node> &c : children) {
            f(*c);
            c->forEach(f);
        }
    }
};

PackTreeModel::PackTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
    , m_root(std::make_unique<Node>())
{
}

PackTreeModel::~PackTreeModel() = default;

void PackTreeModel::setPacks(const QList<PackRow> &packs)
{
    beginResetModel();
    m_root = std::make_unique<Node>();
    // Nested packs (src/tools/fd) sit in folder rows, as the workspace's folders hold them: a
    // flat list of long paths hid which packs belong together.
    QHash<QString, Node *> folders;
    const std::function<Node *(const QString &)> folderOf = [&](const QString &path) -> Node * {
        const qsizetype slash = path.lastIndexOf(u'/');
        if (slash <= 0)
            return m_root.get();
        const QString dir = path.left(slash);
        if (Node *known = folders.value(dir))
            return known;
        Node *parent = folderOf(dir);
        auto node = std::make_unique<Node>();
        node->folder = dir;
        node->parent = parent;
        node->index = int(parent->children.size());
        node->depth = parent->depth;
        Node *made = node.get();
        parent->children.push_back(std::move(node));
        folders.insert(dir, made);
        return made;
    };
    for (const PackRow &r : packs)
        folderOf(r.entry.path.isEmpty() ? r.entry.id : r.entry.path)->adopt({r});
    const std::function<int(Node &)> rank = [&rank](Node &n) {
        int best = n.row.status ? attentionRank(shownKind(*n.row.status)) : 99;
        for (const std::unique_ptr<Node> &child : n.children)
            best = std::min(best, rank(*child));
        n.driftRank = best;
        return best;
    };
    rank(*m_root);
    endResetModel();
}

int PackTreeModel::packCount() const
{
    return int(m_root->children.size());
}

int PackTreeModel::totalPackCount() const
{
    int count = 0;
    m_root->forEach([&](const Node &n) { count += n.isFolder() ? 0 : 1; });
    return count;
}

QHash<QString, int> PackTreeModel::driftCounts() const
{
    QHash<QString, int> counts;
    m_root->forEach([&](const Node &n) {
        if (n.row.status)
            ++counts[shownKind(*n.row.status)];
    });
    return counts;
}

std::optional<QDateTime> PackTreeModel::oldestFetch() const
{
    std::optional<QDateTime> oldest;
    m_root->forEach([&](const Node &n) {
        const std::optional<StatusEntry> &s = n.row.status;
        // A pack whose fetch fails shows so on its own row; its old fetch would make every
        // other pack look stale.
        if (!s || !s->onDisk || s->drift == u"untracked" || n.row.entry.url.isEmpty() ||
            s->fetchError)
            return;
        const QDateTime when =
            s->lastFetched ? *s->lastFetched : QDateTime::fromMSecsSinceEpoch(0, Qt::UTC);
        if (!oldest || when < *oldest)
            oldest = when;
    });
    return oldest;
}

QList<StatusEntry> PackTreeModel::statuses() const
{
    QList<StatusEntry> all;
    m_root->forEach([&](const Node &n) {
        if (n.row.status)
            all.append(*n.row.status);
    });
    return all;
}

void PackTreeModel::refreshAges()
{
    touchColumns(FetchedColumn, FetchedColumn, {Qt::DisplayRole});
}

void PackTreeModel::touchColumns(int first, int last, const QList<int> &roles)
{
    const std::function<void(const QModelIndex &)> touch = [&](const QModelIndex &parent) {
        const int rows = rowCount(parent);
        if (rows == 0)
            return;
        Q_EMIT dataChanged(index(0, first, parent), index(rows - 1, last, parent), roles);
        for (int r = 0; r < rows; ++r)
            touch(index(r, 0, parent));
    };
    touch({});
}

const PackRow *PackTreeModel::row(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this)
        return nullptr;
    const Node *node = static_cast<Node *>(index.internalPointer());
    return node->isFolder() ? nullptr : &node->row;
}

bool PackTreeModel::isFolder(const QModelIndex &index) const
{
    return index.isValid() && index.model() == this &&
           static_cast<Node *>(index.internalPointer())->isFolder();
}

QList<std::pair<QString, QString>> PackTreeModel::packDirs() const
{
    QList<std::pair<QString, QString>> dirs;
    m_root->forEach([&](const Node &n) {
        if (!n.row.entry.dir.isEmpty())
            dirs.append({n.row.entry.id, n.row.entry.dir});
    });
    return dirs;
}

FilterSubject PackTreeModel::filterSubject(const QModelIndex &index) const
{
    if (!index.isValid())
        return {};
    const Node *node = static_cast<Node *>(index.internalPointer());
    if (node->isFolder())
        return {};
    const LsEntry &e = node->row.entry;
    return subjectOf(e, node->depth)
        .withDrifts(node->row.status ? node->row.status->drifts : QStringList());
}

QModelIndex PackTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    const Node *p = parent.isValid() ? static_cast<Node *>(parent.internalPointer()) : m_root.get();
    if (row < 0 || row >= int(p->children.size()) || column < 0 || column >= ColumnCount)
        return {};
    return createIndex(row, column, p->children.at(size_t(row)).get());
}

QModelIndex PackTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    const Node *node = static_cast<Node *>(child.internalPointer());
    if (!node->parent || node->parent == m_root.get())
        return {};
    return createIndex(node->parent->index, 0, node->parent);
}

int PackTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    const Node *p = parent.isValid() ? static_cast<Node *>(parent.internalPointer()) : m_root.get();
    return int(p->children.size());
}

int PackTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QString PackTreeModel::shownKind(const StatusEntry &s)
{
    if (s.drift == u"clean" && s.untrackedFiles > 0)
        return u"untracked_files"_s;
    return s.drift;
}

int PackTreeModel::attentionRank(const QString &kind)
{
    // New files nobody committed may be work that exists only here: they sort with what needs
    // a look, after what grex can fix, before the clean packs.
    static const QStringList order = [] {
        QStringList kinds = PackFilter::driftKinds();
        kinds.removeAll(u"untracked_files"_s);
        kinds.insert(kinds.indexOf(u"clean"_s), u"untracked_files"_s);
        return kinds;
    }();
    const qsizetype rank = order.indexOf(kind);
    return rank < 0 ? 99 : int(rank);
}

QString PackTreeModel::driftText(const StatusEntry &s)
{
    // Every kind that holds, the most urgent first: a dirty pack that is behind says both. A
    // clean pack with untracked files says only the files.
    QStringList parts;
    QStringList kinds = s.drifts.isEmpty() ? QStringList{s.drift} : s.drifts;
    if (kinds.size() > 1)
        kinds.removeAll(u"clean"_s);
    for (const QString &kind : std::as_const(kinds))
        parts.append(kindText(s, kind));
    return parts.join(u"; "_s);
}

QString PackTreeModel::ageText(const QDateTime &when, const QDateTime &now)
{
    const qint64 seconds = std::max<qint64>(0, when.secsTo(now));
    if (seconds < 60)
        return tr("now");
    if (seconds < 3600)
        return tr("%n min ago", nullptr, int(seconds / 60));
    if (seconds < 2 * 86400)
        return tr("%n h ago", nullptr, int(seconds / 3600));
    return tr("%n day(s) ago", nullptr, int(seconds / 86400));
}

QString PackTreeModel::kindText(const StatusEntry &s, const QString &kind)
{
    if (kind == u"clean")
        return tr("clean");
    if (kind == u"dirty")
        return tr("dirty: %n changed file(s)", nullptr, s.changedFiles);
    if (kind == u"missing")
        return tr("missing");
    if (kind == u"broken")
        return s.error.isEmpty() ? tr("broken")
                                 : tr("broken: %1").arg(s.error.section(u'\n', 0, 0));
    if (kind == u"fetch_failed") {
        if (!s.fetchError)
            return tr("fetch failed");
        const QString words = Text::reasonWords(s.fetchError->reason());
        return tr("fetch failed: %1").arg(words.isEmpty() ? s.fetchError->reason() : words);
    }
    if (kind == u"stale") {
        if (s.staleReason == u"not_installed")
            return tr("stale: not installed");
        if (s.staleReason == u"actions_changed")
            return tr("stale: actions changed");
        if (s.staleReason == u"too_old")
            return tr("stale: installed long ago");
        return tr("stale: commit changed");
    }
    if (kind == u"behind")
        return tr("behind by %n", nullptr, s.behind);
    if (kind == u"ahead")
        return tr("ahead by %n", nullptr, s.ahead);
    if (kind == u"diverged")
        return tr("diverged: %1 ahead, %2 behind").arg(s.ahead).arg(s.behind);
    if (kind == u"rewritten")
        return tr("upstream rewritten: %n commit(s) no longer upstream", nullptr, s.ahead);
    if (kind == u"upstream_gone") {
        return s.remoteDefaultBranch.isEmpty()
                   ? tr("upstream branch gone")
                   : tr("upstream branch gone; the remote's default is %1")
                         .arg(s.remoteDefaultBranch);
    }
    if (kind == u"off_branch") {
        return s.branch ? tr("on %1, not %2").arg(*s.branch, s.expectedBranch)
                        : tr("detached, not on %1").arg(s.expectedBranch);
    }
    if (kind == u"untracked")
        return tr("untracked");
    if (kind == u"untracked_files")
        return tr("%n untracked file(s)", nullptr, s.untrackedFiles);
    return kind;
}

QString PackTreeModel::holderText(const LockHolder &h)
{
    return tr("%1 (pid %2 on %3)").arg(h.application).arg(h.pid).arg(h.hostname);
}

QString PackTreeModel::driftCount(const QString &kind, int count)
{
    return Text::driftCount(kind, count);
}

void PackTreeModel::setOutcomes(const QHash<QString, QString> &outcomeByPack,
                                const QHash<QString, QString> &whyByPack)
{
    m_outcomes = outcomeByPack;
    m_why = whyByPack;
    // Every row may change colour; the tree is small next to a repaint.
    touchColumns(0, ColumnCount - 1, {Qt::BackgroundRole, Qt::ToolTipRole});
}

QVariant PackTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const Node *node = static_cast<Node *>(index.internalPointer());
    if (node->isFolder()) {
        if (role == SortRole && index.column() == DriftColumn)
            return node->driftRank;
        return folderData(node->folder, node->parent->folder, index.column(), role);
    }
    const PackRow &r = node->row;
    const LsEntry &e = r.entry;
    const bool onDisk = r.status ? r.status->onDisk : e.onDisk;
    if (role == PackIdRole)
        return e.id;
    if (role == DriftRole)
        return r.status ? r.status->drift : QString();
    if (role == Qt::DisplayRole || role == SortRole) {
        switch (index.column()) {
        case NameColumn:
            // In its folder's row a nested pack is named by what the folder does not say.
            if (role == Qt::DisplayRole && node->parent->isFolder() &&
                e.id.startsWith(node->parent->folder + u'/'))
                return e.id.mid(node->parent->folder.size() + 1);
            return e.id;
        case TypeColumn:
            // A repository without pack.yaml is "meta" to grex, a word its owner never chose.
            if (e.plain || (r.status && r.status->plain))
                return tr("repository");
            if (!e.type.isEmpty())
                return e.type;
            // A child read from disk: status knows its type (meta without a pack.yaml).
            return onDisk && r.status && !r.status->type.isEmpty() ? r.status->type : u"-"_s;
        case RefColumn:
            if (e.ref)
                return *e.ref;
            if (!onDisk)
                return u"-"_s;
            return e.branch ? *e.branch : tr("detached");
        case ShaColumn:
            if (!onDisk)
                return u"-"_s;
            return e.sha ? e.sha->left(7) : u"-"_s;
        case DriftColumn:
            if (role == SortRole)
                return r.status ? attentionRank(shownKind(*r.status)) : 99;
            return r.status ? driftText(*r.status) : QString();
        case FetchedColumn:
            if (!onDisk || !r.status || r.status->drift == u"untracked")
                return role == SortRole ? QVariant(qint64(0)) : QVariant(u"-"_s);
            if (role == SortRole)
                return r.status->lastFetched ? r.status->lastFetched->toMSecsSinceEpoch() : 0;
            return r.status->lastFetched
                       ? ageText(*r.status->lastFetched, QDateTime::currentDateTimeUtc())
                       : tr("never");
        case TagsColumn:
            return e.tags.join(u", "_s);
        case InstalledColumn:
            if (role == SortRole)
                return e.installedAt ? e.installedAt->toDateTime().toMSecsSinceEpoch() : 0;
            return e.installedAt ? QLocale().toString(e.installedAt->toDateTime().toLocalTime(),
                                                      QLocale::ShortFormat)
                                 : tr("never");
        case LockColumn:
            if (r.status && r.status->holder)
                return holderText(*r.status->holder);
            return QString();
        }
    }
    if (role == Qt::DecorationRole && index.column() == DriftColumn && r.status)
        return QIcon(u":/grex/icons/status/%1.svg"_s.arg(shownKind(*r.status)));
    if (role == Qt::DecorationRole && index.column() == LockColumn && r.status && r.status->holder)
        return QIcon(u":/grex/icons/status/lock-held.svg"_s);
    const QString outcome = m_outcomes.value(e.id);
    if (role == Qt::BackgroundRole && (outcome == u"failed" || outcome == u"needs_you"))
        return QBrush(outcome == u"failed" ? QColor(0xfd, 0xe0, 0xe0) : QColor(0xff, 0xf3, 0xd6));
    if (role == Qt::ToolTipRole && !m_why.value(e.id).isEmpty())
        return tr("Last run: %1").arg(m_why.value(e.id));
    if (role == Qt::ToolTipRole && index.column() == FetchedColumn && r.status &&
        r.status->lastFetched) {
        return tr("Last fetched %1")
            .arg(QLocale().toString(r.status->lastFetched->toLocalTime(), QLocale::LongFormat));
    }
    if (role == Qt::ToolTipRole && index.column() == TagsColumn && !e.tags.isEmpty())
        return e.tags.join(u", "_s);
    if (role == Qt::ToolTipRole) {
        if (r.status && r.status->fetchError)
            return r.status->fetchError->displayText();
        if (r.status && !r.status->error.isEmpty())
            return r.status->error;
        return e.url.isEmpty() ? (r.status ? r.status->path : QString()) : e.url;
    }
    if (role == Qt::ForegroundRole && index.column() == DriftColumn && r.status) {
        // A remote that cannot be reached stays red until a fetch succeeds: its behind and
        // ahead are as old as the last fetch that worked.
        if (r.status->drift == u"fetch_failed" || r.status->drift == u"broken")
            return QBrush(QColor(0xc6, 0x28, 0x28));
        if (r.status->drift == u"missing")
            return QBrush(QColor(0x75, 0x75, 0x75));
    }
    if (role == Qt::ForegroundRole && index.column() == FetchedColumn && r.status &&
        r.status->fetchError)
        return QBrush(QColor(0xc6, 0x28, 0x28));
    if (role == Qt::FontRole && index.column() == ShaColumn) {
        QFont font(u"monospace"_s);
        font.setStyleHint(QFont::Monospace);
        return font;
    }
    return {};
}

QVariant PackTreeModel::folderData(const QString &folder, const QString &parentFolder, int column,
                                   int role)
{
    if (role == PackIdRole || role == DriftRole)
        return QString();
    if (column != NameColumn)
        return {};
    if (role == Qt::DisplayRole)
        return parentFolder.isEmpty() ? folder : folder.mid(parentFolder.size() + 1);
    if (role == SortRole || role == Qt::ToolTipRole)
        return folder;
    if (role == Qt::DecorationRole) {
        static const QIcon folderIcon = QFileIconProvider().icon(QFileIconProvider::Folder);
        return folderIcon;
    }
    return {};
}

QVariant PackTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Pack");
    case TypeColumn:
        return tr("Type");
    case RefColumn:
        return tr("Branch or ref");
    case ShaColumn:
        return tr("Commit");
    case DriftColumn:
        return tr("State");
    case FetchedColumn:
        return tr("Fetched");
    case TagsColumn:
        return tr("Tags");
    case InstalledColumn:
        return tr("Installed");
    case LockColumn:
        return tr("Locked by");
    }
    return {};
}

} // namespace Grex::Gui
