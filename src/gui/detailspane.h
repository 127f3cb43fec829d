#pragma once

#include "core/timestamp.h"

#include <QHash>
#include <QList>
#include <QTabWidget>

class QLabel;
class QPlainTextEdit;
class QTreeWidget;

namespace Grex::Gui {

struct PackRow;

// One intent-log event of a pack, as the details pane lists it.
struct AuditLine
{
    Timestamp ts;
    QString op;   // add, update, rm, sync, action_started, action_completed, action_halted
    QString text; // what happened, in a few words
};

// The selected pack: an overview, its pack.yaml, its actions, and its last audit events.
class DetailsPane : public QTabWidget
{
    Q_OBJECT

public:
    explicit DetailsPane(QWidget *parent = nullptr);
    // row null: nothing selected.
    void showPack(const PackRow *row, const QList<AuditLine> &events);

private:
    QLabel *m_overview;
    QPlainTextEdit *m_yaml;
    QTreeWidget *m_actions;
    QTreeWidget *m_events;
};

} // namespace Grex::Gui
