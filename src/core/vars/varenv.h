#pragma once

#include "core/result.h"

#include <QMap>
#include <QProcessEnvironment>
#include <QString>

namespace Grex {

// The variables actions can reference (docs/design.md, "Variables"): the process environment
// at the start of a run plus GREX_PACK_ROOT, GREX_WORKSPACE and GREX_PACK_NAME per pack, so
// actions can name the pack's files. Lookups are case-sensitive on POSIX and
// ASCII-case-insensitive on Windows.
class VarEnv
{
public:
    VarEnv() = default;
    static VarEnv fromProcess();
    static VarEnv fromEnvironment(const QProcessEnvironment &environment);

    void insert(const QString &name, const QString &value);
    std::optional<QString> value(const QString &name) const;
    bool contains(const QString &name) const { return value(name).has_value(); }

    // A copy with the per-pack built-ins set.
    VarEnv forPack(const QString &packRoot, const QString &workspace,
                   const QString &packName) const;

private:
    QString key(const QString &name) const;

    QMap<QString, std::pair<QString, QString>> m_vars; // lookup key -> (spelling, value)
};

// Expands $NAME, ${NAME} and %NAME% in text; $$ and %% are literal. Never recursive: an expanded
// value is not scanned again. Bytes that are not part of a reference are copied as they are, so
// non-ASCII text survives. Error: PackOp "var_expand" naming the field (e.g. "symlink.dst") and
// the problem (details: field, problem = missing_variable | empty_brace | unclosed_brace |
// unclosed_percent | invalid_name, offset = byte offset of the opening $ or %, name).
Result<QString> expandVariables(const QString &text, const VarEnv &env, const QString &field);

} // namespace Grex
