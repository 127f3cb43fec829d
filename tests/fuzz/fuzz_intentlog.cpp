// The intent log reader, the fold and compaction: any bytes give events or a clean Manifest
// error; every event read can be written back and reads as itself; compacting the folded state
// keeps the fold (docs/design.md, "Compaction").

#include "fuzzsupport.h"
#include "core/manifest/fold.h"
#include "core/manifest/intentlog.h"

using namespace Grex;
using namespace Qt::StringLiterals;

namespace {

// The event as the reader gives back what toLine() wrote: error_summary may have been cut.
void checkWritesBack(const Event &event)
{
    const Result<QByteArray> line = event.toLine();
    if (!line) {
        Fuzz::checkError(line.error(), {ErrorKind::Manifest});
        GREX_FUZZ_CHECK(line.error().reason() == u"event_too_large"_s);
        return;
    }
    GREX_FUZZ_CHECK(line->size() <= MaxEventLineBytes);
    GREX_FUZZ_CHECK(!line->contains('\n'));
    GREX_FUZZ_CHECK(Fuzz::isJsonObject(*line));
    const ParsedLine parsed = parseEventLine(*line);
    GREX_FUZZ_CHECK(parsed.kind == ParsedLine::Kind::Events);
    GREX_FUZZ_CHECK(parsed.events.size() == 1);
    Event back = parsed.events.first();
    if (back.extra().errorSummary != event.extra().errorSummary) {
        GREX_FUZZ_CHECK(back.extra().errorSummary.endsWith(u"…[truncated]"_s));
        back.mutableExtra().errorSummary = event.extra().errorSummary;
    }
    GREX_FUZZ_CHECK(back == event);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::quietQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const Result<LogReadResult> log = IntentLog::parse(Fuzz::bytesOf(data, size));
    if (!log) {
        Fuzz::checkError(log.error(), {ErrorKind::Manifest});
        GREX_FUZZ_CHECK(log.error().reason() == u"corruption"_s ||
                        log.error().reason() == u"unsupported_schema"_s);
        return 0;
    }
    for (const Message &warning : log->warnings)
        GREX_FUZZ_CHECK(!warning.text().isEmpty());
    for (const Event &event : log->events)
        checkWritesBack(event);

    const FoldResult folded = fold(log->events);
    for (const Message &warning : folded.warnings)
        GREX_FUZZ_CHECK(!warning.text().isEmpty());
    for (const auto &[id, pack] : folded.packs.asKeyValueRange())
        GREX_FUZZ_CHECK(pack.id == id);

    // Written out and read back, the compacted log folds to the same packs; only updated_at may
    // fall back to added_at.
    QByteArray compacted;
    for (const Event &event : IntentLog::compacted(folded.packs)) {
        const Result<QByteArray> line = event.toLine();
        if (!line)
            return 0; // an event too large to write: the append would refuse it too
        compacted += *line + '\n';
    }
    const Result<LogReadResult> reread = IntentLog::parse(compacted);
    GREX_FUZZ_CHECK(reread.ok());
    GREX_FUZZ_CHECK(!reread->tornTail && reread->warnings.isEmpty());
    const FoldResult refolded = fold(reread->events);
    GREX_FUZZ_CHECK(refolded.warnings.isEmpty());
    GREX_FUZZ_CHECK(refolded.packs.keys() == folded.packs.keys());
    for (const auto &[id, pack] : folded.packs.asKeyValueRange()) {
        PackState again = refolded.packs.value(id);
        GREX_FUZZ_CHECK(again.updatedAt == pack.updatedAt || again.updatedAt == pack.addedAt);
        again.updatedAt = pack.updatedAt;
        GREX_FUZZ_CHECK(again == pack);
    }
    return 0;
}
