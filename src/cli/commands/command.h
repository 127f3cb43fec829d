#pragma once

#include "core/json.h"

#include <QJsonObject>

#include <memory>

namespace Grex {
class Error;
struct VerbSpec;
} // namespace Grex

namespace Grex::Cli {

class Output;

// The CLI side of one verb: the arguments come from the verb's registry row, the work from
// core and the words from the text library (src/text); a command prints the verb's JSON
// document as those words.
class Command
{
public:
    explicit Command(const VerbSpec &spec);
    ~Command();

    const VerbSpec &spec() const { return m_spec; }

    // arguments: what the verb was called with (with --filter, an empty ls reads "no match").
    void render(const JsonValue &document, const QJsonObject &arguments, Output &output) const;
    // The report a failure carries, as render() shows it, and the error line on stderr (for a
    // halted run, where it halted).
    void renderFailure(const Error &error, const QJsonObject &arguments, Output &output) const;

private:
    const VerbSpec &m_spec;
};

// The command of a registry verb; nullptr when the text library has no words for it (a test
// checks every verb has).
std::unique_ptr<Command> createCommand(const VerbSpec &spec);

} // namespace Grex::Cli
