// The stdio transport's line reader: arbitrary bytes in arbitrary chunks must come out as the
// lines a plain split on '\n' gives, lines longer than the limit reported once and dropped.

#include "fuzzsupport.h"
#include "mcp/stdioserver.h"

#include <QList>

using namespace Grex;
using namespace Grex::Mcp;

namespace {

struct Piece
{
    bool tooLong = false;
    QByteArray line;

    friend bool operator==(const Piece &a, const Piece &b) = default;
};

// What LineSplitter must deliver: every '\n'-terminated line up to maxLength bytes, a notice for
// each longer one, and a last unterminated line when it is not empty and not too long.
QList<Piece> expectedPieces(QByteArrayView stream, qsizetype maxLength)
{
    QList<Piece> pieces;
    qsizetype start = 0;
    while (start <= stream.size()) {
        const qsizetype newline = stream.indexOf('\n', start);
        const qsizetype end = newline < 0 ? stream.size() : newline;
        const QByteArrayView line = stream.sliced(start, end - start);
        if (newline < 0) {
            if (!line.isEmpty() && line.size() <= maxLength)
                pieces.append(Piece{false, line.toByteArray()});
            break;
        }
        if (line.size() <= maxLength)
            pieces.append(Piece{false, line.toByteArray()});
        else
            pieces.append(Piece{true, {}});
        start = newline + 1;
    }
    return pieces;
}

} // namespace

// Input: one byte for the line limit (0-64), one seeding the chunk sizes, then the stream.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const qsizetype maxLength = data[0] % 65;
    quint32 chunkState = data[1] | 0x100u;
    const QByteArrayView stream(data + 2, qsizetype(size - 2));

    QList<Piece> got;
    LineSplitter splitter(maxLength);
    const auto line = [&](QByteArrayView text) { got.append(Piece{false, text.toByteArray()}); };
    const auto tooLong = [&] { got.append(Piece{true, {}}); };
    qsizetype fed = 0;
    while (fed < stream.size()) {
        chunkState = chunkState * 1103515245u + 12345u;
        const qsizetype chunk = std::min<qsizetype>((chunkState >> 16) % 24, stream.size() - fed);
        splitter.feed(stream.sliced(fed, chunk), line, tooLong);
        fed += chunk;
    }
    splitter.finish(line);
    GREX_FUZZ_CHECK(got == expectedPieces(stream, maxLength));

    // finish() leaves the splitter empty: a second stream starts afresh.
    got.clear();
    splitter.feed("ok\n", line, tooLong);
    GREX_FUZZ_CHECK(got == expectedPieces("ok\n", maxLength));
    return 0;
}
