#pragma once

#include "text/reportlines.h"

#include <QString>
#include <QTextStream>

namespace Grex {
class Error;
}

namespace Grex::Cli {

// Where the CLI writes, and how: the result goes to out(), everything else to err(). Streams are
// injected so tests can run commands in-process and read what they printed.
class Output
{
public:
    enum class Mode { Auto, Plain, Json };
    using Style = Text::Style;

    Output(QTextStream &out, QTextStream &err, bool stdoutIsTty, bool stderrIsTty);

    void setMode(Mode mode) { m_mode = mode; }
    Mode mode() const { return m_mode; }
    void setQuiet(bool quiet) { m_quiet = quiet; }
    bool quiet() const { return m_quiet; }
    // -v: the log a run keeps beside its summary (each step as it finishes).
    void setVerbose(bool verbose) { m_verbose = verbose; }
    bool verbose() const { return m_verbose; }
    void setNoColorEnv(bool noColor) { m_noColor = noColor; }

    QTextStream &out() { return m_out; }
    QTextStream &err() { return m_err; }

    // Colour and Unicode decoration: only on a terminal, never with --plain, --json or NO_COLOR.
    bool decorated() const;
    bool stderrDecorated() const;
    QString style(const QString &text, Style style) const;

    // Lines of the text library, each to its stream (Out: out(), Err: err()) and decorated when
    // that stream is. A stream is flushed before the other one is written, so that on one
    // terminal the lines read in their order, and the last one at the end.
    void print(const Text::Lines &lines);

    // "grex: error: <message>" and its hint on err() (Text::errorLines).
    void printError(const Error &error);
    void printWarning(const QString &text);
    void printProgress(const QString &text);

private:
    QTextStream &m_out;
    QTextStream &m_err;
    bool m_stdoutTty;
    bool m_stderrTty;
    bool m_noColor = false;
    bool m_quiet = false;
    bool m_verbose = false;
    Mode m_mode = Mode::Auto;
};

} // namespace Grex::Cli
