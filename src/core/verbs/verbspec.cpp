#include "core/verbs/verbspec.h"

#include "core/verbs/verbsupport.h"
#include "core/wire.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

constexpr WireTable<ParamType, 4> kTypeWords{{
    {ParamType::Boolean, u"boolean"},
    {ParamType::String, u"string"},
    {ParamType::StringArray, u"array"},
    {ParamType::Integer, u"integer"},
}};

QString typeName(ParamType type)
{
    return wireWord(kTypeWords, type);
}

bool matches(ParamType type, const QJsonValue &value)
{
    switch (type) {
    case ParamType::Boolean:
        return value.isBool();
    case ParamType::String:
        return value.isString();
    case ParamType::Integer:
        return value.isDouble() && exactInteger(value.toDouble()).has_value();
    case ParamType::StringArray: {
        if (!value.isArray())
            return false;
        const QJsonArray array = value.toArray();
        return std::all_of(array.begin(), array.end(),
                           [](const QJsonValue &v) { return v.isString(); });
    }
    }
    return false;
}

} // namespace

QString ParamSpec::cliName() const
{
    QString out;
    for (QChar c : name) {
        if (c.isUpper()) {
            out += u'-';
            out += c.toLower();
        } else {
            out += c;
        }
    }
    return out;
}

Message ParamSpec::helpMessage() const
{
    return Message(help, helpArguments);
}

const ParamSpec *VerbSpec::param(const QString &paramName) const
{
    for (const ParamSpec &p : params) {
        if (p.name == paramName)
            return &p;
    }
    return nullptr;
}

bool VerbSpec::locks(const QJsonObject &args) const
{
    return locksWorkspace || std::any_of(lockingParams.begin(), lockingParams.end(),
                                         [&](const QString &p) { return args.value(p).toBool(); });
}

bool VerbSpec::takesCommandLine() const
{
    for (auto it = params.rbegin(); it != params.rend(); ++it) {
        if (it->positional)
            return it->hint == ValueHint::Command;
    }
    return false;
}

QJsonObject VerbSpec::inputSchema() const
{
    QJsonObject properties;
    QJsonArray required;
    for (const ParamSpec &p : params) {
        if (p.cliOnly)
            continue;
        QJsonObject property;
        if (p.nullable)
            property.insert(u"type"_s, QJsonArray{typeName(p.type), u"null"_s});
        else
            property.insert(u"type"_s, typeName(p.type));
        if (p.type == ParamType::StringArray) {
            property.insert(u"items"_s, QJsonObject{{u"type"_s, u"string"_s}});
            if (p.required)
                property.insert(u"minItems"_s, 1);
        }
        if (p.minimum)
            property.insert(u"minimum"_s, *p.minimum);
        if (p.maximum)
            property.insert(u"maximum"_s, *p.maximum);
        property.insert(u"description"_s, p.helpMessage().text());
        properties.insert(p.name, property);
        if (p.required)
            required.append(p.name);
    }
    QJsonObject schema{{u"type"_s, u"object"_s},
                       {u"properties"_s, properties},
                       {u"additionalProperties"_s, false}};
    if (!required.isEmpty())
        schema.insert(u"required"_s, required);
    return schema;
}

Result<void> VerbSpec::validateArguments(const QJsonObject &args) const
{
    for (auto it = args.begin(); it != args.end(); ++it) {
        const ParamSpec *p = param(it.key());
        if (!p) {
            return usageError(u"unknown_argument"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "%1 does not take the argument "
                                                                "'%2'"),
                                      {name, it.key()}))
                .withDetail(u"argument"_s, it.key());
        }
        if (it.value().isNull() && (p->nullable || !p->required))
            continue;
        // JSON can escape a lone surrogate ("\ud800"), which no file name or URL can hold:
        // written out it would become another name than the one given.
        const QJsonArray strings =
            it.value().isArray() ? it.value().toArray() : QJsonArray{it.value()};
        for (const QJsonValue &string : strings) {
            if (string.isString() && !string.toString().isValidUtf16()) {
                return usageError(u"invalid_argument"_s,
                                  Message(QT_TRANSLATE_NOOP("Grex", "argument '%1' of %2 is not "
                                                                    "valid Unicode (it holds a "
                                                                    "lone surrogate)"),
                                          {it.key(), name}))
                    .withDetail(u"argument"_s, it.key());
            }
        }
        if (!matches(p->type, it.value())) {
            return usageError(u"invalid_argument"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "argument '%1' of %2 must be of "
                                                                "type %3"),
                                      {it.key(), name, typeName(p->type)}))
                .withDetail(u"argument"_s, it.key());
        }
        if (p->type == ParamType::Integer) {
            const qint64 value = *exactInteger(it.value().toDouble());
            if ((p->minimum && value < *p->minimum) || (p->maximum && value > *p->maximum)) {
                return usageError(u"invalid_argument"_s,
                                  Message(QT_TRANSLATE_NOOP("Grex", "argument '%1' of %2 must be "
                                                                    "from %3 to %4"),
                                          {it.key(), name, QString::number(p->minimum.value_or(0)),
                                           QString::number(p->maximum.value_or(0))}))
                    .withDetail(u"argument"_s, it.key());
            }
        }
    }
    for (const ParamSpec &p : params) {
        const QJsonValue given = args.value(p.name);
        const bool empty = given.isUndefined() || given.isNull() ||
                           (p.type == ParamType::StringArray && given.toArray().isEmpty());
        if (p.required && empty) {
            return usageError(u"missing_argument"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "%1 needs the argument '%2'"),
                                      {name, p.name}))
                .withDetail(u"argument"_s, p.name);
        }
    }
    return {};
}

Result<void> VerbSpec::validateToolArguments(const QJsonObject &args) const
{
    for (const ParamSpec &p : params) {
        if (p.cliOnly && args.contains(p.name)) {
            return usageError(u"unknown_argument"_s,
                              Message(QT_TRANSLATE_NOOP("Grex", "the %1 tool does not take the "
                                                                "argument '%2'"),
                                      {name, p.name}))
                .withDetail(u"argument"_s, p.name);
        }
    }
    return validateArguments(args);
}

} // namespace Grex
