#pragma once

#include <QString>
#include <QStringList>
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
    enum class Style { Bold, Dim, Red, Green, Yellow, Cyan };

    Output(QTextStream &out, QTextStream &err, bool stdoutIsTty, bool stderrIsTty);

    void setMode(Mode mode) { m_mode = mode; }
    Mode mode() const { return m_mode; }
    void setQuiet(bool quiet) { m_quiet = quiet; }
    bool quiet() const { return m_quiet; }
    void setNoColorEnv(bool noColor) { m_noColor = noColor; }

    QTextStream &out() { return m_out; }
    QTextStream &err() { return m_err; }

    // Colour and Unicode decoration: only on a terminal, never with --plain, --json or NO_COLOR.
    bool decorated() const;
    bool stderrDecorated() const;
    QString style(const QString &text, Style style) const;

    // Aligned columns; the last column is not padded.
    void table(const QStringList &headers, const QList<QStringList> &rows);

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
    Mode m_mode = Mode::Auto;
};

} // namespace Grex::Cli
