#include "core/docview.h"

#include <QtGlobal>

namespace Grex {

DocView::DocView(JsonValue value, const DocShape &shape)
    : m_value(std::move(value))
    , m_object(m_value.toObject())
    , m_shape(&shape)
{
}

const DocShape &DocView::declared(QStringView key) const
{
    if (const DocShape *member = m_shape->member(key))
        return *member;
#ifdef GREX_DEBUG_CHECKS
    qFatal("a document is read by the key '%s', which its shape does not declare (the "
           "report's shape() beside its toJson())",
           qUtf8Printable(key.toString()));
#endif
    return DocShape::anything();
}

JsonValue DocView::value(QStringView key) const
{
    declared(key);
    return m_object.value(key.toString());
}

bool DocView::contains(QStringView key) const
{
    declared(key);
    return m_object.contains(key.toString());
}

DocView DocView::at(QStringView key) const
{
    return DocView(m_object.value(key.toString()), declared(key));
}

QList<DocView> DocView::items() const
{
    const DocShape *item = m_shape->items();
#ifdef GREX_DEBUG_CHECKS
    if (!item)
        qFatal("a document is read as a list where its shape declares none");
#endif
    QList<DocView> out;
    for (const JsonValue &v : m_value.toArray())
        out.append(DocView(v, item ? *item : DocShape::anything()));
    return out;
}

} // namespace Grex
