#include "core/docshape.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

DocShape DocShape::string(QStringList words)
{
    DocShape s(Kind::String);
    s.m_words = std::move(words);
    return s;
}

DocShape DocShape::integer()
{
    return DocShape(Kind::Integer);
}

DocShape DocShape::boolean()
{
    return DocShape(Kind::Boolean);
}

DocShape DocShape::any()
{
    return DocShape();
}

DocShape DocShape::array(const DocShape &items)
{
    return DocShape(Kind::Array, {items});
}

DocShape DocShape::object(std::vector<Field> fields)
{
    DocShape s(Kind::Object);
    s.m_fields = std::move(fields);
    return s;
}

DocShape DocShape::openObject(std::vector<Field> fields)
{
    DocShape s = object(std::move(fields));
    s.m_open = true;
    return s;
}

DocShape DocShape::map(const DocShape &values)
{
    return DocShape(Kind::Map, {values});
}

DocShape DocShape::oneOf(std::vector<DocShape> shapes)
{
    return DocShape(Kind::OneOf, std::move(shapes));
}

DocShape DocShape::orNull() const
{
    DocShape s = *this;
    s.m_nullable = true;
    return s;
}

const DocShape &DocShape::anything()
{
    static const DocShape shape;
    return shape;
}

const DocShape *DocShape::member(QStringView key) const
{
    switch (m_kind) {
    case Kind::Any:
        return &anything();
    case Kind::Map:
        return &m_shapes.front();
    case Kind::Object: {
        const auto it = std::find_if(m_fields.cbegin(), m_fields.cend(),
                                     [&](const Field &f) { return f.key == key; });
        if (it != m_fields.cend())
            return &it->shape;
        return m_open ? &anything() : nullptr;
    }
    case Kind::OneOf:
        for (const DocShape &choice : m_shapes) {
            if (const DocShape *found = choice.member(key))
                return found;
        }
        return nullptr;
    case Kind::String:
    case Kind::Integer:
    case Kind::Boolean:
    case Kind::Array:
        break;
    }
    return nullptr;
}

const DocShape *DocShape::items() const
{
    if (m_kind == Kind::Any)
        return &anything();
    if (m_kind == Kind::Array)
        return &m_shapes.front();
    if (m_kind == Kind::OneOf) {
        for (const DocShape &choice : m_shapes) {
            if (const DocShape *found = choice.items())
                return found;
        }
    }
    return nullptr;
}

JsonObject DocShape::toJsonSchema() const
{
    JsonObject schema;
    const auto typed = [&](const QString &type) {
        if (m_nullable)
            schema.insert(u"type"_s, JsonArray{JsonValue(type), JsonValue(u"null"_s)});
        else
            schema.insert(u"type"_s, type);
    };
    switch (m_kind) {
    case Kind::String:
        typed(u"string"_s);
        if (!m_words.isEmpty()) {
            JsonArray words;
            for (const QString &word : m_words)
                words.append(word);
            if (m_nullable)
                words.append(JsonValue());
            schema.insert(u"enum"_s, words);
        }
        break;
    case Kind::Integer:
        typed(u"integer"_s);
        break;
    case Kind::Boolean:
        typed(u"boolean"_s);
        break;
    case Kind::Any:
        break;
    case Kind::Array:
        typed(u"array"_s);
        schema.insert(u"items"_s, m_shapes.front().toJsonSchema());
        break;
    case Kind::Map:
        typed(u"object"_s);
        schema.insert(u"additionalProperties"_s, m_shapes.front().toJsonSchema());
        break;
    case Kind::Object: {
        typed(u"object"_s);
        JsonObject properties;
        JsonArray required;
        for (const Field &f : m_fields) {
            JsonObject property = f.shape.toJsonSchema();
            if (f.help)
                property.insert(u"description"_s, QString::fromUtf8(f.help));
            properties.insert(f.key, property);
            if (!f.optional)
                required.append(f.key);
        }
        schema.insert(u"properties"_s, properties);
        schema.insert(u"required"_s, required);
        schema.insert(u"additionalProperties"_s, m_open);
        break;
    }
    case Kind::OneOf: {
        JsonArray choices;
        for (const DocShape &shape : m_shapes)
            choices.append(shape.toJsonSchema());
        if (m_nullable)
            choices.append(JsonObject{{u"type"_s, u"null"_s}});
        // Objects all: the type is said once more at the top, where MCP's outputSchema needs it.
        const bool objects =
            !m_nullable && std::all_of(m_shapes.begin(), m_shapes.end(), [](const DocShape &shape) {
                return shape.m_kind == Kind::Object;
            });
        if (objects)
            schema.insert(u"type"_s, u"object"_s);
        schema.insert(u"oneOf"_s, choices);
        break;
    }
    }
    return schema;
}

QString DocShape::typeText() const
{
    QString text;
    switch (m_kind) {
    case Kind::String:
        text = m_words.isEmpty() ? u"string"_s : u"`"_s + m_words.join(u"` \\| `"_s) + u'`';
        break;
    case Kind::Integer:
        text = u"integer"_s;
        break;
    case Kind::Boolean:
        text = u"boolean"_s;
        break;
    case Kind::Any:
        text = u"any"_s;
        break;
    case Kind::Array:
        text = u"array of "_s + m_shapes.front().typeText();
        break;
    case Kind::Object:
        text = u"object"_s;
        break;
    case Kind::Map:
        text = u"object of "_s + m_shapes.front().typeText();
        break;
    case Kind::OneOf:
        text = u"one of the shapes below"_s;
        break;
    }
    return m_nullable ? text + u" or null"_s : text;
}

QStringList DocShape::markdownRows(const QString &prefix) const
{
    QStringList rows;
    if (m_kind == Kind::Array || m_kind == Kind::Map)
        return m_shapes.front().markdownRows(prefix + (m_kind == Kind::Array ? u"[]"_s : u".*"_s));
    if (m_kind == Kind::OneOf) {
        for (const DocShape &shape : m_shapes)
            rows += shape.markdownRows(prefix);
        return rows;
    }
    for (const Field &f : m_fields) {
        const QString path = prefix.isEmpty() ? f.key : prefix + u'.' + f.key;
        QString what = f.help ? QString::fromUtf8(f.help) : QString();
        if (f.optional)
            what += what.isEmpty() ? u"(optional)"_s : u" (optional)"_s;
        rows.append(u"| `%1` | %2 | %3 |"_s.arg(path, f.shape.typeText(), what));
        rows += f.shape.markdownRows(path);
    }
    return rows;
}

DocShape::Field field(const QString &key, const DocShape &shape, const char *help)
{
    return DocShape::Field{key, shape, help, false};
}

DocShape::Field optionalField(const QString &key, const DocShape &shape, const char *help)
{
    return DocShape::Field{key, shape, help, true};
}

} // namespace Grex
