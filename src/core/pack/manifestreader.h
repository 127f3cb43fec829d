#pragma once

#include "core/error.h"
#include "core/json.h"
#include "core/result.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <yaml-cpp/yaml.h>

namespace Grex {

// The 1-based line of node in its document.
int lineOf(const YAML::Node &node);
QString scalarText(const YAML::Node &node);
// A quoted scalar is a string whatever it looks like.
bool isQuoted(const YAML::Node &node);
// A plain scalar YAML 1.1 would read as a number, a boolean or null.
bool looksTyped(const QString &text);
// node as JSON, with plain scalars typed as YAML 1.1 reads them (the x-* extension keys).
JsonValue yamlToJson(const YAML::Node &node);

// Reads one pack.yaml or override document (docs/design.md, "pack.yaml"). Each check reports
// the first broken rule as PackOp "pack_yaml_invalid" naming the file, the line and the rule
// (details: file, line, rule). The sections are read by their owners: the top level and
// children in packmanifest.cpp, the action lists in actionargsreader.cpp, and each action's
// arguments by its plugin in src/core/actions/.
class ManifestReader
{
public:
    explicit ManifestReader(QString file);

    const QString &file() const { return m_file; }

    // Parses the document after refusing what yaml-cpp would take silently or badly: more than
    // MaxPackYamlBytes, bytes that are not UTF-8, anchors and aliases, a key given twice in one
    // mapping, a quoted string that is never closed.
    Result<YAML::Node> load(const QByteArray &yaml);

    Error failAt(int line, const QString &rule, const char *sourceText,
                 QStringList args = {}) const;
    // At node's line, or at `line` when it is not 0.
    Error fail(const YAML::Node &node, const QString &rule, const char *sourceText,
               QStringList args = {}, int line = 0) const;
    // The line of a list entry: yaml-cpp marks a bare "-" entry (a null node) at the token after
    // it.
    int entryLine(const YAML::Node &entry) const;

    // Scalars of action arguments (rule action_args); `what` names the field, "symlink.src".
    Result<QString> string(const YAML::Node &node, const QString &what) const;
    Result<bool> boolean(const YAML::Node &node, const QString &what) const;
    Result<QString> oneOf(const YAML::Node &node, const QString &what,
                          const QStringList &values) const;
    // A list of strings under a top-level key (the rule is the key); absent or null is empty.
    Result<QStringList> stringList(const YAML::Node &node, const QString &key) const;

private:
    QString m_file;
    QList<QByteArray> m_lines;
};

} // namespace Grex
