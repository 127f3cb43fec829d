// pack.yaml parsing and validation, and the per-OS override: any bytes give a manifest or a
// clean PackOp / PluginMissing error, never a crash, a hang or an exception.
//
// Input: a pack.yaml, optionally followed by a line "#@override" and a targets/<os>.yaml (a
// YAML comment, so the seeds stay valid YAML). Without that line the whole input is also read
// as an override.

#include "fuzzsupport.h"
#include "core/pack/actionshash.h"
#include "core/pack/packmanifest.h"

#include <QRegularExpression>

using namespace Grex;
using namespace Qt::StringLiterals;

namespace {

const QString kPackFile = u"/fuzz/pack/.grex/pack.yaml"_s;
const QString kOverrideFile = u"/fuzz/pack/.grex/targets/linux.yaml"_s;
const QString kSha = u"0123456789abcdef0123456789abcdef01234567"_s;

void checkManifest(const PackManifest &manifest)
{
    GREX_FUZZ_CHECK(!manifest.name.isEmpty());
    GREX_FUZZ_CHECK(packTypeNames().contains(manifest.type));
    for (const Error &error : validatePack(manifest))
        Fuzz::checkError(error, {ErrorKind::PackOp});
    for (const ChildRef &child : manifest.children)
        GREX_FUZZ_CHECK(!child.url.isEmpty());
    // actions_hash is a pure function of the actions: 64 hex digits, the same every time.
    static const QRegularExpression hex(u"^[0-9a-f]{64}$"_s);
    const QString hash = actionsHash(manifest.actions, kSha);
    GREX_FUZZ_CHECK(hex.match(hash).hasMatch());
    GREX_FUZZ_CHECK(actionsHash(manifest.actions, kSha) == hash);
    if (manifest.teardown)
        GREX_FUZZ_CHECK(hex.match(actionsHash(*manifest.teardown, kSha)).hasMatch());
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::quietQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input = Fuzz::bytesOf(data, size);
    static const QByteArray marker = "\n#@override\n";
    const qsizetype split = input.indexOf(marker);
    const QByteArray packYaml = split < 0 ? input : input.left(split);
    const QByteArray overrideYaml = split < 0 ? input : input.mid(split + marker.size());

    const Result<PackManifest> manifest = parsePackManifest(packYaml, kPackFile);
    if (manifest)
        checkManifest(*manifest);
    else
        Fuzz::checkError(manifest.error(), {ErrorKind::PackOp, ErrorKind::PluginMissing});

    const Result<PackOverride> override = parsePackOverride(overrideYaml, kOverrideFile);
    if (!override) {
        Fuzz::checkError(override.error(), {ErrorKind::PackOp, ErrorKind::PluginMissing});
        return 0;
    }
    if (!manifest)
        return 0;
    const Result<PackManifest> merged = mergeOverride(*manifest, *override);
    if (!merged) {
        Fuzz::checkError(merged.error(), {ErrorKind::PackOp, ErrorKind::PluginMissing});
        return 0;
    }
    // An override may not rename a pack or change its type (docs/design.md, "Per-OS overrides").
    GREX_FUZZ_CHECK(merged->name == manifest->name);
    GREX_FUZZ_CHECK(merged->type == manifest->type);
    checkManifest(*merged);
    return 0;
}
