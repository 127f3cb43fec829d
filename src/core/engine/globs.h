#pragma once

#include "core/result.h"

#include <QList>
#include <QRegularExpression>
#include <QStringList>

namespace Grex {

// The glob as an anchored regular expression, for matching it against many paths: *, ?, [...],
// {a,b}, **; backslash escapes. Error: Usage "invalid_glob".
Result<QRegularExpression> globPattern(const QString &glob);

// A glob that matches only this text: every character a glob or a filter gives a meaning to
// (* ? [ ] { } ! and the backslash, and a filter's , and |) escaped with a backslash.
QString globLiteral(const QString &text);

// The --only globs of a run, compiled once: every pack of the walk and of the lifecycle is
// matched against them.
class PathGlobs
{
public:
    // Error: Usage "invalid_glob", naming the first glob that is not one.
    static Result<PathGlobs> compile(const QStringList &globs);
    // No globs admit every path; else one of them must match the workspace-relative path.
    bool admits(const QString &path) const;

private:
    QList<QRegularExpression> m_patterns;
};

} // namespace Grex
