#pragma once

#include "verbs/ls.h"

#include <QAbstractItemModel>

#include <memory>

namespace Grex::Gui {

// The packs of a workspace as `grex ls --tree` reports them: registered packs at the top,
// their children below.
class PackTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column {
        NameColumn,
        TypeColumn,
        RefColumn,
        ShaColumn,
        InstalledColumn,
        PathColumn,
        ColumnCount
    };

    explicit PackTreeModel(QObject *parent = nullptr);
    ~PackTreeModel() override;

    void setPacks(const QList<LsEntry> &packs);
    int packCount() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Node;
    std::unique_ptr<Node> m_root;
};

} // namespace Grex::Gui
