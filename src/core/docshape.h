#pragma once

#include "core/json.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace Grex {

// The shape of a JSON document a verb returns, declared once beside the report's toJson(): the
// MCP tool's outputSchema (a JSON Schema 2020-12) and the --json reference (docs/json.md) are
// made from it, and the parity test checks every tool's real document against that schema.
class DocShape
{
public:
    struct Field;

    DocShape() = default; // any()

    static DocShape string(QStringList words = {}); // words: the only values, when few
    static DocShape integer();
    static DocShape boolean();
    static DocShape any(); // details whose members vary (a step's details)
    // One any() shape that lives for the program, for readers that need one to point to.
    static const DocShape &anything();
    static DocShape array(const DocShape &items);
    // Every field is present unless marked optional; no other member appears.
    static DocShape object(std::vector<Field> fields);
    // The same, with other members beside the fields (an error's details).
    static DocShape openObject(std::vector<Field> fields);
    // An object whose members are named by data (counts by outcome), each of shape values.
    static DocShape map(const DocShape &values);
    // One of these shapes (tag: one pack's report, or the list of several).
    static DocShape oneOf(std::vector<DocShape> shapes);

    // The same shape, or null.
    DocShape orNull() const;

    // The shape of an object's member `key`: a declared field's, anything for an open object's
    // other members, a map's values; null when this shape declares no such member (or is no
    // object). A oneOf answers with the first choice that declares it.
    const DocShape *member(QStringView key) const;
    // The shape of an array's items; null when this is no array.
    const DocShape *items() const;

    JsonObject toJsonSchema() const;
    // The fields as Markdown rows ("| `key` | type | what |"), nested fields with a dotted path.
    QStringList markdownRows(const QString &prefix = {}) const;

private:
    enum class Kind { String, Integer, Boolean, Any, Array, Object, Map, OneOf };

    explicit DocShape(Kind kind, std::vector<DocShape> shapes = {})
        : m_kind(kind)
        , m_shapes(std::move(shapes))
    {
    }
    Kind m_kind = Kind::Any;
    bool m_nullable = false;
    bool m_open = false;
    QStringList m_words;
    std::vector<Field> m_fields;
    std::vector<DocShape> m_shapes; // the items of an array or map, the choices of oneOf

    QString typeText() const;
};

struct DocShape::Field
{
    QString key;
    DocShape shape;
    const char *help = nullptr; // what it holds, one phrase
    bool optional = false;      // absent when it has nothing to say
};

// A field, read best as a table row: {"dry_run", boolean(), "nothing was changed"}.
DocShape::Field field(const QString &key, const DocShape &shape, const char *help);
DocShape::Field optionalField(const QString &key, const DocShape &shape, const char *help);

// A report type's shape, built once for the program: what a reader's DocView points into and
// what its verb's row hands out (VerbSpec::documentShape).
template<typename Report>
const DocShape &shapeOf()
{
    static const DocShape shape = Report::shape();
    return shape;
}

} // namespace Grex
