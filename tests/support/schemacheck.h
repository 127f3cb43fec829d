#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

namespace Grex::Test {

// Where value breaks schema, one line each ("$.packs[0].id: expected string, got null"); empty
// when it holds. Reads the JSON Schema 2020-12 keywords grex's output schemas use: type (one or
// a list), enum, properties, required, additionalProperties (false or a schema), items, oneOf.
// A keyword it does not know fails the check, so a schema never passes unread.
QStringList schemaProblems(const QJsonValue &value, const QJsonObject &schema,
                           const QString &path = QStringLiteral("$"));

} // namespace Grex::Test
