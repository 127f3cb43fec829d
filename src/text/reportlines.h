#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Grex::Text {

// How a piece of text stands out where the reader can show it (the CLI on a colour terminal);
// the window shows every style as plain text.
enum class Style { Plain, Bold, Dim, Red, Green, Yellow, Cyan, BoldRed, BoldYellow };

struct Span
{
    QString text;
    Style style = Style::Plain;
};

// Where a line goes: the report itself (the CLI's stdout), or what is said beside it (stderr:
// the imports that were skipped, where a run halted, the error).
enum class Channel { Out, Err };

// One line of human text, without its newline (or a block of them, see newline).
struct Line
{
    QList<Span> spans;
    Channel channel = Channel::Out;
    // False for a block that carries its own newlines (a process's output, kept as it came, so
    // that its style ends where its text does).
    bool newline = true;

    Line() = default;
    Line(const QString &text, Channel to = Channel::Out);
    Line(QList<Span> parts, Channel to = Channel::Out);

    // The spans' texts, without their styles.
    QString text() const;
};

using Lines = QList<Line>;
// One cell of a table: spans, so that part of it can stand out.
using Cell = QList<Span>;

// pattern's %1..%9 replaced by args in one pass, as QString::arg(a, b, ...) does, each argument
// keeping its style; the rest of pattern is plain.
QList<Span> arg(const QString &pattern, const QList<Span> &args);

// Columns as wide as their widest cell and two spaces apart; the last column is not padded.
// Header cells are bold.
Lines table(const QStringList &headers, const QList<QList<Cell>> &rows);

// The lines as plain text, each ending in "\n": what the window shows.
QString plainText(const Lines &lines);

} // namespace Grex::Text
