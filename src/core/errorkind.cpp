#include "core/errorkind.h"

#include "core/jsonrpccodes.h"

#include <QCoreApplication>

#include <array>

namespace Grex {

namespace {

struct KindRow
{
    ErrorKind kind;
    const char16_t *wireName;
    int exitCode;
    int mcpCode;
    McpReply reply;
    const char *meaning; // what the exit code tells a script
};

// The single table behind every exit code and MCP code grex produces (docs/design.md, "Errors
// and exit codes").
constexpr std::array<KindRow, 10> kKinds{{
    {ErrorKind::Internal, u"internal", 1, JsonRpc::InternalError, McpReply::ProtocolError,
     QT_TRANSLATE_NOOP("Grex", "an internal error (a bug in grex: please report it)")},
    {ErrorKind::Usage, u"usage", 2, JsonRpc::InvalidParams, McpReply::ProtocolError,
     QT_TRANSLATE_NOOP("Grex", "bad usage: an unknown option, a missing or invalid argument")},
    {ErrorKind::Manifest, u"manifest", 3, JsonRpc::ManifestError, McpReply::ToolError,
     QT_TRANSLATE_NOOP("Grex", "grex.jsonl, its journal or grex.lock.jsonl is damaged, or was "
                               "written by a newer grex")},
    {ErrorKind::PackOp, u"pack_op", 4, JsonRpc::PackOpError, McpReply::ToolError,
     QT_TRANSLATE_NOOP("Grex", "an operation on a pack failed: a clone, fetch or checkout, its "
                               "pack.yaml, a dependency, an action or hook, exec's command, an "
                               "import entry")},
    {ErrorKind::Lock, u"lock", 5, JsonRpc::LockError, McpReply::ToolError,
     QT_TRANSLATE_NOOP("Grex", "the workspace or a pack is busy: another grex holds its lock")},
    {ErrorKind::Protocol, u"protocol", 6, 0, McpReply::NotApplicable,
     QT_TRANSLATE_NOOP("Grex", "an MCP protocol error: grex serve's transport failed, or the "
                               "server grex mcp talks to did")},
    {ErrorKind::Drift, u"drift", 7, JsonRpc::DriftError, McpReply::ToolError,
     QT_TRANSLATE_NOOP("Grex", "drift or damage found (status --fail-on-drift, doctor)")},
    {ErrorKind::PluginMissing, u"plugin_missing", 8, JsonRpc::PluginMissingError,
     McpReply::ToolError, QT_TRANSLATE_NOOP("Grex", "an unknown pack type or action")},
    {ErrorKind::NotApproved, u"not_approved", 9, JsonRpc::NotApprovedError, McpReply::ToolError,
     QT_TRANSLATE_NOOP("Grex", "a destructive verb (rm, run, exec) was not approved")},
    {ErrorKind::Cancelled, u"cancelled", 130, JsonRpc::RequestCancelled, McpReply::NoReply,
     QT_TRANSLATE_NOOP("Grex", "interrupted (Ctrl-C, SIGTERM) or cancelled")},
}};

const KindRow &row(ErrorKind kind)
{
    for (const KindRow &r : kKinds) {
        if (r.kind == kind)
            return r;
    }
    return kKinds.front();
}

} // namespace

QString wireName(ErrorKind kind)
{
    return QString::fromUtf16(row(kind).wireName);
}

std::optional<ErrorKind> errorKindFromWireName(const QString &name)
{
    for (const KindRow &r : kKinds) {
        if (name == QString::fromUtf16(r.wireName))
            return r.kind;
    }
    return std::nullopt;
}

int exitCode(ErrorKind kind)
{
    return row(kind).exitCode;
}

int mcpCode(ErrorKind kind)
{
    return row(kind).mcpCode;
}

McpReply mcpReply(ErrorKind kind)
{
    return row(kind).reply;
}

QList<ErrorKind> allErrorKinds()
{
    QList<ErrorKind> kinds;
    for (const KindRow &r : kKinds)
        kinds.append(r.kind);
    return kinds;
}

QString exitMeaning(ErrorKind kind)
{
    return QCoreApplication::translate("Grex", row(kind).meaning);
}

} // namespace Grex
