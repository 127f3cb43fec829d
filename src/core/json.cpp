#include "core/json.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <array>
#include <cmath>
#include <cstring>

namespace Grex {

JsonValue::JsonValue(const JsonArray &array) : m_value(std::make_shared<const JsonArray>(array))
{
}

JsonValue::JsonValue(const JsonObject &object) : m_value(std::make_shared<const JsonObject>(object))
{
}

JsonValue::JsonValue(const QStringList &strings)
{
    JsonArray array;
    array.reserve(strings.size());
    for (const QString &s : strings)
        array.append(s);
    m_value = std::make_shared<const JsonArray>(std::move(array));
}

JsonValue JsonValue::fromOptional(const std::optional<QString> &value)
{
    return value ? JsonValue(*value) : JsonValue();
}

JsonValue JsonValue::fromOptional(std::optional<bool> value)
{
    return value ? JsonValue(*value) : JsonValue();
}

JsonValue::Type JsonValue::type() const
{
    switch (m_value.index()) {
    case 0:
        return Type::Null;
    case 1:
        return Type::Bool;
    case 2:
        return Type::Integer;
    case 3:
        return Type::Double;
    case 4:
        return Type::String;
    case 5:
        return Type::Array;
    case 6:
        return Type::Object;
    default:
        return std::get<std::shared_ptr<const Serialized>>(m_value)->type;
    }
}

JsonValue JsonValue::fromSerialized(const QByteArray &compactJson)
{
    JsonValue value;
    const Type type = compactJson.startsWith('[')   ? Type::Array
                      : compactJson.startsWith('"') ? Type::String
                                                    : Type::Object;
    value.m_value = std::make_shared<const Serialized>(Serialized{compactJson, type});
    return value;
}

bool JsonValue::toBool(bool fallback) const
{
    if (const bool *b = std::get_if<bool>(&m_value))
        return *b;
    return fallback;
}

qint64 JsonValue::toInteger(qint64 fallback) const
{
    if (const qint64 *i = std::get_if<qint64>(&m_value))
        return *i;
    if (const double *d = std::get_if<double>(&m_value))
        return qint64(*d);
    return fallback;
}

double JsonValue::toDouble(double fallback) const
{
    if (const double *d = std::get_if<double>(&m_value))
        return *d;
    if (const qint64 *i = std::get_if<qint64>(&m_value))
        return double(*i);
    return fallback;
}

QString JsonValue::toString() const
{
    if (const QString *s = std::get_if<QString>(&m_value))
        return *s;
    if (const auto *s = std::get_if<std::shared_ptr<const Serialized>>(&m_value);
        s && (*s)->type == Type::String) {
        return QJsonDocument::fromJson('[' + (*s)->json + ']').array().at(0).toString();
    }
    return {};
}

JsonArray JsonValue::toArray() const
{
    if (const auto *a = std::get_if<std::shared_ptr<const JsonArray>>(&m_value))
        return **a;
    if (const auto *s = std::get_if<std::shared_ptr<const Serialized>>(&m_value))
        return fromQJsonValue(QJsonDocument::fromJson((*s)->json).array()).toArray();
    return {};
}

QStringList JsonValue::toStringList() const
{
    QStringList strings;
    for (const JsonValue &item : toArray())
        strings.append(item.toString());
    return strings;
}

JsonObject JsonValue::toObject() const
{
    if (const auto *o = std::get_if<std::shared_ptr<const JsonObject>>(&m_value))
        return **o;
    if (const auto *s = std::get_if<std::shared_ptr<const Serialized>>(&m_value))
        return fromQJsonValue(QJsonDocument::fromJson((*s)->json).object()).toObject();
    return {};
}

namespace {

// How many bytes each byte's escape adds: 1 for \" \\ \b \t \n \f \r, 5 for \u00xx, else 0.
constexpr std::array<quint8, 256> kEscapeExtra = [] {
    std::array<quint8, 256> extra{};
    for (int c = 0; c < 0x20; ++c)
        extra[c] = 5;
    for (const char c : {'"', '\\', '\b', '\t', '\n', '\f', '\r'})
        extra[static_cast<unsigned char>(c)] = 1;
    return extra;
}();

constexpr char kHexDigits[] = "0123456789abcdef";

// The text of a JSON string literal without its quotes.
void appendEscaped(QByteArray &out, QByteArrayView utf8)
{
    const auto *in = reinterpret_cast<const unsigned char *>(utf8.data());
    const qsizetype n = utf8.size();
    // Two passes: the exact size first, then runs of plain bytes copied at once. A tool
    // result's text holds a whole document, so this runs over large strings.
    qsizetype escaped = 0;
    for (qsizetype i = 0; i < n; ++i)
        escaped += kEscapeExtra[in[i]];
    const qsizetype start = out.size();
    out.resize(start + n + escaped);
    char *w = out.data() + start;
    qsizetype i = 0;
    while (i < n) {
        const qsizetype run = i;
        while (i < n && kEscapeExtra[in[i]] == 0)
            ++i;
        std::memcpy(w, in + run, size_t(i - run));
        w += i - run;
        if (i == n)
            break;
        const unsigned char u = in[i++];
        *w++ = '\\';
        switch (u) {
        case '"':
        case '\\':
            *w++ = char(u);
            break;
        case '\b':
            *w++ = 'b';
            break;
        case '\t':
            *w++ = 't';
            break;
        case '\n':
            *w++ = 'n';
            break;
        case '\f':
            *w++ = 'f';
            break;
        case '\r':
            *w++ = 'r';
            break;
        default:
            *w++ = 'u';
            *w++ = '0';
            *w++ = '0';
            *w++ = kHexDigits[u >> 4];
            *w++ = kHexDigits[u & 0xf];
        }
    }
}

} // namespace

std::optional<qint64> exactInteger(double value)
{
    constexpr double limit = 9223372036854775808.0; // 2^63
    if (!(value >= -limit && value < limit) || value != std::trunc(value))
        return std::nullopt;
    return qint64(value);
}

void appendJsonString(QByteArray &out, QByteArrayView utf8)
{
    out.append('"');
    appendEscaped(out, utf8);
    out.append('"');
}

void appendJsonString(QByteArray &out, QStringView text)
{
    out.append('"');
    // An unpaired surrogate (a "\ud800" escape puts one in a QString) has no UTF-8 form, and
    // toUtf8() would write U+FFFD instead: written as an escape, the text reads back as it was.
    qsizetype from = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t unit = text[i].unicode();
        if (!QChar::isSurrogate(unit))
            continue;
        if (QChar::isHighSurrogate(unit) && i + 1 < text.size() &&
            QChar::isLowSurrogate(text[i + 1].unicode())) {
            ++i;
            continue;
        }
        appendEscaped(out, QByteArrayView(text.sliced(from, i - from).toUtf8()));
        out.append("\\u");
        for (const int shift : {12, 8, 4, 0})
            out.append(kHexDigits[(unit >> shift) & 0xf]);
        from = i + 1;
    }
    appendEscaped(out, QByteArrayView(text.sliced(from).toUtf8()));
    out.append('"');
}

