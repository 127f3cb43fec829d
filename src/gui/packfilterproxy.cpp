#include "gui/packfilterproxy.h"

#include "gui/packtreemodel.h"

namespace Grex::Gui {

PackFilterProxy::PackFilterProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setSortRole(PackTreeModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

QString PackFilterProxy::setFilterExpression(const QString &expression)
{
    Result<PackFilter> parsed = PackFilter::parse(expression.trimmed());
    if (!parsed)
        return parsed.error().message().displayText();
    m_filter = *parsed;
    invalidateFilter();
    return {};
}

int PackFilterProxy::shownCount(const QModelIndex &parent) const
{
    const auto *model = qobject_cast<const PackTreeModel *>(sourceModel());
    int count = 0;
    for (int r = 0; r < rowCount(parent); ++r) {
        const QModelIndex row = index(r, 0, parent);
        const QModelIndex source = mapToSource(row);
        if (!model || (!model->isFolder(source) && m_filter.matches(model->filterSubject(source))))
            ++count;
        count += shownCount(row);
    }
    return count;
}

bool PackFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_filter.isEmpty())
        return true;
    const auto *model = qobject_cast<const PackTreeModel *>(sourceModel());
    if (!model)
        return true;
    // A folder row is shown for the packs in it that match (recursive filtering), never for
    // itself.
    const QModelIndex source = model->index(sourceRow, 0, sourceParent);
    return !model->isFolder(source) && m_filter.matches(model->filterSubject(source));
}

} // namespace Grex::Gui
