#include "core/pack/actionargsreader.h"

#include "core/actions/actionplugin.h"
#include "core/actions/actionregistry.h"
#include "core/pack/packmanifest.h"

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

Result<Action> readAction(const ManifestReader &reader, const ActionRegistry &registry,
                          const YAML::Node &entry, int depth)
{
    if (!entry.IsMap() || entry.size() == 0)
        return reader.fail(entry, u"empty_action_entry"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: an action must be a mapping with one "
                                                     "key naming it"),
                           {}, reader.entryLine(entry));
    if (entry.size() > 1) {
        QStringList keys;
        for (const auto &member : entry)
            keys.append(scalarText(member.first));
        return reader.fail(entry, u"multiple_action_keys"_s,
                           QT_TRANSLATE_NOOP("Grex", "%1:%2: an action has exactly one key, this "
                                                     "entry has %3"),
                           {keys.join(u", "_s)});
    }
    const auto member = *entry.begin();
    Action action;
    action.name = scalarText(member.first);
    action.line = lineOf(member.first);
    const ActionPlugin *plugin = registry.getPublic(action.name);
    if (!plugin) {
        const QStringList known = registry.publicNamesInSentence();
        return Error(ErrorKind::PluginMissing, u"unknown_action"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "%1:%2: unknown action '%3' (the actions "
                                                       "are %4 and %5)"),
                             {reader.file(), QString::number(action.line), action.name, known.at(0),
                              known.at(1)}))
            .withDetail(u"file"_s, reader.file())
            .withDetail(u"line"_s, qint64(action.line))
            .withDetail(u"rule"_s, u"unknown_action"_s)
            .withDetail(u"action"_s, action.name);
    }
    Result<ActionArgs> args =
        plugin->parse(ActionArgsReader(reader, registry, action.name, member.second, depth));
    if (!args)
        return args.error();
    action.args = std::move(args).value();
    return action;
}

} // namespace

Result<std::vector<Action>> readActionList(const ManifestReader &reader,
                                           const ActionRegistry &registry, const YAML::Node &node,
                                           const QString &key, int depth)
{
    if (!node.IsSequence())
        return reader.fail(node, key, QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' must be a list"),
                           {key});
    std::vector<Action> actions;
    for (const YAML::Node &entry : node) {
        Result<Action> action = readAction(reader, registry, entry, depth);
        if (!action)
            return action.error();
        actions.push_back(std::move(action).value());
    }
    return actions;
}

ActionArgsReader::ActionArgsReader(const ManifestReader &reader, const ActionRegistry &registry,
                                   QString action, YAML::Node args, int depth)
    : m_reader(reader)
    , m_registry(registry)
    , m_action(std::move(action))
    , m_args(std::move(args))
    , m_depth(depth)
{
}

YAML::Node ActionArgsReader::value(const QString &key) const
{
    // The const operator[] looks up; the other one would turn a null node into a mapping.
    const YAML::Node &args = m_args;
    return args[key.toStdString()];
}

Result<void> ActionArgsReader::checkKeys(const QStringList &allowed) const
{
    if (!m_args.IsMap())
        return fail(m_args, u"action_args"_s,
                    QT_TRANSLATE_NOOP("Grex", "%1:%2: the arguments of '%3' must be a mapping"),
                    {m_action});
    for (const auto &member : m_args) {
        const QString key = scalarText(member.first);
        if (!allowed.contains(key))
            return fail(member.first, u"action_args"_s,
                        QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' does not take the argument '%4' "
                                                  "(it takes %5)"),
                        {m_action, key, allowed.join(u", "_s)});
    }
    return {};
}

Result<QString> ActionArgsReader::required(const QString &key) const
{
    const YAML::Node given = value(key);
    if (!given)
        return fail(m_args, u"action_args"_s,
                    QT_TRANSLATE_NOOP("Grex", "%1:%2: '%3' needs the argument '%4'"),
                    {m_action, key});
    return m_reader.string(given, m_action + u'.' + key);
}

Result<void> ActionArgsReader::readBool(const QString &key, bool *out) const
{
    const YAML::Node given = value(key);
    if (!given)
        return {};
    Result<bool> read = m_reader.boolean(given, m_action + u'.' + key);
    if (!read)
        return read.error();
    *out = *read;
    return {};
}

Result<void> ActionArgsReader::readChoice(const QString &key, const QStringList &choices,
                                          QString *out) const
{
    const YAML::Node given = value(key);
    if (!given)
        return {};
    Result<QString> read = m_reader.oneOf(given, m_action + u'.' + key, choices);
    if (!read)
        return read.error();
    *out = *read;
    return {};
}

Result<std::vector<Action>> ActionArgsReader::nestedActions(const QString &key) const
{
    const YAML::Node nested = value(key);
    if (!nested || nested.IsNull())
        return std::vector<Action>();
    if (m_depth + 1 > MaxPredicateDepth)
        return fail(nested, u"require_depth"_s,
                    QT_TRANSLATE_NOOP("Grex", "%1:%2: nesting deeper than %3 levels"),
                    {QString::number(MaxPredicateDepth)});
    return readActionList(m_reader, m_registry, nested, m_action + u'.' + key, m_depth + 1);
}

Error ActionArgsReader::fail(const YAML::Node &node, const QString &rule, const char *sourceText,
                             QStringList args) const
{
    return m_reader.fail(node, rule, sourceText, std::move(args));
}

} // namespace Grex
