// The --filter parser and matcher: any expression parses or gives invalid_filter with a
// position inside it, and matching never depends on what the filter does not look at.
//
// Input: the expression on the first line; each further line is "name\tpath\ttype\turl\tdepth"
// of a pack to match (fields may be missing).

#include "core/engine/packfilter.h"
#include "fuzzsupport.h"

using namespace Grex;
using namespace Qt::StringLiterals;

namespace {

QList<FilterSubject> subjectsOf(const QList<QByteArray> &lines)
{
    QList<FilterSubject> subjects{
        {u"alpha"_s, u"alpha"_s, u"declarative"_s, u"https://h/x/alpha.git"_s, 0, {}, {},
         {u"work"_s}},
        {u"beta"_s, u"tools/beta"_s, u"meta"_s, u"git@github.com:me/beta"_s, 2, {}, {},
         {u"home"_s, u"work"_s}},
        {QString(), QString(), QString(), QString(), -1, {}, {}, {}},
    };
    for (qsizetype i = 1; i < lines.size() && i <= 8; ++i) {
        const QList<QByteArray> fields = lines.at(i).split('\t');
        const auto field = [&](qsizetype n) {
            return n < fields.size() ? QString::fromUtf8(fields.at(n)) : QString();
        };
        subjects.append({field(0), field(1), field(2), field(3), field(4).toInt(), {}, {},
                         field(5).split(u',', Qt::SkipEmptyParts)});
    }
    return subjects;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::quietQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QList<QByteArray> lines = Fuzz::bytesOf(data, size).split('\n');
    const QString expression = QString::fromUtf8(lines.first());
    const Result<PackFilter> filter = PackFilter::parse(expression);
    if (!filter) {
        Fuzz::checkError(filter.error(), {ErrorKind::Usage});
        GREX_FUZZ_CHECK(filter.error().reason() == u"invalid_filter"_s);
        const qint64 position = filter.error().details().value(u"position"_s).toInteger(-1);
        GREX_FUZZ_CHECK(position >= 0 && position <= expression.size());
        return 0;
    }
    GREX_FUZZ_CHECK(filter->expression() == expression);
    for (FilterSubject subject : subjectsOf(lines)) {
        const bool hit = filter->matches(subject);
        if (filter->isEmpty())
            GREX_FUZZ_CHECK(hit);
        if (filter->usesDrift())
            continue;
        // Without a drift term, the drift of a pack cannot change the answer.
        for (const QString &drift : PackFilter::driftKinds()) {
            subject.drift = drift;
            GREX_FUZZ_CHECK(filter->matches(subject) == hit);
        }
    }
    return 0;
}
