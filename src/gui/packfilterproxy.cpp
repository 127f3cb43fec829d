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
        if (!model || m_filter.matches(model->filterSubject(mapToSource(row))))
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
    return m_filter.matches(model->filterSubject(model->index(sourceRow, 0, sourceParent)));
}

} // namespace Grex::Gui