namespace {

void write(QByteArray &out, const JsonValue &value);

void writeObject(QByteArray &out, const JsonObject &object)
{
    out.append('{');
    bool first = true;
    for (const auto &[key, member] : object.members()) {
        if (!first)
            out.append(',');
        first = false;
        appendJsonString(out, key);
        out.append(':');
        write(out, member);
    }
    out.append('}');
}

void write(QByteArray &out, const JsonValue &value)
{
    writeJson(out, value);
}

} // namespace

void writeJson(QByteArray &out, const JsonValue &value)
{
    if (const auto *s = std::get_if<std::shared_ptr<const JsonValue::Serialized>>(&value.m_value)) {
        out.append((*s)->json);
        return;
    }
    switch (value.type()) {
    case JsonValue::Type::Null:
        out.append("null");
        break;
    case JsonValue::Type::Bool:
        out.append(value.toBool() ? "true" : "false");
        break;
    case JsonValue::Type::Integer:
        out.append(QByteArray::number(value.toInteger()));
        break;
    case JsonValue::Type::Double: {
        const double d = value.toDouble();
        if (!std::isfinite(d))
            out.append("null");
        else
            out.append(QByteArray::number(d, 'g', QLocale::FloatingPointShortest));
        break;
    }
    case JsonValue::Type::String:
        appendJsonString(out, value.toString());
        break;
    case JsonValue::Type::Array: {
        out.append('[');
        bool first = true;
        for (const JsonValue &element : value.toArray()) {
            if (!first)
                out.append(',');
            first = false;
            write(out, element);
        }
        out.append(']');
        break;
    }
    case JsonValue::Type::Object:
        writeObject(out, value.toObject());
        break;
    }
}

