#pragma once

#include "clidefs/clidefs.h"

#include "core/result.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

class QCommandLineParser;

namespace Grex {
struct VerbSpec;
} // namespace Grex

namespace Grex::Cli {

// For a verb whose words may start with '-' (ParamSpec::signedWords): the options first, then
// "--" and the words, so that the parser takes "-old" as a word.
QStringList signedWordsLast(const VerbSpec &verb, const QList<CliOption> &options,
                            const QStringList &arguments);
// The JSON arguments an MCP client would send for what the parser read. A file or a local
// repository named on the command line is relative to currentDir, where the person stands.
Result<QJsonObject> verbArguments(const VerbSpec &verb, const QCommandLineParser &parser,
                                  const QString &currentDir);

} // namespace Grex::Cli
