#pragma once

#include "core/engine/packfilter.h"
#include "core/verbs/ls.h"
#include "core/verbs/status.h"

#include <QAbstractItemModel>
#include <QHash>

#include <memory>

namespace Grex::Gui {

// What the window knows of one pack: what `ls --tree` lists, and what `status --long` says of
// it (drift, lock holder). An untracked clone has only a status.
struct PackRow
{
    LsEntry entry;
    std::optional<StatusEntry> status;
    QList<PackRow> children;
};

// Joins an `ls --tree` report and a `status --long` report into rows: registered packs at the
// top with their children below, then the clones nobody registered.
QList<PackRow> joinPackRows(const QList<LsEntry> &packs, const QList<StatusEntry> &status,
                            const QString &workspaceRoot);

// The packs of a workspace as a tree: name, type, branch or ref, short commit, a drift badge,
// tags, the last install and who holds the pack's lock.
class PackTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column {
        NameColumn,
        TypeColumn,
        RefColumn,
        ShaColumn,
        DriftColumn,
        FetchedColumn,
        TagsColumn,
        InstalledColumn,
        LockColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // a value that sorts as people expect (times as numbers)
        PackIdRole,                  // the pack id
        DriftRole,                   // the drift kind: clean, dirty, missing, …
    };

    explicit PackTreeModel(QObject *parent = nullptr);
    ~PackTreeModel() override;

    void setPacks(const QList<PackRow> &packs);
    int packCount() const;      // top-level rows: packs, and folders of nested packs
    int totalPackCount() const; // every row
    // Packs by the kind the window shows (shownKind), over every row.
    QHash<QString, int> driftCounts() const;
    // The oldest last fetch among the clones that have a remote and whose last fetch did not
    // fail; nullopt when none has, and the epoch when one of them never fetched.
    std::optional<QDateTime> oldestFetch() const;
    // Every pack's status, in tree order.
    QList<StatusEntry> statuses() const;
    // Repaints the Fetched column, whose ages grow with the clock.
    void refreshAges();
    // The pack of a row; nullptr for a folder row.
    const PackRow *row(const QModelIndex &index) const;
    // A row that groups nested packs by their folder (src/tools), not a pack.
    bool isFolder(const QModelIndex &index) const;
    // What the last run did to each pack (PackOutcome::outcome) and why, by id: failed and
    // needs-you rows are marked until the next run.
    void setOutcomes(const QHash<QString, QString> &outcomeByPack,
                     const QHash<QString, QString> &whyByPack);
    // Every pack's id and directory, for the lock files to look at.
    QList<std::pair<QString, QString>> packDirs() const;
    FilterSubject filterSubject(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // What the window shows a pack as: its drift, except that a clean pack with untracked files
    // is "untracked_files", which needs a look (the engine counts it clean).
    static QString shownKind(const StatusEntry &status);
    // Where a kind sorts: most urgent first, untracked files just before clean.
    static int attentionRank(const QString &kind);
    // The words a drift kind is shown with ("behind 2").
    static QString driftText(const StatusEntry &status);
    // How long ago a clone last fetched ("5 min ago"), from now.
    static QString ageText(const QDateTime &when, const QDateTime &now);
    static QString kindText(const StatusEntry &status, const QString &kind);
    // Who holds a lock, as the window shows it everywhere: "grex (pid 4242 on host)".
    static QString holderText(const LockHolder &holder);
    // A drift kind in a summary: "%n dirty".
    static QString driftCount(const QString &kind, int count);

private:
    struct Node;
    // dataChanged for these columns of every row, folders and children included.
    void touchColumns(int first, int last, const QList<int> &roles);
    static QVariant folderData(const QString &folder, const QString &parentFolder, int column,
                               int role);
    std::unique_ptr<Node> m_root;
    QHash<QString, QString> m_outcomes;
    QHash<QString, QString> m_why;
};

} // namespace Grex::Gui
