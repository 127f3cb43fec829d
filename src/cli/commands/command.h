#pragma once

#include "json.h"

#include <QJsonObject>

#include <memory>

namespace Grex {
class Error;
struct VerbSpec;
} // namespace Grex

namespace Grex::Cli {

class Output;

// The CLI side of one verb: the arguments come from the verb's registry row, the work from
// core; a command only adjusts what the user typed and renders the verb's JSON document as
// human text.
class Command
{
public:
    explicit Command(const VerbSpec &spec);
    virtual ~Command();

    const VerbSpec &spec() const { return m_spec; }

    // Makes arguments the user typed relative to their directory absolute.
    virtual void prepareArguments(QJsonObject &args, const QString &currentDir) const;
    virtual void render(const JsonValue &document, Output &output) const = 0;
    // How a failure reads for people; by default the one-line error on stderr.
    virtual void renderFailure(const Error &error, Output &output) const;

protected:
    // For a verb whose failure carries its document in details.report (a drifted status, a
    // doctor with findings, a failed exec): shows it as render() does when it has the shape
    // of the verb's document, then the error line.
    void renderReportThenError(const Error &error, Output &output, JsonValue::Type shape) const;

private:
    const VerbSpec &m_spec;
};

// The command of a registry verb; nullptr when the CLI has none (a test checks there is one for
// every verb).
std::unique_ptr<Command> createCommand(const VerbSpec &spec);

// "1a2b3c4" for a full SHA, "-" for none.
QString shortSha(const JsonValue &sha);

} // namespace Grex::Cli
