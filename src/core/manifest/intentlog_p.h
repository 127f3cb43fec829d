#pragma once

// Private to src/core/manifest: what the log's reads and appends (intentlog.cpp) share with its
// compaction (compaction.cpp).

#include <QByteArrayView>
#include <QString>

#include <optional>

namespace Grex::LogImpl {

// Whether a line holds only blanks: a read skips it.
bool isBlank(QByteArrayView line);
// The size of the file at path before this process's first deferred append to it, remembered
// by append() for compactIfGrown(), which takes it.
void rememberDeferredCheck(const QString &path, qint64 before);
std::optional<qint64> takeDeferredCheck(const QString &path);

} // namespace Grex::LogImpl
