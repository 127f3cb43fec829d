#pragma once

#include <QJsonValue>
#include <QList>
#include <QString>

#include <memory>
#include <optional>
#include <utility>
#include <variant>

namespace Grex {

class JsonValue;
class JsonObject;
using JsonArray = QList<JsonValue>;

// A JSON value whose objects keep their members in insertion order. QJsonObject sorts its keys;
// grex's files and documents have a specified member order (intent-log lines start with "op",
// the actions_hash canonical form is order-sensitive), so they are built with this type and
// written by toJson(). Values are immutable once built and cheap to copy.
class JsonValue
{
public:
    enum class Type { Null, Bool, Integer, Double, String, Array, Object };

    JsonValue() = default;
    JsonValue(std::nullptr_t) {}
    JsonValue(bool value) : m_value(value) {}
    JsonValue(int value) : m_value(qint64(value)) {}
    JsonValue(qint64 value) : m_value(value) {}
    JsonValue(double value) : m_value(value) {}
    JsonValue(const QString &value) : m_value(value) {}
    JsonValue(QString &&value) : m_value(std::move(value)) {}
    JsonValue(const JsonArray &array);
    JsonValue(const JsonObject &object);
    JsonValue(const QStringList &strings);
    // A string literal would silently become a bool; spell strings as u"..."_s.
    JsonValue(const char *) = delete;

    // A string, or null when the optional is empty.
    static JsonValue fromOptional(const std::optional<QString> &value);
    static JsonValue fromOptional(std::optional<bool> value);
    // An array, object or string already written by toJson() (compact): written out as it is,
    // without building it again. For documents a long-lived process keeps and sends many times;
    // reading it (toArray, toObject, toString) parses it.
    static JsonValue fromSerialized(const QByteArray &compactJson);

    Type type() const;
    bool isNull() const { return type() == Type::Null; }
    bool isBool() const { return type() == Type::Bool; }
    bool isString() const { return type() == Type::String; }
    bool isArray() const { return type() == Type::Array; }
    bool isObject() const { return type() == Type::Object; }
    bool isNumber() const { return type() == Type::Integer || type() == Type::Double; }

    bool toBool(bool fallback = false) const;
    qint64 toInteger(qint64 fallback = 0) const;
    double toDouble(double fallback = 0) const;
    QString toString() const;
    JsonArray toArray() const;
    // The strings of an array (an entry that is not a string gives ""); empty otherwise.
    QStringList toStringList() const;
    JsonObject toObject() const;

    // Compact JSON text: no spaces; strings escape only '"', '\\' and control characters
    // (\b \t \n \f \r, else \u00xx); '/', DEL and non-ASCII are written as raw UTF-8, except
    // unpaired surrogates, which have no UTF-8 form (\udxxx).
    QByteArray toJson() const;

    QJsonValue toQJsonValue() const;
    // Objects come back in QJsonObject's (sorted) key order.
    static JsonValue fromQJsonValue(const QJsonValue &value);

    // Structural equality; object member order does not matter.
    friend bool operator==(const JsonValue &a, const JsonValue &b);

private:
    friend void writeJson(QByteArray &out, const JsonValue &value);
    struct Serialized
    {
        QByteArray json;
        Type type;
    };
    using Storage = std::variant<std::monostate, bool, qint64, double, QString,
                                 std::shared_ptr<const JsonArray>,
                                 std::shared_ptr<const JsonObject>, std::shared_ptr<const Serialized>>;
    Storage m_value;
};

class JsonObject
{
public:
    using Member = std::pair<QString, JsonValue>;

    JsonObject() = default;
    JsonObject(std::initializer_list<Member> members);

    // Appends the member, or replaces the value in place when the key exists.
    JsonObject &insert(const QString &key, const JsonValue &value);
    bool remove(const QString &key);
    bool contains(const QString &key) const;
    JsonValue value(const QString &key) const;
    QStringList keys() const;
    qsizetype size() const { return m_members.size(); }
    bool isEmpty() const { return m_members.isEmpty(); }
    const QList<Member> &members() const { return m_members; }
    // Gives back the room inserts grew into: for the many objects of a large document.
    void squeeze() { m_members.squeeze(); }

    QByteArray toJson() const;

    friend bool operator==(const JsonObject &a, const JsonObject &b);

private:
    QList<Member> m_members;
};

// A JSON number as a qint64 when it is a whole number from -2^63 to 2^63 - 1; nullopt for any
// other (converting a double outside that range to an integer is undefined behaviour).
std::optional<qint64> exactInteger(double value);

// Appends the JSON string literal for `text` (with quotes) to `out`, escaped as toJson() does.
void appendJsonString(QByteArray &out, QStringView text);
void appendJsonString(QByteArray &out, QByteArrayView utf8);

} // namespace Grex
