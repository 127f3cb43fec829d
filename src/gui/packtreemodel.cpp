#include "packtreemodel.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <vector>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

struct PackTreeModel::Node
{
    LsEntry entry;
    Node *parent = nullptr;
    int row = 0;
    std::vector<std::unique_ptr<Node>> children;

    void adopt(const QList<LsEntry> &entries)
    {
        for (const LsEntry &e : entries) {
            auto child = std::make_unique<Node>();
            child->entry = e;
            child->parent = this;
            child->row = int(children.size());
            child->adopt(e.children);
            children.push_back(std::move(child));
        }
    }
};

PackTreeModel::PackTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
    , m_root(std::make_unique<Node>())
{
}

PackTreeModel::~PackTreeModel() = default;

void PackTreeModel::setPacks(const QList<LsEntry> &packs)
{
    beginResetModel();
    m_root = std::make_unique<Node>();
    m_root->adopt(packs);
    endResetModel();
}

int PackTreeModel::packCount() const
{
    return int(m_root->children.size());
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
    return createIndex(node->parent->row, 0, node->parent);
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

QVariant PackTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const LsEntry &e = static_cast<Node *>(index.internalPointer())->entry;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case NameColumn:
            return e.id;
        case TypeColumn:
            return e.type.isEmpty() ? u"-"_s : e.type;
        case RefColumn:
            if (e.ref)
                return *e.ref;
            if (!e.onDisk)
                return u"-"_s;
            return e.branch ? *e.branch : tr("detached");
        case ShaColumn:
            if (!e.onDisk)
                return tr("missing");
            return e.sha ? e.sha->left(7) : u"-"_s;
        case InstalledColumn:
            return e.installedAt ? QLocale().toString(e.installedAt->toDateTime().toLocalTime(),
                                                      QLocale::ShortFormat)
                                 : tr("never");
        case PathColumn:
            return e.dir;
        }
    }
    if (role == Qt::ToolTipRole)
        return e.url;
    if (role == Qt::ForegroundRole && index.column() == ShaColumn && !e.onDisk)
        return QBrush(QColor(0xc0, 0x1c, 0x28));
    if (role == Qt::FontRole && index.column() == ShaColumn) {
        QFont font(u"monospace"_s);
        font.setStyleHint(QFont::Monospace);
        return font;
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
    case InstalledColumn:
        return tr("Installed");
    case PathColumn:
        return tr("Directory");
    }
    return {};
}

} // namespace Grex::Gui
