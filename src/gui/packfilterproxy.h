#pragma once

#include "core/engine/packfilter.h"

#include <QSortFilterProxyModel>

namespace Grex::Gui {

// Sorts the pack tree and filters it with the --filter language. A parent stays visible while
// one of its children matches, so the match shows in place (docs/design.md, "Filter
// expressions").
class PackFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit PackFilterProxy(QObject *parent = nullptr);

    // Parses and applies the expression; returns the error text (with the caret line) when it
    // does not parse, in which case the previous filter stays.
    QString setFilterExpression(const QString &expression);
    const PackFilter &packFilter() const { return m_filter; }
    // The packs the filter matches, not counting the parents shown only to hold a match: what
    // "3 of 40 shown" counts.
    int shownCount(const QModelIndex &parent = {}) const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    PackFilter m_filter;
};

} // namespace Grex::Gui
