#pragma once

#include <QJsonValue>
#include <QString>

namespace Grex::Gui {

// A verb's report as a person reads it in the window: what a dry run would do, or what a run
// did, one line per pack or step. Falls back to indented JSON for a report it does not know.
QString reportText(const QString &verb, const QJsonValue &document);

// A step's details in a few words: its text, or its JSON without the bookkeeping members
// (actions_hash, pack_path) a person does not read; "" when nothing is left.
QString stepDetailsText(const QJsonValue &details);

} // namespace Grex::Gui
