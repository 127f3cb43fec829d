#include "cli/output.h"

#include "clidefs/clitr.h"
#include "core/error.h"
#include "text/reporttext.h"

#include <optional>

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

namespace {

QString painted(const QString &text, Output::Style style, bool decorated)
{
    if (!decorated || text.isEmpty())
        return text;
    const char *code = "";
    switch (style) {
    case Output::Style::Plain:
        return text;
    case Output::Style::Bold:
        code = "1";
        break;
    case Output::Style::Dim:
        code = "2";
        break;
    case Output::Style::Red:
        code = "31";
        break;
    case Output::Style::Green:
        code = "32";
        break;
    case Output::Style::Yellow:
        code = "33";
        break;
    case Output::Style::Cyan:
        code = "36";
        break;
    case Output::Style::BoldRed:
        code = "1;31";
        break;
    case Output::Style::BoldYellow:
        code = "1;33";
        break;
    }
    return u"\x1b["_s + QString::fromLatin1(code) + u'm' + text + u"\x1b[0m"_s;
}

} // namespace

QString Output::style(const QString &text, Style style) const
{
    return painted(text, style, decorated());
}

void Output::print(const Text::Lines &lines)
{
    std::optional<Text::Channel> previous;
    for (const Text::Line &line : lines) {
        const bool toErr = line.channel == Text::Channel::Err;
        if (previous && *previous != line.channel)
            (toErr ? m_out : m_err).flush();
        previous = line.channel;
        const bool paint = toErr ? stderrDecorated() : decorated();
        QTextStream &stream = toErr ? m_err : m_out;
        for (const Text::Span &span : line.spans)
            stream << painted(span.text, span.style, paint);
        if (line.newline)
            stream << u'\n';
    }
    if (previous)
        (*previous == Text::Channel::Err ? m_err : m_out).flush();
}

void Output::printError(const Error &error)
{
    Text::Lines lines = Text::errorLines(error);
    lines.first().spans.prepend(Text::Span{u"grex: "_s});
    print(lines);
}

void Output::printWarning(const QString &text)
{
    print({Text::Line({Text::Span{u"grex: "_s}, Text::Span{Tr::tr("warning:"), Style::BoldYellow},
                       Text::Span{u' ' + text}},
                      Text::Channel::Err)});
}

void Output::printProgress(const QString &text)
{
    if (m_quiet || m_mode == Mode::Json)
        return;
    m_err << (stderrDecorated() ? style(text, Style::Dim) : text) << u'\n';
    m_err.flush();
}

} // namespace Grex::Cli
