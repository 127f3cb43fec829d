#include "output.h"

#include "clitr.h"
#include "error.h"

using namespace Qt::StringLiterals;

namespace Grex::Cli {

Output::Output(QTextStream &out, QTextStream &err, bool stdoutIsTty, bool stderrIsTty)
    : m_out(out)
    , m_err(err)
    , m_stdoutTty(stdoutIsTty)
    , m_stderrTty(stderrIsTty)
{
}

bool Output::decorated() const
{
    return m_mode == Mode::Auto && m_stdoutTty && !m_noColor;
}

bool Output::stderrDecorated() const
{
    return m_mode == Mode::Auto && m_stderrTty && !m_noColor;
}

QString Output::style(const QString &text, Style style) const
{
    if (!decorated() || text.isEmpty())
        return text;
    const char *code = "";
    switch (style) {
    case Style::Bold:
        code = "1";
        break;
    case Style::Dim:
        code = "2";
        break;
    case Style::Red:
        code = "31";
        break;
    case Style::Green:
        code = "32";
        break;
    case Style::Yellow:
        code = "33";
        break;
    case Style::Cyan:
        code = "36";
        break;
    }
    return u"\x1b["_s + QString::fromLatin1(code) + u'm' + text + u"\x1b[0m"_s;
}

namespace {

// Display width without ANSI escape sequences.
qsizetype visibleLength(const QString &text)
{
    qsizetype length = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == u'\x1b') {
            while (i < text.size() && text.at(i) != u'm')
                ++i;
            continue;
        }
        if (!text.at(i).isLowSurrogate())
            ++length;
    }
    return length;
}

} // namespace

void Output::table(const QStringList &headers, const QList<QStringList> &rows)
{
    QList<qsizetype> widths;
    for (const QString &h : headers)
        widths.append(visibleLength(h));
    for (const QStringList &row : rows) {
        for (qsizetype c = 0; c < row.size() && c < widths.size(); ++c)
            widths[c] = qMax(widths[c], visibleLength(row.at(c)));
    }
    const auto printRow = [&](const QStringList &cells, bool header) {
        QString line;
        for (qsizetype c = 0; c < cells.size(); ++c) {
            QString cell = header ? style(cells.at(c), Style::Bold) : cells.at(c);
            if (c + 1 < cells.size())
                cell += QString(widths.at(c) - visibleLength(cells.at(c)) + 2, u' ');
            line += cell;
        }
        m_out << line << u'\n';
    };
    printRow(headers, true);
    for (const QStringList &row : rows)
        printRow(row, false);
    m_out.flush();
}

void Output::printError(const Error &error)
{
    const QString prefix =
        stderrDecorated() ? u"\x1b[1;31m"_s + Tr::tr("error:") + u"\x1b[0m"_s : Tr::tr("error:");
    m_err << u"grex: "_s << prefix << u' ' << error.displayText() << u'\n';
    if (!error.hint().isEmpty())
        m_err << u"  "_s << Tr::tr("hint:") << u' ' << error.hint().displayText() << u'\n';
    m_err.flush();
}

void Output::printWarning(const QString &text)
{
    const QString prefix = stderrDecorated() ? u"\x1b[1;33m"_s + Tr::tr("warning:") + u"\x1b[0m"_s
                                             : Tr::tr("warning:");
    m_err << u"grex: "_s << prefix << u' ' << text << u'\n';
    m_err.flush();
}

void Output::printProgress(const QString &text)
{
    if (m_quiet || m_mode == Mode::Json)
        return;
    m_err << (stderrDecorated() ? style(text, Style::Dim) : text) << u'\n';
    m_err.flush();
}

} // namespace Grex::Cli
