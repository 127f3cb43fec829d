#include "text/reportlines.h"

using namespace Qt::StringLiterals;

namespace Grex::Text {

Line::Line(const QString &text, Channel to) : spans{Span{text}}, channel(to)
{
}

Line::Line(QList<Span> parts, Channel to) : spans(std::move(parts)), channel(to)
{
}

QString Line::text() const
{
    QString text;
    for (const Span &span : spans)
        text += span.text;
    return text;
}

QList<Span> arg(const QString &pattern, const QList<Span> &args)
{
    QList<Span> spans;
    QString plain;
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        const int index = c == u'%' && i + 1 < pattern.size() ? pattern.at(i + 1).digitValue() : -1;
        if (index >= 1 && index <= args.size()) {
            if (!plain.isEmpty())
                spans.append(Span{plain});
            plain.clear();
            spans.append(args.at(index - 1));
            ++i;
            continue;
        }
        plain += c;
    }
    if (!plain.isEmpty())
        spans.append(Span{plain});
    return spans;
}

namespace {

// Characters as a terminal counts them: a surrogate pair is one.
qsizetype width(const Cell &cell)
{
    qsizetype length = 0;
    for (const Span &span : cell) {
        for (const QChar c : span.text)
            length += c.isLowSurrogate() ? 0 : 1;
    }
    return length;
}

} // namespace

Lines table(const QStringList &headers, const QList<QList<Cell>> &rows)
{
    QList<Cell> headerCells;
    for (const QString &h : headers)
        headerCells.append(Cell{Span{h, Style::Bold}});
    QList<qsizetype> widths;
    for (const Cell &h : std::as_const(headerCells))
        widths.append(width(h));
    for (const QList<Cell> &row : rows) {
        for (qsizetype c = 0; c < row.size() && c < widths.size(); ++c)
            widths[c] = qMax(widths[c], width(row.at(c)));
    }
    const auto line = [&](const QList<Cell> &cells) {
        QList<Span> spans;
        for (qsizetype c = 0; c < cells.size(); ++c) {
            spans += cells.at(c);
            if (c + 1 < cells.size())
                spans.append(Span{QString(widths.at(c) - width(cells.at(c)) + 2, u' ')});
        }
        return Line(spans);
    };
    Lines lines{line(headerCells)};
    for (const QList<Cell> &row : rows)
        lines.append(line(row));
    return lines;
}

QString plainText(const Lines &lines)
{
    QString text;
    for (const Line &line : lines)
        text += line.newline ? line.text() + u'\n' : line.text();
    return text;
}

} // namespace Grex::Text
