#pragma once

#include "core/pack/action.h"
#include "core/pack/manifestreader.h"

#include <vector>

namespace Grex {

class ActionRegistry;

// An `actions:`, `teardown:` or nested list of pack.yaml: each entry is a mapping with one key,
// the name of an action of the registry that pack.yaml may name, and that action's plugin reads
// the value. depth counts the levels of `when` and predicates above the list (at most
// MaxPredicateDepth). Errors: PackOp "pack_yaml_invalid"; PluginMissing "unknown_action" naming
// the actions there are.
Result<std::vector<Action>> readActionList(const ManifestReader &reader,
                                           const ActionRegistry &registry, const YAML::Node &node,
                                           const QString &key, int depth);

// What a plugin reads its arguments from (ActionPlugin::parse): the value of one action entry,
// with the checks every action shares. Field names in messages are "<action>.<key>".
class ActionArgsReader
{
public:
    ActionArgsReader(const ManifestReader &reader, const ActionRegistry &registry, QString action,
                     YAML::Node args, int depth);

    const ManifestReader &reader() const { return m_reader; }
    const QString &action() const { return m_action; }
    // The argument mapping, the value of the entry's key.
    const YAML::Node &args() const { return m_args; }
    int depth() const { return m_depth; }
    // The argument called key; an undefined node (false) when there is none.
    YAML::Node value(const QString &key) const;

    // The arguments are a mapping whose keys are all in `allowed`, so a typo such as
    // `bakup: true` is an error instead of being ignored.
    Result<void> checkKeys(const QStringList &allowed) const;
    // The string argument key, which must be given.
    Result<QString> required(const QString &key) const;
    // Reads the argument key into *out when it is given; the default stays otherwise.
    Result<void> readBool(const QString &key, bool *out) const;
    Result<void> readChoice(const QString &key, const QStringList &choices, QString *out) const;
    // The list of actions under key (when's `actions`), one level deeper.
    Result<std::vector<Action>> nestedActions(const QString &key) const;

    Error fail(const YAML::Node &node, const QString &rule, const char *sourceText,
               QStringList args = {}) const;

private:
    const ManifestReader &m_reader;
    const ActionRegistry &m_registry;
    QString m_action;
    YAML::Node m_args;
    int m_depth;
};

} // namespace Grex
