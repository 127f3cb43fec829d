#pragma once

#include <QString>
#include <QStringList>

namespace Grex {

// The candidate a mistyped word most likely meant: the nearest by edit distance, at most two
// edits away (one for words of three letters or fewer, so that short words are not matched to
// anything); "" when none is that close. What "did you mean" offers for verbs, flags, pack
// names and filter keys and values.
QString closestWord(const QString &word, const QStringList &candidates);

} // namespace Grex
