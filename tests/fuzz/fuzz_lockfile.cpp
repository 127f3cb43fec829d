// The lockfile reader and writer: any bytes parse to entries or give lockfile_corruption, and
// what serialize() writes reads back as the same entries, byte for byte stable.

#include "fuzzsupport.h"
#include "core/lockfile/lockfile.h"

using namespace Grex;
using namespace Qt::StringLiterals;

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::quietQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const Result<LockEntries> entries = Lockfile::parse(Fuzz::bytesOf(data, size));
    if (!entries) {
        Fuzz::checkError(entries.error(), {ErrorKind::Manifest});
        GREX_FUZZ_CHECK(entries.error().reason() == u"lockfile_corruption"_s);
        return 0;
    }
    const QByteArray bytes = Lockfile::serialize(*entries);
    for (const QByteArray &line : bytes.split('\n')) {
        if (!line.isEmpty())
            GREX_FUZZ_CHECK(Fuzz::isJsonObject(line));
    }
    const Result<LockEntries> again = Lockfile::parse(bytes);
    GREX_FUZZ_CHECK(again.ok());
    GREX_FUZZ_CHECK(*again == *entries);
    GREX_FUZZ_CHECK(Lockfile::serialize(*again) == bytes);
    return 0;
}
