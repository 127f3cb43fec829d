#pragma once

#include "core/docshape.h"
#include "core/json.h"

#include <QList>

namespace Grex {

// A document read through the shape its verb declares (docshape.h). The text library and the
// window read reports this way, so that a key no shape declares, such as one core renamed,
// stops the tests that render it (GREX_DEBUG_CHECKS builds) instead of reading as nothing.
// A view keeps a pointer into its shape: the shape must outlive it (shapeOf, or
// VerbSpec::documentShape, which returns the same).
class DocView
{
public:
    DocView(JsonValue value, const DocShape &shape);

    const JsonValue &json() const { return m_value; }
    const JsonObject &object() const { return m_object; }
    bool isObject() const { return m_value.isObject(); }
    bool isArray() const { return m_value.isArray(); }

    // Whether the shape declares this member: for a reader shared by documents of several
    // shapes (sync's packs and update's), which asks before it reads.
    bool declares(QStringView key) const { return m_shape->member(key) != nullptr; }
    // A member of the object, which its shape must declare.
    JsonValue value(QStringView key) const;
    bool contains(QStringView key) const;
    QString string(QStringView key) const { return value(key).toString(); }
    qint64 integer(QStringView key) const { return value(key).toInteger(); }
    bool boolean(QStringView key) const { return value(key).toBool(); }
    // The member as a view with its declared shape (an object or an array in the document).
    DocView at(QStringView key) const;
    // The items of the array (or of the member `key`), each with the declared item shape.
    QList<DocView> items() const;
    QList<DocView> items(QStringView key) const { return at(key).items(); }

private:
    const DocShape &declared(QStringView key) const;

    JsonValue m_value;
    JsonObject m_object; // m_value's members, read once (a serialized value would parse again)
    const DocShape *m_shape;
};

} // namespace Grex
