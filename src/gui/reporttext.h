#pragma once

#include <QJsonValue>
#include <QString>

namespace Grex::Gui {

// A verb's report as a person reads it in the window: what a dry run would do, or what a run
// did, one line per pack or step. Falls back to indented JSON for a report it does not know.
QString reportText(const QString &verb, const QJsonValue &document);

} // namespace Grex::Gui
