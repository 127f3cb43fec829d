#pragma once

#include <QString>
#include <QStringList>

namespace Grex {

// The candidate a mistyped word most likely meant: the nearest by edit distance, at most two
// edits away; "" when none is that close. What "did you mean" offers for verbs, flags, pack
// names and filter keys and values.
QString closestWord(const QString &word, const QStringList &candidates);

} // namespace Grex