QByteArray JsonValue::toJson() const
{
    QByteArray out;
    write(out, *this);
    return out;
}

QJsonValue JsonValue::toQJsonValue() const
{
    switch (type()) {
    case Type::Null:
        return QJsonValue(QJsonValue::Null);
    case Type::Bool:
        return toBool();
    case Type::Integer:
        return toInteger();
    case Type::Double:
        return toDouble();
    case Type::String:
        return toString();
    case Type::Array: {
        QJsonArray array;
        for (const JsonValue &element : toArray())
            array.append(element.toQJsonValue());
        return array;
    }
    case Type::Object: {
        QJsonObject object;
        const JsonObject members = toObject(); // members() refers into it: keep it alive
        for (const auto &[key, member] : members.members())
            object.insert(key, member.toQJsonValue());
        return object;
    }
    }
    return {};
}

JsonValue JsonValue::fromQJsonValue(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        return value.toBool();
    case QJsonValue::Double: {
        const double d = value.toDouble();
        // Integral values within the exactly representable range stay integers.
        if (std::trunc(d) == d && std::fabs(d) <= 9007199254740992.0)
            return qint64(d);
        return d;
    }
    case QJsonValue::String:
        return value.toString();
    case QJsonValue::Array: {
        JsonArray array;
        for (const QJsonValue &element : value.toArray())
            array.append(fromQJsonValue(element));
        return array;
    }
    case QJsonValue::Object: {
        JsonObject object;
        const QJsonObject source = value.toObject();
        for (auto it = source.begin(); it != source.end(); ++it)
            object.insert(it.key(), fromQJsonValue(it.value()));
        return object;
    }
    default:
        return {};
    }
}

bool operator==(const JsonValue &a, const JsonValue &b)
{
    if (a.isNumber() && b.isNumber())
        return a.toDouble() == b.toDouble();
    if (a.type() != b.type())
        return false;
    switch (a.type()) {
    case JsonValue::Type::Null:
        return true;
    case JsonValue::Type::Bool:
        return a.toBool() == b.toBool();
    case JsonValue::Type::String:
        return a.toString() == b.toString();
    case JsonValue::Type::Array:
        return a.toArray() == b.toArray();
    case JsonValue::Type::Object:
        return a.toObject() == b.toObject();
    default:
        return false;
    }
}

JsonObject::JsonObject(std::initializer_list<Member> members)
{
    m_members.reserve(qsizetype(members.size()));
    for (const Member &m : members)
        insert(m.first, m.second);
}

JsonObject &JsonObject::insert(const QString &key, const JsonValue &value)
{
    for (Member &m : m_members) {
        if (m.first == key) {
            m.second = value;
            return *this;
        }
    }
    m_members.append({key, value});
    return *this;
}

bool JsonObject::remove(const QString &key)
{
    for (qsizetype i = 0; i < m_members.size(); ++i) {
        if (m_members.at(i).first == key) {
            m_members.removeAt(i);
            return true;
        }
    }
    return false;
}

bool JsonObject::contains(const QString &key) const
{
    for (const Member &m : m_members) {
        if (m.first == key)
            return true;
    }
    return false;
}

JsonValue JsonObject::value(const QString &key) const
{
    for (const Member &m : m_members) {
        if (m.first == key)
            return m.second;
    }
    return {};
}

QStringList JsonObject::keys() const
{
    QStringList result;
    for (const Member &m : m_members)
        result.append(m.first);
    return result;
}

QByteArray JsonObject::toJson() const
{
    return JsonValue(*this).toJson();
}

bool operator==(const JsonObject &a, const JsonObject &b)
{
    if (a.size() != b.size())
        return false;
    for (const auto &[key, value] : a.members()) {
        if (!b.contains(key) || !(b.value(key) == value))
            return false;
    }
    return true;
}

} // namespace Grex
