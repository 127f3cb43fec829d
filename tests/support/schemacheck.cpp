#include "support/schemacheck.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Grex::Test {

namespace {

QString typeOf(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Bool:
        return u"boolean"_s;
    case QJsonValue::Double:
        return value.toDouble() == double(qint64(value.toDouble())) ? u"integer"_s : u"number"_s;
    case QJsonValue::String:
        return u"string"_s;
    case QJsonValue::Array:
        return u"array"_s;
    case QJsonValue::Object:
        return u"object"_s;
    case QJsonValue::Undefined:
        break;
    }
    return u"undefined"_s;
}

bool hasType(const QJsonValue &value, const QString &type)
{
    const QString actual = typeOf(value);
    return actual == type || (type == u"number" && actual == u"integer");
}

QString text(const QJsonValue &value)
{
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact))
        .mid(1)
        .chopped(1);
}

} // namespace

QStringList schemaProblems(const QJsonValue &value, const QJsonObject &schema, const QString &path)
{
    static const QStringList known{u"$schema"_s,    u"type"_s,     u"enum"_s,
                                   u"properties"_s, u"required"_s, u"additionalProperties"_s,
                                   u"items"_s,      u"oneOf"_s,    u"description"_s};
    QStringList problems;
    for (const QString &keyword : schema.keys()) {
        if (!known.contains(keyword))
            problems.append(
                u"%1: the schema uses '%2', which this check cannot read"_s.arg(path, keyword));
    }
    if (schema.contains(u"type"_s)) {
        const QJsonValue type = schema.value(u"type"_s);
        QStringList types;
        if (type.isArray()) {
            for (const QJsonValue &t : type.toArray())
                types.append(t.toString());
        } else {
            types.append(type.toString());
        }
        if (!std::any_of(types.begin(), types.end(),
                         [&](const QString &t) { return hasType(value, t); })) {
            problems.append(
                u"%1: expected %2, got %3"_s.arg(path, types.join(u" or "_s), text(value)));
            return problems;
        }
    }
    if (schema.contains(u"enum"_s) && !schema.value(u"enum"_s).toArray().contains(value))
        problems.append(
            u"%1: %2 is none of %3"_s.arg(path, text(value), text(schema.value(u"enum"_s))));
    if (schema.contains(u"oneOf"_s)) {
        int matching = 0;
        QStringList why;
        for (const QJsonValue &choice : schema.value(u"oneOf"_s).toArray()) {
            const QStringList found = schemaProblems(value, choice.toObject(), path);
            matching += found.isEmpty() ? 1 : 0;
            why += found;
        }
        if (matching != 1) {
            problems.append(
                u"%1: matches %2 of the oneOf shapes, not one"_s.arg(path).arg(matching));
            problems += why;
        }
    }
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        const QJsonObject properties = schema.value(u"properties"_s).toObject();
        for (const QJsonValue &name : schema.value(u"required"_s).toArray()) {
            if (!object.contains(name.toString()))
                problems.append(u"%1: '%2' is missing"_s.arg(path, name.toString()));
        }
        const QJsonValue additional = schema.value(u"additionalProperties"_s);
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString at = path + u'.' + it.key();
            if (properties.contains(it.key()))
                problems += schemaProblems(it.value(), properties.value(it.key()).toObject(), at);
            else if (additional.isBool() && !additional.toBool())
                problems.append(u"%1: not in the schema"_s.arg(at));
            else if (additional.isObject())
                problems += schemaProblems(it.value(), additional.toObject(), at);
        }
    }
    if (value.isArray() && schema.contains(u"items"_s)) {
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            problems += schemaProblems(array.at(i), schema.value(u"items"_s).toObject(),
                                       u"%1[%2]"_s.arg(path).arg(i));
        }
    }
    return problems;
}

} // namespace Grex::Test
